"""A speaker who starts again: a word broken off and said again (« pas mou le cai… (hic) pardon, le caillou »,
« qua… pardon, quatre »), or the whole call said again after an aside (« deux six… pardon monsieur… deux six »).

A speaker cut off in the middle of a word (a hiccup, a yawn, the train braking) starts again: the broken-off
beginning, a few words of apology or noise (« hic », « pardon », « euh »), then the word whole, often with the
words that led to it said again (« la grelo… pardon, la grelottine »). A recogniser prints the beginning as a
word of its own. The sentence is read as said the second time: the first try, from the repeated words to the
apology, is dropped.

A beginning is taken as broken off only when it is no word the scribe knows (« cai », « grelo », « qua »),
when a word the scribe knows starts with it a few words later, and when something stands between them (a
word said right before itself, « mé mécréant », is a stutter: :func:`~.heard_words.without_stutters`); not a
small word of French (« si je sirote … »), a word that sounds as the whole one (« si et six »), nor half of a
word split in two (« ci vet de cinquante »).

>>> known = {"pas", "mou", "le", "caillou", "quatre", "la", "grelottine", "qui", "a"}.__contains__
>>> " ".join(restarted("pas mou le cai hic pardon le caillou hein".split(), known))
'pas mou le caillou hein'
>>> " ".join(restarted("qua pardon quatre".split(), known))
'quatre'
>>> restarted("la lance".split(), known) is None   # nothing between: no restart
True

A call whispered, then said again louder after a word to the others (« chut », « pardon madame », « vous
entendez pas »), is read as said the last time: :func:`said_again`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from voice_scribe.understand.normalize import phonetic_key

#: How many words may stand between the broken-off beginning and the word said again (« hic pardon »)
_MOST_BETWEEN = 3
#: How many words the restarted word may come after the beginning (the words between, the lead said again)
_MOST_AHEAD = 6
#: The shortest beginning read as broken off, and the fewest letters the word whole must add to it
_SHORTEST = 2
_MORE = 1
#: Small words of French a recogniser prints that the scribe's grammar may not hold: never a word broken off
_SMALL_WORDS = frozenset({"si", "sa", "ta", "ni", "tes", "ses", "par", "mais", "ils", "car", "donc", "or", "sur",
                          "sous", "dans", "avec", "chez", "vers", "sans", "ces", "cet", "cette", "leur", "nos", "vos",
                          "moi", "toi", "lui", "eux", "ah", "oh", "eh", "bah", "ben", "bon", "hein", "ok", "oui",
                          "non", "ouais", "la", "ici", "tout", "tous", "comme", "quand", "puis"})


def restarted(words: Sequence[str], known: Callable[[str], bool]) -> list[str] | None:
    """``words`` with every broken-off try dropped (see the module), None when there is none.

    ``known``: whether a plain word is one the scribe knows (a grammar word, a number, a player's name).
    """
    out = list(words)
    changed = False
    while (repair := _first_restart(out, known)) is not None:
        start, end = repair
        out = out[:start] + out[end:]
        changed = True
    return out if changed else None


def _first_restart(words: list[str], known: Callable[[str], bool]) -> tuple[int, int] | None:
    """The span to drop (the lead, the beginning, the words between) of the first restart, or None."""
    for i, begun in enumerate(words):
        if not _may_be_broken_off(words, i, known):
            continue
        for j in range(i + 2, min(len(words), i + 1 + _MOST_AHEAD)):
            whole = words[j]
            if len(whole) < len(begun) + _MORE or not whole.startswith(begun) or not known(whole) \
                    or len(whole) == len(begun) + 1 and phonetic_key(whole) == phonetic_key(begun):
                continue  # (« si et six »: « si » sounds as « six », a word misheard, not one broken off)
            lead = _lead_said_again(words, i, j)
            restart = j - lead
            if 1 <= restart - (i + 1) <= _MOST_BETWEEN:
                return i - lead, restart
    return None


def _may_be_broken_off(words: list[str], i: int, known: Callable[[str], bool]) -> bool:
    """A beginning no word: unknown to the scribe, no small word of French (« si je sirote … »), and no half
    of a word split in two (« ci vet de cinquante »: « civet »)."""
    begun = words[i]
    if len(begun) < _SHORTEST or known(begun) or not begun.isalpha() or begun in _SMALL_WORDS:
        return False
    return not any(known("".join(words[i : i + n])) for n in (2, 3) if i + n <= len(words))


def _lead_said_again(words: list[str], i: int, j: int) -> int:
    """How many words before the beginning at ``i`` are said again right before the whole word at ``j``
    (« la grelo pardon la grelottine »: one, « la »), leaving at least one word between."""
    for lead in range(min(i, j - i - 2), 0, -1):
        if words[j - lead : j] == words[i - lead : i]:
            return lead
    return 0


#: Words that join two dice (« cinq et cinq » is two fives, not a five said twice); left out when two tries are
#: compared (« quatre quatre … quatre et quatre »)
_JOINING = frozenset({"et", "puis", "plus", "avec"})
#: How many words an aside between two tries may hold (« pardon madame », « vous entendez pas »)
_MOST_ASIDE = 4
#: What faces hold (a number said, or one heard by its sound: « katre »)
_NUMBERS = frozenset({"number", "sounds_number"})
#: Words of the asides that the calls' grammar holds too
_ASIDE_WORDS = frozenset({"pardon", "excusez", "excuse", "desole", "desolee", "vous", "entendez", "entends", "tout",
                          "bas", "moi", "je", "disais", "dis", "chut", "doucement", "la"})
#: Words that make the words between two tries talk of their own: a question, a negation, a story
#: (« pas » is not one: « vous entendez pas » is an aside)
_CONTENT = frozenset({"qui", "quoi", "quel", "quelle", "comment", "combien", "pourquoi", "ou", "non", "jamais", "rien",
                      "c", "est", "etait", "si", "quand"})


def said_again(words: Sequence[str], holds: Callable[[str], frozenset[str]]) -> list[str] | None:
    """``words`` from the last of two tries of the same words on (« deux six pardon monsieur deux six » →
    « deux six »), the words before the first kept (« doucement scribe qui a le jarret qui a le jarret »); None
    when nothing is said twice so.

    ``holds``: what a plain word holds (« number », « key », « player », « word »: :meth:`Matcher._holds`). The
    words said twice are two or more and hold one of them (not « je … je »; one word said twice is read so
    elsewhere, and « cinq chut cinq » may be the two chouettes); the words between are an aside
    (:func:`_fair_aside`: « trois quatre trois » is a throw, « jarret souple je garde le jarret » no aside).

    >>> holds = lambda w: frozenset({"number"}) if w in ("deux", "quatre", "cinq", "six") else frozenset()
    >>> said_again("deux six pardon monsieur deux six".split(), holds)
    ['deux', 'six']
    >>> said_again("quatre quatre pardon madame quatre et quatre".split(), holds)
    ['quatre', 'et', 'quatre']
    >>> said_again("cinq et cinq".split(), holds) is None, said_again("six quatre six".split(), holds) is None
    (True, True)
    """
    words = list(words)
    for n in range(len(words) // 2, 0, -1):
        for i in range(len(words) - n):
            tried = [w for w in words[i : i + n] if w not in _JOINING]
            if not tried or words[i] in _JOINING or words[i + n - 1] in _JOINING or not any(holds(w) for w in tried):
                continue
            for k in range(i + n, min(len(words), i + n + _MOST_ASIDE + 1)):
                if _again(words, k, tried) is not None and _fair_aside(words[i + n : k], tried, holds):
                    return words[:i] + words[k:]
    return None


def _again(words: list[str], k: int, tried: list[str]) -> int | None:
    """Where the words ``tried`` are said again from ``k`` on (joining words between them left out)."""
    at = k
    for w in tried:
        while at < len(words) and words[at] in _JOINING and words[at] != w:
            at += 1
        if at >= len(words) or words[at] != w:
            return None
        at += 1
    return at


def _fair_aside(aside: list[str], tried: list[str], holds: Callable[[str], frozenset[str]]) -> bool:
    """Two words said twice or more, and between them an aside: words to the others that hold none of a call's
    words (« pardon monsieur », « chut », « vous entendez pas »), no question, negation or story (« la grelottine,
    ouais, qui l'a, la grelottine »; « double deux, c'était double deux »). Faces need an aside of their own
    between the tries (« deux six deux six » may be four dice); another call said twice in a row is one."""
    if len(tried) < 2 or any(not _aside_word(w, holds) for w in aside):
        return False
    if all(holds(w) & _NUMBERS for w in tried):
        return any(w not in _JOINING for w in aside)
    return True


def _aside_word(word: str, holds: Callable[[str], frozenset[str]]) -> bool:
    """A word of an aside: one that holds nothing of the calls and neither asks, denies nor tells, or a word
    of the asides the calls' grammar also holds (« pardon », « vous », « entendez »)."""
    return word in _ASIDE_WORDS or not holds(word) and word not in _CONTENT
