package warnings

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name, output, built string
		want                []string // each warning's String, and "!" after one that is not undefined behaviour
	}{
		{
			name: "g++: a function that falls off its end, an uninitialised variable, a loop past an array's end",
			output: "main.cpp: In function 'int f(int)':\n" +
				"main.cpp:5:1: warning: control reaches end of non-void function [-Wreturn-type]\n" +
				"    5 | }\n      | ^\n" +
				"main.cpp:9:21: warning: 'y' is used uninitialized [-Wuninitialized]\n" +
				"main.cpp:7:9: note: 'y' was declared here\n" +
				"main.cpp:8:40: warning: iteration 10 invokes undefined behavior [-Waggressive-loop-optimizations]\r\n",
			built: "main.cpp",
			want: []string{
				"sudoku.cpp:5:1: warning: control reaches end of non-void function [-Wreturn-type]",
				"sudoku.cpp:9:21: warning: 'y' is used uninitialized [-Wuninitialized]",
				"sudoku.cpp:8:40: warning: iteration 10 invokes undefined behavior [-Waggressive-loop-optimizations]",
			},
		},
		{
			name:   "a warning that is not undefined behaviour, one of a header, an option with a level",
			output: "main.c:3:5: warning: unused variable 'x' [-Wunused-variable]\n/usr/include/stdio.h:1:1: warning: odd [-Wreturn-type]\nmain.c:4:9: warning: '%d' directive writing [-Wformat-overflow=]\n",
			built:  "main.c",
			want:   []string{"sudoku.cpp:3:5: warning: unused variable 'x' [-Wunused-variable]!", "sudoku.cpp:4:9: warning: '%d' directive writing [-Wformat-overflow]"},
		},
		{
			name:   "Free Pascal",
			output: "Free Pascal Compiler version 3.2.2\nmain.pas(7,14) Warning: Variable \"y\" does not seem to be initialized\nmain.pas(3,1) Warning: Function result does not seem to be set\nmain.pas(9,1) Warning: Comment level 2 found\nmain.pas(9,1) Note: Local variable \"i\" not used\n",
			built:  "main.pas",
			want: []string{
				"sudoku.cpp:7:14: warning: Variable \"y\" does not seem to be initialized",
				"sudoku.cpp:3:1: warning: Function result does not seem to be set",
				"sudoku.cpp:9:1: warning: Comment level 2 found!",
			},
		},
		{name: "Go's file in its folder", output: "./main.go:3:2: warning: odd\n", built: "main.go", want: []string{"sudoku.cpp:3:2: warning: odd!"}},
		{name: "errors are not warnings", output: "main.cpp:3:1: error: expected ';'\nmain.cpp:x:1: warning: no line\nmain.cppx:3:1: warning: another file\n", built: "main.cpp"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, w := range Parse(tc.output, tc.built, "sudoku.cpp") {
				s := w.String()
				if !w.Undefined {
					s += "!"
				}
				got = append(got, s)
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestUndefined(t *testing.T) {
	ws := Parse("a.c:1:1: warning: x [-Wunused-variable]\na.c:2:1: warning: y [-Wreturn-type]\n", "a.c", "a.c")
	got := Undefined(ws)
	if len(got) != 1 || got[0].Line != 2 {
		t.Errorf("got %v, want the warning of line 2 alone", got)
	}
}

func TestParseBound(t *testing.T) {
	output := strings.Repeat("a.c:1:1: warning: x [-Wreturn-type]\n", 2*maxWarnings)
	if got := len(Parse(output, "a.c", "a.c")); got != maxWarnings {
		t.Errorf("got %d warnings, want %d", got, maxWarnings)
	}
}

func FuzzParse(f *testing.F) {
	f.Add("main.cpp:5:1: warning: control reaches end [-Wreturn-type]\n")
	f.Add("main.pas(7,14) Warning: Variable \"y\" does not seem to be initialized\n")
	f.Add("main.cpp:5: warning:  [-W]\nmain.cpp(,) Warning: \n")
	f.Fuzz(func(t *testing.T, output string) {
		for _, w := range Parse(output, "main.cpp", "sudoku.cpp") {
			if w.Line < 1 || w.Column < 0 || w.File != "sudoku.cpp" || w.Message == "" {
				t.Errorf("bad warning %+v from %q", w, output)
			}
		}
	})
}
