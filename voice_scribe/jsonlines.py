"""Reading JSON-lines files (call logs, transcripts) with French errors that name the line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from voice_scribe.validation import FieldError, os_error_fr, parse_json


class JsonLinesError(ValueError):
    """A file that cannot be read; the message is French and names the line."""


def read_records(path: str | Path, what: str = "fichier") -> Iterator[tuple[int, dict[str, Any]]]:
    """``(line number, object)`` for each record; blank lines and ``#`` comments are skipped.

    NaN and Infinity are refused (they are not JSON, and no field of ours may hold them).
    """
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise JsonLinesError(f"{what} introuvable : {path}") from None
    except OSError as exc:
        raise JsonLinesError(f"{what} illisible ({path}) : {os_error_fr(exc)}") from None
    for number, chunk in enumerate(raw.splitlines(), 1):
        try:
            line = chunk.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JsonLinesError(
                f"{path}, ligne {number} : texte qui n'est pas de l'UTF-8 (octet {exc.start + 1})"
            ) from None
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            data = parse_json(line)
        except FieldError as exc:
            raise JsonLinesError(f"{path}, ligne {number} : {exc}") from None
        if not isinstance(data, dict):
            raise JsonLinesError(f"{path}, ligne {number} : une ligne doit être un objet JSON")
        yield number, data
