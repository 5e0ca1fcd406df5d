package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"bullseye/internal/contest"
	"bullseye/internal/htmlreport/pagetest"
	"bullseye/internal/judging"
	"bullseye/internal/outcome"
	"bullseye/internal/problem"
	"bullseye/internal/runner"
	"bullseye/internal/tooltest"
)

// plant copies the planted submission name to path under dir, with a comment that makes it
// new to the results' cache the tests share.
func plant(t testing.TB, dir, name, path string) {
	t.Helper()
	data, err := os.ReadFile(submission(name))
	if err != nil {
		t.Fatal(err)
	}
	comment := "//"
	if filepath.Ext(name) == ".py" {
		comment = "#"
	}
	data = fmt.Appendf(data, "\n%s planted at %d\n", comment, time.Now().UnixNano())
	path = filepath.Join(dir, filepath.FromSlash(path))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// plantedClass returns a contest folder of planted submissions in the two plain layouts: an
// accepted one, a wrong answer (NOI Linux's layout), a time-out, a compilation error, a
// contestant without a file (a stray file does not count, nor a source in another folder, nor
// one named in another case, which the ranking names) and one with two candidate files.
func plantedClass(t testing.TB) string {
	dir := openTempDir(t)
	plant(t, dir, "accepted/dfs.c", "alice/sudoku.c")
	plant(t, dir, "wrong_answer/zero.py", "bob/sudoku/sudoku.py")
	plant(t, dir, "time_limit_exceeded/spin.c", "carol/sudoku.c")
	plant(t, dir, "compile_error/syntax.py", "dave/sudoku.py")
	plant(t, dir, "accepted/dfs.c", "erin/notes/sudoku.c")
	plant(t, dir, "accepted/dfs.c", "erin/SUDOKU.C")
	if err := os.WriteFile(filepath.Join(dir, "erin", "sudoku.txt"), []byte("todo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	plant(t, dir, "accepted/dfs.c", "frank/sudoku.c")
	plant(t, dir, "accepted/dfs.cpp", "frank/sudoku/sudoku.cpp")
	return dir
}

func requireContestTools(t *testing.T) {
	t.Helper()
	requireSandbox(t)
	for _, tool := range [][2]string{{"gcc", "gcc"}, {"g++", "g++"}, {"python3", "python3"}} {
		tooltest.Require(t, tool[0], tool[1])
	}
}

// TestContest judges the planted class and checks the ranking, the CSV and the JSON, then
// judges it again from the cache, after a change of one file, and with --rejudge.
func TestContest(t *testing.T) {
	requireContestTools(t)
	class, out := plantedClass(t), openTempDir(t)
	csvFile, jsonFile, htmlFile := filepath.Join(out, "r.csv"), filepath.Join(out, "r.json"), filepath.Join(out, "r.html")
	// One test at a time: no time-out is run again alone (TestOneRuleEverywhere judges a class
	// two at a time).
	judgeClass := func(extra ...string) judged {
		t.Helper()
		args := append([]string{"--contest", class, "--tests", smallTests(t), "--time-limit", "0.2s",
			"--csv", csvFile, "--json", jsonFile, "--html", htmlFile}, extra...)
		r := runJudge(t, args...)
		if r.code != exitAccepted {
			t.Fatalf("exit status %d, want 0; stdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
		}
		return r
	}
	r := judgeClass()

	// The ranking: by score; the contestants with 0 points share a rank, by name, whether
	// their programs ran or not.
	want := []string{
		`^\s*1\s+alice\s+100\s+\d+ ms\s+AA$`,
		`^\s*2\s+bob\s+0\s+-\s+WW\s+WA on 2 of 2 tests \(first 01\): expected 2855, found 0; no grid scores 0`,
		`^\s*2\s+carol\s+0\s+-\s+TT\s+TLE on 2 of 2 tests \(first 01\): `,
		`^\s*2\s+dave\s+0\s+-\s+--\s+compilation error: .*SyntaxError`,
		`^\s*2\s+erin\s+0\s+-\s+--\s+no submission: found SUDOKU.C; expected sudoku.c$`,
		`^\s*2\s+frank\s+0\s+-\s+--\s+two candidate files, neither judged: frank/sudoku.c and frank/sudoku/sudoku.cpp$`,
	}
	lines := strings.Split(r.stdout, "\n")
	if len(lines) < len(want)+2 || !strings.HasPrefix(lines[0], "6 contestants: 4 judged") || !strings.Contains(lines[1], "rank  contestant  score  AC time") {
		t.Fatalf("stdout:\n%s", r.stdout)
	}
	for i, pattern := range want {
		if !regexp.MustCompile(pattern).MatchString(lines[i+2]) {
			t.Errorf("ranking line %d: got %q, want %s", i+1, lines[i+2], pattern)
		}
	}

	if !strings.Contains(r.stderr, "judge: frank has two candidate files, frank/sudoku.c and frank/sudoku/sudoku.cpp: neither is judged\n") {
		t.Errorf("stderr does not name frank's two files: %q", r.stderr)
	}
	if !strings.Contains(r.stderr, "judge: erin: found SUDOKU.C; expected sudoku.c: not judged\n") {
		t.Errorf("stderr does not name erin's misnamed file: %q", r.stderr)
	}

	// The CSV.
	f, err := os.Open(csvFile)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	wantRows := [][]string{
		{"rank", "contestant", "language", "score", "time_ms", "accepted_ms", "01", "08", "note"},
		{"1", "alice", "c", "100", "*", "*", "AC", "AC", ""},
		{"2", "bob", "python", "0", "*", "0", "WA", "WA", "WA on 2 of 2 tests (first 01): expected 2855, found 0; no grid scores 0: a completed grid scores from 2794 to 2906 (weight x digit summed over all 81 cells, givens included)"},
		{"2", "carol", "c", "0", "*", "0", "TLE", "TLE", "*"},
		{"2", "dave", "python", "0", "0", "0", "-", "-", "*"},
		{"2", "erin", "", "0", "0", "0", "-", "-", "no submission: found SUDOKU.C; expected sudoku.c"},
		{"2", "frank", "", "0", "0", "0", "-", "-", "two candidate files, neither judged: frank/sudoku.c and frank/sudoku/sudoku.cpp"},
	}
	if len(rows) != len(wantRows) {
		t.Fatalf("CSV: got %d rows, want %d: %q", len(rows), len(wantRows), rows)
	}
	for i, row := range wantRows {
		for k, cell := range row {
			if cell != "*" && rows[i][k] != cell {
				t.Errorf("CSV row %d column %d: got %q, want %q", i, k, rows[i][k], cell)
			}
		}
	}

	// The JSON: everything per test.
	con := readContest(t, jsonFile)
	if con.Problem != "target" || len(con.Tests) != 2 || con.Limits.TimeMS != 200 || len(con.Contestants) != 6 {
		t.Fatalf("JSON header: %+v", con)
	}
	byName := map[string]contest.Contestant{}
	for _, x := range con.Contestants {
		byName[x.Name] = x
	}
	for name, v := range map[string]outcome.Verdict{"alice": outcome.Accepted, "bob": outcome.WrongAnswer, "carol": outcome.TimeLimit} {
		x := byName[name]
		if x.Status != contest.Judged || len(x.Results) != 2 || x.Cached {
			t.Errorf("%s: %+v", name, x)
			continue
		}
		for _, res := range x.Results {
			if res.Verdict != v || res.CPUMS <= 0 || res.WallMS <= 0 || res.PeakKiB <= 0 || res.Message == "" {
				t.Errorf("%s %s: got %+v, want %s with times, memory and a message", name, res.Test, res, v)
			}
		}
	}
	if bob := byName["bob"].Results[0]; bob.FirstDifference == nil || bob.FirstDifference.Line != 1 || len(bob.FirstDifference.Found) != 1 || bob.FirstDifference.Found[0] != "0" {
		t.Errorf("bob's first difference: got %+v, want line 1 found 0", bob.FirstDifference)
	}
	if byName["bob"].File != "bob/sudoku/sudoku.py" || byName["bob"].Language != "python" {
		t.Errorf("bob: file %q language %q", byName["bob"].File, byName["bob"].Language)
	}
	if dave := byName["dave"]; dave.Status != contest.CompileError || !strings.Contains(dave.Note, "SyntaxError") || len(dave.Results) != 0 {
		t.Errorf("dave: got %+v, want a compilation error with the compiler's message", dave)
	}
	if erin := byName["erin"]; erin.Status != contest.NoSubmission || erin.Score != 0 || erin.Note != "found SUDOKU.C; expected sudoku.c" {
		t.Errorf("erin: got %+v, want no submission", erin)
	}
	if frank := byName["frank"]; frank.Status != contest.TwoCandidates || frank.Note != "frank/sudoku.c and frank/sudoku/sudoku.cpp" {
		t.Errorf("frank: got %+v, want two candidates named", frank)
	}
	checkPage(t, htmlFile, []string{"alice", "bob", "carol", "dave", "erin", "frank"}, []string{"01", "08"})

	// Again: everything from the cache.
	r = judgeClass()
	if !strings.HasPrefix(r.stdout, "6 contestants: 0 judged") || !strings.Contains(r.stdout, "4 from the cache") {
		t.Errorf("second run: want everything from the cache; stdout:\n%s", r.stdout)
	}
	if got := readContest(t, jsonFile); !got.Contestants[0].Cached || got.Contestants[0].Results[0].Verdict != outcome.Accepted {
		t.Errorf("second run: alice %+v, want her cached results", got.Contestants[0])
	}
	// Bob fixes his program: only he is judged.
	plant(t, class, "accepted/dfs.c", "bob/sudoku/sudoku.c")
	if err := os.Remove(filepath.Join(class, "bob", "sudoku", "sudoku.py")); err != nil {
		t.Fatal(err)
	}
	r = judgeClass()
	if !strings.HasPrefix(r.stdout, "6 contestants: 1 judged") || !strings.Contains(r.stdout, "3 from the cache") ||
		!regexp.MustCompile(`(?m)^\s*[12]\s+bob\s+100 `).MatchString(r.stdout) {
		t.Errorf("after bob's change: want him alone judged, accepted; stdout:\n%s", r.stdout)
	}
	r = judgeClass("--rejudge")
	if !strings.HasPrefix(r.stdout, "6 contestants: 4 judged") || strings.Contains(r.stdout, "from the cache (") {
		t.Errorf("--rejudge: want every submission judged again; stdout:\n%s", r.stdout)
	}
}

// TestContestLemonLime judges a class in LemonLime's layout, DIR/source/NAME/..., beside its
// data folder, writing the JSON to standard output.
func TestContestLemonLime(t *testing.T) {
	requireContestTools(t)
	dir := openTempDir(t)
	plant(t, dir, "accepted/dfs.c", "source/grace/sudoku/sudoku.c")
	plant(t, dir, "wrong_answer/zero.py", "source/heidi/sudoku.py")
	if err := os.MkdirAll(filepath.Join(dir, "source", "ivan"), 0o755); err != nil {
		t.Fatal(err)
	}
	plant(t, dir, "accepted/dfs.c", "data/sudoku/sudoku.c") // not a contestant
	r := runJudge(t, "--contest", dir, "--tests", oneTest(t), "--json=-")
	if r.code != exitAccepted {
		t.Fatalf("exit status %d; stderr: %s", r.code, r.stderr)
	}
	var con contest.Contest
	if err := json.Unmarshal([]byte(r.stdout), &con); err != nil {
		t.Fatalf("reading the JSON: %v\n%s", err, r.stdout)
	}
	var got []string
	for _, x := range con.Contestants {
		got = append(got, x.Name+" "+x.Verdicts+" "+x.File)
	}
	want := "grace A source/grace/sudoku/sudoku.c, heidi W source/heidi/sudoku.py, ivan - "
	if strings.Join(got, ", ") != want {
		t.Errorf("got %q, want %q", strings.Join(got, ", "), want)
	}
}

// TestContestJava judges a contestant's sudoku.java whose public class is Main, as a contest
// judge must: compiled as Main.java, run in the sandbox, accepted.
func TestContestJava(t *testing.T) {
	requireSandbox(t)
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("javac is not on PATH: Java is optional")
	}
	class := openTempDir(t)
	plant(t, class, "accepted/sudoku.java", "gina/sudoku.java")
	r := runJudge(t, "--contest", class, "--tests", oneTest(t), "--csv", "-")
	if r.code != exitAccepted || !strings.Contains(r.stdout, "\n1,gina,java,100,") {
		t.Errorf("exit status %d, want 0 and gina accepted; stdout:\n%s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
}

func readContest(t *testing.T, name string) contest.Contest {
	t.Helper()
	return readJSON[contest.Contest](t, name)
}

// readJSON reads the JSON file name into a T.
func readJSON[T any](t *testing.T, name string) T {
	t.Helper()
	var v T
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("reading %s: %v", name, err)
	}
	return v
}

// checkPage parses an HTML report and checks that the ranking and the matrix name every
// contestant and the matrix every test, that each contestant has details, and that the page
// refers to nothing outside itself.
func checkPage(t *testing.T, name string, contestants, tests []string) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	page, err := pagetest.Parse(data)
	if err != nil {
		t.Fatalf("parsing %s: %v", name, err)
	}
	if len(page.External) > 0 || page.Scripts > 0 {
		t.Errorf("the page refers outside itself: %q, %d scripts", page.External, page.Scripts)
	}
	for _, section := range []string{"ranking", "matrix"} {
		for _, c := range contestants {
			if !strings.Contains(page.Text[section], c) {
				t.Errorf("section %s lacks contestant %s: %q", section, c, page.Text[section])
			}
		}
	}
	for _, test := range tests {
		if !strings.Contains(page.Text["matrix"], test) {
			t.Errorf("the matrix lacks test %s", test)
		}
	}
	for i := range contestants {
		if _, ok := page.Text[fmt.Sprintf("c%d", i)]; !ok {
			t.Errorf("no details of contestant %d", i)
		}
	}
}

// TestContestInterrupted stops a judging while the second contestant's program sleeps: the
// judge exits 3 and leaves nothing behind, and the next judging takes the first contestant's
// results from the cache.
func TestContestInterrupted(t *testing.T) {
	requireSandbox(t)
	tooltest.Require(t, "gcc", "gcc")
	tooltest.Require(t, "python3", "python3")
	class, cache, tmp := openTempDir(t), privateCache(t), openTempDir(t)
	seedCache(t, cache)
	plant(t, class, "accepted/dfs.c", "alice/sudoku.c")
	plant(t, class, "time_limit_exceeded/sleep.py", "bob/sudoku.py")
	// One test, and a time limit whose wall-clock backstop bob's program sleeps into soon, far
	// above the CPU time Python takes to start.
	tests := oneTest(t)
	cmd := exec.Command(judgeBin, "--kit", kitRoot, "--cache", cache, "--contest", class, "--tests", tests, "--time-limit", "0.2s")
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait until alice's results are kept and bob's program runs. The bounds here only guard
	// against a hang.
	const bound = time.Minute
	for deadline := time.Now().Add(bound); ; time.Sleep(20 * time.Millisecond) {
		kept, _ := filepath.Glob(filepath.Join(cache, "contest", "*.json"))
		if len(kept) == 1 && len(leftovers(tmp)) > 0 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("alice's results were not kept and bob's program did not run within %v: %s", bound, stderr.String())
		}
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != exitFailed || !strings.Contains(stderr.String(), "interrupted") {
		t.Fatalf("exit status %d, stderr %q; want 3 and a word that it was interrupted", code, stderr.String())
	}
	// The kernel tears the sandbox's namespace down as the judge exits, later on a busy machine.
	left := leftovers(tmp)
	for end := time.Now().Add(bound); len(left) > 0 && time.Now().Before(end); left = leftovers(tmp) {
		time.Sleep(20 * time.Millisecond)
	}
	if len(left) > 0 {
		t.Errorf("processes left: %v", left)
	}
	if entries, _ := os.ReadDir(tmp); len(entries) > 0 {
		t.Errorf("the judge left %d entries in its temporary folder", len(entries))
	}
	r := runJudge(t, "--cache", cache, "--contest", class, "--tests", tests, "--time-limit", "0.2s")
	if r.code != exitAccepted || !strings.HasPrefix(r.stdout, "2 contestants: 1 judged") || !strings.Contains(r.stdout, "1 from the cache") {
		t.Errorf("after the interrupt: exit status %d; stdout:\n%s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
}

// TestJudgeContestantRunsAloneAfterARerun judges a program that spins on most inputs, two at a
// time: the time-outs of the tests run in parallel run again alone, and once one did every
// test runs alone once, not in parallel first.
func TestJudgeContestantRunsAloneAfterARerun(t *testing.T) {
	temp := openTempDir(t)
	s, err := runner.New(runner.Options{Mode: runner.Unisolated, Supervisor: judgeBin, TempDir: temp})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	j := &judging.Judge{
		Sandbox: s, Problem: problem.Target,
		Program: runner.Program{Dir: "/", Argv: func(string) []string {
			return []string{"/bin/sh", "-c", `read first rest; if [ "$first" = 9 ]; then while :; do :; done; fi; echo 2906`}
		}},
		Limits: runner.Limits{CPU: 50 * time.Millisecond, Wall: 2 * time.Second, Memory: 64 << 20, Output: 1 << 20, Processes: 16, Files: 64},
	}
	empty := strings.Repeat("0 0 0 0 0 0 0 0 0\n", 9)
	spin := "9" + empty[1:]
	var cases []judging.Case
	for i, input := range []string{empty, spin, spin, spin, spin, empty, spin, spin} {
		cases = append(cases, judging.Case{Name: fmt.Sprint(i), Input: []byte(input), Answer: []byte("2906\n")})
	}
	results := judgeContestant(context.Background(), j, cases, 2, func(int, string) {})
	var got []string
	for _, r := range results {
		v := string(r.Verdict)
		if r.Rerun {
			v += "*"
		}
		got = append(got, v)
	}
	// The first two ran in parallel, and the time-out among them again alone; so did the
	// third when it started before that time-out ended (the first case, which answers at once,
	// most often ends first), and from then on every test ran alone once.
	verdicts := strings.ReplaceAll(strings.Join(got, " "), "*", "")
	if want := "AC TLE TLE TLE TLE AC TLE TLE"; verdicts != want || got[1] != "TLE*" || slices.ContainsFunc(got[3:], func(v string) bool { return strings.HasSuffix(v, "*") }) {
		t.Errorf("got %s, want %s, the second case run again alone and none from the fourth on", strings.Join(got, " "), want)
	}
}

// TestSubmissionPage writes the page of one submission: the same page as a contest's, with the
// input and an optimal grid drawn for each failing test.
func TestSubmissionPage(t *testing.T) {
	requireSandbox(t)
	tooltest.Require(t, "python3", "python3")
	page := filepath.Join(openTempDir(t), "zero.html")
	r := runJudge(t, "--tests", oneTest(t), "--html", page, submission("wrong_answer/zero.py"))
	if r.code != exitRejected {
		t.Fatalf("exit status %d, want %d; stderr: %s", r.code, exitRejected, r.stderr)
	}
	checkPage(t, page, []string{"zero.py"}, []string{"01"})
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := pagetest.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Judgement of zero.py", "expected 2855, found 0", "input 30 givens, best score 2855", "an optimal grid scores 2855"} {
		if !strings.Contains(parsed.All, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}
