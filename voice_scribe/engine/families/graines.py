"""Les Graines ★★ (seed 000).

« Lorsqu'un joueur se lève en cours de partie, il doit crier “ Je ne mange pas
de graines ! ” avant de se rasseoir. Si un joueur se rassoit à la table ou à
l'aire de jeu sans crier l'annonce, il y a Bévue. »

Decision (docs/rules.md ★★): the scribe cannot see anybody stand up or sit
down. « Je ne mange pas de graines ! » is accepted at any moment and changes
nothing; a player who sat down without it is given his Bévue by the table,
« Bévue pour Karadoc ! » (``CallKind.BEVUE``, decision E4), contested by
« Annule ! ».
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.family import Family

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext


def on_graines(ctx: RuleContext, call: Call) -> None:
    """Heard and accepted: nothing to score."""
    return None


FAMILY = Family(
    name="graines",
    seed="000 « Les Graines »",
    handles={
        CallKind.GRAINES: on_graines,
    },
)
