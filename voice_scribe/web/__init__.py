"""The table's scoreboard in a browser: a page served on the local network, updated live.

Optional (the terminal stays the default): ``--web [ADRESSE:]PORT`` on ``listen``, ``replay`` and
``demo``. Nothing is loaded from the internet: the page, its style and its script ship with the
package and the server is the standard library's (no dependency).

- :mod:`voice_scribe.web.board`: the pictures of the table (:class:`Board`) and their feed;
- :mod:`voice_scribe.web.server`: the HTTP server and its server-sent events;
- :mod:`voice_scribe.web.playback`: a recorded game played back on the page.

A hook is two lines::

    board, server = open_page(session, "0.0.0.0:8080")
    board.watch(live_table)          # or board.on_reply(utterance, reply) for each reply
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice_scribe.web.board import Board, TableFeed, describe_call, waiting_text
from voice_scribe.web.server import TableServer, WebError, parse_address, serve

if TYPE_CHECKING:
    from voice_scribe.session import Session

__all__ = [
    "Board",
    "TableFeed",
    "TableServer",
    "WebError",
    "describe_call",
    "open_page",
    "parse_address",
    "serve",
    "waiting_text",
]


def open_page(session: Session, address: str) -> tuple[Board, TableServer]:
    """A board for ``session`` and the server showing it (already running); raises :class:`WebError`."""
    board = Board(session)
    server = serve(board.feed, address)
    board.publish()
    return board, server
