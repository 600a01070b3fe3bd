"""Compiling the grammar for Vosk, and checking its words against a model.

Vosk turns a runtime phrase list into a bigram model and drops words the
model lacks (field notes). So: every word must be known to the model (checked
at start-up with ``Model.vosk_model_find_word``, −1 = unknown), every slot is
filled with values that give the bigrams it needs, and the list is never
empty (an empty or invalid grammar JSON crashes Vosk).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from voice_scribe.engine.calls import CallKind
from voice_scribe.understand.grammar import Grammar
from voice_scribe.understand.numbers import spell
from voice_scribe.understand.roster import Roster

#: One-word numbers: every number starts and ends with one of these.
NUMBER_FILL = tuple(spell(n) for n in (*range(17), 20, 30, 40, 50, 60, 100)) + ("cents", "vingts")
DIE_FILL = ("un", "deux", "trois", "quatre", "cinq", "six")
UNK_PHRASE = "[unk]"


def _surface(spelling: str) -> str:
    return " ".join(re.sub(r"[!?,.;:]", " ", spelling.lower()).replace("-", " ").split())


def _numbers() -> list[str]:
    """Standalone numbers: 0–199 (stakes, quiches, relances) and the tiches of digits 1–6."""
    values = set(range(200)) | {100 * a + 10 * b + c for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)}
    return [spell(n) for n in sorted(values)]


def vosk_phrases(
    grammar: Grammar,
    roster: Roster,
    known: Callable[[str], bool] | None = None,
    sayable: Callable[[CallKind], bool] | None = None,
) -> list[str]:
    """The phrase list for a KaldiRecognizer grammar (without ``[unk]``); never empty.

    With ``known`` (a model's vocabulary test), a word the model lacks is
    replaced by its apostrophe/hyphen parts when those are known. With
    ``sayable`` (e.g. ``game.now().allows``), only the calls it allows are
    kept, and every table command: a grammar that follows the state.
    """
    names = sorted({_surface(s) for p in roster.players for s in roster.spellings(p)})
    fills = {"{player}": names or ["joueur"], "{number}": list(NUMBER_FILL), "{die}": list(DIE_FILL)}
    phrases: set[str] = set()
    for template in grammar.templates:
        if sayable is not None and isinstance(template.target, CallKind) and not sayable(template.target):
            continue
        slots = [i for i, w in enumerate(template.surface) if w in fills]
        words = list(template.surface)
        for i in slots:
            words[i] = fills[words[i]][0]
        phrases.add(" ".join(words))
        # Vosk keeps only bigrams: each slot value needs its neighbours, not every sentence.
        for i in slots:
            for value in fills[template.surface[i]]:
                phrases.add(" ".join(words[max(i - 1, 0) : i] + [value] + words[i + 1 : i + 2]))
    phrases.update(_numbers())
    firsts = {p.split()[0] for p in phrases}
    for name in names:  # « Karadoc : pas mou le caillou » — a leading name
        phrases.add(name)
        phrases.update(f"{name} {first}" for first in firsts)
    if known is not None:
        phrases = {_respell(p, known) for p in phrases}
    out = sorted(p for p in phrases if p.strip())
    return out or ["suivant"]


def _respell(phrase: str, known: Callable[[str], bool]) -> str:
    out = []
    for word in phrase.split():
        if not known(word) and re.search(r"['-]", word):
            parts = [p for p in re.split(r"(?<=')|-", word) if p]
            if all(known(p) for p in parts):
                out.extend(parts)
                continue
        out.append(word)
    return " ".join(out)


def vosk_grammar_json(phrases: list[str]) -> str:
    """The JSON a KaldiRecognizer takes: the phrases plus ``[unk]``."""
    if not phrases:
        raise ValueError("empty phrase list")
    return json.dumps([*phrases, UNK_PHRASE], ensure_ascii=False)


# ── vocabulary check ──
@dataclass(frozen=True)
class MissingWord:
    word: str
    used_in: tuple[str, ...]  # a few phrases that use it
    player: str | None  # the player whose name (or alias) this word is part of
    suggestions: tuple[str, ...]  # spellings made of words the model knows


@dataclass(frozen=True)
class VocabReport:
    checked: int
    missing: tuple[MissingWord, ...]

    @property
    def ok(self) -> bool:
        return not self.missing

    def to_french(self) -> str:
        if self.ok:
            return f"Vocabulaire : les {self.checked} mots de la grammaire sont connus du modèle."
        lines = [
            f"Vocabulaire : {len(self.missing)} mot(s) sur {self.checked} inconnu(s) du modèle ;"
            " le modèle ne pourra jamais les entendre."
        ]
        if len(self.missing) >= 0.9 * self.checked:
            lines.append(
                "  Le modèle ne connaît presque aucun mot de la grammaire : est-ce bien un modèle français"
                " (ex. vosk-model-small-fr-0.22, « voice-scribe models ») ?"
            )
        names = [m for m in self.missing if m.player]
        spelled = [m for m in self.missing if not m.player and m.suggestions]
        others = [m for m in self.missing if not m.player and not m.suggestions]
        if names:
            lines.append("Noms de joueurs inconnus (à faire : un alias fait de mots connus, --players \"Nom=alias\") :")
            for m in names:
                hint = f" ; essayez --players \"{m.player}={m.suggestions[0]}\"" if m.suggestions else ""
                lines.append(f"  - « {m.word} » ({m.player}){hint}")
        if spelled:
            lines.append(
                "Mots inconnus qui ont une orthographe proche faite de mots connus"
                " (à faire : l'ajouter comme variante dans grammars/fr/) :"
            )
            for m in spelled:
                lines.append(f"  - « {m.word} » → {', '.join('« ' + s + ' »' for s in m.suggestions)}")
        if others:
            lines.append(
                "Mots inconnus sans orthographe de remplacement (à faire : une variante faite de mots connus"
                " dans grammars/fr/, ou un modèle qui connaît ces mots) :"
            )
            for m in others:
                example = f" (ex. « {m.used_in[0]} »)" if m.used_in else ""
                lines.append(f"  - « {m.word} »{example}")
        return "\n".join(lines)


def model_vocabulary(model: object) -> Callable[[str], bool]:
    """``known(word)`` for a ``vosk.Model`` (``vosk_model_find_word`` returns −1 for unknown words)."""
    find = getattr(model, "vosk_model_find_word", None) or getattr(model, "find_word")
    return lambda word: find(word) != -1


_VOWELS = "aeiouyéèêëàâîïôûùü"
_SYLLABLE = re.compile(rf"[^{_VOWELS}]*[{_VOWELS}]+(?:[^{_VOWELS}]+$)?")


def soundalike_spellings(word: str, known: Callable[[str], bool], limit: int = 3) -> list[str]:
    """Spellings of ``word`` as a few words the model knows (« karadoc » → « cara doc »), best first."""
    syllables = _SYLLABLE.findall(word.lower()) or [word]
    if "".join(syllables) != word.lower():
        syllables = [word.lower()]
    found: list[str] = []
    budget = [400]

    def variants(piece: str) -> list[str]:
        forms = {piece, piece.replace("k", "c"), piece.replace("c", "k"), re.sub("k(?=[ei])", "qu", piece)}
        forms |= {f + end for f in list(forms) for end in ("s", "t", "e")}
        return sorted(forms, key=len)

    def walk(i: int, acc: list[str]) -> None:
        if len(found) >= limit or budget[0] <= 0:
            return
        if i == len(syllables):
            if len(acc) > 1 or acc[0] != word.lower():
                found.append(" ".join(acc))
            return
        for j in range(len(syllables), i, -1):
            piece = "".join(syllables[i:j])
            for form in variants(piece):
                budget[0] -= 1
                if known(form):
                    walk(j, acc + [form])
                    break

    walk(0, [])
    return found


def check_vocabulary(phrases: Iterable[str], known: Callable[[str], bool], roster: Roster | None = None) -> VocabReport:
    """Which words of the phrase list the model does not know, with what to do about each."""
    uses: dict[str, list[str]] = {}
    for phrase in phrases:
        for w in phrase.split():
            if w != UNK_PHRASE:
                uses.setdefault(w, [])
                if len(uses[w]) < 2:
                    uses[w].append(phrase)
    owners: dict[str, str] = {}
    covered: set[str] = set()  # words of a player who has a spelling the model fully knows
    if roster:
        for p in roster.players:
            spellings = [_surface(s).split() for s in roster.spellings(p)]
            ok = any(all(known(w) for w in words) for words in spellings)
            for words in spellings:
                for w in words:
                    owners.setdefault(w, p)
                    if ok:
                        covered.add(w)
    missing = [
        MissingWord(w, tuple(uses[w]), owners.get(w), tuple(soundalike_spellings(w, known)))
        for w in sorted(uses)
        if w not in covered and not known(w)
    ]
    return VocabReport(len(uses), tuple(missing))
