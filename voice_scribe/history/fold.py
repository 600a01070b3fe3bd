"""A game read back from its journal, decision by decision.

The journal's ``call``, ``undo``, ``correct``, ``tick`` and ``finish`` records are played again,
in order, through a fresh :class:`~voice_scribe.session.Session` (the same public calls the live
game made), so the scores after each decision are the scores the table saw — an undone call shows
as the jump back it was — and the final scores are the engine's fold of the journal.

>>> from voice_scribe.replay import replay
>>> from voice_scribe.engine import Call, CallKind
>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "partie.jsonl"
>>> calls = [Call(CallKind.DE, "A", 0.0, dice=(6,)), Call(CallKind.DE, "B", 1.0, dice=(2,)),
...          Call(CallKind.DES, "A", 3.0, dice=(5, 5, 5))]
>>> session, _ = replay(["A", "B"], calls, journal_path=path); session.close()
>>> game = read_game(path)
>>> game.final_scores, game.finished
({'A': 90, 'B': 0}, True)
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from voice_scribe.engine import Call, CallKind, Rules
from voice_scribe.journal import JournalContents, JournalError, read_journal
from voice_scribe.scribe import told
from voice_scribe.session import Session
from voice_scribe.voice.phrasebook import Phrasebook

#: Races kept in the archive: the call shouted, and whether the first or the last shout decides.
RACE_MODES: dict[str, str] = {
    CallKind.PAS_MOU_LE_CAILLOU.value: "first",
    CallKind.GRELOTTE_CA_PICOTE.value: "last",
    CallKind.SANS_FIN.value: "last",
    CallKind.CONTRE_SIROP.value: "first",
    CallKind.POULETTE.value: "first",
    CallKind.ACHAT.value: "first",
    CallKind.ARTICHETTE.value: "first",
    CallKind.VELUTEE.value: "first",
    CallKind.PELICAN.value: "first",
    CallKind.LANCE_BUCHES.value: "first",
    CallKind.MISERABLE.value: "first",
    CallKind.SALSIFI.value: "first",
    CallKind.EXCALIBUR.value: "first",
}
_DICE = {CallKind.CHOUETTES.value, CallKind.CUL.value, CallKind.DES.value, CallKind.DE.value}


@dataclass(frozen=True)
class ScorePoint:
    """The scores right after one decision (``step`` counts the journal's decisions)."""

    step: int
    t: float
    scores: dict[str, int]


@dataclass(frozen=True)
class Verdict:
    t: float
    text: str  # the phrasebook's screen text, as the table read it


@dataclass(frozen=True)
class Race:
    """Two or more players shouting the same call about the same throw.

    ``decisive`` is who the race was about (the first shouter, or the last for « Grelotte ça
    picote »), ``runner_up`` the next one, ``gap_ms`` the onset gap between them.
    """

    t: float
    call: str
    mode: str  # "first" | "last"
    decisive: str
    runner_up: str
    gap_ms: float
    tie: bool  # the gap is within the rules' tie window
    shouters: int


@dataclass
class GameRecord:
    key: str  # the same journal (or a copy, or the same game resumed) always gives the same key
    journal: str
    created: str
    players: list[str]
    rules: dict[str, Any]
    final_scores: dict[str, int]
    eliminated: list[str]
    winner: str | None
    finished: bool  # a winner, or « fin de partie »; otherwise the game was interrupted
    duration_s: float
    points: list[ScorePoint] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)
    races: list[Race] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def game_key(header: dict[str, Any]) -> str:
    """A game's identity: its journal header (players, rules, creation time)."""
    canonical = json.dumps(
        {k: header.get(k) for k in ("created", "players", "rules")}, sort_keys=True, ensure_ascii=False
    )
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:20]


