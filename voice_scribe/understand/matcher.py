"""Matching heard text to a call or a command, with a cost — or a reason not to.

Pipeline (compiled once per roster and rules, see :class:`Matcher`; each step in its own module):

1. :func:`~voice_scribe.understand.normalize.token_pairs`: lower case,
   apostrophes and hyphens split words; each word keeps a plain form (no
   accents: identity) and its spoken form (accents: sound).
2. *Canonicalisation* (:mod:`.heard_words`): every heard word is mapped onto the grammar's
   vocabulary or the roster: exactly, by sound (same phonetic key), by merging
   two heard words (« ve lute » → velute) or splitting one (« pasmou » →
   pas mou), or by a clear fuzzy match on the phonetic key. Each step has a
   small cost. A word that maps to nothing stays *unknown*. Words a free decoder writes for a number are
   read as it (:mod:`.by_sound`).
3. *Shortlist* (:mod:`.shortlist`): the canonical words become one character each (number runs
   ``N``, player names ``P``) and rapidfuzz ranks every template by edit
   distance (C++, all templates in well under a millisecond).
4. *Alignment* (:mod:`.alignment`, the commentary around a call: :mod:`.commentary`): a weighted word
   alignment of the shortlist, slot-aware
   (a ``{number}`` slot takes a run of number words that text2num reads,
   a dice slot exactly *n* die words, ``{player}`` one roster name). Cost =
   total edit weight / template weight. The best reading per meaning: :mod:`.readings`; when no word
   reading fits, the sound of the whole phrase (:mod:`.by_sound`), or its structure (:mod:`.by_structure`).
5. *Decision* (Lichess rule, here): accept when the best cost is ≤ ``accept`` and the
   runner-up with another meaning is ``margin`` worse; a near tie is
   *ambiguous* (:mod:`.asking`); a key word (bird, combination, rule, item) is never replaced
   by another; a slot holding an unknown name, ``[unk]`` or no number makes
   a rejection with the reason. A sentence about a call is not one (:mod:`.sentence_frames`).

The answer's types (:class:`Understanding`, :class:`Candidate`, :class:`ResultKind`, :class:`Thresholds`) are
in :mod:`.understanding`, importable from here too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

from voice_scribe.engine.calls import THROW_DICE, Call, CallKind
from voice_scribe.engine.rules import Rules
from voice_scribe.speech.utterance import Utterance
from voice_scribe.understand.alignment import Aligner, Alignment, Heard
from voice_scribe.understand.asking import asked_if_article, asked_if_correcting, hesitation, shown, unstaked
from voice_scribe.understand.by_sound import SoundStage
from voice_scribe.understand.by_structure import THROWS, by_structure, may_restructure, structure_decides
from voice_scribe.understand.commands import Command, TableCommand
from voice_scribe.understand.commentary import COMMENTARY_WORDS, INF, SLOT_INTRODUCERS
from voice_scribe.understand.context import (
    Judgement, LazyNow, Standing, Table, allowed_now, as_awaited, awaited_dice, complete, judge, remark_gate,
)
from voice_scribe.understand.dice_words import both_faces, corrects, faces_said_last
from voice_scribe.understand.grammar import FILLERS, Grammar, Template, load_grammar
from voice_scribe.understand.heard_words import HeardWords, UTok, collapse_repeats, without_stutters
from voice_scribe.understand.normalize import token_pairs, tokens
from voice_scribe.understand.numbers import die_faces, is_number_token
from voice_scribe.understand.registers import Registers
from voice_scribe.understand.readings import Readings, best_per_meaning, clean_cost, names_its_target, reading_fields, tied
from voice_scribe.understand.restarts import restarted, said_again
from voice_scribe.understand.roster import Roster
from voice_scribe.understand.sentence_frames import (
    ASKING, about_a_call, addressed, narrated, plain_words, reads_about, remark_after, self_intro,
)
from voice_scribe.understand.shortlist import Shortlist
from voice_scribe.understand.sums import sum_said_out
from voice_scribe.understand.talk_after import EXACT, cuts, first_run_end, may_take, nearest_end, takes
from voice_scribe.understand.together import in_roster_order, named_together, reads_together
from voice_scribe.understand.understanding import UNKNOWN_SPEAKER, Candidate, Nearest, ResultKind, Thresholds, Understanding

__all__ = ["INF", "UNKNOWN_SPEAKER", "Candidate", "Matcher", "ResultKind", "Thresholds", "Understanding"]

#: A game to read against, and its ``now()`` asked lazily.
_Context = tuple[Table, LazyNow]
#: The reason a sentence is refused when no call is near it (not a slot that fails, not a call illegal now).
NOTHING_NEAR = "rien d'assez proche d'une annonce"
#: … and when no phrase of the grammar is anywhere near it.
NO_PHRASE_NEAR = "aucune annonce ne ressemble à cela"


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
        templates = self.grammar.templates + self.grammar.inactive
        self.words = HeardWords(self.grammar, self.roster)
        self.shortlist = Shortlist(self.words, templates)
        self.aligner = Aligner(self.words, templates)
        self.sounds = SoundStage(self.words, templates, self.roster)
        self.registers = Registers.load(self.grammar.root)
        # with a table: each player's last incomplete call (the first breath of a call said in two)
        self._partials: dict[tuple[str, CallKind], Call] = {}
        self._word_kinds: dict[str, frozenset[str]] = {}  # what a heard word holds (a cache: words recur)

    def __repr__(self) -> str:
        return f"Matcher({len(self.grammar.templates)} templates, players={list(self.roster.players)})"

    @classmethod
    def build(cls, roster: Roster | Sequence[str], rules: Rules | None = None, grammar: Grammar | None = None) -> Matcher:
        return cls(grammar or load_grammar(rules), Roster.coerce(roster))

    def canonical(self, heard: list[tuple[str, str]] | list[str]) -> list[UTok]:
        """Heard words (plain, spoken) → grammar words, roster names, numbers, [unk] or unknown words."""
        return self.words.canonical(heard)

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
        too_long = self._too_long(utterance.text)
        said = tokens(utterance.text) if not too_long else []
        both = both_faces(said) if not too_long else None
        if both is not None:  # « cinq et cinq, les deux cinq »: both dice on five, not the faces two and five
            read = self.understand(replace(utterance, text=" ".join(both)), table=table)
            if read.accepted:
                return replace(read, text=utterance.text)
        untitled = self.registers.without_titles(utterance.text, self._name_words) if not too_long else None
        if untitled is not None:  # « et le petit Yvain il a combien », « sire Léodagan »: the player named alone
            read = self.understand(replace(utterance, text=untitled), table=table)
            if read.accepted:
                return replace(read, text=utterance.text)
        again = restarted(said, self._knows) if not too_long else None
        if again is not None:  # « pas mou le cai… hic pardon le caillou »: the word broken off, said again
            read = self.understand(replace(utterance, text=" ".join(again)), table=table)
            if read.accepted:
                return replace(read, text=utterance.text)
        summed = sum_said_out(said) if not too_long else None
        counted = self._summed(utterance, summed, table) if summed is not None else None
        if counted is not None and counted[1]:
            return counted[0]  # « quatre et trois ça fait sept » by the roller: his throw, the sum a remark on it
        read = self._as_said(utterance, table, too_long)
        thrown = read.call is not None and read.call.kind in THROW_DICE
        corrected = read.command is not None and read.command.kind is TableCommand.CORRECTION
        if counted is not None and read.accepted and (thrown or corrected) and not _same(read, counted[0]):
            # « deux et trois ça fait cinq » out of context: no third die on five, a count of dice
            return Understanding(
                ResultKind.REJECTED, utterance.text, read.speaker, read.speaker_source,
                reason=f"des dés comptés, pas un lancer annoncé (« {utterance.text.strip()} »)",
            )
        twice = said_again(said, self._holds) if not read.accepted and not too_long else None
        if twice is not None:  # « deux six, pardon monsieur, deux six »: read as said the last time
            again_read = self.understand(replace(utterance, text=" ".join(twice)), table=table)
            if again_read.accepted:
                return replace(again_read, text=utterance.text)
        if not read.accepted and table is not None and not too_long:
            now = LazyNow(table)  # (asked once for both readings, and only when one needs it)
            return self._one_die_said_again(utterance, said, table, now) \
                or self._throw_said_last(utterance, said, table, now) or read
        return read

    def _throw_said_last(self, utterance: Utterance, said: list[str], table: Table, now: LazyNow) -> Understanding | None:
        """The roller's talk, then his throw's faces (« vous avez vu ou pas, six et six »: :func:`faces_said_last`):
        the faces read alone, taken only when the game awaits that many dice from the speaker."""
        found = faces_said_last(said, lambda word: "key" in self._holds(word))
        if found is None or len(found[1]) not in awaited_dice(now.get(), utterance.speaker):
            return None
        start, faces = found
        read = self.understand(replace(utterance, text=" ".join(said[start:])), table=table)
        if read.accepted and read.call is not None and read.call.kind in THROW_DICE and read.call.dice == faces:
            return replace(read, text=utterance.text)
        return None

    def _one_die_said_again(
        self, utterance: Utterance, said: list[str], table: Table, now: LazyNow
    ) -> Understanding | None:
        """One die awaited from the speaker (his cul), and one face said several times (« six six », « trois
        trois, ouais, le cul fait trois »): the die said again, read once, where it was said last. Not when his
        chouettes on the table are a pair of that face (« six six » may be the chouettes told again)."""
        at = [i for i, w in enumerate(said) if is_number_token(w)]
        faces = die_faces([said[i] for i in at]) if len(at) > 1 else None
        if not faces or len(set(faces)) != 1:
            return None
        if awaited_dice(now.get(), utterance.speaker) != {1} or (now.get().throw or ()).count(faces[0]) >= 2:
            return None
        once = [w for i, w in enumerate(said) if i not in at[:-1]]
        read = self.understand(replace(utterance, text=" ".join(once)), table=table)
        if read.accepted and read.call is not None and read.call.kind in THROW_DICE and read.call.dice == faces[:1]:
            return replace(read, text=utterance.text)
        return None

    def _as_said(self, utterance: Utterance, table: Table | None, too_long: str | None) -> Understanding:
        """:meth:`understand`, the dice said as the grammar says them (named by their colour, their order)."""
        named = self.registers.dice_named(utterance.text) if not too_long else ()
        for bare in (True, False) if named else ():  # dice named by their colour (« le rouge six, le bleu
            # quatre »): their faces alone, then the dice by their order (« le premier il fait un, le deuxième … »)
            said = self.registers.dice_by_order(utterance.text, bare)
            by_order = self._understood(replace(utterance, text=said), table)
            if by_order.accepted and _faces_named(by_order, named, table is not None):
                return replace(by_order, text=utterance.text)
        return self._understood(utterance, table)

    def _summed(self, utterance: Utterance, summed: list[str], table: Table | None) -> tuple[Understanding, bool] | None:
        """Faces said with their sum (:mod:`.sums`): the throw read without the sum, and whether the game awaits
        that throw from the speaker (there the sum is a remark on it, as any remark after a throw; elsewhere
        the faces are only counted: « cinq et deux ça fait sept » said by anyone, out of context). A correction
        with its sum (« non pardon c'est deux trois six, onze ») is read so against any game: the game says
        whether the speaker may correct now. None: the words left are no throw."""
        read = self.understand(replace(utterance, text=" ".join(summed)), table=table)
        if read.accepted and read.command is not None and read.command.kind is TableCommand.CORRECTION:
            return replace(read, text=utterance.text), table is not None
        call = read.call if read.accepted else None
        if call is None or call.dice is None or call.kind not in THROW_DICE:
            return None
        awaited = table is not None and len(call.dice) in awaited_dice(table.now(), utterance.speaker)
        return replace(read, text=utterance.text), awaited

    def _understood(self, utterance: Utterance, table: Table | None) -> Understanding:
        """:meth:`understand`, once the speaker is known and the dice are named as the grammar names them."""
        first = self._read(utterance, table)
        if self._too_long(utterance.text) or about_a_call(tokens(utterance.text)):
            return first  # (a sentence about a call is not one, whatever wraps it)
        # a call wrapped in a sentence (« oyez oyez … par les dieux »), or said again after a try taken back
        # (« trois quatre non je veux dire trois cinq »: the last call said whole wins): :mod:`.registers`
        for again in self.registers.rereadings(
            utterance.text, first.accepted, self._kinds, asked=first.kind is ResultKind.AMBIGUOUS
        ):
            read = self._read(replace(utterance, text=again.text), table)
            if read.accepted and _dice_named_away(utterance.text, again.text, read):
                continue  # « le cul daigne enfin afficher un six »: the words left are not the chouettes 1-6
            if read.accepted and (again.agree is None or _same(read, self._read(replace(utterance, text=again.agree), table))):
                return replace(read, text=utterance.text)
        if first.kind is ResultKind.REJECTED and (first.nearest is not None or first.reason == NO_PHRASE_NEAR):
            # (no phrase near the whole sentence: its first words may still be one, « chante-sloubi, il veut … »)
            return self._before_talk(utterance, table, first) or first
        return first

    def _before_talk(self, utterance: Utterance, table: Table | None, first: Understanding) -> Understanding | None:
        """A call said whole, then talk (« artichette Léodagan, dans ta face ! »): :mod:`.talk_after`. After a
        slot's failure, only where the nearest phrase's words end (the other cuts are for a sentence near no
        call: « cul de chouette | pour doux » is a stake misheard, not a call and talk)."""
        if remark_after(tokens(utterance.text)):
            return None  # (« grelottine, mon œil »: doubt about a call)
        nearest = first.nearest
        pairs = token_pairs(utterance.text)
        near = nearest_end(pairs, nearest.template, self._holds, self._joined) if nearest is not None else None
        slot_failed = nearest is not None and nearest.slot_failed
        plain_ends = [] if slot_failed else cuts(pairs, self._holds)
        first_run = first_run_end(pairs, self._holds)
        if slot_failed and first_run is not None and not all(is_number_token(p) for p, _ in pairs[:first_run]):
            first_run = None  # (after a slot's failure, only faces said first: « cinq cinq trois | la symétrie … »)
        ends = ([near] if near is not None else []) + [end for end in plain_ends if end != near]
        ends += [first_run] if first_run is not None and first_run not in ends else []
        for end in ends:
            if not may_take(pairs[:end], pairs[end:]):
                continue
            read = self._read(replace(utterance, text=" ".join(spoken for _, spoken in pairs[:end])), table)
            if end not in plain_ends and end != near and not self._first_run_takes(read, pairs[end:], table):
                continue  # after the first run of a call's words, a call alone (« on reprend | je sens que … »)
            if end not in plain_ends and end != first_run and (read.cost or 0.0) > EXACT:
                continue  # where the nearest phrase ends, the call said exactly (not « j'apprécie surtout … »)
            as_said = _refused_now_as_call(read)  # a call the game refuses now keeps its reason
            if takes(as_said, pairs[:end], pairs[end:], self._holds, self._throw_awaited(as_said, utterance, table)):
                if as_said is not read:
                    # refused now, and said with talk: at the whole sentence's cost, a remark (shown with the
                    # game's reason, not said aloud as a refused call: « une velute de douze truc »)
                    return replace(read, text=utterance.text, cost=max(read.cost or 0.0, first.cost or 0.0))
                return replace(read, text=utterance.text)
        return None

    def _first_run_takes(self, read: Understanding, talk: list[tuple[str, str]], table: Table | None) -> bool:
        """Whether the call read before the talk that follows its first run of words (:func:`first_run_end`) may
        be taken: a call, not a command nor the turn passed, which steer the game (« on reprend | je sens que
        … », « suivant | on verra »), and talk that holds no other call (« pélican | messire linotte »)."""
        if read.call is None or read.call.kind is CallKind.SUIVANT:
            return False
        if not any("key" in self._holds(plain) for plain, _ in talk):
            return True
        said = Utterance(t=0.0, text=" ".join(spoken for _, spoken in talk), speaker=read.speaker)
        return not self._read(said, table).accepted

    @staticmethod
    def _throw_awaited(read: Understanding, utterance: Utterance, table: Table | None) -> bool:
        """Read against a game, and, for a throw's faces, said by the roller whose throw is awaited (a
        correction may come after the throw)."""
        if table is None:
            return False
        call = read.call
        if call is None or call.dice is None or call.kind not in THROW_DICE:
            return True
        return len(call.dice) in awaited_dice(table.now(), utterance.speaker)

    @cached_property
    def _name_words(self) -> frozenset[str]:
        """The players' names as plain words (a name of several words: its first)."""
        return frozenset(tokens(player)[0] for player in self.roster.players if tokens(player))

    def _knows(self, word: str) -> bool:
        """Whether a plain heard word is one the scribe knows: a grammar word, a number, a player's name."""
        return word in self.words.vocab or is_number_token(word) or word in self._name_words

    def _joined(self, before: str, after: str) -> bool:
        """Whether two words follow each other in a phrase of the grammar (« jarret souple »)."""
        return (before, after) in self._word_pairs

    @cached_property
    def _word_pairs(self) -> frozenset[tuple[str, str]]:
        return frozenset((a.word, b.word) for t in self.grammar.templates + self.grammar.inactive
                         for a, b in zip(t.toks, t.toks[1:]) if a.kind == b.kind == "word")

    def _holds(self, word: str) -> frozenset[str]:
        """What one heard word holds (:meth:`_kinds`), remembered per word."""
        held = self._word_kinds.get(word)
        if held is None:
            if len(self._word_kinds) > 4096:
                self._word_kinds.clear()
            held = self._word_kinds[word] = self._kinds(word)
        return held

    def _kinds(self, text: str) -> frozenset[str]:
        """What in ``text`` may be a call's argument or name it: « number » (a number word said as such),
        « sounds_number » (a word read as one by its sound: « dieux »), « player », « key » (a key word),
        « word » (another word of the calls, beyond the small and common ones)."""
        utoks = self.sounds.numbers_by_sound(without_stutters(self.canonical(token_pairs(text))))
        kinds = {("number" if is_number_token(u.heard) else "sounds_number") for u in utoks if u.is_number}
        kinds |= {"player" for u in utoks if u.player}
        kinds |= {"key" for u in utoks if u.known and u.word in self.words.key_words}
        common = FILLERS | COMMENTARY_WORDS
        return frozenset(kinds | {"word" for u in utoks if u.known and not u.is_number and len(u.word) > 3 and u.word not in common})

    def _read(self, utterance: Utterance, table: Table | None) -> Understanding:
        """One utterance read as said (:meth:`understand` reads it again without its wrappers)."""
        text = utterance.text
        too_long = self._too_long(text)
        if too_long:
            source = "audio" if utterance.speaker else None
            return Understanding(ResultKind.REJECTED, text, utterance.speaker, source, reason=too_long)
        pairs = token_pairs(text)
        utoks = collapse_repeats(self.sounds.numbers_by_sound(without_stutters(self.words.canonical(pairs))))
        together = self._together(utterance, utoks, table)
        if together is not None:
            return together
        plain = plain_words(utoks)
        # a sentence about a call: only some phrases read it (below), so every reading is worked out
        about, remark = about_a_call(plain), remark_after(plain)
        every = bool(about or remark)
        who, source = (utterance.speaker, "audio") if utterance.speaker else (None, None)
        head, tail = narrated(utoks, who)  # « et Léodagan annonce : … » said by Léodagan
        if head or tail:
            utoks = utoks[head : len(utoks) - tail]
        intro = self_intro(utoks)
        addressee: list[UTok] = []
        if intro:
            if who is None:
                who, source = intro[0], "name"
            elif intro[0] != who and intro[1] == 1:
                addressee = utoks[:1]  # « Léodagan, en garde ma mignonne ! » said by another: the name may be the target
            utoks = utoks[intro[1] :]
        elif address := addressed(utoks):
            # « toi Yvain, en garde ma mignonne », « toi là Karadoc : grelottine »: the one spoken to
            addressee, utoks = utoks[address - 1 : address], utoks[address:]
        if not utoks or all(u.unk for u in utoks):
            return Understanding(ResultKind.REJECTED, text, who, source, reason="rien d'intelligible")
        now = LazyNow(table) if table is not None else None
        ranked = self._rank(utoks, now, every)
        named: str | None = None  # the addressee as the target of the call read without him
        slack = self.thresholds.accept + self.thresholds.margin
        for pointed in ((utoks + addressee), (addressee + utoks)) if addressee else ():
            # the name as the target, after the call or where it was said
            readings = self._rank(pointed, now, every, within=slack)
            if clean_cost(readings) <= min(clean_cost(ranked), self.thresholds.accept):
                ranked = readings
            elif named is None and names_its_target(readings, ranked, clean_cost(ranked) + self.thresholds.margin):
                # … where a remark between the call and the name costs a little (« Léodagan, artichette,
                # t'as dormi ! »): the call read without him, given him as its target
                named = addressee[0].player
        ranked = self._with_sound(ranked, utoks, now, self.words.hesitation_before(pairs, utoks))
        if clean_cost(ranked) > self.thresholds.accept:
            ranked = self._said_again(utoks, now, every) or ranked
        # the speaker's own name said after the call (« pas mou le caillou, Karadoc ! »)
        last = utoks[-1].player
        # … but « c'est Karadoc » alone is a name said (the answer to « qui a dit ? »), not a call without it
        said_more = any(u.word not in FILLERS for u in utoks[:-1])
        if len(utoks) > 1 and last and who in (None, last) and said_more:
            full = clean_cost(ranked)
            trimmed = self._rank(utoks[:-1], now, every, within=max(full, self.thresholds.accept))
            # the speaker's own name is not the target of his own call: trimmed wins when it reads — unless a
            # word that introduces an argument puts it there (« … sur une velute pour Karadoc »)
            introduced = utoks[-2].word in SLOT_INTRODUCERS
            own = who == last and not introduced and clean_cost(trimmed) <= self.thresholds.accept
            better = own or (clean_cost(trimmed) < full and full > self.thresholds.accept)
            if better:
                ranked = trimmed
                if who is None:
                    who, source = last, "name"
        if about or remark:
            # a sentence about a call: only a phrase of the grammar that opens with the same words (or has the
            # remark's words) reads it
            asked = bool(about) and about[0] in ASKING
            ranked = [a for a in ranked if reads_about(a.template, about, remark, asked)]
            if not ranked:
                return Understanding(
                    ResultKind.REJECTED, text, who, source,
                    reason=f"on parle d'une annonce, ce n'en est pas une (« {text.strip()} »)",
                )
        context = (table, now) if table is not None else None
        decided = self._decide(utterance, ranked, who, source, context)
        if not (about or remark) and may_restructure(decided, table is not None):
            # a throw or a question in the speaker's own words is read by its structure — when the phrases read
            # nothing, or hesitate and the structure says which of them it is, or skipped words that count a face
            gate = remark_gate(now, who)
            structure = by_structure(utoks, text, self.thresholds.accept, gate)
            if not structure and addressee:  # « Karadoc il a quoi » said by another: the name is the question's
                structure = by_structure(addressee + utoks, text, self.thresholds.accept, gate)
            if structure and structure_decides(decided, structure, table is not None):
                decided = self._decide(utterance, structure, who, source, context)
        decided = asked_if_correcting(decided, context)
        if named and decided.call is not None and decided.call.target is None:
            decided = replace(decided, call=replace(decided.call, target=named))
        if now is None:
            return asked_if_article(decided, utoks)
        if decided.call is not None and decided.call.kind is CallKind.DE:
            decided = replace(decided, call=as_awaited(decided.call, now))  # the die where the cul is awaited: the cul
        return decided

    def _together(self, utterance: Utterance, utoks: list[UTok], table: Table | None) -> Understanding | None:
        """« Perceval et Karadoc beau sirop », « beau sirop pour Léodagan et Yvain »: several players named as
        the speakers of a call they may make together (:mod:`.together`); None: read as one speaker's."""
        group = named_together(utoks, utterance.speaker)
        if group is None or about_a_call(["ils", *plain_words(group.rest)]):
            return None  # « Perceval et Karadoc ont dit pas mou le caillou »: about a call
        first = group.players[0]
        rest = " ".join(u.said for u in group.rest)
        inner = self.understand(replace(utterance, text=rest, speaker=first), table=table)
        if inner.kind is not ResultKind.CALL or inner.call is None or not reads_together(inner.call.kind, group):
            return None
        players = in_roster_order(group.players, self.roster.players)
        call = replace(inner.call, player=players[0])
        return replace(inner, text=utterance.text, speaker=players[0], speaker_source="name", players=players, call=call)

    def _rank(
        self, utoks: list[UTok], now: LazyNow | None = None, every: bool = False, within: float = INF
    ) -> list[Alignment]:
        """The best alignment per meaning (kind + arguments + whether a slot failed), cheapest first.

        Only the paths the decision can read are traced back (see :meth:`_aligned`); ``every``: all of them
        (a sentence about a call keeps only some phrases, and any of those may be the one read). ``within``:
        the caller takes these readings only when one costs no more than it — none at all when no phrase can.
        """
        heard, th = self.aligner.heard(utoks), self.thresholds
        listed = self.shortlist.nearest(utoks, th.shortlist, th.shortlist_core, heard.edges, heard.control_edges)
        # a phrase heard only when the table allows it: without a table, never; with one, the table's state
        # (``now()``: the table played on a copy, the dearest step of a line in context) is asked only when such
        # a phrase's alignment is one the answer may hang on
        templates = [t for t in listed if not t.needs_state or now is not None]

        def heard_now(t: Template) -> bool:
            return not t.needs_state or allowed_now(now, t.target)

        if within < INF and not self._any_within(templates, heard, within, heard_now):
            return []
        if every:
            return best_per_meaning(al for al in (self.aligner.align(t, heard) for t in templates if heard_now(t)) if al.cost != INF)
        return self._aligned(templates, heard, heard_now)

    def _aligned(self, templates: list[Template], heard: Heard, heard_now: Callable[[Template], bool]) -> list[Alignment]:
        """``best_per_meaning`` of the templates' alignments, each path traced back only when it may matter.

        Every template's table is filled (its cost); the paths (a slot's value, a failure: what makes the
        meaning) are traced back from the cheapest up, and once a cost is over what the decision reads beside
        the best clean reading found (:meth:`_read_up_to`), no costlier alignment can change the answer. The
        readings are the same, in the same order: when two of them cost exactly the same, their order may
        hang on where an untraced one of the same meaning stood, so then every path is traced.

        ``heard_now``: whether a template may be heard at all (one that needs the table's state), asked only of
        the templates reached; one that may not is left out as if it had not been listed.
        """
        filled = [self.aligner.fill(t, heard) for t in templates]
        costs = [table[3] / max(t.weight, 1.0) for t, table in zip(templates, filled)]
        found: dict[int, Alignment] = {}
        left_out: set[int] = set()
        best = INF
        for k in sorted(range(len(filled)), key=costs.__getitem__):
            if costs[k] == INF or costs[k] > self._read_up_to(best):
                break
            if not heard_now(templates[k]):
                left_out.add(k)
                continue
            al = found[k] = self.aligner.ended(templates[k], heard, filled[k])
            if al.failure is None and al.cost < best:
                best = al.cost
        ranked = Readings(best_per_meaning(found[k] for k in sorted(found)))
        untraced = [k for k, cost in enumerate(costs) if k not in found and k not in left_out and cost != INF]
        if untraced:

            def every(tail: bool = True) -> list[Alignment]:
                """Every path traced. A phrase that needs the state is asked about only when the readings differ
                with and without it — or, ``tail`` False, when they differ otherwise than by readings of its own
                after all the others (costlier than anything the decision reads: only a merge with the readings
                by sound, which asks for the whole list, may place them)."""
                pending = [k for k in untraced if templates[k].needs_state]
                for k in untraced:
                    found[k] = self.aligner.ended(templates[k], heard, filled[k])
                readings = best_per_meaning(found[k] for k in sorted(found))
                if pending:
                    without = best_per_meaning(found[k] for k in sorted(found) if k not in pending)
                    prefix = len(readings) >= len(without) and all(a is b for a, b in zip(readings, without))
                    if not prefix or (tail and len(readings) != len(without)):
                        for k in pending:
                            if not heard_now(templates[k]):
                                del found[k]
                        readings = best_per_meaning(found[k] for k in sorted(found))
                    else:
                        readings = without if not tail else readings
                return readings

            if tied(ranked):
                whole = Readings(every(tail=False))
                whole.every = every  # the tail, for a merge with the readings by sound
                return whole
            ranked.every = every
        return ranked

    def _any_within(
        self, templates: list[Template], heard: Heard, within: float, heard_now: Callable[[Template], bool]
    ) -> bool:
        """Whether some phrase's alignment costs no more than ``within``: the phrases tried from the lowest
        floor up (the cost an alignment cannot be under), the tables filled only while a floor is within it
        (``heard_now`` asked only of a phrase within it)."""
        floors = sorted((self.aligner.floor(t, heard), k) for k, t in enumerate(templates))
        for floor, k in floors:
            if floor > within:
                return False
            t = templates[k]
            if self.aligner.fill(t, heard)[3] / max(t.weight, 1.0) <= within and heard_now(t):
                return True
        return False

    def _read_up_to(self, best: float) -> float:
        """The costliest reading the decision may look at when the best clean one costs ``best``: near it
        when it is accepted (the rivals within ``margin`` of the reading the table takes, itself within
        ``context`` of the best and accepted), only the best when nothing is (the reason names the nearest).
        Never lower for a higher ``best``: a cost over it stays over it as better readings are found."""
        th = self.thresholds
        return max(best, min(min(best, th.accept) + th.context + th.margin, th.accept + th.margin))

    def _said_again(self, utoks: list[UTok], now: LazyNow | None, every: bool = False) -> list[Alignment]:
        """A call with some of its words said again (« pas mou le caillou pas mou », « artichette Yvain
        artichette », « chouette je parie chouette »): read once without the words said later again, once
        without those said first; the cheaper reading that fits is taken, as if they were said once."""
        best: list[Alignment] = []
        for keep_first in (True, False):
            once = _said_once(utoks, keep_first)
            if once is None:
                continue
            readings = self._rank(once, now, every, within=min(self.thresholds.accept, clean_cost(best)))
            if clean_cost(readings) <= min(self.thresholds.accept, clean_cost(best)):
                best = readings
        return best

    def _with_sound(
        self, ranked: list[Alignment], utoks: list[UTok], now: LazyNow | None, before: str = ""
    ) -> list[Alignment]:
        """The readings by word, and by the sound of the whole phrase: instead of them when no word reading fits,
        beside them when the word reading had to fit a word the grammar does not have (« bé jarret »: bi-jarret by its words, bjarret by its
        sound — a question, not a pick). A call word is accepted through sound only when no other is as close."""
        best = clean_cost(ranked)
        guessed = any(not u.known and not u.unk for u in utoks)  # a heard word the grammar does not have
        if best <= self.thresholds.accept and (best < self.thresholds.sound_rivals or not guessed):
            return ranked
        sound = self.sounds.by_sound(utoks, self.thresholds, now, before)
        if best > self.thresholds.accept:
            return sound or ranked
        if not sound:
            return ranked
        merged = best_per_meaning(ranked + sound)
        if tied(merged) and isinstance(ranked, Readings) and ranked.every is not None:
            # two readings as costly: their order may hang on where an untraced one of the same meaning stood
            merged = best_per_meaning(ranked.every() + sound)
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
        self, utterance: Utterance, ranked: list[Alignment], who: str | None, source: str | None,
        context: _Context | None = None,
    ) -> Understanding:
        th = self.thresholds
        text = utterance.text
        base = dict(text=text, speaker=who, speaker_source=source)
        if not ranked:
            return Understanding(ResultKind.REJECTED, reason=NO_PHRASE_NEAR, **base)
        best = ranked[0]
        if best.failure and best.cost <= th.explain:
            return Understanding(
                ResultKind.REJECTED,
                cost=best.cost,
                reason=f"{best.failure} (dans « {shown(best.template.text)} »)",
                nearest=Nearest(best.template, slot_failed=True) if best.failure_kind in ("missing", "word", "bad") else None,
                **base,
            )
        clean = [a for a in ranked if a.failure is None]
        if not clean or clean[0].cost > th.accept:
            nearest = clean[0] if clean else best
            return Understanding(
                ResultKind.REJECTED,
                cost=nearest.cost,
                reason=f"{NOTHING_NEAR} (la plus proche : « {shown(nearest.template.text)} »)",
                nearest=Nearest(nearest.template),
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
                    reason=f"« {shown(winner.template.text)} » : {judged[id(winner)].reason}",
                    candidates=(cand,),
                    **base,
                )
        if winner.template.variant:
            return Understanding(
                ResultKind.REJECTED,
                cost=winner.cost,
                reason=(
                    f"« {shown(winner.template.text)} » est l'annonce d'une variante que cette table ne joue pas"
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
                    ResultKind.REJECTED, cost=rivals[0].cost, reason=f"{rivals[0].failure} (dans « {shown(rivals[0].template.text)} »)", **base
                )
            return Understanding(
                ResultKind.AMBIGUOUS,
                cost=winner.cost,
                reason=hesitation([c.phrase for c in [cand, *others]]),
                candidates=(cand, *others),
                **base,
            )
        if unstaked(winner.template, text):
            return Understanding(ResultKind.REJECTED, cost=winner.cost,
                                 reason=f"mise sans « sur » (la plus proche : « {shown(winner.template.text)} »)", **base)
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
        self, clean: list[Alignment], utterance: Utterance, who: str | None, context: _Context
    ) -> tuple[Alignment, dict[int, Judgement]]:
        """The reading the engine takes best among those close to the cheapest, and each one's judgement."""
        table, now = context
        th = self.thresholds
        close = [a for a in clean if a.cost <= th.accept and a.cost - clean[0].cost <= th.context] or clean[:1]
        judged = {id(a): judge(table, now, self._candidate(a, utterance, who).call, who is not None) for a in close}
        winner = min(close, key=lambda a: (judged[id(a)].standing, a.cost))
        return winner, judged

    def _candidate(self, al: Alignment, utterance: Utterance, who: str | None) -> Candidate:
        player = who or UNKNOWN_SPEAKER
        fields = reading_fields(al)
        if fields.pop("self_target", False) and who:
            fields["target"] = who  # « combien j'ai »: the speaker asks about himself
        target = al.template.target
        t = utterance.onset
        if target in THROWS and corrects(tokens(utterance.text)):
            target = TableCommand.CORRECTION  # « erreur, c'est six six deux »: the throw said again corrects the last
        if isinstance(target, CallKind):
            allowed = {"number", "combination", "max_stake", "target", "dice"}
            call = Call(target, player, t, **{k: v for k, v in fields.items() if k in allowed})  # type: ignore[arg-type]
            return Candidate(al.cost, al.template.text, call=call)
        allowed = {"target", "item", "rule", "dice"}
        command = Command(target, player, t, **{k: v for k, v in fields.items() if k in allowed})  # type: ignore[arg-type]
        return Candidate(al.cost, al.template.text, command=command)


