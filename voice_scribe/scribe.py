"""The scribe: what the table said (understood) → the game → what to say back.

One :class:`Scribe` serves the live game (``voice-scribe listen``), the replay
of a transcript or a recording, and the demo. It takes each understood
utterance, feeds calls to the :class:`~voice_scribe.session.Session`, answers
table commands (scores, « Annule », « Correction », « Pause »…), asks when the
understanding layer was unsure, and returns a :class:`Reply` holding the
phrase to speak and print. It does no I/O of its own besides the journal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from voice_scribe.engine import Call, CallKind, Event, EventKind, Reason
from voice_scribe.engine.calls import CALL_SPECS
from voice_scribe.engine.state import GRELOTTINE_MINIMUM, Holding, Phase
from voice_scribe.engine.table import Legality
from voice_scribe.session import Session
from voice_scribe.understand import UNKNOWN_SPEAKER, ResultKind, TableCommand, Understanding
from voice_scribe.understand.commands import Command
from voice_scribe.understand.normalize import strip_accents
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


#: Calls said back when heard (« Perceval : Linotte, 5 points sur le 1. »): a bet or a stake the
#: table must hear was taken as meant. Dice and race shouts are not: the throw or the verdict says them.
ACKNOWLEDGED = frozenset(
    {CallKind.BEAU_SIROP, CallKind.COUCHE_SIROP}
    | {k for k, spec in CALL_SPECS.items() if {"number", "combination"} & set(spec.args) and "dice" not in spec.args}
)
#: Calls whose effect does not depend on who says them (« Suivant ! » closes the window for all): said by
#: nobody known (one microphone, a typed line without a name), they are the table's, not a « Qui a dit … ? »
TABLE_CALLS = frozenset({CallKind.SUIVANT})
#: the answers to « Vous avez dit « a » ou « b » ? »: the index of the reading each picks (-1: the last)
_CHOICE_RANKS = {"premier": 0, "premiere": 0, "deuxieme": 1, "second": 1, "seconde": 1, "troisieme": 2,
                 "dernier": -1, "derniere": -1}
_CHOICE_FILLERS = frozenset({"le", "la", "l", "c", "est", "oui", "non", "plutot", "euh", "celle", "celui", "ci"})
#: the most a call refused now may differ from its words and still be told aloud with the game's reason: a slip of
#: a letter or two (« couche sirops »: 0.025). Words the reading does not explain around it cost more (« bidule
#: chouette de quinze »: 0.19, « sa chouette de quinze »: 0.06): a remark around a call's words is chatter.
PLAIN_REFUSAL_COST = 0.05
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_SLOT_WORDS = {"player": "(un joueur)", "die": "(un chiffre)", "dice": "(des chiffres)", "number": "(un nombre)"}


@dataclass(frozen=True)
class Reply:
    """What the scribe answers to one utterance.

    ``understood`` is what the utterance meant, in French (« chouettes 3 et 4 », « les scores ? »),
    empty for a tick; ``quiet`` replies are shown, not said (chatter the scribe did not understand).
    """

    kind: str  # "decision" | "answer" | "question" | "not_understood" | "ignored" | "paused"
    phrase: Phrase | None = None
    events: list[Event] = field(default_factory=list)
    understood: str = ""
    quiet: bool = False
    speaker: str | None = None  # who said it, when the understanding found out (a name said first)
    #: the time of the call this reply settles when it was said earlier (an answered « … ou … ? » or « Qui a
    #: dit … ? »): the journal keeps that time, the screen shows the verdict when it came
    settles: float | None = None

    @property
    def speaks(self) -> bool:
        return bool(self.phrase) and not self.quiet


def _joined(*phrases: Phrase | None) -> Phrase | None:
    """Several phrases said as one utterance."""
    present = [p for p in phrases if p]
    if not present:
        return None
    return Phrase(" ".join(p.spoken for p in present), " ".join(p.screen for p in present),
                  any(p.urgent for p in present))


def _names(players: list[str]) -> str:
    """« Karadoc, Léodagan et Yvain »."""
    return players[0] if len(players) == 1 else f"{', '.join(players[:-1])} et {players[-1]}"


def _reason_words(reason: str | None) -> str | None:
    """The matcher's reason, without its template slots (« {player} » → « (un joueur) »)."""
    if not reason:
        return None
    return _PLACEHOLDER.sub(lambda m: _SLOT_WORDS.get(m.group(1), "(un mot)"), reason)


