"""La Tichette ★★★★ (seed 000 « La Tichette », « La Tichette (suite) »; seed 001).

« La combinaison Artichette comme résultat d'un Sirop. C'est une Tichette, le
premier joueur à crier "Salsifi !" en tapant la main sur la table effectuera le
Défi Tichette en fin de tour, le jeu reprendra ensuite normalement. En cas
d'égalité de l'annonce le premier joueur à s'exclamer "Sganabadarlane !"
l'emporte. Sinon le plus jeune joueur l'emporte. Il n'est pas possible
d'effectuer une Tichette en tant que ticheur si son propre score en absolu est
inférieur à 6, s'il fait l'annonce, il y a Bévue. Les annonces associées à un
Sirotage normal sont autorisées. Les annonces associées à une Artichette en
temps normal sont des bévues. »

« La mise d'une tichette a pour valeur la valeur absolue des points du
ticheur. […] tous les tichants ferment les yeux et le ticheur lance les dés.
[…] il doit les garder cachés sous sa main […] Ensuite il commence directement
en annonçant la première tiche. »

« Si quelqu'un déclare "Tichette de 44 !", […] l'annonceur de cette tiche pari
qu'il y a au moins deux 4 dans la valeur des dés du ticheur. […] un nombre
composé uniquement de chiffre de 1 à 6 […] "Michette de 3 !" […] "Tichette de
34 !" […] "Bichette de 342 !". Lors de la première annonce le ticheur est obligé
de commencer par une michette. Une fois que le ticheur a fait sa première
annonce, c'est au tichant à sa droite [001: gauche] de faire la deuxième […]
On est obligé de faire une annonce à son tour. Pour faire une annonce on est
obligé d'augmenter la valeur de la tiche. Il est possible de passer d'une
michette à une tichette et d'une tichette à une bichette. En revanche il est
impossible de passer d'une bichette à une michette ou une tichette, ni d'une
tichette à une michette, tout comme il est impossible de passer d'une michette
à une bichette sans passer par au moins une tichette. »

« La quiche a pour valeur la dernière tiche que le joueur qui se quiche a
annoncé […] Si la dernière tiche annoncée par le quichant était une bichette
alors la quiche vaut (100 + la dernière tiche du quichant / 10) […] 634 […]
soit 163. […] "Quichette de [la valeur de sa quiche] !". Il quitte alors le
défi et perds les points de sa quiche. Si aucune tiche avait été annoncée
précédemment par le joueur alors il peut annoncer "Quichette de 0 !" et quitte
le défi sans perdre de points. Si tous les joueurs on annoncés "Quichette de
0 !" et qu'il ne reste que le ticheur en jeu alors le défi de la Tichette est
terminé. Le ticheur lui ne peut pas se quicher tant que la quiche n'a pas
dépassé 50% (arrondi au supérieur) des points de la mise de la tichette. »

« S'il ne reste qu'un seul joueur en jeu […] il est obligé de "ticher" […] il
doit annoncer "Tichage !" […] Si la tiche annoncée est bonne alors le
"tichageur" remporte la mise de la tichette […] si la tiche est mauvaise alors
le tichageur perds les points de la mise de la tichette. »

« Si au moins une bichette a été déclarée alors, à son tour, un tichant peut
annoncer "Bichette résiné de [valeur d'une tiche] !" la valeur de cette tiche
doit toujours être augmentée […] le joueur "tiche", comme s'il avait déclaré
"Tichage !" […] Le ticheur a interdiction d'annoncer une bichette résiné.
Annoncer "Bichette de 666 !" est interdit […] Si le ticheur n'a plus d'autres
possibilités que de déclarer une bichette résiné de 666 alors il ne peut pas
le faire et est obligé de se quicher. »

« Si au moindre moment il y a une erreur dans les annonces […] il y a
"quichage". Il suffit de pointer immédiattement le joueur fautif […] "Quichage !",
le joueur est alors automatiquement sorti du défi en payant sa quiche (on prend
la dernière quiche valide […]). » — 001: « Aucune combinaison n'est appliquée
sur la combinaison créée par le ticheur. »

Decisions (docs/rules.md, « ★★★★ Tichette »): the ticheur's dice are a ``des``
call with ``hidden = true`` (typed, never spoken); a faulty announcement is
refused (``tiche_faulty``) and changes nothing until somebody says
« Quichage ! »; the stake is won from nobody and lost to nobody.
"""

