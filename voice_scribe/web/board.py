"""What the table's page shows, built from the live game: the board and its feed.

:class:`TableFeed` holds the newest picture of the table (a JSON-able dict) and wakes whoever
waits for the next one (the server's event streams). :class:`Board` builds those pictures from a
:class:`~voice_scribe.session.Session` and the scribe's replies: it is the one observer the live
table (or a played-back game) needs — ``board.watch(table)``, or ``board.on_reply(utterance, reply)``.

Everything the page shows is French: holdings by their names, what the table waits for, the
phrasebook's verdicts, the calls heard with who and when.

>>> from voice_scribe.session import Session
>>> feed = TableFeed()
>>> board = Board(Session.new(["Karadoc", "Perceval"]), feed)
>>> board.publish()
>>> version, picture = feed.latest()
>>> version, [p["name"] for p in picture["players"]], picture["players"][0]["score"]
(1, ['Karadoc', 'Perceval'], 0)
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from voice_scribe.engine import CALL_SPECS, Call, CallKind
from voice_scribe.history.curve import score_curve_svg
from voice_scribe.history.words import stamp
from voice_scribe.voice.phrasebook import Phrasebook

if TYPE_CHECKING:
    from voice_scribe.engine.game import Game
    from voice_scribe.live import LiveTable
    from voice_scribe.scribe import Reply
    from voice_scribe.session import Session
    from voice_scribe.speech.utterance import Utterance

Picture = dict[str, Any]


class TableFeed:
    """The newest picture of the table, shared between the game's thread and the page's readers."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._version = 0
        self._picture: Picture = {}
        self.closed = False

    def publish(self, picture: Picture) -> int:
        with self._cond:
            self._version += 1
            self._picture = dict(picture, version=self._version)
            self._cond.notify_all()
            return self._version

    def latest(self) -> tuple[int, Picture]:
        with self._cond:
            return self._version, self._picture

    def wait(self, after: int, timeout: float) -> tuple[int, Picture] | None:
        """The first picture newer than ``after``; None when ``timeout`` passed or the feed closed."""
        with self._cond:
            self._cond.wait_for(lambda: self._version > after or self.closed, timeout)
            if self._version > after:
                return self._version, self._picture
            return None

    def close(self) -> None:
        with self._cond:
            self.closed = True
            self._cond.notify_all()


@dataclass(frozen=True)
class Line:
    """One line of a panel: when (game clock), who, what."""

    t: float
    who: str
    text: str
    reply: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"t": round(self.t, 2), "stamp": stamp(self.t), "who": self.who, "text": self.text,
                "reply": self.reply}


def settled_text(said: str, settles: float | None, t: float) -> str:
    """« Annonce de 00:02 : … »: the verdict of an answered ask-back names the call it settles (as the screen does)."""
    if settles is None or settles >= t:
        return said
    return f"Annonce de {stamp(settles)} : {said}"


def waiting_text(game: Game) -> str:
    """« Karadoc lance le cul »: the engine's « what can be said now », in French."""
    return game.now().text


DIE_FACES = "⚀⚁⚂⚃⚄⚅"


