"""Transitional: the family functions that rule mixins not yet converted still call on the game."""

from __future__ import annotations

from typing import Any

from voice_scribe.engine.families import civet
from voice_scribe.engine.families import civet_filoche
from voice_scribe.engine.families import doublette
from voice_scribe.engine.families import sirop


class MixinBridge:
    def _arm_filoche(self, *args: Any, **kwargs: Any) -> Any:
        return civet_filoche.arm_filoche(self, *args, **kwargs)

    def _settle_civet(self, *args: Any, **kwargs: Any) -> Any:
        return civet.settle_civet(self, *args, **kwargs)

    def _start_sirotage(self, *args: Any, **kwargs: Any) -> Any:
        return sirop.start_sirotage(self, *args, **kwargs)

    def _team_double(self, *args: Any, **kwargs: Any) -> Any:
        return doublette.team_double(self, *args, **kwargs)