from __future__ import annotations

from collections import Counter
from math import ceil
from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.context import throw_in_play, wrong_call
from voice_scribe.engine.dice import Figure
from voice_scribe.engine.events import EventKind, Reason
from voice_scribe.engine.family import Family
from voice_scribe.engine.races import chain_settled, firsts
from voice_scribe.engine.rejected import Rejected
import voice_scribe.engine.rolloff as rolloff
from voice_scribe.engine.state import Phase, TichetteChallenge

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import ThrowContext

#: « s'il fait l'annonce, il y a Bévue »: below this |score| nobody can be ticheur.
TICHEUR_MINIMUM = 6
#: The bid kinds, by the number of digits of their tiche.
BID_DIGITS = {CallKind.MICHETTE: 1, CallKind.TICHETTE: 2, CallKind.BICHETTE: 3, CallKind.BICHETTE_RESINE: 3}
#: « Annoncer "Bichette de 666 !" est interdit »: the highest plain bichette is 665.
HIGHEST_BICHETTE = 665
#: The calls of a Défi Tichette once it has begun (the ticheur's hidden dice aside)
TICHETTE_STEPS = frozenset({*BID_DIGITS, CallKind.QUICHETTE, CallKind.TICHAGE, CallKind.QUICHAGE})


def tiche_digits(number: int, digits: int) -> list[int] | None:
    """The dice a tiche names, or None when it is not a tiche of ``digits`` digits 1–6.

    >>> tiche_digits(634, 3)
    [6, 3, 4]
    >>> tiche_digits(27, 2) is None
    True
    """
    text = str(number)
    if number <= 0 or len(text) != digits or any(c not in "123456" for c in text):
        return None
    return [int(c) for c in text]


def tiche_holds(number: int, dice: tuple[int, ...]) -> bool:
    """« Tichette de 44 » bets « au moins deux 4 »; « 53 », « au moins un 5 et un 3 ».

    >>> tiche_holds(44, (4, 1, 4)), tiche_holds(44, (4, 1, 3)), tiche_holds(53, (3, 6, 5))
    (True, False, True)
    """
    return not Counter(int(c) for c in str(number)) - Counter(dice)


# ── the Tichette: an Artichette made by a Sirop ──
def is_tichette(ctx: RuleContext, current: ThrowContext | None) -> bool:
    return (
        ctx.rules.is_enabled("tichette")
        and current is not None
        and current.sirop_done
        and current.applies
        and current.combination is not None
        and current.combination.figure is Figure.ARTICHETTE
    )


def on_salsifi(ctx: RuleContext, call: Call) -> None:
    state = ctx.state
    current = throw_in_play(ctx, "aucune Tichette en jeu")
    if not is_tichette(ctx, current):
        wrong_call(ctx, call)
        return
    if call.kind is CallKind.SALSIFI and abs(state.players[call.player].score) < TICHEUR_MINIMUM:
        # « Il n'est pas possible d'effectuer une Tichette en tant que ticheur si son propre
        # score en absolu est inférieur à 6, s'il fait l'annonce, il y a Bévue. »
        ctx._bevue(call.player, Reason.TICHEUR_BELOW_SIX, call.t, score=state.players[call.player].score)
        return
    current.shout(call.kind.value, call.player, call.t)