#: The words naming which dice a throw's faces are, and the throws they cannot be (« le cul … un six » is no
#: chouettes 1-6; « les chouettes … » no cul).
_NOT_THOSE_DICE = {"cul": CallKind.CHOUETTES, "chouettes": CallKind.CUL}


def _dice_named_away(text: str, kept: str, read: Understanding) -> bool:
    """Whether a throw read from ``kept`` (``text`` rewrapped) left out the words naming its dice: the faces
    then belong to the dice named, not to the reading's kind (a rewrapping drops a run-up, never the throw's
    own dice words)."""
    call = read.call
    if call is None or call.kind not in THROW_DICE:
        return False
    dropped = Counter(tokens(text)) - Counter(tokens(kept))
    return any(dropped[w] and call.kind is kind for w, kind in _NOT_THOSE_DICE.items())


def _same(one: Understanding, other: Understanding) -> bool:
    """Whether two readings say the same call or command (its time aside)."""
    if not (one.accepted and other.accepted):
        return False
    a, b = one.call or one.command, other.call or other.command
    return replace(a, t=0.0) == replace(b, t=0.0)  # type: ignore[type-var]


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


def _refused_now_as_call(read: Understanding) -> Understanding:
    """A reading refused only because the game does not allow it now (its one candidate kept) → that call,
    accepted, so that the talk rule weighs it as said; any other reading as it is. (« artichette Perceval, je
    vous ai vu » after a Néant is refused with the game's reason, not as « nothing near a call ».)"""
    calls = [c for c in read.candidates if c.call is not None]
    if read.kind is not ResultKind.REJECTED or len(calls) != 1:
        return read
    return replace(read, kind=ResultKind.CALL, call=calls[0].call, candidates=())


def _faces_named(read: Understanding, named: tuple[int | None, ...], in_game: bool) -> bool:
    """Whether a reading of dice named by their colour is theirs: a throw of those faces, in that order; one
    die named alone only in a game (which die it is, the chouette or the cul, only the moment says)."""
    faces = read.call.dice if read.call is not None else None
    if faces is None:
        return True
    if len(named) == 1 and not in_game:
        return False
    return len(faces) == len(named) and all(n is None or n == f for n, f in zip(named, faces))

