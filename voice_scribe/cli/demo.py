"""``voice-scribe demo``: the bundled example game, through the whole pipeline.

With a French model, the bundled recording (``examples/demo/partie1.flac``,
synthesized French voices, one channel per player) is heard, understood,
scored and the verdicts printed (and spoken with ``--parle``). Without one,
the bundled transcript of the same game is replayed instead, and the demo
says so plainly: it never pretends to have heard.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from voice_scribe.cli import CliError

def _demo_dir() -> Path:
    """The demo game's folder: inside the installed package, else examples/demo in a source tree."""
    from importlib import resources

    try:
        return Path(str(resources.files("voice_scribe.demo_game")))
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[2] / "examples" / "demo"


DEMO = _demo_dir()
RECORDING = DEMO / "partie1.flac"
TRANSCRIPT = DEMO / "partie1.transcript.jsonl"  # the same lines, at the recording's times
PLAYERS = ["Karadoc", "Perceval", "Léodagan"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "demo",
        help="rejoue la partie d'exemple fournie (enregistrement ou transcription)",
        description="Démonstration : une partie enregistrée à trois joueurs, écoutée, comprise et arbitrée.",
    )
    p.add_argument("--model", help="dossier du modèle Vosk français (sinon $VOICE_SCRIBE_MODEL ou models/)")
    p.add_argument("--muet", action="store_true", help="n'essaie pas de dire les verdicts à voix haute")
    p.add_argument("--sortie-audio", metavar="DOSSIER", help="écrit chaque verdict parlé dans un fichier WAV")
    from voice_scribe.web.options import add_web_option

    add_web_option(p, pace=True)  # the table's page (voice_scribe/web)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from voice_scribe.cli.hearing import find_model, hear_recording
    from voice_scribe.cli.render import print_replies, render_scoreboard
    from voice_scribe.engine import Rules
    from voice_scribe.replay import replay_utterances
    from voice_scribe.understand import TranscriptError, load_transcript

    rules = Rules()
    print("voice-scribe — démonstration : Karadoc, Perceval et Léodagan jouent au Cul de chouette (règles ★).")
    model = find_model(args.model)
    if model is not None and RECORDING.exists():
        print(f"J'écoute l'enregistrement {_shown(RECORDING)} avec le modèle {model}.")
        utterances = hear_recording(str(RECORDING), PLAYERS, rules, ",".join(PLAYERS), str(model))
    else:
        why = "aucun modèle français n'est installé" if model is None else "l'enregistrement de démonstration manque"
        print(
            f"Attention : {why}, je n'entends rien moi-même. Je rejoue la transcription fournie de la même "
            f"partie ({_shown(TRANSCRIPT)})."
        )
        if model is None:
            print("Pour écouter l'enregistrement : voice-scribe models fetch vosk-model-small-fr-0.22")
        try:
            utterances = load_transcript(TRANSCRIPT)
        except TranscriptError as exc:
            raise CliError(str(exc)) from None
        if RECORDING.exists():
            print(_check_voices(utterances))
    print()
    if args.web:  # played back on the table's page, at the recording's pace (the voice stays off)
        from voice_scribe.cli.web import demo_on_page

        return demo_on_page(PLAYERS, utterances, rules, args)
    session, _events, replies = replay_utterances(PLAYERS, utterances, rules)
    speaker = None if args.muet else _open_speaker(args.sortie_audio)
    try:
        for utterance, reply in replies:
            print_replies([(utterance, reply)], rules)
            if speaker is not None and reply.phrase:
                speaker.say(reply.phrase.spoken, urgent=reply.phrase.urgent).wait(timeout=60)
    finally:
        if speaker is not None:
            speaker.close()
    render_scoreboard(session)
    if args.sortie_audio:
        print(f"Verdicts parlés écrits dans {args.sortie_audio}")
    return 0


def _shown(path: Path) -> str:
    """A path as the user reads it: relative to where he is, when it can be."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _check_voices(utterances) -> str:  # noqa: ANN001 - list[Utterance]
    """Without a model the audio side still finds who spoke when: compare with the transcript."""
    from voice_scribe.speech.transcribe import transcribe_file

    heard = transcribe_file(RECORDING, PLAYERS, None, None)
    said = [u for u in utterances if u.speaker]
    agree = sum(
        1 for u in said if any(abs(h.t - u.t) < 0.1 and h.speaker == u.speaker for h in heard)
    )
    return (
        f"Côté micros (sans modèle, énergie seule) : {len(heard)} prises de parole détectées dans "
        f"l'enregistrement ; {agree} des {len(said)} phrases attribuées de la transcription tombent "
        f"au même instant (± 0,1 s) sur le micro du même joueur."
    )


def _open_speaker(out_dir: str | None):  # noqa: ANN202 - Speaker | None
    """The scribe's voice, when this machine can play (or write) it; otherwise the screen only."""
    from voice_scribe.voice.speaker import Speaker, SpeechError

    try:
        return Speaker(out_dir=out_dir, stale_after_s=None)
    except SpeechError as exc:
        if out_dir:
            raise CliError(str(exc)) from None
        print(f"(Les verdicts restent à l'écran : {exc})")
        return None
