"""Throws and questions read by their structure (sixth round), when no phrase of the grammar has the words.

Each pattern is checked over every value of its slots; the refusals are near table talk that must stay talk.
"""

from __future__ import annotations

import pytest

from voice_scribe.engine.calls import CallKind
from voice_scribe.understand import ResultKind
from voice_scribe.understand.dice_words import DiceReading, corrects, may_correct, read_dice
from voice_scribe.understand.question_words import QuestionReading, read_question
from voice_scribe.understand.commands import TableCommand

from test_understand_phrasings import FACES, SPEAKER, _read  # the same reading of an utterance


# ── throws ──
@pytest.mark.parametrize("pattern", [
    "bon ben mes chouettes ça donne {a} pis {b}",
    "j'ai les chouettes ça fait un {a} plus un {b}",
    "alors voilà {a} avec {b} pour mes chouettes",
    "chouettes un {a} et un {b} voilà",
])
@pytest.mark.parametrize("a,b", [(1, 2), (5, 1), (6, 6), (3, 4)])
def test_two_chouettes_in_the_rollers_own_words(matcher, pattern, a, b):
    assert _read(matcher, pattern.format(a=FACES[a], b=FACES[b])) == ("chouettes", (a, b), None)


@pytest.mark.parametrize("pattern", [
    "j'ai tiré un {a} un {b} et un {c}",
    "les dés donnent un {a} un {b} et un {c} voilà",
    "alors ça me fait un {a} pis un {b} pis un {c}",
])
@pytest.mark.parametrize("a,b,c", [(1, 1, 2), (4, 3, 4), (6, 5, 1)])
def test_three_dice_each_with_its_article(matcher, pattern, a, b, c):
    assert _read(matcher, pattern.format(a=FACES[a], b=FACES[b], c=FACES[c])) == ("des", (a, b, c), None)


@pytest.mark.parametrize("pattern,kind", [
    ("le dernier dé alors le cul montre {a}", "cul"),
    ("je lance le cul et hop {a}", "cul"),
    ("le dé relancé montre un {a} voilà", "de"),
])
@pytest.mark.parametrize("a", range(1, 7))
def test_one_die_named_by_its_place_in_other_words(matcher, pattern, kind, a):
    assert _read(matcher, pattern.format(a=FACES[a])) == (kind, (a,), None)


@pytest.mark.parametrize("a", range(1, 7))
def test_a_pair_said_with_a_multiplier(a):
    assert read_dice(["paire", "de", FACES[a]]) == DiceReading(CallKind.CHOUETTES, (a, a))
    assert read_dice(["trois", "fois", FACES[a]]) == DiceReading(CallKind.DES, (a, a, a))
    assert read_dice(["double", FACES[a], "pour", "mes", "chouettes"]) == DiceReading(CallKind.CHOUETTES, (a, a))


@pytest.mark.parametrize("a", range(1, 7))
def test_a_count_of_a_face_with_its_article(matcher, a):
    # « trois fois le cinq », said at the table for a cul de chouette; « deux fois le six et un trois »
    assert _read(matcher, f"trois fois le {FACES[a]}") == ("des", (a, a, a), None)
    assert _read(matcher, f"deux fois le {FACES[a]} et un un") == ("des", (a, a, 1), None)
    assert read_dice(["trois", "fois", "le"]) is None


@pytest.mark.parametrize("said", [
    "erreur mes chouettes c'est trois pis quatre",
    "rectification alors ça fait un six un deux et un un",
])
def test_a_throw_after_a_word_owning_a_mistake_corrects_the_last(matcher, said):
    kind, dice, _ = _read(matcher, said)
    assert kind == "correction" and dice


@pytest.mark.parametrize("said", [
    "non non c'est cinq et deux les chouettes",
    "attends non c'est un six un deux et un un",
    "oh non c'est trois et quatre",
])
def test_a_throw_after_non_cest_asks_whether_it_corrects(matcher, said):
    u = matcher.understand(said, speaker=SPEAKER)
    assert u.kind is ResultKind.AMBIGUOUS, u.to_json()
    assert {c.target.value for c in u.candidates} == {"correction", u.candidates[0].call.kind.value}


@pytest.mark.parametrize("said", [
    "le cul donne quarante",  # a score, not a face
    "j'ai fait vingt et un",
    "je mise dix sur une chouette pour mes chouettes",  # a stake
    "ça fait six points pour mes chouettes",
    "mes chouettes un et deux et trois et quatre",  # four faces
    "le cul deux j'ai dit deux",  # said about what was said
    "il a fait un six et un deux",  # someone else's throw
    "hier j'ai fait un six et un six",
    "t'as vu mes chouettes un et deux",
    "on a fait cinq et deux hier",
])
def test_near_talk_is_not_a_throw(matcher, said):
    u = matcher.understand(said, speaker=SPEAKER)
    assert u.call is None or u.call.kind not in (CallKind.CHOUETTES, CallKind.CUL, CallKind.DES, CallKind.DE), u.to_json()


