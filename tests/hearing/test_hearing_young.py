"""The live path's young table: a leak not learnt yet starts at ``StreamingHearing.prior_db``.

Ninth round (docs/hearing.md, « Ninth round: the live path's misses »): before a speaker has been
heard alone long enough, the segmenter assumed his leak at −9 dB everywhere, louder than the rooms'
−12 to −14 dB, and a shout over a rival's leak could be taken for that leak.
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import GAME_PLAYERS, needs_espeak

from voice_scribe.audio import synth
from voice_scribe.audio.leak import LeakModel
from voice_scribe.audio.sources import Frame
from voice_scribe.speech.stream import StreamingHearing, with_prior
from voice_scribe.speech.utterance import Utterance

RATE = 16000


def _model(known: dict[tuple[int, int], float], channels: int = 4) -> LeakModel:
    gains = np.full((channels, channels), np.nan)
    np.fill_diagonal(gains, 0.0)
    support = np.zeros((channels, channels))
    for pair, db in known.items():
        gains[pair], support[pair] = 10 ** (db / 10), 50.0
    return LeakModel({}, gains, support)


def test_an_unknown_leak_starts_at_the_prior_and_a_known_one_stays() -> None:
    young = with_prior(_model({(0, 1): -14.0, (2, 1): -13.0}), -12.0)
    assert young is not None
    db = 10 * np.log10(young.gains + 1e-30)
    assert db[0, 1] == pytest.approx(-14.0) and db[2, 1] == pytest.approx(-13.0)
    off = ~np.eye(4, dtype=bool)
    off[0, 1] = off[2, 1] = False
    assert np.allclose(db[off], -12.0)
    assert np.all(np.diag(young.gains) == 0.0)
    assert np.array_equal(young.support, _model({(0, 1): -14.0, (2, 1): -13.0}).support)  # evidence unchanged


def test_off_the_model_is_left_as_it_is() -> None:
    model = _model({(0, 1): -14.0})
    assert with_prior(model, 0.0) is model
    assert with_prior(None, -12.0) is None
    whole = _model({(c, d): -13.0 for c in range(4) for d in range(4) if c != d})
    assert with_prior(whole, -12.0) is whole  # nothing unknown


def test_the_known_gains_quantile_is_the_prior_once_some_are_known() -> None:
    young = with_prior(_model({(0, 1): -16.0, (0, 2): -12.0, (0, 3): -14.0}), -9.0, 0.5)
    assert young is not None
    assert 10 * np.log10(young.gains[3, 2]) == pytest.approx(-14.0)
    none_known = with_prior(_model({}), -11.0, 0.5)  # nothing known yet: the prior in dB
    assert none_known is not None
    assert 10 * np.log10(none_known.gains[1, 0]) == pytest.approx(-11.0)


def _stream(audio: np.ndarray, **settings: object) -> tuple[list[tuple[int, Utterance]], list[float]]:
    live = StreamingHearing(channels=audio.shape[1], players=GAME_PLAYERS, **settings)  # type: ignore[arg-type]
    emitted: list[tuple[int, Utterance]] = []
    claims: list[float] = []
    for i, at in enumerate(range(0, len(audio), 800)):
        emitted += [(i, u) for u in live.push(Frame(at, RATE, audio[at : at + 800]))]
        claims.append(live.settled_until)
    return emitted, claims


@pytest.mark.audio
@needs_espeak
def test_a_young_table_heard_with_the_prior_keeps_every_shout_and_the_horizon(game_table: synth.Table) -> None:
    """A table whose leak is −12 dB (the synthetic mix): every shout heard, on its own microphone,
    within 12 ms of the default's onset, and the settled horizon never passes an onset to come."""
    plain, _ = _stream(game_table.audio)
    young, claims = _stream(game_table.audio, prior_db=-12.0)
    assert [u.speaker for _, u in young] == [u.speaker for _, u in plain]
    assert len(young) == len(game_table.shouts)
    for (_, a), (_, b) in zip(young, plain, strict=True):
        assert a.t == pytest.approx(b.t, abs=0.012)
    for i, u in young:
        assert max(claims[:i], default=0.0) <= u.t
    assert claims == sorted(claims)


def _bursts(gap_s: float, burst_s: float = 0.06, count: int = 4, leak_db: float = -13.0) -> np.ndarray:
    """Channel 1 alone in short noise bursts ``gap_s`` apart, heard by the three others at ``leak_db``."""
    rng = np.random.default_rng(3)
    n = int((1.0 + count * gap_s + 2.0) * RATE)
    audio = rng.normal(0, 10 ** (-60 / 20), size=(n, 4))
    for k in range(count):
        a = int((1.0 + k * gap_s) * RATE)
        burst = rng.normal(0, 10 ** (-20 / 20), size=int(burst_s * RATE))
        audio[a : a + len(burst), 1] += burst
        for c in (0, 2, 3):
            audio[a + 3 * c : a + 3 * c + len(burst), c] += burst * 10 ** (leak_db / 20)
    return audio.astype(np.float32)


def _final_gains(audio: np.ndarray, **settings: object) -> np.ndarray:
    live = StreamingHearing(channels=4, **settings)  # type: ignore[arg-type]
    for at in range(0, len(audio), 800):
        live.push(Frame(at, RATE, audio[at : at + 800]))
    assert live._leak is not None
    return live._leak.gains


def test_a_leak_no_window_holds_enough_of_is_learnt_from_all_the_windows_pooled() -> None:
    """Four 60 ms bursts (12 frames each, under the 20 a window wants) 5 s apart: the merged
    windows never learn their leak; pooled, the four give it, near the −13 dB mixed in."""
    audio = _bursts(gap_s=5.0)
    assert np.isnan(_final_gains(audio, pool_unknown=False)[[0, 2, 3], 1]).all()
    pooled = 10 * np.log10(_final_gains(audio, pool_unknown=True, pool_unknown_margin_db=0.0)[[0, 2, 3], 1])
    assert np.all(np.abs(pooled + 13.0) < 2.5), pooled


def test_a_margin_raises_the_pooled_gain_but_never_above_the_default() -> None:
    audio = _bursts(gap_s=5.0)
    plain = 10 * np.log10(_final_gains(audio, pool_unknown=True, pool_unknown_margin_db=0.0)[[0, 2, 3], 1])
    raised = 10 * np.log10(_final_gains(audio, pool_unknown=True, pool_unknown_margin_db=3.0)[[0, 2, 3], 1])
    assert np.allclose(raised, np.minimum(plain + 3.0, -9.0), atol=0.01)
    capped = 10 * np.log10(_final_gains(audio, pool_unknown=True, pool_unknown_margin_db=8.0)[[0, 2, 3], 1])
    assert np.allclose(capped, -9.0, atol=0.01)
