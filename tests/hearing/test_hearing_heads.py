"""A shout's head under a rival: its power is the player's where his seat leads (``seat_own_lead``).

The leak subtraction takes off what the rivals' power predicts on a microphone; under a louder
rival a quieter player's first 0.3 s is taken for leak. The seats say whose place the sound
comes from: where his seat responds and leads every other, the power is his; where a rival's
leads, it is leak (docs/hearing.md « Misses and false detections, eighth round »).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from voice_scribe.audio.frames import SegmenterConfig
from voice_scribe.audio.leak import own_power, seat_owned

# 6 frames, 2 channels: channel 1's seat rises under channel 0's (a rival shouting first)
SEAT = np.array([
    [0.40, 0.02],  # the rival alone
    [0.30, 0.08],  # his head, under the rival's lead: leak
    [0.06, 0.08],  # his head, leading at 0.08 (under seat_on): his
    [0.05, 0.12],  # speaking and leading: his
    [0.30, 0.12],  # speaking while the rival leads: his by seat_on, leak when strict
    [np.nan, 0.09],  # the rival's seat not learnt: his lead is over nothing known
])


def test_the_rule_off_keeps_the_seat_on_bound_alone() -> None:
    cfg = replace(SegmenterConfig(), seat_own_lead=0.0)
    assert seat_owned(SEAT, cfg)[:, 1].tolist() == [False, False, False, True, True, False]


def test_a_head_is_his_where_his_seat_leads() -> None:
    cfg = replace(SegmenterConfig(), seat_own_lead=0.07)
    assert seat_owned(SEAT, cfg)[:, 1].tolist() == [False, False, True, True, True, True]
    assert seat_owned(SEAT, cfg)[:, 0].tolist() == [True, True, False, False, True, False]


def test_strict_leaves_a_speaking_seat_that_is_led_as_leak() -> None:
    cfg = replace(SegmenterConfig(), seat_own_lead=0.07, seat_own_strict=True)
    assert seat_owned(SEAT, cfg)[:, 1].tolist() == [False, False, True, True, False, True]


def test_the_head_s_power_survives_the_leak_subtraction() -> None:
    """His power (1.0) under the leak predicted from the rival (2.0): subtracted to nothing, unless his seat leads."""
    power = np.array([[4.0, 1.0]] * len(SEAT))
    predicted = np.array([[0.1, 2.0]] * len(SEAT))
    for lead, kept in ((0.0, [0, 0, 0, 1, 1, 0]), (0.07, [0, 0, 1, 1, 1, 1])):
        cfg = replace(SegmenterConfig(), seat_own_lead=lead)
        q = np.where(seat_owned(SEAT, cfg), power, own_power(power, predicted, cfg))
        assert (q[:, 1] > 0).astype(int).tolist() == kept


def test_a_lead_by_a_factor_leaves_a_near_tie_as_leak() -> None:
    """At 0.08 over a rival's 0.06 his seat leads, but not 1.5 times over: that frame stays leak."""
    cfg = replace(SegmenterConfig(), seat_own_lead=0.07, seat_own_lead_ratio=1.5)
    assert seat_owned(SEAT, cfg)[:, 1].tolist() == [False, False, False, True, True, True]