def queue_tichette_step(ctx: RuleContext, call: Call) -> bool:
    """A Tichette step said while the window that makes the ticheur is still open (« Salsifi ! »
    said): it waits for its moment instead of being refused (docs/rules.md FT11)."""
    state = ctx.state
    early = call.kind in TICHETTE_STEPS or (call.kind is CallKind.DES and call.hidden)
    if not early or state.phase is not Phase.REACTION or not is_tichette(ctx, state.current):
        return False
    assert state.current is not None
    if not state.current.shouters(CallKind.SALSIFI.value):
        return False
    state.queued.append(call)
    return True


def _play_queued(ctx: RuleContext, t: float) -> None:
    """The Défi Tichette begins: the steps said early are played now, in the order they were said."""
    queued, ctx.state.queued = ctx.state.queued, []
    for call in queued:
        try:
            ctx._answer(call)
        except Rejected as rejection:
            ctx._emit(EventKind.REJECTED, call.player, None, rejection.code, "tichette", t,
                       call=ctx._public(call), message=rejection.message)


def drop_queued(ctx: RuleContext, t: float) -> None:
    """No Défi Tichette after all: what was said for it is refused now."""
    queued, ctx.state.queued = ctx.state.queued, []
    for call in queued:
        ctx._emit(EventKind.REJECTED, call.player, None, "no_tichette", "tichette", t,
                   call=ctx._public(call), message="aucun défi Tichette en cours")


def tichette_settled_at(ctx: RuleContext, current: ThrowContext, t: float) -> float | None:
    """Who is the ticheur is certain once the first « Salsifi ! » is (its tie window passed, or
    everybody shouted) and, when tied, once « Sganabadarlane ! » among the tied is certain too (or,
    still tied, the youngest is known). A tie left for the dice waits for the window: None."""
    if not is_tichette(ctx, current):
        return None
    settled = chain_settled(current.shouters(CallKind.SALSIFI.value),
                            [current.shouters(CallKind.SGANABADARLANE.value)], t, ctx.rules.tie_window_s,
                            ctx.state.active())
    if settled is None:
        return None
    at, among = settled
    return at if len(among) == 1 or _youngest(ctx, among) is not None else None


def name_ticheur(ctx: RuleContext, current: ThrowContext, t: float) -> None:
    """The ticheur is known: said now; his Défi Tichette begins « en fin de tour », when the
    window closes (``_settle_tichette`` finds him again from the same shouts)."""
    window = ctx.rules.tie_window_s
    tied = firsts(current.shouters(CallKind.SALSIFI.value), window)
    among = firsts([(p, s) for p, s in current.shouters(CallKind.SGANABADARLANE.value) if p in tied], window)
    ticheur = tied[0] if len(tied) == 1 else (among[0] if len(among) == 1 else _youngest(ctx, among))
    if ticheur is not None:
        ctx._prompt(Reason.TICHEUR_NAMED, [ticheur], t)


def settle_tichette(ctx: RuleContext, current: ThrowContext, t: float) -> bool:
    """The window of a Tichette closes: who is the ticheur? True when the Défi Tichette
    (or a die to settle a tie first) takes over before the game goes on."""
    if not is_tichette(ctx, current):
        return False
    window = ctx.rules.tie_window_s
    tied = firsts(current.shouters(CallKind.SALSIFI.value), window)
    if not tied:
        drop_queued(ctx, t)
    sgana = current.shouters(CallKind.SGANABADARLANE.value)
    if len(tied) < 2:
        # « Sganabadarlane ! » with nothing to settle: a wrong announcement
        for player in dict.fromkeys(p for p, _ in sgana):
            ctx._bevue(player, Reason.WRONG_CALL, t, call=CallKind.SGANABADARLANE.value)
        if tied:
            _start_tichette(ctx, tied[0], t)
            return True
        return False
    for player in dict.fromkeys(p for p, _ in sgana if p not in tied):
        ctx._bevue(player, Reason.WRONG_CALL, t, call=CallKind.SGANABADARLANE.value)
    among = firsts([(p, s) for p, s in sgana if p in tied], window) or tied
    if len(among) == 1:
        _start_tichette(ctx, among[0], t)
        return True
    youngest = _youngest(ctx, among)
    if youngest is not None:
        _start_tichette(ctx, youngest, t)
        return True
    # ages unknown or equal: « une décision peut être prise par un lancer de dés.
    # Bien sûr, le plus petit score l'emporte toujours » (Conseils pratiques 2/)
    rolloff.start_roll_off(ctx, "tichette", among, lowest_wins=True, t=t)
    return True


