"""The scribe end to end on text: transcript → understanding → game → French replies."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from voice_scribe.replay import load_call_log, replay, replay_utterances
from voice_scribe.scribe import Scribe
from voice_scribe.session import Session
from voice_scribe.speech.utterance import Utterance
from voice_scribe.understand import Matcher, load_transcript

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
PLAYERS = ["Karadoc", "Perceval", "Léodagan"]


def test_the_transcript_of_game_1_scores_like_its_call_log() -> None:
    from_calls, _ = replay(PLAYERS, load_call_log(EXAMPLES / "game1_star1.calls.jsonl"))
    from_text, _, replies = replay_utterances(PLAYERS, load_transcript(EXAMPLES / "game1_star1.transcript.jsonl"))
    assert from_text.game.scores == from_calls.game.scores == {"Karadoc": 82, "Perceval": 270, "Léodagan": 376}
    assert from_text.state.winner == "Léodagan"
    kinds = {u.text: r for u, r in replies}
    chatter = kinds["passe moi le sel"]  # table chatter is not a call: answered on screen, not aloud
    assert chatter.kind == "not_understood" and chatter.quiet and not chatter.speaks and not chatter.events
    assert chatter.phrase.screen.startswith("Je n'ai pas compris « passe moi le sel »")
    kinds = {text: r.kind for text, r in kinds.items()}
    assert kinds["combien a karadoc"] == "answer"


def test_replay_transcript_cli_gives_the_same_json_as_calls() -> None:
    def run(*args: str) -> dict:
        done = subprocess.run([sys.executable, "-m", "voice_scribe", "replay", *args, "--players", ",".join(PLAYERS),
                               "--json"], capture_output=True, text=True, cwd=ROOT)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    calls = run("--calls", str(EXAMPLES / "game1_star1.calls.jsonl"))
    text = run("--transcript", str(EXAMPLES / "game1_star1.transcript.jsonl"))
    assert (text["scores"], text["winner"], text["eliminated"]) == (calls["scores"], calls["winner"], calls["eliminated"])


class Table:
    """A scribe listening to text, as if each line had been heard."""

    def __init__(self) -> None:
        self.session = Session(PLAYERS)
        self.scribe = Scribe(self.session)
        self.matcher = Matcher.build(PLAYERS, self.session.rules)
        self.t = 0.0

    def hear(self, speaker: str, text: str, after: float = 1.0):  # noqa: ANN201 - Reply
        self.t += after
        utterance = Utterance(t=self.t, text=text, speaker=speaker)
        return self.scribe.hear(self.matcher.understand(utterance), utterance.to_json())


def test_annule_undoes_the_last_decision_and_says_what() -> None:
    table = Table()
    table.hear("Karadoc", "deux trois cinq")
    reply = table.hear("Perceval", "bévue pour karadoc")
    assert table.session.game.scores["Karadoc"] == 45
    reply = table.hear("Karadoc", "annule")
    assert reply.kind == "answer" and "Annulé" in reply.phrase.screen
    assert table.session.game.scores["Karadoc"] == 50


def test_correction_of_misheard_dice_refolds_the_game() -> None:
    table = Table()
    table.hear("Karadoc", "chouettes trois et quatre")
    table.hear("Karadoc", "cul cinq")  # misheard: it was a four
    assert table.session.game.scores["Karadoc"] == 0  # 3-4-5 is a Suite: nothing yet
    table.hear("Perceval", "correction trois quatre quatre")
    table.hear("Perceval", "suivant")
    assert table.session.game.scores["Karadoc"] == 16  # the Chouette of 4


def test_pause_ignores_everything_until_reprends() -> None:
    table = Table()
    table.hear("Karadoc", "pause")
    paused = table.hear("Karadoc", "six six six")
    assert paused.kind == "paused" and not paused.speaks  # shown on screen, not said: the table asked for quiet
    assert paused.phrase.screen == "En pause : rien n'est compté. Dites « reprends » pour continuer."
    assert table.session.game.scores["Karadoc"] == 0
    table.hear("Karadoc", "reprends")
    table.hear("Karadoc", "six six six")
    assert table.session.game.scores["Karadoc"] == 100


def test_repete_after_pause_and_reprends_says_the_last_verdict_again() -> None:
    """« reprends » then « répète »: the table wants the verdict it missed, not « Reprise. »."""
    table = Table()
    verdict = table.hear("Karadoc", "six six six").phrase
    table.hear("Perceval", "pause")
    table.hear("Perceval", "reprends")
    assert table.hear("Perceval", "répète").phrase == verdict


def test_repete_with_nothing_said_yet_gives_the_scores() -> None:
    """A game resumed from its journal has said nothing yet: « répète » gives the scores rather than silence."""
    table = Table()
    reply = table.hear("Perceval", "répète")
    assert reply.phrase is not None and "Karadoc a 0 point" in reply.phrase.screen


def test_queries_answer_in_french_with_the_numbers_right() -> None:
    table = Table()
    table.hear("Karadoc", "six six six")
    assert table.hear("Perceval", "combien a karadoc").phrase.spoken == "Karadoc a cent points."
    reply = table.hear("Perceval", "combien il manque à karadoc")
    assert "deux cent quarante-trois" in reply.phrase.spoken
    assert "Perceval" in table.hear("Karadoc", "à qui le tour").phrase.spoken
    assert table.hear("Karadoc", "répète").phrase.spoken.startswith("C'est")


def test_every_heard_utterance_is_kept_in_the_journal(tmp_path) -> None:
    from voice_scribe.journal import read_journal

    path = tmp_path / "partie.jsonl"
    session = Session.new(PLAYERS, None, path)
    scribe = Scribe(session)
    matcher = Matcher.build(PLAYERS, session.rules)
    for text in ("six six six", "passe moi le sel", "gloubi boulga"):
        u = Utterance(t=1.0, text=text, speaker="Karadoc")
        scribe.hear(matcher.understand(u), u.to_json())
    heard = [r for r in read_journal(path).records if r["type"] == "heard"]
    assert [r["utterance"]["text"] for r in heard] == ["six six six", "passe moi le sel", "gloubi boulga"]
    assert [r["outcome"]["result"] for r in heard] == ["call", "rejected", "rejected"]


def test_a_call_with_no_known_speaker_is_a_question_not_a_guess() -> None:
    table = Table()
    utterance = Utterance(t=1.0, text="six six six")  # one microphone, no name said first
    reply = table.scribe.hear(table.matcher.understand(utterance), utterance.to_json())
    assert reply.kind == "question" and reply.phrase.spoken == "Qui a dit « six six six » ?"
    assert table.session.game.scores == {"Karadoc": 0, "Perceval": 0, "Léodagan": 0}


def test_undoing_a_declared_bevue_names_who_it_was_for() -> None:
    table = Table()
    table.hear("Karadoc", "deux trois cinq")
    table.hear("Léodagan", "bévue pour perceval")
    assert table.hear("Karadoc", "annule").phrase.spoken == (
        "Annulé : la Bévue pour Perceval. Perceval passe de moins cinq à zéro.")  # what it changed
    assert table.hear("Karadoc", "annule").phrase.spoken == (
        "Annulé : le lancer de Karadoc (dés deux, trois et cinq). Karadoc passe de cinquante à zéro.")
    assert table.hear("Karadoc", "annule").phrase.spoken == "Rien à annuler : aucune décision à reprendre."


def test_who_holds_a_grelottine() -> None:
    table = Table()
    table.hear("Karadoc", "un trois six")  # a Néant: a Grelottine
    reply = table.hear("Perceval", "qui a une grelottine")
    assert reply.kind == "answer" and "Karadoc" in reply.phrase.spoken


def test_a_chante_sloubi_newcomer_is_heard_by_name_afterwards() -> None:
    from voice_scribe.live import LiveTable

    session = Session(["Karadoc", "Perceval"])
    table = LiveTable(session, Matcher.build(["Karadoc", "Perceval"], session.rules), hold_s=0.0)
    lines = [("Karadoc", "deux trois cinq"), ("Perceval", "un deux six"), ("Karadoc", "suivant"),
             ("Gauvain", "chante sloubi"), ("Perceval", "sloubi réussi")]
    for i, (speaker, text) in enumerate(lines):
        table.submit(Utterance(t=float(i), text=text, speaker=speaker))
    table.step(now=10.0)
    assert "Gauvain" in session.state.players
    # single microphone from now on: the newcomer says his name first, and it is heard (he plays last)
    for t, text in ((11.0, "karadoc deux trois cinq"), (12.0, "perceval un deux six"), (13.0, "gauvain six six six")):
        table.submit(Utterance(t=t, text=text, speaker=None))
    table.step(now=20.0)
    assert session.game.scores["Gauvain"] == session.state.players["Gauvain"].score
    assert [e for e in table.scribe.events if e.player == "Gauvain" and e.reason == "cul_de_chouette"]


def test_the_answer_to_who_said_gives_the_call_to_that_player() -> None:
    table = Table()
    utterance = Utterance(t=1.0, text="six six six")  # one microphone, no name said first
    table.scribe.hear(table.matcher.understand(utterance), utterance.to_json())
    answer = Utterance(t=2.0, text="C'est Karadoc !")
    reply = table.scribe.hear(table.matcher.understand(answer), answer.to_json())
    assert reply.kind == "decision" and "Cul de chouette de 6 : Karadoc marque 100" in reply.phrase.screen
    assert table.session.game.scores["Karadoc"] == 100
    again = Utterance(t=3.0, text="karadoc")  # nothing asked any more: a bare name is not understood
    assert table.scribe.hear(table.matcher.understand(again), again.to_json()).kind == "not_understood"


def test_a_bird_bet_and_a_civet_are_said_back_with_their_stake_and_combination() -> None:
    table = Table()
    table.hear("Karadoc", "un trois six")  # a Néant: Karadoc gets a Grelottine, Perceval throws next
    table.hear("Perceval", "suivant")
    reply = table.hear("Perceval", "chouettes trois et trois")
    reply = table.hear("Perceval", "cul cinq")
    reply = table.hear("Perceval", "je sirote")
    bet = table.hear("Léodagan", "linotte")
    assert bet.phrase.screen == "Léodagan : Linotte, 5 points sur le 1."
    assert bet.understood == "Linotte, 5 points sur le 1"


def test_fin_de_partie_ends_the_game_and_later_calls_are_refused() -> None:
    table = Table()
    table.hear("Karadoc", "six six six")
    reply = table.hear("Karadoc", "fin de partie")
    assert reply.understood == "fin de partie" and "Karadoc a 100 points" in reply.phrase.screen
    assert table.scribe.over
    late = table.hear("Perceval", "six six six")
    assert late.phrase.screen == "La partie est finie : plus rien ne se décide."
    assert table.session.game.scores["Perceval"] == 0


def test_a_refused_stake_says_what_it_could_have_been() -> None:
    """The demo game's Grelottine (Karadoc on Perceval), with a stake far above the cap."""
    from dataclasses import replace

    said = load_transcript(EXAMPLES / "demo" / "partie1.transcript.jsonl")
    i = next(i for i, u in enumerate(said) if u.text == "chouette max")
    _, _, replies = replay_utterances(PLAYERS, said[:i] + [replace(said[i], text="chouette cinq cents")])
    stake = replies[-2][1]
    cap = replay_utterances(PLAYERS, said[: i + 1])[2][-2][1].events  # the « max » stake of the real game
    top = next(e.data["stake"] for e in cap if e.data.get("stake"))
    assert stake.phrase.screen.endswith(f"Possible maintenant : de 1 à {top}.")


