package answer

import (
	"bytes"
	"fmt"
	"io"
	"unicode/utf8"

	"bullseye/internal/grid"
)

// maxQuoted bounds how much of a bad token a message repeats.
const maxQuoted = 32

// tokens splits a bounded read of an output into whitespace-separated tokens, keeping their
// positions for messages.
type tokens struct {
	data []byte // what was read
	cut  bool   // the stream goes on past data
	pos  int
}

// token is one word of the output and its byte offset.
type token struct {
	text []byte
	off  int
	cut  bool // the token runs into the read limit, so text is only its start
}

// readTokens reads at most limit bytes of r; cut tells whether r had more.
func readTokens(r io.Reader, limit int) (*tokens, error) {
	data, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return nil, err
	}
	t := &tokens{data: data}
	if len(data) > limit {
		t.data, t.cut = data[:limit], true
	}
	return t, nil
}

// next returns the next token, or false at the end of what was read.
func (t *tokens) next() (token, bool) {
	for t.pos < len(t.data) && isSpace(t.data[t.pos]) {
		t.pos++
	}
	if t.pos == len(t.data) {
		return token{}, false
	}
	start := t.pos
	for t.pos < len(t.data) && !isSpace(t.data[t.pos]) {
		t.pos++
	}
	return token{text: t.data[start:t.pos], off: start, cut: t.cut && t.pos == len(t.data)}, true
}

// errorAt returns a *grid.SyntaxError positioned at byte offset off.
func (t *tokens) errorAt(off int, format string, args ...any) *grid.SyntaxError {
	line := 1 + bytes.Count(t.data[:off], []byte{'\n'})
	col := off - (bytes.LastIndexByte(t.data[:off], '\n') + 1) + 1
	return &grid.SyntaxError{Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// expected reports a token, or the lack of one, where something else was expected.
func (t *tokens) expected(what string, tok token, ok bool) *grid.SyntaxError {
	if !ok {
		return t.atEnd("expected %s, found the end of the output", what)
	}
	return t.errorAt(tok.off, "expected %s, found %s", what, t.describe(tok))
}

// atEnd reports a fault at the end of what was read; when the read was cut, the fault is
// that the output goes on too long.
func (t *tokens) atEnd(format string, args ...any) *grid.SyntaxError {
	if t.cut {
		return t.tooLong()
	}
	return t.errorAt(len(t.data), format, args...)
}

// tooLong reports an output that goes on past the read limit.
func (t *tokens) tooLong() *grid.SyntaxError {
	return t.errorAt(len(t.data), "the output goes on past %d bytes", len(t.data))
}

// end reports anything left after the last expected token, or nil.
func (t *tokens) end(after string) *grid.SyntaxError {
	if tok, ok := t.next(); ok {
		return t.errorAt(tok.off, "expected the end of the output after %s, found %s", after, t.describe(tok))
	}
	if t.cut {
		return t.tooLong()
	}
	return nil
}

// describe quotes a token with Go escapes, so that control bytes and invalid UTF-8 are named
// rather than printed; a long token is shortened and one cut by the read limit says so.
func (t *tokens) describe(tok token) string {
	text, shown := tok.text, tok.text
	if len(text) > maxQuoted {
		cut := maxQuoted
		for cut > 0 && !utf8.RuneStart(text[cut]) {
			cut--
		}
		if cut == 0 {
			cut = maxQuoted
		}
		shown = text[:cut]
	}
	switch {
	case tok.cut:
		return fmt.Sprintf("%q... running past the %d-byte read limit", shown, len(t.data))
	case len(shown) < len(text):
		return fmt.Sprintf("%q... (%d bytes)", shown, len(text))
	}
	return fmt.Sprintf("%q", text)
}

// isSpace reports ASCII whitespace, as the solutions' readers skip it: space, tab, LF,
// vertical tab, form feed and CR.
func isSpace(c byte) bool {
	return c == ' ' || ('\t' <= c && c <= '\r')
}