def read_game(path: str | Path) -> GameRecord:
    """Read a journal (never modifying it) into a :class:`GameRecord`; raises :class:`JournalError`."""
    contents = read_journal(path, repair=False)
    header = contents.header
    try:
        rules = Rules.from_dict(header.get("rules", {}))
        players = [str(p) for p in header["players"]]
        session = Session(players, rules, None)
    except (KeyError, ValueError, TypeError) as exc:
        raise JournalError(f"journal {path} : en-tête invalide ({exc})") from None
    book = Phrasebook(rules)
    points = [ScorePoint(0, 0.0, dict(session.game.scores))]
    verdicts: list[Verdict] = []
    for step, (t, events) in enumerate(_decisions(session, contents, path), start=1):
        heard = told(events)
        if heard:
            verdicts.append(Verdict(t, book.events(heard).screen))
        scores = dict(session.game.scores)
        if scores != points[-1].scores:
            points.append(ScorePoint(step, t, scores))
    state = session.state
    finished = state.winner is not None or any(r.get("type") == "finish" for r in contents.records)
    times = [t for t in (_record_time(r) for r in contents.records) if t is not None]
    return GameRecord(
        key=game_key(header),
        journal=str(path),
        created=str(header.get("created", "")),
        players=list(state.order) + [n for n in state.players if n not in state.order],  # turn order
        rules=rules.to_dict(),
        final_scores=dict(session.game.scores),
        eliminated=[n for n, p in state.players.items() if p.eliminated],
        winner=state.winner,
        finished=finished,
        duration_s=max(times, default=0.0),
        points=points,
        verdicts=verdicts,
        races=find_races(contents.records, rules.tie_window_s),
        warnings=list(contents.warnings),
    )


def _decisions(session: Session, contents: JournalContents, path: str | Path):  # noqa: ANN202 - Iterator
    """Play the journal's records again; yields (t, events) per decision."""
    records = [r for r in contents.records if r.get("type") in ("call", "undo", "correct", "tick", "finish")]
    i = 0
    while i < len(records):
        record = records[i]
        kind = record["type"]
        try:
            if kind == "call":
                call = Call.from_json(record["call"])
                yield call.t, session.hear(call)
            elif kind == "undo":
                yield _time(record, session), session.undo(record.get("t"))
            elif kind == "tick":
                yield float(record["t"]), session.tick(float(record["t"]))
            elif kind == "finish":
                yield _time(record, session), session.finish(record.get("t"))
            else:  # one « Correction » may have written two records: the chouettes and the cul
                group = _correction_group(records, i)
                dice = tuple(d for r in group for d in r["call"]["dice"])
                i += len(group) - 1
                yield _time(record, session), session.correct_dice(dice, record.get("t"))
        except (KeyError, TypeError, ValueError) as exc:
            raise JournalError(f"journal {path} : enregistrement {record.get('seq', '?')} illisible ({exc})") from None
        i += 1


def _correction_group(records: list[dict[str, Any]], i: int) -> list[dict[str, Any]]:
    first = records[i]
    if i + 1 < len(records):
        second = records[i + 1]
        if (
            second.get("type") == "correct"
            and second.get("t") == first.get("t")
            and first["call"].get("kind") == CallKind.CHOUETTES.value
            and second["call"].get("kind") == CallKind.CUL.value
        ):
            return [first, second]
    return [first]


def _time(record: dict[str, Any], session: Session) -> float:
    t = record.get("t")
    return float(t) if t is not None else session.state.clock


def _record_time(record: dict[str, Any]) -> float | None:
    if record.get("type") == "call":
        return record.get("call", {}).get("t")
    t = record.get("t")
    return float(t) if isinstance(t, (int, float)) else None


def find_races(records: list[dict[str, Any]], tie_window_s: float) -> list[Race]:
    """The races of a game: same call, same throw, two players or more (undone calls left out)."""
    undone = {r.get("undoes") for r in records if r.get("type") == "undo"}
    windows: list[dict[str, dict[str, float]]] = [{}]
    for record in records:
        if record.get("type") != "call" or record.get("seq") in undone:
            continue
        call = record.get("call", {})
        kind, player, t = call.get("kind"), call.get("player"), call.get("t")
        if kind in _DICE:
            windows.append({})
        elif kind in RACE_MODES and isinstance(player, str) and isinstance(t, (int, float)):
            shouts = windows[-1].setdefault(kind, {})
            shouts[player] = min(float(t), shouts.get(player, float(t)))
    races: list[Race] = []
    for window in windows:
        for kind, shouts in window.items():
            if len(shouts) >= 2:
                races.append(_race(kind, shouts, tie_window_s))
    return sorted(races, key=lambda r: r.t)


def _race(kind: str, shouts: dict[str, float], tie_window_s: float) -> Race:
    ordered = sorted(shouts.items(), key=lambda item: (item[1], item[0]))
    mode = RACE_MODES[kind]
    (decisive, t_a), (runner_up, t_b) = (ordered[0], ordered[1]) if mode == "first" else (ordered[-1], ordered[-2])
    gap = abs(t_a - t_b)
    return Race(ordered[0][1], kind, mode, decisive, runner_up, round(gap * 1000, 1),
                gap <= tie_window_s + 1e-9, len(ordered))

