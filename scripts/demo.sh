#!/usr/bin/env bash
# Sets up voice-scribe, then runs the main job on the bundled example game.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/voice-scribe demo "$@"
