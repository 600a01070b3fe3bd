"""The pictures of the table: what the page is given to show, built from a real session."""

from __future__ import annotations

import json
import re

import pytest
from page_kit import EXAMPLES, GAME1

from voice_scribe.engine import Call, CallKind, Rules
from voice_scribe.engine.state import Holding
from voice_scribe.live import LiveTable
from voice_scribe.replay import load_call_log, replay
from voice_scribe.scribe import Scribe
from voice_scribe.session import Session
from voice_scribe.understand import Matcher, load_transcript
from voice_scribe.web import Board, TableFeed, describe_call, waiting_text
from voice_scribe.web.playback import play_calls, play_utterances
from voice_scribe.voice.phrasebook import Phrasebook

INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b")  # an identifier such as pas_mou_le_caillou or sirop_bets


def _played(game: str, players: list[str], rules: Rules | None = None) -> tuple[Session, Board, list[dict]]:
    session = Session.new(players, rules)
    feed = TableFeed()
    board = Board(session, feed)
    pictures: list[dict] = []
    original = feed.publish
    feed.publish = lambda picture: (pictures.append(picture), original(picture))[1]  # type: ignore[method-assign]
    play_calls(board, Scribe(session), load_call_log(EXAMPLES / f"{game}.calls.jsonl"), speed=0)
    return session, board, pictures


def test_the_last_picture_shows_the_engines_scores_and_winner() -> None:
    session, _, pictures = _played("game1_star1", GAME1)
    replayed, _ = replay(GAME1, load_call_log(EXAMPLES / "game1_star1.calls.jsonl"))
    last = pictures[-1]
    assert {p["name"]: p["score"] for p in last["players"]} == replayed.game.scores
    assert last["winner"] == replayed.state.winner == "Léodagan"
    assert last["verdicts"][0]["text"].endswith("Léodagan gagne la partie avec 376 points !")


def test_every_picture_follows_the_game_as_it_goes() -> None:
    session, _, pictures = _played("game1_star1", GAME1)
    # after the Chouette-Velute race (10.3 / 10.6 s) and before Léodagan's sirop, Perceval has 72
    assert any({p["name"]: p["score"] for p in pic["players"]} == {"Karadoc": 0, "Perceval": 72, "Léodagan": 100}
               for pic in pictures)
    totals = [sum(p["score"] for p in pic["players"]) for pic in pictures]
    assert totals[0] == 0 and totals[-1] == sum(session.game.scores.values())
    assert len({pic["curve_svg"] for pic in pictures}) > 5  # the curve grows with the game


def test_the_page_speaks_french_only() -> None:
    _, _, pictures = _played("game4_star2", ["Karadoc", "Perceval", "Bohort"], Rules.load(EXAMPLES / "game4_star2.rules.toml"))
    for picture in pictures:
        shown = [picture["waiting"]] + [h for p in picture["players"] for h in p["holdings"]]
        shown += [line["text"] for line in picture["heard"] + picture["verdicts"]]
        for text in shown:
            assert not INTERNAL.search(text), text
    holdings = {h for pic in pictures for p in pic["players"] for h in p["holdings"]}
    assert holdings and holdings <= {"Grelottine", "Civet", "Passe-Grelot", "Rigodon", "Jarret", "Flan", "Civet-Filoché"}


def test_holdings_are_named_like_the_phrasebook_names_them() -> None:
    board = Board(Session.new(GAME1))
    assert {board.holding_name(h.value) for h in Holding} == {
        "Grelottine", "Civet", "Passe-Grelot", "Rigodon", "Jarret", "Flan", "Civet-Filoché"}


def test_what_the_table_waits_for_follows_the_phase() -> None:
    session = Session.new(GAME1)
    session.hear(Call(CallKind.DE, "Karadoc", 0.0, dice=(1,)))
    opening = waiting_text(session.game)
    awaited = Board(session).picture()["awaited"]
    assert len(awaited) == 2 and all("Perceval" in line or "Léodagan" in line for line in awaited)
    session.hear_all([Call(CallKind.DE, "Perceval", 0.5, dice=(4,)), Call(CallKind.DE, "Léodagan", 1.0, dice=(5,))])
    chouettes = waiting_text(session.game)
    assert chouettes != opening
    session.hear(Call(CallKind.CHOUETTES, "Karadoc", 2.0, dice=(3, 4)))
    cul = waiting_text(session.game)
    assert "Karadoc" in cul and cul not in (opening, chouettes)
    assert Board(session).picture()["throw"] == "⚂ ⚃"  # the chouettes on the table


