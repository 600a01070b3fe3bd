"""The players at the table, with the spellings the recogniser may use for them.

>>> r = Roster.parse("Karadoc=Caradoc|Cara doc,Perceval")
>>> r.players
('Karadoc', 'Perceval')
>>> r.spellings("Karadoc")
('Karadoc', 'Caradoc', 'Cara doc')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field


class RosterError(ValueError):
    """A roster that cannot be used; the message is French, for the user."""


@dataclass(frozen=True)
class Roster:
    players: tuple[str, ...]
    aliases: tuple[tuple[str, tuple[str, ...]], ...] = field(default=())

    @classmethod
    def of(cls, players: Iterable[str], aliases: Mapping[str, Iterable[str]] | None = None) -> Roster:
        names = tuple(p.strip() for p in players if p.strip())
        if len(set(n.lower() for n in names)) != len(names):
            raise RosterError("deux joueurs portent le même nom")
        aliases = aliases or {}
        unknown = sorted(set(aliases) - set(names))
        if unknown:
            raise RosterError(f"alias pour un joueur absent de la table : {', '.join(unknown)}")
        return cls(names, tuple((n, tuple(a.strip() for a in aliases[n] if a.strip())) for n in names if n in aliases))

    @classmethod
    def parse(cls, text: str) -> Roster:
        """``"Karadoc=Caradoc|Cara doc,Perceval"``: comma-separated names, ``=`` then ``|``-separated aliases."""
        names: list[str] = []
        aliases: dict[str, list[str]] = {}
        for entry in text.split(","):
            name, _, alias_text = entry.partition("=")
            name = name.strip()
            if not name:
                continue
            names.append(name)
            if alias_text.strip():
                aliases[name] = [a for a in alias_text.split("|") if a.strip()]
        if not names:
            raise RosterError("aucun joueur (exemple : --players Karadoc,Perceval)")
        return cls.of(names, aliases)

    def spellings(self, player: str) -> tuple[str, ...]:
        return (player,) + dict(self.aliases).get(player, ())

    @classmethod
    def coerce(cls, roster: Roster | Iterable[str]) -> Roster:
        return roster if isinstance(roster, Roster) else cls.of(roster)
