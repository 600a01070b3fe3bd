"""``voice-scribe listen``: the live game.

Microphones (one per player on a multichannel interface, or one for the
table) → Vosk → the scribe → the voice and a live scoreboard. A keyboard
fallback takes typed calls (« Karadoc: pas mou le caillou ») when the room is
too noisy; ``--simule`` plays a transcript in real time instead of the
microphones (to try the loop, or to replay an evening at ×N speed). The
journal is written as the game goes; ``--resume JOURNAL`` continues it.
"""

from __future__ import annotations

import argparse
import re
import sys
import threading
import time
from datetime import datetime
from pathlib import Path

from voice_scribe.cli import CliError
from voice_scribe.cli.checks import check_resume_players, journal_notice, journal_path, speed, typed_line
from voice_scribe.cli.common import load_rules, parse_players


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "listen",
        help="arbitre une partie en direct (micros, voix, tableau des scores)",
        description="La partie en direct : le scribe écoute, arbitre, annonce et affiche les scores.",
    )
    p.add_argument("--players", help="les joueurs, dans l'ordre de jeu : Karadoc,Perceval,Léodagan")
    p.add_argument("--resume", metavar="JOURNAL", help="reprend une partie interrompue depuis son journal")
    p.add_argument("--rules", metavar="FICHIER.toml", help="options de règles (défaut : seed 000, niveau ★)")
    p.add_argument("--channels", help="joueur de chaque canal du micro multicanal : A,B,C (vide : un micro pour la table)")
    p.add_argument("--alias", action="append", default=[], metavar="NOM=a,b",
                   help="autres façons d'entendre un nom : --alias Karadoc=caradoc,kara (répétable)")
    p.add_argument("--device", help="micro (nom ou indice, voir « voice-scribe devices »)")
    p.add_argument("--etalonnage", action="store_true",
                   help="avant la partie, chacun dit son nom seul : la diaphonie entre micros est mesurée")
    p.add_argument("--model", help="dossier du modèle Vosk (sinon $VOICE_SCRIBE_MODEL ou models/)")
    p.add_argument("--journal", metavar="FICHIER.jsonl", help="où écrire le journal (défaut : parties/partie-DATE.jsonl)")
    p.add_argument("--clavier", action="store_true", help="sans micro : les annonces se tapent au clavier")
    p.add_argument("--simule", metavar="TRANSCRIPTION.jsonl", help="joue une transcription en temps réel au lieu des micros")
    p.add_argument("--vitesse", type=speed, default=1.0, help="accélère --simule (ex. 10)")
    p.add_argument("--muet", action="store_true", help="ne parle pas (écran seulement)")
    p.add_argument("--sortie-audio", metavar="DOSSIER", help="écrit chaque phrase du scribe dans un WAV au lieu de la jouer")
    p.add_argument("--sans-ecran", action="store_true", help="une ligne par décision au lieu du tableau en direct")
    p.set_defaults(func=run)


