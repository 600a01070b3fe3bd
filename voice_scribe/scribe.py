"""The scribe: what the table said (understood) → the game → what to say back.

One :class:`Scribe` serves the live game (``voice-scribe listen``), the replay
of a transcript or a recording, and the demo. It takes each understood
utterance, feeds calls to the :class:`~voice_scribe.session.Session`, answers
table commands (scores, « Annule », « Correction », « Pause »…), asks when the
understanding layer was unsure, and returns a :class:`Reply` holding the
phrase to speak and print. It does no I/O of its own besides the journal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from voice_scribe.engine import Event, EventKind, Reason
from voice_scribe.engine.state import Holding
from voice_scribe.session import Session
from voice_scribe.understand import UNKNOWN_SPEAKER, ResultKind, TableCommand, Understanding
from voice_scribe.understand.commands import Command
from voice_scribe.voice.phrasebook import Phrase, Phrasebook

#: Events the table is not told about: whose turn it is and « lancez les chouettes / le cul » come
#: with every throw (the screen shows them); every other prompt (« Pariez sur le sirop », « Annoncez
#: vos relances », « Tichants, fermez les yeux »…) is said.
SILENT_KINDS = frozenset({EventKind.TURN})
SILENT_PROMPTS = frozenset({Reason.THROW_CHOUETTES.value, Reason.THROW_CUL.value})


def told(events: list[Event]) -> list[Event]:
    """The events of a decision that the table hears (and reads)."""
    return [
        e for e in events
        if e.kind not in SILENT_KINDS and not (e.kind is EventKind.PROMPT and e.reason in SILENT_PROMPTS)
    ]


@dataclass(frozen=True)
class Reply:
    """What the scribe answers to one utterance."""

    kind: str  # "decision" | "answer" | "question" | "not_understood" | "ignored" | "paused"
    phrase: Phrase | None = None
    events: list[Event] = field(default_factory=list)

    @property
    def speaks(self) -> bool:
        return bool(self.phrase)


class Scribe:
    def __init__(self, session: Session, phrasebook: Phrasebook | None = None) -> None:
        self.session = session
        self.phrasebook = phrasebook or Phrasebook(session.rules)
        self.paused = False
        self.last_phrase: Phrase | None = None
        self.events: list[Event] = []  # every engine event, in order (for --json)

    # ── one utterance ──
    def hear(self, understanding: Understanding, utterance: dict[str, Any] | None = None) -> Reply:
        self.session.note_heard(utterance or {"text": understanding.text}, understanding.to_json())
        command = understanding.command
        if self.paused and not (command is not None and command.kind is TableCommand.REPRENDS):
            return Reply("paused")
        if understanding.kind is ResultKind.CALL and understanding.call is not None:
            if understanding.call.player == UNKNOWN_SPEAKER:  # nobody to give it to: ask, never guess
                return self._say("question", self.phrasebook.who_said(understanding.text))
            return self.decide(self.session.hear(understanding.call))
        if understanding.kind is ResultKind.COMMAND and command is not None:
            return self._command(command)
        if understanding.kind is ResultKind.AMBIGUOUS:
            return self._say("question", self.phrasebook.not_understood(understanding.reason or understanding.text))
        if understanding.candidates:  # close to something: ask again rather than guess
            return self._say("not_understood", self.phrasebook.not_understood(understanding.text))
        return Reply("ignored")  # table chatter: the scribe keeps quiet

    def finish(self, t: float | None = None) -> Reply:
        return self.decide(self.session.finish(t))

    # ── calls ──
    def decide(self, events: list[Event]) -> Reply:
        self.events.extend(events)
        heard = told(events)
        if not heard:
            return Reply("decision", None, events)
        return self._say("decision", self.phrasebook.events(heard), events)

    # ── table commands ──
    def _command(self, command: Command) -> Reply:
        pb = self.phrasebook
        game = self.session.game
        state = game.state
        kind = command.kind
        if kind is TableCommand.SCORES:
            return self._say("answer", pb.scores(game.scores))
        if kind is TableCommand.SCORE_JOUEUR and command.target in state.players:
            return self._say("answer", pb.scores({command.target: game.scores[command.target]}))
        if kind is TableCommand.MANQUE and command.target in state.players:
            missing = max(0, self.session.rules.target - game.scores[command.target])
            return self._say("answer", pb.missing(command.target, missing, self.session.rules.target))
        if kind is TableCommand.QUI_MENE:
            best = max(game.scores.values())
            return self._say("answer", pb.leader([n for n, s in game.scores.items() if s == best], best))
        if kind is TableCommand.TOUR:
            return self._say("answer", pb.turn(game.upcoming_roller()))
        if kind is TableCommand.QUI_A and command.item:
            try:
                holding = Holding(command.item)
            except ValueError:
                return self._say("not_understood", pb.not_understood(command.item))
            holders = [n for n, p in state.players.items() if p.holds(holding)]
            return self._say("answer", pb.holders(command.item, holders))
        if kind is TableCommand.REGLE and command.rule:
            return self._say("answer", pb.rule(command.rule))
        if kind is TableCommand.REPETE:
            return Reply("answer", self.last_phrase)
        if kind is TableCommand.ANNULE:
            events = self.session.undo(command.t)
            undone = events[0]
            if undone.kind is EventKind.REJECTED:
                return self._say("answer", pb.cancelled(None))
            return self._say("answer", pb.cancelled(undone.data.get("call")), events)
        if kind is TableCommand.CORRECTION and command.dice:
            events = self.session.correct_dice(tuple(command.dice), command.t)
            if events[0].kind is EventKind.REJECTED:
                return self._say("answer", pb.not_understood(events[0].data.get("message")))
            return self._say("answer", pb.scores(self.session.game.scores), events)
        if kind is TableCommand.PAUSE:
            self.paused = True
            return self._say("answer", pb.pause())
        if kind is TableCommand.REPRENDS:
            self.paused = False
            return self._say("answer", pb.resume())
        if kind is TableCommand.FIN_DE_PARTIE:
            reply = self.finish(command.t)
            return self._say("answer", pb.scores(game.scores), reply.events)
        return self._say("not_understood", pb.not_understood(None))

    def _say(self, kind: str, phrase: Phrase | None, events: list[Event] | None = None) -> Reply:
        if phrase:
            self.last_phrase = phrase
        return Reply(kind, phrase, events or [])
