package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"bullseye/internal/ojtest"
	"bullseye/internal/testlib"
	"bullseye/internal/tooltest"
)

// platformCase is one checker case of the scripts: the files and the kit's verdict.
type platformCase struct {
	line                  string // the script's line
	input, output, answer string
	want                  testlib.Result
}

// The platforms' readings the kit intends, by the checker's result. Under testlib's protocol
// (the checker run as INPUT OUTPUT ANSWER): Codeforces/Polygon reads the exit code and has all
// four; Hydro, LemonLime, LibreOJ and UOJ read the line on stderr and have no presentation error,
// so a malformed output is a wrong answer there (Hydro's message says "PE"). A fail is
// "judgement failed" where the platform has a way to say so for a checker that prints a line
// (LemonLime: Invalid Special Judge, LibreOJ: Judgement Failed); Hydro's testlib reader and UOJ's
// know no "FAIL" and show a wrong answer with the checker's message. Under Kattis' protocol (the
// checker run as INPUT ANSWER FEEDBACK_DIR < OUTPUT) DOMjudge, Kattis and Hydro's kattis type
// read the exit code: 42, 43 (a malformed output included), anything else a judge error.
var (
	testlibPlatforms = []string{"hydro/testlib", "lemonlime/testlib", "libreoj", "uoj", "codeforces/polygon"}
	kattisPlatforms  = []string{"hydro/kattis", "domjudge", "kattis/problemtools"}

	intended = map[testlib.Result]map[string]string{
		testlib.OK: {"hydro/testlib": "accepted", "lemonlime/testlib": "accepted", "libreoj": "accepted", "uoj": "accepted",
			"codeforces/polygon": "accepted", "hydro/kattis": "accepted", "domjudge": "accepted", "kattis/problemtools": "accepted"},
		testlib.WrongAnswer: {"hydro/testlib": "wrong answer", "lemonlime/testlib": "wrong answer", "libreoj": "wrong answer", "uoj": "wrong answer",
			"codeforces/polygon": "wrong answer", "hydro/kattis": "wrong answer", "domjudge": "wrong answer", "kattis/problemtools": "wrong answer"},
		testlib.PresentationError: {"hydro/testlib": "wrong answer", "lemonlime/testlib": "wrong answer", "libreoj": "wrong answer", "uoj": "wrong answer",
			"codeforces/polygon": "presentation error", "hydro/kattis": "wrong answer", "domjudge": "wrong answer", "kattis/problemtools": "wrong answer"},
		testlib.Fail: {"hydro/testlib": "wrong answer", "lemonlime/testlib": "judgement failed", "libreoj": "judgement failed", "uoj": "wrong answer",
			"codeforces/polygon": "judgement failed", "hydro/kattis": "judgement failed", "domjudge": "judgement failed", "kattis/problemtools": "judgement failed"},
	}
)

var checkLine = regexp.MustCompile(`^exits ([0-3]) checker check (\S+) (\S+) (\S+)$`)

