"""The roller's talk, then his throw's faces (seventeenth round): « vous avez vu ou pas, six et six »,
« attendez, je lis mes dés… quatre un cinq » (:func:`voice_scribe.understand.dice_words.faces_said_last`).

Read only where the game awaits that many dice from the speaker, and only when the sentence as said reads as
nothing. Patterns written for these tests (not the corpus's lines).
"""

from __future__ import annotations

import pytest

from test_understand_throws_in_context import _chouettes_awaited, _cul_awaited
from voice_scribe.understand.dice_words import faces_said_last


def _read(matcher, said, table=None, speaker="Karadoc"):
    u = matcher.understand(said, speaker=speaker, table=table)
    call = u.call if u.accepted else None
    return (call.kind.value, call.dice) if call is not None else None


@pytest.mark.parametrize("said,dice", [
    ("vous avez vu ou pas cinq et deux", (5, 2)),
    ("attendez je lis mes dés trois un six", (3, 1, 6)),
    ("retenez bien deux et quatre", (2, 4)),
    ("ça vous fait sourire six et trois", (6, 3)),
])
def test_the_rollers_talk_then_his_faces_are_his_throw(matcher, said, dice):
    kind = "chouettes" if len(dice) == 2 else "des"
    assert _read(matcher, said, _chouettes_awaited()) == (kind, dice)


@pytest.mark.parametrize("said", [
    "vous avez vu ou pas cinq et deux",
    "retenez bien deux et quatre",
])
def test_out_of_context_or_by_another_player_it_is_talk(matcher, said):
    assert _read(matcher, said) is None
    assert _read(matcher, said, _chouettes_awaited(), speaker="Perceval") is None


def test_two_faces_where_the_cul_is_awaited_are_not_taken(matcher):
    assert _read(matcher, "vous avez vu ou pas cinq et deux", _cul_awaited()) is None


@pytest.mark.parametrize("said", [
    "il a fait quatre et six",               # another's throw
    "pourvu que je fasse deux et six",       # a wish
    "si on fait quatre deux un",             # a condition
    "hier soir cinq et cinq",                # another time
    "la suite velutée c'est un deux trois",  # a call named: the rule told
    "ou alors quatre cinq six",              # another offered
    "trois quatre",                          # no talk before the faces
    "à vingt heures trois et quatre",        # a number in the talk
])
def test_talk_that_makes_the_faces_no_throw_read_out(matcher, said):
    assert faces_said_last(said.split(), lambda w: "key" in matcher._holds(w)) is None
