"""A call said whole, then talk (:mod:`voice_scribe.understand.talk_after`), and a throw said with a remark
(:func:`voice_scribe.understand.dice_words.read_amid_remarks`): the fifteenth round's classes.

* an article inside what was read is the phrase's own (« pas mou le caillou », « qui a le jarret »), not talk
  about a call, which starts with its article (« la grelottine c'est nul »);
* « attends attends » said before the call is its run-up, not a try taken back;
* « pourquoi pas » after a call agrees with it;
* a score said after the throw (a number no three dice sum to) is the speaker's own remark, read only where
  the game awaits his throw; a sum of the faces is still no throw;
* a question to the table after the faces opens a remark, where the throw is awaited;
* the cul named before its face takes any remark after it, where the cul is awaited.

Patterns written for these tests, in the manner of the corpus (not its lines).
"""

from __future__ import annotations

import pytest

from test_understand_throws_in_context import _chouettes_awaited, _cul_awaited


def _read(matcher, said, table=None, speaker="Karadoc"):
    u = matcher.understand(said, speaker=speaker, table=table)
    thing = u.call or u.command
    if not u.accepted or thing is None:
        return None
    if hasattr(thing, "item"):  # a question or a command
        return thing.kind.value, thing.item or thing.dice or thing.target
    return thing.kind.value, thing.dice or thing.number


@pytest.mark.parametrize("said,meant", [
    ("pas mou le caillou ha ha j'ai tapé le premier", ("pas_mou_le_caillou", None)),
    ("qui a le jarret jo", ("qui_a", "jarret")),
    ("c'est quoi les scores là vite", ("scores", None)),
    ("je mise sur la linotte allez", ("pari_oiseau", 1)),
])
def test_an_article_inside_the_phrase_is_its_own(matcher, said, meant):
    assert _read(matcher, said) == meant


@pytest.mark.parametrize("said", [
    "la grelottine c'est nul",
    "une mouette ça vole haut",
])
def test_a_call_named_first_after_its_article_is_still_talk_about_it(matcher, said):
    assert _read(matcher, said) is None


def test_a_run_up_of_waiting_words_is_no_try_taken_back(matcher):
    said = "attends attends civet de cinquante sur une chouette voilà moi j'suis à cent douze"
    assert _read(matcher, said) == ("civet", 50)
    # said after the call, the same words take it back: the talk is no talk after it
    assert _read(matcher, "civet de cinquante sur une chouette attends non c'est pas ça") is None


def test_why_not_after_a_call_agrees_with_it(matcher):
    assert _read(matcher, "je relance de dix-huit pourquoi pas") == ("relance", 18)


@pytest.mark.parametrize("said,dice", [
    ("deux deux six et je monte à cent soixante-dix-huit", (2, 2, 6)),
    ("six et un je reste à cent douze moi", (6, 1)),
    ("un quatre cinq donc deux cent vingt-quatre pour moi", (1, 4, 5)),
])
def test_a_score_said_after_the_throw_is_a_remark_where_the_throw_is_awaited(matcher, said, dice):
    kind = "chouettes" if len(dice) == 2 else "des"
    assert _read(matcher, said, _chouettes_awaited()) == (kind, dice)
    assert _read(matcher, said) is None  # out of a game: no roller awaited, faces then talk are no throw
    assert _read(matcher, said, _chouettes_awaited("Perceval")) is None  # not the roller


def test_a_sum_of_the_faces_is_still_no_score(matcher):
    # « ça fait onze » sums the faces (at most 18): the numbers stay the throw's words
    from voice_scribe.understand.dice_words import read_amid_remarks
    assert read_amid_remarks("six et cinq bon ca fait onze".split(), lambda reading: True) is None


@pytest.mark.parametrize("said,dice", [
    ("cinq six qui veut trinquer", (5, 6)),
    ("deux cinq trois pourquoi vous comptez sur vos doigts", (2, 5, 3)),
])
def test_a_question_to_the_table_after_the_faces_opens_a_remark(matcher, said, dice):
    kind = "chouettes" if len(dice) == 2 else "des"
    assert _read(matcher, said, _chouettes_awaited()) == (kind, dice)
    assert _read(matcher, said) is None


@pytest.mark.parametrize("said,face", [
    ("le cul un tout petit tout mignon", 1),
    ("et le cul six le grand jeu", 6),
])
def test_the_cul_named_before_its_face_takes_any_remark(matcher, said, face):
    assert _read(matcher, said, _cul_awaited()) == ("cul", (face,))
    assert _read(matcher, said, _cul_awaited("Perceval")) is None  # Karadoc is not the roller there