class Board:
    """Builds the table's pictures as the game goes, and publishes them to a feed."""

    def __init__(self, session: Session, feed: TableFeed | None = None, keep: int = 8,
                 phrasebook: Phrasebook | None = None) -> None:
        self.session = session
        self.feed = feed or TableFeed()
        self.book = phrasebook or Phrasebook(session.rules)
        self.verdicts: deque[Line] = deque(maxlen=keep)
        self.heard: deque[Line] = deque(maxlen=keep)
        self.notices: deque[str] = deque(maxlen=3)
        self.curve: list[tuple[float, dict[str, int]]] = [(session.state.clock, dict(session.game.scores))]
        self.paused: Callable[[], bool] = lambda: False
        self.table_notices: Callable[[], list[str]] = lambda: []

    # ── what happens at the table ──
    def watch(self, table: LiveTable) -> None:
        """Follow a live table: every reply it makes is shown (its own observer still runs first)."""
        before = table.on_reply
        self.paused = lambda: table.scribe.paused
        self.table_notices = lambda: list(table.notices)

        def both(utterance: Utterance, reply: Reply) -> None:
            if before is not None:
                before(utterance, reply)
            last = table.heard[-1] if table.heard else None
            if last is not None and last.speaker and (last.t, last.text) == (utterance.t, utterance.text):
                utterance = replace(utterance, speaker=last.speaker)  # « karadoc couche sirop »: the name said first
            self.on_reply(utterance, reply)

        table.on_reply = both
        self.publish()

    def on_reply(self, utterance: Utterance, reply: Reply) -> None:
        """One utterance (or a tick of the clock) and what the scribe made of it."""
        said = reply.phrase.screen if reply.phrase else ""
        if utterance.text:
            self.heard.appendleft(Line(utterance.t, utterance.speaker or "?", utterance.text, said))
        if said:
            self.verdicts.appendleft(Line(utterance.t, "", settled_text(said, reply.settles, utterance.t)))
        self._follow_scores(utterance.t)
        self.publish()

    def note(self, text: str) -> None:
        self.notices.append(text)
        self.publish()

    # ── the picture ──
    def publish(self) -> None:
        self.feed.publish(self.picture())

    def picture(self) -> Picture:
        game = self.session.game
        state = game.state
        upcoming = game.upcoming_roller() if state.order and not state.winner else None
        players = [
            {
                "name": name,
                "score": state.players[name].score,
                "holdings": sorted(self.holding_name(h.value) for h in state.players[name].holdings),
                "eliminated": state.players[name].eliminated,
                "next": name == upcoming,
            }
            for name in (state.order or list(state.players))
        ]
        now = game.now()
        return {
            "players": players,
            "turn": upcoming,
            "waiting": "" if state.winner else now.text,
            "awaited": [] if state.winner else list(now.waiting),
            "throw": " ".join(DIE_FACES[d - 1] for d in now.throw) if now.throw else "",
            "winner": state.winner,
            "paused": self.paused(),
            "target": self.session.rules.target,
            "clock": stamp(state.clock),
            "verdicts": [line.to_json() for line in self.verdicts],
            "heard": [line.to_json() for line in self.heard],
            "notices": self.table_notices() + list(self.notices),
            "curve_svg": score_curve_svg(self.curve, [p["name"] for p in players], self.session.rules.target),
        }

    def holding_name(self, holding: str) -> str:
        """« Grelottine » for ``grelottine`` (the phrasebook's word, without its article)."""
        forms = self.book.data["holding"].get(holding)
        return forms["indef"].split(" ", 1)[-1] if forms else self.book.reason_label(holding)

    def _follow_scores(self, t: float) -> None:
        scores = dict(self.session.game.scores)
        if scores != self.curve[-1][1]:
            self.curve.append((max(t, self.curve[-1][0]), scores))


_DICE_WORDS = {CallKind.CHOUETTES: "Chouettes", CallKind.CUL: "Cul", CallKind.DES: "Dés", CallKind.DE: "Dé"}


def describe_call(call: Call, book: Phrasebook) -> str:
    """A typed call in French: « Dés 3 3 6 », « Pas mou le caillou ! », « Civet 50, une Chouette »."""
    if call.hidden:
        return "(dés cachés)"
    if call.kind in _DICE_WORDS:
        return f"{_DICE_WORDS[call.kind]} {' '.join(str(d) for d in call.dice or ())}".strip()
    spec = CALL_SPECS[call.kind]
    if not spec.args:
        return spec.text
    if call.kind is CallKind.RELANCE and call.number is not None:  # « Relance de 10 », not « Le Bleu-Rouge, 10 »
        return f"Relance de {call.number}"
    parts = [book.rule_name(spec.rule)]
    if call.number is not None:
        parts.append(str(call.number))
    if call.combination:
        parts.append(book.data["combination"].get(call.combination, call.combination))
    if call.max_stake:
        parts.append("Max !")
    text = ", ".join(parts)
    text = text[:1].upper() + text[1:]
    return f"{text} sur {call.target}" if call.target else text
