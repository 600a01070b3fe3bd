"""Natural phrasings of dice, questions and table control, by class (issue 15, second corpus).

Each case is a pattern with slots, checked over every value of the slot: the same way of saying it must give
the same reading whatever the dice or the player.
"""

from __future__ import annotations

import itertools

import pytest

from voice_scribe.understand import ResultKind
from voice_scribe.understand.numbers import spell

SPEAKER = "Karadoc"
FACES = {n: spell(n) for n in range(1, 7)}


def _read(matcher, said):
    u = matcher.understand(said, speaker=SPEAKER)
    assert u.accepted, (said, u.to_json())
    thing = u.call or u.command
    return thing.kind.value, getattr(thing, "dice", None), getattr(thing, "target", None)


@pytest.mark.parametrize("pattern,kind", [
    ("cul un {a}", "cul"), ("et au cul un {a}", "cul"), ("un {a} au cul", "cul"), ("le cul c'est un {a}", "cul"),
    ("le dé donne {a}", "de"), ("le dé du sirop {a}", "de"), ("le sirop tombe sur {a}", "de"),
])
@pytest.mark.parametrize("a", range(1, 7))
def test_one_die_said_with_its_article_or_its_place(matcher, pattern, kind, a):
    assert _read(matcher, pattern.format(a=FACES[a])) == (kind, (a,), None)


@pytest.mark.parametrize("pattern", ["{a} et {b} pour les chouettes", "moi c'est {a} {b}", "les deux premiers {a} et {b}"])
@pytest.mark.parametrize("a,b", [(2, 5), (4, 1), (6, 6), (3, 3)])
def test_two_chouettes_said_as_players_say_them(matcher, pattern, a, b):
    assert _read(matcher, pattern.format(a=FACES[a], b=FACES[b])) == ("chouettes", (a, b), None)


@pytest.mark.parametrize("opener", ["erreur c'est", "rectification", "je me suis trompé c'est", "mauvaise lecture c'est"])
@pytest.mark.parametrize("dice", [(3, 4, 3), (2, 2, 5), (5, 3)])
def test_a_throw_said_again_owning_the_mistake_is_a_correction(matcher, opener, dice):
    said = f"{opener} {' '.join(FACES[d] for d in dice)}"
    assert _read(matcher, said) == ("correction", dice, None)


@pytest.mark.parametrize("right,wrong", list(itertools.permutations([(6, 2), (5, 5), (1, 3)], 2)))
def test_the_right_value_then_pas_and_the_wrong_one(matcher, right, wrong):
    said = f"c'est {FACES[right[0]]} {FACES[right[1]]} pas {FACES[wrong[0]]} {FACES[wrong[1]]}"
    assert _read(matcher, said) == ("correction", right, None)


@pytest.mark.parametrize("pattern,kind", [
    ("{p} il en est où", "score_joueur"), ("il en est où {p}", "score_joueur"),
    ("c'est quoi le score de {p}", "score_joueur"), ("combien de points il manque à {p}", "manque"),
    ("il reste combien avant que {p} gagne", "manque"),
])
@pytest.mark.parametrize("player", ["Perceval", "Léodagan"])
def test_questions_about_a_player(matcher, pattern, kind, player):
    assert _read(matcher, pattern.format(p=player)) == (kind, None, player)


@pytest.mark.parametrize("said,kind", [
    ("ça donne quoi les scores", "scores"), ("fais voir le tableau des scores", "scores"),
    ("qui c'est qui est en tête", "qui_mene"), ("c'est à toi ou à moi", "tour"),
    ("redis le", "repete"), ("efface ça", "annule"), ("reviens en arrière", "annule"),
    ("mets en pause", "pause"), ("temps mort", "pause"), ("pause pipi", "pause"),
    ("on y retourne", "reprends"), ("la partie est finie", "fin_de_partie"),
])
def test_table_talk_to_the_scribe(matcher, said, kind):
    assert _read(matcher, said)[0] == kind


def test_the_speakers_own_score_by_a_new_phrasing(matcher):
    assert _read(matcher, "je suis à combien") == ("score_joueur", None, SPEAKER)


@pytest.mark.parametrize("said", ["c'est mon tour bientôt", "on fait une pause dans la vraie vie", "qui a encore soif"])
def test_the_same_words_said_to_each_other_stay_table_talk(matcher, said):
    assert not matcher.understand(said, speaker=SPEAKER).accepted


