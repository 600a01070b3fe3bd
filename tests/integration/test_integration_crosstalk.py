"""The live crosstalk merger: one shout heard on several microphones is one utterance."""

from __future__ import annotations

import numpy as np

from voice_scribe.listening import CrosstalkMerger
from voice_scribe.speech.utterance import Utterance

RATE = 100  # a coarse rate is enough for the loudness measure


def ring(seconds: float, loud: int, gain_other: float) -> np.ndarray:
    audio = np.zeros((int(seconds * RATE), 2), dtype=np.float32)
    audio[:, loud] = 0.5
    audio[:, 1 - loud] = 0.5 * gain_other
    return audio


def merger() -> CrosstalkMerger:
    return CrosstalkMerger(["Karadoc", "Perceval"], RATE, dominance=1.25, merge_s=0.4)


def test_pieces_on_one_microphone_and_the_whole_on_the_other_are_one_shout() -> None:
    m = merger()
    m.add(Utterance(t=7.3, text="caillou", end=7.4, channel=0), now=7.5)
    m.add(Utterance(t=7.9, text="le caillou", end=9.5, channel=0), now=9.9)
    m.add(Utterance(t=6.5, text="pas mou le caillou", end=9.5, channel=1), now=10.0)
    groups = m.ready(now=11.0)
    assert len(groups) == 1 and len(groups[0]) == 3
    decided = m.decide(groups[0], ring(12, loud=1, gain_other=0.25), 0)
    assert (decided.speaker, decided.text, decided.t) == ("Perceval", "pas mou le caillou", 6.5)


def test_a_copy_decoded_after_the_decision_is_dropped() -> None:
    m = merger()
    m.add(Utterance(t=1.0, text="grelotte ça picote", end=2.0, channel=0), now=2.5)
    assert len(m.ready(now=3.5)) == 1
    m.add(Utterance(t=1.1, text="grelotte picote", end=2.0, channel=1), now=3.6)
    assert m.ready(now=5.0) == []


def test_no_clearly_louder_microphone_is_ambiguous() -> None:
    m = merger()
    m.add(Utterance(t=1.0, text="suivant", end=1.5, channel=0), now=2.0)
    m.add(Utterance(t=1.0, text="suivant", end=1.5, channel=1), now=2.0)
    (group,) = m.ready(now=3.0)
    decided = m.decide(group, ring(3, loud=0, gain_other=0.9), 0)
    assert decided.ambiguous and decided.speaker is None


def test_a_group_waits_while_another_microphone_still_hears_voice() -> None:
    m = merger()
    m.add(Utterance(t=1.8, text="caillou", end=1.9, channel=1), now=2.4)
    assert m.ready(now=3.0, busy=[(0, 1.2)]) == []  # channel 0 is still decoding its copy
    assert len(m.ready(now=3.0, busy=[])) == 1


def test_two_shouts_at_different_times_stay_apart() -> None:
    m = merger()
    m.add(Utterance(t=1.0, text="pas mou le caillou", end=1.8, channel=0), now=2.0)
    m.add(Utterance(t=4.0, text="pas mou le caillou", end=4.8, channel=1), now=5.0)
    assert len(m.ready(now=6.0)) == 2
