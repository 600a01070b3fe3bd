"""The matcher's cheaper search paths find exactly what the full comparison finds.

Speed is not tested here (benchmarks measure it: ``bench/bench_understand_speed.py``); what is tested is
that each shortcut changes nothing: the same shapes shortlisted, in the same order, as comparing every
shape.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from voice_scribe.understand.normalize import token_pairs


def _every_shape_compared(keys: list[str], code: str, limit: int) -> list[int]:
    """The shortlist as worked out before the index: every shape's distance, a stable sort."""
    row = process.cdist([code], keys, scorer=Levenshtein.normalized_distance, workers=1, dtype=np.float64)[0]
    nearest = [int(i) for i in np.argsort(row, kind="stable")[:limit]]
    return [i for i in nearest if row[i] <= 0.5] or nearest


def _codes(matcher, rng: random.Random) -> list[str]:
    """Heard shapes of every sort: templates' own shapes cut and mixed with others' characters, characters
    no shape has (unknown words), the empty shape, long ones."""
    keys = matcher.shortlist.group_keys
    alphabet = sorted(set("".join(keys))) + ["\ue123", "?"]
    codes = ["", "N", "P", "?", "\ue123" * 12]
    for _ in range(600):
        key = rng.choice(keys)
        cut = rng.randint(0, len(key))
        noise = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 6)))
        codes.append(key[:cut] + noise + key[rng.randint(cut, len(key)) :])
        codes.append("".join(rng.choice(alphabet) for _ in range(rng.randint(1, 30))))
    return codes


@pytest.mark.parametrize("limit", [1, 4, 10])
def test_shortlist_index_finds_what_comparing_every_shape_finds(matcher, limit):
    rng = random.Random(limit)
    keys = matcher.shortlist.group_keys
    codes = _codes(matcher, rng)
    found = matcher.shortlist.shapes.nearest(codes, [limit] * len(codes))
    assert found == [_every_shape_compared(keys, code, limit) for code in codes]


def test_shortlist_index_with_a_limit_per_query(matcher):
    """One call with several queries and their own limits: each as if asked alone."""
    heard = [matcher.shortlist.encode_heard(matcher.canonical(token_pairs(text))) for text in (
        "pas mou le caillou", "t'as vu cette chouette", "civet de trente sur une chouette", "je sirote",
        "passe moi les dés s'il te plaît", "grelottine sur Karadoc une velute pour douze",
    )]
    limits = [10, 4, 4, 10, 4, 10]
    assert matcher.shortlist.shapes.nearest(heard, limits) == [
        _every_shape_compared(matcher.shortlist.group_keys, code, limit) for code, limit in zip(heard, limits)
    ]


def test_lower_bound_is_never_over_the_distance(matcher):
    rng = random.Random(7)
    keys = matcher.shortlist.group_keys
    for code in _codes(matcher, rng)[:200]:
        bounds = matcher.shortlist.shapes.lower_bounds(code)
        row = process.cdist([code], keys, scorer=Levenshtein.normalized_distance, workers=1, dtype=np.float64)[0]
        assert np.all(bounds <= row + 1e-12)


def _sound_distance_by_the_table(heard: str, said: str, supplied: float = 1.0) -> float:
    """The phonetic distance written plainly: the whole table, each cell the cheapest of its three moves."""
    from voice_scribe.understand.phonetics import _LIGHT, _NEAR

    table = [[0.0] * (len(said) + 1) for _ in range(len(heard) + 1)]
    for k, s in enumerate(said, 1):
        table[0][k] = table[0][k - 1] + _LIGHT.get(s, 1.0) * supplied
    for i, h in enumerate(heard, 1):
        table[i][0] = table[i - 1][0] + _LIGHT.get(h, 1.0)
        for k, s in enumerate(said, 1):
            table[i][k] = min(
                table[i - 1][k] + _LIGHT.get(h, 1.0),
                table[i][k - 1] + _LIGHT.get(s, 1.0) * supplied,
                table[i - 1][k - 1] + (0.0 if h == s else _NEAR.get((h, s), 1.0)),
            )
    return table[-1][-1]


def test_sound_distance_is_the_plain_table():
    from voice_scribe.understand.phonetics import phonemes, sound_distance

    rng = random.Random(11)
    sounds = "aE@iyUo123pbtdkgfvszSZmnlRJW"
    pairs = [(phonemes("bizarre et"), phonemes("bi jarret")), (phonemes("lit note"), phonemes("linotte")), ("", "aE"), ("a", "")]
    for _ in range(400):
        heard = "".join(rng.choice(sounds) for _ in range(rng.randint(0, 25)))
        said = "".join(rng.choice(sounds) for _ in range(rng.randint(0, 25)))
        pairs.append((heard, said))
        pairs.append((heard, heard[: len(heard) // 2] + rng.choice(sounds) + heard[len(heard) // 2 + 1 :]))
    for heard, said in pairs:
        for supplied in (1.0, 0.0):
            assert sound_distance(heard, said, supplied) == pytest.approx(_sound_distance_by_the_table(heard, said, supplied), abs=1e-9)
