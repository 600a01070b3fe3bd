"""A session: a game, its journal, undo and resume.

The state is a fold over the journal's ``call``, ``undo``, ``correct`` and
``finish`` records: :meth:`Session.undo` appends an ``undo`` record and folds again, so
« Annule ! » restores exactly the state before the undone call, and a journal
replayed after a crash rebuilds the same game.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from voice_scribe.engine import Call, Event, EventKind, Reason, Rules
from voice_scribe.engine.calls import THROWS
from voice_scribe.engine.game import Game
from voice_scribe.engine.state import GameState
from voice_scribe.journal import Journal, JournalError, read_journal


class Session:
    def __init__(self, players: list[str], rules: Rules | None = None, journal: Journal | None = None) -> None:
        self.players = list(players)
        self.rules = rules or Rules()
        self.journal = journal
        self.game = Game(self.players, self.rules)
        self._records: list[dict[str, Any]] = []  # call / undo / finish records, in order
        self._seq = 0
        self._decisions: dict[int, bool] = {}  # call seq → did it decide anything (not only rejected)
        self._out_of_turn: set[int] = set()  # call seqs of dice thrown out of turn (a Bévue, the dice ignored)
        self.last_events: list[Event] = []

    # ── creating and resuming ──
    @classmethod
    def new(cls, players: list[str], rules: Rules | None = None, journal_path: str | Path | None = None) -> Session:
        rules = rules or Rules()
        Game(players, rules)  # validates the roster before a journal is written
        journal = Journal.create(journal_path, list(players), rules.to_dict()) if journal_path else None
        return cls(players, rules, journal)

    @classmethod
    def resume(cls, journal_path: str | Path) -> tuple[Session, list[str]]:
        """Continue an interrupted game; returns the session and the warnings."""
        contents = read_journal(journal_path, repair=True)
        header = contents.header
        try:
            rules = Rules.from_dict(header.get("rules", {}))
            players = list(header["players"])
        except (KeyError, ValueError, TypeError) as exc:
            raise JournalError(f"en-tête de journal invalide : {exc}") from None
        session = cls(players, rules, None)
        for record in contents.records:
            if record.get("type") in ("call", "undo", "finish", "correct", "tick"):
                session._records.append(record)
                session._seq = max(session._seq, int(record.get("seq", 0)))
        session._refold()
        session.journal = Journal.reopen(journal_path)
        return session, contents.warnings

    # ── playing ──
    def hear(self, call: Call) -> list[Event]:
        self._seq += 1
        record = {"type": "call", "seq": self._seq, "call": call.to_json()}
        self._records.append(record)
        self._write(record)
        events = self.game.apply(call)
        self._note_decision(self._seq, call, events)
        self._write({"type": "decision", "seq": self._seq, "events": [e.to_json() for e in events]})
        self.last_events = events
        return events

    def hear_all(self, calls: Iterable[Call]) -> list[Event]:
        events: list[Event] = []
        for call in calls:
            events.extend(self.hear(call))
        return events

    def note_heard(self, utterance: dict[str, Any], outcome: dict[str, Any]) -> None:
        """Keep what was heard (understood or not) in the journal's audit trail."""
        self._write({"type": "heard", "utterance": utterance, "outcome": outcome})

    def tick(self, t: float) -> list[Event]:
        """Live play: close the windows whose time is up (journaled only when it decides something)."""
        events = self.game.tick(t)
        if events:
            self._seq += 1
            record = {"type": "tick", "seq": self._seq, "t": t}
            self._records.append(record)
            self._write(record)
            self._write({"type": "decision", "seq": self._seq, "events": [e.to_json() for e in events]})
        return events

    def finish(self, t: float | None = None) -> list[Event]:
        at = self.game.state.clock if t is None else t
        self._seq += 1
        record = {"type": "finish", "seq": self._seq, "t": at}
        self._records.append(record)
        self._write(record)
        events = self.game.finish(at)
        self._write({"type": "decision", "seq": self._seq, "events": [e.to_json() for e in events]})
        return events

    def undo(self, t: float | None = None) -> list[Event]:
        """« Annule ! »: take back the last call that decided something."""
        undone = self._undone()
        target = None
        for record in reversed(self._records):
            if record["type"] == "call" and record["seq"] not in undone and self._decided(record["seq"]):
                target = record
                break
        if target is None:
            return [Event(EventKind.REJECTED, None, None, "nothing_to_undo", "", t, {"message": "rien à annuler"})]
        self._seq += 1
        record: dict[str, Any] = {"type": "undo", "seq": self._seq, "undoes": target["seq"], "t": t}
        said_since = self._said_about(target, undone)
        if said_since:
            record["with"] = said_since
        self._records.append(record)
        self._write(record)
        self._refold()
        taken: dict[str, Any] = {"call": target["call"]}
        if said_since:  # what was said about the taken-back throw goes with it (rule T3b)
            taken["with"] = [r["call"] for r in self._records if r["type"] == "call" and r["seq"] in said_since]
        event = Event(EventKind.UNDONE, target["call"].get("player"), None, target["call"]["kind"], "", t, taken)
        self._write({"type": "decision", "seq": self._seq, "events": [event.to_json()]})
        return [event]

    def correct_dice(self, dice: tuple[int, ...], t: float | None = None) -> list[Event]:
        """« Correction : quatre trois quatre »: the last throw was misheard.

        The corrected dice replace those of the last dice announcement(s) — two
        chouettes and a cul, three dice at once, or one die — and the game is
        folded again: everything said after it is judged on the right dice.
        The dice said again as they already stand change nothing: no event, no record.
        """
        undone = self._undone()
        dice_calls = [
            r for r in self._records
            if r["type"] == "call" and r["seq"] not in undone and r["seq"] not in self._out_of_turn
            and r["call"]["kind"] in ("chouettes", "cul", "des", "de")
        ]  # dice thrown out of turn were ignored: there is nothing of theirs to correct
        if not dice_calls:
            return [Event(EventKind.REJECTED, None, None, "nothing_to_correct", "", t, {"message": "aucun lancer à corriger"})]
        last = self._current_call(dice_calls[-1])
        replacements: list[tuple[dict[str, Any], list[int]]] = []
        if len(dice) == 3 and last["kind"] == "cul" and len(dice_calls) >= 2:
            before = self._current_call(dice_calls[-2])
            if before["kind"] == "chouettes":
                replacements = [(dice_calls[-2], list(dice[:2])), (dice_calls[-1], [dice[2]])]
        if not replacements:
            if len(last.get("dice", [])) != len(dice):
                return [Event(EventKind.REJECTED, None, None, "bad_correction", "", t,
                              {"message": f"il faut {len(last.get('dice', []))} dé(s) pour corriger ce lancer"})]
            replacements = [(dice_calls[-1], list(dice))]
        if all(self._current_call(record).get("dice") == faces for record, faces in replacements):
            return []  # the dice said again as they stand: nothing to correct, nothing written
        for record, faces in replacements:
            self._seq += 1
            corrected = dict(self._current_call(record), dice=faces)
            correction = {"type": "correct", "seq": self._seq, "corrects": record["seq"], "call": corrected, "t": t}
            self._records.append(correction)
            self._write(correction)
        self._refold()
        event = Event(EventKind.UNDONE, None, None, "correction", "", t, {"dice": list(dice), "correction": True})
        self._write({"type": "decision", "seq": self._seq, "events": [event.to_json()]})
        return [event]

    def _current_call(self, record: dict[str, Any]) -> dict[str, Any]:
        """A call as the fold sees it: the latest correction of it, if any."""
        call = record["call"]
        for other in self._records:
            if other["type"] == "correct" and other["corrects"] == record["seq"]:
                call = other["call"]
        return call

    # ── reading ──
    @property
    def state(self) -> GameState:
        return self.game.state

    def result(self) -> dict[str, Any]:
        state = self.game.state
        return {
            "scores": self.game.scores,
            "winner": state.winner,
            "eliminated": [n for n in state.players if state.players[n].eliminated],
        }

    def close(self) -> None:
        if self.journal:
            self.journal.close()

    # ── the fold ──
    def _undone(self) -> set[int]:
        undone: set[int] = set()
        for r in self._records:
            if r["type"] == "undo":
                undone.add(r["undoes"])
                undone.update(r.get("with", ()))
        return undone

    def _said_about(self, target: dict[str, Any], undone: set[int]) -> list[int]:
        """The calls said since a throw that « Annule ! » takes back (rule T3b): they answered dice that no longer
        count (a shout after the cul fell is no préventive of the cul thrown again), so they go with it. None of
        them decided anything (the throw is the last call that did)."""
        if target["call"]["kind"] not in THROWS:  # (a str enum: its values are its members' keys)
            return []
        return [r["seq"] for r in self._records
                if r["type"] == "call" and r["seq"] > target["seq"] and r["seq"] not in undone]

    def _decided(self, seq: int) -> bool:
        return self._decisions.get(seq, False)

    def _note_decision(self, seq: int, call: Call, events: list[Event]) -> None:
        self._decisions[seq] = any(e.kind is not EventKind.REJECTED for e in events)
        if any(e.kind is EventKind.BEVUE and e.reason == Reason.OUT_OF_TURN.value and e.player == call.player
               for e in events):
            self._out_of_turn.add(seq)
        else:
            self._out_of_turn.discard(seq)

    def _refold(self) -> None:
        self.game = Game(self.players, self.rules)
        self._decisions = {}
        self._out_of_turn = set()
        undone = self._undone()
        for record in self._records:
            if record["type"] == "call" and record["seq"] not in undone:
                call = Call.from_json(self._current_call(record))
                self._note_decision(record["seq"], call, self.game.apply(call))
            elif record["type"] == "finish":
                self.game.finish(record.get("t"))
            elif record["type"] == "tick":
                self.game.tick(record["t"])

    def _write(self, record: dict[str, Any]) -> None:
        if self.journal:
            self.journal.append(record)
