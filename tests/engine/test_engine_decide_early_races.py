"""Every race of a reaction window decided the moment it is certain (docs/rules.md FT12–FT16): the
roller's shout against the others', the chained tie-breaks, the announcements of the Aquitaine and
the Tichette; a shout after its race's verdict gets an answer (FT17)."""

from __future__ import annotations

from engine_table import K, Table, sirop_artichette

from voice_scribe.engine import EventKind, Rules
from voice_scribe.engine.state import Phase

TIE = Rules().tie_window_s


def scores(events: list) -> list[tuple[str, int, str]]:
    return [(e.player, e.points, e.reason) for e in events if e.kind is EventKind.SCORE]


def prompts(events: list, reason: str) -> list[list[str]]:
    return [e.data["players"] for e in events if e.kind is EventKind.PROMPT and e.reason == reason]


def holdings(events: list) -> list[tuple[str, str, bool]]:
    return [(e.player, e.data.get("holding", e.reason), e.data.get("gained", True))
            for e in events if e.kind is EventKind.HOLDING]


def past_tie(table: Table) -> list:
    """The clock moves past the last shout's tie window, nobody speaking."""
    events = table.game.tick(round(table.t + TIE + 0.01, 3))
    table.events.extend(events)
    return events


# ── FT12: the roller against the others, the roller winning a tie ──
def test_raitournelle_by_the_roller_is_paid_at_once() -> None:
    """000 « L'Artichette »: « En cas d'égalité, le joueur ayant réalisé l'Artichette est prioritaire »: once
    he has said « Raitournelle ! » no « Artichette ! » can beat him."""
    t = Table("Karadoc", "Perceval", "Léodagan", level=2)
    t.throw("Karadoc", 4, 3, 4)
    assert scores(t.say("Karadoc", K.RAITOURNELLE, after=0.3)) == [("Karadoc", 16, "raitournelle")]
    assert t.game.state.phase is Phase.REACTION
    assert scores(t.close()) == []  # nothing paid twice
    assert t.score("Karadoc") == 16


def test_artichette_first_waits_for_the_rollers_tie_then_costs_him() -> None:
    t = Table("Karadoc", "Perceval", "Léodagan", level=2)
    t.throw("Karadoc", 4, 3, 4)
    assert scores(t.say("Perceval", K.ARTICHETTE, after=0.3, target="Karadoc")) == []  # he may still tie it
    assert scores(t.game.tick(round(t.t + TIE / 2, 3))) == []
    assert scores(past_tie(t)) == [("Karadoc", -16, "artichette")]
    assert scores(t.close()) == []
    assert t.score("Karadoc") == -16


def test_artichette_then_raitournelle_within_the_tie_window_the_roller_wins_at_his_shout() -> None:
    t = Table("Karadoc", "Perceval", "Léodagan", level=2)
    t.throw("Karadoc", 4, 3, 4)
    t.say("Perceval", K.ARTICHETTE, after=0.3, target="Karadoc")
    assert scores(t.say("Karadoc", K.RAITOURNELLE, after=0.1)) == [("Karadoc", 16, "raitournelle")]


def test_patte_de_canard_is_paid_at_once_and_the_suite_stays_open() -> None:
    """000 « La Suite-Velutée »: the roller's « Patte de canaaard ! » validates his Velute; the Suite's
    « Grelotte ça picote ! » race is still to be shouted."""
    t = Table("Karadoc", "Perceval", "Léodagan", level=2, negative_scores=True)
    t.throw("Karadoc", 1, 2, 3)
    assert scores(t.say("Karadoc", K.PATTE_DE_CANARD, after=0.2)) == [("Karadoc", 18, "patte_de_canard")]
    assert t.game.state.phase is Phase.REACTION
    for player in ("Karadoc", "Perceval"):
        t.say(player, K.GRELOTTE_CA_PICOTE, after=0.3)
    assert scores(t.say("Léodagan", K.GRELOTTE_CA_PICOTE, after=0.3)) == [("Léodagan", -10, "suite_last")]
    assert scores(t.close()) == []
    assert t.scores == {"Karadoc": 18, "Perceval": 0, "Léodagan": -10}


def test_the_first_velutee_is_known_once_its_tie_window_has_passed() -> None:
    t = Table("Karadoc", "Perceval", "Léodagan", level=2)
    t.throw("Karadoc", 1, 2, 3)
    t.say("Perceval", K.VELUTEE, after=0.3)
    assert t.game.state.current.decided == set()  # the roller may still tie it
    past_tie(t)
    assert "suite_velutee" in t.game.state.current.decided
    assert t.game.upcoming_roller() == "Perceval"  # his rethrow comes when the window closes
    t.close()
    assert t.game.state.phase is Phase.RELANCE and t.game.state.relance.thrower == "Perceval"


