// Package untrusted is the one way text from outside the judge reaches a terminal or a file:
// what a submission's source, output or standard error says, what a compiler prints, the name
// of a contestant's folder or of a test file. Such text may carry control characters that clear
// a screen and forge a score (ESC [2J), set a terminal's title or move its cursor (OSC, CSI),
// C1 controls a terminal obeys as ESC sequences, characters that reorder the text around them
// (bidirectional overrides and isolates, U+202A-U+202E, U+2066-U+2069, U+200E, U+200F,
// U+061C), and bytes that are not UTF-8. Each is shown escaped and visible instead: \x1b,
// \u202e, \xff.
//
// Two steps, so that a new message cannot forget either: a field is escaped where it is put in
// a message (Line, Lines, Cell), which also keeps a newline from forging a row and the judge's
// own colours from being imitated; and every stream the judge writes to a terminal or a report
// file goes through a Writer, which escapes whatever control sequence is not the judge's own.
package untrusted

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Line returns s for one line of a message: every control character (the newline and the tab
// included), every character that reorders text, every byte that is not UTF-8 and the
// backslash itself are written as Go escapes, \n, \x1b, \u202e, \xff, \\. Printable text, of
// any script, is left as it is.
func Line(s string) string { return escape(s, false) }

// Lines returns s for a message of several lines, such as a compiler's: as Line, but newlines
// and tabs are kept, and a carriage return before a newline is dropped.
func Lines(s string) string {
	return escape(strings.ReplaceAll(s, "\r\n", "\n"), true)
}

func escape(s string, lines bool) string {
	if !needsEscape(s, lines) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\\':
			b.WriteString(`\\`)
		case lines && (r == '\n' || r == '\t'):
			b.WriteRune(r)
		case Hidden(r):
			q := strconv.QuoteRune(r) // '\n', '\x1b', '\u202e'
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
		i += size
	}
	return b.String()
}

func needsEscape(s string, lines bool) bool {
	if !utf8.ValidString(s) {
		return true
	}
	for _, r := range s {
		if r == '\\' || Hidden(r) && !(lines && (r == '\n' || r == '\t')) {
			return true
		}
	}
	return false
}

// Hidden reports whether a character acts on a terminal or on the text around it instead of
// showing: a control character (C0, DEL, C1), or one that reorders or hides text.
func Hidden(r rune) bool {
	switch {
	case unicode.IsControl(r):
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
		return true
	}
	return false
}

// Cell returns s as a CSV cell: escaped as Line, and, when it begins with =, +, -, @ (a
// formula, as OWASP lists them), with a leading apostrophe, which makes a spreadsheet show it
// as text instead of running it.
func Cell(s string) string {
	s = Line(s)
	if s != "" && strings.ContainsRune("=+-@", rune(s[0])) {
		return "'" + s
	}
	return s
}

// Kind is what a Writer writes to.
type Kind int

const (
	// Terminal keeps the judge's own colours (SGR sequences of the few attributes it uses)
	// and, at the start of a write, the carriage return and line erase that redraw a progress
	// line.
	Terminal Kind = iota
	// File keeps no escape sequence at all: a report file (JSON, CSV, HTML) is shown with cat
	// as often as it is opened.
	File
)

// sgr are the escape sequences the judge itself writes: its colours and attributes.
var sgr = []string{
	"\x1b[0m", "\x1b[1m", "\x1b[2m", "\x1b[7m", "\x1b[27m",
	"\x1b[31m", "\x1b[32m", "\x1b[33m", "\x1b[35m",
}

// redraw is how the judge starts a progress line again.
const redraw = "\r\x1b[K"

// NewWriter returns a writer to w that passes text on with every hidden character (Hidden) and
// byte that is not UTF-8 escaped, as Line escapes them, but newlines and tabs and, on a
// Terminal, the judge's own sequences. The escapes of DEL, C1 and the reordering characters
// have the \u form, the same in a JSON string, so that JSON stays valid and means the same;
// encoding/json writes no other control character raw. Each Write is filtered alone: a
// character split across two writes shows escaped.
func NewWriter(w io.Writer, kind Kind) io.Writer { return &writer{w: w, kind: kind} }

type writer struct {
	w    io.Writer
	kind Kind
}

// Unwrap returns the writer written to, for a caller that asks whether it is a terminal.
func (f *writer) Unwrap() io.Writer { return f.w }

func (f *writer) Write(p []byte) (int, error) {
	out := Filter(p, f.kind)
	if _, err := f.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Filter returns p with what a Writer of kind escapes escaped.
func Filter(p []byte, kind Kind) []byte {
	if clean(p) {
		return p
	}
	out := make([]byte, 0, len(p)+16)
	for i := 0; i < len(p); {
		if kind == Terminal {
			if i == 0 && hasPrefix(p, redraw) {
				out = append(out, redraw...)
				i += len(redraw)
				continue
			}
			if p[i] == 0x1b {
				if s := ownSequence(p[i:]); s != "" {
					out = append(out, s...)
					i += len(s)
					continue
				}
			}
		}
		r, size := utf8.DecodeRune(p[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			out = fmt.Appendf(out, `\x%02x`, p[i])
		case r == '\n' || r == '\t':
			out = append(out, byte(r))
		case r < 0x20:
			out = fmt.Appendf(out, `\x%02x`, r)
		case Hidden(r):
			out = fmt.Appendf(out, `\u%04x`, r)
		default:
			out = append(out, p[i:i+size]...)
		}
		i += size
	}
	return out
}

// clean reports whether p needs no escape: UTF-8 text of printable characters, newlines and
// tabs.
func clean(p []byte) bool {
	for i := 0; i < len(p); {
		c := p[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(p[i:])
		if r == utf8.RuneError && size == 1 || Hidden(r) {
			return false
		}
		i += size
	}
	return true
}

func ownSequence(p []byte) string {
	for _, s := range sgr {
		if hasPrefix(p, s) {
			return s
		}
	}
	return ""
}

func hasPrefix(p []byte, s string) bool { return len(p) >= len(s) && string(p[:len(s)]) == s }
