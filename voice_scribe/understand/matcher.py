"""Matching heard text to a call or a command, with a cost — or a reason not to.

Pipeline (compiled once per roster and rules, see :class:`Matcher`):

1. :func:`~voice_scribe.understand.normalize.tokens`: lower case, no accents,
   apostrophes and hyphens split words.
2. *Canonicalisation*: every heard word is mapped onto the grammar's
   vocabulary or the roster: exactly, by sound (same phonetic key), by merging
   two heard words (« ve lute » → velute) or splitting one (« pasmou » →
   pas mou), or by a clear fuzzy match on the phonetic key. Each step has a
   small cost. A word that maps to nothing stays *unknown*.
3. *Shortlist*: the canonical words become one character each (number runs
   ``N``, player names ``P``) and rapidfuzz ranks every template by edit
   distance (C++, all templates in well under a millisecond).
4. *Alignment*: a weighted word alignment of the shortlist, slot-aware
   (a ``{number}`` slot takes a run of number words that text2num reads,
   a dice slot exactly *n* die words, ``{player}`` one roster name). Cost =
   total edit weight / template weight.
5. *Decision* (Lichess rule): accept when the best cost is ≤ ``accept`` and the
   runner-up with another meaning is ``margin`` worse; a near tie is
   *ambiguous*; a key word (bird, combination, rule, item) is never replaced
   by another; a slot holding an unknown name, ``[unk]`` or no number makes
   a rejection with the reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from voice_scribe.engine.calls import Call, CallKind
from voice_scribe.engine.rules import Rules
from voice_scribe.speech.utterance import Utterance
from voice_scribe.understand.commands import Command, TableCommand
from voice_scribe.understand.grammar import FILLERS, Grammar, Target, Template, TTok, load_grammar
from voice_scribe.understand.normalize import UNK, phonetic_key, tokens
from voice_scribe.understand.numbers import DIE_WORDS, NUMBER_WORDS, die_faces, is_number_token, parse_number
from voice_scribe.understand.roster import Roster

INF = float("inf")
#: Hesitations: dropped before matching (a tiny cost each).
DISFLUENCIES = frozenset({"euh", "heu", "hum", "hein", "ben", "bah", "bon", "alors", "oh", "ah", "eh", "mmh"})
#: Player name used when neither the audio side nor a spoken name tells who spoke.
UNKNOWN_SPEAKER = "?"


@dataclass(frozen=True)
class Thresholds:
    accept: float = 0.30  # best cost must be at most this
    margin: float = 0.12  # … and the runner-up (another meaning) this much worse
    margin_raw: float = 0.45  # … or worse by this much unnormalised edit weight (about one word)
    explain: float = 0.60  # a slot failure closer than this is the reason given
    shortlist: int = 14  # templates aligned in full


class ResultKind(str, Enum):
    CALL = "call"
    COMMAND = "command"
    AMBIGUOUS = "ambiguous"
    REJECTED = "rejected"


@dataclass(frozen=True)
class Candidate:
    """One reading of an utterance: a call or a command, its cost, the phrase it matched."""

    cost: float
    phrase: str
    call: Call | None = None
    command: Command | None = None

    @property
    def target(self) -> Target:
        return self.call.kind if self.call else self.command.kind  # type: ignore[union-attr]

    def to_json(self) -> dict:
        body = self.call.to_json() if self.call else self.command.to_json()  # type: ignore[union-attr]
        body["cost"] = round(self.cost, 3)
        body["phrase"] = self.phrase
        body["type"] = "call" if self.call else "command"
        return body


@dataclass(frozen=True)
class Understanding:
    """What one utterance meant: a call, a command, a question (ambiguous) or a rejection."""

    kind: ResultKind
    text: str
    speaker: str | None = None
    speaker_source: str | None = None  # "audio" | "name" | None
    call: Call | None = None
    command: Command | None = None
    cost: float | None = None
    reason: str | None = None  # French, for rejections and questions
    candidates: tuple[Candidate, ...] = ()

    @property
    def accepted(self) -> bool:
        return self.kind in (ResultKind.CALL, ResultKind.COMMAND)

    def to_json(self) -> dict:
        out: dict = {"result": self.kind.value, "text": self.text}
        if self.speaker:
            out["speaker"] = self.speaker
            out["speaker_source"] = self.speaker_source
        if self.call:
            out.update(self.call.to_json())
        if self.command:
            out.update(self.command.to_json())
        if self.cost is not None:
            out["cost"] = round(self.cost, 3)
        if self.reason:
            out["reason"] = self.reason
        if self.candidates:
            out["candidates"] = [c.to_json() for c in self.candidates]
        return out


# ── heard words ──
@dataclass(frozen=True)
class UTok:
    word: str  # canonical vocabulary word, or the heard word when unknown
    heard: str
    cost: float = 0.0
    known: bool = False
    player: str | None = None
    unk: bool = False

    @property
    def is_number(self) -> bool:
        return not self.player and is_number_token(self.word)


@dataclass(frozen=True)
class _Alignment:
    cost: float
    template: Template
    values: tuple[tuple[str, object], ...]
    failure: str | None
    raw: float = 0.0  # total edit weight, before dividing by the template's weight


@dataclass
class Matcher:
    """Everything precomputed for one roster and one set of rules; :meth:`understand` is the hot path."""

    grammar: Grammar
    roster: Roster
    thresholds: Thresholds = field(default_factory=Thresholds)

    def __post_init__(self) -> None:
        vocab: set[str] = set(NUMBER_WORDS) | {"et"}
        self.key_words: set[str] = set()
        for t in self.grammar.templates:
            for tok in t.toks:
                if tok.kind == "word":
                    vocab.add(tok.word)
                    if tok.key:
                        self.key_words.add(tok.word)
        self.vocab = frozenset(vocab)
        self._chars = {w: chr(0x4E00 + i) for i, w in enumerate(sorted(vocab))}
        self._by_key: dict[str, list[str]] = {}
        for w in sorted(vocab):
            self._by_key.setdefault(phonetic_key(w), []).append(w)
        self._fuzzy_words = sorted(w for w in vocab if w not in NUMBER_WORDS and len(w) > 2)
        self._fuzzy_keys = [phonetic_key(w) for w in self._fuzzy_words]
        self._names: list[tuple[tuple[str, ...], str, str]] = []  # (tokens, joined key, player)
        for player in self.roster.players:
            for spelling in self.roster.spellings(player):
                toks = tuple(tokens(spelling))
                if toks:
                    self._names.append((toks, phonetic_key("".join(toks)), player))
        self._names.sort(key=lambda n: -len(n[0]))
        self._groups: dict[str, list[Template]] = {}
        for t in self.grammar.templates:
            self._groups.setdefault(self._encode_template(t), []).append(t)
        self._group_keys = list(self._groups)
        self._word_cache: dict[str, UTok | None] = {}

    @classmethod
    def build(cls, roster: Roster | Sequence[str], rules: Rules | None = None, grammar: Grammar | None = None) -> Matcher:
        return cls(grammar or load_grammar(rules), Roster.coerce(roster))

    # ── 2. canonicalisation ──
    def _name_at(self, heard: list[str], i: int) -> tuple[str, int, float] | None:
        for toks, key, player in self._names:
            n = len(toks)
            if tuple(heard[i : i + n]) == toks:
                return player, n, 0.0
        for span in (3, 2, 1):
            if i + span > len(heard):
                continue
            joined = heard[i : i + span]
            if span == 1 and joined[0] in self.vocab:
                continue
            key = phonetic_key("".join(joined))
            hits = {player for _, k, player in self._names if k == key}
            if len(hits) == 1:
                return hits.pop(), span, 0.05
        word = heard[i]
        if word in self.vocab or len(word) < 4:
            return None
        key = phonetic_key(word)
        scored = sorted(((fuzz.ratio(key, k), player) for _, k, player in self._names), reverse=True)
        if scored and scored[0][0] >= 85 and (len(scored) == 1 or scored[0][0] - scored[1][0] >= 10 or scored[1][1] == scored[0][1]):
            return scored[0][1], 1, 0.1 + (100 - scored[0][0]) / 100
        return None

    def _single(self, word: str) -> UTok | None:
        if word in self._word_cache:
            return self._word_cache[word]
        result: UTok | None = None
        if word in self.vocab:
            result = UTok(word, word, 0.0, True)
        else:
            same = self._by_key.get(phonetic_key(word))
            if same:
                result = UTok(same[0], word, 0.05, True)
            elif len(word) > 2 and not word.isdigit():
                result = self._fuzzy(word)
        if len(self._word_cache) < 20000:
            self._word_cache[word] = result
        return result

    def _fuzzy(self, word: str) -> UTok | None:
        hits = process.extract(phonetic_key(word), self._fuzzy_keys, scorer=fuzz.ratio, limit=3, score_cutoff=72)
        if not hits:
            return None
        best_score, best = hits[0][1], self._fuzzy_words[hits[0][2]]
        for _, score, idx in hits[1:]:
            other = self._fuzzy_words[idx]
            if other != best and phonetic_key(other) != phonetic_key(best) and best_score - score < 8:
                return None  # two words fit as well: do not pick one
        if best in self.key_words and best_score < 80:
            return None
        return UTok(best, word, 0.1 + (100 - best_score) / 60, True)

    def canonical(self, heard: list[str]) -> list[UTok]:
        heard = [w for w in heard if w not in DISFLUENCIES or w in self.vocab]
        out: list[UTok] = []
        i = 0
        while i < len(heard):
            word = heard[i]
            if word == UNK:
                out.append(UTok(UNK, UNK, unk=True))
                i += 1
                continue

            name = self._name_at(heard, i)
            if name:
                player, span, cost = name
                out.append(UTok(player, " ".join(heard[i : i + span]), cost, True, player=player))
                i += span
                continue
            merged = self._try_merge(word, heard[i + 1]) if i + 1 < len(heard) else None
            if merged:
                out.append(merged)
                i += 2
                continue
            single = self._single(word)
            if single and single.cost < 0.1:
                out.append(single)
            else:
                split = self._split(word)
                if split:
                    out.extend(split)
                elif (glued := self._split_name(word)) is not None:
                    out.extend(glued)
                elif single:
                    out.append(single)
                else:
                    out.append(UTok(word, word))
            i += 1
        return out

    def _try_merge(self, first: str, second: str) -> UTok | None:
        """« ve lute » → velute, « si rote » → sirote: two heard words that are one grammar word."""
        if UNK in (first, second) or not first.isalpha() or not second.isalpha():
            return None
        both_known = first in self.vocab and second in self.vocab
        merged = first + second
        if both_known and merged not in self.vocab:
            return None
        tok = self._merge(merged)
        if tok is None or tok.word in (first, second):
            return None
        if phonetic_key(tok.word) in (phonetic_key(first), phonetic_key(second)):
            return None
        return UTok(tok.word, f"{first} {second}", tok.cost + 0.1, True)

    def _merge(self, merged: str) -> UTok | None:
        if merged in self.vocab:
            return UTok(merged, merged, 0.0, True)
        same = self._by_key.get(phonetic_key(merged))
        return UTok(same[0], merged, 0.05, True) if same else None

    def _split_name(self, word: str) -> list[UTok] | None:
        """« surkaradoc » → sur + Karadoc."""
        for toks, _, player in self._names:
            name = "".join(toks)
            if len(toks) == 1 and word.endswith(name) and word[: -len(name)] in self.vocab:
                left = word[: -len(name)]
                return [UTok(left, left, 0.1, True), UTok(player, name, 0.1, True, player=player)]
        return None

    def _split(self, word: str) -> list[UTok] | None:
        if len(word) < 5 or word in self.vocab:
            return None
        for k in range(2, len(word) - 1):
            left, right = word[:k], word[k:]
            if left in self.vocab and len(left) > 1:
                tok = self._merge(right)
                if tok and len(right) > 1:
                    return [UTok(left, left, 0.1, True), UTok(tok.word, right, tok.cost + 0.1, True)]
        return None

    # ── 3. shortlist ──
    def _encode_template(self, t: Template) -> str:
        out = []
        for tok in t.toks:
            if tok.kind == "word":
                out.append(self._chars.get(tok.word, "?"))
            elif tok.kind == "player":
                out.append("P")
            elif not out or out[-1] != "N":
                out.append("N")
        return "".join(out)

    def _encode_heard(self, utoks: list[UTok]) -> str:
        out = []
        for j, u in enumerate(utoks):
            if u.player:
                out.append("P")
            elif u.is_number and not self._is_article(utoks, j):
                if not out or out[-1] != "N":
                    out.append("N")
            elif u.word == "et" and out and out[-1] == "N" and j + 1 < len(utoks) and utoks[j + 1].word in ("un", "une", "onze"):
                continue
            elif u.unk:
                out.append("?")
            else:
                out.append(self._chars.get(u.word, chr(0xE000 + (hash(u.word) % 4000))))
        return "".join(out)

    @staticmethod
    def _is_article(utoks: list[UTok], j: int) -> bool:
        if utoks[j].word not in ("un", "une") or j + 1 >= len(utoks):
            return False
        nxt = utoks[j + 1]
        return not nxt.is_number and nxt.word != "et"

    def _shortlist(self, utoks: list[UTok]) -> list[Template]:
        query = self._encode_heard(utoks)
        hits = process.extract(
            query, self._group_keys, scorer=Levenshtein.normalized_distance, limit=self.thresholds.shortlist
        )
        out: list[Template] = []
        for key, _, _ in hits:
            out.extend(self._groups[key])
        return out

    # ── 4. alignment ──
    def _ins_cost(self, u: UTok) -> float:
        """Cost of a heard word the template does not have."""
        if u.unk:
            return 0.5
        if u.word in FILLERS:
            return 0.15
        if u.is_number or u.player or u.word in self.key_words:
            return 1.0  # a number, a name or a key word left out would change the meaning
        return 0.7 if u.known else 0.5

    def _sub_cost(self, t: TTok, u: UTok) -> float:
        w = t.weight
        if u.player is None and u.word == t.word:
            return u.cost * w
        if u.player is None and not u.unk and phonetic_key(u.word) == phonetic_key(t.word):
            return (u.cost + 0.05) * w  # « chouettes » for « chouette »
        if t.key:
            return INF
        if u.player:
            return 1.0  # a name is never a sound-alike of a grammar word
        if u.unk:
            return w
        if u.is_number:
            return 1.0  # a number word is never a sound-alike of a grammar word
        if t.word in FILLERS and u.word not in FILLERS:
            return self._ins_cost(u)  # a meaningful word is not a misheard article
        sim = fuzz.ratio(phonetic_key(u.word), phonetic_key(t.word)) / 100
        return w * max(0.7 if u.known else 0.5, 1 - sim)

    def _spans(self, utoks: list[UTok]) -> list[list[tuple[int, str, object]]]:
        """Per start j: (end, kind, value) for number runs: kind 'number', 'dice' or 'bad'."""
        n = len(utoks)
        spans: list[list[tuple[int, str, object]]] = [[] for _ in range(n)]
        for j in range(n):
            if not utoks[j].is_number or self._is_article(utoks, j):
                continue
            end = j
            while end < n and (utoks[end].is_number or (utoks[end].word == "et" and end > j)):
                end += 1
            words = [u.word for u in utoks[j:end]]
            for e in range(j + 1, end + 1):
                part = words[: e - j]
                value = parse_number(part)
                if value is not None:
                    spans[j].append((e, "number", value))
                faces = die_faces(part)
                if faces:
                    spans[j].append((e, "dice", faces))
            spans[j].append((end, "bad", " ".join(words)))
        return spans

    def _align(self, t: Template, utoks: list[UTok], spans) -> _Alignment:
        m, n = len(t.toks), len(utoks)
        D = [[INF] * (n + 1) for _ in range(m + 1)]
        B: list[list[tuple | None]] = [[None] * (n + 1) for _ in range(m + 1)]
        D[0][0] = 0.0
        ins = [self._ins_cost(u) for u in utoks]
        for i in range(m + 1):
            tok = t.toks[i] if i < m else None
            row, nrow = D[i], D[i + 1] if i < m else None
            for j in range(n + 1):
                here = row[j]
                if here == INF:
                    continue
                if j < n and here + ins[j] < row[j + 1]:
                    row[j + 1] = here + ins[j]
                    B[i][j + 1] = (i, j, None, None)
                if tok is None:
                    continue
                # the template token is missing from what was heard
                cost = here + (tok.weight * 0.5 if tok.kind == "word" and not tok.key and tok.word in FILLERS else tok.weight)
                if cost < nrow[j]:
                    nrow[j] = cost
                    B[i + 1][j] = (i, j, None, "missing")
                if j == n:
                    continue
                u = utoks[j]
                if tok.kind == "word":
                    c = here + self._sub_cost(tok, u)
                    if c < nrow[j + 1]:
                        nrow[j + 1] = c
                        B[i + 1][j + 1] = (i, j, None, None)
                elif tok.kind == "player":
                    if u.player:
                        c, val, fail = here + u.cost, u.player, None
                    else:
                        c, val, fail = here + 1.0, None, ("unk" if u.unk else u.heard)
                    if c < nrow[j + 1]:
                        nrow[j + 1] = c
                        B[i + 1][j + 1] = (i, j, val, fail)
                else:
                    for end, kind, value in spans[j]:
                        if kind == ("number" if tok.kind == "number" else "dice") and (
                            tok.kind == "number" or len(value) == tok.count  # type: ignore[arg-type]
                        ):
                            c = here + sum(x.cost for x in utoks[j:end]) * 0.5
                            fail = None
                        elif kind == "bad":
                            c, fail = here + 0.8, "bad:" + str(value)
                        else:
                            continue
                        if c < D[i + 1][end]:
                            D[i + 1][end] = c
                            B[i + 1][end] = (i, j, value if fail is None else None, fail)
                    if not spans[j]:
                        c = here + 1.0
                        if c < nrow[j + 1]:
                            nrow[j + 1] = c
                            B[i + 1][j + 1] = (i, j, None, "unk" if u.unk else "word:" + u.heard)
        return self._trace(t, D, B, m, n)

    @staticmethod
    def _trace(t: Template, D, B, m: int, n: int) -> _Alignment:
        total = D[m][n]
        values: list[tuple[str, object]] = []
        failure: str | None = None
        i, j = m, n
        while (i, j) != (0, 0) and B[i][j] is not None:
            pi, pj, val, fail = B[i][j]
            if pi != i:  # consumed template token pi
                tok = t.toks[pi]
                if tok.kind != "word":
                    if val is not None:
                        values.append((tok.kind, val))
                    elif failure is None:
                        failure = _failure_text(tok.kind, fail)
                elif fail == "missing" and tok.key and failure is None:
                    failure = f"mot « {tok.word} » manquant"
            i, j = pi, pj
        values.reverse()
        return _Alignment(total / max(t.weight, 1.0), t, tuple(values), failure, total)

    # ── 5. decision ──
    def understand(self, utterance: Utterance | str, speaker: str | None = None) -> Understanding:
        if isinstance(utterance, str):
            utterance = Utterance(t=0.0, text=utterance, speaker=speaker)
        text = utterance.text
        heard = tokens(text)
        utoks = self.canonical(heard)
        who, source = (utterance.speaker, "audio") if utterance.speaker else (None, None)
        if len(utoks) > 1 and utoks[0].player:
            if who is None:
                who, source = utoks[0].player, "name"
            utoks = utoks[1:]
        if not utoks or all(u.unk for u in utoks):
            return Understanding(ResultKind.REJECTED, text, who, source, reason="rien d'intelligible")
        spans = self._spans(utoks)
        best_by_meaning: dict[tuple, _Alignment] = {}
        for template in self._shortlist(utoks):
            al = self._align(template, utoks, spans)
            if al.cost == INF:
                continue
            meaning = (template.target, tuple(sorted(_fields(al).items())), al.failure is not None)
            if meaning not in best_by_meaning or al.cost < best_by_meaning[meaning].cost:
                best_by_meaning[meaning] = al
        ranked = sorted(best_by_meaning.values(), key=lambda a: a.cost)
        return self._decide(utterance, ranked, who, source)

    def _decide(self, utterance: Utterance, ranked: list[_Alignment], who: str | None, source: str | None) -> Understanding:
        th = self.thresholds
        text = utterance.text
        base = dict(text=text, speaker=who, speaker_source=source)
        if not ranked:
            return Understanding(ResultKind.REJECTED, reason="aucune annonce ne ressemble à cela", **base)
        best = ranked[0]
        if best.failure and best.cost <= th.explain:
            return Understanding(
                ResultKind.REJECTED,
                cost=best.cost,
                reason=f"{best.failure} (dans « {best.template.text} »)",
                **base,
            )
        clean = [a for a in ranked if a.failure is None]
        if not clean or clean[0].cost > th.accept:
            nearest = clean[0] if clean else best
            return Understanding(
                ResultKind.REJECTED,
                cost=nearest.cost,
                reason=f"pas compris (le plus proche : « {nearest.template.text} », écart {nearest.cost:.2f})",
                **base,
            )
        winner = clean[0]
        rivals = [
            a
            for a in ranked
            if a is not winner and a.cost - winner.cost < th.margin and a.raw - winner.raw < th.margin_raw
        ]
        cand = self._candidate(winner, utterance, who)
        if rivals:
            others = [self._candidate(a, utterance, who) for a in rivals if a.failure is None]
            if not others:
                return Understanding(
                    ResultKind.REJECTED, cost=rivals[0].cost, reason=f"{rivals[0].failure} (dans « {rivals[0].template.text} »)", **base
                )
            phrases = " ou ".join(f"« {c.phrase} »" for c in [cand, *others])
            return Understanding(
                ResultKind.AMBIGUOUS,
                cost=winner.cost,
                reason=f"hésitation entre {phrases}",
                candidates=(cand, *others),
                **base,
            )
        kind = ResultKind.CALL if cand.call else ResultKind.COMMAND
        return Understanding(kind, call=cand.call, command=cand.command, cost=winner.cost, **base)

    def _candidate(self, al: _Alignment, utterance: Utterance, who: str | None) -> Candidate:
        player = who or UNKNOWN_SPEAKER
        fields = _fields(al)
        target = al.template.target
        t = utterance.onset
        if isinstance(target, CallKind):
            allowed = {"number", "combination", "max_stake", "target", "dice"}
            call = Call(target, player, t, **{k: v for k, v in fields.items() if k in allowed})  # type: ignore[arg-type]
            return Candidate(al.cost, al.template.text, call=call)
        allowed = {"target", "item", "rule", "dice"}
        command = Command(target, player, t, **{k: v for k, v in fields.items() if k in allowed})  # type: ignore[arg-type]
        return Candidate(al.cost, al.template.text, command=command)


def _fields(al: _Alignment) -> dict[str, object]:
    """The call/command arguments an alignment carries (list values, then slot values)."""
    fields: dict[str, object] = {}
    dice: list[int] = []
    for name, value in list(al.template.values) + list(al.values):
        if name == "bird":
            fields["number"] = int(value)  # type: ignore[arg-type]
        elif name in ("combination", "item", "rule"):
            fields[name] = value
        elif name == "max_stake":
            fields["max_stake"] = True
        elif name == "number":
            fields["number"] = value
        elif name == "player":
            fields["target"] = value
        elif name == "dice":
            dice.extend(value)  # type: ignore[arg-type]
    if dice:
        fields["dice"] = tuple(dice)
    return fields


def _failure_text(kind: str, fail: str | None) -> str:
    what = {"player": "joueur", "number": "nombre", "dice": "dés"}.get(kind, kind)
    if fail is None or fail == "missing":
        return f"{what} manquant"
    if fail == "unk":
        return f"{what} inaudible ([unk])"
    if fail.startswith("bad:"):
        return f"{what} illisible « {fail[4:]} »"
    if fail.startswith("word:"):
        return f"{what} attendu, entendu « {fail[5:]} »"
    if kind == "player":
        return f"joueur inconnu « {fail} » (pas à la table)"
    return f"{what} : « {fail} »"
