"""Packaging beyond what ``pyproject.toml`` can say: two data folders of the repository ship inside
the package, where they stay in the repository's layout.

- ``grammars/`` (the French grammar, data) → ``voice_scribe.grammars``;
- ``examples/demo/`` (the demo game: recording and transcript) → ``voice_scribe.demo_game``.

So a plain (non-editable) ``pip install .`` works: ``voice_scribe.understand.grammar`` and
``voice-scribe demo`` find their data with ``importlib.resources``.
"""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["voice_scribe", "voice_scribe.*"])
    + ["voice_scribe.grammars", "voice_scribe.grammars.fr", "voice_scribe.demo_game"],
    package_dir={"voice_scribe.grammars": "grammars", "voice_scribe.demo_game": "examples/demo"},
    package_data={
        "voice_scribe.voice": ["*.toml"],
        "voice_scribe.web": ["static/*"],  # the table's page: HTML, CSS, JS
        "voice_scribe.grammars.fr": ["*.txt", "*.md"],
        "voice_scribe.demo_game": ["*.jsonl", "*.flac"],
    },
)
