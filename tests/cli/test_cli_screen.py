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


def _screen_of(lines: list[tuple[float, str | None, str]], calls: list | None = None) -> list[str]:
    """The screen lines of a scribe hearing (time, speaker, text) lines — the matcher left without the table's
    context, so an unsure reading is asked back."""
    from voice_scribe.cli.screen import reply_lines
    from voice_scribe.scribe import Scribe
    from voice_scribe.voice.phrasebook import Phrasebook

    players = ["Karadoc", "Perceval", "Léodagan"]
    session = Session(players)
    scribe, matcher, book = Scribe(session), Matcher.build(players, session.rules), Phrasebook(session.rules)
    out = []
    for t, who, text in lines:
        utterance = Utterance(t=t, text=text, speaker=who)
        reply = scribe.hear(matcher.understand(utterance), utterance.to_json())
        out += [line for _, line in reply_lines(utterance, reply, book)]
    if calls is not None:  # the calls as the journal keeps them
        calls += [r["call"] for r in session._records if r["type"] == "call"]
    return out


def test_an_answered_ask_back_is_shown_at_the_answer_s_time_naming_the_call_it_settles() -> None:
    """« Vous avez dit « chouettes 1 et 4 » ou « dé 4 » ? » at 00:02 — « la deuxième » at 00:04: the verdict is
    printed after the answer, so it is stamped 00:04 (the screen reads in order) and says it settles the call
    of 00:02 (the journal keeps 00:02: races are judged on it)."""
    calls: list = []
    lines = _screen_of([(1.0, "Karadoc", "chouettes un et quatre"), (2.0, "Karadoc", "un quatre"),
                        (4.0, "Karadoc", "la deuxième")], calls)
    stamps = [line[1:9] for line in lines]
    assert stamps == sorted(stamps), lines
    assert lines[-1] == "[00:04.00]   Annonce de 00:02.00 : Chouette de 4."
    assert [(c["kind"], c["t"]) for c in calls] == [("chouettes", 1.0), ("de", 2.0)]  # « dé 4 » at 00:02


def test_a_call_given_to_its_caller_after_qui_a_dit_is_shown_at_the_answer_s_time() -> None:
    """« Qui a dit « le cul fait quatre » ? » — « Karadoc » two seconds later: the verdict line comes at the
    answer's time and names the call it settles."""
    lines = _screen_of([(1.0, "Karadoc", "chouettes un et quatre"), (2.0, None, "le cul fait quatre"),
                        (5.0, None, "Karadoc")])
    stamps = [line[1:9] for line in lines]
    assert stamps == sorted(stamps), lines
    assert lines[-1] == "[00:05.00]   Annonce de 00:02.00 : Chouette de 4."


def test_typed_dice_in_figures_are_read_as_the_three_dice() -> None:
    """« Perceval: dés 2 5 5 » was read « chouettes 2 et 5 » (a pair in figures is one number to the
    understanding) and « dés 6 6 6 » not at all: typed dice are spelled as they would be heard."""
    players = ["Karadoc", "Perceval", "Léodagan"]
    session = Session(players)
    matcher = Matcher.build(players, session.rules)
    for line, kind, dice in [("Perceval: dés 2 5 5", "des", (2, 5, 5)), ("Perceval: dés 6 6 6", "des", (6, 6, 6)),
                             ("Perceval: chouettes 3 3", "chouettes", (3, 3))]:
        typed = parse_line(line, players)
        call = matcher.understand(Utterance(t=1.0, text=typed.text, speaker="Perceval")).call
        assert call is not None and (call.kind.value, call.dice) == (kind, dice), (line, call)
    assert parse_line("Karadoc: civet de 50 sur une chouette", players).text == "civet de 50 sur une chouette"
    assert parse_line("Léodagan: secret 2 5 5", players).secret == (2, 5, 5)


def test_where_a_resumed_game_stood_is_shown_until_the_first_call_only() -> None:
    """« En cours : Karadoc lance les chouettes » stayed at the bottom of a resumed game's screen while the game
    went on (the line at the top already follows the game); the journal's path stays."""
    session = Session(["Karadoc", "Perceval", "Léodagan"])
    table = LiveTable(session, Matcher.build(list(session.state.players), session.rules), hold_s=0.0)
    screen = LiveScreen(table)
    table.on_reply = screen.reply
    table.notice("Journal de la partie : parties/soir.jsonl")
    table.notice("En cours : Karadoc lance les chouettes", passing=True)
    assert any("En cours : Karadoc" in line for line in drawn(screen, 80, 24))
    table.submit(Utterance(t=1.0, text="combien a perceval", speaker="Karadoc"))
    table.step(2.0)
    lines = drawn(screen, 80, 24)
    assert not any("En cours" in line for line in lines) and any("Journal de la partie" in line for line in lines)


def test_a_wrapped_line_never_leaves_a_guillemet_alone_at_its_end() -> None:
    """« Je n'ai pas compris … entendu « trucmuche » »: cut at the width, the quoted word stays with its « »."""
    from voice_scribe.cli.screen import wrap

    text = ("[03:26.44]   Je n'ai pas compris « euh une chouette de trucmuche » : chiffre attendu, entendu "
            "« trucmuche » ; il perd sa Chouette ; à vous !")
    for width in range(40, 100):
        parts = [part for _, part in wrap([("verdict", text)], width, 10)]
        assert all(not p.rstrip().endswith("«") and p.lstrip()[:1] not in "»;:!?" for p in parts), (width, parts)
        assert " ".join(parts).split() == text.split()
