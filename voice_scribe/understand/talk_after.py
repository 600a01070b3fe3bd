"""A call said whole, then talk: « artichette Léodagan, dans ta face ! », « raitournelle, merci Kevin pour le
follow », « tichage, allez montre tes dés ».

Tables say something after nearly every call: a taunt, a toast, a thanks to a viewer, the score the speaker
thinks he has. No list of remarks covers what a new table says (each new writer of the corpus brought his
own), so this reads the class. When a sentence reads as nothing whole, it is cut after the last word that
holds what a call holds (a number, a player's name, a key word, another word of the calls): the words before
the cut are read alone, and taken when they read as a call and the words after it are only talk. Guards
against talk that merely starts like a call:

* a throw's faces need two dice said as numbers (« six cinq, voilà qui est envoyé »); one die followed by
  words is talk more often than a throw (« deux heures du mat », « un pastis bien tassé »), unless the cul is
  named (« le cul deux, santé »); « … en fait » after faces makes them a correction, not a throw, and a
  negation after them denies them (« le quatre deux un, c'est pas un autre jeu ça »); faces in a clause of
  condition, time or question (« quand on fait quatre deux un, on peut dire … ») or an « un » after « d' »
  (« trois six d'un coup ») are no throw;
* words that hold no key word must read as a phrase said exactly (« c'est à qui, tout le monde attend »), not
  a near one (« c'est qui qui a mis cette musique » is no « c'est à qui »);
* a call's name after an article is talk about it (« le passe-grelot, on l'a jamais utilisé », « une mouette
  ça vole »), and so is talk that starts with « ça / c'est » (« excalibur, ça marche qu'en Aquitaine »), with
  a complement (« j'achète du pain »), or names by a pronoun what the call alone would lose (« artichette,
  toi », « j'achète, moi aussi »);
* a command that steers the game (undo, pause, resume, end) is never taken from a sentence that goes on
  (« on repart en vacances »);
* talk that takes the call back, denies or asks about it is not talk after it (« … non attends … », « velutée je
  les ai jamais », « pélican il est pas là »: a negation after a pronoun that names a thing; « file sirop,
  j'embarque pas » is the speaker's own talk), or tells what another said (« j'ai pas compris la moitié de ce
  qu'il a dit »); a question to the scribe followed by « est-ce … » is the players' own question (« comment ça
  une artichette, qu'est-ce que j'en sais moi »); out of a game, faces followed by talk are never a throw;
* faces then the past tense are a story (« cinq deux, c'était mieux au dernier tour »), and faces are a throw
  only for the roller whose throw is awaited (read against the game);
* the cut is never after a hesitation nor next to the word that introduces an argument (« … pour | doux »,
  « grelottine | sur machin truc »: the target the call lacks), nor when the last word that holds a number
  does so only by its sound (« … et si je perds »).

At most two cuts (:func:`cuts`), one more reading each, and the guards that need no reading first
(:func:`may_take`): the work stays bounded.

>>> pairs = [("artichette", "artichette"), ("leodagan", "léodagan"), ("dans", "dans"), ("ta", "ta"), ("face", "face")]
>>> holds = {"artichette": frozenset({"key"}), "leodagan": frozenset({"player"})}
>>> cut(pairs, lambda word: holds.get(word, frozenset()))
2
>>> cut(pairs[:2], lambda word: holds.get(word, frozenset())) is None   # nothing after the call: no talk
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from voice_scribe.engine.calls import Call, CallKind
from voice_scribe.understand.commentary import NEGATIONS, QUESTION_WORDS, SLOT_INTRODUCERS
from voice_scribe.understand.numbers import is_number_token
from voice_scribe.understand.registers import HESITATIONS, MAX_DROPPED, Pair, said_words
from voice_scribe.understand.understanding import Understanding

#: What one heard word holds (« number », « sounds_number », « player », « key », « word »).
Holds = Callable[[str], frozenset[str]]

#: What the talk after a call may not hold (what a call holds: its numbers, names, key words and other words).
HELD_BY_CALLS = frozenset({"number", "sounds_number", "player", "key", "word"})
#: What marks a call's own words, not a common word that calls share with talk.
_STRONG = frozenset({"number", "player", "key"})
#: Short words of the calls that hold a stake (too short to count as a word of the calls).
_STAKES = frozenset({"max"})
#: The cost a phrase without a key word must read at (said exactly, but for a small word).
EXACT = 0.05
#: Throws (and their correction) by kind: their faces are numbers.
_THROWS = frozenset({"chouettes", "des", "correction", "cul"})
_ARTICLES = frozenset({"le", "la", "les", "l", "un", "une", "des"})
_ABOUT_IT = frozenset({"ca", "ce", "c", "cela"})
_COMPLEMENT = frozenset({"de", "du", "des", "d"})
#: A pronoun said right after the call points at its target (« artichette, toi »); one later in the talk is the
#: talk's own (« artichette Perceval, je vous ai vu »); « aussi » joins the speaker to another's call
_POINTING = frozenset({"toi", "vous"})
_ALSO = "aussi"
_ACTUALLY = ("en", "fait")
#: Words that take the call back or deny it: the talk is then about the call (« … non attends je veux dire … »,
#: « velutée je les ai jamais », « pélican il est pas là », « velutée je les ai quand »)
_CORRECTING = frozenset({"non", "pardon", "attends", "plutot"})
_TAKING_BACK = QUESTION_WORDS | _CORRECTING
#: « pourquoi pas » after a call agrees with it
_WHY_NOT = ("pourquoi", "pas")
#: A negation denies the call when its clause names a thing by a pronoun before it (« pélican, il est pas là »,
#: « raitournelle, on l'a jamais vue », « velutée, je les ai jamais »); without one it is the speaker's own
#: talk (« file sirop, j'embarque pas », « couche sirop, je mets pas une cenne »)
_THING_PRONOUNS = frozenset({"il", "elle", "ils", "elles", "l", "le", "la", "les", "y", "en", "c", "ca", "ce", "lui"})
#: « est-ce que … »: a question after a question to the scribe is the players' talk (« comment ça une
#: artichette, qu'est-ce que j'en sais moi »); after a call it is a taunt (« rigodon, qu'est-ce que tu croyais »)
_ASKS = ("est", "ce")
#: Talk about what another said is about speech, not after a call (« j'ai pas compris la moitié de ce qu'il a
#: dit »); the speaker's own « j'ai dit » insists on his call (« pas mou le caillou, j'ai dit en premier »)
_SAYING = frozenset({"dit", "dire", "disait"})
_OTHERS = frozenset({"il", "elle", "ils", "elles"})
#: Commands that steer the game (undo, pause, resume, end): never taken from a sentence that goes on
#: (« on repart en vacances » is no « on repart »)
_CONTROL = frozenset({"annule", "pause", "reprends", "fin_de_partie"})
#: What introduces a challenge's target (« à » after a call is more often a toast: « à la tienne »)
_AGAINST = frozenset({"sur", "contre"})
#: Faces followed by the past tense are a story (« cinq deux, c'était mieux au dernier tour »)
_PAST = frozenset({"etait", "etaient", "avait", "avaient", "fallait", "faisait"})
#: Faces in a clause of condition, time or question are no throw (« quand on fait quatre deux un … »)
_IF_OR_WHEN = QUESTION_WORDS | {"si", "lorsque", "lorsqu"}


def cut(pairs: Sequence[Pair], holds: Holds) -> int | None:
    """Where the call may end (a word count), None when no talk follows what a call holds."""
    last = max((i for i, (plain, _) in enumerate(pairs) if _held(plain, holds)), default=-1)
    return _end_after(pairs, last, holds)


def cuts(pairs: Sequence[Pair], holds: Holds) -> list[int]:
    """:func:`cut`, then, when the talk holds a common word of the calls (« je vous ai vu », « le petit »), the
    cut after the last run of words that starts with a number, a name or a key word.

    >>> pairs = [(w, w) for w in "artichette perceval je vous ai vu".split()]
    >>> holds = {"artichette": frozenset({"key"}), "perceval": frozenset({"player"}), "vous": frozenset({"word"})}
    >>> cuts(pairs, lambda word: holds.get(word, frozenset()))
    [4, 2]
    """
    out = [end] if (end := cut(pairs, holds)) is not None else []
    strong = max((i for i, (plain, _) in enumerate(pairs) if plain in _STAKES or holds(plain) & _STRONG), default=-1)
    if strong < 0:
        return out
    while strong + 1 < len(pairs) and _held(pairs[strong + 1][0], holds):
        strong += 1
    end = _end_after(pairs, strong, holds)
    return out + [end] if end is not None and end not in out else out


def _end_after(pairs: Sequence[Pair], last: int, holds: Holds) -> int | None:
    if last >= 0 and holds(pairs[last][0]) & HELD_BY_CALLS == {"sounds_number"} and not is_number_token(pairs[last][0]):
        return None  # « cul de chouette et si je perds … »: « si » is no six, and the talk may start there
    end = next((e for e in range(max(1, last + 1), len(pairs)) if pairs[e - 1][0] not in HESITATIONS), None)
    return end if end is not None and len(pairs) - end <= MAX_DROPPED else None


def takes(read: Understanding, said: Sequence[Pair], talk: Sequence[Pair], holds: Holds, in_context: bool) -> bool:
    """Whether ``read`` (the words ``said`` before the cut, read alone) is the call, ``talk`` only talk.

    ``in_context``: read against a game. Out of it, faces followed by talk are never a throw (no roller is
    awaited to tell a throw from talk that starts with numbers: « six trois bande de gueux »).
    """
    if not read.accepted or read.cost is None or not may_take(said, talk):
        return False
    words, rest = said_words(said), said_words(talk)
    thing = read.call or read.command
    kind = thing.kind.value if thing is not None else ""
    if kind == CallKind.DE.value or kind in _CONTROL:
        return False
    if rest[0] in _AGAINST and read.call is not None and _bare(read.call):
        return False  # « grelottine | sur machin truc »: the talk holds the target the call lacks
    if read.command is not None and _asks(rest):
        return False
    if kind in _THROWS:
        if not in_context:
            return False
        first = next((i for i, w in enumerate(words) if is_number_token(w)), len(words))
        if NEGATIONS.intersection(words[first:]):
            return False  # « le quatre deux un, c'est pas un | autre jeu ça »: the faces denied, talk about them
        if _IF_OR_WHEN.intersection(words) or any(a == "d" and is_number_token(b) for a, b in zip(words, words[1:])):
            return False  # « quand on fait quatre deux un | … », « trois six d'un | coup »: no faces read out
        numbers = sum(is_number_token(w) for w in words)
        named_cul = kind == "cul" and "cul" in words and numbers >= 1
        return tuple(rest[:2]) != _ACTUALLY and not _PAST.intersection(rest) and (numbers >= 2 or named_cul)
    if _goes_on(rest) or _about(words, holds):
        return False
    return any("key" in holds(w) for w in words) or read.cost <= EXACT


def may_take(said: Sequence[Pair], talk: Sequence[Pair]) -> bool:
    """The guards that need no reading (checked first: reading the words before the cut is the cost).

    >>> pair = lambda text: [(w, w) for w in text.split()]
    >>> may_take(pair("pelican"), pair("merci patrick")), may_take(pair("pelican"), pair("il est pas la"))
    (True, False)
    """
    words, rest = said_words(said), said_words(talk)
    if not words or not rest or words[-1] in SLOT_INTRODUCERS:
        return False
    if tuple(words[-1:] + rest) == _WHY_NOT:
        return True  # « … je mets le max, pourquoi pas »: agreement, not a question
    return not (_TAKING_BACK.intersection(rest) or _denies(rest) or _reports(rest) or _CORRECTING.intersection(words))


def _denies(rest: list[str]) -> bool:
    """« … il est pas là »: a negation after a pronoun that names a thing, or one that starts the talk (it
    negates the words before the cut: « sirop gagnant je l'avais | pas dit »)."""
    neg = next((i for i, w in enumerate(rest) if w in NEGATIONS), None)
    return neg is not None and (neg == 0 or bool(_THING_PRONOUNS.intersection(rest[:neg])))


def _bare(call: Call) -> bool:
    """A call read with none of its arguments (a target, a number, faces)."""
    return call.target is None and call.number is None and call.dice is None and call.combination is None


def _held(word: str, holds: Holds) -> bool:
    return word in _STAKES or bool(holds(word) & HELD_BY_CALLS)


def _goes_on(rest: list[str]) -> bool:
    """Talk that goes on about the call, completes its last word, or changes its meaning by a pronoun."""
    return rest[0] in _ABOUT_IT | _COMPLEMENT | _POINTING or _ALSO in rest[:2]


def _reports(rest: list[str]) -> bool:
    """« … il a dit », « … qu'elle disait »: another's speech reported."""
    return any(w in _SAYING and _OTHERS.intersection(rest[max(0, i - 3):i]) for i, w in enumerate(rest))


def _asks(rest: list[str]) -> bool:
    return any(tuple(rest[i:i + 2]) == _ASKS for i in range(len(rest) - 1))


def _about(words: list[str], holds: Holds) -> bool:
    """A call's name said first after an article: talk about it (« le roi Arthur », « une mouette »)."""
    if words[0] in _ARTICLES:
        return True
    named = next((i for i, w in enumerate(words) if holds(w) & {"key", "word"}), 0)
    return named > 0 and words[named - 1] in _ARTICLES
