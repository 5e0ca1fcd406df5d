package answer

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"bullseye/internal/grid"
)

// lines reads an output line by line, never holding more than one line of at most MaxLine
// bytes, and never reading more than MaxOutput bytes after the lines it was asked for.
type lines struct {
	r      *bufio.Reader
	number int // of the last line read, 1-based
}

func newLines(r io.Reader) *lines { return &lines{r: bufio.NewReaderSize(r, 4096)} }

// errLineTooLong marks a line over MaxLine bytes.
var errLineTooLong = errors.New("line too long")

// next returns the next line without its line end, or io.EOF when the input is exhausted. A
// line over MaxLine bytes is errLineTooLong, and the reader stops there.
func (l *lines) next() (string, error) {
	var line []byte
	for {
		chunk, err := l.r.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > MaxLine+1 {
			l.number++
			return "", errLineTooLong
		}
		switch {
		case err == nil:
			l.number++
			return string(line[:len(line)-1]), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(line) > 0:
			l.number++
			return string(line), nil
		}
		return "", err
	}
}

// end reads on after the last expected line: only whitespace may follow, and at most
// MaxOutput bytes of it are read. It returns nil, a *grid.SyntaxError or the reader's failure.
func (l *lines) end(after string) error {
	line, col := l.number+1, 1
	for read := 0; ; read++ {
		c, err := l.r.ReadByte()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if read == MaxOutput {
			return &grid.SyntaxError{Line: line, Col: col, Msg: fmt.Sprintf("the output goes on for more than %d bytes after %s", MaxOutput, after)}
		}
		if !isSpace(c) {
			found := fmt.Sprintf("%q", c)
			if rest, err := l.r.Peek(maxQuoted); err == nil || len(rest) > 0 {
				found = fmt.Sprintf("%q", append([]byte{c}, trimToken(rest)...))
			}
			return &grid.SyntaxError{Line: line, Col: col, Msg: fmt.Sprintf("expected the end of the output after %s, found %s", after, found)}
		}
		col++
		if c == '\n' {
			line, col = line+1, 1
		}
	}
}

// trimToken cuts b at its first whitespace.
func trimToken(b []byte) []byte {
	for i, c := range b {
		if isSpace(c) {
			return b[:i]
		}
	}
	return b
}
