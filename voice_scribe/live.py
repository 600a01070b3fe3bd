"""The live table: utterances arrive from the microphones and the keyboard, the
scribe answers, the screen and the voice follow.

:class:`LiveTable` is the arbiter of the live game. Utterances reach it from
several threads, each already carrying its onset on the session clock; it
holds each one ``hold_s`` seconds so that a shout decoded late on one channel
still goes in before a later one decoded early on another (the races are
decided on onsets anyway, but the order of a throw and a shout matters), then
releases them in onset order to the understanding layer and the scribe. With
nothing said, it ticks the session so a reaction window closes on time and its
verdict is spoken.
"""

from __future__ import annotations

import heapq
import itertools
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from voice_scribe.engine import Call
from voice_scribe.scribe import Reply, Scribe
from voice_scribe.session import Session
from voice_scribe.speech.utterance import Utterance
from voice_scribe.understand import Matcher, ResultKind, Roster


@dataclass(frozen=True)
class Heard:
    """One line of the « last calls heard » panel."""

    t: float
    speaker: str | None
    text: str
    result: str
    meaning: str
    cost: float | None
    reply: str


class LiveTable:
    def __init__(
        self,
        session: Session,
        matcher: Matcher,
        scribe: Scribe | None = None,
        hold_s: float = 0.25,
        on_reply: Callable[[Utterance, Reply], None] | None = None,
        history: int = 12,
        settled: Callable[[], float] | None = None,
    ) -> None:
        self.session = session
        self.matcher = matcher
        self.scribe = scribe or Scribe(session)
        self.hold_s = hold_s
        #: the hearing's « everything before this has reached me » (None: typed or simulated input)
        self.settled = settled
        self.on_reply = on_reply
        self.heard: deque[Heard] = deque(maxlen=history)
        self.levels: dict[str, float] = {}
        self.notices: deque[str] = deque(maxlen=4)
        self._passing: set[str] = set()  # notices shown only until the next reply
        self._pending: list[tuple[float, int, Utterance]] = []
        self._seq = itertools.count()
        self._lock = threading.Lock()
        self.stopped = threading.Event()

    # ── producers (any thread) ──
    def submit(self, utterance: Utterance) -> None:
        with self._lock:
            heapq.heappush(self._pending, (utterance.onset, next(self._seq), utterance))

    def submit_call(self, call: Call) -> None:
        """A call typed in its exact form (the ticheur's hidden dice): no understanding needed."""
        with self._lock:
            heapq.heappush(self._pending, (call.t, next(self._seq), call))

    def notice(self, text: str, passing: bool = False) -> None:
        """A message for the screen (a lost device, a missing voice…); ``passing``: only until the next reply
        to something heard (where a resumed game stood: the game's own line says it afterwards)."""
        with self._lock:
            self.notices.append(text)
            if passing:
                self._passing.add(text)

    def _drop_passing(self) -> None:
        with self._lock:
            kept = [n for n in self.notices if n not in self._passing]
            self.notices.clear()
            self.notices.extend(kept)
            self._passing.clear()

    # ── the loop (one thread) ──
    def step(self, now: float) -> list[tuple[Utterance, Reply]]:
        """Release what has waited ``hold_s``, in onset order; tick the clock.

        With microphones the clock only moves as far as the hearing has settled: a shout still
        being heard keeps its reaction window open, however long the shout.
        """
        horizon = now - self.hold_s
        if self.settled is not None:
            horizon = min(horizon, self.settled())
        ready: list[Utterance | Call] = []
        with self._lock:
            while self._pending and self._pending[0][0] <= horizon:
                ready.append(heapq.heappop(self._pending)[2])
        out = [self._release(item) for item in ready]
        if not self.session.state.winner:
            events = self.session.tick(horizon)
            if events:
                reply = self.scribe.decide(events)
                tick = Utterance(t=horizon, text="")
                out.append((tick, reply))
                self._tell(tick, reply)
        return out

    def drain(self) -> list[tuple[Utterance, Reply]]:
        """Everything still held, at once (the end of a simulated or typed session)."""
        with self._lock:
            ready = [heapq.heappop(self._pending)[2] for _ in range(len(self._pending))]
        return [self._release(item) for item in ready]

    def _release(self, item: Utterance | Call) -> tuple[Utterance, Reply]:
        if isinstance(item, Utterance):
            return item, self._hear(item)
        reply = self.scribe.decide(self.session.hear(item))
        shown = Utterance(t=item.t, text="(dés cachés)" if item.hidden else item.kind.value, speaker=item.player)
        self.heard.append(Heard(item.t, item.player, shown.text, "call", item.kind.value, None,
                                reply.phrase.screen if reply.phrase else ""))
        self._tell(shown, reply)
        return shown, reply

    def _hear(self, utterance: Utterance) -> Reply:
        understanding = self.matcher.understand(utterance, table=self.session.game)
        reply = self.scribe.hear(understanding, utterance.to_json())
        joined = set(self.session.state.players) - set(self.matcher.roster.players)
        if joined:  # a Chante-Sloubi newcomer: from now on his name is heard too
            roster = self.matcher.roster
            grown = Roster(roster.players + tuple(sorted(joined)), roster.aliases)
            self.matcher = Matcher.build(grown, self.session.rules)
        meaning = ""
        if understanding.call is not None:
            meaning = understanding.call.kind.value
        elif understanding.command is not None:
            meaning = understanding.command.kind.value
        elif understanding.kind is ResultKind.AMBIGUOUS:
            meaning = "?"
        self.heard.append(
            Heard(
                utterance.t,
                ", ".join(understanding.players) or understanding.speaker or utterance.speaker,
                utterance.text,
                understanding.kind.value,
                meaning,
                understanding.cost,
                reply.phrase.screen if reply.phrase else "",
            )
        )
        self._tell(utterance, reply)
        return reply

    def _tell(self, utterance: Utterance, reply: Reply) -> None:
        if self._passing and utterance.text:
            self._drop_passing()
        if self.on_reply is not None:
            self.on_reply(utterance, reply)
