"""What a live look carries from the looks before gives what computing it again gives.

Each look segments the last seconds of the table; the previous look had all but
its newest frames. The figures it reuses (the high band's frame powers, the
loudness ratios, the seat spectra and block energies by session index, the
end watch's frame powers: ``StreamingHearing.carry``) must leave every look's
result as it was: the same segments, to the bit, look after look and over a
whole live run, on a generated table and on a rendered room.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from test_hearing_boundaries import ALONE, RATE, _table
from voice_scribe.audio.carry import LookCache, hiss_power
from voice_scribe.audio.leak import learn_leak
from voice_scribe.audio.onset import high_band
from voice_scribe.audio.seats import SeatConfig, SpectraCache, phat
from voice_scribe.audio.segment import SegmenterConfig, frame_power, loudness_ratio, segment_audio
from voice_scribe.audio.sources import Frame
from voice_scribe.speech.stream import StreamingHearing
from voice_scribe.speech.transcribe import HearingConfig
from voice_scribe.speech.utterance import Utterance

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from rooms import voices  # noqa: E402

FRAME = 800  # 50 ms
WINDOW = 6 * RATE
HOP = RATE // 2


def _game() -> np.ndarray:
    """Every player alone, then races, overlaps and a die rolled among them (12 s)."""
    shouts = [*ALONE, (1, 5.0, 0.6, 0.5), (3, 5.12, 0.5, 0.7), (0, 6.5, 0.8, 0.4), (2, 6.6, 0.4, 0.9),
              (1, 8.0, 0.5, 0.6), (3, 9.3, 0.7, 0.3), (0, 9.35, 0.6, 0.8), (2, 10.6, 0.5, 0.5)]
    return _table(shouts, [(7.6, 0.5)], 12.0)


def _live(mics: np.ndarray, carry: bool, cfg: HearingConfig) -> tuple[list[Utterance], StreamingHearing]:
    live = StreamingHearing(channels=mics.shape[1], cfg=cfg, carry=carry)
    out = [u for i in range(0, len(mics), FRAME) for u in live.push(Frame(i, RATE, mics[i : i + FRAME]))]
    return out + live.flush(), live


def _exact(utterances: list[Utterance]) -> list[tuple[object, ...]]:
    return [(u.channel, u.t, u.end, u.ambiguous) for u in utterances]


def test_each_look_s_segments_are_those_of_the_window_segmented_afresh() -> None:
    # a look every 0.5 s over 6 s windows, carrying everything from one to the next, against the
    # same window segmented with nothing carried: the same segments, onsets and ratios to the bit
    mics = _game()
    cfg = SegmenterConfig()
    leak = replace(learn_leak(mics[:4 * RATE], RATE, cfg), spectra=None)  # nothing kept at all
    look = LookCache(channels=4)
    carried = learn_leak(mics[:4 * RATE], RATE, cfg, cache=SpectraCache(), offset=0, session=look.session)
    seen = 0
    for end in range(2 * RATE, len(mics) + 1, HOP):
        first = max(0, end - WINDOW)
        window = mics[first:end]
        fresh = segment_audio(window, RATE, cfg, leak)
        again = segment_audio(window, RATE, cfg, carried, look=look, offset=first,
                              power=frame_power(window, 80))
        assert again == fresh, (first, end)
        seen += len(fresh)
    assert seen > 20  # the looks found shouts
    assert look.hits > look.misses  # and most of what they measured came from the looks before
    assert carried.spectra is not None and carried.spectra.hits > carried.spectra.misses


def test_a_live_run_carrying_its_looks_hears_what_it_hears_without() -> None:
    cfg = HearingConfig(speech_check=False)  # generated voices: energy and seats alone
    mics = _game()
    plain, plain_live = _live(mics, False, cfg)
    carried, live = _live(mics, True, cfg)
    assert len(plain) >= 10
    assert _exact(carried) == _exact(plain)
    assert live.looks == plain_live.looks
    assert live._look is not None and live._look.hits > 0


def test_the_high_band_carried_is_the_window_s_own_at_its_edges_too() -> None:
    mics = _game()
    look = LookCache(channels=4)
    for first in (0, HOP, 3 * HOP, 3 * HOP + 80 * 7, 10 * HOP):  # overlapping windows, one off the hop
        window = mics[first : first + WINDOW]
        window = window[: len(window) - len(window) % 80]
        expected = frame_power(high_band(window, RATE, 2500.0), 80)
        assert np.array_equal(hiss_power(window, RATE, 2500.0, 80, look, first), expected), first
    assert look.hits > 0


def test_spectra_found_by_session_frame_are_those_computed() -> None:
    mics = _game()
    cfg = SeatConfig()
    cache = SpectraCache()
    session = object()
    for first in (0, HOP, 2 * HOP, 5 * HOP):
        window = mics[first : first + WINDOW]
        kept, fresh = phat(window, RATE, cfg, cache=cache, offset=first, session=session), phat(window, RATE, cfg)
        assert np.array_equal(kept.index, fresh.index)
        assert np.array_equal(kept.energy, fresh.energy)
        assert np.array_equal(kept.phases, fresh.phases)
        assert np.array_equal(kept.low, fresh.low)
    assert cache.hits > cache.misses


def test_two_streams_sharing_a_spectra_cache_never_read_each_other_s_frames() -> None:
    # the same session indices, other audio: each stream's spectra are its own audio's
    cfg = SeatConfig()
    cache = SpectraCache()
    one, other = _game(), _table([*ALONE, (2, 5.0, 0.8, 0.6)], [], 12.0)
    for mics in (one, other):
        window = mics[HOP : HOP + WINDOW]
        kept = phat(window, RATE, cfg, cache=cache, offset=HOP, session=object())
        fresh = phat(window, RATE, cfg)
        assert np.array_equal(kept.phases, fresh.phases) and np.array_equal(kept.energy, fresh.energy)
    assert cache.hits == 0


def test_a_ratio_carried_is_the_span_s_own() -> None:
    mics = _game()
    look = LookCache(channels=4)
    first = HOP
    window = mics[first : first + WINDOW]
    a, b = 5 * RATE - first, 5 * RATE - first + 4800
    measured = loudness_ratio(window, 1, a, b, 160)
    assert loudness_ratio(window, 1, a, b, 160, cache=look, offset=first) == measured
    later = mics[first + HOP : first + HOP + WINDOW]  # the same span, seen from the next look
    assert loudness_ratio(later, 1, a - HOP, b - HOP, 160, cache=look, offset=first + HOP) == measured
    assert look.hits == 1


@pytest.mark.audio
@pytest.mark.skipif(bool(voices.missing()), reason="room simulation needs the bench extras (bash scripts/setup.sh --test)")
def test_a_rendered_room_heard_live_is_heard_the_same_carrying_its_looks() -> None:
    from rooms.table import RoomSpec, render

    table = render(RoomSpec(seed=5, rt60=0.6, seconds=20.0, background="babble"))
    cfg = HearingConfig()
    plain, _ = _live(table.audio, False, cfg)
    carried, live = _live(table.audio, True, cfg)
    assert len(plain) >= 5
    assert _exact(carried) == _exact(plain)
    assert live._look is not None and live._look.hits > 0


def test_cancelled_audio_carried_is_the_window_s_own() -> None:
    # the leak paths of a table where every microphone hears the others 3-8 samples later: each
    # look's cancelled audio and its powers, carried, are those of the window cancelled afresh
    from voice_scribe.audio.carry import carried_clean
    from voice_scribe.audio.leak import cancel_leaks

    mics = _game()
    paths = {(c, d): (0.3 + 0.05 * d, 3 + c + d) for c in range(4) for d in range(4) if c != d}
    look = LookCache(channels=4)
    for first in (0, HOP, 2 * HOP, 2 * HOP + 80 * 3, 6 * HOP):
        window = mics[first : first + WINDOW]
        clean, power = carried_clean(window, paths, 80, look, first)
        expected = cancel_leaks(window, paths)
        assert np.array_equal(clean, expected), first
        assert np.array_equal(power, frame_power(expected, 80)), first
        hiss = hiss_power(clean, RATE, 2500.0, 80, look, first, cancelled=True)
        assert np.array_equal(hiss, frame_power(high_band(expected, RATE, 2500.0), 80)), first
    assert look.hits > look.misses
    look_before = look.hits
    other = {pair: (gain * 0.5, lag) for pair, (gain, lag) in paths.items()}  # the model learnt anew
    window = mics[6 * HOP : 6 * HOP + WINDOW]
    clean, _ = carried_clean(window, other, 80, look, 6 * HOP)
    assert np.array_equal(clean, cancel_leaks(window, other))
    assert look.hits == look_before  # nothing of the former paths was reused


def test_the_kept_frames_doctests() -> None:
    import doctest

    from voice_scribe.audio import session_frames

    result = doctest.testmod(session_frames)
    assert result.attempted > 0 and result.failed == 0
