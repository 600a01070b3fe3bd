"""Matching heard text to a call or a command, with a cost — or a reason not to.

Pipeline (compiled once per roster and rules, see :class:`Matcher`):

1. :func:`~voice_scribe.understand.normalize.token_pairs`: lower case,
   apostrophes and hyphens split words; each word keeps a plain form (no
   accents: identity) and its spoken form (accents: sound).
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

import re

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from enum import Enum

import numpy as np
from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from voice_scribe.engine.calls import Call, CallKind
from voice_scribe.engine.rules import Rules
from voice_scribe.speech.utterance import Utterance
from voice_scribe.understand.commands import Command, TableCommand
from voice_scribe.understand.context import Judgement, LazyNow, Standing, Table, allowed_now, complete, judge
from voice_scribe.understand.dice_words import FACES, corrects, may_correct, read_dice
from voice_scribe.understand.question_words import read_question
from voice_scribe.understand.grammar import FILLERS, Grammar, Target, Template, TTok, load_grammar
from voice_scribe.understand.normalize import UNK, phonetic_key, token_pairs, tokens
from voice_scribe.understand.phonetics import phonemes, sound_distance
from voice_scribe.understand.numbers import (
    NUMBER_HOMOPHONES, NUMBER_WORDS, REGIONAL_TENS, die_faces, is_number_token, parse_number,
)
from voice_scribe.understand.roster import Roster

INF = float("inf")
#: Hesitations and encouragements said around a call (« euh », « allez », « oui »): dropped before matching.
#: None of them is a grammar word (a grammar word is never dropped).
DISFLUENCIES = frozenset(
    "euh heu euhh hum hmm mmh hein ben bah bon alors oh ah eh hé he ha oui ouais ouaip allez aller hop voila "
    "voilà tiens bim paf ok okay yes bravo ouf youpi dis donc attention na bordel attends attendez putain merde "
    "zut voyons bam pouf non tabarnak sapristi fichtre purée mince".split()
)
#: Words dropped only at the very start or end of an utterance, even when the grammar uses them elsewhere
#: (« couche sirop là », « tiens, quichage ! »; regional particles too: « pis », « savoir », « peuchère »),
#: compared on their spoken form.
EDGE_FILLERS = frozenset({"là", "tiens", "déjà", "quoi", "donc", "hein", "alors", "voilà", "maintenant", "pis",
                          "savoir", "peuchère", "regarde", "regardez"})
#: Several-word particles dropped only at the very end (« … une fois », « … les gars »: regional and familiar
#: French), compared on their plain form.
EDGE_FILLER_PHRASES: tuple[tuple[str, ...], ...] = (
    ("une", "fois"), ("les", "gars"),
    # the table addressed after a call (« rigodon mon homme », « sloubi raté mon vieux », « … mes amis »)
    ("mon", "vieux"), ("mon", "ami"), ("mes", "amis"), ("les", "amis"), ("mon", "homme"), ("mon", "pote"),
    # a call insisted on (« sganabadarlane j'ai dit »), politeness (« … je vous prie », « … voulez-vous »)
    ("j", "ai", "dit"), ("je", "vous", "prie"), ("voulez", "vous"),
)
#: Words that introduce the speaker's own name before a call (« c'est Karadoc : … », « moi Perceval, … »).
_SELF_INTRO: tuple[tuple[str, ...], ...] = (("c", "est", "moi"), ("c", "est"), ("moi",), ("ici",), ())
#: Several-word fillers (« vas-y », « et voilà »), dropped as a whole.
FILLER_PHRASES: tuple[tuple[str, ...], ...] = (
    ("vas", "y"), ("et", "voila"), ("et", "hop"), ("c", "est", "parti"),
    # politeness, around any call or command (« répète s'il te plaît », « pause svp »)
    ("s", "il", "te", "plait"), ("s", "il", "vous", "plait"), ("stp",), ("svp",),
    # when, said around a question (« c'est qui le meilleur pour l'instant »)
    ("pour", "l", "instant"), ("en", "ce", "moment"),
)
#: Words that follow a number (« un points », « un sur », « un au cul ») and so mark « un » as a number, not an article.
_AFTER_NUMBER = frozenset({"et", "point", "points", "sur", "pour", "contre", "a", "au"})
#: The roller's verbs before what he threw (« j'ai un cinq », « j'ai fait un cinq », « j'ai sorti un cinq »).
_ROLLER_VERBS = frozenset({"ai", "fait", "fais", "eu", "sorti", "tire", "obtiens"})
#: The die faces in words.
_FACE_WORDS = frozenset(word for word in FACES if word.isalpha())
#: The longest French number a call carries (« six cent quatre vingt dix neuf »): longer runs are not read.
MAX_NUMBER_WORDS = 8
#: Grammar words common enough to be commentary around a call (« je fais … », « … je le prends »).
COMMENTARY_WORDS = frozenset(
    "fais fait dis dit prends garde tente sors rentre montre utilise moi toi tour ce ca cela ceci mon ton son sa "
    "ma ta celui ici coup encore aussi bien vite".split()
)
#: Words after which the grammar puts an argument: commentary never starts with one.
_SLOT_INTRODUCERS = frozenset({"pour", "de", "sur", "a", "contre", "du", "des", "en"})
#: Words that open a new clause: after a one-word call, commentary must start with one.
CLAUSE_STARTERS = frozenset({"je", "j", "il", "elle", "on", "tu", "t", "c", "ca", "moi", "pour", "y"})
#: Subjects that open the clause of a reason said after table control (« pause je vais … », « annule ça c'est … »).
_SUBJECTS = frozenset({"je", "j", "il", "elle", "on", "tu", "t", "c", "ca", "vous"})
#: Verbs that announce the call that follows (« je dis … », « je fais … »).
ANNOUNCING = frozenset({"dis", "fais", "annonce", "crie", "tente", "utilise"})
#: At most this many words of commentary before / after a call.
MAX_COMMENTARY = (3, 6)
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
#: Small words that sound like « deux »: after a number they are its misheard last word.
_DE_SOUNDS = frozenset({"de", "des", "d", "dé", "dés"})
#: Words after which a number is said (« pour douze », « de quinze »).
_NUMBER_INTRODUCERS = frozenset({"pour", "de", "sur", "a"})
#: Single letters that stand for an elided word glued to the next one (« jachète », « akadoc »).
_ELIDED = frozenset("jldcmnta")
#: The tens that take « et un » / « et onze » inside one number (« vingt et un », « soixante et onze »).
_TENS_BEFORE_ET = frozenset({"vingt", "trente", "quarante", "cinquante", "soixante", *REGIONAL_TENS})
#: Openings of a sentence *about* a call, not a call (« il a dit pas mou le caillou ? », « hier il a fait
#: grelottine », « il avait fait une velute », « j'ai pas de chouette », « qu'est-ce que … », « pourquoi … »):
#: per position, the words it may be. A phrase of the grammar that itself opens so (« t'as dit quoi »,
#: « qu'est-ce qu'il me manque ») is still read; any other reading is refused.
_ABOUT_A_CALL: tuple[tuple[frozenset[str], ...], ...] = tuple(
    tuple(frozenset(words.split()) for words in frame)
    for frame in (
        # reported: someone else said it (« il a dit … », « t'as crié … », « il aurait annoncé … »)
        ("il elle on t tu vous ils elles", "a as avait avais aurait aurais avez ont", "dit crie annonce"),
        # narrated: the pluperfect and the conditional past (« il avait fait … », « j'aurais dit … »)
        ("il elle on t tu vous ils elles j je", "avait avais aurait aurais aviez auriez avaient auraient"),
        # denied: not had, not done, not said (« j'ai pas de chouette », « il a pas fait … »)
        ("il elle on t tu j je", "ai a as avait avais", "pas jamais", "de d un une fait dit crie annonce"),
        ("il elle on t tu j je", "n", "ai a as avait avais", "pas jamais", "de d un une fait dit crie annonce"),
        # asked about it (« qu'est-ce que … », « pourquoi … »: a question to the scribe is still read)
        ("qu", "est", "ce", "que qu"),
        ("pourquoi",),
        ("pour", "quoi"),
        # had: someone else had it (« il a eu une velute »), should have said it (« il fallait dire … »)
        ("il elle on ils elles", "a avait ont", "eu"),
        ("il", "fallait faudrait"),
        # done: someone else did it (« il a fait une velute », « elle a encore fait … »)
        ("il elle", "a", "fait"),
        ("il elle", "a", "encore deja", "fait"),
        # told: another time (« hier … », « la dernière fois … », « tu te souviens … »)
        ("hier",),
        ("la l", "derniere autre", "fois"),
        ("tu", "te", "souviens rappelles"),
    )
)
#: Remarks after a call that make the whole a sentence about it (« grelottine c'est quand … », « pélican ça
#: veut dire quoi », « pas mou le caillou mon œil », « … hier »): per position, the words it may be, as ``_ABOUT_A_CALL``.
_REMARKS_AFTER: tuple[tuple[frozenset[str], ...], ...] = tuple(
    tuple(frozenset(words.split()) for words in frame)
    for frame in (
        ("c", "est etait", "quand quoi comment combien lorsque"),
        ("ca", "veut", "dire"),
        ("mon", "oeil"),
        # told about another time, said after it too (« j'ai fait un trois hier au yams »)
        ("hier",),
        ("la l", "derniere autre", "fois"),
        ("l", "autre", "jour soir"),
    )
)
#: The first words of the openings of ``_ABOUT_A_CALL`` that ask.
_ASKING = frozenset({"qu", "pourquoi", "pour"})
#: Player name used when neither the audio side nor a spoken name tells who spoke.
UNKNOWN_SPEAKER = "?"


@dataclass(frozen=True)
class Thresholds:
    accept: float = 0.25  # best cost must be at most this
    margin: float = 0.12  # … and the runner-up (another meaning) this much worse
    margin_raw: float = 0.45  # … or worse by this much unnormalised edit weight (about one word)
    explain: float = 0.60  # a slot failure closer than this is the reason given
    shortlist: int = 12  # templates aligned in full
    shortlist_core: int = 4  # … and nearest the heard words without their commentary, per such reading
    sound: float = 0.2  # whole-phrase sound distance accepted when words alone do not fit (free decoding)
    sound_rivals: float = 0.1  # a word reading at least this costly meets the readings by sound as rivals
    context: float = 0.30  # with a table: a legal reading beats an illegal one at most this much cheaper
    max_words: int = 40  # longer than any call with its fillers: rejected before matching (bounded work)
    max_chars: int = 400  # idem, in characters (the longest call is under 100)


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
    sound: str = ""  # phonetic key (of the grammar word, or of what was heard when unknown)
    spoken: str | None = None  # the heard words with their accents (None: as ``heard``), for the phrase's sound

    @property
    def said(self) -> str:
        """What was heard, accents kept: the whole-phrase sound stage reads it."""
        return self.heard if self.spoken is None else self.spoken

    @cached_property
    def is_number(self) -> bool:
        return not self.player and is_number_token(self.word)


@dataclass(frozen=True)
class _Alignment:
    cost: float
    template: Template
    values: tuple[tuple[str, object], ...]
    failure: str | None
    raw: float = 0.0  # total edit weight, before dividing by the template's weight


@dataclass(frozen=True)
class _SoundReading:
    """A phrase read by its sound: its distance (per sound of the phrase, and in all), the stretches compared."""

    norm: float
    raw: float
    template: Template
    values: tuple[tuple[str, object], ...]
    heard: list[str]
    said: list[str]


@dataclass(frozen=True)
class _Plan:
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
    def of(cls, t: Template) -> _Plan:
        # a one-word call (« bévue », « pélican ») is everyday French too; a table command is said to the scribe
        edges = "edges" if t.weight >= 2 or not isinstance(t.target, CallKind) else "strict"
        if t.target in CONTROL:
            edges = "control"
        missing = tuple(
            tok.weight * 0.5 if tok.kind == "word" and not tok.key and tok.word in FILLERS else tok.weight for tok in t.toks
        )
        plain = all(tok.kind == "word" and not tok.key for tok in t.toks)
        return cls(t.toks, missing, edges, t.takes_commentary, t.exact, max(t.weight, 1.0), t.words, plain)


#: When no shape is within half of the heard words, this many with the lowest bounds are compared first (on the
#: tune chatter, about as many as end up compared: 200 shapes in 1.5 C++ calls, of 3388).
_FIRST_COMPARED = 128


@dataclass(frozen=True)
class _Shapes:
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
    def of(cls, keys: Sequence[str]) -> _Shapes:
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
        lowest[np.argpartition(bounds, first - 1)[:first] if first < len(self.keys) else slice(None)] = True
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


def _insert(row: list[float], ins: list[float]) -> None:
    """A row of the alignment with the words heard too many (``ins``: each one's cost), left to right, in place."""
    before = row[0]
    for j, cost in enumerate(ins, 1):
        c = before + cost
        if c < row[j]:
            row[j] = c
        before = row[j]


#: One template's table of alignment costs, filled: its plan, the rows, the cheapest end, the total cost there.
_Table = tuple[_Plan, list[list[float]], int, float]

#: A game to read against, and its ``now()`` asked lazily.
_Context = tuple[Table, LazyNow]


@dataclass(frozen=True)
class _Edges:
    lead: list[float]  # lead[j]: the first j heard words as commentary (INF: they carry meaning)
    tail: list[float]  # tail[j]: the heard words from j on as commentary


@dataclass
class _Heard:
    """The heard words of one utterance, with what every alignment needs of them."""

    utoks: list[UTok]
    spans: list  # per start: (end, kind, value) number and dice runs
    edges: _Edges
    strict_edges: _Edges  # for a call of one word: no commentary before it, and after it only a new clause
    control_edges: _Edges  # for table control: its reason said before it
    ins: list[float]  # cost of each word heard but not in the template
    numeric: list[bool]  # each word is a number here (not an article)
    key_heard: frozenset[int] = frozenset()  # positions of the key words heard (birds, combinations…)
    sub: dict = field(default_factory=dict)  # (template word, key, sound) -> substitution cost of each heard word
    ins_without: dict = field(default_factory=dict)  # key words heard a template lacks -> ``ins`` without them
    spans_for: dict = field(default_factory=dict)  # (slot kind, dice count) -> per word, the runs from there
    player_row: list[float] | None = None  # cost of each heard word where a template has a name
    player_moves: list = field(default_factory=list)  # … and the name read (or the failure) for each


@dataclass(repr=False)
class Matcher:
    """Everything precomputed for one roster and one set of rules; :meth:`understand` is the hot path.

    The one thing it remembers between utterances, and only when read against a game: each player's last
    incomplete call (the first breath of a call said in two), to complete it from the next.
    """

    grammar: Grammar
    roster: Roster
    thresholds: Thresholds = field(default_factory=Thresholds)

    def __post_init__(self) -> None:
        # plain word -> sound key of its spoken (accented) form, as the templates write it
        sounds: dict[str, str] = {w: phonetic_key(w) for w in NUMBER_WORDS | {"et"}}
        self.key_words: set[str] = set()
        self._word_targets: dict[str, set] = {}
        for t in self.grammar.templates + self.grammar.inactive:
            for tok in t.toks:
                if tok.kind == "word":
                    self._word_targets.setdefault(tok.word, set()).add((t.target, t.values))
                    sounds.setdefault(tok.word, tok.sound or phonetic_key(tok.word))
                    if tok.key:
                        self.key_words.add(tok.word)
        self._sound = sounds
        # the sound of every number word (« zero » and « zéro » are one), for free decoding's numbers
        self._number_sounds = sorted({(sounds[w], w) for w in NUMBER_WORDS if w not in ("une", "cents", "vingts")})
        self.vocab = frozenset(sounds)
        self._chars = {w: chr(0x4E00 + i) for i, w in enumerate(sorted(self.vocab))}
        self._by_key: dict[str, list[str]] = {}
        for w in sorted(self.vocab):
            self._by_key.setdefault(sounds[w], []).append(w)
        # a word heard unlike any other is never guessed to be a short filler (« surtout » is not « sur »)
        self._fuzzy_words = sorted(w for w in self.vocab if w not in NUMBER_WORDS and w not in FILLERS and len(w) > 2)
        self._fuzzy_keys = [sounds[w] for w in self._fuzzy_words]
        self._names: list[tuple[tuple[str, ...], str, str]] = []  # (plain tokens, sound of the whole, player)
        for player in self.roster.players:
            for spelling in self.roster.spellings(player):
                pairs = token_pairs(spelling)
                if pairs:
                    plain = tuple(p for p, _ in pairs)
                    self._names.append((plain, phonetic_key("".join(a for _, a in pairs)), player))
        self._names.sort(key=lambda n: -len(n[0]))
        self._name_window = max([3] + [len(toks) for toks, _, _ in self._names])
        self._name_cache: dict[tuple, tuple[str, int, float] | None] = {}
        self._groups: dict[str, list[Template]] = {}
        for t in self.grammar.templates + self.grammar.inactive:
            self._groups.setdefault(self._encode_template(t), []).append(t)
        self._group_keys = list(self._groups)
        self._shapes = _Shapes.of(self._group_keys)
        self._plans = {id(t): _Plan.of(t) for t in self.grammar.templates + self.grammar.inactive}
        self._word_cache: dict[tuple[str, str], UTok | None] = {}
        # with a table: each player's last incomplete call (the first breath of a call said in two)
        self._partials: dict[tuple[str, CallKind], Call] = {}
        # whole-phrase sounds for free decoding (« lit note » → linotte, « civet de trente sur une fuite »):
        # per template, the sounds of its word stretches between its slots, grouped by the slots' pattern
        self._phrase_sounds: dict[tuple[str, ...], dict[str, list[Template]]] = {}
        for t in self.grammar.templates + self.grammar.inactive:
            pattern = _sound_pattern(t)
            if pattern is not None:
                slots, stretches = pattern
                self._phrase_sounds.setdefault(slots, {}).setdefault(_SEP.join(stretches), []).append(t)
        self._phrase_keys = {slots: list(sounds) for slots, sounds in self._phrase_sounds.items()}

    def __repr__(self) -> str:
        return f"Matcher({len(self.grammar.templates)} templates, players={list(self.roster.players)})"

    @classmethod
    def build(cls, roster: Roster | Sequence[str], rules: Rules | None = None, grammar: Grammar | None = None) -> Matcher:
        return cls(grammar or load_grammar(rules), Roster.coerce(roster))

    # ── 2. canonicalisation ──
    def _known(self, word: str, heard: str, cost: float) -> UTok:
        return UTok(word, heard, cost, True, sound=self._sound[word])

    def _name_at(self, heard: list[tuple[str, str]], i: int) -> tuple[str, int, float] | None:
        """A player's name starting at heard word ``i``: (player, words it takes, cost), or None."""
        window = tuple(heard[i : i + self._name_window])
        if window not in self._name_cache:
            if len(self._name_cache) > 20000:
                self._name_cache.clear()
            self._name_cache[window] = self._name_starting(window)
        return self._name_cache[window]

    def _name_starting(self, heard: tuple[tuple[str, str], ...]) -> tuple[str, int, float] | None:
        """A player's name at the start of ``heard`` (at most as many words as the longest name, or 3)."""
        plain = tuple(p for p, _ in heard)
        for toks, _, player in self._names:
            if plain[: len(toks)] == toks:
                return player, len(toks), 0.0
        for span in (3, 2, 1):
            if span > len(heard):
                continue
            if span == 1 and plain[0] in self.vocab:
                continue
            if any(not p.isalpha() or p in NUMBER_WORDS for p in plain[:span]):
                continue  # « 15 Karadoc » is a number, then a name
            key = phonetic_key("".join(a for _, a in heard[:span]))
            hits = {player for _, k, player in self._names if k == key}
            if len(hits) == 1:
                return hits.pop(), span, 0.05
        word, spoken = heard[0]
        if word in self.vocab or len(word) < 4:
            return None
        key = phonetic_key(spoken)
        scored = sorted(((fuzz.ratio(key, k), player) for _, k, player in self._names), reverse=True)
        if scored and scored[0][0] >= 85 and (len(scored) == 1 or scored[0][0] - scored[1][0] >= 10 or scored[1][1] == scored[0][1]):
            return scored[0][1], 1, 0.1 + (100 - scored[0][0]) / 100
        return None

    def _single(self, word: str, spoken: str) -> UTok | None:
        cache_key = (word, spoken)
        if cache_key in self._word_cache:
            return self._word_cache[cache_key]
        result: UTok | None = None
        if word in self.vocab:
            result = self._known(word, word, 0.0)
            same = self._by_key.get(phonetic_key(spoken), ())
            if same and word not in same and spoken != word:
                result = self._known(_closest(word, same), word, 0.02)  # « veluté » is velutée, not velute
        elif word in NUMBER_HOMOPHONES:
            result = self._known(NUMBER_HOMOPHONES[word], word, 0.08)
        else:
            same = self._by_key.get(phonetic_key(spoken))
            if same:
                result = self._known(_closest(word, same), word, 0.05)
            elif len(word) > 2 and not word.isdigit():
                result = self._fuzzy(word, spoken)
        if len(self._word_cache) < 20000:
            self._word_cache[cache_key] = result
        return result

    def _fuzzy(self, word: str, spoken: str) -> UTok | None:
        hits = process.extract(phonetic_key(spoken), self._fuzzy_keys, scorer=fuzz.ratio, limit=3, score_cutoff=72)
        if not hits:
            return None
        best_score, best = hits[0][1], self._fuzzy_words[hits[0][2]]
        for _, score, idx in hits[1:]:
            other = self._fuzzy_words[idx]
            same_meaning = self._word_targets.get(other) == self._word_targets.get(best)
            if other != best and self._sound[other] != self._sound[best] and best_score - score < 8 and not same_meaning:
                return None  # two words of different meanings fit as well: do not pick one
        if best in self.key_words and best_score < 80:
            return None
        return self._known(best, word, 0.1 + (100 - best_score) / 100)

    def canonical(self, heard: list[tuple[str, str]] | list[str]) -> list[UTok]:
        """Heard words (plain, spoken) → grammar words, roster names, numbers, [unk] or unknown words."""
        pairs = self._drop_fillers([(h, h) if isinstance(h, str) else h for h in heard])
        out: list[UTok] = []
        i = 0
        while i < len(pairs):
            start, first = i, len(out)
            word, spoken = pairs[i]
            if word == UNK:
                out.append(UTok(UNK, UNK, unk=True))
                i += 1
                continue
            name = self._name_at(pairs, i)
            merged = self._try_merge(pairs[i], pairs[i + 1]) if not name and i + 1 < len(pairs) else None
            if name:
                player, span, cost = name
                out.append(UTok(player, " ".join(p for p, _ in pairs[i : i + span]), cost, True, player=player))
                i += span
            elif merged:
                out.append(merged)
                i += 2
            else:
                out.extend(self._one_word(word, spoken))
                i += 1
            # the sound of what was said rides on the first word made of it (a split word's parts share it)
            said = " ".join(a for _, a in pairs[start:i])
            out[first:] = [replace(u, spoken=said if k == 0 else "") for k, u in enumerate(out[first:])]
        return out

    def _drop_fillers(self, pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
        """Without hesitations and encouragements (« euh », « allez », « vas-y »); grammar words stay."""
        while pairs and pairs[0][1] in EDGE_FILLERS:
            pairs = pairs[1:]
        while pairs and pairs[-1][1] in EDGE_FILLERS:
            pairs = pairs[:-1]
        for phrase in EDGE_FILLER_PHRASES:
            k = len(phrase)
            kept = [p for p, _ in pairs[: len(pairs) - k]]
            if kept and kept[-1:] != ["encore"] and tuple(p for p, _ in pairs[-k:]) == phrase:
                pairs = pairs[:-k]  # (« encore une fois » asks to repeat)
        out: list[tuple[str, str]] = []
        i = 0
        while i < len(pairs):
            phrase = next((f for f in FILLER_PHRASES if tuple(p for p, _ in pairs[i : i + len(f)]) == f), None)
            if phrase:
                i += len(phrase)
                continue
            if pairs[i][0] not in DISFLUENCIES or pairs[i][0] in self.vocab:
                out.append(pairs[i])
            i += 1
        return out

    def _one_word(self, word: str, spoken: str) -> list[UTok]:
        single = self._single(word, spoken)
        if single and single.cost < 0.1:
            return [single]
        parts = self._split(word) or self._split_name(word)
        if parts:
            return parts
        return [single] if single else [UTok(word, word, sound=phonetic_key(spoken))]

    def _try_merge(self, first: tuple[str, str], second: tuple[str, str]) -> UTok | None:
        """« ve lute » → velute, « si rote » → sirote: two heard words that are one grammar word."""
        (p1, a1), (p2, a2) = first, second
        if UNK in (p1, p2) or not p1.isalpha() or not p2.isalpha():
            return None
        merged = p1 + p2
        if p1 in self.vocab and p2 in self.vocab and merged not in self.vocab:
            return None
        tok = self._merge(merged, a1 + a2)
        if tok is None and a2[:1] == "s" and a1[-1:] in "aeiouyéèêàùâîô":
            tok = self._merge(merged, a1 + "s" + a2)  # « uni son »: an s after a word break is unvoiced
        if tok is None or tok.word in (p1, p2):
            return None
        if (p2 in self.vocab and tok.sound == phonetic_key(a1)) or (p1 in self.vocab and tok.sound == phonetic_key(a2)):
            return None  # the merge would swallow a real word (« de » + « des » → « des »)
        return self._known(tok.word, f"{p1} {p2}", tok.cost + 0.1)

    def _merge(self, merged: str, spoken: str) -> UTok | None:
        if merged in self.vocab:
            return self._known(merged, merged, 0.0)
        same = self._by_key.get(phonetic_key(spoken))
        return self._known(_closest(merged, same), merged, 0.05) if same else None

    def _split_name(self, word: str) -> list[UTok] | None:
        """« surkaradoc » → sur + Karadoc."""
        for toks, key, player in self._names:
            name = "".join(toks)
            if len(toks) == 1 and word.endswith(name) and word[: -len(name)] in self.vocab:
                left = word[: -len(name)]
                return [self._known(left, left, 0.1), UTok(player, name, 0.1, True, player=player, sound=key)]
        return None

    def _split(self, word: str) -> list[UTok] | None:
        """« pasmou » → pas mou: one heard word that is two grammar words."""
        if len(word) < 5 or word in self.vocab:
            return None
        for k in range(1, len(word) - 1):
            left, right = word[:k], word[k:]
            if left in self.vocab and (len(left) > 1 or (left in _ELIDED and len(right) > 3)) and len(right) > 1:
                if left in NUMBER_WORDS and right not in self.vocab:
                    continue  # a number glued to a word only sounding like one is another word (« dixain »)
                tok = self._merge(right, right)
                if tok:
                    return [self._known(left, left, 0.1), self._known(tok.word, right, tok.cost + 0.1)]
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
            elif u.word == "et" and j > 0 and utoks[j - 1].word in _TENS_BEFORE_ET and j + 1 < len(utoks) and utoks[j + 1].word in ("un", "une", "onze"):
                continue  # « vingt et un » is one number; « trois six et un » is three dice
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
        if nxt.is_number:
            # « j'ai (fait) un cinq »: after the roller's verb, « un » before the one face said last is an article
            last = j + 2 == len(utoks) or not (utoks[j + 2].is_number or utoks[j + 2].word == "et")
            return j > 0 and utoks[j - 1].word in _ROLLER_VERBS and last and nxt.word in _FACE_WORDS
        return nxt.word not in _AFTER_NUMBER

    def _shortlist(self, utoks: list[UTok], edges: _Edges | None = None, control: _Edges | None = None) -> list[Template]:
        """The templates nearest the heard words, and nearest them without their commentary (if any), or
        without the reason said before table control (``control``)."""
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
            code, limit = self._encode_heard(query), self.thresholds.shortlist if k == 0 else self.thresholds.shortlist_core
            if not any(c == code and n >= limit for c, n in zip(codes, limits)):
                codes.append(code)
                limits.append(limit)
        for near in self._shapes.nearest(codes, limits):
            keys.update((self._group_keys[i], None) for i in near)
        return [t for key in keys for t in self._groups[key]]

    # ── 4. alignment ──
    def _ins_cost(self, u: UTok, article: bool = True) -> float:
        """Cost of a heard word the template does not have (``article``: « un »/« une » before a noun)."""
        if u.unk:
            return 0.5
        if u.is_number and u.word in ("un", "une") and article:
            return 0.15
        if u.word in FILLERS and not u.is_number:
            return 0.15
        if u.is_number or u.player or u.word in self.key_words:
            return 1.0  # a number, a name or a key word left out would change the meaning
        return 0.7 if u.known else 0.5

    def _sub_cost(self, t: TTok, u: UTok, numeric: bool) -> float:
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
        if u.word in self.key_words and not u.player:
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
            if utoks[j].unk and utoks[j - 1].is_number and utoks[j + 1].is_number and not self._is_article(utoks, j + 1)
        }
        # an unknown word touching a number may be a misheard part of it (« kent soixante trois »)
        fuzzy_edge = {j for j in range(n) if not utoks[j].known and not utoks[j].unk and self._number_like(utoks[j])}
        for j in range(n):
            if not utoks[j].is_number or self._is_article(utoks, j):
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
            and utoks[end].heard in _DE_SOUNDS
            and (end + 1 == len(utoks) or not utoks[end + 1].is_number)
        )

    def _number_like(self, u: UTok) -> bool:
        """An unknown word that may be a misheard part of a number (« kent »), not a small word (« du », « cu »)."""
        if u.word in FILLERS or len(u.sound) < 2:
            return False
        return max(fuzz.ratio(u.sound, self._sound[w]) for w in NUMBER_WORDS) >= 60

    def _align(self, t: Template, heard: _Heard) -> _Alignment:
        """Weighted, slot-aware edit distance: the table of costs row by row (one row per template token, each
        a few list operations: it is the hot path), then the cheapest path traced back through it.

        ``edges``: the cost of taking the first *j* / the words from *j* on as commentary around the call.
        """
        return self._ended(t, heard, self._fill(t, heard))

    def _fill(self, t: Template, heard: _Heard) -> _Table:
        """``_align``'s table of costs (its plan, the rows, the cheapest end and the cost there)."""
        plan = self._plans.get(id(t)) or _Plan.of(t)
        utoks = heard.utoks
        edges = heard.control_edges if plan.edges == "control" else heard.strict_edges if plan.edges == "strict" else heard.edges
        m, n = len(plan.toks), len(utoks)
        scale = plan.scale  # commentary costs what it costs, whatever the call's length
        start = [c * scale for c in edges.lead] if plan.commentary else [0.0] + [INF] * n
        ins = self._ins_row(plan, heard)
        row = list(start)
        D = [row]
        for i, tok in enumerate(plan.toks):
            _insert(row, ins)
            missing = plan.missing[i]  # the template token missing from what was heard
            from_missing = [here + missing for here in row]
            if tok.kind == "word" or tok.kind == "player":
                # hearing each word in its place: one cost per heard word (a name: its value or its failure)
                subs = self._sub_row(tok, heard) if tok.kind == "word" else self._player_row(heard)
                nrow = [from_missing[0]]
                nrow += [s if s <= mi else mi for s, mi in zip([a + b for a, b in zip(row, subs)], from_missing[1:])]
            else:
                nrow = from_missing
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
        if plan.commentary:
            tail = edges.tail
            best = INF
            for j, here in enumerate(row):  # the cheapest end, the latest of equals
                c = here + tail[j] * scale
                if c <= best:
                    best, end = c, j
        total = row[end] + (edges.tail[end] * scale if end < n else 0.0)
        return plan, D, end, total

    def _ended(self, t: Template, heard: _Heard, table: _Table) -> _Alignment:
        """The alignment whose table ``_fill`` filled, its path traced back (a phrase of words only, none of
        them a key word, has neither a value nor a failure to find on it)."""
        plan, D, end, total = table
        if plan.plain:
            return _Alignment(total / max(t.weight, 1.0), t, (), None, total)
        return self._trace(t, plan, heard, D, end, total)

    def _trace(self, t: Template, plan: _Plan, heard: _Heard, D: list[list[float]], end: int, total: float) -> _Alignment:
        """The slot values and the first failure on the cheapest path to ``D[m][end]``: each cell's move is the
        first, in the order the table was filled, that gives its cost (the same sums, so the same floats): from
        the row above, a word heard in its place (a slot's value or failure) then the template token missing;
        then a word heard too many."""
        values: list[tuple[str, object]] = []
        failure: str | None = None
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
                    failure = _failure_text(kind, fail)
            elif fail == "missing" and tok.key and failure is None:
                failure = f"mot « {tok.word} » manquant"
            i, j = i - 1, pj
        values.reverse()
        return _Alignment(total / max(t.weight, 1.0), t, tuple(values), failure, total)

    def _run_into(self, tok: TTok, heard: _Heard, up: list[float], j: int, here: float) -> tuple[int, object, str | None]:
        """The number or dice run from the row above that gives cell ``j`` its cost ``here`` (its first word,
        value, failure), the first in the order the row was filled; (-1, None, None) when none does."""
        for k, moves in enumerate(self._span_moves(tok, heard)[:j]):
            if up[k] == INF:
                continue
            for end, add, val, fail in moves:
                if end == j and up[k] + add == here:
                    return k, val, fail
        return -1, None, None

    def _ins_row(self, plan: _Plan, heard: _Heard) -> list[float]:
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

    def _player_row(self, heard: _Heard) -> list[float]:
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

    def _span_moves(self, tok: TTok, heard: _Heard) -> list[list[tuple[int, float, object, str | None]]]:
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

    def _sub_row(self, tok: TTok, heard: _Heard) -> list[float]:
        """What hearing each heard word costs where the template says ``tok`` (worked out once per word)."""
        memo = (tok.word, tok.key, tok.sound)
        row = heard.sub.get(memo)
        if row is None:
            row = heard.sub[memo] = [self._sub_cost(tok, u, heard.numeric[j]) for j, u in enumerate(heard.utoks)]
        return row

    # ── 5. decision ──
    def understand(
        self, utterance: Utterance | str, speaker: str | None = None, table: Table | None = None
    ) -> Understanding:
        """One utterance (or bare text) → its meaning. ``speaker`` stands in when the utterance has none.

        ``table`` (the game, or anything with its ``check``/``now``): readings are weighed by what the
        engine would do with them now; without it, every call is considered (out of context).
        """
        if isinstance(utterance, str):
            utterance = Utterance(t=0.0, text=utterance, speaker=speaker)
        elif speaker and not utterance.speaker:
            utterance = replace(utterance, speaker=speaker)
        text = utterance.text
        too_long = self._too_long(text)
        if too_long:
            source = "audio" if utterance.speaker else None
            return Understanding(ResultKind.REJECTED, text, utterance.speaker, source, reason=too_long)
        utoks = _collapse_repeats(self._numbers_by_sound(self.canonical(token_pairs(text))))
        plain = _plain_words(utoks)
        # a sentence about a call: only some phrases read it (below), so every reading is worked out
        about, remark = _about_a_call(plain), _remark_after(plain)
        every = bool(about or remark)
        who, source = (utterance.speaker, "audio") if utterance.speaker else (None, None)
        intro = _self_intro(utoks)
        addressee: list[UTok] = []
        if intro:
            if who is None:
                who, source = intro[0], "name"
            elif intro[0] != who and intro[1] == 1:
                addressee = utoks[:1]  # « Léodagan, en garde ma mignonne ! » said by another: the name may be the target
            utoks = utoks[intro[1] :]
        elif address := _addressed(utoks):
            # « toi Yvain, en garde ma mignonne », « toi là Karadoc : grelottine »: the one spoken to
            addressee, utoks = utoks[address - 1 : address], utoks[address:]
        if not utoks or all(u.unk for u in utoks):
            return Understanding(ResultKind.REJECTED, text, who, source, reason="rien d'intelligible")
        now = LazyNow(table) if table is not None else None
        ranked = self._rank(utoks, now, every)
        for pointed in ((utoks + addressee), (addressee + utoks)) if addressee else ():
            readings = self._rank(pointed, now, every)  # the name as the target, after the call or where it was said
            if _clean_cost(readings) <= min(_clean_cost(ranked), self.thresholds.accept):
                ranked = readings
        ranked = self._with_sound(ranked, utoks, now)
        if _clean_cost(ranked) > self.thresholds.accept:
            ranked = self._said_again(utoks, now, every) or ranked
        # the speaker's own name said after the call (« pas mou le caillou, Karadoc ! »)
        last = utoks[-1].player
        # … but « c'est Karadoc » alone is a name said (the answer to « qui a dit ? »), not a call without it
        said_more = any(u.word not in FILLERS for u in utoks[:-1])
        if len(utoks) > 1 and last and who in (None, last) and said_more:
            trimmed = self._rank(utoks[:-1], now, every)
            full = _clean_cost(ranked)
            # the speaker's own name is not the target of his own call: trimmed wins when it reads — unless a
            # word that introduces an argument puts it there (« … sur une velute pour Karadoc »)
            introduced = utoks[-2].word in _SLOT_INTRODUCERS
            own = who == last and not introduced and _clean_cost(trimmed) <= self.thresholds.accept
            better = own or (_clean_cost(trimmed) < full and full > self.thresholds.accept)
            if better:
                ranked = trimmed
                if who is None:
                    who, source = last, "name"
        if about or remark:
            # a sentence about a call: only a phrase of the grammar that opens with the same words (or has the
            # remark's words) reads it
            asked = bool(about) and about[0] in _ASKING
            ranked = [a for a in ranked if _reads_about(a.template, about, remark, asked)]
            if not ranked:
                return Understanding(
                    ResultKind.REJECTED, text, who, source,
                    reason=f"on parle d'une annonce, ce n'en est pas une (« {text.strip()} »)",
                )
        context = (table, now) if table is not None else None
        decided = self._decide(utterance, ranked, who, source, context)
        if not (about or remark or decided.accepted):
            # no phrase reads the words: a throw or a question in the speaker's own words is read by its
            # structure — when the phrases read nothing, or hesitate and the structure says which of them it is
            structure = _by_structure(utoks, text, self.thresholds.accept)
            if structure and (decided.kind is ResultKind.REJECTED or _among(structure[0], decided.candidates)):
                decided = self._decide(utterance, structure, who, source, context)
        decided = _asked_if_correcting(decided)
        return _asked_if_article(decided, utoks) if table is None else decided

    def _rank(self, utoks: list[UTok], now: LazyNow | None = None, every: bool = False) -> list[_Alignment]:
        """The best alignment per meaning (kind + arguments + whether a slot failed), cheapest first.

        Only the paths the decision can read are traced back (see :meth:`_aligned`); ``every``: all of them
        (a sentence about a call keeps only some phrases, and any of those may be the one read).
        """
        heard = self._heard(utoks)
        templates = [
            template
            for template in self._shortlist(utoks, heard.edges, heard.control_edges)
            if not template.needs_state or allowed_now(now, template.target)
        ]
        if every:
            return _best_per_meaning(al for al in (self._align(t, heard) for t in templates) if al.cost != INF)
        return self._aligned(templates, heard)

    def _aligned(self, templates: list[Template], heard: _Heard) -> list[_Alignment]:
        """``_best_per_meaning`` of the templates' alignments, each path traced back only when it may matter.

        Every template's table is filled (its cost); the paths (a slot's value, a failure: what makes the
        meaning) are traced back from the cheapest up, and once a cost is over what the decision reads beside
        the best clean reading found (:meth:`_read_up_to`), no costlier alignment can change the answer. The
        readings are the same, in the same order: when two of them cost exactly the same, their order may
        hang on where an untraced one of the same meaning stood, so then every path is traced.
        """
        filled = [self._fill(t, heard) for t in templates]
        costs = [table[3] / max(t.weight, 1.0) for t, table in zip(templates, filled)]
        found: dict[int, _Alignment] = {}
        best = INF
        for k in sorted(range(len(filled)), key=costs.__getitem__):
            if costs[k] == INF or costs[k] > self._read_up_to(best):
                break
            al = found[k] = self._ended(templates[k], heard, filled[k])
            if al.failure is None and al.cost < best:
                best = al.cost
        ranked = _Readings(_best_per_meaning(found[k] for k in sorted(found)))
        untraced = [k for k, cost in enumerate(costs) if k not in found and cost != INF]
        if untraced:

            def every() -> list[_Alignment]:
                for k in untraced:
                    found[k] = self._ended(templates[k], heard, filled[k])
                return _best_per_meaning(found[k] for k in sorted(found))

            if _tied(ranked):
                return _Readings(every())
            ranked.every = every
        return ranked

    def _read_up_to(self, best: float) -> float:
        """The costliest reading the decision may look at when the best clean one costs ``best``: near it
        when it is accepted (the rivals within ``margin`` of the reading the table takes, itself within
        ``context`` of the best and accepted), only the best when nothing is (the reason names the nearest).
        Never lower for a higher ``best``: a cost over it stays over it as better readings are found."""
        th = self.thresholds
        return max(best, min(min(best, th.accept) + th.context + th.margin, th.accept + th.margin))

    def _heard(self, utoks: list[UTok]) -> _Heard:
        """Everything about the heard words that every template's alignment uses, worked out once."""
        articles = [self._is_article(utoks, j) for j in range(len(utoks))]
        edges = self._edges(utoks)
        return _Heard(
            utoks,
            self._spans(utoks),
            edges,
            _strict(edges, utoks),
            self._control_edges(utoks, edges),
            [self._ins_cost(u, articles[j]) for j, u in enumerate(utoks)],
            [u.is_number and not articles[j] for j, u in enumerate(utoks)],
            frozenset(j for j, u in enumerate(utoks) if u.word in self.key_words and not u.player),
        )

    def _edges(self, utoks: list[UTok]) -> _Edges:
        """What it costs to hear the first *j* words, or the words from *j* on, as commentary around a call.

        « je fais mi jarret », « jarret souple je le garde », « pause pipi »: words that change no meaning
        (no number, name, key word or word of the grammar but the commonest) said before or after it.
        """
        n = len(utoks)
        word_cost = [self._commentary_cost(u) for u in utoks]
        lead = [INF] * (n + 1)
        lead[0] = 0.0
        for j in range(min(n, MAX_COMMENTARY[0])):
            lead[j + 1] = lead[j] + word_cost[j]
        tail = [INF] * (n + 1)
        tail[n] = 0.0
        for j in range(n - 1, max(-1, n - 1 - MAX_COMMENTARY[1]), -1):
            tail[j] = tail[j + 1] + word_cost[j]
        for j in range(n):
            after_introducer = j > 0 and utoks[j - 1].word in _SLOT_INTRODUCERS and not utoks[j].known
            introduces = utoks[j].word in _SLOT_INTRODUCERS and not (
                j + 1 < n and utoks[j + 1].word in COMMENTARY_WORDS  # « … pour moi », « … pour ce tour »
            )
            if introduces or after_introducer:
                tail[j] = INF  # « … pour doux »: what follows « pour » is the call's own argument, misheard
        for j in range(2, n):
            if utoks[j - 1].word == "pas" and utoks[j - 2].is_number and _only_numbers(utoks[j:]):
                # « c'était cinq et cinq pas | cinq et six »: the value said wrong, after a correction's « pas »
                tail[j] = min(tail[j], 0.04 * (n - j))
        return _Edges(lead, tail)

    def _control_edges(self, utoks: list[UTok], edges: _Edges) -> _Edges:
        """Around table control, its reason: before it (« c'est pas valable annule ») or after it, as a new
        clause (« pause je vais chercher le pastis », « annule ça c'est pas bon »): numbers and grammar words
        too, never a name nor a key word."""
        lead, running = list(edges.lead), 0.0
        if utoks and utoks[0].heard in _SUBORDINATORS:
            return edges  # « si tu fais pause », « quand t'as annulé »: a clause about the command
        reason = [self._reason_cost(u) for u in utoks]
        for j in range(min(len(utoks), MAX_CONTROL_LEAD)):
            running += reason[j]
            if utoks[j].word not in _GOVERNING:  # « ce n'est pas annule », « il faut dire pause »: not said to the scribe
                lead[j + 1] = min(lead[j + 1], running)
        n, tail, running = len(utoks), list(edges.tail), 0.0
        for j in range(n - 1, max(0, n - 1 - MAX_CONTROL_LEAD), -1):
            running += min(reason[j], 0.04)  # the command said first: its reason, a clause of its own, costs less
            if utoks[j].word in _SUBJECTS:
                tail[j] = min(tail[j], running)
        return _Edges(lead, tail)

    def _reason_cost(self, u: UTok) -> float:
        """A word of the reason said around table control: any word but a name, a key word or ``[unk]``."""
        word = INF if u.unk or u.player or (u.word in self.key_words and not u.is_number) else 0.06
        return min(word, self._commentary_cost(u))

    def _commentary_cost(self, u: UTok) -> float:
        if u.unk or u.is_number or u.player or u.word in self.key_words:
            return INF
        if u.word in FILLERS or u.word in COMMENTARY_WORDS:
            return 0.04
        if u.known or self._sounds_like_a_name(u):
            return INF
        return 0.08

    def _sounds_like_a_name(self, u: UTok) -> bool:
        """An unknown word that could be part of a player's name (« léo dans »): not commentary."""
        return len(u.sound) >= 2 and any(fuzz.partial_ratio(u.sound, key) >= 80 for _, key, _ in self._names)

    def _numbers_by_sound(self, utoks: list[UTok]) -> list[UTok]:
        """Words a free decoder writes for a number (« pour doux » → douze, « cadre » → quatre, « trois sans
        quarante » → cent), read as that number only where a number is said — next to one, or after a word
        that introduces one — and only when one number alone sounds that close."""
        out = list(utoks)
        for j, u in enumerate(utoks):
            if u.is_number or u.player or u.unk or u.word in FILLERS or len(u.sound) < 2:
                continue
            before = j > 0 and utoks[j - 1].is_number
            after = j + 1 < len(utoks) and utoks[j + 1].is_number
            introduced = j > 0 and utoks[j - 1].word in _NUMBER_INTRODUCERS and not after
            if not ((before and after) or (not u.known and (before or after or introduced))):
                continue
            word = self._number_of_sound(phonetic_key(u.heard.replace(" ", "")))  # as heard, not as guessed
            if word is not None:
                out[j] = UTok(word, u.heard, 0.15, True, sound=self._sound[word], spoken=u.spoken)
        return self._throw_by_sound(out)

    def _throw_by_sound(self, utoks: list[UTok]) -> list[UTok]:
        """A throw said alone (« cadre et cadre », « cadre cadre de »): when every word is a number, « et », or
        a word only one number sounds like, they are all numbers (a final « de » is « deux »)."""
        if len(utoks) < 2 or utoks[0].word == "et" or utoks[-1].word == "et":
            return utoks
        out: list[UTok] = []
        for j, u in enumerate(utoks):
            if u.is_number or u.word == "et":
                out.append(u)
                continue
            last_de = j == len(utoks) - 1 and u.heard in _DE_SOUNDS
            word = "deux" if last_de else (
                None if u.player or u.unk or (u.known and u.cost < 0.1) else self._number_of_sound(phonetic_key(u.heard.replace(" ", "")))
            )
            if word is None:
                return utoks
            out.append(UTok(word, u.heard, 0.15, True, sound=self._sound[word], spoken=u.spoken))
        return out

    def _number_of_sound(self, sound: str) -> str | None:
        """The one number word within one sound edit of ``sound`` (none when two numbers are as close)."""
        scored = sorted((Levenshtein.distance(sound, key), word) for key, word in self._number_sounds)
        best = scored[0][0]
        words = {w for d, w in scored if d == best}
        return words.pop() if best <= 1 and len(words) == 1 else None

    def _said_again(self, utoks: list[UTok], now: LazyNow | None, every: bool = False) -> list[_Alignment]:
        """A call with some of its words said again (« pas mou le caillou pas mou », « artichette Yvain
        artichette », « chouette je parie chouette »): read once without the words said later again, once
        without those said first; the cheaper reading that fits is taken, as if they were said once."""
        best: list[_Alignment] = []
        for keep_first in (True, False):
            once = _said_once(utoks, keep_first)
            if once is None:
                continue
            readings = self._rank(once, now, every)
            if _clean_cost(readings) <= min(self.thresholds.accept, _clean_cost(best)):
                best = readings
        return best

    def _by_sound(self, utoks: list[UTok], now: LazyNow | None = None) -> list[_Alignment]:
        """Readings by the sound of the whole phrase, for what free decoding writes (« bergère on nette »,
        « civet de trente sur une fuite », « passe gros lot Léodagan »).

        The heard words are cut at the slot values they carry (a player's name, a number read as one), and
        the sound of each stretch between them (:mod:`~voice_scribe.understand.phonetics`) is compared with the
        stretches of every phrase with those slots in that order; numbers are also tried as plain sounds (« cul
        deux chouettes »). A reading counts when its sound differs by at most ``sound`` of its length and is
        about as long (a whole extra syllable is an extra word: « beau sirop gagnant » is not one call); every
        reading about as close as the best one — within ``margin`` of its length or one sound — stays a rival
        (« bizarre et »: bi-jarret or bjarret? the scribe asks).
        """
        if any(u.unk for u in utoks):
            return []
        found: list[_SoundReading] = []
        for numbers_as_slots in (True, False):
            cut = self._sound_cut(utoks, numbers_as_slots)
            if cut is None or (not numbers_as_slots and not any(u.is_number for u in utoks)):
                continue
            found += self._sound_readings(*cut, utoks)
        if not found:
            return []
        best = min(found, key=lambda r: (r.norm, r.raw))
        if best.norm > self.thresholds.sound:
            return []
        # when the best reading contradicts a sound heard (changes one, or has none for it), a reading within
        # one more sound is as good to the ear: a rival whatever its length (« bizarre et »: bi-jarret or
        # bjarret?); a reading that only supplies sounds not heard (« quiche et de » for quichette) has only
        # the close rivals
        contradicted = sum(sound_distance(h, w, supplied=0.0) for h, w in zip(best.heard, best.said))
        slack = 1.0 if contradicted >= 0.5 else 0.0
        alignments = []
        for r in found:
            if r.template.needs_state and not allowed_now(now, r.template.target):
                continue
            if r.raw <= best.raw + slack:  # as good to the ear: costed within the margin of the best
                cost = best.norm + 0.05 + min(r.norm - best.norm, self.thresholds.margin / 2)
            elif r.norm <= best.norm + self.thresholds.margin:
                cost = r.norm + 0.05
            else:
                continue
            alignments.append(_Alignment(cost, r.template, r.values, None, cost * r.template.weight))
        return _best_per_meaning(alignments)

    def _sound_cut(self, utoks: list[UTok], numbers_as_slots: bool) -> tuple[tuple[str, ...], list[str], tuple] | None:
        """The heard words as (slot pattern, the sound of each stretch between slots, the slots' values)."""
        slots: list[str] = []
        values: list[tuple[str, object]] = []
        stretches: list[list[str]] = [[]]
        j, n = 0, len(utoks)
        while j < n:
            u = utoks[j]
            if u.player:
                slots.append("P")
                values.append(("player", u.player))
                stretches.append([])
                j += 1
                continue
            if numbers_as_slots and _said_number(u) and not self._is_article(utoks, j):
                end = j + 1
                while end < n and (_said_number(utoks[end]) or (utoks[end].word == "et" and end + 1 < n and _said_number(utoks[end + 1]))):
                    end += 1
                value = parse_number([x.word for x in utoks[j:end]])
                if value is None:
                    return None
                slots.append("N")
                values.append(("number", value))
                stretches.append([])
                j = end
                continue
            stretches[-1].append(u.said)
            j += 1
        return tuple(slots), [phonemes(" ".join(words)) for words in stretches], tuple(values)

    def _sound_readings(
        self, slots: tuple[str, ...], stretches: list[str], values: tuple, utoks: list[UTok]
    ) -> list[_SoundReading]:
        """The phrases with these slots that sound close to the heard stretches."""
        keys = self._phrase_keys.get(slots)
        heard_len = sum(len(x) for x in stretches)
        if not keys or heard_len < 4:
            return []
        # a key word heard as itself (« mouette ») is never swallowed into another phrase's sound
        # (« bé jarret » may be bjarret: the sound of « jarret » is in it)
        kept = [phonemes(u.said) for u in utoks if u.word in self.key_words and u.cost < 0.1 and not u.player]
        hits = process.extract(_SEP.join(stretches), keys, scorer=Levenshtein.normalized_distance, limit=12, score_cutoff=0.6)
        out = []
        for key, _, _ in hits:
            said = key.split(_SEP)
            length = sum(len(x) for x in said)
            if length < 4 or abs(length - heard_len) > max(1, length // 8) or not all(k in key for k in kept):
                continue
            if not _number_edges_kept(slots, stretches, said):
                continue
            raw = sum(sound_distance(h, w) for h, w in zip(stretches, said))
            out += [_SoundReading(raw / length, raw, t, values, stretches, said) for t in self._phrase_sounds[slots][key]]
        return out

    def _with_sound(self, ranked: list[_Alignment], utoks: list[UTok], now: LazyNow | None) -> list[_Alignment]:
        """The readings by word, and by the sound of the whole phrase: instead of them when no word reading fits,
        beside them when the word reading had to fit a word the grammar does not have (« bé jarret »: bi-jarret by its words, bjarret by its
        sound — a question, not a pick). A call word is accepted through sound only when no other is as close."""
        best = _clean_cost(ranked)
        guessed = any(not u.known and not u.unk for u in utoks)  # a heard word the grammar does not have
        if best <= self.thresholds.accept and (best < self.thresholds.sound_rivals or not guessed):
            return ranked
        sound = self._by_sound(utoks, now)
        if best > self.thresholds.accept:
            return sound or ranked
        if not sound:
            return ranked
        merged = _best_per_meaning(ranked + sound)
        if _tied(merged) and isinstance(ranked, _Readings) and ranked.every is not None:
            # two readings as costly: their order may hang on where an untraced one of the same meaning stood
            merged = _best_per_meaning(ranked.every() + sound)
        return merged

    def _too_long(self, text: str) -> str | None:
        """A French reason when ``text`` is longer than any call can be (checked before any matching work)."""
        th = self.thresholds
        if len(text) > th.max_chars:
            return f"phrase trop longue pour une annonce ({len(text)} caractères, au plus {th.max_chars})"
        words = len(token_pairs(text))
        if words > th.max_words:
            return f"phrase trop longue pour une annonce ({words} mots, au plus {th.max_words})"
        return None

    def _decide(
        self, utterance: Utterance, ranked: list[_Alignment], who: str | None, source: str | None,
        context: _Context | None = None,
    ) -> Understanding:
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
                reason=f"{best.failure} (dans « {_shown(best.template.text)} »)",
                **base,
            )
        clean = [a for a in ranked if a.failure is None]
        if not clean or clean[0].cost > th.accept:
            nearest = clean[0] if clean else best
            return Understanding(
                ResultKind.REJECTED,
                cost=nearest.cost,
                reason=f"rien d'assez proche d'une annonce (la plus proche : « {_shown(nearest.template.text)} »)",
                **base,
            )
        winner = clean[0]
        judged: dict[int, Judgement] = {}
        if context is not None:
            winner, judged = self._weigh(clean, utterance, who, context)
            if judged[id(winner)].standing >= Standing.INCOMPLETE:
                cand = self._candidate(winner, utterance, who)
                whole = self._complete(cand, judged[id(winner)], context, who)
                if whole is not None:
                    return Understanding(ResultKind.CALL, call=whole, cost=winner.cost, **base)
                return Understanding(
                    ResultKind.REJECTED,
                    cost=winner.cost,
                    reason=f"« {_shown(winner.template.text)} » : {judged[id(winner)].reason}",
                    candidates=(cand,),
                    **base,
                )
        if winner.template.variant:
            return Understanding(
                ResultKind.REJECTED,
                cost=winner.cost,
                reason=(
                    f"« {_shown(winner.template.text)} » est l'annonce d'une variante que cette table ne joue pas"
                    f" ({winner.template.variant})"
                ),
                **base,
            )
        rivals = [
            a
            for a in ranked
            if a is not winner and a.cost - winner.cost < th.margin and a.raw - winner.raw < th.margin_raw
            and (not judged or (id(a) in judged and judged[id(a)].standing <= judged[id(winner)].standing))
        ]
        cand = self._candidate(winner, utterance, who)
        if rivals:
            others = [self._candidate(a, utterance, who) for a in rivals if a.failure is None]
            if not others:
                return Understanding(
                    ResultKind.REJECTED, cost=rivals[0].cost, reason=f"{rivals[0].failure} (dans « {_shown(rivals[0].template.text)} »)", **base
                )
            return Understanding(
                ResultKind.AMBIGUOUS,
                cost=winner.cost,
                reason=_hesitation([c.phrase for c in [cand, *others]]),
                candidates=(cand, *others),
                **base,
            )
        if _unstaked(winner.template, text):
            return Understanding(ResultKind.REJECTED, cost=winner.cost,
                                 reason=f"mise sans « sur » (la plus proche : « {_shown(winner.template.text)} »)", **base)
        kind = ResultKind.CALL if cand.call else ResultKind.COMMAND
        return Understanding(kind, call=cand.call, command=cand.command, cost=winner.cost, **base)

    def _complete(self, cand: Candidate, judgement: Judgement, context: _Context, who: str | None) -> Call | None:
        """An incomplete call made whole from the state, or remembered as this player's first breath."""
        call = cand.call
        if call is None or who is None or judgement.standing is not Standing.INCOMPLETE:
            return None
        table, now = context
        whole = complete(table, now, call, self._partials.get((who, call.kind)))
        if whole is None:
            self._partials[(who, call.kind)] = call
        else:
            self._partials.pop((who, call.kind), None)
        return whole

    def _weigh(
        self, clean: list[_Alignment], utterance: Utterance, who: str | None, context: _Context
    ) -> tuple[_Alignment, dict[int, Judgement]]:
        """The reading the engine takes best among those close to the cheapest, and each one's judgement."""
        table, now = context
        th = self.thresholds
        close = [a for a in clean if a.cost <= th.accept and a.cost - clean[0].cost <= th.context] or clean[:1]
        judged = {id(a): judge(table, now, self._candidate(a, utterance, who).call, who is not None) for a in close}
        winner = min(close, key=lambda a: (judged[id(a)].standing, a.cost))
        return winner, judged

    def _candidate(self, al: _Alignment, utterance: Utterance, who: str | None) -> Candidate:
        player = who or UNKNOWN_SPEAKER
        fields = _fields(al)
        if fields.pop("self_target", False) and who:
            fields["target"] = who  # « combien j'ai »: the speaker asks about himself
        target = al.template.target
        t = utterance.onset
        if target in _THROWS and corrects(tokens(utterance.text)):
            target = TableCommand.CORRECTION  # « erreur, c'est six six deux »: the throw said again corrects the last
        if isinstance(target, CallKind):
            allowed = {"number", "combination", "max_stake", "target", "dice"}
            call = Call(target, player, t, **{k: v for k, v in fields.items() if k in allowed})  # type: ignore[arg-type]
            return Candidate(al.cost, al.template.text, call=call)
        allowed = {"target", "item", "rule", "dice"}
        command = Command(target, player, t, **{k: v for k, v in fields.items() if k in allowed})  # type: ignore[arg-type]
        return Candidate(al.cost, al.template.text, command=command)