def _aliases(specs: list[str], players: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for spec in specs:
        name, _, words = spec.partition("=")
        if name not in players or not words:
            raise CliError(f"--alias {spec} : il faut NOM=variante[,variante], NOM étant un joueur")
        out[name] = [w.strip() for w in words.split(",") if w.strip()]
    return out


def _open_session(args: argparse.Namespace):  # noqa: ANN202 - (Session, list[str])
    from voice_scribe.journal import JournalError
    from voice_scribe.session import Session

    try:
        if args.resume:
            session, warnings = Session.resume(args.resume)
            check_resume_players(args.players, session.players, args.rules)
            return session, warnings + [f"Reprise de la partie {args.resume}."]
        if not args.players:
            raise CliError("indiquez les joueurs (--players A,B,C) ou une partie à reprendre (--resume JOURNAL)")
        players = parse_players(args.players)
        path = Path(args.journal) if args.journal else Path("parties") / f"partie-{datetime.now():%Y%m%d-%H%M%S}.jsonl"
        session = Session.new(players, load_rules(args.rules), journal_path(path))
        return session, [f"Journal de la partie : {path}"]
    except (JournalError, ValueError) as exc:
        raise CliError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    from voice_scribe.live import LiveTable
    from voice_scribe.understand import Matcher, Roster

    session, notes = _open_session(args)
    players = session.players
    roster = Roster.of(players, _aliases(args.alias, players))
    table = LiveTable(session, Matcher.build(roster, session.rules))
    if session.journal is not None:  # a journal that cannot be written is said; the game goes on
        session.journal.on_fault = journal_notice(table)
    for note in notes:
        table.notice(note)
    offset = session.state.clock + (1.0 if args.resume else 0.0)
    clock = _Clock(offset, args.vitesse if args.simule else 1.0)
    mute = None
    inputs: list[threading.Thread] = []
    mic = None
    if args.simule:
        inputs.append(_thread(_simulate, table, Path(args.simule), clock))
        table.notice(f"Simulation : {args.simule} (×{args.vitesse:g}) — rien n'est entendu au micro.")
    elif not args.clavier:
        mic, mute = _start_microphones(args, players, session.rules, table, clock)
        inputs.append(_thread(mic.run, mic.source))
    if args.clavier or (sys.stdin.isatty() and not args.simule):
        inputs.append(_thread(_keyboard, table, clock, players))
    speaker = None if args.muet else _open_speaker(args, table, mute, clock)
    screen = _Screen(table, mic, plain=args.sans_ecran or not sys.stdout.isatty())
    table.on_reply = lambda utterance, reply: _on_reply(utterance, reply, speaker, screen)
    try:
        screen.loop(table, clock, inputs)
    except KeyboardInterrupt:
        journal = session.journal.path if session.journal else "JOURNAL"
        print(f"\nInterrompu : le journal est intact (voice-scribe listen --resume {journal}).", flush=True)
    finally:
        table.drain()
        if mic is not None:
            mic.stop.set()
            mic.device.close()
        if speaker is not None:
            speaker.close(drain=True, timeout=10)
        screen.final(session)
        session.close()
    return 0


ETALONNAGE_S = 3.0  # each player speaks alone this long for the crosstalk measure


class _Clock:
    """The session clock: seconds since the start of the game (continued on resume)."""

    def __init__(self, offset: float, speed: float = 1.0) -> None:
        self.offset = offset
        self.speed = speed
        self.start = time.monotonic()
        self.source = None  # a Microphones instance: its sample clock is the truth

    def __call__(self) -> float:
        if self.source is not None:
            return self.offset + self.source.now
        return self.offset + (time.monotonic() - self.start) * self.speed


def _thread(target, *args) -> threading.Thread:  # noqa: ANN001
    thread = threading.Thread(target=target, args=args, daemon=True)
    thread.start()
    return thread


def _start_microphones(args, players, rules, table, clock):  # noqa: ANN001, ANN202
    """The start-up check for hearing: model, PortAudio, device; French messages with the fix."""
    from voice_scribe.audio.errors import AudioError
    from voice_scribe.audio.mute import Mute
    from voice_scribe.audio.sources import MODEL_RATE, LiveSource
    from voice_scribe.cli.hearing import find_model, grammar_for
    from voice_scribe.listening import Microphones
    from voice_scribe.speech.models import DEFAULT_MODEL
    from voice_scribe.speech.recognizer import (
        GrammarError,
        ModelError,
        build_grammar,
        load_model,
        missing_model_message,
    )
    from voice_scribe.speech.stream import StreamingHearing
    from voice_scribe.speech.transcribe import parse_channels

    model_path = find_model(args.model)
    if model_path is None:
        raise CliError(missing_model_message(DEFAULT_MODEL) + " Sans modèle, jouez au clavier : --clavier.")
    channel_players = parse_channels(args.channels) or [None]
    unknown = [n for n in channel_players if n and n not in players]
    if unknown:
        raise CliError(f"--channels nomme des joueurs absents de la partie : {', '.join(unknown)}")
    source = LiveSource(device=args.device, channels=len(channel_players), rate=MODEL_RATE)
    try:
        source.open()
    except AudioError as exc:
        raise CliError(f"{exc} Sans micro, jouez au clavier : --clavier.") from None
    try:
        model = load_model(model_path)
        grammar = build_grammar(grammar_for(players, rules, model), model)
    except (ModelError, GrammarError) as exc:
        source.close()
        raise CliError(str(exc)) from None
    from voice_scribe.understand import Roster, check_vocabulary, load_grammar, model_vocabulary, vosk_phrases

    roster = Roster.of(players, _aliases(args.alias, players))
    report = check_vocabulary(vosk_phrases(load_grammar(rules), roster), model_vocabulary(model), roster)
    if not report.ok:
        table.notice(report.to_french())
    mute = Mute(clock=lambda: hearing.now)
    named = channel_players if any(channel_players) else None  # one microphone: the name said first decides
    frames = iter(source)
    leak = None
    if args.etalonnage and len(channel_players) > 1:
        from voice_scribe.listening import calibrate
        from voice_scribe.speech.transcribe import HearingConfig

        def ask(name: str) -> None:
            print(f"Étalonnage des micros : {name}, dites votre nom, seul ({ETALONNAGE_S:g} s)…", flush=True)

        leak = calibrate(frames, [n for n in channel_players if n], ETALONNAGE_S, HearingConfig(), ask)
    hearing = StreamingHearing(len(channel_players), named, model, grammar, mute=mute, leak=leak)
    # the hearing counts from the stream's start; a resumed game's clock started earlier
    mic = Microphones(hearing, lambda u: table.submit(u.shifted(clock.offset)), notice=table.notice)
    mic.source = frames  # type: ignore[attr-defined]
    mic.device = source  # type: ignore[attr-defined]
    clock.source = mic
    table.settled = lambda: clock.offset + mic.settled_until
    return mic, mute


def _open_speaker(args, table, mute, clock):  # noqa: ANN001, ANN202
    from voice_scribe.voice.speaker import Speaker, SpeechError

    hooks = {}
    if mute is not None:
        hooks = {"on_start": lambda *_: mute.set(), "on_end": lambda *_: mute.clear()}
    try:
        return Speaker(out_dir=args.sortie_audio, clock=clock, **hooks)
    except SpeechError as exc:
        table.notice(f"Pas de voix : {exc} Les verdicts restent à l'écran.")
        return None


SECRET_DICE = re.compile(r"^(?:secret|cach[ée]s?)\s*:?\s*([1-6])\D*([1-6])\D*([1-6])$", re.I)


def _keyboard(table, clock, players) -> None:  # noqa: ANN001
    """Typed calls: « Karadoc: pas mou le caillou », or just the text; « q » quits.

    The ticheur gives his hidden dice by typing « Karadoc: secret 6 3 4 »: it
    never goes through speech, and the screen shows « (dés cachés) ».
    """
    from voice_scribe.engine import Call, CallKind
    from voice_scribe.speech.utterance import Utterance

    for line in sys.stdin:
        line = typed_line(line)
        if not line:
            continue
        if line.lower() in ("q", "quitter", "quit"):
            break
        speaker, sep, text = line.partition(":")
        name = next((p for p in players if p.casefold() == speaker.strip().casefold()), None) if sep else None
        secret = SECRET_DICE.match(text.strip()) if name else None
        if secret:
            dice = tuple(int(d) for d in secret.groups())
            table.submit_call(Call(CallKind.DES, name, clock(), dice=dice, hidden=True))
            continue
        table.submit(Utterance(t=clock(), text=(text if name else line).strip(), speaker=name))
    table.stopped.set()


def _simulate(table, path: Path, clock) -> None:  # noqa: ANN001
    from voice_scribe.understand import TranscriptError, load_transcript

    try:
        utterances = load_transcript(path)
    except TranscriptError as exc:
        table.notice(str(exc))
        table.stopped.set()
        return
    for utterance in utterances:
        wait = (clock.offset + utterance.t - clock()) / clock.speed
        if wait > 0:
            time.sleep(wait)
        if table.stopped.is_set():
            return
        table.submit(utterance.shifted(clock.offset))
    time.sleep(table.hold_s / clock.speed + 0.2)
    table.stopped.set()


def _on_reply(utterance, reply, speaker, screen) -> None:  # noqa: ANN001
    if reply.phrase and speaker is not None:
        speaker.say(reply.phrase.spoken, urgent=reply.phrase.urgent)
    screen.reply(utterance, reply)


class _Screen:
    """The live scoreboard (rich), or plain lines when not on a terminal."""

    def __init__(self, table, mic, plain: bool) -> None:  # noqa: ANN001
        self.table = table
        self.mic = mic
        self.plain = plain
        self.replies: list[str] = []

    def reply(self, utterance, reply) -> None:  # noqa: ANN001
        if not reply.phrase:
            return
        line = f"[{utterance.t:7.2f}] {reply.phrase.screen}"
        self.replies.append(line)
        if self.plain:
            print(line, flush=True)

    def loop(self, table, clock, inputs) -> None:  # noqa: ANN001
        def alive() -> bool:
            return not table.stopped.is_set() and (
                not inputs or any(t.is_alive() for t in inputs)
            ) and not table.session.state.winner

        if self.plain:
            for note in list(table.notices):
                print(note, flush=True)
            while alive():
                table.step(clock())
                time.sleep(0.05)
            table.step(clock() + 60)
            return
        from rich.live import Live

        with Live(self.render(), refresh_per_second=8, transient=False) as live:
            while alive():
                table.step(clock())
                live.update(self.render())
                time.sleep(0.05)
            table.step(clock() + 60)
            live.update(self.render())

    def render(self):  # noqa: ANN201 - a rich renderable
        from rich.console import Group
        from rich.panel import Panel
        from rich.table import Table

        state = self.table.session.state
        scores = Table(title="Scores", expand=True)
        for col in ("", "Joueur", "Points", "Possède"):
            scores.add_column(col)
        upcoming = self.table.session.game.upcoming_roller() if not state.winner else None
        for name in state.order:
            p = state.players[name]
            mark = "▶" if name == upcoming else ("✝" if p.eliminated else "")
            scores.add_row(mark, name, str(p.score), ", ".join(sorted(h.value for h in p.holdings)))
        heard = Table(title="Dernières annonces entendues", expand=True)
        for col in ("t", "qui", "entendu", "compris", "coût"):
            heard.add_column(col)
        for h in list(self.table.heard)[-8:]:
            cost = f"{h.cost:.2f}" if h.cost is not None else ""
            heard.add_row(f"{h.t:.2f}", h.speaker or "?", h.text, h.meaning or h.result, cost)
        parts = [scores, heard, Panel("\n".join(self.replies[-5:]) or "…", title="Le scribe")]
        if self.mic is not None and self.mic.levels:
            bars = "  ".join(f"{ch}: {'█' * max(0, int((lvl + 60) / 6))}" for ch, lvl in sorted(self.mic.levels.items()))
            parts.append(Panel(bars, title="Niveaux des micros"))
        status = f"phase : {state.phase.value}"
        if self.table.scribe.paused:
            status += " — EN PAUSE (« reprends »)"
        notices = "\n".join(self.table.notices)
        parts.append(Panel(f"{status}\n{notices}\nTapez « Nom: annonce » puis Entrée ; « q » pour quitter.",
                           title="État"))
        return Group(*parts)

    def final(self, session) -> None:  # noqa: ANN001
        from voice_scribe.cli.render import render_scoreboard

        render_scoreboard(session)
        sys.stdout.flush()
