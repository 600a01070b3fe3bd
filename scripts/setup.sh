#!/usr/bin/env bash
# Sets up voice-scribe on a fresh Debian/Ubuntu machine: system packages,
# a virtual environment in .venv, the pinned Python dependencies, the project.
#   bash scripts/setup.sh          # run-time dependencies
#   bash scripts/setup.sh --test   # plus test dependencies and the Korean test model
set -euo pipefail
cd "$(dirname "$0")/.."

want_test=0
[ "${1:-}" = "--test" ] && want_test=1

# espeak-ng: speech out and synthetic test voices; libportaudio2: microphones;
# sox: audio conversion; pulseaudio: the virtual microphone of the live-path tests;
# tmux: the terminal scoreboard test; chromium: the table's page, loaded in a real headless browser;
# asterisk-core-sounds-fr-g722: a real French speaker for the simulated rooms of the hearing tests and benchmark.
apt_pkgs=(espeak-ng libespeak-ng1 libportaudio2 sox alsa-utils python3-venv)
[ "$want_test" = 1 ] && apt_pkgs+=(pulseaudio pulseaudio-utils libasound2-plugins tmux chromium asterisk-core-sounds-fr-g722)
missing=()
for p in "${apt_pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
    echo "voice-scribe: installation des paquets système : ${missing[*]}"
    sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Python 3.11 or newer (Debian 12: 3.11; Ubuntu 24.04: 3.12)
py=${PYTHON:-}
if [ -z "$py" ]; then
    for candidate in python3 python3.13 python3.12 python3.11; do
        if command -v "$candidate" >/dev/null && "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
            py=$candidate
            break
        fi
    done
fi
if [ -z "$py" ]; then
    echo "voice-scribe : il faut Python 3.11 ou plus récent (paquet python3.11 ou python3.12)." >&2
    exit 1
fi
if [ ! -x .venv/bin/python ]; then
    "$py" -m venv .venv
fi

# A re-run with nothing changed does nothing: the stamp is the hash of what the install depends on.
stamp=.venv/.voice-scribe-setup
want=$(cat requirements.lock pyproject.toml setup.py scripts/setup.sh | sha256sum | cut -c1-16)
[ "$want_test" = 1 ] && want="$want-test-$(sha256sum < requirements-test.lock | cut -c1-16)"
if [ -f "$stamp" ] && { [ "$(cat "$stamp")" = "$want" ] || [ "$want_test" = 0 ] && grep -q "^$want" "$stamp"; }; then
    exit 0
fi

# pip's and setuptools' own chatter goes to a log, shown only if something fails.
log=.venv/setup.log
run_quiet() {
    if ! "$@" >"$log" 2>&1; then
        cat "$log" >&2
        echo "voice-scribe : l'installation a échoué (journal complet : $log)." >&2
        exit 1
    fi
}
echo "voice-scribe : installation des dépendances Python dans .venv…"
run_quiet .venv/bin/python -m pip install -q --upgrade pip
run_quiet .venv/bin/python -m pip install -q -r requirements.lock
if [ "$want_test" = 1 ]; then
    run_quiet .venv/bin/python -m pip install -q -r requirements-test.lock
fi
# editable: the tests and the demo run the working tree; `pip install .` (not editable) works too
run_quiet .venv/bin/python -m pip install -q --no-deps -e .
echo "$want" > "$stamp"