def _said_number(u: UTok) -> bool:
    """A number word heard as such (« fuite » guessed as « huit » is a sound, not a number)."""
    return u.is_number and u.cost < 0.1


def _number_edges_kept(slots: tuple[str, ...], heard: list[str], said: list[str]) -> bool:
    """The sounds on each side of a number are heard as the phrase says them: a sound changed, added or left
    out there may be a part of the number misheard (« civet de sang deux », « cent de sur »), so the sound of
    the phrase never reads a number other than the one heard."""
    for k, slot in enumerate(slots):
        if slot != "N":
            continue
        before, after = heard[k], heard[k + 1]
        if before[-2:] != said[k][-2:] or after[:2] != said[k + 1][:2]:
            return False
    return True


#: Between the sounds of two stretches of a phrase (where a slot is).
_SEP = "|"


def _sound_pattern(t: Template) -> tuple[tuple[str, ...], list[str]] | None:
    """A phrase as its slots (« P » a player, « N » a number) and the sound of its words between them; None for
    a phrase with dice (a throw is read by its number words) or with twice the same kind of slot."""
    slots: list[str] = []
    stretches: list[list[str]] = [[]]
    for word in t.surface:
        if word.startswith("{"):
            slot = {"{player}": "P", "{number}": "N"}.get(word)
            if slot is None or slot in slots:
                return None
            slots.append(slot)
            stretches.append([])
        else:
            stretches[-1].append(word)
    if not any(stretches):
        return None
    return tuple(slots), [phonemes(" ".join(words)) for words in stretches]


