package statement

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestProblems(t *testing.T) {
	if got, want := Problems(), []string{"classic", "target"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestStatements checks every statement against what the package format asks of a Markdown
// statement (UTF-8 without a byte-order mark, LF line ends and a final newline, no title, since
// the judging system shows the name) and what each must say.
func TestStatements(t *testing.T) {
	weightRows := []string{"6 6 6 6 6 6 6 6 6", "6 7 8 9 10 9 8 7 6"}
	for _, problem := range Problems() {
		for _, lang := range Languages {
			t.Run(problem+"."+lang, func(t *testing.T) {
				data, err := Markdown(problem, lang)
				if err != nil {
					t.Fatal(err)
				}
				text := string(data)
				switch {
				case !utf8.ValidString(text) || strings.HasPrefix(text, "\ufeff"):
					t.Error("got no UTF-8 text, or a byte-order mark; want UTF-8 without one")
				case strings.Contains(text, "\r") || !strings.HasSuffix(text, "\n"):
					t.Error("got CR or no final newline; want LF line ends and a final newline")
				case strings.HasPrefix(text, "# "):
					t.Error("got a title; want none, as the judging system shows the problem's name")
				}
				if heading := map[string]string{"en": "## Input", "zh": "## 输入"}[lang]; !strings.Contains(text, heading) {
					t.Errorf("got no %q section", heading)
				}
				if problem != "target" {
					return
				}
				for _, row := range weightRows {
					if !strings.Contains(text, row) {
						t.Errorf("got no weight table row %q", row)
					}
				}
			})
		}
	}
	if _, err := Markdown("target", "fr"); err == nil {
		t.Error("a French statement: got one, want an error")
	}
}
