#!/usr/bin/env bash
# Side-by-side benchmark of classic sudoku: tdoku (the fastest public solver), the kit's core
# (internal/classic, in one process), the kit's batch solver (solution/classic, whole process) and
# the seed's classic_seed (whole process), on the shared sets 17_clue.txt and top1465.txt, the
# kit's own sets in internal/classic/testdata (hard.txt, hard for tdoku and the core alike;
# climbed.txt, climbed against the core alone), and any FILE given.
#
#   bench/classic.sh [FILE...]     # from anywhere; RUNS=5 bench/classic.sh for more runs
#   bench/classic.sh --help
#
# SHARED is the shared folder holding baselines/ and data/classic/ (default: ../shared beside
# the kit). CPU is the processor every program is pinned to with taskset (default: the last
# one); NOSEED=1 leaves out the seed, the slowest by far.
#
# Figures are microseconds per puzzle. tdoku_bench and bench/classiccore each time their solver
# in one process, the best of five passes: tdoku counting to 2 solutions (a uniqueness check) and
# stopping at the first, the core's Count(p, 2) and Solve(p). The batch solver and the seed are
# timed whole process, start-up and output included, on the same input (the set without its
# comment lines, '.' for a blank, then a line "end", which the seed needs). Every program runs
# RUNS times (default 3), all in turns, and each figure is the best of its runs. The batch
# solver's processor time is printed too, which a busy machine inflates less than its wall time,
# and its wall time less the start-up floor (its run on an empty input), which weighs on small
# sets; that floor and a C program's (true), spread over each set's puzzles, say what whole-process
# ratio starting a process alone forbids. Every ratio divides by tdoku counting to 2 in the
# same run. The outputs of the batch solver and the seed are compared line by line. When tdoku
# does not build (it needs g++ and a processor with SSE4.1), the script says so and prints the
# kit's figures alone. The kit is built as `go build` builds it; GOAMD64=v3 bench/classic.sh
# builds it for the processors of the last ten years, as tdoku is built for this one.
set -euo pipefail

case ${1:-} in
-h | -help | --help)
	awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
	exit 0
	;;
-*)
	echo "classic.sh: unknown flag $1; see bench/classic.sh --help" >&2
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

"$shared/baselines/build.sh" "$work" >/dev/null 2>"$work/build.log" || {
	cat "$work/build.log" >&2
	echo "classic.sh: the baselines did not build" >&2
	exit 2
}
tdoku=$work/tdoku_bench
if [[ ! -x $tdoku ]]; then
	echo "classic.sh: tdoku is absent (tdoku_bench did not build on this machine); the kit's figures are printed alone" >&2
	tdoku=
fi
(cd "$root" && go build -o "$work/classic" ./solution/classic/main.go && go build -o "$work/classiccore" ./bench/classiccore)

pin=()
if command -v taskset >/dev/null; then
	pin=(taskset -c "${CPU:-$(($(nproc) - 1))}")
else
	echo "classic.sh: taskset not found; the programs run unpinned" >&2
fi

sets=()
for set in "$data/17_clue.txt" "$data/top1465.txt"; do
	if [[ -f $set ]]; then
		sets+=("$set")
	else
		echo "classic.sh: $set absent, skipped" >&2
	fi
done
sets+=("$root/internal/classic/testdata/hard.txt" "$root/internal/classic/testdata/climbed.txt" "$@")

# timed PROGRAM INPUT OUTPUT: runs the program once, prints its wall time and its processor
# time (user and system) in seconds.
timed() {
	local TIMEFORMAT='%3R %3U %3S' times
	times=$({ time "${pin[@]}" "$1" <"$2" >"$3"; } 2>&1)
	awk '{ printf "%s %.3f\n", $1, $2 + $3 }' <<<"$times"
}

# best COLUMN FILE PUZZLES: the least figure of the column, in microseconds per puzzle.
best() { cut -d' ' -f"$1" "$2" | sort -g | head -1 | awk -v n="$3" '{ printf "%.2f", $1 / n * 1e6 }'; }

# field TEXT PATTERN: the number after PATTERN in TEXT.
field() { sed -n "s/.*$2 \([0-9.]*\).*/\1/p" <<<"$1" | head -1; }

# The start-up floor: the batch solver's whole process on an empty input (starting a process,
# reading and writing nothing), which the whole-process figures below include once per run; and,
# beside it, that of a C program that does nothing (true), the least any process costs here.
truebin=$(command -v true)
: >"$work/empty.in"
: >"$work/floor.times"
: >"$work/cfloor.times"
# Both are cheap and the most exposed to a busy spell of the machine: they run ten times as often.
for ((i = 0; i < 10 * runs; i++)); do
	timed "$work/classic" "$work/empty.in" "$work/floor.out" >>"$work/floor.times"
	timed "$truebin" "$work/empty.in" "$work/floor.out" >>"$work/cfloor.times"
