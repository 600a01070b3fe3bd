"""Typed checks for what crosses a boundary (files, options), with French messages.

Every reader of outside data (transcripts, call logs, journals, rules files,
the model manifest, command-line options) checks its fields with these
helpers, so a wrong type, a missing field or a non-finite number is one clear
French sentence naming the field, never a ``TypeError`` deep in the engine.
Plain typed checks are used rather than a schema library: the formats are
small, and the messages must be French and name the field the user wrote.

>>> number({"t": 1.5}, "t")
1.5
>>> number({"t": float("nan")}, "t")
Traceback (most recent call last):
...
voice_scribe.validation.FieldError: « t » doit être un nombre fini (reçu : nan)
>>> same_name("Léodagan", "leodagan")
True
"""

from __future__ import annotations

import errno
import json
import math
import re
import tomllib
import unicodedata
from pathlib import Path
from typing import Any

#: The unknown-speaker marker of the understanding layer: never a player's name.
UNKNOWN_SPEAKER = "?"
#: Characters a player's name may not hold: they separate names (``,``), the speaker from the
#: typed text (``:``), an alias from its variants (``=``, ``|``).
NAME_SEPARATORS = frozenset(",:=|")
MAX_NAME_LENGTH = 40


class FieldError(ValueError):
    """A field of the wrong type or value; the message is French and names the field."""


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def number(data: dict[str, Any], key: str, *, minimum: float | None = None, required: bool = True) -> float | None:
    """A finite number (an int or a float, not a boolean) at ``data[key]``."""
    value = data.get(key)
    if value is None:
        if required:
            raise FieldError(f"« {key} » manque (un nombre est attendu)")
        return None
    if not _is_number(value):
        raise FieldError(f"« {key} » doit être un nombre (reçu : {_shown(value)})")
    try:
        out = float(value)
    except OverflowError:
        raise FieldError(f"« {key} » doit être un nombre fini (celui-ci est trop grand)") from None
    if not math.isfinite(out):
        raise FieldError(f"« {key} » doit être un nombre fini (reçu : {_shown(value)})")
    if minimum is not None and out < minimum:
        raise FieldError(f"« {key} » doit valoir au moins {minimum:g} (reçu : {_shown(value)})")
    return out


def integer(data: dict[str, Any], key: str, *, minimum: int | None = None, maximum: int | None = None,
            required: bool = True) -> int | None:
    """An integer (not a boolean) at ``data[key]``, within bounds when given."""
    value = data.get(key)
    if value is None:
        if required:
            raise FieldError(f"« {key} » manque (un entier est attendu)")
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise FieldError(f"« {key} » doit être un entier (reçu : {_shown(value)})")
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        low = "" if minimum is None else f" ≥ {minimum}"
        high = "" if maximum is None else f" ≤ {maximum}"
        raise FieldError(f"« {key} » doit être un entier{low}{high} (reçu : {_shown(value)})")
    return value


def text(data: dict[str, Any], key: str, *, required: bool = True, empty: bool = True) -> str | None:
    """A string at ``data[key]``."""
    value = data.get(key)
    if value is None:
        if required:
            raise FieldError(f"« {key} » manque (un texte est attendu)")
        return None
    if not isinstance(value, str):
        raise FieldError(f"« {key} » doit être un texte (reçu : {_shown(value)})")
    if not empty and not value.strip():
        raise FieldError(f"« {key} » ne doit pas être vide")
    return value


def flag(data: dict[str, Any], key: str, default: bool = False) -> bool:
    """A boolean at ``data[key]`` (``true``/``false``), ``default`` when absent."""
    value = data.get(key)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise FieldError(f"« {key} » doit valoir true ou false (reçu : {_shown(value)})")
    return value


def listing(data: dict[str, Any], key: str, *, required: bool = False) -> list[Any]:
    """A JSON list at ``data[key]`` (empty when absent and not required)."""
    value = data.get(key)
    if value is None:
        if required:
            raise FieldError(f"« {key} » manque (une liste est attendue)")
        return []
    if not isinstance(value, list):
        raise FieldError(f"« {key} » doit être une liste (reçu : {_shown(value)})")
    return value


def mapping(data: dict[str, Any], key: str, *, required: bool = True) -> dict[str, Any]:
    """A JSON object at ``data[key]``."""
    value = data.get(key)
    if value is None and not required:
        return {}
    if not isinstance(value, dict):
        raise FieldError(f"« {key} » doit être un objet JSON (reçu : {_shown(value)})")
    return value


# ── JSON text ──
def _no_constants(name: str) -> Any:
    raise FieldError(f"{name} n'est pas un nombre admis")


