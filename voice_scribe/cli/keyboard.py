"""Typed calls for ``listen --clavier``: what a typed line means, and the input line itself.

A line is « Nom: annonce », « Nom et Nom: annonce » for shouts said together (a
tie: both are stamped at the same instant), or just the text of a table
command. The ticheur types his hidden dice as « Nom: secret 2 5 5 ».

>>> typed = parse_line("Karadoc et Perceval : pas mou le caillou", ["Karadoc", "Perceval"])
>>> typed.speakers, typed.text
(('Karadoc', 'Perceval'), 'pas mou le caillou')
>>> parse_line("Gauvain: deux deux", ["Karadoc", "Perceval"]).unknown
('Gauvain',)
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field

from voice_scribe.understand.normalize import strip_accents

QUIT_WORDS = frozenset({"q", "quitter", "quit"})
SECRET_DICE = re.compile(r"^(?:secret|cach[ée]s?)\s*:?\s*([1-6])\D*([1-6])\D*([1-6])$", re.I)
_NAME_SEP = re.compile(r"\s*(?:,|&|\+|\bet\b)\s*")
_DICE_RUN = re.compile(r"(?<![\w-])[1-6](?:(?:\s*,\s*|\s+et\s+|\s+)[1-6])+(?![\w-])")
_DIE_WORDS = dict(zip("123456", ("un", "deux", "trois", "quatre", "cinq", "six"), strict=True))


def spelled_dice(text: str) -> str:
    """« dés 2 5 5 » → « dés deux cinq cinq »: typed dice in words, as they are heard (the understanding reads
    « 5 5 » in figures as one number, and « dés 2 5 5 » became « chouettes 2 et 5 »).

    >>> spelled_dice("dés 2 5 5"), spelled_dice("civet de 50 sur une chouette"), spelled_dice("chouettes 3 et 3")
    ('dés deux cinq cinq', 'civet de 50 sur une chouette', 'chouettes trois et trois')
    """
    return _DICE_RUN.sub(lambda m: re.sub(r"[1-6]", lambda d: _DIE_WORDS[d.group()], m.group()), text)


@dataclass(frozen=True)
class Typed:
    """One typed line: who said it (several names: said together), what, and the hidden dice."""

    text: str
    speakers: tuple[str, ...] = ()
    unknown: tuple[str, ...] = ()  # names typed that are not at the table
    secret: tuple[int, int, int] | None = None
    quit: bool = False


def _player(name: str, players: list[str]) -> str | None:
    key = strip_accents(name.strip()).casefold()
    return next((p for p in players if strip_accents(p).casefold() == key), None)


def parse_line(line: str, players: list[str]) -> Typed | None:
    """What a typed line means (``None`` for a blank line)."""
    line = line.strip()
    if not line:
        return None
    if line.casefold() in QUIT_WORDS:
        return Typed("", quit=True)
    prefix, sep, rest = line.partition(":")
    names = [n for n in _NAME_SEP.split(prefix.strip()) if n] if sep else []
    found = [_player(n, players) for n in names]
    if not names or not any(found) and not prefix.strip()[:1].isupper():
        return Typed(spelled_dice(line))  # no speaker typed (« correction : 4 3 4 »): the text decides
    unknown = tuple(n for n, p in zip(names, found) if p is None)
    speakers = tuple(dict.fromkeys(p for p in found if p))
    text = rest.strip()
    secret = SECRET_DICE.match(text)
    dice = tuple(int(d) for d in secret.groups()) if secret and len(speakers) == 1 else None
    return Typed(text if dice else spelled_dice(text), speakers, unknown, dice)  # type: ignore[arg-type]


@dataclass
class InputLine:
    """The line being typed, drawn by the screen (the terminal does not echo), with its history.

    Keys: printable characters, Backspace, Ctrl-U (clear), ↑/↓ (history), Enter.

    >>> line = InputLine()
    >>> line.feed("Karadoc: six\\x7fx six six\\r")
    ['Karadoc: six six six']
    >>> line.feed("\\x1b[A"), line.buffer
    ([], 'Karadoc: six six six')
    """

    buffer: str = ""
    history: list[str] = field(default_factory=list)
    keep: int = 100
    _browse: int | None = None
    _escape: str = ""
    _decoder: codecs.IncrementalDecoder = field(default_factory=lambda: codecs.getincrementaldecoder("utf-8")("replace"))

    def feed_bytes(self, data: bytes) -> list[str]:
        return self.feed(self._decoder.decode(data))

    def feed(self, chars: str) -> list[str]:
        done: list[str] = []
        for ch in chars:
            if self._escape or ch == "\x1b":
                self._escape += ch
                if len(self._escape) >= 3 or (len(self._escape) == 2 and ch != "["):
                    self._key(self._escape)
                    self._escape = ""
                continue
            if ch in "\r\n":
                if self.buffer.strip():
                    done.append(self.buffer)
                    self.history = (self.history + [self.buffer])[-self.keep:]
                self.buffer, self._browse = "", None
            elif ch in "\x7f\b":
                self.buffer = self.buffer[:-1]
            elif ch == "\x15":
                self.buffer = ""
            elif ch.isprintable():
                self.buffer += ch
        return done

    def _key(self, sequence: str) -> None:
        if not self.history or sequence not in ("\x1b[A", "\x1b[B"):
            return
        if sequence == "\x1b[A":
            self._browse = len(self.history) - 1 if self._browse is None else max(0, self._browse - 1)
        elif self._browse is not None:
            self._browse += 1
            if self._browse >= len(self.history):
                self._browse, self.buffer = None, ""
                return
        if self._browse is not None:
            self.buffer = self.history[self._browse]