@pytest.mark.parametrize("pattern", ["à toi {p}", "{p} à toi", "passe les dés à {p}", "suivant à toi {p}"])
@pytest.mark.parametrize("player", ["Perceval", "Léodagan"])
def test_the_turn_handed_on_by_name_is_suivant_without_an_argument(matcher, pattern, player):
    assert _read(matcher, pattern.format(p=player)) == ("suivant", None, None)


@pytest.mark.parametrize("said,kind", [
    ("c'est qui le meilleur pour l'instant", "qui_mene"), ("c'est mon tour ou pas", "tour"),
    ("on annule ce qui vient de se passer", "annule"), ("et Perceval ça donne quoi", "score_joueur"),
])
def test_questions_and_control_with_their_everyday_ends(matcher, said, kind):
    assert _read(matcher, said)[0] == kind


@pytest.mark.parametrize("pattern", ["où en est {p}", "{p} en est où", "il a combien de points {p}", "{p} c'est combien"])
@pytest.mark.parametrize("player", ["Perceval", "Léodagan", "Père Blaise"])
def test_where_a_player_stands_in_the_interrogative_frames(matcher, pattern, player):
    assert _read(matcher, pattern.format(p=player)) == ("score_joueur", None, player)


@pytest.mark.parametrize("said,kind", [
    ("qui est-ce qui mène", "qui_mene"), ("qui est-ce qui gagne", "qui_mene"), ("qui a le plus de points", "qui_mene"),
    ("c'est qui devant", "qui_mene"), ("c'est au tour de qui", "tour"), ("à qui de jouer", "tour"),
    ("qui doit lancer", "tour"), ("c'est à qui le tour", "tour"), ("quel est le score", "scores"),
    ("on en est à combien", "scores"),
])
def test_table_questions_in_every_interrogative_frame(matcher, said, kind):
    assert _read(matcher, said)[0] == kind


@pytest.mark.parametrize("said,kind", [
    ("on peut annuler le dernier", "annule"), ("il faut annuler ça", "annule"), ("efface la dernière annonce", "annule"),
    ("on peut faire une pause", "pause"), ("il faut faire une petite pause", "pause"), ("on peut reprendre la partie", "reprends"),
    ("on va continuer", "reprends"), ("il faut terminer la partie", "fin_de_partie"), ("on termine là", "fin_de_partie"),
    ("tu pourrais répéter", "repete"),
])
def test_table_control_in_the_modal_frames(matcher, said, kind):
    assert _read(matcher, said)[0] == kind


@pytest.mark.parametrize("frame", ["qui c'est qui", "c'est qui qui", "qui est-ce qui"])
@pytest.mark.parametrize("verb", ["lance", "joue", "doit lancer"])
def test_the_roller_asked_in_every_frame_of_who(matcher, frame, verb):
    # « qui c'est qui lance » was read as « qui c'est qui mène » (who leads), another question
    assert _read(matcher, f"{frame} {verb}")[0] == "tour"


@pytest.mark.parametrize("player", ["Perceval", "Léodagan"])
@pytest.mark.parametrize("pattern", [
    "{p} il lui faut combien pour gagner", "{p} il lui reste combien", "il manque combien à {p} pour gagner",
])
def test_what_a_player_still_needs_named_first_or_last(matcher, pattern, player):
    # the player named first is the one asked about, never the speaker himself (« il lui faut »: him)
    assert _read(matcher, pattern.format(p=player)) == ("manque", None, player)


@pytest.mark.parametrize("item", ["jarret", "civet"])
def test_whose_thing_it_is_with_the_thing_named_first(matcher, item):
    assert matcher.understand(f"le {item} il est à qui", speaker=SPEAKER).command.item == item
    u = matcher.understand(f"un {item} c'est à qui le tour", speaker=SPEAKER)
    assert u.command is None or u.command.kind.value != "qui_a", u.to_json()


@pytest.mark.parametrize("said", ["c'est fini pour lui au suivant", "et on passe au joueur suivant"])
def test_the_turn_handed_on_with_a_word_to_the_table(matcher, said):
    assert _read(matcher, said)[0] == "suivant"


@pytest.mark.parametrize("said", [
    "c'est mon tour bientôt", "on avance", "qui c'est qui gagne", "qui c'est qui joue ce soir", "c'est fini pour lui le pauvre",
    "suivant on verra", "il manque combien de chaises",
])
def test_near_the_turn_questions_stays_what_it_is(matcher, said):
    u = matcher.understand(said, speaker=SPEAKER)
    thing = u.call or u.command
    assert thing is None or thing.kind.value not in ("tour", "suivant"), u.to_json()
