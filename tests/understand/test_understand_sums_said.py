"""The faces said with their sum (:mod:`voice_scribe.understand.sums`), and the sixteenth round's other classes.

* the sum said after the faces, worked out, or first is a remark on the throw where the game awaits it from
  the speaker; elsewhere (out of context, another player) the faces are only counted, never a third die;
* a sum that does not check out, or said after other talk, is left as said;
* a rewrapping that drops the words naming the dice never reads them as other dice (« le cul … un six »);
* the speaker's own score in the « c'est combien » frame.

Patterns written for these tests, in the manner of the corpus (not its lines).
"""

from __future__ import annotations

import pytest

from test_understand_throws_in_context import _chouettes_awaited, _cul_awaited
from voice_scribe.engine.calls import Call, CallKind
from voice_scribe.understand.normalize import tokens
from voice_scribe.understand.sums import sum_said_out

FACES = {1: "un", 2: "deux", 3: "trois", 4: "quatre", 5: "cinq", 6: "six"}
SUMS = {2: "deux", 3: "trois", 4: "quatre", 5: "cinq", 6: "six", 7: "sept", 8: "huit", 9: "neuf", 10: "dix",
        11: "onze", 12: "douze", 13: "treize", 14: "quatorze", 15: "quinze", 16: "seize", 17: "dix-sept",
        18: "dix-huit"}


def _read(matcher, said, table=None, speaker="Karadoc"):
    u = matcher.understand(said, speaker=speaker, table=table)
    call = u.call if u.accepted else None
    return (call.kind.value, call.dice) if call is not None else None


def _out(said):
    left = sum_said_out(tokens(said))
    return " ".join(left) if left is not None else None


@pytest.mark.parametrize("pattern", [
    "{a} et {b} ça fait {s}", "{a} {b} {s} au total", "{a} et {b} {a} plus {b} {s}", "{a} et {b} {a} plus {b} égale {s}",
    "{s} {a} plus {b}", "total {s} {a} plus {b}", "{a} et {b} donc {s}",
])
@pytest.mark.parametrize("a,b", [(4, 3), (5, 6), (2, 5), (6, 6)])
def test_the_sum_of_the_chouettes_is_a_remark_where_they_are_awaited(matcher, pattern, a, b):
    said = pattern.format(a=FACES[a], b=FACES[b], s=SUMS[a + b])
    assert _read(matcher, said, _chouettes_awaited()) == ("chouettes", (a, b))