def test_a_correction_says_the_new_dice_and_what_changed() -> None:
    table = Table()
    table.hear("Karadoc", "six six six")
    reply = table.hear("Perceval", "correction quatre trois quatre")
    assert reply.kind == "answer" and reply.understood == "correction : 4, 3 et 4"
    # a Chouette's points wait for its window (the roller may still sirote): 100 → 0 for now
    assert reply.phrase.screen == "Correction : les dés sont 4, 3 et 4. Karadoc passe de 100 à 0."
    assert table.session.game.scores["Karadoc"] == 0


def test_the_live_table_reads_a_grelottine_stake_said_in_two_breaths_against_the_game() -> None:
    """« Sur une chouette-velute. » … « Max ! » is a stake only because a challenge waits for one."""
    from voice_scribe.engine.state import Phase
    from voice_scribe.live import LiveTable

    session = Session(["Karadoc", "Perceval"])
    table = LiveTable(session, Matcher.build(["Karadoc", "Perceval"], session.rules), hold_s=0.0)
    lines = [("Karadoc", "cinq cinq six"), ("Perceval", "suivant"),  # a Chouette of 5 each: 25 points
             ("Perceval", "cinq cinq six"), ("Karadoc", "suivant"),
             ("Karadoc", "un trois six"), ("Perceval", "suivant"),  # Karadoc: a Néant, a Grelottine
             ("Perceval", "un trois six"), ("Karadoc", "suivant"),  # Perceval too
             ("Karadoc", "grelottine sur perceval"), ("Karadoc", "sur une chouette velute")]
    for i, (speaker, text) in enumerate(lines):
        table.submit(Utterance(t=float(i), text=text, speaker=speaker))
    table.step(now=20.0)
    assert session.state.phase is Phase.GRELOTTINE_STAKE  # the combination alone is the first half
    table.submit(Utterance(t=21.0, text="max", speaker="Karadoc"))
    table.step(now=22.0)
    assert session.state.phase is Phase.GRELOTTINE_THROW


