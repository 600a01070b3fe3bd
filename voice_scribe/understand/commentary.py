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
from voice_scribe.understand.remarks import all_remarks, remark_mask

INF = float("inf")
#: Grammar words common enough to be commentary around a call (« je fais … », « … je le prends »).
COMMENTARY_WORDS = frozenset(
    "fais fait dis dit prends garde tente sors rentre montre utilise moi toi tour ce ca cela ceci mon ton son sa "
    "ma ta celui ici coup encore aussi bien vite joue jouer annonce on "
    # ninth round: words only the table's questions brought into the grammar (« … de tout le monde », « … chez
    # qui »), everyday words of table talk around a call (« comme on dit chez nous », « tout le monde l'a vu »)
    "chez monde".split()
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
_CLAUSE_WORDS = frozenset("ai as a avais avait vais vas va suis es est sont les le la l me m te y en lui leur bien "
                          "plus".split())
#: Subjects of a clause about another player said after a call (« … il a rien dit », « … t'as dormi »), where a
#: negation tells the game, it does not deny the call. Off after a one-word call (:func:`strict_edges`).
_OTHER_SUBJECTS = frozenset({"il", "elle", "tu", "t"})
#: Whether such a clause is commentary (ninth round, measured: ``docs/grammar.md``).
CLAUSE_ABOUT_ANOTHER = True
#: The words of such a clause beside the auxiliaries: what was (not) said or done (« rien », « plus »).
_OTHER_WORDS = frozenset("rien plus dit fait".split())
#: Words that ask: a clause holding one asks about the call (« pélican c'est quand »), it does not follow it.
QUESTION_WORDS = frozenset("quoi comment combien qui quand pourquoi ou où quel quelle quels quelles".split())
#: At most this many words of commentary before / after a call.
MAX_COMMENTARY = (3, 6)
#: What a word of a remark costs as commentary (an oath, « s'te plaît », « chais plus »: :mod:`.remarks`); the
#: remark's words do not count in the words of commentary a call takes before it.
REMARK = 0.04
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
    remarks: tuple[bool, ...] = ()  # per heard word: part of a remark (an oath, « s'te plaît », « chais plus »)
    strict_tail: tuple[float, ...] | None = None  # ``tail`` without the clauses about another player (None: same)


def commentary_edges(utoks: list[UTok], words: HeardWords) -> Edges:
    """What it costs to hear the first *j* words, or the words from *j* on, as commentary around a call.

    « je fais mi jarret », « jarret souple je le garde », « pause pipi »: words that change no meaning
    (no number, name, key word or word of the grammar but the commonest) said before or after it.
    """
    n = len(utoks)
    remarks = _remarks(utoks)
    word_cost = [REMARK if said else _commentary_cost(u, words) for u, said in zip(utoks, remarks)]
    lead = [INF] * (n + 1)
    lead[0] = 0.0
    for j in range(min(n, MAX_COMMENTARY[0] + sum(remarks[: MAX_COMMENTARY[0]]))):
        if utoks[j].word in NEGATIONS and not remarks[j]:
            break  # « je joue jamais bi jarret », « je fais pas rigodon »: the call denied, not said
        lead[j + 1] = lead[j] + word_cost[j]
    tail = [INF] * (n + 1)
    tail[n] = 0.0
    for j in range(n - 1, max(-1, n - 1 - MAX_COMMENTARY[1]), -1):
        tail[j] = tail[j + 1] + word_cost[j]
    clause = other = 0.0
    own = list(tail)  # without the clauses about another player: after a one-word call (``strict_tail``)
    for j in range(n - 1, max(-1, n - 1 - MAX_COMMENTARY[1]), -1):
        clause += REMARK if remarks[j] else _clause_cost(utoks[j], words, word_cost[j])
        other += REMARK if remarks[j] else _clause_cost(utoks[j], words, word_cost[j], about_another=True)
        word = utoks[j].word
        if word in _CLAUSE_SUBJECTS:
            # « bjarret je m'arrête là »: a clause of its own, grammar words and all
            tail[j], own[j] = min(tail[j], clause), min(own[j], clause)
        if CLAUSE_ABOUT_ANOTHER and word in _OTHER_SUBJECTS:
            # « bévue pour Karadoc il a rien dit », « … t'as dormi »: the game told about another player; not
            # after a one-word call (« pélican il est pas là » is talk)
            tail[j] = min(tail[j], other)
        if j + 1 < n and word == "et" and utoks[j + 1].word in _CLAUSE_SUBJECTS | _OTHER_SUBJECTS:
            # « tichette de cinquante-trois et je bouge plus »
            tail[j], own[j] = min(tail[j], REMARK + tail[j + 1]), min(own[j], REMARK + own[j + 1])
    for j in range(n):
        after_introducer = j > 0 and utoks[j - 1].word in SLOT_INTRODUCERS and not utoks[j].known
        introduces = utoks[j].word in SLOT_INTRODUCERS and not (
            j + 1 < n and utoks[j + 1].word in COMMENTARY_WORDS  # « … pour moi », « … pour ce tour »
        )
        if (introduces or after_introducer) and not remarks[j]:
            tail[j] = INF  # « … pour doux »: what follows « pour » is the call's own argument, misheard
    for j in range(2, n):
        if utoks[j - 1].word == "pas" and utoks[j - 2].is_number and _only_numbers(utoks[j:]):
            # « c'était cinq et cinq pas | cinq et six »: the value said wrong, after a correction's « pas »
            tail[j] = min(tail[j], 0.04 * (n - j))
            own[j] = min(own[j], 0.04 * (n - j))
    own = [INF if t == INF else o for o, t in zip(own, tail)]  # « … pour doux » holds there too
    return Edges(lead, tail, remarks, None if own == tail else tuple(own))


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
    return Edges(lead, tail, edges.remarks)


def strict_edges(edges: Edges, utoks: list[UTok]) -> Edges:
    """Commentary around a one-word call (« bévue », « pélican »: words of everyday French too): before it
    only words that announce it (« moi je dis rigodon »), after it only a new clause (« mécréant pour
    moi »): « quelle bévue mon pauvre » is table talk."""
    n, said = len(utoks), edges.remarks
    # a remark alone (« raitournelle peuchère », « macarel rigodon », « rigodon mon pote ») is no new sentence
    tail = [c if j == n or utoks[j].word in CLAUSE_STARTERS or all_remarks(said, j, n) else INF
            for j, c in enumerate(edges.strict_tail or edges.tail)]
    lead = [c if j == 0 or utoks[j - 1].word in ANNOUNCING or all_remarks(said, 0, j) else INF
            for j, c in enumerate(edges.lead)]
    return Edges(lead, tail, said)


def remark_edges(edges: Edges) -> Edges | None:
    """Around a phrase that takes no commentary (a bare list word, « qui a {item} »), only the table's remarks
    (« qui a le jarret chais plus », « la grelottine s'te plaît »): the words before or after it all remarks."""
    said, n = edges.remarks, len(edges.remarks)
    if not any(said):
        return None  # nothing but the phrase itself
    lead = [c if j == 0 or all_remarks(said, 0, j) else INF for j, c in enumerate(edges.lead)]
    tail = [c if j == n or all_remarks(said, j, n) else INF for j, c in enumerate(edges.tail)]
    return Edges(lead, tail, said)


def _remarks(utoks: list[UTok]) -> tuple[bool, ...]:
    """Per heard word, whether it is part of a remark (:mod:`.remarks`), never a number, a name nor ``[unk]``."""
    mask = remark_mask([u.heard for u in utoks])
    return tuple(said and not (u.unk or u.is_number or u.player) for u, said in zip(utoks, mask))


def _reason_cost(u: UTok, words: HeardWords) -> float:
    """A word of the reason said around table control: any word but a name, a key word or ``[unk]``."""
    word = INF if u.unk or u.player or (u.word in words.key_words and not u.is_number) else 0.06
    return min(word, _commentary_cost(u, words))


def _clause_cost(u: UTok, words: HeardWords, cost: float, about_another: bool = False) -> float:
    """A word of a clause said after a call: an auxiliary or a pronoun of the grammar too (« je les ai », « je
    l'avais dit »), never a question, a number, a name, a key word nor another word of the grammar; a negation
    only in a clause about another player (``about_another``: « il a rien dit », « t'as pas vu »)."""
    said = (u.word, u.heard, u.spoken or "")
    if any(w in QUESTION_WORDS for w in said):
        return INF  # « velutée je les ai quand »: a question
    negation = any(w in NEGATIONS for w in said)
    if negation and not about_another:
        return INF  # « … je l'ai jamais »: a denial
    if cost < INF and not negation:
        return cost
    clause_word = u.word in _CLAUSE_WORDS or negation or about_another and u.word in _OTHER_WORDS
    return 0.08 if clause_word and not (u.unk or u.is_number or u.player) else INF


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
