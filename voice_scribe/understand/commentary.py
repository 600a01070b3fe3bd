"""Commentary around a call: what it costs to hear the first words, or the last ones, as table talk.

« je fais mi jarret », « jarret souple je le garde », « pause pipi »: words that change no meaning said before
or after a call (:func:`commentary_edges`); around a one-word call only words that announce it or a new clause
(:func:`strict_edges`); around table control, its reason (:func:`control_edges`). The alignment starts and
ends a phrase's reading on these costs.
"""

from __future__ import annotations

from dataclasses import dataclass

from rapidfuzz import fuzz

from voice_scribe.understand.commands import TableCommand
from voice_scribe.understand.grammar import FILLERS
from voice_scribe.understand.heard_words import HeardWords, UTok

INF = float("inf")
#: Grammar words common enough to be commentary around a call (« je fais … », « … je le prends »).
COMMENTARY_WORDS = frozenset(
    "fais fait dis dit prends garde tente sors rentre montre utilise moi toi tour ce ca cela ceci mon ton son sa "
    "ma ta celui ici coup encore aussi bien vite joue jouer annonce on".split()
)
#: Words after which the grammar puts an argument: commentary never starts with one.
SLOT_INTRODUCERS = frozenset({"pour", "de", "sur", "a", "contre", "du", "des", "en"})
#: Words that open a new clause: after a one-word call, commentary must start with one.
CLAUSE_STARTERS = frozenset({"je", "j", "il", "elle", "on", "tu", "t", "c", "ca", "moi", "pour", "y"})
#: Subjects that open the clause of a reason said after table control (« pause je vais … », « annule ça c'est … »).
_SUBJECTS = frozenset({"je", "j", "il", "elle", "on", "tu", "t", "c", "ca", "vous"})
#: Verbs that announce the call that follows (« je dis … », « je fais … »).
ANNOUNCING = frozenset({"dis", "fais", "annonce", "crie", "tente", "utilise", "joue", "jouer"})
#: A negation: commentary before a call never holds one (« je fais jamais bi jarret » is no call).
NEGATIONS = frozenset({"ne", "n", "pas", "jamais"})
#: Subjects that open a clause said after a call about the call itself (« velutée je les ai », « sirop gagnant je
#: l'avais dit »): in it, words of the grammar are commentary too. Not « c'est » / « ça »: « attrape oiseau
#: c'est pour les voleurs », « le passe grelot ça sert à quoi » say what the call is.
_CLAUSE_SUBJECTS = frozenset({"je", "j", "on", "tu", "t"})
#: The auxiliaries and pronouns such a clause is made of, beside its verb (a word the grammar lacks, or commentary).
_CLAUSE_WORDS = frozenset("ai as a avais avait vais vas va suis es est sont les le la l me m te y en lui leur bien".split())
#: Words that ask: a clause holding one asks about the call (« pélican c'est quand »), it does not follow it.
_ASKING = frozenset("quoi comment combien qui quand pourquoi ou où quel quelle quels quelles".split())
#: At most this many words of commentary before / after a call.
MAX_COMMENTARY = (3, 6)
#: Table control said last, after its reason (« c'est pas valable, annule », « attendez deux minutes, on fait
#: une pause »): it takes this many words before it, numbers and grammar words among them (no name, key word).
CONTROL = frozenset({TableCommand.REPETE, TableCommand.ANNULE, TableCommand.PAUSE, TableCommand.REPRENDS,
                     TableCommand.FIN_DE_PARTIE})
MAX_CONTROL_LEAD = 6
#: Words that make the command that follows part of their sentence: small words, a negation, a verb of saying
#: or doing, a possessive (« ce n'est pas annule », « il faut dire pause », « t'as vu son … »).
_GOVERNING = FILLERS | frozenset(
    "pas jamais plus ne n as ai avait avais dire dis dit faire fais fait son ton sa ta ses tes quoi comment fois".split()
)
#: Words that open a clause about what follows, not a reason for it (« si tu fais pause », « dès que … »).
_SUBORDINATORS = frozenset("si quand des lorsque comment pourquoi chaque".split())


@dataclass(frozen=True)
class Edges:
    """The cost of hearing the words at either end of the heard words as commentary around a call."""

    lead: list[float]  # lead[j]: the first j heard words as commentary (INF: they carry meaning)
    tail: list[float]  # tail[j]: the heard words from j on as commentary


