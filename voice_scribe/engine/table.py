"""What can be said now: the legal calls of a state, and the phase in words.

The engine is the one authority on what is legal: :meth:`Game.check` tells
what ``apply`` would make of one call (applied, a Bévue, or rejected) without
applying it, and :meth:`Game.now` lists every kind of call that is legal at
this moment, who may say it and with which arguments, with the phase in
French for the screen and the voice. Both are worked out by the real fold,
played on a copy of the game (:meth:`Game.fork`): they cannot disagree with
``apply``.

>>> from voice_scribe.engine.game import Game
>>> g = Game(["Karadoc", "Perceval"])
>>> _ = g.apply(Call(CallKind.DES, "Karadoc", 1.0, dice=(2, 3, 4)))
>>> now = g.now()
>>> now.text
'Lancer de Karadoc : 2 3 4, une Suite — à vos annonces'
>>> now.allows(CallKind.GRELOTTE_CA_PICOTE, "Perceval"), now.allows(CallKind.PAS_MOU_LE_CAILLOU)
(True, False)
>>> g.check(Call(CallKind.CHOUETTES, "Karadoc", 3.0, dice=(3, 4))).legality
<Legality.BEVUE: 'bevue'>
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Protocol

from voice_scribe.engine.calls import BET_COMBINATIONS, CALL_SPECS, Call, CallKind
from voice_scribe.engine.dice import FACES
from voice_scribe.engine.events import Event, EventKind, Reason
from voice_scribe.engine.rules import Rules
from voice_scribe.engine.state import GameState, Holding, Phase


class Fold(Protocol):
    """What the table reads of a game: its state, its options, and the fold's own verdict on a call
    (:class:`voice_scribe.engine.game.Game` is one)."""

    state: GameState
    rules: Rules

    def check(self, call: Call) -> Check: ...


class Legality(str, Enum):
    LEGAL = "legal"  # applied as said
    BEVUE = "bevue"  # applied, but the rules punish the one who said it
    REJECTED = "rejected"  # changes nothing


@dataclass(frozen=True)
class Check:
    """What the engine would do with a call now, without doing it."""

    legality: Legality
    code: str | None = None  # the Rejected code or the Bévue's cause (None when LEGAL)
    reason: str | None = None  # French, for the screen and the voice (None when LEGAL)


@dataclass(frozen=True)
class LegalCall:
    """One kind of call that is legal now."""

    kind: CallKind
    players: frozenset[str] | None  # who may say it now (None: anyone, e.g. a Chante-Sloubi newcomer)
    targets: frozenset[str] | None = None  # legal targets, if the call takes one
    numbers: tuple[int, int] | None = None  # inclusive range of ``number``, if it takes one
    combinations: frozenset[str] | None = None  # legal ``combination`` values, if it takes one
    dice: int | None = None  # how many dice a dice call carries (1, 2 or 3)

    def allows(self, player: str | None) -> bool:
        return player is None or self.players is None or player in self.players


@dataclass(frozen=True)
class Now:
    """The table at a glance."""

    phase: Phase
    text: str  # French, one line: « Karadoc lance le cul », « Paris sur le sirop de Perceval »…
    waiting: tuple[str, ...]  # French lines: « Perceval n'a pas encore parié »…
    roller: str | None
    throw: tuple[int, ...] | None  # the dice on the table, if any (never the ticheur's hidden dice)
    legal: tuple[LegalCall, ...]

    def allows(self, kind: CallKind, player: str | None = None) -> bool:
        """Is ``kind`` legal now (for ``player``, when given)?"""
        return any(c.kind is kind and c.allows(player) for c in self.legal)

    def calls(self, kind: CallKind) -> tuple[LegalCall, ...]:
        return tuple(c for c in self.legal if c.kind is kind)


# ── checking one call ──

#: The Bévue causes in French (the screen and the voice say them when a reading would be one).
BEVUE_TEXT: dict[str, str] = {
    Reason.OUT_OF_TURN.value: "ce n'est pas son tour de lancer",
    Reason.WRONG_CALL.value: "cette annonce ne correspond pas au lancer",
    Reason.SANS_FIN_WITHOUT_TIE.value: "« Sans fin » sans égalité",
    Reason.SIROP_NOT_ALLOWED.value: "il ne peut pas siroter maintenant",
    Reason.BIRD_OF_THE_CHOUETTE.value: "l'oiseau de la Chouette se parie « Beau-Sirop »",
    Reason.SIROP_SILENT.value: "il n'a rien dit avant le dé siroté",
    Reason.BET_WITHOUT_POINTS.value: "pas assez de points pour parier",
    Reason.GRELOTTINE_NOT_ALLOWED.value: "ce défi Grelottine n'est pas permis",
    Reason.STAKE_TOO_HIGH.value: "mise trop élevée",
    Reason.CIVET_NOT_ALLOWED.value: "ce Civet n'est pas permis",
    Reason.CIVET_ALREADY_HELD.value: "ce joueur a déjà un Civet",
    Reason.NOT_ALLOWED.value: "ce n'est pas permis maintenant",
    Reason.ACHAT_NOT_ALLOWED.value: "cet achat n'est pas permis",
    Reason.REPEATED_RELANCE.value: "cette relance a déjà été annoncée",
    Reason.JARRET_ALREADY_HELD.value: "ce joueur a déjà un Jarret",
    Reason.FLAN_NOT_ALLOWED.value: "ce Flan n'est pas permis",
    Reason.FLAN_ALREADY_HELD.value: "ce joueur a déjà un Flan",
    Reason.CIVET_FILOCHE_NOT_ALLOWED.value: "ce Civet-Filoché n'est pas permis",
    Reason.CIVET_FILOCHE_ALREADY_HELD.value: "ce joueur a déjà un Civet-Filoché",
    Reason.TICHEUR_BELOW_SIX.value: "il faut au moins 6 points pour ticher",
    Reason.EXCALIBUR_ALONE.value: "« Excalibur » crié seul",
}


def verdict(call: Call, events: Iterable[Event]) -> Check:
    """What the events of an applied call make of it: LEGAL, or a BEVUE when it punished its speaker.

    A Bévue the call declares (« Bévue pour Karadoc ! ») is the call doing its job, not a fault.
    """
    for event in events:
        if event.kind is EventKind.BEVUE and event.player == call.player:
            if call.kind is CallKind.BEVUE and event.reason == Reason.DECLARED.value:
                continue
            text = BEVUE_TEXT.get(event.reason, "c'est une Bévue")
            return Check(Legality.BEVUE, event.reason, f"Bévue : {text}")
    return Check(Legality.LEGAL)


# ── every legal call now ──

#: Representative dice of each dice call (the legality of a throw never depends on its faces).
DICE_OF: dict[CallKind, tuple[int, ...]] = {
    CallKind.CHOUETTES: (2, 3),
    CallKind.CUL: (5,),
    CallKind.DE: (4,),
    CallKind.DES: (2, 3, 5),
}

#: Rejection codes that say « not at this moment, not for this player », whatever the arguments.
MOMENT_CODES = frozenset({
    "game_over", "unknown_player", "eliminated", "rule_off", "not_supported", "wrong_phase",
    "too_late", "too_early", "nothing_to_close", "no_tichette", "no_sirotage", "no_excalibur",
    "no_bleu_rouge", "not_ticheur", "not_in_tichette", "not_in_roll_off", "not_a_shouter",
    "already_bet", "already_siroted", "already_rolled", "already_playing", "table_full", "stake_first",
    "wrong_dice", "not_a_tichette", "not_private",
})

#: Calls only a holder may say without a Bévue (the search skips the others: it is only faster).
#: (Checked against the handlers: each of these makes a non-holder's call a Bévue or a refusal.)
HELD_BY: dict[CallKind, frozenset[Holding]] = {
    CallKind.CIVET: frozenset({Holding.CIVET}),
    CallKind.CIVET_FILOCHE: frozenset({Holding.CIVET_FILOCHE}),
    CallKind.TATAN_FLANS: frozenset({Holding.FLAN}),
    CallKind.LANCE_CIVET: frozenset({Holding.CIVET}),
    CallKind.LANCE_FLAN: frozenset({Holding.FLAN}),
    CallKind.LANCE_CIVET_FILOCHE: frozenset({Holding.CIVET_FILOCHE}),
    CallKind.CIVET_DOUBLE: frozenset({Holding.CIVET, Holding.CIVET_FILOCHE}),
    CallKind.CIVET_FILOCHE_DOUBLE: frozenset({Holding.CIVET, Holding.CIVET_FILOCHE}),
    # the immunities (grelottine_defenses.py ``_defense_allowed``), the Jarret (jarret.py ``_jarret_moment``,
    # ``_throw_holding``): a non-holder's call is a Bévue or a refusal, whatever its target
    CallKind.PASSE_GRELOT: frozenset({Holding.PASSE_GRELOT}),
    CallKind.RIGODON: frozenset({Holding.RIGODON}),
    CallKind.LANCE_JARRET: frozenset({Holding.JARRET}),
    CallKind.MI_JARRET: frozenset({Holding.JARRET}),
    CallKind.BI_JARRET: frozenset({Holding.JARRET}),
    CallKind.JARRET_SIFFLET: frozenset({Holding.JARRET}),
}

#: Who tries a Chante-Sloubi in the search: a newcomer is anybody not at the table.
NEWCOMER = "Nouveau venu"


def _tiches(digits: int) -> list[int]:
    numbers = [0]
    for _ in range(digits):
        numbers = [10 * n + f for n in numbers for f in FACES]
    return numbers


def _number_domain(game: Fold, kind: CallKind, player: str) -> list[int]:
    """Every ``number`` the call could carry, sorted (the search looks for the legal range in it)."""
    from voice_scribe.engine.families.bleu_rouge import RELANCE_MAX, RELANCE_MIN
    from voice_scribe.engine.families.civet import CIVET_MAX, CIVET_MIN

    if kind is CallKind.PARI_OISEAU:
        return list(FACES)
    if kind is CallKind.RELANCE:
        return list(range(RELANCE_MIN, RELANCE_MAX + 1))
    if kind in (CallKind.CIVET, CallKind.CIVET_FILOCHE):
        return list(range(CIVET_MIN, CIVET_MAX + 1))
    if kind is CallKind.MICHETTE:
        return _tiches(1)
    if kind is CallKind.TICHETTE:
        return _tiches(2)
    if kind in (CallKind.BICHETTE, CallKind.BICHETTE_RESINE):
        return _tiches(3)
    if kind is CallKind.QUICHETTE:
        tichette = game.state.tichette
        return [tichette.quiche(player)] if tichette is not None else [0]
    # GRELOTTINE_MISE: a stake of points (or of sips at the Aquitaine), capped by the scores
    top = max([abs(p.score) for p in game.state.players.values()] + [100])
    return list(range(1, top + 1))


def _probes(domain: Sequence[int]) -> list[int]:
    """A few values spread over the domain, its ends first."""
    if len(domain) <= 8:
        return list(domain)
    step = (len(domain) - 1) / 7
    picks = sorted({round(i * step) for i in range(8)})
    return [domain[i] for i in (picks[0], picks[-1], *picks[1:-1])]


class _Search:
    """The legal calls of one game state, found by checking candidate calls on copies of it."""

    def __init__(self, game: Fold) -> None:
        self.game = game
        self.t = game.state.clock

    def legal(self, call: Call) -> Check:
        return self.game.check(call)

    def calls(self) -> Iterator[LegalCall]:
        game = self.game
        if game.state.phase is Phase.OVER:
            return
        for kind, spec in CALL_SPECS.items():
            if spec.rule != "des" and not game.rules.is_enabled(spec.rule):
                continue
            if kind is CallKind.CHANTE_SLOUBI:
                found = self.kind_for(kind, NEWCOMER)
                if found is not None:
                    yield replace(found, players=None)
                continue
            found_for = [(p, self.kind_for(kind, p)) for p in self.speakers()]
            allowed = [(p, f) for p, f in found_for if f is not None]
            if allowed:
                yield self.merge(kind, allowed)

    def speakers(self) -> list[str]:
        state = self.game.state
        names = state.active()
        if state.sloubi is not None and state.sloubi[0] not in names:
            names.append(state.sloubi[0])
        return names

    @staticmethod
    def merge(kind: CallKind, found: list[tuple[str, LegalCall]]) -> LegalCall:
        """One entry for the kind: the players who may say it, the union of what they may say."""
        calls = [f for _, f in found]
        targets = _union(c.targets for c in calls)
        combinations = _union(c.combinations for c in calls)
        ranges = [c.numbers for c in calls if c.numbers is not None]
        numbers = (min(r[0] for r in ranges), max(r[1] for r in ranges)) if ranges else None
        return LegalCall(kind, frozenset(p for p, _ in found), targets, numbers, combinations, calls[0].dice)

    def kind_for(self, kind: CallKind, player: str) -> LegalCall | None:
        """What ``player`` may say of ``kind`` now, or None."""
        args = CALL_SPECS[kind].args
        if "dice" in args:
            return self.dice_call(kind, player)
        needed = HELD_BY.get(kind)
        if needed is not None:
            holder = self.game.state.players.get(player)
            if holder is None or not needed & holder.holdings:
                return None
        base = Call(kind, player, self.t)
        witness = self.witness(base, player)
        if witness is None:
            return None
        targets = combinations = None
        numbers = None
        if "target" in args:
            targets = frozenset(
                p for p in self.game.state.players if self.ok(replace(witness, target=p))
            )
        if "combination" in args:
            combinations = frozenset(c for c in BET_COMBINATIONS if self.ok(replace(witness, combination=c)))
        if "number" in args:
            numbers = self.number_range(witness, self.domain(kind, player))
        return LegalCall(kind, frozenset({player}), targets, numbers, combinations)

    def dice_call(self, kind: CallKind, player: str) -> LegalCall | None:
        call = Call(kind, player, self.t, dice=DICE_OF[kind])
        if self.ok(call) or (kind is CallKind.DES and self.ok(replace(call, hidden=True))):
            return LegalCall(kind, frozenset({player}), dice=len(DICE_OF[kind]))
        return None

    def domain(self, kind: CallKind, player: str) -> list[int]:
        return _number_domain(self.game, kind, player)

    def witness(self, base: Call, player: str) -> Call | None:
        """One legal call of this kind by this player, with arguments, or None."""
        args = CALL_SPECS[base.kind].args
        targets: list[str | None] = list(self.game.state.players) if "target" in args else [None]
        combinations: list[str | None] = list(BET_COMBINATIONS) if "combination" in args else [None]
        numbers: list[int | None] = (
            list(_probes(self.domain(base.kind, player))) if "number" in args else [None]
        )
        for target in targets:
            for combination in combinations:
                for number in numbers:
                    call = replace(base, target=target, combination=combination, number=number)
                    check = self.legal(call)
                    if check.legality is Legality.LEGAL:
                        return call
                    if check.legality is Legality.REJECTED and check.code in MOMENT_CODES:
                        return None
        return None

    def ok(self, call: Call) -> bool:
        return self.legal(call).legality is Legality.LEGAL

    def number_range(self, witness: Call, domain: list[int]) -> tuple[int, int]:
        """The legal numbers around the witness's, as one inclusive range (edges found by bisection)."""
        assert witness.number is not None
        at = domain.index(witness.number)

        def ok(i: int) -> bool:
            return self.ok(replace(witness, number=domain[i]))

        lo, hi = 0, at  # domain[hi] is legal: find the first legal index at or below it
        while lo < hi:
            mid = (lo + hi) // 2
            if ok(mid):
                hi = mid
            else:
                lo = mid + 1
        first = lo
        lo, hi = at, len(domain) - 1  # domain[lo] is legal: find the last legal index
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if ok(mid):
                lo = mid
            else:
                hi = mid - 1
        return domain[first], domain[lo]


