"""The command line runs numpy with one BLAS thread unless the user chose otherwise."""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = (
    "import os\n"
    "from voice_scribe.cli import main\n"
    "try:\n"
    "    main(['--version'])\n"
    "except SystemExit:\n"
    "    pass\n"
    "print(os.environ.get('OPENBLAS_NUM_THREADS'))\n"
)


def run(env_value: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if env_value is not None:
        env["OPENBLAS_NUM_THREADS"] = env_value
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


def test_one_blas_thread_by_default() -> None:
    assert run(None) == "1"


def test_a_value_the_user_exported_is_kept() -> None:
    assert run("2") == "2"
