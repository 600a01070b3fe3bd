"""The heard words → the scribe's words: grammar words, roster names, numbers, ``[unk]`` or unknown words.

Every heard word is mapped onto the grammar's vocabulary or the roster: exactly, by sound (same phonetic
key), by merging two heard words (« ve lute » → velute) or splitting one (« pasmou » → pas mou), or by a clear
fuzzy match on the phonetic key; each step has a small cost, a word that maps to nothing stays *unknown*
(:meth:`HeardWords.canonical`). Hesitations and encouragements (« euh », « allez », « vas-y ») are dropped
first. :class:`UTok` is one heard word so read; the few questions asked of it everywhere (is this « un » an
article? was this number heard as itself?) live here too.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from rapidfuzz import fuzz, process

from voice_scribe.understand.dice_words import FACES
from voice_scribe.understand.grammar import FILLERS, Grammar
from voice_scribe.understand.normalize import UNK, phonetic_key, token_pairs
from voice_scribe.understand.numbers import DIE_WORDS, NUMBER_HOMOPHONES, NUMBER_WORDS, is_number_token
from voice_scribe.understand.roster import Roster

#: Hesitations and encouragements said around a call (« euh », « allez », « oui »): dropped before matching.
#: None of them is a grammar word (a grammar word is never dropped).
DISFLUENCIES = frozenset(
    "euh heu euhh hum hmm mmh hein ben bah bon alors oh ah eh hé he ha oui ouais ouaip allez aller hop voila "
    "voilà tiens bim paf ok okay yes bravo ouf youpi dis donc attention na bordel attends attendez putain merde "
    "zut voyons bam pouf non tabarnak sapristi fichtre purée mince "
    # Québécois and English-speaking tables (« genre zbradaraldjan anyway », « nope bjarret », « … tsé »)
    "tse genre anyway nope bang wow nice bye ostie coudonc "
    # Alsatian interjections, and the cold (« hopla », « gell ? », « brrr »), a flourish (« tadam »)
    "hopla gell brr brrr brrrr tadam".split()
)
#: Words dropped only at the very start or end of an utterance, even when the grammar uses them elsewhere
#: (« couche sirop là », « tiens, quichage ! »; regional particles too: « pis », « savoir », « peuchère »),
#: compared on their spoken form.
EDGE_FILLERS = frozenset({"là", "tiens", "déjà", "quoi", "donc", "hein", "alors", "voilà", "maintenant", "pis",
                          "savoir", "peuchère", "regarde", "regardez",
                          # the scribe addressed (« eh scribe, ça en est où les scores », « suivant scribe »)
                          "scribe", "grave"})
#: Several-word particles dropped only at the very end (« … une fois », « … les gars »: regional and familiar
#: French), compared on their plain form.
EDGE_FILLER_PHRASES: tuple[tuple[str, ...], ...] = (
    ("une", "fois"), ("les", "gars"),
    # the table addressed after a call (« rigodon mon homme », « sloubi raté mon vieux », « … mes amis »)
    ("mon", "vieux"), ("mon", "ami"), ("mes", "amis"), ("les", "amis"), ("mon", "homme"), ("mon", "pote"),
    ("mon", "chum"), ("la", "gang"),
    # a call insisted on (« sganabadarlane j'ai dit »), politeness (« … je vous prie », « … voulez-vous »)
    ("j", "ai", "dit"), ("je", "vous", "prie"), ("voulez", "vous"),
)
#: Several-word fillers (« vas-y », « et voilà »), dropped as a whole.
FILLER_PHRASES: tuple[tuple[str, ...], ...] = (
    ("vas", "y"), ("et", "voila"), ("et", "hop"), ("c", "est", "parti"),
    # a Québécois run-up (« ok fait que je sirote »: « ok » is a hesitation), an English exclamation
    ("fait", "que"), ("my", "god"),
    # politeness, around any call or command (« répète s'il te plaît », « pause svp »)
    ("s", "il", "te", "plait"), ("s", "il", "vous", "plait"), ("stp",), ("svp",),
    # when, said around a question (« c'est qui le meilleur pour l'instant »)
    ("pour", "l", "instant"), ("en", "ce", "moment"),
)
#: Words that follow a number (« un points », « un sur », « un au cul ») and so mark « un » as a number, not an article.
_AFTER_NUMBER = frozenset({"et", "point", "points", "sur", "pour", "contre", "a", "au"})
#: The nouns « un » introduces after a counted number (« quatre et un cul »): there, « un » is an article.
_NOUNS_AFTER_ARTICLE = frozenset({"cul", "dé", "dés", "de", "des", "civet", "jarret", "sirop", "coup", "lancer"})
#: The roller's verbs before what he threw (« j'ai un cinq », « j'ai fait un cinq », « j'ai sorti un cinq »).
_ROLLER_VERBS = frozenset({"ai", "fait", "fais", "eu", "sorti", "tire", "obtiens"})
#: The die faces in words.
_FACE_WORDS = frozenset(word for word in FACES if word.isalpha())
#: Small words that sound like « deux »: after a number they are its misheard last word.
DE_SOUNDS = frozenset({"de", "des", "d", "dé", "dés"})
#: Single letters that stand for an elided word glued to the next one (« jachète », « akadoc »).
_ELIDED = frozenset("jldcmnta")
#: The elided letters a number may follow (« d'un », « l'un »): another one glued to a number is another word.
_ELIDED_BEFORE_NUMBER = frozenset("dl")


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


class HeardWords:
    """The words the scribe knows for one roster and one set of rules — the grammar's vocabulary with its
    sounds, the key words (birds, combinations…), the players' names — and the heard words read as them."""

    def __init__(self, grammar: Grammar, roster: Roster) -> None:
        # plain word -> sound key of its spoken (accented) form, as the templates write it
        sounds: dict[str, str] = {w: phonetic_key(w) for w in NUMBER_WORDS | {"et"}}
        self.key_words: set[str] = set()
        self._word_targets: dict[str, set] = {}
        for t in grammar.templates + grammar.inactive:
            for tok in t.toks:
                if tok.kind == "word":
                    self._word_targets.setdefault(tok.word, set()).add((t.target, t.values))
                    sounds.setdefault(tok.word, tok.sound or phonetic_key(tok.word))
                    if tok.key:
                        self.key_words.add(tok.word)
        self.sound = sounds
        self.vocab = frozenset(sounds)
        self._by_key: dict[str, list[str]] = {}
        for w in sorted(self.vocab):
            self._by_key.setdefault(sounds[w], []).append(w)
        # a word heard unlike any other is never guessed to be a short filler (« surtout » is not « sur »)
        self._fuzzy_words = sorted(w for w in self.vocab if w not in NUMBER_WORDS and w not in FILLERS and len(w) > 2)
        self._fuzzy_keys = [sounds[w] for w in self._fuzzy_words]
        self.names: list[tuple[tuple[str, ...], str, str]] = []  # (plain tokens, sound of the whole, player)
        for player in roster.players:
            for spelling in roster.spellings(player):
                pairs = token_pairs(spelling)
                if pairs:
                    plain = tuple(p for p, _ in pairs)
                    self.names.append((plain, phonetic_key("".join(a for _, a in pairs)), player))
        self.names.sort(key=lambda n: -len(n[0]))
        self._name_window = max([3] + [len(toks) for toks, _, _ in self.names])
        self._name_cache: dict[tuple, tuple[str, int, float] | None] = {}
        self._word_cache: dict[tuple[str, str], UTok | None] = {}

    def _known(self, word: str, heard: str, cost: float) -> UTok:
        """A heard word read as the grammar word ``word``, at ``cost``."""
        return UTok(word, heard, cost, True, sound=self.sound[word])

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
        for toks, _, player in self.names:
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
            hits = {player for _, k, player in self.names if k == key}
            if len(hits) == 1:
                return hits.pop(), span, 0.05
        word, spoken = heard[0]
        if word in self.vocab or len(word) < 4:
            return None
        key = phonetic_key(spoken)
        scored = sorted(((fuzz.ratio(key, k), player) for _, k, player in self.names), reverse=True)
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
            if other != best and self.sound[other] != self.sound[best] and best_score - score < 8 and not same_meaning:
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

    def hesitation_before(self, pairs: list[tuple[str, str]], utoks: list[UTok]) -> str:
        """The hesitations dropped before the first word (« tiens », « alors »), when that word is not heard as
        a word of the grammar: they may be the call's first sounds (« tiens jette de … » for « tichette de … »)."""
        if not utoks or (utoks[0].known and utoks[0].cost < 0.1) or utoks[0].player:
            return ""
        kept = self._drop_fillers(pairs)
        first = pairs.index(kept[0]) if kept else 0
        return " ".join(spoken for _, spoken in pairs[:first])

    def _drop_fillers(self, pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
        """Without hesitations and encouragements (« euh », « allez », « vas-y »); grammar words stay."""
        while pairs and (pairs[0][1] in EDGE_FILLERS or pairs[0][0] in DISFLUENCIES and pairs[0][0] not in self.vocab):
            pairs = pairs[1:]  # (a hesitation first is dropped below anyway: « eh scribe, … »)
        while pairs and pairs[-1][1] in EDGE_FILLERS and [p for p, _ in pairs[-2:]] != ["est", "quoi"]:
            pairs = pairs[:-1]  # (« c'est quoi » said last asks: « la grelottine c'est quoi déjà »)
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
        for toks, key, player in self.names:
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
                if tok and len(left) == 1 and tok.word in NUMBER_WORDS and left not in _ELIDED_BEFORE_NUMBER:
                    continue  # « chums » is no « c' » + « un »: only « d' » and « l' » elide before a number
                if tok:
                    return [self._known(left, left, 0.1), self._known(tok.word, right, tok.cost + 0.1)]
        return None


def said_number(u: UTok) -> bool:
    """A number word heard as such (« fuite » guessed as « huit » is a sound, not a number)."""
    return u.is_number and u.cost < 0.1


def is_article(utoks: list[UTok], j: int) -> bool:
    """Whether the heard « un » / « une » at ``j`` is an article (« un cinq » after the roller's verb, « une
    chouette »), not the number one."""
    if utoks[j].word not in ("un", "une") or j + 1 >= len(utoks):
        return False
    nxt = utoks[j + 1]
    if nxt.is_number:
        # « j'ai (fait) un cinq »: after the roller's verb, « un » before the one face said last is an article
        last = j + 2 == len(utoks) or not (utoks[j + 2].is_number or utoks[j + 2].word == "et")
        return j > 0 and utoks[j - 1].word in _ROLLER_VERBS and last and nxt.word in _FACE_WORDS
    if utoks[j].word == "un" and j > 1 and utoks[j - 1].word == "et" and utoks[j - 2].is_number:
        # « cinq quatre et un, désolé »: the last of the dice counted, whatever follows — but « et un cul »
        return nxt.word in _NOUNS_AFTER_ARTICLE
    return nxt.word not in _AFTER_NUMBER


def collapse_repeats(utoks: list[UTok]) -> list[UTok]:
    """Words said twice in a row count once (« pas mou pas mou le caillou », « civet de vingt civet de vingt sur
    une chouette », « je relance de seize seize »). A throw is kept as said (« deux deux », « cinq et cinq
    cinq et six »): the die faces and what joins them never collapse."""
    out = list(utoks)
    for n in range(len(out) // 2, 0, -1):
        i = 0
        while i + 2 * n <= len(out):
            first, second = out[i : i + n], out[i + n : i + 2 * n]
            if [u.word for u in first] == [u.word for u in second] and _collapsible(first):
                del out[i + n : i + 2 * n]
                continue
            i += 1
    return out


#: The words between the faces of a throw (« un un pis un deux »).
_THROW_GLUE = frozenset({"et", "puis", "pis", "plus"})


def _collapsible(span: list[UTok]) -> bool:
    """A span said twice that is said once: no ``[unk]``, and not a throw (faces and what joins them only)."""
    if any(u.unk for u in span):
        return False
    return any(u.player or (u.word not in DIE_WORDS and u.word not in _THROW_GLUE) for u in span)


def without_stutters(utoks: list[UTok]) -> list[UTok]:
    """A call word's beginning said just before it (« mé mécréant », « sgana sganabadarlane »), dropped: the
    word after it a grammar word of six letters or more (not « je jette », « la lance »). Taken out before
    the numbers are read by sound (« patte de can canard »: « can » is no « cent »)."""
    out: list[UTok] = []
    for j, u in enumerate(utoks):
        nxt = utoks[j + 1] if j + 1 < len(utoks) else None
        stutter = (
            nxt is not None
            and nxt.known
            and len(nxt.heard) >= 6
            and not (u.unk or u.player or u.is_number or nxt.player)
            and 2 <= len(u.heard) <= len(nxt.heard) - 2
            and nxt.heard.startswith(u.heard)
        )
        if not stutter:
            out.append(u)
    return out


def _closest(word: str, words: list[str]) -> str:
    """Of words that sound alike, the one spelled most like ``word`` (« sens » → sans, not cent)."""
    return max(words, key=lambda w: (fuzz.ratio(word, w), w))
