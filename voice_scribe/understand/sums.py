"""The faces summed aloud: the sum a roller says with his throw is a remark on it, never another die.

A table that counts reads the dice and their sum in one breath: the sum after the faces (« quatre et trois ça
fait sept », « deux deux six, dix au total », « quatre deux un sept »), the sum worked out (« trois et cinq,
trois plus cinq huit », « le cul six, deux fois trois »), or the sum first (« huit : cinq plus trois »,
« total six, deux plus quatre »). :func:`sum_said_out` finds such a sum — only one that checks out against the
faces said beside it — and gives the words without it, for the matcher to read the throw alone. A sum that
does not check out is left as said (a number after the faces is then no sum of them: a score, a stake,
another die).

>>> " ".join(sum_said_out("quatre et trois ca fait sept".split()))
'quatre et trois'
>>> " ".join(sum_said_out("le cul six deux fois trois".split()))
'le cul six'
>>> " ".join(sum_said_out("huit cinq plus trois".split()))
'cinq plus trois'
>>> sum_said_out("deux et trois ca fait six".split()) is None  # 2 + 3 is not 6: as said
True
>>> sum_said_out("cinq plus trois".split()) is None  # no face beside the sum: the faces themselves
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from voice_scribe.understand.dice_words import FACES as _FACES
from voice_scribe.understand.numbers import MOST_A_SUM, is_number_token, parse_number

#: The most three dice sum to, and the least two do.
_MOST, _LEAST = MOST_A_SUM, 2
#: The operations of a sum worked out aloud.
_PLUS, _TIMES = frozenset({"plus"}), frozenset({"fois", "x"})
#: What a sum is said after (« ça fait », « égale », « au total ») — plain tokens, longest first.
_GIVES: tuple[tuple[str, ...], ...] = tuple(
    tuple(p.split())
    for p in ("ce qui fait", "ca fait", "ça fait", "c est", "ca donne", "ça donne", "au total", "en tout",
              "egale", "égale", "egal", "égal", "egalent", "égalent", "soit", "donc", "total")
)
#: What a sum said first is said after (« total six, deux plus quatre »; « c'est cinq, deux et trois » is a throw).
_TOTAL_FIRST = frozenset({("total",), ("au", "total")})
#: The dice named: a face after them is theirs (« … et le cul c'est cinq »), never a sum.
_DICE_NAMED = frozenset("cul derriere dé de des dés chouettes chouette troisieme troisième dernier".split())
#: What a sum is said before (« dix au total », « cinq et cinq dix pile »).
_TOTALLED: tuple[tuple[str, ...], ...] = tuple(
    tuple(p.split()) for p in ("au total", "en tout", "de total", "tout rond", "pile", "tout pile")
)


@dataclass(frozen=True)
class _Number:
    """A number said: its words' span [start, end) and its value."""

    start: int
    end: int
    value: int


def sum_said_out(words: Sequence[str]) -> list[str] | None:
    """``words`` (plain tokens) without the sum of the faces said with them, or None when no sum said checks
    out against the faces said beside it.

    >>> " ".join(sum_said_out("deux deux six dix au total".split()))
    'deux deux six'
    >>> " ".join(sum_said_out("total six deux plus quatre".split()))
    'deux plus quatre'
    >>> sum_said_out("six et un je reste a cent douze".split()) is None
    True
    """
    said = list(words)
    numbers = _numbers(said)
    for start, end, value in _sums(said, numbers):
        if not _beside_the_faces(said, start, end):
            continue  # « quatre cinq comme tout le monde ça fait neuf »: a count after talk, not said with them
        rest = said[:start] + said[end:]
        if value in _face_sums(rest):
            return _trimmed(rest, start)
    return None


def _beside_the_faces(said: list[str], start: int, end: int) -> bool:
    """Whether the sum is said with the faces, right after them or the dice named (« trois au cul | un plus
    deux »), or first, right before them (« huit | cinq plus trois »)."""
    if start == 0:
        return end < len(said) and said[end] in _FACES
    return said[start - 1] in _FACES or said[start - 1] in _DICE_NAMED


