"""Checks of command-line options and typed input, with French messages.

The argparse ``type=`` functions here refuse a value at parse time (exit code 2,
argparse's usage line, our French reason); the other checks raise
:class:`~voice_scribe.cli.CliError`.

>>> speed("10")
10.0
>>> speed("0")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: nombre invalide « 0 » : il faut un nombre fini, plus grand que 0 et au plus 1000
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
import threading
import traceback
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path

from voice_scribe.cli.errors import CliError
from voice_scribe.validation import os_error_fr, players_problem

#: The fastest a transcript may be played (``--vitesse``).
MAX_SPEED = 1000.0
#: The longest typed line the keyboard passes on: one announcement, not a speech (the matcher's cost grows
#: fast with the length of a run of number words).
MAX_TYPED = 300


def _finite(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def speed(text: str) -> float:
    """``--vitesse``: a finite speed-up, 0 < x ≤ 1000."""
    value = _finite(text)
    if value is None or not 0 < value <= MAX_SPEED:
        raise argparse.ArgumentTypeError(f"nombre invalide « {text} » : il faut un nombre fini, plus grand que 0 et au plus {MAX_SPEED:g}")
    return value


def seconds(text: str) -> float:
    """A reaction window (``--fenetre``): finite seconds, 0 < x ≤ 600."""
    value = _finite(text)
    if value is None or not 0 < value <= 600:
        raise argparse.ArgumentTypeError(f"nombre invalide « {text} » : il faut un nombre fini de secondes, plus grand que 0 et au plus 600")
    return value


def ratio(text: str) -> float:
    """A loudness ratio (``--ratio``): a finite number, 0 < x ≤ 1000."""
    value = _finite(text)
    if value is None or not 0 < value <= 1000:
        raise argparse.ArgumentTypeError(f"nombre invalide « {text} » : il faut un rapport de volume fini, plus grand que 0 et au plus 1000")
    return value


def check_players(players: list[str]) -> list[str]:
    """The table's names: 2 to 16, each a name the voice can say and tell from the others."""
    problem = players_problem(players)
    if problem:
        raise CliError(problem)
    return players


def check_resume_players(given: str | None, journal_players: list[str], rules: str | None = None) -> None:
    """``--resume`` with ``--players``: the same table, or a French refusal (the journal decides who plays,
    and with which rules: ``--rules`` is refused too)."""
    if rules:
        raise CliError("--rules ne s'applique pas à une partie reprise : ses règles sont celles de son journal")
    if not given:
        return
    names = [p.strip() for p in given.split(",") if p.strip()]
    if names != list(journal_players):
        raise CliError(
            f"--players ({', '.join(names)}) ne correspond pas aux joueurs du journal repris"
            f" ({', '.join(journal_players)}) : omettez --players pour reprendre la partie telle quelle"
        )


def journal_path(path: Path) -> Path:
    """Make the journal's folder, or say in French why it cannot be (a file in the way, no permission)."""
    for parent in reversed(path.parents):
        if parent.exists() and not parent.is_dir():
            raise CliError(f"impossible d'écrire le journal {path} : {parent} est un fichier, pas un dossier")
    if path.is_dir():
        raise CliError(f"impossible d'écrire le journal {path} : c'est un dossier")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"impossible de créer le dossier du journal {path.parent} : {os_error_fr(exc)}") from None
    return path


def typed_line(raw: str) -> str:
    """A line typed at the keyboard, made safe: undecodable bytes become « � », control characters go,
    and it is cut at :data:`MAX_TYPED` characters.

    >>> typed_line("Karadoc: caill\\udcc3ou\\x07")
    'Karadoc: caill�ou'
    """
    kept = []
    for char in raw[:MAX_TYPED]:
        if "\ud800" <= char <= "\udfff":
            kept.append("\ufffd")
        elif unicodedata.category(char) in ("Cc", "Cf", "Cs") and char not in "\t":
            continue
        else:
            kept.append(char)
    return "".join(kept).strip()


# ── faults: the catch-all of ``main`` ──
ENV_LOG = "VOICE_SCRIBE_LOG"


def fault_log() -> Path:
    """Where an internal fault's traceback goes: ``$VOICE_SCRIBE_LOG``, else
    ``$XDG_STATE_HOME/voice-scribe/erreurs.log`` (``~/.local/state/…``)."""
    if os.environ.get(ENV_LOG):
        return Path(os.environ[ENV_LOG])
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "voice-scribe" / "erreurs.log"


class FaultCatcher:
    """Turns any exception into a French line on stderr and an exit code; tracebacks go to a log file."""

    def __init__(self, log: Path | None = None) -> None:
        self.log = log or fault_log()
        self._lock = threading.Lock()

    def report(self, exc: BaseException) -> int:
        """The French message for ``exc`` (printed) and the exit code: 2 bad input, 1 internal fault."""
        message, code = self.describe(exc)
        print(f"voice-scribe : {message}", file=sys.stderr, flush=True)
        return code

    def describe(self, exc: BaseException) -> tuple[str, int]:
        if isinstance(exc, OSError) and exc.errno:
            where = f"{exc.filename} : " if exc.filename else ""
            return f"{where}{os_error_fr(exc)}", 2
        if type(exc).__module__.startswith("soundfile") or type(exc).__name__ == "LibsndfileError":
            return "fichier audio illisible ou abîmé (ni WAV ni FLAC complet ?)", 2
        return self.internal(exc), 1

    def internal(self, exc: BaseException, where: str = "") -> str:
        log = self.write(exc, where)
        shown = f"le détail est dans {log}" if log else "le détail n'a pas pu être écrit"
        return f"erreur interne du programme{where} : {shown}. Vos journaux de partie sont intacts."

    def write(self, exc: BaseException, where: str = "") -> Path | None:
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        stamp = datetime.now(timezone.utc).isoformat(timespec="seconds")
        for log in (self.log, Path(tempfile.gettempdir()) / "voice-scribe-erreurs.log"):
            try:
                log.parent.mkdir(parents=True, exist_ok=True)
                with self._lock, open(log, "a", encoding="utf-8", errors="replace") as fh:
                    fh.write(f"── {stamp}{where} : {' '.join(sys.argv)}\n{text}\n")
                return log
            except OSError:
                continue
        return None

    @contextmanager
    def threads(self) -> Iterator[None]:
        """While inside: an exception that ends a thread is logged and said in French, never a traceback."""
        previous = threading.excepthook

        def hook(args: threading.ExceptHookArgs) -> None:
            if args.exc_type is SystemExit or args.exc_value is None:
                return
            name = f" (fil {args.thread.name})" if args.thread is not None else ""
            print(f"voice-scribe : {self.internal(args.exc_value, name)}", file=sys.stderr, flush=True)

        threading.excepthook = hook
        try:
            yield
        finally:
            threading.excepthook = previous


def journal_notice(table) -> Callable[[str], None]:  # noqa: ANN001 - a LiveTable
    """What the live game does when its journal cannot be written: on screen (and on stderr, which a
    plain, non-terminal run shows too), then the game goes on."""

    def tell(message: str) -> None:
        table.notice(message)
        print(f"voice-scribe : {message}", file=sys.stderr, flush=True)

    return tell


def journal_written(session) -> None:  # noqa: ANN001 - a Session
    """After a replay: close the journal, and say in French (exit 2) if the disk refused part of it."""
    journal = session.journal
    if journal is None:
        return
    journal.close()
    if journal.pending:
        raise CliError(
            f"le journal {journal.path} n'a pas pu être écrit en entier ({journal.fault}) :"
            f" {len(journal.pending)} enregistrement(s) manquent ; les scores affichés restent justes"
        )
