"""The journal under crashes, torn writes, full disks and hostile files: nothing lost, nothing crashes."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from voice_scribe.engine import Call, CallKind, Rules
from voice_scribe.journal import Journal, JournalError, read_journal
from voice_scribe.session import Session

K = CallKind
PLAYERS = ["Karadoc", "Perceval", "Léodagan"]
ROOT = Path(__file__).resolve().parents[2]


def play(path: Path) -> Session:
    session = Session.new(PLAYERS, Rules(), path)
    session.hear(Call(K.DES, "Karadoc", 1.0, dice=(6, 6, 6)))
    session.note_heard({"t": 2.0, "text": "Léodagan : deux trois cinq"}, {"result": "call", "kind": "des"})
    session.hear(Call(K.DES, "Perceval", 2.0, dice=(2, 3, 5)))
    session.note_heard({"t": 3.0, "text": "Léodagan : cinq cinq cinq"}, {"result": "call", "kind": "des"})
    session.hear(Call(K.DES, "Léodagan", 3.0, dice=(5, 5, 5)))
    return session


def test_a_torn_tail_inside_a_multibyte_character_is_cut_at_the_byte(tmp_path) -> None:
    path = tmp_path / "soir.jsonl"
    play(path).close()
    whole = path.read_bytes()
    # the crash cut « Léodagan » between the two bytes of « é »
    torn = '{"type":"heard","utterance":{"text":"L\u00e9odagan"}}'.encode()
    cut = torn.index("é".encode()) + 1
    path.write_bytes(whole + torn[:cut])
    session, warnings = Session.resume(path)
    assert any("incomplète" in w for w in warnings)
    assert session.game.scores == {"Karadoc": 100, "Perceval": 50, "Léodagan": 90}
    assert path.read_bytes() == whole  # repaired: exactly the whole records remain
    session.hear(Call(K.DES, "Karadoc", 5.0, dice=(1, 1, 1)))
    session.close()
    again, warnings = Session.resume(path)
    assert warnings == [] and again.game.scores["Karadoc"] == 150


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(min_value=0, max_value=10_000))
def test_a_journal_cut_at_any_byte_resumes_to_the_records_before_the_cut(tmp_path, cut: int) -> None:
    """Whatever byte a crash stops at, resume keeps every whole record before it and nothing else."""
    path = tmp_path / f"cut{cut}.jsonl"
    path.unlink(missing_ok=True)  # hypothesis may draw the same cut twice in one tmp_path
    play(path).close()
    whole = path.read_bytes()
    cut %= len(whole) + 1
    path.write_bytes(whole[:cut])
    kept = whole[: whole.rfind(b"\n", 0, cut) + 1]  # the whole lines before the cut
    header_end = whole.index(b"\n") + 1
    if whole[cut : cut + 1] == b"\n":  # the cut fell just before a newline: a whole record lacking only it
        kept = whole[: cut + 1]
    if len(kept) < header_end:
        with pytest.raises(JournalError):
            Session.resume(path)
        return
    expected = [json.loads(line) for line in kept.splitlines()[1:]]
    session, _ = Session.resume(path)
    assert read_journal(path).records == expected
    folded = Session(PLAYERS, Rules())
    for record in expected:
        if record["type"] == "call":
            folded.hear(Call.from_json(record["call"]))
    assert session.game.scores == folded.game.scores
    session.close()


def test_a_crash_between_heard_and_call_says_what_to_repeat(tmp_path) -> None:
    path = tmp_path / "soir.jsonl"
    play(path).close()
    lines = path.read_bytes().splitlines(keepends=True)
    last_heard = max(i for i, line in enumerate(lines) if b'"heard"' in line)
    path.write_bytes(b"".join(lines[: last_heard + 1]))  # the call of the last « heard » never written
    session, warnings = Session.resume(path)
    assert any("cinq cinq cinq" in w and "répétez" in w for w in warnings)
    assert session.game.scores["Léodagan"] == 0


def test_an_ordinary_journal_resumes_without_warnings(tmp_path) -> None:
    path = tmp_path / "soir.jsonl"
    play(path).close()
    _, warnings = Session.resume(path)
    assert warnings == []


@pytest.mark.parametrize(
    "record,message",
    [
        ({"type": "call", "call": {"kind": "des", "player": "Karadoc", "t": 1, "dice": [1, 2, 3]}}, "« seq » manque"),
        ({"type": "call", "seq": 9}, "« call »"),
        ({"type": "undo", "seq": 9}, "« undoes »"),
        ({"type": "tick", "seq": 9, "t": "soon"}, "« t » doit être un nombre"),
        ({"type": "call", "seq": True, "call": {}}, "« seq » doit être un entier"),
        ({"type": "call", "seq": 9, "call": {"kind": "des", "player": "Karadoc", "t": 1, "dice": [True] * 3}}, "dés"),
        ({"type": "header", "version": 1, "players": PLAYERS}, "second en-tête"),
    ],
)
def test_a_bad_record_in_the_middle_names_its_line_and_field(tmp_path, record: dict, message: str) -> None:
    path = tmp_path / "soir.jsonl"
    play(path).close()
    lines = path.read_text(encoding="utf-8").splitlines()
    lines.insert(2, json.dumps(record))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(JournalError, match="ligne 3") as caught:
        read_journal(path)
    assert message in str(caught.value)


@pytest.mark.parametrize(
    "line,message",
    [
        ('{"type": "call", "seq": Infinity, "call": {}}', "Infinity n'est pas un nombre admis"),
        ('{"type": "call", "seq": NaN}', "NaN"),
        ("[" * 50_000, "JSON"),
        ('{"type": "call", "seq": ' + "9" * 5000 + "}", "démesuré"),
    ],
)
def test_json_a_parser_takes_but_we_do_not(tmp_path, line: str, message: str) -> None:
    path = tmp_path / "soir.jsonl"
    play(path).close()
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(line + "\n")
    with pytest.raises(JournalError, match=message):
        read_journal(path)


@pytest.mark.parametrize(
    "players,message",
    [([1, 2], "texte"), (["Karadoc", "KARADOC"], "ne distingue pas"), (["Karadoc", "?"], "pas un nom"), ("AB", "liste")],
)
def test_a_header_with_a_table_that_cannot_play_is_refused(tmp_path, players, message: str) -> None:
    path = tmp_path / "soir.jsonl"
    path.write_text(json.dumps({"type": "header", "version": 1, "players": players, "rules": {}}) + "\n")
    with pytest.raises(JournalError, match=message):
        Session.resume(path)


def test_an_unwritable_disk_keeps_the_journal_whole_and_the_game_going(tmp_path) -> None:
    """A file-size limit (``RLIMIT_FSIZE``) stops the writes mid-game: no exception reaches the game,
    the journal holds only whole records, and once the limit is gone the waiting records are written."""
    path = tmp_path / "soir.jsonl"
    script = textwrap.dedent(f"""
        import resource, json
        from voice_scribe.engine import Call, CallKind
        from voice_scribe.session import Session
        told = []
        session = Session.new({PLAYERS!r}, None, {str(path)!r})
        session.journal.on_fault = told.append
        resource.setrlimit(resource.RLIMIT_FSIZE, (1500, resource.RLIM_INFINITY))
        for i in range(30):
            session.hear(Call(CallKind.DES, {PLAYERS!r}[i % 3], float(i), dice=(2, 3, 5)))
        stuck = len(session.journal.pending)
        resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
        session.hear(Call(CallKind.DES, "Karadoc", 31.0, dice=(1, 1, 1)))
        print(json.dumps({{"told": told, "stuck": stuck, "left": len(session.journal.pending),
                          "scores": session.game.scores}}))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    report = json.loads(done.stdout)
    assert report["stuck"] > 0 and report["left"] == 0
    assert "écriture impossible" in report["told"][0] and "refonctionne" in report["told"][-1]
    resumed, warnings = Session.resume(path)
    assert warnings == [] and resumed.game.scores == report["scores"]


