package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"bullseye/internal/classic"
	"bullseye/internal/rng"
	"bullseye/internal/tooltest"
)

// Puzzles for the tables: a valid full grid; the same grid with the corners of a rectangle
// emptied, which leaves two solutions (7 and 4 swap); givens that clash; givens that do not clash
// but leave the last cell of the first row only a 9, which its column already has.
const (
	solvedGrid   = "756381249938427651421956378397642815645718923182539467219865734863174592574293186"
	twoSolutions = ".563812.9938427651.219563.8397642815645718923182539467219865734863174592574293186"
	swappedGrid  = "456381279938427651721956348397642815645718923182539467219865734863174592574293186"
	hardPuzzle   = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
	hardSolution = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
)

var (
	clash        = "55" + strings.Repeat(".", 79)
	noCompletion = "12345678." + "........9" + strings.Repeat(".", 63)
)

func TestParseLine(t *testing.T) {
	tests := []struct {
		name     string
		line     string
		wantKind lineKind
		wantErr  string
	}{
		{name: "empty", line: "", wantKind: skipLine},
		{name: "blanks only", line: " \t\r", wantKind: skipLine},
		{name: "comment", line: "# 17-clue set", wantKind: skipLine},
		{name: "end", line: "end", wantKind: endLine},
		{name: "end with CR", line: "end\r", wantKind: endLine},
		{name: "dots", line: hardPuzzle, wantKind: puzzleLine},
		{name: "zeros and CR", line: strings.ReplaceAll(hardPuzzle, ".", "0") + "\r", wantKind: puzzleLine},
		{name: "short", line: hardPuzzle[:80], wantKind: invalidLine, wantErr: "80 characters, want 81"},
		{name: "long", line: hardPuzzle + "1", wantKind: invalidLine, wantErr: "82 characters, want 81"},
		{name: "stray character", line: "x" + hardPuzzle[1:], wantKind: invalidLine, wantErr: "character 'x' at column 1"},
		{name: "END is no end", line: "END", wantKind: invalidLine, wantErr: "3 characters"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var puzzle Puzzle
			kind, err := parseLine([]byte(tc.line), &puzzle)
			if kind != tc.wantKind {
				t.Fatalf("got kind %d, want %d", kind, tc.wantKind)
			}
			if tc.wantErr == "" && err != nil {
				t.Fatalf("got error %v, want none", err)
			}
			if tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Fatalf("got error %v, want one containing %q", err, tc.wantErr)
			}
		})
	}
	t.Run("digits and blanks", func(t *testing.T) {
		var puzzle Puzzle
		parseLine([]byte(strings.ReplaceAll(hardPuzzle, ".", "0")), &puzzle)
		if got, want := puzzle[0], byte(8); got != want {
			t.Errorf("cell 0: got %d, want %d", got, want)
		}
		if got, want := puzzle[1], byte(0); got != want {
			t.Errorf("cell 1: got %d, want %d", got, want)
		}
	})
}

// runCases are the end-to-end cases, run both in process and through the built binary.
var runCases = []struct {
	name       string
	input      string
	wantOut    []string
	wantStatus int
	wantErr    []string // fragments the standard error must hold, in order
}{
	{name: "empty input", input: "", wantOut: nil, wantStatus: 0},
	{
		name:       "one puzzle, no final newline",
		input:      hardPuzzle,
		wantOut:    []string{hardSolution},
		wantStatus: 0,
	},
	{
		name:       "comments, blank lines, CRLF and end",
		input:      "# set\r\n\r\n" + hardPuzzle + "\r\n#\r\n" + solvedGrid + "\r\nend\r\n" + hardPuzzle + "\r\n",
		wantOut:    []string{hardSolution, solvedGrid},
		wantStatus: 0,
	},
	{
		name:       "zeros for blanks",
		input:      strings.ReplaceAll(hardPuzzle, ".", "0") + "\n",
		wantOut:    []string{hardSolution},
		wantStatus: 0,
	},
	{
		name:       "no solution",
		input:      clash + "\n" + noCompletion + "\n" + hardPuzzle + "\n",
		wantOut:    []string{"no solution", "no solution", hardSolution},
		wantStatus: 0,
	},
	{
		name:       "two solutions get the first in search order",
		input:      twoSolutions + "\n",
		wantOut:    []string{swappedGrid},
		wantStatus: 0,
	},
	{
		name:       "invalid lines keep the output in step",
		input:      "# head\n" + hardPuzzle[:80] + "\n" + hardPuzzle + "\n" + "x" + hardPuzzle[1:] + "\n" + solvedGrid + "\n",
		wantOut:    []string{"invalid", hardSolution, "invalid", solvedGrid},
		wantStatus: 1,
		wantErr:    []string{"line 2: 80 characters, want 81", "line 4: character 'x' at column 1"},
	},
	{
		name:       "a line longer than the read buffer",
		input:      strings.Repeat(".", 100000) + "\n" + hardPuzzle + "\n",
		wantOut:    []string{"invalid", hardSolution},
		wantStatus: 1,
		wantErr:    []string{"line 1: 100000 characters, want 81"},
	},
}

