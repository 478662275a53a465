#!/usr/bin/env bash
# Crazy Eights random games a second, decklet beside OpenSpiel's C++ loop, one after the
# other for each configuration, three rounds (the machine's speed drifts: compare
# within a round). Needs open_spiel 2.0.2 in the Python given as $PYTHON.
set -euo pipefail
cd "$(dirname "$0")/../.."
PYTHON=${PYTHON:-python3}
GAMES=${GAMES:-20000}
cargo build --release -q -p decklet-crazy-eights --example random_games
for round in 1 2 3; do
  echo "round $round"
  for config in "2" "4" "2 special" "4 special"; do
    target/release/examples/random_games "$GAMES" $config
    "$PYTHON" benches/crazy-eights-openspiel/speed.py "$GAMES" $config
  done
done
