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
import sys
import threading
import time
from datetime import datetime
from pathlib import Path

from voice_scribe.cli import CliError
from voice_scribe.cli.checks import check_resume_players, journal_notice, journal_path, seconds, speed, typed_line
from voice_scribe.cli.common import add_channels_and_model, add_players_and_rules, load_rules, parse_players


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "listen",
        help="arbitre une partie en direct (micros, voix, tableau des scores)",
        description="La partie en direct : le scribe écoute, arbitre, annonce et affiche les scores.",
    )
    add_players_and_rules(p)
    p.add_argument("--reprise", "--resume", dest="resume", metavar="JOURNAL",
                   help="reprend une partie interrompue depuis son journal (comme elle se jouait)")
    add_channels_and_model(p, "joueur de chaque canal du micro multicanal : A,B,C (vide : un micro pour la table)")
    p.add_argument("--alias", action="append", default=[], metavar="NOM=a,b",
                   help="autres façons d'entendre un nom : --alias Karadoc=caradoc,kara (répétable)")
    p.add_argument("--micro", "--device", dest="device", metavar="MICRO",
                   help="micro (nom ou indice, voir « voice-scribe devices »)")
    p.add_argument("--etalonnage", action="store_true",
                   help="avant la partie, chacun dit son nom seul : la diaphonie entre micros est mesurée")
    p.add_argument("--journal", metavar="FICHIER.jsonl", help="où écrire le journal (défaut : parties/partie-DATE.jsonl)")
    p.add_argument("--clavier", "--keyboard", dest="clavier", action="store_true",
                   help="sans micro : les annonces se tapent au clavier (« Nom: annonce »)")
    p.add_argument("--fenetre", "--reaction-window", dest="fenetre", type=seconds, metavar="SECONDES",
                   help=f"délai de réaction (au clavier : {KEYBOARD_WINDOW_S:g} s ; une fenêtre se ferme aussi "
                        "sur « suivant » ou au lancer suivant)")
    p.add_argument("--simule", "--simulate", dest="simule", metavar="TRANSCRIPTION.jsonl",
                   help="joue une transcription en temps réel au lieu des micros")
    p.add_argument("--vitesse", "--speed", dest="vitesse", type=speed, default=1.0, metavar="FACTEUR",
                   help="accélère --simule (ex. 10)")
    p.add_argument("--muet", "--mute", dest="muet", action="store_true", help="ne parle pas (écran seulement)")
    p.add_argument("--sortie-audio", "--audio-out", dest="sortie_audio", metavar="DOSSIER",
                   help="écrit chaque phrase du scribe dans un WAV au lieu de la jouer")
    p.add_argument("--sans-ecran", "--plain", dest="sans_ecran", action="store_true",
                   help="une ligne par annonce et par verdict au lieu du tableau en direct")
    from voice_scribe.web.options import add_web_option

    add_web_option(p)  # the table's page (voice_scribe/web)
    p.set_defaults(func=run)


