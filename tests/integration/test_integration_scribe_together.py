"""The scribe on one utterance naming several players who shouted together: one call each, a tie."""

from __future__ import annotations

from voice_scribe.journal import read_journal
from voice_scribe.live import LiveTable
from voice_scribe.scribe import Scribe
from voice_scribe.session import Session
from voice_scribe.speech.utterance import Utterance
from voice_scribe.understand import Matcher

PLAYERS = ["Karadoc", "Perceval", "Léodagan"]


def _table(tmp_path) -> tuple[Session, Scribe, Matcher]:
    session = Session.new(PLAYERS, None, tmp_path / "partie.jsonl")
    return session, Scribe(session), Matcher.build(PLAYERS, session.rules)


def _hear(scribe: Scribe, matcher: Matcher, t: float, text: str, speaker: str | None = None):  # noqa: ANN202
    utterance = Utterance(t=t, text=text, speaker=speaker)
    return scribe.hear(matcher.understand(utterance, table=scribe.session.game), utterance.to_json())


def test_two_players_named_make_two_calls_at_once_and_tie_the_race(tmp_path) -> None:
    """« Si plusieurs joueurs sont à égalité lors de l'annonce, alors les points de la Chouette-Velute sont
    soustraits des scores des joueurs concernés » (seed 000): said together, they are tied."""
    session, scribe, matcher = _table(tmp_path)
    _hear(scribe, matcher, 1.0, "deux deux quatre", "Karadoc")  # a Chouette-Velute of 4: 32 points
    reply = _hear(scribe, matcher, 2.0, "léodagan et perceval pas mou le caillou")  # one microphone, no voice known
    assert reply.understood == "Perceval et Léodagan : Pas mou le caillou"
    scribe.decide(session.tick(2.0 + session.rules.reaction_window_s + 1.0))
    assert session.game.scores == {"Karadoc": 0, "Perceval": -32, "Léodagan": -32}
    calls = [r["call"] for r in read_journal(tmp_path / "partie.jsonl").records if r["type"] == "call"]
    shouts = [(c["player"], c["t"]) for c in calls if c["kind"] == "pas_mou_le_caillou"]
    assert shouts == [("Perceval", 2.0), ("Léodagan", 2.0)]  # each call journaled, in the table's order


def test_a_single_speaker_still_wins_the_race_alone(tmp_path) -> None:
    session, scribe, matcher = _table(tmp_path)
    _hear(scribe, matcher, 1.0, "deux deux quatre", "Karadoc")
    _hear(scribe, matcher, 2.0, "perceval pas mou le caillou")
    scribe.decide(session.tick(2.0 + session.rules.reaction_window_s + 1.0))
    assert session.game.scores == {"Karadoc": 0, "Perceval": 32, "Léodagan": 0}


def test_the_live_panel_names_every_speaker(tmp_path) -> None:
    session, scribe, matcher = _table(tmp_path)
    live = LiveTable(session, matcher, scribe, hold_s=0.0)
    live.submit(Utterance(t=1.0, text="deux deux quatre", speaker="Karadoc"))
    live.submit(Utterance(t=2.0, text="perceval et léodagan pas mou le caillou"))
    live.drain()
    assert [(h.speaker, h.meaning) for h in live.heard][-1] == ("Perceval, Léodagan", "pas_mou_le_caillou")


def test_a_bet_said_together_is_said_back_for_each(tmp_path) -> None:
    session, scribe, matcher = _table(tmp_path)
    _hear(scribe, matcher, 1.0, "chouettes quatre et quatre", "Karadoc")
    _hear(scribe, matcher, 2.0, "cul deux", "Karadoc")  # a Chouette of 4
    _hear(scribe, matcher, 3.0, "je sirote", "Karadoc")
    reply = _hear(scribe, matcher, 4.0, "beau sirop pour léodagan et perceval", "Karadoc")
    assert reply.phrase.spoken == "Perceval : Beau-Sirop. Léodagan : Beau-Sirop."
    bets = [r["call"] for r in read_journal(tmp_path / "partie.jsonl").records if r["type"] == "call"]
    assert [(c["kind"], c["player"]) for c in bets[-2:]] == [("beau_sirop", "Perceval"), ("beau_sirop", "Léodagan")]
