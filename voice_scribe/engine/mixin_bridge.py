"""Transitional: the family functions that rule mixins not yet converted still call on the game."""

from __future__ import annotations

from typing import Any

from voice_scribe.engine.families import achat
from voice_scribe.engine.families import civet
from voice_scribe.engine.families import contre_sirop
from voice_scribe.engine.families import cul_de_chouette_double
from voice_scribe.engine.families import cul_de_chouette_double_diminue
from voice_scribe.engine.families import flan
from voice_scribe.engine.families import grelottine
from voice_scribe.engine.families import jarret
from voice_scribe.engine.families import soufflette


class MixinBridge:
    def _flan_landed(self, *args: Any, **kwargs: Any) -> Any:
        return flan.flan_landed(self, *args, **kwargs)

    def _flanned(self, *args: Any, **kwargs: Any) -> Any:
        return flan.flanned(self, *args, **kwargs)

    def _flanned_neant_souffle(self, *args: Any, **kwargs: Any) -> Any:
        return flan.flanned_neant_souffle(self, *args, **kwargs)

    def _launch_challenge(self, *args: Any, **kwargs: Any) -> Any:
        return grelottine.launch_challenge(self, *args, **kwargs)

    def _relance_cul_de_chouette_double(self, *args: Any, **kwargs: Any) -> Any:
        return cul_de_chouette_double.relance_cul_de_chouette_double(self, *args, **kwargs)

    def _relance_intervalle_paien(self, *args: Any, **kwargs: Any) -> Any:
        return cul_de_chouette_double_diminue.relance_intervalle_paien(self, *args, **kwargs)

    def _relance_mi_jarret(self, *args: Any, **kwargs: Any) -> Any:
        return jarret.relance_mi_jarret(self, *args, **kwargs)

    def _relance_soufflette(self, *args: Any, **kwargs: Any) -> Any:
        return soufflette.relance_soufflette(self, *args, **kwargs)

    def _relance_soufflette_flan(self, *args: Any, **kwargs: Any) -> Any:
        return soufflette.relance_soufflette_flan(self, *args, **kwargs)

    def _roll_off_achat(self, *args: Any, **kwargs: Any) -> Any:
        return achat.roll_off_achat(self, *args, **kwargs)

    def _settle_civet(self, *args: Any, **kwargs: Any) -> Any:
        return civet.settle_civet(self, *args, **kwargs)

    def _settle_contre_sirop(self, *args: Any, **kwargs: Any) -> Any:
        return contre_sirop.settle_contre_sirop(self, *args, **kwargs)

    def _settle_jarret_souple(self, *args: Any, **kwargs: Any) -> Any:
        return jarret.settle_jarret_souple(self, *args, **kwargs)

    def _settle_sirop_jeannot(self, *args: Any, **kwargs: Any) -> Any:
        return contre_sirop.settle_sirop_jeannot(self, *args, **kwargs)

    def _settle_unisson(self, *args: Any, **kwargs: Any) -> Any:
        return cul_de_chouette_double_diminue.settle_unisson(self, *args, **kwargs)

    def _soufflette_landed(self, *args: Any, **kwargs: Any) -> Any:
        return soufflette.soufflette_landed(self, *args, **kwargs)