func TestRun(t *testing.T) {
	for _, tc := range runCases {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(strings.NewReader(tc.input), &stdout, &stderr)
			checkRun(t, stdout.String(), stderr.String(), status, tc.wantOut, tc.wantErr, tc.wantStatus)
		})
	}
}

// TestBinary builds the command as the contest would and runs it on the same cases.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the build in short mode")
	}
	binary := filepath.Join(t.TempDir(), "classic")
	build := exec.Command("go", "build", "-o", binary, "main.go")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, tc := range runCases {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(binary)
			cmd.Stdin = strings.NewReader(tc.input)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			status := 0
			if err := cmd.Run(); err != nil {
				var exit *exec.ExitError
				if !errors.As(err, &exit) {
					t.Fatalf("running %s: %v", binary, err)
				}
				status = exit.ExitCode()
			}
			checkRun(t, stdout.String(), stderr.String(), status, tc.wantOut, tc.wantErr, tc.wantStatus)
		})
	}
	// The built program answers --help at once, reading nothing.
	if out, err := exec.Command(binary, "--help").Output(); err != nil || !strings.HasPrefix(string(out), "usage: classic [FILE...]") {
		t.Errorf("classic --help: %v, output %q; want status 0 and the usage", err, out)
	}
}

func checkRun(t *testing.T, stdout, stderr string, status int, wantOut, wantErr []string, wantStatus int) {
	t.Helper()
	if status != wantStatus {
		t.Errorf("got exit status %d, want %d (stderr %q)", status, wantStatus, stderr)
	}
	got := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if stdout == "" {
		got = nil
	}
	if strings.Join(got, "|") != strings.Join(wantOut, "|") {
		t.Errorf("got output lines %q, want %q", got, wantOut)
	}
	if stdout != "" && !strings.HasSuffix(stdout, "\n") {
		t.Errorf("got output %q, want it ended by a newline", stdout)
	}
	rest := stderr
	for _, fragment := range wantErr {
		i := strings.Index(rest, fragment)
		if i < 0 {
			t.Errorf("got stderr %q, want it to hold %q", stderr, fragment)
			break
		}
		rest = rest[i+len(fragment):]
	}
	if len(wantErr) == 0 && stderr != "" {
		t.Errorf("got stderr %q, want none", stderr)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("pipe closed") }

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("device gone") }

func TestRunIOFailures(t *testing.T) {
	tests := []struct {
		name    string
		stdin   io.Reader
		stdout  io.Writer
		wantErr string
	}{
		{name: "read", stdin: failingReader{}, stdout: io.Discard, wantErr: "reading input line 1: device gone"},
		{name: "write", stdin: strings.NewReader(hardPuzzle), stdout: failingWriter{}, wantErr: "writing output: pipe closed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stderr bytes.Buffer
			if got := run(tc.stdin, tc.stdout, &stderr); got != exitIOFailed {
				t.Errorf("got exit status %d, want %d", got, exitIOFailed)
			}
			if !strings.Contains(stderr.String(), tc.wantErr) {
				t.Errorf("got stderr %q, want it to hold %q", stderr.String(), tc.wantErr)
			}
		})
	}
}

// sharedDataDir holds the benchmark sets, ../shared/data/classic from the repository root.
const sharedDataDir = "../../../shared/data/classic"

