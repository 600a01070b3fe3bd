"""The command-line side of the table's page: ``--web`` on ``listen``, ``replay`` and ``demo``.

Each command keeps its own terminal output; with ``--web [ADRESSE:]PORT`` the same game is also
shown on the page. A recorded game (``replay``, ``demo``) is played back at its own pace
(``--vitesse`` times faster) so the page can be watched; once it is over, the page stays open
until Ctrl-C when the command runs in a terminal.
"""

from __future__ import annotations

import argparse
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from voice_scribe.web import open_page
from voice_scribe.web.board import Board
from voice_scribe.web.options import add_web_option
from voice_scribe.web.server import TableServer, WebError

if TYPE_CHECKING:
    from voice_scribe.engine import Call, Rules
    from voice_scribe.live import LiveTable
    from voice_scribe.scribe import Reply
    from voice_scribe.session import Session
    from voice_scribe.speech.utterance import Utterance

Told = Callable[["Utterance", "Reply"], None]


class LivePage:
    """``listen --web``: opened with the session (a taken port fails the start-up, in French), then
    it follows the live table once the table's own observer is set."""

    def __init__(self, session: Session, address: str) -> None:
        self.board, self.server = _open(session, address)

    def watch(self, table: LiveTable) -> None:
        self.board.watch(table)
        table.notice(f"La table est affichée sur {self.server.url}")

    def close(self) -> None:
        self.server.stop()


def start_page(session: Session, address: str) -> tuple[Board, TableServer]:
    """Open the page for a session; a bad address or a taken port is a French ``CliError``."""
    board, server = _open(session, address)
    print(f"La table est affichée sur {server.url}", flush=True)
    return board, server


def replay_on_page(args: argparse.Namespace, kind: str, path: str, players: list[str], rules: Rules,
                   utterances: Callable[[], Sequence[Utterance]]) -> int:
    """``replay --web``: a call log, a transcript or a recording played back on the page."""
    from voice_scribe.cli.render import render_scoreboard
    from voice_scribe.replay import load_call_log
    from voice_scribe.session import Session

    if kind == "calls":
        session = Session.new(players, rules, args.journal)
        replay_calls_on_page(session, load_call_log(path), args.web, args.vitesse, _printer(rules))
    else:
        session = replay_utterances_on_page(players, utterances(), rules, args.web, args.vitesse,
                                            _printer(rules), args.journal)
    render_scoreboard(session)
    session.close()
    return 0


def demo_on_page(players: list[str], utterances: Sequence[Utterance], rules: Rules, args: argparse.Namespace) -> int:
    """``demo --web``: the demo game played back on the page, at the pace of its recording."""
    from voice_scribe.cli.render import render_scoreboard

    session = replay_utterances_on_page(players, utterances, rules, args.web, args.vitesse, _printer(rules))
    render_scoreboard(session)
    return 0


def replay_calls_on_page(session: Session, calls: Sequence[Call], address: str, speed: float, told: Told) -> None:
    """A call log played back on the page, each decision told as it comes."""
    from voice_scribe.scribe import Scribe
    from voice_scribe.web.playback import play_calls

    board, server = start_page(session, address)
    _run(server, lambda stop: play_calls(board, Scribe(session), calls, speed, stop, told))


def replay_utterances_on_page(
    players: list[str], utterances: Sequence[Utterance], rules: Rules, address: str, speed: float, told: Told,
    journal: str | Path | None = None,
) -> Session:
    """What was said (a transcript, a recording), through the live table, on the page."""
    from voice_scribe.live import LiveTable
    from voice_scribe.session import Session
    from voice_scribe.understand import Matcher
    from voice_scribe.web.playback import play_utterances

    session = Session.new(players, rules, journal)
    table = LiveTable(session, Matcher.build(players, rules), on_reply=told)
    board, server = start_page(session, address)
    _run(server, lambda stop: play_utterances(board, table, utterances, speed, stop))
    return session


def _printer(rules: Rules) -> Told:
    from voice_scribe.cli.render import print_replies

    def told(utterance: Utterance, reply: Reply) -> None:
        print_replies([(utterance, reply)], rules)
        sys.stdout.flush()

    return told


def _open(session: Session, address: str) -> tuple[Board, TableServer]:
    from voice_scribe.cli import CliError

    try:
        return open_page(session, address)
    except WebError as exc:
        raise CliError(str(exc)) from None


def _run(server: TableServer, play: Callable[[threading.Event], None]) -> None:
    stop = threading.Event()
    try:
        play(stop)
        if sys.stdin.isatty():
            print("La partie est finie ; la page reste ouverte (Ctrl-C pour quitter).", flush=True)
            threading.Event().wait()
    except KeyboardInterrupt:
        stop.set()
    finally:
        server.stop()


__all__ = [
    "LivePage",
    "add_web_option",
    "demo_on_page",
    "replay_calls_on_page",
    "replay_on_page",
    "replay_utterances_on_page",
    "start_page",
]
