"""The archive: every game read from its journal, kept in one local SQLite file.

Importing is idempotent: a game is known by its journal header (:func:`game_key`) and its
records (a journal is append-only, so a later reading of a game continues the earlier one): the
same journal imported twice — or a copy of it — is one game, and a resumed game imported again
replaces its earlier, shorter version. The journal's text is kept in the archive too.

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

from voice_scribe.history.fold import GameRecord, Race, game_key, read_game

SCHEMA_VERSION = 1  # PRAGMA user_version of an archive this code reads and writes
SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL,              -- the journal header's hash (fold.game_key)
    journal TEXT NOT NULL,
    journal_text BLOB NOT NULL,     -- the journal as read: the archive keeps the game even if the file goes
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
CREATE INDEX IF NOT EXISTS verdicts_by_game ON verdicts(game_id);
CREATE INDEX IF NOT EXISTS races_by_game ON races(game_id);
CREATE INDEX IF NOT EXISTS games_by_key ON games(key);
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
    new: bool  # False: the game was already archived (replaced by this reading, or unchanged)
    game: GameRecord | None  # None: the journal had not changed since it was archived


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
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = db.execute("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]
            if version != SCHEMA_VERSION and (tables or version):
                db.close()
                raise ArchiveError(
                    f"l'archive {path} est d'une autre version (n° {version}, celle-ci lit le n° {SCHEMA_VERSION}) : "
                    "renommez-la, une nouvelle archive se reconstruit depuis les journaux")
            db.executescript(SCHEMA)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except sqlite3.DatabaseError as exc:
            raise ArchiveError(f"archive illisible : {path} ({exc})") from None
        return cls(db)

    def close(self) -> None:
        self.db.close()

    # ── importing ──
    def import_journal(self, path: str | Path) -> ImportResult:
        """Read a journal and keep its game; raises :class:`~voice_scribe.journal.JournalError`.

        The same game is the same header *and* one journal continuing the other (a resumed game
        appends to its journal): a longer journal replaces the archived one, the same or a shorter
        one is not read again. Two games started in the same second with the same players and rules
        (a script replaying logs) stay two games, since neither journal continues the other.
        """
        try:
            text = Path(path).read_bytes()
        except OSError:
            text = b""
        if not text:
            read_game(path)  # says why, in French
        known = self._same_game(text)
        if known is not None and known[1]:
            return ImportResult(known[0], False, None)
        return self.keep(read_game(path), text, known[0] if known else None)

    def _same_game(self, text: bytes) -> tuple[int, bool] | None:
        """(id, already complete) of the archived game this journal is, if any."""
        try:
            key = game_key(json.loads(text.split(b"\n", 1)[0]))
        except (ValueError, AttributeError):
            return None  # read_game will say what is wrong with it
        mine = _complete_lines(text)
        for game_id, stored in self.db.execute("SELECT id, journal_text FROM games WHERE key = ?", (key,)):
            theirs = _complete_lines(bytes(stored))
            if theirs.startswith(mine):
                return int(game_id), True
            if mine.startswith(theirs):
                return int(game_id), False
        return None

    def keep(self, game: GameRecord, text: bytes = b"", replaces: int | None = None) -> ImportResult:
        with self.db:
            if replaces is not None:
                self.db.execute("DELETE FROM games WHERE id = ?", (replaces,))
            cur = self.db.execute(
                "INSERT INTO games (id, key, journal, journal_text, created, players, rules, finished, winner,"
                " duration_s, imported) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (replaces, game.key, game.journal, text, game.created,
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
        return ImportResult(game_id, replaces is None, game)

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

    def closest_races(self, count: int = 5) -> list[tuple[int, Race]]:
        """The races won by the thinnest margins (ties left out), with their game's id."""
        rows = self.db.execute(
            "SELECT game_id, t, call, mode, decisive, runner_up, gap_ms, tie, shouters FROM races WHERE tie = 0"
            " ORDER BY gap_ms, game_id, t LIMIT ?", (count,))
        return [(gid, Race(t, call, mode, a, b, gap, bool(tie), n)) for gid, t, call, mode, a, b, gap, tie, n in rows]

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


def _complete_lines(text: bytes) -> bytes:
    """The journal without a torn last line (a crash mid-write; resume cuts it off)."""
    return text[: text.rfind(b"\n") + 1]


def _race_sides(race: Race) -> tuple[str | None, str | None]:
    """Who won and who lost a race (a tie: nobody won, the tied shouters lost)."""
    if race.mode == "first":
        return (None, race.decisive) if race.tie else (race.decisive, race.runner_up)
    return (None, race.decisive) if race.tie else (race.runner_up, race.decisive)


#: Where ``listen`` keeps its journals, and the archive ``historique`` reads by default.
DEFAULT_FOLDER = Path("parties")
DEFAULT_ARCHIVE = DEFAULT_FOLDER / "historique.sqlite"


def remember(journal: str | Path, archive: str | Path = DEFAULT_ARCHIVE) -> str:
    """Keep a game in the archive as soon as it ends (``listen``); the French line to show.

    Never raises for a journal or an archive that cannot be read: the evening is not spoiled by
    its history, and ``voice-scribe historique`` will say what is wrong.
    """
    from voice_scribe.journal import JournalError

    try:
        store = Archive.open(archive)
    except (ArchiveError, OSError) as exc:
        return f"La partie n'est pas rangée dans l'historique : {exc}"
    try:
        store.import_journal(journal)
    except JournalError as exc:
        return f"La partie n'est pas rangée dans l'historique : {exc}"
    finally:
        store.close()
    return f"Partie rangée dans l'historique ({archive}) : voice-scribe historique"
