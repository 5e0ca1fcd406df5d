#!/usr/bin/env bash
# Climb mode against programs: how fast ./judge.sh --climb finds an input over the time limit,
# and what its moves and shapes buy. For each PROGRAM it judges the official-shaped group once
# (its slowest test and that test's CPU time), then climbs against it once per variant and seed,
# and prints one tab-separated line per climb:
#
#   program  variant  seed  verdict  first-over-s  slowest-ms  givens  runs  elapsed-s
#   slowest-official  official-ms
#
# verdict is TLE when an input over the time limit was found (first-over-s says when), AC when
# none was, WA (or another) when the program failed otherwise; slowest-ms is the median CPU time
# of the slowest input found, at least the cut when its runs were stopped there.
#
#   bench/climb.sh [-t TIME] [-j N] [-s "SEEDS"] [-v "NAME=FLAGS" ...] PROGRAM...
#
#   -t TIME   each climb's --climb-time (default 3m)
#   -j N      runs at once (default 2)
#   -s SEEDS  the seeds, space-separated (default "1")
#   -v VAR    a variant: a name and the judge's hidden flags that choose the climb's moves,
#             shapes and patience, e.g. "random=--climb-starts random" or
#             "shift=--climb-moves shift"; repeatable. Default: "all=" (every move and shape).
#
# KEEP=DIR keeps every report in DIR. The judge's cache is BULLSEYE_CACHE as for judge.sh.
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
case ${1:-} in -h | --help)
	usage
	exit 0
	;;
esac

root=$(cd "$(dirname "$0")/.." && pwd)
budget=3m jobs=2 seeds=1
variants=()
while getopts "t:j:s:v:" opt; do
	case $opt in
	t) budget=$OPTARG ;;
	j) jobs=$OPTARG ;;
	s) seeds=$OPTARG ;;
	v) variants+=("$OPTARG") ;;
	*)
		usage >&2
		exit 2
		;;
	esac
done
shift $((OPTIND - 1))
if [[ $# -eq 0 ]]; then
	echo "bench/climb.sh: name at least one PROGRAM; see --help" >&2
	exit 2
fi
[[ ${#variants[@]} -gt 0 ]] || variants=("all=")
work=${KEEP:-$(mktemp -d)}
[[ -n ${KEEP:-} ]] || trap 'rm -rf "$work"' EXIT
mkdir -p "$work"

# field FILE EXPRESSION: one field of a JSON report, by a Python expression on r.
field() { python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print($2)" "$1"; }

printf 'program\tvariant\tseed\tverdict\tfirst-over-s\tslowest-ms\tgivens\truns\telapsed-s\tslowest-official\tofficial-ms\n'
for program in "$@"; do
	name=$(basename "$program")
	official=$work/$name.official.json
	"$root/judge.sh" --json "$official" "$program" >/dev/null 2>&1 || true
	slow=$(field "$official" "max(r['results'], key=lambda t: t['cpu_ms'])['name'] if r['results'] else '-'")
	slowms=$(field "$official" "round(max([t['cpu_ms'] for t in r['results']] or [0]))")
	for variant in "${variants[@]}"; do
		vname=${variant%%=*} vflags=${variant#*=}
		for seed in $seeds; do
			report=$work/$name.$vname.$seed.json
			# shellcheck disable=SC2086 # the variant's flags are words
			"$root/judge.sh" --climb --climb-time "$budget" -j "$jobs" --seed "$seed" $vflags \
				--save "$work/$name.$vname.$seed" --json "$report" "$program" >/dev/null 2>&1 || true
			if [[ ! -s $report ]]; then
				printf '%s\t%s\t%s\tno report\n' "$name" "$vname" "$seed"
				continue
			fi
			printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$vname" "$seed" \
				"$(field "$report" "r['verdict']")" \
				"$(field "$report" "round(r.get('first_over_ms', 0)/1000, 1) if r['verdict'] == 'TLE' else '-'")" \
				"$(field "$report" "round((r.get('slowest') or r.get('failure') or {}).get('median_cpu_ms', 0))")" \
				"$(field "$report" "(r.get('slowest') or r.get('failure') or {}).get('givens', '-')")" \
				"$(field "$report" "r['runs']")" \
				"$(field "$report" "round(r['elapsed_ms']/1000)")" \
				"$slow" "$slowms"
		done
	done
done
