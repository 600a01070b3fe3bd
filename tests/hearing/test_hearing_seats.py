"""Seat fingerprints (voice_scribe/audio/seats.py) and the segmenter's use of them, on small generated tables.

Four microphones, one per player; every player reaches every microphone
with a delay fixed by where he sits (his own first) and the others at half
amplitude: a leak only 6 dB under the direct sound, as in a reverberant
room where the levels no longer tell who speaks.
"""

from __future__ import annotations

import doctest

import numpy as np

from voice_scribe.audio import seats as seats_module
from voice_scribe.audio.seats import Seats, SeatConfig, learn_seats, seat_scores
from voice_scribe.audio.boundary import seat_opening
from voice_scribe.audio.leak import LeakModel, learn_leak
from voice_scribe.audio.segment import SegmenterConfig, segment_audio

RATE = 16000
#: DELAYS[p][m]: samples from player p's mouth to microphone m (his own: 0)
DELAYS = np.array([[0, 14, 31, 22], [17, 0, 19, 33], [29, 21, 0, 12], [26, 12, 15, 0]])
LEAK = 0.5
PITCH = (110.0, 150.0, 190.0, 240.0)


def _voice(player: int, seconds: float, rng: np.random.Generator) -> np.ndarray:
    """A voiced "shout": harmonics of the player's own pitch (with vibrato), in 0.15 s syllables."""
    n = int(seconds * RATE)
    t = np.arange(n) / RATE
    f0 = PITCH[player] * (1 + 0.03 * np.sin(2 * np.pi * 5 * t + rng.uniform(0, 6)))
    phase = 2 * np.pi * np.cumsum(f0) / RATE
    sound = sum(np.sin(k * phase + rng.uniform(0, 6)) / k for k in range(1, 30) if k * PITCH[player] < 7000)
    syllables = 0.6 + 0.4 * np.sin(2 * np.pi * t / 0.3) ** 2
    ramp = np.minimum(1.0, np.minimum(t, t[-1] - t) / 0.01)
    return (0.1 * sound * syllables * ramp).astype(np.float32)


def _table(
    shouts: list[tuple[int, float, float, float]], seconds: float, seed: int = 0, delays: np.ndarray = DELAYS
) -> np.ndarray:
    """``shouts``: (player, start s, length s, gain); the four microphones' signals."""
    rng = np.random.default_rng(seed)
    n = int(seconds * RATE)
    mics = 1e-4 * rng.standard_normal((n, 4)).astype(np.float32)
    for player, start, length, gain in shouts:
        dry = gain * _voice(player, length, rng)
        for m in range(4):
            a = int(start * RATE) + int(delays[player][m])
            mics[a : a + len(dry), m] += (1.0 if m == player else LEAK) * dry
    return mics


#: each player alone once (the table teaches itself the seats), then the race
ALONE = [(0, 0.5, 0.6, 1.0), (1, 1.5, 0.6, 1.0), (2, 2.5, 0.6, 0.316), (3, 3.5, 0.6, 1.0)]
#: player 0 talks loud; player 2, 10 dB quieter, shouts 0.3 s after him while he still talks
RACE = [(0, 5.0, 1.2, 1.0), (2, 5.3, 0.5, 0.316)]


def test_each_seat_learns_its_time_differences() -> None:
    seats = learn_seats(_table(ALONE, 5.0), RATE)
    assert seats.known.all()
    pairs = [(i, j) for i in range(4) for j in range(i + 1, 4)]
    truth = [[DELAYS[p][i] - DELAYS[p][j] for i, j in pairs] for p in range(4)]
    assert seats.lags.tolist() == truth


def test_the_quieter_racer_is_heard_by_his_seat_not_his_level() -> None:
    mics = _table(ALONE + RACE, 7.0)
    # on his own microphone the loud player's leak is 4 dB over the quieter racer's voice
    heard = segment_audio(mics, RATE)
    near = sorted((s.channel, round(s.start, 2)) for s in heard if 4.9 < s.start < 6.5)
    assert [c for c, _ in near] == [0, 2]
    assert abs(dict(near)[0] - 5.0) < 0.03 and abs(dict(near)[2] - 5.3) < 0.03
    # by levels alone he is lost (or heard late)
    levels = segment_audio(mics, RATE, SegmenterConfig(seat_attribution=False))
    assert not any(s.channel == 2 and abs(s.start - 5.3) < 0.03 for s in levels)


def test_microphones_heard_without_delay_give_no_seats_and_levels_decide_as_before() -> None:
    mixed = _table(ALONE + RACE, 7.0)
    flat = _table(ALONE + RACE, 7.0, delays=np.zeros_like(DELAYS))  # a recording mixed with gains only
    assert learn_seats(mixed, RATE).known.all()
    assert not learn_seats(flat, RATE).known.any()  # his own microphone does not hear him first
    with_seats = segment_audio(flat, RATE)
    assert with_seats == segment_audio(flat, RATE, SegmenterConfig(seat_attribution=False))


def test_a_leak_copy_opens_nothing() -> None:
    mics = _table(ALONE + [(1, 5.0, 1.0, 1.0)], 6.5)
    heard = [s for s in segment_audio(mics, RATE) if s.start > 4.8]
    assert [(s.channel, round(s.start, 1)) for s in heard] == [(1, 5.0)]


