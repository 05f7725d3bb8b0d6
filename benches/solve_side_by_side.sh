#!/usr/bin/env bash
# Dense solves of two senet binaries, side by side on this machine: each rule set solved by the
# old binary then the new, ROUNDS times (default 1), with the same arguments; prints each run's
# seconds and peak memory (the solver's own figure), and the ratios new / old of the medians.
# Figures from two machines never compare: run both here, on a machine doing nothing else.
#
#   benches/solve_side_by_side.sh OLD_BINARY NEW_BINARY RULES [SOLVE ARGS...]
#   ROUNDS=3 benches/solve_side_by_side.sh /tmp/senet-old/target/release/senet \
#     target/release/senet twenty-squares/masters --option pieces=7
#
# To build the binary of an earlier commit beside the current one:
#   git worktree add /tmp/senet-old COMMIT && (cd /tmp/senet-old && cargo build --release)
set -euo pipefail
old=$1
new=$2
shift 2
rounds=${ROUNDS:-1}
run() {
  "$1" solve "${@:2}" --format json |
    python3 -c "import json, sys; r = json.load(sys.stdin); print(r['seconds'], r['memory_bytes'] / 2**30)"
}
median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
os=() om=() ns=() nm=()
printf '%-6s %5s %10s %9s\n' binary round seconds GiB
for r in $(seq "$rounds"); do
  read -r s m < <(run "$old" "$@")
  printf '%-6s %5d %10.1f %9.2f\n' old "$r" "$s" "$m"
  os+=("$s") om+=("$m")
  read -r s m < <(run "$new" "$@")
  printf '%-6s %5d %10.1f %9.2f\n' new "$r" "$s" "$m"
  ns+=("$s") nm+=("$m")
done
o=$(printf '%s\n' "${os[@]}" | median) n=$(printf '%s\n' "${ns[@]}" | median)
p=$(printf '%s\n' "${om[@]}" | median) q=$(printf '%s\n' "${nm[@]}" | median)
printf 'medians: old %.1f s %.2f GiB, new %.1f s %.2f GiB; new / old: time %.3f, memory %.3f\n' \
  "$o" "$p" "$n" "$q" "$(echo "$n / $o" | bc -l)" "$(echo "$q / $p" | bc -l)"
