"""Transcript loading (JSON lines) and understanding a whole transcript."""

from __future__ import annotations

import json

import pytest

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.rules import Rules
from voice_scribe.understand import ResultKind, TranscriptError, load_transcript, understand_transcript
from voice_scribe.understand.grammar import GrammarError, load_grammar


def write(tmp_path, lines):
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_understand_transcript_round_trip(tmp_path):
    lines = [
        "# a comment line, as in examples/",
        json.dumps({"t": 1.0, "text": "trois quatre", "speaker": "Karadoc"}),
        "",
        json.dumps({"t": 2.0, "text": "karadoc pas mou le caillou"}),
        json.dumps({"t": 2.1, "text": "passe moi le sel", "speaker": "Perceval"}),
        json.dumps(
            {"text": "grelottine sur perceval", "speaker": "Léodagan", "words": [{"word": "grelottine", "start": 3.2, "end": 3.8}]}
        ),
    ]
    utterances = load_transcript(write(tmp_path, lines))
    assert [u.t for u in utterances] == [1.0, 2.0, 2.1, 3.2]
    outcomes = understand_transcript(utterances, ["Karadoc", "Perceval", "Léodagan"], Rules())
    kinds = [o.understanding.kind for o in outcomes]
    assert kinds == [ResultKind.CALL, ResultKind.CALL, ResultKind.REJECTED, ResultKind.CALL]
    assert outcomes[0].understanding.call.dice == (3, 4)
    assert outcomes[1].understanding.call.player == "Karadoc"
    last = outcomes[3].understanding.call
    assert (last.kind, last.player, last.target, last.t) == (CallKind.GRELOTTINE, "Léodagan", "Perceval", 3.2)
    assert outcomes[2].to_json()["result"] == "rejected"


@pytest.mark.parametrize(
    "bad,needle",
    [
        ("{not json", "JSON invalide"),
        ('{"t": 1.0}', "text"),
        ('["a list"]', "objet JSON"),
        ('{"text": "suivant"}', "instant"),
        ('{"t": 1.0, "text": "x", "words": [{"word": "x"}]}', "mot illisible"),
    ],
)
def test_understand_transcript_bad_line_names_it(tmp_path, bad, needle):
    path = write(tmp_path, [json.dumps({"t": 0.5, "text": "suivant"}), bad])
    with pytest.raises(TranscriptError) as info:
        load_transcript(path)
    assert "ligne 2" in str(info.value) and needle in str(info.value)


def test_understand_transcript_out_of_order_and_missing(tmp_path):
    path = write(tmp_path, [json.dumps({"t": 5.0, "text": "a"}), json.dumps({"t": 4.0, "text": "b"})])
    with pytest.raises(TranscriptError, match="ligne 2"):
        load_transcript(path)
    with pytest.raises(TranscriptError, match="introuvable"):
        load_transcript(tmp_path / "absent.jsonl")


def test_understand_grammar_errors_are_french(tmp_path):
    with pytest.raises(GrammarError, match="introuvable"):
        load_grammar(root=tmp_path / "nowhere")
    root = tmp_path / "fr"
    root.mkdir()
    real = load_grammar().root
    (root / "lists.txt").write_text((real / "lists.txt").read_text(encoding="utf-8"), encoding="utf-8")
    (root / "commands.txt").write_text("", encoding="utf-8")
    (root / "calls.txt").write_text("[PAS_MOU]\npas mou\n", encoding="utf-8")
    with pytest.raises(GrammarError, match="calls.txt:2.*PAS_MOU"):
        load_grammar(root=root)
    (root / "calls.txt").write_text("[SUIVANT]\nsuivant (a|b\n", encoding="utf-8")
    with pytest.raises(GrammarError, match="calls.txt:2"):
        load_grammar(root=root)


def test_understand_grammar_has_every_member():
    from voice_scribe.understand import TableCommand

    grammar = load_grammar()
    targets = {t.target for t in grammar.templates}
    assert set(CallKind) <= targets
    assert set(TableCommand) <= targets


def test_understand_roster_parsing_and_errors():
    from voice_scribe.understand import Roster, RosterError

    roster = Roster.parse(" Karadoc = Caradoc | Cara doc , Perceval ")
    assert roster.players == ("Karadoc", "Perceval")
    assert roster.spellings("Karadoc") == ("Karadoc", "Caradoc", "Cara doc")
    for bad, needle in ((",,", "aucun joueur"), ("Karadoc,karadoc", "même nom")):
        with pytest.raises(RosterError, match=needle):
            Roster.parse(bad)
    with pytest.raises(RosterError, match="absent"):
        Roster.of(["Karadoc"], {"Perceval": ["Perce val"]})
    outcomes = understand_transcript(
        load_transcript_from_lines(['{"t": 1.0, "text": "grelottine sur cara doc", "speaker": "Perceval"}']), roster
    )
    assert outcomes[0].understanding.call.target == "Karadoc"


def load_transcript_from_lines(lines):
    from voice_scribe.speech.utterance import Utterance

    return [Utterance.from_json(json.loads(line)) for line in lines]
