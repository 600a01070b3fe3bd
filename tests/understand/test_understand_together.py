"""Several players naming themselves as the speakers of one call (« Perceval et Karadoc : beau sirop ! »)."""

from __future__ import annotations

import argparse
import json

import pytest

from voice_scribe.engine.calls import CallKind
from voice_scribe.understand import Matcher, ResultKind
from voice_scribe.understand.normalize import token_pairs
from voice_scribe.understand.together import TOGETHER_KINDS, named_together, reads_together


@pytest.mark.parametrize(
    ("text", "kind", "players"),
    [
        # names before the call, joined by « et » or listed
        ("perceval et karadoc beau sirop", CallKind.BEAU_SIROP, ("Karadoc", "Perceval")),
        ("karadoc léodagan couche sirop", CallKind.COUCHE_SIROP, ("Karadoc", "Léodagan")),
        ("perceval et léodagan j'apprécie les fruits au sirop", CallKind.CONTRE_SIROP, ("Perceval", "Léodagan")),
        ("karadoc, perceval et léodagan pas mou le caillou", CallKind.PAS_MOU_LE_CAILLOU,
         ("Karadoc", "Perceval", "Léodagan")),
        # names after it, with « pour » or bare
        ("beau sirop pour léodagan et perceval", CallKind.BEAU_SIROP, ("Perceval", "Léodagan")),
        ("pélican karadoc et perceval", CallKind.PELICAN, ("Karadoc", "Perceval")),
        # « ensemble », « tous les deux », « en même temps » around
        ("léodagan perceval karadoc pas mou le caillou ensemble", CallKind.PAS_MOU_LE_CAILLOU,
         ("Karadoc", "Perceval", "Léodagan")),
        ("perceval et karadoc beau sirop tous les deux", CallKind.BEAU_SIROP, ("Karadoc", "Perceval")),
        ("en même temps perceval et léodagan lance bûches", CallKind.LANCE_BUCHES, ("Perceval", "Léodagan")),
        ("perceval et karadoc ensemble velutée", CallKind.VELUTEE, ("Karadoc", "Perceval")),
        # introduced, and « et » as a free decoder writes it
        ("c'est perceval et karadoc beau sirop", CallKind.BEAU_SIROP, ("Karadoc", "Perceval")),
        ("perceval est léodagan pélican", CallKind.PELICAN, ("Perceval", "Léodagan")),
        # an alias names its player (Blaise: « Père Blaise »)
        ("blaise et karadoc grelotte ça picote", CallKind.GRELOTTE_CA_PICOTE, ("Karadoc", "Père Blaise")),
    ],
)
def test_several_players_named_are_the_speakers(matcher: Matcher, text: str, kind: CallKind, players: tuple) -> None:
    u = matcher.understand(text)
    assert u.kind is ResultKind.CALL and u.call is not None and u.call.kind is kind
    assert u.players == players  # the roster's order, whatever the order said
    assert u.speaker == u.call.player == players[0] and u.speaker_source == "name"
    assert u.to_json()["players"] == list(players)


def test_the_names_said_win_over_the_voice_heard(matcher: Matcher) -> None:
    """One microphone for the table: whoever said it again for them, the call is theirs."""
    u = matcher.understand("beau sirop pour léodagan et karadoc", speaker="Perceval")
    assert u.players == ("Karadoc", "Léodagan") and u.call.player == "Karadoc"


def test_one_name_is_one_speaker_as_before(matcher: Matcher) -> None:
    u = matcher.understand("karadoc pas mou le caillou")
    assert u.call.kind is CallKind.PAS_MOU_LE_CAILLOU and u.speaker == "Karadoc" and u.players == ()
    assert "players" not in u.to_json()


@pytest.mark.parametrize("text", ["karadoc et perceval chouettes quatre cinq", "karadoc perceval six six six"])
def test_a_throw_with_two_names_is_not_read_as_two(matcher: Matcher, text: str) -> None:
    """Only the roller throws: two names before a throw are never two throws (read as a single speaker's
    words, as before: here they read as nothing)."""
    u = matcher.understand(text)
    assert u.players == ()
    assert not (u.accepted and u.call is not None and u.call.kind in (CallKind.CHOUETTES, CallKind.DES)
                and u.call.player == "Perceval")


