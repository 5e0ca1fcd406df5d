package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"bullseye/internal/grid"
	"bullseye/internal/tooltest"
)

func TestBucketOf(t *testing.T) {
	for _, tc := range []struct{ givens, want int }{{0, 0}, {5, 0}, {6, 1}, {9, 1}, {10, 2}, {16, 2}, {17, 3}, {23, 3}, {24, 4}, {29, 4}, {30, 5}, {81, 5}} {
		if got := bucketOf(tc.givens); got != tc.want {
			t.Errorf("bucketOf(%d): got %d (%s), want %d (%s)", tc.givens, got, buckets[got].name, tc.want, buckets[tc.want].name)
		}
	}
}

func TestCheck(t *testing.T) {
	all := [solverCount]bool{true, true, true, true, true, true}
	for _, tc := range []struct {
		name   string
		answer [solverCount]int
		ran    [solverCount]bool
		late   [solverCount]bool
		file   int
		want   string // a part of the problem, or "" for none
	}{
		{"all agree", [solverCount]int{0, 2829, 2829, 2829, 2829, 2829}, all, [solverCount]bool{}, 2829, ""},
		{"the port against CBC", [solverCount]int{0, 2828, 2829, 2829, 2829, 2829}, all, [solverCount]bool{}, -2, "port says 2828, CBC says 2829"},
		{"GLPK against CBC", [solverCount]int{0, 2829, 2829, 2829, -1, 2829}, all, [solverCount]bool{}, -2, "GLPK says -1, CBC says 2829"},
		{"a late peer's answer is unknown", [solverCount]int{0, 2829, 2829, 2829, 2829, 0}, all, [solverCount]bool{highsSolver: true}, -2, ""},
		{"without CBC, the port decides", [solverCount]int{0, 2829, 2828, 0, 2829, 2829}, [solverCount]bool{true, true, true, false, true, true}, [solverCount]bool{}, -2, "reference says 2828, the port says 2829"},
		{"a late CBC does not decide", [solverCount]int{0, 2829, 2829, 0, 2829, 2829}, all, [solverCount]bool{cbcSolver: true}, -2, ""},
		{"the file's answer", [solverCount]int{0, 2829, 2829, 2829, 2829, 2829}, all, [solverCount]bool{}, 2830, "the file says 2830, CBC says 2829"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := result{in: input{answer: tc.file}, answer: tc.answer, ran: tc.ran, late: tc.late}
			got := res.check()
			if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestGLPKAnswer(t *testing.T) {
	for _, tc := range []struct {
		name, report string
		want         int
		fails        bool
	}{
		{"optimal", "Status:     INTEGER OPTIMAL\nObjective:  score = 2891 (MAXimum)\n", 2891, false},
		{"empty", "Status:     INTEGER EMPTY\nObjective:  score = 0 (MAXimum)\n", -1, false},
		{"not proven", "Status:     INTEGER NON-OPTIMAL\nObjective:  score = 2880 (MAXimum)\n", 0, true},
		{"no objective", "Status:     INTEGER OPTIMAL\n", 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := glpkAnswer(tc.report)
			if (err != nil) != tc.fails || got != tc.want {
				t.Errorf("got %d, %v; want %d, failure %v", got, err, tc.want, tc.fails)
			}
		})
	}
}

// sample1 is data/target's first sample, answer 2829.
const sample1 = "700900001100005900000200080005020003000000648413000000007002090201060804080504012"

// TestPeersAnswerSample runs GLPK and the HiGHS helper on the second sample: each must prove its
// answer.
func TestPeersAnswerSample(t *testing.T) {
	givens, err := grid.ParseLine("000702453900008000740005010195080000070000025030579108000601000060900001000000006")
	if err != nil {
		t.Fatal(err)
	}
	const want = 2852 // the second sample
	t.Run("glpk", func(t *testing.T) {
		tooltest.Require(t, "glpsol", "glpk-utils")
		_, got, err := runGLPK(t.TempDir(), givens, time.Minute)
		if err != nil || got != want {
			t.Errorf("got %d, %v; want %d", got, err, want)
		}
	})
	t.Run("highs", func(t *testing.T) {
		python := pythonWithSciPy(t)
		h, err := startHighs(python, "highs.py", time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		defer h.close()
		_, got, err := h.solve(givens)
		if err != nil || got != want {
			t.Errorf("got %d, %v; want %d", got, err, want)
		}
	})
}

// pythonWithSciPy returns a Python that imports SciPy, or skips the test (fails it under CI).
func pythonWithSciPy(t *testing.T) string {
	t.Helper()
	for _, python := range []string{"python3", "/usr/bin/python3"} {
		if exec.Command(python, "-c", "import scipy.optimize").Run() == nil {
			return python
		}
	}
	tooltest.Missing(t, "no python3 imports scipy: install the Debian package python3-scipy")
	return ""
}

// TestPeersEndToEnd runs the benchmark on one file of inputs, the floor standing in for the port
// and the reference: the floor answers 0, so each input disagrees with CBC, and the benchmark
// says so and reports failure.
func TestPeersEndToEnd(t *testing.T) {
	tooltest.Require(t, "g++", "g++")
	tooltest.Require(t, "cbc", "coinor-cbc")
	if testing.Short() {
		t.Skip("builds the floor and runs CBC: skipped in -short mode")
	}
	dir := t.TempDir()
	floor := filepath.Join(dir, "floor")
	if out, err := exec.Command("g++", "-O2", "-o", floor, "../cppfloor/floor.cpp").CombinedOutput(); err != nil {
		t.Fatalf("building the floor: %v\n%s", err, out)
	}
	file := filepath.Join(dir, "inputs.txt")
	if err := os.WriteFile(file, []byte(sample1+" 2829 # a note, 30 givens\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	cfg := config{seededOff: true, port: floor, reference: floor, floor: floor, inputs: []string{file}, repeat: 1, peerRepeat: 1, timeout: time.Minute}
	ok, err := benchmark(cfg, &out)
	if err != nil {
		t.Fatal(err)
	}
	report := out.String()
	if ok {
		t.Errorf("the benchmark reported success with a port that answers 0:\n%s", report)
	}
	for _, want := range []string{"DISAGREEMENT: port says 0, CBC says 2829", "inputs.txt:1", "30+", "the port's slowest inputs"} {
		if !strings.Contains(report, want) {
			t.Errorf("the report lacks %q:\n%s", want, report)
		}
	}
}

// TestTableMarksTimeouts checks the table's row for peers that ran out of time: the median and
// the slowest say "over" when a late run is theirs, and the row counts the late runs.
func TestTableMarksTimeouts(t *testing.T) {
	use := [solverCount]bool{floorSolver: true, portSolver: true, highsSolver: true}
	var results []result
	for i, late := range []bool{true, true, false} {
		res := result{in: input{givens: grid.Grid{}}, ran: use}
		res.time[portSolver] = time.Duration(i+1) * time.Millisecond
		res.time[highsSolver], res.late[highsSolver] = 2*time.Second, late
		if !late {
			res.time[highsSolver] = 30 * time.Millisecond
		}
		results = append(results, res)
	}
	var out strings.Builder
	printTable(&out, results, use)
	for _, want := range []string{"0-5", "over 2000.0 ms / over 2000.0 ms (2 over)", "2.0 ms / 3.0 ms"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the table lacks %q:\n%s", want, out.String())
		}
	}
}
