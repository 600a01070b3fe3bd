"""The sound stage: heard words read by their sound, for what a free decoder writes.

Words written for a number (« pour doux » → douze, « cadre » → quatre) read as that number where a number is
said (:meth:`SoundStage.numbers_by_sound`); the whole phrase read by its sound (« lit note » → linotte,
« civet de trente sur une fuite », :meth:`SoundStage.by_sound`), compared with the sound of every phrase with
the same slots, by :mod:`~voice_scribe.understand.phonetics`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from voice_scribe.understand.alignment import Alignment
from voice_scribe.understand.context import LazyNow, allowed_now
from voice_scribe.understand.grammar import FILLERS, Template
from voice_scribe.understand.heard_words import DE_SOUNDS, HeardWords, UTok, is_article, said_number
from voice_scribe.understand.numbers import DIE_WORDS, NUMBER_WORDS, parse_number
from voice_scribe.understand.phonetics import phonemes, sound_distance, sound_within
from voice_scribe.understand.roster import Roster
from voice_scribe.understand.readings import best_per_meaning
from voice_scribe.understand.understanding import Thresholds

#: Words after which a number is said (« pour douze », « de quinze »).
_NUMBER_INTRODUCERS = frozenset({"pour", "de", "sur", "a"})
#: The number words a unit may follow inside one number (« quarante deux », « cent deux »).
_TAKE_A_UNIT = frozenset({"vingt", "trente", "quarante", "cinquante", "soixante", "cent", "mille"})
#: Sounds a name read by sound may be said short or long by (« léo dans », « il vain »), beside the phrase's own.
_NAME_SLACK = 2


#: Between the sounds of two stretches of a phrase (where a slot is).
_SEP = "|"


@dataclass(frozen=True)
class SoundReading:
    """A phrase read by its sound: its distance (per sound of the phrase, and in all), the stretches compared."""

    norm: float
    raw: float
    template: Template
    values: tuple[tuple[str, object], ...]
    heard: list[str]
    said: list[str]


class SoundStage:
    """The sounds of the vocabulary's numbers and of every phrase, for one grammar: the readings by sound."""

    def __init__(self, words: HeardWords, templates: Sequence[Template], roster: Roster) -> None:
        self.words = words
        # the numbers' sounds as phonemes (a final consonant heard tells « doute » from « doux »)
        self.number_phonemes = sorted({(phonemes(w), w) for w in NUMBER_WORDS if w not in ("une", "cents", "vingts")})
        # whole-phrase sounds for free decoding (« lit note » → linotte, « civet de trente sur une fuite »):
        # per template, the sounds of its word stretches between its slots, grouped by the slots' pattern
        self.phrase_sounds: dict[tuple[str, ...], dict[str, list[Template]]] = {}
        for t in templates:
            pattern = _sound_pattern(t)
            if pattern is not None:
                slots, stretches = pattern
                self.phrase_sounds.setdefault(slots, {}).setdefault(_SEP.join(stretches), []).append(t)
        self.phrase_keys = _by_length(self.phrase_sounds)
        # the same phrases with each player's name said in its slot, for a name free decoding wrote as other
        # words (« grelottine sur un vin », « quichage léo dans »): keyed by the phrase's other slots
        self.named_sounds: dict[tuple[str, ...], dict[str, list[tuple[Template, str, str, int]]]] = {}
        for slots, by_key in self.phrase_sounds.items():
            if "P" not in slots:
                continue
            k = slots.index("P")
            rest = slots[:k] + slots[k + 1 :]
            for key, named_templates in by_key.items():
                parts = key.split(_SEP)
                for player in roster.players:
                    for name in {phonemes(spelling) for spelling in roster.spellings(player)}:
                        named = parts[:k] + [parts[k] + name + parts[k + 1]] + parts[k + 2 :]
                        entry = self.named_sounds.setdefault(rest, {}).setdefault(_SEP.join(named), [])
                        entry += [(t, player, name, k) for t in named_templates]
        self.named_keys = _by_length(self.named_sounds)
        self._as_long: dict[tuple[tuple[str, ...], int, bool], list[str]] = {}

    def numbers_by_sound(self, utoks: list[UTok]) -> list[UTok]:
        """Words a free decoder writes for a number (« pour doux » → douze, « cadre » → quatre, « trois sans
        quarante » → cent), read as that number only where a number is said — next to one, or after a word
        that introduces one — and only when one number alone sounds that close."""
        utoks = self._numbers_joined(utoks)
        out = list(utoks)
        for j, u in enumerate(utoks):
            if u.is_number or u.player or u.unk or u.word in FILLERS or len(u.sound) < 2:
                continue
            before = j > 0 and utoks[j - 1].is_number
            after = j + 1 < len(utoks) and utoks[j + 1].is_number
            introducer = j > 0 and utoks[j - 1].word in _NUMBER_INTRODUCERS
            # « civet de sang deux »: a grammar word between an introducer and a number
            opening = introducer and after
            if not ((before and after) or opening or (not u.known and (before or after or (introducer and not after)))):
                continue
            word = self._number_of_sound(u.said or u.heard)  # as heard, not as guessed
            if word is not None:
                out[j] = UTok(word, u.heard, 0.15, True, sound=self.words.sound[word], spoken=u.spoken)
        return self._throw_by_sound(self._de_or_deux(out))

    def _numbers_joined(self, utoks: list[UTok]) -> list[UTok]:
        """A number written as two words, the first heard as a number (« saint quante » for cinquante): with the
        word after it (not heard as a word of the grammar), one number when one number alone sounds like the two."""
        out: list[UTok] = []
        j = 0
        while j < len(utoks):
            u = utoks[j]
            nxt = utoks[j + 1] if j + 1 < len(utoks) else None
            guessed = nxt is not None and (not nxt.known or nxt.cost >= 0.1)
            if u.is_number and guessed and not (nxt.player or nxt.unk or nxt.is_number):
                word = self._number_of_sound(f"{u.said or u.heard} {nxt.said or nxt.heard}")
                if word is not None and word != u.word:
                    end = j + 2  # with the other parts of the word heard (« quante » split as « qu ante »)
                    while end < len(utoks) and utoks[end].spoken == "":
                        end += 1
                    heard = " ".join(x.heard for x in utoks[j:end])
                    out.append(UTok(word, heard, 0.15, True, sound=self.words.sound[word], spoken=f"{u.said} {nxt.said}"))
                    j = end
                    continue
            out.append(u)
            j += 1
        return out

    def _de_or_deux(self, utoks: list[UTok]) -> list[UTok]:
        """« de » and « deux » sound alike: « deux » before a number it cannot begin (« je relance deux quinze »:
        no die face follows) is the small word; « de » after a ten or a hundred and before no number (« pour
        quarante de », « cent de sur … ») is the number's last word."""
        out = list(utoks)
        for j, u in enumerate(utoks):
            prev = utoks[j - 1] if j > 0 else None
            nxt = utoks[j + 1] if j + 1 < len(utoks) else None
            if u.word == "deux" and u.is_number and nxt is not None and said_number(nxt) and nxt.word not in DIE_WORDS:
                if (prev is None or not prev.is_number) and parse_number(["deux", nxt.word]) is None:
                    out[j] = UTok("de", u.heard, 0.1, True, sound=self.words.sound["de"], spoken=u.spoken)
            elif u.heard in ("de", "d") and prev is not None and said_number(prev) and prev.word in _TAKE_A_UNIT:
                if nxt is None or not nxt.is_number:
                    out[j] = UTok("deux", u.heard, 0.15, True, sound=self.words.sound["deux"], spoken=u.spoken)
        return out

    def _throw_by_sound(self, utoks: list[UTok]) -> list[UTok]:
        """A throw said alone (« cadre et cadre », « cadre cadre de »): when every word is a number, « et », or
        a word only one number sounds like, they are all numbers (a first or final « de » is « deux »: « de deux
        quatre »)."""
        if len(utoks) < 2 or utoks[0].word == "et" or utoks[-1].word == "et":
            return utoks
        out: list[UTok] = []
        for j, u in enumerate(utoks):
            if u.is_number or u.word == "et":
                out.append(u)
                continue
            # (never the die noun first: « dé cinq », « dés deux quatre six »)
            edge_de = (j == len(utoks) - 1 and u.heard in DE_SOUNDS) or (j == 0 and u.heard in ("de", "d"))
            word = "deux" if edge_de else (
                None if u.player or u.unk or (u.known and u.cost < 0.1) else self._number_of_sound(u.said or u.heard)
            )
            if word is None:
                return utoks
            out.append(UTok(word, u.heard, 0.15, True, sound=self.words.sound[word], spoken=u.spoken))
        return out

    def _number_of_sound(self, said: str) -> str | None:
        """The one number word within one sound of what was heard (none when two numbers are as close): by the
        phonemes, where near sounds cost less (« cadre » is quatre, « doute » douze, « doux » deux or douze)."""
        heard = phonemes(said)
        if len(heard) < 2:
            return None
        # a distance over one sound is not worked out to the end: such a number is never the one read
        scored = [(sound_distance(heard, key, limit=1.0), word) for key, word in self.number_phonemes]
        best = min(d for d, _ in scored)
        words = {w for d, w in scored if d == best}
        return words.pop() if best <= 1.0 and len(words) == 1 else None

    def by_sound(
        self, utoks: list[UTok], thresholds: Thresholds, now: LazyNow | None = None, before: str = ""
    ) -> list[Alignment]:
        """Readings by the sound of the whole phrase, for what free decoding writes (« bergère on nette »,
        « civet de trente sur une fuite », « passe gros lot Léodagan »).

        The heard words are cut at the slot values they carry (a player's name, a number read as one), and
        the sound of each stretch between them (:mod:`~voice_scribe.understand.phonetics`) is compared with the
        stretches of every phrase with those slots in that order; numbers are also tried as plain sounds (« cul
        deux chouettes »). A reading counts when its sound differs by at most ``sound`` of its length and is
        about as long (a whole extra syllable is an extra word: « beau sirop gagnant » is not one call); every
        reading about as close as the best one — within ``margin`` of its length or one sound — stays a rival
        (« bizarre et »: bi-jarret or bjarret? the scribe asks), unless it changes a sound heard into one not near
        it (« qui jette »: quichette, not michette). A player's name is read by its sound too (« grelottine sur un
        vin »). ``before``: hesitations dropped before the words, read as part of the phrase too (« tiens jette
        de … »: tichette, or the chouette of « jette de … »?).
        """
        if any(u.unk for u in utoks):
            return []
        found: list[SoundReading] = []
        hits: list[tuple[tuple, bool, list[tuple[str, list[str], int]]]] = []
        for numbers_as_slots in (True, False):
            cut = self._sound_cut(utoks, numbers_as_slots)
            if cut is None or (not numbers_as_slots and not any(u.is_number for u in utoks)):
                continue
            variants = [cut]
            if before:  # the hesitation dropped before the words, heard as the call's first sounds
                slots, stretches, values = cut
                variants.append((slots, [phonemes(before) + stretches[0], *stretches[1:]], values))
            for variant in variants:
                hits.append((variant, False, self._sound_hits(*variant, utoks)))
                if "P" not in variant[0]:
                    hits.append((variant, True, self._sound_hits(*variant, utoks, named=True)))
        # a reading over this raw distance can be neither the best (within ``sound``) nor one kept beside it
        # (within ``margin``, or one sound, of a best at most ``sound`` of the longest phrase's length):
        # its distance is not worked out to the end
        longest = max((length for _, _, found_hits in hits for _, _, length in found_hits), default=0)
        beside = thresholds.sound * longest + 1.0
        for (slots, stretches, values), named, found_hits in hits:
            found += self._sound_readings(slots, stretches, values, found_hits, named, thresholds, beside)
        if not found:
            return []
        best = min(found, key=lambda r: (r.norm, r.raw))
        if best.norm > thresholds.sound:
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
            if r.raw <= best.raw or (r.raw <= best.raw + slack and _as_good_to_the_ear(r, best, slack)):
                # as good to the ear: costed within the margin of the best
                cost = best.norm + 0.05 + min(r.norm - best.norm, thresholds.margin / 2)
            elif r.norm <= best.norm + thresholds.margin:
                cost = r.norm + 0.05
            else:
                continue
            alignments.append(Alignment(cost, r.template, r.values, None, cost * r.template.weight))
        return best_per_meaning(alignments)

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
            if numbers_as_slots and said_number(u) and not is_article(utoks, j):
                end = j + 1
                while end < n and (said_number(utoks[end]) or (utoks[end].word == "et" and end + 1 < n and said_number(utoks[end + 1]))):
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

    def _keys_about_as_long(self, slots: tuple[str, ...], heard_len: int, named: bool) -> list[str]:
        """The phrase sounds with these slots about as long as ``heard_len`` (:func:`_about_as_long`), each list
        made once per slots, length and kind (a table of the grammar, filled as lengths are heard)."""
        memo = (slots, heard_len, named)
        keys = self._as_long.get(memo)
        if keys is None:
            by_length = (self.named_keys if named else self.phrase_keys).get(slots, {})
            keys = self._as_long[memo] = _about_as_long(by_length, heard_len, _NAME_SLACK if named else 0)
        return keys

    def _sound_hits(
        self, slots: tuple[str, ...], stretches: list[str], values: tuple, utoks: list[UTok], named: bool = False
    ) -> list[tuple[str, list[str], int]]:
        """The phrase sounds with these slots that may read the heard stretches (key, its stretches, its length);
        ``named``: the phrases with a player's name too, each name's sound said in its slot (no name was heard
        as one)."""
        heard_len = sum(len(x) for x in stretches)
        more = _NAME_SLACK if named else 0
        keys = self._keys_about_as_long(slots, heard_len, named)
        if not keys or heard_len < 4:
            return []
        # a key word heard as itself (« mouette ») is never swallowed into another phrase's sound
        # (« bé jarret » may be bjarret: the sound of « jarret » is in it)
        kept = [phonemes(u.said) for u in utoks if u.word in self.words.key_words and u.cost < 0.1 and not u.player]
        hits = process.extract(_SEP.join(stretches), keys, scorer=Levenshtein.normalized_distance, limit=12, score_cutoff=0.6)
        out = []
        for key, _, _ in hits:
            said = key.split(_SEP)
            length = sum(len(x) for x in said)
            if length < 4 or not _as_long(length, heard_len, more) or not all(k in key for k in kept):
                continue
            if not _number_edges_kept(slots, stretches, said):
                continue
            out.append((key, said, length))
        return out

    def _sound_readings(
        self, slots: tuple[str, ...], stretches: list[str], values: tuple, hits: list[tuple[str, list[str], int]],
        named: bool, thresholds: Thresholds, beside: float,
    ) -> list[SoundReading]:
        """The readings of the phrase sounds found (:meth:`_sound_hits`), but those whose distance is over what
        :meth:`by_sound` may keep: over ``sound`` + ``margin`` of their length and over ``beside``."""
        out = []
        within: dict[tuple[int, str], float] = {}  # a name's sound in a stretch, worked out once
        for key, said, length in hits:
            limit = max((thresholds.sound + thresholds.margin) * length, beside) + 1e-9
            raw = 0.0
            for h, w in zip(stretches, said):
                raw += sound_distance(h, w, limit=limit - raw)
                if raw > limit:
                    break
            if raw > limit:
                continue
            if named:
                # the name itself must be heard about as said: within a third of its sounds (one for a short name)
                readings = []
                for t, player, name, k in self.named_sounds[slots][key]:
                    near = within.get((k, name))
                    if near is None:
                        near = within[(k, name)] = sound_within(stretches[k], name)
                    if near <= max(1.0, len(name) / 3):
                        readings.append(SoundReading(raw / length, raw, t, values + (("player", player),), stretches, said))
                out += readings
            else:
                out += [SoundReading(raw / length, raw, t, values, stretches, said) for t in self.phrase_sounds[slots][key]]
        return out


