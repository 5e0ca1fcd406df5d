package compile

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestWarnings checks that a build keeps the compiler's warnings of undefined behaviour, naming
// the contestant's file, whatever flags replace the defaults, and that a build taken from the
// cache has them too.
func TestWarnings(t *testing.T) {
	tests := []struct {
		source, lang string
		flags        []string
		want         string // the first warning, as String writes it
	}{
		{source: "no_return.cpp", lang: "cpp", want: "no_return.cpp:7:1: warning: no return statement in function returning non-void [-Wreturn-type]"},
		{source: "no_return.cpp", lang: "cpp", flags: []string{"-O1"}, want: "no_return.cpp:7:1: warning: no return statement in function returning non-void [-Wreturn-type]"},
		{source: "uninit.pas", lang: "pascal", want: "uninit.pas:4:11: warning: Variable \"y\" does not seem to be initialized"},
	}
	for _, tc := range tests {
		t.Run(tc.source+" "+strings.Join(tc.flags, " "), func(t *testing.T) {
			requireLanguage(t, tc.lang)
			lang, _ := Lookup(tc.lang)
			cache := t.TempDir()
			for _, from := range []string{"a compilation", "the cache"} {
				b, err := Compile(context.Background(), filepath.Join("testdata", tc.source), lang, Options{Cache: cache, Flags: tc.flags})
				if err != nil {
					t.Fatal(err)
				}
				if len(b.Warnings) == 0 {
					t.Fatalf("from %s: no warning, want %q", from, tc.want)
				}
				if got := b.Warnings[0].String(); got != tc.want || !b.Warnings[0].Undefined {
					t.Errorf("from %s: got %q (undefined behaviour: %v), want %q, undefined behaviour", from, got, b.Warnings[0].Undefined, tc.want)
				}
			}
		})
	}
}

func TestRenamed(t *testing.T) {
	tests := []struct{ message, built, shown, want string }{
		{"Main.java:1: error: x\nMain.java:2: error: y", "Main.java", "sudoku.java", "sudoku.java:1: error: x\nsudoku.java:2: error: y"},
		{"# command-line-arguments\n./main.go:3:8: \"fmt\" imported and not used", "main.go", "mine.go", "# command-line-arguments\n./mine.go:3:8: \"fmt\" imported and not used"},
		{"xMain.java and Main.javax and Main.java.", "Main.java", "a.java", "xMain.java and Main.javax and a.java."},
		{"same.cpp:1: x", "same.cpp", "same.cpp", "same.cpp:1: x"},
	}
	for _, tc := range tests {
		if got := renamed(tc.message, tc.built, tc.shown); got != tc.want {
			t.Errorf("renamed(%q): got %q, want %q", tc.message, got, tc.want)
		}
	}
}

func TestEncodingCause(t *testing.T) {
	gbkComment := []byte("// \xb0\xd0\xd0\xce\nint main() { return missing; }\n")
	tests := []struct {
		name    string
		message string
		code    []byte
		want    bool
	}{
		{"another line's error", "a.cpp:2:21: error: 'missing' was not declared", gbkComment, false},
		{"an error on the GBK line", "a.cpp:1:4: error: something", gbkComment, true},
		{"g++'s stray bytes", "a.cpp:5:1: error: stray '\\260' in program", gbkComment, true},
		{"javac", "a.java:1: error: unmappable character (0xB0) for encoding UTF-8", gbkComment, true},
		{"Free Pascal's line", "a.cpp(1,4) Error: illegal", gbkComment, true},
		{"a byte-order mark", "anything", []byte("\xef\xbb\xbfint main"), true},
	}
	for _, tc := range tests {
		if got := encodingCause(tc.message, "a.cpp", tc.code); got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}
