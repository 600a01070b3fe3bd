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
from voice_scribe.web.server import DEFAULT_PORT, TableServer, WebError

if TYPE_CHECKING:
    from voice_scribe.engine import Call, Rules
    from voice_scribe.live import LiveTable
    from voice_scribe.scribe import Reply
    from voice_scribe.session import Session
    from voice_scribe.speech.utterance import Utterance

Told = Callable[["Utterance", "Reply"], None]


def add_web_option(parser: argparse.ArgumentParser, pace: bool = False) -> None:
    """``--web [ADRESSE:]PORT`` (and ``--vitesse`` for a recorded game, when the command has none)."""
    parser.add_argument(
        "--web", metavar="[ADRESSE:]PORT", nargs="?", const=str(DEFAULT_PORT),
        help=f"montre la table dans un navigateur (défaut : port {DEFAULT_PORT}, cette machine seulement ; "
             "0.0.0.0:PORT pour le réseau local : la télé, les téléphones)",
    )
    if pace:
        parser.add_argument("--vitesse", type=float, default=1.0,
                            help="avec --web : rejoue la partie N fois plus vite (0 : d'un coup)")


def start_page(session: Session, address: str) -> tuple[Board, TableServer]:
    """Open the page for a session; a bad address or a taken port is a French :class:`CliError`."""
    board, server = _open(session, address)
    print(f"La table est affichée sur {server.url}", flush=True)
    return board, server


def watch_live(table: LiveTable, address: str) -> TableServer:
    """``listen --web``: the page follows the live table (call after its own observer is set)."""
    board, server = _open(table.session, address)
    board.watch(table)
    table.notice(f"La table est affichée sur {server.url}")
    return server


def replay_calls_on_page(session: Session, calls: Sequence[Call], address: str, speed: float, told: Told) -> None:
    """``replay --calls … --web``: the log played back on the page, each decision told as it comes."""
    from voice_scribe.scribe import Scribe
    from voice_scribe.web.playback import play_calls

    board, server = start_page(session, address)
    _run(server, lambda stop: play_calls(board, Scribe(session), calls, speed, stop, told))


def replay_utterances_on_page(
    players: list[str], utterances: Sequence[Utterance], rules: Rules, address: str, speed: float, told: Told,
    journal: str | Path | None = None,
) -> Session:
    """``replay --transcript … --web`` and ``demo --web``: what was said, through the live table."""
    from voice_scribe.live import LiveTable
    from voice_scribe.session import Session
    from voice_scribe.understand import Matcher
    from voice_scribe.web.playback import play_utterances

    session = Session.new(players, rules, journal)
    table = LiveTable(session, Matcher.build(players, rules), on_reply=told)
    board, server = start_page(session, address)
    _run(server, lambda stop: play_utterances(board, table, utterances, speed, stop))
    return session


def replay_on_page(args: argparse.Namespace, players: list[str], rules: Rules,
                   utterances: Callable[[], Sequence[Utterance]]) -> int:
    """``replay --web``: a call log, a transcript or a recording played back on the page."""
    from voice_scribe.cli import CliError
    from voice_scribe.cli.render import print_replies, render_scoreboard
    from voice_scribe.journal import JournalError
    from voice_scribe.replay import LogError, load_call_log
    from voice_scribe.session import Session

    def told(utterance: Utterance, reply: Reply) -> None:
        print_replies([(utterance, reply)])

    try:
        if args.calls:
            calls = load_call_log(args.calls)
            session = Session.new(players, rules, args.journal)
            replay_calls_on_page(session, calls, args.web, args.vitesse, told)
        else:
            session = replay_utterances_on_page(players, utterances(), rules, args.web, args.vitesse, told,
                                                args.journal)
    except (LogError, JournalError, ValueError) as exc:
        raise CliError(str(exc)) from None
    render_scoreboard(session)
    session.close()
    return 0


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
    "replay_on_page",
    "add_web_option",
    "replay_calls_on_page",
    "replay_utterances_on_page",
    "start_page",
    "watch_live",
]
