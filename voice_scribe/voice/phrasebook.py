"""The phrasebook: engine decisions (:class:`~voice_scribe.engine.events.Event`) in French.

Every sentence is a template in ``phrases_fr.toml`` (keyed by ``EventKind``,
``Reason``, dice kinds and figures, holdings, rule names); this module only
chooses templates, fills them and groups the events of one decision into one
utterance. Each utterance comes in two forms: *spoken* (numbers in words,
``num2words`` French: 343 → « trois cent quarante-trois ») and *screen*
(digits).

>>> from voice_scribe.engine.events import Event, EventKind
>>> book = Phrasebook()
>>> book.events([
...     Event(EventKind.THROW, "Perceval", data={"dice": [1, 4, 4], "combination": "chouette",
...                                             "face": 4, "points": 16, "figure": None}),
...     Event(EventKind.SCORE, "Perceval", 16, reason="chouette", data={"score": 112}),
... ]).spoken
'Chouette de quatre : Perceval marque seize. Perceval a cent douze.'
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from importlib import resources
from pathlib import Path
from typing import Any

from num2words import num2words

from voice_scribe.engine.calls import CALL_SPECS, THROWS, Call, CallKind
from voice_scribe.engine.dice import classify
from voice_scribe.engine.events import Event, EventKind, Reason
from voice_scribe.engine.rules import Rules

DEFAULT_PHRASES = "phrases_fr.toml"

_DICE_CALLS = THROWS
_END_PUNCT = ".!?…"
_ARTICLE_RE = re.compile(r"^(?:le |la |les |l')", re.I)
_INDEFINITE_RE = re.compile(r"^(?:un |une |des )", re.I)
_NUMBER_RE = re.compile(r"(?<![\w,])(-?)(\d+)(?:,(\d+))?(?![\w])")


class PhraseError(LookupError):
    """A template that cannot be filled (a missing value or key)."""


class Style(str, Enum):
    SPOKEN = "spoken"  # numbers in words, for the synthesizer
    SCREEN = "screen"  # digits, for the terminal


@dataclass(frozen=True)
class Phrase:
    """One utterance of the scribe, in both forms."""

    spoken: str
    screen: str
    urgent: bool = False

    def __bool__(self) -> bool:
        return bool(self.spoken)


def spoken_number(n: int) -> str:
    """French words for an integer: -5 → « moins cinq », 102 → « cent deux »."""
    return num2words(int(n), lang="fr")


class _Formatter:
    """Turns numbers and free text into one :class:`Style`."""

    def __init__(self, style: Style, symbols: Mapping[str, str]) -> None:
        self.style = style
        self._symbols = symbols

    def number(self, n: int) -> str:
        if self.style is Style.SPOKEN:
            return spoken_number(n)
        return str(int(n))

    def text(self, text: str) -> str:
        """Free text (rule reminders, engine messages): digits to words when spoken."""
        if self.style is Style.SCREEN:
            return text
        for symbol, words in self._symbols.items():
            text = text.replace(symbol, words)
        text = _NUMBER_RE.sub(self._number_match, text)
        return re.sub(r"[ \t]{2,}", " ", text)

    @staticmethod
    def _number_match(m: re.Match[str]) -> str:
        sign, whole, frac = m.group(1), m.group(2), m.group(3)
        words = spoken_number(int(whole))
        if frac is not None:
            words += " virgule " + spoken_number(int(frac))
        return ("moins " if sign else "") + words


class _Values(dict[str, str]):
    """Template values; numbers get a word form and an ``_pts`` form with their unit."""

    def __init__(self, fmt: _Formatter, unit: tuple[str, str]) -> None:
        super().__init__()
        self.style = fmt.style
        self._fmt = fmt
        self._unit = unit

    def num(self, name: str, n: int | None) -> _Values:
        if isinstance(n, str) and not n.lstrip("-").isdigit():
            self.setdefault(name, n)  # a player's name under a key that elsewhere holds a number
            return self
        if isinstance(n, int | float | str):
            text = self._fmt.number(int(n))
            self[name] = text
            self[f"{name}_pts"] = f"{text} {self._unit[0] if abs(int(n)) < 2 else self._unit[1]}"
        return self

    def put(self, **items: str | None) -> _Values:
        self.update({k: v for k, v in items.items() if v is not None})
        return self


def _sentence(text: str) -> str:
    """Capitalize and close a sentence."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    tail = text.rstrip(" »\u00a0")
    if not tail or tail[-1] not in _END_PUNCT:
        text += "."
    return text


