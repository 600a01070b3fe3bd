"""Text normalisation and a small French phonetic key.

ASR output and grammar templates go through the same :func:`tokens`, so that
« J'achète ! », « j' achète » and « j achete » compare equal. :func:`phonetic_key`
folds French spellings of one sound onto one key (« caillou »/« cailloux »,
« grelotte »/« grelote », « velutée »/« veluttée ») so that sound-alike ASR
mistakes cost little.

Why a hand-written key: the PyPI phonetic libraries are English-only
(jellyfish, fonetika), unmaintained (abydos, last release 2020) or need a
system back-end at run time (phonemizer + espeak). The key below is a few
ordered rewrite rules, tested on the game's vocabulary.

>>> tokens("J'achète, Karadoc !")
['j', 'achete', 'karadoc']
>>> tokens("beau-sirooop 111 brrr")
['beau', 'sirop', '111', 'brr']
>>> phonetic_key("cailloux") == phonetic_key("caillou")
True
>>> phonetic_key("Bergeronette") == phonetic_key("bergeronnette")
True
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_SEPARATORS = re.compile(r"[\s'’`´\-‐‑–—_:;,.!?¿¡«»\"“”()\[\]/…]+")
_KEEP = re.compile(r"[^a-z0-9\[\]]")

#: The token Vosk emits for speech outside its grammar.
UNK = "[unk]"

#: The die noun is a word of its own: « le dé » is not the small word « de » (« il fait un six le dé » is a
#: die, not « un six »). Written without its accent, it is « de » again, and only its sound says « dé ».
_DIE_NOUNS = {"dé": "dé", "dés": "dés"}
#: Regional and familiar spellings of a pronoun (« moé je sirote », « c'est toé le roi »): read as the pronoun,
#: sound and all.
_REGIONAL = {"moé": "moi", "toé": "toi", "moè": "moi", "toè": "toi"}


#: A letter said long, written three times or more (« beau-sirooop », « gagnaaant »): no French word has one so.
_STRETCHED = re.compile(r"([^\W\d_])\1{2,}")


def _unstretched(word: str) -> str:
    """« siroooote » → « sirote »: a letter held, as a shout is typed; an interjection keeps two (« brrr » →
    « brr », « hmmm » → « hmm »)."""
    once = _STRETCHED.sub(r"\1", word)
    return once if len(once) > 2 or once == word else _STRETCHED.sub(r"\1\1", word)


def strip_accents(text: str) -> str:
    text = text.replace("œ", "oe").replace("Œ", "OE").replace("æ", "ae")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def token_pairs(text: str) -> list[tuple[str, str]]:
    """(plain, spoken) per word: the plain form is for identity, the spoken one (accents kept) for sound."""
    return list(_token_pairs(text))


@lru_cache(maxsize=16384)
def _token_pairs(text: str) -> tuple[tuple[str, str], ...]:
    """:func:`token_pairs` worked out once per text (the matcher asks again for each word it reads)."""
    out: list[tuple[str, str]] = []
    for part in re.split(r"(\[unk\])", text.lower()):
        if part == UNK:
            out.append((UNK, UNK))
            continue
        for word in _SEPARATORS.split(part):
            word = _unstretched(word)
            word = _REGIONAL.get(word, word)
            plain = _KEEP.sub("", strip_accents(word))
            plain = _DIE_NOUNS.get(word, plain)
            if plain:
                out.append((plain, word))
    return tuple(out)


def tokens(text: str) -> list[str]:
    """Lower-case, accent-free words; apostrophes and hyphens split words; ``[unk]`` is kept."""
    return [plain for plain, _ in token_pairs(text)]


# Ordered rewrite rules on an accent-free lower-case word; capitals are phonemes.
_V = "aeiouyAEIOUY"
_RULES: tuple[tuple[str, str], ...] = (
    (r"[^a-zAEIOUY]", ""),
    (r"ph", "f"),
    (r"^h|(?<=[^cs])h", ""),
    (rf"(?<=[{_V}])ill", "Y"),  # caillou, bouteille
    (rf"ill(?=[{_V}])", "iY"),  # billet -> biYet
    (r"([bcdfgklmnprtvz])\1", r"\1"),
    (r"(?<=...)[sx]$", ""),
    (r"sch|ch|sh", "S"),
    (r"gn", "N"),
    (r"qu|q", "k"),
    (r"gu(?=[eiyEIY])", "g"),
    (r"g(?=[eiyEIY])", "j"),
    (r"c(?=[eiyEIY])", "s"),
    (r"ck|c", "k"),
    (r"x$", ""),
    (r"x", "ks"),
    (r"eaux?$", "o"),
    (r"eau", "o"),
    (r"au", "o"),
    (r"gt$", ""),
    (rf"(?:ain|ein|in|im|un|um|yn)(?=[^{_V}nm]|$)", "I"),
    (rf"(?:an|am|en|em)(?=[^{_V}nm]|$)", "A"),
    (rf"(?:on|om)(?=[^{_V}nm]|$)", "O"),
    (r"oi", "wa"),
    (r"ou", "U"),
    (r"(?:ai|ei)(?=[ns]?$)", "E"),
    (r"ai|ei", "E"),
    (r"(?:er|ez|et|es)$", "E"),
    (rf"(?<=[^{_V}])e$", ""),
    (r"(?<=[aiouyAIOUY])e$", ""),  # « mie » = « mi », « joue » = « jou »
    (rf"(?<=[{_V}])s(?=[{_V}])", "z"),
    (r"y", "i"),
    (r"[tdspx]$", ""),
    (r"(.)\1+", r"\1"),
    (rf"e(?=[^{_V}]{{2}})", "E"),
)
_COMPILED = tuple((re.compile(p), r) for p, r in _RULES)


@lru_cache(maxsize=8192)
def phonetic_key(word: str) -> str:
    """A rough French sound key of one word; accents help (« résiné » ≠ « résine », = « résiner »)."""
    key = word.lower().replace("ç", "s")
    key = re.sub(r"ée?s?$", "E", key)  # a final é, ée, és is heard (« résiné » = « résiner »)
    key = re.sub(r"[éèêë]", "E", key)  # « rétournelle » = « raitournelle »
    key = strip_accents(key)
    for pattern, repl in _COMPILED:
        key = pattern.sub(repl, key)
    key = key.replace("E", "e")  # open and closed e are one sound to a recogniser (« fauvète » = « fauvette »)
    return key or word
