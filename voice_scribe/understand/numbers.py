"""French number words: which words make numbers, their value (text2num), dice, spelling.

>>> parse_number(["trois", "cent", "quarante", "trois"])
343
>>> parse_number(["trois", "quatre"]) is None
True
>>> die_faces(["trois", "quatre", "quatre"])
(3, 4, 4)
>>> spell(343)
'trois cent quarante trois'
"""

from __future__ import annotations

from functools import lru_cache

from text_to_num import text2num

#: Die faces as spoken (accent-free tokens).
DIE_WORDS: dict[str, int] = {"un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6}

_UNITS = (
    "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize"
).split()
_TENS = {20: "vingt", 30: "trente", 40: "quarante", 50: "cinquante", 60: "soixante"}

#: The tens of Belgian and Swiss French (« septante » 70, « huitante » / « octante » 80, « nonante » 90).
REGIONAL_TENS = ("septante", "huitante", "octante", "nonante")
#: Every word that can be part of a number (after :func:`normalize.tokens`).
NUMBER_WORDS: frozenset[str] = frozenset(
    _UNITS[1:] + ["zero", "une", "vingt", "vingts", "trente", "quarante", "cinquante", "soixante", "cent", "cents", "mille"]
    + list(REGIONAL_TENS)
)
#: Words that continue a number only inside it (« vingt et un »).
NUMBER_GLUE = frozenset({"et"})
#: Spellings a recogniser writes for a number word (a closed class, so listed): heard → number word.
#: Common French words that sound like a number (« dit », « cette », « vin », « sans ») are left out:
#: chatter is full of them.
NUMBER_HOMOPHONES: dict[str, str] = {
    "saint": "cinq", "sein": "cinq", "sain": "cinq", "cinque": "cinq", "sinq": "cinq",
    "siz": "six", "sis": "six", "cis": "six", "scie": "six",
    "quat": "quatre", "katre": "quatre", "catre": "quatre", "cat": "quatre", "kat": "quatre",
    "troie": "trois", "troix": "trois", "troi": "trois",
    "deu": "deux", "deus": "deux",
    "sette": "sept", "sete": "sept",
    "huite": "huit", "uit": "huit",
    "neuve": "neuf",
    "diz": "dix", "dise": "dix",
    "onse": "onze", "douse": "douze", "douce": "douze", "treise": "treize", "quatorse": "quatorze",
    "quinse": "quinze", "seise": "seize",
    "trante": "trente", "quarente": "quarante", "cinquente": "cinquante", "soissante": "soixante",
    "zerot": "zero", "zeros": "zero", "cents": "cent",
}


def is_number_token(word: str) -> bool:
    return word in NUMBER_WORDS or word.isdigit()


#: The most three dice sum to: a number over it said beside a call is no face nor sum of faces.
MOST_A_SUM = 18


#: The words a score a player gives himself is said after (« je suis à », « ça me fait », « j'ai toujours »,
#: « donc ») or before (« … pour moi »).
_SCORE_BEFORE = frozenset({"a", "fait", "met", "ai", "toujours", "donc"})
_SCORE_AFTER = frozenset({"pour"})


def scores_said(words: list[str] | tuple[str, ...], start: int = 0) -> list[tuple[int, int]]:
    """The spans (start, end) of the numbers said from ``start`` on that are over :data:`MOST_A_SUM`, more
    than faces (a tens, « cent », « mille » in them) and said as a score (after « à », « fait », « ai »,
    « toujours », « donc », or before « pour »): a score a player gives himself (« … et j'suis à cent
    douze »), never a throw's faces said one word each (« six six six ») nor points counted (« … c'est cent
    points chez nous »).

    >>> scores_said("six et un je reste a cent douze".split())
    [(6, 8)]
    >>> scores_said("deux et trois ca fait cinq".split()), scores_said("donc quatre vingt deux".split())
    ([], [(1, 4)])
    >>> scores_said("c est cent points chez nous".split())
    []
    """
    out, i = [], start
    while i < len(words):
        if not is_number_token(words[i]):
            i += 1
            continue
        j = i
        while j < len(words) and (is_number_token(words[j]) or words[j] == "et" and j + 1 < len(words)
                                  and is_number_token(words[j + 1])):
            j += 1
        value = parse_number(words[i:j]) if any(w not in DIE_WORDS for w in words[i:j]) else None
        before = words[i - 1] if i > 0 else ""
        after = words[j] if j < len(words) else ""
        if value is not None and value > MOST_A_SUM and (before in _SCORE_BEFORE or after in _SCORE_AFTER):
            out.append((i, j))
        i = j
    return out


@lru_cache(maxsize=4096)
def _parse(words: tuple[str, ...]) -> int | None:
    if len(words) == 1 and words[0].isdigit():
        return int(words[0])
    if words == ("zero",):
        return 0
    if any(w.isdigit() for w in words):
        return None
    if words[0] == "et" or words[-1] == "et":
        return None
    try:
        value = text2num(" ".join(words), "fr")
    except ValueError:
        return None
    return value if isinstance(value, int) else None


def parse_number(words: list[str] | tuple[str, ...]) -> int | None:
    """The value of number words, or None when they are not one French number."""
    return _parse(tuple(words)) if words else None


def die_faces(words: list[str] | tuple[str, ...]) -> tuple[int, ...] | None:
    """Faces named one word each (« trois quatre quatre »), or None."""
    faces = []
    for w in words:
        if w in DIE_WORDS:
            faces.append(DIE_WORDS[w])
        elif w.isdigit() and len(w) == 1 and 1 <= int(w) <= 6:
            faces.append(int(w))
        else:
            return None
    return tuple(faces)


def spell(n: int) -> str:
    """French words for 0 ≤ n ≤ 999, space-separated, as an ASR writes them (accents kept)."""
    if not 0 <= n <= 999:
        raise ValueError(f"out of range: {n}")
    if n < 17:
        return _UNITS[n]
    if n < 20:
        return "dix " + _UNITS[n - 10]
    if n < 100:
        tens, unit = divmod(n, 10)
        if tens in (7, 9):
            base = "soixante" if tens == 7 else "quatre vingt"
            rest = n - (60 if tens == 7 else 80)
            joiner = " et " if rest == 11 and tens == 7 else " "
            return base + joiner + spell(rest)
        base = "quatre vingt" if tens == 8 else _TENS[tens * 10]
        if unit == 0:
            return "quatre vingts" if tens == 8 else base
        if unit == 1 and tens != 8:
            return base + " et un"
        return base + " " + _UNITS[unit]
    hundreds, rest = divmod(n, 100)
    head = "cent" if hundreds == 1 else _UNITS[hundreds] + (" cents" if rest == 0 else " cent")
    return head if rest == 0 else head + " " + spell(rest)
