"""The game: a fold of timestamped calls into a state, emitting decisions.

Seed 000 « Déroulement du jeu »: « À son tour de jeu, le joueur lance deux
dés (les chouettes), puis le troisième (le cul). On applique alors la règle
correspondant à la combinaison formée par les trois dés. »

A throw opens a *reaction window* when its cul falls; the shouts heard in it
(« Pas mou le caillou ! », « Grelotte ça picote ! », « Je sirote ! »…) are
judged when it closes: on the next throw, on « Suivant ! », or
``Rules.reaction_window_s`` after it opened — or, for a race whose verdict can
no longer change, as soon as it is certain (``Game._decide_certain``).

>>> g = Game(["Karadoc", "Perceval"])
>>> _ = g.apply(Call(CallKind.DES, "Karadoc", 1.0, dice=(2, 3, 5)))
>>> g.state.players["Karadoc"].score
50
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from voice_scribe.engine.achat import AchatRules
from voice_scribe.engine.artichette import ArtichetteRules
from voice_scribe.engine.aquitaine import AquitaineRules
from voice_scribe.engine.attrape_oiseau import AttrapeOiseauRules
from voice_scribe.engine.bleu_rouge import BleuRougeRules
from voice_scribe.engine.calls import CALL_SPECS, Call, CallKind
from voice_scribe.engine.chouette_velute import ChouetteVeluteRules
from voice_scribe.engine.civet import CivetRules
from voice_scribe.engine.civet_double import CivetDoubleRules
from voice_scribe.engine.civet_filoche import CivetFilocheRules
from voice_scribe.engine.contre_sirop import ContreSiropRules
from voice_scribe.engine.cul_de_chouette_double import CulDeChouetteDoubleRules
from voice_scribe.engine.cul_de_chouette_double_diminue import CulDeChouetteDoubleDiminueRules
from voice_scribe.engine.doublette import DoubletteRules, check_teams
from voice_scribe.engine.dice import FACES, Kind, Throw
from voice_scribe.engine.events import Event, EventKind, Reason
from voice_scribe.engine.flan import FlanRules
from voice_scribe.engine.graines import GrainesRules
from voice_scribe.engine.grelottine import GrelottineRules
from voice_scribe.engine.grelottine_defenses import GrelottineDefensesRules
from voice_scribe.engine.jarret import JarretRules
from voice_scribe.engine.neant_souffle import NeantSouffleRules
from voice_scribe.engine.rejected import Rejected
from voice_scribe.engine.relances import RelanceRules
from voice_scribe.engine.rolloff import RollOffRules
from voice_scribe.engine.rules import Rules
from voice_scribe.engine.scoring import GRELOTTINE_MINIMUM, Scoring
from voice_scribe.engine.sirop import SiropRules
from voice_scribe.engine.sloubi import SloubiRules
from voice_scribe.engine.soufflette import SouffletteRules
from voice_scribe.engine.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    GameState,
    Holding,
    Phase,
    Player,
    ThrowContext,
    clone_state,
)
from voice_scribe.engine.suite import SuiteRules
from voice_scribe.engine.suite_velutee import SuiteVeluteeRules
from voice_scribe.engine.table import Check, Legality, Now, describe, verdict
from voice_scribe.engine.tichette import TichetteRules
from voice_scribe.engine.verdier import VerdierRules


#: ★★ first-shout races of a reaction window, decided once their first shout's tie window has passed
#: (race → the shout, the settlement); the window closing settles only those not decided yet.
FIRST_SHOUT_RACES: dict[str, tuple[CallKind, str]] = {
    "contre_sirop": (CallKind.CONTRE_SIROP, "_settle_contre_sirop"),
    "sirop_jeannot": (CallKind.SIROP_JEANNOT, "_settle_sirop_jeannot"),
    "lance_buches": (CallKind.LANCE_BUCHES, "_settle_lance_buches"),  # ★★★ « Le premier joueur (ou premiers) »
}

#: The other races of a reaction window decided as soon as they are certain (docs/rules.md FT12–FT16):
#: race → (when it became certain: a time or None while it is not, its settlement at that time).
EARLY_RACES: dict[str, tuple[str, str]] = {
    "suite_velutee": ("_suite_velutee_settled_at", "_settle_suite_velutee"),
    "artichette": ("_artichette_settled_at", "_settle_artichette"),
    "unisson": ("_unisson_settled_at", "_settle_unisson"),
    "jarret_souple": ("_jarret_souple_settled_at", "_settle_jarret_souple"),
    "pelican": ("_pelican_settled_at", "_settle_pelican"),
    "neant_souffle": ("_neant_souffle_settled_at", "_settle_neant_souffle"),
    "excalibur": ("_excalibur_settled_at", "_settle_excalibur"),
    "tichette": ("_tichette_settled_at", "_name_ticheur"),  # the Défi itself waits « en fin de tour »
}

#: A shout of a race → the race, for the answer to a shout that comes after its verdict (FT17).
RACE_OF_SHOUT: dict[CallKind, str] = {
    CallKind.PAS_MOU_LE_CAILLOU: "chouette_velute",
    CallKind.CONTRE_SIROP: "contre_sirop",
    CallKind.SIROP_JEANNOT: "sirop_jeannot",
    CallKind.LANCE_BUCHES: "lance_buches",
    CallKind.PATTE_DE_CANARD: "suite_velutee",
    CallKind.VELUTEE: "suite_velutee",
    CallKind.RAITOURNELLE: "artichette",
    CallKind.ARTICHETTE: "artichette",
    CallKind.UNISSON: "unisson",
    CallKind.PETIT_INTERVALLE: "unisson",
    CallKind.JARRET_SOUPLE: "jarret_souple",
    CallKind.CHARRET: "jarret_souple",
    CallKind.PELICAN: "pelican",
    CallKind.PASSE_MONTAGNE: "pelican",
    CallKind.ZBRADARALDJAN: "pelican",
    CallKind.MECREANT: "neant_souffle",
    CallKind.MISERABLE: "neant_souffle",
    CallKind.FORT_HEUREUSEMENT: "neant_souffle",
    CallKind.SALSIFI: "tichette",  # (a late « Sganabadarlane ! » is the seed's wrong announcement: a Bévue)
}


#: The registry: which rule answers which call (a method of :class:`Game`, written in the rule
#: module of its family). One call kind, one rule; what a rule defers to another is said in it.
HANDLERS: dict[CallKind, str] = {
    CallKind.CHOUETTES: "_on_chouettes",
    CallKind.CUL: "_on_cul",
    CallKind.DES: "_on_des",
    CallKind.DE: "_on_de",
    CallKind.SUIVANT: "_on_suivant",
    CallKind.BEVUE: "_on_declared_bevue",
    CallKind.PAS_MOU_LE_CAILLOU: "_on_pas_mou",
    CallKind.GRELOTTE_CA_PICOTE: "_on_grelotte",
    CallKind.SANS_FIN: "_on_sans_fin",
    CallKind.JE_SIROTE: "_on_je_sirote",
    CallKind.PARI_OISEAU: "_on_sirop_bet",
    CallKind.BEAU_SIROP: "_on_sirop_bet",
    CallKind.COUCHE_SIROP: "_on_sirop_bet",
    CallKind.FILE_SIROP: "_on_sirop_bet",
    CallKind.SIROP_GAGNANT: "_on_sirop_gagnant",
    CallKind.CIVET: "_on_civet",
    CallKind.LANCE_CIVET: "_on_lance_civet",
    CallKind.GRELOTTINE: "_on_grelottine",
    CallKind.GRELOTTINE_MISE: "_on_grelottine_mise",
    CallKind.CHANTE_SLOUBI: "_on_chante_sloubi",
    CallKind.SLOUBI_REUSSI: "_on_sloubi_result",
    CallKind.SLOUBI_RATE: "_on_sloubi_result",
    # ★★
    CallKind.PATTE_DE_CANARD: "_on_suite_velutee_shout",
    CallKind.VELUTEE: "_on_suite_velutee_shout",
    CallKind.RAITOURNELLE: "_on_artichette_shout",
    CallKind.ARTICHETTE: "_on_artichette_shout",
    CallKind.EN_GARDE: "_on_en_garde",
    CallKind.POULETTE: "_on_poulette",
    CallKind.PASSE_GRELOT: "_on_passe_grelot",
    CallKind.RIGODON: "_on_rigodon",
    CallKind.ATTRAPE_OISEAU: "_on_attrape_oiseau",
    CallKind.CONTRE_SIROP: "_on_contre_sirop",
    CallKind.SIROP_JEANNOT: "_on_sirop_jeannot",
    CallKind.CIVET_DOUBLE: "_on_civet_double",
    CallKind.CUL_DE_CHOUETTE_DOUBLE: "_on_cul_de_chouette_double",
    CallKind.ACHAT: "_on_achat",
    CallKind.RACHAT: "_on_achat",
    CallKind.GRAINES: "_on_graines",
    # ★★★
    CallKind.RELANCE: "_on_relance_bet",
    CallKind.PELICAN: "_on_pelican_shout",
    CallKind.PASSE_MONTAGNE: "_on_pelican_shout",
    CallKind.ZBRADARALDJAN: "_on_pelican_shout",
    CallKind.MECREANT: "_on_neant_souffle_shout",
    CallKind.MISERABLE: "_on_neant_souffle_shout",
    CallKind.FORT_HEUREUSEMENT: "_on_neant_souffle_shout",
    CallKind.VERT_LINETTE: "_on_vert_linette",
    CallKind.LANCE_BUCHES: "_on_lance_buches",
    CallKind.MI_JARRET: "_on_use_jarret",
    CallKind.BI_JARRET: "_on_use_jarret",
    CallKind.JARRET_SIFFLET: "_on_use_jarret",
    CallKind.LANCE_JARRET: "_on_lance_jarret",
    CallKind.JARRET_SOUPLE: "_on_jarret_souple",
    CallKind.CHARRET: "_on_jarret_souple",
    CallKind.BJARRET: "_on_bjarret",
    CallKind.INTERVALLE_PAIEN: "_on_intervalle_paien",
    CallKind.UNISSON: "_on_unisson",
    CallKind.PETIT_INTERVALLE: "_on_unisson",
    # ★★★★ Flan, Civet-Filoché
    CallKind.A_KADOC: "_on_a_kadoc",
    CallKind.TATAN_FLANS: "_on_tatan_flans",
    CallKind.LANCE_FLAN: "_on_lance_flan",
    CallKind.CIVET_FILOCHE: "_on_civet_filoche",
    CallKind.LANCE_CIVET_FILOCHE: "_on_lance_civet_filoche",
    CallKind.CIVET_FILOCHE_DOUBLE: "_on_civet_filoche_double",
    # ★★★★ Tichette
    CallKind.SALSIFI: "_on_salsifi",
    CallKind.SGANABADARLANE: "_on_salsifi",
    CallKind.MICHETTE: "_on_tiche",
    CallKind.TICHETTE: "_on_tiche",
    CallKind.BICHETTE: "_on_tiche",
    CallKind.BICHETTE_RESINE: "_on_tiche",
    CallKind.QUICHETTE: "_on_quichette",
    CallKind.TICHAGE: "_on_tichage",
    CallKind.QUICHAGE: "_on_quichage",
    # Règles à l'Aquitaine
    CallKind.EXCALIBUR: "_on_excalibur",
    CallKind.ROI: "_on_roi",
}


class _Handlers:
    """The rule answering each call kind, bound to one game when it is asked for (a fork, made for
    every ``check``, binds nothing it does not use)."""

    __slots__ = ("_game",)

    def __init__(self, game: Game) -> None:
        self._game = game

    def get(self, kind: CallKind) -> Callable[[Call], None] | None:
        name = HANDLERS.get(kind)
        return getattr(self._game, name) if name is not None else None

    def __getitem__(self, kind: CallKind) -> Callable[[Call], None]:
        return getattr(self._game, HANDLERS[kind])


class Game(
    Scoring,
    RollOffRules,
    ChouetteVeluteRules,
    SuiteRules,
    SiropRules,
    CivetRules,
    GrelottineRules,
    SloubiRules,
    # ★★
    RelanceRules,
    SuiteVeluteeRules,
    ArtichetteRules,
    SouffletteRules,
    GrelottineDefensesRules,
    AttrapeOiseauRules,
    ContreSiropRules,
    CivetDoubleRules,
    CulDeChouetteDoubleRules,
    AchatRules,
    GrainesRules,
    # ★★★
    BleuRougeRules,
    NeantSouffleRules,
    VerdierRules,
    JarretRules,
    CulDeChouetteDoubleDiminueRules,
    # ★★★★
    FlanRules,
    CivetFilocheRules,
    TichetteRules,
    DoubletteRules,
    AquitaineRules,
):
    """A game of Cul de chouette, folded call by call.

    ``apply`` never raises for a call: each one is applied, made a Bévue, or
    rejected with a reason (an ``EventKind.REJECTED`` event).
    """

    def __init__(self, players: Sequence[str], rules: Rules | None = None) -> None:
        names = [p.strip() for p in players]
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise ValueError(f"il faut de {MIN_PLAYERS} à {MAX_PLAYERS} joueurs (et non {len(names)})")
        if any(not n for n in names) or len(set(n.casefold() for n in names)) != len(names):
            raise ValueError("les noms des joueurs doivent être non vides et tous différents")
        self.rules = rules or Rules()
        check_teams(self.rules.teams, names)  # Doublette
        self.state = GameState(players={n: Player(n) for n in names}, order=list(names))
        self._out: list[Event] = []
        self._now_cache: tuple[str, Now] | None = None
        self._handlers = _Handlers(self)

    # ── the public surface ──
    def apply(self, call: Call) -> list[Event]:
        """Fold one call into the state; return the decisions it caused."""
        self._out = []
        try:
            self._apply(call)
        except Rejected as rejection:
            self._out.append(
                Event(
                    EventKind.REJECTED,
                    call.player,
                    None,
                    rejection.code,
                    CALL_SPECS[call.kind].rule,
                    call.t,
                    {"call": self._public(call), "message": rejection.message},
                )
            )
        out, self._out = self._out, []
        return out

    def tick(self, t: float) -> list[Event]:
        """The clock moved on with nobody speaking: close the windows whose time is up."""
        self._out = []
        if self.state.phase is not Phase.OVER:
            self._tick(t)
            self._check_end(t)
        out, self._out = self._out, []
        return out

    # ── what can be said now (engine/table.py) ──
    def now(self) -> Now:
        """The table at a glance: the phase in French, who is awaited, every legal call.

        Worked out once per state (tens of milliseconds at ★★★★): asked again with nothing
        changed, the same answer comes back at once.
        """
        key = repr(self.state)
        cached = getattr(self, "_now_cache", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        now = describe(self)
        self._now_cache = (key, now)
        return now

    def check(self, call: Call) -> Check:
        """What ``apply(call)`` would make of the call, without applying it (the game is unchanged)."""
        twin = self.fork()
        try:
            twin._apply(call)
        except Rejected as rejection:
            return Check(Legality.REJECTED, rejection.code, rejection.message)
        return verdict(call, twin._out)

    def fork(self) -> Game:
        """An independent copy of the game: applying calls to it never changes this one."""
        twin = object.__new__(type(self))
        twin.rules = self.rules
        twin.state = clone_state(self.state)
        twin._out = []
        twin._now_cache = None
        twin._handlers = _Handlers(twin)
        return twin

    @staticmethod
    def _public(call: Call) -> dict[str, Any]:
        """A call as it may be shown to the table: the ticheur's hidden dice stay hidden."""
        data = call.to_json()
        if call.hidden:
            data.pop("dice", None)
        return data

    def finish(self, t: float | None = None) -> list[Event]:
        """The end of the log (or of the evening): close whatever window is open."""
        self._out = []
        at = self.state.clock if t is None else t
        if self.state.phase is Phase.REACTION:
            self._close_reaction(at)
        elif self.state.phase is Phase.SUITE_TIE:
            self._close_suite_tie(at)
        out, self._out = self._out, []
        return out

    @property
    def scores(self) -> dict[str, int]:
        return {n: p.score for n, p in self.state.players.items()}

    # ── plumbing ──
    def _emit(
        self,
        kind: EventKind,
        player: str | None,
        points: int | None,
        reason: str,
        rule: str,
        t: float,
        **data: Any,
    ) -> None:
        self._out.append(Event(kind, player, points, reason, rule, t, data))

    def _prompt(self, reason: Reason, players: Sequence[str], t: float, **data: Any) -> None:
        self._emit(EventKind.PROMPT, None, None, reason.value, "", t, players=list(players), **data)

    def _apply(self, call: Call) -> None:
        state = self.state
        if state.phase is Phase.OVER:
            raise Rejected("game_over", f"la partie est finie : {state.winner} a gagné")
        newcomer = (
            state.sloubi is not None
            and call.player == state.sloubi[0]
            and call.kind in (CallKind.SLOUBI_REUSSI, CallKind.SLOUBI_RATE)
        )  # not at the table yet: he may only sing (or refuse)
        if call.kind is not CallKind.CHANTE_SLOUBI and not newcomer:
            if call.player not in state.players:
                raise Rejected("unknown_player", f"joueur inconnu : {call.player}")
            if state.players[call.player].eliminated:
                raise Rejected("eliminated", f"{call.player} est sorti du jeu")
        if call.target is not None and call.target not in state.players:
            raise Rejected("unknown_target", f"joueur visé inconnu : {call.target}")
        rule = CALL_SPECS[call.kind].rule
        if rule != "des" and not self.rules.is_enabled(rule):
            raise Rejected(Reason.RULE_OFF.value, f"la règle « {rule} » n'est pas jouée à cette table")
        handler = self._handlers.get(call.kind)
        if handler is None:
            raise Rejected("not_supported", f"l'annonce « {CALL_SPECS[call.kind].text} » n'est pas encore prise en charge")
        self._tick(call.t)
        self._check_end(call.t)  # as a tick at call.t would: replay == live
        if state.phase is Phase.OVER:
            raise Rejected("game_over", f"la partie est finie : {state.winner} a gagné")
        state.clock = max(state.clock, call.t)
        if self._queue_tichette_step(call):
            return  # ★★★★ it waits for the Défi Tichette to begin
        late = self._late_race(call)
        handler(call)
        self._decide_certain(call.t)
        if late is not None:
            self._too_late(call, late)
        self._unstall_roll_off(call.t)
        self._check_end(call.t)

    def _tick(self, t: float) -> None:
        """Close the windows whose time is up before ``t``."""
        state = self.state
        window = self.rules.reaction_window_s
        if state.phase is Phase.REACTION and state.current and state.current.opened_at is not None:
            deadline = state.current.opened_at + window
            self._decide_certain(min(t, deadline))  # what was certain before the window closed, first
            if t > deadline:
                self._close_reaction(deadline)
        if state.phase is Phase.SUITE_TIE and state.suite_tie_opened_at is not None:
            deadline = state.suite_tie_opened_at + window
            if t > deadline:
                self._close_suite_tie(deadline)
        self._tick_roll_off(t)
        self._tick_achat(t)
        self._tick_poulette(t)
        self._drop_relance_of_the_eliminated(t)
        self._decide_certain(t)

    def _decide_certain(self, t: float) -> None:
        """« Decide as soon as it is certain »: the races of the open window whose verdict can no
        longer change are settled now, not when the window closes (docs/rules.md, issue 10)."""
        state = self.state
        current = state.current
        if state.phase is not Phase.REACTION or current is None or current.settled or not current.shouts:
            return  # every race is decided on its shouts: none yet, nothing to decide
        combination = current.combination
        if combination is None:
            return
        if current.applies and combination.kind is Kind.CHOUETTE_VELUTE:
            self._decide_chouette_velute(current, t)
        elif current.applies and combination.kind is Kind.SUITE:
            self._decide_suite(current, t)
        for race, (kind, settle) in FIRST_SHOUT_RACES.items():
            shouts = current.shouters(kind.value)
            if race in current.decided or not shouts:
                continue
            closes = min(at for _, at in shouts) + self.rules.tie_window_s
            if t > closes + 1e-9:
                getattr(self, settle)(current, closes)
                current.decided.add(race)
        for race, (settled_at, settle) in EARLY_RACES.items():
            if race in current.decided or state.phase is not Phase.REACTION or current.settled:
                continue
            at = getattr(self, settled_at)(current, t)
            if at is not None:
                getattr(self, settle)(current, at)
                current.decided.add(race)

    def _late_race(self, call: Call) -> str | None:
        """The race a shout belongs to when its verdict is already out and the speaker had not said
        that shout yet (his own repeat is nothing): it gets an answer, not silence (docs/rules.md FT17)."""
        race = RACE_OF_SHOUT.get(call.kind)
        current = self.state.current
        if race is None or self.state.phase is not Phase.REACTION or current is None:
            return None
        if race not in current.decided:
            return None
        if any(p == call.player for p, _ in current.shouters(call.kind.value)):
            return None
        return race

    def _too_late(self, call: Call, race: str) -> None:
        """« Trop tard, Perceval : la Chouette-Velute, c'est déjà décidé. » — unless the shout was
        already answered (a Bévue, a refusal)."""
        if any(e.player == call.player and e.kind in (EventKind.BEVUE, EventKind.REJECTED) for e in self._out):
            return
        self._emit(EventKind.PROMPT, call.player, None, Reason.TOO_LATE.value, CALL_SPECS[call.kind].rule, call.t,
                   players=[call.player], race=race)

    @staticmethod
    def _dice(call: Call, count: int) -> tuple[int, ...]:
        dice = call.dice or ()
        if len(dice) != count or any(d not in FACES for d in dice):
            raise Rejected("bad_dice", f"il faut {count} dé(s) de 1 à 6 (entendu : {list(dice)})")
        return tuple(dice)

    # ── turns ──
    def _start_turn(self, t: float) -> None:
        state = self.state
        if state.queued:
            self._drop_queued(t)
        state.phase = Phase.CHOUETTES
        state.current = None
        self._emit(EventKind.TURN, state.roller, None, "", "", t, round=state.rounds + 1)
        self._prompt(Reason.THROW_CHOUETTES, [state.roller], t)

    def _next_turn(self, t: float) -> None:
        state = self.state
        for _ in range(len(state.order)):
            state.turn = (state.turn + 1) % len(state.order)
            if state.turn == 0:
                state.rounds += 1
            if not state.players[state.roller].eliminated:
                break
        self._start_turn(t)

    def upcoming_roller(self) -> str:
        """Who throws next once the open reaction window closes."""
        state = self.state
        if state.phase is not Phase.REACTION:
            return state.roller
        if state.followups:
            return state.followups[0].thrower  # ★★ a relance comes first (a Velutée rethrow…)
        if state.current is not None and (state.current.challenge is not None or state.current.resumes_turn):
            return state.roller  # after a challenge, the interrupted turn resumes
        for step in range(1, len(state.order) + 1):
            name = state.order[(state.turn + step) % len(state.order)]
            if not state.players[name].eliminated:
                return name
        return state.roller

    def _expect_roller(self, call: Call, roller: str) -> bool:
        """« un joueur lançant les dés alors que ce n'est pas son tour » is a Bévue."""
        if call.player != roller:
            self._bevue(call.player, Reason.OUT_OF_TURN, call.t, roller=roller)
            return False
        return True

    def _on_chouettes(self, call: Call) -> None:
        dice = self._dice(call, 2)
        self._begin_throw(call)
        if self.state.phase is Phase.CUL and self.state.current:
            self.state.current.chouettes = (dice[0], dice[1])
            self._prompt(Reason.THROW_CUL, [self.state.current.roller], call.t)

    def _on_des(self, call: Call) -> None:
        if self.state.phase is Phase.TICHETTE_DICE:
            self._on_tichette_dice(call)  # ★★★★ the ticheur's hidden dice
            return
        if call.hidden:
            raise Rejected("not_a_tichette", "des dés cachés ne se donnent qu'au début d'une Tichette")
        if self._aquitaine_bad_throw(call):
            return  # Aquitaine: « qu'il lance les trois dés en même temps »: Bévue, he loses his turn
        dice = self._dice(call, 3)
        self._begin_throw(call)
        if self.state.phase is Phase.CUL and self.state.current:
            self.state.current.chouettes = (dice[0], dice[1])
            self._land(Throw((dice[0], dice[1]), dice[2]), call.t)

    def _begin_throw(self, call: Call) -> None:
        """The chouettes are thrown: close what the previous throw left open."""
        state = self.state
        if state.phase is Phase.REACTION:
            self._close_reaction(call.t)
        if state.phase is Phase.SUITE_TIE:
            self._close_suite_tie(call.t)
        if state.phase is Phase.ROLL_OFF and state.roll_off is not None and state.roll_off.opened_at is not None:
            self._force_roll_off(call.t)  # the table has moved on: the tie-break is settled by rule (FT10)
            if state.phase is Phase.REACTION:
                self._close_reaction(call.t)
        if state.phase is Phase.OVER:
            return
        self._close_poulette(call.t)
        if state.phase is Phase.RELANCE:
            self._relance_throw(call)
            return
        if state.phase is Phase.CHOUETTES and state.throws == 0 and state.current is None:
            self._skip_opening(call)
        if state.phase is Phase.GRELOTTINE_THROW:
            self._begin_challenge_throw(call)
            return
        if state.phase is not Phase.CHOUETTES:
            raise Rejected("wrong_phase", self._waiting_for())
        if not self._expect_roller(call, state.roller):
            return
        self._forget_sirop_winners()
        state.phase = Phase.CUL
        current = state.current
        civet = current.civet if current and current.roller == state.roller and current.throw is None else None
        state.current = ThrowContext(roller=state.roller, started_at=call.t, civet=civet)
        self._apply_jarret_use(state.current)
        self._turn_throw_begins(state.current)  # ★★★★ his Flans apply, Civet-Filoché bets on him are armed

    def _on_cul(self, call: Call) -> None:
        (face,) = self._dice(call, 1)
        if self.state.phase is Phase.SIROP_BETS:
            self._on_sirop_die(call, face)
            return
        if self.state.phase is Phase.RELANCE:
            self._relance_die(call, face)  # the cul of a relance thrown chouettes first
            return
        if self._aquitaine_bad_throw(call):
            return  # Aquitaine: « qu'il lance son Cul avant ses Chouettes »: Bévue, he loses his turn
        self._land_cul(call, face)

    def _on_de(self, call: Call) -> None:
        (face,) = self._dice(call, 1)
        state = self.state
        if state.phase is Phase.CHOUETTES and state.throws == 0 and state.current is None and state.roll_off is None:
            state.phase = Phase.OPENING  # a die before the first throw: the opening roll-off
        if state.phase in (Phase.OPENING, Phase.ROLL_OFF):
            self._on_roll(call, face)
        elif state.phase is Phase.SIROP_BETS:
            self._on_sirop_die(call, face)
        elif state.phase is Phase.RELANCE:
            self._relance_die(call, face)  # a Velutée player's own chouette, or a relance's cul
        elif state.phase is Phase.CUL:
            self._land_cul(call, face)
        else:
            raise Rejected("wrong_phase", self._waiting_for())

    def _land_cul(self, call: Call, face: int) -> None:
        state = self.state
        current = state.current
        if state.phase is not Phase.CUL or current is None or current.chouettes is None:
            raise Rejected("wrong_phase", self._waiting_for())
        if self._confirm_achat(call.t):
            return  # simultaneous buyers throw a die first: « l'acheté doit attendre la décision »
        if not self._expect_roller(call, current.roller):
            return
        self._land(Throw(current.chouettes, face), call.t)

    def _land(self, throw: Throw, t: float) -> None:
        """The cul has fallen: the combination is known; the reaction window opens."""
        state = self.state
        current = state.current
        assert current is not None
        current.throw = throw
        combination = throw.combination
        current.combination = combination
        state.throws += 1
        self._emit(
            EventKind.THROW,
            current.roller,
            combination.points,
            combination.kind.value,
            combination.kind.value,
            t,
            dice=list(throw.faces),
            face=combination.face,
            figure=combination.figure.value if combination.figure else None,
        )
        self._settle_verdier(current, t)
        if current.challenge is not None and not self._challenge_throw_landed(current, t):
            return  # a first challenge throw that missed: only the final combination applies
        if self._jarret_first_throw(current, t):
            return  # a Mi-Jarret: « Bjarret ! » or a second throw
        state.phase = Phase.REACTION
        current.opened_at = t
        self._judge_preventives(current, t)
        self._apply_combination(current, t)

    def _apply_combination(self, current: ThrowContext, t: float) -> None:
        """Seed 000 « Les combinaisons »: what the throw is worth, to whom."""
        combination = current.combination
        assert combination is not None
        roller = current.roller
        m = current.multiplier  # Bi-Jarret: « double la valeur de la combinaison »
        if not current.applies:
            # ★★ a combination that « ne prend pas effet » (a failed doublé, a Bleu-Rouge relance nobody guessed)
            self._settle_civet(current, t)
            return
        if self._apply_figure(current, t):
            return
        if combination.kind is Kind.CHOUETTE:
            current.chouette_due = True  # he may sirote: the points wait for the window
            return
        self._settle_civet(current, t)
        if combination.kind is Kind.VELUTE:
            self._add(roller, combination.points * m, Reason.VELUTE.value, "velute", t, face=combination.face)
        elif combination.kind is Kind.CUL_DE_CHOUETTE:
            if self._may_double_cul_de_chouette(current):
                # ★★ « sans prendre les points avant du Cul de Chouette »: they wait for the window
                current.cdc_due = (roller, combination.points * m, Reason.CUL_DE_CHOUETTE.value, "cul_de_chouette")
                current.cdc_face = combination.face
            else:
                self._add(
                    roller, combination.points * m, Reason.CUL_DE_CHOUETTE.value, "cul_de_chouette", t,
                    face=combination.face,
                )
        elif combination.kind is Kind.SUITE and combination.is_velute and not self.rules.is_enabled("suite_velutee"):
            # Seed 000 « La Velute »: 1-2-3 « bien que la règle de la suite soit applicable,
            # c'est également une Velute (1+2 = 3) »: the roller scores his Velute of 3.
            self._add(roller, (combination.points or 18) * m, Reason.VELUTE.value, "velute", t, face=3)
        elif combination.kind is Kind.NEANT and current.relance != "bleu_rouge":
            self._on_neant(roller, t)  # a Néant on a Bleu-Rouge relance is a Jarret (BleuRougeRules)
            self._keep_flan_on_neant(current, t)  # ★★★★ « il conserve son Flan »

    def _on_neant(self, roller: str, t: float) -> None:
        """« En cas de Néant, le joueur qui a lancé les dés gagne une Grelottine (non cumulable). »"""
        if self.rules.aquitaine:
            self._aquitaine_neant(roller, t)  # « une Grelottine supplémentaire pour un maximum de 6 »
            return
        player = self.state.players[roller]
        if not self.rules.negative_scores and player.score < GRELOTTINE_MINIMUM:
            return  # [il faut également que le score du joueur soit supérieur ou égal à 30 pts]
        self._gain(roller, Holding.GRELOTTINE, Reason.NEANT, t)

    def _close_reaction(self, t: float) -> None:
        """The reaction window closes: judge the races, pay what waited."""
        state = self.state
        current = state.current
        if state.phase is not Phase.REACTION or current is None or current.settled:
            return
        current.settled = True
        combination = current.combination
        assert combination is not None
        if current.challenge is not None and self._unfinished_sirop_grelot(current, t):
            return
        if current.chouette_due:
            self._settle_civet(current, t)
            self._add(
                current.roller, combination.points * current.multiplier, Reason.CHOUETTE.value, "chouette", t,
                face=combination.face,
            )
        if current.cdc_due is not None:
            name, points, reason, rule = current.cdc_due
            current.cdc_due = None
            self._add(name, points, reason, rule, t, face=current.cdc_face)
        if self._settle_extras(current, t):
            return  # a tie settled by dice first; the turn moves on after it
        if current.applies and combination.kind is Kind.CHOUETTE_VELUTE:
            if "chouette_velute" not in current.decided:
                self._settle_chouette_velute(current, t)
        elif current.applies and combination.kind is Kind.SUITE:
            if self._settle_suite(current, t):
                return  # a tie to settle first; the turn moves on after it
        self._end_throw(t)

    def _end_throw(self, t: float) -> None:
        state = self.state
        if state.phase is Phase.OVER:
            return
        current = state.current
        self._check_end(t)
        if state.phase is Phase.OVER:
            return
        if state.followups:
            self._start_relance(state.followups.pop(0), t)
            return
        if current is not None and (current.challenge is not None or current.resumes_turn):
            self._resume_after_challenge(t)
        else:
            self._next_turn(t)

    def _on_suivant(self, call: Call) -> None:
        state = self.state
        if state.phase is Phase.REACTION:
            self._close_reaction(call.t)
        elif state.phase is Phase.SUITE_TIE:
            self._close_suite_tie(call.t)
        else:
            raise Rejected("nothing_to_close", self._waiting_for())

    def _on_declared_bevue(self, call: Call) -> None:
        """« Bévue pour Karadoc ! »: a Bévue the scribe cannot see (dice off the table…).

        It is applied at once; the table contests it with « Annule ! ».
        """
        if call.target is None:
            raise Rejected("no_target", "Bévue pour qui ?")
        self._bevue(call.target, Reason.DECLARED, call.t, by=call.player)

    def _waiting_for(self) -> str:
        state = self.state
        phase = state.phase
        if phase is Phase.OPENING:
            return "on attend le tirage au sort : chacun lance un dé"
        if phase is Phase.ROLL_OFF and state.roll_off:
            missing = [p for p in state.roll_off.players if p not in state.roll_off.rolls]
            return f"on attend le dé de départage de {', '.join(missing)}"
        if phase is Phase.CHOUETTES:
            return f"c'est à {state.roller} de lancer les chouettes"
        if phase is Phase.CUL and state.current:
            return f"on attend le cul de {state.current.roller}"
        if phase is Phase.SIROP_BETS and state.current and state.current.sirotage:
            return f"on attend le dé siroté de {state.current.sirotage.sirotant}"
        if phase is Phase.GRELOTTINE_STAKE and state.challenge:
            return f"on attend la mise de {state.challenge.grelottin}"
        if phase is Phase.GRELOTTINE_THROW and state.challenge:
            return f"on attend le lancer de {state.challenge.challenged}"
        if phase is Phase.SLOUBI and state.sloubi:
            return f"on attend le Chante-Sloubi de {state.sloubi[0]}"
        if phase is Phase.SUITE_TIE:
            return "on attend « Sans fin est la moisissure des bières bretonnes ! »"
        if phase is Phase.RELANCE and state.relance:
            return f"on attend le lancer de {state.relance.thrower}"
        if phase is Phase.TICHETTE_DICE and state.tichette:
            return f"on attend les dés cachés du ticheur, {state.tichette.ticheur}"
        if phase is Phase.TICHETTE and state.tichette:
            return f"défi Tichette : c'est à {state.tichette.announcer} d'annoncer"
        return "ce n'est pas le moment"