def readings_of(understanding: Understanding, phrasebook: Phrasebook) -> list[Call | Command]:
    """The readings of an ask-back, each once as the screen names it (at most three), in the matcher's order."""
    readings: dict[str, Call | Command] = {}
    for candidate in understanding.candidates:
        reading = candidate.call or candidate.command
        if reading is not None:
            words = phrasebook.understood(reading).screen if isinstance(reading, Call) else command_meaning(reading, phrasebook)
            readings.setdefault(words, reading)
    return list(readings.values())[:3]


def which_one(readings: list[Call | Command], phrasebook: Phrasebook) -> Phrase:
    """« Vous avez dit « chouettes un et quatre » ou « dé quatre » ? »: the readings said back as the screen shows
    a call, never the matcher's own words."""
    return phrasebook.which_one([r if isinstance(r, Call) else command_meaning(r, phrasebook) for r in readings])


def command_meaning(command: Command, phrasebook: Phrasebook) -> str:
    """A table command as the screen names it: « combien a Karadoc ? »."""
    return phrasebook.command_understood(command.kind.value, command.target, command.item, command.rule, command.dice)


class Scribe:
    def __init__(self, session: Session, phrasebook: Phrasebook | None = None) -> None:
        self.session = session
        self.phrasebook = phrasebook or Phrasebook(session.rules)
        self.paused = False
        self.over = False  # « fin de partie » was said (or the game has a winner)
        self.asked: Call | None = None  # the call of the last « Qui a dit … ? », until answered
        # who was asked the last « Vous avez dit … ou … ? », and its readings, until the next utterance
        self.choice: tuple[str | None, tuple[Call | Command, ...]] | None = None
        self.last_phrase: Phrase | None = None
        self.events: list[Event] = []  # every engine event, in order (for --json)

    # ── one utterance ──
    def hear(self, understanding: Understanding, utterance: dict[str, Any] | None = None) -> Reply:
        self.session.note_heard(utterance or {"text": understanding.text}, understanding.to_json())
        reply = replace(self._hear(understanding), speaker=understanding.speaker)
        if reply.understood or not understanding.accepted:
            return reply
        return replace(reply, understood=self._meaning(understanding))

    def _hear(self, understanding: Understanding) -> Reply:
        command = understanding.command
        meaning = self._meaning(understanding)
        if self.paused and not (command is not None and command.kind is TableCommand.REPRENDS):
            return Reply("paused", self.phrasebook.paused(), understood=meaning, quiet=True)  # shown, not said
        choice, self.choice = self.choice, None  # a « … ou … ? » is answered by the next utterance or not at all
        if choice is not None and not understanding.accepted:
            answer = self._answer_to_which_one(understanding, *choice)
            if answer is not None:
                return answer
        if understanding.kind is ResultKind.CALL and understanding.call is not None:
            call = understanding.call
            if call.player == UNKNOWN_SPEAKER and call.kind in TABLE_CALLS:  # the same whoever says it
                call = replace(call, player=self._anyone())
            if call.player == UNKNOWN_SPEAKER:  # nobody to give it to: ask, never guess
                self.asked = call
                return self._say("question", self.phrasebook.who_said(understanding.text), understood=meaning)
            if len(understanding.players) > 1 and not self.over:
                return self._calls_together(call, understanding.players, meaning)
            return self._call(call, meaning)
        if understanding.kind is ResultKind.COMMAND and command is not None:
            return replace(self._command(command), understood=meaning)
        answer = self._answer_to_who_said(understanding.text)
        if answer is not None:
            return answer
        if understanding.kind is ResultKind.AMBIGUOUS:
            return self._say("question", self._which_one(understanding))
        refused = self._refused_now(understanding)
        if refused is not None:
            return refused
        if understanding.candidates:  # close to something: ask again rather than guess
            return self._say("not_understood", self.phrasebook.not_understood(understanding.text))
        return self._chatter(understanding)

    def _chatter(self, understanding: Understanding) -> Reply:
        """Table chatter: answered on screen (with the reason), not aloud."""
        phrase = self.phrasebook.not_understood(understanding.text, _reason_words(understanding.reason))
        return Reply("not_understood", phrase, quiet=True)

    def _call(self, call: Call, meaning: str) -> Reply:
        if self.over:
            return self._say("answer", self.phrasebook.game_over(), understood=meaning)
        # a stake's range (a bird is a face, not a stake: its Bévue says what was wrong)
        legal = self.session.game.now().calls(call.kind) if call.number is not None and call.kind is not \
            CallKind.PARI_OISEAU else ()
        reply = self.decide(self.session.hear(call))
        verdicts = {e.kind for e in told(reply.events)}
        span = legal[0].numbers if legal else None
        if call.number is not None and span and not span[0] <= call.number <= span[1] and verdicts & {
                EventKind.REJECTED, EventKind.BEVUE}:  # a refused stake says what it could have been
            reply = self._say(reply.kind, _joined(reply.phrase, self.phrasebook.number_range(*span)), reply.events)
        if call.kind in ACKNOWLEDGED and not verdicts & {EventKind.REJECTED, EventKind.BEVUE}:
            reply = self._say(reply.kind, _joined(self.phrasebook.acknowledge(call), reply.phrase), reply.events)
        return replace(reply, understood=meaning)

    def _calls_together(self, call: Call, players: tuple[str, ...], meaning: str) -> Reply:
        """« Perceval et Karadoc : beau sirop »: one call per named player, all at the call's onset (a tie, as
        the races read it), in the table's order; each is journaled and answered, the answers said in turn."""
        seats = list(self.session.state.players)
        ordered = sorted(players, key=lambda p: seats.index(p) if p in seats else len(seats))
        replies = [self._call(replace(call, player=p), meaning) for p in ordered]
        phrase = _joined(*(r.phrase for r in replies))
        events = [e for r in replies for e in r.events]
        return self._say(replies[0].kind, phrase, events, understood=f"{_names(ordered)} : {meaning}")

    def _anyone(self) -> str:
        """Who a call said by the whole table goes to: the player whose throw is on the table (or whose turn comes)."""
        state = self.session.state
        return state.current.roller if state.current is not None else self.session.game.upcoming_roller()

    def _answer_to_who_said(self, text: str) -> Reply | None:
        """« Qui a dit « six six six » ? » — « Karadoc ! » (or « c'est Karadoc »): the call is his."""
        if self.asked is None:
            return None
        words = [w for w in re.findall(r"[\w-]+", strip_accents(text).casefold()) if w not in ("c", "est", "moi")]
        said = " ".join(words)
        name = next((p for p in self.session.state.players if strip_accents(p).casefold() == said), None)
        if name is None:
            return None
        call, self.asked = replace(self.asked, player=name), None
        return replace(self._call(call, f"{name} (réponse à « Qui a dit ? »)"), settles=call.t)

    def _refused_now(self, understanding: Understanding) -> Reply | None:
        """« linotte pour moi » while nobody sirotes: a call the game refuses now is answered with the game's
        reason, as a refused call is (« Annonce refusée : personne ne sirote. »), and nothing changes — when it
        was said plainly: « bidule chouette de quinze » with no Grelottine challenge running is a remark about a
        Chouette, not a stake out of time (:data:`PLAIN_REFUSAL_COST`); it is chatter, shown and not said."""
        calls = [c.call for c in understanding.candidates if c.call is not None]
        if understanding.kind is not ResultKind.REJECTED or len(calls) != 1:
            return None
        call = calls[0]
        check = self.session.game.check(call)
        if check.legality is not Legality.REJECTED or not check.reason:
            return None
        refusal = Event(EventKind.REJECTED, call.player, None, check.code or "", CALL_SPECS[call.kind].rule, call.t,
                        {"call": call.to_json(), "message": check.reason})
        if (understanding.cost or 0.0) > PLAIN_REFUSAL_COST:  # a remark around the call's words: chatter, shown
            # with the game's reason in the table's words (« … : cette table ne joue pas le Pélican »)
            reason = self.phrasebook.refusal_reason(refusal)
            return Reply("not_understood", self.phrasebook.not_understood(understanding.text, reason), quiet=True)
        return self._say("decision", self.phrasebook.events([refusal]), understood=self.phrasebook.understood(call).screen)

    def _answer_to_which_one(self, understanding: Understanding, asked: str | None,
                             readings: tuple[Call | Command, ...]) -> Reply | None:
        """« Vous avez dit « chouettes un et quatre » ou « dé quatre » ? » — « la première » (« le deuxième »,
        « la dernière »), from whoever was asked: that reading is played as if it had been said plainly."""
        words = [w for w in re.findall(r"[\w-]+", strip_accents(understanding.text).casefold())
                 if w not in _CHOICE_FILLERS]
        ranks = [_CHOICE_RANKS[w] for w in words if w in _CHOICE_RANKS]
        if len(ranks) != 1 or len(words) > 2 or (asked and understanding.speaker not in (None, asked)):
            return None
        chosen = readings[min(ranks[0], len(readings) - 1)]
        if isinstance(chosen, Call):
            if chosen.player == UNKNOWN_SPEAKER:  # one microphone: the call is the answerer's if he is known
                if understanding.speaker in (None, UNKNOWN_SPEAKER):
                    self.asked = chosen
                    return self._say("question", self.phrasebook.who_said(understanding.text))
                chosen = replace(chosen, player=understanding.speaker)
            return replace(self._call(chosen, self.phrasebook.understood(chosen).screen), settles=chosen.t)
        return replace(self._command(chosen), understood=command_meaning(chosen, self.phrasebook))

    def _which_one(self, understanding: Understanding) -> Phrase:
        """« Vous avez dit « chouettes un et quatre » ou « dé quatre » ? » (:func:`which_one`); the next
        utterance may pick one of them (:meth:`_answer_to_which_one`)."""
        shown = readings_of(understanding, self.phrasebook)
        if len(shown) < 2:
            return self.phrasebook.not_understood(understanding.text)
        self.choice = (understanding.speaker, tuple(shown))
        return which_one(shown, self.phrasebook)

    def _meaning(self, understanding: Understanding) -> str:
        if understanding.call is not None:
            return self.phrasebook.understood(understanding.call).screen
        if understanding.command is not None:
            return command_meaning(understanding.command, self.phrasebook)
        return ""

    def finish(self, t: float | None = None) -> Reply:
        return self.decide(self.session.finish(t))

    # ── calls ──
    def decide(self, events: list[Event]) -> Reply:
        self.events.extend(events)
        heard = told(events)
        if not heard:
            return Reply("decision", None, events)
        return self._say("decision", _joined(self.phrasebook.events(heard), self._neant_why(heard)), events)

    def _neant_why(self, events: list[Event]) -> Phrase | None:
        """« Néant. » said alone: why its roller won no Grelottine (he holds one already, which does not add up,
        or has fewer than the 30 points it needs); nothing when the Néant is told with what it brought."""
        state, rules = self.session.state, self.session.rules
        throw = next((e for e in events if e.kind is EventKind.THROW), None)
        if throw is None or throw.reason != "neant" or throw.data.get("figure") or rules.aquitaine:
            return None
        if any(e.kind in (EventKind.HOLDING, EventKind.SCORE, EventKind.BEVUE) for e in events):
            return None
        current = state.current
        if state.phase is not Phase.REACTION or current is None or current.roller != throw.player:
            return None  # a challenge's or a relance's Néant: its own rule says what it does
        player = state.players.get(throw.player or "")
        if player is None:
            return None
        if player.holds(Holding.GRELOTTINE):
            return self.phrasebook.neant_without_grelottine(player.name, True, GRELOTTINE_MINIMUM)
        if not rules.negative_scores and player.score < GRELOTTINE_MINIMUM:
            return self.phrasebook.neant_without_grelottine(player.name, False, GRELOTTINE_MINIMUM)
        return None

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
        if kind is TableCommand.REPETE:  # nothing said yet (a game resumed from its journal): the scores
            return Reply("answer", self.last_phrase or pb.scores(game.scores))
        if kind is TableCommand.ANNULE:
            before = dict(game.scores)
            events = self.session.undo(command.t)
            undone = events[0]
            if undone.kind is EventKind.REJECTED:
                return self._say("answer", pb.nothing_to_undo())
            self.over = False
            changes = pb.score_changes(before, self.session.game.scores)
            return self._say("answer", _joined(pb.cancelled(undone.data.get("call"), undone.data.get("with", ())), changes), events)
        if kind is TableCommand.CORRECTION and command.dice:
            before = dict(game.scores)
            events = self.session.correct_dice(tuple(command.dice), command.t)
            if not events:
                return self._say("answer", pb.correction_same(command.dice))
            if events[0].kind is EventKind.REJECTED:
                return self._say("answer", pb.correction_refused(str(events[0].data.get("message", ""))))
            changes = pb.score_changes(before, self.session.game.scores)
            return self._say("answer", _joined(pb.events(events), changes), events)
        if kind is TableCommand.PAUSE:
            self.paused = True
            return self._say("answer", pb.pause(), remember=False)  # « répète » still says the last verdict
        if kind is TableCommand.REPRENDS:
            self.paused = False
            return self._say("answer", pb.resume(), remember=False)
        if kind is TableCommand.FIN_DE_PARTIE:
            reply = self.finish(command.t)
            self.over = True
            scores = self.session.game.scores
            best = max(scores.values())
            end = None if self.session.state.winner else _joined(
                pb.stopped(self.session.rules.target), pb.leader([n for n, s in scores.items() if s == best], best))
            return self._say("answer", _joined(reply.phrase, end, pb.scores(scores)), reply.events)
        return self._say("not_understood", pb.not_understood(None))

    def _say(self, kind: str, phrase: Phrase | None, events: list[Event] | None = None, understood: str = "",
             remember: bool = True) -> Reply:
        if phrase and remember:
            self.last_phrase = phrase
        return Reply(kind, phrase, events or [], understood)