def test_the_cul_named_before_a_count_of_things_is_no_throw(matcher):
    assert _read(matcher, "le cul six pieds sous terre", _cul_awaited()) is None


@pytest.mark.parametrize("said", [
    "cinq six qui veulent venir ce soir",  # « cinq-six »: about that many, and a relative « qui »
    "deux trois qui viennent demain",
    "deux trois comment dire",
    "quatre cinq pourquoi pas",  # an answer to « how many? »
])
def test_a_count_said_at_the_rollers_moment_is_no_throw(matcher, said):
    assert _read(matcher, said, _chouettes_awaited()) is None


def test_a_score_alone_is_no_throw(matcher):
    assert _read(matcher, "deux cent douze", _chouettes_awaited()) is None
    assert _read(matcher, "deux cent douze pour moi", _chouettes_awaited()) is None


@pytest.mark.parametrize("said,meant", [
    ("jarret-sifflet puisque j'ai conservé mon jarret", ("jarret_sifflet", None)),
    ("je sirote puisque j'ai une chouette", ("je_sirote", None)),
    ("lance-civet-filoché karadoc puisqu'il n'en a pas", ("lance_civet_filoche", None)),
    ("je relance de vingt parce que j'ai confiance", ("relance", 20)),
])
def test_the_reason_for_a_call_said_after_it_is_talk_after_it(matcher, said, meant):
    assert _read(matcher, said) == meant


def test_a_reason_does_not_make_talk_a_call(matcher):
    assert _read(matcher, "puisque j'ai une chouette") is None
    assert _read(matcher, "je sirote pas parce que j'ai pas de chouette") is None  # the call itself denied


@pytest.mark.parametrize("said,meant", [
    ("euh du coup suivant", ("suivant", None)),
    ("genre du coup linotte", ("pari_oiseau", 1)),
    ("pélican du coup", ("pelican", None)),
])
def test_discourse_markers_around_a_call_are_dropped(matcher, said, meant):
    assert _read(matcher, said) == meant


@pytest.mark.parametrize("said,meant", [
    ("six je fais six", ("de", (6,))),  # one face, the rolling verb, the same face: one die said twice
    ("deux j'ai fait deux", ("de", (2,))),
    ("y'a quatre quatre", ("chouettes", (4, 4))),  # « y a »: what there is on the table
    ("quatre deux y'a quatre deux", ("chouettes", (4, 2))),
    ("en mode trois au cul", ("cul", (3,))),
    ("six et six top", ("chouettes", (6, 6))),
    ("trois quatre je valide", ("chouettes", (3, 4))),
    ("quatre et un précisément", ("chouettes", (4, 1))),
    ("go je sirote", ("je_sirote", None)),
])
def test_a_throw_or_a_call_with_the_tables_own_words_around_it(matcher, said, meant):
    assert _read(matcher, said) == meant


@pytest.mark.parametrize("said", [
    "deux je fais deux heures de route demain",  # the face said again counts a noun: no die
    "six je fais six kilomètres à pied",
])
def test_one_face_said_twice_then_talk_is_no_die(matcher, said):
    assert _read(matcher, said) is None


def test_two_faces_said_together_are_still_the_chouettes(matcher):
    assert _read(matcher, "six six") == ("chouettes", (6, 6))
    assert _read(matcher, "six et six") == ("chouettes", (6, 6))


@pytest.mark.parametrize("said,meant", [
    ("quel est le score de perceval", ("score_joueur", "Perceval")),
    ("scribe quel est le total de karadoc", ("score_joueur", "Karadoc")),
    ("t'as l'score de karadoc", ("score_joueur", "Karadoc")),
    ("quel est mon score", ("score_joueur", "Karadoc")),  # said by Karadoc
    ("excusez-moi vous pouvez expliquer la velute", ("regle", None)),
    ("excusez-moi qui a la grelottine", ("qui_a", "grelottine")),
])
def test_the_tables_questions_asked_as_a_question_of_their_own(matcher, said, meant):
    assert _read(matcher, said) == meant


def test_pardon_before_faces_still_corrects_the_last_throw(matcher):
    assert _read(matcher, "pardon deux et deux") == ("correction", (2, 2))


@pytest.mark.parametrize("said,meant", [
    ("la règle de la velute jo j'ai oublié", ("regle", None)),
    ("l'artichette ça marche comment pour les nuls", ("regle", None)),
    ("pause scribe je vais chercher du gâteau", ("pause", None)),
    ("velutée c'est moi qui les ai", ("velutee", None)),
    ("j'apprécie les fruits au sirop y a pas photo", ("contre_sirop", None)),
])
def test_talk_after_a_question_a_pause_or_a_call_claimed(matcher, said, meant):
    assert _read(matcher, said) == meant


