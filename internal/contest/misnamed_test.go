package contest

import (
	"strings"
	"testing"
)

// TestDiscoverMisnamed checks that a contestant's folder without the submission's name says
// what it holds instead, and that none of it is judged.
func TestDiscoverMisnamed(t *testing.T) {
	tests := []struct {
		name string
		tree []string
		want string // NAME=FILE:NOTE, joined by spaces
	}{
		{"another name", []string{"a/main.cpp"}, "a=:found main.cpp; expected sudoku.cpp"},
		{"another case", []string{"d/SUDOKU.CPP"}, "d=:found SUDOKU.CPP; expected sudoku.cpp"},
		{"NOI Linux's folder", []string{"e/sudoku/Sudoku.pas"}, "e=:found sudoku/Sudoku.pas; expected sudoku.pas"},
		{"two languages", []string{"f/a.py", "f/b.c", "f/notes.txt"}, "f=:found a.py, b.c; expected sudoku.EXT"},
		{"nothing like a source", []string{"g/sudoku.txt", "g/.main.cpp"}, "g=:"},
		{"the submission beside another file", []string{"h/sudoku.c", "h/old.c"}, "h=h/sudoku.c:"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := makeTree(t, tc.tree...)
			entries, err := Discover(dir, "sudoku", extensions, DefaultSourceLimit)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range entries {
				note := ""
				if len(e.Misnamed) > 0 {
					note = MisnamedNote(e.Misnamed, "sudoku")
				}
				file := strings.TrimPrefix(strings.TrimPrefix(e.File, dir), "/")
				got = append(got, e.Name+"="+file+":"+note)
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("got %q, want %q", strings.Join(got, " "), tc.want)
			}
		})
	}
}
