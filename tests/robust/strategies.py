"""Hypothesis strategies for hostile input: JSON values of every type, records with the right keys
and wrong values, and the values a parser takes but no field of ours may hold (NaN, 1e999, 10**400)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from([0, 1, -1, 2**63, 10**400, 6, 7]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.sampled_from(["", "?", "Karadoc", "Perceval", "des", "cul", "chouette", "../x", "é" * 3, "\udcc3"]),
)

JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                      max_size=4), max_leaves=12)

UTTERANCE_KEYS = ("t", "text", "speaker", "end", "words", "channel", "loudness_ratio", "ambiguous", "energy_onset")
CALL_KEYS = ("t", "kind", "player", "dice", "number", "target", "combination", "max_stake", "hidden")
WORD = st.dictionaries(st.sampled_from(["word", "start", "end", "conf"]), JSON, max_size=4)


def record(keys: tuple[str, ...], good: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """A good record with some of its fields replaced by anything (or removed)."""
    changes = st.dictionaries(st.sampled_from(keys), JSON | st.lists(WORD, max_size=3), max_size=len(keys))
    drops = st.sets(st.sampled_from(keys), max_size=2)
    return st.builds(lambda c, d: {k: v for k, v in {**good, **c}.items() if k not in d}, changes, drops)


def line(value: Any) -> str:
    """A JSON line as a careless writer would make it (NaN and Infinity literals included)."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (ValueError, OverflowError):
        return "{}"


def write_lines(path, records: list) -> object:  # noqa: ANN001 - a pathlib.Path
    """Write ``records`` as a JSON-lines file (lone surrogates kept as the bytes a careless writer makes)."""
    path.write_text("\n".join(line(r) for r in records) + "\n", encoding="utf-8", errors="surrogatepass")
    return path
