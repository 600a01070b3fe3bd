"""A table of players in a simulated room: geometry, script, rendering, cache.

``build_room(spec)`` returns a :class:`RoomTable` (multichannel audio, one
microphone per player, and the truth). Rendering is deterministic for a
spec; the audio is cached as FLAC under ``bench/rooms/.cache`` (git-ignored).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from . import noises, voices
from .voices import LEAD, RATE, Voice

#: bump when the rendering changes, so that caches are rebuilt
VERSION = 4
CACHE = Path(__file__).resolve().parent / ".cache"
SPEED_OF_SOUND = 343.0
#: pyroomacoustics' fractional-delay filter puts the direct path this many samples late
PRA_OFFSET = 40


@dataclass(frozen=True)
class RoomSpec:
    seed: int
    rt60: float
    players: int = 4
    seconds: float = 150.0
    background: str = "babble"  # "babble" | "music" | "none"


@dataclass(frozen=True)
class TrueShout:
    player: int
    t: float  # truth onset at the player's own microphone (s)
    end: float
    text: str
    race: int | None = None
    kind: str = "shout"  # "shout" | "talk"


@dataclass(frozen=True)
class Noise:
    start: float
    end: float
    kind: str  # "knock" | "roll"


@dataclass
class RoomTable:
    spec: RoomSpec
    audio: np.ndarray  # (samples, players) float32
    shouts: list[TrueShout]
    noises: list[Noise]
    info: dict = field(default_factory=dict)

    @property
    def duration(self) -> float:
        return len(self.audio) / RATE


# ------------------------------------------------------------------ geometry


def _geometry(spec: RoomSpec, rng: np.random.Generator) -> dict:
    dim = np.array([rng.uniform(4.0, 7.0), rng.uniform(4.0, 7.0), rng.uniform(2.5, 3.2)])
    centre = np.array([dim[0] / 2 + rng.uniform(-0.6, 0.6), dim[1] / 2 + rng.uniform(-0.6, 0.6)])
    radius = rng.uniform(0.6, 0.9)  # mouth distance to the table centre
    phase = rng.uniform(0, 2 * np.pi)
    mouths = []
    for p in range(spec.players):
        a = phase + 2 * np.pi * p / spec.players + rng.uniform(-0.25, 0.25)
        r = radius + rng.uniform(-0.1, 0.1)
        mouths.append(np.array([centre[0] + r * np.cos(a), centre[1] + r * np.sin(a), rng.uniform(1.1, 1.3)]))
    mics = []
    for p, mouth in enumerate(mouths):
        a = float(np.arctan2(mouth[1] - centre[1], mouth[0] - centre[0]))
        toward = np.array([-np.cos(a), -np.sin(a), 0.0])
        side = np.array([-np.sin(a), np.cos(a), 0.0])
        others = [m for q, m in enumerate(mouths) if q != p]
        while True:  # in front of the player, lower, 0.2-0.5 m away, clearly nearer his mouth than any other
            d = rng.uniform(0.2, 0.5)
            direction = toward * rng.uniform(0.3, 1.0) + side * rng.uniform(-0.4, 0.4) + np.array([0, 0, -rng.uniform(0.3, 1.0)])
            mic = mouth + d * direction / np.linalg.norm(direction)
            if mic[2] > 0.76 and d <= 0.7 * min(float(np.linalg.norm(mic - m)) for m in others):
                break
        mics.append(mic)
    table_z = 0.75
    knocks = [np.array([centre[0] + rng.uniform(-0.3, 0.3), centre[1] + rng.uniform(-0.3, 0.3), table_z]) for _ in range(3)]
    far = []
    for _ in range(3):  # background sources, away from the table
        while True:
            q = np.array([rng.uniform(0.4, dim[0] - 0.4), rng.uniform(0.4, dim[1] - 0.4), rng.uniform(1.0, 1.8)])
            if np.linalg.norm(q[:2] - centre) > 1.8:
                break
            if dim[0] < 4.5 and dim[1] < 4.5 and np.linalg.norm(q[:2] - centre) > 1.3:
                break
        far.append(q)
    return {"dim": dim, "mouths": mouths, "mics": mics, "knocks": knocks, "far": far}


def _rirs(spec: RoomSpec, geo: dict) -> tuple[list[list[np.ndarray]], float]:
    """RIRs [mic][source] (sources: mouths, knock spots, far sources), 40-sample offset removed; measured RT60."""
    import pyroomacoustics as pra

    # the ray tracer draws its rays from pyroomacoustics' own generators, seeded from true randomness
    # unless told: without this the same spec rendered other reverberant tails at every call
    pra.random.seed(numpy=spec.seed, libroom=spec.seed)
    e_abs, _ = pra.inverse_sabine(spec.rt60, geo["dim"])
    room = pra.ShoeBox(geo["dim"], fs=RATE, materials=pra.Material(e_abs), max_order=3, ray_tracing=True, air_absorption=True)
    room.set_ray_tracing(n_rays=3000, receiver_radius=0.5, energy_thres=1e-5)
    for s in [*geo["mouths"], *geo["knocks"], *geo["far"]]:
        room.add_source(list(s))
    room.add_microphone_array(np.array(geo["mics"]).T)
    room.compute_rir()
    measured = float(np.median(room.measure_rt60()))
    return [[np.asarray(h[PRA_OFFSET:], np.float32) for h in row] for row in room.rir], measured


# ------------------------------------------------------------------ script


@dataclass(frozen=True)
class Event:
    source: int  # player index, or -1 - k for knock spot k
    start: float  # emission time of the dry clip's first sample (s)
    sound: str  # text / asterisk stem / "knock" / "roll"
    gain_db: float
    race: int | None = None
    kind: str = "shout"


def _voices(spec: RoomSpec, rng: np.random.Generator) -> list[Voice]:
    names = list(rng.permutation(voices.ESPEAK_VOICES))
    cents = list(rng.permutation([-450, -250, 0, 200, 350]))
    out = []
    humans = int(rng.integers(1, spec.players))  # 1..players-1 real-speaker players
    kinds = rng.permutation(["human"] * humans + ["espeak"] * (spec.players - humans))
    for k in kinds:
        if k == "human":
            out.append(Voice("human", "", int(cents.pop()), int(rng.integers(90, 115))))
        else:
            out.append(Voice("espeak", str(names.pop()), int(rng.integers(25, 75)), int(rng.integers(140, 200))))
    return out


def _race_offsets(rng: np.random.Generator, k: int) -> list[float]:
    """Onset offsets of k racers after the first: 0-500 ms, a third of them near-ties (0-30 ms)."""
    offs = [0.0]
    for _ in range(k - 1):
        if rng.random() < 0.3:
            offs.append(offs[-1] + rng.uniform(0.0, 0.03))
        else:
            offs.append(rng.uniform(0.0, 0.5))
    return sorted(offs)


def _script(spec: RoomSpec, players: list[Voice], rng: np.random.Generator) -> list[Event]:
    loud = rng.uniform(-6.0, 6.0, spec.players)  # each player's loudness
    events: list[Event] = []
    t, race = 1.0, 0
    while t < spec.seconds - 6.0:
        r = rng.random()
        if r < 0.25:  # dice first, then maybe a shout soon after
            kind = "roll" if rng.random() < 0.6 else "knock"
            events.append(Event(-1 - int(rng.integers(0, 3)), t, kind, float(rng.uniform(-6, 6))))
            t += rng.uniform(0.3, 1.8)
            if rng.random() < 0.5:
                continue
        if r < 0.6 or r >= 0.9:  # a race
            k = int(rng.integers(2, spec.players + 1))
            who = rng.permutation(spec.players)[:k]
            same = rng.random() < 0.5
            common = players[int(who[0])].shouts()
            for p, off in zip(who, _race_offsets(rng, k), strict=True):
                pool = common if same and players[int(p)].kind == players[int(who[0])].kind else players[int(p)].shouts()
                text = str(pool[int(rng.integers(0, len(pool)))])
                events.append(Event(int(p), t + off, text, float(loud[p] + rng.uniform(-2, 2)), race))
            race += 1
            t += rng.uniform(2.5, 4.5)
        elif r < 0.75:  # a single shout
            p = int(rng.integers(0, spec.players))
            pool = players[p].shouts()
            events.append(Event(p, t, str(pool[int(rng.integers(0, len(pool)))]), float(loud[p] + rng.uniform(-2, 2))))
            t += rng.uniform(2.0, 4.0)
        else:  # someone talks, another shouts over him
            a, b = (int(x) for x in rng.permutation(spec.players)[:2])
            talk = players[a].talk()
            events.append(Event(a, t, str(talk[int(rng.integers(0, len(talk)))]), float(loud[a] - 3 + rng.uniform(-2, 2)), kind="talk"))
            pool = players[b].shouts()
            events.append(Event(b, t + rng.uniform(0.3, 1.5), str(pool[int(rng.integers(0, len(pool)))]), float(loud[b] + rng.uniform(-2, 2))))
            t += rng.uniform(4.5, 6.0)
    return events


# ------------------------------------------------------------------ rendering


def _add(out: np.ndarray, x: np.ndarray, at: int) -> None:
    if at >= len(out):
        return
    m = min(len(x), len(out) - at)
    out[at : at + m] += x[:m]


def _convolve(x: np.ndarray, h: np.ndarray) -> np.ndarray:
    from scipy.signal import fftconvolve

    return fftconvolve(x, h).astype(np.float32)


def _background(spec: RoomSpec, players: list[Voice], rng: np.random.Generator, n: int) -> list[np.ndarray]:
    """Dry signals of the far sources: babble (other voices talking) or music."""
    out = []
    for k in range(3):
        x = np.zeros(n, np.float32)
        if spec.background == "music" and k == 0:
            x = noises.music(rng, n / RATE)
        elif spec.background == "babble":
            v = Voice("espeak", str(voices.ESPEAK_VOICES[int(rng.integers(0, len(voices.ESPEAK_VOICES)))]), int(rng.integers(20, 80)), 170) if k else Voice("human", "", int(rng.choice([-600, 500])), 100)
            i = int(rng.uniform(0, 1.0) * RATE)
            while i < n:
                pool = v.talk()
                c = voices.clip(v, str(pool[int(rng.integers(0, len(pool)))]))
                _add(x, c / (np.sqrt((c**2).mean()) + 1e-9), i)
                i += len(c) + int(rng.uniform(0.2, 1.5) * RATE)
        out.append(x)
    return out


def render(spec: RoomSpec, events: list[Event] | None = None, players: list[Voice] | None = None) -> RoomTable:
    """The room of ``spec`` with its scripted table, or with the given ``events`` (and voices)."""
    rng = np.random.default_rng(spec.seed)
    geo = _geometry(spec, rng)
    rirs, measured = _rirs(spec, geo)
    drawn = _voices(spec, rng)
    players = players or drawn
    events = _script(spec, players, rng) if events is None else events
    n = int(spec.seconds * RATE)
    mics = len(geo["mics"])
    out = np.zeros((n, mics), np.float32)
    shouts: list[TrueShout] = []
    noise_truth: list[Noise] = []
    ref = 0.05  # dry speech RMS at 0 dB gain
    for ev in events:
        if ev.source >= 0:
            x = voices.clip(players[ev.source], ev.sound)
            x = x * (ref * 10 ** (ev.gain_db / 20) / (np.sqrt((x**2).mean()) + 1e-9))
            src = ev.source
        else:
            x = noises.roll(rng) if ev.sound == "roll" else noises.knock(rng)
            x = x * 0.5 * 10 ** (ev.gain_db / 20)
            src = spec.players + (-1 - ev.source)
        at = int(round(ev.start * RATE))
        for m in range(mics):
            _add(out[:, m], _convolve(x, rirs[m][src]), at)
        if ev.source >= 0:
            dist = float(np.linalg.norm(geo["mouths"][ev.source] - geo["mics"][ev.source]))
            delay = dist / SPEED_OF_SOUND
            shouts.append(TrueShout(ev.source, (at + LEAD) / RATE + delay, (at + voices.true_end(x)) / RATE + delay, ev.sound, ev.race, ev.kind))
        else:
            noise_truth.append(Noise(at / RATE, (at + len(x)) / RATE, ev.sound))
    if spec.background != "none":
        speech_rms = float(np.sqrt(np.mean(out[np.abs(out) > 1e-4] ** 2))) if np.any(np.abs(out) > 1e-4) else 0.01
        bg_db = rng.uniform(-32, -22)  # background under the table's speech, at the microphones
        bg = np.zeros_like(out)
        for k, x in enumerate(_background(spec, players, rng, n)):
            if not x.any():
                continue
            for m in range(mics):
                bg[:, m] += _convolve(x, rirs[m][spec.players + 3 + k])[:n]
        bg_rms = float(np.sqrt((bg**2).mean())) + 1e-12
        out += bg * (speech_rms * 10 ** (bg_db / 20) / bg_rms)
    peak = float(np.abs(out).max()) + 1e-12
    out *= 0.7 / peak
    out += rng.normal(0, 10 ** (rng.uniform(-72, -62) / 20), out.shape).astype(np.float32)
    shouts.sort(key=lambda s: s.t)
    info = {
        "rt60_measured": measured,
        "room": [round(float(v), 2) for v in geo["dim"]],
        "mouth_mic_m": [round(float(np.linalg.norm(a - b)), 3) for a, b in zip(geo["mouths"], geo["mics"], strict=True)],
        "voices": [asdict(v) for v in players],
    }
    return RoomTable(spec, out, shouts, noise_truth, info)


# ------------------------------------------------------------------ cache


def _key(spec: RoomSpec) -> str:
    return hashlib.sha1(json.dumps([VERSION, asdict(spec)], sort_keys=True).encode()).hexdigest()[:16]


def build_room(spec: RoomSpec, cache: Path | None = CACHE) -> RoomTable:
    """The rendered room, from the cache when it holds this spec."""
    import soundfile as sf

    if cache is None:
        return render(spec)
    cache.mkdir(parents=True, exist_ok=True)
    (cache / ".gitignore").write_text("*\n")
    stem = cache / f"room-{spec.seed}-{_key(spec)}"
    flac, meta = stem.with_suffix(".flac"), stem.with_suffix(".json")
    if flac.exists() and meta.exists():
        data = json.loads(meta.read_text())
        audio, _ = sf.read(flac, dtype="float32", always_2d=True)
        return RoomTable(
            spec,
            audio,
            [TrueShout(**s) for s in data["shouts"]],
            [Noise(**x) for x in data["noises"]],
            data["info"],
        )
    table = render(spec)
    # written under a name of this process's, then renamed: a benchmark running beside this one never
    # reads a half-written room (the .json, renamed last, says the room is complete)
    part = f".{os.getpid()}.part"
    sf.write(flac.with_name(flac.name + part), np.clip(table.audio, -1, 1), RATE, subtype="PCM_16", format="FLAC")
    meta.with_name(meta.name + part).write_text(
        json.dumps({"shouts": [asdict(s) for s in table.shouts], "noises": [asdict(x) for x in table.noises], "info": table.info})
    )
    os.replace(flac.with_name(flac.name + part), flac)
    os.replace(meta.with_name(meta.name + part), meta)
    return build_room(spec, cache)
