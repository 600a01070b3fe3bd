"""The archive built from the example games' journals: scores equal to the engine's replay."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from archive_examples import EXAMPLES, GAMES, journal_of_calls, journal_of_transcript, rules_of

from voice_scribe.history import Archive, read_game
from voice_scribe.history.store import ArchiveError
from voice_scribe.journal import JournalError
from voice_scribe.replay import load_call_log
from voice_scribe.session import Session


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_journal_read_back_scores_as_the_engine_replayed_it(game: str, tmp_path: Path) -> None:
    path, session = journal_of_calls(game, tmp_path)
    record = read_game(path)
    assert record.final_scores == session.game.scores
    assert record.winner == session.state.winner
    assert record.finished  # a replay ends with the end of its log
    assert record.points[-1].scores == session.game.scores
    assert record.points[0].scores == {name: 0 for name in GAMES[game][0]}
    assert [p.t for p in record.points] == sorted(p.t for p in record.points)
    assert record.verdicts, "every example game has verdicts"


def test_an_undone_call_shows_on_the_curve_and_the_end_is_the_resumed_fold(tmp_path: Path) -> None:
    path, session = journal_of_transcript("game1_star1", tmp_path)
    record = read_game(path)
    assert record.final_scores == session.game.scores
    resumed, _ = Session.resume(shutil.copy(path, tmp_path / "copy.jsonl"))
    assert record.final_scores == resumed.game.scores
    resumed.close()
    # « annule » at 56.8 s: someone's score goes back down after it had gone up
    went_back = [
        (a, b) for a, b in zip(record.points, record.points[1:])
        if any(b.scores[n] < a.scores[n] for n in a.scores) and 56.0 <= b.t <= 57.5
    ]
    assert went_back, [(p.t, p.scores) for p in record.points]
    assert any(v.text.startswith("Annulé") for v in record.verdicts)


def test_races_keep_who_shouted_and_the_onset_gap(tmp_path: Path) -> None:
    # game 1: 3-3-6 at 10.0 s, « Pas mou le caillou » by Perceval at 10.3 then Léodagan at 10.6;
    # Suite 2-3-4 at 14.0 s, « Grelotte ça picote » by Karadoc 14.3, Perceval 14.5, Léodagan 15.1
    path, _ = journal_of_calls("game1_star1", tmp_path)
    races = read_game(path).races
    velute = next(r for r in races if r.call == "pas_mou_le_caillou")
    assert (velute.decisive, velute.runner_up, velute.gap_ms, velute.tie) == ("Perceval", "Léodagan", 300.0, False)
    suite = next(r for r in races if r.call == "grelotte_ca_picote")
    assert (suite.mode, suite.decisive, suite.runner_up, suite.gap_ms, suite.shouters) == (
        "last", "Léodagan", "Perceval", 600.0, 3)


def test_a_tie_within_the_window_is_kept_as_a_tie(tmp_path: Path) -> None:
    path, _ = journal_of_calls("game3_elimination", tmp_path)
    ties = [r for r in read_game(path).races if r.tie]
    assert ties and all(r.gap_ms <= rules_of("game3_elimination").tie_window_ms for r in ties)


def test_the_same_journal_twice_or_copied_is_one_game(tmp_path: Path) -> None:
    path, session = journal_of_calls("game4_star2", tmp_path)
    archive = Archive.open(tmp_path / "archive.sqlite")
    first = archive.import_journal(path)
    again = archive.import_journal(path)
    copy = archive.import_journal(shutil.copy(path, tmp_path / "elsewhere.jsonl"))
    assert first.new and not again.new and not copy.new
    assert first.game_id == again.game_id == copy.game_id
    assert len(archive.games()) == 1
    assert archive.final_scores(first.game_id) == session.game.scores
    assert first.game is not None and len(archive.curve(first.game_id)) == len(first.game.points)
    assert again.game is None  # unchanged: not read again
    archive.close()


def test_an_interrupted_game_is_kept_then_replaced_once_resumed_and_finished(tmp_path: Path) -> None:
    game = "game1_star1"
    players, _ = GAMES[game]
    calls = load_call_log(EXAMPLES / f"{game}.calls.jsonl")
    half = len(calls) // 2
    path = tmp_path / "soir.jsonl"
    session = Session.new(players, rules_of(game), path)
    session.hear_all(calls[:half])
    session.close()  # the evening stops here (a crash, dinner)
    archive = Archive.open(tmp_path / "archive.sqlite")
    early = archive.import_journal(path)
    assert early.game is not None and not early.game.finished and early.game.winner is None
    resumed, _ = Session.resume(path)
    resumed.hear_all(calls[half:])
    resumed.finish()
    resumed.close()
    late = archive.import_journal(path)
    assert late.game_id == early.game_id and not late.new
    games = archive.games()
    assert len(games) == 1 and games[0].finished
    _, replayed = journal_of_calls(game, tmp_path)
    assert games[0].scores == replayed.game.scores
    archive.close()


def test_per_player_figures_count_games_and_wins(tmp_path: Path, journals: dict) -> None:
    archive = Archive.open(tmp_path / "archive.sqlite")
    for path, _ in journals.values():
        archive.import_journal(path)
    figures = {f.player: f for f in archive.player_figures()}
    expected_games: dict[str, int] = {}
    expected_wins: dict[str, int] = {}
    for _, session in journals.values():
        for name in session.state.players:
            expected_games[name] = expected_games.get(name, 0) + 1
        if session.state.winner:
            expected_wins[session.state.winner] = expected_wins.get(session.state.winner, 0) + 1
    assert {n: f.games for n, f in figures.items()} == expected_games
    assert {n: f.wins for n, f in figures.items() if f.wins} == expected_wins
    best = {n: max(s.game.scores.get(n, -10**9) for _, s in journals.values()) for n in expected_games}
    assert {n: f.best_score for n, f in figures.items()} == best
    archive.close()


def test_a_bad_journal_is_a_french_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "call"}\n', encoding="utf-8")
    with pytest.raises(JournalError, match="en-tête"):
        read_game(bad)
    with pytest.raises(JournalError, match="introuvable"):
        read_game(tmp_path / "absent.jsonl")


def test_an_unreadable_archive_is_a_french_error(tmp_path: Path) -> None:
    junk = tmp_path / "archive.sqlite"
    junk.write_bytes(b"ceci n'est pas une base" * 100)
    with pytest.raises(ArchiveError, match="archive illisible"):
        Archive.open(junk)


def test_reading_a_journal_leaves_it_untouched(tmp_path: Path) -> None:
    path, _ = journal_of_calls("game2_no_negatives", tmp_path)
    with open(path, "a", encoding="utf-8") as fh:
        fh.write('{"type": "call", "seq": 99, "ca')  # a torn last line
    before = path.read_bytes()
    record = read_game(path)
    assert record.warnings and path.read_bytes() == before


def test_two_games_begun_in_the_same_second_stay_two(tmp_path: Path) -> None:
    # game 10 begins with game 6's nine steps, same players and rules: same header when replayed at once
    six, _ = journal_of_calls("game6_star4_flan", tmp_path)
    ten, _ = journal_of_calls("game10_star4_all", tmp_path)
    header = six.read_text(encoding="utf-8").split("\n", 1)[0]
    ten.write_text(header + "\n" + ten.read_text(encoding="utf-8").split("\n", 1)[1], encoding="utf-8")
    archive = Archive.open(tmp_path / "archive.sqlite")
    assert archive.import_journal(six).new and archive.import_journal(ten).new
    assert len(archive.games()) == 2
    assert not archive.import_journal(six).new and len(archive.games()) == 2
    archive.close()


def test_an_older_copy_of_a_journal_does_not_replace_the_longer_one(tmp_path: Path) -> None:
    path, session = journal_of_calls("game1_star1", tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    older = tmp_path / "older.jsonl"
    older.write_text("".join(lines[: len(lines) // 2]), encoding="utf-8")
    archive = Archive.open(tmp_path / "archive.sqlite")
    archive.import_journal(path)
    stale = archive.import_journal(older)
    assert not stale.new and stale.game is None
    assert [g.scores for g in archive.games()] == [session.game.scores]
    archive.close()


def test_a_game_is_remembered_as_soon_as_it_ends(tmp_path: Path) -> None:
    from voice_scribe.history.store import remember

    path, session = journal_of_calls("game2_no_negatives", tmp_path)
    said = remember(path, tmp_path / "parties" / "historique.sqlite")
    assert said.startswith("Partie rangée dans l'historique")
    archive = Archive.open(tmp_path / "parties" / "historique.sqlite")
    assert [g.scores for g in archive.games()] == [session.game.scores]
    archive.close()
    broken = tmp_path / "broken.jsonl"
    broken.write_text("rien\n", encoding="utf-8")
    assert "n'est pas rangée" in remember(broken, tmp_path / "parties" / "historique.sqlite")


def test_an_archive_of_another_version_is_a_french_error_not_a_crash(tmp_path: Path) -> None:
    import sqlite3

    old = tmp_path / "old.sqlite"
    db = sqlite3.connect(old)
    db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, key TEXT)")
    db.commit()
    db.close()
    with pytest.raises(ArchiveError, match="d'une autre version"):
        Archive.open(old)
    Archive.open(tmp_path / "new.sqlite").close()
    Archive.open(tmp_path / "new.sqlite").close()  # its own version opens again
