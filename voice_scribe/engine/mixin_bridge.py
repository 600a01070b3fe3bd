"""Transitional: the family functions that rule mixins not yet converted still call on the game."""

from __future__ import annotations

from typing import Any

from voice_scribe.engine.families import civet
from voice_scribe.engine.families import flan
import voice_scribe.engine.relances as relances
import voice_scribe.engine.rolloff as rolloff


class MixinBridge:
    def _emit_relance_throw(self, *args: Any, **kwargs: Any) -> Any:
        return relances.emit_relance_throw(self, *args, **kwargs)

    def _finish_relance(self, *args: Any, **kwargs: Any) -> Any:
        return relances.finish_relance(self, *args, **kwargs)

    def _flanned(self, *args: Any, **kwargs: Any) -> Any:
        return flan.flanned(self, *args, **kwargs)

    def _flanned_neant_souffle(self, *args: Any, **kwargs: Any) -> Any:
        return flan.flanned_neant_souffle(self, *args, **kwargs)

    def _land_relance(self, *args: Any, **kwargs: Any) -> Any:
        return relances.land_relance(self, *args, **kwargs)

    def _queue_relance(self, *args: Any, **kwargs: Any) -> Any:
        return relances.queue_relance(self, *args, **kwargs)

    def _settle_civet(self, *args: Any, **kwargs: Any) -> Any:
        return civet.settle_civet(self, *args, **kwargs)

    def _start_roll_off(self, *args: Any, **kwargs: Any) -> Any:
        return rolloff.start_roll_off(self, *args, **kwargs)

    @staticmethod
    def _three(*args: Any, **kwargs: Any) -> Any:
        return relances.three(*args, **kwargs)
