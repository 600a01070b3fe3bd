"""The archive: every game read from its journal, kept in one local SQLite file.

Importing is idempotent: a game is known by its journal header (:func:`game_key`), so the same
journal imported twice — or a copy of it — is one game, and a resumed game imported again
replaces its earlier, shorter version.

>>> archive = Archive.open(":memory:")
>>> archive.games()
[]
>>> archive.close()
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from voice_scribe.history.fold import GameRecord, Race, read_game

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    journal TEXT NOT NULL,
    created TEXT NOT NULL,
    players TEXT NOT NULL,          -- JSON list, in turn order
    rules TEXT NOT NULL,            -- JSON object (Rules.to_dict)
    finished INTEGER NOT NULL,      -- 1: a winner or « fin de partie »; 0: interrupted
    winner TEXT,
    duration_s REAL NOT NULL,
    imported TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    player TEXT NOT NULL,
    score INTEGER NOT NULL,
    eliminated INTEGER NOT NULL,
    PRIMARY KEY (game_id, player)
);
CREATE TABLE IF NOT EXISTS scores (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    step INTEGER NOT NULL,
    t REAL NOT NULL,
    player TEXT NOT NULL,
    score INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS verdicts (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    t REAL NOT NULL,
    text TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS races (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    t REAL NOT NULL,
    call TEXT NOT NULL,
    mode TEXT NOT NULL,
    decisive TEXT NOT NULL,
    runner_up TEXT NOT NULL,
    gap_ms REAL NOT NULL,
    tie INTEGER NOT NULL,
    shouters INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS scores_by_game ON scores(game_id, step);
"""


class ArchiveError(Exception):
    """An archive that cannot be opened or written; the message is French."""


@dataclass(frozen=True)
class GameSummary:
    id: int
    created: str
    journal: str
    players: list[str]
    rules: dict[str, Any]
    scores: dict[str, int]
    winner: str | None
    finished: bool
    duration_s: float
    races: int


@dataclass(frozen=True)
class PlayerFigures:
    player: str
    games: int
    wins: int
    mean_score: float
    best_score: int
    races_won: int  # first to shout (or not the last, for « Grelotte ça picote »)
    races_lost: int
    mean_gap_ms: float | None  # the onset gap of the races he decided, on average


@dataclass(frozen=True)
class ImportResult:
    game_id: int
    new: bool  # False: the game was already archived (replaced by this reading)
    game: GameRecord


