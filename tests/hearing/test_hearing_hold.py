"""The live path's hold: a shout whose channel sounds again soon after it is held only while that
sound may still be the rest of the shout.

Compared, on synthetic speech, with what the file path hears (the segmenter's judgement on the
whole recording) and with when the shout ends; times are audio times, never the machine's.
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import needs_espeak

from voice_scribe.audio import synth
from voice_scribe.audio.segment import Segment, SegmenterConfig
from voice_scribe.audio.sources import Frame
from voice_scribe.speech.endpoint import EndWatch
from voice_scribe.speech.stream import StreamingHearing
from voice_scribe.speech.transcribe import HearingConfig, decode_span, hear
from voice_scribe.speech.utterance import Utterance

RATE = 16000
BLOCK = 320  # 20 ms frames


def live(audio: np.ndarray) -> tuple[list[tuple[float, Utterance]], list[float]]:
    """(when each utterance came, audio time; it) and ``settled_until`` after each frame."""
    hearing = StreamingHearing(channels=audio.shape[1])
    came: list[tuple[float, Utterance]] = []
    settled: list[float] = []
    for i in range(0, len(audio), BLOCK):
        came += [(hearing.now, u) for u in hearing.push(Frame(i, RATE, audio[i : i + BLOCK]))]
        settled.append(hearing.settled_until)
    came += [(hearing.now, u) for u in hearing.flush()]
    return came, settled


def assert_settled_never_passes(came: list[tuple[float, Utterance]], settled: list[float]) -> None:
    """Before an utterance came, nobody claimed its onset settled; the horizon only moves on."""
    for at, u in came:
        frame = int(round(at * RATE / BLOCK)) - 1
        assert max(settled[:frame], default=0.0) <= u.t, (u.t, at)
    assert settled == sorted(settled)


def one_player(texts: list[str], gap_s: float) -> tuple[np.ndarray, float]:
    """Two microphones, player 0 saying ``texts`` with ``gap_s`` of silence between them (each
    part placed after the true end of the one before); the true end of the whole."""
    shouts: list[synth.Shout] = []
    t = 1.0
    for text in texts:
        shouts.append(synth.Shout(0, t, text))
        table = synth.mix_table(shouts, players=2, seed=5)
        t = table.ends[-1] + gap_s
    return table.audio, table.ends[-1]


@needs_espeak
@pytest.mark.audio
def test_a_flicker_after_a_shout_does_not_hold_it() -> None:
    """A 20 ms click on the shouter's own microphone 150 ms after his shout: too short for the
    segmenter to make a burst of it, so the shout is complete; it goes a hangover (+ 50 ms) after
    its end, as without the click (the former hold waited for the click's end + the wait)."""
    audio, _ = one_player(["Pas mou le caillou"], 0.0)
    clean = live(audio)[0]
    (file_u,) = hear(audio)
    clicked = audio.copy()
    at = int((file_u.end + 0.15) * RATE)
    clicked[at : at + int(0.02 * RATE), 0] += np.random.default_rng(3).normal(0, 0.05, int(0.02 * RATE))
    assert [(u.t, u.end) for u in hear(clicked)] == [(file_u.t, file_u.end)]  # the segmenter ignores it
    came, settled = live(clicked)
    assert [(round(u.t, 3), round(u.end or 0, 3)) for _, u in came] == [
        (round(u.t, 3), round(u.end or 0, 3)) for _, u in clean
    ]
    (at_s, u), = came
    wait = StreamingHearing(channels=2).wait_s
    assert at_s - (u.end or 0) <= wait + BLOCK / RATE + 1e-9
    assert_settled_never_passes(came, settled)


@needs_espeak
@pytest.mark.audio
@pytest.mark.parametrize("gap_s", [0.15, 0.25])
def test_a_sans_fin_with_a_pause_is_one_utterance(gap_s: float) -> None:
    """« Sans fin est la moisissure… » said in two breaths, the second within the hangover: the
    live path waits for the rest and gives one utterance, the file path's, never two halves."""
    audio, end = one_player(["Sans fin est la moisissure", "des bières bretonnes"], gap_s)
    (whole,) = hear(audio)
    came, settled = live(audio)
    assert len(came) == 1
    at, u = came[0]
    assert abs(u.t - whole.t) <= 0.01 and abs((u.end or 0) - (whole.end or 0)) <= 0.01
    assert (u.end or 0) >= end - 0.1  # the second breath is in it
    assert_settled_never_passes(came, settled)


def test_the_watch_holds_for_a_returning_sound_but_not_for_a_flicker_that_is_over() -> None:
    cfg = SegmenterConfig()
    rng = np.random.default_rng(1)
    audio = rng.normal(0, 1e-3, (2 * RATE, 1)).astype(np.float32)  # -60 dBFS of room
    audio[int(0.5 * RATE) : RATE, 0] += rng.normal(0, 0.1, RATE // 2)  # the shout, to 1.0 s
    flick = audio.copy()
    flick[int(1.15 * RATE) : int(1.17 * RATE), 0] += rng.normal(0, 0.1, int(0.02 * RATE))
    back = audio.copy()
    back[int(1.2 * RATE) : int(1.5 * RATE), 0] += rng.normal(0, 0.1, int(0.3 * RATE))

    def watched(x: np.ndarray, upto: float) -> EndWatch:
        watch = EndWatch(channels=1, rate=RATE, cfg=cfg)
        watch.calibrate(x[: int(0.5 * RATE)])
        watch.watch(x[: int(upto * RATE)], offset=0)
        return watch

    hold = {"within": 0.38, "quiet": 0.35}
    assert watched(audio, 1.35).returning(0, after=1.0, now=1.35, **hold) is None  # nothing came back
    assert watched(flick, 1.35).returning(0, after=1.0, now=1.35, **hold) is None  # a flicker, over
    assert watched(flick, 1.2).returning(0, after=1.0, now=1.2, **hold) == pytest.approx(1.15, abs=0.006)
    assert watched(back, 1.35).returning(0, after=1.0, now=1.35, **hold) == pytest.approx(1.2, abs=0.006)
    assert watched(back, 1.7).returning(0, after=1.0, now=1.7, **hold) == pytest.approx(1.2, abs=0.006)
    assert watched(back, 1.9).returning(0, after=1.0, now=1.9, **hold) is None  # over for the wait
    assert watched(back, 1.35).returning(0, after=1.0, now=1.35, within=0.1, quiet=0.35) is None  # too late
    # the last sound that was more than a flicker: the shout's end, click or no click
    assert watched(flick, 1.35).last_sound(0) == pytest.approx(1.0, abs=0.006)


def test_an_onset_found_again_on_another_window_decodes_from_the_same_sample() -> None:
    """The live path finds an onset at several looks, each adding its window's start in floating
    point; the decoding must start at the same sample, or the shout is decoded all over again."""
    cfg = HearingConfig()
    frame = 80  # samples of the segmenter's 5 ms frame: onsets fall on its grid
    onset = 259 * frame  # 1.295 s, found on windows starting at four session samples
    onsets = [(onset - first) / RATE + first / RATE for first in (0, 800, 2400, 16000)]
    spans = {decode_span(Segment(0, t, t + 1.0, -20.0), cfg, 0, 10**7) for t in onsets}
    assert spans == {(onset - int(cfg.pad_before_s * RATE), onset + int((1.0 + cfg.pad_after_s) * RATE))}


@needs_espeak
@pytest.mark.audio
def test_each_utterance_is_handed_over_in_the_push_that_emits_it() -> None:
    """``on_heard`` gets every utterance once, in onset order, during the push that returns it."""
    table = synth.mix_table(
        [synth.Shout(0, 1.0, "Pas mou le caillou"), synth.Shout(1, 1.1, "Grelotte ça picote"),
         synth.Shout(1, 4.0, "Sans fin est la moisissure des bières bretonnes")],
        players=2, seed=9,
    )
    handed: list[tuple[float, Utterance]] = []
    hearing = StreamingHearing(channels=2, on_heard=lambda u: handed.append((hearing.now, u)))
    returned: list[tuple[float, Utterance]] = []
    for i in range(0, len(table.audio), BLOCK):
        returned += [(hearing.now, u) for u in hearing.push(Frame(i, RATE, table.audio[i : i + BLOCK]))]
    returned += [(hearing.now, u) for u in hearing.flush()]
    assert len(returned) == 3
    assert handed == returned
    assert [u.t for _, u in handed] == sorted(u.t for _, u in handed)