def test_a_throw_with_its_first_face_not_heard_is_not_read():
    assert read_dice(["et", "six"]) is None
    assert read_dice(["et", "le", "dé", "fait", "six"]) == DiceReading(CallKind.DE, (6,))


@pytest.mark.parametrize("a", range(1, 7))
@pytest.mark.parametrize("pattern,count", [
    ("j'ai fait trois fois le {a}", 3), ("ça donne trois fois {a}", 3), ("les chouettes font deux fois {a}", 2),
    ("j'ai fait deux fois le {a}", 2),
])
def test_a_face_counted_is_not_read_as_two_faces_by_a_phrase(matcher, pattern, count, a):
    # « j'ai fait trois fois le un » was read by the phrase « j'ai fait {die} {die} » as the chouettes three-one
    dice = (a,) * count
    assert _read(matcher, pattern.format(a=FACES[a])) == ("des" if count == 3 else "chouettes", dice, None)


@pytest.mark.parametrize("said,readings", [
    ("deux six et un trois", {(2, 6, 3), (6, 6, 3)}),
    ("j'ai deux cinq et un six", {(2, 5, 6), (5, 5, 6)}),
    ("un six et deux cinq", {(6, 2, 5), (6, 5, 5)}),
])
def test_a_count_beside_a_face_with_its_article_asks_which_throw(matcher, said, readings):
    # « deux six et un trois »: the dice two, six, three, or two sixes and a three — the scribe asks
    u = matcher.understand(said, speaker=SPEAKER)
    assert u.kind is ResultKind.AMBIGUOUS, u.to_json()
    assert {c.call.dice for c in u.candidates} == readings
    assert all(c.call.kind is CallKind.DES for c in u.candidates)


@pytest.mark.parametrize("said,dice", [
    ("deux deux et un trois", (2, 2, 3)),  # both readings are one throw
    ("deux six et trois", (2, 6, 3)),  # no face with its article: the faces as said
    ("un deux et un trois", (2, 3)),
])
def test_a_throw_read_one_way_is_not_asked(matcher, said, dice):
    assert _read(matcher, said)[1] == dice


@pytest.mark.parametrize("a,b,c", [(4, 2, 6), (1, 5, 5), (3, 3, 2)])
def test_puis_between_faces_is_the_connective(matcher, a, b, c):
    # « puis » between two numbers was taken for « huit » by its sound, and the throw was refused
    assert _read(matcher, f"{FACES[a]} puis {FACES[b]}") == ("chouettes", (a, b), None)
    assert _read(matcher, f"{FACES[a]} puis {FACES[b]} puis {FACES[c]}") == ("des", (a, b, c), None)
    assert _read(matcher, f"{FACES[a]} {FACES[b]} {FACES[c]} trop bien") == ("des", (a, b, c), None)


def test_a_throw_word_heard_as_a_number_reads_only_as_that_word(matcher):
    u = matcher.understand("quatre huit deux", speaker=SPEAKER)  # « huit » said: no face, no throw
    assert u.call is None or u.call.kind not in (CallKind.CHOUETTES, CallKind.DES), u.to_json()


@pytest.mark.parametrize("pattern", [
    "vas-y note {a} et {b}",
    "scribe {a} {b} {c}",
    "{a} et {b} tranquille",
    "grave nul {a} et {b}",
    "{a} {b} {c} grave",
])
@pytest.mark.parametrize("a,b,c", [(2, 6, 1), (5, 5, 3), (4, 1, 6)])
def test_a_throw_told_to_the_scribe_or_with_the_rollers_exclamations(matcher, pattern, a, b, c):
    said = pattern.format(a=FACES[a], b=FACES[b], c=FACES[c])
    dice = (a, b, c) if "{c}" in pattern else (a, b)
    assert _read(matcher, said) == ("des" if len(dice) == 3 else "chouettes", dice, None)


@pytest.mark.parametrize("pattern", ["j'envoie {a} et {b}", "voici {a} et {b}", "résultat {a} et {b}", "on a un {a} et un {b}",
                                     "j'ai balancé un {a} et un {b}"])
@pytest.mark.parametrize("a,b", [(3, 5), (1, 6), (4, 4)])
def test_the_rollers_other_verbs_tell_a_throw_not_a_correction(matcher, pattern, a, b):
    # « voici cinq et trois » hesitated between the chouettes and « rectification cinq et trois »
    assert _read(matcher, pattern.format(a=FACES[a], b=FACES[b])) == ("chouettes", (a, b), None)


@pytest.mark.parametrize("a,b,c", [(2, 2, 3), (6, 1, 4)])
def test_the_cul_named_after_the_third_die(matcher, a, b, c):
    x, y, z = FACES[a], FACES[b], FACES[c]
    assert _read(matcher, f"{x} et {y} puis {z} au cul") == ("des", (a, b, c), None)
    assert read_dice([x, y, z, "au", "cul"]) == DiceReading(CallKind.DES, (a, b, c))


