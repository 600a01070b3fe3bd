"""L'Achat and the Double achat ★★ (seed 000; seed 001 « À la Volette ! »; seed 004).

« Lorsqu'un joueur a lancé ses chouettes, et avant qu'il ne lance le cul, un
autre joueur peut acheter ce cul, ce qui lui coûte 30 pts. Un joueur qui a
moins de 30 pts n'a pas le droit de faire un achat. S'il l'annonce quand même
il y a Bévue.

Pour cela le joueur doit crier "J'achète !" en levant le doigt. L'acheté ne
gagne donc que les points de son éventuelle Chouette, et si après l'Achat le
lancer ne donne rien de mieux que cette Chouette, l'acheteur remporte
également les points de cette Chouette. […]

Un Sirotage peut être acheté par un autre joueur et devient alors un
Attrape-Oiseau (crier seulement l'annonce de l'Achat est suffisant) et les
autres joueurs doivent à nouveau annoncer leur mise […]

Les seuls Achats interdits sont l'Achat suite à une Chouette de 6 (le
Sirotage et l'Attrape-Oiseau de 6 peuvent cependant être achetés, auquel cas
le sirotant ne perd pas de points), l'Achat durant une Soufflette, […]
l'achat d'un Civet, d'un Civet-Filoché, d'un Jarret, d'un Cul de Chouette
Doublé et d'un Cul de Chouette Doublé Diminué.

Si deux joueurs crient l'annonce en même temps, ils doivent lancer un dé, et
le plus petit score devient acheteur. »

« Le Double Achat »: « Il est possible de racheter un cul déjà acheté avant
son lancer. […] "J'achète !" ou "Je rachète !" […] cela lui coûte 30 pts […]
Le Double Achat peut se faire par n'importe quel joueur et pas
obligatoirement par celui qui s'est fait acheter. Il n'y a pas de limite »

Seed 001 calls it « À la Volette ! » (``Rules.achat_call``: the same call,
another sentence); seed 004 forbids the Achat of a sirotage
(``Rules.achat_of_sirotage = false``).

Decisions (docs/rules.md ★★): a claim is confirmed once the tie window after
it has passed (or when the cul falls); the buyer then throws the cul as the
roller of this throw, and the turn order does not change. The acheté's
Chouette (a pair of chouettes) is paid at once. An Achat during a Grelottine
challenge is refused (the scribe does not carry a challenge over to a buyer).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.dice import chouette_points
from voice_scribe.engine.events import Reason
from voice_scribe.engine.families import civet, sirop
from voice_scribe.engine.family import Family
from voice_scribe.engine.races import firsts
from voice_scribe.engine.rejected import Rejected
import voice_scribe.engine.rolloff as rolloff
from voice_scribe.engine.state import Phase

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import ThrowContext

ACHAT_PRICE = 30


def on_achat(ctx: RuleContext, call: Call) -> None:
    state = ctx.state
    current = state.current
    if current is None or state.phase not in (Phase.CUL, Phase.SIROP_BETS):
        raise Rejected("too_late", "aucun cul à acheter")
    if current.challenge is not None:
        raise Rejected("not_supported", "l'Achat pendant un défi Grelottine n'est pas pris en charge par le scribe")
    rebuy = bool(current.bought_from)
    if (rebuy or call.kind is CallKind.RACHAT) and not ctx.rules.is_enabled("double_achat"):
        raise Rejected(Reason.RULE_OFF.value, "la règle « double_achat » n'est pas jouée à cette table")
    if state.phase is Phase.SIROP_BETS:
        _buy_sirotage(ctx, call, current)
        return
    if not _may_buy(ctx, call, current, rebuy):
        ctx._bevue(call.player, Reason.ACHAT_NOT_ALLOWED, call.t)
        return
    if any(p == call.player for p, _ in current.achat_claims):
        return
    current.achat_claims.append((call.player, call.t))


def _may_buy(ctx: RuleContext, call: Call, current: ThrowContext, rebuy: bool) -> bool:
    chouettes = current.chouettes
    assert chouettes is not None
    if call.kind is CallKind.RACHAT and not rebuy:
        return False  # « Je rachète ! » with nothing bought yet
    return (
        call.player != current.roller
        and ctx.state.players[call.player].score >= ACHAT_PRICE
        and chouettes != (6, 6)  # « l'Achat suite à une Chouette de 6 »
        and current.civet is None  # « l'achat d'un Civet »
        and current.jarret is None  # « d'un Jarret »
        and current.relance is None  # Soufflette, Culs de chouette doublés: their own throws
    )


def tick_achat(ctx: RuleContext, t: float) -> None:
    current = ctx.state.current
    if (
        ctx.state.phase is Phase.CUL
        and current is not None
        and current.achat_claims
        and t > min(s for _, s in current.achat_claims) + ctx.rules.tie_window_s
    ):
        confirm_achat(ctx, t)


def confirm_achat(ctx: RuleContext, t: float) -> bool:
    """Settle the pending claims; True when they are tied and a die must decide."""
    state = ctx.state
    current = state.current
    if current is None or not current.achat_claims:
        return False
    claims, current.achat_claims = current.achat_claims, []
    buyers = firsts(claims, ctx.rules.tie_window_s)
    if len(buyers) > 1:
        # « ils doivent lancer un dé, et le plus petit score devient acheteur »
        rolloff.start_roll_off(ctx, "achat", buyers, lowest_wins=True, t=t)
        return True
    _buy(ctx, buyers[0], t)
    return False


def roll_off_achat(ctx: RuleContext, chosen: str, t: float) -> None:
    ctx.state.phase = Phase.CUL
    _buy(ctx, chosen, t)


def _buy(ctx: RuleContext, buyer: str, t: float) -> None:
    state = ctx.state
    current = state.current
    assert current is not None and current.chouettes is not None
    a, b = current.chouettes
    if a == b and not current.bought_from:
        # « L'acheté ne gagne donc que les points de son éventuelle Chouette »
        ctx._add(current.roller, chouette_points(a), Reason.CHOUETTE.value, "achat", t, face=a)
    ctx._add(buyer, -ACHAT_PRICE, Reason.ACHAT.value, "achat", t, seller=current.roller)
    current.bought_from.append(current.roller)
    current.roller = buyer
    ctx._prompt(Reason.THROW_CUL, [buyer], t, bought_from=current.bought_from[-1])


def _buy_sirotage(ctx: RuleContext, call: Call, current: ThrowContext) -> None:
    """« Un Sirotage peut être acheté … et devient alors un Attrape-Oiseau »."""
    state = ctx.state
    sirotage = current.sirotage
    assert sirotage is not None
    allowed = (
        ctx.rules.achat_of_sirotage
        and call.player != sirotage.sirotant
        and state.players[call.player].score >= ACHAT_PRICE
        and current.jarret is None
        and current.relance is None
    )
    if not allowed:
        ctx._bevue(call.player, Reason.ACHAT_NOT_ALLOWED, call.t)
        return
    ctx._add(call.player, -ACHAT_PRICE, Reason.ACHAT.value, "achat", call.t, seller=sirotage.sirotant)
    current.bought_from.append(sirotage.sirotant)
    if sirotage.sirotant == current.roller and current.combination is not None:
        # the sirotage becomes an Attrape-Oiseau: « celui ayant réalisé cette Chouette remporte les points »
        civet.settle_civet(ctx, current, call.t)
        ctx._add(current.roller, current.combination.points * current.multiplier, Reason.CHOUETTE.value,
                  "chouette", call.t, face=current.combination.face)
    # « les autres joueurs doivent à nouveau annoncer leur mise »
    sirop.start_sirotage(ctx, current, call.player, call.t)


FAMILY = Family(
    name="achat",
    seed="000 « L'Achat », « Le Double achat »; 001 « À la Volette ! »; 004",
    handles={
        CallKind.ACHAT: on_achat,
        CallKind.RACHAT: on_achat,
    },
    roll_offs={"achat": roll_off_achat},
)