def _aliases(specs: list[str], players: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for spec in specs:
        name, _, words = spec.partition("=")
        if name not in players or not words:
            raise CliError(f"--alias {spec} : il faut NOM=variante[,variante], NOM étant un joueur")
        out[name] = [w.strip() for w in words.split(",") if w.strip()]
    return out


#: Keyboard mode: a reaction window closes on « suivant » or the next throw, or after this long —
#: typing « Perceval: pas mou le caillou » takes longer than the 4 s a shout gets at the table.
KEYBOARD_WINDOW_S = 120.0


def _fresh_journal_path() -> Path:
    """parties/partie-DATE.jsonl, never one that exists (a retry in the same second)."""
    stem = Path("parties") / f"partie-{datetime.now():%Y%m%d-%H%M%S}"
    path, n = stem.with_suffix(".jsonl"), 2
    while path.exists():
        path, n = Path(f"{stem}-{n}.jsonl"), n + 1
    return path


def _recorded_mode(path: str) -> dict:
    """How the game was played (the journal's last ``listen`` record): keyboard or microphones."""
    from voice_scribe.journal import read_journal

    modes = [r for r in read_journal(path).records if r.get("type") == "listen"]
    return modes[-1] if modes else {}


def _open_session(args: argparse.Namespace):  # noqa: ANN202 - (Session, list[str], Path | None)
    """The session, its notes for the screen, and the journal created now (to remove on a failed start)."""
    from voice_scribe.journal import JournalError
    from voice_scribe.session import Session

    try:
        if args.resume:
            if _recorded_mode(args.resume).get("clavier") and not (args.simule or args.channels or args.device):
                args.clavier = True  # resumed as it was played
            session, warnings = Session.resume(args.resume)
            check_resume_players(args.players, session.players, args.rules)
            return session, warnings + [f"Reprise de la partie {args.resume}."], None
        named, header_rules = _simulated_roster(args.simule)
        if not args.players and not named:
            raise CliError("indiquez les joueurs (--joueurs A,B,C) ou une partie à reprendre (--reprise JOURNAL)")
        players = parse_players(args.players) if args.players else named
        rules = load_rules(args.rules) if args.rules or header_rules is None else header_rules
        if args.clavier or args.fenetre:
            rules = rules.with_options(reaction_window_s=args.fenetre or KEYBOARD_WINDOW_S)
        path = Path(args.journal) if args.journal else _fresh_journal_path()
        session = Session.new(players, rules, journal_path(path))
        return session, [f"Journal de la partie : {path}"], path
    except (JournalError, ValueError) as exc:
        raise CliError(str(exc)) from None


def _simulated_roster(path: str | None):  # noqa: ANN202 - (list[str] | None, Rules | None)
    """A simulated transcript's header: its players and rules, when it has one."""
    if not path:
        return None, None
    from voice_scribe.replay import LogError, header_roster, read_header

    try:
        return header_roster(read_header(path, "transcription"), path)
    except LogError as exc:
        raise CliError(str(exc)) from None


def _now(session):  # noqa: ANN001, ANN202 - () -> (str | None, list[str])
    """Whose turn it is (the ▶) and the lines of « what now? », from the engine's ``Game.now()``."""
    from voice_scribe.engine.state import Phase

    def now() -> tuple[str | None, list[str]]:
        if session.state.winner:
            return None, [f"Partie finie : {session.state.winner} a gagné."]
        table = session.game.now()
        shows_dice = table.throw and table.phase is not Phase.REACTION  # a throw's window names its dice itself
        lines = [table.text + (f" — dés : {' '.join(map(str, table.throw))}" if shows_dice else "")]
        waiting = list(table.waiting)
        if len(waiting) > 2:  # a small screen: who is awaited on one line
            waiting = [" · ".join(waiting)]
        return table.roller, lines + waiting

    return now


def run(args: argparse.Namespace) -> int:
    from voice_scribe.cli.keyboard import InputLine
    from voice_scribe.cli.screen import LiveScreen
    from voice_scribe.live import LiveTable
    from voice_scribe.understand import Matcher, Roster

    session, notes, created = _open_session(args)
    players = session.players
    try:
        roster = Roster.of(players, _aliases(args.alias, players))
        table = LiveTable(session, Matcher.build(roster, session.rules))
        if session.journal is not None:  # a journal that cannot be written is said; the game goes on
            session.journal.on_fault = journal_notice(table)
        offset = session.state.clock + (1.0 if args.resume else 0.0)
        clock = _Clock(offset, args.vitesse if args.simule else 1.0)
        mute, mic = None, None
        web = _web_page(session, args.web)
        if args.simule:
            _check_transcript(args.simule)
        elif not args.clavier:
            mic, mute = _start_microphones(args, players, session.rules, table, clock)
    except CliError:
        session.close()
        if created is not None:
            created.unlink(missing_ok=True)  # a failed start leaves nothing behind
        raise
    if session.journal is not None:
        session.journal.append({"type": "listen", "clavier": bool(args.clavier), "simule": bool(args.simule)})
    for note in notes:
        table.notice(note)
    if args.resume:  # where the game stood: the pending throw, who still has to speak
        table.notice("En cours : " + " ; ".join(_now(session)()[1]), passing=True)  # stale after a call
    typing = args.clavier or (sys.stdin.isatty() and not args.simule)
    plain = args.sans_ecran or not sys.stdout.isatty()
    keys = InputLine() if typing and sys.stdin.isatty() and not plain else None
    screen = LiveScreen(table, mic, keys, plain, _now(session))
    inputs: list[threading.Thread] = []
    if args.simule:
        inputs.append(_thread(_simulate, table, Path(args.simule), clock))
        table.notice(f"Simulation : {args.simule} (×{args.vitesse:g}) — rien n'est entendu au micro.")
    elif mic is not None:
        inputs.append(_thread(mic.run, mic.source))
    quit_typed = threading.Event()
    if typing:
        typed = _Typist(table, clock, players, screen, quit_typed)
        inputs.append(_thread(typed.keys if keys else typed.lines, keys))
    speaker = None if args.muet else _open_speaker(args, table, mute, clock)
    table.on_reply = lambda utterance, reply: _on_reply(utterance, reply, speaker, screen)
    if web is not None:
        web.watch(table)  # the page follows the table, after the screen and the voice
    journal = session.journal.path if session.journal else "JOURNAL"
    try:
        _loop(table, clock, inputs, screen, raw_keys=keys is not None)
    except KeyboardInterrupt:
        print(f"\nInterrompu : le journal est intact (voice-scribe listen --reprise {journal}).", flush=True)
    finally:
        table.drain()
        if mic is not None:
            mic.stop.set()
            mic.device.close()
        if speaker is not None:
            speaker.close(drain=True, timeout=10)
        _final(screen, session)
        session.close()
        _keep(session, web)
    if quit_typed.is_set():
        print(f"Partie arrêtée au clavier (« q ») : le journal est intact "
              f"(voice-scribe listen --reprise {journal}).", flush=True)
    return 0


def _web_page(session, address: str | None):  # noqa: ANN001, ANN202 - LivePage | None
    """``--web``: the table's page (voice_scribe/web), opened with the session so a taken port fails the start."""
    if not address:
        return None
    from voice_scribe.cli.web import LivePage

    return LivePage(session, address)


def _keep(session, web) -> None:  # noqa: ANN001
    """The evening ends: the page closes, the game goes into the archive (voice-scribe historique)."""
    from voice_scribe.history.store import remember

    if web is not None:
        web.close()
    if session.journal is not None:
        print(remember(session.journal.path), flush=True)


def _check_transcript(path: str) -> None:
    from voice_scribe.understand import TranscriptError, load_transcript

    try:
        if not load_transcript(path):
            raise CliError(f"transcription vide : {path}")
    except TranscriptError as exc:
        raise CliError(str(exc)) from None


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


class _Typist:
    """Typed calls: « Karadoc: pas mou le caillou », « Karadoc et Perceval : … » (said together), « q »."""

    def __init__(self, table, clock, players, screen, quit_typed: threading.Event) -> None:  # noqa: ANN001
        self.table, self.clock, self.players, self.screen = table, clock, players, screen
        self.quit_typed = quit_typed

    def lines(self, _keys=None) -> None:  # noqa: ANN001 - stdin is not a terminal: whole lines
        for line in sys.stdin:
            if not self.typed(line):
                break
        self.table.stopped.set()

    def keys(self, keys) -> None:  # noqa: ANN001 - a terminal: key by key, the screen draws the line
        import os
        import select

        fd = sys.stdin.fileno()
        while not self.table.stopped.is_set():
            ready, _, _ = select.select([fd], [], [], 0.1)
            if not ready:
                continue
            data = os.read(fd, 1024)
            if not data:
                break
            for line in keys.feed_bytes(data):
                if not self.typed(line):
                    self.table.stopped.set()
                    return
        self.table.stopped.set()

    def typed(self, line: str) -> bool:
        """Submit one typed line; False when it says to quit.

        The ticheur gives his hidden dice by typing « Karadoc: secret 6 3 4 »: it
        never goes through speech, and the screen shows « (dés cachés) ».
        """
        from voice_scribe.cli.keyboard import parse_line
        from voice_scribe.engine import Call, CallKind
        from voice_scribe.speech.utterance import Utterance

        typed = parse_line(typed_line(line), self.players)
        if typed is None:
            return True
        if typed.quit:
            self.quit_typed.set()
            return False
        if typed.unknown:
            self.screen.note(f"« {line.strip()} » : "
                             + self.screen.book.unknown_player(", ".join(typed.unknown), self.players).screen)
            return True
        t = self.clock()
        if typed.secret:
            self.table.submit_call(Call(CallKind.DES, typed.speakers[0], t, dice=typed.secret, hidden=True))
        for speaker in typed.speakers if not typed.secret else ():
            self.table.submit(Utterance(t=t, text=typed.text, speaker=speaker))  # together: the same instant
        if not typed.speakers:
            self.table.submit(Utterance(t=t, text=typed.text))
        return True


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
    if reply.speaks and speaker is not None:
        speaker.say(reply.phrase.spoken, urgent=reply.phrase.urgent)
    screen.reply(utterance, reply)


def _loop(table, clock, inputs, screen, raw_keys: bool) -> None:  # noqa: ANN001
    """Step the table until the input ends, « q », « fin de partie » or a winner; draw the screen."""
    def alive() -> bool:
        return not table.stopped.is_set() and (
            not inputs or any(t.is_alive() for t in inputs)
        ) and not table.session.state.winner and not table.scribe.over

    if screen.plain:
        for note in list(table.notices):
            print(note, flush=True)
        while alive():
            table.step(clock())
            time.sleep(0.05)
        table.step(clock() + 60)
        return
    from contextlib import nullcontext

    from rich.console import Console
    from rich.live import Live

    console = Console()
    shown = None
    with _cbreak() if raw_keys else nullcontext(), Live(console=console, screen=True, auto_refresh=False) as live:
        while alive():
            table.step(clock())
            now = (screen.signature(), console.size)
            if now != shown:  # redraw only what changed (a frame costs more than a step)
                live.update(screen.render(console.width, console.height), refresh=True)
                shown = now
            time.sleep(0.05)
        table.step(clock() + 60)


def _cbreak():  # noqa: ANN202 - a context manager
    """Keys reach the program one by one, unechoed (the screen draws the line); restored on exit."""
    import contextlib
    import termios
    import tty

    @contextlib.contextmanager
    def mode():  # noqa: ANN202
        fd = sys.stdin.fileno()
        saved = termios.tcgetattr(fd)
        try:
            tty.setcbreak(fd)
            yield
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)

    return mode()


def _final(screen, session) -> None:  # noqa: ANN001
    """After the live screen: the last verdicts and the scores stay on the terminal."""
    from voice_scribe.cli.render import render_scoreboard

    if not screen.plain:
        for _, text in screen.log.lines()[-12:]:
            print(text)
    render_scoreboard(session)
    sys.stdout.flush()
