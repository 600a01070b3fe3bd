"""The alignment: how far the heard words are from one template, slot by slot, and what its slots hold.

A weighted word alignment, slot-aware (a ``{number}`` slot takes a run of number words that text2num reads, a
dice slot exactly *n* die words, ``{player}`` one roster name), with the commentary around the call costed as
:mod:`~voice_scribe.understand.commentary` says. Cost = total edit weight / template weight. The table of
costs is filled row by row (:meth:`Aligner.fill`: the hot path), then the cheapest path traced back through it
for the slots' values and the first failure (:meth:`Aligner.trace`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rapidfuzz import fuzz

from voice_scribe.engine.calls import CallKind
from voice_scribe.understand.commentary import (
    CONTROL,
    INF,
    Edges,
    commentary_edges,
    control_edges,
    remark_edges,
    strict_edges,
)
from voice_scribe.understand.grammar import FILLERS, Template, TTok
from voice_scribe.understand.heard_words import DE_SOUNDS, HeardWords, UTok, is_article
from voice_scribe.understand.numbers import NUMBER_WORDS, die_faces, parse_number

#: The longest French number a call carries (« six cent quatre vingt dix neuf »): longer runs are not read.
MAX_NUMBER_WORDS = 8


@dataclass(frozen=True)
class Alignment:
    cost: float
    template: Template
    values: tuple[tuple[str, object], ...]
    failure: str | None
    raw: float = 0.0  # total edit weight, before dividing by the template's weight
    #: what the failure is: « missing » (a slot or key word not heard), « word » (a slot heard as another
    #: word: talk may start there), « bad » (a slot's words unreadable), « unk », « other »
    failure_kind: str | None = None


@dataclass(frozen=True)
class Plan:
    """What aligning one template needs of it, worked out once when the matcher is built."""

    toks: tuple[TTok, ...]
    missing: tuple[float, ...]  # per token, the cost of not hearing it (a small word, half)
    edges: str  # which commentary around it: "edges", "strict" (a one-word call) or "control" (table control)
    commentary: bool  # words around it may be commentary
    exact: bool  # heard only as written
    scale: float  # commentary costs what it costs, whatever the call's length
    words: frozenset[str]
    plain: bool = False  # words only, none of them a key word: no value, no failure, nothing to trace back

    @classmethod
    def of(cls, t: Template) -> Plan:
        # a one-word call (« bévue », « pélican ») is everyday French too; a table command is said to the scribe
        edges = "edges" if t.weight >= 2 or not isinstance(t.target, CallKind) else "strict"
        if t.target in CONTROL:
            edges = "control"
        missing = tuple(
            tok.weight * 0.5 if tok.kind == "word" and not tok.key and tok.word in FILLERS else tok.weight for tok in t.toks
        )
        plain = all(tok.kind == "word" and not tok.key for tok in t.toks)
        return cls(t.toks, missing, edges, t.takes_commentary, t.exact, max(t.weight, 1.0), t.words, plain)


def _insert(row: list[float], ins: list[float]) -> None:
    """A row of the alignment with the words heard too many (``ins``: each one's cost), left to right, in place."""
    before = row[0]
    for j, cost in enumerate(ins, 1):
        c = before + cost
        if c < row[j]:
            row[j] = c
        before = row[j]


#: One template's table of alignment costs, filled: its plan, the rows, the cheapest end, the total cost there.
_Table = tuple[Plan, list[list[float]], int, float]


@dataclass
class Heard:
    """The heard words of one utterance, with what every alignment needs of them."""

    utoks: list[UTok]
    spans: list  # per start: (end, kind, value) number and dice runs
    edges: Edges
    strict_edges: Edges  # for a call of one word: no commentary before it, and after it only a new clause
    control_edges: Edges  # for table control: its reason said before it
    ins: list[float]  # cost of each word heard but not in the template
    numeric: list[bool]  # each word is a number here (not an article)
    key_heard: frozenset[int] = frozenset()  # positions of the key words heard (birds, combinations…)
    sub: dict = field(default_factory=dict)  # (template word, key, sound) -> substitution cost of each heard word
    ins_without: dict = field(default_factory=dict)  # key words heard a template lacks -> ``ins`` without them
    spans_for: dict = field(default_factory=dict)  # (slot kind, dice count) -> per word, the runs from there
    player_row: list[float] | None = None  # cost of each heard word where a template has a name
    player_moves: list = field(default_factory=list)  # … and the name read (or the failure) for each
    cheapest: dict = field(default_factory=dict)  # per template token, the cheapest way to hear it
    remark_edges: Edges | None = None  # for a phrase that takes no commentary: remarks alone (« … s'te plaît »)


def rival_words(templates: Sequence[Template]) -> dict[str, frozenset[str]]:
    """Per template word, the words other phrases say in its place after the same word for another meaning
    (« jeannot »: « gagnant », « grelot »… said after « sirop », each its own call): heard as themselves, they
    are never a misheard rival. Words of one meaning (« la dernière annonce | décision ») are no rivals, nor
    small words or short ones.

    >>> from voice_scribe.understand.grammar import load_grammar
    >>> rivals = rival_words(load_grammar().templates)
    >>> "gagnant" in rivals["jeannot"], "decision" in rivals.get("annonce", ())
    (True, False)
    """
    after: dict[str, dict[str, set]] = {}
    for t in templates:
        for prev, tok in zip(t.toks, t.toks[1:]):
            if prev.kind == "word" and tok.kind == "word" and _distinctive(prev.word) and _distinctive(tok.word):
                after.setdefault(prev.word, {}).setdefault(tok.word, set()).add(t.target)
    out: dict[str, set[str]] = {}
    for following in after.values():
        for w, meant in following.items():
            out.setdefault(w, set()).update(v for v, other in following.items() if not other & meant)
    return {w: frozenset(rivals) for w, rivals in out.items() if rivals}


def _distinctive(word: str) -> bool:
    return len(word) > 3 and word not in FILLERS


class Aligner:
    """Every template's plan, worked out once, and the alignment of heard words with any of them."""

    def __init__(self, words: HeardWords, templates: Sequence[Template]) -> None:
        self.words = words
        self.plans = {id(t): Plan.of(t) for t in templates}
        self.rivals = rival_words(templates)

    def heard(self, utoks: list[UTok]) -> Heard:
        """Everything about the heard words that every template's alignment uses, worked out once."""
        articles = [is_article(utoks, j) for j in range(len(utoks))]
        edges = commentary_edges(utoks, self.words)
        return Heard(
            utoks,
            self._spans(utoks),
            edges,
            strict_edges(edges, utoks),
            control_edges(utoks, edges, self.words),
            [self._ins_cost(u, articles[j]) for j, u in enumerate(utoks)],
            [u.is_number and not articles[j] for j, u in enumerate(utoks)],
            frozenset(j for j, u in enumerate(utoks) if u.word in self.words.key_words and not u.player),
            remark_edges=remark_edges(edges),
        )

    def _ins_cost(self, u: UTok, article: bool = True) -> float:
        """Cost of a heard word the template does not have (``article``: « un »/« une » before a noun)."""
        if u.unk:
            return 0.5
        if u.is_number and u.word in ("un", "une") and article:
            return 0.15
        if u.word in FILLERS and not u.is_number:
            return 0.15
        if u.is_number or u.player or u.word in self.words.key_words:
            return 1.0  # a number, a name or a key word left out would change the meaning
        return 0.7 if u.known else 0.5

    def sub_cost(self, t: TTok, u: UTok, numeric: bool) -> float:
        """Cost of hearing ``u`` where the template says ``t`` (``numeric``: u is a number here, not an article)."""
        w = t.weight
        if u.player is None and u.word == t.word:
            return u.cost * w
        if numeric:
            return 1.0  # a number word is never a sound-alike of a grammar word
        if u.player is None and not u.unk and u.sound == t.sound:
            return (u.cost + 0.05) * w  # « chouettes » for « chouette »
        if t.key:
            return INF
        if u.cost < 0.1 and u.word in self.rivals.get(t.word, ()):
            return INF  # « sirop gagnant » heard is never « sirop jeannot »: the other call's own word
        if u.word in self.words.key_words and not u.player:
            return INF  # a bird, a combination, a call's name… heard is never another word of the phrase
        if u.player:
            return 1.0 * max(w, 1.0)  # a name is never a sound-alike of another word
        if u.unk:
            return w
        if t.word in FILLERS and u.word not in FILLERS:
            return self._ins_cost(u)  # a meaningful word is not a misheard article
        if u.word in FILLERS and u.known:
            return INF  # … nor a small word a misheard meaningful one (« et six » is not « dé six »)
        sim = fuzz.ratio(u.sound, t.sound) / 100
        return w * max(0.7 if u.known else 0.5, 1 - sim)

    def _spans(self, utoks: list[UTok]) -> list[list[tuple[int, str, object]]]:
        """Per start j: (end, kind, value) for number runs: kind 'number', 'dice' or 'bad'."""
        n = len(utoks)
        spans: list[list[tuple[int, str, object]]] = [[] for _ in range(n)]
        # « trente [unk] un »: a number cut by [unk] is not read as its first part
        cut = {
            j
            for j in range(1, n - 1)
            if utoks[j].unk and utoks[j - 1].is_number and utoks[j + 1].is_number and not is_article(utoks, j + 1)
        }
        # an unknown word touching a number may be a misheard part of it (« kent soixante trois »)
        fuzzy_edge = {j for j in range(n) if not utoks[j].known and not utoks[j].unk and self._number_like(utoks[j])}
        for j in range(n):
            if not utoks[j].is_number or is_article(utoks, j):
                continue
            end = j
            while end < n and (utoks[end].is_number or (utoks[end].word == "et" and end > j)):
                end += 1
            words = [u.word for u in utoks[j:end]]
            if end in cut or j - 1 in cut:
                spans[j].append((end, "bad", " ".join(words) + " [unk]"))
                continue
            if end in fuzzy_edge or j - 1 in fuzzy_edge or self._misheard_last_number(utoks, end):
                edge = utoks[end].heard if end in fuzzy_edge else utoks[j - 1].heard
                spans[j].append((end, "bad", f"{' '.join(words)} (et « {edge} » ?)"))
                continue
            for e in range(j + 1, min(end, j + MAX_NUMBER_WORDS) + 1):
                part = words[: e - j]
                value = parse_number(part)
                if value is not None:
                    spans[j].append((e, "number", value))
                faces = die_faces(part)
                if faces:
                    spans[j].append((e, "dice", faces))
            spans[j].append((end, "bad", " ".join(words)))
        return spans

    @staticmethod
    def _misheard_last_number(utoks: list[UTok], end: int) -> bool:
        """« de » right after a number and before no other (« cent de sur … », « six cinq de »): no template
        puts « de » after a number, so it is the number's last word misheard (« deux »), not a small word."""
        return (
            end < len(utoks)
            and utoks[end].heard in DE_SOUNDS
            and (end + 1 == len(utoks) or not utoks[end + 1].is_number)
        )

    def _number_like(self, u: UTok) -> bool:
        """An unknown word that may be a misheard part of a number (« kent »), not a small word (« du », « cu »)."""
        if u.word in FILLERS or len(u.sound) < 2:
            return False
        return max(fuzz.ratio(u.sound, self.words.sound[w]) for w in NUMBER_WORDS) >= 60

    def align(self, t: Template, heard: Heard) -> Alignment:
        """Weighted, slot-aware edit distance: the table of costs row by row (one row per template token, each
        a few list operations: it is the hot path), then the cheapest path traced back through it.

        ``edges``: the cost of taking the first *j* / the words from *j* on as commentary around the call.
        """
        return self.ended(t, heard, self.fill(t, heard))

    def fill(self, t: Template, heard: Heard) -> _Table:
        """``align``'s table of costs (its plan, the rows, the cheapest end and the cost there)."""
        plan = self.plans.get(id(t)) or Plan.of(t)
        utoks = heard.utoks
        edges = heard.control_edges if plan.edges == "control" else heard.strict_edges if plan.edges == "strict" else heard.edges
        around = plan.commentary
        if not around and not plan.exact and heard.remark_edges is not None:
            edges, around = heard.remark_edges, True  # no commentary, but the table's remarks (« qui a … chais plus »)
        m, n = len(plan.toks), len(utoks)
        scale = plan.scale  # commentary costs what it costs, whatever the call's length
        start = [c * scale for c in edges.lead] if around else [0.0] + [INF] * n
        ins = self._ins_row(plan, heard)
        row = list(start)
        D = [row]
        for i, tok in enumerate(plan.toks):
            _insert(row, ins)
            missing = plan.missing[i]  # the template token missing from what was heard
            if tok.kind == "word" or tok.kind == "player":
                # hearing each word in its place: one cost per heard word (a name: its value or its failure), or
                # the token missing (the same sums as the moves ``trace`` follows back)
                subs = self._sub_row(tok, heard) if tok.kind == "word" else self._player_row(heard)
                nrow = [row[0] + missing]
                nrow += [s if (s := a + b) <= (mi := c + missing) else mi for a, b, c in zip(row, subs, row[1:])]
            else:
                nrow = [here + missing for here in row]
                for j, moves in enumerate(self._span_moves(tok, heard)):  # the number or dice runs from word j
                    here = row[j]
                    if here == INF:
                        continue
                    for end, add, _, _ in moves:
                        if here + add < nrow[end]:
                            nrow[end] = here + add
            D.append(nrow)
            row = nrow
        _insert(row, ins)
        end = n
        if around:
            tail = edges.tail
            best = INF
            for j, here in enumerate(row):  # the cheapest end, the latest of equals
                c = here + tail[j] * scale
                if c <= best:
                    best, end = c, j
        total = row[end] + (edges.tail[end] * scale if end < n else 0.0)
        return plan, D, end, total

    def floor(self, t: Template, heard: Heard) -> float:
        """A cost the template's alignment cannot be under, found without filling its table: every token of the
        phrase is either heard (a word in its place, a name, a number run) or missing, each at its cheapest;
        the words heard too many and the commentary around the call only add to it. A shade under the sum, so
        that rounding never puts it over the cost ``fill`` finds."""
        plan = self.plans.get(id(t)) or Plan.of(t)
        total = 0.0
        for tok, missing in zip(plan.toks, plan.missing):
            cheapest = self._cheapest(tok, heard)
            total += cheapest if cheapest < missing else missing
        return total * (1.0 - 1e-9) / plan.scale

    def _cheapest(self, tok: TTok, heard: Heard) -> float:
        """The cheapest way to hear this template token in one of the heard words (INF when none can)."""
        memo = (tok.kind, tok.word, tok.key, tok.sound, tok.weight, tok.count)
        cheapest = heard.cheapest.get(memo)
        if cheapest is None:
            if tok.kind == "word":
                costs = self._sub_row(tok, heard)
            elif tok.kind == "player":
                costs = self._player_row(heard)
            else:
                costs = [add for moves in self._span_moves(tok, heard) for _, add, _, _ in moves]
            cheapest = heard.cheapest[memo] = min(costs, default=INF)
        return cheapest

    def ended(self, t: Template, heard: Heard, table: _Table) -> Alignment:
        """The alignment whose table ``fill`` filled, its path traced back (a phrase of words only, none of
        them a key word, has neither a value nor a failure to find on it)."""
        plan, D, end, total = table
        if plan.plain:
            return Alignment(total / max(t.weight, 1.0), t, (), None, total)
        return self.trace(t, plan, heard, D, end, total)

    def trace(self, t: Template, plan: Plan, heard: Heard, D: list[list[float]], end: int, total: float) -> Alignment:
        """The slot values and the first failure on the cheapest path to ``D[m][end]``: each cell's move is the
        first, in the order the table was filled, that gives its cost (the same sums, so the same floats): from
        the row above, a word heard in its place (a slot's value or failure) then the template token missing;
        then a word heard too many."""
        values: list[tuple[str, object]] = []
        failure: str | None = None
        failure_kind: str | None = None
        i, j = len(plan.toks), end
        while i > 0:
            here = D[i][j]
            if here == INF:
                break
            tok, up = plan.toks[i - 1], D[i - 1]
            kind = tok.kind
            pj, val, fail = -1, None, None
            if kind == "word":
                if j > 0 and up[j - 1] + self._sub_row(tok, heard)[j - 1] == here:
                    pj = j - 1
            elif kind == "player":
                if j > 0 and up[j - 1] + heard.player_row[j - 1] == here:
                    pj, (val, fail) = j - 1, heard.player_moves[j - 1]
            else:
                pj, val, fail = self._run_into(tok, heard, up, j, here)
            if pj < 0 and up[j] + plan.missing[i - 1] == here:
                pj, val, fail = j, None, "missing"
            if pj < 0:  # a word heard but not in the template
                j -= 1
                continue
            if kind != "word":
                if val is not None:
                    values.append((kind, val))
                elif failure is None:
                    failure, failure_kind = _failure_text(kind, fail), _failure_kind(kind, fail)
            elif fail == "missing" and tok.key and failure is None:
                failure, failure_kind = f"mot « {tok.word} » manquant", "missing"
            i, j = i - 1, pj
        values.reverse()
        return Alignment(total / max(t.weight, 1.0), t, tuple(values), failure, total, failure_kind)

    def _run_into(self, tok: TTok, heard: Heard, up: list[float], j: int, here: float) -> tuple[int, object, str | None]:
        """The number or dice run from the row above that gives cell ``j`` its cost ``here`` (its first word,
        value, failure), the first in the order the row was filled; (-1, None, None) when none does."""
        for k, moves in enumerate(self._span_moves(tok, heard)[:j]):
            if up[k] == INF:
                continue
            for end, add, val, fail in moves:
                if end == j and up[k] + add == here:
                    return k, val, fail
        return -1, None, None

    def _ins_row(self, plan: Plan, heard: Heard) -> list[float]:
        """Cost of each heard word the template does not have."""
        if plan.exact:
            return [INF] * len(heard.utoks)  # an exact phrase takes no extra word
        if not heard.key_heard:
            return heard.ins
        # a bird, a combination, a call's own name… heard but not in this phrase is another call, not a word
        # too many (« je te lance mon civet filoché » is not « lance civet »); said twice, it counts once
        absent = frozenset(j for j in heard.key_heard if heard.utoks[j].word not in plan.words)
        if not absent:
            return heard.ins
        row = heard.ins_without.get(absent)
        if row is None:
            row = heard.ins_without[absent] = [INF if j in absent else c for j, c in enumerate(heard.ins)]
        return row

    def _player_row(self, heard: Heard) -> list[float]:
        """What hearing each heard word costs where the template has a name (worked out once per utterance)."""
        if heard.player_row is None:
            moves, row = [], []
            for u in heard.utoks:
                if u.player:
                    row.append(u.cost)
                    moves.append((u.player, None))
                else:
                    row.append(1.5 if u.known else 1.0)  # a grammar word is not a misheard name
                    moves.append((None, "unk" if u.unk else u.heard))
            heard.player_row, heard.player_moves = row, moves
        return heard.player_row

    def _span_moves(self, tok: TTok, heard: Heard) -> list[list[tuple[int, float, object, str | None]]]:
        """Per heard word, where a number (or ``tok.count`` dice) said from there ends, what it costs, its value
        or its failure (worked out once per utterance and kind of slot)."""
        memo = (tok.kind, tok.count)
        moves = heard.spans_for.get(memo)
        if moves is not None:
            return moves
        utoks = heard.utoks
        wanted = "number" if tok.kind == "number" else "dice"
        moves = []
        for j, spans in enumerate(heard.spans):
            here: list[tuple[int, float, object, str | None]] = []
            for end, kind, value in spans:
                if kind == wanted and (tok.kind == "number" or len(value) == tok.count):  # type: ignore[arg-type]
                    here.append((end, sum(x.cost for x in utoks[j:end]) * 0.5, value, None))
                elif kind == "bad":
                    here.append((end, 0.8, None, "bad:" + str(value)))
            if not spans:
                u = utoks[j]
                here.append((j + 1, 1.0, None, "unk" if u.unk else "word:" + u.heard))
            moves.append(here)
        heard.spans_for[memo] = moves
        return moves

    def _sub_row(self, tok: TTok, heard: Heard) -> list[float]:
        """What hearing each heard word costs where the template says ``tok`` (worked out once per word)."""
        memo = (tok.word, tok.key, tok.sound)
        row = heard.sub.get(memo)
        if row is None:
            row = heard.sub[memo] = [self.sub_cost(tok, u, heard.numeric[j]) for j, u in enumerate(heard.utoks)]
        return row


def _failure_kind(kind: str, fail: str | None) -> str:
    """:attr:`Alignment.failure_kind` of a slot's failure."""
    if fail is None or fail == "missing":
        return "missing"
    if fail == "unk":
        return "unk"
    head, sep, _ = fail.partition(":")
    return head if sep and head in ("bad", "word") else "other"


def _failure_text(kind: str, fail: str | None) -> str:
    what = {"player": "joueur", "number": "nombre", "dice": "chiffre"}.get(kind, kind)
    found = _failure_kind(kind, fail)
    if fail is None or found == "missing":
        return f"{what} manquant"
    if found == "unk":
        return f"{what} inaudible ([unk])"
    if found == "bad":
        return f"{what} illisible « {fail[4:]} »"
    if found == "word":
        return f"{what} attendu, entendu « {fail[5:]} »"
    if kind == "player":
        return f"joueur inconnu « {fail} » (pas à la table)"
    return f"{what} : « {fail} »"
