"""Every boundary, fed anything: a French error of the boundary's own type, or a value the rest of
the program can trust (finite numbers, dice 1 to 6, names that are names). Never another exception."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))
from strategies import CALL_KEYS, JSON, UTTERANCE_KEYS, record, write_lines  # noqa: E402

from voice_scribe.engine import Rules, RulesError  # noqa: E402
from voice_scribe.replay import LogError, load_call_log, replay  # noqa: E402
from voice_scribe.speech.models import ModelFetchError, load_manifest  # noqa: E402
from voice_scribe.understand import TranscriptError, load_transcript  # noqa: E402

FIXTURE = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
PLAYERS = ["Karadoc", "Perceval", "Léodagan"]
GOOD_UTTERANCE = {"t": 1.0, "text": "pas mou le caillou", "speaker": "Karadoc",
                  "words": [{"word": "pas", "start": 1.0, "end": 1.2}]}
GOOD_CALL = {"t": 1.0, "kind": "des", "player": "Karadoc", "dice": [2, 3, 5]}


@FIXTURE
@given(records=st.lists(record(UTTERANCE_KEYS, GOOD_UTTERANCE), min_size=1, max_size=4))
def test_a_transcript_gives_finite_utterances_or_a_french_line_error(tmp_path, records) -> None:
    try:
        utterances = load_transcript(write_lines(tmp_path / "t.jsonl", records))
    except TranscriptError as exc:
        assert "ligne" in str(exc) or "illisible" in str(exc)
        return
    for u in utterances:
        json.dumps(u.to_json(), allow_nan=False)  # --json output stays JSON
        assert math.isfinite(u.t) and isinstance(u.text, str)
        assert all(math.isfinite(w.start) and math.isfinite(w.end) for w in u.words)


@FIXTURE
@given(records=st.lists(record(CALL_KEYS, GOOD_CALL), min_size=1, max_size=6))
def test_a_call_log_gives_typed_calls_the_engine_can_fold_or_a_french_error(tmp_path, records) -> None:
    try:
        calls = load_call_log(write_lines(tmp_path / "c.jsonl", records))
    except LogError as exc:
        assert "ligne" in str(exc) or "illisible" in str(exc)
        return
    for call in calls:
        assert math.isfinite(call.t) and isinstance(call.player, str)
        assert call.dice is None or all(type(d) is int and 1 <= d <= 6 for d in call.dice)
        assert call.target is None or isinstance(call.target, str)
    session, _ = replay(PLAYERS, calls, Rules())  # the engine answers every typed call
    json.dumps(session.result(), allow_nan=False)


RULE_KEYS = ("target", "level", "teams", "reaction_window_s", "tie_window_ms", "bevue_penalty", "enabled", "ages",
             "negative_scores", "achat_call", "aquitaine", "sirop_bet_cost")


@settings(max_examples=400, deadline=None)
@given(options=st.dictionaries(st.sampled_from(RULE_KEYS), JSON, max_size=4))
def test_rules_options_are_checked_values_or_a_french_error(options) -> None:
    try:
        rules = Rules.from_dict(options)
    except RulesError:
        return
    assert rules.target >= 1 and 0 < rules.reaction_window_s <= 600 and math.isfinite(rules.reaction_window_s)
    assert all(isinstance(name, str) for team in rules.teams for name in team)
    assert type(rules.level) is int and type(rules.bevue_penalty) is int


@FIXTURE
@given(data=st.binary(max_size=300))
def test_a_rules_file_of_any_bytes_is_a_french_error_or_rules(tmp_path, data: bytes) -> None:
    path = tmp_path / "r.toml"
    path.write_bytes(data)
    try:
        Rules.load(path)
    except RulesError as exc:
        assert "Expecting" not in str(exc) and "codec" not in str(exc)


MANIFEST_KEYS = ("name", "urls", "size", "md5", "sha256", "kind", "size_mb", "language")
GOOD_MODEL = {"name": "vosk-model-test", "urls": ["https://example.org/m.zip"], "size": 1000}


def toml_value(value) -> str:  # noqa: ANN001 - a JSON value, as TOML
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return repr(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else ("nan" if value != value else "inf")
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value if v is not None and not isinstance(v, dict)) + "]"
    return '"?"'


@FIXTURE
@given(entry=record(MANIFEST_KEYS, GOOD_MODEL))
def test_a_manifest_entry_is_safe_or_a_french_error(tmp_path, entry) -> None:
    body = "[[model]]\n" + "".join(f"{k} = {toml_value(v)}\n" for k, v in entry.items() if v is not None)
    path = tmp_path / "manifest.toml"
    path.write_text(body, encoding="utf-8", errors="surrogatepass")
    try:
        manifest = load_manifest(path)
    except ModelFetchError:
        return
    for model in manifest.models:
        assert "/" not in model.name and "\\" not in model.name and ".." not in model.name
        assert model.urls and all(u.startswith(("http://", "https://")) for u in model.urls)
        assert model.max_bytes > 0


@pytest.mark.parametrize(
    "text,message",
    [
        ('{"t": NaN, "text": "six six six"}', "NaN"),
        ('{"t": 1e999, "text": "six six six"}', "fini"),
        ('{"t": ' + "9" * 400 + ', "text": "x"}', "fini"),
        ('{"t": 1, "text": "x", "words": 5}', "« words » doit être une liste"),
        ('{"t": 1, "text": "x", "end": [1]}', "« end » doit être un nombre"),
        ('{"t": 1, "text": "x", "loudness_ratio": "fort"}', "« loudness_ratio » doit être un nombre"),
        ('{"t": 1, "text": "' + "six " * 3000 + '"}', "dépasse"),
        ('{"t": 1, "text": ', "JSON invalide (colonne"),
    ],
)
def test_transcript_findings_of_the_issue(tmp_path, text: str, message: str) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text(text + "\n", encoding="utf-8")
    with pytest.raises(TranscriptError, match="ligne 1") as caught:
        load_transcript(path)
    assert message in str(caught.value) and "Expecting" not in str(caught.value)


@pytest.mark.parametrize(
    "call,message",
    [
        ({"t": 1, "player": "Karadoc", "kind": "des", "dice": [True, True, True]}, "dés illisibles"),
        ({"t": 1, "player": "Karadoc", "kind": "des", "dice": [7, 1, 1]}, "dés illisibles"),
        ({"t": 1, "player": "Karadoc", "kind": "bevue", "target": ["Perceval"]}, "cible illisible"),
        ({"t": 1, "player": "Karadoc", "kind": ["des"]}, "type d'annonce inconnu"),
        ({"t": "1", "player": "Karadoc", "kind": "suivant"}, "instant"),
        ({"t": 1, "player": "Karadoc", "kind": "civet", "number": 2.5, "combination": "suite"}, "nombre illisible"),
        ({"t": 1, "player": "Karadoc", "kind": "suivant", "hidden": "oui"}, "« hidden »"),
    ],
)
def test_call_log_findings_of_the_issue(tmp_path, call: dict, message: str) -> None:
    path = tmp_path / "c.jsonl"
    path.write_text(json.dumps(call) + "\n")
    with pytest.raises(LogError, match="ligne 1") as caught:
        load_call_log(path)
    assert message in str(caught.value)


@pytest.mark.parametrize(
    "text,message",
    [
        ("target = 0", "strictement positif"),
        ("target = true", "entier"),
        ("level = true", "de 1 à 4"),
        ("reaction_window_s = inf", "nombre positif de secondes"),
        ("reaction_window_s = nan", "nombre positif de secondes"),
        ("teams = 5", "liste d'équipes"),
        ('teams = [["Karadoc"], ["Karadoc"]]', "deux équipes"),
        ("ages = { Karadoc = -3 }", "âge"),
        ("target = = 3", "ligne 1, colonne"),
    ],
)
def test_rules_findings_of_the_issue(tmp_path, text: str, message: str) -> None:
    path = tmp_path / "r.toml"
    path.write_text(text + "\n")
    with pytest.raises(RulesError, match=message):
        Rules.load(path)


def test_a_rules_path_that_is_a_folder_or_not_text_is_a_french_error(tmp_path) -> None:
    with pytest.raises(RulesError, match="est un dossier"):
        Rules.load(tmp_path)
    (tmp_path / "r.toml").write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RulesError, match="UTF-8"):
        Rules.load(tmp_path / "r.toml")
