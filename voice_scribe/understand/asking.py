"""Asking back: the scribe's question when a reading may mean two things, and how a phrase is shown to the table.

A throw said after « non, c'est … » (a correction or the roller's dismay?), « un quatre » alone (the chouettes
one and four, or the die four?): the answer becomes a question between its readings (« hésitation entre … »).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from voice_scribe.engine.calls import Call, CallKind
from voice_scribe.understand.by_structure import STRUCTURE_PHRASES, THROWS
from voice_scribe.understand.commands import Command, TableCommand
from voice_scribe.understand.context import LazyNow, Standing, Table, judge
from voice_scribe.understand.dice_words import corrects, denied_first, may_correct
from voice_scribe.understand.grammar import Template
from voice_scribe.understand.heard_words import UTok
from voice_scribe.understand.normalize import tokens
from voice_scribe.understand.understanding import UNKNOWN_SPEAKER, Candidate, ResultKind, Understanding


def asked_if_correcting(decided: Understanding, context: tuple[Table, LazyNow] | None = None) -> Understanding:
    """A throw said after « non, c'est … » may correct the last one or be the roller's dismay: out of context the
    scribe asks; with a game its state decides — a throw awaited from the roller is the throw, dice already
    announced this turn (the throw refused or a Bévue now) make it the correction of the last one."""
    call = decided.call
    refused = context is not None and decided.kind is ResultKind.REJECTED and bool(decided.candidates)
    if call is None and refused:
        call = decided.candidates[0].call  # the throw the engine refused now: may be a correction
    words = tokens(decided.text)
    if call is None and context is not None:
        call = _throw_of_a_correction(decided, words)  # (« pardon, c'est trois trois six »: which, the game says)
    # a throw the game refuses now, said after « non » (« non, deux deux » once the chouettes are down and the cul
    # is awaited), can only be the correction: the dismay reading (« non non non, six six six ») is a throw the
    # game takes
    if call is None or call.kind not in THROWS or not (may_correct(words) or refused and denied_first(words)
                                                       and _rolled_by(call.player, context)):
        return decided
    cost = decided.cost or 0.0
    throw = Candidate(cost, STRUCTURE_PHRASES[call.kind], call=call)
    fix = Command(TableCommand.CORRECTION, call.player, call.t, dice=call.dice)
    if context is not None:
        table, now = context
        if judge(table, now, call, call.player != UNKNOWN_SPEAKER).standing is Standing.LEGAL:
            return replace(decided, kind=ResultKind.CALL, call=call, command=None, candidates=(), reason=None)
        return replace(decided, kind=ResultKind.COMMAND, call=None, command=fix, candidates=(), reason=None)
    return _asked(decided, (throw, Candidate(cost, "correction", command=fix)),
                  hesitation([shown(throw.phrase), "correction"]))


#: The throw a correction's faces would be, by their count (the cul's face alone is a correction of the cul)
_THROW_OF = {2: CallKind.CHOUETTES, 3: CallKind.DES, 1: CallKind.CUL}


def _throw_of_a_correction(decided: Understanding, words: list[str]) -> Call | None:
    """A correction read where no word owns a mistake, only one that may (« pardon, c'est … »: :func:`may_correct`):
    the throw its faces are, for the game to weigh against the correction (None: a correction owned, or none)."""
    fix = decided.command
    if fix is None or fix.kind is not TableCommand.CORRECTION or not fix.dice or corrects(words) \
            or not may_correct(words) or len(fix.dice) not in _THROW_OF:
        return None
    return Call(_THROW_OF[len(fix.dice)], fix.player, fix.t, dice=tuple(fix.dice))


def _rolled_by(player: str, context: tuple[Table, LazyNow] | None) -> bool:
    """Whether ``player`` is the roller of the turn being played (his throw is the one a correction mends)."""
    return context is not None and context[1].get().roller == player


def unstaked(t: Template, text: str) -> bool:
    """A stake said bare (« dix sur une chouette ») read without its « sur » heard: « deux chouette » is as much
    « cul de chouette » misheard as a stake of two, so it is not read."""
    bare = t.target is CallKind.GRELOTTINE_MISE and t.toks[:1] and t.toks[0].kind == "number" and "sur" in t.words
    return bool(bare) and "sur" not in tokens(text)


def asked_if_article(decided: Understanding, utoks: list[UTok]) -> Understanding:
    """« un quatre » alone: the chouettes one and four, or the die four with its article — players say both
    (the corpus' writers do); out of context the scribe asks, with a game the engine's state decides."""
    call = decided.call
    if call is None or call.kind is not CallKind.CHOUETTES or [u.word for u in utoks][:1] != ["un"] or len(utoks) != 2:
        return decided
    die = Call(CallKind.DE, call.player, call.t, dice=call.dice[1:])
    pair = Candidate(decided.cost or 0.0, STRUCTURE_PHRASES[CallKind.CHOUETTES], call=call)
    one = Candidate(decided.cost or 0.0, "un {die}", call=die)
    return _asked(decided, (pair, one), hesitation(["chouettes un et {die}", "un {die}"]) + " (le dé)")


def hesitation(phrases: Sequence[str]) -> str:
    """The reason of an ask-back, naming its readings (templates as the table reads them).

    >>> hesitation(["bi jarret", "mi jarret", "bjarret"])
    'hésitation entre « bi jarret », « mi jarret » et « bjarret »'
    >>> hesitation(["chouette de {die}", "chouette de {number}"])
    'hésitation entre « chouette de (un chiffre) » et « chouette de (un nombre) »'
    """
    named = [f"« {shown(p)} »" for p in phrases]
    return f"hésitation entre {', '.join(named[:-1])} et {named[-1]}"


def _asked(decided: Understanding, candidates: tuple[Candidate, ...], reason: str) -> Understanding:
    """``decided`` turned into a question between ``candidates``."""
    return replace(decided, kind=ResultKind.AMBIGUOUS, call=None, candidates=candidates, reason=reason)


#: How a template's slots are shown to the table (never the grammar's own ``{die}`` syntax, nor a bare « … »
#: a new player cannot read): each slot named in French, in brackets.
_SLOT_WORDS = {"die": "(un chiffre)", "number": "(un nombre)", "fix": "correction", "player": "(un joueur)", "combination": "(une combinaison)",
               "bird": "(un oiseau)", "rule": "(une règle)", "item": "(une possession)"}


def shown(template_text: str) -> str:
    """A template as the table reads it: slots in words, optional parts and alternatives kept plain.

    >>> shown("[les] chouettes {die} [et] {die}")
    'les chouettes (un chiffre) et (un chiffre)'
    >>> shown("double {die}")
    'double (un chiffre)'
    >>> shown("grelottine sur {player}")
    'grelottine sur (un joueur)'
    """
    text = re.sub(r"\[([^\]|]*)(\|[^\]]*)?\]", r"\1", template_text)  # [a] → a, [a|b] → a
    text = re.sub(r"\(([^)|]*)\|[^)]*\)", r"\1", text)  # (a|b) → a
    text = re.sub(r"\{(\w+)\}", lambda m: _SLOT_WORDS.get(m.group(1), "(un mot)"), text)  # last: its brackets stay
    return " ".join(text.split())
