package main

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"bullseye/internal/contest"
	"bullseye/internal/grid"
	"bullseye/internal/hunt"
	"bullseye/internal/outcome"
	"bullseye/internal/tooltest"
)

// plantBlank writes the climb's plant (blank.c) to dir/name/sudoku.c with the defines given
// before it, and a comment that makes it new to the results' cache the tests share.
func plantBlank(t *testing.T, dir, name string, defines ...string) {
	t.Helper()
	data, err := os.ReadFile(blankPlant())
	if err != nil {
		t.Fatal(err)
	}
	var head strings.Builder
	for _, d := range defines {
		fmt.Fprintf(&head, "#define %s\n", d)
	}
	data = fmt.Appendf([]byte(head.String()), "%s\n/* planted at %d */\n", data, time.Now().UnixNano())
	if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name, "sudoku.c"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestHack runs the hacking phase on a class of the climb's plant, whose verdicts depend only on
// where an input's one blank lies (--givens 80-80): alice and bob (the same program) spin for a
// second when it lies in the bottom row, carol answers wrongly when it lies in the top-left box,
// dave is always right and fast. The phase must break alice and bob with one input, carol with
// another, find nothing against dave, and save inputs on which the class, judged again, gets
// the verdicts reported. Nothing depends on the machine's speed: with seed 8 the first stress
// case against alice has its blank in the bottom row and the first against carol in the
// top-left box, and the first cases run whatever the budget.
func TestHack(t *testing.T) {
	tooltest.Require(t, "gcc", "gcc")
	requireSandbox(t)
	class, out := openTempDir(t), openTempDir(t)
	plantBlank(t, class, "alice")
	plantBlank(t, class, "bob")
	plantBlank(t, class, "carol", "WRONG")
	plantBlank(t, class, "dave", "FAST")
	saved := filepath.Join(out, "hacks")
	jsonFile, csvFile, htmlFile := filepath.Join(out, "r.json"), filepath.Join(out, "r.csv"), filepath.Join(out, "r.html")
	r := runJudge(t, "--contest", class, "--tests", oneTest(t), "--time-limit", "0.1s", "-j", "2",
		"--hack", "--givens", "80-80", "--climb-time", "1s", "--seed", "8", "--save", saved,
		"--json", jsonFile, "--csv", csvFile, "--html", htmlFile)
	if r.code != exitAccepted {
		t.Fatalf("exit status %d, want 0\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	for _, want := range []string{
		`(?m)^hacks: 3 of 4 programs broken by 2 inputs \(\d+ found\) in [0-9.]+ m?s, budget 1 s, seed 8, 80-80 givens, -j 2$`,
		`(?m)^alice\s+hack1\s+TLE, [0-9.]+ m?s of CPU time\s+[0-9.]+ m?s$`,
		`(?m)^bob\s+hack1\s+TLE, [0-9.]+ m?s of CPU time\s+[0-9.]+ m?s$`,
		`(?m)^carol\s+hack2\s+WA, printed \d+ for \d+\s+[0-9.]+ m?s$`,
		`(?m)^dave\s+-\s+nothing found within the budget(; the slowest input met takes [0-9.]+ m?s)?\s+-$`,
		`(?m)^hack1: 80 givens, answer \d+, found by stress against alice after [0-9.]+ m?s; breaks 2: alice, bob\n    [0-9]{81}$`,
		`(?m)^hack2: 80 givens, answer \d+, found by stress against carol after [0-9.]+ m?s; breaks 1: carol\n`,
		`(?m)^saved in .*hacks \(NAME.in, NAME.ans, hacks.json\)`,
	} {
		if !regexp.MustCompile(want).MatchString(r.stdout) {
			t.Errorf("stdout lacks %s:\n%s", want, r.stdout)
		}
	}

	// The JSON: the set, and each contestant's break; bob, broken by alice's input, was never
	// searched against.
	con := readJSON[contest.Contest](t, jsonFile)
	h := con.Hacks
	if h == nil || len(h.Inputs) != 2 || h.Seed != 8 || h.BudgetMS != 1000 || h.MinGivens != 80 {
		t.Fatalf("the JSON's hacks: got %+v", h)
	}
	for _, in := range h.Inputs {
		g, err := grid.ParseLine(in.Input)
		if err != nil || g.Givens() != 80 || in.Answer == "" {
			t.Errorf("%s: input %q (%v), answer %q; want 80 givens and an answer", in.Name, in.Input, err, in.Answer)
		}
		blank := strings.IndexByte(in.Input, '0')
		switch in.Name {
		case "hack1":
			if blank < 72 || !slices.Equal(in.Breaks, []string{"alice", "bob"}) {
				t.Errorf("hack1: blank at %d, breaks %v; want the bottom row, alice and bob", blank, in.Breaks)
			}
		case "hack2":
			if grid.BoxOf(blank) != 0 || !slices.Equal(in.Breaks, []string{"carol"}) {
				t.Errorf("hack2: blank at %d, breaks %v; want the top-left box, carol", blank, in.Breaks)
			}
		}
	}
	if x := h.Of("bob"); x == nil || x.SearchedMS != 0 || x.Verdict != outcome.TimeLimit {
		t.Errorf("bob: got %+v, want broken by TLE and never searched against", x)
	}
	if x := h.Of("carol"); x == nil || x.Verdict != outcome.WrongAnswer || x.Output == "" || x.Answer == "" {
		t.Errorf("carol: got %+v, want WA with the output and the answer", x)
	}
	if x := h.Of("dave"); x == nil || x.By != "" || x.SearchedMS == 0 {
		t.Errorf("dave: got %+v, want searched against and not broken", x)
	}

	// The CSV's columns.
	f, err := os.Open(csvFile)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil || len(rows) != 5 || !slices.Equal(rows[0][len(rows[0])-4:], []string{"hacked_by", "hack_verdict", "hack_cpu_ms", "hack_found_after_ms"}) {
		t.Fatalf("CSV: got %q (%v)", rows, err)
	}
	byName := map[string][]string{}
	for _, row := range rows[1:] {
		byName[row[1]] = row[len(row)-4:]
	}
	for name, want := range map[string][2]string{"alice": {"hack1", "TLE"}, "bob": {"hack1", "TLE"}, "carol": {"hack2", "WA"}, "dave": {"", ""}} {
		if got := byName[name]; got == nil || got[0] != want[0] || got[1] != want[1] {
			t.Errorf("CSV, %s: got %q, want %q", name, got, want)
		}
	}

	// The page's section.
	page, err := os.ReadFile(htmlFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<section id="hacks">`, `<a href="#h-hack1">hack1</a>`, `id="h-hack2"`, "nothing found within the budget"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the page lacks %q", want)
		}
	}

	// The saved set: a test set on which the class gets the verdicts reported, and a climb's
	// report for each input, as generator climbed reads it.
	rep := readJSON[hunt.Report](t, filepath.Join(saved, "hack1", climbReportFile))
	if rep.Slowest == nil || rep.Slowest.Verdict != outcome.TimeLimit || rep.Seed != 8 || rep.SHA256 == "" || rep.Submission != "alice/sudoku.c" {
		t.Errorf("hack1/climb.json: got %+v, slowest %+v", rep, rep.Slowest)
	}
	if rep := readJSON[hunt.Report](t, filepath.Join(saved, "hack2", climbReportFile)); rep.Failure == nil || rep.Failure.Verdict != outcome.WrongAnswer {
		t.Errorf("hack2/climb.json: got %+v, failure %+v", rep, rep.Failure)
	}
	againFile := filepath.Join(out, "again.json")
	again := runJudge(t, "--contest", class, "--tests", saved, "--time-limit", "0.1s", "--json", againFile)
	if again.code != exitAccepted {
		t.Fatalf("judged on the saved set: exit status %d\n%s\n%s", again.code, again.stdout, again.stderr)
	}
	ranked := readJSON[contest.Contest](t, againFile)
	want := map[string]string{"alice": "TA", "bob": "TA", "carol": "AW", "dave": "AA"}
	for _, x := range ranked.Contestants {
		if x.Verdicts != want[x.Name] {
			t.Errorf("judged on the saved set, %s: got %s, want %s", x.Name, x.Verdicts, want[x.Name])
		}
	}
}

// TestHackPlanted runs the hacking phase with the statement's bounds on a class of planted
// programs: the slow enumerating search (accepted/dfs.c), the one that prints 0 instead of -1
// (wrong_answer/never_minus_one.go) and the reference solution. The first two must be broken,
// the reference never. A search's success depends on how many runs its share of the budget
// buys, so this is in the long tier, with a budget far above what it needs on an idle machine.
func TestHackPlanted(t *testing.T) {
	tooltest.Long(t)
	tooltest.Require(t, "gcc", "gcc")
	requireSandbox(t)
	class, out := openTempDir(t), openTempDir(t)
	plant(t, class, "accepted/dfs.c", "search/sudoku.c")
	plant(t, class, "wrong_answer/never_minus_one.go", "minus/sudoku.go")
	reference, err := os.ReadFile(filepath.Join(kitRoot, "solution", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(class, "reference"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(class, "reference", "sudoku.go"), reference, 0o644); err != nil {
		t.Fatal(err)
	}
	jsonFile := filepath.Join(out, "r.json")
	r := runJudge(t, "--contest", class, "--tests", smallTests(t), "--time-limit", "0.5s", "-j", "2",
		"--hack", "--climb-time", "60s", "--json", jsonFile)
	if r.code != exitAccepted {
		t.Fatalf("exit status %d, want 0\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	h := readJSON[contest.Contest](t, jsonFile).Hacks
	if h == nil {
		t.Fatalf("no hacks in the JSON:\n%s", r.stdout)
	}
	for name, broken := range map[string]bool{"search": true, "minus": true, "reference": false} {
		x := h.Of(name)
		if x == nil || (x.By != "") != broken {
			t.Errorf("%s: got %+v, want broken %v\n%s", name, x, broken, r.stdout)
		}
	}
	if x := h.Of("minus"); x != nil && x.Verdict == outcome.WrongAnswer && !strings.Contains(x.How(), "printed 0 for -1") {
		t.Errorf("minus: %s, want printed 0 for -1", x.How())
	}
	if len(h.Inputs) > 2 {
		t.Errorf("got %d inputs, want at most 2 for 2 programs broken", len(h.Inputs))
	}
}

// TestHackRemoveSaved checks that a phase saving into a folder removes what an earlier phase
// saved there, and through a link planted there nothing outside it.
func TestHackRemoveSaved(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	write := func(path string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, name string) {
		t.Helper()
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"hack1.in", "hack1.ans", "hack1/" + climbReportFile, "hack2/notes.txt", "notes.txt"} {
		write(filepath.Join(dir, name))
	}
	write(filepath.Join(outside, "secret.in"))
	write(filepath.Join(outside, climbReportFile))
	link(filepath.Join(outside, "secret.in"), "hack3.in")
	link(outside, "hack4")
	if err := removeSavedHacks(dir); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{
		"hack1.in": false, "hack1.ans": false, "hack1": false, "hack3.in": false,
		"hack2/notes.txt": true, "notes.txt": true, "hack4": true,
	} {
		if _, err := os.Lstat(filepath.Join(dir, name)); (err == nil) != want {
			t.Errorf("%s: present %v, want %v", name, err == nil, want)
		}
	}
	for _, name := range []string{"secret.in", climbReportFile} {
		if _, err := os.Stat(filepath.Join(outside, name)); err != nil {
			t.Errorf("outside the folder, %s: %v; want it kept", name, err)
		}
	}
}