@pytest.mark.parametrize(
    ("text", "kind", "target"),
    [
        ("grelottine sur perceval", CallKind.GRELOTTINE, "Perceval"),
        ("bévue pour karadoc", CallKind.BEVUE, "Karadoc"),
        ("grelottine sur perceval une chouette pour dix", CallKind.GRELOTTINE, "Perceval"),
    ],
)
def test_a_target_stays_a_target(matcher: Matcher, text: str, kind: CallKind, target: str) -> None:
    u = matcher.understand(text, speaker="Léodagan")
    assert u.call is not None and u.call.kind is kind and u.call.target == target
    assert u.players == () and u.call.player == "Léodagan"


@pytest.mark.parametrize("text", ["bévue pour karadoc et perceval", "grelottine sur perceval et karadoc"])
def test_two_names_after_a_call_with_a_target_are_not_its_speakers(matcher: Matcher, text: str) -> None:
    """Not two Bévues by Karadoc and Perceval, nor their Grelottine: the names are the call's target (here
    two of them: not read, as before)."""
    u = matcher.understand(text, speaker="Léodagan")
    assert u.players == () and not u.accepted


def test_a_group_keeps_the_target_of_a_call_it_may_make_together(matcher: Matcher) -> None:
    u = matcher.understand("karadoc et perceval sirop jeannot pour léodagan")
    assert u.call.kind is CallKind.SIROP_JEANNOT and u.call.target == "Léodagan"
    assert u.players == ("Karadoc", "Perceval")


@pytest.mark.parametrize("text", [
    "perceval et karadoc ils ont dit pas mou le caillou", "perceval et karadoc ont fait pélican hier",
    "perceval et karadoc vous avez vu ce pélican", "perceval karadoc c'est quoi pélican", "perceval et karadoc",
])
def test_table_talk_naming_two_players_is_not_a_call(matcher: Matcher, text: str) -> None:
    assert not matcher.understand(text).accepted


def test_named_together_finds_the_group_and_the_call_words(matcher: Matcher) -> None:
    def group(text: str):
        return named_together(matcher.canonical(token_pairs(text)))

    before = group("perceval et karadoc beau sirop tous les deux")
    assert before.players == ("Perceval", "Karadoc") and [u.word for u in before.rest] == ["beau", "sirop"]
    assert before.insisted and not before.after
    after = group("beau sirop pour léodagan et perceval")
    assert after.players == ("Léodagan", "Perceval") and after.after and after.introduced
    assert [u.word for u in after.rest] == ["beau", "sirop"]
    assert group("karadoc pas mou le caillou") is None
    assert group("grelottine sur perceval et karadoc") is None  # « sur »: targets
    bare = group("karadoc perceval artichette")
    assert bare is not None and not bare.insisted
    assert not reads_together(CallKind.ARTICHETTE, bare)  # two bare names before a call with a target
    assert reads_together(CallKind.PELICAN, bare)


def test_only_calls_several_may_make_are_read_together() -> None:
    assert {CallKind.PAS_MOU_LE_CAILLOU, CallKind.BEAU_SIROP, CallKind.COUCHE_SIROP, CallKind.CONTRE_SIROP} <= TOGETHER_KINDS
    assert not {CallKind.CHOUETTES, CallKind.CUL, CallKind.DES, CallKind.DE, CallKind.SUIVANT, CallKind.GRELOTTINE,
                CallKind.BEVUE, CallKind.JE_SIROTE, CallKind.CIVET} & TOGETHER_KINDS


def test_parse_shows_the_players(capsys) -> None:
    from voice_scribe.cli import parse as parse_command

    parser = argparse.ArgumentParser(prog="voice-scribe")
    parse_command.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["parse", "--players", "Karadoc,Perceval,Yvain", "perceval et yvain pélican"])
    assert args.func(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["kind"], out["player"], out["players"]) == ("pelican", "Perceval", ["Perceval", "Yvain"])


# eleventh round: « moi » among the names is the speaker (patterns written for the test)
@pytest.mark.parametrize("frame", ["moi et perceval {}", "perceval et moi {}", "{} perceval et moi",
                                   "{} égalité perceval et moi on l'a dit ensemble", "moi et perceval on l'a crié {}"])
@pytest.mark.parametrize("call,kind", [("beau sirop", "beau_sirop"), ("pélican", "pelican"), ("velutée", "velutee")])
def test_moi_among_the_names_is_the_speaker(matcher, frame, call, kind):
    u = matcher.understand(frame.format(call), speaker="Karadoc")
    assert u.accepted and u.call.kind.value == kind and set(u.players) == {"Karadoc", "Perceval"}, u.to_json()


def test_moi_alone_is_no_group(matcher):
    u = matcher.understand("moi pélican", speaker="Karadoc")
    assert u.accepted and u.call.kind.value == "pelican" and not u.players, u.to_json()