def commentary_edges(utoks: list[UTok], words: HeardWords) -> Edges:
    """What it costs to hear the first *j* words, or the words from *j* on, as commentary around a call.

    « je fais mi jarret », « jarret souple je le garde », « pause pipi »: words that change no meaning
    (no number, name, key word or word of the grammar but the commonest) said before or after it.
    """
    n = len(utoks)
    word_cost = [_commentary_cost(u, words) for u in utoks]
    lead = [INF] * (n + 1)
    lead[0] = 0.0
    for j in range(min(n, MAX_COMMENTARY[0])):
        if utoks[j].word in NEGATIONS:
            break  # « je joue jamais bi jarret », « je fais pas rigodon »: the call denied, not said
        lead[j + 1] = lead[j] + word_cost[j]
    tail = [INF] * (n + 1)
    tail[n] = 0.0
    for j in range(n - 1, max(-1, n - 1 - MAX_COMMENTARY[1]), -1):
        tail[j] = tail[j + 1] + word_cost[j]
    clause = 0.0
    for j in range(n - 1, max(-1, n - 1 - MAX_COMMENTARY[1]), -1):
        clause += _clause_cost(utoks[j], words, word_cost[j])
        if utoks[j].word in _CLAUSE_SUBJECTS:
            tail[j] = min(tail[j], clause)  # « bjarret je m'arrête là »: a clause of its own, grammar words and all
    for j in range(n):
        after_introducer = j > 0 and utoks[j - 1].word in SLOT_INTRODUCERS and not utoks[j].known
        introduces = utoks[j].word in SLOT_INTRODUCERS and not (
            j + 1 < n and utoks[j + 1].word in COMMENTARY_WORDS  # « … pour moi », « … pour ce tour »
        )
        if introduces or after_introducer:
            tail[j] = INF  # « … pour doux »: what follows « pour » is the call's own argument, misheard
    for j in range(2, n):
        if utoks[j - 1].word == "pas" and utoks[j - 2].is_number and _only_numbers(utoks[j:]):
            # « c'était cinq et cinq pas | cinq et six »: the value said wrong, after a correction's « pas »
            tail[j] = min(tail[j], 0.04 * (n - j))
    return Edges(lead, tail)


def control_edges(utoks: list[UTok], edges: Edges, words: HeardWords) -> Edges:
    """Around table control, its reason: before it (« c'est pas valable annule ») or after it, as a new
    clause (« pause je vais chercher le pastis », « annule ça c'est pas bon »): numbers and grammar words
    too, never a name nor a key word."""
    lead, running = list(edges.lead), 0.0
    if utoks and utoks[0].heard in _SUBORDINATORS:
        return edges  # « si tu fais pause », « quand t'as annulé »: a clause about the command
    reason = [_reason_cost(u, words) for u in utoks]
    for j in range(min(len(utoks), MAX_CONTROL_LEAD)):
        running += reason[j]
        if utoks[j].word not in _GOVERNING:  # « ce n'est pas annule », « il faut dire pause »: not said to the scribe
            lead[j + 1] = min(lead[j + 1], running)
    n, tail, running = len(utoks), list(edges.tail), 0.0
    for j in range(n - 1, max(0, n - 1 - MAX_CONTROL_LEAD), -1):
        running += min(reason[j], 0.04)  # the command said first: its reason, a clause of its own, costs less
        if utoks[j].word in _SUBJECTS:
            tail[j] = min(tail[j], running)
    return Edges(lead, tail)


def strict_edges(edges: Edges, utoks: list[UTok]) -> Edges:
    """Commentary around a one-word call (« bévue », « pélican »: words of everyday French too): before it
    only words that announce it (« moi je dis rigodon »), after it only a new clause (« mécréant pour
    moi »): « quelle bévue mon pauvre » is table talk."""
    n = len(utoks)
    tail = [c if j == n or utoks[j].word in CLAUSE_STARTERS else INF for j, c in enumerate(edges.tail)]
    lead = [c if j == 0 or utoks[j - 1].word in ANNOUNCING else INF for j, c in enumerate(edges.lead)]
    return Edges(lead, tail)


def _reason_cost(u: UTok, words: HeardWords) -> float:
    """A word of the reason said around table control: any word but a name, a key word or ``[unk]``."""
    word = INF if u.unk or u.player or (u.word in words.key_words and not u.is_number) else 0.06
    return min(word, _commentary_cost(u, words))


def _clause_cost(u: UTok, words: HeardWords, cost: float) -> float:
    """A word of a clause said after a call: an auxiliary or a pronoun of the grammar too (« je les ai », « je
    l'avais dit »), never a question, a number, a name, a key word nor another word of the grammar."""
    if any(w in _ASKING or w in NEGATIONS for w in (u.word, u.heard, u.spoken or "")):
        return INF  # « velutée je les ai quand », « … je l'ai jamais »: a question, a denial
    if cost < INF:
        return cost
    return 0.08 if u.word in _CLAUSE_WORDS and not (u.unk or u.is_number or u.player) else INF


def _commentary_cost(u: UTok, words: HeardWords) -> float:
    if u.unk or u.is_number or u.player or u.word in words.key_words:
        return INF
    if u.word in FILLERS or u.word in COMMENTARY_WORDS:
        return 0.04
    if u.known or _sounds_like_a_name(u, words):
        return INF
    return 0.08


def _sounds_like_a_name(u: UTok, words: HeardWords) -> bool:
    """An unknown word that could be part of a player's name (« léo dans »): not commentary."""
    return len(u.sound) >= 2 and any(fuzz.partial_ratio(u.sound, key) >= 80 for _, key, _ in words.names)


def _only_numbers(utoks: list[UTok]) -> bool:
    """Number words only (with « et »: « cinq et six »)."""
    return bool(utoks) and all(u.is_number or u.word == "et" for u in utoks) and utoks[-1].is_number
