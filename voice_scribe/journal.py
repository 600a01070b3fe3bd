"""The journal: a game as an append-only JSON-lines file.

One record per line, written in one system call and fsync'd::

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
are the audit trail.

What a crash or a full disk can do, and what is done about it
(docs/robustness.md):

- a crash mid-write leaves a torn last line: reading drops it (cut at the byte,
  even inside a multi-byte character) and says so; a bad line anywhere else is an
  error naming its line and field;
- a write that fails (disk full, file-size limit) is cut back to the last whole
  record, so the file stays resumable; the records that could not be written wait
  in memory and are written as soon as the disk takes them again; ``on_fault`` is
  told once, in French, and the game goes on;
- a crash between a ``heard`` record and the record that applies it leaves that
  announcement unplayed: resume says which announcement to repeat.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from voice_scribe.validation import FieldError, integer, mapping, number, os_error_fr, parse_json, players_problem

JOURNAL_VERSION = 1
#: Records the fold uses, each with its ``seq``.
FOLDED = ("call", "undo", "correct", "tick", "finish")
#: Commands whose effect is a record of its own (after the ``heard`` one).
JOURNALED_COMMANDS = frozenset({"annule", "correction", "fin_de_partie"})
#: What a stray byte read from a terminal becomes in Python text; not encodable as UTF-8.
LONE_SURROGATE = re.compile("[\ud800-\udfff]")


class JournalError(Exception):
    """A journal that cannot be read or written; the message is French."""


@dataclass
class JournalContents:
    header: dict[str, Any]
    records: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def encode_record(record: dict[str, Any]) -> bytes:
    """One journal line, UTF-8; text that cannot be encoded (a stray byte typed) becomes « � ».

    >>> encode_record({"type": "heard", "utterance": {"text": "caill\\udcc3"}})
    b'{"type":"heard","utterance":{"text":"caill\\xef\\xbf\\xbd"}}\\n'
    """
    line = json.dumps(record, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return (LONE_SURROGATE.sub("\ufffd", line) + "\n").encode("utf-8")


class Journal:
    """Appends records to a JSON-lines file, durably, and survives a disk that refuses them."""

    def __init__(self, path: str | Path, fd: int) -> None:
        self.path = Path(path)
        self._fd = fd
        #: records a failed write left in memory, oldest first
        self.pending: list[bytes] = []
        #: the last write failure, in French (``None``: everything is on disk)
        self.fault: str | None = None
        #: told (in French) when the journal starts or stops failing
        self.on_fault: Callable[[str], None] | None = None

    @classmethod
    def create(cls, path: str | Path, players: list[str], rules: dict[str, Any]) -> Journal:
        path = Path(path)
        if path.is_dir():
            raise JournalError(f"impossible d'écrire le journal {path} : c'est un dossier, pas un fichier")
        try:
            exists = path.exists() and path.stat().st_size > 0
        except OSError as exc:
            raise JournalError(f"impossible d'écrire le journal {path} : {os_error_fr(exc)}") from None
        if exists:
            raise JournalError(f"le journal {path} existe déjà : reprenez-le avec --resume ou choisissez un autre nom")
        journal = cls(path, _open_append(path, "écrire"))
        journal.append(
            {
                "type": "header",
                "version": JOURNAL_VERSION,
                "players": players,
                "rules": rules,
                "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            }
        )
        if journal.pending:
            journal.close()
            raise JournalError(f"impossible d'écrire le journal {path} : {journal.fault}")
        return journal

    @classmethod
    def reopen(cls, path: str | Path) -> Journal:
        """Open an existing journal to append to it (after :func:`read_journal`)."""
        return cls(path, _open_append(Path(path), "rouvrir"))

    def append(self, record: dict[str, Any]) -> None:
        """Write ``record`` (after any pending ones); a failure is kept, told and never raised."""
        self.pending.append(encode_record(record))
        self.append_pending()
        if self.fault is not None and not self.pending:
            self.fault = None
            self._tell("Journal : l'écriture refonctionne, les annonces en attente sont enregistrées.")

    def _failed(self, exc: OSError) -> None:
        first = self.fault is None
        self.fault = os_error_fr(exc)
        if first:
            self._tell(
                f"Journal {self.path} : écriture impossible, {self.fault}. La partie continue à l'écran ;"
                " le journal reste reprenable jusqu'à la dernière annonce enregistrée."
            )

    def _tell(self, message: str) -> None:
        if self.on_fault is not None:
            self.on_fault(message)

    def close(self) -> None:
        if self._fd < 0:
            return
        if self.pending:  # a last try: the disk may have room again
            self.append_pending()
        if self.pending:
            self._tell(
                f"Journal {self.path} : {len(self.pending)} enregistrement(s) n'ont pas pu être écrits ({self.fault}) ;"
                " une reprise repartira de la dernière annonce enregistrée."
            )
        os.close(self._fd)
        self._fd = -1

    def append_pending(self) -> None:
        """Write what waits in memory, oldest first, until the disk refuses again."""
        while self.pending:
            try:
                _write_whole(self._fd, self.pending[0])
            except OSError as exc:
                self._failed(exc)
                return
            self.pending.pop(0)


def _open_append(path: Path, verb: str) -> int:
    try:
        return os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    except OSError as exc:
        raise JournalError(f"impossible de {verb} le journal {path} : {os_error_fr(exc)}") from None


def _write_whole(fd: int, data: bytes) -> None:
    """Write all of ``data`` and fsync it, or leave the file as it was and raise ``OSError``."""
    size = os.fstat(fd).st_size
    try:
        done = 0
        while done < len(data):
            done += os.write(fd, data[done:])
        os.fsync(fd)
    except OSError:
        try:
            os.ftruncate(fd, size)  # never leave half a record behind
        except OSError:
            pass
        raise


# ── reading ──
def read_journal(path: str | Path, repair: bool = False) -> JournalContents:
    """Read and check a journal; with ``repair`` a torn last line is cut off the file (at the byte)."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise JournalError(f"journal introuvable : {path}") from None
    except OSError as exc:
        raise JournalError(f"journal illisible : {path} ({os_error_fr(exc)})") from None
    lines = raw.split(b"\n")
    contents: JournalContents | None = None
    offset = 0  # byte offset of the current line
    for number_, chunk in enumerate(lines, start=1):
        last = number_ == len(lines)
        if chunk.strip() == b"":
            offset += len(chunk) + 1
            continue
        try:
            record = _parse_line(chunk)
            if contents is None:
                contents = JournalContents(header=check_header(record))
            else:
                check_record(record)
                contents.records.append(record)
        except FieldError as exc:
            if last:  # not terminated: a write was cut short by the crash
                if contents is None:
                    raise JournalError(f"journal {path} : en-tête incomplet ({exc})") from None
                contents.warnings.append(f"dernière ligne du journal incomplète (ligne {number_}), ignorée")
                if repair:
                    _truncate(path, offset)
                break
            raise JournalError(f"journal {path}, ligne {number_} : {exc}") from None
        if last and repair:  # a whole record that only lacked its newline
            _terminate(path)
        offset += len(chunk) + 1
    if contents is None:
        raise JournalError(f"journal vide : {path}")
    _check_sequence(path, contents.records)
    unplayed = _unplayed(contents.records)
    if unplayed:
        contents.warnings.append(unplayed)
    return contents


