"""The matcher traces back only the alignments the decision can read, and answers exactly as if it traced them all.

Speed is not tested here (``bench/bench_understand_speed.py`` measures it); what is tested is that the
shortcut changes nothing: every answer (kind, call, cost, reason, candidates) is the one of a matcher that
traces every alignment's path, out of context and against a game.
"""

from __future__ import annotations

import pytest

from voice_scribe.engine.rules import Rules
from voice_scribe.understand import Matcher, Roster, load_grammar
from voice_scribe.understand.alignment import Aligner
from voice_scribe.understand.commentary import INF
from voice_scribe.understand.readings import best_per_meaning

#: The roster of the ``matcher`` fixture (``conftest.py``).
ROSTER = Roster.parse("Karadoc,Perceval,Léodagan,Père Blaise=Blaise")

#: Calls, damaged calls, near ties, sentences about a call, names said around a call, repeats, chatter.
LINES = (
    "pas mou le caillou", "pas mou pas mou le caillou", "pas mou le caillou Karadoc", "c'est Karadoc pas mou le caillou",
    "grelottine sur Perceval une chouette pour dix", "grelottine sur Perceval", "chouette de quatre",
    "bé jarret", "bizarre et", "lit note", "civet de trente sur une fuite", "passe gros lot Léodagan",
    "il a dit pas mou le caillou ?", "grelottine c'est quand on", "pélican ça veut dire quoi",
    "Léodagan, en garde ma mignonne !", "toi Yvain, en garde ma mignonne", "artichette Yvain artichette",
    "chouette je parie chouette", "t'as vu cette chouette ?", "passe-moi les dés s'il te plaît",
    "il a dit linotte ?", "quelle bévue mon pauvre", "je sirote", "couche sirop", "le score", "combien j'ai",
    "qui gagne", "c'est qui qui mène", "je mise sur la linotte", "trois six et un", "cinq et six", "cadre et cadre",
    "velute de cinq", "cul de chouette de six", "suite", "attendez deux minutes on fait une pause",
    "annule ça c'est pas bon", "euh bon ben on va dire que c'est bon", "j'ai fait un six", "six six six",
    "mécréant pour moi", "je fais mi jarret", "jarret souple je le garde", "la dernière fois j'ai eu une velute",
)


class _EveryPathTraced(Matcher):
    """The matcher as it was: every template's alignment traced back, then the best one per meaning (a phrase
    that needs the table's state asked about before any alignment, so ``now()`` asked whenever one is listed)."""

    def _aligned(self, templates, heard, heard_now):  # noqa: ANN001, ANN202
        listed = [t for t in templates if heard_now(t)]
        return best_per_meaning(al for al in (self.aligner.align(t, heard) for t in listed) if al.cost != INF)


@pytest.fixture(scope="module")
def every_path() -> _EveryPathTraced:
    return _EveryPathTraced(load_grammar(Rules()), ROSTER)


@pytest.mark.parametrize("speaker", [None, "Karadoc", "Perceval"])
def test_answers_are_those_of_every_path_traced(matcher, every_path, speaker):
    for line in LINES:
        assert matcher.understand(line, speaker=speaker).to_json() == every_path.understand(line, speaker=speaker).to_json(), line


def test_answers_against_a_game_are_those_of_every_path_traced(matcher, every_path):
    from voice_scribe.engine.game import Game

    for line in LINES:
        lazy, every = Game(list(ROSTER.players), Rules()), Game(list(ROSTER.players), Rules())
        got = matcher.understand(line, speaker="Karadoc", table=lazy).to_json()
        assert got == every_path.understand(line, speaker="Karadoc", table=every).to_json(), line


def _grelottine_stake():  # noqa: ANN202
    """Karadoc has challenged Perceval with a Grelottine: a stake said alone (a phrase that needs the state) is heard."""
    from voice_scribe.engine.calls import Call, CallKind
    from voice_scribe.engine.game import Game

    game = Game(["Karadoc", "Perceval"], Rules.from_dict({"level": 1}))
    for name in ("Karadoc", "Perceval"):
        game.state.players[name].score = 120
    game.apply(Call(CallKind.DES, "Karadoc", 1.0, dice=(1, 3, 6)))
    game.apply(Call(CallKind.SUIVANT, "Karadoc", 1.2))
    game.state.players["Perceval"].holdings.add(game.state.players["Karadoc"].holdings.copy().pop())
    game.apply(Call(CallKind.GRELOTTINE, "Karadoc", 2.0, target="Perceval"))
    return game


#: Stakes said alone, and lines near them, for the moments where a stake may or may not be heard.
STAKES = ("chouette de quatre", "une chouette pour dix", "velute de cinq pour vingt", "la mise maximum", "suite pour trente")