def _strict(edges: _Edges, utoks: list[UTok]) -> _Edges:
    """Commentary around a one-word call (« bévue », « pélican »: words of everyday French too): before it
    only words that announce it (« moi je dis rigodon »), after it only a new clause (« mécréant pour
    moi »): « quelle bévue mon pauvre » is table talk."""
    n = len(utoks)
    tail = [c if j == n or utoks[j].word in CLAUSE_STARTERS else INF for j, c in enumerate(edges.tail)]
    lead = [c if j == 0 or utoks[j - 1].word in ANNOUNCING else INF for j, c in enumerate(edges.lead)]
    return _Edges(lead, tail)


def _said_once(utoks: list[UTok], keep_first: bool) -> list[UTok] | None:
    """The words without their repetitions (the later ones, or the earlier ones), small words and numbers kept;
    None when no meaningful word is said twice."""
    order = range(len(utoks)) if keep_first else range(len(utoks) - 1, -1, -1)
    seen: set[str] = set()
    drop: set[int] = set()
    for j in order:
        u = utoks[j]
        if u.word in FILLERS or u.is_number or u.unk or not u.known:
            continue
        if u.word in seen:
            drop.add(j)
        seen.add(u.word)
    if not drop:
        return None
    return [u for j, u in enumerate(utoks) if j not in drop]


