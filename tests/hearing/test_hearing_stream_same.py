"""The live path hears a shout as the file path does: the same segment (onset, channel, end).

Small generated tables of ``test_hearing_boundaries`` (four microphones, one
per player, a die rolled on the table): the live hearing (``StreamingHearing``
fed 50 ms frames) against ``hear`` on the whole recording.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

from test_hearing_boundaries import ALONE, NEAR_SEAT_2, RATE, _table
from test_hearing_boundaries import check  # noqa: F401 - the speech check, a pytest fixture
from voice_scribe.audio.segment import Segment, learn_leak, segment_audio
from voice_scribe.audio.sources import Frame
from voice_scribe.audio.vad import SpeechCheck
from voice_scribe.speech.stream import StreamingHearing, shifted
from voice_scribe.speech.transcribe import HearingConfig, hear
from voice_scribe.speech.utterance import Utterance

FRAME = 800  # 50 ms
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))


def _live(mics: np.ndarray, cfg: HearingConfig | None = None) -> list[Utterance]:
    live = StreamingHearing(channels=mics.shape[1], cfg=cfg or HearingConfig())
    out = [u for i in range(0, len(mics), FRAME) for u in live.push(Frame(i, RATE, mics[i : i + FRAME]))]
    return out + live.flush()


def _heard(utterances: list[Utterance], after: float) -> list[tuple[int | None, float, float | None]]:
    return [(u.channel, u.t, u.end) for u in utterances if u.t > after]


def _same(live: list[tuple[int | None, float, float | None]], file: list[tuple[int | None, float, float | None]]) -> bool:
    return len(live) == len(file) and all(
        a[0] == b[0] and abs(a[1] - b[1]) <= 0.005 and abs((a[2] or 0.0) - (b[2] or 0.0)) <= 0.005
        for a, b in zip(live, file, strict=True)
    )


def test_a_die_s_head_before_a_shout_is_left_out_live_as_in_the_file(check: SpeechCheck) -> None:
    # the die opens a segment on microphone 2, player 2's shout joins it 0.4 s later over the
    # hangover: the file path starts the segment where his seat spoke; so must the live path
    mics = _table([*ALONE, (2, 5.4, 0.6, 0.5)], [(5.0, 0.6)], 7.0, die=NEAR_SEAT_2)
    file = _heard(hear(mics), 4.7)
    assert [c for c, _, _ in file] == [2] and abs(file[0][1] - 5.4) <= 0.020
    live = _heard(_live(mics), 4.7)
    assert _same(live, file), (live, file)


def test_each_shout_alone_is_heard_live_as_in_the_file() -> None:
    # generated voices, not speech to the neural check: energy and seats alone, on both paths.
    # The first shout (0.5 s) is heard live before anything of the crosstalk or the seats is
    # known, the file path knows them from the whole table: 10 ms apart, left out
    cfg = HearingConfig(speech_check=False)
    mics = _table([*ALONE, (1, 5.0, 0.6, 0.5), (3, 6.2, 0.5, 0.7)], [], 8.0)
    file = _heard(hear(mics, cfg=cfg), 1.0)
    assert [c for c, _, _ in file] == [1, 2, 3, 1, 3]
    live = _heard(_live(mics, cfg), 1.0)
    assert _same(live, file), (live, file)


def test_a_segment_moved_to_the_session_clock_keeps_its_seat_rise_with_it() -> None:
    seg = Segment(channel=2, start=1.0, end=2.0, peak_dbfs=-20.0, seat_rise=1.4)
    moved = shifted(seg, 3.5)
    assert (moved.start, moved.end, moved.seat_rise) == (4.5, 5.5, 4.9)
    assert shifted(Segment(0, 1.0, 2.0, -20.0), 1.0).seat_rise is None


def test_the_die_s_head_case_marks_the_seat_rise_in_a_window_as_on_the_whole() -> None:
    # the seat's rise a look's window finds, once on the session clock, is the file path's
    mics = _table([*ALONE, (2, 5.4, 0.6, 0.5)], [(5.0, 0.6)], 7.0, die=NEAR_SEAT_2)
    whole = [s for s in segment_audio(mics, RATE) if s.start > 4.7]
    first = 2 * RATE
    window = [shifted(s, first / RATE) for s in segment_audio(mics[first:], RATE) if s.start + first / RATE > 4.7]
    assert len(whole) == len(window) == 1 and whole[0].seat_rise is not None and window[0].seat_rise is not None
    assert abs(window[0].seat_rise - whole[0].seat_rise) <= 0.010


def test_the_live_crosstalk_is_the_file_path_s_estimate_on_all_heard_so_far() -> None:
    # with ``crosstalk_s`` longer than the table, the crosstalk the live path segments with is
    # the one the file path would learn on the audio heard up to that look, not a merge of windows
    mics = _table([*ALONE, (1, 5.0, 0.6, 0.5), (3, 6.2, 0.5, 0.7)], [], 8.0)
    cfg = HearingConfig(speech_check=False)
    live = StreamingHearing(channels=4, cfg=cfg, window_s=30.0, crosstalk_s=30.0, crosstalk_every_s=2.0)
    learnt_at: list[float] = []
    for i in range(0, len(mics), FRAME):
        live.push(Frame(i, RATE, mics[i : i + FRAME]))
        if live._crosstalk_learnt is not None and (not learnt_at or learnt_at[-1] != live._crosstalk_learnt):
            learnt_at.append(live._crosstalk_learnt)
            heard = mics[: int(round(live._crosstalk_learnt * RATE))]
            file = learn_leak(heard, RATE, replace(cfg.segmenter, seat_attribution=False))
            assert live._leak is not None
            assert np.array_equal(np.nan_to_num(live._leak.gains, nan=-1.0), np.nan_to_num(file.gains, nan=-1.0))
            assert live._leak.paths == file.paths
            assert live._leak.seats is not None  # the seats are still learnt, on the recent windows
    assert len(learnt_at) >= 3  # learnt again as the table went on


def _final_leak(mics: np.ndarray, cfg: HearingConfig, **settings: object):  # type: ignore[no-untyped-def]
    live = StreamingHearing(channels=mics.shape[1], cfg=cfg, **settings)  # type: ignore[arg-type]
    for i in range(0, len(mics), FRAME):
        live.push(Frame(i, RATE, mics[i : i + FRAME]))
    return live._leak, live._last_learnt


def test_pooled_the_live_crosstalk_is_the_file_path_s_on_all_heard_so_far() -> None:
    # a rendered room (RT60 0.6 s, babble): each speaker is alone in few frames, spread over the
    # table; pooled over every learning window, the live path's direct paths and gains are those
    # the file path learns on everything heard (merged from 4 s windows: a lag 1 sample off, a
    # path's gain 0.16 for 0.19, a residual gain 1.5 dB off)
    from rooms.table import RoomSpec, render

    table = render(RoomSpec(seed=5, rt60=0.6, seconds=20.0, background="babble"))
    cfg = HearingConfig()
    leak, learnt = _final_leak(table.audio, cfg, pooled=True)
    file = learn_leak(table.audio[: int(round(learnt * RATE))], RATE, cfg.segmenter)
    assert leak is not None and len(file.paths) >= 4 and leak.paths.keys() == file.paths.keys()
    for pair, (gain, lag) in file.paths.items():
        assert leak.paths[pair][1] == lag and abs(leak.paths[pair][0] - gain) <= 0.005
    known = ~np.isnan(file.gains) & (file.gains > 0)
    assert np.array_equal(~np.isnan(leak.gains) & (leak.gains > 0), known)
    assert np.abs(10 * np.log10(leak.gains[known] / file.gains[known])).max() < 0.5


def test_pooled_the_live_seats_are_the_file_path_s_on_all_heard_so_far() -> None:
    # the same room: the seats pooled teach each frame once, as the file path's on everything heard
    # (the same lags, as many frames within 15 %: each judged against the floor heard up to its
    # learning, not the whole's); merged from 4 s windows every second, frames teach up to 4 times
    # (2.1 times the file path's frames here)
    from rooms.table import RoomSpec, render

    table = render(RoomSpec(seed=5, rt60=0.6, seconds=20.0, background="babble"))
    cfg = HearingConfig()
    leak, learnt = _final_leak(table.audio, cfg, pooled=True)
    file = learn_leak(table.audio[: int(round(learnt * RATE))], RATE, cfg.segmenter)
    assert leak is not None and leak.seats is not None and file.seats is not None and file.seats.known.all()
    np.testing.assert_array_equal(leak.seats.known, file.seats.known)
    np.testing.assert_array_equal(leak.seats.lags, file.seats.lags)
    assert abs(leak.seats.support.sum() / file.seats.support.sum() - 1.0) <= 0.15