@pytest.mark.parametrize("pattern", ["le cul {a} {b} plus {c}", "{a} au cul {b} plus {c}", "le cul {a} deux fois {h}"])
@pytest.mark.parametrize("a", [4, 6])
def test_the_cul_worked_out_is_the_cul(matcher, pattern, a):
    b, c = 1, a - 1
    said = pattern.format(a=FACES[a], b=FACES[b], c=FACES[c], h=FACES[a // 2])
    assert _read(matcher, said, _cul_awaited()) == ("cul", (a,))


def test_three_dice_and_their_sum_are_three_dice(matcher):
    assert _read(matcher, "deux quatre six douze au total", _chouettes_awaited()) == ("des", (2, 4, 6))
    assert _read(matcher, "un deux quatre sept", _chouettes_awaited()) == ("des", (1, 2, 4))


@pytest.mark.parametrize("said", ["deux et trois ça fait cinq", "un et quatre ça fait cinq", "le cul six deux fois trois"])
def test_out_of_context_the_sum_is_never_another_die(matcher, said):
    # out of context the faces are counted: « … ça fait cinq » is no third die on five, « deux fois trois » no
    # chouettes 3-3 beside the cul
    u = matcher.understand(said, speaker="Karadoc")
    assert not u.accepted and "comptés" in u.reason


def test_another_players_count_is_no_throw(matcher):
    # the game awaits Karadoc's chouettes: Perceval counting them is talk
    assert _read(matcher, "deux et trois ça fait cinq", _chouettes_awaited(), speaker="Perceval") is None


def test_a_sum_read_as_said_out_of_context_when_it_agrees(matcher):
    # the faces said, then worked out again: the same reading with and without it, out of context too
    assert _read(matcher, "trois et trois deux fois trois") == ("chouettes", (3, 3))


@pytest.mark.parametrize("said", [
    "deux et trois ça fait six",  # 2 + 3 is not 6: a third die or talk, not their sum
    "quatre cinq comme tout le monde ça fait neuf",  # a count after talk
    "six et un je reste à cent douze",  # a score, over what three dice sum to
    "c'est cinq deux et trois",  # a face first is the first die, not a sum
    "trois et deux et le cul c'est cinq",  # the cul's own face
    "trois et deux et le cul fait cinq",
    "cinq plus trois",  # the faces themselves, no face beside the sum
])
def test_what_is_no_sum_of_the_faces_is_left_as_said(said):
    assert _out(said) is None


@pytest.mark.parametrize("said,left", [
    ("quatre et trois ça fait sept", "quatre et trois"),
    ("cinq six six dix-sept", "cinq six six"),  # seventeen said in two words
    ("trois plus quatre sept trois et quatre", "trois et quatre"),  # worked out first, then the faces
    ("un et un et un total trois", "un et un et un"),
    ("le cul un zéro plus un", "le cul un"),
    ("un six et un cinq onze", "un six et un cinq"),  # « un » the article of each face
])
def test_the_sum_cut_out(said, left):
    assert _out(said) == left


def test_talk_with_a_count_stays_talk_at_the_rollers_moment(matcher):
    for game in (_chouettes_awaited(), _cul_awaited()):
        assert _read(matcher, "quatre cinq comme tout le monde ça fait neuf", game) is None


def test_the_cul_named_before_a_verb_is_never_the_chouettes(matcher):
    # a rewrapping drops « le cul daigne … »: what is left, « afficher un six », is no chouettes 1-6
    said = "le cul daigne enfin afficher un six"
    assert _read(matcher, said) != ("chouettes", (1, 6))
    assert _read(matcher, said, _chouettes_awaited()) != ("chouettes", (1, 6))


def test_a_run_up_naming_the_chouettes_still_reads_them(matcher):
    assert _read(matcher, "avant de lancer mes chouettes quatre et deux") == ("chouettes", (4, 2))


@pytest.mark.parametrize("said", ["c'est combien mon score à moi", "c'est quoi mon total à moi"])
def test_the_speakers_own_score_asked_with_c_est_combien(matcher, said):
    u = matcher.understand(said, speaker="Perceval")
    assert u.accepted and u.command.kind.value == "score_joueur" and u.command.target == "Perceval"


@pytest.mark.parametrize("said", [
    "tout à l'heure il a fait quatre deux enfin non quatre cinq et le cul sur un",
    "j'ai fait grelottine tout à l'heure",
])
def test_a_throw_told_of_earlier_is_talk(matcher, said):
    # « tout à l'heure »: another time, as « hier » — at the roller's own moment too
    for game in (None, _chouettes_awaited(), _cul_awaited()):
        assert not matcher.understand(said, speaker="Karadoc", table=game).accepted


@pytest.mark.parametrize("verb", ["se pose sur", "se fixe sur", "finit sur", "retombe sur"])
def test_the_cul_landing_on_its_face(matcher, verb):
    assert _read(matcher, f"le cul {verb} quatre", _cul_awaited()) == ("cul", (4,))
    assert _read(matcher, f"je {verb.replace('se ', 'me ')} deux chaises") is None  # no die named, no throw


def test_a_face_pointed_at_in_the_remark_is_no_other_throw(matcher):
    game = _chouettes_awaited()
    assert _read(matcher, "six et cinq je vous laisse méditer sur la cruauté de ce cinq", game) == ("chouettes", (6, 5))
    assert _read(matcher, "quatre deux regarde-moi ce deux", game) == ("chouettes", (4, 2))
    # out of context, a throw with a remark is never read
    assert _read(matcher, "six et cinq je vous laisse méditer sur la cruauté de ce cinq") is None


@pytest.mark.parametrize("said,kind", [
    ("puis-je savoir qui mène", "qui_mene"),
    ("auriez-vous l'obligeance de nous dire qui mène", "qui_mene"),
])
def test_the_formal_questions(matcher, said, kind):
    u = matcher.understand(said, speaker="Léodagan")
    assert u.accepted and u.command.kind.value == kind


def test_wondering_aloud_is_no_question_to_the_scribe(matcher):
    assert not matcher.understand("je me demande qui a inventé la grelottine", speaker="Léodagan").accepted


@pytest.mark.parametrize("said,dice", [
    ("oups rectification cinq quatre un", (5, 4, 1)),
    ("pardon correction deux et six", (2, 6)),
    ("nan je me suis planté trois et trois", (3, 3)),
    ("non non correction je me suis mêlé c'est quatre cinq six", (4, 5, 6)),
    ("je me suis gouré c'est double deux", (2, 2)),
])
def test_the_correcting_words_said_several_at_once(matcher, said, dice):
    u = matcher.understand(said, speaker="Karadoc")
    assert u.accepted and u.command.kind.value == "correction" and tuple(u.command.dice) == dice


def test_dismay_alone_is_no_correction(matcher):
    # « oups » owns no mistake: said before a throw where it is awaited, that throw
    assert _read(matcher, "oups deux et trois", _chouettes_awaited()) == ("chouettes", (2, 3))


def test_a_correction_with_its_sum(matcher):
    game = _chouettes_awaited()
    game.apply(Call(CallKind.DES, "Karadoc", 1.0, dice=(2, 5, 6)))  # his three dice read wrong
    u = matcher.understand("non pardon c'est deux trois six onze", speaker="Karadoc", table=game)
    assert u.accepted and u.command.kind.value == "correction" and tuple(u.command.dice) == (2, 3, 6)
    # out of context, the faces counted: no correction to the dice 6-3-3 beside the die six
    assert not matcher.understand("correction c'est six deux fois trois", speaker="Karadoc").accepted


@pytest.mark.parametrize("said,kind,what,meant", [
    # the item named first, then who has it (« {rule} c'est quoi » stays out: it read the first as the rule's)
    ("le jarret c'est qui qui l'a", "qui_a", "item", "jarret"),
    ("la grelottine c'est qui l'a eu", "qui_a", "item", "grelottine"),
    ("scribe le civet c'est qui qui l'a", "qui_a", "item", "civet"),
    # a title or a word of affection before the player's name
    ("et le petit léodagan il a combien", "score_joueur", "target", "Léodagan"),
    ("il a combien tonton perceval", "score_joueur", "target", "Perceval"),
    ("combien de points pour votre seigneur léodagan", "score_joueur", "target", "Léodagan"),
    ("où en est notre ami perceval", "score_joueur", "target", "Perceval"),
])
def test_the_questions_of_the_round(matcher, said, kind, what, meant):
    u = matcher.understand(said, speaker="Karadoc")
    assert u.accepted and u.command.kind.value == kind and getattr(u.command, what) == meant


def test_only_before_a_name_and_never_the_king(matcher):
    regs = matcher.registers
    assert regs.without_titles("le petit un tout seul", matcher._name_words) is None
    assert regs.without_titles("roi perceval", matcher._name_words) is None
    u = matcher.understand("roi perceval", speaker="Yvain")
    assert u.accepted and u.call.kind.value == "roi" and u.call.target == "Perceval"


@pytest.mark.parametrize("said,meant", [
    ("quatre for the cul", ("cul", (4,))),
    ("the cul euh deux", ("cul", (2,))),
    ("I have trois quatre et trois", ("des", (3, 4, 3))),
])
def test_the_small_words_said_in_english(matcher, said, meant):
    game = _cul_awaited() if meant[0] == "cul" else _chouettes_awaited()
    assert _read(matcher, said, game) == meant


def test_a_mistake_owned_in_english(matcher):
    u = matcher.understand("my mistake c'est cinq quatre et un", speaker="Karadoc")
    assert u.accepted and u.command.kind.value == "correction" and tuple(u.command.dice) == (5, 4, 1)


def test_a_sigh_or_voila_before_the_rollers_score(matcher):
    game = _chouettes_awaited()
    assert _read(matcher, "six et un pfff je reste à cent douze", game) == ("chouettes", (6, 1))
    assert _read(matcher, "cinq trois un voilà j'suis à cent soixante-quatorze", game) == ("des", (5, 3, 1))


def test_the_table_ready_and_urging_on(matcher):
    for said in ("c'est bon suivant", "ok c'est bon suivant", "suivant on avance", "au suivant on enchaîne"):
        u = matcher.understand(said, speaker="Karadoc")
        assert u.accepted and (u.call or u.command).kind.value == "suivant", said
    assert _read(matcher, "six et un on avance", _chouettes_awaited()) == ("chouettes", (6, 1))
