#!/usr/bin/env bash
# Random-game speed of two senet binaries, side by side on this machine: every rule set both
# binaries bundle, random against random on one core, the two binaries alternating three times; prints the
# medians and their ratio (new / old). Figures from two machines never compare: run both here.
#
#   benches/side_by_side.sh OLD_BINARY NEW_BINARY [GAMES]
#
# To build the binary of an earlier commit beside the current one:
#   git worktree add /tmp/senet-old COMMIT && (cd /tmp/senet-old && cargo build --release)
#   benches/side_by_side.sh /tmp/senet-old/target/release/senet target/release/senet
set -euo pipefail
old=$1
new=$2
games=${3:-100000}
rate() {
  "$1" sim "$2" --games "$3" --jobs 1 --format json |
    python3 -c "import json, sys; print(round(json.load(sys.stdin)['games_per_second']))"
}
printf '%-34s %10s %10s %7s\n' "rule set" "old" "new" "ratio"
# The rule sets both binaries bundle.
for rules in $(comm -12 <("$old" list | awk '{print $1}' | sort) <("$new" list | awk '{print $1}' | sort)); do
  n=$games
  # Split turns search every way to share a total: a few hundred games are enough.
  [ "$rules" = senet/finkel ] && n=300
  o=()
  w=()
  for _ in 1 2 3; do
    o+=("$(rate "$old" "$rules" "$n")")
    w+=("$(rate "$new" "$rules" "$n")")
  done
  python3 - "$rules" "${o[*]}" "${w[*]}" <<'PY'
import statistics, sys
rules, old, new = sys.argv[1], sys.argv[2].split(), sys.argv[3].split()
mo, mn = statistics.median(map(int, old)), statistics.median(map(int, new))
print(f"{rules:34} {mo:10.0f} {mn:10.0f} {mn / mo:7.3f}")
PY
done
