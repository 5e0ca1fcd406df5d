package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	puzzle := strings.Repeat(".", 81)
	tests := []struct {
		name    string
		path    string
		want    int
		wantErr string
	}{
		{"puzzles and comments", write("set.txt", "# a set\r\n"+puzzle+"\r\n"+puzzle+"\r\n"), 2, ""},
		{"missing", filepath.Join(dir, "missing.txt"), 0, "no such file"},
		{"bad line", write("bad.txt", puzzle+"\nxyz\n"), 0, "line 2"},
		{"no puzzles", write("empty.txt", "# nothing\n"), 0, "no puzzles"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := load(tc.path)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("got error %v, want one holding %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || len(got) != tc.want {
				t.Fatalf("got %d puzzles, error %v; want %d, none", len(got), err, tc.want)
			}
		})
	}
}

func TestBestRunsEveryPass(t *testing.T) {
	calls := 0
	if got := best(4, func() { calls++ }); got < 0 || calls != 4 {
		t.Errorf("got %v us after %d passes, want a time after 4", got, calls)
	}
}
