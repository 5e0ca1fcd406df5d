package iofiles

import (
	"strings"
	"testing"
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
			if got := strings.Join(Named(tc.lang, []byte(tc.code)), " "); got != tc.want {
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

func FuzzNamed(f *testing.F) {
	f.Add("#ifdef A\nfreopen(\"a.in\",\"r\",stdin);\n#else\n#endif\n#define F(s) fopen(#s\".in\")\nF(x)")
	f.Add("{ '' } (* *) 'a.in'")
	f.Fuzz(func(t *testing.T, code string) {
		for _, lang := range []string{"c", "cpp", "pascal", "python", "java"} {
			for _, name := range Named(lang, []byte(code)) {
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
			if got := Hint("cpp", []byte(tc.code), tc.input, tc.output); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
