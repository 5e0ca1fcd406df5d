#!/usr/bin/env bash
# judge.sh: judge a program over the kit's tests, as an online judge does.
#
#   ./judge.sh [flags] SUBMISSION            judge over the official-shaped tests
#   ./judge.sh --group hard SUBMISSION       another group: official, hard, sample, all
#   ./judge.sh --tests DIR SUBMISSION        your own NAME.in / NAME.ans pairs
#   ./judge.sh --stress SUBMISSION           random inputs against the reference solution
#   ./judge.sh --climb SUBMISSION            the legal input it is slowest on, hill-climbed
#   ./judge.sh --contest DIR                 every student's DIR/NAME/sudoku.EXT, ranked
#   ./judge.sh --contest DIR --hack          ... then the inputs that break their programs
#   ./judge.sh --help                        every flag
#   ./judge.sh --quiet ...                   no progress on stderr, the build's included
#
# Exit status: 0 when every test is accepted, 1 otherwise, 2 for bad usage, 3 when the judge
# failed. The first run builds the judge (Go needed) into the cache folder,
# ${XDG_CACHE_HOME:-~/.cache}/bullseye, or $BULLSEYE_CACHE when set; nothing is written in the
# kit.
set -euo pipefail

kit=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cache=${BULLSEYE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/bullseye}
judge=$cache/bin/judge

# stale reports whether the judge's binaries are missing or older than any of their sources.
stale() {
	[ ! -x "$judge" ] || [ ! -x "$cache/bin/supervisor" ] && return 0
	[ -n "$(find "$kit/judge" "$kit/internal" "$kit/go.mod" "$kit/go.sum" -newer "$judge" -print -quit 2>/dev/null)" ]
}

# --quiet (or -q) silences the build's progress as it does the judge's.
quiet=
for arg in "$@"; do
	case $arg in
	--quiet | -q | --quiet=true) quiet=1 ;;
	esac
done

if stale; then
	if ! command -v go >/dev/null 2>&1; then
		echo "judge.sh: building the judge needs Go (https://go.dev/dl/)" >&2
		exit 3
	fi
	[ -n "$quiet" ] || echo "judge.sh: building the judge into $cache/bin, once (again when the kit changes): some seconds, a few minutes on a busy machine" >&2
	start=$SECONDS
	mkdir -p "$cache/bin"
	# Static binaries, built aside and moved into place, so that two runs never see half of one:
	# the judge, and the supervisor it starts in the sandbox for every test.
	tmp=$(mktemp -d "$cache/bin/build.XXXXXX")
	if ! (cd "$kit" && CGO_ENABLED=0 go build -o "$tmp/" ./judge ./judge/supervisor); then
		rm -rf "$tmp"
		echo "judge.sh: building the judge failed" >&2
		exit 3
	fi
	mv -f "$tmp/supervisor" "$cache/bin/supervisor"
	mv -f "$tmp/judge" "$judge"
	rmdir "$tmp"
	[ -n "$quiet" ] || echo "judge.sh: built in $((SECONDS - start)) s" >&2
fi

exec "$judge" --kit "$kit" --cache "$cache" "$@"
