"""The journal: a game as an append-only JSON-lines file.

One record per line, flushed and fsync'd as it is written::

    {"type": "header", "version": 1, "players": [...], "rules": {...}, "created": "..."}
    {"type": "call", "seq": 1, "call": {...}}
    {"type": "decision", "seq": 1, "events": [...]}
    {"type": "heard", "utterance": {...}, "outcome": {...}}   # what was heard, even when not understood
    {"type": "undo", "seq": 9, "undoes": 7, "t": 31.2}         # « Annule ! »
    {"type": "correct", "seq": 10, "corrects": 5, "call": {...}} # « Correction : quatre trois quatre »
    {"type": "tick", "seq": 11, "t": 40.0}                   # live: a window closed as time passed
    {"type": "finish", "t": 812.0}                           # the end of the log: open windows close

The state is a fold over the ``call``, ``undo``, ``correct`` and ``finish`` records
(:class:`voice_scribe.session.Session`); ``decision`` and ``heard`` records
are the audit trail. A crash can leave a torn last line: reading drops it and
says so; a bad line anywhere else is an error with its line number.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import IO, Any

JOURNAL_VERSION = 1


class JournalError(Exception):
    """A journal that cannot be read or written; the message is French."""


@dataclass
class JournalContents:
    header: dict[str, Any]
    records: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


class Journal:
    """Appends records to a JSON-lines file, durably."""

    def __init__(self, path: str | Path, fh: IO[str]) -> None:
        self.path = Path(path)
        self._fh = fh

    @classmethod
    def create(cls, path: str | Path, players: list[str], rules: dict[str, Any]) -> Journal:
        path = Path(path)
        if path.exists() and path.stat().st_size > 0:
            raise JournalError(f"le journal {path} existe déjà : reprenez-le avec --resume ou choisissez un autre nom")
        try:
            fh = open(path, "a", encoding="utf-8")
        except OSError as exc:
            raise JournalError(f"impossible d'écrire le journal {path} : {exc.strerror}") from None
        journal = cls(path, fh)
        journal.append(
            {
                "type": "header",
                "version": JOURNAL_VERSION,
                "players": players,
                "rules": rules,
                "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            }
        )
        return journal

    @classmethod
    def reopen(cls, path: str | Path) -> Journal:
        """Open an existing journal to append to it (after :func:`read_journal`)."""
        try:
            fh = open(path, "a", encoding="utf-8")
        except OSError as exc:
            raise JournalError(f"impossible de rouvrir le journal {path} : {exc.strerror}") from None
        return cls(path, fh)

    def append(self, record: dict[str, Any]) -> None:
        line = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        self._fh.write(line + "\n")
        self._fh.flush()
        os.fsync(self._fh.fileno())

    def close(self) -> None:
        self._fh.close()


def read_journal(path: str | Path, repair: bool = False) -> JournalContents:
    """Read a journal; with ``repair`` a torn last line is cut off the file."""
    path = Path(path)
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise JournalError(f"journal introuvable : {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise JournalError(f"journal illisible : {path} ({exc})") from None
    lines = raw.split("\n")
    torn = lines[-1] != ""  # the last line was not terminated: a write was cut short
    contents: JournalContents | None = None
    for number, line in enumerate(lines, start=1):
        if line == "":
            continue
        last = number == len(lines)
        try:
            record = json.loads(line)
            if not isinstance(record, dict) or "type" not in record:
                raise ValueError("not a record")
        except ValueError:
            if last and torn:
                warning = f"dernière ligne du journal incomplète (ligne {number}), ignorée"
                if contents is not None:
                    contents.warnings.append(warning)
                    if repair:
                        with open(path, "r+", encoding="utf-8") as fh:
                            fh.truncate(len("\n".join(lines[: number - 1]).encode("utf-8")) + 1)
                break
            raise JournalError(f"journal {path} : ligne {number} illisible") from None
        if contents is None:
            if record.get("type") != "header":
                raise JournalError(f"journal {path} : la première ligne n'est pas un en-tête")
            if record.get("version") != JOURNAL_VERSION:
                raise JournalError(f"journal {path} : version {record.get('version')} inconnue")
            contents = JournalContents(header=record)
        else:
            contents.records.append(record)
    if contents is None:
        raise JournalError(f"journal vide : {path}")
    if torn and repair and not contents.warnings:
        with open(path, "a", encoding="utf-8") as fh:
            fh.write("\n")
    return contents
