package textdiff

import (
	"strings"
	"testing"
)

func TestLines(t *testing.T) {
	tests := []struct {
		name            string
		first           int
		expected, found []string
		color           bool
		want            string
	}{
		{"equal", 1, []string{"a", "b"}, []string{"a", "b"}, false, ""},
		{
			"one character changed", 4,
			[]string{"123", "456", "789"}, []string{"123", "406", "789"}, false,
			"--- expected\n+++ found\n@@ -4,3 +4,3 @@\n 123\n-456\n? ^\n+406\n? ^\n 789\n",
		},
		{
			"a line missing at the end", 1,
			[]string{"a", "b", "c"}, []string{"a", "b"}, false,
			"--- expected\n+++ found\n@@ -1,3 +1,2 @@\n a\n b\n-c\n",
		},
		{
			"a line added", 1,
			[]string{"a"}, []string{"a", "extra"}, false,
			"--- expected\n+++ found\n@@ -1,1 +1,2 @@\n a\n+extra\n",
		},
		{
			"cut to the context", 1,
			[]string{"1", "2", "3", "4", "5", "6", "7", "8"}, []string{"1", "2", "3", "4", "x", "6", "7", "8"}, false,
			"--- expected\n+++ found\n@@ -3,5 +3,5 @@\n 3\n 4\n-5\n+x\n 6\n 7\n",
		},
		{
			"coloured", 1,
			[]string{"no solution"}, []string{"no solutions"}, true,
			"--- expected\n+++ found\n@@ -1,1 +1,1 @@\n-\x1b[31mno solution\x1b[0m\n+\x1b[32mno solution\x1b[7ms\x1b[27m\x1b[0m\n",
		},
		{
			"coloured added line", 1,
			[]string{}, []string{"x"}, true,
			"--- expected\n+++ found\n@@ -0,0 +1,1 @@\n+\x1b[32mx\x1b[0m\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Lines(tc.first, tc.expected, tc.found, tc.color)
			if got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", quoteLines(got), quoteLines(tc.want))
			}
		})
	}
}

// quoteLines shows escapes and line ends in a failure message.
func quoteLines(s string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(s, "\n") {
		b.WriteString(strings.ReplaceAll(line, "\x1b", `\x1b`))
	}
	return b.String()
}

func TestLinesWithNothingInCommonGetNoMarks(t *testing.T) {
	got := Lines(1, []string{"123"}, []string{"no solution"}, false)
	want := "--- expected\n+++ found\n@@ -1,1 +1,1 @@\n-123\n+no solution\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