class _Readings(list):
    """Readings cheapest first, as ``_best_per_meaning`` gives them; ``every``, when some alignments' paths
    were not traced back (they could not change the decision), gives the readings with them all."""

    every: Callable[[], list[_Alignment]] | None = None


def _tied(ranked: list[_Alignment]) -> bool:
    """Two readings cost exactly the same (their order is then the order they were found in)."""
    return any(a.cost == b.cost for a, b in zip(ranked, ranked[1:]))


def _only_numbers(utoks: list[UTok]) -> bool:
    """Number words only (with « et »: « cinq et six »)."""
    return bool(utoks) and all(u.is_number or u.word == "et" for u in utoks) and utoks[-1].is_number


def _best_per_meaning(alignments) -> list[_Alignment]:
    """The cheapest alignment per meaning (kind + arguments + whether a slot failed), cheapest first."""
    best: dict[tuple, _Alignment] = {}
    for al in alignments:
        meaning = (al.template.target, tuple(sorted(_fields(al).items())), al.failure is not None)
        if meaning not in best or al.cost < best[meaning].cost:
            best[meaning] = al
    return sorted(best.values(), key=lambda a: a.cost)


#: The calls that tell a throw (said after a word owning a mistake, they correct the last one).
_THROWS = frozenset({CallKind.CHOUETTES, CallKind.CUL, CallKind.DES, CallKind.DE})
#: How a throw read by its structure is shown (« hésitation entre … », the reading's phrase).
_STRUCTURE_PHRASES = {CallKind.CHOUETTES: "chouettes {die} et {die}", CallKind.CUL: "cul {die}",
                      CallKind.DES: "dés {die} {die} {die}", CallKind.DE: "dé {die}",
                      TableCommand.SCORES: "les scores", TableCommand.SCORE_JOUEUR: "le score de {player}",
                      TableCommand.MANQUE: "combien il manque à {player}", TableCommand.QUI_MENE: "qui mène",
                      TableCommand.TOUR: "à qui le tour", TableCommand.CORRECTION: "correction {die}"}