def test_unisson_by_the_roller_is_paid_at_once() -> None:
    """000 « Le Cul de chouette doublé diminué »: equal values, « Unisson ! » by the roller."""
    t = Table("Karadoc", "Perceval", "Léodagan", level=3)
    t.give("Karadoc", "jarret")
    t.throw("Karadoc", 3, 3, 3)
    t.say("Karadoc", K.INTERVALLE_PAIEN, after=0.2, number=3)
    assert t.game.state.phase is Phase.RELANCE
    t.des("Karadoc", 3, 3, 3)
    assert t.game.state.current.unisson
    gained = scores(t.say("Karadoc", K.UNISSON, after=0.2))
    assert [(p, r) for p, _, r in gained] == [("Karadoc", "intervalle_paien_won")]
    assert scores(t.close()) == []


# ── FT13: a first-shout race with chained tie-breaks ──
def bleu_rouge_pelican(bets: dict[str, int]) -> Table:
    table = Table("Karadoc", "Perceval", "Léodagan", level=3)
    table.throw("Karadoc", 3, 4, 3)
    for player, total in bets.items():
        table.say(player, K.RELANCE, number=total, after=0.3)
    table.des("Karadoc", 6, 6, 6)
    return table


def test_a_lone_pelican_is_paid_once_its_tie_window_has_passed() -> None:
    t = bleu_rouge_pelican({"Karadoc": 10, "Perceval": 15, "Léodagan": 12})
    t.say("Perceval", K.PELICAN, after=0.3)
    assert scores(past_tie(t)) == [("Perceval", 28, "pelican")]
    assert t.game.state.phase is Phase.REACTION


def test_a_tied_pelican_waits_for_passe_montagne_then_is_paid_when_it_is_certain() -> None:
    """« En cas d'égalité, les joueurs concernés doivent enchaîner avec “ Passe-Montagne ! ” »."""
    t = bleu_rouge_pelican({"Karadoc": 10, "Perceval": 15, "Léodagan": 12})
    t.say("Perceval", K.PELICAN, after=0.3)
    t.say("Léodagan", K.PELICAN, after=0.05)
    assert scores(past_tie(t)) == []  # tied: the tie-break is still to come
    t.say("Léodagan", K.PASSE_MONTAGNE, after=0.4)
    assert scores(past_tie(t)) == [("Léodagan", 28, "pelican")]
    late = t.say("Perceval", K.PASSE_MONTAGNE, after=0.3)
    assert scores(late) == [] and prompts(late, "too_late_shout") == [["Perceval"]]
    assert scores(t.close()) == []


def test_still_tied_after_zbradaraldjan_the_18_bettor_is_paid_without_waiting() -> None:
    t = bleu_rouge_pelican({"Karadoc": 10, "Perceval": 15, "Léodagan": 18})
    for kind in (K.PELICAN, K.PASSE_MONTAGNE):
        t.say("Karadoc", kind, after=0.5)
        t.say("Perceval", kind, after=0.05)
    t.say("Karadoc", K.ZBRADARALDJAN, after=0.5)
    verdict = t.say("Perceval", K.ZBRADARALDJAN, after=0.05)  # both tied said it: certain
    assert scores(verdict) == [("Léodagan", 28, "pelican")]
    assert t.game.state.phase is Phase.REACTION


def test_a_tie_left_for_the_dice_waits_for_the_window() -> None:
    t = bleu_rouge_pelican({"Karadoc": 10, "Perceval": 15, "Léodagan": 12})
    for kind in (K.PELICAN, K.PASSE_MONTAGNE, K.ZBRADARALDJAN):
        t.say("Karadoc", kind, after=0.5)
        t.say("Perceval", kind, after=0.05)
    assert scores(past_tie(t)) == [] and t.game.state.phase is Phase.REACTION
    t.close()
    assert t.game.state.phase is Phase.ROLL_OFF


def test_the_first_mecreant_gets_his_grelottine_once_the_tie_window_has_passed() -> None:
    """000 « Le Néant soufflé »: « Le premier joueur criant : "Mécréant !" […] récupére une Grelottine »."""
    t = Table("Karadoc", "Perceval", "Léodagan", level=3, negative_scores=True)
    t.throw("Karadoc", 1, 4, 6)
    t.say("Perceval", K.MECREANT, after=0.2)
    assert holdings(t.game.tick(round(t.t + TIE / 2, 3))) == []
    assert holdings(past_tie(t)) == [("Perceval", "grelottine", True)]
    late = t.say("Léodagan", K.MECREANT, after=0.3)
    assert holdings(late) == [] and prompts(late, "too_late_shout") == [["Léodagan"]]
    t.close()
    assert t.holds("Perceval", "grelottine") and not t.holds("Léodagan", "grelottine")


