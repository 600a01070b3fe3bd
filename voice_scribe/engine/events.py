"""Decisions: what the engine makes of the calls it hears.

Every call yields a list of :class:`Event` values: score changes with their
reason and rule, Bévues with their cause, holdings won or lost, prompts for
the table, or a rejection with a reason. The voice layer turns them into
French sentences (``voice_scribe.voice.phrasebook``); the CLI prints them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class EventKind(str, Enum):
    THROW = "throw"  # a throw's combination: player, data{dice, combination, face, points, figure}
    SCORE = "score"  # player, points (signed delta), reason, data{score}
    BEVUE = "bevue"  # player, reason (the cause); a SCORE event with reason=bevue follows
    HOLDING = "holding"  # player, reason (grelottine, civet…), data{gained: bool}
    PROMPT = "prompt"  # reason (what the table must do), data{players}
    REJECTED = "rejected"  # a call that changes nothing: reason, data{call, message}
    TURN = "turn"  # player whose turn it is, data{round}
    JOINED = "joined"  # a Chante-Sloubi newcomer: player, data{score}
    ELIMINATED = "eliminated"  # player, reason
    WINNER = "winner"  # player, data{score}
    UNDONE = "undone"  # the last decision was taken back: data{call}
    SIPS = "sips"  # Règles à l'Aquitaine: player, points (sips, > 0), reason sips_given | sips_drunk, data{source}


class Reason(str, Enum):
    """Why an event happened: one code per rule outcome (the phrasebook keys)."""

    # combinations
    CHOUETTE = "chouette"
    VELUTE = "velute"
    CHOUETTE_VELUTE = "chouette_velute"  # first « Pas mou le caillou ! » wins
    CHOUETTE_VELUTE_TIE = "chouette_velute_tie"  # tied first shouts lose it
    CUL_DE_CHOUETTE = "cul_de_chouette"
    SUITE_LAST = "suite_last"  # last « Grelotte ça picote ! »
    SUITE_SILENT = "suite_silent"  # never shouted
    SUITE_TIE_DICE = "suite_tie_dice"  # lost the dice tie-break (10, 20, 30…)
    NEANT = "neant"
    # grelottine
    GRELOTTINE = "grelottine"  # holding
    GRELOTTINE_WON = "grelottine_won"
    GRELOTTINE_LOST = "grelottine_lost"
    # sirop
    SIROP_SUCCESS = "sirop_success"
    SIROP_FAILED = "sirop_failed"
    SIROP_BET_WON = "sirop_bet_won"
    SIROP_BET_LOST = "sirop_bet_lost"
    CIVET = "civet"  # holding
    CIVET_WON = "civet_won"
    CIVET_LOST = "civet_lost"
    # chante-sloubi
    SLOUBI = "sloubi"
    # ★★
    RAITOURNELLE = "raitournelle"  # the roller's Artichette: +16
    ARTICHETTE = "artichette"  # « Artichette ! » first: the roller loses 16
    PATTE_DE_CANARD = "patte_de_canard"  # the roller validates his Velute of 3
    VELUTEE_PAIR = "velutee_pair"  # two « Velutée ! »: the final combination is taken from the roller
    SOUFFLETTE_WON = "soufflette_won"  # the soufflé made 421 (50 / 40 / 30)
    SOUFFLETTE_LOST = "soufflette_lost"  # the soufflé failed: 30 to the souffleur
    CONTRE_SIROP = "contre_sirop"  # « J'apprécie les fruits au sirop ! » first
    CONTRE_SIROP_TIE = "contre_sirop_tie"
    SIROP_JEANNOT = "sirop_jeannot"
    CUL_DE_CHOUETTE_DOUBLE = "cul_de_chouette_double"  # both Culs de chouette
    ACHAT = "achat"  # « J'achète ! »: 30 points
    POULETTE = "poulette"
    POULETTE_TIE = "poulette_tie"
    IMMUNITY = "immunity"  # a won Grelottine challenge: Passe-Grelot / Rigodon
    PASSED = "passed"  # « Passe-Grelot ! »: the challenge goes to another player
    RIGODON_CANCELLED = "rigodon_cancelled"  # « Rigodon ! »: the challenge is cancelled
    # ★★★
    BLEU_ROUGE_WON = "bleu_rouge_won"  # 36 + 2 × the relance
    PELICAN = "pelican"  # 28
    LANCE_BUCHES = "lance_buches"  # a Jarret won on a Néant relance
    JARRET_SOUPLE = "jarret_souple"  # the Jarret kept after a Néant
    MECREANT = "mecreant"  # a Néant soufflé's Grelottine
    VERDIER_WON = "verdier_won"
    VERDIER_LOST = "verdier_lost"
    INTERVALLE_PAIEN_WON = "intervalle_paien_won"  # 1.5 × both Culs de chouette
    INTERVALLE_PAIEN_FAILED = "intervalle_paien_failed"  # −2 × the first
    PETIT_INTERVALLE = "petit_intervalle"  # half the gain, taken from an Unisson
    PETIT_INTERVALLE_TIE = "petit_intervalle_tie"
    # ★★★★ Tichette (engine/tichette.py)
    TICHETTE_WON = "tichette_won"  # the tichageur's tiche is in the dice: + the stake
    TICHETTE_LOST = "tichette_lost"  # it is not: − the stake
    QUICHE = "quiche"  # « Quichette de … ! »: the quichant pays his quiche
    QUICHAGE = "quichage"  # « Quichage ! »: the faulty player leaves paying his last valid quiche
    TICHEUR_BELOW_SIX = "ticheur_below_six"  # bévue: « Salsifi ! » with |score| < 6
    # Doublette (engine/doublette.py)
    CHOUETTE_VELUTE_TEAM = "chouette_velute_team"  # two team-mates together: it counts double
    CONTRE_SIROP_TEAM = "contre_sirop_team"
    POULETTE_TEAM = "poulette_team"
    PETIT_INTERVALLE_TEAM = "petit_intervalle_team"
    # Règles à l'Aquitaine (engine/aquitaine.py)
    SIPS_GIVEN = "sips_given"  # « Le joueur faisant les points donne les gorgées »
    SIPS_DRUNK = "sips_drunk"  # « le joueur perdant les points boit les gorgées »
    EXCALIBUR_ALONE = "excalibur_alone"  # bévue: « Si un joueur annonce seul, il y a Bévue »
    EXCALIBUR_KING = "excalibur_king"  # the King drinks as many sips as shouters
    GUERRE_CIVILE = "guerre_civile"  # everybody shouted: everybody drinks
    AQUITAINE_GRELOTTINE = "aquitaine_grelottine"  # a Grelottine challenge in sips
    # ★★★★ Flan, Civet-Filoché (engine/flan.py, engine/civet_filoche.py)
    A_KADOC = "a_kadoc"  # a Flan won by « À Kadoc ! » on a 6-5-2
    FLANNED = "flanned"  # « Tatan elle fait des flans ! »: data{flans, by} (a Double Flan: flans = 2…)
    CONTRE_FLANNED = "contre_flanned"  # a Contre-Flan: the flanneur suffers a Double Flan, data{saved, by}
    FLAN_KEPT = "flan_kept"  # a flanned Néant (or a Soufflette below 30): the Flan waits for the next throw
    FLAN_SUITE = "flan_suite"  # flanned Suite: the first « Grelotte ça picote ! » loses 10
    FLAN_VELUTEE = "flan_velutee"  # flanned Suite-Velutée: the « Velutée ! » grabber loses the combination
    SOUFFLETTE_FLAN_WON = "soufflette_flan_won"  # the flanné-soufflé made 421: +50 / +40 / +30
    SOUFFLETTE_FLAN_LOST = "soufflette_flan_lost"  # he did not: −30
    MECREANT_FLANNED = "mecreant_flanned"  # flanned Néant soufflé: « Mécréant ! » loses a Grelottine
    MISERABLE_FLANNED = "miserable_flanned"  # flanned Néant soufflé: « Je suis un misérable » gives everybody one
    CIVET_FILOCHE = "civet_filoche"  # holding: a failed Civet whose stake equals the combination
    CIVET_FILOCHE_WON = "civet_filoche_won"  # the bet's stake + the combination's points
    CIVET_FILOCHE_LOST = "civet_filoche_lost"  # − the stake (the combination's points are won all the same)
    CIVET_FILOCHE_COMBINATION = "civet_filoche_combination"  # the combination's points won by the bettor
    CIVET_FILOCHE_CIVET = "civet_filoche_civet"  # the bettor also wins or loses the roller's Civet stake
    # bévue causes
    BEVUE = "bevue"  # the SCORE event of a Bévue
    BEVUE_ZERO_GAIN = "bevue_zero_gain"  # a player at 0 makes the others gain (no negatives)
    ZERO_GAIN = "zero_gain"  # a player at 0 makes the others gain (no negatives)
    OUT_OF_TURN = "out_of_turn"
    WRONG_CALL = "wrong_call"  # an announcement that does not fit the throw
    SANS_FIN_WITHOUT_TIE = "sans_fin_without_tie"
    SIROP_NOT_ALLOWED = "sirop_not_allowed"
    BIRD_OF_THE_CHOUETTE = "bird_of_the_chouette"  # bet the bird instead of « Beau-Sirop ! »
    SIROP_SILENT = "sirop_silent"  # said nothing before the sirop die fell
    BET_WITHOUT_POINTS = "bet_without_points"  # no negatives: a bet below 5 points
    GRELOTTINE_NOT_ALLOWED = "grelottine_not_allowed"
    STAKE_TOO_HIGH = "stake_too_high"
    CIVET_NOT_ALLOWED = "civet_not_allowed"
    CIVET_ALREADY_HELD = "civet_already_held"  # Lance-Civet to a holder
    RULE_OFF = "rule_off"  # an announcement of a rule the table does not play
    DECLARED = "declared"  # « Bévue pour Karadoc ! »
    NOT_ALLOWED = "not_allowed"  # a ★★/★★★ action announced when its rule forbids it
    ACHAT_NOT_ALLOWED = "achat_not_allowed"
    REPEATED_RELANCE = "repeated_relance"  # a relance sum already announced
    JARRET_ALREADY_HELD = "jarret_already_held"  # Lance-Jarret to a holder
    FLAN_NOT_ALLOWED = "flan_not_allowed"  # a Flan call by a player without one, or on oneself
    FLAN_ALREADY_HELD = "flan_already_held"  # Lance-Flan to a holder
    CIVET_FILOCHE_NOT_ALLOWED = "civet_filoche_not_allowed"
    CIVET_FILOCHE_ALREADY_HELD = "civet_filoche_already_held"  # Lance-Civet-Filoché to a holder
    # prompts
    THROW_CHOUETTES = "throw_chouettes"
    THROW_CUL = "throw_cul"
    BET_SIROP = "bet_sirop"
    THROW_SIROP = "throw_sirop"
    SHOUT_SANS_FIN = "shout_sans_fin"
    ROLL_TIE_BREAK = "roll_tie_break"
    ROLL_OPENING = "roll_opening"
    GRELOTTINE_STAKE = "grelottine_stake"
    GRELOTTINE_THROW = "grelottine_throw"
    SING_SLOUBI = "sing_sloubi"
    THROW_RELANCE = "throw_relance"  # a rule's own throw is awaited (data: purpose)
    BET_RELANCE = "bet_relance"  # Bleu-Rouge: « Je relance de … ! »
    TICHETTE_DICE = "tichette_dice"  # the ticheur throws and types his dice privately
    TICHE = "tiche"  # whose turn it is to announce a tiche (data: previous tiche)
    TICHAGE_DUE = "tichage_due"  # the last one left must say « Tichage ! »
    NAME_KING = "name_king"  # Aquitaine: the Excalibur shouters name a King
    TOO_LATE = "too_late_shout"  # a shout after its race's verdict: too late, nothing changes (data: race)
    TICHEUR_NAMED = "ticheur_named"  # the ticheur is known; his Défi Tichette comes « en fin de tour »
    SIROP_BET_TO_CLAIM = "sirop_bet_to_claim"  # a bet won on the sirop die: paid on « Sirop gagnant ! » (data: value)
    SIROP_BET_UNCLAIMED = "sirop_bet_unclaimed"  # the next throw came first: the won bet is lost, no Bévue
    # elimination, game end
    BELOW_MINUS_TARGET = "below_minus_target"
    GAME_OVER = "game_over"
    # holdings lost
    BELOW_30 = "below_30"
    SPENT = "spent"
    GIVEN = "given"


@dataclass(frozen=True)
class Event:
    kind: EventKind
    player: str | None = None
    points: int | None = None
    reason: str = ""
    rule: str = ""
    t: float | None = None
    data: dict[str, Any] = field(default_factory=dict, compare=True, hash=False)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind.value}
        if self.player is not None:
            out["player"] = self.player
        if self.points is not None:
            out["points"] = self.points
        if self.reason:
            out["reason"] = self.reason
        if self.rule:
            out["rule"] = self.rule
        if self.t is not None:
            out["t"] = self.t
        if self.data:
            out.update({k: v for k, v in self.data.items() if k not in out})
        return out
