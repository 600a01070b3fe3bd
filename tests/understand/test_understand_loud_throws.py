"""Throws a loud table reads out (eighth round, writer 11): the throw said again with an oath between, « as » for
the one, a remark after the throw (only where the game awaits that throw: ``remark_fits``), and the throw read the
same against the game. Each pattern over several faces; the refusals are table talk that stays talk.
"""

from __future__ import annotations

import pytest

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.game import Game
from voice_scribe.engine.rules import Rules
from voice_scribe.understand.dice_words import DiceReading, read_amid_remarks, told_twice
from voice_scribe.understand.normalize import tokens

from test_understand_phrasings import FACES, _read


@pytest.mark.parametrize("pattern", [
    "{a} {b} allez on y croit",
    "{a} et {b} et taisez-vous",
    "{a} {b} chais pas si c'est bon ça",
    "boudu {a} et {b} je le sens pas",
])
@pytest.mark.parametrize("a,b", [(6, 5), (4, 2), (3, 6)])
def test_two_chouettes_then_a_remark_only_where_it_fits(pattern, a, b):
    words = tokens(pattern.format(a=FACES[a], b=FACES[b]))
    assert read_amid_remarks(words) is None  # out of context: never
    assert read_amid_remarks(words, lambda r: len(r.dice) == 2) == DiceReading(CallKind.CHOUETTES, (a, b))
    assert read_amid_remarks(words, lambda r: len(r.dice) == 1) is None  # the cul awaited: not two dice


def test_a_count_of_things_is_no_throw_even_where_a_remark_fits():
    assert read_amid_remarks(tokens("deux trois bières et on y va"), lambda r: True) is None


@pytest.mark.parametrize("pattern", ["{a} {b} {a} {b} t'entends ou quoi", "{a} {b} peuchère {a} {b}",
                                     "{a} et {b} attends {a} {b}"])
@pytest.mark.parametrize("a,b", [(6, 4), (5, 2), (2, 3)])
def test_chouettes_said_twice_are_two_dice(matcher, pattern, a, b):
    assert _read(matcher, pattern.format(a=FACES[a], b=FACES[b])) == ("chouettes", (a, b), None)


@pytest.mark.parametrize("oath", ["peuchère", "putain", "macarel"])
@pytest.mark.parametrize("a", [2, 3, 5])
def test_one_face_said_twice_with_an_oath_between_is_one_die(matcher, oath, a):
    said = f"{FACES[a]} {oath} {FACES[a]}"
    assert told_twice(tokens(said))
    assert _read(matcher, said) == ("de", (a,), None)


@pytest.mark.parametrize("said,dice", [
    ("deux as peuchère deux as", (1, 1)), ("six et as", (6, 1)), ("double un ouais double as", (1, 1)),
    ("trois as les gars trois as", (1, 1, 1)), ("boudu une paire de trois", (3, 3)),
    ("deux fois le cinq les gars deux fois le cinq", (5, 5)),
])
def test_aces_pairs_and_counts_amid_remarks(matcher, said, dice):
    assert _read(matcher, said)[1] == dice


def test_the_cul_named_otherwise():
    assert read_amid_remarks(tokens("quatre au derrière")) == DiceReading(CallKind.CUL, (4,))
    assert read_amid_remarks(tokens("cinq au cul putain de cinq")) == DiceReading(CallKind.CUL, (5,))
    said = tokens("le cul fait six et là ça change tout")
    assert read_amid_remarks(said, lambda r: len(r.dice) == 1) == DiceReading(CallKind.CUL, (6,))


@pytest.mark.parametrize("remarks", [False, True])
@pytest.mark.parametrize("said", [
    "t'as vu ce six",
    "ça fait deux heures qu'on joue",
    "trois cent quarante trois c'est trop loin",
    "cinq et deux ça fait sept",
    "deux et trois ça fait cinq donc c'est une velute",
    "un deux trois c'est une suite et une velute en même temps",
    "un et un ouais deux linottes",
    "deux minutes",
])
def test_talk_with_faces_stays_talk(matcher, said, remarks):
    assert read_amid_remarks(tokens(said), (lambda r: True) if remarks else None) is None
    assert not matcher.understand(said, speaker="Karadoc").accepted


def test_a_face_said_again_after_a_word_that_is_no_oath_is_not_one_die():
    # « trois cat trois »: « quatre » misheard between, not a three said twice
    assert not told_twice(tokens("trois cat trois"))
    assert read_amid_remarks(tokens("trois cat trois")) is None


# ── read against the game at the throw's moment: context never makes a throw worse ──
def _roller_turn(roller: str = "Karadoc") -> Game:
    players = ["Karadoc", "Perceval", "Léodagan"]
    at = players.index(roller)
    return Game(players[at:] + players[:at], Rules())


@pytest.mark.parametrize("said,kind,dice", [
    ("paire de trois sur les chouettes", "chouettes", (3, 3)),  # not a Civet, legal at the roller's turn too
    ("mes deux dés cinq et quatre", "chouettes", (5, 4)),  # no word owns a mistake: not a correction
    ("chouettes un cinq et un un savoir", "chouettes", (5, 1)),  # the chouettes named: not three dice
])
def test_a_throw_read_the_same_in_context_as_out_of_it(matcher, said, kind, dice):
    alone = matcher.understand(said, speaker="Karadoc")
    at_the_throw = matcher.understand(said, speaker="Karadoc", table=_roller_turn())
    for u in (alone, at_the_throw):
        assert u.accepted and u.call is not None, u.to_json()
        assert (u.call.kind.value, u.call.dice) == (kind, dice)