def test_a_write_failure_mid_game_leaves_only_whole_records(tmp_path) -> None:
    """The limit stays: the file ends on the last whole record, and resume is that game."""
    path = tmp_path / "soir.jsonl"
    script = textwrap.dedent(f"""
        import resource
        from voice_scribe.engine import Call, CallKind
        from voice_scribe.session import Session
        session = Session.new({PLAYERS!r}, None, {str(path)!r})
        resource.setrlimit(resource.RLIMIT_FSIZE, (2000, resource.RLIM_INFINITY))
        for i in range(40):
            session.hear(Call(CallKind.DES, {PLAYERS!r}[i % 3], float(i), dice=(2, 3, 5)))
        session.close()
        print(len(session.journal.pending))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 0
    raw = path.read_bytes()
    assert raw.endswith(b"\n") and len(raw) <= 2000
    contents = read_journal(path)
    assert contents.warnings == []
    calls = [r for r in contents.records if r["type"] == "call"]
    resumed, _ = Session.resume(path)
    assert sum(resumed.game.scores.values()) == 50 * len(calls)


def test_a_stray_byte_in_the_text_is_journaled_as_a_replacement_character(tmp_path) -> None:
    path = tmp_path / "soir.jsonl"
    journal = Journal.create(path, PLAYERS, Rules().to_dict())
    journal.append({"type": "heard", "utterance": {"t": 1.0, "text": "caill\udcc3ou"}, "outcome": {}})
    journal.close()
    assert read_journal(path).records[0]["utterance"]["text"] == "caill\ufffdou"


def test_create_refuses_a_folder_and_a_path_under_a_file_in_french(tmp_path) -> None:
    (tmp_path / "fichier").write_text("x")
    with pytest.raises(JournalError, match="pas un dossier"):
        Journal.create(tmp_path / "fichier" / "j.jsonl", PLAYERS, {})
    with pytest.raises(JournalError, match="dossier"):
        Journal.create(tmp_path, PLAYERS, {})


def test_a_header_that_only_lacks_its_newline_resumes(tmp_path) -> None:
    """The cut found by hypothesis: the crash stopped just before the header's newline."""
    path = tmp_path / "soir.jsonl"
    play(path).close()
    whole = path.read_bytes()
    path.write_bytes(whole[: whole.index(b"\n")])
    session, _ = Session.resume(path)
    assert session.game.scores == {"Karadoc": 0, "Perceval": 0, "Léodagan": 0}
    session.close()
