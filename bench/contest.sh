#!/usr/bin/env bash
# Contest mode on a class of 30 made from the planted submissions (tests/submissions): accepted
# in five languages, wrong answers, a presentation error, a time-out, a crash, a memory hog, two
# compilation errors, two contestants without a file and one with two, in both plain layouts.
# Judged over the official-shaped group with a 1 s time limit, side by side in one run:
#
#   cold -j 1, cold -j 2   a fresh cache: every submission compiled and judged
#   warm                   the same class again: every result from the cache
#   one changed            one contestant's file changed: that one judged again
#
#   bench/contest.sh            # from anywhere; KEEP=DIR keeps the class and the reports in DIR
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
work=${KEEP:-$(mktemp -d)}
[[ -n ${KEEP:-} ]] || trap 'rm -rf "$work"' EXIT
mkdir -p "$work"
chmod 755 "$work"
class=$work/class
rm -rf "$class" "$work"/cache-*
plants=$root/tests/submissions

# plant SUBMISSION CONTESTANT LAYOUT: copies a planted submission as the contestant's, in the
# plain layout (NAME/sudoku.EXT) or NOI Linux's (NAME/sudoku/sudoku.EXT), with a comment that
# makes each copy a submission of its own.
n=0
plant() {
	local ext=${1##*.} dir=$class/$2
	[[ $3 == noi ]] && dir=$dir/sudoku
	mkdir -p "$dir"
	cp "$plants/$1" "$dir/sudoku.$ext"
	n=$((n + 1))
	case $ext in
	py) echo "# contestant $2" >>"$dir/sudoku.$ext" ;;
	pas) echo "{ contestant $2 }" >>"$dir/sudoku.$ext" ;;
	*) echo "// contestant $2" >>"$dir/sudoku.$ext" ;;
	esac
}
# The class: a planted submission and a layout per contestant; "none" is a contestant without
# a file, "two" one with a file in each layout.
class_plan=(
	accepted/dfs.c:plain accepted/dfs.c:noi accepted/dfs.c:plain accepted/dfs.c:noi
	accepted/dfs.c:plain accepted/dfs.c:noi accepted/dfs.c:plain accepted/dfs.c:noi
	accepted/dfs.cpp:plain accepted/dfs.cpp:noi accepted/dfs.cpp:plain
	accepted/dfs.go:plain accepted/dfs.go:noi accepted/dfs.pas:plain
	wrong_answer/rim_weight.c:plain wrong_answer/rim_weight.c:noi
	wrong_answer/first_completion.cpp:plain wrong_answer/first_completion.cpp:noi
	wrong_answer/never_minus_one.go:plain wrong_answer/zero.py:plain wrong_answer/zero.py:noi
	wrong_answer/presentation.py:plain time_limit_exceeded/spin.c:plain
	run_time_error/segfault.c:noi memory_limit_exceeded/vector.cpp:plain
	compile_error/syntax.cpp:plain compile_error/syntax.cpp:noi
	none none two
)
i=0
for entry in "${class_plan[@]}"; do
	i=$((i + 1))
	name=$(printf 'student%02d' "$i")
	case $entry in
	none) mkdir -p "$class/$name" ;;
	two)
		plant accepted/dfs.c "$name" plain
		plant accepted/dfs.cpp "$name" noi
		;;
	*) plant "${entry%%:*}" "$name" "${entry##*:}" ;;
	esac
done
chmod -R a+rX "$class"

(cd "$root" && CGO_ENABLED=0 go build -o "$work/bin/" ./judge ./judge/supervisor)

# judge CACHE ARGS...: judges the class, prints the wall time in seconds and the summary line.
judge() {
	local cache=$1 start end
	shift
	start=$(date +%s.%N)
	"$work/bin/judge" --kit "$root" --cache "$work/$cache" --contest "$class" --time-limit 1s "$@" >"$work/out-$cache.txt" || echo "exit status $?" >&2
	end=$(date +%s.%N)
	printf '%-22s %7.1f s   %s\n' "$cache $*" "$(echo "$end - $start" | bc)" "$(head -1 "$work/out-$cache.txt")"
}

echo "class of $(ls "$class" | wc -l) contestants, official-shaped group, time limit 1 s"
judge cache-j1 -j 1
judge cache-j2 -j 2
judge cache-j2 -j 2
echo "// changed" >>"$class/student05/sudoku.c"
judge cache-j2 -j 2
judge cache-j2 -j 2 --html "$work/class.html" --csv "$work/class.csv"
cat "$work/out-cache-j2.txt"
