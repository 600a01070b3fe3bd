"""With the real French model (not installable offline: skipped unless fetched)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import needs_espeak

from voice_scribe.audio import synth
from voice_scribe.speech.models import DEFAULT_MODEL, default_models_dir
from voice_scribe.speech.recognizer import ModelError, resolve_model_path

pytestmark = [pytest.mark.french_model, pytest.mark.audio, needs_espeak]

PHRASES = ["pas mou le caillou", "grelotte ça picote", "chouette velute", "cul de chouette", "bévue"]


def _french_model_dir() -> Path | None:
    try:
        return resolve_model_path(None, default_models_dir(), DEFAULT_MODEL)
    except ModelError:
        return None


@pytest.fixture(scope="module")
def fr_model():  # noqa: ANN201 - vosk.Model
    path = _french_model_dir()
    if path is None:
        pytest.skip(f"French model missing: voice-scribe models fetch {DEFAULT_MODEL} (or set VOICE_SCRIBE_MODEL)")
    from voice_scribe.speech.recognizer import load_model

    return load_model(path)


def test_french_shouts_are_recognised_and_attributed(fr_model, tmp_path: Path) -> None:  # noqa: ANN001
    import soundfile as sf

    from voice_scribe.speech.transcribe import transcribe_file

    shouts = [
        synth.Shout(0, 1.0, "Pas mou le caillou"),
        synth.Shout(1, 4.0, "Grelotte ça picote"),
        synth.Shout(0, 7.0, "Cul de chouette"),
        synth.Shout(1, 7.12, "Cul de chouette"),
    ]
    table = synth.mix_table(shouts, players=2, seed=2)
    path = tmp_path / "fr.wav"
    sf.write(path, table.audio, table.rate, subtype="PCM_16")
    utts = transcribe_file(path, ["Karadoc", "Perceval"], None, PHRASES, model=fr_model)
    assert [u.speaker for u in utts] == ["Karadoc", "Perceval", "Karadoc", "Perceval"]
    vocabulary = {w for p in PHRASES for w in p.split()}
    for u, s in zip(utts, shouts, strict=True):
        assert u.onset == pytest.approx(s.t, abs=0.05)
        assert u.words and {w.word for w in u.words} <= vocabulary
    exact = sum(u.text == s.text.lower() for u, s in zip(utts, shouts, strict=True))
    assert exact >= 3, [u.text for u in utts]


def test_french_vocabulary_check(fr_model) -> None:  # noqa: ANN001
    from voice_scribe.speech.recognizer import build_grammar

    g = build_grammar([*PHRASES, "xqzw inexistant"], fr_model)
    assert "pas mou le caillou" in g.phrases
    assert g.dropped == ("xqzw inexistant",)
