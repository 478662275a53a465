#!/usr/bin/env bash
# Builds the wheel, makes a throwaway virtual environment with it and RLCard 1.2.0, and
# runs speed.py there (from the repository's root). Not run by CI.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv="$(mktemp -d)/venv"
python3 -m venv "$venv"
"$venv/bin/pip" install -q maturin==1.16.0 rlcard==1.2.0
"$venv/bin/maturin" build --quiet --profile python --interpreter "$venv/bin/python" --out "$venv/wheels"
"$venv/bin/pip" install -q "$venv"/wheels/*.whl
cargo build --release -q -p decklet-cli
"$venv/bin/python" benches/python/speed.py "$@"
