"""The state of a game: players, scores, holdings, whose turn, what is pending.

The state is mutated only by :class:`voice_scribe.engine.game.Game` while it
folds calls; everything else reads it or its :meth:`GameState.snapshot`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, is_dataclass
from enum import Enum
from typing import Any

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.dice import Combination, Figure, Throw



#: « à partir de 2 et jusqu'à 16 joueurs » (seed 000 « Déroulement du jeu »)
MIN_PLAYERS, MAX_PLAYERS = 2, 16


class Holding(str, Enum):
    """What a player holds and can spend later (« non cumulable » unless said)."""

    GRELOTTINE = "grelottine"
    CIVET = "civet"
    PASSE_GRELOT = "passe_grelot"
    RIGODON = "rigodon"
    JARRET = "jarret"
    FLAN = "flan"
    CIVET_FILOCHE = "civet_filoche"


class Phase(str, Enum):
    OPENING = "opening"  # the opening roll-off: each player throws one die
    CHOUETTES = "chouettes"  # between turns: the roller is to throw his chouettes
    CUL = "cul"  # chouettes thrown, the cul is awaited
    REACTION = "reaction"  # the cul has fallen: the reaction window is open
    SIROP_BETS = "sirop_bets"  # « Je sirote ! »: bets until the sirop die falls
    SUITE_TIE = "suite_tie"  # tied last « Grelotte » shouters: « Sans fin… »
    ROLL_OFF = "roll_off"  # a tie settled by dice
    GRELOTTINE_STAKE = "grelottine_stake"  # a challenge is launched: combination and stake awaited
    GRELOTTINE_THROW = "grelottine_throw"  # the challenged throws (two throws at most)
    SLOUBI = "sloubi"  # a newcomer is to sing (or refuse)
    RELANCE = "relance"  # ★★/★★★: a rule's own throw is awaited (Soufflette, Cul de chouette doublé, Bleu-Rouge…)
    TICHETTE_DICE = "tichette_dice"  # ★★★★ the ticheur's hidden dice are awaited (typed, never spoken)
    TICHETTE = "tichette"  # ★★★★ the Tichette bidding (Michette, Tichette, Bichette, Quichette…)
    OVER = "over"


@dataclass
class Player:
    name: str
    score: int = 0
    holdings: set[Holding] = field(default_factory=set)
    eliminated: bool = False

    def holds(self, holding: Holding) -> bool:
        return holding in self.holdings


@dataclass
class Sirotage:
    """« Je sirote ! »: one die is thrown again to make a Cul de chouette."""

    sirotant: str
    face: int  # the Chouette's face: the Cul de chouette aimed at
    opened_at: float
    bets: dict[str, int | None] = field(default_factory=dict)  # player → face bet, None = Couche/File-Sirop
    die: int | None = None


@dataclass
class Challenge:
    """A Grelottine challenge (seed 000 « La Grelottine »)."""

    grelottin: str
    challenged: str
    launched_at: float
    scores_at_launch: dict[str, int]
    combination: str | None = None
    stake: int | None = None
    max_stake: bool = False
    throws: int = 0
    decided: bool = False
    succeeded: bool = False
    civet: tuple[str, int, str] | None = None  # « avant de commencer un défi Grelottine »
    staked_at: float | None = None  # when the stake was announced (Passe-Grelot, Rigodon: too late after)
    #: the half of the stake said first, « Sur une chouette. » … « Max ! » (either order): (combination,
    #: number, max_stake), completed by the other half
    half_said: tuple[str | None, int | None, bool] | None = None


@dataclass
class Relance:
    """A throw a ★★/★★★ rule asks for, outside the turn's own throw.

    ``purpose`` names the rule: "velutee" (the shouter throws the two
    chouettes again), "velutee_pair" (two shouters, one chouette each),
    "soufflette" (the soufflé, three throws), "cul_de_chouette_double",
    "intervalle_paien" (one throw), "bleu_rouge" (the roller, after the bets),
    "mi_jarret" (the second throw of a Mi-Jarret or a Jarret-Sifflet).
    """

    purpose: str
    thrower: str
    started_at: float
    dice: int = 3  # how many dice the throw announces (2: the Velutée chouettes)
    throws: int = 0
    beneficiary: str | None = None  # whom the final combination profits (the Velutée shouter…)
    target: str | None = None  # the souffleur (Soufflette); the roller of the Suite-Velutée
    face: int = 0  # the first Cul de chouette's face (doublé, doublé diminué)
    kept: Throw | None = None  # the throw the relance starts from (Velutée: its cul stays)
    bets: dict[str, int] = field(default_factory=dict)  # Bleu-Rouge: player → relance sum
    bet_times: dict[str, float] = field(default_factory=dict)
    multiplier: int = 1  # Bi-Jarret / Jarret-Sifflet
    jarret: str | None = None
    civet: tuple[str, int, str] | None = None  # a Civet judged on this relance (Bleu-Rouge, Mi-Jarret)
    resumes_turn: bool = False  # born from a Grelottine challenge: the interrupted turn resumes
    chouettes: tuple[int, ...] | None = None  # a three-dice throw announced in two parts: its chouettes
    own_dice: dict[str, int] = field(default_factory=dict)  # two Velutée players: each one's own chouette


@dataclass
class ThrowContext:
    """One throw and everything said about it until its reaction window closes."""

    roller: str
    started_at: float
    chouettes: tuple[int, int] | None = None
    throw: Throw | None = None
    combination: Combination | None = None
    opened_at: float | None = None  # when the reaction window opened (the cul fell)
    shouts: dict[str, list[tuple[str, float]]] = field(default_factory=dict)  # call kind → (player, t)
    civet: tuple[str, int, str] | None = None  # (player, stake, combination)
    sirotage: Sirotage | None = None
    sirop_done: bool = False
    chouette_due: bool = False  # the roller's Chouette points wait for the window (he may sirote)
    challenge: Challenge | None = None  # a Grelottine throw
    settled: bool = False
    # ── ★★ / ★★★ ──
    relance: str | None = None  # this throw is a rule's relance (Relance.purpose)
    multiplier: int = 1  # Bi-Jarret, Jarret-Sifflet: « double la valeur de la combinaison »
    jarret: str | None = None  # "mi", "bi", "sifflet": the Jarret the roller spent on this throw
    jarret_first: Throw | None = None  # Mi-Jarret: the first throw, kept until « Bjarret ! » or the second
    cdc_due: tuple[str, int, str, str] | None = None  # (player, points, reason, rule)  # a Cul de chouette's points wait: it may be doubled
    cdc_face: int = 0
    cdc_attempt_allowed: bool = True  # no Cul de chouette doublé on a relance that forbids it
    applies: bool = True  # Bleu-Rouge relance nobody won: « aucune combinaison ne s'applique »
    no_figures: bool = False  # a relance whose figures are not replayed (Bleu-Rouge relance)
    bought_from: list[str] = field(default_factory=list)  # Achat: the previous rollers of this cul
    achat_claims: list[tuple[str, float]] = field(default_factory=list)  # pending « J'achète ! »
    verdier_bets: dict[str, float] = field(default_factory=dict)  # « Vert-Linette ! »
    sirop_failed_face: int | None = None  # Contre-Sirop: the Cul de chouette a failed sirotage aimed at
    sirop_bet_won: bool = False
    jeannot: tuple[str, int] | None = None  # [Sirop-Jeannot]: (the sirotant without the points, face)
    souffleur_target: str | None = None
    unisson: int = 0  # Cul de chouette doublé diminué of equal values: the gain at stake
    resumes_turn: bool = False  # a relance born in a Grelottine challenge: the interrupted turn resumes
    relance_bets: dict[str, int] = field(default_factory=dict)  # Bleu-Rouge: who bet which sum (the Pélican tie)
    #: races whose verdict is out before the window closes (« decide as soon as it is certain »):
    #: "chouette_velute", "suite" (paid), "suite_tie" (the Grelotte tie is known: « Sans fin » is due)
    decided: set[str] = field(default_factory=set)

    def shows(self, figure: Figure) -> bool:
        """The throw is that named triple, and it is played as one (not a failed doublé, not a
        throw whose figures do not count)."""
        return (
            self.combination is not None
            and self.combination.figure is figure
            and not self.no_figures
            and self.applies
        )

    def shout(self, kind: str, player: str, t: float) -> None:
        self.shouts.setdefault(kind, []).append((player, t))

    def shouters(self, kind: str) -> list[tuple[str, float]]:
        return self.shouts.get(kind, [])


@dataclass
class RollOff:
    """A tie settled by each concerned player throwing one die."""

    purpose: str  # "opening", "suite", "grelottine", "achat", "neant_souffle", "pelican"
    players: list[str]
    lowest_wins: bool
    rolls: dict[str, int] = field(default_factory=dict)
    stake: int = 0  # the Suite tie-break escalates: 10, 20, 30…
    step: int = 10  # … by this much (20 under a Bi-Jarret)
    opened_at: float | None = None  # when its dice were asked for (None: the opening, which waits)
    asked_again: bool = False  # nobody settled it in time: asked a second time


# ── the records of the ★★★★ families and of the Aquitaine (their rules: tichette.py, civet_filoche.py,
#    aquitaine.py); kept here so that the state imports no rule module ──

def quiche_value(kind: CallKind, number: int) -> int:
    """« La quiche a pour valeur la dernière tiche […] une bichette alors la quiche vaut
    (100 + la dernière tiche du quichant / 10) »: 45 → 45; 634 → 100 + 63.4 → 163.

    >>> quiche_value(CallKind.BICHETTE, 634)
    163
    """
    if kind in (CallKind.BICHETTE, CallKind.BICHETTE_RESINE):
        return 100 + number // 10
    return number


@dataclass
class TichetteChallenge:
    """One Défi Tichette: the ticheur's hidden dice and the bids around the table."""

    ticheur: str
    stake: int  # « la valeur absolue des points du ticheur »
    bidders: list[str]  # the ticheur first, then in the announcement direction
    started_at: float
    dice: tuple[int, int, int] | None = None
    turn: int = 0  # index in ``bidders`` of who must announce
    current: tuple[CallKind, int] | None = None  # the last valid tiche at the table
    last: dict[str, tuple[CallKind, int]] = field(default_factory=dict)  # each bidder's last valid tiche
    out: dict[str, int] = field(default_factory=dict)  # quiched (or quichés): the quiche paid
    bichette_said: bool = False

    @property
    def left(self) -> list[str]:
        return [p for p in self.bidders if p not in self.out]

    @property
    def announcer(self) -> str:
        return self.bidders[self.turn]

    def quiche(self, player: str) -> int:
        last = self.last.get(player)
        return quiche_value(*last) if last else 0


