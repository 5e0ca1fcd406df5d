#!/usr/bin/env bash
# solve.sh: the kit's solutions, from any folder, as go run does from the kit's root.
#
#   solution/solve.sh [-grid] [FILE]          the reference solution of target sudoku
#   solution/solve.sh classic [FILE...]       the classic batch solver
#
# The first run of each builds it (Go needed) into the cache folder,
# ${XDG_CACHE_HOME:-~/.cache}/bullseye/bin, or $BULLSEYE_CACHE/bin when set, named by the
# checksum of its source and go.mod, so that a changed source, or another copy of the kit, gets
# a build of its own; nothing is written in the kit. Files are read from the current folder; the
# exit status is the solution's.
set -euo pipefail

kit=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cache=${BULLSEYE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/bullseye}
name=target package=./solution source=$kit/solution/main.go
if [ "${1:-}" = classic ]; then
	shift
	name=classic package=./solution/classic source=$kit/solution/classic/main.go
fi
sum=$(cat "$source" "$kit/go.mod" | cksum)
bin=$cache/bin/solve-$name-${sum%% *}

if [ ! -x "$bin" ]; then
	if ! command -v go >/dev/null 2>&1; then
		echo "solve.sh: building the solution needs Go (https://go.dev/dl/)" >&2
		exit 3
	fi
	mkdir -p "$cache/bin"
	tmp=$(mktemp -d "$cache/bin/build.XXXXXX")
	if ! (cd "$kit" && CGO_ENABLED=0 go build -o "$tmp/solve" "$package"); then
		rm -rf "$tmp"
		echo "solve.sh: building the $name solution failed" >&2
		exit 3
	fi
	mv -f "$tmp/solve" "$bin"
	rmdir "$tmp"
fi

exec "$bin" "$@"
