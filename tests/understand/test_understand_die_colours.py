"""Dice named by their colour before their face (« le rouge six, le bleu quatre »): ``[die_names]`` in
``grammars/fr/registers.txt``, read by :meth:`Registers.dice_by_order` and checked against the faces named.

No seed gives the dice colours: a colour names a die, and the dice are read in the order their colours are
said. Patterns written for these tests.
"""

from __future__ import annotations

import pytest

from test_understand_throws_in_context import _chouettes_awaited, _cul_awaited


def _read(matcher, said, table=None):
    u = matcher.understand(said, speaker="Karadoc", table=table)
    thing = u.call or u.command
    return (thing.kind.value, thing.dice) if u.accepted and thing is not None else None


@pytest.mark.parametrize("said,faces", [
    ("le rouge six le bleu quatre", (6, 4)),
    ("alors le jaune il fait un et le noir il fait trois", (1, 3)),
    ("le blanc est sur cinq et le rouge sur deux", (5, 2)),
    ("le bleu euh le bleu deux et le vert six", (2, 6)),
])
def test_two_dice_named_by_their_colour_are_the_chouettes_in_that_order(matcher, said, faces):
    assert _read(matcher, said, _chouettes_awaited()) == ("chouettes", faces)


def test_one_die_named_by_its_colour_is_the_die_the_game_awaits(matcher):
    assert _read(matcher, "et le vert il fait cinq", _cul_awaited()) == ("cul", (5,))
    assert _read(matcher, "le vert cinq") is None  # out of a game: which die it is, only the moment says


def test_three_dice_named_and_a_correction_said_with_colours(matcher):
    assert _read(matcher, "le rouge trois le bleu quatre le vert trois") == ("des", (3, 4, 3))
    assert _read(matcher, "pardon c'est le rouge cinq le bleu quatre et le vert un") == ("correction", (5, 4, 1))


@pytest.mark.parametrize("said", [
    "le rouge cinq et le bleu cinq ha ha les deux cinq",  # « les deux »: both, no third die
    "le bleu rouge deux fois",  # two colours together: the combination's name, no die
    "passe-moi le rouge et le bleu",  # no face after them
])
def test_colours_read_only_as_the_faces_they_name(matcher, said):
    got = _read(matcher, said, _chouettes_awaited())
    assert got is None or got == ("chouettes", (5, 5))