def test_an_utterance_with_two_readings_is_asked_back_in_the_scribes_words() -> None:
    """« un quatre »: chouettes one and four, or the die four? The question names both as the screen shows a
    call (numbers in words aloud), never the matcher's templates or its reasons; nothing is scored."""
    table = Table()
    reply = table.hear("Karadoc", "un quatre")
    assert reply.kind == "question"
    assert reply.phrase.spoken == "Vous avez dit « chouettes un et quatre » ou « dé quatre » ?"
    assert reply.phrase.screen == "Vous avez dit « chouettes 1 et 4 » ou « dé 4 » ?"
    assert table.session.game.scores == {"Karadoc": 0, "Perceval": 0, "Léodagan": 0}
    # said again plainly, it is understood
    assert table.hear("Karadoc", "chouettes un et quatre").kind != "question"


def test_a_call_the_game_refuses_now_is_answered_with_the_games_reason() -> None:
    """« linotte pour moi » while nobody sirotes: the table hears why (it heard « Je n'ai pas compris »), the
    scores and the game stay as they were, and the utterance is in the journal."""
    table = Table()
    before = table.session.game.state
    reply = table.hear("Karadoc", "linotte pour moi")
    assert reply.phrase.spoken == "Annonce refusée : personne ne sirote."
    assert table.session.game.state == before
    assert table.hear("Perceval", "couche sirop").phrase.screen == "Annonce refusée : personne ne sirote."
    # a call the game takes is still played as before
    assert table.hear("Karadoc", "deux trois cinq").phrase.screen.startswith("Velute de 5 : Karadoc marque 50.")


