#!/usr/bin/env bash
# Benchmarks target sudoku solvers side by side, each input as a whole process:
# the kit's solution (solution/main.go), its C++ port (solution/cpp/target.cpp,
# built with g++ -O2 -std=gnu++17 when g++ is present), the seed's target_seed (built from
# $SHARED/baselines when that and g++ are present) and CBC (when cbc is on PATH),
# with the start-up floor of any Go program (bench/floor) beside them, over the seeded families
# (official-like, low-clue, packed, empty and one-given, few-given) and the adversarial family
# climbed against the solution (solution/testdata/adversarial.txt, made by bench/targetclimb).
# An input's time is the median of 5 runs of the solution, the C++ port and the floor (-repeat), of 1 of
# CBC (-cbc-repeat; it is 10-20x slower) and of the seed, so one slow run on a busy machine
# does not decide a family's slowest time or a goal.
# Usage: bench/target.sh [flags of bench/target, e.g. -v -seed-timeout 5s -solvers ours,cbc
#        -families adversarial -repeat 3]
#        bench/target.sh --help
# SHARED is the shared folder holding baselines/ (default: ../shared beside the kit).
# Exit status 1 when an answer disagrees or the kit's solution fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
shared=${SHARED:-$root/../shared}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"

for arg in "$@"; do
	case $arg in
	-h | -help | --help)
		awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$root/bench/target.sh"
		echo
		echo "Flags:"
		# go run keeps the program it links in the build cache: the help costs no link.
		go run ./bench/target -h 2>&1 | grep -v -e '^Usage of' -e 'help requested' -e '^exit status' || true
		exit 0
		;;
	esac
done
go build -o "$work/bench-target" ./bench/target
go build -o "$work/solution" solution/main.go
go build -o "$work/floor" ./bench/floor

# The solvers -solvers names (as bench/target reads its flags): the C++ port and the seed are
# built only when they run, a build of the port alone costing seconds.
solvers=ours,cpp,seed,cbc
previous=
for arg in "$@"; do
	case $previous in -solvers | --solvers) solvers=$arg ;; esac
	case $arg in -solvers=* | --solvers=*) solvers=${arg#*=} ;; esac
	previous=$arg
done
runs() { [[ ,${solvers// /}, == *,$1,* ]]; }

cpp_args=()
if ! command -v g++ >/dev/null; then
	echo "note: g++ is absent: the C++ port will not run" >&2
elif runs cpp; then
	g++ -O2 -std=gnu++17 -o "$work/target_cpp" solution/cpp/target.cpp
	cpp_args=(-cpp "$work/target_cpp")
fi

seed_args=()
if [[ ! -x $shared/baselines/build.sh ]]; then
	echo "note: $shared/baselines/build.sh is absent (set SHARED to the shared folder): the seed will not run" >&2
elif ! command -v g++ >/dev/null; then
	echo "note: g++ is absent, needed to build the seed: the seed will not run" >&2
elif runs seed; then
	"$shared/baselines/build.sh" "$work/baselines" >/dev/null
	seed_args=(-seed "$work/baselines/target_seed")
fi

# Every process the benchmark starts inherits this one-core affinity, as on a contest judge.
pin=()
if command -v taskset >/dev/null; then
	pin=(taskset -c 0)
else
	echo "note: taskset is absent: processes are not pinned to one core" >&2
fi
"${pin[@]}" "$work/bench-target" -ours "$work/solution" -floor "$work/floor" "${cpp_args[@]}" "${seed_args[@]}" "$@"