def _youngest(ctx: RuleContext, players: list[str]) -> str | None:
    ages = dict(ctx.rules.ages)
    if not all(p in ages for p in players):
        return None
    young = min(ages[p] for p in players)
    youngest = [p for p in players if ages[p] == young]
    return youngest[0] if len(youngest) == 1 else None


def roll_off_tichette(ctx: RuleContext, chosen: str, t: float) -> None:
    _start_tichette(ctx, chosen, t)

# ── the Défi Tichette ──
def _start_tichette(ctx: RuleContext, ticheur: str, t: float) -> None:
    state = ctx.state
    active = state.active()
    start = active.index(ticheur)
    bidders = active[start:] + active[:start]
    if ctx.rules.tichette_direction == "left":
        # seed 000: « au tichant à sa droite » — play turns « dans le sens inverse des
        # aiguilles d'une montre », i.e. to the right: the turn order. 001: « à sa gauche ».
        bidders = [ticheur] + bidders[1:][::-1]
    state.tichette = TichetteChallenge(ticheur, abs(state.players[ticheur].score), bidders, t)
    state.phase = Phase.TICHETTE_DICE
    ctx._prompt(Reason.TICHETTE_DICE, [ticheur], t, stake=state.tichette.stake)
    _play_queued(ctx, t)


def on_tichette_dice(ctx: RuleContext, call: Call) -> None:
    challenge = ctx.state.tichette
    assert challenge is not None
    if call.player != challenge.ticheur:
        raise Rejected("not_ticheur", f"seul le ticheur, {challenge.ticheur}, lance les dés")
    if not call.hidden:
        raise Rejected(
            "not_private",
            "les dés du ticheur restent cachés : tapez-les au clavier (« hidden »), sans les dire",
        )
    dice = ctx._dice(call, 3)
    challenge.dice = (dice[0], dice[1], dice[2])
    ctx.state.phase = Phase.TICHETTE
    ctx._prompt(Reason.TICHE, [challenge.ticheur], call.t, bid="michette")


def _faulty(ctx: RuleContext, call: Call, why: str) -> None:
    """« une erreur dans les annonces »: nothing changes; « Quichage ! » sanctions it."""
    raise Rejected("tiche_faulty", f"annonce fautive de {call.player} : {why} (« Quichage ! » la sanctionne)")


def _tichette_turn(ctx: RuleContext, call: Call) -> TichetteChallenge:
    challenge = ctx.state.tichette
    if ctx.state.phase is not Phase.TICHETTE or challenge is None:
        raise Rejected("no_tichette", "aucun défi Tichette en cours")
    if call.player in challenge.out or call.player not in challenge.bidders:
        _faulty(ctx, call, "il n'est pas (ou plus) dans le défi")
    if call.player != challenge.announcer:
        _faulty(ctx, call, f"c'est à {challenge.announcer} d'annoncer")
    return challenge