def test_a_correction_with_nothing_to_correct_says_so() -> None:
    """« erreur, c'est un quatre » before any throw: the scribe says why it cannot correct, nothing changes."""
    table = Table()
    reply = table.hear("Karadoc", "correction quatre cinq")
    assert reply.kind == "answer"
    assert reply.phrase.spoken == "Correction impossible : aucun lancer à corriger."
    assert table.session.game.scores == {"Karadoc": 0, "Perceval": 0, "Léodagan": 0}


def test_dice_said_again_as_they_stand_correct_nothing(tmp_path) -> None:
    """« chouettes un et quatre », then « correction un et quatre »: the same dice; the scribe confirms them and
    the journal holds no correction. Other dice are a correction, written."""
    from voice_scribe.journal import read_journal

    path = tmp_path / "partie.jsonl"
    table = Table()
    table.session = Session.new(PLAYERS, None, path)
    table.scribe = Scribe(table.session)
    table.hear("Karadoc", "chouettes un et quatre")
    reply = table.hear("Karadoc", "correction un et quatre")
    assert reply.phrase.spoken == "Les dés sont bien un et quatre."
    assert not [r for r in read_journal(path).records if r["type"] == "correct"]
    assert table.hear("Karadoc", "correction un et cinq").phrase.spoken.startswith("Correction")
    assert [r["call"]["dice"] for r in read_journal(path).records if r["type"] == "correct"] == [[1, 5]]