// TestAgreesWithCore runs this file's solver and the kit's core on the same puzzles: the shared
// benchmark sets when present, the hard and climbed puzzles of the core's testdata, and generated puzzles with no
// solution, one or many. Both must find the same first solution, or none, and count the same
// solutions up to 2 after the same guesses; every solution must solve its puzzle. The shared sets
// are checked whole on the long tier, with ten times as many generated puzzles; every day, a spread
// of 5,000 puzzles of each (17_clue.txt holds some 49,000), and of 500 in -short mode.
func TestAgreesWithCore(t *testing.T) {
	for _, name := range []string{"17_clue.txt", "top1465.txt"} {
		t.Run(name, func(t *testing.T) {
			puzzles := readSet(t, filepath.Join(sharedDataDir, name), true)
			switch {
			case testing.Short():
				puzzles = spread(puzzles, 500)
			case !tooltest.LongTier():
				puzzles = spread(puzzles, 5000)
			}
			checkAgreement(t, puzzles)
		})
	}
	for _, name := range []string{"hard.txt", "climbed.txt"} {
		t.Run(name, func(t *testing.T) {
			checkAgreement(t, readSet(t, filepath.Join("..", "..", "internal", "classic", "testdata", name), false))
		})
	}
	t.Run("generated", func(t *testing.T) {
		r := rng.New(3074)
		var puzzles []classic.Puzzle
		for i := range tooltest.Pick(400, 4000) {
			p := classic.RandomSolution(r)
			for _, cell := range r.Perm(cells)[r.IntBetween(17, 45):] {
				p[cell] = 0
			}
			if i%4 == 0 {
				p[r.IntN(cells)] = uint8(1 + r.IntN(9)) // often breaks the puzzle
			}
			puzzles = append(puzzles, p)
		}
		checkAgreement(t, puzzles)
	})
}

// readSet reads a file of puzzles, skipping the test when a shared set is absent.
func readSet(t *testing.T, path string, shared bool) []classic.Puzzle {
	t.Helper()
	f, err := os.Open(path)
	if shared && errors.Is(err, fs.ErrNotExist) {
		t.Skipf("skipping: %s is absent (the shared data sets live in ../shared/data/classic beside the repository)", path)
	}
	if err != nil {
		t.Fatalf("opening %s: %v", path, err)
	}
	defer f.Close()
	puzzles, err := classic.ReadPuzzles(f)
	if err != nil {
		t.Fatalf("reading %s: %v", path, err)
	}
	if len(puzzles) == 0 {
		t.Fatalf("reading %s: got no puzzles, want some", path)
	}
	return puzzles
}

// spread returns n puzzles taken at even steps through puzzles, or all of them when n is not less.
func spread(puzzles []classic.Puzzle, n int) []classic.Puzzle {
	if n >= len(puzzles) {
		return puzzles
	}
	picked := make([]classic.Puzzle, n)
	for i := range picked {
		picked[i] = puzzles[i*len(puzzles)/n]
	}
	return picked
}

// checkAgreement solves and counts every puzzle with both solvers.
func checkAgreement(t *testing.T, puzzles []classic.Puzzle) {
	t.Helper()
	counts := make(map[int]int)
	for i, p := range puzzles {
		puzzle := Puzzle(p)
		got, ok := solve(&puzzle)
		want, wantOK := classic.Solve(p)
		if ok != wantOK || classic.Puzzle(got) != want {
			t.Fatalf("puzzle %d (%v): got %v %v, the core %v %v", i+1, p, ok, classic.Puzzle(got), wantOK, want)
		}
		if ok && !want.Solves(p) {
			t.Fatalf("puzzle %d (%v): got %v, which does not solve it", i+1, p, want)
		}
		var b board
		s := searcher{limit: 2}
		if b.load(&puzzle) {
			s.start(&b)
		}
		wantCount, wantGuesses := classic.CountGuesses(p, 2)
		if s.count != wantCount || s.guesses != wantGuesses {
			t.Fatalf("puzzle %d (%v): got %d solutions after %d guesses, the core %d after %d", i+1, p, s.count, s.guesses, wantCount, wantGuesses)
		}
		counts[s.count]++
	}
	t.Logf("%d puzzles: %d without a solution, %d unique, %d with several", len(puzzles), counts[0], counts[1], counts[2])
}