def _as_good_to_the_ear(r: SoundReading, best: SoundReading, slack: float) -> bool:
    """A reading within one more sound of the best is a rival when that sound is left out or added (« bizarre
    et »: bjarret leaves out the i bi-jarret keeps), not when a sound heard is changed into one not near it
    (« qui jette »: michette changes the k quichette keeps)."""

    def apart(reading: SoundReading) -> float:
        return sum(sound_distance(h, w, unrelated=2.0) for h, w in zip(reading.heard, reading.said))

    return apart(r) <= apart(best) + slack


def _by_length(sounds: dict[tuple[str, ...], dict[str, list]]) -> dict[tuple[str, ...], dict[int, list[str]]]:
    """Phrase sounds per slot pattern, by the length of their sounds: only those about as long as what was
    heard are compared."""
    out: dict[tuple[str, ...], dict[int, list[str]]] = {}
    for slots, by_key in sounds.items():
        for key in by_key:
            out.setdefault(slots, {}).setdefault(len(key) - key.count(_SEP), []).append(key)
    return out


def _about_as_long(by_length: dict[int, list[str]], heard_len: int, more: int = 0) -> list[str]:
    """The phrase sounds about as long as what was heard (:func:`_as_long`), ``more`` sounds of slack."""
    return [
        key
        for length in range(heard_len * 8 // 9 - 2 - more, heard_len * 8 // 7 + 3 + more)
        if _as_long(length, heard_len, more)
        for key in by_length.get(length, ())
    ]


def _as_long(length: int, heard_len: int, more: int = 0) -> bool:
    """A phrase of ``length`` sounds about as long as ``heard_len`` heard: within an eighth of it (one sound for a
    short one), ``more`` sounds besides; a whole extra syllable is an extra word."""
    return abs(length - heard_len) <= max(1, length // 8) + more


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