def test_an_ask_back_is_answered_by_naming_the_reading() -> None:
    """« Vous avez dit « chouettes un et quatre » ou « dé quatre » ? » — « la première » plays the first
    reading; an answer from another player, or anything else, is heard as itself and the question is gone."""
    table = Table()
    assert table.hear("Karadoc", "un quatre").kind == "question"
    assert table.hear("Perceval", "la première").kind == "not_understood"  # not his question
    assert table.hear("Karadoc", "la première").kind == "not_understood"  # the question was dropped
    assert table.hear("Karadoc", "un quatre").kind == "question"
    reply = table.hear("Karadoc", "oui la première")
    assert reply.understood == "chouettes 1 et 4"
    assert table.hear("Karadoc", "le cul fait quatre").phrase.screen.startswith("Chouette de 4")


def test_an_ask_back_answered_by_nobody_known_asks_who_said_it() -> None:
    """One microphone for the table and no name said: « un quatre » asks which reading; « la première » comes
    from nobody known either, so the scribe asks who said it (never a guess) and nothing is scored."""
    table = Table()
    heard = Utterance(t=1.0, text="un quatre")  # nobody known
    assert table.scribe.hear(table.matcher.understand(heard), heard.to_json()).kind == "question"
    answer = Utterance(t=2.0, text="la première")
    reply = table.scribe.hear(table.matcher.understand(answer), answer.to_json())
    assert reply.kind == "question" and reply.phrase.spoken.startswith("Qui a dit")
    assert table.session.game.scores == {"Karadoc": 0, "Perceval": 0, "Léodagan": 0}


def _said(table: Table, speaker: str | None, text: str) -> str:
    """What the screen shows of the scribe's answer to one line (said by nobody known when ``speaker`` is None)."""
    table.t += 1.0
    utterance = Utterance(t=table.t, text=text, speaker=speaker)
    reply = table.scribe.hear(table.matcher.understand(utterance), utterance.to_json())
    return reply.phrase.screen if reply.phrase else ""


def test_suivant_by_nobody_known_closes_the_window_without_asking_who() -> None:
    """« suivant » typed without a name (or heard on one microphone) is the table's: it closes the window — the
    Chouette is paid — instead of « Qui a dit « suivant » ? » (« Suivant ! » is the same whoever says it)."""
    table = Table()
    _said(table, "Karadoc", "chouettes trois et quatre")
    _said(table, "Karadoc", "cul quatre")
    assert _said(table, None, "suivant") == "Chouette de 4 : Karadoc marque 16. Karadoc a 16."
    assert table.scribe.asked is None


def test_fin_de_partie_before_343_says_there_is_no_winner_and_who_leads() -> None:
    table = Table()
    _said(table, "Karadoc", "deux trois cinq")
    assert _said(table, None, "fin de partie") == (
        "Fin de la partie, sans vainqueur : personne n'a atteint 343 points. Karadoc mène avec 50 points. "
        "Karadoc a 50 points, Perceval a 0 point et Léodagan a 0 point.")


def test_a_refused_grelottine_and_a_throw_out_of_turn_say_why() -> None:
    """A new table's Bévues name their cause: the Grelottine nobody holds, whose turn it is."""
    table = Table()
    _said(table, "Karadoc", "deux trois cinq")
    assert _said(table, "Karadoc", "grelottine sur perceval") == (
        "Bévue ! Défi Grelottine impossible pour Karadoc : Karadoc n'a pas de Grelottine. Karadoc perd 5. "
        "Karadoc a 45.")
    assert _said(table, "Karadoc", "une chouette max") == (
        "Annonce refusée : aucun défi Grelottine n'attend de mise de Karadoc.")
    assert _said(table, "Karadoc", "deux trois cinq").startswith(
        "Bévue ! Karadoc joue hors de son tour : c'est à Perceval de lancer.")


def test_a_grelottine_first_throw_that_misses_says_it_does_not_count() -> None:
    table = Table()
    for name in PLAYERS:
        _said(table, name, "deux trois cinq")  # a Velute each: 50
    _said(table, "Karadoc", "deux trois six")  # a Néant: a Grelottine
    _said(table, "Perceval", "un quatre six")  # a Néant: a Grelottine
    _said(table, "Léodagan", "deux trois cinq")
    _said(table, "Karadoc", "grelottine sur perceval")
    assert _said(table, "Karadoc", "une chouette max").endswith("Perceval, relevez le défi : une Chouette pour 17 points.")
    assert _said(table, "Perceval", "deux trois cinq") == (
        "Velute de 5. Ce n'est pas une Chouette : ce lancer ne compte pas. Perceval, second lancer du défi.")


