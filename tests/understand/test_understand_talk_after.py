"""A call said whole, then talk about anything else (twelfth round): :mod:`voice_scribe.understand.talk_after`.

Patterns by class, written for these tests (not taken from the corpus): each talk is checked after several
calls, and each guard on talk that only starts like a call.
"""

from __future__ import annotations

import pytest

from test_understand_throws_in_context import _chouettes_awaited, _cul_awaited

SPEAKER = "Karadoc"
CALLS = [
    ("pélican", {"kind": "pelican"}),
    ("raitournelle", {"kind": "raitournelle"}),
    ("grelottine perceval", {"kind": "grelottine", "target": "Perceval"}),
    ("sirop jeannot léodagan", {"kind": "sirop_jeannot", "target": "Léodagan"}),
    ("cinq deux", {"kind": "chouettes", "dice": (5, 2)}),
    ("six quatre un", {"kind": "des", "dice": (6, 4, 1)}),
]
TALK = ["dans ta face", "merci patrick", "et vive la mariée", "mon grand"]


def _read(matcher, said, table=None):
    u = matcher.understand(said, speaker=SPEAKER, table=table)
    if not u.accepted:
        return None
    thing = u.call or u.command
    out = {"kind": thing.kind.value}
    for name in ("target", "dice", "number", "rule"):
        if getattr(thing, name, None) is not None:
            out[name] = getattr(thing, name)
    return out


@pytest.mark.parametrize("call,meant", CALLS)
@pytest.mark.parametrize("talk", TALK)
def test_a_call_then_talk_reads_as_the_call(matcher, call, meant, talk):
    # a throw only at its moment (the roller's dice awaited); a call out of context as well
    table = _chouettes_awaited() if "dice" in meant else None
    assert _read(matcher, f"{call} {talk}", table) == meant


@pytest.mark.parametrize("said", ["cinq deux et vive la mariée", "six quatre un merci patrick",
                                  "six quatre un et vive la mariée", "trois trois cinq la musique à fond"])
def test_out_of_a_game_faces_then_talk_are_no_throw(matcher, said):
    assert _read(matcher, said) is None


@pytest.mark.parametrize("said", [
    "pélican il est pas là",  # a negation: the talk denies or tells, it does not follow the call
    "raitournelle on l'a jamais vue",
    "grelottine perceval c'est quand qu'on mange",  # a question about it
    "sirop jeannot léodagan non attends je me trompe",  # taken back
    "grelottine perceval pardon mauvais joueur",
])
def test_talk_that_takes_back_denies_or_asks_leaves_the_call_unread(matcher, said):
    assert _read(matcher, said) is None


@pytest.mark.parametrize("said", ["on repart en vacances", "pause déjeuner demain midi", "annule ton rendez-vous"])
def test_a_command_that_steers_the_game_is_never_taken_before_talk(matcher, said):
    assert _read(matcher, said) is None


@pytest.mark.parametrize("talk", TALK)
def test_a_command_said_exactly_then_talk(matcher, talk):
    assert _read(matcher, f"c'est à qui {talk}") == {"kind": "tour"}


@pytest.mark.parametrize("said", [
    "deux heures du matin déjà",  # one die, then words: a quantity, not a throw
    "un pastis bien frais pour moi",
    "le pélican on le voit jamais sortir",  # a call's name after an article: talk about it
    "une mouette ça vole au-dessus du port",
    "raitournelle ça sert vraiment à rien",  # « ça … » after it: about it
    "excalibur c'est pas pour nous",
    "j'achète du pain en rentrant",  # a complement: the verb's, not the call's
    "c'est qui qui a mis la musique",  # near a command but not it, and no key word
    "grelottine mon œil",  # doubt about a call
])
def test_talk_that_only_starts_like_a_call_is_no_call(matcher, said):
    assert _read(matcher, said) is None


def test_a_pronoun_in_the_talk_is_not_dropped(matcher):
    # « artichette, toi » names its target by a pronoun: the call read without it would lose it
    got = _read(matcher, "artichette toi t'as dormi")
    assert got is None or got.get("target") == "Perceval", got
    assert _read(matcher, "j'achète moi aussi tant pis") != {"kind": "achat"}


