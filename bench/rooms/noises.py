"""Table noises: a die knocking on wood, dice rolling, background music.

Synthesised from simple physical models (an impulse exciting a few decaying
wooden modes; a roll is a train of such impacts with shrinking energy and
spacing), so they share nothing with the speech detector.
"""

from __future__ import annotations

import numpy as np

RATE = 16000


def knock(rng: np.random.Generator, strength: float = 1.0) -> np.ndarray:
    """One die hitting the table: 4-7 modes 400-5000 Hz decaying in 5-40 ms, plus a click."""
    n = int(0.12 * RATE)
    t = np.arange(n) / RATE
    out = np.zeros(n)
    for _ in range(int(rng.integers(4, 8))):
        f = rng.uniform(400, 5000)
        tau = rng.uniform(0.005, 0.04)
        out += rng.uniform(0.3, 1.0) * np.sin(2 * np.pi * f * t + rng.uniform(0, 2 * np.pi)) * np.exp(-t / tau)
    click = int(0.002 * RATE)
    out[:click] += rng.normal(0, 1.0, click) * np.linspace(1, 0, click)
    out *= strength / (np.abs(out).max() + 1e-12)
    return out.astype(np.float32)


def roll(rng: np.random.Generator, duration: float | None = None) -> np.ndarray:
    """Dice rolling on the table: impacts 20-150 ms apart, decaying, with a low rattle."""
    duration = duration or rng.uniform(0.4, 1.3)
    n = int((duration + 0.15) * RATE)
    out = np.zeros(n, np.float32)
    t, energy = 0.0, 1.0
    while t < duration:
        k = knock(rng, energy * rng.uniform(0.4, 1.0))
        i = int(t * RATE)
        m = min(len(k), n - i)
        out[i : i + m] += k[:m]
        t += rng.uniform(0.02, 0.15)
        energy *= rng.uniform(0.75, 0.95)
    rattle = rng.normal(0, 0.03, n) * np.exp(-np.arange(n) / (duration * RATE))
    out += np.convolve(rattle, np.ones(8) / 8, mode="same").astype(np.float32)
    return out


def music(rng: np.random.Generator, seconds: float) -> np.ndarray:
    """Background music: a chord every 0.5-2 s, harmonic tones with a soft attack, a beat."""
    n = int(seconds * RATE)
    out = np.zeros(n)
    t = 0.0
    while t < seconds:
        dur = rng.uniform(0.5, 2.0)
        i, m = int(t * RATE), min(int(dur * RATE), n - int(t * RATE))
        tt = np.arange(m) / RATE
        env = np.minimum(1.0, tt / 0.03) * np.exp(-tt / rng.uniform(0.5, 2.0))
        root = 110 * 2 ** (rng.integers(0, 12) / 12)
        for ratio in (1, 1.26, 1.5, 2.0):
            for h in range(1, 5):
                out[i : i + m] += env * np.sin(2 * np.pi * root * ratio * h * tt) / h**1.5
        if rng.random() < 0.7:
            beat = np.exp(-tt / 0.02) * rng.normal(0, 1.0, m)
            out[i : i + m] += 0.5 * beat
        t += dur
    out /= np.sqrt((out**2).mean()) + 1e-12
    return out.astype(np.float32)
