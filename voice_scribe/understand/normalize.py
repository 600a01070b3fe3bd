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


def strip_accents(text: str) -> str:
    text = text.replace("œ", "oe").replace("Œ", "OE").replace("æ", "ae")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def tokens(text: str) -> list[str]:
    """Lower-case, accent-free words; apostrophes and hyphens split words; ``[unk]`` is kept."""
    out: list[str] = []
    for part in re.split(r"(\[unk\])", text.lower()):
        if part == UNK:
            out.append(UNK)
            continue
        plain = strip_accents(part)
        for word in _SEPARATORS.split(plain):
            word = _KEEP.sub("", word)
            if word:
                out.append(word)
    return out


# Ordered rewrite rules on an accent-free lower-case word; capitals are phonemes.
_RULES: tuple[tuple[str, str], ...] = (
    (r"[^a-z]", ""),
    (r"ph", "f"),
    (r"^h|(?<=[^cs])h", ""),
    (r"(?<=[aeiou])ill", "Y"),  # caillou, bouteille
    (r"ill(?=[aeiou])", "iY"),  # billet -> biYet
    (r"([bcdfgklmnprtvz])\1", r"\1"),
    (r"(?<=...)[sx]$", ""),
    (r"sch|ch|sh", "S"),
    (r"gn", "N"),
    (r"qu|q", "k"),
    (r"gu(?=[eiy])", "g"),
    (r"g(?=[eiy])", "j"),
    (r"c(?=[eiy])", "s"),
    (r"ck|c", "k"),
    (r"x$", ""),
    (r"x", "ks"),
    (r"eaux?$", "o"),
    (r"eau", "o"),
    (r"au", "o"),
    (r"oi", "wa"),
    (r"ou", "U"),
    (r"(?:ai|ei)(?=[ns]?$)", "E"),
    (r"ai|ei", "E"),
    (r"(?:er|ez|et|es)$", "E"),
    (r"(?<=[^aeiouyAEIOUY])e$", ""),
    (r"(?:an|am|en|em)(?=[^aeiouyn m]|$)", "A"),
    (r"(?:on|om)(?=[^aeiouynm]|$)", "O"),
    (r"(?:ain|ein|in|im|un|um|yn)(?=[^aeiouynm]|$)", "I"),
    (r"(?<=[aeiouyAEIOUY])s(?=[aeiouy])", "z"),
    (r"y", "i"),
    (r"[tdspx]$", ""),
    (r"(.)\1+", r"\1"),
    (r"e(?=[^aeiouAEIOUY]{2})", "E"),
)
_COMPILED = tuple((re.compile(p), r) for p, r in _RULES)


@lru_cache(maxsize=8192)
def phonetic_key(word: str) -> str:
    """A rough French sound key of one word (accent-free, lower-case)."""
    key = strip_accents(word.lower().replace("ç", "s"))
    for pattern, repl in _COMPILED:
        key = pattern.sub(repl, key)
    return key or word
