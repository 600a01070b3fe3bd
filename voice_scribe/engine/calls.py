"""Calls: what a player says (or the roller announces) at the table.

Every announcement of the seeds has one :class:`CallKind` member, even those
whose rules are not played yet: the grammar (``grammars/fr/``) names its
templates after these members, and the engine answers every one of them
(applied, a Bévue, or rejected with a reason).

>>> Call(CallKind.PAS_MOU_LE_CAILLOU, "Karadoc", t=12.48)
Call(kind=<CallKind.PAS_MOU_LE_CAILLOU: 'pas_mou_le_caillou'>, player='Karadoc', t=12.48, target=None, number=None, dice=None, combination=None, max_stake=False, hidden=False)
>>> CALL_SPECS[CallKind.CIVET].text
'Civet de 50 sur une Chouette !'
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from enum import Enum
from typing import Any


class CallKind(str, Enum):
    # ── dice and table flow (announced by the roller or the table) ──
    CHOUETTES = "chouettes"  # the two chouettes: dice=(a, b)
    CUL = "cul"  # the cul: dice=(c,)
    DES = "des"  # three dice at once (a challenge throw, or chouettes+cul): dice=(a, b, c)
    DE = "de"  # one die: sirop die, roll-off die, tie-break die: dice=(d,)
    SUIVANT = "suivant"  # closes the reaction window
    # ── ★ ──
    PAS_MOU_LE_CAILLOU = "pas_mou_le_caillou"
    GRELOTTE_CA_PICOTE = "grelotte_ca_picote"
    SANS_FIN = "sans_fin"  # « Sans fin est la moisissure des bières bretonnes ! »
    GRELOTTINE = "grelottine"  # target
    GRELOTTINE_MISE = "grelottine_mise"  # combination + number (or max_stake)
    JE_SIROTE = "je_sirote"
    PARI_OISEAU = "pari_oiseau"  # number = face (Linotte=1 … Chouette=6)
    BEAU_SIROP = "beau_sirop"
    COUCHE_SIROP = "couche_sirop"
    FILE_SIROP = "file_sirop"
    SIROP_GAGNANT = "sirop_gagnant"
    CIVET = "civet"  # number = stake, combination
    LANCE_CIVET = "lance_civet"  # target
    CHANTE_SLOUBI = "chante_sloubi"  # player = the newcomer
    SLOUBI_REUSSI = "sloubi_reussi"  # the table: the sloubi was sung to the end
    SLOUBI_RATE = "sloubi_rate"  # the table: refused or failed
    BEVUE = "bevue"  # « Bévue pour Karadoc ! »: target
    # ── ★★ ──
    PATTE_DE_CANARD = "patte_de_canard"
    VELUTEE = "velutee"
    RAITOURNELLE = "raitournelle"
    ARTICHETTE = "artichette"  # target (the roller)
    EN_GARDE = "en_garde"  # « En garde ma mignonne ! »: target
    POULETTE = "poulette"  # « Elle est où la Poulette ? »
    PASSE_GRELOT = "passe_grelot"  # target
    RIGODON = "rigodon"
    ATTRAPE_OISEAU = "attrape_oiseau"
    CONTRE_SIROP = "contre_sirop"  # « J'apprécie les fruits au sirop ! »
    SIROP_JEANNOT = "sirop_jeannot"  # target
    CIVET_DOUBLE = "civet_double"  # target
    CUL_DE_CHOUETTE_DOUBLE = "cul_de_chouette_double"  # « Cul de chouette ! »
    ACHAT = "achat"  # « J'achète ! » (« À la Volette ! » in seed 001)
    RACHAT = "rachat"  # « Je rachète ! »
    GRAINES = "graines"  # « Je ne mange pas de graines ! »
    # ── ★★★ ──
    RELANCE = "relance"  # « Je relance de 15 ! »: number
    PELICAN = "pelican"
    PASSE_MONTAGNE = "passe_montagne"
    ZBRADARALDJAN = "zbradaraldjan"
    MECREANT = "mecreant"
    MISERABLE = "miserable"  # « Je suis un misérable. »
    FORT_HEUREUSEMENT = "fort_heureusement"  # « … l'incident n'a fait aucune victime »
    VERT_LINETTE = "vert_linette"
    LANCE_BUCHES = "lance_buches"
    MI_JARRET = "mi_jarret"
    BI_JARRET = "bi_jarret"
    LANCE_JARRET = "lance_jarret"  # target
    JARRET_SOUPLE = "jarret_souple"
    CHARRET = "charret"
    JARRET_SIFFLET = "jarret_sifflet"
    BJARRET = "bjarret"
    INTERVALLE_PAIEN = "intervalle_paien"  # « Je siffle le Cul De Chouette en intervalle païen ! »
    UNISSON = "unisson"
    PETIT_INTERVALLE = "petit_intervalle"  # « Un petit intervalle diminué de temps en temps »
    # ── ★★★★ ──
    A_KADOC = "a_kadoc"
    TATAN_FLANS = "tatan_flans"  # « Tatan elle fait des flans ! »: target
    LANCE_FLAN = "lance_flan"  # target
    SALSIFI = "salsifi"
    SGANABADARLANE = "sganabadarlane"
    MICHETTE = "michette"  # number (1 digit)
    TICHETTE = "tichette"  # number (2 digits)
    BICHETTE = "bichette"  # number (3 digits)
    BICHETTE_RESINE = "bichette_resine"  # number
    QUICHETTE = "quichette"  # number (the quiche)
    TICHAGE = "tichage"
    QUICHAGE = "quichage"  # target
    CIVET_FILOCHE = "civet_filoche"  # number, combination, target
    LANCE_CIVET_FILOCHE = "lance_civet_filoche"  # target
    CIVET_FILOCHE_DOUBLE = "civet_filoche_double"  # target
    EXCALIBUR = "excalibur"  # Règles à l'Aquitaine
    ROI = "roi"  # Aquitaine: the Excalibur shouters name a King: target


#: The calls that tell a throw, and how many dice each carries (the chouettes, the three dice in one breath, the
#: cul, a single die: a roll-off or a sirop).
THROW_DICE: dict[CallKind, int] = {CallKind.CHOUETTES: 2, CallKind.DES: 3, CallKind.CUL: 1, CallKind.DE: 1}
THROWS = frozenset(THROW_DICE)


@dataclass(frozen=True)
class CallSpec:
    """Where an announcement comes from: level (1–4, 0 = table flow), rule, text."""

    level: int
    rule: str
    text: str
    args: tuple[str, ...] = ()


K = CallKind
CALL_SPECS: dict[CallKind, CallSpec] = {
    K.CHOUETTES: CallSpec(0, "des", "Chouettes trois et quatre", ("dice",)),
    K.CUL: CallSpec(0, "des", "Cul six", ("dice",)),
    K.DES: CallSpec(0, "des", "Trois quatre quatre", ("dice",)),
    K.DE: CallSpec(0, "des", "Dé cinq", ("dice",)),
    K.SUIVANT: CallSpec(0, "des", "Suivant !"),
    K.PAS_MOU_LE_CAILLOU: CallSpec(1, "chouette_velute", "Pas mou le caillou !"),
    K.GRELOTTE_CA_PICOTE: CallSpec(1, "suite", "Grelotte ça picote !"),
    K.SANS_FIN: CallSpec(1, "suite", "Sans fin est la moisissure des bières bretonnes !"),
    K.GRELOTTINE: CallSpec(1, "grelottine", "Grelottine !", ("target",)),
    K.GRELOTTINE_MISE: CallSpec(1, "grelottine", "Chouette, quarante-deux !", ("combination", "number")),
    K.JE_SIROTE: CallSpec(1, "sirop", "Je sirote !"),
    K.PARI_OISEAU: CallSpec(1, "sirop", "Linotte !", ("number",)),
    K.BEAU_SIROP: CallSpec(1, "sirop", "Beau-Sirop !"),
    K.COUCHE_SIROP: CallSpec(1, "sirop", "Couche-Sirop !"),
    K.FILE_SIROP: CallSpec(1, "sirop", "File-Sirop !"),
    K.SIROP_GAGNANT: CallSpec(1, "sirop", "Sirop gagnant !"),
    K.CIVET: CallSpec(1, "civet", "Civet de 50 sur une Chouette !", ("number", "combination")),
    K.LANCE_CIVET: CallSpec(1, "civet", "Lance-Civet !", ("target",)),
    K.CHANTE_SLOUBI: CallSpec(1, "chante_sloubi", "Chante-Sloubi !"),
    K.SLOUBI_REUSSI: CallSpec(1, "chante_sloubi", "Sloubi réussi !"),
    K.SLOUBI_RATE: CallSpec(1, "chante_sloubi", "Sloubi raté !"),
    K.BEVUE: CallSpec(1, "bevue", "Bévue pour Karadoc !", ("target",)),
    K.PATTE_DE_CANARD: CallSpec(2, "suite_velutee", "Patte de canaaard !"),
    K.VELUTEE: CallSpec(2, "suite_velutee", "Velutée !"),
    K.RAITOURNELLE: CallSpec(2, "artichette", "Raitournelle !"),
    K.ARTICHETTE: CallSpec(2, "artichette", "Artichette !", ("target",)),
    K.EN_GARDE: CallSpec(2, "soufflette", "En garde ma mignonne !", ("target",)),
    K.POULETTE: CallSpec(2, "poulette", "Elle est où la Poulette ?"),
    K.PASSE_GRELOT: CallSpec(2, "passe_grelot", "Passe-Grelot !", ("target",)),
    K.RIGODON: CallSpec(2, "rigodon", "Rigodon !"),
    K.ATTRAPE_OISEAU: CallSpec(2, "attrape_oiseau", "Attrape-Oiseau !"),
    K.CONTRE_SIROP: CallSpec(2, "contre_sirop", "J'apprécie les fruits au sirop !"),
    K.SIROP_JEANNOT: CallSpec(2, "sirop_jeannot", "Sirop-Jeannot !", ("target",)),
    K.CIVET_DOUBLE: CallSpec(2, "civet_double", "Civet doublé !", ("target",)),
    K.CUL_DE_CHOUETTE_DOUBLE: CallSpec(2, "cul_de_chouette_double", "Cul de chouette !"),
    K.ACHAT: CallSpec(2, "achat", "J'achète !"),
    K.RACHAT: CallSpec(2, "double_achat", "Je rachète !"),
    K.GRAINES: CallSpec(2, "graines", "Je ne mange pas de graines !"),
    K.RELANCE: CallSpec(3, "bleu_rouge", "Je relance de quinze !", ("number",)),
    K.PELICAN: CallSpec(3, "pelican", "Pélican !"),
    K.PASSE_MONTAGNE: CallSpec(3, "pelican", "Passe-Montagne !"),
    K.ZBRADARALDJAN: CallSpec(3, "pelican", "Zbradaraldjan !"),
    K.MECREANT: CallSpec(3, "neant_souffle", "Mécréant !"),
    K.MISERABLE: CallSpec(3, "neant_souffle", "Je suis un misérable."),
    K.FORT_HEUREUSEMENT: CallSpec(
        3,
        "neant_souffle",
        "Fort heureusement, je tiens à préciser que l'incident n'a fait aucune victime",
    ),
    K.VERT_LINETTE: CallSpec(3, "verdier", "Vert-Linette !"),
    K.LANCE_BUCHES: CallSpec(3, "jarret", "Lance-Bûches !"),
    K.MI_JARRET: CallSpec(3, "jarret", "Mi-Jarret !"),
    K.BI_JARRET: CallSpec(3, "jarret", "Bi-Jarret !"),
    K.LANCE_JARRET: CallSpec(3, "jarret", "Lance-Jarret !", ("target",)),
    K.JARRET_SOUPLE: CallSpec(3, "jarret", "Jarret-Souple !"),
    K.CHARRET: CallSpec(3, "jarret", "Charret !"),
    K.JARRET_SIFFLET: CallSpec(3, "jarret", "Jarret-Sifflet !"),
    K.BJARRET: CallSpec(3, "jarret", "Bjarret !"),
    K.INTERVALLE_PAIEN: CallSpec(
        3, "cul_de_chouette_double_diminue", "Je siffle le Cul De Chouette en intervalle païen !"
    ),
    K.UNISSON: CallSpec(3, "cul_de_chouette_double_diminue", "Unisson !"),
    K.PETIT_INTERVALLE: CallSpec(
        3, "cul_de_chouette_double_diminue", "Un petit intervalle diminué de temps en temps"
    ),
    K.A_KADOC: CallSpec(4, "flan", "À Kadoc !"),
    K.TATAN_FLANS: CallSpec(4, "flan", "Tatan elle fait des flans !", ("target",)),
    K.LANCE_FLAN: CallSpec(4, "flan", "Lance-Flan !", ("target",)),
    K.SALSIFI: CallSpec(4, "tichette", "Salsifi !"),
    K.SGANABADARLANE: CallSpec(4, "tichette", "Sganabadarlane !"),
    K.MICHETTE: CallSpec(4, "tichette", "Michette de trois !", ("number",)),
    K.TICHETTE: CallSpec(4, "tichette", "Tichette de quarante-quatre !", ("number",)),
    K.BICHETTE: CallSpec(4, "tichette", "Bichette de trois cent quarante-deux !", ("number",)),
    K.BICHETTE_RESINE: CallSpec(4, "tichette", "Bichette résiné de six cent trente-quatre !", ("number",)),
    K.QUICHETTE: CallSpec(4, "tichette", "Quichette de quarante-cinq !", ("number",)),
    K.TICHAGE: CallSpec(4, "tichette", "Tichage !"),
    K.QUICHAGE: CallSpec(4, "tichette", "Quichage !", ("target",)),
    K.CIVET_FILOCHE: CallSpec(
        4, "civet_filoche", "Civet-Filoché de 50 sur une Chouette !", ("number", "combination", "target")
    ),
    K.LANCE_CIVET_FILOCHE: CallSpec(4, "civet_filoche", "Lance-Civet-Filoché !", ("target",)),
    K.CIVET_FILOCHE_DOUBLE: CallSpec(4, "civet_filoche_double", "Civet-Filoché doublé !", ("target",)),
    K.EXCALIBUR: CallSpec(4, "aquitaine", "Excalibur !"),
    K.ROI: CallSpec(4, "aquitaine", "Roi !", ("target",)),
}
del K

#: Names of the combinations a Civet or a Grelottine can name (seed 000 « Le Civet »,
#: « La Grelottine »): the ★ kinds plus the Sirop-Grelot.
BET_COMBINATIONS = (
    "chouette",
    "velute",
    "chouette_velute",
    "cul_de_chouette",
    "suite",
    "neant",
    "sirop_grelot",
)


@dataclass(frozen=True)
class Call:
    """One announcement: who said what, with its arguments, at ``t`` seconds.

    ``t`` is on the session clock (seconds from the start of the game); every
    race is decided on it.
    """

    kind: CallKind
    player: str
    t: float
    target: str | None = None
    number: int | None = None
    dice: tuple[int, ...] | None = None
    combination: str | None = None
    max_stake: bool = False
    #: ★★★★ Tichette: the ticheur's dice, typed privately (keyboard, call log), never
    #: spoken: « il doit les garder cachés sous sa main » (seed 000 « La Tichette (suite) »).
    hidden: bool = False

    def to_json(self) -> dict[str, Any]:
        data = {k: v for k, v in asdict(self).items() if v is not None and v is not False}
        data["kind"] = self.kind.value
        if self.dice is not None:
            data["dice"] = list(self.dice)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Call:
        """Build a call from its JSON form; raises ``ValueError`` with a French reason.

        Every field is checked for its type: dice are faces 1 to 6 (not booleans), ``t`` a
        finite number, ``target`` a name.

        >>> Call.from_json({"kind": "cul", "player": "Karadoc", "t": 2.0, "dice": [4]}).dice
        (4,)
        >>> Call.from_json({"kind": "des", "player": "Karadoc", "t": 2.0, "dice": [True, True, True]})
        Traceback (most recent call last):
        ...
        ValueError: dés illisibles : [True, True, True] (de 1 à 3 faces, chacune de 1 à 6)
        """
        if not isinstance(data, dict):
            raise ValueError("une annonce doit être un objet JSON")
        kind_name = data.get("kind")
        try:
            kind = CallKind(kind_name) if isinstance(kind_name, str) else None
        except ValueError:
            kind = None
        if kind is None:
            raise ValueError(f"type d'annonce inconnu : {_shown(kind_name)}")
        player = data.get("player")
        if not isinstance(player, str) or not player.strip():
            raise ValueError("annonce sans joueur")
        t = data.get("t")
        if not _finite(t):
            raise ValueError(f"annonce sans instant « t » valable (un nombre fini de secondes, reçu : {_shown(t)})")
        dice = data.get("dice")
        if dice is not None:
            if not isinstance(dice, list) or not 1 <= len(dice) <= 3 or not all(_face(d) for d in dice):
                raise ValueError(f"dés illisibles : {_shown(dice)} (de 1 à 3 faces, chacune de 1 à 6)")
            dice = tuple(dice)
        number = data.get("number")
        if number is not None and (type(number) is not int or abs(number) > MAX_CALL_NUMBER):
            raise ValueError(f"nombre illisible : {_shown(number)}")
        target = data.get("target")
        if target is not None and (not isinstance(target, str) or not target.strip()):
            raise ValueError(f"cible illisible : {_shown(target)} (le nom d'un joueur)")
        combination = data.get("combination")
        if combination is not None and (not isinstance(combination, str) or combination not in BET_COMBINATIONS):
            raise ValueError(f"combinaison inconnue : {_shown(combination)}")
        flags = {}
        for name in ("max_stake", "hidden"):
            value = data.get(name, False)
            if not isinstance(value, bool):
                raise ValueError(f"« {name} » doit valoir true ou false (reçu : {_shown(value)})")
            flags[name] = value
        return cls(kind=kind, player=player, t=float(t), target=target, number=number, dice=dice,
                   combination=combination, **flags)


#: The largest stake, bet or face a call may carry (a call log's sanity bound).
MAX_CALL_NUMBER = 1_000_000


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


def _finite(value: Any) -> bool:
    if type(value) not in (int, float):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


def _face(value: Any) -> bool:
    return type(value) is int and 1 <= value <= 6
