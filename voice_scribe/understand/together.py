"""Several players naming themselves as the speakers of one call (« Perceval et Karadoc : beau sirop ! »).

With one microphone for the table, who spoke is the name said first (:func:`.sentence_frames.self_intro`).
When two or three players shout at once the microphone hears a blur, and the table says it again for them:
« Perceval et Karadoc beau sirop », « léodagan yvain karadoc pas mou le caillou ensemble », « beau sirop pour
léodagan et yvain ». This module finds such a group of names (:func:`named_together`) and says whether the call
read from the rest of the words may be theirs (:func:`reads_together`):

* the names are the roster's (as heard: aliases and sounds), two at least, joined by « et » or listed, said
  before the call, or after it (« pour … et … », or bare); « ensemble », « tous les deux », « en même temps »…
  around them are dropped (:data:`MARKERS`);
* only a call that several players may make at once takes several (:data:`TOGETHER_KINDS`: the race shouts,
  the table's bets on a Sirop, the ★ shouts anyone makes); a throw, a roller's call, a challenge is not read
  as several (the matcher then reads it as before: the first name is the speaker);
* a call that takes a target keeps it: names after « sur » are never a group, and after « pour » they are one
  only for a call without a target (« Bévue pour Karadoc et Perceval » is not two Bévues); two bare names
  before such a call (« Karadoc Yvain artichette ») stay a speaker and the one spoken to unless « et », a
  third name or a marker says they shouted together.
"""

from __future__ import annotations

from dataclasses import dataclass

from voice_scribe.engine.calls import CALL_SPECS, CallKind
from voice_scribe.engine.registry import RACE_OF_SHOUT
from voice_scribe.understand.heard_words import UTok

#: Calls that several players may make at the same time: every race shout (a tie is a tie), the table's
#: bets on a Sirop (Beau-Sirop, Couche-Sirop, the bird), the ★ shouts anyone at the table makes.
TOGETHER_KINDS: frozenset[CallKind] = frozenset(RACE_OF_SHOUT) | {
    CallKind.GRELOTTE_CA_PICOTE,
    CallKind.SANS_FIN,
    CallKind.BEAU_SIROP,
    CallKind.COUCHE_SIROP,
    CallKind.PARI_OISEAU,
    CallKind.POULETTE,
    CallKind.VERT_LINETTE,
    CallKind.SGANABADARLANE,
    CallKind.EXCALIBUR,
}
#: Words that say the names shouted together (plain words), dropped around the names and the call.
MARKERS: tuple[tuple[str, ...], ...] = (
    ("tous", "les", "deux"), ("tous", "les", "trois"), ("tous", "les", "quatre"), ("toutes", "les", "deux"),
    ("en", "meme", "temps"), ("tous", "ensemble"), ("ensemble",), ("a", "deux"), ("a", "trois"),
    ("les", "deux"), ("tous",), ("d", "une", "seule", "voix"), ("en", "choeur"),
    # said so (« … Perceval et moi, on l'a dit ensemble »: « ensemble » is a marker of its own)
    ("on", "l a", "dit"), ("on", "l a", "crie"), ("egalite",),
)
#: The words that join names (« Perceval et Karadoc »; « est »: « et » as a free decoder writes it; « pis »:
#: Québécois « puis »).
_AND = frozenset({"et", "est", "puis", "pis"})
#: Words that introduce the names said first (« c'est Perceval et Karadoc : … »).
_INTRO = ("c", "est")
#: Words that put the names after a call (« beau sirop pour Léodagan et Yvain »).
_FOR = frozenset({"pour", "par"})
#: A word that makes the names after it a call's target, never its speakers (« grelottine sur … »).
_ON = frozenset({"sur", "contre"})


@dataclass(frozen=True)
class Together:
    """A group of names said around a call: the players (in the order said, each once) and the call's words."""

    players: tuple[str, ...]
    rest: list[UTok]
    after: bool = False  # the names follow the call
    introduced: bool = False  # … after « pour »
    insisted: bool = False  # « et » between them, a third name, or a marker: surely said together


