"""Reading JSON-lines files (call logs, transcripts) with French errors that name the line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any


class JsonLinesError(ValueError):
    """A file that cannot be read; the message is French and names the line."""


def read_records(path: str | Path, what: str = "fichier") -> Iterator[tuple[int, dict[str, Any]]]:
    """``(line number, object)`` for each record; blank lines and ``#`` comments are skipped."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise JsonLinesError(f"{what} introuvable : {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise JsonLinesError(f"{what} illisible ({path}) : {exc}") from None
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise JsonLinesError(f"{path}, ligne {number} : JSON invalide ({exc.msg})") from None
        if not isinstance(data, dict):
            raise JsonLinesError(f"{path}, ligne {number} : une ligne doit être un objet JSON")
        yield number, data
