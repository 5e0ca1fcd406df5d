package validate

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"bullseye/internal/grid"
)

// eof stands for the end of the file where a byte is expected.
const eof = -1

// reader reads a file byte by byte, keeping the position of the next byte for messages.
type reader struct {
	r         *bufio.Reader
	name      string
	line, col int // 1-based position of the next byte
	err       error
}

func newReader(r io.Reader, name string) *reader {
	return &reader{r: bufio.NewReader(r), name: name, line: 1, col: 1}
}

// peek returns the next byte without consuming it, or eof.
func (r *reader) peek() int {
	b, err := r.r.Peek(1)
	if err != nil {
		if !errors.Is(err, io.EOF) && r.err == nil {
			r.err = err
		}
		return eof
	}
	return int(b[0])
}

// take consumes the next byte, which peek returned.
func (r *reader) take() {
	c, err := r.r.ReadByte()
	if err != nil {
		return
	}
	if c == '\n' {
		r.line, r.col = r.line+1, 1
	} else {
		r.col++
	}
}

// fail returns a *grid.SyntaxError at the position of the next byte, or the reader's own
// failure when reading broke.
func (r *reader) fail(format string, args ...any) error {
	if r.err != nil {
		return fmt.Errorf("reading %s: %w", r.name, r.err)
	}
	return &grid.SyntaxError{File: r.name, Line: r.line, Col: r.col, Msg: fmt.Sprintf(format, args...)}
}

// expected reports the next byte where something else was expected.
func (r *reader) expected(what string) error {
	return r.fail("expected %s, found %s", what, describe(r.peek()))
}

// space reads the single space between two numbers.
func (r *reader) space() error {
	if r.peek() != ' ' {
		return r.expected("a space")
	}
	r.take()
	return nil
}

// eoln reads a line end: LF, or when lenient spaces, then an optional CR, then LF.
func (r *reader) eoln(lenient bool) error {
	if lenient {
		for r.peek() == ' ' {
			r.take()
		}
		if r.peek() == '\r' {
			r.take()
			if r.peek() != '\n' {
				return r.expected("a line feed after the carriage return")
			}
		}
	}
	if r.peek() != '\n' {
		return r.expected("a line end")
	}
	r.take()
	return nil
}

// end checks that nothing follows.
func (r *reader) end() error {
	if r.peek() != eof {
		return r.expected("the end of the file")
	}
	if r.err != nil {
		return r.fail("")
	}
	return nil
}

// describe names a byte for a message.
func describe(c int) string {
	switch {
	case c == eof:
		return "the end of the file"
	case c == ' ':
		return "a space"
	case c == '\n':
		return "a line end"
	case c == '\r':
		return "a carriage return"
	case c == '\t':
		return "a tab"
	case c > ' ' && c < 0x7f:
		return fmt.Sprintf("%q", string(rune(c)))
	}
	return fmt.Sprintf("byte 0x%02x", c)
}