done
floor=$(cut -d' ' -f1 "$work/floor.times" | sort -g | head -1)
cfloor=$(cut -d' ' -f1 "$work/cfloor.times" | sort -g | head -1)
echo "start-up floor: the batch solver on an empty input takes $(awk -v f="$floor" 'BEGIN { printf "%.1f", f * 1e3 }') ms whole process, a C program that does nothing $(awk -v f="$cfloor" 'BEGIN { printf "%.1f", f * 1e3 }') ms"

header='%-13s %7s | %8s %8s | %8s %8s %7s | %8s %8s %8s | %8s %8s | %8s | %s\n'
printf "$header" set puzzles "tdoku c2" "tdoku s1" "core c2" "core s1" guesses batch "b-floor" "b cpu" floor "C floor" seed "outputs (batch, seed)"
for set in "${sets[@]}"; do
	name=$(basename "$set" .txt)
	input=$work/$name.in
	tr -d '\r' <"$set" | grep -E '^[.0-9]{81}$' | tr 0 . >"$input"
	puzzles=$(wc -l <"$input")
	if [[ $puzzles -eq 0 ]]; then
		echo "classic.sh: $set holds no puzzle, skipped" >&2
		continue
	fi
	echo end >>"$input"

	# Every program runs RUNS times, in turns, so that a busy spell of the machine hits them alike;
	# each figure is the best of its runs.
	for f in tdoku2 tdoku1 count2 solve guesses batch seed; do : >"$work/$f.runs"; done
	for ((i = 0; i < runs; i++)); do
		if [[ -n $tdoku ]]; then
			"${pin[@]}" "$tdoku" "$input" 2 | sed -n 's/.*: \([0-9.]*\) us\/puzzle.*/\1/p' >>"$work/tdoku2.runs"
			"${pin[@]}" "$tdoku" "$input" 1 | sed -n 's/.*: \([0-9.]*\) us\/puzzle.*/\1/p' >>"$work/tdoku1.runs"
		fi
		core=$("${pin[@]}" "$work/classiccore" "$input")
		field "$core" count2 >>"$work/count2.runs"
		field "$core" solve >>"$work/solve.runs"
		field "$core" guesses >>"$work/guesses.runs"
		timed "$work/classic" "$input" "$work/batch.out" >>"$work/batch.runs"
		if [[ ${NOSEED:-0} != 1 ]]; then
			timed "$work/classic_seed" "$input" "$work/seed.out" >>"$work/seed.runs"
		fi
	done
	least() { sort -g "$work/$1.runs" | head -1; }
	t2=- t1=-
	if [[ -n $tdoku ]]; then
		t2=$(least tdoku2) t1=$(least tdoku1)
	fi
	c2=$(least count2) c1=$(least solve) guesses=$(least guesses)

	batch=$(best 1 "$work/batch.runs" "$puzzles") batchcpu=$(best 2 "$work/batch.runs" "$puzzles")
	net=$(cut -d' ' -f1 "$work/batch.runs" | sort -g | head -1 |
		awk -v f="$floor" -v n="$puzzles" '{ printf "%.2f", ($1 > f ? $1 - f : 0) / n * 1e6 }')
	perfloor=$(awk -v f="$floor" -v n="$puzzles" 'BEGIN { printf "%.2f", f / n * 1e6 }')
	percfloor=$(awk -v f="$cfloor" -v n="$puzzles" 'BEGIN { printf "%.2f", f / n * 1e6 }')
	seed=- verdict="seed left out"
	if [[ ${NOSEED:-0} != 1 ]]; then
		seed=$(best 1 "$work/seed.runs" "$puzzles")
		differ=$(paste -d' ' "$work/seed.out" "$work/batch.out" | awk '$1 != $2' | wc -l)
		verdict=$([[ $differ -eq 0 ]] && echo identical || echo "$differ lines differ")
	fi
	printf "$header" "$name" "$puzzles" "$t2" "$t1" "$c2" "$c1" "$guesses" "$batch" "$net" "$batchcpu" "$perfloor" "$percfloor" "$seed" "$verdict"
	if [[ -n $tdoku ]]; then
		awk -v t2="$t2" -v header="$header" 'function r(x) { return x == "-" ? "-" : sprintf("%.2fx", x / t2) }
		BEGIN {
			split(ARGV[1], f, " ")
			printf header, "  / tdoku c2", "", r(t2), r(f[1]), r(f[2]), r(f[3]), "", r(f[4]), r(f[5]), r(f[6]), r(f[7]), r(f[8]), r(f[9]), ""
		}' "$t1 $c2 $c1 $batch $net $batchcpu $perfloor $percfloor $seed"
	fi
done
echo "us/puzzle; c2: counting to 2 solutions, s1: stopping at the first; core: in one process;"
echo "batch, seed: whole process, wall time; b-floor: the batch solver less the start-up floor;"
echo "b cpu: the batch solver's processor time (user and system); floor, C floor: the start-up floor"
echo "of the batch solver and of a C program, spread over the set's puzzles (against tdoku c2, the"
echo "least whole-process ratio that starting a process allows on that set)"
