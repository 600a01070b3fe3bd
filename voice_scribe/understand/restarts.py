"""A word broken off and said again: « pas mou le cai… (hic) pardon, le caillou », « qua… pardon, quatre ».

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
