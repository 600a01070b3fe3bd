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

from voice_scribe.engine.calls import CALL_SPECS, Call, CallKind
from voice_scribe.engine.dice import FACES, Kind, Throw
from voice_scribe.engine.events import Event, EventKind, Reason
from voice_scribe.engine.families import (
    achat,
    aquitaine,
    chouette_velute,
    civet,
    cul_de_chouette_double,
    flan,
    grelottine,
    grelottine_defenses,
    jarret,
    sirop,
    suite,
    tichette,
    verdier,
)
from voice_scribe.engine.families.doublette import check_teams
import voice_scribe.engine.registry as registry
from voice_scribe.engine.rejected import Rejected
import voice_scribe.engine.relances as relances
import voice_scribe.engine.rolloff as rolloff
from voice_scribe.engine.rules import Rules
from voice_scribe.engine.scoring import Scoring
from voice_scribe.engine.state import (
    GRELOTTINE_MINIMUM,
    MAX_PLAYERS,
    MIN_PLAYERS,
    GameState,
    Holding,
    Phase,
    Player,
    Relance,
    ThrowContext,
    clone_state,
)
from voice_scribe.engine.table import Check, Legality, Now, describe, verdict


class Game(Scoring):
    """A game of Cul de chouette, folded call by call.

    ``apply`` never raises for a call: each one is applied, made a Bévue, or
    rejected with a reason (an ``EventKind.REJECTED`` event).

    The fold owns the turns, the windows and the end; the rules are the families of
    ``engine/families/``, reached through ``engine/registry.py``. To them the game is a
    :class:`~voice_scribe.engine.context.RuleContext`: its state, its options and the
    services below (``scoring.py`` holds the score and holding ones). See docs/engine.md.
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
            suite.close_suite_tie(self, at)
        out, self._out = self._out, []
        return out

    def _answer(self, call: Call) -> None:
        """Answer a call now, as ``apply`` would once its checks are passed (the Tichette's queued steps)."""
        handler = _handler(call.kind)
        assert handler is not None
        handler(self, call)

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
        handler = _handler(call.kind)
        if handler is None:
            raise Rejected("not_supported", f"l'annonce « {CALL_SPECS[call.kind].text} » n'est pas encore prise en charge")
        self._tick(call.t)
        self._check_end(call.t)  # as a tick at call.t would: replay == live
        if state.phase is Phase.OVER:
            raise Rejected("game_over", f"la partie est finie : {state.winner} a gagné")
        state.clock = max(state.clock, call.t)
        if tichette.queue_tichette_step(self, call):
            return  # ★★★★ it waits for the Défi Tichette to begin
        late = self._late_race(call)
        handler(self, call)
        self._decide_certain(call.t)
        if late is not None:
            self._too_late(call, late)
        rolloff.unstall_roll_off(self, call.t)
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
                suite.close_suite_tie(self, deadline)
        rolloff.tick_roll_off(self, t)
        achat.tick_achat(self, t)
        grelottine_defenses.tick_poulette(self, t)
        relances.drop_relance_of_the_eliminated(self, t)
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
            chouette_velute.decide_chouette_velute(self, current, t)
        elif current.applies and combination.kind is Kind.SUITE:
            suite.decide_suite(self, current, t)
        for race, (kind, settle) in registry.FIRST_SHOUT_RACES.items():
            shouts = current.shouters(kind.value)
            if race in current.decided or not shouts:
                continue
            closes = min(at for _, at in shouts) + self.rules.tie_window_s
            if t > closes + 1e-9:
                settle(self, current, closes)
                current.decided.add(race)
        for race, (settled_at, settle) in registry.EARLY_RACES.items():
            if race in current.decided or state.phase is not Phase.REACTION or current.settled:
                continue
            at = settled_at(self, current, t)
            if at is not None:
                settle(self, current, at)
                current.decided.add(race)

    def _late_race(self, call: Call) -> str | None:
        """The race a shout belongs to when its verdict is already out and the speaker had not said
        that shout yet (his own repeat is nothing): it gets an answer, not silence (docs/rules.md FT17)."""
        race = registry.RACE_OF_SHOUT.get(call.kind)
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
            tichette.drop_queued(self, t)
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
            tichette.on_tichette_dice(self, call)  # ★★★★ the ticheur's hidden dice
            return
        if call.hidden:
            raise Rejected("not_a_tichette", "des dés cachés ne se donnent qu'au début d'une Tichette")
        if aquitaine.aquitaine_bad_throw(self, call):
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
            suite.close_suite_tie(self, call.t)
        if state.phase is Phase.ROLL_OFF and state.roll_off is not None and state.roll_off.opened_at is not None:
            rolloff.force_roll_off(self, call.t)  # the table has moved on: the tie-break is settled by rule (FT10)
            if state.phase is Phase.REACTION:
                self._close_reaction(call.t)
        if state.phase is Phase.OVER:
            return
        grelottine_defenses.close_poulette(self, call.t)
        if state.phase is Phase.RELANCE:
            relances.relance_throw(self, call)
            return
        if state.phase is Phase.CHOUETTES and state.throws == 0 and state.current is None:
            rolloff.skip_opening(self, call)
        if state.phase is Phase.GRELOTTINE_THROW:
            grelottine.begin_challenge_throw(self, call)
            return
        if state.phase is not Phase.CHOUETTES:
            raise Rejected("wrong_phase", self._waiting_for())
        if not self._expect_roller(call, state.roller):
            return
        sirop.forget_sirop_winners(self, call.t)
        state.phase = Phase.CUL
        current = state.current
        civet = current.civet if current and current.roller == state.roller and current.throw is None else None
        state.current = ThrowContext(roller=state.roller, started_at=call.t, civet=civet)
        jarret.apply_jarret_use(self, state.current)
        flan.turn_throw_begins(self, state.current)  # ★★★★ his Flans apply, Civet-Filoché bets on him are armed

    def _on_cul(self, call: Call) -> None:
        (face,) = self._dice(call, 1)
        if self.state.phase is Phase.SIROP_BETS:
            sirop.on_sirop_die(self, call, face)
            return
        if self.state.phase is Phase.RELANCE:
            relances.relance_die(self, call, face)  # the cul of a relance thrown chouettes first
            return
        if aquitaine.aquitaine_bad_throw(self, call):
            return  # Aquitaine: « qu'il lance son Cul avant ses Chouettes »: Bévue, he loses his turn
        self._land_cul(call, face)

    def _on_de(self, call: Call) -> None:
        (face,) = self._dice(call, 1)
        state = self.state
        if state.phase is Phase.CHOUETTES and state.throws == 0 and state.current is None and state.roll_off is None:
            state.phase = Phase.OPENING  # a die before the first throw: the opening roll-off
        if state.phase in (Phase.OPENING, Phase.ROLL_OFF):
            rolloff.on_roll(self, call, face)
        elif state.phase is Phase.SIROP_BETS:
            sirop.on_sirop_die(self, call, face)
        elif state.phase is Phase.RELANCE:
            relances.relance_die(self, call, face)  # a Velutée player's own chouette, or a relance's cul
        elif state.phase is Phase.CUL:
            self._land_cul(call, face)
        else:
            raise Rejected("wrong_phase", self._waiting_for())

    def _land_cul(self, call: Call, face: int) -> None:
        state = self.state
        current = state.current
        if state.phase is not Phase.CUL or current is None or current.chouettes is None:
            raise Rejected("wrong_phase", self._waiting_for())
        if achat.confirm_achat(self, call.t):
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
        verdier.settle_verdier(self, current, t)
        if current.challenge is not None and not grelottine.challenge_throw_landed(self, current, t):
            return  # a first challenge throw that missed: only the final combination applies
        if jarret.jarret_first_throw(self, current, t):
            return  # a Mi-Jarret: « Bjarret ! » or a second throw
        state.phase = Phase.REACTION
        current.opened_at = t
        chouette_velute.judge_preventives(self, current, t)
        self._apply_combination(current, t)

    def _apply_figure(self, current: ThrowContext, t: float) -> bool:
        """A ★★+ figure (Soufflette 4-2-1, Flan 6-5-2…) whose family takes the throw over."""
        combination = current.combination
        assert combination is not None
        if combination.figure is None or current.no_figures:
            return False
        entry = registry.FIGURES.get(combination.figure)
        if entry is None or not self.rules.is_enabled(entry[0]):
            return False
        return bool(entry[1](self, current, t))

    def _settle_extras(self, current: ThrowContext, t: float) -> bool:
        """The ★★/★★★ races of a closing window, in the registry's order; True when a roll-off
        must settle first (the races after it wait for it)."""
        return any(settle(self, current, t) for settle in registry.CLOSING)

    def _throw_relance(self, relance: Relance, call: Call, dice: tuple[int, ...]) -> None:
        """A relance's dice: the family of its purpose throws it (``registry.RELANCES``)."""
        registry.RELANCES[relance.purpose](self, relance, call, dice)

    def _roll_off_won(self, purpose: str, chosen: str, t: float) -> None:
        """A ★★/★★★ roll-off is decided: the family of its purpose takes it on (``registry.ROLL_OFFS``)."""
        registry.ROLL_OFFS[purpose](self, chosen, t)

    def _apply_combination(self, current: ThrowContext, t: float) -> None:
        """Seed 000 « Les combinaisons »: what the throw is worth, to whom."""
        combination = current.combination
        assert combination is not None
        roller = current.roller
        m = current.multiplier  # Bi-Jarret: « double la valeur de la combinaison »
        if not current.applies:
            # ★★ a combination that « ne prend pas effet » (a failed doublé, a Bleu-Rouge relance nobody guessed)
            civet.settle_civet(self, current, t)
            return
        if self._apply_figure(current, t):
            return
        if combination.kind is Kind.CHOUETTE:
            current.chouette_due = True  # he may sirote: the points wait for the window
            return
        civet.settle_civet(self, current, t)
        if combination.kind is Kind.VELUTE:
            self._add(roller, combination.points * m, Reason.VELUTE.value, "velute", t, face=combination.face)
        elif combination.kind is Kind.CUL_DE_CHOUETTE:
            if cul_de_chouette_double.may_double_cul_de_chouette(self, current):
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
            self._on_neant(roller, t)  # a Néant on a Bleu-Rouge relance is a Jarret (families/bleu_rouge.py)
            flan.keep_flan_on_neant(self, current, t)  # ★★★★ « il conserve son Flan »

    def _on_neant(self, roller: str, t: float) -> None:
        """« En cas de Néant, le joueur qui a lancé les dés gagne une Grelottine (non cumulable). »"""
        if self.rules.aquitaine:
            aquitaine.aquitaine_neant(self, roller, t)  # « une Grelottine supplémentaire pour un maximum de 6 »
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
        if current.challenge is not None and grelottine.unfinished_sirop_grelot(self, current, t):
            return
        if current.chouette_due:
            civet.settle_civet(self, current, t)
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
                chouette_velute.settle_chouette_velute(self, current, t)
        elif current.applies and combination.kind is Kind.SUITE:
            if suite.settle_suite(self, current, t):
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
            relances.start_relance(self, state.followups.pop(0), t)
            return
        if current is not None and (current.challenge is not None or current.resumes_turn):
            grelottine.resume_after_challenge(self, t)
        else:
            self._next_turn(t)

    def _on_suivant(self, call: Call) -> None:
        state = self.state
        if state.phase is Phase.REACTION:
            self._close_reaction(call.t)
        elif state.phase is Phase.SUITE_TIE:
            suite.close_suite_tie(self, call.t)
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


#: The calls the fold answers itself: the dice, « Suivant ! » and a declared Bévue.
CORE_HANDLERS: dict[CallKind, Callable[[Game, Call], None]] = {
    CallKind.CHOUETTES: Game._on_chouettes,
    CallKind.CUL: Game._on_cul,
    CallKind.DES: Game._on_des,
    CallKind.DE: Game._on_de,
    CallKind.SUIVANT: Game._on_suivant,
    CallKind.BEVUE: Game._on_declared_bevue,
}


def _handler(kind: CallKind) -> Callable[[Game, Call], None] | None:
    """Who answers a call: the fold itself, or a rule family of the registry."""
    if kind in CORE_HANDLERS:
        return CORE_HANDLERS[kind]
    return registry.HANDLERS.get(kind)