@pytest.mark.parametrize("said", [
    "la règle de la suite je l'ai lue dans le train",  # the thing named again: talk about the rule
    "un jarret c'est à qui le tour",  # the talk completes the question: another one
    "velutée y a pas de velutée",  # « y a pas »: the call's key word said again, denied
])
def test_talk_that_names_the_thing_again_or_completes_the_question_is_no_call(matcher, said):
    got = _read(matcher, said)
    assert got is None or got[0] not in ("regle", "qui_a", "velutee")


def test_a_call_said_first_then_plain_talk_when_no_phrase_is_near_the_whole(matcher):
    # no phrase of the grammar is near the whole sentence: its first run of a call's words is tried alone
    assert _read(matcher, "euh chante-sloubi il veut jouer") == ("chante_sloubi", None)


@pytest.mark.parametrize("said", [
    "pélican messire linotte",  # two calls
    "alouette gentille alouette",  # a song: the key word again
    "linotte pour un alouette pour deux et ainsi de suite",  # the birds' numbers told
])
def test_the_first_calls_words_are_not_taken_before_talk_that_holds_another_call(matcher, said):
    assert _read(matcher, said) is None


def test_a_letter_held_as_a_shout_is_typed(matcher):
    assert _read(matcher, "attrape-oiseauuu") == ("attrape_oiseau", None)
    assert _read(matcher, "sirop gagnaaant") == ("sirop_gagnant", None)


def test_the_calls_words_taken_up_as_a_topic_are_talk(matcher):
    assert _read(matcher, "ah oui pas mou le caillou en parlant de cailloux ha ha") is None


@pytest.mark.parametrize("said,meant", [
    ("jo linotte", ("pari_oiseau", 1)),
    ("top pélican", ("pelican", None)),
    ("bien suivant", ("suivant", None)),
    ("bien entendu file-sirop", ("file_sirop", None)),
])
def test_an_approval_or_an_evidence_said_before_the_call(matcher, said, meant):
    assert _read(matcher, said) == meant


@pytest.mark.parametrize("said,meant", [
    ("mécréant on l'a dit ensemble léodagan et moi j'suis à cent douze", ("mecreant", None)),
    ("excalibur on l'a dit ensemble perceval et moi", ("excalibur", None)),
    ("salsifi tous les deux avec yvain et j'suis toujours à cent douze", ("salsifi", None)),
])
def test_who_else_said_it_and_the_speakers_score_close_the_sentence(matcher, said, meant):
    assert _read(matcher, said) == meant


def test_a_closing_still_holds_no_number_but_a_score(matcher):
    # « trois » is no score: the words after the closing hold a number, so they are not dropped as its flourish
    assert _read(matcher, "mécréant on l'a dit ensemble à trois six") != ("mecreant", None)


def test_points_counted_after_a_throw_are_no_score_said(matcher):
    # « c'est cent points chez nous »: points counted in talk about the game, not the speaker's own score
    assert _read(matcher, "trois six c'est un cul de chouette de six c'est cent points chez nous",
                 _chouettes_awaited()) is None


@pytest.mark.parametrize("said,dice", [
    ("cinq et cinq les deux cinq", (5, 5)),  # both dice on five, never the faces two and five
    ("six et six les deux six", (6, 6)),
    ("les trois six", (6, 6, 6)),
])
def test_les_deux_before_a_face_is_both_dice_on_it(matcher, said, dice):
    kind = "chouettes" if len(dice) == 2 else "des"
    assert _read(matcher, said) == (kind, dice)
    assert _read(matcher, said, _chouettes_awaited()) == (kind, dice)


def test_the_scribe_called_after_a_command_ends_it(matcher):
    assert _read(matcher, "répète le scribe j'ai pas entendu avec l'horloge") == ("repete", None)
    assert _read(matcher, "velutée le scribe") == ("velutee", None)
    # an undo still never comes from a sentence that goes on
    assert _read(matcher, "annule le scribe tu t'es trompé") is None


def test_non_then_faces_the_game_refuses_now_is_the_rollers_correction(matcher):
    game = _cul_awaited()  # Karadoc's chouettes (2, 5) are down, his cul is awaited
    assert _read(matcher, "non deux deux", game) == ("correction", (2, 2))
    assert _read(matcher, "non non trois cinq", game) == ("correction", (3, 5))
    # another player's « non deux deux » corrects nobody's throw
    assert _read(matcher, "non deux deux", game, speaker="Perceval") is None
    # where the throw is awaited, « non non non six six six » is the roller's dismay at his throw
    assert _read(matcher, "non non non six six six", _chouettes_awaited()) == ("des", (6, 6, 6))