class Archive:
    def __init__(self, connection: sqlite3.Connection) -> None:
        self.db = connection

    @classmethod
    def open(cls, path: str | Path) -> Archive:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        try:
            db = sqlite3.connect(str(path))
            db.execute("PRAGMA foreign_keys = ON")
            db.executescript(SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise ArchiveError(f"archive illisible : {path} ({exc})") from None
        return cls(db)

    def close(self) -> None:
        self.db.close()

    # ── importing ──
    def import_journal(self, path: str | Path) -> ImportResult:
        """Read a journal and keep its game; raises :class:`~voice_scribe.journal.JournalError`."""
        return self.keep(read_game(path))

    def keep(self, game: GameRecord) -> ImportResult:
        with self.db:
            old = self.db.execute("SELECT id FROM games WHERE key = ?", (game.key,)).fetchone()
            if old:
                self.db.execute("DELETE FROM games WHERE id = ?", (old[0],))
            cur = self.db.execute(
                "INSERT INTO games (id, key, journal, created, players, rules, finished, winner, duration_s, imported)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (old[0] if old else None, game.key, game.journal, game.created,
                 json.dumps(game.players, ensure_ascii=False), json.dumps(game.rules, ensure_ascii=False),
                 int(game.finished), game.winner, game.duration_s,
                 datetime.now(timezone.utc).isoformat(timespec="seconds")),
            )
            game_id = int(cur.lastrowid)
            self.db.executemany(
                "INSERT INTO results VALUES (?, ?, ?, ?, ?)",
                [(game_id, i, name, game.final_scores.get(name, 0), int(name in game.eliminated))
                 for i, name in enumerate(game.players)],
            )
            self.db.executemany(
                "INSERT INTO scores VALUES (?, ?, ?, ?, ?)",
                [(game_id, p.step, p.t, name, score) for p in game.points for name, score in p.scores.items()],
            )
            self.db.executemany("INSERT INTO verdicts VALUES (?, ?, ?)", [(game_id, v.t, v.text) for v in game.verdicts])
            self.db.executemany(
                "INSERT INTO races VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(game_id, r.t, r.call, r.mode, r.decisive, r.runner_up, r.gap_ms, int(r.tie), r.shouters)
                 for r in game.races],
            )
        return ImportResult(game_id, old is None, game)

    # ── reading ──
    def games(self) -> list[GameSummary]:
        rows = self.db.execute(
            "SELECT g.id, g.created, g.journal, g.players, g.rules, g.winner, g.finished, g.duration_s,"
            " (SELECT COUNT(*) FROM races r WHERE r.game_id = g.id) FROM games g ORDER BY g.created, g.id"
        ).fetchall()
        return [
            GameSummary(gid, created, journal, json.loads(players), json.loads(rules), self.final_scores(gid),
                        winner, bool(finished), duration, races)
            for gid, created, journal, players, rules, winner, finished, duration, races in rows
        ]

    def final_scores(self, game_id: int) -> dict[str, int]:
        rows = self.db.execute("SELECT player, score FROM results WHERE game_id = ? ORDER BY position", (game_id,))
        return dict(rows.fetchall())

    def curve(self, game_id: int) -> list[tuple[float, dict[str, int]]]:
        """The scores after every decision that changed them, in order."""
        points: dict[int, tuple[float, dict[str, int]]] = {}
        for step, t, player, score in self.db.execute(
            "SELECT step, t, player, score FROM scores WHERE game_id = ? ORDER BY step, rowid", (game_id,)
        ):
            points.setdefault(step, (t, {}))[1][player] = score
        return [points[step] for step in sorted(points)]

    def verdicts(self, game_id: int) -> list[tuple[float, str]]:
        return self.db.execute("SELECT t, text FROM verdicts WHERE game_id = ? ORDER BY rowid", (game_id,)).fetchall()

    def races(self, game_id: int | None = None) -> list[Race]:
        sql = "SELECT t, call, mode, decisive, runner_up, gap_ms, tie, shouters FROM races"
        rows = self.db.execute(sql + " WHERE game_id = ? ORDER BY t", (game_id,)) if game_id is not None \
            else self.db.execute(sql + " ORDER BY game_id, t")
        return [Race(t, call, mode, a, b, gap, bool(tie), n) for t, call, mode, a, b, gap, tie, n in rows]

    def game(self, game_id: int) -> GameSummary | None:
        return next((g for g in self.games() if g.id == game_id), None)

    def player_figures(self) -> list[PlayerFigures]:
        """Per player, over every archived game; best first (wins, then mean score)."""
        games: dict[str, list[int]] = {}
        wins: dict[str, int] = {}
        for gid, player, score in self.db.execute("SELECT game_id, player, score FROM results"):
            games.setdefault(player, []).append(score)
        for (winner,) in self.db.execute("SELECT winner FROM games WHERE winner IS NOT NULL"):
            wins[winner] = wins.get(winner, 0) + 1
        won: dict[str, int] = {}
        lost: dict[str, int] = {}
        gaps: dict[str, list[float]] = {}
        for race in self.races():
            winner, loser = _race_sides(race)
            if winner:
                won[winner] = won.get(winner, 0) + 1
                gaps.setdefault(winner, []).append(race.gap_ms)
            if loser:
                lost[loser] = lost.get(loser, 0) + 1
        out = [
            PlayerFigures(
                name, len(scores), wins.get(name, 0), sum(scores) / len(scores), max(scores),
                won.get(name, 0), lost.get(name, 0),
                sum(gaps[name]) / len(gaps[name]) if gaps.get(name) else None,
            )
            for name, scores in games.items()
        ]
        return sorted(out, key=lambda f: (-f.wins, -f.mean_score, f.player))


def _race_sides(race: Race) -> tuple[str | None, str | None]:
    """Who won and who lost a race (a tie: nobody won, the tied shouters lost)."""
    if race.mode == "first":
        return (None, race.decisive) if race.tie else (race.decisive, race.runner_up)
    return (None, race.decisive) if race.tie else (race.runner_up, race.decisive)
