"""The table's page under test: a real session, a real server on a free local port (``page_kit``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from voice_scribe.engine import Rules
from voice_scribe.session import Session
from voice_scribe.web import Board, TableServer, open_page

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAME1 = ["Karadoc", "Perceval", "Léodagan"]


@pytest.fixture
def page() -> Iterator[tuple[Session, Board, TableServer]]:
    session = Session.new(GAME1, Rules())
    board, server = open_page(session, "127.0.0.1:0")
    yield session, board, server
    server.stop()
