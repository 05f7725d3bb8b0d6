#!/usr/bin/env bash
# Split turns against plain ones in one binary, side by side on this machine: random games a
# second of `senet/finkel` (a turn's total shared among the pieces) as a share of
# `senet/kendall`'s, random against random on one core, the two alternating ROUNDS times
# (default 5); prints the medians and their ratio, and the best runs and theirs.
#
#   benches/split_ratio.sh [BINARY [KENDALL_GAMES [FINKEL_GAMES]]]
#   ROUNDS=9 benches/split_ratio.sh target/release/senet 100000 20000
set -euo pipefail
bin=${1:-target/release/senet}
kendall_games=${2:-100000}
finkel_games=${3:-20000}
rounds=${ROUNDS:-5}
rate() {
  "$bin" sim "$1" --games "$2" --jobs 1 --format json |
    python3 -c "import json, sys; print(round(json.load(sys.stdin)['games_per_second']))"
}
k=()
f=()
for _ in $(seq "$rounds"); do
  k+=("$(rate senet/kendall "$kendall_games")")
  f+=("$(rate senet/finkel "$finkel_games")")
done
python3 - "${k[*]}" "${f[*]}" <<'PY'
import statistics, sys
k, f = (list(map(int, a.split())) for a in sys.argv[1:3])
print(f"{'':14} {'kendall':>10} {'finkel':>10} {'finkel / kendall':>17}")
for what, a, b in (("median", statistics.median(k), statistics.median(f)), ("best", max(k), max(f))):
    print(f"{what:14} {a:10.0f} {b:10.0f} {100 * b / a:16.1f} %")
PY