def _sign(n: int | None) -> int:
    return 0 if not n else (1 if n > 0 else -1)


@dataclass
class _Lead:
    """A throw announced at the head of an utterance, waiting for what follows."""

    text: str
    end: str
    player: str | None
    explains: frozenset[str]
    after: str | None = None


class Phrasebook:
    """French sentences for events and table answers (see ``phrases_fr.toml``).

    ``rules`` decides which figures are announced (a Bleu-Rouge is only said
    when the table plays it; with no rules every figure is said) and fills the
    rule reminders (Bévue penalty, target). ``totals`` adds « Perceval a cent
    douze. » after each score change.
    """

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        totals: bool = True,
        phrases: Mapping[str, Any] | None = None,
    ) -> None:
        self.rules = rules
        self.totals = totals
        self.data: Mapping[str, Any] = phrases if phrases is not None else load_phrases()
        meta = self.data["meta"]
        self._unit = (meta["point_one"], meta["point_many"])
        self._urgent = frozenset(meta["urgent_kinds"])
        self._fmt = {
            style: _Formatter(style, self.data.get("spoken_symbols", {})) for style in Style
        }

    @classmethod
    def from_file(cls, path: str | Path, rules: Rules | None = None, **kwargs: Any) -> Phrasebook:
        with open(path, "rb") as fh:
            return cls(rules, phrases=tomllib.load(fh), **kwargs)

    # ── public: events ──
    def events(self, events: Iterable[Event]) -> Phrase:
        """One utterance for the events of one decision."""
        events = list(events)
        urgent = any(ev.kind.value in self._urgent for ev in events)
        return self._both(lambda fmt: self._render_events(events, fmt), urgent)

    def event(self, event: Event) -> Phrase:
        return self.events([event])

    # ── public: answers to table queries ──
    def scores(self, scores: Mapping[str, int]) -> Phrase:
        """« Perceval a cent douze points, Karadoc a moins cinq points et … »"""
        def render(fmt: _Formatter) -> str:
            if not scores:
                return self._answer("scores_empty", self._values(fmt))
            lines = [
                self._fill(self.data["answer"]["score_line"], self._values(fmt).put(player=p).num("score", s))
                for p, s in scores.items()
            ]
            return _sentence(self._join(lines))

        return self._both(render)

    def leader(self, leaders: str | Sequence[str], score: int) -> Phrase:
        names = [leaders] if isinstance(leaders, str) else list(leaders)
        key = "leader_one" if len(names) == 1 else "leader_many"
        return self._both(
            lambda fmt: self._answer(
                key, self._values(fmt).put(player=names[0], players=self._join(names)).num("score", score)
            )
        )

    def missing(self, player: str, missing: int, target: int | None = None) -> Phrase:
        """Points a player still needs to reach the target."""
        target = target if target is not None else self._target()
        key = "missing" if missing > 0 else "missing_none"
        return self._both(
            lambda fmt: self._answer(
                key, self._values(fmt).put(player=player).num("missing", missing).num("target", target)
            )
        )

    def turn(self, player: str) -> Phrase:
        return self._both(lambda fmt: self._answer("turn", self._values(fmt).put(player=player)))

    def holders(self, holding: str, players: Sequence[str]) -> Phrase:
        """Who holds a Grelottine, a Civet…"""
        key = "holders_none" if not players else ("holders_one" if len(players) == 1 else "holders_many")
        return self._both(
            lambda fmt: self._answer(
                key, self._values(fmt).put(players=self._join(list(players)), **self._holding_forms(holding))
            )
        )

    def not_understood(self, heard: str | None = None, reason: str | None = None) -> Phrase:
        """« Je n'ai pas compris « … » : reason. » (the reason on screen only)."""
        key = "not_understood_text" if heard else "not_understood"
        spoken = self._answer(key, self._values(self._fmt[Style.SPOKEN]).put(heard=heard))
        if heard and reason:
            values = self._values(self._fmt[Style.SCREEN]).put(heard=heard, reason=reason.rstrip(". "))
            return Phrase(spoken, self._answer("not_understood_reason", values))
        return Phrase(spoken, self._answer(key, self._values(self._fmt[Style.SCREEN]).put(heard=heard)))

    def which_one(self, readings: Sequence[Call | str]) -> Phrase:
        """The question when one utterance has several readings: each said back as the scribe understood it.

        A reading is a call, or a table command already in words.

        >>> pb = Phrasebook()
        >>> pb.which_one([Call(CallKind.CHOUETTES, "?", 0.0, dice=(1, 4)), Call(CallKind.DE, "?", 0.0, dice=(4,))]).spoken
        'Vous avez dit « chouettes un et quatre » ou « dé quatre » ?'
        """
        def render(fmt: _Formatter) -> str:
            said = [self._understood(r, fmt) if isinstance(r, Call) else r for r in readings]
            shown = [f"« {s} »" for s in dict.fromkeys(said)]
            joined = ", ".join(shown[:-1]) + self.data["answer"]["which_or"] + shown[-1] if len(shown) > 1 else shown[0]
            return self._fill(self.data["answer"]["which_one"], self._values(fmt).put(readings=joined))
        return self._both(render)

    def correction_refused(self, message: str) -> Phrase:
        """« Correction impossible : aucun lancer à corriger. »"""
        return self._both(lambda fmt: self._answer("correction_refused", self._values(fmt).put(
            message=fmt.text(message).rstrip(". "))))

    def correction_same(self, dice: Sequence[int]) -> Phrase:
        """« Les dés sont bien 1 et 4. »: a correction that names the dice as they already stand."""
        return self._both(lambda fmt: self._answer("correction_same", self._values(fmt).put(
            dice=self._join([fmt.number(d) for d in dice]))))

    def number_range(self, low: int, high: int) -> Phrase:
        """« Possible : de 1 à 9. » (a refused stake or number)."""
        return self._both(lambda fmt: self._answer(
            "number_range", self._values(fmt).put(low=fmt.number(low), high=fmt.number(high))))

    def neant_without_grelottine(self, player: str, held: bool, minimum: int) -> Phrase:
        """Why a Néant won its roller no Grelottine: he holds one already, or has fewer than ``minimum`` points.

        >>> Phrasebook().neant_without_grelottine("Karadoc", True, 30).screen
        'Karadoc a déjà une Grelottine : elle ne se cumule pas.'
        """
        key = "neant_held" if held else "neant_poor"
        return self._both(lambda fmt: self._answer(key, self._values(fmt).put(player=player).num("minimum", minimum)))

    def nothing_to_undo(self) -> Phrase:
        return self._both(lambda fmt: self._answer("nothing_to_undo", self._values(fmt)))

    def game_over(self) -> Phrase:
        return self._both(lambda fmt: self._answer("game_over", self._values(fmt)))

    def stopped(self, target: int | None = None) -> Phrase:
        """« Fin de la partie, sans vainqueur : personne n'a atteint 343 points. » (« fin de partie » said early)."""
        target = target if target is not None else self._target()
        return self._both(lambda fmt: self._answer("stopped", self._values(fmt).num("target", target)))

    def unknown_player(self, name: str, players: Sequence[str]) -> Phrase:
        """« Gauvain n'est pas à la table (joueurs : Karadoc, Perceval). »"""
        return self._both(lambda fmt: self._answer(
            "unknown_player", self._values(fmt).put(player=name, players=", ".join(players))))

    def score_changes(self, before: Mapping[str, int], after: Mapping[str, int]) -> Phrase:
        """What an undo or a correction changed: « Karadoc passe de 72 à 0. »"""
        def render(fmt: _Formatter) -> str:
            lines = [
                self._fill(self.data["answer"]["score_change"],
                           self._values(fmt).put(player=p, before=fmt.number(before.get(p, 0)),
                                                 after=fmt.number(s)))
                for p, s in after.items() if before.get(p, 0) != s
            ]
            return _sentence(self._join(lines)) if lines else self._answer("no_score_change", self._values(fmt))

        return self._both(render)

    # ── public: what was understood ──
    def understood(self, call: Call | Mapping[str, Any]) -> Phrase:
        """What a call means, in words: « chouettes 3 et 4 », « Civet de 50 sur une Chouette ».

        >>> Phrasebook().understood(Call(CallKind.PARI_OISEAU, "Perceval", 1.0, number=1)).screen
        'Linotte, 5 points sur le 1'
        """
        return self._both(lambda fmt: self._understood(call, fmt))

    def acknowledge(self, call: Call) -> Phrase:
        """« Perceval : Linotte, 5 points sur le 1. »: a bet heard, its stake and combination said back."""
        return self._both(lambda fmt: _sentence(self._fill(
            self.data["understood"]["ack"],
            self._values(fmt).put(player=call.player, what=self._understood(call, fmt)))))

    def command_understood(self, kind: str, target: str | None = None, item: str | None = None,
                           rule: str | None = None, dice: Sequence[int] | None = None) -> str:
        """A table command as the screen names it: « combien a Karadoc ? »."""
        fmt = self._fmt[Style.SCREEN]
        template = self.data["command"].get(kind, kind)
        values = self._values(fmt).put(
            target=target or "?", item=self._holding_forms(item)["holding_indef"] if item else "?",
            rule=self.rule_name(rule) if rule else "?",
            dice=self._join([fmt.number(d) for d in dice or ()]) or "?",
        )
        return self._fill(template, values)

    def _understood(self, call: Call | Mapping[str, Any], fmt: _Formatter) -> str:
        data = call.to_json() if isinstance(call, Call) else dict(call)
        table = self.data["understood"]
        try:
            kind = CallKind(data.get("kind"))
        except ValueError:
            return str(data.get("kind"))
        number = data.get("number")
        values = self._values(fmt).put(
            target=data.get("target"),
            combination_indef=self.data["combination"].get(str(data.get("combination"))),
        )
        if number is not None:
            values.put(number=fmt.number(int(number)))
        if kind in _DICE_CALLS:
            if data.get("hidden"):
                return table["hidden"]
            return self._fill(table[kind.value], values.put(dice=self._join([fmt.number(d) for d in data.get("dice") or ()])))
        if kind is CallKind.PARI_OISEAU and isinstance(number, int) and 1 <= number <= len(table["birds"]):
            cost = (self.rules or Rules()).sirop_bet_cost
            return self._fill(table["pari_oiseau"], values.put(bird=table["birds"][number - 1]).num("face", number)
                              .num("stake", cost))
        if kind is CallKind.GRELOTTINE_MISE and values.get("combination_indef"):
            key = "grelottine_mise_max" if data.get("max_stake") or number is None else "grelottine_mise"
            return self._fill(table[key], values)
        if kind is CallKind.RELANCE and number is not None:  # « Perceval : relance de 10. », not « Bleu-Rouge : 10 »
            return self._fill(table["relance"], values)
        if kind is CallKind.CIVET and values.get("combination_indef") and number is not None:
            return self._fill(table["civet"], values)
        name = CALL_SPECS[kind].text.rstrip(" !?.")
        if kind is CallKind.BEVUE and data.get("target"):
            return self._fill(table["bevue"], values)
        if number is not None and _NUMBER_RE.search(name):  # « Je relance de 15 » → the number heard
            return _NUMBER_RE.sub(lambda _: values["number"], name, count=1)
        if number is not None and kind is CallKind.RELANCE:
            name = _ARTICLE_RE.sub("", self.rule_name(CALL_SPECS[kind].rule))
        values.put(call=name)
        for key, present in (("with_target", data.get("target")), ("with_number", number is not None),
                             ("with_combination", values.get("combination_indef"))):
            if present:
                return self._fill(table[key], values)
        return name

    def cancelled(self, what: str | Call | Mapping[str, Any] | None = None,
                  said_since: Sequence[Mapping[str, Any]] = ()) -> Phrase:
        """« Annulé : … » for an undone call (a text, a Call or its JSON form); ``said_since``: the calls said about
        a taken-back throw, gone with it (« …, et ce qui a été annoncé depuis : « Grelotte ça picote ! » de … »)."""
        def sentence(fmt: _Formatter) -> str:
            values = self._values(fmt).put(what=self._describe_call(what, fmt))
            if not said_since:
                return self._answer("cancelled", values)
            said = self._join([self._describe_call(call, fmt) for call in said_since])
            return self._answer("cancelled_with", values.put(said=said))

        return self._both(sentence)

    def who_said(self, heard: str) -> Phrase:
        """« Qui a dit « pas mou le caillou » ? »: a call heard with no speaker."""
        return self._both(lambda fmt: self._answer("who_said", self._values(fmt).put(heard=heard)))

    def pause(self) -> Phrase:
        return self._both(lambda fmt: self._answer("pause", self._values(fmt)))

    def paused(self) -> Phrase:
        """« En pause : rien n'est compté. Dites « reprends » pour continuer. » (shown for a call heard in a pause)."""
        return self._both(lambda fmt: self._answer("paused", self._values(fmt)))

    def resume(self) -> Phrase:
        return self._both(lambda fmt: self._answer("resume", self._values(fmt)))

    def rule(self, rule: str) -> Phrase:
        """One-sentence reminder of a rule family (a ``RULE_LEVELS`` key)."""
        entry = self.data["rules"].get(rule)
        if entry is None:
            return self._both(lambda fmt: self._answer("unknown_rule", self._values(fmt)))
        rules = self.rules or Rules()
        text = entry["text"].format(bevue_penalty=rules.bevue_penalty, target=rules.target)
        return self._both(lambda fmt: _sentence(fmt.text(text)))

    def rule_name(self, rule: str) -> str:
        """« le Verdier » for ``verdier``."""
        entry = self.data["rules"].get(rule)
        return entry["name"] if entry else rule

    def holding_name(self, holding: str) -> str:
        """« Grelottine » for ``grelottine``, « Passe-Grelot » for ``passe_grelot``."""
        return _INDEFINITE_RE.sub("", self._holding_forms(getattr(holding, "value", holding))["holding_indef"])

    def reason_label(self, reason: str) -> str:
        entry = self.data["reason"].get(reason)
        return entry["label"] if entry else reason.replace("_", " ")

    # ── rendering ──
    def _both(self, render: Callable[[_Formatter], str], urgent: bool = False) -> Phrase:
        return Phrase(render(self._fmt[Style.SPOKEN]), render(self._fmt[Style.SCREEN]), urgent)

    def _values(self, fmt: _Formatter) -> _Values:
        return _Values(fmt, self._unit).num("target", self._target())

    def _answer(self, key: str, values: _Values) -> str:
        return _sentence(self._fill(self.data["answer"][key], values))

    def _target(self) -> int:
        return (self.rules or Rules()).target

    @staticmethod
    def _fill(template: str, values: Mapping[str, str]) -> str:
        try:
            return template.format_map(values)
        except (KeyError, IndexError) as exc:
            raise PhraseError(f"template {template!r} needs {exc}") from None

    def _join(self, items: Sequence[str]) -> str:
        meta = self.data["meta"]
        items = [i for i in items if i]
        if len(items) <= 1:
            return items[0] if items else ""
        return meta["list_sep"].join(items[:-1]) + meta["list_and"] + items[-1]

    def _reason(self, reason: str) -> Mapping[str, str]:
        return self.data["reason"].get(reason, {})

    def _label(self, reason: str, fmt: _Formatter, values: Mapping[str, str]) -> str:
        label = self.reason_label(reason) if reason else ""
        try:
            return fmt.text(label.format_map(values))
        except KeyError:
            return label

    def _render_events(self, events: Sequence[Event], fmt: _Formatter) -> str:
        out: list[str] = []
        afters: list[str] = []
        lead: _Lead | None = None
        explains: frozenset[str] = frozenset()
        i = 0
        while i < len(events):
            ev = events[i]
            step = 1
            if ev.kind is EventKind.THROW:
                if lead is not None:
                    out.append(lead.text + lead.end)
                lead = self._throw_lead(ev, fmt)
                explains = lead.explains
                if lead.after:
                    afters.append(lead.after)
                i += 1
                continue
            if ev.kind is EventKind.SCORE:
                group = self._score_group(events, i)
                step = len(group)
                body, totals = self._score_sentences(group, fmt, explained=ev.reason in explains)
                joins = lead is not None and ev.reason in explains
            elif (pair := self._given(events, i)) is not None:
                lost, receiver = pair
                ev = replace(lost, data={**lost.data, "cause": Reason.GIVEN.value, "to": receiver})
                body, totals, step = self._event_sentence(ev, fmt), [], 2
                joins = False
            else:
                body, totals = self._event_sentence(ev, fmt), []
                joins = lead is not None and ev.kind is EventKind.HOLDING and ev.player == lead.player
            if lead is not None and joins and body:
                out.append(f"{lead.text} : {body}")
            else:
                if lead is not None:
                    out.append(lead.text + lead.end)
                out.append(body)
            lead = None
            out.extend(totals)
            if ev.kind is EventKind.BEVUE:
                explains = frozenset({Reason.BEVUE.value})
            i += step
        if lead is not None:
            out.append(lead.text + lead.end)
        sentences = [_sentence(text) for text in out if text]
        # a figure's closing line, unless a prompt of the same decision already says it
        sentences += [a for a in map(_sentence, afters) if a not in sentences]
        return " ".join(sentences)

    # THROW
    def _throw_lead(self, ev: Event, fmt: _Formatter) -> _Lead:
        data = ev.data
        kind, face, figure = data.get("combination"), data.get("face"), data.get("figure")
        if kind is None and data.get("dice") and len(data["dice"]) == 3:
            combo = classify(*data["dice"])
            kind, face = combo.kind.value, combo.face
            figure = figure or (combo.figure.value if combo.figure else None)
        kind = getattr(kind, "value", kind)
        figure = getattr(figure, "value", figure)
        if figure == "artichette" and data.get("sirop") and (self.rules is None or self.rules.is_enabled("tichette")):
            figure = "tichette"  # « La combinaison Artichette comme résultat d'un Sirop »
        values = self._values(fmt).put(player=ev.player).num("face", face)
        explains = {str(r) for r in (kind, figure, ev.reason) if r}
        entry = self.data["throw"]["figure"].get(figure) if figure else None
        if entry is not None and self.rules is not None and not self.rules.is_enabled(entry["rule"]):
            entry = None
        if entry is None and kind is not None:
            entry = self.data["throw"]["kind"].get(kind)
        if kind == "chouette" and data.get("sirop") and data.get("success") is False and data.get("dice"):
            entry = self.data["throw"]["sirop_missed"]  # not « Chouette de 3 » again: it does not score
            values.num("die", data["dice"][-1])
        if entry is None:
            return _Lead(self._fill(self.data["kind"]["throw"], values), ".", ev.player, frozenset(explains))
        try:
            text = self._fill(entry["text"], values)
        except PhraseError:
            text = self._fill(entry["text"].replace(" de {face}", ""), values)
        after = entry.get("after")
        if after is None and entry.get("after_negatives") and (self.rules or Rules()).negative_scores:
            after = entry["after_negatives"]  # what the roller may do, said where no minimum score applies
        return _Lead(text, entry["end"], ev.player, frozenset(explains),
                     fmt.text(self._fill(after, values)) if after else None)

    # SCORE
    @staticmethod
    def _score_group(events: Sequence[Event], start: int) -> list[Event]:
        """Consecutive SCORE events with the same reason and amount: one sentence."""
        first = events[start]
        group = [first]
        for ev in events[start + 1:]:
            if ev.kind is not EventKind.SCORE or ev.reason != first.reason or ev.points != first.points:
                break
            group.append(ev)
        return group

    def _score_sentences(
        self, group: Sequence[Event], fmt: _Formatter, explained: bool
    ) -> tuple[str, list[str]]:
        first = group[0]
        names = [ev.player or "" for ev in group]
        sign = _sign(first.points)
        verbs = self.data["score"][{1: "gain", -1: "loss", 0: "zero"}[sign]]
        values = self._values(fmt).put(
            players=self._join(names), verb=verbs["one" if len(group) == 1 else "many"]
        ).num("points", abs(first.points or 0))
        values.put(label=self._label(first.reason, fmt, values))
        face = first.data.get("face")
        if not explained and face is not None and self._reason(first.reason).get("label_face"):
            # « Cul de chouette de 6 : Léodagan marque 100 », said when its points waited for the window
            values.put(label=self._fill(self._reason(first.reason)["label_face"], self._values(fmt).num("face", face)))
        if explained and not sign:
            template = ""  # « Bévue pour Arthur ! » at zero: only his total follows
        elif explained or not first.reason:
            template = self.data["score"]["bare" if sign else "bare_zero"]
        elif sign:
            template = self.data["kind"]["score"]
        else:
            template = self.data["score"]["labelled_zero"]
        body = self._fill(template, values) if template else ""
        totals: list[str] = []
        if self.totals:
            lines = [
                self._fill(self.data["score"]["total"], self._values(fmt).put(player=ev.player).num("score", ev.data["score"]))
                for ev in group
                if ev.player and ev.data.get("score") is not None
            ]
            if lines:
                totals.append(self._join(lines))
        return body, totals

    # the other kinds
    def refusal_reason(self, ev: Event) -> str:
        """Why a call was refused, in the table's words, as the screen shows it (« cette table ne joue pas le
        Pélican »): the refusal's sentence without its « Annonce refusée ».

        >>> from voice_scribe.engine.events import Event, EventKind
        >>> Phrasebook().refusal_reason(Event(EventKind.REJECTED, "Karadoc", None, "rule_off", "pelican", 0.0, {}))
        'cette table ne joue pas le Pélican'
        """
        values = self._event_values(ev, self._fmt[Style.SCREEN])
        return (values.get("message") or values.get("label") or "").rstrip(". ")

    def _event_sentence(self, ev: Event, fmt: _Formatter) -> str:
        values = self._event_values(ev, fmt)
        handler = {
            EventKind.BEVUE: self._bevue,
            EventKind.HOLDING: self._holding,
            EventKind.PROMPT: self._prompt,
            EventKind.REJECTED: self._rejected,
            EventKind.TURN: self._turn,
            EventKind.JOINED: self._joined,
            EventKind.ELIMINATED: self._eliminated,
            EventKind.WINNER: self._winner,
            EventKind.UNDONE: self._undone,
            EventKind.SIPS: self._sips,
        }[ev.kind]
        templates = handler(ev, values)
        for template in templates:
            try:
                return self._fill(template, values)
            except PhraseError:
                continue
        return values.get("label") or ""

    def _event_values(self, ev: Event, fmt: _Formatter) -> _Values:
        data = ev.data
        players = data.get("players") or ([ev.player] if ev.player else [])
        values = self._values(fmt).put(
            player=ev.player,
            players=self._join([str(p) for p in players]) or self.data["meta"]["everyone"],
            to=data.get("to") or data.get("target_player"),
        )
        values.num("score", data.get("score")).num("round", data.get("round"))
        values.num("points", abs(ev.points) if ev.points is not None else None)
        values.num("target", data.get("target"))
        values.num("stake", data.get("stake")).num("value", data.get("value"))
        values.put(challenged=data.get("challenged"), roller=data.get("roller"))
        if data.get("why"):  # why a call was a Bévue, in the engine's French (« Karadoc n'a pas de Grelottine »)
            values.put(why=fmt.text(str(data["why"])))
        combination = self.data["combination"].get(str(data.get("combination")))
        values.put(combination_indef=combination)
        dice = data.get("dice")
        if isinstance(dice, list | tuple) and dice:
            values.put(dice=self._join([fmt.number(d) for d in dice]))
        elif isinstance(dice, int):  # a relance: how many dice are thrown again
            values.num("dice_count", dice)
        values.put(label=self._label(ev.reason, fmt, values))
        if ev.rule in self.data["rules"]:
            values.put(rule_name=self.rule_name(ev.rule))
        if ev.kind is EventKind.REJECTED and ev.reason == Reason.RULE_OFF.value and ev.rule in self.data["rules"]:
            values.put(message=self._fill(self.data["answer"]["rule_off"], values.put(rule=self.rule_name(ev.rule))))
        elif ev.kind is EventKind.REJECTED and data.get("message"):
            values.put(message=fmt.text(str(data["message"])).rstrip(". "))
        if ev.kind is EventKind.UNDONE:
            values.put(what=self._describe_call(data.get("call"), fmt))
        return values

    def _kind(self, key: str) -> str:
        return self.data["kind"][key]

    def _bevue(self, ev: Event, values: _Values) -> list[str]:
        reason = self._reason(ev.reason)
        return [t for t in (reason.get("bevue_full"), reason.get("bevue"), self._kind("bevue")) if t]

    def _holding(self, ev: Event, values: _Values) -> list[str]:
        name, cause = self._holding_and_cause(ev)
        values.put(**self._holding_forms(name or ""))
        if ev.data.get("gained", True):
            return [self._kind("holding_gained")]
        if cause:
            values.put(cause=self._label(cause, self._fmt[values.style], values))
            specific = self._reason(cause).get("holding")
            if cause == Reason.GIVEN.value and "to" in values:
                return [self._kind("holding_given"), specific or self._kind("holding_lost")]
            return [t for t in (specific, self._kind("holding_lost_cause")) if t]
        return [self._kind("holding_lost")]

    def _holding_and_cause(self, ev: Event) -> tuple[str | None, str | None]:
        """The holding's name and why it changed hands (the engine puts the cause in ``rule``)."""
        holdings = self.data["holding"]
        name = ev.data.get("holding") or (ev.reason if ev.reason in holdings else None)
        cause = ev.data.get("cause")
        if cause is None and ev.reason and ev.reason not in holdings:
            cause = ev.reason
        if cause is None and ev.rule in self.data["reason"]:
            cause = ev.rule
        return name, cause

    def _given(self, events: Sequence[Event], i: int) -> tuple[Event, str] | None:
        """A holding given (lost with cause « given ») then received: one sentence."""
        if i + 1 >= len(events):
            return None
        lost, got = events[i], events[i + 1]
        if lost.kind is not EventKind.HOLDING or got.kind is not EventKind.HOLDING:
            return None
        if lost.data.get("gained", True) or not got.data.get("gained", True) or not got.player:
            return None
        (name, cause), (name2, cause2) = self._holding_and_cause(lost), self._holding_and_cause(got)
        if name != name2 or cause != Reason.GIVEN.value or cause2 != Reason.GIVEN.value:
            return None
        return lost, got.player

    def _holding_forms(self, holding: str) -> dict[str, str]:
        entry = self.data["holding"].get(holding)
        if entry is None and holding:
            label = self.reason_label(holding)
            return {"holding_indef": label, "holding_poss": label, "holding_de": label}
        entry = entry or self.data["meta"]["unknown_holding"]
        return {"holding_indef": entry["indef"], "holding_poss": entry["poss"], "holding_de": entry["de"]}

    def _prompt(self, ev: Event, values: _Values) -> list[str]:
        reason = self._reason(ev.reason)
        again = reason.get(f"prompt_throw_{ev.data['throw']}") if ev.data.get("throw") else None  # a challenge's 2nd
        purpose = reason.get(f"prompt_{ev.data['purpose']}") if ev.data.get("purpose") else None  # whose relance
        return [t for t in (again, purpose, reason.get("prompt_full"), reason.get("prompt"), self._kind("prompt"))
                if t]

    def _rejected(self, ev: Event, values: _Values) -> list[str]:
        return [self._kind("rejected_message"), self._kind("rejected")]

    def _turn(self, ev: Event, values: _Values) -> list[str]:
        return [self._kind("turn_round"), self._kind("turn")] if "round" in values else [self._kind("turn")]

    def _joined(self, ev: Event, values: _Values) -> list[str]:
        return [t for t in (self._reason(ev.reason).get("joined"), self._kind("joined")) if t]

    def _eliminated(self, ev: Event, values: _Values) -> list[str]:
        return [t for t in (self._reason(ev.reason).get("eliminated"), self._kind("eliminated")) if t]

    def _winner(self, ev: Event, values: _Values) -> list[str]:
        specific = self._reason(ev.reason).get("winner")
        return [t for t in (specific, self._kind("winner"), self._kind("winner_plain")) if t]

    def _sips(self, ev: Event, values: _Values) -> list[str]:
        """Règles à l'Aquitaine: « Karadoc donne trois gorgées », « Perceval boit une gorgée »."""
        n = abs(ev.points or 0)
        meta = self.data["meta"]
        values.put(sips=meta["sip_one"] if n == 1 else f"{values._fmt.number(n)} {meta['sip_many']}")
        return [t for t in (self._reason(ev.reason).get("sips"), self._kind("sips")) if t]

    def _undone(self, ev: Event, values: _Values) -> list[str]:
        if ev.data.get("correction"):
            return [self._kind("undone_correction"), self._kind("undone")]
        return [self._kind("undone")]

    def _describe_call(self, call: str | Call | Mapping[str, Any] | None, fmt: _Formatter) -> str:
        answer = self.data["answer"]
        if call is None:
            return answer["last_decision"]
        if isinstance(call, str):
            return fmt.text(call)
        data = call.to_json() if isinstance(call, Call) else dict(call)
        try:
            kind = CallKind(data.get("kind"))
        except ValueError:
            return answer["last_decision"]
        player = data.get("player") or ""
        values = self._values(fmt).put(player=player)
        if kind in _DICE_CALLS:
            return self._fill(answer["throw_of"], values.put(throw=self._understood(data, fmt)))
        if kind is CallKind.BEVUE and data.get("target"):
            return self._fill(answer["declared_bevue_for"], values.put(target=data["target"]))
        spec = CALL_SPECS[kind]
        if spec.args:
            return self._fill(answer["rule_of"], values.put(rule=self.rule_name(spec.rule)))
        return self._fill(answer["call_by"], values.put(call=spec.text))


def load_phrases(name: str = DEFAULT_PHRASES) -> dict[str, Any]:
    """The phrase data shipped with the package."""
    with resources.files("voice_scribe.voice").joinpath(name).open("rb") as fh:
        return tomllib.load(fh)
