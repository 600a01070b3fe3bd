"""The live screen's layout and the typed line, on a real table (the tmux tests drive the program)."""

from __future__ import annotations

import io

from voice_scribe.cli.keyboard import InputLine, parse_line
from voice_scribe.cli.screen import LiveScreen
from voice_scribe.live import LiveTable
from voice_scribe.session import Session
from voice_scribe.speech.utterance import Utterance
from voice_scribe.understand import Matcher

KNIGHTS = ["Karadoc", "Perceval", "Léodagan", "Bohort", "Yvain", "Gauvain", "Arthur", "Lancelot", "Guenièvre",
           "Merlin"]


def drawn(screen: LiveScreen, width: int, height: int) -> list[str]:
    from rich.console import Console

    out = io.StringIO()
    Console(file=out, width=width, height=height, color_system=None).print(screen.render(width, height))
    return out.getvalue().splitlines()


def test_ten_players_and_many_verdicts_fit_80_by_24_with_the_newest_at_the_bottom() -> None:
    session = Session(KNIGHTS)
    table = LiveTable(session, Matcher.build(KNIGHTS, session.rules), hold_s=0.0)
    screen = LiveScreen(table, keyboard=InputLine(buffer="Perceval: pas mou"))
    table.on_reply = screen.reply
    for t, name in enumerate(KNIGHTS * 2):
        table.submit(Utterance(t=float(t), text=f"combien a {name.lower()}", speaker="Karadoc"))
    table.step(100.0)
    lines = drawn(screen, 80, 24)
    assert len(lines) <= 24
    assert all(any(name in line for line in lines[:5]) for name in KNIGHTS)  # side by side, five rows
    assert any("Merlin a 0 point." in line for line in lines[-8:])  # the newest answer is visible
    assert lines[-2].startswith("> Perceval: pas mou") and lines[-1].endswith("q : quitter")


def test_the_typed_line_keeps_its_history_and_accented_names() -> None:
    line = InputLine()
    assert line.feed_bytes("Léodagan: suivant\r".encode()) == ["Léodagan: suivant"]
    assert line.feed("Karadoc: six\x7f\x7f\x7fsix six six\r") == ["Karadoc: six six six"]
    line.feed("\x1b[A")
    assert line.buffer == "Karadoc: six six six"
    line.feed("\x1b[A")
    assert line.buffer == "Léodagan: suivant"
    line.feed("\x1b[B\x1b[B")
    assert line.buffer == ""
    assert line.feed("\r") == []  # an empty line is not a call


def test_a_typed_line_names_who_said_it() -> None:
    players = ["Karadoc", "Perceval", "Léodagan"]
    assert parse_line("leodagan, Karadoc et Perceval: grelotte ça picote", players).speakers == (
        "Léodagan", "Karadoc", "Perceval")
    assert parse_line("correction : quatre trois quatre", players).speakers == ()  # a table command
    assert parse_line("Léodagan: secret 2 5 5", players).secret == (2, 5, 5)
    assert parse_line("Karadoc et Gauvain : pas mou le caillou", players).unknown == ("Gauvain",)
    assert parse_line("q", players).quit and parse_line("   ", players) is None
