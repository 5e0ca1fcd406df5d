#!/usr/bin/env bash
# Measures the target sudoku solution's C++ port and its reference beside CBC, GLPK and HiGHS,
# CPU time, with the floor (a C++ program that only writes a line) in the same run: see
# bench/peers/main.go. GLPK is Debian's glpk-utils (glpsol), HiGHS SciPy's milp (python3-scipy);
# a peer that is missing is left out with a note.
# Usage: bench/peers.sh [flags of bench/peers, e.g. -v -stride 4 -inputs FILE -peer-repeat 5]
# Exit status 1 when an answer disagrees or a run fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"

for arg in "$@"; do
	case $arg in
	-h | -help | --help)
		awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$root/bench/peers.sh"
		echo
		echo "Flags:"
		go run ./bench/peers -h 2>&1 | grep -v -e '^Usage of' -e 'help requested' -e '^exit status' || true
		exit 0
		;;
	esac
done
go build -o "$work/peers" ./bench/peers
go build -o "$work/reference" solution/main.go
g++ -O2 -std=gnu++17 -o "$work/port" solution/cpp/target.cpp
g++ -O2 -o "$work/floor" bench/cppfloor/floor.cpp
# The first Python that has SciPy: a python3 of its own on PATH may lack the Debian package's.
python=python3
for candidate in python3 /usr/bin/python3; do
	if "$candidate" -c 'import scipy.optimize' 2>/dev/null; then
		python=$candidate
		break
	fi
done
pin=()
if command -v taskset >/dev/null; then
	pin=(taskset -c 0)
fi
"${pin[@]}" "$work/peers" -port "$work/port" -reference "$work/reference" -floor "$work/floor" -python "$python" "$@"
