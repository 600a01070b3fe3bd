"""The README's picture of the page: ``voice-scribe demo --web`` runs, a headless chromium looks.

    .venv/bin/python tests/web/make_screenshot.py [docs/web-demo.png] [--at 00:46] [--width 1280 --height 800]

The demo is the real command (its own process, its own server); the picture is taken once the
page's clock reads ``--at`` (mid-game: holdings, a sirop, a curve with some history).
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import time
from pathlib import Path

from headless import Browser, png_facts

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", nargs="?", default=str(ROOT / "docs" / "web-demo.png"))
    parser.add_argument("--at", default="00:46", help="the game clock on the page when the picture is taken")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=800)
    parser.add_argument("--vitesse", type=float, default=2.0)
    args = parser.parse_args()
    port = free_port()
    demo = subprocess.Popen(
        [sys.executable, "-m", "voice_scribe", "demo", "--muet", "--web", f"127.0.0.1:{port}", "--vitesse",
         str(args.vitesse)],
        cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
    )
    browser = Browser(args.width, args.height)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                if time.monotonic() > deadline or demo.poll() is not None:
                    raise SystemExit("the demo's page never opened") from None
                time.sleep(0.1)
        browser.open(f"http://127.0.0.1:{port}/")
        browser.wait_for(f"document.getElementById('horloge').textContent >= '{args.at}'", timeout_s=120)
        facts = png_facts(browser.screenshot(Path(args.out)))
        print(f"{args.out}: {facts.width}×{facts.height}, {facts.colours} colours")
    finally:
        browser.close()
        demo.terminate()
        demo.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