def test_a_civet_without_a_civet_says_why_and_a_refused_call_shows_what_it_meant() -> None:
    table = Table()
    assert _said(table, "Karadoc", "civet de vingt sur une velute") == (
        "Bévue ! Civet impossible pour Karadoc : Karadoc n'a pas de Civet. Karadoc perd 5. Karadoc a -5.")
    table.t += 1.0
    heard = Utterance(t=table.t, text="couche sirop", speaker="Perceval")
    reply = table.scribe.hear(table.matcher.understand(heard, table=table.session.game), heard.to_json())
    assert (reply.understood, reply.phrase.screen) == ("Couche-Sirop", "Annonce refusée : personne ne sirote.")


def test_betting_the_bird_of_the_chouette_says_why_without_a_range_of_numbers() -> None:
    """« Mouette » on a Chouette of 4: the Bévue says to bet « Beau-Sirop » — no « Possible maintenant : de 1 à 3 »
    (a bird is a face, not a stake)."""
    table = Table()
    _said(table, "Karadoc", "quatre quatre deux")
    _said(table, "Karadoc", "je sirote")
    assert _said(table, "Perceval", "mouette") == (
        "Bévue ! Perceval parie l'oiseau de la Chouette au lieu de « Beau-Sirop ». Perceval perd 5. Perceval a -5.")


def test_a_correction_after_a_throw_out_of_turn_corrects_the_real_throw() -> None:
    """Karadoc throws 4-4-2 in his turn, then again out of turn (a Bévue, those dice ignored); « correction : quatre
    quatre quatre » is about the throw on the table, not the ignored one: the Chouette becomes a Cul de chouette."""
    table = Table()
    _said(table, "Karadoc", "quatre quatre deux")
    _said(table, "Karadoc", "cinq cinq un")  # out of turn: the window closes (his Chouette: 16), and a Bévue
    assert table.session.game.scores["Karadoc"] == 16 - 5
    _said(table, None, "correction quatre quatre quatre")
    assert table.session.game.scores["Karadoc"] == 80 - 5


def _live_table(players: list[str]):  # noqa: ANN202 - a LiveTable
    from voice_scribe.live import LiveTable

    session = Session(players)
    return LiveTable(session, Matcher.build(players, session.rules), hold_s=0.0)


def _live_said(table, speaker: str, text: str):  # noqa: ANN001, ANN202 - the Reply to one line heard live
    t = float(len(table.heard) + 1) * 2.0 + table.session.state.clock
    table.submit(Utterance(t=t, text=text, speaker=speaker))
    return [r for u, r in table.step(now=t + 1.0) if u.text == text][0]


def test_a_remark_around_a_stake_with_no_challenge_running_is_chatter() -> None:
    """« bref, sa chouette de quinze » with no Grelottine challenge running: a remark around a stake's words, not a
    stake — answered on screen only (« Je n'ai pas compris »), never aloud as a refused call, and nothing changes.
    A stake said plainly is still refused with the game's reason, and the same remark during a challenge is the
    challenger's stake."""
    from voice_scribe.engine.state import Phase

    players = ["Karadoc", "Perceval"]
    table = _live_table(players)
    before = table.session.game.state
    for remark in ("bidule chouette de quinze", "une velute de douze truc", "machin une chouette max"):
        reply = _live_said(table, "Karadoc", remark)
        assert (reply.kind, reply.quiet, reply.speaks, reply.events) == ("not_understood", True, False, []), remark
        assert reply.phrase.screen.startswith(f"Je n'ai pas compris « {remark} »")
    assert table.session.game.state == before
    plain = _live_said(table, "Karadoc", "une chouette max")
    assert plain.phrase.screen == "Annonce refusée : aucun défi Grelottine n'attend de mise de Karadoc."

    for speaker, text in [("Karadoc", "cinq cinq six"), ("Perceval", "suivant"), ("Perceval", "cinq cinq six"),
                          ("Karadoc", "suivant"), ("Karadoc", "un trois six"), ("Perceval", "suivant"),
                          ("Perceval", "un trois six"), ("Karadoc", "suivant"), ("Karadoc", "grelottine sur perceval")]:
        _live_said(table, speaker, text)
    assert table.session.state.phase is Phase.GRELOTTINE_STAKE
    stake = _live_said(table, "Karadoc", "bidule chouette de huit")
    assert stake.understood == "une Chouette pour 8"
    assert table.session.state.phase is Phase.GRELOTTINE_THROW  # the stake, taken


