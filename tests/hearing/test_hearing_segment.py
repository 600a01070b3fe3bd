"""Energy segmentation, crosstalk and attribution on synthetic table recordings."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import GAME_PLAYERS, GAME_SHOUTS, needs_espeak

from voice_scribe.audio import synth
from voice_scribe.audio.segment import Segment, SegmenterConfig, attribute, segment_audio
from voice_scribe.engine.races import firsts, lasts
from voice_scribe.speech.transcribe import hear

pytestmark = [pytest.mark.audio, needs_espeak]


def _match(segments: list[Segment], shout: synth.Shout, window: float = 0.2) -> Segment | None:
    near = [s for s in segments if abs(s.start - shout.t) < window]
    return min(near, key=lambda s: abs(s.start - shout.t)) if near else None


def test_every_shout_found_once_on_its_own_channel(game_table: synth.Table) -> None:
    segments = segment_audio(game_table.audio, game_table.rate)
    assert len(segments) == len(GAME_SHOUTS)  # crosstalk copies are gone
    for shout in GAME_SHOUTS:
        seg = _match(segments, shout)
        assert seg is not None, shout
        assert seg.channel == shout.player
        assert not seg.ambiguous
        assert seg.loudness_ratio is not None and seg.loudness_ratio > 2.0  # -12 dB crosstalk ≈ ×4


def test_onsets_close_to_truth(game_table: synth.Table) -> None:
    segments = segment_audio(game_table.audio, game_table.rate)
    errors = np.array([_match(segments, s).start - s.t for s in GAME_SHOUTS])  # type: ignore[union-attr]
    assert np.median(np.abs(errors)) < 0.015
    assert np.max(np.abs(errors)) < 0.08


def test_race_order_and_tie(game_table: synth.Table) -> None:
    utts = hear(game_table.audio, list(GAME_PLAYERS))
    race1 = [(u.speaker, u.onset) for u in utts if 7.9 < u.t < 8.6]
    race2 = [(u.speaker, u.onset) for u in utts if 11.9 < u.t < 12.4]
    assert firsts(race1, 0.150) == ["Perceval", "Yvain"]  # 120 ms apart: a tie
    assert lasts(race1, 0.150) == ["Karadoc"]
    assert firsts(race2, 0.150) == ["Léodagan"]
    assert lasts(race2, 0.150) == ["Perceval"]


def test_end_of_segment_follows_speech(game_table: synth.Table) -> None:
    segments = segment_audio(game_table.audio, game_table.rate)
    for shout, end in zip(GAME_SHOUTS, game_table.ends, strict=True):
        seg = _match(segments, shout)
        assert seg is not None
        assert end - 0.1 < seg.end < end + 0.5


def test_same_sound_equally_loud_on_two_mics_is_one_ambiguous_shout() -> None:
    rate = 16000
    clip = synth.speak("Pas mou le caillou", "fr+m3", rate)
    audio = np.random.default_rng(0).normal(0, 1e-3, size=(rate * 3, 2)).astype(np.float32)
    audio[rate : rate + len(clip), 0] += 0.5 * clip
    audio[rate : rate + len(clip), 1] += 0.5 * 1.1 * clip  # ×1.1: under the 1.25 threshold
    segments = segment_audio(audio, rate)
    assert len(segments) == 1
    assert segments[0].ambiguous
    assert segments[0].channel == 1  # the louder one is kept
    assert segments[0].loudness_ratio == pytest.approx(1.1, abs=0.03)


def test_ratio_threshold_is_configurable() -> None:
    rate = 16000
    clip = synth.speak("Grelotte ça picote", "fr+f2", rate)
    audio = np.random.default_rng(1).normal(0, 1e-3, size=(rate * 3, 2)).astype(np.float32)
    audio[rate : rate + len(clip), 0] += 0.5 * clip
    audio[rate : rate + len(clip), 1] += 0.5 * 1.22 * clip
    strict = segment_audio(audio, rate, SegmenterConfig(ratio_threshold=1.25))
    lax = segment_audio(audio, rate, SegmenterConfig(ratio_threshold=1.2))
    assert [s.ambiguous for s in strict] == [True]
    assert [s.ambiguous for s in lax] == [False]
    assert strict[0].channel == lax[0].channel == 1


def test_simultaneous_shouts_of_two_players_are_both_kept() -> None:
    shouts = [synth.Shout(0, 1.0, "Cul de chouette"), synth.Shout(1, 1.04, "Cul de chouette")]
    table = synth.mix_table(shouts, players=2, seed=3)
    segments = segment_audio(table.audio, table.rate)
    assert sorted(s.channel for s in segments) == [0, 1]
    by_channel = {s.channel: s for s in segments}
    assert by_channel[0].start < by_channel[1].start
    assert not any(s.ambiguous for s in segments)


def test_single_microphone_leaves_speaker_unknown() -> None:
    shouts = [synth.Shout(0, 0.5, "Suite"), synth.Shout(1, 2.5, "Velute")]
    table = synth.mix_table(shouts, players=2, seed=4)
    mono = table.audio.sum(axis=1, keepdims=True)
    utts = hear(mono, None)
    assert [round(u.t, 1) for u in utts] == [0.5, 2.5]
    assert all(u.speaker is None and u.loudness_ratio is None for u in utts)


def test_silence_gives_nothing() -> None:
    audio = np.random.default_rng(2).normal(0, 1e-3, size=(16000 * 2, 3)).astype(np.float32)
    assert segment_audio(audio, 16000) == []
    assert segment_audio(np.zeros((0, 2), np.float32), 16000) == []


def test_attribute_maps_channels_to_players() -> None:
    seg = Segment(channel=2, start=0.0, end=1.0, peak_dbfs=-10.0)
    assert attribute(seg, ["A", "B", "C"]) == "C"
    assert attribute(seg, ["A", "B", ""]) is None
    assert attribute(seg, None) is None
    assert attribute(seg, ["A"]) is None
