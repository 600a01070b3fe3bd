"""The table's scoreboard in a browser: a page served on the local network, updated live.

Optional (the terminal stays the default): ``--web [ADRESSE:]PORT`` on ``listen``, ``replay`` and
``demo``. Nothing is loaded from the internet: the page, its style and its script ship with the
package and the server is the standard library's (no dependency).

- :mod:`voice_scribe.web.board`: the pictures of the table (:class:`Board`) and their feed;
- :mod:`voice_scribe.web.server`: the HTTP server and its server-sent events;
- :mod:`voice_scribe.web.playback`: a recorded game played back on the page;
- the ``--web`` option and the commands' glue live in :mod:`voice_scribe.cli.web`.

A hook is two lines::

    board, server = open_page(session, "0.0.0.0:8080")
    board.watch(live_table)          # or board.on_reply(utterance, reply) for each reply

The names below are loaded on first use, so that the command line starts without them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from voice_scribe.session import Session
    from voice_scribe.web.board import Board
    from voice_scribe.web.server import TableServer

_EXPORTS = {
    "Board": "board", "TableFeed": "board", "describe_call": "board", "waiting_text": "board",
    "TableServer": "server", "WebError": "server", "parse_address": "server", "serve": "server",
}

__all__ = sorted([*_EXPORTS, "open_page"])


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(f"voice_scribe.web.{_EXPORTS[name]}"), name)
    raise AttributeError(f"module 'voice_scribe.web' has no attribute {name!r}")


def open_page(session: Session, address: str) -> tuple[Board, TableServer]:
    """A board for ``session`` and the server showing it (already running); raises ``WebError``."""
    from voice_scribe.web.board import Board
    from voice_scribe.web.server import serve

    board = Board(session)
    server = serve(board.feed, address)
    board.publish()
    return board, server
