"""The segmenter's common ground: its settings, the segment it emits, the power frames it reads.

Every family of the segmenter (docs/hearing.md, « Segmentation and attribution ») reads power on
the same frames (``SegmenterConfig.frame_ms``): :mod:`.leak` (the crosstalk model), :mod:`.onset`
(where a sound of one's own starts), :mod:`.boundary` (segments placed and cut by each seat's
response) and :mod:`.segment` (the segmenter, which joins them). This module holds what they
share (step 1: frame power, noise floor) and imports none of them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from voice_scribe.audio.cancel import CancelConfig
from voice_scribe.audio.pitch import PitchConfig
from voice_scribe.audio.seats import SeatConfig

EPS = 1e-12


@dataclass(frozen=True)
class SegmenterConfig:
    frame_ms: float = 5.0
    #: detection threshold above the noise floor / absolute floor (dB, dBFS)
    high_db: float = 20.0
    low_db: float = 12.0
    abs_high_dbfs: float = -50.0
    abs_low_dbfs: float = -62.0
    min_speech_ms: float = 30.0
    #: a run must last this long (or reach the high threshold) to open a segment
    onset_min_ms: float = 20.0
    hangover_ms: float = 300.0
    #: leak gain assumed when it cannot be estimated (dB of power)
    default_crosstalk_db: float = -9.0
    #: percentile of c/d power ratios, over frames where d speaks alone, taken as the leak
    leak_percentile: float = 50.0
    #: safety factor on the estimated leak (dB) before subtraction
    crosstalk_margin_db: float = 5.0
    #: max filter on the other channels' power (ms) for mic-to-mic delay
    delay_ms: float = 10.0
    #: release of the others' power when predicting leak: the room's tail (ms, 0: none)
    reverb_release_ms: float = 50.0
    #: loudness ratio (amplitude) under which two channels are undecided
    ratio_threshold: float = 1.25
    max_lag_ms: float = 10.0
    #: subtract each channel's estimated direct-path leak (gain + delay) at signal level
    cancel_leaks: bool = True
    #: window from the onset used for the coherence ratio (s)
    ratio_window_s: float = 1.0
    #: gaps (ms) bridged inside one burst of sound; bursts are judged one by one (own or leak)
    burst_gap_ms: float = 80.0
    #: window from a burst's start used for its coherence ratio (s)
    burst_window_s: float = 0.3
    #: a burst is a channel's own only if it holds a *rise* of power that no other channel's
    #: rise explains as leak: rise_c > owned_margin * g[c, d] * rise_d for every d (dB)
    owned_margin_db: float = 6.0
    #: a rise: power (10 ms) at least this much (dB) above its minimum over the previous 10-40 ms
    rise_db: float = 3.0
    #: how far back (ms) an onset is refined, on the own channel, to the start of its rise
    refine_ms: float = 40.0
    #: weak first consonants (« six », « trois », « Fauvette »): how far back (ms) an onset may move
    #: while the own channel's high band (above ``hiss_hz``) stays ``hiss_db`` over what came before
    hiss_back_ms: float = 250.0
    hiss_hz: float = 2500.0
    hiss_db: float = 6.0
    #: release (ms) of the others' high band when predicting its leak: a rival's fricative rings on in
    #: the room, and the walk must not take its tail for the own channel's (0: none)
    hiss_release_ms: float = 100.0
    #: how far (dB) the own high band must stay over the others' predicted high-band leak while the hiss
    #: walk goes back (negative: ``hiss_db``); a rival's fricative leaking on the own microphone pulled
    #: 12 of the 28 early tuning racers back (docs/hearing.md « Ninth round: early and missed racers »)
    hiss_leak_db: float = -1.0
    #: the hiss walk goes on only where the own high band is this much (dB, negative: at most that much
    #: under) over every other microphone's, unscaled by any leak gain: a fricative is loudest on its own
    #: speaker's microphone (0: off; measured, it trades early racers for late ones, docs/hearing.md
    #: « Ninth round: early and missed racers »)
    hiss_louder_db: float = 0.0
    #: cancel each microphone's leak from the others with learnt room filters (:mod:`.cancel`)
    #: instead of a gain and a delay per pair; presence, rises and onsets are then read on it
    room_cancel: bool = False
    cancel: CancelConfig = CancelConfig()
    #: attribute by seat fingerprints (time differences between microphones, :mod:`.seats`)
    seat_attribution: bool = True
    seats: SeatConfig = SeatConfig()
    #: a seat is speaking where its steered response reaches this (0 silent, 1 alone in a dry room)
    seat_on: float = 0.1
    #: where its seat's response reaches this (0: ``seat_on``), a channel's power is its own: no leak subtracted
    seat_own: float = 0.0
    #: where its seat responds this much (0: never) *and* leads every other seat at that frame, a
    #: channel's power is its own though under the leak predicted: a shout's head under a rival's
    #: (where another seat leads, the power stays leak; measured at 0.07-0.09: the file path gains, the
    #: live path loses held-out shouts, docs/hearing.md « Misses and false detections, eighth round »)
    seat_own_lead: float = 0.0
    #: ... leading by this factor over the strongest other seat (1: merely the strongest)
    seat_own_lead_ratio: float = 1.0
    #: with ``seat_own_lead``: where its seat speaks (``seat_own`` or ``seat_on``) but another leads,
    #: the power stays leak too (False: kept whole wherever the seat speaks, as before)
    seat_own_strict: bool = False
    #: a burst whose seat response stays under this over its first ``seat_head_ms`` is another's leak
    seat_off: float = 0.05
    seat_head_ms: float = 200.0
    #: an opening burst whose seat stays under ``copy_seat_max`` over all of it while another seat
    #: speaks ``copy_seat_ratio`` times louder is that player's leak copy, dropped (0: never)
    copy_seat_max: float = 0.07
    copy_seat_ratio: float = 4.0
    #: between two of its channel's opening bursts (each within the hangover) a burst is only a
    #: bridge, no onset: it is dropped as a copy when its seat stays under ``bridge_seat_max`` while
    #: another speaks ``bridge_seat_ratio`` times louder (another player's leak would otherwise join
    #: two of this player's shouts into one; 0: the copy rule alone)
    bridge_seat_max: float = 0.1
    bridge_seat_ratio: float = 3.0
    #: a segment that opens within this long (ms, over ``hangover_ms``: 0 never) after the end of
    #: its channel's previous one is joined to it when its seat spoke in both and is the strongest
    #: seat over its head: the same voice going on after a pause, not a new shout (a shout cut in two)
    rejoin_ms: float = 400.0
    #: a segment over which no seat speaks (``seat_on``), its own nor any other, is a sound from no
    #: place at the table (a room's diffuse tail): dropped (False, the default: kept; measured: it
    #: cost the live path 5 held-out shouts, docs/hearing.md « Misses and false detections, eighth round »)
    placeless_drop: bool = False
    #: how far back (ms) an onset follows its seat's response down to ``seat_off``
    seat_back_ms: float = 150.0
    #: the seat's response rises this long (ms) before the sound (a 32 ms window, smoothed)
    seat_delay_ms: float = 10.0
    #: how long (ms) before its seat speaks an owned rise of power may open a segment
    seat_lead_ms: float = 40.0
    #: how far back (ms) an onset placed by its seat walks along the own channel's power over the
    #: leak it is predicted (a voiced hum before « deux »'s release carries the room's phases, not
    #: the seat's), never past the end of the channel's previous burst (0: never)
    own_back_ms: float = 120.0
    #: ... while its power stays ``own_db`` over the noise floor and ``own_margin_db`` over its leak
    own_db: float = 12.0
    own_margin_db: float = 6.0
    #: then on, past frames where the own channel is not a rival's copy by pitch (:mod:`.pitch`)
    pitch: PitchConfig = PitchConfig()
    #: then on, while all the rivals at once do not explain the own channel (:mod:`.residual`;
    #: 0: off): at most this far (ms), the fit over ``lsq_fit_ms`` more, ``lsq_db`` the rise of the unexplained
    #: power over the explained one
    lsq_back_ms: float = 0.0
    lsq_fit_ms: float = 150.0
    lsq_db: float = 6.0
    lsq_ridge: float = 0.05
    #: instead (when > 0), the onset is put where the residual jumps most, if by this much (dB)
    lsq_jump_db: float = 0.0
    #: then on, while its seat holds ``band_min`` bands, ``band_z`` over chance and over every other seat
    #: (:mod:`.seatbands`; 0: off), crossing ``band_gap`` frames that it does not
    band_back_ms: float = 0.0
    band_z: float = 3.0
    band_min: int = 1
    band_gap: int = 2
    #: then on, while the own channel's prediction error from its ``pred_rivals`` loudest rivals (one
    #: least-squares FIR of ``pred_taps`` per pair, fitted over the ``pred_fit_ms`` before the walk) stays
    #: ``pred_db`` over its level on the fit (:mod:`.prediction`; 0: off); the fit must explain
    #: ``pred_fit_db`` of the own channel
    pred_back_ms: float = 0.0
    pred_fit_ms: float = 200.0
    pred_taps: int = 96
    pred_rivals: int = 2
    pred_ridge: float = 0.01
    pred_db: float = 6.0
    pred_fit_db: float = 6.0
    #: ... and only where it ends on a step: the ``pred_step`` frames before where it stops explained as
    #: on the fit (within ``pred_db / 2``), never at its limit (0: any stop)
    pred_step: int = 4
    #: a burst is cut where its seat starts speaking after this long (ms) without (0: never), so that
    #: a rival's leak or a die rolled just before a shout does not make it a follower or swallow its onset
    seat_split_ms: float = 150.0
    #: a burst unvoiced over most of its frames (under ``SeatConfig.voiced_share`` of its energy under
    #: 1 kHz: a die's knock, whose time differences can make the seat respond) followed within the
    #: hangover by a voiced burst of its channel is dropped: it would swallow that shout's onset
    die_before_voice: bool = False
    #: ... when it lasts this long (ms) at least: a plosive's burst before its vowel is shorter
    die_min_ms: float = 100.0


@dataclass(frozen=True)
class Segment:
    channel: int
    start: float
    end: float
    peak_dbfs: float
    loudness_ratio: float | None = None
    ambiguous: bool = False
    #: where the segment's seat first spoke, when it began with a sound its seat never made (a die,
    #: a rival's leak) and the seat's own burst joined it over the hangover: the speech check
    #: (:func:`.vad.keep_speech`) moves the onset there when what came before is not speech
    seat_rise: float | None = None

    @property
    def duration(self) -> float:
        return self.end - self.start


def frame_power(audio: np.ndarray, frame: int) -> np.ndarray:
    """Mean square per frame, shape (frames, channels); a partial last frame counts."""
    n, c = audio.shape
    frames = -(-n // frame)
    if n == frames * frame:
        x = audio.astype(np.float64)
    else:
        x = np.zeros((frames * frame, c), np.float64)
        x[:n] = audio
    np.square(x, out=x)  # in place, and the sum below in the same order as a mean: the same figures, 4× sooner
    return np.add.reduce(x.reshape(frames, frame, c), axis=1) / frame


def max_filter(x: np.ndarray, width: int) -> np.ndarray:
    """Running max along axis 0 over ``2*width+1`` frames."""
    if width <= 0:
        return x
    out = x.copy()
    for k in range(1, width + 1):
        out[k:] = np.maximum(out[k:], x[:-k])
        out[:-k] = np.maximum(out[:-k], x[k:])
    return out


def noise_floor(power: np.ndarray) -> np.ndarray:
    """Per-channel noise power: the 10th percentile of frame power.

    Digital silence (below -100 dBFS: a stream not started yet, muted spans)
    is left out, or it would pull the floor under the real room noise.
    """
    out = np.empty(power.shape[1])
    for c in range(power.shape[1]):
        live = power[power[:, c] > 1e-10, c]
        out[c] = np.percentile(live, 10) if len(live) else EPS
    return np.maximum(out, EPS)
