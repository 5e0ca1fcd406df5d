package main

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestExportSummaryFirst checks what an export prints: its summary first, and without
// --verbose one line counting the notes in place of the notes.
func TestExportSummaryFirst(t *testing.T) {
	var stdout, stderr bytes.Buffer
	out := filepath.Join(t.TempDir(), "target")
	if code := run([]string{"generator", "export", "--root", "..", "--out", out}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit status %d:\n%s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "export: target as a legacy package in "+out+", ") ||
		!regexp.MustCompile(`^export: \d+ notes on what the package leaves out or moves, and why: --verbose lists them$`).MatchString(lines[1]) {
		t.Errorf("got\n%s\nwant the summary, then one line counting the notes", stderr.String())
	}
}
