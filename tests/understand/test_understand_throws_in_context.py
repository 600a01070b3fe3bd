"""Throws said the way a loud table says them, read at their moment (ninth round): a throw with a remark is read
only for the roller whose throw is awaited, with as many dice; one face said twice, « un » and a face, a count after
« et » are asked out of context and decided by the game; a die where the cul is awaited is the cul. Each pattern
over several faces, in words of these tests (not the corpus')."""

from __future__ import annotations

import pytest

from voice_scribe.engine.calls import Call, CallKind
from voice_scribe.engine.game import Game
from voice_scribe.engine.rules import Rules
from voice_scribe.understand import ResultKind
from voice_scribe.understand.context import LazyNow, awaited_dice

from test_understand_phrasings import FACES

PLAYERS = ["Karadoc", "Perceval", "Léodagan"]


def _chouettes_awaited(roller: str = "Karadoc") -> Game:
    at = PLAYERS.index(roller)
    return Game(PLAYERS[at:] + PLAYERS[:at], Rules())


def _cul_awaited(roller: str = "Karadoc") -> Game:
    game = _chouettes_awaited(roller)
    game.apply(Call(CallKind.CHOUETTES, roller, 1.0, dice=(2, 5)))
    return game


def _read(matcher, said, table=None, speaker="Karadoc"):
    u = matcher.understand(said, speaker=speaker, table=table)
    thing = u.call or u.command
    return (thing.kind.value, thing.dice) if u.accepted and thing is not None else u.kind


def test_the_dice_awaited_from_the_roller_only():
    assert awaited_dice(_chouettes_awaited().now(), "Karadoc") == {2, 3}
    assert awaited_dice(_cul_awaited().now(), "Karadoc") == {1}
    assert awaited_dice(_chouettes_awaited().now(), "Perceval") == frozenset()
    assert awaited_dice(_cul_awaited().now(), "Léodagan") == frozenset()


@pytest.mark.parametrize("pattern", ["{a} {b} bon ben on verra", "{a} et {b} vous rigolez pas", "{a} {b} rien de fou"])
@pytest.mark.parametrize("a,b", [(6, 3), (2, 4), (3, 5)])
def test_a_throw_then_a_remark_is_read_for_the_roller_whose_chouettes_are_awaited(matcher, pattern, a, b):
    said = pattern.format(a=FACES[a], b=FACES[b])
    assert _read(matcher, said) is not ResultKind.CALL and not matcher.understand(said, speaker="Karadoc").accepted
    assert _read(matcher, said, _chouettes_awaited()) == ("chouettes", (a, b))
    assert not matcher.understand(said, speaker="Perceval", table=_chouettes_awaited()).accepted  # not his throw
    assert not matcher.understand(said, speaker="Karadoc", table=_cul_awaited()).accepted  # one die awaited


@pytest.mark.parametrize("pattern", ["{a} et voilà je dis plus rien", "{a} bon ben tant pis"])
@pytest.mark.parametrize("a", [2, 4, 6])
def test_one_face_then_a_remark_is_the_cul_only_where_it_is_awaited(matcher, pattern, a):
    said = pattern.format(a=FACES[a])
    assert not matcher.understand(said, speaker="Karadoc").accepted
    assert _read(matcher, said, _cul_awaited()) == ("cul", (a,))
    assert not matcher.understand(said, speaker="Karadoc", table=_chouettes_awaited()).accepted


@pytest.mark.parametrize("said", ["on en est à deux trois manches", "j'ai six ans de plus que toi",
                                  "trois quatre fois qu'il triche", "deux secondes je reviens",
                                  "moi j'ai un bon feeling pour ce coup", "cinq deux c'était mieux au dernier tour",
                                  "six quatre il fallait pas"])
def test_talk_with_faces_stays_talk_at_the_rollers_moment(matcher, said):
    for table in (_chouettes_awaited(), _cul_awaited()):
        assert not matcher.understand(said, speaker="Karadoc", table=table).accepted, said


@pytest.mark.parametrize("pattern", ["{a} bon {a}", "{a} ouais {a}", "{a} boudu que {a}"])
@pytest.mark.parametrize("a", [2, 3, 5])
def test_one_face_said_twice_with_particles_between_asks_or_the_game_decides(matcher, pattern, a):
    said = pattern.format(a=FACES[a])
    assert matcher.understand(said, speaker="Karadoc").kind is ResultKind.AMBIGUOUS
    assert _read(matcher, said, _cul_awaited()) == ("cul", (a,))
    assert _read(matcher, said, _chouettes_awaited()) == ("chouettes", (a, a))


