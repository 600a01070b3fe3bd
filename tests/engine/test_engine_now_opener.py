"""``Game.now()`` after the opening roll-off names the opener (issue 10, point 1: the phase in plain French)."""

from __future__ import annotations

from voice_scribe.engine import Call, CallKind
from voice_scribe.engine.game import Game


def test_after_the_opening_roll_off_now_names_the_opener() -> None:
    """000 « Déroulement du jeu »: « Chaque joueur lance un dé, celui qui fait le plus petit score commence »."""
    game = Game(["Karadoc", "Perceval", "Léodagan"])
    assert game.now().text == "Début de partie : tirage au sort, ou le premier joueur lance"
    for i, (player, face) in enumerate([("Karadoc", 4), ("Perceval", 2), ("Léodagan", 5)]):
        game.apply(Call(CallKind.DE, player, 1.0 + i / 2, dice=(face,)))
    now = game.now()
    assert now.text == "Perceval ouvre la partie : il lance les chouettes"
    assert now.roller == "Perceval"
    game.apply(Call(CallKind.DES, "Perceval", 3.0, dice=(2, 3, 5)))
    game.apply(Call(CallKind.SUIVANT, "Perceval", 4.0))
    assert game.now().text == "Léodagan lance les chouettes"


def test_a_tied_opening_roll_off_names_nobody_until_it_is_settled() -> None:
    game = Game(["Karadoc", "Perceval"])
    game.apply(Call(CallKind.DE, "Karadoc", 1.0, dice=(2,)))
    game.apply(Call(CallKind.DE, "Perceval", 1.5, dice=(2,)))  # tied: they throw again
    assert "ouvre la partie" not in game.now().text
    game.apply(Call(CallKind.DE, "Karadoc", 2.0, dice=(6,)))
    game.apply(Call(CallKind.DE, "Perceval", 2.5, dice=(1,)))
    assert game.now().text == "Perceval ouvre la partie : il lance les chouettes"
