"""Build the demo recording: game 1 said by three synthetic French voices.

    .venv/bin/python examples/demo/make_recording.py

Reads ``examples/game1_star1.transcript.jsonl``, says each line with the
espeak-ng voice of its speaker, places it on that player's channel (one
microphone per player, the others hearing it 12 dB lower), and writes:

- ``partie1.flac``: 3 channels (Karadoc, Perceval, Léodagan), 16 kHz;
- ``partie1.transcript.jsonl``: the same lines with the times they have in the
  recording (a player cannot start a line before finishing his previous one,
  so the timeline is pushed back where needed; the order of shouts and who is
  first or last are unchanged).

espeak-ng output is deterministic for a given version, so the files are
reproducible; they are committed so that the demo needs no synthesis.
"""

from __future__ import annotations

import io
import json
import subprocess
from pathlib import Path

import numpy as np
import soundfile as sf
import soxr

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parent / "game1_star1.transcript.jsonl"
PLAYERS = ["Karadoc", "Perceval", "Léodagan"]
VOICES = {"Karadoc": "fr+m3", "Perceval": "fr+m1", "Léodagan": "fr+m7"}
RATE = 16_000
CROSSTALK_DB = -12.0
GAP_S = 0.7  # the least pause between two lines of one player (shorter ones merge into one segment)


def say(text: str, voice: str) -> np.ndarray:
    wav = subprocess.run(
        ["espeak-ng", "-v", voice, "-s", "185", "--stdout", text], check=True, capture_output=True
    ).stdout
    data, rate = sf.read(io.BytesIO(wav), dtype="float32")
    data = soxr.resample(data, rate, RATE)
    voiced = np.flatnonzero(np.abs(data) > 0.02 * np.abs(data).max())
    return data[voiced[0] : voiced[-1] + 1] if voiced.size else data  # onset = first voiced sample


def speaker_of(line: dict) -> str:
    if "speaker" in line:
        return line["speaker"]
    first = line["text"].split()[0]
    return next(p for p in PLAYERS if p.lower().replace("é", "e") == first)


def main() -> None:
    lines = [json.loads(x) for x in SOURCE.read_text(encoding="utf-8").splitlines() if x.strip()]
    clips, placed = [], []
    shift, busy_until = 0.0, {p: 0.0 for p in PLAYERS}
    for line in lines:
        who = speaker_of(line)
        clip = say(line["text"], VOICES[who])
        start = line["t"] + shift
        if start < busy_until[who] + GAP_S:
            shift += busy_until[who] + GAP_S - start
            start = busy_until[who] + GAP_S
        busy_until[who] = start + len(clip) / RATE
        clips.append((who, start, clip))
        placed.append({**line, "t": round(start, 3), "end": round(busy_until[who], 3), "speaker": who})
    total = int((max(s + len(c) / RATE for _, s, c in clips) + 1.0) * RATE)
    audio = np.zeros((total, len(PLAYERS)), dtype=np.float32)
    leak = 10 ** (CROSSTALK_DB / 20)
    for who, start, clip in clips:
        a = int(round(start * RATE))
        for ch, name in enumerate(PLAYERS):
            audio[a : a + len(clip), ch] += clip * (1.0 if name == who else leak)
    audio += np.random.default_rng(0).normal(0, 0.0003, audio.shape).astype(np.float32)  # room noise
    audio /= max(1.0, float(np.abs(audio).max()) / 0.9)
    sf.write(HERE / "partie1.flac", audio, RATE, subtype="PCM_16")
    with open(HERE / "partie1.transcript.jsonl", "w", encoding="utf-8") as fh:
        for line in placed:
            if "speaker" not in lines[placed.index(line)]:
                line = {k: v for k, v in line.items() if k != "speaker"}  # keep the leading-name lines as said
            fh.write(json.dumps(line, ensure_ascii=False) + "\n")
    print(f"{len(clips)} lines, {total / RATE:.1f} s, timeline pushed back by {shift:.1f} s in all")


if __name__ == "__main__":
    main()
