"""Throws said to the table (ninth round, second part, writer 13): the table addressed or an interjection after the
throw (« … messire », « … les gars », « … osef »), a name or a call before it (« oyez … », « Karadoc … »), a remark
naming the throw's combination bare, a remark holding the pronoun « un », the faces told one by one with their
article. All read only for the roller whose throw is awaited, never out of context. Each pattern over several faces,
in words of these tests (not the corpus')."""

from __future__ import annotations

import pytest

from voice_scribe.engine.calls import CallKind
from voice_scribe.understand import ResultKind
from voice_scribe.understand.dice_words import DiceReading, read_amid_remarks
from voice_scribe.understand.normalize import tokens

from test_understand_phrasings import FACES
from test_understand_throws_in_context import _chouettes_awaited, _cul_awaited, _read


@pytest.mark.parametrize("pattern", [
    "{a} et {b} messire", "{a} {b} les copains", "{a} {b} bande de gueux", "{a} et {b} osef",
    "{a} {b} comme d'habitude", "{a} et {b} par le ciel", "{a} {b} sans rire", "{a} {b} applaudissez",
    "{a} et {b} mon petit Perceval", "{a} {b} bande d'ingrats",
])
@pytest.mark.parametrize("a,b", [(6, 3), (2, 4), (5, 1)])
def test_the_table_addressed_after_the_chouettes(matcher, pattern, a, b):
    said = pattern.format(a=FACES[a], b=FACES[b])
    assert _read(matcher, said, _chouettes_awaited()) == ("chouettes", (a, b))
    assert _read(matcher, said, _chouettes_awaited(), speaker="Perceval") is not ResultKind.CALL


@pytest.mark.parametrize("pattern", ["{a} {b} on verra bien", "{a} {b} bande de gueux", "{a} {b} comme d'habitude",
                                     "{a} {b} sans rire", "{a} {b} applaudissez", "{a} {b} mon petit Perceval"])
@pytest.mark.parametrize("a,b", [(6, 3), (2, 4)])
def test_out_of_context_a_throw_with_a_remark_is_never_read(matcher, pattern, a, b):
    said = pattern.format(a=FACES[a], b=FACES[b])
    assert not matcher.understand(said, speaker="Karadoc").accepted


@pytest.mark.parametrize("pattern", ["{a} {b} {c} messires", "{a} {b} {c} easy", "{a} {b} {c} par le ciel"])
@pytest.mark.parametrize("a,b,c", [(4, 2, 6), (3, 3, 5), (1, 6, 2)])
def test_three_dice_then_the_table_addressed(matcher, pattern, a, b, c):
    said = pattern.format(a=FACES[a], b=FACES[b], c=FACES[c])
    assert _read(matcher, said, _chouettes_awaited()) == ("des", (a, b, c))


@pytest.mark.parametrize("pattern", ["oyez {a} et {b}", "Karadoc {a} {b} putain", "par le ciel {a} et {b}"])
@pytest.mark.parametrize("a,b", [(6, 2), (3, 4)])
def test_a_call_or_the_own_name_before_the_throw(matcher, pattern, a, b):
    said = pattern.format(a=FACES[a], b=FACES[b])
    assert _read(matcher, said, _chouettes_awaited()) == ("chouettes", (a, b))


@pytest.mark.parametrize("a,b,c", [(2, 3, 4), (6, 6, 1), (5, 2, 2)])
def test_the_throw_said_again_after_the_table_addressed(matcher, a, b, c):
    faces = f"{FACES[a]} {FACES[b]} {FACES[c]}"
    assert _read(matcher, f"{faces} mes amis {faces}", _chouettes_awaited()) == ("des", (a, b, c))


@pytest.mark.parametrize("pattern", ["{a} {b} et pas un de travers", "{a} et {b} je vais en garder un"])
@pytest.mark.parametrize("a,b", [(6, 4), (2, 5)])
def test_a_remark_holding_the_pronoun_un(matcher, pattern, a, b):
    said = pattern.format(a=FACES[a], b=FACES[b])
    assert _read(matcher, said, _chouettes_awaited()) == ("chouettes", (a, b))


@pytest.mark.parametrize("a,b", [(4, 2), (1, 5), (6, 3)])
def test_the_faces_told_one_by_one_with_a_remark(matcher, a, b):
    said = f"le {FACES[a]} et le {FACES[b]} mes seigneurs"
    assert _read(matcher, said, _chouettes_awaited()) == ("chouettes", (a, b))


def test_a_remark_naming_the_combination_bare():
    gate = lambda r: len(r.dice) == 3  # noqa: E731
    said = tokens("trois quatre cinq alors c'est suite non")
    assert read_amid_remarks(said, gate) == DiceReading(CallKind.DES, (3, 4, 5))
    assert read_amid_remarks(said) is None
    # with its article, the combinations talked about; right after the faces, things counted
    assert read_amid_remarks(tokens("un deux trois c'est une suite et puis voilà"), gate) is None
    assert read_amid_remarks(tokens("deux trois velutes et on rentre"), lambda r: True) is None


@pytest.mark.parametrize("pattern", ["{a} messire", "{a} pour le cul mes seigneurs"])
@pytest.mark.parametrize("a", [2, 5])
def test_the_cul_then_the_table_addressed(matcher, pattern, a):
    said = pattern.format(a=FACES[a])
    assert _read(matcher, said, _cul_awaited()) == ("cul", (a,))


@pytest.mark.parametrize("said", [
    "deux trois messires sont arrivés en retard",
    "quatre cinq comme tout le monde ça fait neuf",
    "oyez oyez la partie commence",
    "Perceval tu as dix points",
])
def test_talk_stays_talk_at_the_rollers_moment(matcher, said):
    for game in (_chouettes_awaited(), _cul_awaited()):
        assert not matcher.understand(said, speaker="Karadoc", table=game).accepted
