"""What a new player reads first: a refusal's nearest announcement, the throw's status line, a Néant without its
Grelottine and a Cul de chouette scored once its window closed — all in plain French."""

from __future__ import annotations

from voice_scribe.engine.rules import Rules
from voice_scribe.scribe import Scribe
from voice_scribe.session import Session
from voice_scribe.speech.utterance import Utterance
from voice_scribe.understand import Matcher

PLAYERS = ["Karadoc", "Perceval", "Léodagan"]


class Table:
    """A scribe hearing typed lines, as ``listen --clavier`` does."""

    def __init__(self, rules: Rules | None = None) -> None:
        self.session = Session(PLAYERS, rules)
        self.scribe = Scribe(self.session)
        self.matcher = Matcher.build(PLAYERS, self.session.rules)
        self.t = 0.0

    def hear(self, speaker: str, text: str, after: float = 1.0):  # noqa: ANN201 - Reply
        self.t += after
        utterance = Utterance(t=self.t, text=text, speaker=speaker)
        return self.scribe.hear(self.matcher.understand(utterance, table=self.session.game), utterance.to_json())


def test_the_nearest_announcement_of_a_refusal_names_its_slot_in_french() -> None:
    reply = Table().hear("Karadoc", "double bidule")
    assert reply.kind == "not_understood"
    assert "« double (un chiffre) »" in reply.phrase.screen, reply.phrase.screen
    assert "…" not in reply.phrase.screen


def test_a_missing_die_is_said_in_the_singular_with_its_slot_named() -> None:
    reply = Table().hear("Karadoc", "les chouettes bof et quatorze")
    assert "chiffre illisible « quatorze »" in reply.phrase.screen, reply.phrase.screen
    assert "« les chouettes (un chiffre) et (un chiffre) »" in reply.phrase.screen


def test_the_status_of_a_throw_names_its_dice_then_what_it_is() -> None:
    table = Table()
    table.hear("Karadoc", "un trois six")
    assert table.session.game.now().text == "Lancer de Karadoc : 1 3 6, un Néant — à vos annonces"


def test_a_neant_that_wins_no_grelottine_says_why() -> None:
    table = Table()
    first = table.hear("Karadoc", "un trois six")
    assert first.phrase.screen == "Néant : Karadoc gagne une Grelottine."
    for who, text in [("Karadoc", "suivant"), ("Perceval", "un deux quatre"), ("Perceval", "suivant"),
                      ("Léodagan", "un deux quatre"), ("Léodagan", "suivant")]:
        table.hear(who, text)
    again = table.hear("Karadoc", "un trois six")
    assert again.phrase.screen == "Néant. Karadoc a déjà une Grelottine : elle ne se cumule pas.", again.phrase.screen
    assert "Grelottine" in again.phrase.spoken


def test_a_neant_under_thirty_points_without_negative_scores_says_the_minimum() -> None:
    table = Table(Rules(negative_scores=False))
    reply = table.hear("Karadoc", "un trois six")
    assert reply.phrase.screen == "Néant. Pas de Grelottine pour Karadoc : il faut au moins 30 points.", \
        reply.phrase.screen
    assert "trente points" in reply.phrase.spoken


def test_a_cul_de_chouette_scored_when_its_window_closes_says_its_face() -> None:
    table = Table(Rules(level=2))
    table.hear("Karadoc", "six six six")
    reply = table.hear("Karadoc", "suivant")
    assert "Cul de chouette de 6 : Karadoc marque 100" in reply.phrase.screen, reply.phrase.screen
    assert "Cul de chouette de six : Karadoc marque cent" in reply.phrase.spoken