def test_a_number_heard_only_by_its_sound_is_not_cut_off(matcher):
    # « si » sounds like « six »: the talk may start there, so no cut is made
    assert _read(matcher, "cul de chouette et si je perds je paie la tournée") != {
        "kind": "grelottine_mise", "number": 6}


def test_faces_then_en_fait_are_no_plain_throw(matcher):
    got = _read(matcher, "non non six et quatre en fait voilà")
    assert got is None or got["kind"] == "correction", got


def test_the_call_before_the_talk_keeps_what_the_whole_sentence_says(matcher):
    u = matcher.understand("pélican merci patrick", speaker=SPEAKER)
    assert u.accepted and u.text == "pélican merci patrick"


@pytest.mark.parametrize("said", ["j'ai pas compris la fin de ce qu'elle a dit",
                                  "j'ai pas compris la moitié de ce qu'il a dit"])
def test_talk_that_reports_anothers_speech_is_about_speech(matcher, said):
    # read alone, « j'ai pas compris » asks the scribe to repeat: the talk tells what another said
    assert _read(matcher, said) is None


def test_the_speakers_own_j_ai_dit_insists_on_his_call(matcher):
    assert _read(matcher, "pélican j'ai dit merci patrick") == {"kind": "pelican"}


def test_a_question_to_the_scribe_then_est_ce_que_is_the_players_own_question(matcher):
    assert _read(matcher, "comment ça une artichette qu'est-ce que j'en sais moi") is None
    # after a call, « qu'est-ce que … » is a taunt: the call stands
    assert _read(matcher, "pélican qu'est-ce que tu croyais") == {"kind": "pelican"}


@pytest.mark.parametrize("said", ["le cinq deux un c'est pas un autre jeu ça",
                                  "six cinq quatre c'est pas un jeu pour les gosses"])
def test_faces_then_a_negation_are_denied_not_thrown(matcher, said):
    # at the roller's cul, read without its last words this was a correction of his throw
    assert _read(matcher, said, _cul_awaited()) is None


@pytest.mark.parametrize("said,meant", [
    ("artichette léodagan je vous ai bien eus", {"kind": "artichette", "target": "Léodagan"}),
    ("grelottine perceval le petit malin", {"kind": "grelottine", "target": "Perceval"}),
])
def test_talk_that_holds_a_common_word_of_the_calls_is_cut_after_the_calls_own_words(matcher, said, meant):
    # « vous », « petit » are words of some calls too: the first cut (after them) reads nothing, the second
    # (after the run that starts with the name) reads the call
    assert _read(matcher, said) == meant


@pytest.mark.parametrize("said", ["quand on fait six cinq quatre on peut crier",
                                  "lorsqu'on fait trois trois un on boit",
                                  "cinq quatre d'un seul coup de poignet",
                                  "deux six d'un coup formidable"])
def test_faces_in_a_clause_or_an_un_after_d_are_no_throw(matcher, said):
    # at the roller's chouettes: « quand … », « lorsque … » tell a case, « d'un coup » is no third die
    assert _read(matcher, said, _chouettes_awaited()) is None


def test_a_toast_after_a_call_is_talk_but_sur_after_a_bare_challenge_is_its_target(matcher):
    assert _read(matcher, "pélican à la tienne") == {"kind": "pelican"}
    assert _read(matcher, "grelottine sur le gars du fond") is None  # the target is said, not heard


@pytest.mark.parametrize("said,meant", [("couche sirop je suis pas fou", {"kind": "couche_sirop"}),
                                        ("raitournelle je rigole pas", {"kind": "raitournelle"})])
def test_a_negation_without_a_pronoun_for_the_call_is_the_speakers_own_talk(matcher, said, meant):
    # « il est pas là », « on l'a jamais vue » deny the call (a pronoun names it); these do not
    assert _read(matcher, said) == meant


@pytest.mark.parametrize("talk", ["merci patrick", "dans ta face"])
def test_a_call_the_game_refuses_now_then_talk_is_refused_with_the_games_reason(matcher, talk):
    from voice_scribe.engine.rules import Rules
    from voice_scribe.understand import ResultKind
    from voice_scribe.understand.matcher import NOTHING_NEAR

    game = _cul_awaited()
    assert not Rules().is_enabled("pelican")  # this table does not play the Pélican
    u = matcher.understand(f"pélican {talk}", speaker="Perceval", table=game)
    assert u.kind is ResultKind.REJECTED
    assert u.text == f"pélican {talk}"
    assert "pélican" in u.reason and not u.reason.startswith(NOTHING_NEAR)
    assert [c.call.kind.value for c in u.candidates] == ["pelican"]
    assert _read(matcher, f"pélican {talk}") == {"kind": "pelican"}  # out of a game: every call considered


