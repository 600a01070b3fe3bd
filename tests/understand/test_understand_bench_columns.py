"""The corpus benchmark finds its held-out writers by folder: one column each, a missing folder absent."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import bench_understand_corpus as corpus  # noqa: E402


def _write(folder: Path, name: str = "natural.jsonl") -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text('{"id": "x"}\n', encoding="utf-8")


def test_every_heldout_folder_is_a_column(tmp_path: Path) -> None:
    _write(tmp_path)
    _write(tmp_path / "heldout")
    _write(tmp_path / "heldout" / "writer2", "chatter.jsonl")
    _write(tmp_path / "heldout" / "writer10")
    _write(tmp_path / "heldout" / "writer3")
    columns = corpus.discover(tmp_path)
    assert list(columns) == ["tune", "heldout", "heldout/writer2", "heldout/writer3", "heldout/writer10"]
    assert [title for title, _ in columns.values()] == [
        "tune (both writers)", "held-out writer 1", "held-out writer 2", "held-out writer 3", "held-out writer 10",
    ]
    assert columns["heldout/writer3"][1] == (tmp_path / "heldout" / "writer3",)
    assert columns["tune"][1] == (tmp_path, tmp_path / "writer2")


def test_a_later_tune_writer_is_a_tune_column_of_its_own(tmp_path: Path) -> None:
    _write(tmp_path)
    _write(tmp_path / "writer2")
    _write(tmp_path / "writer4", "damaged.jsonl")
    (tmp_path / "writer5").mkdir()  # empty: no column
    _write(tmp_path / "heldout" / "writer3")
    columns = corpus.discover(tmp_path)
    assert list(columns) == ["tune", "tune/writer4", "heldout/writer3"]
    assert columns["tune/writer4"] == ("tune writer 4", (tmp_path / "writer4",))
    assert columns["tune"][1] == (tmp_path, tmp_path / "writer2")  # the first two writers stay one column


def test_a_missing_or_empty_writer_is_no_column(tmp_path: Path) -> None:
    _write(tmp_path)
    (tmp_path / "heldout" / "writer3").mkdir(parents=True)  # empty: nothing to read
    _write(tmp_path / "heldout" / "writer2")
    columns = corpus.discover(tmp_path)
    assert list(columns) == ["tune", "heldout/writer2"]  # no file at heldout/ itself: no writer 1 column


def test_the_repository_corpus_has_its_two_heldout_writers() -> None:
    assert {"heldout", "heldout/writer2", "tune/writer4"} <= set(corpus.SPLITS)
    assert all(row["split"] == "tune" for row in corpus.load("natural", "tune/writer4"))
    assert corpus.load("chatter", "heldout/writer2")  # the lines are read from that folder