def _union(sets: Iterable[frozenset[str] | None]) -> frozenset[str] | None:
    present = [s for s in sets if s is not None]
    return frozenset().union(*present) if present else None


def legal_calls(game: Fold) -> tuple[LegalCall, ...]:
    """Every kind of call that is legal now, in the order of :class:`CallKind`."""
    return tuple(_Search(game).calls())


# ── the phase in words ──

KIND_TEXT = {
    "chouette": "une Chouette",
    "velute": "une Velute",
    "chouette_velute": "une Chouette-Velute",
    "cul_de_chouette": "un Cul de chouette",
    "suite": "une Suite",
    "neant": "un Néant",
}


def _names(names: Iterable[str]) -> str:
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} et {names[-1]}"


def _phase_text(game: Fold) -> tuple[str, tuple[str, ...]]:
    """The phase in one French line, and who the table waits for."""
    state = game.state
    phase = state.phase
    current = state.current
    if phase is Phase.OVER:
        return f"Partie finie : {state.winner} a gagné", ()
    if phase is Phase.OPENING or (phase is Phase.ROLL_OFF and state.roll_off is not None):
        roll_off = state.roll_off
        if roll_off is None:
            return "Tirage au sort : chacun lance un dé", ()
        missing = [p for p in roll_off.players if p not in roll_off.rolls]
        title = "Tirage au sort" if roll_off.purpose == "opening" else "Départage aux dés"
        return f"{title} : {_names(roll_off.players)}", tuple(f"{p} n'a pas encore lancé son dé" for p in missing)
    if phase is Phase.CHOUETTES and state.throws == 0 and current is None and state.opener is not None:
        return f"{state.opener} ouvre la partie : il lance les chouettes", ()
    if phase is Phase.CHOUETTES and state.throws == 0 and current is None:
        return "Début de partie : tirage au sort, ou le premier joueur lance", ()
    if phase is Phase.CHOUETTES:
        return f"{state.roller} lance les chouettes", ()
    if phase is Phase.CUL and current is not None:
        return f"{current.roller} lance le cul", ()
    if phase is Phase.REACTION and current is not None and current.combination is not None:
        what = KIND_TEXT.get(current.combination.kind.value, "un lancer")
        tied = tuple(f"{p} : « Sans fin… » attendu" for p in state.suite_tied)  # the Grelotte tie is known
        dice = f"{' '.join(map(str, current.throw.faces))}, " if current.throw is not None else ""
        return f"Lancer de {current.roller} : {dice}{what} — à vos annonces", tied
    if phase is Phase.SIROP_BETS and current is not None and current.sirotage is not None:
        sirotage = current.sirotage
        missing = [p for p in state.active() if p != sirotage.sirotant and p not in sirotage.bets]
        return (
            f"Paris sur le sirop de {sirotage.sirotant}",
            tuple(f"{p} n'a pas encore parié" for p in missing),
        )
    if phase is Phase.SUITE_TIE:
        tied = list(state.suite_tied)
        return f"Égalité sur la Suite : {_names(tied)}", (
            "on attend « Sans fin est la moisissure des bières bretonnes ! »",
        )
    if phase is Phase.GRELOTTINE_STAKE and state.challenge is not None:
        challenge = state.challenge
        return (
            f"Grelottine : {challenge.grelottin} défie {challenge.challenged}",
            (f"{challenge.grelottin} n'a pas encore annoncé sa mise",),
        )
    if phase is Phase.GRELOTTINE_THROW and state.challenge is not None:
        challenge = state.challenge
        return f"Grelottine : {challenge.challenged} relève le défi", (f"on attend le lancer de {challenge.challenged}",)
    if phase is Phase.SLOUBI and state.sloubi is not None:
        return f"{state.sloubi[0]} chante le sloubi", ("on attend « Sloubi réussi » ou « Sloubi raté »",)
    if phase is Phase.RELANCE and state.relance is not None:
        return f"{state.relance.thrower} relance les dés", ()
    if phase is Phase.TICHETTE_DICE and state.tichette is not None:
        return f"Tichette : {state.tichette.ticheur} lance ses dés en cachette", ()
    if phase is Phase.TICHETTE and state.tichette is not None:
        return f"Tichette : c'est à {state.tichette.announcer} d'annoncer", ()
    return "On attend la suite du jeu", ()


def _on_the_table(game: Fold) -> tuple[int, ...] | None:
    current = game.state.current
    if current is None:
        return None
    if current.throw is not None:
        return current.throw.faces
    if current.chouettes is not None:
        return current.chouettes
    return None


def _roller(game: Fold) -> str | None:
    state = game.state
    if state.phase is Phase.OVER:
        return None
    if state.phase is Phase.RELANCE and state.relance is not None:
        return state.relance.thrower
    if state.phase is Phase.GRELOTTINE_THROW and state.challenge is not None:
        return state.challenge.challenged
    if state.phase is Phase.TICHETTE_DICE and state.tichette is not None:
        return state.tichette.ticheur
    if state.phase in (Phase.CUL, Phase.REACTION) and state.current is not None:
        return state.current.roller
    return state.roller


def describe(game: Fold) -> Now:
    """The table at a glance (:meth:`Game.now`)."""
    text, waiting = _phase_text(game)
    return Now(game.state.phase, text, waiting, _roller(game), _on_the_table(game), legal_calls(game))
