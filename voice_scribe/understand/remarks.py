"""The table's remarks around a call or a question: oaths, politeness, hedges, the one spoken to.

A loud table says its calls amid remarks that change nothing of them: an oath (« macarel », « boudu »,
« peuchère »), familiar politeness (« s'te plaît »), a hedge (« chais plus », « je sais pas »), haste (« vite
fait »), the one spoken to (« mon pote », « les gars »). They are read on the words *as heard* (the grammar may
have mapped « plaît » onto a word of its own), and only as whole phrases: :func:`remark_mask` says which heard
words are such a remark. The commentary around a call (:mod:`.commentary`) costs them as little as a filler,
around a one-word call too (« raitournelle peuchère », « rigodon mon pote »), where any other word must open a
new clause.

>>> remark_mask(["repete", "s", "te", "plait"])
[False, True, True, True]
>>> remark_mask(["chais", "plus", "qui", "gagne"])
[True, True, False, False]
>>> remark_mask(["plus", "vite"])
[False, False]
"""

from __future__ import annotations

from collections.abc import Sequence

#: Oaths and interjections of a loud table, said before, after or between a call's words (plain forms).
OATHS = frozenset(
    "macarel boudu peuchere putain con bordel merde puree punaise milladiou diantre fichtre sapristi zut mince "
    "nondidiou bigre".split()
)
#: Several-word remarks, each word as heard (plain forms, apostrophes and hyphens split).
REMARK_PHRASES: tuple[tuple[str, ...], ...] = tuple(
    tuple(phrase.split())
    for phrase in (
        # familiar politeness (« s'il te plaît » itself is dropped as a filler before matching)
        "s te plait", "s il te plait", "s il vous plait", "si te plait",
        # a hedge: the speaker no longer knows (« chais plus qui gagne », « rappelle-moi l'artichette chais plus »)
        "chais plus", "chais pas", "chai plus", "chai pas", "j sais plus", "j sais pas", "je sais plus",
        "je sais pas", "sais plus", "je me souviens plus", "je me rappelle plus",
        # haste
        "vite fait", "en vitesse", "et vite",
        # the one spoken to
        "mon pote", "mon gars", "mon grand", "mon vieux", "ma vieille", "les gars", "les copains", "les amis",
        "mes amis", "mon ami", "mon cher", "ma belle", "mon chum", "la gang",
        # a race won, said after the call (« velutée, trop lent ! », « pélican, je l'ai dit le premier »)
        "trop lent", "trop lents", "trop tard", "t es trop lent", "t as ete trop lent", "vous etes trop lents",
        "je l ai dit le premier", "je l ai dit en premier", "j etais le premier", "je suis le premier", "dans ta face",
        "mon gros", "ma grande",
        # belief or doubt in the roller, said after a bet on his sirop (« beau sirop, je crois en toi », « couche
        # sirop, j'y crois pas », « file sirop, aucune chance »)
        "je crois en toi", "je crois en lui", "j y crois", "j y crois pas", "j y crois pas du tout", "je le sens",
        "je le sens pas", "je le sens bien", "aucune chance", "pas une chance", "j ai confiance", "j ai pas confiance",
        "je te fais confiance", "tu vas le faire", "il va le faire", "il va se rater", "tu vas te rater",
        "dans tes dents", "dans vos dents", "et dans tes dents", "et dans vos dents", "je vous l avais dit",
        "je te l avais dit",
        # oaths of several words (not « bon sang », « nom de dieu »: « bon » is dropped as a hesitation, « sang »
        # and « dieu » may be a number's sound)
        "la vache", "fan de chichourle", "nom d un chien",
    )
)
_LONGEST_FIRST = tuple(sorted(REMARK_PHRASES, key=len, reverse=True))


def _index(key) -> dict[str, tuple[tuple[int, tuple[str, ...]], ...]]:
    """The phrases by ``key`` of their first word, each with its rank in ``_LONGEST_FIRST``."""
    out: dict[str, list[tuple[int, tuple[str, ...]]]] = {}
    for rank, phrase in enumerate(_LONGEST_FIRST):
        out.setdefault(key(phrase[0]), []).append((rank, phrase))
    return {k: tuple(v) for k, v in out.items()}


#: The phrases a heard word may start: by their first word, and (a word heard split after an elided letter,
#: « chais » as « c » + « hais ») by its first letter. Only these are tried at a word: linear time.
_BY_FIRST = _index(lambda w: w)
_BY_INITIAL = _index(lambda w: w[0])


def _starting(word: str) -> list[tuple[str, ...]]:
    """The phrases that may start at a heard ``word``, longest first (as ``_LONGEST_FIRST`` orders them)."""
    ranked = list(_BY_FIRST.get(word, ()))
    if len(word) == 1:
        ranked = sorted(set(ranked) | set(_BY_INITIAL.get(word, ())))
    return [phrase for _, phrase in ranked]


def remark_mask(heard: Sequence[str]) -> list[bool]:
    """Per heard word (plain form), whether it is part of a remark: an oath, or a whole remark phrase (a word of
    it maybe heard split after an elided letter: « chais » as « c » + « hais »).

    >>> remark_mask(["qui", "a", "le", "jarret", "c", "hais", "plus"])
    [False, False, False, False, True, True, True]
    """
    mask = [w in OATHS for w in heard]
    n = len(heard)
    i = 0
    while i < n:
        end = next((e for p in _starting(heard[i]) if (e := _phrase_end(heard, i, p)) is not None), None)
        if end is None:
            i += 1
            continue
        for k in range(i, end):
            mask[k] = True
        i = end
    return mask


def _phrase_end(heard: Sequence[str], i: int, phrase: tuple[str, ...]) -> int | None:
    """Where ``phrase`` ends when it is said from heard word ``i`` on (None: it is not)."""
    k = i
    for word in phrase:
        if k < len(heard) and heard[k] == word:
            k += 1
        elif k + 1 < len(heard) and len(heard[k]) == 1 and heard[k] + heard[k + 1] == word:
            k += 2  # « chais » heard as « c » + « hais »
        else:
            return None
    return k


def all_remarks(mask: Sequence[bool], start: int, end: int) -> bool:
    """Whether the words from ``start`` to ``end`` (excluded) are all remarks, and there is at least one."""
    return end > start and all(mask[start:end])
