"""The bridge from a recording to utterances: model, grammar, recognition.

Used by ``replay --audio`` and ``demo``. Every failure is a :class:`CliError`
with a French message (missing model, unreadable file, no PortAudio…).
"""

from __future__ import annotations

from pathlib import Path

from voice_scribe.cli import CliError
from voice_scribe.engine import Rules
from voice_scribe.speech.utterance import Utterance


def find_model(cli_path: str | None) -> Path | None:
    """``--model``, ``$VOICE_SCRIBE_MODEL`` or the default model under models/; None when absent."""
    from voice_scribe.speech.models import DEFAULT_MODEL, default_models_dir
    from voice_scribe.speech.recognizer import ModelError, resolve_model_path

    try:
        return resolve_model_path(cli_path, default_models_dir(), DEFAULT_MODEL)
    except ModelError as exc:
        raise CliError(str(exc)) from None


def grammar_for(players: list[str], rules: Rules, model: object | None = None) -> list[str]:
    """The Vosk phrase list for this roster and these rules.

    With a loaded model, words it lacks are respelled from parts it knows
    (« j'achète » → « j' achète »).
    """
    from voice_scribe.understand import Roster, load_grammar, model_vocabulary, vosk_phrases

    known = model_vocabulary(model) if model is not None else None
    return vosk_phrases(load_grammar(rules), Roster.of(players), known)


def hear_recording(
    path: str,
    players: list[str],
    rules: Rules,
    channels: str | None,
    model_cli: str | None,
    require_model: bool = True,
) -> list[Utterance]:
    from voice_scribe.audio.errors import AudioError
    from voice_scribe.speech.models import DEFAULT_MODEL
    from voice_scribe.speech.recognizer import ModelError, missing_model_message
    from voice_scribe.speech.transcribe import parse_channels, transcribe_file

    model_path = find_model(model_cli)
    if model_path is None and require_model:
        raise CliError(missing_model_message(DEFAULT_MODEL))
    channel_names = parse_channels(channels)
    if channel_names is not None:
        unknown = [n for n in channel_names if n and n not in players]
        if unknown:
            raise CliError(f"--channels nomme des joueurs absents de --players : {', '.join(unknown)}")
    try:
        from voice_scribe.speech.recognizer import load_model

        model = load_model(model_path) if model_path else None
        grammar = grammar_for(players, rules, model) if model is not None else None
        return transcribe_file(path, channel_names, None, grammar, model=model)
    except (AudioError, ModelError) as exc:
        raise CliError(str(exc)) from None
