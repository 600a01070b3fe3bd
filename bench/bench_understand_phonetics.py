"""The scribe's French letter-to-sound rules measured against espeak-ng, an independent phonetiser.

``voice_scribe.understand.phonetics`` turns written French into sounds with a few rules, so that free decoding
(« la notte » for « linotte ») is read by sound. espeak-ng (``--ipa -q -v fr``, installed by
``scripts/setup.sh``) was written by other people for other purposes: its reading of every word of the grammar
and of the corpus' damaged lines, mapped onto the same sound symbols, says how far the rules are from a real
French phonetiser — and what espeak-ng would cost at run time instead.

    .venv/bin/python bench/bench_understand_phonetics.py [--show 20]

Prints: words compared, the share read the same, the mean weighted sound distance per sound, the words
farthest apart, and the CPU cost of one word by the rules against one espeak-ng process per utterance.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from voice_scribe.engine.rules import Rules  # noqa: E402
from voice_scribe.understand import load_grammar  # noqa: E402
from voice_scribe.understand.phonetics import sound_distance, word_phonemes  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "understand"
#: espeak-ng's IPA for French onto the scribe's sound symbols (phonetics.py's table).
_IPA = [
    ("ɑ̃", "1"), ("ɔ̃", "2"), ("ɛ̃", "3"), ("œ̃", "3"), ("ɑ", "a"), ("a", "a"), ("e", "E"), ("ɛ", "E"), ("ə", "@"),
    ("ø", "@"), ("œ", "@"), ("i", "i"), ("y", "y"), ("u", "U"), ("o", "o"), ("ɔ", "o"), ("ʃ", "S"), ("ʒ", "Z"),
    ("ɲ", "N"), ("ŋ", "N"), ("ʁ", "R"), ("r", "R"), ("j", "J"), ("w", "W"), ("ɥ", "W"), ("ɡ", "g"),
]
_KEEP = set("pbtdkgfvszmnl")


def ipa_to_symbols(ipa: str) -> str:
    """espeak-ng's IPA of one word → the scribe's symbols (stress, length and pauses dropped)."""
    ipa = re.sub(r"\(\w+\)|[ˈˌː\-\s]", "", ipa)  # « (en) … (fr) »: a word read as English
    out, i = [], 0
    while i < len(ipa):
        for src, dst in _IPA:
            if ipa.startswith(src, i):
                out.append(dst)
                i += len(src)
                break
        else:
            if ipa[i] in _KEEP:
                out.append(ipa[i])
            i += 1
    return "".join(out)


def vocabulary() -> list[str]:
    """Every word of the grammar as written (accents kept), and every word of the corpus' damaged lines."""
    words: set[str] = set()
    for t in load_grammar(Rules()).templates:
        words.update(w for w in t.surface if not w.startswith("{"))
    for folder in (DATA, DATA / "writer2"):  # the tune lines only: the held-out ones are read by their bench only
        path = folder / "damaged.jsonl"
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                words.update(re.findall(r"[a-zàâäéèêëîïôöûùüçœæ]+", json.loads(line)["text"].lower()))
    return sorted(w for w in words if len(w) > 1 and "'" not in w)


def espeak(words: list[str]) -> list[str]:
    """One espeak-ng run over all the words (one line each, a full stop makes each its own sentence)."""
    out = subprocess.run(
        ["espeak-ng", "-q", "--ipa", "-v", "fr"], input="\n".join(w + "." for w in words),
        capture_output=True, text=True, check=True,
    ).stdout.splitlines()
    return [line.strip() for line in out if line.strip()]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--show", type=int, default=20, help="print this many words read farthest apart")
    args = ap.parse_args(argv)
    if shutil.which("espeak-ng") is None:
        print("espeak-ng n'est pas installé (scripts/setup.sh l'installe) : rien à comparer")
        return 2
    words = vocabulary()
    heard = espeak(words)
    if len(heard) != len(words):
        print(f"espeak-ng returned {len(heard)} lines for {len(words)} words: not compared")
        return 1
    rows = []
    for word, ipa in zip(words, heard):
        ours, theirs = word_phonemes(word), ipa_to_symbols(ipa)
        rows.append((sound_distance(ours, theirs) / max(len(theirs), 1), word, ours, theirs))
    same = sum(d == 0 for d, *_ in rows)
    print(f"{len(rows)} words (grammar + tune damaged lines): read the same {100 * same / len(rows):.1f} %, "
          f"mean distance {sum(d for d, *_ in rows) / len(rows):.3f} per sound")
    for d, word, ours, theirs in sorted(rows, reverse=True)[: args.show]:
        print(f"    {d:.2f}  {word:<18} rules {ours:<14} espeak {theirs}")
    c = time.process_time()
    for _ in range(20):
        word_phonemes.cache_clear()
        for w in words:
            word_phonemes(w)
    per_word = (time.process_time() - c) / (20 * len(words)) * 1e6
    t = time.perf_counter()
    for w in words[:20]:
        espeak([w])
    per_call = (time.perf_counter() - t) / 20 * 1000
    print(f"\ncost: the rules {per_word:.1f} µs CPU per word (uncached); espeak-ng {per_call:.1f} ms wall per call "
          "(a process per utterance: over the 5 ms the whole matching may take)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