def parse_json(line: str) -> Any:
    """``json.loads`` without NaN/Infinity; every failure a :class:`FieldError` in French.

    >>> parse_json('{"a": 1}')
    {'a': 1}
    >>> parse_json('{"a": ')
    Traceback (most recent call last):
    ...
    voice_scribe.validation.FieldError: JSON invalide (colonne 7)
    """
    try:
        return json.loads(line, parse_constant=_no_constants)
    except json.JSONDecodeError as exc:
        raise FieldError(f"JSON invalide (colonne {exc.colno})") from None
    except RecursionError:
        raise FieldError("JSON trop imbriqué") from None
    except FieldError:
        raise
    except ValueError:  # an integer of thousands of digits
        raise FieldError("JSON invalide (nombre démesuré)") from None


# ── names ──
def fold_name(name: str) -> str:
    """A name as the voice hears it: no case, no accents (« Léodagan » ~ « LEODAGAN »)."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).strip()


def same_name(a: str, b: str) -> bool:
    return fold_name(a) == fold_name(b)


def name_problem(name: Any) -> str | None:
    """Why ``name`` cannot be a player's name (``None``: it can)."""
    if not isinstance(name, str):
        return f"un nom de joueur doit être un texte (reçu : {_shown(name)})"
    if not name.strip():
        return "un nom de joueur est vide"
    if name.strip() != name:
        return f"le nom « {name.strip()} » commence ou finit par une espace"
    if len(name) > MAX_NAME_LENGTH:
        return f"le nom « {name[:20]}… » dépasse {MAX_NAME_LENGTH} caractères"
    if name == UNKNOWN_SPEAKER or not any(c.isalnum() for c in name):
        return f"« {name} » n'est pas un nom (il faut au moins une lettre)"
    bad = sorted(set(name) & NAME_SEPARATORS)
    if bad or any(unicodedata.category(c).startswith("C") for c in name):
        shown = " ".join(bad) if bad else "caractère de contrôle"
        return f"le nom « {name} » contient un caractère interdit ({shown})"
    return None


def players_problem(players: Any, low: int = 2, high: int = 16) -> str | None:
    """Why ``players`` cannot sit at one table (``None``: they can).

    Two names that differ only by case or accents are refused: the voice could never tell them apart.

    >>> players_problem(["Léodagan", "Leodagan"])
    'deux joueurs ont des noms que la voix ne distingue pas : « Léodagan » et « Leodagan »'
    """
    if not isinstance(players, list):
        return f"les joueurs doivent être une liste de noms (reçu : {_shown(players)})"
    if not low <= len(players) <= high:
        return f"il faut de {low} à {high} joueurs (reçu : {len(players)})"
    seen: dict[str, str] = {}
    for name in players:
        problem = name_problem(name)
        if problem:
            return problem
        folded = fold_name(name)
        if folded in seen:
            return f"deux joueurs ont des noms que la voix ne distingue pas : « {seen[folded]} » et « {name} »"
        seen[folded] = name
    return None


# ── the operating system's errors, in French ──
_ERRNO_FR = {
    errno.ENOENT: "fichier ou dossier introuvable",
    errno.ENOTDIR: "un élément du chemin n'est pas un dossier",
    errno.EISDIR: "c'est un dossier, pas un fichier",
    errno.EACCES: "permission refusée",
    errno.EPERM: "opération non permise",
    errno.ENOSPC: "disque plein",
    errno.EDQUOT: "quota de disque dépassé",
    errno.EFBIG: "fichier trop gros (limite de taille atteinte)",
    errno.EEXIST: "existe déjà",
    errno.EROFS: "système de fichiers en lecture seule",
    errno.ENAMETOOLONG: "nom de fichier trop long",
    errno.EIO: "erreur d'entrée-sortie du disque",
    errno.EMFILE: "trop de fichiers ouverts",
    errno.ELOOP: "trop de liens symboliques",
}


def os_error_fr(exc: OSError) -> str:
    """The reason of an ``OSError`` in French (never the system's English text).

    >>> os_error_fr(FileNotFoundError(2, "No such file or directory"))
    'fichier ou dossier introuvable'
    """
    if exc.errno in _ERRNO_FR:
        return _ERRNO_FR[exc.errno]
    return f"erreur du système (code {exc.errno})" if exc.errno else "erreur du système"


# ── TOML files ──
def read_toml(path: str | Path, what: str) -> dict[str, Any]:
    """A TOML file as a table; every failure a :class:`FieldError` in French naming ``what`` and ``path``."""
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise FieldError(f"{what} introuvable : {path}") from None
    except IsADirectoryError:
        raise FieldError(f"{what} attendu, mais {path} est un dossier") from None
    except OSError as exc:
        raise FieldError(f"{what} illisible ({path}) : {os_error_fr(exc)}") from None
    except UnicodeDecodeError:
        raise FieldError(f"{what} illisible ({path}) : ce n'est pas du texte UTF-8") from None
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"line (\d+), column (\d+)", str(exc))
        where = f" ligne {found.group(1)}, colonne {found.group(2)}" if found else ""
        raise FieldError(f"{what} illisible ({path}) : syntaxe TOML invalide{where}") from None
