"""Live hearing on a stream of frames gives what file replay gives."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from conftest import GAME_PLAYERS, needs_espeak
from hypothesis import given, settings
from hypothesis import strategies as st

from voice_scribe.audio import synth
from voice_scribe.audio.mute import Mute
from voice_scribe.audio.leak import LeakModel, _release, learn_leak
from voice_scribe.audio.segment import SegmenterConfig
from voice_scribe.audio.sources import FileSource
from voice_scribe.speech.stream import StreamingHearing
from voice_scribe.speech.transcribe import hear, transcribe_file
from voice_scribe.speech.utterance import Utterance

pytestmark = [pytest.mark.audio, needs_espeak]


@pytest.fixture(scope="module")
def calibration() -> LeakModel:
    """Each player says his name alone, in the same room (same seed) as the game."""
    names = [synth.Shout(p, 0.5 + 2.0 * p, name) for p, name in enumerate(GAME_PLAYERS)]
    table = synth.mix_table(names, players=4, seed=7)
    return learn_leak(table.audio, table.rate, SegmenterConfig())


def test_calibrated_streaming_matches_file_replay(game_wav: Path, calibration: LeakModel) -> None:
    batch = transcribe_file(game_wav, list(GAME_PLAYERS), None, None)
    live = StreamingHearing(channels=4, players=GAME_PLAYERS, window_s=8.0, leak=calibration)
    streamed = list(live.run(FileSource(game_wav, block_s=0.05)))
    assert [u.speaker for u in streamed] == [u.speaker for u in batch]
    for s, b in zip(streamed, batch, strict=True):
        assert s.t == pytest.approx(b.t, abs=0.012)
        assert s.end == pytest.approx(b.end, abs=0.15)  # thresholds follow the window's noise


def test_uncalibrated_streaming_still_attributes_every_shout(game_wav: Path) -> None:
    batch = transcribe_file(game_wav, list(GAME_PLAYERS), None, None)
    streamed = list(StreamingHearing(channels=4, players=GAME_PLAYERS).run(FileSource(game_wav, block_s=0.05)))
    assert [u.speaker for u in streamed] == [u.speaker for u in batch]
    # before a player has spoken alone his leak is unknown and assumed large: onsets may come late
    late = [s.t - b.t for s, b in zip(streamed, batch, strict=True)]
    assert all(-0.012 <= d < 0.2 for d in late)


def test_streaming_emits_a_shout_soon_after_it_ends(game_table: synth.Table) -> None:
    live = StreamingHearing(channels=4, players=GAME_PLAYERS, hop_s=0.25)
    first_end = game_table.ends[0]
    emitted_at = None
    for i in range(0, len(game_table.audio), 800):
        from voice_scribe.audio.sources import Frame

        out = live.push(Frame(i, 16000, game_table.audio[i : i + 800]))
        if out:
            emitted_at = live.now
            assert out[0].speaker == "Karadoc"
            break
    assert emitted_at is not None and first_end < emitted_at < first_end + 1.2


def test_muted_span_is_not_heard(game_table: synth.Table) -> None:
    clock_now = [0.0]
    mute = Mute(lambda: clock_now[0], tail_s=0.0)
    mute.add_span(4.3, 6.0)  # the scribe "speaks" over Léodagan's shout at 4.5 s
    live = StreamingHearing(channels=4, players=GAME_PLAYERS, mute=mute)
    from voice_scribe.audio.sources import Frame

    frames = (Frame(i, 16000, game_table.audio[i : i + 1600]) for i in range(0, len(game_table.audio), 1600))
    heard = list(live.run(frames))
    assert not any(4.0 < u.t < 6.0 for u in heard)
    assert len(heard) == len(hear(game_table.audio, list(GAME_PLAYERS))) - 1


def test_energy_onset_round_trips_through_json() -> None:
    u = Utterance(t=1.2345, text="", speaker="Karadoc", end=2.0, channel=0, loudness_ratio=3.5, energy_onset=1.2345)
    back = Utterance.from_json(u.to_json())
    assert back.energy_onset == pytest.approx(1.2345, abs=1e-3)
    assert back.onset == back.energy_onset
    assert "energy_onset" not in Utterance(t=1.0, text="x").to_json()


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.floats(min_value=0.0, max_value=1.0), min_size=1, max_size=300),
    st.floats(min_value=0.05, max_value=0.99),
)
def test_release_equals_the_recursive_definition(values: list[float], alpha: float) -> None:
    x = np.array(values)[:, None] ** 4
    ref = x.copy()
    for t in range(1, len(ref)):
        ref[t] = max(ref[t], alpha * ref[t - 1])
    assert np.allclose(_release(x, alpha), np.maximum(ref, 1e-30), rtol=1e-9, atol=1e-30)


def test_release_across_blocks() -> None:
    x = np.random.default_rng(0).random((10_000, 3)) ** 8  # longer than the 4096-frame blocks
    ref = x.copy()
    for t in range(1, len(ref)):
        ref[t] = np.maximum(ref[t], 0.9 * ref[t - 1])
    assert np.allclose(_release(x, 0.9), ref, rtol=1e-9)
