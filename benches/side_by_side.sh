#!/usr/bin/env bash
# Random-game speed of two senet binaries, side by side on this machine: the rule sets named
# (else every rule set both binaries bundle), random against random on one core, the two
# binaries alternating ROUNDS times (default 3); prints the medians and their ratio (new / old),
# and the best runs and theirs (on a shared machine the best run is the least disturbed).
# Figures from two machines never compare: run both here. On a shared machine, more rounds.
#
#   benches/side_by_side.sh OLD_BINARY NEW_BINARY [GAMES [RULES...]]
#   ROUNDS=9 benches/side_by_side.sh OLD NEW 100000 twenty-squares/ur senet/kendall
#
# To build the binary of an earlier commit beside the current one:
#   git worktree add /tmp/senet-old COMMIT && (cd /tmp/senet-old && cargo build --release)
#   benches/side_by_side.sh /tmp/senet-old/target/release/senet target/release/senet
set -euo pipefail
old=$1
new=$2
games=${3:-100000}
shift $(($# < 3 ? $# : 3))
rounds=${ROUNDS:-3}
rate() {
  "$1" sim "$2" --games "$3" --jobs 1 --format json |
    python3 -c "import json, sys; print(round(json.load(sys.stdin)['games_per_second']))"
}
printf '%-34s %10s %10s %7s %10s %10s %7s\n' "rule set" "old" "new" "ratio" "old best" "new best" "ratio"
# The rule sets named, else those both binaries bundle.
if [ $# -gt 0 ]; then
  sets=("$@")
else
  mapfile -t sets < <(comm -12 <("$old" list | awk '{print $1}' | sort) <("$new" list | awk '{print $1}' | sort))
fi
for rules in "${sets[@]}"; do
  n=$games
  # A split turn plays several movements and may draw again: a twentieth of the games is enough.
  [ "$rules" = senet/finkel ] && n=$((games / 20 > 300 ? games / 20 : 300))
  o=()
  w=()
  for _ in $(seq "$rounds"); do
    o+=("$(rate "$old" "$rules" "$n")")
    w+=("$(rate "$new" "$rules" "$n")")
  done
  python3 - "$rules" "${o[*]}" "${w[*]}" <<'PY'
import statistics, sys
rules, old, new = sys.argv[1], sys.argv[2].split(), sys.argv[3].split()
old, new = list(map(int, old)), list(map(int, new))
mo, mn = statistics.median(old), statistics.median(new)
bo, bn = max(old), max(new)
print(f"{rules:34} {mo:10.0f} {mn:10.0f} {mn / mo:7.3f} {bo:10d} {bn:10d} {bn / bo:7.3f}")
PY
done