@dataclass
class FilocheBet:
    """« Civet-Filoché de 50 sur une Chouette ! » pointing at ``target``."""

    bettor: str
    target: str
    stake: int
    combination: str
    t: float
    armed: bool = False  # the target's throw has begun: the bet is judged with it


@dataclass
class AquitaineTable:
    """What only the Aquitaine remembers."""

    grelottines: dict[str, int] = field(default_factory=dict)  # « cumulable », up to 6
    king: str | None = None  # « En cas de Guerre civile, le roi reste le même »
    excalibur: list[str] | None = None  # shouters who still have to name a King
    forfeit: tuple[str, int] | None = None  # (player, id of the throw): his Bévue forfeits its gains


@dataclass
class GameState:
    players: dict[str, Player]
    order: list[str]  # turn order (seat order rotated so the opener is first)
    turn: int = 0  # index in ``order`` of the roller
    rounds: int = 0  # rounds completed
    phase: Phase = Phase.CHOUETTES
    current: ThrowContext | None = None
    roll_off: RollOff | None = None
    resume_phase: Phase | None = None  # where a roll-off or a challenge returns to
    challenge: Challenge | None = None
    grelottine_calls: dict[str, tuple[str, float]] = field(default_factory=dict)  # grelottin → (target, t)
    suite_tied: list[str] = field(default_factory=list)
    suite_tie_opened_at: float | None = None
    sirop_winners: set[str] = field(default_factory=set)  # must shout « Sirop gagnant ! » before the next throw
    sloubi: tuple[str, int] | None = None  # (newcomer, sloubi value)
    winner: str | None = None
    opener: str | None = None  # who the opening roll-off chose, until his first throw (the screen names him)
    # ── ★★ / ★★★ ──
    relance: Relance | None = None
    followups: list[Relance] = field(default_factory=list)  # relances waiting for the window to close
    poulette: tuple[str, str, float] | None = None  # (grelottin, challenged, since)
    poulette_shouts: list[tuple[str, float]] = field(default_factory=list)
    poulette_decided: bool = False
    passe_grelot: tuple[str, str, float, str] | None = None  # (from, to, t, holding) until the stake
    rigodon: tuple[Challenge, float, tuple[str, ...]] | None = None  # cancelled by « Rigodon ! »: t, immunity spent
    jarret_use: tuple[str, str] | None = None  # (player, "mi" | "bi" | "sifflet") for his next throw
    jarret_sifflet: set[str] = field(default_factory=set)  # who won a Jarret-Souple
    tichette: TichetteChallenge | None = None  # ★★★★ the Tichette bidding (engine/tichette.py)
    aquitaine: AquitaineTable | None = None  # Règles à l'Aquitaine: Grelottines counted, the King (engine/aquitaine.py)
    # ★★★★ Flan, Civet-Filoché (engine/flan.py, engine/civet_filoche.py)
    flans: dict[str, list[tuple[str | None, int]]] = field(default_factory=dict)  # flanné → (flanneur, weight)
    kadoc: str | None = None  # who made a 6-5-2 and may shout « À Kadoc ! » until the next throw
    filoche_bets: list[FilocheBet] = field(default_factory=list)  # Civet-Filoché bets not judged yet
    filoche_used: dict[str, tuple[int, frozenset[str]]] = field(default_factory=dict)  # holder → (staked, targets)
    throws: int = 0
    clock: float = 0.0
    #: ★★★★ Tichette steps said before their moment (the ticheur's hidden dice, bids while the window
    #: that makes the ticheur is still open): played, in order, when the Défi Tichette begins
    queued: list[Any] = field(default_factory=list)

    @property
    def roller(self) -> str:
        return self.order[self.turn]

    def active(self) -> list[str]:
        return [name for name in self.order if not self.players[name].eliminated]

    def snapshot(self) -> dict[str, Any]:
        """A plain, comparable picture of the state (used by tests and the CLI)."""
        return {
            "scores": {n: p.score for n, p in self.players.items()},
            "holdings": {n: sorted(h.value for h in p.holdings) for n, p in self.players.items()},
            "eliminated": sorted(n for n, p in self.players.items() if p.eliminated),
            "order": list(self.order),
            "turn": self.roller if self.order else None,
            "rounds": self.rounds,
            "phase": self.phase.value,
            "winner": self.winner,
            # what waits for a later throw: part of the game, so part of what undo and resume restore
            "pending": {
                "flans": {n: sorted(map(repr, v)) for n, v in self.flans.items() if v},
                "filoche_bets": [repr(b) for b in self.filoche_bets],
                "jarret_use": self.jarret_use,
                "sirop_winners": sorted(self.sirop_winners),
                "tichette": repr(self.tichette) if self.tichette else None,
            },
        }