// FuzzLineReader feeds arbitrary input to the whole run: it must answer exactly one line per
// puzzle or invalid line, each of a known form, and exit with 0 or 1 accordingly.
func FuzzLineReader(f *testing.F) {
	f.Add("# c\r\n" + hardPuzzle + "\r\nend\r\n")
	f.Add(twoSolutions + "\n\n" + clash + "\nxyz\n" + strings.Repeat("0", 81))
	f.Add("end")
	f.Add("\r\r\n\n#")
	f.Fuzz(func(t *testing.T, input string) {
		var stdout, stderr bytes.Buffer
		status := run(strings.NewReader(input), &stdout, &stderr)
		wantLines, invalid := 0, 0
		for _, line := range strings.Split(input, "\n") {
			var puzzle Puzzle
			kind, _ := parseLine([]byte(line), &puzzle)
			if kind == endLine {
				break
			}
			if kind == puzzleLine || kind == invalidLine {
				wantLines++
			}
			if kind == invalidLine {
				invalid++
			}
		}
		out := strings.TrimSuffix(stdout.String(), "\n")
		var lines []string
		if stdout.Len() > 0 {
			lines = strings.Split(out, "\n")
		}
		if len(lines) != wantLines {
			t.Fatalf("got %d output lines, want %d", len(lines), wantLines)
		}
		gotInvalid := 0
		for _, line := range lines {
			switch {
			case line == "invalid":
				gotInvalid++
			case line == "no solution":
			case len(line) == cells && strings.Trim(line, "123456789") == "":
			default:
				t.Fatalf("got output line %q, want a solution, \"no solution\" or \"invalid\"", line)
			}
		}
		if gotInvalid != invalid {
			t.Fatalf("got %d invalid answers, want %d", gotInvalid, invalid)
		}
		if wantStatus := map[bool]int{false: exitOK, true: exitInvalid}[invalid > 0]; status != wantStatus {
			t.Fatalf("got exit status %d, want %d", status, wantStatus)
		}
		if strings.Count(stderr.String(), "\n") != invalid {
			t.Fatalf("got stderr %q, want one message per invalid line (%d)", stderr.String(), invalid)
		}
	})
}

func Example_run() {
	input := "# two puzzles\n" + hardPuzzle + "\n" + clash + "\n"
	run(strings.NewReader(input), os.Stdout, io.Discard)
	fmt.Println("done")
	// Output:
	// 812753649943682175675491283154237896369845721287169534521974368438526917796318452
	// no solution
	// done
}

// TestRunArgs runs the command line: --help, files in order, "-" for standard input, and the
// mistakes, each with its status and a message that names the file and line.
func TestRunArgs(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	hard := write("hard.txt", hardPuzzle+"\n")
	mixed := write("mixed.txt", "# two\n"+solvedGrid+"\nxx\n")
	stopped := write("stopped.txt", hardPuzzle+"\nend\n")
	missing := filepath.Join(dir, "missing.txt")
	tests := []struct {
		name       string
		args       []string
		stdin      string
		wantOut    []string
		wantErr    []string
		wantStatus int
	}{
		{"no files: standard input", nil, solvedGrid + "\n", []string{solvedGrid}, nil, exitOK},
		{"one file", []string{hard}, "", []string{hardSolution}, nil, exitOK},
		{"files in order", []string{mixed, hard}, "", []string{solvedGrid, "invalid", hardSolution}, []string{"mixed.txt: line 3: 2 characters, want 81"}, exitInvalid},
		{"- is standard input", []string{hard, "-"}, solvedGrid + "\n", []string{hardSolution, solvedGrid}, nil, exitOK},
		{"end stops the run", []string{stopped, hard}, "", []string{hardSolution}, nil, exitOK},
		{"a missing file", []string{hard, missing}, "", []string{hardSolution}, []string{"missing.txt: no such file"}, exitIOFailed},
		{"a wrong flag", []string{"--strict", hard}, "", nil, []string{"unknown flag --strict; see classic --help"}, exitIOFailed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := runArgs(tc.args, strings.NewReader(tc.stdin), &stdout, &stderr)
			checkRun(t, stdout.String(), stderr.String(), status, tc.wantOut, tc.wantErr, tc.wantStatus)
		})
	}
	for _, help := range []string{"--help", "-h", "-help"} {
		var stdout, stderr bytes.Buffer
		if status := runArgs([]string{help}, strings.NewReader(""), &stdout, &stderr); status != exitOK || stderr.Len() > 0 {
			t.Errorf("%s: got status %d, stderr %q; want 0 and none", help, status, stderr.String())
		}
		for _, want := range []string{"usage: classic [FILE...]", "standard input", "standard output", "Exit status"} {
			if !strings.Contains(stdout.String(), want) {
				t.Errorf("%s: the usage lacks %q:\n%s", help, want, stdout.String())
			}
		}
	}
}
