package iofiles

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestNamed(t *testing.T) {
	tests := []struct {
		name, lang, code, want string // want: the names, space-separated
	}{
		{"freopen", "cpp", `int main() { freopen("tmp.in", "r", stdin); freopen("tmp.out", "w", stdout); }`, "tmp.in tmp.out"},
		{"the contest's files", "c", `freopen("sudoku.in","r",stdin); freopen("sudoku.out","w",stdout);`, "sudoku.in sudoku.out"},
		{"commented out", "cpp", "//freopen(\"a.in\",\"r\",stdin);\n/* freopen(\"b.in\",\"r\",stdin); */ int x;", ""},
		{"#ifdef, not defined", "cpp", "#ifdef DEBUG\n freopen(\"d:\\\\data.in\", \"r\", stdin);\n#endif\n", ""},
		{"#ifdef, defined above", "cpp", "#define LOCAL\n#ifdef LOCAL\n freopen(\"data.in\", \"r\", stdin);\n#endif\n", "data.in"},
		{"#ifndef, not defined", "cpp", "#ifndef ONLINE_JUDGE\n freopen(\"in.txt\", \"r\", stdin);\n#endif\n", "in.txt"},
		{"#if 0 and its #else", "cpp", "#if 0\n fopen(\"a.in\", \"r\");\n#else\n fopen(\"b.in\", \"r\");\n#endif\n", "b.in"},
		{"#ifdef's #else", "cpp", "#ifdef LOCAL\n freopen(\"a.in\",\"r\",stdin);\n#else\n freopen(\"b.in\",\"r\",stdin);\n#endif\n", "b.in"},
		{"nested", "cpp", "#ifndef X\n#ifdef Y\nfopen(\"a.in\",\"r\");\n#endif\nfopen(\"b.in\",\"r\");\n#endif\n", "b.in"},
		{"#if !defined", "c", "#if !defined(ONLINE_JUDGE)\nfopen(\"a.in\",\"r\");\n#elif 1\nfopen(\"b.in\",\"r\");\n#endif\n", "a.in"},
		{"a file macro", "cpp", "#define _FILE(s) freopen(#s\".in\", \"r\", stdin); freopen(#s\".out\", \"w\", stdout)\nint main() { _FILE(code); }", "code.in code.out"},
		{"a file macro never used", "cpp", "#define reopen(x) { freopen(#x\".in\", \"r\", stdin); }\nint main() {}", ""},
		{"a path", "cpp", `freopen("d:\\data.in", "r", stdin);`, `d:\data.in`},
		{"strings that are not files", "cpp", `printf("%d\n", ans); puts("in"); char s[] = "main.cpp";`, ""},
		{"a comment marker in a string", "cpp", `printf("// not a comment"); freopen("x.in","r",stdin);`, "x.in"},
		{"pascal", "pascal", "{ assign(input,'old.in'); }\n(* 'older.in' *)\nassign(input,'data.in'); reset(input); // 'x.in'\n", "data.in"},
		{"pascal quotes", "pascal", "writeln('it''s'); assign(output,'a.out');", "a.out"},
		{"python", "python", "# open('x.in')\nf = open(\"input.txt\")\nprint('no')\n", "input.txt"},
		{"java", "java", "// new File(\"a.in\")\nScanner in = new Scanner(new File(\"sudoku.in\"));", "sudoku.in"},
		{"twice, once named", "cpp", `freopen("a.in","r",stdin); freopen("a.in","r",stdin);`, "a.in"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := strings.Join(Named(context.Background(), tc.lang, []byte(tc.code)), " "); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestUnexpected(t *testing.T) {
	got := Unexpected([]string{"SUDOKU.IN", "sudoku.out", "tmp.in"}, "sudoku.in", "sudoku.out")
	if strings.Join(got, " ") != "tmp.in" {
		t.Errorf("got %q, want tmp.in", got)
	}
}

// stall is a source made to stall an analysis that expands every use of a file-making macro
// with every suffix and removes duplicates by a linear search: n suffixes, n uses, each on a
// line of its own, inside a condition the analysis cannot tell (#if 1 == 2), and as many
// nested conditions.
func stall(n int) string {
	var b strings.Builder
	b.WriteString("#include <cstdio>\n#define F(s) freopen(")
	for i := range n {
		fmt.Fprintf(&b, "#s\"%d.in\" ", i)
	}
	b.WriteString(", \"r\", stdin)\n#if 1 == 2\n")
	for i := range n {
		fmt.Fprintf(&b, "#ifdef X%d\n", i)
	}
	for i := range n {
		fmt.Fprintf(&b, "F(a%d)\n", i)
	}
	for range n {
		b.WriteString("#endif\n")
	}
	b.WriteString("#endif\nint main() {}\n")
	return b.String()
}

// TestStall analyses sources made to stall the analysis, up to seven times the 28 KB one
// that took hours: each ends (a quadratic analysis would take hours, and the
// test times out), and lists at most MaxNames names.
func TestStall(t *testing.T) {
	for _, n := range []int{1500, 10000} {
		code := []byte(stall(n))
		code = append(code, []byte(strings.Replace(stall(n), "#ifdef", "#if", -1))...)
		for _, lang := range []string{"c", "cpp", "java", "python", "pascal"} {
			names := Named(context.Background(), lang, code)
			if len(names) > MaxNames {
				t.Errorf("%d, %s: got %d names, want at most %d", n, lang, len(names), MaxNames)
			}
		}
		hint := Hint(context.Background(), "cpp", code, "sudoku.in", "sudoku.out")
		if !strings.Contains(hint, fmt.Sprintf("the first %d names", MaxNames)) {
			t.Errorf("%d: got hint %q, want one that says it lists the first names", n, hint)
		}
	}
}

// TestCancelled stops the analysis when its context ends.
func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, lang := range []string{"c", "cpp", "java", "python", "pascal"} {
		if got := Named(ctx, lang, []byte(`freopen("a.in", "r", stdin); fopen('b.in')`)); got != nil {
			t.Errorf("%s: got %q, want nothing once the context ended", lang, got)
		}
	}
}

// budget is the most time one analysis may take in the fuzz test: a bound that a linear
// analysis of a fuzzer's input meets many times over on the busiest machine, and a quadratic
// one of a stalling source misses.
const budget = 10 * time.Second

func FuzzNamed(f *testing.F) {
	f.Add("#ifdef A\nfreopen(\"a.in\",\"r\",stdin);\n#else\n#endif\n#define F(s) fopen(#s\".in\")\nF(x)", 1)
	f.Add("{ '' } (* *) 'a.in'", 1)
	f.Add(stall(50), 30)
	f.Fuzz(func(t *testing.T, code string, repeat int) {
		// A fuzzer's input, repeated up to 64 times: the stalling kind needs size.
		code = strings.Repeat(code, max(1, min(repeat, 64)))
		for _, lang := range []string{"c", "cpp", "pascal", "python", "java"} {
			start := time.Now()
			names := Named(context.Background(), lang, []byte(code))
			if d := time.Since(start); d > budget {
				t.Errorf("%s: %v on %d bytes, over the budget of %v", lang, d, len(code), budget)
			}
			if len(names) > MaxNames {
				t.Errorf("%s: %d names, over %d", lang, len(names), MaxNames)
			}
			for _, name := range names {
				if !fileName.MatchString(name) {
					t.Errorf("%s: %q is not a file name", lang, name)
				}
			}
		}
	})
}

func TestHint(t *testing.T) {
	tests := []struct {
		name, code, input, output, want string
	}{
		{"other files", `freopen("code.in","r",stdin); freopen("code.out","w",stdout);`, "sudoku.in", "sudoku.out",
			"the source opens code.in and code.out, which the judge does not give: it gives the input as sudoku.in and on standard input, and takes the answer from sudoku.out or standard output"},
		{"the contest's files", `freopen("sudoku.in","r",stdin);`, "sudoku.in", "sudoku.out", ""},
		{"standard input only", `fopen("classic.in","r");`, "", "",
			"the source opens classic.in, which the judge does not give: it gives the input on standard input and takes the answer from standard output"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Hint(context.Background(), "cpp", []byte(tc.code), tc.input, tc.output); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
