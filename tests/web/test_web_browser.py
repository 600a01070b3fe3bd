"""The page as a person sees it: a real headless chromium loads it while a game plays.

The game is example game 1's call log, heard by the real session; the test reads the scores, the
verdicts and the winner from the rendered page (not from the server's JSON), takes screenshots
(TV and phone sizes) and checks they show something. Needs Debian's ``chromium``
(``bash scripts/setup.sh --test`` installs it).
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from headless import REPLY_TIMEOUT_S, Browser, find_browser, png_facts
from page_kit import EXAMPLES, GAME1

from voice_scribe.replay import load_call_log, replay
from voice_scribe.scribe import Scribe
from voice_scribe.web.playback import play_calls

pytestmark = pytest.mark.skipif(find_browser() is None, reason="no chromium: apt-get install chromium (scripts/setup.sh --test)")

SCORES_ON_PAGE = """Object.fromEntries([...document.querySelectorAll('#joueurs tr')]
    .map(row => [row.dataset.joueur, Number(row.querySelector('.points').textContent)]))"""
VERDICTS_ON_PAGE = "[...document.querySelectorAll('#derniers-verdicts li')].map(li => li.textContent)"


@pytest.fixture
def browser():  # noqa: ANN201
    b = Browser(1280, 800)
    yield b
    b.close()


def test_the_page_follows_a_game_as_it_is_played(page, browser: Browser, tmp_path: Path) -> None:  # noqa: ANN001
    session, board, server = page
    calls = load_call_log(EXAMPLES / "game1_star1.calls.jsonl")
    scribe = Scribe(session)
    browser.open(server.url)
    browser.wait_equal(SCORES_ON_PAGE, {"Karadoc": 0, "Perceval": 0, "Léodagan": 0})

    # the first 16 seconds of the evening: a Cul de chouette, the Chouette-Velute race, the Suite race
    early = [c for c in calls if c.t <= 16.0]
    for call in early:
        board.on_reply(*_heard(board, scribe, call))
    latest, _ = board.feed.latest()
    browser.wait_equal("document.body.dataset.version", str(latest))  # the page has drawn the newest picture
    assert session.game.scores == {"Karadoc": 0, "Perceval": 72, "Léodagan": 90}
    browser.wait_equal(SCORES_ON_PAGE, session.game.scores)
    browser.wait_until(VERDICTS_ON_PAGE, lambda verdicts: any("Léodagan perd 10" in v for v in verdicts))
    browser.wait_until("document.querySelector('#dernieres-annonces li').textContent",
                       lambda heard: "Karadoc" in heard and "Suivant" in heard)
    browser.wait_until("document.getElementById('attendu').textContent", lambda who: "Léodagan" in who)  # throws next
    mid = png_facts(browser.screenshot(tmp_path / "milieu.png"))

    # the rest of the evening, played in real time (×25) while the page is watched
    rest = threading.Thread(target=play_calls, args=(board, scribe, [c for c in calls if c.t > 16.0], 25.0))
    rest.start()
    browser.wait_for("!document.getElementById('vainqueur').hidden")
    rest.join(REPLY_TIMEOUT_S)
    assert not rest.is_alive()
    latest, _ = board.feed.latest()
    browser.wait_equal("document.body.dataset.version", str(latest))  # the last picture, the end of the log's
    expected, _ = replay(GAME1, calls)
    browser.wait_equal(SCORES_ON_PAGE, expected.game.scores)
    browser.wait_equal("document.getElementById('vainqueur').textContent", "Léodagan gagne la partie avec 376 points !")
    browser.wait_until(VERDICTS_ON_PAGE, lambda verdicts: verdicts[0].endswith("Léodagan gagne la partie avec 376 points !"))
    browser.wait_equal("document.querySelectorAll('#dessin-courbe svg polyline').length", 3)

    end = png_facts(browser.screenshot(tmp_path / "fin.png"))
    for facts in (mid, end):
        assert (facts.width, facts.height) == (1280, 800)
        assert facts.colours > 50 and facts.top_share < 0.9  # text, scores and a curve, not a blank page

    # a phone: one column, the scores first and as wide as the screen
    browser.resize(390, 844, mobile=True)
    browser.wait_until("""Object.fromEntries(['scores', 'verdicts', 'courbe'].map(id => {
        const r = document.getElementById(id).getBoundingClientRect(); return [id, [r.left, r.top, r.width]]; }))""",
                       lambda boxes: boxes["scores"][2] > 0.85 * 390
                       and boxes["scores"][1] < boxes["verdicts"][1] < boxes["courbe"][1])
    phone = png_facts(browser.screenshot(tmp_path / "telephone.png"))
    assert phone.width == 390 and phone.colours > 50


def _heard(board, scribe: Scribe, call):  # noqa: ANN001, ANN202
    from voice_scribe.speech.utterance import Utterance
    from voice_scribe.web import describe_call

    reply = scribe.decide(scribe.session.hear(call))
    return Utterance(t=call.t, text=describe_call(call, board.book), speaker=call.player), reply


def test_an_older_picture_never_draws_over_a_newer_one(page, browser: Browser) -> None:  # noqa: ANN001
    """The page asks /etat and listens to /flux at once: under load the answer to /etat (an older picture) may
    arrive after a newer one from /flux. Drawn, the older one would put back the scores before the throw."""
    import json

    session, board, server = page
    scribe = Scribe(session)
    browser.open(server.url)
    browser.wait_equal(SCORES_ON_PAGE, {"Karadoc": 0, "Perceval": 0, "Léodagan": 0})
    _, before = board.feed.latest()
    for call in [c for c in load_call_log(EXAMPLES / "game1_star1.calls.jsonl") if c.t <= 16.0]:
        board.on_reply(*_heard(board, scribe, call))
    latest, _ = board.feed.latest()
    browser.wait_equal("document.body.dataset.version", str(latest))
    browser.evaluate(f"draw({json.dumps(before)})")  # the late answer of /etat
    assert browser.evaluate("document.body.dataset.version") == str(latest)
    assert browser.evaluate(SCORES_ON_PAGE) == {"Karadoc": 0, "Perceval": 72, "Léodagan": 90}
