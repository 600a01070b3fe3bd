"""The journal: append-only, fsync'd, resumable, undoable."""

from __future__ import annotations

import json

import pytest

from voice_scribe.engine import Call, CallKind, Rules
from voice_scribe.journal import JournalError, read_journal
from voice_scribe.session import Session

K = CallKind
PLAYERS = ["Karadoc", "Perceval"]


def test_every_call_and_decision_is_a_line(tmp_path) -> None:
    path = tmp_path / "g.jsonl"
    session = Session.new(PLAYERS, Rules(bevue_penalty=10), path)
    session.hear(Call(K.DES, "Karadoc", 1.0, dice=(2, 3, 5)))
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r["type"] for r in lines] == ["header", "call", "decision"]
    assert lines[0]["players"] == PLAYERS and lines[0]["rules"]["bevue_penalty"] == 10
    assert lines[2]["events"][-1]["points"] == 50


def test_resume_continues_the_game_with_its_rules(tmp_path) -> None:
    path = tmp_path / "g.jsonl"
    session = Session.new(PLAYERS, Rules(bevue_penalty=10), path)
    session.hear(Call(K.DES, "Karadoc", 1.0, dice=(2, 3, 5)))
    session.close()
    resumed, _ = Session.resume(path)
    resumed.hear(Call(K.DES, "Perceval", 3.0, dice=(6, 6, 6)))
    resumed.hear(Call(K.BEVUE, "Perceval", 4.0, target="Karadoc"))
    assert resumed.game.scores == {"Karadoc": 40, "Perceval": 100}
    again, _ = Session.resume(path)
    assert again.game.scores == {"Karadoc": 40, "Perceval": 100}


def test_a_torn_last_line_is_dropped_and_said(tmp_path) -> None:
    path = tmp_path / "g.jsonl"
    session = Session.new(PLAYERS, None, path)
    session.hear(Call(K.DES, "Karadoc", 1.0, dice=(2, 3, 5)))
    session.close()
    with open(path, "a") as fh:
        fh.write('{"type": "call", "seq": 2, "call": {"kind": "des", "pl')  # the crash
    resumed, warnings = Session.resume(path)
    assert warnings and "incomplète" in warnings[0]
    assert resumed.game.scores == {"Karadoc": 50, "Perceval": 0}
    resumed.hear(Call(K.DES, "Perceval", 3.0, dice=(1, 1, 1)))
    resumed.close()
    final, warnings = Session.resume(path)
    assert warnings == [] and final.game.scores == {"Karadoc": 50, "Perceval": 50}


def test_a_corrupt_line_in_the_middle_is_an_error_with_its_number(tmp_path) -> None:
    path = tmp_path / "g.jsonl"
    session = Session.new(PLAYERS, None, path)
    session.hear(Call(K.DES, "Karadoc", 1.0, dice=(2, 3, 5)))
    session.close()
    lines = path.read_text().splitlines()
    lines[1] = "{garbage"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(JournalError, match="ligne 2"):
        read_journal(path)


def test_an_existing_journal_is_never_overwritten(tmp_path) -> None:
    path = tmp_path / "g.jsonl"
    Session.new(PLAYERS, None, path).close()
    with pytest.raises(JournalError, match="existe déjà"):
        Session.new(PLAYERS, None, path)


def test_undo_takes_back_the_last_decision_and_is_journaled(tmp_path) -> None:
    path = tmp_path / "g.jsonl"
    session = Session.new(PLAYERS, None, path)
    session.hear(Call(K.DES, "Karadoc", 1.0, dice=(2, 3, 5)))
    session.hear(Call(K.BEVUE, "Perceval", 2.0, target="Karadoc"))
    events = session.undo(t=3.0)
    assert events[0].data["call"]["kind"] == "bevue"
    assert session.game.scores == {"Karadoc": 50, "Perceval": 0}
    session.undo(t=4.0)
    assert session.game.scores == {"Karadoc": 0, "Perceval": 0}
    session.close()
    resumed, _ = Session.resume(path)
    assert resumed.game.scores == {"Karadoc": 0, "Perceval": 0}
    assert resumed.undo(t=5.0)[0].reason == "nothing_to_undo"


def test_undo_skips_calls_that_were_only_rejected() -> None:
    session = Session(PLAYERS)
    session.hear(Call(K.DES, "Karadoc", 1.0, dice=(2, 3, 5)))
    session.hear(Call(K.PAS_MOU_LE_CAILLOU, "Arthur", 1.5))  # unknown player: rejected
    session.undo(t=2.0)
    assert session.game.scores == {"Karadoc": 0, "Perceval": 0}


def test_a_shout_at_a_throw_taken_back_goes_with_it(tmp_path) -> None:
    """Rule T3b: « Grelotte ça picote » shouted at a Suite whose cul is then taken back (« Annule ! ») answered dice
    that no longer count: it is no préventive of the cul thrown again (a Néant: no Bévue for the shouter), and a
    resumed journal folds the same way. A shout made before the taken-back cul fell stays a préventive."""
    path = tmp_path / "g.jsonl"
    players = ["Karadoc", "Perceval", "Léodagan"]
    session = Session.new(players, None, path)
    session.hear(Call(K.CHOUETTES, "Karadoc", 1.0, dice=(1, 2)))
    session.hear(Call(K.CUL, "Karadoc", 2.0, dice=(3,)))  # a Suite: its race opens
    session.hear(Call(K.GRELOTTE_CA_PICOTE, "Perceval", 2.5))
    assert session.undo(t=3.0)[0].data["call"]["kind"] == "cul"
    events = session.hear(Call(K.CUL, "Karadoc", 4.0, dice=(6,)))  # 1-2-6: a Néant
    assert not [e for e in events if e.kind.value == "bevue"], events
    assert session.game.scores == {"Karadoc": 0, "Perceval": 0, "Léodagan": 0}
    session.close()
    resumed, _ = Session.resume(path)
    assert resumed.game.scores == {"Karadoc": 0, "Perceval": 0, "Léodagan": 0}

    # a préventive made while the cul was still to fall (before the taken-back one) is judged on the new cul
    session = Session(players)
    session.hear(Call(K.CHOUETTES, "Karadoc", 1.0, dice=(1, 2)))
    session.hear(Call(K.GRELOTTE_CA_PICOTE, "Perceval", 1.5))
    session.hear(Call(K.CUL, "Karadoc", 2.0, dice=(3,)))
    session.undo(t=3.0)
    events = session.hear(Call(K.CUL, "Karadoc", 4.0, dice=(6,)))
    assert [(e.kind.value, e.player) for e in events if e.kind.value == "bevue"] == [("bevue", "Perceval")]
