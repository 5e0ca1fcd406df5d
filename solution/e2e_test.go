package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"bullseye/internal/grid"
	"bullseye/internal/tooltest"
)

// sharedSamples is where the official samples live, relative to this
// directory: ../shared/ from the repository root.
const sharedSamples = "../../shared/data/target"

// built is the binary the end-to-end tests share, built once.
var built struct {
	once sync.Once
	dir  string // the directory that holds it, removed by TestMain
	bin  string
	err  error
}

// buildSolution compiles main.go alone, as a contestant would submit it, once for all the tests.
func buildSolution(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "solution-e2e-"); built.err != nil {
			return
		}
		bin := filepath.Join(built.dir, "solution")
		if out, err := exec.Command("go", "build", "-o", bin, "main.go").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build -o BIN main.go: %v\n%s", err, out)
			return
		}
		built.bin = bin
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.bin
}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, dir := range []string{built.dir, cppBuilt.dir} {
		if dir != "" {
			os.RemoveAll(dir)
		}
	}
	os.Exit(code)
}

// runResult is what one run of the binary left behind.
type runResult struct {
	exitCode int
	stdout   string
	stderr   string
	outFile  *string // sudoku.out after the run; nil when absent
}

// runMode says where the input goes: sudoku.in in the working directory,
// or standard input when there is no sudoku.in.
type runMode string

const (
	fileMode  runMode = "file"
	stdioMode runMode = "stdio"
)

