"""Fuzzing every boundary: inputs tried, rejected (a French error of the boundary's own type) and
uncaught (any other exception: a bug), per boundary, plus the slowest input; and kill -9 trials of a
live game.

    .venv/bin/python bench/bench_fuzz.py [--count 10000] [--kill 100] [--only journal,rules]

Inputs are mutations of real files of the project (examples/, models/manifest.toml, a journal played
here): a field given a value of another type or a hostile one (NaN, 1e999, 10**400, booleans, lists,
« ../ », a lone surrogate…), a field removed, bytes flipped, inserted or cut, lines repeated. Part of
every set is **held out**: the held-out inputs come from another random stream *and* from hostile values
and mutations that were not looked at while the checks were written (a second value pool, whole-line
byte noise); both figures are printed. A boundary passes with 0 uncaught exceptions; « slowest » is the
longest single input (the target is ≤ 50 ms for any input ≤ 10 kB).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import shutil
import sys
import tempfile
import time
import traceback
import zipfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "robust"))

from voice_scribe.cli import main as cli_main  # noqa: E402
from voice_scribe.engine import Call, CallKind, Rules, RulesError  # noqa: E402
from voice_scribe.journal import JournalError  # noqa: E402
from voice_scribe.replay import LogError, load_call_log, replay  # noqa: E402
from voice_scribe.session import Session  # noqa: E402
from voice_scribe.speech.models import ModelFetchError, check_archive, load_manifest  # noqa: E402
from voice_scribe.speech.models import _safe_extract as safe_extract  # noqa: E402
from voice_scribe.understand import TranscriptError, load_transcript  # noqa: E402

#: hostile values used while the checks were written (tuned)
TUNED_VALUES = [None, True, False, 0, -1, 7, 10**400, 1e308, "", "?", "x", [1], [True, True, True], {}, {"a": 1},
                "../evil", "Karadoc", 2.5, [], [[]], "NaN"]
#: hostile values never looked at while writing the checks (held out)
HELD_OUT_VALUES = [-0.0, 2**63, -(2**70), 4.9e-324, "\udcc3", "\u202e", "é" * 300, "Karadoc\n", [None] * 3,
                   [6, 6, 6, 6], [0], {"kind": "des"}, "\x00", 1e-320, "  ", "Infinity", ["Karadoc"], 3.0]
PLAYERS = ["Karadoc", "Perceval", "Léodagan"]


@dataclass
class Tally:
    tried: int = 0
    rejected: int = 0
    uncaught: int = 0
    slowest_ms: float = 0.0
    places: Counter = field(default_factory=Counter)
    times_ms: list[float] = field(default_factory=list)

    @property
    def p99_ms(self) -> float:
        ordered = sorted(self.times_ms)
        return ordered[int(0.99 * (len(ordered) - 1))] if ordered else 0.0


@dataclass
class Boundary:
    name: str
    make: Callable[[random.Random, list, bool], bytes]  # rng, hostile values, held out → input bytes
    run: Callable[[Path], None]  # raises an expected error on rejection
    expected: tuple[type[BaseException], ...]


# ── mutations ──
def hostile_json(rng: random.Random, values: list, base: dict) -> dict:
    out = dict(base)
    for _ in range(rng.randint(1, 3)):
        key = rng.choice(list(base) + ["extra"])
        if rng.random() < 0.2:
            out.pop(key, None)
        else:
            out[key] = rng.choice(values)
    return out


def dump(value: object) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (ValueError, TypeError):
        return "{}"


def byte_noise(rng: random.Random, data: bytes) -> bytes:
    data = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        roll = rng.random()
        at = rng.randrange(len(data) + 1)
        if roll < 0.35 and data:
            data[min(at, len(data) - 1)] = rng.randrange(256)
        elif roll < 0.6:
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        elif roll < 0.8:
            del data[at:at + rng.randint(1, 20)]
        else:
            data = data[:at]
    return bytes(data)


def lines_of(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def jsonl_maker(records: list[dict]) -> Callable[[random.Random, list, bool], bytes]:
    def make(rng: random.Random, values: list, held_out: bool) -> bytes:
        chosen = [dict(r) for r in rng.sample(records, min(len(records), rng.randint(1, 6)))]
        chosen.sort(key=lambda r: r.get("t", 0) if isinstance(r.get("t"), int | float) else 0)
        index = rng.randrange(len(chosen))
        chosen[index] = hostile_json(rng, values, chosen[index])
        if rng.random() < 0.3 and chosen[index].get("words"):
            chosen[index]["words"] = [hostile_json(rng, values, w) for w in chosen[index]["words"]]
        data = ("\n".join(dump(r) for r in chosen) + "\n").encode("utf-8", "surrogatepass")
        return byte_noise(rng, data) if held_out and rng.random() < 0.5 else data
    return make


def played_journal(folder: Path) -> bytes:
    path = folder / "seed-journal.jsonl"
    session = Session.new(PLAYERS, Rules(), path)
    for i, dice in enumerate([(6, 6, 6), (2, 3, 5), (1, 1, 2), (4, 4, 1), (3, 4, 5)]):
        session.note_heard({"t": float(i), "text": "six six six"}, {"result": "call", "kind": "des"})
        session.hear(Call(CallKind.DES, PLAYERS[i % 3], float(i), dice=dice))
    session.undo(9.0)
    session.finish(10.0)
    session.close()
    return path.read_bytes()


def journal_maker(seed: bytes) -> Callable[[random.Random, list, bool], bytes]:
    lines = seed.decode().splitlines()

    def make(rng: random.Random, values: list, held_out: bool) -> bytes:
        out = list(lines)
        roll = rng.random()
        if roll < 0.5:
            at = rng.randrange(len(out))
            out[at] = dump(hostile_json(rng, values, json.loads(out[at])))
        elif roll < 0.7:
            at = rng.randrange(1, len(out))
            record = json.loads(out[at])
            if "call" in record:
                record["call"] = hostile_json(rng, values, record["call"])
            out[at] = dump(record)
        else:
            out.insert(rng.randrange(1, len(out) + 1), out[rng.randrange(len(out))])
        data = ("\n".join(out) + "\n").encode("utf-8", "surrogatepass")
        if held_out or rng.random() < 0.3:
            data = byte_noise(rng, data)
        return data
    return make


#: a valid value of each rules option: half of the options of a fuzzed file get one
VALID_RULES = {"target": 343, "level": 2, "teams": [["Karadoc", "Perceval"]], "reaction_window_s": 4.0,
               "tie_window_ms": 150, "bevue_penalty": 10, "enabled": ["sirop", "civet"], "ages": {"Karadoc": 35},
               "negative_scores": True, "achat_call": "volette", "aquitaine": False, "sirop_bet_cost": 5,
               "grelottine_caps": "002"}


def rules_maker(rng: random.Random, values: list, held_out: bool) -> bytes:
    body = []
    for key in rng.sample(list(VALID_RULES), rng.randint(1, 4)):
        value = VALID_RULES[key] if rng.random() < 0.5 else rng.choice(values)
        body.append(f"{key} = {toml(value)}")
    data = ("\n".join(body) + "\n").encode("utf-8", "surrogatepass")
    return byte_noise(rng, data) if held_out and rng.random() < 0.5 else data


def toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value) if not isinstance(value, float) or value == value and abs(value) != float("inf") else "nan"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml(v) for v in value if v is not None and not isinstance(v, dict)) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml(v)}" for k, v in value.items()) + " }"
    return '"?"'


def manifest_maker(seed: str) -> Callable[[random.Random, list, bool], bytes]:
    def make(rng: random.Random, values: list, held_out: bool) -> bytes:
        lines = seed.splitlines()
        fields = [i for i, line in enumerate(lines) if " = " in line and not line.startswith("#")]
        for _ in range(rng.randint(1, 3)):
            at = rng.choice(fields)
            key = lines[at].split(" = ")[0]
            lines[at] = f"{key} = {toml(rng.choice(values))}"
        data = ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")
        return byte_noise(rng, data) if held_out and rng.random() < 0.5 else data
    return make


def archive_maker(rng: random.Random, values: list, held_out: bool) -> bytes:
    names = ["m/am/final.mdl", "m/conf/mfcc.conf", "m/conf/model.conf", "m/graph/HCLr.fst", "m/graph/Gr.fst"]
    hostile = ["../evil", "/abs", "m/" + "x" * 300, "m/conf", "m/conf/model.conf/x", "C:/win", "m//double",
               "m/./dot", "é" * 200, "m/conf\\back"]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name in names + rng.sample(hostile, rng.randint(0, 3)):
            size = rng.choice([10, 1000, 3 << 20]) if held_out else 10
            try:
                z.writestr(name, b"\0" * size)
            except (ValueError, UnicodeEncodeError):
                pass
    data = buf.getvalue()
    return byte_noise(rng, data) if rng.random() < 0.4 else data


def cli_maker(rng: random.Random, values: list, held_out: bool) -> bytes:
    calls = str(ROOT / "examples" / "game1_star1.calls.jsonl")
    players = rng.choice(["Karadoc,Perceval", "Léodagan,Leodagan", "?,Karadoc", "A", ",,,", "A:B,C", "x" * 50 + ",y",
                          "Karadoc,Perceval,Léodagan", str(rng.choice(values))])
    argv = ["replay", "--calls", calls, "--players", players, "--json"]
    if rng.random() < 0.4:
        argv += ["--rules", rng.choice([".", "/dev/null", str(ROOT / "README.md"), "absent.toml",
                                        str(ROOT / "examples" / "game4_star2.rules.toml")])]
    if rng.random() < 0.3:
        argv = ["segments", "--audio", "absent.wav", "--ratio", str(rng.choice(values))]
    if held_out and rng.random() < 0.5:
        argv = ["replay", "--calls", rng.choice([calls, ".", "/dev/null"]), "--players", players,
                "--journal", rng.choice(["/dev/null/x.jsonl", ".", str(ROOT / "README.md") + "/j.jsonl"])]
    return json.dumps(argv).encode()


# ── running ──
def run_cli(path: Path) -> None:
    argv = json.loads(path.read_text())
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as err:
        try:
            code = cli_main(argv)
        except SystemExit as exc:  # argparse: exit 2 with its French usage line
            code = exc.code
    if code == 1 and "erreur interne" in err.getvalue():
        raise AssertionError(err.getvalue())  # the catch-all caught a bug of ours: count it as uncaught
    if code not in (0,):
        raise CliRefusal(code)


class CliRefusal(Exception):
    """The command line said no (a French message, an exit code)."""


def run_calls(path: Path) -> None:
    calls = load_call_log(path)
    json.dumps(replay(PLAYERS, calls, Rules())[0].result(), allow_nan=False)


def run_transcript(path: Path) -> None:
    for utterance in load_transcript(path):
        json.dumps(utterance.to_json(), allow_nan=False)


def run_journal(path: Path) -> None:
    session, _ = Session.resume(path)
    json.dumps(session.result(), allow_nan=False)
    session.close()


def run_archive(path: Path) -> None:
    target = path.with_suffix(".unpack")
    shutil.rmtree(target, ignore_errors=True)  # each archive unpacks into an empty folder, as fetch does
    target.mkdir()
    try:
        check_archive(path)
        safe_extract(path, target)
    finally:
        shutil.rmtree(target, ignore_errors=True)


def boundaries(folder: Path) -> list[Boundary]:
    transcripts = [r for p in sorted(ROOT.glob("examples/*.transcript.jsonl")) for r in lines_of(p)]
    calls = [r for p in sorted(ROOT.glob("examples/*.calls.jsonl")) for r in lines_of(p)]
    return [
        Boundary("transcription", jsonl_maker(transcripts), run_transcript, (TranscriptError,)),
        Boundary("journal d'annonces", jsonl_maker(calls), run_calls, (LogError,)),
        Boundary("journal de partie", journal_maker(played_journal(folder)), run_journal, (JournalError,)),
        Boundary("règles", rules_maker, lambda p: Rules.load(p), (RulesError,)),
        Boundary("manifeste", manifest_maker((ROOT / "models" / "manifest.toml").read_text()),
                 lambda p: load_manifest(p), (ModelFetchError,)),
        Boundary("archive de modèle", archive_maker, run_archive, (ModelFetchError,)),
        Boundary("ligne de commande", cli_maker, run_cli, (CliRefusal,)),
    ]


def fuzz(boundary: Boundary, count: int, seed: int, values: list, held_out: bool, folder: Path) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    path = folder / f"input-{boundary.name.replace(' ', '_')}"
    for _ in range(count):
        data = boundary.make(rng, values, held_out)
        path.write_bytes(data)
        tally.tried += 1
        start = time.perf_counter()
        try:
            boundary.run(path)
        except boundary.expected:
            tally.rejected += 1
        except Exception as exc:  # noqa: BLE001 - what the bench counts
            tally.uncaught += 1
            frame = traceback.extract_tb(exc.__traceback__)[-1]
            tally.places[f"{type(exc).__name__} {Path(frame.filename).name}:{frame.lineno}"] += 1
        elapsed = (time.perf_counter() - start) * 1000
        if len(data) <= 10_240:
            tally.slowest_ms = max(tally.slowest_ms, elapsed)
            tally.times_ms.append(elapsed)
    return tally


def report(name: str, split: str, t: Tally) -> None:
    print(f"{name:<20} {split:<9} essais {t.tried:>6}  refusés {t.rejected:>6}  non rattrapées {t.uncaught:>4}"
          f"  99e centile {t.p99_ms:6.1f} ms  plus lent {t.slowest_ms:7.1f} ms")
    for place, n in t.places.most_common(5):
        print(f"    {n:>5} × {place}")


def kill_trials(n: int, folder: Path) -> None:
    from killing import run_trial

    lost = bad = printed = 0
    t0 = time.perf_counter()
    for seed in range(n):
        trial = run_trial(folder, 1000 + seed)
        printed += trial.printed
        lost += trial.logged < trial.printed
        bad += not (trial.scores == trial.again and trial.kept and trial.shown == trial.folded)
    print(f"kill -9 : {n} essais, {printed} annonces affichées, essais avec un enregistrement perdu : {lost},"
          f" reprises différentes : {bad} ({time.perf_counter() - t0:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=10_000, help="inputs per boundary (30 %% of them held out)")
    parser.add_argument("--kill", type=int, default=0, help="kill -9 trials of a live game (100 for the figure)")
    parser.add_argument("--only", default="", help="boundaries to fuzz, by the start of their name")
    args = parser.parse_args()
    held = args.count * 3 // 10
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        total_uncaught = 0
        for boundary in boundaries(folder):
            if args.only and not any(boundary.name.startswith(o) for o in args.only.split(",")):
                continue
            if not args.count:
                continue
            tuned = fuzz(boundary, args.count - held, 1, TUNED_VALUES, False, folder)
            out = fuzz(boundary, held, 2, HELD_OUT_VALUES + TUNED_VALUES[:5], True, folder)
            report(boundary.name, "réglé", tuned)
            report(boundary.name, "réservé", out)
            total_uncaught += tuned.uncaught + out.uncaught
        print(f"total des exceptions non rattrapées : {total_uncaught}")
        if args.kill:
            kill_trials(args.kill, folder)


if __name__ == "__main__":
    main()