def _marker_at(words: list[str], at: int) -> int:
    """How many words a marker takes at ``at`` (0: none)."""
    for marker in MARKERS:
        if tuple(words[at : at + len(marker)]) == marker:
            return len(marker)
    return 0


def _marker_ending_at(words: list[str], end: int) -> int:
    """How many words a marker takes ending at ``end`` (0: none)."""
    for marker in MARKERS:
        n = len(marker)
        if end - n >= 0 and tuple(words[end - n : end]) == marker:
            return n
    return 0


def _names(utoks: list[UTok], step: int, speaker: str | None = None) -> tuple[list[str], int, bool]:
    """The names said one after the other from the start (``step`` 1) or the end (-1): (names, words they
    take, whether « et » joined two of them). « moi » is the ``speaker`` (« moi et Perceval », « Perceval et
    moi »), when he is known."""
    order = utoks if step == 1 else utoks[::-1]

    def name_of(u: UTok) -> str | None:
        return u.player or (speaker if u.heard == "moi" else None)

    names: list[str] = []
    k, joined = 0, False
    while k < len(order):
        u = order[k]
        if name := name_of(u):
            names.append(name)
            k += 1
        elif u.heard in _AND and names and k + 1 < len(order) and name_of(order[k + 1]):
            joined = True
            k += 1
        else:
            break
    return names, k, joined


def named_together(utoks: list[UTok], speaker: str | None = None) -> Together | None:
    """Two names or more said before the call or after it, with the words left for the call (None: no group).

    « perceval et karadoc beau sirop tous les deux » → (Perceval, Karadoc) and « beau sirop »; « beau sirop
    pour léodagan et yvain » → (Léodagan, Yvain) and « beau sirop »; « grelottine sur perceval » → None.
    """
    words = [u.heard for u in utoks]
    start, end, marked = 0, len(utoks), False
    while start < end and (n := _marker_at(words, start)):
        start, marked = start + n, True
    while end > start and (n := _marker_ending_at(words, end)):
        end, marked = end - n, True
    if tuple(words[start : start + len(_INTRO)]) == _INTRO:
        start += len(_INTRO)
    inner = utoks[start:end]
    names, k, joined = _names(inner, 1, speaker)
    after = introduced = False
    if len(set(names)) >= 2:
        rest = inner[k:]
    else:
        names, k, joined = _names(inner, -1, speaker)
        names.reverse()
        if len(set(names)) < 2:
            return None
        rest, after = inner[: len(inner) - k], True
        if rest and rest[-1].heard in _ON:
            return None  # « grelottine sur Perceval et Karadoc »: targets
        if rest and rest[-1].heard in _FOR:
            rest, introduced = rest[:-1], True
    rest_words = [u.heard for u in rest]
    lead = 0
    while lead < len(rest) and (n := _marker_at(rest_words, lead)):
        lead, marked = lead + n, True
    trail = len(rest)
    while trail > lead and (n := _marker_ending_at(rest_words, trail)):
        trail, marked = trail - n, True
    rest = rest[lead:trail]
    if not rest:
        return None
    players = tuple(dict.fromkeys(names))
    return Together(players, rest, after, introduced, insisted=joined or marked or len(players) > 2)


def takes_target(kind: CallKind) -> bool:
    """Whether the call names a target (« Bévue pour Karadoc », « Grelottine sur Perceval »)."""
    return "target" in CALL_SPECS[kind].args


def reads_together(kind: CallKind, group: Together) -> bool:
    """Whether a call of this kind, read from the group's remaining words, is the group's call."""
    if kind not in TOGETHER_KINDS:
        return False  # a throw, a roller's call, a challenge: one speaker
    if takes_target(kind) and (group.introduced or not group.insisted):
        return False  # « artichette pour Karadoc et Yvain », « Karadoc Yvain artichette »: a target
    return True


def in_roster_order(players: tuple[str, ...], roster: tuple[str, ...]) -> tuple[str, ...]:
    """The players in the roster's order (a newcomer not in it last)."""
    return tuple(sorted(players, key=lambda p: roster.index(p) if p in roster else len(roster)))
