// Package answer reads and judges outputs of the kit's two problems against the jury's answers,
// as a testlib checker does: the target output (a score, optionally followed by a grid that
// proves it) and the classic batch output (one solution or "no solution" per puzzle).
//
// Every reader of a contestant's output is bounded: it reads at most MaxOutput bytes past what
// the answer needs, so an endless or huge output is judged in bounded memory and time. Whatever
// goes wrong in the jury's files is a Fail, never the contestant's fault; a contestant whose
// answer proves the jury's wrong is a Fail too, for the jury to look at.
package answer

import (
	"bufio"
	"io"
)

// MaxOutput is the most bytes read of a target output, and of what follows the last line of a
// classic output. A right target output needs under 200 bytes.
const MaxOutput = 1 << 20

// MaxLine is the longest line of a classic output read; a solution line needs 81 bytes, and the
// rest leaves room for any whitespace around it.
const MaxLine = 256

// NoSolution is the target answer for a puzzle with no completion.
const NoSolution = -1

// The range of target scores: every valid full grid scores between these. The best is the empty
// grid's maximum; swapping each digit d for 10-d keeps a grid valid and turns a score s into
// 5700-s, since the weights add up to 570, so the worst is 5700-2906.
const (
	MinScore = 2794
	MaxScore = 2906
)

// bom is the UTF-8 byte-order mark a Windows editor may put first in a file.
const bom = "\ufeff"

// skipBOM returns r without a byte-order mark at its start, as testlib skips one before a
// contestant's output: the output of a student whose editor saved one is read as written.
func skipBOM(r io.Reader) io.Reader {
	br := bufio.NewReader(r)
	if head, _ := br.Peek(len(bom)); string(head) == bom {
		br.Discard(len(bom))
	}
	return br
}