@pytest.mark.parametrize("said,meant", [
    # talk that holds words of the calls: the call ends where the words of the nearest phrase end
    ("tichette de trente-quatre la tiche qui triche", {"kind": "tichette", "number": 34}),
    ("bichette de quarante et un comme au bon vieux temps", {"kind": "bichette", "number": 41}),
    ("lance jarret perceval cadeau de la maison", {"kind": "lance_jarret", "target": "Perceval"}),
    ("sirop gagnant faut le dire vite", {"kind": "sirop_gagnant"}),
    ("une velute pour vingt points la mise est pour moi", {"kind": "grelottine_mise", "number": 20}),
])
def test_the_call_ends_where_the_nearest_phrase_ends(matcher, said, meant):
    assert _read(matcher, said) == meant


@pytest.mark.parametrize("said,wrong", [
    ("je relance de dix huîtres", {"kind": "relance", "number": 10}),  # « dix-huit » misheard, not ten and talk
    ("cul de chouette pour doux", {"kind": "cul_de_chouette_double"}),  # the stake's number misheard after « pour »
    ("bévue il a lancé avant son tour perceval", {"kind": "bevue"}),  # the target said later: not on nobody
    ("passe grelot c'est comme un joker", {"kind": "passe_grelot"}),  # the phrase's small words found last: talk
    ("alouette gentille alouette", {"kind": "pari_oiseau", "number": 2}),  # the key word said again: a song
    ("explique le jarret souple", {"kind": "regle", "rule": "jarret"}),  # « jarret souple » is one phrase
    ("j'apprécie vraiment les fruits au sirop dans mon thé", {"kind": "contre_sirop"}),  # not said exactly
])
def test_where_the_nearest_phrase_ends_is_no_cut_when_it_splits_or_misses_the_call(matcher, said, wrong):
    assert _read(matcher, said) != wrong


def test_faces_at_the_rollers_moment_with_talk_that_holds_an_article_or_a_score(matcher):
    game = _chouettes_awaited()
    assert _read(matcher, "cinq et cinq une paire de rois", game) == {"kind": "chouettes", "dice": (5, 5)}
    assert _read(matcher, "deux et trois et je suis à quatre-vingt-onze", game) == {"kind": "chouettes", "dice": (2, 3)}
    assert _read(matcher, "trois six alors trois trois six", game) is None  # faces said again: not the first two


@pytest.mark.parametrize("said", ["pause je vais aux toilettes", "pause là j'ai plus de doigts",
                                  "pause on a besoin de souffler", "on reprend on a fini de manger"])
def test_a_pause_or_a_resume_before_a_reason_of_its_own_is_taken(matcher, said):
    assert _read(matcher, said) == {"kind": "pause" if said.startswith("pause") else "reprends"}


@pytest.mark.parametrize("said", ["fin de la partie à la prochaine fois", "annule ton rendez-vous chez le dentiste",
                                  "pause dans dix minutes je pense", "pause déjeuner on verra"])
def test_an_undo_or_an_end_before_talk_and_a_pause_before_a_complement_are_not_taken(matcher, said):
    # undoing or ending the game on a sentence that goes on is too costly to guess: the scribe answers
    # « pas compris » and the player says it again
    assert _read(matcher, said) is None


@pytest.mark.parametrize("said", ["bévue perceval c'était pas ton tour", "grelottine perceval c'est toi le prochain",
                                  "bévue perceval c'est pas à toi de lancer"])
def test_talk_said_to_the_calls_target_is_talk_after_the_call(matcher, said):
    assert _read(matcher, said)["target"] == "Perceval"


@pytest.mark.parametrize("said", ["bévue perceval c'est pas ça", "pélican c'est pas ton tour"])
def test_a_negation_of_the_call_itself_or_without_a_target_still_denies_it(matcher, said):
    assert _read(matcher, said) is None