def _parse_line(chunk: bytes) -> dict[str, Any]:
    try:
        line = chunk.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FieldError(f"texte qui n'est pas de l'UTF-8 (octet {exc.start + 1})") from None
    record = parse_json(line)
    if not isinstance(record, dict) or not isinstance(record.get("type"), str):
        raise FieldError("un enregistrement est un objet JSON avec un « type »")
    return record


def check_header(record: dict[str, Any]) -> dict[str, Any]:
    """The first line: version, players (a table the voice can tell apart), rules."""
    from voice_scribe.engine.rules import Rules, RulesError

    if record.get("type") != "header":
        raise FieldError("la première ligne n'est pas un en-tête")
    if record.get("version") != JOURNAL_VERSION:
        raise FieldError(f"version {record.get('version')!r} inconnue")
    problem = players_problem(record.get("players"))
    if problem:
        raise FieldError(f"en-tête : {problem}")
    try:
        Rules.from_dict(mapping(record, "rules", required=False))
    except RulesError as exc:
        raise FieldError(f"en-tête, règles : {exc}") from None
    return record


def check_record(record: dict[str, Any]) -> None:
    """One record after the header: the fields the fold relies on have their types."""
    from voice_scribe.engine.calls import Call

    kind = record["type"]
    try:
        if kind == "header":
            raise FieldError("un second en-tête")
        if kind in FOLDED or kind == "decision":
            integer(record, "seq", minimum=1, maximum=10**12, required=kind != "finish")
        if kind in ("call", "correct"):
            Call.from_json(mapping(record, "call"))
        if kind == "undo":
            integer(record, "undoes", minimum=1)
        if kind == "correct":
            integer(record, "corrects", minimum=1)
        if kind in ("undo", "correct", "tick", "finish"):
            number(record, "t", required=kind == "tick")
        if kind == "heard":
            mapping(record, "utterance")
            mapping(record, "outcome")
    except FieldError as exc:
        raise FieldError(f"enregistrement « {kind} » : {exc}") from None
    except ValueError as exc:  # Call.from_json
        raise FieldError(f"enregistrement « {kind} », annonce : {exc}") from None


def _check_sequence(path: Path, records: list[dict[str, Any]]) -> None:
    last = 0
    for record in records:
        if record["type"] in FOLDED and record.get("seq") is not None:
            if record["seq"] <= last:
                raise JournalError(f"journal {path} : numéro « seq » {record['seq']} non croissant (après {last})")
            last = record["seq"]


def _unplayed(records: list[dict[str, Any]]) -> str | None:
    """An announcement heard but not applied before the crash: the table repeats it."""
    if not records or records[-1]["type"] != "heard":
        return None
    outcome, utterance = records[-1]["outcome"], records[-1]["utterance"]
    result, kind = outcome.get("result"), outcome.get("kind")
    if not (result == "call" and outcome.get("player") != "?") and not (
        result == "command" and kind in JOURNALED_COMMANDS
    ):
        return None
    said = utterance.get("text") if isinstance(utterance.get("text"), str) else outcome.get("text")
    return f"la dernière annonce entendue (« {said} ») n'a pas été appliquée avant l'arrêt : répétez-la"


def _truncate(path: Path, size: int) -> None:
    try:
        with open(path, "r+b") as fh:
            fh.truncate(size)
    except OSError as exc:
        raise JournalError(f"impossible de réparer le journal {path} : {os_error_fr(exc)}") from None


def _terminate(path: Path) -> None:
    try:
        with open(path, "ab") as fh:
            fh.write(b"\n")
    except OSError as exc:
        raise JournalError(f"impossible de réparer le journal {path} : {os_error_fr(exc)}") from None