@pytest.mark.parametrize("speaker", [None, "Karadoc", "Perceval"])
@pytest.mark.parametrize("moment", ["fresh", "stake awaited"])
def test_the_state_asked_late_changes_no_answer(matcher, every_path, speaker, moment):
    """``now()`` asked only when a phrase that needs it may matter: the answers are those of the matcher that asks
    it before aligning anything, whether the moment allows a stake alone or not."""
    from voice_scribe.engine.game import Game

    def game():  # noqa: ANN202
        return Game(list(ROSTER.players), Rules()) if moment == "fresh" else _grelottine_stake()

    duo = Matcher(load_grammar(Rules()), Roster.of(["Karadoc", "Perceval"]))
    duo_every = _EveryPathTraced(load_grammar(Rules()), Roster.of(["Karadoc", "Perceval"]))
    for line in LINES + STAKES:
        got = duo.understand(line, speaker=speaker, table=game()).to_json()
        assert got == duo_every.understand(line, speaker=speaker, table=game()).to_json(), line


class _CountingGame:
    """A game that counts how often its state is asked for (``now()``)."""

    def __init__(self, game) -> None:  # noqa: ANN001
        self.game, self.asked = game, 0

    def check(self, call):  # noqa: ANN001, ANN201
        return self.game.check(call)

    def now(self):  # noqa: ANN201
        self.asked += 1
        return self.game.now()


def test_a_throw_in_context_does_not_play_the_table(matcher, every_path):
    """A throw read at the roller's turn never needs to know whether a stake alone may be heard: ``now()`` (the
    table played on a copy) is not asked, where asking before aligning did ask it."""
    from voice_scribe.engine.game import Game

    lazy, eager = _CountingGame(Game(list(ROSTER.players), Rules())), _CountingGame(Game(list(ROSTER.players), Rules()))
    for line in ("quatre cinq six", "chouette de quatre", "j'ai fait une chouette de cinq"):
        assert matcher.understand(line, speaker="Karadoc", table=lazy).to_json() == every_path.understand(
            line, speaker="Karadoc", table=eager
        ).to_json()
    assert lazy.asked == 0 < eager.asked


def test_chatter_is_not_traced_back_template_by_template(matcher, monkeypatch):
    """The shortcut shortcuts: table talk far from every phrase traces back fewer paths than it aligns."""
    counts = {"filled": 0, "traced": 0}
    fill, ended = Aligner.fill, Aligner.ended

    def counting_fill(self, *args):  # noqa: ANN001, ANN202
        counts["filled"] += 1
        return fill(self, *args)

    def counting_ended(self, *args):  # noqa: ANN001, ANN202
        counts["traced"] += 1
        return ended(self, *args)

    monkeypatch.setattr(Aligner, "fill", counting_fill)
    monkeypatch.setattr(Aligner, "ended", counting_ended)
    matcher.understand("t'as vu comme il fait beau dehors aujourd'hui", speaker="Karadoc")
    assert 0 < counts["traced"] < counts["filled"]


class _EveryVariantRanked(Matcher):
    """The matcher without the floors: every variant of the heard words (without a repeat, without the last
    name, a name moved) is ranked in full, whether or not one of its phrases can cost little enough."""

    def _rank(self, utoks, now=None, every=False, within=INF):  # noqa: ANN001, ANN202
        return super()._rank(utoks, now, every)


@pytest.fixture(scope="module")
def every_variant() -> _EveryVariantRanked:
    return _EveryVariantRanked(load_grammar(Rules()), ROSTER)


@pytest.mark.parametrize("speaker", [None, "Karadoc", "Léodagan"])
def test_answers_are_those_of_every_variant_ranked(matcher, every_variant, speaker):
    for line in LINES:
        assert matcher.understand(line, speaker=speaker).to_json() == every_variant.understand(line, speaker=speaker).to_json(), line


def test_a_phrase_never_costs_less_than_its_floor(matcher):
    """The floor is a true lower bound: for every phrase of the shortlist, its filled cost is at least it."""
    checked = 0
    for line in LINES:
        heard = matcher.aligner.heard(matcher.canonical(line.split()))
        for t in matcher.shortlist.nearest(heard.utoks, 40, 20, heard.edges, heard.control_edges):
            cost = matcher.aligner.fill(t, heard)[3] / max(t.weight, 1.0)
            assert matcher.aligner.floor(t, heard) <= cost, (line, t.text)
            checked += 1
    assert checked > 1000


def test_a_repeat_in_table_talk_fills_fewer_tables(matcher, every_variant, monkeypatch):
    """The floors shortcut: table talk with a word said twice is not aligned again, phrase by phrase, without it."""
    counts = {"filled": 0}
    fill = Aligner.fill

    def counting_fill(self, *args):  # noqa: ANN001, ANN202
        counts["filled"] += 1
        return fill(self, *args)

    monkeypatch.setattr(Aligner, "fill", counting_fill)
    line = "la chouette de ma tante elle a vu une autre chouette dans le jardin hier soir"
    every_variant.understand(line, speaker="Karadoc")
    everything, counts["filled"] = counts["filled"], 0
    matcher.understand(line, speaker="Karadoc")
    assert 0 < counts["filled"] < everything