#: Values a state shares with its copies: they never change in place.
_ATOM_TYPES = {str, int, float, bool, type(None)}


def _clone(value: Any, memo: dict[int, Any]) -> Any:
    """A deep copy of a state value, sharing what is immutable and keeping aliasing.

    Several records point at one object (the challenge a throw belongs to is
    also ``GameState.challenge``); the copy keeps them pointing at one copy.
    About five times faster than ``copy.deepcopy`` on a game state.
    """
    if type(value) in _ATOM_TYPES or isinstance(value, Enum):
        return value
    known = memo.get(id(value))
    if known is not None:
        return known
    kind = type(value)
    copied: Any
    if kind is list:
        copied = [_clone(v, memo) for v in value]
    elif kind is dict:
        copied = {k: _clone(v, memo) for k, v in value.items()}
    elif kind is tuple:
        copied = tuple(_clone(v, memo) for v in value)
    elif kind is set:
        copied = {_clone(v, memo) for v in value}
    elif kind is frozenset:
        return value
    elif is_dataclass(value):
        if kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            return value  # Throw, Combination, Rules: immutable by construction
        copied = object.__new__(kind)
        memo[id(value)] = copied
        fields = value.__dict__.copy()
        for k, v in fields.items():
            if type(v) not in _ATOM_TYPES:
                fields[k] = _clone(v, memo)
        copied.__dict__.update(fields)
        return copied
    else:
        raise TypeError(f"a game state holds a value it cannot copy: {kind.__name__}")
    memo[id(value)] = copied
    return copied


def clone_state(state: GameState) -> GameState:
    """An independent copy of ``state``: changing one never changes the other.

    >>> a = GameState(players={"Karadoc": Player("Karadoc")}, order=["Karadoc"])
    >>> b = clone_state(a)
    >>> b.players["Karadoc"].score = 50
    >>> a.players["Karadoc"].score
    0
    """
    copied: GameState = _clone(state, {})
    return copied
