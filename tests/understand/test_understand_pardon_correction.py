"""« pardon, c'est … » then faces (seventeenth round): an apology for speaking before the roller's throw, the
correction of his throw once it is announced. The game decides, as for « non, c'est … »
(:func:`voice_scribe.understand.dice_words.may_correct`, :func:`voice_scribe.understand.asking.asked_if_correcting`).
"""

from __future__ import annotations

import pytest

from test_understand_restarts import said_reading
from test_understand_throws_in_context import _chouettes_awaited, _cul_awaited
from voice_scribe.engine.calls import Call, CallKind
from voice_scribe.understand.dice_words import corrects, may_correct


def _after_his_three_dice(roller: str = "Karadoc"):
    game = _chouettes_awaited(roller)
    game.apply(Call(CallKind.DES, roller, 1.0, dice=(2, 5, 6)))
    return game


@pytest.mark.parametrize("said,dice", [("pardon c'est trois trois six", (3, 3, 6)), ("pardon c'est quatre un cinq", (4, 1, 5))])
def test_pardon_c_est_after_his_throw_corrects_it(matcher, said, dice):
    assert said_reading(matcher, said, _after_his_three_dice()) == {"kind": "correction", "dice": dice}


def test_pardon_c_est_where_the_cul_is_awaited_corrects_the_chouettes(matcher):
    assert said_reading(matcher, "pardon c'est deux et deux", _cul_awaited()) == {"kind": "correction", "dice": (2, 2)}


@pytest.mark.parametrize("said,kind,dice", [
    ("pardon c'est trois trois six", "des", (3, 3, 6)), ("pardon c'est deux et deux", "chouettes", (2, 2)),
])
def test_pardon_c_est_at_his_turn_is_his_throw(matcher, said, kind, dice):
    # his throw awaited: « pardon » is an apology for speaking (the sixteenth round's decision holds)
    assert said_reading(matcher, said, _chouettes_awaited()) == {"kind": kind, "dice": dice}


def test_pardon_may_take_back_but_owns_no_mistake():
    assert may_correct("pardon c est trois trois six".split())
    assert not corrects("pardon c est trois trois six".split())
    assert not may_correct("pardon mes chouettes deux et un".split())