def _numbers(said: list[str]) -> list[_Number]:
    """The numbers said, each its longest span of number words that reads as one number (« dix sept » 17,
    « six dix sept »: six, then seventeen)."""
    out, i = [], 0
    while i < len(said):
        if not is_number_token(said[i]):
            i += 1
            continue
        for j in range(min(len(said), i + 4), i, -1):
            value = parse_number(said[i:j]) if all(is_number_token(w) or w == "et" for w in said[i:j]) else None
            if value is not None:
                out.append(_Number(i, j, value))
                i = j
                break
        else:
            i += 1
    return out


def _sums(said: list[str], numbers: list[_Number]) -> list[tuple[int, int, int]]:
    """The spans (start, end) that may be a sum said, with its value: worked out (« trois plus cinq [huit] »),
    given after the faces (« ça fait sept », « sept au total », a number no face after them), or first."""
    out = []
    at = {n.start: n for n in numbers}
    for k, n in enumerate(numbers):
        worked = _worked_out(said, at, n)
        if worked is not None:
            out.append(worked)
        given = _given(said, at, n, first=k == 0)
        if given is not None:
            out.append(given)
    return out


def _worked_out(said: list[str], at: dict[int, _Number], first: _Number) -> tuple[int, int, int] | None:
    """« a plus b [plus c] [égale] [n] », « a fois b [n] »: the span and the value worked out (a result said
    after it must be that value)."""
    terms, ops, end = [first.value], [], first.end
    while end + 1 < len(said) and (said[end] in _PLUS or said[end] in _TIMES) and end + 1 in at:
        ops.append(said[end])
        nxt = at[end + 1]
        terms.append(nxt.value)
        end = nxt.end
    if not ops:
        return None
    value = _value(terms, ops)
    gives = _phrase_at(said, end, _GIVES)
    result = at.get(end + gives)
    if result is not None:
        if result.value != value:
            return None  # « deux plus trois six »: no sum worked out
        end = result.end
    elif gives:
        return None  # « … égale » and no number: not said whole
    return first.start, end, value


def _value(terms: list[int], ops: list[str]) -> int:
    """The sum worked out, « fois » before « plus »."""
    total, product = 0, terms[0]
    for op, term in zip(ops, terms[1:]):
        if op in _TIMES:
            product *= term
        else:
            total, product = total + product, term
    return total + product


def _given(said: list[str], at: dict[int, _Number], n: _Number, first: bool) -> tuple[int, int, int] | None:
    """A sum given as a number: after a word that gives it (« ça fait sept »), before one (« dix au total »),
    or a number that is no face (« quatre deux un sept »), after the faces or said first of all."""
    if not _LEAST <= n.value <= _MOST:
        return None
    start = n.start
    for phrase in _GIVES:
        if tuple(said[max(0, start - len(phrase)) : start]) == phrase:
            start -= len(phrase)
            break
    if start > 0 and said[start - 1] in _DICE_NAMED:
        return None  # « … et le cul c'est cinq »: the die's face
    totalled = _phrase_at(said, n.end, _TOTALLED)
    marked = start < n.start or totalled > 0
    no_face = n.end - n.start > 1 or said[n.start] not in _FACES
    faces_before = any(w in _FACES for w in said[:start])
    if faces_before and (marked or no_face):
        return start, n.end + totalled, n.value
    total_first = no_face or tuple(said[start : n.start]) in _TOTAL_FIRST
    if first and start == 0 and total_first and any(w in _FACES for w in said[n.end :]):
        return start, n.end + totalled, n.value  # « huit : cinq plus trois »
    return None


def _phrase_at(said: list[str], i: int, phrases: tuple[tuple[str, ...], ...]) -> int:
    """How many words of one of ``phrases`` start at ``i`` (0: none)."""
    for phrase in phrases:
        if tuple(said[i : i + len(phrase)]) == phrase:
            return len(phrase)
    return 0


def _face_sums(rest: list[str]) -> set[int]:
    """What the faces left may sum to: every face said, or an « un » before another face its article (« un
    six »: a six)."""
    faces = [(i, _FACES[w]) for i, w in enumerate(rest) if w in _FACES]
    if not faces:
        return set()
    every = sum(f for _, f in faces)
    articles = sum(1 for i, f in faces if f == 1 and i + 1 < len(rest) and rest[i + 1] in _FACES)
    return {every, every - articles}


def _trimmed(rest: list[str], cut: int) -> list[str]:
    """The words left, without a connective left hanging where the sum was cut out (« quatre et | … »)."""
    if 0 < cut == len(rest) and rest[cut - 1] in ("et", "plus"):
        return rest[: cut - 1]
    return rest