def test_tied_mecreants_wait_for_fort_heureusement() -> None:
    t = Table("Karadoc", "Perceval", "Léodagan", level=3, negative_scores=True)
    t.throw("Karadoc", 1, 4, 6)
    t.say("Perceval", K.MECREANT, after=0.2)
    t.say("Léodagan", K.MECREANT, after=0.05)
    assert holdings(past_tie(t)) == []
    t.say("Léodagan", K.FORT_HEUREUSEMENT, after=0.5)
    assert holdings(t.say("Perceval", K.FORT_HEUREUSEMENT, after=0.3)) == [("Léodagan", "grelottine", True)]


# ── FT14: the Excalibur ──
def excalibur() -> Table:
    t = Table("Karadoc", "Perceval", "Léodagan", "Bohort", aquitaine=True)
    t.throw("Karadoc", 5, 3, 1)
    return t


def test_excalibur_together_name_their_king_as_soon_as_the_tie_window_has_passed() -> None:
    t = excalibur()
    t.say("Perceval", K.EXCALIBUR, after=0.3)
    t.say("Léodagan", K.EXCALIBUR, after=0.05)
    assert prompts(past_tie(t), "name_king") == [["Perceval", "Léodagan"]]
    late = t.say("Bohort", K.EXCALIBUR, after=0.3)  # after the others: he announces alone
    assert t.bevues(late) == [("Bohort", "excalibur_alone")]
    t.close()
    assert t.bevues() == [("Bohort", "excalibur_alone")]


def test_excalibur_alone_is_a_bevue_once_nobody_can_join_him() -> None:
    t = excalibur()
    t.say("Perceval", K.EXCALIBUR, after=0.3)
    assert t.bevues(past_tie(t)) == [("Perceval", "excalibur_alone")]
    t.close()
    assert t.bevues() == [("Perceval", "excalibur_alone")]


# ── FT15: the ticheur ──
def test_the_first_salsifi_is_named_ticheur_at_once_the_defi_waits_for_the_end_of_the_turn() -> None:
    """000 « La Tichette »: « le premier joueur à crier "Salsifi !" […] effectuera le Défi Tichette en fin
    de tour »."""
    t = sirop_artichette()
    t.say("Léodagan", K.SALSIFI, after=0.3)
    assert prompts(past_tie(t), "ticheur_named") == [["Léodagan"]]
    assert t.game.state.phase is Phase.REACTION  # the Défi comes when the window closes
    late = t.say("Perceval", K.SALSIFI, after=0.3)
    assert prompts(late, "too_late_shout") == [["Perceval"]]
    t.close()
    assert t.game.state.tichette.ticheur == "Léodagan"


def test_tied_salsifi_wait_for_sganabadarlane() -> None:
    t = sirop_artichette()
    t.say("Léodagan", K.SALSIFI, after=0.3)
    t.say("Perceval", K.SALSIFI, after=0.05)
    assert prompts(past_tie(t), "ticheur_named") == []
    t.say("Perceval", K.SGANABADARLANE, after=0.3)
    assert prompts(past_tie(t), "ticheur_named") == [["Perceval"]]
    t.close()
    assert t.game.state.tichette.ticheur == "Perceval"


# ── FT16: the first shouts of a Flan, the Lance-Bûches ──
def test_lance_buches_first_shouters_get_their_jarret_once_the_tie_window_has_passed() -> None:
    """000 « Le Bleu-Rouge »: « Si la relance (réussie ou non) donne un Néant, c'est un Jarret »."""
    t = Table("Karadoc", "Perceval", "Léodagan", level=3)
    t.throw("Karadoc", 3, 4, 3)
    for player, total in {"Karadoc": 10, "Perceval": 15, "Léodagan": 12}.items():
        t.say(player, K.RELANCE, number=total, after=0.3)
    t.des("Karadoc", 1, 3, 6)  # 10: Karadoc's bet; a Néant: a Jarret
    t.say("Léodagan", K.LANCE_BUCHES, after=0.3)
    assert holdings(past_tie(t)) == [("Léodagan", "jarret", True)]
    assert t.game.state.phase is Phase.REACTION


