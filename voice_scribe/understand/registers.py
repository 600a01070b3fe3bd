"""Sentence-level wrappers around a call: a run-up before it, a flourish after it, tries taken back.

Tables that play in character wrap their calls in whole sentences that change no meaning: a formal or
theatrical address before the call (« oyez oyez », « messire le scribe », « par les dieux », « je me permets
d'annoncer »), an oath or an anglicism after it (« … par les dieux », « … easy »), and the call said twice when
the speaker hesitates or corrects himself (« trois quatre, non attends, je veux dire trois cinq »: the LAST
call said whole wins, never the first). Verlan and anglicisms for a grammar word (« next », « cancel ») are
read as that word.

All of it is data, in ``grammars/fr/registers.txt`` (sections ``[run_up]``, ``[sign_off]``, ``[restart]``,
``[confirm]``, ``[words]``, ``[run_up_end]``, ``[closing]``, ``[between]``, ``[die_names]``: the colours that
name a die, :meth:`Registers.dice_by_order`; ``[name_titles]``: a title or a word of affection before a player's
name, :meth:`Registers.without_titles`). :class:`Registers` gives the matcher the texts to read again when a wrapper is
heard (:meth:`Registers.rereadings`); it reads each one in full, with every guard of its own, and takes the
first accepted. Nothing here decides a meaning: it only takes words away.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from voice_scribe.understand.commentary import SLOT_INTRODUCERS
from voice_scribe.understand.grammar import GrammarError, _Expander, _read_sections, grammar_root, parse_template
from voice_scribe.understand.normalize import token_pairs
from voice_scribe.understand.numbers import DIE_WORDS, is_number_token, scores_said

#: A phrase of the data, as plain words.
Phrase = tuple[str, ...]
#: A heard word: (plain, spoken).
Pair = tuple[str, str]

_SECTIONS = ("run_up", "run_up_end", "sign_off", "judgement", "closing", "between", "restart", "confirm", "words",
             "die_names", "name_titles")
#: The dice in the order they are named (a die named by its colour: ``[die_names]``)
_ORDINALS = (("premier", "premier"), ("deuxieme", "deuxième"), ("troisieme", "troisième"))
_DIE_ARTICLES = frozenset({"le", "la", "l"})
#: Hesitations skipped on the way to a wrapper (the matcher drops them anyway; alone they wrap nothing).
HESITATIONS = frozenset("euh heu hum ben bah bon alors ah oh eh hein allez".split())
#: Answers and dismay said first (« non pardon … », « oh pardon … »): no try before a marker.
_ANSWERS = frozenset("non oui ouais oh ah oups mince zut".split())
#: At most this many words in all may be dropped as wrappers at one end (bounded work, and a sentence that
#: long is talk, not a call).
MAX_DROPPED = 14
#: A run-up ending with its announcing verb (``[run_up_end]``) starts at most this many words in.
MAX_RUN_UP_END = 8
#: The small words between a throw's faces or before a value (« six et euh deux », « le un »).
_VALUE_GLUE = frozenset("et puis pis plus le la les l un une de du d euh heu".split())
#: What :meth:`Registers.rereadings` asks the matcher of some words: which of « number », « player », « key »
#: (a key word of a call: a bird, a combination…), « word » (another word of the grammar's calls, beyond the
#: small and common ones) they hold.
Kinds = Callable[[str], frozenset[str]]


@dataclass(frozen=True)
class Phrases:
    """The phrases of one or more sections, found by their first word or by their last (longest first): a
    sentence is searched in time linear in its words, whatever the size of the data."""

    by_first: dict[str, tuple[Phrase, ...]] = field(default_factory=dict)
    by_last: dict[str, tuple[Phrase, ...]] = field(default_factory=dict)

    @classmethod
    def of(cls, *sections: list[Phrase]) -> Phrases:
        phrases = sorted({p for section in sections for p in section}, key=lambda p: (-len(p), p))
        by_first: dict[str, list[Phrase]] = {}
        by_last: dict[str, list[Phrase]] = {}
        for phrase in phrases:
            by_first.setdefault(phrase[0], []).append(phrase)
            by_last.setdefault(phrase[-1], []).append(phrase)
        return cls({w: tuple(ps) for w, ps in by_first.items()}, {w: tuple(ps) for w, ps in by_last.items()})

    def __bool__(self) -> bool:
        return bool(self.by_first)

    def at(self, pairs: Sequence[Pair], i: int) -> Phrase | None:
        """The longest phrase said from ``pairs[i]`` on."""
        return next((p for p in self.by_first.get(pairs[i][0], ()) if _starts(pairs, i, p)), None)

    def ending(self, pairs: Sequence[Pair], start: int, end: int) -> Phrase | None:
        """The longest phrase said just before ``pairs[end]``, after ``pairs[start]``."""
        return next((p for p in self.by_last.get(pairs[end - 1][0], ()) if _ends(pairs, start, end, p)), None)


@dataclass(frozen=True)
class Reread:
    """A text to read instead of the one heard; ``agree``: taken only when this other text reads the same."""

    text: str
    agree: str | None = None


@dataclass(frozen=True)
class Registers:
    """The wrappers of ``registers.txt``, compiled to plain-word phrases (longest first)."""

    #: a run-up, or a confirmation, said first (``[run_up]``, ``[confirm]``)
    leads: Phrases = field(default_factory=Phrases)
    run_up_ends: Phrases = field(default_factory=Phrases)
    #: a flourish, or a confirmation, said last (``[sign_off]``, ``[confirm]``)
    tails: Phrases = field(default_factory=Phrases)
    judgements: Phrases = field(default_factory=Phrases)
    closings: Phrases = field(default_factory=Phrases)
    between: Phrases = field(default_factory=Phrases)
    restarts: Phrases = field(default_factory=Phrases)
    #: heard words (an anglicism, verlan) → the grammar's words
    words: dict[Phrase, tuple[Pair, ...]] = field(default_factory=dict)
    heard: Phrases = field(default_factory=Phrases)
    #: words that name a die before its face (its colour: ``[die_names]``)
    die_names: frozenset[str] = frozenset()
    #: a title or a word of affection said before a player's name (``[name_titles]``)
    titles: Phrases = field(default_factory=Phrases)

    @classmethod
    def load(cls, root: Path | None = None) -> Registers:
        """Read ``registers.txt`` of the grammar folder (none there: no wrappers)."""
        path = (root or grammar_root()) / "registers.txt"
        if not path.exists():
            return cls()
        found: dict[str, list[Phrase]] = {name: [] for name in _SECTIONS}
        words: dict[Phrase, tuple[Pair, ...]] = {}
        expander = _Expander({}, {})
        for section, line, number in _read_sections(path):
            where = f"registers.txt:{number} : "
            if section not in found:
                raise GrammarError(f"{where}section inconnue « {section} » (attendu : {', '.join(_SECTIONS)})")
            if section == "die_names":
                found[section].extend((w,) for w in tokens_of(line))
                continue
            if section == "words":
                heard, sep, meant = line.partition("=")
                if not sep or not tokens_of(heard) or not token_pairs(meant):
                    raise GrammarError(f"{where}attendu « mot entendu = mot(s) de la grammaire »")
                words[tokens_of(heard)] = tuple(token_pairs(meant))
                continue
            for pieces in expander.expand(parse_template(line, where)):
                phrase = tokens_of("".join(p.text for p in pieces))
                if phrase:
                    found[section].append(phrase)

        return cls(
            leads=Phrases.of(found["run_up"], found["confirm"]),
            run_up_ends=Phrases.of(found["run_up_end"]),
            tails=Phrases.of(found["sign_off"], found["confirm"]),
            judgements=Phrases.of(found["judgement"]),
            closings=Phrases.of(found["closing"]),
            between=Phrases.of(found["between"]),
            restarts=Phrases.of(found["restart"]),
            words=words,
            heard=Phrases.of(list(words)),
            die_names=frozenset(w for (w,) in found["die_names"]),
            titles=Phrases.of(found["name_titles"]),
        )

    def rereadings(self, text: str, accepted: bool, kinds: Kinds, asked: bool = False) -> Iterator[Reread]:
        """The texts to read instead of ``text``, best first, when a wrapper is heard in it (none: nothing).

        Tries taken back (a ``[restart]`` between them), whether or not the whole was ``accepted``: the last
        try said whole wins (:meth:`_last_whole`). The tries around words said ``[between]`` two of them
        (« rigodon messire rigodon »): the last one, taken only when the one before it reads the same call
        (or, when the whole was not ``accepted``, says nothing a call holds). Then the text without its wrappers
        (:meth:`_unwrapped`): when the whole was not ``accepted``, or when a word the wrapper drops was read
        as something a call holds (« oyez, par les dieux, quatre et deux »: « dieux » is no « deux »).
        ``kinds``: what some words hold (a number, a name, a key word). ``asked``: the whole was read and asks
        back (« six ouais six »: one die said twice, or a pair?): its tries around ``[between]`` are not read
        apart, since either would answer what the whole left open.
        """
        pairs = self._translated(token_pairs(text))
        tries = _cut(pairs, self.restarts)
        if len(tries) > 1 and self._signed_off_by_a_marker(pairs, tries[-1], kinds):
            tries = [pairs]  # the marker is the sign-off's (« quatre trois quatre, pardon madame »): no try back
        if len(tries) > 1:
            yield from self._last_whole(tries, kinds)
            return
        parts = [] if asked else _cut(pairs, self.between)
        if len(parts) > 1:
            last, before = self._unwrapped(parts[-1], kinds), self._unwrapped(parts[-2], kinds)
            said_twice = kinds(_text(before)) if last and before else frozenset()
            if accepted and said_twice <= {"number", "sounds_number"}:
                said_twice = frozenset()  # a throw read whole (« six ouais six »: the pair) stays read so
            if last and before:
                if said_twice:
                    yield Reread(_text(last), agree=_text(before))
                elif not accepted:
                    yield Reread(_text(last))
        inner = self._unwrapped(pairs, kinds)
        if not inner or said_words(inner) == said_words(token_pairs(text)):
            return
        if accepted:
            # read whole, unless a word of the wrapper was read as part of the call (« par les dieux » heard as
            # « deux »): then without it
            if not kinds(_text(pairs)) - kinds(_text(inner)):
                return
        yield Reread(_text(inner))

    def _signed_off_by_a_marker(self, pairs: list[Pair], last: list[Pair], kinds: Kinds) -> bool:
        """Whether the words after the last restart's marker, with the marker, are a sign-off (« … pardon
        madame »: an apology to a stranger, no try taken back)."""
        inner = self._unwrapped(pairs, kinds)
        return bool(inner) and pairs[: len(inner)] == inner and len(pairs) - len(inner) > len(last)

    def _last_whole(self, tries: list[list[Pair]], kinds: Kinds) -> Iterator[Reread]:
        """The tries from the last one back, each without its wrappers. A try that is only a value (« … non
        attends, oui trois », « correction, non je veux dire c'est cinq quatre un ») is read first after the
        words of the try before it that say what the value is of (its stem: that try without its own value,
        when no other number is in it); one that is only an argument with the word introducing it (« … non,
        sur Léodagan ») in place of the argument the try before it introduced so. An earlier try is read only when every later one was all
        confirmation (« … non attends, oui c'est ça »): a corrected call that does not read is never taken
        for the first one."""
        for k in range(len(tries) - 1, -1, -1):
            inner = self._unwrapped(tries[k], kinds)
            held = kinds(_text(tries[k])) if inner else frozenset()
            if inner and k and inner[0][0] in SLOT_INTRODUCERS:
                # only the argument said again, with the word that introduces it (« grelottine sur Karadoc, non
                # attends, sur Léodagan »): in place of the argument the try before it introduced so
                before = [w for w, _ in tries[k - 1]]
                if inner[0][0] in before:
                    at = len(before) - 1 - before[::-1].index(inner[0][0])
                    yield Reread(_text(self._unwrapped(tries[k - 1][:at] + inner, kinds) or inner))
            if inner and k and not held & {"key", "word", "player"}:
                stem = _stem(tries[k - 1])
                if stem and "number" not in kinds(_text(stem)):
                    yield Reread(_text(self._unwrapped(stem + inner, kinds) or stem + inner))
            if inner:
                yield Reread(_text(inner))
            if k and (held or inner):
                return  # only a try that was all confirmation (« … non attends, oui voilà ») gives way

    def _translated(self, pairs: list[Pair]) -> list[Pair]:
        """Anglicisms and verlan read as the grammar's words (« next » → suivant)."""
        if not self.heard:
            return pairs
        out: list[Pair] = []
        i = 0
        while i < len(pairs):
            hit = self.heard.at(pairs, i)
            if hit is None:
                out.append(pairs[i])
                i += 1
            else:
                out.extend(self.words[hit])
                i += len(hit)
        return out

    def dice_by_order(self, text: str, bare: bool = False) -> str:
        """``text`` with its dice named by their order instead of their colour (:meth:`_dice_by_order`), or
        with their colour and its article left out (``bare``: « pardon, c'est le rouge cinq, le bleu quatre » →
        « pardon, c'est cinq, quatre »: said as a correction says its faces)."""
        pairs = token_pairs(text)
        if bare:
            dropped = {j for at, size in self._named_dice(pairs) for j in range(at - 1, at + size)}
            return _text([p for j, p in enumerate(pairs) if j not in dropped])
        return _text(self._dice_by_order(pairs))

    def _dice_by_order(self, pairs: list[Pair]) -> list[Pair]:
        """« le rouge six, le bleu quatre » → « le premier six, le deuxième quatre »; « le vert il fait cinq » →
        « le dé il fait cinq »: a colour after an article (« le dé rouge » too) with a face in the three words
        after it, the dice in the order their colours are first said. Two colours together (« le bleu rouge »:
        a combination) name no die.

        >>> r = Registers(die_names=frozenset({"rouge", "bleu", "vert"}))
        >>> " ".join(w for w, _ in r._dice_by_order(token_pairs("le rouge six et le bleu il fait quatre")))
        'le premier six et le deuxieme il fait quatre'
        >>> " ".join(w for w, _ in r._dice_by_order(token_pairs("et le vert cinq")))
        'et le dé cinq'
        >>> " ".join(w for w, _ in r._dice_by_order(token_pairs("le bleu rouge deux fois")))
        'le bleu rouge deux fois'
        """
        named = self._named_dice(pairs)
        colours = list(dict.fromkeys(pairs[at + size - 1][0] for at, size in named))
        if not named or len(colours) > len(_ORDINALS):
            return pairs
        out, last = [], 0
        for at, size in named:
            order = colours.index(pairs[at + size - 1][0])
            out += pairs[last:at] + [("dé", "dé") if len(colours) == 1 else _ORDINALS[order]]
            last = at + size
        return out + pairs[last:]

    def without_titles(self, text: str, names: frozenset[str]) -> str | None:
        """``text`` without the titles and words of affection said right before a player's name (« le petit
        Yvain », « sire Léodagan », « tonton Perceval »: the player), or None when none is said. ``names``: the
        players' names as plain words.

        >>> regs = Registers(titles=Phrases.of([("le", "petit"), ("sire",)]))
        >>> regs.without_titles("et le petit yvain il a combien", frozenset({"yvain"}))
        'et yvain il a combien'
        >>> regs.without_titles("le petit un tout seul", frozenset({"yvain"})) is None
        True
        """
        if not self.titles:
            return None
        pairs = token_pairs(text)
        out: list[Pair] = []
        i, found = 0, False
        while i < len(pairs):
            hit = self.titles.at(pairs, i)
            if hit is not None and i + len(hit) < len(pairs) and pairs[i + len(hit)][0] in names:
                i += len(hit)
                found = True
                continue
            out.append(pairs[i])
            i += 1
        return _text(out) if found else None

    def dice_named(self, text: str) -> tuple[int | None, ...]:
        """The faces of the dice ``text`` names by their colour, in the order the colours are first said (a
        colour said again keeps its last face; None: no face word right after it). A throw read from the text
        has those faces. Empty: no die named so.

        >>> Registers(die_names=frozenset({"rouge", "bleu"})).dice_named("le rouge cinq et le bleu cinq les deux cinq")
        (5, 5)
        >>> Registers(die_names=frozenset({"rouge", "bleu"})).dice_named("le bleu euh le bleu il fait deux")
        (2,)
        """
        pairs = token_pairs(text)
        faces: dict[str, int | None] = {}
        for at, size in self._named_dice(pairs):
            colour = pairs[at + size - 1][0]
            after = [w for w, _ in pairs[at + size : at + size + 4] if w not in HESITATIONS]
            face = next((DIE_WORDS.get(w) for w in after if is_number_token(w)), None)
            faces[colour] = face if face is not None or colour not in faces else faces[colour]
        return tuple(faces.values())

    def _named_dice(self, pairs: list[Pair]) -> list[tuple[int, int]]:
        """Where a die is named by its colour: (first word, how many words: the article excluded)."""
        if not self.die_names or not self.die_names.intersection(w for w, _ in pairs):
            return []
        said: list[tuple[int, int, bool]] = []  # (where, how many words with its « dé », a face right after it)
        for i, (word, _) in enumerate(pairs):
            if word not in self.die_names or i == 0:
                continue
            before = i - 1 if pairs[i - 1][0] == "dé" and i > 1 else i
            colours_near = {pairs[j][0] for j in (i - 1, i + 1) if 0 <= j < len(pairs)} & self.die_names
            if pairs[before - 1][0] in _DIE_ARTICLES and not colours_near:
                said.append((before, i + 1 - before, any(is_number_token(w) for w, _ in pairs[i + 1 : i + 4])))
        faced = {pairs[at + size - 1][0] for at, size, face in said if face}
        # every mention of a colour that some face follows (« le bleu euh le bleu deux »)
        return [(at, size) for at, size, _ in said if pairs[at + size - 1][0] in faced]

    def _unwrapped(self, pairs: list[Pair], kinds: Kinds) -> list[Pair]:
        """One try without its run-up, its flourish and its confirmations (at most :data:`MAX_DROPPED` words
        an end): phrases of the data at either end (a judgement only after a number), a run-up ending with its
        announcing verb, and a closing wish or oath with all that follows it (no number, no key word in them)."""
        start, dropped = 0, 0
        while start < len(pairs):
            if pairs[start][0] in HESITATIONS:
                start += 1
                continue
            hit = self.leads.at(pairs, start)
            if hit is None or dropped + len(hit) > MAX_DROPPED:
                break
            start += len(hit)
            dropped += len(hit)
        for i in range(start + 1, min(len(pairs), start + MAX_RUN_UP_END)):
            hit = self.run_up_ends.at(pairs, i)
            if hit and i + len(hit) < len(pairs) and not kinds(_text(pairs[start:i])) - {"player"}:
                start = i + len(hit)
                break
        end = len(pairs)
        for i in range(start + 1, len(pairs)):
            closing = self.closings.at(pairs, i)
            if closing and not kinds(_text(_without_scores(pairs[i + len(closing) :]))) & {"number", "key"}:
                # (a word heard as a number by its sound only, « que les dieux … », is no number said; the
                # closing's own words are no call's: « on l'a dit ensemble avec … » is no « avec » of a sirop;
                # a score is the speaker's own, « … on l'a dit ensemble, Perceval et moi, j'suis à cent douze »)
                end = i if len(pairs) - i <= MAX_DROPPED else end
                break
        dropped = 0
        while end > start:
            if pairs[end - 1][0] in HESITATIONS:
                end -= 1
                continue
            hit = self.tails.ending(pairs, start, end)
            if hit is None:
                hit = self.judgements.ending(pairs, start, end)
                if hit and not _after_a_value(pairs[start : end - len(hit)]):
                    hit = None
            if hit is None or dropped + len(hit) > MAX_DROPPED:
                break
            end -= len(hit)
            dropped += len(hit)
        return pairs[start:end]


def _cut(pairs: list[Pair], markers: Phrases) -> list[list[Pair]]:
    """The words cut at every marker said after some words (the marker's words dropped). Said first, after
    hesitations only, a marker cuts nothing (« non pardon, c'est … » corrects the last call: the matcher reads
    it whole)."""
    tries: list[list[Pair]] = [[]]
    said = False  # whether the try under way holds a word beyond hesitations
    i = 0
    while i < len(pairs):
        hit = markers.at(pairs, i) if said else None
        if hit is None:
            tries[-1].append(pairs[i])
            said = said or (pairs[i][0] not in HESITATIONS and pairs[i][0] not in _ANSWERS)
            i += 1
        else:
            tries.append([])
            said = False
            i += len(hit)
    return [t for t in tries if t] or [[]]


def _after_a_value(pairs: list[Pair]) -> bool:
    """Whether these words end with a number (a throw's faces, a stake): a judgement after them is of it."""
    return bool(pairs) and is_number_token(pairs[-1][0])


def _stem(pairs: list[Pair]) -> list[Pair]:
    """A try without the value it ends with (« et le cul ça fait trois » → « et le cul ça fait »): the faces
    or numbers at its end and the small words between them."""
    end = len(pairs)
    while end and (is_number_token(pairs[end - 1][0]) or pairs[end - 1][0] in _VALUE_GLUE):
        end -= 1
    return pairs[:end]


def tokens_of(text: str) -> Phrase:
    return tuple(plain for plain, _ in token_pairs(text))


def _starts(pairs: Sequence[Pair], i: int, phrase: Phrase) -> bool:
    return len(pairs) - i >= len(phrase) and all(pairs[i + k][0] == w for k, w in enumerate(phrase))


def _ends(pairs: Sequence[Pair], start: int, end: int, phrase: Phrase) -> bool:
    return end - start >= len(phrase) and _starts(pairs, end - len(phrase), phrase)


def said_words(pairs: Sequence[Pair]) -> list[str]:
    """The plain words but hesitations."""
    return [w for w, _ in pairs if w not in HESITATIONS]


def _without_scores(pairs: list[Pair]) -> list[Pair]:
    """The words but the scores said in them (:func:`~.numbers.scores_said`: « … j'suis à cent douze »)."""
    spans = scores_said([plain for plain, _ in pairs])
    return [p for k, p in enumerate(pairs) if not any(i <= k < j for i, j in spans)]


def _text(pairs: Sequence[Pair]) -> str:
    """Words joined again (their spoken forms: the matcher's words are the same)."""
    return " ".join(spoken for _, spoken in pairs)