def test_a_bet_on_the_sirop_nobody_sirotes_says_why_it_is_a_bevue() -> None:
    """« linotte » in a Cul de chouette's window, nobody siroting: a wrong announcement (rule S5), and the table
    hears why — not only that it « ne correspond pas au lancer »."""
    table = Table()
    _said(table, "Karadoc", "cinq cinq cinq")
    assert _said(table, "Perceval", "linotte") == (
        "Bévue ! L'annonce de Perceval ne correspond pas au lancer : personne ne sirote. Perceval perd 5. "
        "Perceval a -5.")


def test_annule_of_a_throw_says_the_shouts_that_go_with_it() -> None:
    """« annule » after a Suite and Perceval's « Grelotte ça picote »: the cul is taken back and the shout with it
    (rule T3b); the answer names both, so the table knows Perceval's shout no longer counts."""
    table = Table()
    _said(table, "Karadoc", "chouettes un et deux")
    _said(table, "Karadoc", "cul trois")
    _said(table, "Perceval", "grelotte ça picote")
    assert _said(table, None, "annule") == (
        "Annulé : le lancer de Karadoc (cul 3), et ce qui a été annoncé depuis : « Grelotte ça picote ! » de "
        "Perceval. Karadoc passe de 18 à 0.")
    assert _said(table, "Karadoc", "cul six").startswith("Néant")  # no Bévue for Perceval: his shout is gone
    assert table.session.game.scores == {"Karadoc": 0, "Perceval": 0, "Léodagan": 0}


def test_siroting_before_the_cul_falls_says_it_is_too_early() -> None:
    """« je sirote » between the chouettes and the cul: a Bévue, and the table hears it came too early (not only
    « hors d'une Chouette », when the Chouette may still come)."""
    table = Table()
    _said(table, "Karadoc", "chouettes trois et trois")
    assert _said(table, "Karadoc", "je sirote") == (
        "Bévue ! Karadoc sirote trop tôt : le cul n'est pas encore tombé. Karadoc perd 5. Karadoc a -5.")


def test_a_reaction_shout_on_the_wrong_throw_says_what_it_is_shouted_on() -> None:
    """« pas mou le caillou » on a Velute, « grelotte ça picote » as a préventive the cul makes wrong: each Bévue
    says which throw the shout is for, so a new player learns it."""
    table = Table()
    _said(table, "Karadoc", "deux trois cinq")  # a Velute
    assert _said(table, "Perceval", "pas mou le caillou") == (
        "Bévue ! L'annonce de Perceval ne correspond pas au lancer : « Pas mou le caillou ! » se crie sur une "
        "Chouette-Velute. Perceval perd 5. Perceval a -5.")
    _said(table, "Perceval", "chouettes un et deux")
    _said(table, "Léodagan", "grelotte ça picote")
    assert "Bévue ! L'annonce de Léodagan ne correspond pas au lancer : « Grelotte ça picote ! » se crie sur une " \
        "Suite." in _said(table, "Perceval", "cul six")


def test_a_call_the_game_refuses_said_with_talk_is_shown_with_the_games_reason_not_said() -> None:
    """« pélican, merci Patrick » at a table that does not play the Pélican: not « rien d'assez proche », but
    the game's reason in the table's words, on screen only (a sentence with talk may be no call); the call
    said plainly is refused aloud. Nothing changes."""
    table = _live_table(["Karadoc", "Perceval"])
    before = table.session.game.state
    reply = _live_said(table, "Karadoc", "pélican merci patrick")
    assert (reply.kind, reply.quiet, reply.speaks, reply.events) == ("not_understood", True, False, [])
    assert reply.phrase.screen == "Je n'ai pas compris « pélican merci patrick » : cette table ne joue pas le Pélican."
    plain = _live_said(table, "Karadoc", "pélican")
    assert (plain.kind, plain.quiet) == ("decision", False)
    assert plain.phrase.screen == "Annonce refusée : cette table ne joue pas le Pélican."
    assert table.session.game.state == before