# ── FT17: too late ──
def test_a_late_chouette_velute_shout_is_told_too_late_and_changes_nothing() -> None:
    t = Table("Karadoc", "Perceval", "Léodagan")
    t.throw("Karadoc", 2, 2, 4)
    t.say("Perceval", K.PAS_MOU_LE_CAILLOU, after=0.4)
    past_tie(t)
    late = t.say("Léodagan", K.PAS_MOU_LE_CAILLOU, after=0.3)
    assert [(e.kind, e.player, e.reason, e.rule) for e in late] == [
        (EventKind.PROMPT, "Léodagan", "too_late_shout", "chouette_velute")
    ]
    assert t.say("Léodagan", K.PAS_MOU_LE_CAILLOU, after=0.3) == []  # his own repeat: nothing more
    assert t.say("Perceval", K.PAS_MOU_LE_CAILLOU, after=0.3) == []  # the winner's repeat: nothing
    t.close()
    assert t.scores == {"Karadoc": 0, "Perceval": 32, "Léodagan": 0}


def test_a_shout_that_makes_the_race_certain_is_not_too_late() -> None:
    t = Table("Karadoc", "Perceval")
    t.throw("Karadoc", 2, 2, 4)
    t.say("Perceval", K.PAS_MOU_LE_CAILLOU, after=0.4)
    events = t.say("Karadoc", K.PAS_MOU_LE_CAILLOU, after=0.05)
    assert prompts(events, "too_late_shout") == []
    assert sorted(scores(events)) == [("Karadoc", -32, "chouette_velute_tie"), ("Perceval", -32, "chouette_velute_tie")]


def test_a_late_poulette_is_told_too_late() -> None:
    """000 « La Poulette »: « Si un des deux joueurs crie l'annonce avant le lancer suivant […], il gagne
    10 pts »: the other one's shout after the verdict changes nothing, and is answered."""
    from test_engine_grelottine_defenses import duel, failed_on_a_neant

    t = duel()
    failed_on_a_neant(t)
    t.say("Perceval", K.POULETTE, after=0.3)
    past_tie(t)
    late = t.say("Karadoc", K.POULETTE, after=0.5)
    assert prompts(late, "too_late_shout") == [["Karadoc"]] and scores(late) == []
    assert t.scores == {"Karadoc": 230, "Perceval": 114 + 10, "Léodagan": 100}


# ── the screen and the voice ──
def live_table(players: list[str], **options: object):  # type: ignore[no-untyped-def]
    from voice_scribe.live import LiveTable
    from voice_scribe.session import Session
    from voice_scribe.understand import Matcher

    session = Session(players, Rules().with_options(**options) if options else None)
    return session, LiveTable(session, Matcher.build(players, session.rules), hold_s=0.25)


def test_the_live_table_says_too_late_on_screen_and_aloud() -> None:
    from voice_scribe.speech.utterance import Utterance

    session, table = live_table(["Karadoc", "Perceval", "Léodagan"])
    table.submit(Utterance(t=1.0, text="deux deux quatre", speaker="Karadoc"))
    table.submit(Utterance(t=2.0, text="pas mou le caillou", speaker="Perceval"))
    table.step(now=2.3)
    table.step(now=2.5)  # the verdict: Perceval +32
    table.submit(Utterance(t=2.8, text="pas mou le caillou", speaker="Léodagan"))
    [(heard, reply)] = table.step(now=3.2)
    assert heard.speaker == "Léodagan"
    assert reply.phrase is not None
    assert reply.phrase.spoken == "Trop tard, Léodagan : la Chouette-Velute, c'est déjà décidé."
    assert table.heard[-1].reply == reply.phrase.screen == reply.phrase.spoken
    assert session.game.scores == {"Karadoc": 0, "Perceval": 32, "Léodagan": 0}


def test_the_live_table_names_the_ticheur_before_the_window_closes() -> None:
    from voice_scribe.speech.utterance import Utterance

    session, table = live_table(["Karadoc", "Perceval", "Léodagan"], level=4)
    session.state.players["Karadoc"].score = 50
    session.state.players["Léodagan"].score = 30
    for t, text, who in [(1.0, "quatre quatre", "Karadoc"), (1.5, "un", "Karadoc"), (2.0, "je sirote", "Karadoc"),
                         (2.3, "couche sirop", "Perceval"), (2.6, "couche sirop", "Léodagan"), (3.0, "trois", "Karadoc"),
                         (3.4, "salsifi", "Léodagan")]:
        table.submit(Utterance(t=t, text=text, speaker=who))
    spoken = []
    for step in range(20):
        spoken += [r.phrase.spoken for _, r in table.step(now=1.0 + step * 0.15) if r.phrase]
    assert "Salsifi ! Léodagan sera le ticheur, en fin de tour." in " ".join(spoken)
    assert session.state.phase.value == "reaction"  # the Défi waits for the end of the window