// runSolution runs bin in a fresh working directory. existingOut, when not
// nil, is written to sudoku.out beforehand.
func runSolution(t *testing.T, bin string, mode runMode, input []byte, existingOut []byte, args ...string) runResult {
	t.Helper()
	dir := t.TempDir()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	switch mode {
	case fileMode:
		if err := os.WriteFile(filepath.Join(dir, "sudoku.in"), input, 0o644); err != nil {
			t.Fatal(err)
		}
	case stdioMode:
		cmd.Stdin = bytes.NewReader(input)
	}
	if existingOut != nil {
		if err := os.WriteFile(filepath.Join(dir, "sudoku.out"), existingOut, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	result := runResult{stdout: stdout.String(), stderr: stderr.String()}
	var exitErr *exec.ExitError
	switch {
	case errors.As(err, &exitErr):
		result.exitCode = exitErr.ExitCode()
	case err != nil:
		t.Fatalf("running solution: %v", err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "sudoku.out")); err == nil {
		s := string(data)
		result.outFile = &s
	}
	return result
}

// answerOf returns where the answer went in the given mode, failing the test
// when it went elsewhere too.
func answerOf(t *testing.T, mode runMode, r runResult) string {
	t.Helper()
	if r.exitCode != 0 || r.stderr != "" {
		t.Fatalf("exit status %d, stderr %q; want 0 and nothing", r.exitCode, r.stderr)
	}
	if mode == stdioMode {
		if r.outFile != nil {
			t.Fatalf("stdio mode wrote sudoku.out %q, want no file", *r.outFile)
		}
		return r.stdout
	}
	if r.stdout != "" {
		t.Fatalf("file mode printed %q on stdout, want nothing", r.stdout)
	}
	if r.outFile == nil {
		t.Fatalf("file mode wrote no sudoku.out")
	}
	return *r.outFile
}

// answerCases are the well-formed inputs with their known maxima.
var answerCases = []struct {
	name string
	path string
	want int
}{
	{name: "sample 1", path: filepath.Join(sharedSamples, "sample1.in"), want: 2829},
	{name: "sample 2", path: filepath.Join(sharedSamples, "sample2.in"), want: 2852},
	{name: "empty grid", path: "testdata/empty_grid.in", want: 2906},
	{name: "full valid grid", path: "testdata/full.in", want: 2858},
	{name: "clash in a box", path: "testdata/clash.in", want: -1},
	{name: "no completion without a clash", path: "testdata/no_completion.in", want: -1},
	{name: "CRLF, trailing spaces, no final newline", path: "testdata/crlf_trailing_spaces.in", want: 2869},
	{name: "one line, tabs and runs of spaces", path: "testdata/one_line_tabs.in", want: 2869},
}

// readCase reads an input, skipping the test when shared data is absent.
func readCase(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) && strings.HasPrefix(path, sharedSamples) {
		t.Skipf("%s is absent: the official samples come from ../shared/ beside the repository", path)
	}
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// modesOf returns the modes the k-th answer case runs in: both on the long tier; every day, one,
// in turns, the turn shifted by shift, so that TestBinaryAnswers (shift 0) and
// TestBinaryGridOutput (shift 1) run each case in both modes between them.
func modesOf(k, shift int) []runMode {
	modes := []runMode{fileMode, stdioMode}
	if tooltest.LongTier() {
		return modes
	}
	return modes[(k+shift)%2 : (k+shift)%2+1]
}

func TestBinaryAnswers(t *testing.T) {
	t.Parallel()
	bin := buildSolution(t)
	for k, tc := range answerCases {
		for _, mode := range modesOf(k, 0) {
			t.Run(tc.name+"/"+string(mode), func(t *testing.T) {
				input := readCase(t, tc.path)
				got := answerOf(t, mode, runSolution(t, bin, mode, input, nil))
				if want := strconv.Itoa(tc.want) + "\n"; got != want {
					t.Errorf("got %q, want %q", got, want)
				}
			})
		}
	}
}

func TestBinaryOverwritesOldAnswer(t *testing.T) {
	t.Parallel()
	bin := buildSolution(t)
	input := readCase(t, "testdata/empty_grid.in")
	got := answerOf(t, fileMode, runSolution(t, bin, fileMode, input, []byte("old answer\nand more\n")))
	if got != "2906\n" {
		t.Errorf("got %q, want %q", got, "2906\n")
	}
}

func TestBinaryGridOutput(t *testing.T) {
	t.Parallel()
	bin := buildSolution(t)
	for k, tc := range answerCases {
		for _, mode := range modesOf(k, 1) {
			t.Run(tc.name+"/"+string(mode), func(t *testing.T) {
				input := readCase(t, tc.path)
				givens, err := grid.Parse(input)
				if err != nil {
					t.Fatalf("parsing the case itself: %v", err)
				}
				out := answerOf(t, mode, runSolution(t, bin, mode, input, nil, "-grid"))
				score, fill, err := parseGridOutput(out)
				if err != nil {
					t.Fatalf("%v; output:\n%s", err, out)
				}
				if score != tc.want {
					t.Fatalf("score line: got %d, want %d", score, tc.want)
				}
				if score == -1 {
					return
				}
				if err := checkFill(givens, score, asInts(fill)); err != nil {
					t.Errorf("printed grid: %v", err)
				}
			})
		}
	}
}

// parseGridOutput reads the -grid output strictly: the score line, then,
// unless the score is -1, 9 lines of 9 digits 1..9 separated by single
// spaces, every line ended by "\n".
func parseGridOutput(out string) (score int, fill grid.Grid, err error) {
	if !strings.HasSuffix(out, "\n") {
		return 0, fill, errors.New("output does not end with a newline")
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	score, err = strconv.Atoi(lines[0])
	if err != nil {
		return 0, fill, fmt.Errorf("score line: got %q, want an integer", lines[0])
	}
	if score == -1 {
		if len(lines) != 1 {
			return 0, fill, errors.New("got lines after -1, want none")
		}
		return score, fill, nil
	}
	if len(lines) != 1+grid.Size {
		return 0, fill, fmt.Errorf("got %d lines, want the score and 9 grid lines", len(lines))
	}
	for r, line := range lines[1:] {
		if len(line) != 2*grid.Size-1 {
			return 0, fill, fmt.Errorf("grid line %d: got %q, want 9 digits 1..9 separated by single spaces", r+1, line)
		}
		for c := range grid.Size {
			digit := line[2*c]
			if digit < '1' || digit > '9' || (c > 0 && line[2*c-1] != ' ') {
				return 0, fill, fmt.Errorf("grid line %d: got %q, want 9 digits 1..9 separated by single spaces", r+1, line)
			}
			fill[grid.CellAt(r, c)] = digit - '0'
		}
	}
	return score, fill, nil
}

func TestBinaryStats(t *testing.T) {
	t.Parallel()
	bin := buildSolution(t)
	input := readCase(t, "testdata/empty_grid.in")
	r := runSolution(t, bin, stdioMode, input, nil, "-stats")
	if r.exitCode != 0 || r.stdout != "2906\n" {
		t.Fatalf("exit status %d, stdout %q; want 0 and %q", r.exitCode, r.stdout, "2906\n")
	}
	if strings.TrimSpace(r.stderr) == "" {
		t.Errorf("-stats printed nothing on stderr, want search statistics")
	}
}

func TestBinaryMalformedInput(t *testing.T) {
	t.Parallel()
	bin := buildSolution(t)
	tests := []struct {
		name string
		path string
		// mentions lists words of which the message must contain one: the
		// offending token or the count that was expected.
		mentions []string
	}{
		{name: "a letter", path: "testdata/letter.in", mentions: []string{`q`}},
		{name: "a 10", path: "testdata/ten.in", mentions: []string{"10"}},
		{name: "a negative number", path: "testdata/negative.in", mentions: []string{"-1"}},
		{name: "80 numbers", path: "testdata/eighty.in", mentions: []string{"80", "81"}},
		{name: "82 numbers", path: "testdata/eighty_two.in", mentions: []string{"82", "81"}},
		{name: "empty file", path: "testdata/empty_file.in", mentions: []string{"81", "empty"}},
	}
	const oldAnswer = "1234\n"
	type variant struct {
		name        string
		mode        runMode
		existingOut []byte
	}
	variants := []variant{
		{name: "file", mode: fileMode},
		{name: "file over an old sudoku.out", mode: fileMode, existingOut: []byte(oldAnswer)},
		{name: "stdio", mode: stdioMode},
	}
	for k, tc := range tests {
		// Every input in every variant on the long tier; every day, each input in one, in turns.
		vs := variants
		if !tooltest.LongTier() {
			vs = variants[k%len(variants) : k%len(variants)+1]
		}
		for _, variant := range vs {
			t.Run(tc.name+"/"+variant.name, func(t *testing.T) {
				r := runSolution(t, bin, variant.mode, readCase(t, tc.path), variant.existingOut)
				if r.exitCode != 1 {
					t.Errorf("exit status: got %d, want 1", r.exitCode)
				}
				if r.stdout != "" {
					t.Errorf("stdout: got %q, want nothing", r.stdout)
				}
				message := strings.TrimSuffix(r.stderr, "\n")
				if message == "" || strings.Contains(message, "\n") {
					t.Errorf("stderr: got %q, want one line", r.stderr)
				}
				if !containsAny(strings.ToLower(message), tc.mentions) {
					t.Errorf("stderr: got %q, want a mention of one of %q", message, tc.mentions)
				}
				switch {
				case variant.existingOut == nil && r.outFile != nil:
					t.Errorf("sudoku.out: got %q, want no file", *r.outFile)
				case variant.existingOut != nil && (r.outFile == nil || *r.outFile != oldAnswer):
					t.Errorf("sudoku.out: got %v, want the old %q untouched", describe(r.outFile), oldAnswer)
				}
			})
		}
	}
}

func containsAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

func describe(file *string) string {
	if file == nil {
		return "no file"
	}
	return strconv.Quote(*file)
}

func TestBinaryCommandLine(t *testing.T) {
	t.Parallel()
	bin := buildSolution(t)
	sample := readCase(t, "testdata/crlf_trailing_spaces.in") // answer 2869
	empty := readCase(t, "testdata/empty_grid.in")            // answer 2906
	letter := readCase(t, "testdata/letter.in")
	tests := []struct {
		name  string
		args  []string
		files map[string][]byte // written to the working directory first
		stdin []byte
		// want
		exitCode  int
		stdout    string   // exact, unless stdoutHas is set
		stdoutHas []string // words the standard output must all contain
		stderrHas []string // words the one-line message must all contain
		sudokuOut *string  // the sudoku.out wanted, nil for none
	}{
		{name: "-h", args: []string{"-h"}, stdoutHas: []string{"usage: solution", "sudoku.in", "sudoku.out", "FILE", "-grid", "-stats", "Exit status"}},
		{name: "--help", args: []string{"--help"}, stdoutHas: []string{"usage: solution"}},
		{name: "-help after a flag", args: []string{"-grid", "-help"}, stdoutHas: []string{"usage: solution"}},
		{name: "FILE is read, sudoku.in is not", args: []string{"puzzle.txt"},
			files:  map[string][]byte{"puzzle.txt": sample, "sudoku.in": empty},
			stdout: "2869\n"},
		{name: "FILE with -grid and -stats", args: []string{"-grid", "-stats", "puzzle.txt"},
			files: map[string][]byte{"puzzle.txt": empty}, stdoutHas: []string{"2906\n"}, stderrHas: []string{"search nodes"}},
		{name: "- reads standard input", args: []string{"-"}, stdin: sample, stdout: "2869\n"},
		{name: "missing FILE", args: []string{"nothere.in"}, files: map[string][]byte{"sudoku.in": empty},
			exitCode: 3, stderrHas: []string{"nothere.in", "no such file"}},
		{name: "FILE is a directory", args: []string{"sub"}, files: map[string][]byte{"sub/x": empty},
			exitCode: 3, stderrHas: []string{"sub"}},
		{name: "malformed FILE", args: []string{"bad.in"}, files: map[string][]byte{"bad.in": letter},
			exitCode: 1, stderrHas: []string{"bad.in:", "q"}},
		{name: "two FILEs", args: []string{"a.in", "b.in"}, exitCode: 2, stderrHas: []string{"at most one FILE", "-h"}},
		{name: "unknown flag", args: []string{"-fast"}, exitCode: 2, stderrHas: []string{"-fast", "-h"}},
		{name: "no arguments keep the contest's files", files: map[string][]byte{"sudoku.in": empty},
			sudokuOut: ptr("2906\n")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, data := range tc.files {
				path := filepath.Join(dir, name)
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			cmd := exec.Command(bin, tc.args...)
			cmd.Dir = dir
			cmd.Stdin = bytes.NewReader(tc.stdin)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			var exitErr *exec.ExitError
			if errors.As(err, &exitErr) {
				code = exitErr.ExitCode()
			} else if err != nil {
				t.Fatalf("running solution: %v", err)
			}
			if code != tc.exitCode {
				t.Errorf("exit status: got %d, want %d (stderr %q)", code, tc.exitCode, stderr.String())
			}
			switch {
			case tc.stdoutHas != nil:
				for _, word := range tc.stdoutHas {
					if !strings.Contains(stdout.String(), word) {
						t.Errorf("stdout: got %q, want a mention of %q", stdout.String(), word)
					}
				}
			case stdout.String() != tc.stdout:
				t.Errorf("stdout: got %q, want %q", stdout.String(), tc.stdout)
			}
			if tc.stderrHas == nil && stderr.Len() > 0 {
				t.Errorf("stderr: got %q, want nothing", stderr.String())
			}
			message := strings.TrimSuffix(stderr.String(), "\n")
			if tc.stderrHas != nil && strings.Contains(message, "\n") {
				t.Errorf("stderr: got %q, want one line", stderr.String())
			}
			for _, word := range tc.stderrHas {
				if !strings.Contains(message, word) {
					t.Errorf("stderr: got %q, want a mention of %q", message, word)
				}
			}
			out, err := os.ReadFile(filepath.Join(dir, "sudoku.out"))
			switch {
			case tc.sudokuOut == nil && err == nil:
				t.Errorf("sudoku.out: got %q, want no file", out)
			case tc.sudokuOut != nil && (err != nil || string(out) != *tc.sudokuOut):
				t.Errorf("sudoku.out: got %q (%v), want %q", out, err, *tc.sudokuOut)
			}
		})
	}
}

func ptr(s string) *string { return &s }