def on_tiche(ctx: RuleContext, call: Call) -> None:
    """« Michette de 3 ! », « Tichette de 34 ! », « Bichette de 342 ! », « Bichette résiné de … ! »."""
    challenge = _tichette_turn(ctx, call)
    kind, number = call.kind, call.number or 0
    resine = kind is CallKind.BICHETTE_RESINE
    if len(challenge.left) == 1:
        _faulty(ctx, call, "le dernier en jeu doit annoncer « Tichage ! »")
    if tiche_digits(number, BID_DIGITS[kind]) is None:
        _faulty(ctx, call, f"une {kind.value} se dit avec {BID_DIGITS[kind]} chiffre(s) de 1 à 6")
    if challenge.current is None and kind is not CallKind.MICHETTE:
        _faulty(ctx, call, "le ticheur commence par une michette")
    if kind is CallKind.BICHETTE and number == 666:
        _faulty(ctx, call, "« Bichette de 666 » est interdit : c'est une bichette résiné")
    if resine and call.player == challenge.ticheur:
        _faulty(ctx, call, "le ticheur n'annonce pas de bichette résiné")
    if resine and not challenge.bichette_said:
        _faulty(ctx, call, "pas de bichette résiné avant une bichette")
    if challenge.current is not None:
        previous_kind, previous = challenge.current
        if number <= previous:
            _faulty(ctx, call, f"il faut augmenter la tiche (au-dessus de {previous})")
        if previous_kind is CallKind.MICHETTE and BID_DIGITS[kind] == 3:
            _faulty(ctx, call, "pas de bichette juste après une michette : une tichette d'abord")
    challenge.current = (kind, number)
    challenge.last[call.player] = (kind, number)
    if BID_DIGITS[kind] == 3:
        challenge.bichette_said = True
    if resine:
        _tichage(ctx, challenge, call.player, call.t)  # « comme s'il avait déclaré "Tichage !" »
        return
    _next_announcer(ctx, challenge, call.t)


def on_quichette(ctx: RuleContext, call: Call) -> None:
    """« Quichette de [la valeur de sa quiche] ! »: he leaves, paying his quiche."""
    challenge = _tichette_turn(ctx, call)
    if len(challenge.left) == 1:
        _faulty(ctx, call, "le dernier en jeu ne peut pas se quicher : « Tichage ! »")
    quiche = challenge.quiche(call.player)
    if call.number != quiche:
        _faulty(ctx, call, f"sa quiche vaut {quiche}")
    if call.player == challenge.ticheur and not _ticheur_may_quiche(challenge, quiche):
        half = ceil(challenge.stake / 2)
        _faulty(ctx, call, f"le ticheur ne se quiche qu'au-delà de {half} (la moitié de la mise)")
    _leave(ctx, challenge, call.player, quiche, Reason.QUICHE, call.t)


def _ticheur_may_quiche(challenge: TichetteChallenge, quiche: int) -> bool:
    """« tant que la quiche n'a pas dépassé 50% (arrondi au supérieur) » of the stake — unless
    only a « bichette résiné de 666 » is left to him: then « obligé de se quicher »."""
    stuck = challenge.current is not None and challenge.current[1] >= HIGHEST_BICHETTE
    return stuck or quiche > ceil(challenge.stake / 2)


def on_tichage(ctx: RuleContext, call: Call) -> None:
    challenge = _tichette_turn(ctx, call)
    if len(challenge.left) != 1:
        _faulty(ctx, call, "on ne tiche que lorsqu'on est le dernier en jeu")
    _tichage(ctx, challenge, call.player, call.t)


def on_quichage(ctx: RuleContext, call: Call) -> None:
    """« Quichage ! » pointing at a faulty announcer: out, paying his last valid quiche.

    The scribe cannot hear every fault (« la prononciation, le choix du vocabulaire »):
    the table's word is taken, as for « Bévue pour … ! »; « Annule ! » takes it back.
    """
    challenge = ctx.state.tichette
    if ctx.state.phase is not Phase.TICHETTE or challenge is None:
        raise Rejected("no_tichette", "aucun défi Tichette en cours")
    target = call.target
    if target is None:
        raise Rejected("no_target", "Quichage de qui ?")
    if target == call.player:
        raise Rejected("self_quichage", "on ne se quiche pas soi-même par « Quichage ! »")
    if target not in challenge.left:
        raise Rejected("not_in_tichette", f"{target} n'est plus dans le défi")
    _leave(ctx, challenge, target, challenge.quiche(target), Reason.QUICHAGE, call.t, by=call.player)