def _asked_if_correcting(decided: Understanding) -> Understanding:
    """A throw said after « non, c'est … » may correct the last one or be the roller's dismay: the scribe asks."""
    call = decided.call
    if call is None or call.kind not in _THROWS or not may_correct(tokens(decided.text)):
        return decided
    throw = Candidate(decided.cost or 0.0, _STRUCTURE_PHRASES[call.kind], call=call)
    fix = Candidate(decided.cost or 0.0, "correction", command=Command(TableCommand.CORRECTION, call.player, call.t,
                                                                       dice=call.dice))
    return _asked(decided, (throw, fix), _hesitation([_shown(throw.phrase), "correction"]))


def _unstaked(t: Template, text: str) -> bool:
    """A stake said bare (« dix sur une chouette ») read without its « sur » heard: « deux chouette » is as much
    « cul de chouette » misheard as a stake of two, so it is not read."""
    bare = t.target is CallKind.GRELOTTINE_MISE and t.toks[:1] and t.toks[0].kind == "number" and "sur" in t.words
    return bool(bare) and "sur" not in tokens(text)


def _asked_if_article(decided: Understanding, utoks: list[UTok]) -> Understanding:
    """« un quatre » alone: the chouettes one and four, or the die four with its article — players say both
    (the corpus' writers do); out of context the scribe asks, with a game the engine's state decides."""
    call = decided.call
    if call is None or call.kind is not CallKind.CHOUETTES or [u.word for u in utoks][:1] != ["un"] or len(utoks) != 2:
        return decided
    die = Call(CallKind.DE, call.player, call.t, dice=call.dice[1:])
    pair = Candidate(decided.cost or 0.0, _STRUCTURE_PHRASES[CallKind.CHOUETTES], call=call)
    one = Candidate(decided.cost or 0.0, "un {die}", call=die)
    return _asked(decided, (pair, one), _hesitation(["chouettes un et …", "un …"]) + " (le dé)")


