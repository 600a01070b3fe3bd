"""The table's own commands: questions and control words that are not game calls.

They are named here so that the grammar (``grammars/fr/commands.txt``) can key
their templates by member name, exactly like calls are keyed by
:class:`~voice_scribe.engine.calls.CallKind`. « Suivant » is not here: it is a
call (``CallKind.SUIVANT``), it closes a reaction window.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any


class TableCommand(str, Enum):
    SCORES = "scores"  # « les scores »
    SCORE_JOUEUR = "score_joueur"  # « combien a Karadoc »: target
    MANQUE = "manque"  # « combien il manque à Karadoc »: target
    QUI_MENE = "qui_mene"  # « qui mène »
    TOUR = "tour"  # « à qui le tour »
    QUI_A = "qui_a"  # « qui a une grelottine »: item
    REGLE = "regle"  # « c'est quoi le Verdier »: rule (a key of engine.rules.RULE_LEVELS)
    REPETE = "repete"  # « répète »
    ANNULE = "annule"  # « annule »
    CORRECTION = "correction"  # « correction : quatre trois quatre »: dice
    PAUSE = "pause"
    REPRENDS = "reprends"
    FIN_DE_PARTIE = "fin_de_partie"


@dataclass(frozen=True)
class Command:
    """One table command: who asked, when (utterance onset), and its argument."""

    kind: TableCommand
    player: str
    t: float
    target: str | None = None
    item: str | None = None
    rule: str | None = None
    dice: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind.value, "player": self.player, "t": self.t}
        for name in ("target", "item", "rule"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        if self.dice is not None:
            data["dice"] = list(self.dice)
        return data
