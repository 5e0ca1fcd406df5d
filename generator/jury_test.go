package main

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	checking "bullseye/internal/answer"
	"bullseye/internal/classic"
	"bullseye/internal/family"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
	"bullseye/internal/testlib"
	"bullseye/internal/tooltest"
)

// juryInputs sets how many target inputs of the families the C++ solution is compared on, beside
// the kit's tests: by default 5,000, in the long tier only (BULLSEYE_LONG=1); a count given here
// runs the test in any tier.
var juryInputs = flag.Int("jury-inputs", 0, "target inputs on which TestCppSolutionAgreesWithTheReference compares the C++ and Go solutions (default: 5000, in the long tier; a count runs it in any tier)")

// buildCpp compiles a C++ submission of the package as NOIP and the judging systems do: C++14,
// standard library only.
func buildCpp(t *testing.T, source string) string {
	t.Helper()
	tooltest.Require(t, "c++", "g++")
	binary := filepath.Join(t.TempDir(), strings.TrimSuffix(filepath.Base(source), ".cpp"))
	cmd := exec.Command("c++", "-std=c++14", "-O2", "-Wall", "-Wextra", "-Werror", "-o", binary, filepath.Join("..", filepath.FromSlash(source)))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", source, err, out)
	}
	return binary
}

// runOn runs binary with input on standard input and returns its standard output.
func runOn(t *testing.T, binary string, input []byte) string {
	t.Helper()
	cmd := exec.Command(binary)
	cmd.Stdin = bytes.NewReader(input)
	cmd.Dir = t.TempDir() // no sudoku.in here: both read standard input
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v: %s", binary, err, stderr.String())
	}
	return string(out)
}

// juryFamilies are the target inputs the comparison draws from: every family the kit builds,
// at every givens count it allows, the packed and hidden ones that defeat enumerating search
// included.
var juryFamilies = []struct {
	name string
	make func(r *rng.Rand) grid.Grid
}{
	{"random", func(r *rng.Rand) grid.Grid { return family.Random(r, r.IntBetween(0, 81)) }},
	{"official", func(r *rng.Rand) grid.Grid { return family.Random(r, r.IntBetween(24, 32)) }},
	{"band", func(r *rng.Rand) grid.Grid { return family.Band(r, r.IntBetween(0, family.MaxAreaGivens)) }},
	{"stack", func(r *rng.Rand) grid.Grid { return family.Stack(r, r.IntBetween(0, family.MaxAreaGivens)) }},
	{"boxes", func(r *rng.Rand) grid.Grid {
		perm := r.Perm(9)
		return family.Boxes(r, r.IntBetween(0, family.MaxAreaGivens), [3]int{perm[0], perm[1], perm[2]})
	}},
	{"hidden", func(r *rng.Rand) grid.Grid { return family.Hidden(r, r.IntBetween(17, 40)) }},
	{"clash", func(r *rng.Rand) grid.Grid { return family.Clash(r, r.IntBetween(family.MinClashGivens, 40)) }},
}

// TestCppSolutionAgreesWithTheReference compares the package's accepted C++ submission, the port
// of the reference solution, with the Go reference on the kit's tests and on inputs of every
// family: the same answer on each. It runs in the long tier: every day solution/cpp_test.go holds
// the port to the reference's answers, grids and work on a sample of the same families.
func TestCppSolutionAgreesWithTheReference(t *testing.T) {
	t.Parallel()
	if *juryInputs <= 0 {
		tooltest.Long(t)
	}
	cpp := buildCpp(t, "solution/cpp/target.cpp")
	reference := buildSolutions(t).target
	var inputs [][]byte
	files, _ := filepath.Glob(filepath.Join("..", "tests", "target", "*", "*.in"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, data)
	}
	r := rng.New(2009)
	count := *juryInputs
	if count <= 0 {
		count = 5000
	}
	for k := range count {
		f := juryFamilies[k%len(juryFamilies)]
		inputs = append(inputs, []byte(f.make(r).String()))
	}
	minusOne := 0
	for i, input := range inputs {
		want := runOn(t, reference, input)
		got := runOn(t, cpp, input)
		if got != want {
			t.Fatalf("input %d: the C++ solution answers %q, the reference %q:\n%s", i, got, want, input)
		}
		if want == "-1\n" {
			minusOne++
		}
	}
	t.Logf("%d inputs (%d of the kit's tests), %d of them -1: the same answer from both", len(inputs), len(files), minusOne)
}

// TestCppClassicSolution judges the package's accepted C++ classic submission with the kit's
// checker on every classic test.
func TestCppClassicSolution(t *testing.T) {
	t.Parallel()
	cpp := buildCpp(t, "solution/cpp/classic.cpp")
	files, _ := filepath.Glob(filepath.Join("..", "tests", "classic", "*", "*.in"))
	if len(files) == 0 {
		t.Fatal("no classic tests")
	}
	puzzles := 0
	for _, f := range files {
		input, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		jury, err := os.ReadFile(strings.TrimSuffix(f, ".in") + ".ans")
		if err != nil {
			t.Fatal(err)
		}
		got := runOn(t, cpp, input)
		j := checking.CheckClassic(bytes.NewReader(input), strings.NewReader(got), bytes.NewReader(jury))
		if j.Result != testlib.OK {
			t.Errorf("%s: %v", f, j)
		}
		ps, _ := classic.ReadPuzzles(bytes.NewReader(input))
		puzzles += len(ps)
	}
	t.Logf("%d tests, %d puzzles, all accepted", len(files), puzzles)
}