def _hesitation(phrases: Sequence[str]) -> str:
    """The reason of an ask-back, naming its readings.

    >>> _hesitation(["bi jarret", "mi jarret", "bjarret"])
    'hésitation entre « bi jarret », « mi jarret » et « bjarret »'
    """
    shown = [f"« {p} »" for p in phrases]
    return f"hésitation entre {', '.join(shown[:-1])} et {shown[-1]}"


def _asked(decided: Understanding, candidates: tuple[Candidate, ...], reason: str) -> Understanding:
    """``decided`` turned into a question between ``candidates``."""
    return replace(decided, kind=ResultKind.AMBIGUOUS, call=None, candidates=candidates, reason=reason)


def _hein_for_un(said: list[str]) -> bool:
    """« hein » (a hesitation, dropped) before a face or « et »: it may be the face « un » misheard."""
    return any(w == "hein" and (nxt in FACES or nxt == "et") for w, nxt in zip(said, said[1:]))


def _structure_words(utoks: list[UTok]) -> list[str]:
    """The words as said, for the structure readers: a number as the number word read, a name as
    ``{player}``, a word the matcher split (« tourne » as « tour » + « ne ») whole again.

    >>> _structure_words([UTok("tour", "tour", spoken="tourne"), UTok("ne", "ne", spoken=""), UTok("six", "six")])
    ['tourne', 'six']
    """
    words: list[str] = []
    for u in utoks:
        if u.player:
            words.append("{player}")
        elif u.is_number:
            words.append(u.word)
        else:
            words.extend(tokens(u.heard if u.spoken is None else u.spoken))
    return words