# ── the challenge's course ──
def _leave(ctx: RuleContext, challenge: TichetteChallenge, player: str, quiche: int, reason: Reason, t: float,
           **data: object) -> None:
    was_turn = challenge.announcer == player
    challenge.out[player] = quiche
    _emit_quiche(ctx, player, quiche, reason, t, **data)
    if ctx.state.phase is Phase.OVER:
        return
    left = challenge.left
    if not left:
        _end_tichette(ctx, challenge, t)
    elif len(left) == 1:
        _last_one(ctx, challenge, left[0], t)
    elif was_turn:
        _next_announcer(ctx, challenge, t)


def _emit_quiche(ctx: RuleContext, player: str, quiche: int, reason: Reason, t: float, **data: object) -> None:
    from voice_scribe.engine.events import EventKind

    if quiche:
        ctx._add(player, -quiche, reason.value, "tichette", t, quiche=quiche, **data)
    else:  # « Quichette de 0 ! »: he leaves without losing anything
        ctx._emit(EventKind.SCORE, player, 0, reason.value, "tichette", t,
                   score=ctx.state.players[player].score, quiche=0, **data)


def _next_announcer(ctx: RuleContext, challenge: TichetteChallenge, t: float) -> None:
    n = len(challenge.bidders)
    for step in range(1, n + 1):
        index = (challenge.turn + step) % n
        if challenge.bidders[index] not in challenge.out:
            challenge.turn = index
            break
    previous = challenge.current[1] if challenge.current else None
    ctx._prompt(Reason.TICHE, [challenge.announcer], t, previous=previous)


def _last_one(ctx: RuleContext, challenge: TichetteChallenge, player: str, t: float) -> None:
    """« S'il ne reste qu'un seul joueur en jeu […] il est obligé de "ticher" »."""
    others = [p for p in challenge.bidders if p != player]
    if player == challenge.ticheur and all(challenge.out[p] == 0 for p in others):
        # « Si tous les joueurs on annoncés "Quichette de 0 !" et qu'il ne reste que le ticheur »
        _end_tichette(ctx, challenge, t)
        return
    if player not in challenge.last:
        _end_tichette(ctx, challenge, t)  # no tiche of his own to validate (docs/rules.md)
        return
    challenge.turn = challenge.bidders.index(player)
    ctx._prompt(Reason.TICHAGE_DUE, [player], t, tiche=challenge.last[player][1])


def _tichage(ctx: RuleContext, challenge: TichetteChallenge, player: str, t: float) -> None:
    """The ticheur shows his dice: a right tiche wins the stake, a wrong one loses it."""
    assert challenge.dice is not None
    _, tiche = challenge.last[player]
    right = tiche_holds(tiche, challenge.dice)
    reason = Reason.TICHETTE_WON if right else Reason.TICHETTE_LOST
    ctx._add(player, challenge.stake if right else -challenge.stake, reason.value, "tichette", t,
              tiche=tiche, dice=list(challenge.dice))
    _end_tichette(ctx, challenge, t)


def _end_tichette(ctx: RuleContext, challenge: TichetteChallenge, t: float) -> None:
    """« le jeu reprendra ensuite normalement »; « Aucune combinaison n'est appliquée sur la
    combinaison créée par le ticheur »."""
    state = ctx.state
    state.tichette = None
    if state.phase is Phase.OVER:
        return
    state.phase = Phase.REACTION
    ctx._end_throw(t)


FAMILY = Family(
    name="tichette",
    seed="000 « La Tichette », « La Tichette (suite) »; 001",
    handles={
        CallKind.SALSIFI: on_salsifi,
        CallKind.SGANABADARLANE: on_salsifi,
        CallKind.MICHETTE: on_tiche,
        CallKind.TICHETTE: on_tiche,
        CallKind.BICHETTE: on_tiche,
        CallKind.BICHETTE_RESINE: on_tiche,
        CallKind.QUICHETTE: on_quichette,
        CallKind.TICHAGE: on_tichage,
        CallKind.QUICHAGE: on_quichage,
    },
    roll_offs={"tichette": roll_off_tichette},
)
