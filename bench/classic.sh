#!/usr/bin/env bash
# Side-by-side benchmark of the batch classic solver (solution/classic) against the seed's
# classic_seed, end to end on the shared sets 17_clue.txt and top1465.txt.
#
#   bench/classic.sh            # from anywhere; RUNS=5 bench/classic.sh for more runs
#   bench/classic.sh --help
#
# SHARED is the shared folder holding baselines/ and data/classic/ (default: ../shared beside
# the kit).
#
# Both programs get the same input: the puzzles of a set without its comment lines, '.' for a
# blank, then a line "end" (the seed reads until it). Runs alternate between the two programs;
# each figure is the best of RUNS runs, as wall time and as processor time (user + system), and
# the ratio is seed / ours. The outputs are compared line by line.
set -euo pipefail

case ${1:-} in
-h | -help | --help)
	awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
	exit 0
	;;
"") ;;
*)
	echo "classic.sh: unknown argument $1; see bench/classic.sh --help" >&2
	exit 2
	;;
esac

root=$(cd "$(dirname "$0")/.." && pwd)
shared=${SHARED:-$root/../shared}
runs=${RUNS:-3}
data=$shared/data/classic

if [[ ! -x $shared/baselines/build.sh ]]; then
	echo "classic.sh: the baselines are missing: $shared/baselines/build.sh not found; set SHARED to the shared folder" >&2
	exit 2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$shared/baselines/build.sh" "$work" >/dev/null
(cd "$root" && go build -o "$work/classic" ./solution/classic/main.go)

# run_timed PROGRAM INPUT OUTPUT: runs once, prints "wall cpu" in seconds.
run_timed() {
	local TIMEFORMAT='%R %U %S' times
	times=$({ time "$1" <"$2" >"$3"; } 2>&1)
	awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' <<<"$times"
}

best() { sort -g | head -1; }

printf '%-12s %8s | %10s %10s %7s | %10s %10s %7s | %s\n' \
	set puzzles "seed wall" "ours wall" ratio "seed cpu" "ours cpu" ratio outputs
found=0
for set in 17_clue top1465; do
	file=$data/$set.txt
	if [[ ! -f $file ]]; then
		echo "classic.sh: $file absent, skipped" >&2
		continue
	fi
	found=1
	input=$work/$set.in
	tr -d '\r' <"$file" | grep -E '^[.0-9]{81}$' | tr 0 . >"$input"
	puzzles=$(wc -l <"$input")
	echo end >>"$input"

	: >"$work/seed.times"
	: >"$work/ours.times"
	for ((i = 0; i < runs; i++)); do
		run_timed "$work/classic_seed" "$input" "$work/seed.out" >>"$work/seed.times"
		run_timed "$work/classic" "$input" "$work/ours.out" >>"$work/ours.times"
	done
	seed_wall=$(cut -d' ' -f1 "$work/seed.times" | best)
	ours_wall=$(cut -d' ' -f1 "$work/ours.times" | best)
	seed_cpu=$(cut -d' ' -f2 "$work/seed.times" | best)
	ours_cpu=$(cut -d' ' -f2 "$work/ours.times" | best)
	differ=$(paste -d' ' "$work/seed.out" "$work/ours.out" | awk '$1 != $2' | wc -l)
	if [[ $differ -eq 0 ]]; then
		verdict="identical"
	else
		verdict="$differ lines differ"
	fi
	awk -v set="$set" -v n="$puzzles" -v sw="$seed_wall" -v ow="$ours_wall" -v sc="$seed_cpu" \
		-v oc="$ours_cpu" -v verdict="$verdict" 'BEGIN {
		printf "%-12s %8d | %9.3fs %9.3fs %6.1fx | %9.3fs %9.3fs %6.1fx | %s\n",
			set, n, sw, ow, (ow > 0 ? sw / ow : 0), sc, oc, (oc > 0 ? sc / oc : 0), verdict
		printf "%-12s %8s | %8.1fus %8.1fus %7s | %8.1fus %8.1fus\n",
			"  per puzzle", "", sw / n * 1e6, ow / n * 1e6, "", sc / n * 1e6, oc / n * 1e6
	}'
done
if [[ $found -eq 0 ]]; then
	echo "classic.sh: no set found in $data" >&2
	exit 2
fi