def _among(al: _Alignment, candidates: Sequence[Candidate]) -> bool:
    """Whether a reading by structure means what exactly one of the candidates means (kind and arguments)."""
    fields = _fields(al)
    same = [c for c in candidates if c.target == al.template.target
            and all(getattr(c.call or c.command, name, None) == value for name, value in fields.items())]
    return len(same) == 1


def _by_structure(utoks: list[UTok], text: str, cost: float) -> list[_Alignment]:
    """A throw or a question told in words no phrase has (« mes chouettes c'est six pis trois », « les points
    on est rendus où »), read by ``dice_words`` / ``question_words`` at ``cost`` (the acceptance limit: any
    phrase of the grammar near it is a rival), or nothing. Every number must be heard as itself (a sound-alike
    guessed as a face is not read so)."""
    said = tokens(text)
    if any(u.unk or (u.is_number and not _said_number(u)) for u in utoks) or _hein_for_un(said):
        return []
    words = _structure_words(utoks)
    reading = None if any(u.player for u in utoks) else read_dice(words)
    if reading is not None:
        kind: Target = TableCommand.CORRECTION if corrects(said) else reading.kind
        template = Template(kind, (), (), (), _STRUCTURE_PHRASES[kind])
        return [_Alignment(cost, template, (("dice", reading.dice),), None)]
    names = [u.player for u in utoks if u.player]
    question = read_question(words, names[0] if names else None)
    if question is None:
        return []
    values: tuple[tuple[str, object], ...] = (("player", question.target),) if question.target else ()
    values += (("self", True),) if question.self_target else ()
    template = Template(question.kind, (), (), (), _STRUCTURE_PHRASES[question.kind])
    return [_Alignment(cost, template, values, None)]


