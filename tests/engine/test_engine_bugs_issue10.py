"""The three rule bugs of issue 10, each against the seed 000 sentence it contradicted."""

from __future__ import annotations

from engine_table import K, Table, grelottine_launched

from voice_scribe.engine import EventKind
from voice_scribe.engine.dice import chouette_points
from voice_scribe.engine.state import Phase


def winner_events(table: Table) -> list[str | None]:
    return [e.player for e in table.events if e.kind is EventKind.WINNER]


def test_two_cross_in_a_grelottine_the_higher_score_wins() -> None:
    """Seed 000 « Fin du jeu »: « Si deux joueurs arrivent au score final en même temps (lors d'un défi
    Grelottine ou d'une Soufflette par exemple), le joueur ayant atteint le plus haut score est déclaré
    vainqueur »; « La Grelottine »: « le joueur défié gagne les points de la combinaison qu'il a réalisée »."""
    table = grelottine_launched(335, 320)
    game = table.game
    table.say("Karadoc", K.GRELOTTINE_MISE, combination="cul_de_chouette", number=10)
    table.des("Perceval", 1, 3, 6)  # first throw: missed (only the final combination applies)
    table.des("Perceval", 6, 6, 3)  # second: a Chouette of 6, the challenge is lost: Karadoc 345
    assert table.score("Karadoc") == 345
    assert game.state.phase is not Phase.OVER  # Perceval's Chouette is still to be paid
    table.close()
    assert table.score("Perceval") == 320 - 10 + chouette_points(6)  # 346 > 345
    assert winner_events(table) == ["Perceval"]
    assert game.state.winner == "Perceval"


def test_two_cross_in_a_soufflette_the_higher_score_wins() -> None:
    """Seed 000 « La Soufflette »: « le soufflé perd d'abord les points de la Soufflette, puis s'ajoutent
    ceux de l'éventuelle combinaison qu'il a réalisée en fin de défi »; « Fin du jeu »: the higher wins."""
    table = Table("Karadoc", "Perceval", "Léodagan", level=2)
    game = table.game
    game.state.players["Karadoc"].score = 313
    game.state.players["Perceval"].score = 342
    table.des("Karadoc", 4, 2, 1)  # a Soufflette
    table.say("Karadoc", K.EN_GARDE, after=0.3, target="Perceval")
    table.des("Perceval", 1, 3, 6)
    table.des("Perceval", 2, 3, 6)
    table.des("Perceval", 6, 6, 3)  # third throw failed: −30 / +30, then his Chouette of 6
    assert table.score("Karadoc") == 343
    assert game.state.phase is not Phase.OVER
    table.close()
    assert table.score("Perceval") == 342 - 30 + chouette_points(6)  # 348
    assert game.state.winner == "Perceval"
    assert winner_events(table) == ["Perceval"]


def test_one_crossing_alone_still_wins_at_once() -> None:
    """A Velute's points are paid when the cul falls: nothing else is due, the end is not delayed."""
    table = Table("Karadoc", "Perceval")
    table.game.state.players["Karadoc"].score = 330
    table.des("Karadoc", 1, 4, 5)  # a Velute of 5: 50 points
    assert table.game.state.winner == "Karadoc"


def test_pelican_still_tied_the_18_bettor_wins_even_if_he_did_not_shout() -> None:
    """Seed 000 « Le Pélican »: « Si deux joueurs ou plus sont toujours à égalité après “ Zbradaraldjan ! ”,
    le joueur ayant relancé de 18 gagne les points. Si personne n'a relancé de 18, les joueurs concernés
    tirent aux dés »: Léodagan bet 18; Karadoc and Perceval stay tied; the 28 points are Léodagan's."""
    table = Table("Karadoc", "Perceval", "Léodagan", level=3)
    table.throw("Karadoc", 3, 4, 3)  # a Bleu-Rouge: Karadoc wins the Chouette of 3 (9) and relances
    for player, total in {"Karadoc": 10, "Perceval": 15, "Léodagan": 18}.items():
        table.say(player, K.RELANCE, number=total, after=0.3)
    table.des("Karadoc", 6, 6, 6)  # 18: a Pélican; Léodagan's relance is right: 36 + 2 × 18 + 100 = 172
    for kind in (K.PELICAN, K.PASSE_MONTAGNE, K.ZBRADARALDJAN):
        table.say("Karadoc", kind, after=0.5)
        table.say("Perceval", kind, after=0.05)
    table.close()
    assert table.game.state.phase is not Phase.ROLL_OFF
    assert table.scores == {"Karadoc": 9, "Perceval": 0, "Léodagan": 172 + 28}


def bevues(table: Table) -> list[tuple[str | None, str]]:
    return [(e.player, e.reason) for e in table.events if e.kind is EventKind.BEVUE]


def test_sans_fin_as_soon_as_the_tie_exists_is_no_bevue() -> None:
    """Seed 000 « La Suite »: « En cas d'égalité, les joueurs concernés se départagent en criant “ Sans fin
    est la moisissure des bières bretonnes ! ” […] Si un joueur annonce jusqu'à “ bretonnes ” sans qu'il
    n'y ait eu d'égalité sur la première annonce, il y a Bévue. » Everybody has shouted, Perceval and
    Léodagan together last: the tie exists, their « Sans fin » count at once, the window still open."""
    table = Table("Karadoc", "Perceval", "Léodagan")
    table.throw("Karadoc", 2, 3, 4)  # a Suite
    table.say("Karadoc", K.GRELOTTE_CA_PICOTE, after=0.3)
    table.say("Perceval", K.GRELOTTE_CA_PICOTE, after=0.3)
    table.say("Léodagan", K.GRELOTTE_CA_PICOTE, after=0.05)  # tied with Perceval
    assert table.game.state.phase is Phase.REACTION  # the window is still open
    assert set(table.game.now().waiting) == {"Perceval : « Sans fin… » attendu", "Léodagan : « Sans fin… » attendu"}
    table.say("Léodagan", K.SANS_FIN, after=0.4)
    verdict = table.say("Perceval", K.SANS_FIN, after=0.4)  # the last of the two
    assert bevues(table) == []
    assert [(e.player, e.points) for e in verdict if e.kind is EventKind.SCORE] == [("Perceval", -10)]
    table.close()
    assert table.scores == {"Karadoc": 0, "Perceval": -10 if table.game.rules.negative_scores else 0,
                            "Léodagan": 0}
    assert table.game.state.phase is Phase.CHOUETTES and table.game.state.roller == "Perceval"


def test_sans_fin_before_the_tie_or_by_someone_else_is_still_a_bevue() -> None:
    """« sans qu'il n'y ait eu d'égalité »: before everybody has shouted there is no tie yet; and the
    tie is the tied players' business."""
    table = Table("Karadoc", "Perceval", "Léodagan")
    table.throw("Karadoc", 2, 3, 4)
    table.say("Karadoc", K.GRELOTTE_CA_PICOTE, after=0.3)
    table.say("Perceval", K.SANS_FIN, after=0.2)  # Léodagan has not shouted: no tie yet
    table.say("Perceval", K.GRELOTTE_CA_PICOTE, after=0.3)
    table.say("Léodagan", K.GRELOTTE_CA_PICOTE, after=0.05)
    table.say("Karadoc", K.SANS_FIN, after=0.2)  # not tied
    assert bevues(table) == [("Perceval", "sans_fin_without_tie"), ("Karadoc", "sans_fin_without_tie")]
