package grid

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"unicode/utf8"
)

// MaxInput is the largest input Read accepts, in bytes; a grid needs under
// 200, so anything near this size is a mistake, and the bound keeps a huge
// or endless input from exhausting memory.
const MaxInput = 1 << 20

// maxQuoted bounds how much of a bad token an error message repeats.
const maxQuoted = 32

// SyntaxError reports input that is not a grid in the contest format.
type SyntaxError struct {
	File string // file name, "" when unknown
	Line int    // 1-based line
	Col  int    // 1-based column, counted in bytes
	Msg  string // what was wrong, lower-case
}

// Error renders the error as "FILE:LINE:COL: MSG", or as
// "line LINE, column COL: MSG" when the file name is unknown.
func (e *SyntaxError) Error() string {
	if e.File != "" {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
}

// Parse reads a grid in the contest format, leniently: 81 integers 0..9
// separated by any ASCII whitespace, so CRLF line ends, trailing spaces,
// tabs and a missing final newline are all accepted. Errors are *SyntaxError.
func Parse(data []byte) (Grid, error) {
	g, err := parse(data, "")
	if err != nil {
		return Grid{}, err.SyntaxError
	}
	return g, nil
}

// ReadFile reads and parses the grid stored in the named file; errors carry
// the file name.
func ReadFile(path string) (Grid, error) {
	f, err := os.Open(path)
	if err != nil {
		return Grid{}, err
	}
	defer f.Close()
	return Read(f, path)
}

// Read reads and parses a grid from r, naming it name in messages ("" for
// none). It reads at most MaxInput bytes and reports a longer input as an
// error instead of reading on.
func Read(r io.Reader, name string) (Grid, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxInput+1))
	if err != nil {
		if name == "" {
			return Grid{}, fmt.Errorf("reading grid: %w", err)
		}
		return Grid{}, fmt.Errorf("reading %s: %w", name, err)
	}
	if len(data) > MaxInput {
		return Grid{}, tooLong(data, name)
	}
	g, perr := parse(data, name)
	if perr != nil {
		return Grid{}, perr.SyntaxError
	}
	return g, nil
}

// tooLong explains an input over MaxInput bytes. A bad token or a surplus
// number inside the part that was read is the more useful message, so the
// read part is checked first; the last token is dropped since the limit may
// have cut it in two.
func tooLong(data []byte, name string) error {
	read := data[:MaxInput]
	for len(read) > 0 && !isSpace(data[len(read)]) {
		read = read[:len(read)-1]
	}
	if _, err := parse(read, name); err != nil && !err.short {
		return err.SyntaxError
	}
	return syntaxErrorAt(data, MaxInput, name, fmt.Sprintf("input longer than %d bytes", MaxInput))
}

// parseError is a *SyntaxError that also tells whether the input merely
// ran out of numbers: for a read cut short at MaxInput that is no fault of
// the input, so tooLong must tell it from the other errors.
type parseError struct {
	*SyntaxError
	short bool
}

// parse returns a nil *parseError on success; callers convert it to a plain
// nil error themselves so that no typed nil escapes.
func parse(data []byte, name string) (Grid, *parseError) {
	var g Grid
	n := 0
	for pos := 0; ; {
		for pos < len(data) && isSpace(data[pos]) {
			pos++
		}
		if pos == len(data) {
			break
		}
		start := pos
		for pos < len(data) && !isSpace(data[pos]) {
			pos++
		}
		token := data[start:pos]
		if n == Cells {
			msg := fmt.Sprintf("expected end of input after %d numbers, found %s", Cells, quote(token))
			return Grid{}, &parseError{SyntaxError: syntaxErrorAt(data, start, name, msg)}
		}
		if len(token) != 1 || token[0] < '0' || token[0] > '9' {
			return Grid{}, &parseError{SyntaxError: syntaxErrorAt(data, start, name, badToken(token))}
		}
		g[n] = token[0] - '0'
		n++
	}
	if n < Cells {
		msg := fmt.Sprintf("expected %d numbers, found only %d", Cells, n)
		if n == 0 {
			msg = fmt.Sprintf("expected %d numbers, found none", Cells)
		}
		return Grid{}, &parseError{SyntaxError: syntaxErrorAt(data, len(data), name, msg), short: true}
	}
	return g, nil
}

// badToken explains why a token is not a digit; a negative number gets its
// own wording since "expected a digit, found -1" reads as if -1 were one.
func badToken(token []byte) string {
	if len(token) > 1 && token[0] == '-' && allDigits(token[1:]) {
		return fmt.Sprintf("%s is not a digit 0..9", quote(token))
	}
	return fmt.Sprintf("expected a digit 0..9, found %s", quote(token))
}

func allDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// quote renders a token with Go escapes, so that control bytes and invalid
// UTF-8 are named rather than printed; a very long token is shortened.
func quote(token []byte) string {
	if len(token) <= maxQuoted {
		return fmt.Sprintf("%q", token)
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(token[cut]) {
		cut--
	}
	if cut == 0 {
		cut = maxQuoted
	}
	return fmt.Sprintf("%q... (%d bytes)", token[:cut], len(token))
}

// isSpace reports ASCII whitespace: space, tab, LF, vertical tab, form
// feed and CR.
func isSpace(c byte) bool {
	return c == ' ' || ('\t' <= c && c <= '\r')
}

// syntaxErrorAt builds a SyntaxError positioned at byte offset off of data.
func syntaxErrorAt(data []byte, off int, name, msg string) *SyntaxError {
	line := 1 + bytes.Count(data[:off], []byte{'\n'})
	col := off - (bytes.LastIndexByte(data[:off], '\n') + 1) + 1
	return &SyntaxError{File: name, Line: line, Col: col, Msg: msg}
}
