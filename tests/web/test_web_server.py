"""The page's server over real HTTP: the files, the JSON picture, the event stream."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request

import pytest

from voice_scribe.engine import Call, CallKind
from voice_scribe.scribe import Scribe
from voice_scribe.speech.utterance import Utterance
from voice_scribe.web import WebError, parse_address, serve
from voice_scribe.web.board import TableFeed


def _get(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.headers["Content-Type"], response.read()


def test_the_page_and_its_files_are_served_from_the_package(page) -> None:  # noqa: ANN001
    _, _, server = page
    status, kind, body = _get(server.url)
    assert status == 200 and kind.startswith("text/html")
    html = body.decode("utf-8")
    assert 'lang="fr"' in html and "/table.js" in html and "/style.css" in html
    assert "http://" not in html and "https://" not in html  # nothing is loaded from the internet
    for path, expected in (("style.css", "text/css"), ("table.js", "text/javascript")):
        status, kind, body = _get(server.url + path)
        assert status == 200 and kind.startswith(expected) and b"http" not in body


def test_the_picture_is_json_and_follows_the_session(page) -> None:  # noqa: ANN001
    session, board, server = page
    picture = json.loads(_get(server.url + "etat")[2])
    assert [p["name"] for p in picture["players"]] == ["Karadoc", "Perceval", "Léodagan"]
    call = Call(CallKind.DES, "Karadoc", 1.0, dice=(5, 5, 5))
    board.on_reply(Utterance(t=call.t, text="cinq cinq cinq", speaker="Karadoc"), Scribe(session).decide(session.hear(call)))
    picture = json.loads(_get(server.url + "etat")[2])
    assert {p["name"]: p["score"] for p in picture["players"]}["Karadoc"] == session.game.scores["Karadoc"] > 0
    assert picture["heard"][0]["who"] == "Karadoc" and picture["heard"][0]["text"] == "cinq cinq cinq"


def test_the_event_stream_sends_each_new_picture(page) -> None:  # noqa: ANN001
    _, board, server = page
    lines: list[bytes] = []
    got_one, got_two = threading.Event(), threading.Event()

    def read() -> None:
        with urllib.request.urlopen(server.url + "flux", timeout=10) as stream:
            assert stream.headers["Content-Type"].startswith("text/event-stream")
            for line in stream:
                if line.startswith(b"data: "):
                    lines.append(line)
                    got_one.set()
                    if len(lines) == 2:
                        got_two.set()
                        return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    assert got_one.wait(10)  # the stream starts with the newest picture
    board.note("Journal de la partie : soir.jsonl")
    assert got_two.wait(10)
    first, second = (json.loads(line[len(b"data: "):]) for line in lines)
    assert second["version"] > first["version"]
    assert "Journal de la partie : soir.jsonl" in second["notices"]


def test_an_unknown_path_is_a_french_404(page) -> None:  # noqa: ANN001
    _, _, server = page
    with pytest.raises(urllib.error.HTTPError) as error:
        _get(server.url + "../../etc/passwd")
    assert error.value.code == 404 and "introuvable" in error.value.read().decode("utf-8")


def test_addresses_default_to_this_machine_only() -> None:
    assert parse_address("8080") == ("127.0.0.1", 8080)
    assert parse_address("0.0.0.0:9000") == ("0.0.0.0", 9000)
    for bad in ("huit", "localhost:99999"):
        with pytest.raises(WebError, match="invalide"):
            parse_address(bad)


def test_a_taken_port_is_a_french_error(page) -> None:  # noqa: ANN001
    _, _, server = page
    with pytest.raises(WebError, match="impossible d'ouvrir la page web"):
        serve(TableFeed(), server.server_address[:2])
