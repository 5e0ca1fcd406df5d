// Package statement holds the statements of the kit's problems, written for the kit in
// Markdown as the Kattis problem package format takes them: no title (the judging system shows
// the problem's name) and no samples (it appends the sample tests), with TeX formulas between
// dollar signs. Every problem has an English and a Chinese statement.
package statement

import (
	"embed"
	"fmt"
	"io/fs"
	"strings"
)

//go:embed *.md
var files embed.FS

// Languages are the languages of every statement, as ISO 639-1 codes.
var Languages = []string{"en", "zh"}

// Markdown returns the statement of the problem named problem in language lang.
func Markdown(problem, lang string) ([]byte, error) {
	data, err := fs.ReadFile(files, problem+"."+lang+".md")
	if err != nil {
		return nil, fmt.Errorf("no %s statement of problem %q", lang, problem)
	}
	return data, nil
}

// Problems returns the names of the problems that have statements, sorted.
func Problems() []string {
	entries, _ := fs.ReadDir(files, ".")
	var names []string
	for _, e := range entries {
		name, _, _ := strings.Cut(e.Name(), ".")
		if len(names) == 0 || names[len(names)-1] != name {
			names = append(names, name)
		}
	}
	return names
}
