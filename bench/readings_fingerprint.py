"""A fingerprint of the matcher's readings: every corpus line read, one line of output per utterance.

    .venv/bin/python bench/readings_fingerprint.py OUT_FILE

Reads every utterance ``bench_understand_corpus.py`` reads (tune and held-out files alike, in its order,
through ``bench_understand_speed.asks_of``) and writes, per utterance, its column, file and index, the hash
of its reading (kind, arguments, accepted / asks back / refused) and of its whole answer (cost, reason,
candidates). Tune utterances also get their reading in clear; held-out ones only hashes, so the file can be
diffed after a speed change without anyone reading a held-out line. Prints one hash and the counts per
column. Write ``OUT_FILE`` outside the repository.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_understand_corpus import ROSTER, SPLITS  # noqa: E402
from bench_understand_speed import FILES, asks_of, reading, whole  # noqa: E402

from voice_scribe.engine.rules import Rules  # noqa: E402
from voice_scribe.understand import Matcher, load_grammar  # noqa: E402


def _h(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    out = Path(argv[0])
    matchers = (Matcher(load_grammar(Rules()), ROSTER), Matcher(load_grammar(Rules(achat_call="volette")), ROSTER))
    lines: list[str] = []
    for split in SPLITS:
        column = hashlib.sha256()
        count = 0
        for name in FILES:
            for i, ask in enumerate(asks_of(name, split, matchers)):
                u = matchers[ask.variant].understand(ask.text, speaker=ask.speaker)
                r, w = reading(u), whole(u)
                clear = f"\t{ask.text!r} -> {r}" if split.startswith("tune") else ""
                lines.append(f"{split}\t{name}\t{i}\t{_h(r)}\t{_h(w)}{clear}")
                column.update((r + "\n" + w + "\n").encode())
                count += 1
        print(f"{split:<18} {count:>5} utterances  {column.hexdigest()[:16]}")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