def _self_intro(utoks: list[UTok]) -> tuple[str, int] | None:
    """A name said first, maybe introduced (« c'est Karadoc », « moi Perceval »): (the player, words it takes)."""
    for intro in _SELF_INTRO:
        n = len(intro)
        if len(utoks) > n + 1 and tuple(u.word for u in utoks[:n]) == intro and utoks[n].player:
            return utoks[n].player, n + 1
    return None


def _plain_words(utoks: list[UTok]) -> list[str]:
    """The words as heard (not as the grammar reads them: « j'avais » is not « j'avec »), a player's name as
    « il » (« Karadoc a dit … » reports, like « il a dit … »).

    >>> _plain_words([UTok("j", "j"), UTok("avec", "avais", spoken="avais"), UTok("Karadoc", "karadoc", player="Karadoc")])
    ['j', 'avais', 'il']
    """
    words: list[str] = []
    for u in utoks:
        if u.player:
            words.append("il")
        elif u.spoken is None or u.unk:
            words.append(u.heard)
        else:
            words.extend(tokens(u.spoken))
    return words


def _about_a_call(words: list[str]) -> tuple[str, ...]:
    """The heard (plain) words opening a sentence about a call (empty: none), see ``_ABOUT_A_CALL``.

    >>> _about_a_call("il a dit grelottine".split())
    ('il', 'a', 'dit')
    >>> _about_a_call("il a bafouille sloubi rate".split())
    ()
    """
    if len(words) > 1 and words[0] == "il" and words[1] in _ABOUT_A_CALL[0][0]:
        words = words[1:]  # « Perceval, il a dit … »: the name, then the sentence
    for frame in _ABOUT_A_CALL:
        if len(words) > len(frame) and all(w in allowed for w, allowed in zip(words, frame)):
            return tuple(words[: len(frame)])
    return ()


def _remark_after(words: list[str]) -> tuple[str, ...]:
    """A remark said after a call's first word that makes the sentence one about it, see ``_REMARKS_AFTER``.

    >>> _remark_after("grelottine c est quand on".split())
    ('c', 'est', 'quand')
    >>> _remark_after("suivant c est a toi".split())
    ()
    """
    for start in range(1, len(words)):
        for frame in _REMARKS_AFTER:
            said = words[start : start + len(frame)]
            if len(said) == len(frame) and all(w in allowed for w, allowed in zip(said, frame)):
                return tuple(said)
    return ()


def _reads_about(t: Template, opening: tuple[str, ...], remark: tuple[str, ...], asked: bool) -> bool:
    """A phrase that may read a sentence about a call: one opening with the same words (« t'as dit quoi » for
    « t'as dit quoi répète ») or saying the remark's words, or, when the sentence asks (``asked``), a question
    to the scribe."""
    if asked and not isinstance(t.target, CallKind) and t.target not in CONTROL:
        return True
    if remark and not set(remark) <= t.words:
        return False
    words = tuple(tok.word if tok.kind == "word" else "" for tok in t.toks[: len(opening)])
    return words == opening


def _addressed(utoks: list[UTok]) -> int:
    """« toi [là] Yvain … » at the start: how many words the address takes (0: none). « toi » never names the
    speaker: the name is the one spoken to, a target the call may take."""
    if len(utoks) < 3 or utoks[0].word != "toi":
        return 0
    k = 2 if utoks[1].word == "la" else 1
    return k + 1 if k + 1 < len(utoks) and utoks[k].player else 0


def _clean_cost(ranked: list[_Alignment]) -> float:
    """The cost of the best reading without a slot failure (INF when there is none)."""
    return next((a.cost for a in ranked if a.failure is None), INF)


def _collapse_repeats(utoks: list[UTok]) -> list[UTok]:
    """A word or two said twice in a row (« pas mou pas mou le caillou ») count once; numbers are kept."""
    out = list(utoks)
    for n in (3, 2, 1):
        i = 0
        while i + 2 * n <= len(out):
            first, second = out[i : i + n], out[i + n : i + 2 * n]
            if [u.word for u in first] == [u.word for u in second] and not any(u.is_number or u.unk for u in first):
                del out[i + n : i + 2 * n]
                continue
            i += 1
    return out


def _closest(word: str, words: list[str]) -> str:
    """Of words that sound alike, the one spelled most like ``word`` (« sens » → sans, not cent)."""
    return max(words, key=lambda w: (fuzz.ratio(word, w), w))


def _fields(al: _Alignment) -> dict[str, object]:
    """The call/command arguments an alignment carries (list values, then slot values)."""
    fields: dict[str, object] = {}
    dice: list[int] = []
    # ``=> pointing``: the name said is whom the call turns to (« à toi Perceval » for « suivant »), no argument
    pointing = ("pointing", "true") in al.template.values
    for name, value in list(al.template.values) + list(al.values):
        if pointing and name == "player":
            continue
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
        elif name == "self":
            fields["self_target"] = True
    if dice:
        pair = any(name == "pair" for name, _ in al.template.values)
        fields["dice"] = tuple(dice * 2 if pair else dice)
    return fields


#: How a template's slots are shown to the table (never the grammar's own ``{die}`` syntax).
_SLOT_WORDS = {"die": "…", "number": "…", "player": "(un joueur)", "combination": "(une combinaison)",
               "bird": "(un oiseau)", "rule": "(une règle)", "item": "(une possession)"}


def _shown(template_text: str) -> str:
    """A template as the table reads it: slots in words, optional parts and alternatives kept plain.

    >>> _shown("[les] chouettes {die} [et] {die}")
    'les chouettes … et …'
    >>> _shown("grelottine sur {player}")
    'grelottine sur (un joueur)'
    """
    text = re.sub(r"\{(\w+)\}", lambda m: _SLOT_WORDS.get(m.group(1), "…"), template_text)
    text = re.sub(r"\[([^\]|]*)(\|[^\]]*)?\]", r"\1", text)  # [a] → a, [a|b] → a
    text = re.sub(r"\(([^)|]*)\|[^)]*\)", r"\1", text)  # (a|b) → a
    return " ".join(text.split())


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