@pytest.mark.parametrize("a", range(2, 7))
def test_the_ace_is_the_one(matcher, a):
    assert _read(matcher, f"un as et un {FACES[a]}") == ("chouettes", (1, a), None)
    assert read_dice(["cul", "un", "as"]) == DiceReading(CallKind.CUL, (1,))
    assert read_dice(["t", "as", "fait", FACES[a], "et", "deux"]) is None  # « t'as fait … »: the verb, someone else


@pytest.mark.parametrize("a,b,c", [(3, 4, 5), (2, 2, 6), (1, 6, 2)])
def test_un_is_the_one_unless_every_face_has_its_article(a, b, c):
    # « un quatre cinq » is one, four, five (the writers say so); « un trois un quatre et un cinq » has articles
    x, y, z = FACES[a], FACES[b], FACES[c]
    assert read_dice(["un", x, y]) == DiceReading(CallKind.DES, (1, a, b))
    assert read_dice(["un", x, "et", y]) == DiceReading(CallKind.DES, (1, a, b))
    assert read_dice(["un", x, "un", y, "et", "un", z]) == DiceReading(CallKind.DES, (a, b, c))
    assert read_dice(["j", "ai", "un", x, "et", "un", y]) == DiceReading(CallKind.CHOUETTES, (a, b))


@pytest.mark.parametrize("right,wrong", [(2, 3), (4, 5), (6, 1), (1, 6)])
@pytest.mark.parametrize("pattern", [
    "c'était un {a} pas un {b}",
    "non c'était un {a} pas un {b}",
    "attends je me suis trompé c'est un {a} pas un {b}",
])
def test_one_face_said_right_then_the_wrong_one_denied_corrects(matcher, pattern, right, wrong):
    # the denied value (« pas un trois ») says the face before it is said with its article, and corrects
    assert _read(matcher, pattern.format(a=FACES[right], b=FACES[wrong])) == ("correction", (right,), None)


def test_a_denial_corrects_only_when_a_value_is_denied():
    assert corrects("c est cinq et deux pas cinq et trois".split())
    assert not corrects("deux et quatre pas de chance".split())  # « pas » before no face denies nothing
    assert corrects("je me suis trompé c est six six deux".split())  # the mistake owned, before the throw
    assert read_dice("c est un quatre pas".split()) is None  # one face, nothing denied, nothing rolled


def test_correction_words_come_before_the_first_face():
    assert may_correct("non c est un et un".split()) and not corrects("non c est un et un".split())
    assert corrects("erreur c est six six deux".split())
    assert not corrects("mes chouettes un et un erreur".split())
    assert not corrects("non non non six six six".split())
    assert not corrects("oups deux et un".split())
    assert not corrects("pardon mes chouettes deux et un".split())  # an apology for speaking, often
    assert not corrects("mes chouettes un et un non".split())


# ── questions ──
@pytest.mark.parametrize("said,kind", [
    ("bon les points on est rendus où", "scores"),
    ("ça fait combien pour tout le monde", "scores"),
    ("vous pourriez nous rappeler les scores je vous prie", "scores"),
    ("on sait qui est devant actuellement", "qui_mene"),
    ("c'est qui qui gagne là maintenant", "qui_mene"),
])
def test_questions_about_the_table_in_any_frame(matcher, said, kind):
    assert _read(matcher, said)[0] == kind


@pytest.mark.parametrize("player", ["Perceval", "Léodagan"])
@pytest.mark.parametrize("pattern,kind", [
    ("il lui faut encore combien à {p}", "manque"),
    ("combien il reste à {p} avant trois cent quarante trois", "manque"),
    ("{p} il est rendu à combien de points là", "score_joueur"),
])
def test_questions_about_one_player(matcher, player, pattern, kind):
    assert _read(matcher, pattern.format(p=player)) == (kind, None, player)


def test_questions_about_the_speaker_himself(matcher):
    assert _read(matcher, "j'ai encore besoin de combien moi pour gagner") == ("manque", None, SPEAKER)


@pytest.mark.parametrize("said", [
    "combien de points il faut pour une suite",  # a rule, not a score
    "qui a gagné hier",
    "combien de points j'ai perdu avec ta bêtise",
    "qui veut à boire",
    "combien tu paries sur la chouette",
    "tu joues ou pas",
])
def test_near_talk_is_not_a_question(said):
    words = said.replace("'", " ").split()
    assert read_question(words) is None


def test_two_things_asked_at_once_are_not_read():
    assert read_question("qui mène et c est à qui le tour".split()) is None
    assert read_question("combien il manque à {player} et {player}".split(), "Perceval") is None
    assert read_question("les scores".split()) is None  # nothing asks (the grammar reads it, not the structure)
    assert read_question("combien il me manque".split()) == QuestionReading(TableCommand.MANQUE, None, True)