def test_a_silent_seat_scores_near_zero_and_a_speaking_one_high() -> None:
    mics = _table(ALONE + [(3, 5.0, 1.0, 1.0)], 6.5)
    seats = learn_seats(mics, RATE)
    scores = seat_scores(mics, RATE, seats)
    hop = seats.cfg.hop
    frames = slice(int(5.1 * RATE / hop), int(5.9 * RATE / hop))
    assert np.median(scores[frames, 3]) > 0.5
    assert np.abs(scores[frames, :3]).max() < 0.1


def test_seats_learnt_in_pieces_add_up() -> None:
    first = learn_seats(_table(ALONE[:2], 2.5), RATE)
    second = learn_seats(_table(ALONE[2:], 5.0), RATE)
    assert first.known.tolist() == [True, True, False, False]
    both = first.merged(second)
    assert both.known.all()
    assert both.lags.tolist() == learn_seats(_table(ALONE, 5.0), RATE).lags.tolist()


def test_merged_history_is_capped_so_the_seats_can_follow_a_move() -> None:
    cfg = SeatConfig()
    votes = np.ones((2, 1, 3), np.complex128)
    old = Seats(votes * 10, np.array([5000.0, 10.0]), RATE, cfg)
    new = Seats(votes, np.array([2000.0, 10.0]), RATE, cfg)
    merged = old.merged(new, max_support=6000.0)
    assert merged.support.tolist() == [6000.0, 20.0]
    assert np.allclose(merged.votes[0], 11 * 6000 / 7000) and np.allclose(merged.votes[1], 11)


def test_the_leak_model_carries_the_seats_through_a_merge() -> None:
    cfg = SegmenterConfig()
    first = learn_leak(_table(ALONE[:2], 2.5), RATE, cfg)
    second = learn_leak(_table(ALONE[2:], 5.0), RATE, cfg)
    assert isinstance(first.seats, Seats)
    merged = first.merged(second)
    assert merged.seats is not None and merged.seats.known.all()
    off = learn_leak(_table(ALONE, 5.0), RATE, SegmenterConfig(seat_attribution=False))
    assert off.seats is None and LeakModel(off.paths, off.gains, off.support).merged(first).seats is first.seats


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(seats_module).failed == 0


def test_a_burst_that_starts_as_a_rivals_leak_opens_where_its_seat_speaks() -> None:
    # frames of 5 ms: the channel sounds from frame 0 (a rival's reverberant leak: the seat is silent for
    # 400 ms), then its own player starts and his seat speaks from frame 80
    cfg = SegmenterConfig()
    seat = np.zeros(200)
    seat[80:140] = 0.3
    assert seat_opening(seat, 5, 0, 200, cfg) == 80  # not the leak's rise at frame 5, nor nothing
    assert seat_opening(np.zeros(200), 5, 0, 200, cfg) is None  # a seat silent all along: a leak copy
    seat[60:80] = 0.07  # his first syllable, weaker: the onset follows his response back down to seat_off
    assert seat_opening(seat, None, 0, 200, cfg) == 62  # (+10 ms: the 32 ms window leads the sound)


def _knocks(times: list[float], seconds: float, delays: list[int], seed: int = 5) -> np.ndarray:
    """A die knocking on the table at ``times``: a few wooden modes (1.5-4.5 kHz) decaying in 10-30 ms,
    reaching microphone m after ``delays[m]`` samples (loudest on the first)."""
    rng = np.random.default_rng(seed)
    n = int(seconds * RATE)
    out = np.zeros((n, 4), np.float32)
    t = np.arange(int(0.08 * RATE)) / RATE
    for at in times:
        hit = sum(np.sin(2 * np.pi * rng.uniform(1500, 4500) * t + rng.uniform(0, 6)) * np.exp(-t / rng.uniform(0.01, 0.03))
                  for _ in range(5))
        for m in range(4):
            a = int(at * RATE) + delays[m]
            out[a : a + len(t), m] += (1.0 if m == 0 else LEAK) * 0.3 * hit
    return out


def test_a_die_knocked_near_a_microphone_does_not_teach_its_seat() -> None:
    # player 0 speaks 0.6 s; a die knocked 40 times nearer his microphone than any other mouth, louder
    # and for more frames than his voice, with time differences of its own
    die = [0, 6, 9, 5]
    times = [2.0 + 0.1 * k for k in range(40)]
    mics = _table([(0, 0.5, 0.6, 1.0)], 7.0) + _knocks(times, 7.0, die)
    pairs = [(i, j) for i in range(4) for j in range(i + 1, 4)]
    voice = [int(DELAYS[0][i] - DELAYS[0][j]) for i, j in pairs]
    knock = [die[i] - die[j] for i, j in pairs]
    assert learn_seats(mics, RATE).lags[0].tolist() == voice
    # every frame teaching, the die's own time differences win: the seat would hear the die, not him
    assert learn_seats(mics, RATE, SeatConfig(voiced_share=0.0)).lags[0].tolist() == knock