// platformCases reads the target checker's cases from its script: every line that runs
// `checker check INPUT OUTPUT ANSWER` alone, with the files it names, written into dir.
func platformCases(t *testing.T, dir string) []platformCase {
	archive, err := txtar.ParseFile(filepath.Join("testdata", "script", "target.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range archive.Files {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var cases []platformCase
	for _, line := range strings.Split(string(archive.Comment), "\n") {
		m := checkLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		code := int(m[1][0] - '0')
		cases = append(cases, platformCase{line: line, input: m[2], output: m[3], answer: m[4], want: testlib.Result(code)})
	}
	return cases
}

// TestPlatformsReadTheCheckerAsIntended runs the C++ checker the packages carry, built as Luogu
// builds a checker, on every case of the target checker's script, under testlib's protocol and
// under Kattis', and gives each run to ojcheck, the platforms' own code for reading a checker's
// result: each platform must give the intended verdict (see intended). The table of verdicts
// it logs is the one in docs/export.md. ojcheck takes some 1.5 s of processor time a run: the
// long tier.
func TestPlatformsReadTheCheckerAsIntended(t *testing.T) {
	tooltest.Long(t)
	tool := ojtest.Tool(t, 1, ojtest.OJCheckTool)
	dir := t.TempDir()
	checker := filepath.Join(dir, "checker")
	if out, err := exec.Command("g++", "-fno-asm", "-std=c++14", "-O2", "-Wall", "-Wextra", "-Werror", "-o", checker, filepath.Join("cpp", "target_output.cpp")).CombinedOutput(); err != nil {
		t.Fatalf("building the checker: %v\n%s", err, out)
	}
	cases := platformCases(t, dir)
	if len(cases) < 10 {
		t.Fatalf("%d checker cases in the script, want its every check", len(cases))
	}
	results := make([]map[string]ojtest.Verdict, len(cases))
	var wg sync.WaitGroup
	jobs := make(chan int)
	for range 2 {
		wg.Go(func() {
			for i := range jobs {
				results[i] = judgeOnPlatforms(t, tool, checker, dir, i, cases[i])
			}
		})
	}
	for i := range cases {
		jobs <- i
	}
	close(jobs)
	wg.Wait()

	seen := map[testlib.Result]bool{}
	var table strings.Builder
	platforms := append(slices.Clone(testlibPlatforms), kattisPlatforms...)
	fmt.Fprintf(&table, "| input output answer | kit | %s |\n", strings.Join(platforms, " | "))
	for i, c := range cases {
		got := results[i]
		if got == nil {
			continue
		}
		seen[c.want] = true
		row := []string{c.input + " " + c.output + " " + c.answer, c.want.String()}
		for _, p := range platforms {
			v, ok := got[p]
			if !ok {
				if p == "domjudge" || p == "kattis/problemtools" || p == "hydro/kattis" {
					row = append(row, "-")
					continue // no Kattis run for an output that does not exist
				}
				t.Errorf("%s: no %s line from ojcheck", c.line, p)
				continue
			}
			row = append(row, v.Verdict)
			if want := intended[c.want][p]; v.Verdict != want {
				t.Errorf("%s: %s gives %s [%s] %q, want %s", c.line, p, v.Verdict, v.Status, v.Message, want)
			}
		}
		fmt.Fprintf(&table, "| %s |\n", strings.Join(row, " | "))
	}
	for _, r := range []testlib.Result{testlib.OK, testlib.WrongAnswer, testlib.PresentationError, testlib.Fail} {
		if !seen[r] {
			t.Errorf("no case of the script gives %s: the table misses a verdict", r)
		}
	}
	t.Logf("verdicts by platform, from ojcheck:\n%s", table.String())
}

// judgeOnPlatforms runs the checker on one case under both protocols and returns every
// platform's verdict: the testlib platforms' from the testlib run, the Kattis ones' from the
// Kattis run (none for a missing output, which standard input cannot be).
func judgeOnPlatforms(t *testing.T, tool, checker, dir string, i int, c platformCase) map[string]ojtest.Verdict {
	path := func(name string) string { return filepath.Join(dir, name) }
	run := func(cmd *exec.Cmd) (int, []byte) {
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err := cmd.Run()
		code := 0
		if exit, ok := err.(*exec.ExitError); ok {
			code = exit.ExitCode()
		} else if err != nil {
			t.Errorf("%s: running the checker: %v", c.line, err)
		}
		return code, []byte(stderr.String())
	}
	code, stderr := run(exec.Command(checker, path(c.input), path(c.output), path(c.answer)))
	if want := testlib.ProtocolTestlib.ExitCode(c.want); code != want {
		t.Errorf("%s: the C++ checker exits %d (%s), the kit's %d", c.line, code, strings.TrimSpace(string(stderr)), want)
		return nil
	}
	verdicts, err := ojtest.Run(tool, code, stderr, "")
	if err != nil {
		t.Error(err)
		return nil
	}
	got := map[string]ojtest.Verdict{}
	for _, p := range testlibPlatforms {
		if v, ok := verdicts[p]; ok {
			got[p] = v
		}
	}
	output, err := os.Open(path(c.output))
	if err != nil {
		return got // a missing output: testlib's protocol only
	}
	defer output.Close()
	feedback := filepath.Join(dir, fmt.Sprintf("feedback-%d", i))
	if err := os.Mkdir(feedback, 0o755); err != nil {
		t.Error(err)
		return nil
	}
	cmd := exec.Command(checker, path(c.input), path(c.answer), feedback)
	cmd.Stdin = output
	code, stderr = run(cmd)
	if want := testlib.ProtocolKattis.ExitCode(c.want); code != want {
		t.Errorf("%s: the C++ checker exits %d under Kattis' protocol (%s), want %d", c.line, code, strings.TrimSpace(string(stderr)), want)
		return nil
	}
	verdicts, err = ojtest.Run(tool, code, stderr, feedback)
	if err != nil {
		t.Error(err)
		return nil
	}
	for _, p := range kattisPlatforms {
		if v, ok := verdicts[p]; ok {
			got[p] = v
		}
	}
	return got
}
