"""Rules: the options a table agrees on before a game (one immutable value).

Defaults are seed 000. A TOML file overrides them::

    negative_scores = false
    bevue_penalty = 10
    level = 2              # or: enabled = ["sirop", "civet", "artichette"]
    achat_call = "volette" # seed 001

>>> Rules().target
343
>>> Rules.from_dict({"level": 1}).is_enabled("artichette")
False
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

#: Every rule family of the seeds, by the level (★ count) seed 000 gives it.
RULE_LEVELS: dict[str, int] = {
    # ★
    "chouette": 1,
    "velute": 1,
    "chouette_velute": 1,
    "cul_de_chouette": 1,
    "suite": 1,
    "neant": 1,
    "grelottine": 1,
    "sirop": 1,
    "civet": 1,
    "bevue": 1,
    "chante_sloubi": 1,
    # ★★
    "suite_velutee": 2,
    "artichette": 2,
    "soufflette": 2,
    "poulette": 2,
    "passe_grelot": 2,
    "rigodon": 2,
    "attrape_oiseau": 2,
    "contre_sirop": 2,
    "sirop_jeannot": 2,
    "civet_double": 2,
    "cul_de_chouette_double": 2,
    "achat": 2,
    "double_achat": 2,
    "graines": 2,
    # ★★★
    "bleu_rouge": 3,
    "pelican": 3,
    "neant_souffle": 3,
    "verdier": 3,
    "jarret": 3,
    "cul_de_chouette_double_diminue": 3,
    # ★★★★
    "tichette": 4,
    "flan": 4,
    "double_flan": 4,
    "contre_flan": 4,
    "civet_filoche": 4,
    "civet_filoche_double": 4,
}

#: Rules that are always on: without them there is no game.
CORE_RULES = frozenset({"chouette", "velute", "cul_de_chouette", "neant", "bevue", "des"})


def _rules_up_to(level: int) -> frozenset[str]:
    return frozenset(name for name, lvl in RULE_LEVELS.items() if lvl <= level)


class RulesError(ValueError):
    """A rules file that cannot be used; the message is French, for the user."""


@dataclass(frozen=True)
class Rules:
    # Seed 000 « Scores négatifs »: the main text allows them; [brackets] apply without.
    negative_scores: bool = True
    # Seed 000 « La Bévue » says 5 pts (its « Aide de jeu » table and seed 001 say 10).
    bevue_penalty: int = 5
    # Seed 000 « Fin du jeu ».
    target: int = 343
    # Two shouts closer than this are simultaneous.
    tie_window_ms: int = 150
    # A reaction window closes this long after it opens (or on the next throw / « suivant »).
    reaction_window_s: float = 4.0
    level: int = 1
    enabled: frozenset[str] = field(default_factory=frozenset)
    # ── variant options (shared/seeds/README.md) ──
    achat_call: str = "achete"  # "achete" (000) | "volette" (001: « À la Volette ! »)
    tichette_direction: str = "right"  # 000: right; 001: left
    grelottine_caps: str = "000"  # "000": 33/25/12/6/3 %; "002": 30 % of the lower score
    grelottine_suite: bool = False  # 002: a challenge may also name a Suite
    sirop_bet_cost: int = 5  # 000: 5 (and 25 to win); 002: bets cost nothing
    sirop_bet_gain: int = 25
    civet_sirop_qualifier: bool = False  # 002: a Civet on a Cul de chouette says « avec/sans sirotage »
    achat_of_sirotage: bool = True  # 004: no Achat of a sirotage
    aquitaine: bool = False
    teams: tuple[tuple[str, ...], ...] = ()
    # ★★★★ Tichette: « Sinon le plus jeune joueur l'emporte » — TOML ``ages = {Karadoc = 35}``.
    ages: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        if not self.enabled:
            object.__setattr__(self, "enabled", _rules_up_to(self.level))
        if self.aquitaine and not self.negative_scores:
            # the [bracketed] minimums do not exist « à l'Aquitaine » (« ne demandent pas un minimum de points »)
            raise RulesError("« aquitaine » se joue avec les scores négatifs (negative_scores = true)")

    def is_enabled(self, rule: str) -> bool:
        if rule == "aquitaine":
            return self.aquitaine  # Excalibur and the King: only « à l'Aquitaine »
        return rule in CORE_RULES or rule in self.enabled

    @property
    def tie_window_s(self) -> float:
        return self.tie_window_ms / 1000.0

    def with_options(self, **changes: Any) -> Rules:
        """A copy with some options changed; a new ``level`` re-derives the rules it plays
        (unless they were named one by one with ``enabled``)."""
        if "level" in changes and "enabled" not in changes and self.enabled == _rules_up_to(self.level):
            changes["enabled"] = frozenset()
        return replace(self, **changes)

    # ── loading ──
    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Options from a TOML table or a journal header; every value checked (French :class:`RulesError`).

        >>> Rules.from_dict({"target": 0})
        Traceback (most recent call last):
        ...
        voice_scribe.engine.rules.RulesError: « target » doit être un entier strictement positif
        """
        if not isinstance(data, dict):
            raise RulesError("les règles doivent être une table d'options (nom = valeur)")
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(str(k) for k in set(data) - set(known))
        if unknown:
            raise RulesError(f"option(s) inconnue(s) : {', '.join(unknown)}")
        values = dict(data)
        if "level" in values:
            level = values["level"]
            if not _is_int(level) or not 1 <= level <= 4:
                raise RulesError("« level » doit être un entier de 1 à 4")
        if "enabled" in values:
            names = values["enabled"]
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                raise RulesError("« enabled » doit être une liste de noms de règles")
            bad = sorted(set(names) - set(RULE_LEVELS))
            if bad:
                raise RulesError(f"règle(s) inconnue(s) dans « enabled » : {', '.join(bad)}")
            values["enabled"] = frozenset(names)
        if "bevue_penalty" in values and (not _is_int(values["bevue_penalty"]) or values["bevue_penalty"] not in (5, 10)):
            raise RulesError("« bevue_penalty » vaut 5 (seed 000) ou 10 (seed 001)")
        for name in ("negative_scores", "grelottine_suite", "civet_sirop_qualifier", "achat_of_sirotage", "aquitaine"):
            if name in values and not isinstance(values[name], bool):
                raise RulesError(f"« {name} » doit valoir true ou false")
        for name, low in (("target", 1), ("tie_window_ms", 0), ("sirop_bet_cost", 0), ("sirop_bet_gain", 0)):
            if name in values and (not _is_int(values[name]) or not low <= values[name] <= MAX_OPTION):
                strictly = " strictement" if low else ""
                raise RulesError(f"« {name} » doit être un entier{strictly} positif")
        if "reaction_window_s" in values:
            rw = values["reaction_window_s"]
            if not _is_number(rw) or not 0 < float(rw) <= MAX_REACTION_WINDOW_S:
                raise RulesError(
                    f"« reaction_window_s » doit être un nombre positif de secondes (au plus {MAX_REACTION_WINDOW_S:g})"
                )
            values["reaction_window_s"] = float(rw)
        choices = {
            "achat_call": ("achete", "volette"),
            "tichette_direction": ("right", "left"),
            "grelottine_caps": ("000", "002"),
        }
        for name, allowed in choices.items():
            if name in values and (not isinstance(values[name], str) or values[name] not in allowed):
                raise RulesError(f"« {name} » vaut {' ou '.join(allowed)}")
        if "teams" in values:
            values["teams"] = _teams(values["teams"])
        if "ages" in values:
            ages = values["ages"]
            if not isinstance(ages, dict) or not all(_is_int(a) and 0 <= a <= 150 for a in ages.values()):
                raise RulesError("« ages » donne l'âge de chaque joueur : ages = { Karadoc = 35 }")
            values["ages"] = tuple(sorted(ages.items()))
        return cls(**values)

    @classmethod
    def load(cls, path: str | Path) -> Rules:
        from voice_scribe.validation import FieldError, read_toml

        try:
            data = read_toml(path, "fichier de règles")
        except FieldError as exc:
            raise RulesError(str(exc)) from None
        try:
            return cls.from_dict(data)
        except RulesError as exc:
            raise RulesError(f"{path} : {exc}") from None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, frozenset):
                value = sorted(value)
            elif f.name == "teams":
                value = [list(team) for team in value]
            elif f.name == "ages":
                value = dict(value)
            out[f.name] = value
        return out


#: Bounds of the numeric options: a rules file cannot ask for an endless game or window.
MAX_OPTION = 1_000_000
MAX_REACTION_WINDOW_S = 600.0


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


def _teams(value: Any) -> tuple[tuple[str, ...], ...]:
    """``teams = [["Karadoc", "Perceval"], ["Léodagan", "Yvain"]]``: lists of names, each name once."""
    shape = "« teams » est une liste d'équipes, chacune une liste de noms : teams = [[\"Karadoc\", \"Perceval\"]]"
    if not isinstance(value, list) or not all(isinstance(t, list) and t and all(isinstance(n, str) for n in t)
                                              for t in value):
        raise RulesError(shape)
    names = [n for team in value for n in team]
    if len(set(names)) != len(names):
        raise RulesError("« teams » : un joueur est dans deux équipes")
    return tuple(tuple(team) for team in value)

