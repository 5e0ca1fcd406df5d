package answer

import (
	"io"
	"math"
	"strconv"

	"bullseye/internal/grid"
)

// Score is the first line of a target output: NoSolution or a score.
type Score struct {
	Text  string // the integer as printed
	Value int64  // its value, clamped to the int64 range; no score comes near either end
}

// String returns the score as printed.
func (s Score) String() string { return s.Text }

// Target is a target output as read: the score and, when one follows, the grid that proves it.
type Target struct {
	Score   Score
	Grid    grid.Grid
	HasGrid bool // all 81 digits of a grid were read
	// Rest is what is wrong after the score, nil when nothing is: a malformed or short grid,
	// text after the end, or an output longer than MaxOutput. It is a *grid.SyntaxError.
	Rest error
}

// ReadTarget reads a target output: one integer, and optionally a grid of 81 digits 0..9, all
// separated by any whitespace (what `solution -grid` prints). It reads at most MaxOutput bytes
// of r. The error is about the score: a *grid.SyntaxError when it is not an integer, or the
// reader's failure. Faults after the score are left in Rest, since a wrong score is the better
// message when both are wrong.
func ReadTarget(r io.Reader) (Target, error) {
	t, err := readTokens(r, MaxOutput)
	if err != nil {
		return Target{}, err
	}
	tok, ok := t.next()
	if !ok || tok.cut {
		return Target{}, t.expected("an integer", tok, ok)
	}
	score, ok := parseInteger(tok.text)
	if !ok {
		what := "an integer"
		if leadingZero(tok.text) {
			what = "an integer without leading zeros"
		}
		return Target{}, t.expected(what, tok, true)
	}
	out := Target{Score: score}
	if score.Value == NoSolution {
		if err := t.end("-1"); err != nil {
			out.Rest = err
		}
		return out, nil
	}
	for cell := range grid.Cells {
		tok, ok := t.next()
		if cell == 0 && !ok && !t.cut {
			return out, nil
		}
		if !ok {
			out.Rest = t.atEnd("expected 81 digits in the grid, found only %d", cell)
			return out, nil
		}
		if len(tok.text) != 1 || tok.text[0] < '0' || tok.text[0] > '9' || tok.cut {
			what := "a digit 0..9 of the grid"
			if cell == 0 {
				// Nothing says a grid was meant: the score printed twice, or a word after it.
				what = "the end of the output after the score, or a grid's 81 digits"
			}
			out.Rest = t.expected(what, tok, true)
			return out, nil
		}
		out.Grid[cell] = tok.text[0] - '0'
	}
	out.HasGrid = true
	if err := t.end("the grid"); err != nil {
		out.Rest = err
	}
	return out, nil
}

// parseInteger accepts an integer in canonical form, as testlib's readers do: an optional minus
// sign and digits, no plus sign, no leading zero and no "-0".
func parseInteger(text []byte) (Score, bool) {
	digits := text
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || leadingZero(text) || string(text) == "-0" {
		return Score{}, false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return Score{}, false
		}
	}
	value, err := strconv.ParseInt(string(text), 10, 64)
	if err != nil {
		// Only a range error is left: clamp, so that a huge number is a wrong answer.
		value = math.MaxInt64
		if text[0] == '-' {
			value = math.MinInt64
		}
	}
	return Score{Text: string(text), Value: value}, true
}

// leadingZero reports digits that start with a 0 and go on, as in "0285" or "-07".
func leadingZero(text []byte) bool {
	if len(text) > 0 && text[0] == '-' {
		text = text[1:]
	}
	return len(text) > 1 && text[0] == '0'
}
