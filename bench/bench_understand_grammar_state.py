"""Does a Vosk grammar that follows the game state help? What can be measured without a French model.

No French Vosk model exists on this machine, so no recognition accuracy is
measured here (none is faked). What a state-following grammar changes, and
what is measured: the number of phrases and of distinct words the recogniser
must choose among, per moment of the game (the real engine's ``now()``), next
to the full grammar sent out of context. Fewer competing phrases and words is
what makes a grammar-constrained decoder confuse less; how much less needs a
French model and recorded shouts.

    .venv/bin/python bench/bench_understand_grammar_state.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from voice_scribe.engine.calls import Call, CallKind  # noqa: E402
from voice_scribe.engine.game import Game  # noqa: E402
from voice_scribe.engine.rules import Rules  # noqa: E402
from voice_scribe.understand import Roster, load_grammar, vosk_phrases  # noqa: E402

K = CallKind
PLAYERS = ["Karadoc", "Perceval", "Léodagan", "Yvain"]


def moments(level: int) -> list[tuple[str, Game]]:
    """A few moments of a real game, reached by playing calls."""
    rules = Rules.from_dict({"level": level})
    out = [("start of game", Game(PLAYERS, rules))]
    reaction = Game(PLAYERS, rules)
    reaction.apply(Call(K.DES, "Karadoc", 1.0, dice=(2, 2, 4)))  # a Chouette-Velute
    out.append(("reaction to a Chouette-Velute", reaction))
    sirop = Game(PLAYERS, rules)
    sirop.apply(Call(K.CHOUETTES, "Karadoc", 1.0, dice=(4, 4)))
    sirop.apply(Call(K.CUL, "Karadoc", 1.5, dice=(2,)))
    sirop.apply(Call(K.JE_SIROTE, "Karadoc", 1.8))
    out.append(("sirop bets", sirop))
    chouettes = Game(PLAYERS, rules)
    chouettes.apply(Call(K.DES, "Karadoc", 1.0, dice=(1, 3, 6)))
    chouettes.apply(Call(K.SUIVANT, "Karadoc", 1.2))
    out.append(("next player's throw", chouettes))
    return out


def words_of(phrases: list[str]) -> int:
    return len({w for p in phrases for w in p.split()})


def main() -> int:
    roster = Roster.of(PLAYERS)
    for level in (1, 4):
        grammar = load_grammar(Rules.from_dict({"level": level}))
        full = vosk_phrases(grammar, roster)
        print(f"level {level}: full grammar {len(full)} phrases, {words_of(full)} words")
        for name, game in moments(level):
            t = time.perf_counter()
            now = game.now()
            phrases = vosk_phrases(grammar, roster, sayable=now.allows)
            ms = (time.perf_counter() - t) * 1000
            kinds = sorted({c.kind.value for c in now.legal})
            print(
                f"  {name:<30} {len(phrases):5} phrases ({100 * len(phrases) / len(full):4.1f} %),"
                f" {words_of(phrases):4} words  [{len(kinds)} kinds legal; now() + phrases {ms:.0f} ms]"
            )
    print("recognition accuracy with a state-following grammar: not measured (no French model on this machine)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