def test_typed_calls_are_shown_in_french() -> None:
    book = Phrasebook()
    assert describe_call(Call(CallKind.DES, "Karadoc", 1.0, dice=(3, 3, 6)), book) == "Dés 3 3 6"
    assert describe_call(Call(CallKind.PAS_MOU_LE_CAILLOU, "Perceval", 1.0), book) == "Pas mou le caillou !"
    assert describe_call(Call(CallKind.DES, "Karadoc", 1.0, dice=(6, 3, 4), hidden=True), book) == "(dés cachés)"
    civet = describe_call(Call(CallKind.CIVET, "Léodagan", 1.0, number=60, combination="velute"), book)
    assert "60" in civet and "Velute" in civet and not INTERNAL.search(civet)
    grelottine = describe_call(Call(CallKind.GRELOTTINE, "Karadoc", 1.0, target="Perceval"), book)
    assert grelottine.endswith("sur Perceval") and grelottine[0].isupper()
    assert describe_call(Call(CallKind.RELANCE, "Perceval", 1.0, number=10), book) == "Relance de 10"


def test_a_transcript_through_the_live_table_gives_the_replays_scores() -> None:
    from voice_scribe.replay import replay_utterances

    utterances = load_transcript(EXAMPLES / "demo" / "partie1.transcript.jsonl")
    expected, _, _ = replay_utterances(GAME1, utterances)
    session = Session.new(GAME1)
    board = Board(session, keep=1000)
    play_utterances(board, LiveTable(session, Matcher.build(GAME1, session.rules)), utterances, speed=0)
    picture = board.picture()
    assert {p["name"]: p["score"] for p in picture["players"]} == expected.game.scores
    assert json.loads(json.dumps(picture)) == picture  # what the page receives is plain JSON
    # « leodagan dé deux »: no microphone says who, the name said first does — and the page names him
    names = {"karadoc": "Karadoc", "perceval": "Perceval", "leodagan": "Léodagan", "léodagan": "Léodagan"}
    named = {(u.t, u.text): names[u.text.split()[0]] for u in utterances
             if u.speaker is None and u.text.split()[0] in names}
    assert named
    shown = {(line.t, line.text): line.who for line in board.heard}
    assert {key: shown.get(key) for key in named} == named


def test_the_feed_wakes_a_waiting_reader_and_closes() -> None:
    import threading

    feed = TableFeed()
    got: list = []
    reader = threading.Thread(target=lambda: got.append(feed.wait(0, timeout=10)))
    reader.start()
    feed.publish({"players": []})
    reader.join(10)
    assert got and got[0][0] == 1 and got[0][1]["version"] == 1
    assert feed.wait(1, timeout=0.05) is None
    feed.close()
    assert feed.wait(1, timeout=10) is None and feed.closed


@pytest.mark.parametrize("game,players", [("game3_elimination", ["Bohort", "Gauvain", "Yvain"])])
def test_an_eliminated_player_is_marked(game: str, players: list[str]) -> None:
    session, _, pictures = _played(game, players)
    gone = set(session.result()["eliminated"])
    assert gone == {p["name"] for p in pictures[-1]["players"] if p["eliminated"]}


def test_an_answered_ask_back_names_on_the_page_the_call_it_settles() -> None:
    """« Vous avez dit « chouettes 1 et 4 » ou « dé 4 » ? » at 00:02 — « la deuxième » at 00:04: the page's
    verdict says which call it settles, as the screen does (« Annonce de 00:02 : … »)."""
    from voice_scribe.speech.utterance import Utterance

    players = ["Karadoc", "Perceval", "Léodagan"]
    session = Session(players)
    scribe, matcher = Scribe(session), Matcher.build(players, session.rules)
    board = Board(session)
    for t, text in [(1.0, "chouettes un et quatre"), (2.0, "un quatre"), (4.0, "la deuxième")]:
        utterance = Utterance(t=t, text=text, speaker="Karadoc")
        board.on_reply(utterance, scribe.hear(matcher.understand(utterance), utterance.to_json()))
    verdicts = board.picture()["verdicts"]
    assert verdicts[0]["text"] == "Annonce de 00:02 : Chouette de 4." and verdicts[0]["stamp"] == "00:04"
    assert not verdicts[1]["text"].startswith("Annonce de")  # the ask-back itself, and the throw before it
