"""The shortlist: the templates near the heard words, found before any of them is aligned in full.

The words become one character each (number runs ``N``, player names ``P``) and the templates' shapes nearest
the heard one are found by edit distance (:class:`Shapes`: a lower bound leaves out the shapes that cannot be
near, the few left are compared in one C++ call).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from voice_scribe.understand.commentary import INF, Edges
from voice_scribe.understand.grammar import Template
from voice_scribe.understand.heard_words import HeardWords, UTok, is_article
from voice_scribe.understand.numbers import REGIONAL_TENS

#: The tens that take « et un » / « et onze » inside one number (« vingt et un », « soixante et onze »).
_TENS_BEFORE_ET = frozenset({"vingt", "trente", "quarante", "cinquante", "soixante", *REGIONAL_TENS})


#: When no shape is within half of the heard words, this many with the lowest bounds are compared first (on the
#: tune chatter, about as many as end up compared: 200 shapes in 1.5 C++ calls, of 3388).
_FIRST_COMPARED = 128


@dataclass(frozen=True)
class Shapes:
    """The templates' shapes (one character a word, ``N`` a number, ``P`` a name), indexed by character: what
    the shortlist needs to compare only the shapes that may be near the heard words.

    The edit distance between two shapes is at least the longer length less the characters they share
    (counted with repeats): that lower bound, worked out for every shape at once, leaves out the shapes that
    cannot be near before any distance is worked out; the few left are compared in full (one C++ call). The
    shapes found are exactly those a comparison with every shape finds, in the same order.
    """

    keys: np.ndarray  # the shapes (strings), in the grammar's order
    lengths: np.ndarray  # per shape, its length
    having: dict[str, tuple[np.ndarray, ...]]  # per character c: [k] = the shapes with c at least k + 1 times
    longer: dict[int, np.ndarray] = field(default_factory=dict)  # per heard length, see ``_longer``

    @classmethod
    def of(cls, keys: Sequence[str]) -> Shapes:
        lengths = np.array([len(k) for k in keys], dtype=np.int64)
        having: dict[str, list[list[int]]] = {}
        for i, key in enumerate(keys):
            for ch in set(key):
                levels = having.setdefault(ch, [])
                for k in range(key.count(ch)):
                    if k == len(levels):
                        levels.append([])
                    levels[k].append(i)
        shapes = cls(np.array(keys, dtype=object), lengths, {ch: tuple(np.array(ix, dtype=np.int64) for ix in lv) for ch, lv in having.items()})
        # numpy sets up its first sorts and partitions lazily (about 13 ms): here, not on the first utterance
        if keys:
            shapes.nearest(["", keys[0]], [1, 1])
        return shapes

    def lower_bounds(self, code: str) -> np.ndarray:
        """Per shape, a lower bound of its normalised edit distance to ``code``."""
        parts = [ix for ch in set(code) for ix in self.having.get(ch, ())[: code.count(ch)]]
        longer = self._longer(len(code))
        if not parts:
            return np.ones(len(self.keys))
        return (longer - np.bincount(np.concatenate(parts), minlength=len(self.keys))) / longer

    def _longer(self, length: int) -> np.ndarray:
        """Per shape, the longer of its length and ``length`` (at least 1), as floats (worked out once)."""
        longer = self.longer.get(length)
        if longer is None:
            longer = self.longer[length] = np.maximum(np.maximum(self.lengths, length), 1).astype(np.float64)
        return longer

    def _distances(self, codes: list[str], shapes: np.ndarray) -> np.ndarray:
        """Normalised edit distances from each code to these shapes (one C++ call)."""
        return process.cdist(codes, self.keys[shapes], scorer=Levenshtein.normalized_distance, workers=1, dtype=np.float64)

    def nearest(self, codes: list[str], limits: list[int], within: float = 0.5) -> list[list[int]]:
        """Per heard code, the nearest shapes (at most its limit, nearest first, ties in the grammar's order) no
        further than ``within`` — or, when none is, the nearest ones whatever their distance (for the reason
        given)."""
        bounds = [self.lower_bounds(code) for code in codes]
        candidates = [np.flatnonzero(b <= within) for b in bounds]
        pool = np.unique(np.concatenate(candidates)) if candidates else np.zeros(0, np.int64)
        rows = self._distances(codes, pool) if len(pool) else None
        out: list[list[int]] = []
        for q, (cand, limit) in enumerate(zip(candidates, limits)):
            row = rows[q][np.searchsorted(pool, cand)] if rows is not None and len(cand) else np.zeros(0)
            order = np.argsort(row, kind="stable")[:limit]
            near = [int(cand[k]) for k in order if row[k] <= within]
            out.append(near or self._nearest_whatever(codes[q], bounds[q], limit, (cand, row)))
        return out

    def _nearest_whatever(self, code: str, bounds: np.ndarray, limit: int, compared: tuple) -> list[int]:
        """The ``limit`` nearest shapes, however far (ties in the grammar's order). ``compared``: the shapes
        compared already (ascending) and their distances. The shapes with the lowest bounds are compared too,
        then any shape whose bound says it may still be among the nearest, until none may (a shape further
        than the ``limit``-th found, or as far and after it in the grammar, cannot)."""
        shapes, distances = compared
        if not len(self.keys):
            return []
        first = min(len(self.keys), max(limit, _FIRST_COMPARED))
        lowest = np.zeros(len(self.keys), dtype=bool)
        lowest[_lowest(bounds, first)] = True
        lowest[shapes] = False
        shapes, distances = self._with(code, shapes, distances, np.flatnonzero(lowest))
        while True:
            order = np.argsort(distances, kind="stable")[:limit]  # ``shapes`` ascending: ties in the grammar's order
            kth = distances[order[-1]]
            last = shapes[order[distances[order] == kth]].max()
            may = bounds < kth
            may[:last] |= bounds[:last] == kth
            may[shapes] = False
            more = np.flatnonzero(may)
            if not len(more):
                return [int(shapes[k]) for k in order]
            shapes, distances = self._with(code, shapes, distances, more)

    def _with(self, code: str, shapes: np.ndarray, distances: np.ndarray, more: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The shapes compared, and ``more`` compared too (ascending, with their distances)."""
        if not len(more):
            return shapes, distances
        shapes = np.concatenate([shapes, more])
        distances = np.concatenate([distances, self._distances([code], more)[0]])
        resort = np.argsort(shapes, kind="stable")
        return shapes[resort], distances[resort]


def _lowest(bounds: np.ndarray, first: int) -> np.ndarray:
    """About the ``first`` shapes with the lowest bounds (their indices, at most ``first``): those compared
    first. Any set will do (the shapes that may still be nearer are compared after them), so the bounds are
    counted in 1/1024 steps, the ties at the last step taken in the grammar's order: a few passes over the
    array, where a partition over its many equal bounds (a handful of distinct values) cost several times as
    much."""
    if first >= len(bounds):
        return np.arange(len(bounds))
    steps = (bounds * 1024).astype(np.int64)
    below = np.cumsum(np.bincount(steps))
    last = int(np.searchsorted(below, first))  # the first step where ``first`` shapes are reached
    under = np.flatnonzero(steps < last)
    at = np.flatnonzero(steps == last)[: first - len(under)]
    return np.concatenate([under, at])


class Shortlist:
    """Every template of the grammar by its shape (one character a word), for one vocabulary."""

    def __init__(self, words: HeardWords, templates: Sequence[Template]) -> None:
        self.chars = {w: chr(0x4E00 + i) for i, w in enumerate(sorted(words.vocab))}
        self.groups: dict[str, list[Template]] = {}
        for t in templates:
            self.groups.setdefault(self.encode_template(t), []).append(t)
        self.group_keys = list(self.groups)
        self.shapes = Shapes.of(self.group_keys)

    def encode_template(self, t: Template) -> str:
        out = []
        for tok in t.toks:
            if tok.kind == "word":
                out.append(self.chars.get(tok.word, "?"))
            elif tok.kind == "player":
                out.append("P")
            elif not out or out[-1] != "N":
                out.append("N")
        return "".join(out)

    def encode_heard(self, utoks: list[UTok]) -> str:
        out = []
        for j, u in enumerate(utoks):
            if u.player:
                out.append("P")
            elif u.is_number and not is_article(utoks, j):
                if not out or out[-1] != "N":
                    out.append("N")
            elif u.word == "et" and j > 0 and utoks[j - 1].word in _TENS_BEFORE_ET and j + 1 < len(utoks) and utoks[j + 1].word in ("un", "une", "onze"):
                continue  # « vingt et un » is one number; « trois six et un » is three dice
            elif u.unk:
                out.append("?")
            else:
                out.append(self.chars.get(u.word, chr(0xE000 + (hash(u.word) % 4000))))
        return "".join(out)

    def nearest(
        self, utoks: list[UTok], first: int, core: int, edges: Edges | None = None, control: Edges | None = None
    ) -> list[Template]:
        """The templates nearest the heard words, and nearest them without their commentary (if any), or
        without the reason said before table control (``control``): ``first`` templates for the heard words
        as they are, ``core`` for each reading without commentary."""
        queries = [utoks]
        if edges is not None:
            n = len(utoks)
            start = max((j for j in range(n) if edges.lead[j] < INF), default=0)
            end = min((j for j in range(n + 1) if edges.tail[j] < INF), default=n)
            for a, b in ((start, n), (0, end), (start, end)):
                if (a, b) != (0, n) and b - a >= 1:
                    queries.append(utoks[a:b])
            reason = max((j for j in range(n) if control.lead[j] < INF), default=0) if control else 0
            if reason > start:
                queries.append(utoks[reason:])
            after = min((j for j in range(1, n + 1) if control.tail[j] < INF), default=n) if control else n
            if after < end:
                queries.append(utoks[:after])  # table control said first, then its reason
        keys: dict[str, None] = {}
        # a query heard as the same shape as an earlier one, with no larger limit, finds nothing new
        codes: list[str] = []
        limits: list[int] = []
        for k, query in enumerate(queries):
            code, limit = self.encode_heard(query), first if k == 0 else core
            if not any(c == code and n >= limit for c, n in zip(codes, limits)):
                codes.append(code)
                limits.append(limit)
        for near in self.shapes.nearest(codes, limits):
            keys.update((self.group_keys[i], None) for i in near)
        return [t for key in keys for t in self.groups[key]]