@pytest.mark.parametrize("opener", ["et paf", "allez", "et hop"])
@pytest.mark.parametrize("a", [3, 4, 6])
def test_un_and_a_face_after_an_opener(matcher, opener, a):
    said = f"{opener} un {FACES[a]}"
    assert matcher.understand(said, speaker="Karadoc").kind is ResultKind.AMBIGUOUS
    assert _read(matcher, said, _cul_awaited()) == ("cul", (a,))
    assert _read(matcher, said, _chouettes_awaited()) == ("chouettes", (1, a))


@pytest.mark.parametrize("a,b", [(6, 4), (3, 5), (2, 6)])
def test_un_said_again_with_its_article_is_the_one(matcher, a, b):
    assert _read(matcher, f"un {FACES[b]} ouais un et {FACES[b]}") == ("chouettes", (1, b))


@pytest.mark.parametrize("a", [2, 3, 4, 5, 6])
def test_both_dice_at_a_face(matcher, a):
    assert _read(matcher, f"les deux à {FACES[a]}") == ("chouettes", (a, a))


@pytest.mark.parametrize("a,b", [(4, 6), (5, 3), (1, 4)])
def test_re_before_a_face_is_that_face_again(matcher, a, b):
    assert _read(matcher, f"{FACES[b]} et re {FACES[b]}") == ("chouettes", (b, b))


@pytest.mark.parametrize("a,b", [(6, 4), (5, 3), (4, 1)])
def test_an_oaths_de_is_no_two(matcher, a, b):
    assert _read(matcher, f"{FACES[a]} {FACES[b]} putain de putain") == ("chouettes", (a, b))


@pytest.mark.parametrize("b", [3, 4, 5, 6])
def test_aces_counted_before_another_face(matcher, b):
    assert _read(matcher, f"deux as et un {FACES[b]}") == ("des", (1, 1, b))


@pytest.mark.parametrize("a,b", [(6, 3), (5, 4), (2, 6)])
def test_a_count_after_et_asks(matcher, a, b):
    u = matcher.understand(f"{FACES[a]} et deux {FACES[b]}", speaker="Karadoc")
    assert u.kind is ResultKind.AMBIGUOUS
    assert {c.call.dice for c in u.candidates} == {(a, 2, b), (a, b, b)}


@pytest.mark.parametrize("said", ["et hop {a}", "oh non {a}", "{a}"])
@pytest.mark.parametrize("a", [1, 3, 6])
def test_a_die_where_the_cul_is_awaited_is_the_cul(matcher, said, a):
    text = said.format(a=FACES[a])
    assert _read(matcher, text) == ("de", (a,))
    assert _read(matcher, text, _cul_awaited()) == ("cul", (a,))


def test_lazy_now_is_asked_only_when_needed(matcher):
    class Counting:
        def __init__(self, game):
            self.game, self.asked = game, 0

        def check(self, call):
            return self.game.check(call)

        def now(self):
            self.asked += 1
            return self.game.now()

    table = Counting(_chouettes_awaited())
    matcher.understand("pas mou le caillou", speaker="Karadoc", table=table)
    assert table.asked <= 1
    assert isinstance(LazyNow(table), LazyNow)


def test_the_next_rollers_chouettes_are_awaited_once_the_turn_before_is_thrown(matcher):
    """Right after Karadoc's cul, while the table may still react to his throw, the game already takes Perceval's
    chouettes: his faces with a remark are his throw; nobody else's are."""
    game = _cul_awaited("Karadoc")
    game.apply(Call(CallKind.CUL, "Karadoc", 2.0, dice=(3,)))
    now = game.now()
    assert now.roller == "Karadoc"  # (his turn's reactions may still come)
    assert awaited_dice(now, "Perceval") == {2, 3} and awaited_dice(now, "Léodagan") == frozenset()
    assert _read(matcher, "six cinq allez on y croit", game, speaker="Perceval") == ("chouettes", (6, 5))
    assert _read(matcher, "six cinq allez on y croit", game, speaker="Léodagan") is not None and \
        _read(matcher, "six cinq allez on y croit", game, speaker="Léodagan")[0] != "chouettes"
