"""The French grammar as data: templates in ``grammars/fr/``, parsed and expanded.

Template syntax (see ``grammars/fr/README.md``):

* ``(a|b|c)`` alternatives, ``[x]`` optional, ``[a|b]`` one of them or none
  (all nest, and work inside a word: ``caillou[x]``);
* ``{player}``, ``{number}``, ``{die}`` open slots (roster names, French
  number words, one die face); adjacent ``{die}`` slots form one dice slot;
* ``{bird}``, ``{combination}``, ``{item}``, ``{rule}``: list slots, defined in
  ``lists.txt`` as ``value: template``; their words are *key* words;
* ``<target>``: an expansion rule (``[rule target]`` in ``lists.txt``);
* ``when FIELD=VALUE: template``: only when ``Rules.FIELD`` equals VALUE;
* ``template => flag`` or ``=> name=value``: values the template sets.

>>> g = load_grammar()
>>> t = [t for t in g.templates if t.target is CallKind.PARI_OISEAU][0]
>>> t.text, t.values
('linotte', (('bird', '1'),))
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cached_property
from itertools import product
from pathlib import Path

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.rules import Rules
from voice_scribe.understand.commands import TableCommand
from voice_scribe.understand.normalize import phonetic_key, token_pairs

OPEN_SLOTS = frozenset({"player", "number", "die"})
LIST_SLOTS = frozenset({"bird", "combination", "item", "rule"})

#: Short words that carry little meaning: cheap to drop, add or mishear. The die nouns « dé », « dés » are
#: words of their own (not « de », « des »: ``normalize``) but as cheap as these around a call.
FILLERS = frozenset(
    "a au aux c ca ce d de des du elle en est et il j je l la le les m ma me moi mon n ne par pour qu que s sur t "
    "te un une y dé dés".split()
)

Target = CallKind | TableCommand


class GrammarError(Exception):
    """The grammar files cannot be used; the message is French, for the user."""


# ── the template AST ──
@dataclass(frozen=True)
class _Seq:
    items: tuple


@dataclass(frozen=True)
class _Alt:
    options: tuple  # of _Seq


@dataclass(frozen=True)
class _Slot:
    name: str


@dataclass(frozen=True)
class _Ref:
    name: str


def parse_template(text: str, where: str = "") -> _Seq:
    """Parse one template line into a tree; raises GrammarError on bad syntax."""
    pos = 0

    def fail(msg: str) -> GrammarError:
        return GrammarError(f"{where}modèle illisible « {text} » : {msg} (colonne {pos + 1})")

    def seq(closers: str) -> _Seq:
        nonlocal pos
        items: list = []
        buf = ""
        while pos < len(text) and text[pos] not in closers:
            c = text[pos]
            if c in "([{<":
                if buf:
                    items.append(buf)
                    buf = ""
                pos += 1
                if c == "(":
                    options = [seq("|)")]
                    while pos < len(text) and text[pos] == "|":
                        pos += 1
                        options.append(seq("|)"))
                    if pos >= len(text):
                        raise fail("« ( » sans « ) »")
                    pos += 1
                    items.append(_Alt(tuple(options)))
                elif c == "[":  # optional; « [a|b] » is « [(a|b)] »
                    options = [seq("|]")]
                    while pos < len(text) and text[pos] == "|":
                        pos += 1
                        options.append(seq("|]"))
                    if pos >= len(text):
                        raise fail("« [ » sans « ] »")
                    pos += 1
                    items.append(_Alt((*options, _Seq(()))))
                else:
                    close = "}" if c == "{" else ">"
                    end = text.find(close, pos)
                    if end < 0:
                        raise fail(f"« {c} » sans « {close} »")
                    name = text[pos:end].strip()
                    pos = end + 1
                    items.append(_Slot(name) if c == "{" else _Ref(name))
            elif c in ")]|}>":
                raise fail(f"« {c} » inattendu")
            else:
                buf += c
                pos += 1
        if buf:
            items.append(buf)
        return _Seq(tuple(items))

    tree = seq("")
    if pos != len(text):
        raise fail("fin inattendue")
    return tree


# ── expansion ──
@dataclass(frozen=True)
class TTok:
    """One template token: a word, or an open slot (player, number, dice)."""

    kind: str  # "word" | "player" | "number" | "dice"
    word: str = ""  # plain (accent-free) form
    key: bool = False
    count: int = 1
    sound: str = ""  # phonetic key of the word as written (accents kept)

    @cached_property
    def weight(self) -> float:
        if self.kind != "word":
            return 1.0
        if self.key:
            return 1.0
        return 0.35 if self.word in FILLERS else 1.0


@dataclass(frozen=True)
class Template:
    """One fully expanded phrasing of a call or a command."""

    target: Target
    toks: tuple[TTok, ...]
    values: tuple[tuple[str, str], ...]
    surface: tuple[str, ...]  # words as written (accents kept) and "{slot}" markers, for Vosk
    text: str  # readable, for messages
    variant: str = ""  # for a template of a variant the rules do not play: its condition, e.g. "achat_call=volette"

    @cached_property
    def weight(self) -> float:
        return sum(t.weight for t in self.toks)

    @cached_property
    def words(self) -> frozenset[str]:
        """The words of this phrase (not its slots)."""
        return frozenset(t.word for t in self.toks if t.kind == "word")

    @property
    def takes_commentary(self) -> bool:
        """Whether words around this phrase may be commentary: not for a bare list word (« chouette »:
        « t'as vu cette chouette » is chatter), nor for a phrase of a variant the table does not play."""
        return not self.variant and not self.exact and (
            self.weight >= 3 or not any(name in LIST_SLOTS for name, _ in self.values)
        )

    @property
    def exact(self) -> bool:
        """Heard only as said, fillers aside: no word inserted in it nor said around it (``=> exact``:
        « c'est quoi le civet » asks the scribe, « c'est quoi déjà le civet » asks a fellow player)."""
        return ("exact", "true") in self.values

    @property
    def needs_state(self) -> bool:
        """Only heard when the table allows this call now (``=> needs_state``: a stake said alone)."""
        return ("needs_state", "true") in self.values

    @property
    def slot_kinds(self) -> tuple[str, ...]:
        return tuple(t.kind for t in self.toks if t.kind != "word")


@dataclass(frozen=True)
class _Piece:
    """An expansion piece: raw text, an open slot, or a list entry's words."""

    text: str = ""
    slot: str = ""
    list_value: tuple[str, str] | None = None


@dataclass
class Grammar:
    """All templates for one set of rules, plus the lists they were built from."""

    templates: tuple[Template, ...]
    lists: dict[str, tuple[tuple[str, str], ...]]  # list name -> (value, phrasing text)
    root: Path
    sections: frozenset[str] = field(default_factory=frozenset)
    #: templates of variants these rules do not play: recognised only to say so
    inactive: tuple[Template, ...] = ()


@dataclass(frozen=True)
class _Line:
    section: str
    tree: _Seq
    condition: tuple[str, str] | None
    values: tuple[tuple[str, str], ...]
    where: str


def grammar_root() -> Path:
    """``fr`` of the grammar data: inside the installed package (``voice_scribe.grammars``), else
    ``grammars/fr`` beside the package in a source tree."""
    from importlib import resources

    try:
        packaged = Path(str(resources.files("voice_scribe.grammars"))) / "fr"
    except ModuleNotFoundError:
        packaged = None
    if packaged is not None and packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent.parent / "grammars" / "fr"


def _read_sections(path: Path) -> Iterator[tuple[str, str, int]]:
    """(section, line, line number) for every non-empty, non-comment line."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GrammarError(f"fichier de grammaire introuvable : {path}") from None
    section = ""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]") and re.fullmatch(r"\[[\w <>]+\]", line):
            section = line[1:-1].strip()
            continue
        if not section:
            raise GrammarError(f"{path.name}:{number} : ligne hors de toute section")
        yield section, line, number


def _parse_line(section: str, line: str, where: str) -> _Line:
    condition = None
    values: list[tuple[str, str]] = []
    m = re.match(r"when\s+(\w+)\s*=\s*([\w.]+)\s*:\s*(.*)$", line)
    if m:
        condition = (m.group(1), m.group(2))
        line = m.group(3)
    if "=>" in line:
        line, _, tail = line.partition("=>")
        for item in tail.split():
            name, _, value = item.partition("=")
            values.append((name, value or "true"))
    return _Line(section, parse_template(line.strip(), where), condition, tuple(values), where)


class _Expander:
    def __init__(self, lists: dict[str, list[tuple[str, _Seq]]], rules_: dict[str, list[_Seq]]):
        self.lists = lists
        self.rules = rules_

    def expand(self, node, depth: int = 0) -> list[list[_Piece]]:
        if depth > 20:
            raise GrammarError("règles d'expansion récursives")
        if isinstance(node, str):
            return [[_Piece(text=node)]]
        if isinstance(node, _Seq):
            out: list[list[_Piece]] = [[]]
            for item in node.items:
                parts = self.expand(item, depth + 1)
                out = [a + b for a, b in product(out, parts)]
            return out
        if isinstance(node, _Alt):
            return [p for option in node.options for p in self.expand(option, depth + 1)]
        if isinstance(node, _Ref):
            if node.name not in self.rules:
                raise GrammarError(f"règle d'expansion inconnue : <{node.name}>")
            return [p for option in self.rules[node.name] for p in self.expand(option, depth + 1)]
        if isinstance(node, _Slot):
            if node.name in OPEN_SLOTS:
                return [[_Piece(slot=node.name)]]
            if node.name in self.lists:
                out = []
                for value, tree in self.lists[node.name]:
                    for pieces in self.expand(tree, depth + 1):
                        text = "".join(p.text for p in pieces)
                        out.append([_Piece(text=text, list_value=(node.name, value))])
                return out
            raise GrammarError(f"liste inconnue : {{{node.name}}}")
        raise TypeError(node)  # pragma: no cover


def _to_template(target: Target, pieces: list[_Piece], values: tuple[tuple[str, str], ...]) -> Template | None:
    toks: list[TTok] = []
    surface: list[str] = []
    found: list[tuple[str, str]] = []
    buf = ""

    def flush() -> None:
        nonlocal buf
        toks.extend(TTok("word", w, sound=phonetic_key(a)) for w, a in token_pairs(buf))
        surface.extend(_surface_words(buf))
        buf = ""

    for piece in pieces:
        if piece.slot:
            flush()
            if piece.slot == "die" and toks and toks[-1].kind == "dice":
                toks[-1] = TTok("dice", count=toks[-1].count + 1)
            else:
                toks.append(TTok("dice" if piece.slot == "die" else piece.slot))
            surface.append("{" + piece.slot + "}")
        elif piece.list_value:
            flush()
            found.append(piece.list_value)
            for w, a in token_pairs(piece.text):
                toks.append(TTok("word", w, key=w not in FILLERS, sound=phonetic_key(a)))
            surface.extend(_surface_words(piece.text))
        else:
            buf += piece.text
    flush()
    if not toks:
        return None
    text = " ".join(surface)
    return Template(target, tuple(toks), tuple(found) + values, tuple(surface), text)


def _surface_words(text: str) -> list[str]:
    """Words as Vosk should spell them: lower-case, accents and apostrophes kept."""
    cleaned = re.sub(r"[!?,.;:«»“”\"]", " ", text.lower()).replace("-", " ").replace("’", "'")
    return cleaned.split()


def load_grammar(rules: Rules | None = None, root: Path | None = None) -> Grammar:
    """Read ``calls.txt``, ``commands.txt`` and ``lists.txt``; expand every template."""
    rules = rules or Rules()
    root = root or grammar_root()
    if not root.is_dir():
        raise GrammarError(f"dossier de grammaire introuvable : {root} (attendu : grammars/fr à côté du paquet)")
    lists: dict[str, list[tuple[str, _Seq]]] = {}
    expansion_rules: dict[str, list[_Seq]] = {}
    for section, line, number in _read_sections(root / "lists.txt"):
        where = f"lists.txt:{number} : "
        kind, _, name = section.partition(" ")
        if kind == "list":
            value, sep, template = line.partition(":")
            if not sep:
                raise GrammarError(f"{where}entrée de liste sans « valeur: modèle »")
            lists.setdefault(name, []).append((value.strip(), parse_template(template.strip(), where)))
        elif kind == "rule":
            expansion_rules.setdefault(name, []).append(parse_template(line, where))
        else:
            raise GrammarError(f"{where}section inconnue « {section} » (attendu : list NOM ou rule NOM)")
    missing = LIST_SLOTS - set(lists)
    if missing:
        raise GrammarError(f"lists.txt : liste(s) manquante(s) : {', '.join(sorted(missing))}")
    lines: list[tuple[Target, _Line]] = []
    sections: set[str] = set()
    for filename, enum in (("calls.txt", CallKind), ("commands.txt", TableCommand)):
        for section, line, number in _read_sections(root / filename):
            where = f"{filename}:{number} : "
            try:
                target = enum[section]
            except KeyError:
                raise GrammarError(f"{where}section « {section} » : aucun membre {enum.__name__} de ce nom") from None
            sections.add(section)
            lines.append((target, _parse_line(section, line, where)))
    expander = _Expander(lists, expansion_rules)
    templates: list[Template] = []
    inactive: list[Template] = []
    seen: set[tuple] = set()
    for target, line in lines:
        off = bool(line.condition) and str(getattr(rules, line.condition[0], None)).lower() != line.condition[1].lower()
        for pieces in expander.expand(line.tree):
            template = _to_template(target, pieces, line.values)
            if template is None:
                continue
            if off:
                inactive.append(replace(template, variant="=".join(line.condition)))  # type: ignore[arg-type]
                continue
            ident = (target, template.toks, template.values)
            if ident not in seen:
                seen.add(ident)
                templates.append(template)
    list_texts = {
        name: tuple(
            (value, "".join(p.text for p in pieces))
            for value, tree in entries
            for pieces in expander.expand(tree)
        )
        for name, entries in lists.items()
    }
    return Grammar(tuple(templates), list_texts, root, frozenset(sections), tuple(inactive))
