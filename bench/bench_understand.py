"""Noisy-speech benchmark of the understanding layer.

A corpus generated from the grammar (seeded RNG) with ASR-like damage —
sound-alike spellings, dropped and inserted short words, split and merged
words, ``[unk]``, a leading speaker name, names not at the table — plus table
chatter that is not a call. Prints accuracy, wrong-accept and false-accept
rates and matching time per utterance (p50/p99).

    .venv/bin/python bench/bench_understand.py [--n 3000] [--seed 7]

Targets (issue 3): ≥ 95 % of calls understood, ≤ 1 % of chatter accepted, p99 < 5 ms. The time target is
judged on process CPU time, as ``bench_understand_corpus.py`` does: on a shared machine the wall clock also
counts the time other processes held the CPU; both are printed.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TypeVar
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from voice_scribe.engine.rules import Rules  # noqa: E402
from voice_scribe.understand import Matcher, ResultKind, Roster, Thresholds, load_grammar  # noqa: E402
from voice_scribe.understand.grammar import FILLERS, Template  # noqa: E402
from voice_scribe.understand.numbers import spell  # noqa: E402

ROSTER = Roster.parse("Karadoc,Perceval,Léodagan,Bohort,Lancelot")
STRANGERS = ["Gauvain", "Yvain", "Merlin", "Arthur", "Guenièvre", "Venec"]
DIE = ["un", "deux", "trois", "quatre", "cinq", "six"]

# French sound-alike spellings an ASR (or a typist) produces.
SOUNDALIKES = {
    "caillou": ["cailloux", "caillous"],
    "grelotte": ["grelote", "grellotte"],
    "ça": ["sa", "ca"],
    "picote": ["picotte", "piquote"],
    "sirote": ["sirotte", "si rote"],
    "velutée": ["velutée", "veluttée", "ve lutée"],
    "velute": ["vélute", "ve lute", "velutte"],
    "chouette": ["chouettes", "chouète"],
    "bières": ["bière", "biaires"],
    "bretonnes": ["bretonne", "bretones"],
    "fruits": ["fruit", "fruis"],
    "achète": ["achette", "achètes"],
    "canard": ["canar", "quanard"],
    "jarret": ["jaret", "jarrets"],
    "bûches": ["buches", "bûche"],
    "flans": ["flan", "flancs"],
    "païen": ["payen", "paien"],
    "mécréant": ["mécréan", "mécréants"],
    "misérable": ["miserable", "misérables"],
    "poulette": ["poulète", "poulettes"],
    "grelot": ["grelots", "grelo"],
    "sirop": ["siro", "sirops"],
    "civet": ["civé", "civets"],
    "filoché": ["filochée", "filocher"],
    "doublé": ["doubler", "doublée"],
    "tichette": ["tichète", "tichettes"],
    "bichette": ["bichète"],
    "quichette": ["quichète"],
    "résiné": ["résinée", "résiner"],
    "raitournelle": ["ritournelle", "rètournelle"],
    "salsifi": ["salsifis"],
    "mignonne": ["mignone", "mignonnes"],
    "oiseau": ["oiseaux", "oizeau"],
    "linette": ["linète"],
    "souple": ["souples"],
    "sifflet": ["sifflé", "siflet"],
    "relance": ["relances"],
    "graines": ["graine", "grène"],
    "moisissure": ["moisissures"],
    "scores": ["score"],
}
# Sound-preserving spelling changes (what an ASR with another lexicon writes).
RESPELL = [
    ("tt", "t"), ("ll", "l"), ("nn", "n"), ("rr", "r"),
    ("é$", "er"), ("é$", "ez"), ("é$", "ée"), ("è", "ai"), ("ai", "è"), ("au", "o"), ("o(?!u)", "au"),
    ("qu", "k"), ("c(?=[aou])", "k"), ("ette", "ète"), ("(?<=[aeiou])s(?=[aeiou])", "z"), ("an(?=[^aeiouyn])", "en"),
    ("in", "ain"),
]
INSERTS = ["euh", "alors", "bon", "hein", "ben", "oh", "et"]
CHATTER = [
    "passe moi le sel",
    "tu veux une bière",
    # « c'est à qui de jouer » was here: it is the table asking whose turn it is (TableCommand.TOUR), as
    # the independent corpus (bench/data/understand/) says it
    "il fait chaud ici",
    "on mange quoi ce soir",
    "attends je reviens",
    "t'as vu le match hier",
    "ferme la fenêtre s'il te plaît",
    "qui veut du café",
    "j'ai plus de batterie",
    "mais non c'est pas vrai",
    "arrête de tricher",
    "tu peux me passer les dés",
    "bon on y va",
    "j'en ai marre de perdre",
    "c'est n'importe quoi",
    "encore une partie",
    "il est quelle heure",
    "tu rigoles",
    "la chouette de mon voisin",
    "ma grand mère faisait des flans",
    "on joue au tarot après",
    "tu me dois dix euros",
    "c'est ton tour de payer",
    "la pizza arrive",
    "il pleut dehors",
    "allez vas-y lance",
    "je sais pas compter",
    "où sont les toilettes",
    "passe le pain",
    "tu as triché",
    "je vais me coucher",
    "quelle chaleur",
    "regarde ce chat",
    "je prends une autre bière",
    "c'est pas juste",
    "t'es sûr",
    "non mais franchement",
    "ok d'accord",
    "vas-y",
    # chatter made of game words
    "il a fait une chouette hier",
    "j'adore le civet de lapin",
    "t'as vu la mouette sur le toit",
    "c'est une suite logique",
    "je vais relancer le chauffage",
    "le sirop de grenadine est fini",
    "ce jeu est un vrai flan",
    "le cul de la bouteille",
    "encore un néant pour moi",
    "quelle bévue mon pauvre",
    "Karadoc tu exagères",
    "Perceval arrête",
    "la grelottine c'est nul",
    "trois fois rien",
    "six bières s'il vous plaît",
]


def fill(template: Template, rng: random.Random) -> tuple[str, dict]:
    """A sentence for the template with random slot values, and the fields expected."""
    words: list[str] = []
    expected: dict = {}
    dice: list[int] = []
    for w in template.surface:
        if w == "{player}":
            name = rng.choice(ROSTER.players)
            words.append(name)
            expected["target"] = name
        elif w == "{number}":
            n = rng.randint(0, 102) if rng.random() < 0.8 else rng.choice([343, 342, 634, 666, 163])
            words.append(spell(n))
            expected["number"] = n
        elif w == "{die}":
            d = rng.randint(1, 6)
            dice.append(d)
            words.append(DIE[d - 1])
        else:
            words.append(w)
    for name, value in template.values:
        if name == "bird":
            expected["number"] = int(value)
        elif name in ("combination", "item", "rule"):
            expected[name] = value
        elif name == "max_stake":
            expected["max_stake"] = True
    if dice:
        expected["dice"] = tuple(dice)
    return " ".join(words), expected


def respell(word: str, rng: random.Random) -> str:
    options = [(a, b) for a, b in RESPELL if re.search(a, word)]
    if not options or len(word) < 4:
        return word
    a, b = rng.choice(options)
    return re.sub(a, b, word, count=1)


def damage(text: str, rng: random.Random) -> str:
    words = text.split()
    for _ in range(rng.choice([0, 1, 1, 2])):
        op = rng.random()
        i = rng.randrange(len(words))
        w = words[i]
        if op < 0.35 and w in SOUNDALIKES:
            words[i] = rng.choice(SOUNDALIKES[w])
        elif op < 0.5 and w in FILLERS and w not in DIE and len(words) > 2:
            del words[i]
        elif op < 0.65:
            words.insert(rng.randrange(len(words) + 1), rng.choice(INSERTS))
        elif op < 0.75 and len(w) >= 6 and w.isalpha():
            k = rng.randrange(2, len(w) - 2)
            words[i] = w[:k] + " " + w[k:]
        elif op < 0.85 and i + 1 < len(words) and words[i] in FILLERS and w not in DIE and words[i + 1] not in DIE:
            words[i] = w + words.pop(i + 1)
        elif op < 0.95 and w in FILLERS and w not in DIE:
            words[i] = "[unk]"
        elif w in SOUNDALIKES:
            words[i] = rng.choice(SOUNDALIKES[w])
        elif w[0].islower() and w not in DIE:
            words[i] = respell(w, rng)
    return " ".join(words)


def correct(u, template: Template, expected: dict) -> bool:
    if not u.accepted:
        return False
    got = u.call or u.command
    if got.kind is not template.target:
        return False
    names = ("number", "combination", "target", "dice", "max_stake", "item", "rule")
    for name in names:
        if not hasattr(got, name):
            continue
        if getattr(got, name) != expected.get(name, False if name == "max_stake" else None):
            return False
    return True


T = TypeVar("T")
TIME_TARGET_MS = 5.0  # p99 of process CPU time per utterance


@dataclass
class Timings:
    """Wall-clock and process CPU time of each timed call, in seconds."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def time(self, work: Callable[[], T]) -> T:
        t, c = time.perf_counter(), time.process_time()
        result = work()
        self.cpu.append(time.process_time() - c)
        self.wall.append(time.perf_counter() - t)
        return result

    @staticmethod
    def percentiles(times: list[float]) -> tuple[float, float]:
        """p50 and p99 in milliseconds."""
        if not times:
            return 0.0, 0.0
        ordered = sorted(times)
        return statistics.median(ordered) * 1000, ordered[int(len(ordered) * 0.99)] * 1000

    def line(self) -> str:
        (c50, c99), (w50, w99) = self.percentiles(self.cpu), self.percentiles(self.wall)
        return f"matching time per utterance: CPU p50 {c50:.2f} ms  p99 {c99:.2f} ms (wall p50 {w50:.2f} ms  p99 {w99:.2f} ms)"

    def on_target(self) -> bool:
        return self.percentiles(self.cpu)[1] < TIME_TARGET_MS


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--show", type=int, default=0, help="print this many failures")
    ap.add_argument("--accept", type=float, default=None, help="override Thresholds.accept")
    ap.add_argument("--margin", type=float, default=None, help="override Thresholds.margin")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    t0 = time.perf_counter()
    thresholds = Thresholds()
    if args.accept is not None:
        thresholds = replace(thresholds, accept=args.accept)
    if args.margin is not None:
        thresholds = replace(thresholds, margin=args.margin)
    matcher = Matcher(load_grammar(Rules()), ROSTER, thresholds)
    build_ms = (time.perf_counter() - t0) * 1000
    # out of context: a phrase only heard while the game allows it (« pour dix » alone) is not drawn
    templates = [t for t in matcher.grammar.templates if not t.needs_state]
    timings = Timings()
    counts = {"calls": 0, "ok": 0, "wrong": 0, "ambiguous": 0, "rejected": 0}
    failures: list[str] = []
    for _ in range(args.n):
        template = rng.choice(templates)
        text, expected = fill(template, rng)
        noisy = damage(text, rng)
        if rng.random() < 0.2:
            noisy = rng.choice(ROSTER.players) + " " + noisy
        u = timings.time(partial(matcher.understand, noisy, speaker=None))
        counts["calls"] += 1
        if correct(u, template, expected):
            counts["ok"] += 1
        elif u.accepted:
            counts["wrong"] += 1
            failures.append(f"WRONG  {noisy!r} -> {u.to_json()} (attendu {template.target.name} {expected})")
        elif u.kind is ResultKind.AMBIGUOUS:
            counts["ambiguous"] += 1
            failures.append(f"AMBIG  {noisy!r} -> {u.reason}")
        else:
            counts["rejected"] += 1
            failures.append(f"REJECT {noisy!r} -> {u.reason}")
    # names not at the table must never become one of the table
    strangers = stranger_ok = 0
    for template in [t for t in templates if "player" in t.slot_kinds]:
        text, expected = fill(template, rng)
        text = text.replace(expected["target"], rng.choice(STRANGERS))
        u = matcher.understand(text)
        strangers += 1
        got = u.call or u.command
        stranger_ok += not (u.accepted and getattr(got, "target", None) in ROSTER.players)
    # chatter, plain and damaged
    chatter = [c for c in CHATTER] + [damage(c, rng) for c in CHATTER for _ in range(10)]
    false_accepts = []
    for c in chatter:
        u = timings.time(partial(matcher.understand, c))
        if u.accepted:
            false_accepts.append(f"{c!r} -> {u.to_json()}")
    n = counts["calls"]
    print(f"grammar: {len(templates)} templates, matcher built in {build_ms:.0f} ms")
    print(
        f"calls: {n}  understood {100 * counts['ok'] / n:.1f} %  wrong {100 * counts['wrong'] / n:.2f} %"
        f"  ambiguous {100 * counts['ambiguous'] / n:.1f} %  rejected {100 * counts['rejected'] / n:.1f} %"
    )
    print(f"names not at the table: {strangers}, never turned into a player of the table: {100 * stranger_ok / strangers:.1f} %")
    print(f"chatter: {len(chatter)}  accepted {100 * len(false_accepts) / len(chatter):.2f} %")
    print(timings.line())
    for line in (failures + false_accepts)[: args.show]:
        print("  ", line)
    ok = counts["ok"] / n >= 0.95 and len(false_accepts) / len(chatter) <= 0.01 and timings.on_target()
    print("targets met" if ok else "targets NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
