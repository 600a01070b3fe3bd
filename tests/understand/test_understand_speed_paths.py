"""The eighth round's speed paths give the answers of the plain ones: the sound distance stopped over a limit,
the readings by sound whose distance is not worked out to the end, the shapes compared first."""

from __future__ import annotations

import random

import numpy as np
import pytest

from voice_scribe.understand import by_sound as by_sound_module
from voice_scribe.understand.phonetics import phonemes, sound_distance
from voice_scribe.understand.shortlist import _lowest

_SOUNDS = "aE@iyUo123pbtdkgfvszSZmnlRJW"


def test_sound_distance_under_its_limit_is_the_distance_and_over_it_a_bound():
    rng = random.Random(8)
    for _ in range(600):
        heard = "".join(rng.choice(_SOUNDS) for _ in range(rng.randint(0, 25)))
        said = "".join(rng.choice(_SOUNDS) for _ in range(rng.randint(0, 25)))
        exact = sound_distance(heard, said)
        limit = rng.uniform(0.0, 12.0)
        got = sound_distance(heard, said, limit=limit)
        if exact <= limit:
            assert got == exact
        else:
            assert limit < got <= exact + 1e-12


def test_sound_distance_stops_early_only_when_over():
    # « linotte » heard as « lit note »: the same sounds, distance 0 whatever the limit
    assert sound_distance(phonemes("lit note"), phonemes("linotte"), limit=0.0) == 0.0
    assert sound_distance("aaaaaaaa", "tttttttt", limit=2.0) > 2.0


@pytest.mark.parametrize("first", [1, 5, 128, 400])
def test_the_shapes_compared_first_have_the_lowest_bounds(first):
    rng = np.random.default_rng(first)
    bounds = rng.choice([0.0, 0.25, 1 / 3, 0.5, 2 / 3, 0.75, 1.0], size=1000)
    chosen = _lowest(bounds, first)
    assert len(chosen) == min(first, len(bounds)) and len(set(chosen.tolist())) == len(chosen)
    left = np.setdiff1d(np.arange(len(bounds)), chosen)
    assert bounds[chosen].max() <= bounds[left].min()
    assert len(_lowest(bounds[:3], 10)) == 3


_FREE_DECODING = (
    "bergère on nette", "civet de trente sur une fuite", "lit note", "grelottine sur un vin", "bizarre et",
    "qui jette", "bé jarret", "quichage léo dans", "passe gros lot Léodagan", "la dernière fois j'ai crié pas mou",
    "cul deux chouettes", "il a pas dit mécréant il a dit méchant", "chou est te de quatre", "tiens jette de cinq",
    "pour doux", "une hisse on", "la notte", "sloubi un sloubi deux", "cadre et cadre", "trois sans quarante",
    "civet de sang deux sur une velute", "je relance pour doute",
)


def test_readings_by_sound_are_those_of_every_distance_worked_out(matcher, monkeypatch):
    cut = [matcher.understand(text, speaker="Karadoc").to_json() for text in _FREE_DECODING]
    plain = sound_distance

    def to_the_end(heard, said, supplied=1.0, unrelated=1.0, limit=float("inf")):
        return plain(heard, said, supplied, unrelated)

    monkeypatch.setattr(by_sound_module, "sound_distance", to_the_end)
    assert [matcher.understand(text, speaker="Karadoc").to_json() for text in _FREE_DECODING] == cut
