package main

import (
	"bytes"
	"debug/elf"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"bullseye/internal/family"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
	"bullseye/internal/tooltest"
)

// The C++ port, cpp/target.cpp, is kept in step with main.go by these tests: it must give the
// same answer, the same grid and the same -stats counters (the same search, step for step) on the
// adversarial family, the brute-force comparison's inputs and random inputs, under the default
// tuning and under stingyTuning, and read and write as main.go does. The everyday suite takes a
// sample of each; the long tier takes them whole.
//
// A build of the port costs seconds, so each build below is made once per run of the tests.
// The everyday suite makes one: switchedCpp, the port as DOMjudge and Kattis build it (g++ -O2
// -static -std=gnu++17; linked statically, a run also costs less) with every warning an error, its TUNING hook set to a switch that the
// environment turns to stingyTuning, so that this one build serves both tunings. The long tier
// makes two builds instead: judgedCpp, the port exactly as the judges build it, and stingyCpp,
// with stingyTuning compiled in as the hook was made for; and it checks C++14 and C++20 too.

// cppSource is the port, relative to this directory.
const cppSource = "cpp/target.cpp"

// stingyVariable, set to 1 in the environment of switchedCpp's binary, turns it to stingyTuning.
const stingyVariable = "TARGET_STINGY"

// cppVariant is one build of the port: g++'s arguments before -o and the source.
type cppVariant struct {
	name string
	args []string
}

var (
	judgedCpp   = cppVariant{"judged", []string{"-O2", "-static", "-std=gnu++17"}}
	stingyCpp   = cppVariant{"stingy", []string{"-O2", "-static", "-std=gnu++17", "-DTUNING=" + tuningDefines(stingyTuning())}}
	dynamicCpp  = cppVariant{"dynamic", []string{"-O2", "-std=gnu++17"}} // as the contest builds it
	switchedCpp = cppVariant{"switched", []string{"-O2", "-static", "-std=gnu++17", "-Wall", "-Wextra", "-Werror",
		"-DTUNING=if (getenv(\"" + stingyVariable + "\") != nullptr) { " + tuningDefines(stingyTuning()) + "}"}}
)

// cppBuilt holds the port's builds the tests share, each made once.
var cppBuilt struct {
	mu     sync.Mutex
	dir    string // the directory that holds them, removed by TestMain
	builds map[string]*cppBuild
}

type cppBuild struct {
	once sync.Once
	bin  string
	err  error
}

// buildCpp compiles the port as variant v, once for all the tests; it skips the test without g++
// (fails under CI).
func buildCpp(t *testing.T, v cppVariant) string {
	t.Helper()
	tooltest.Require(t, "g++", "g++")
	cppBuilt.mu.Lock()
	if cppBuilt.builds == nil {
		cppBuilt.builds = map[string]*cppBuild{}
	}
	b := cppBuilt.builds[v.name]
	if b == nil {
		b = &cppBuild{}
		cppBuilt.builds[v.name] = b
	}
	var err error
	if cppBuilt.dir == "" {
		cppBuilt.dir, err = os.MkdirTemp("", "solution-cpp-")
	}
	dir := cppBuilt.dir
	cppBuilt.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	b.once.Do(func() {
		bin := filepath.Join(dir, v.name)
		args := append(slices.Clone(v.args), "-o", bin, cppSource)
		if out, err := exec.Command("g++", args...).CombinedOutput(); err != nil {
			b.err = fmt.Errorf("g++ %s: %v\n%s", strings.Join(args, " "), err, out)
			return
		}
		b.bin = bin
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.bin
}

// cppPort is a build of the port and the environment its runs get.
type cppPort struct {
	bin string
	env []string
}

// defaultPort is the port under its default tuning: switchedCpp every day, judgedCpp on the long
// tier.
func defaultPort(t *testing.T) cppPort {
	return cppPort{bin: buildCpp(t, tooltest.Pick(switchedCpp, judgedCpp))}
}

// stingyPort is the port under stingyTuning: switchedCpp switched every day, stingyCpp on the
// long tier.
func stingyPort(t *testing.T) cppPort {
	if tooltest.LongTier() {
		return cppPort{bin: buildCpp(t, stingyCpp)}
	}
	return cppPort{bin: buildCpp(t, switchedCpp), env: []string{stingyVariable + "=1"}}
}

// TestCppCompilesCleanly compiles the port as NOIP's C++14 and the judging systems' C++17 and
// C++20 would, with every warning an error. Every day the build the other tests run,
// switchedCpp, is the check under gnu++17; the long tier checks each standard on its own.
func TestCppCompilesCleanly(t *testing.T) {
	t.Parallel()
	if !tooltest.LongTier() {
		buildCpp(t, switchedCpp)
		return
	}
	tooltest.Require(t, "g++", "g++")
	for _, std := range []string{"c++14", "gnu++17", "gnu++20"} {
		t.Run(std, func(t *testing.T) {
			t.Parallel()
			args := []string{"-std=" + std, "-fsyntax-only", "-Wall", "-Wextra", "-Werror", cppSource}
			if out, err := exec.Command("g++", args...).CombinedOutput(); err != nil {
				t.Errorf("g++ %s: %v\n%s", strings.Join(args, " "), err, out)
			}
		})
	}
}

// cppLibrarySymbols are symbols that only the C++ runtime library defines: a port that needs one
// links the library, which a dynamic build loads and relocates at every start.
var cppLibrarySymbols = []string{
	"__gxx_personality_v0",             // exceptions' unwinding
	"__cxa_throw", "__cxa_begin_catch", // throwing and catching
	"_Znwm", "_Znam", "_ZnwmRKSt9nothrow_t", // operator new, new[] and nothrow new
	"_ZdlPv", "_ZdlPvm", "_ZdaPv", // operator delete
	"_ZSt17__throw_bad_allocv", "_ZSt20__throw_length_errorPKc", "_ZSt19__throw_logic_errorPKc",
}

// TestCppNeedsNoCppLibrary checks that the port uses nothing from the C++ runtime library, only
// its headers' templates: in the static build the other tests run, no symbol of the library;
// on the long tier, a dynamic build as the contest makes one, which must load no library but
// the C library.
func TestCppNeedsNoCppLibrary(t *testing.T) {
	t.Parallel()
	f, err := elf.Open(buildCpp(t, tooltest.Pick(switchedCpp, judgedCpp)))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range syms {
		if slices.Contains(cppLibrarySymbols, s.Name) {
			t.Errorf("the static build has %s, from the C++ library", s.Name)
		}
	}
	if !tooltest.LongTier() {
		return
	}
	d, err := elf.Open(buildCpp(t, dynamicCpp))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	libs, err := d.ImportedLibraries()
	if err != nil {
		t.Fatal(err)
	}
	for _, lib := range libs {
		if !strings.HasPrefix(lib, "libc.so") {
			t.Errorf("the dynamic build needs %s, want only the C library", lib)
		}
	}
}

// portRun is what one run of a solver left: its answer, its grid (the givens when the answer is
// -1) and its -stats line.
type portRun struct {
	best   int
	fill   [cells]int
	stats  string
	counts stats // main.go's counters, on its own runs
}

// referenceRun runs main.go's solver on givens with the tuning tn, in this process.
func referenceRun(givens grid.Grid, tn tuning) portRun {
	s := newSolver()
	s.tuning = tn
	best, fill := s.maximize(asInts(givens))
	var b bytes.Buffer
	s.stats.print(&b)
	return portRun{best, fill, b.String(), s.stats}
}

// cppRun runs the port on givens with -grid -stats.
func cppRun(port cppPort, givens grid.Grid) (portRun, error) {
	var run portRun
	cmd := exec.Command(port.bin, "-grid", "-stats", "-")
	if port.env != nil {
		cmd.Env = append(os.Environ(), port.env...)
	}
	cmd.Stdin = strings.NewReader(givens.String())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return run, fmt.Errorf("%v: %s", err, strings.TrimSpace(stderr.String()))
	}
	run.stats = stderr.String()
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	best, err := strconv.Atoi(lines[0])
	if err != nil {
		return run, fmt.Errorf("answer line %q: %v", lines[0], err)
	}
	run.best = best
	if best == -1 {
		run.fill = asInts(givens)
		if len(lines) != 1 {
			return run, fmt.Errorf("answer -1 with %d more lines, want none", len(lines)-1)
		}
		return run, nil
	}
	_, fill, err := parseGridOutput(stdout.String())
	if err != nil {
		return run, err
	}
	for x, v := range fill {
		run.fill[x] = int(v)
	}
	return run, nil
}

// agree checks the port against main.go under the tuning tn (the port's run under it) on each
// input, and on those with a known answer (want not -2) against it too; it stops after five
// disagreements. It returns main.go's counters on each input.
func agree(t *testing.T, port cppPort, tn tuning, inputs []grid.Grid, wants []int) []stats {
	t.Helper()
	failures := 0
	var counts []stats
	for k, givens := range inputs {
		want := referenceRun(givens, tn)
		counts = append(counts, want.counts)
		got, err := cppRun(port, givens)
		switch {
		case err != nil:
			err = fmt.Errorf("the port failed: %v", err)
		case got.best != want.best:
			err = fmt.Errorf("the port answers %d, main.go %d", got.best, want.best)
		case wants != nil && wants[k] != -2 && got.best != wants[k]:
			err = fmt.Errorf("the port and main.go answer %d, want %d", got.best, wants[k])
		case got.stats != want.stats:
			err = fmt.Errorf("-stats differ:\n  port:    %s  main.go: %s", got.stats, want.stats)
		case got.fill != want.fill:
			err = fmt.Errorf("the grids differ:\n  port:    %v\n  main.go: %v", got.fill, want.fill)
		}
		if err != nil {
			t.Errorf("input %d: %v; givens:\n%s", k, err, givens)
			if failures++; failures == 5 {
				t.Fatalf("stopping after %d failures", failures)
			}
		}
	}
	return counts
}

func TestCppAgreesOnAdversarialFamily(t *testing.T) {
	t.Parallel()
	port := defaultPort(t)
	var inputs []grid.Grid
	var wants []int
	for _, c := range adversarialSample() {
		inputs = append(inputs, c.Givens)
		wants = append(wants, c.Answer)
	}
	agree(t, port, defaultTuning(), inputs, wants)
	t.Logf("%d inputs of the adversarial family", len(inputs))
}

// cppShare is the share of the brute-force and random inputs the everyday suite takes: one in
// cppShare, the first of each family among them, 14 inputs in all. The long tier takes every
// input (5,500).
var cppShare = tooltest.Pick(500, 1)

func TestCppAgreesOnBruteForceInputs(t *testing.T) {
	t.Parallel()
	port := defaultPort(t)
	for i, fam := range bruteForceFamilies {
		t.Run(fam.name, func(t *testing.T) {
			t.Parallel()
			r := rng.New(bruteForceSeed + uint64(i)) // the brute-force comparison's very inputs
			var inputs []grid.Grid
			var wants []int
			for n := range fam.count {
				givens := fam.build(r)
				if n%cppShare == 0 {
					inputs = append(inputs, givens)
					wants = append(wants, -2) // main.go's answer, which its own test checks by brute force
				}
			}
			agree(t, port, defaultTuning(), inputs, wants)
		})
	}
}

// cppRandomSeed fixes the random inputs of TestCppAgreesOnRandomInputs.
const cppRandomSeed = 4646

func TestCppAgreesOnRandomInputs(t *testing.T) {
	t.Parallel()
	port := defaultPort(t)
	families := []struct {
		name  string
		count int
		build func(r *rng.Rand) grid.Grid
	}{
		{name: "random", count: 2000, build: func(r *rng.Rand) grid.Grid { return family.Random(r, r.IntBetween(0, 81)) }},
		{name: "few_givens", count: 500, build: func(r *rng.Rand) grid.Grid { return family.Random(r, r.IntBetween(0, 12)) }},
		{name: "hidden", count: 250, build: func(r *rng.Rand) grid.Grid { return family.Hidden(r, r.IntBetween(17, family.MaxHiddenGivens)) }},
		{name: "clash", count: 250, build: func(r *rng.Rand) grid.Grid { return family.Clash(r, r.IntBetween(2, grid.Cells)) }},
	}
	for i, fam := range families {
		t.Run(fam.name, func(t *testing.T) {
			t.Parallel()
			r := rng.New(cppRandomSeed + uint64(i))
			var inputs []grid.Grid
			for n := range fam.count {
				givens := fam.build(r)
				if n%cppShare == 0 {
					inputs = append(inputs, givens)
				}
			}
			agree(t, port, defaultTuning(), inputs, nil)
		})
	}
}

// tuningDefines is tn as the port's TUNING macro takes it: an assignment to each field.
func tuningDefines(tn tuning) string {
	var b strings.Builder
	v := reflect.ValueOf(tn)
	for i := range v.NumField() {
		f := v.Field(i)
		value := ""
		switch f.Kind() {
		case reflect.Int:
			value = strconv.FormatInt(f.Int(), 10)
		case reflect.Float64:
			value = strconv.FormatFloat(f.Float(), 'g', -1, 64)
		default:
			panic("tuning field " + v.Type().Field(i).Name + " of kind " + f.Kind().String())
		}
		fmt.Fprintf(&b, "t.%s = %s; ", v.Type().Field(i).Name, value)
	}
	return b.String()
}

// TestCppAgreesUnderStingyTuning runs the port under stingyTuning, which takes the searches
// down the paths the defaults seldom reach (the branching under the rows' bound above all),
// and checks it against main.go under the same tuning.
func TestCppAgreesUnderStingyTuning(t *testing.T) {
	t.Parallel()
	port := stingyPort(t)
	// TestTuningChangesWorkNotAnswers's inputs: of 28 to 34 givens, and of 40 or more.
	r := rng.New(2026)
	var inputs []grid.Grid
	for n := range tooltest.Pick(8, 105) {
		inputs = append(inputs, family.Random(r, 28+n%7))
	}
	r = rng.New(bruteForceSeed + 200)
	for n := range tooltest.Pick(8, 500) {
		inputs = append(inputs, bruteForceFamilies[n%len(bruteForceFamilies)].build(r))
	}
	branched := 0
	for _, st := range agree(t, port, stingyTuning(), inputs, nil) {
		if st.branches > 0 {
			branched++
		}
	}
	// The tuning must reach the branching under the rows' bound often enough to test it: about a
	// quarter of the everyday inputs, a fifth of the long tier's.
	if branched < len(inputs)/8 {
		t.Errorf("%d of %d inputs branched under the rows' bound, want an eighth at least", branched, len(inputs))
	}
}

// TestCppReadsAndWritesAsReference runs the port and main.go's binary side by side on the same
// inputs and command lines, with sudoku.in and with standard input: exit status, standard
// output, standard error and sudoku.out must be the same. The long tier runs every input under
// every mode and command line; every day, each input runs once and each pair of mode and
// command line at least once, the pairs taken in turn.
func TestCppReadsAndWritesAsReference(t *testing.T) {
	t.Parallel()
	bin, reference := defaultPort(t).bin, buildSolution(t)
	paths, err := filepath.Glob("testdata/*.in")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no testdata/*.in inputs: %v", err)
	}
	type call struct {
		name string
		args []string
		file string // written to the working directory as this name, when not ""
	}
	calls := []call{
		{name: "no arguments"},
		{name: "grid", args: []string{"-grid"}},
		{name: "grid and stats", args: []string{"--grid", "-stats=true"}},
		{name: "grid off", args: []string{"-grid=false"}},
		{name: "standard input named", args: []string{"-grid", "-"}},
		{name: "named file", args: []string{"-grid", "mine.txt"}, file: "mine.txt"},
	}
	type run struct {
		path string
		mode runMode
		call call
	}
	var runs []run
	for _, mode := range []runMode{fileMode, stdioMode} {
		for _, c := range calls {
			runs = append(runs, run{mode: mode, call: c})
		}
	}
	if tooltest.LongTier() {
		var all []run
		for _, path := range paths {
			for _, r := range runs {
				all = append(all, run{path, r.mode, r.call})
			}
		}
		runs = all
	} else {
		var sample []run
		for n := range max(len(paths), len(runs)) {
			sample = append(sample, run{paths[n%len(paths)], runs[n%len(runs)].mode, runs[n%len(runs)].call})
		}
		runs = sample
	}
	for _, r := range runs {
		input, mode, c := readCase(t, r.path), r.mode, r.call
		t.Run(fmt.Sprintf("%s/%s/%s", filepath.Base(r.path), mode, c.name), func(t *testing.T) {
			t.Parallel()
			run := func(b string) runResult {
				args := c.args
				if c.file != "" {
					dir := t.TempDir()
					name := filepath.Join(dir, c.file)
					if err := os.WriteFile(name, input, 0o644); err != nil {
						t.Fatal(err)
					}
					args = append(args[:len(args)-1:len(args)-1], name)
				}
				r := runSolution(t, b, mode, input, nil, args...)
				if c.file != "" {
					r.stderr = strings.ReplaceAll(r.stderr, filepath.Dir(args[len(args)-1]), "DIR")
				}
				return r
			}
			if got, want := run(bin), run(reference); !reflect.DeepEqual(got, want) {
				t.Errorf("got exit %d, stdout %q, stderr %q, sudoku.out %s; want (main.go) exit %d, stdout %q, stderr %q, sudoku.out %s",
					got.exitCode, got.stdout, got.stderr, describe(got.outFile), want.exitCode, want.stdout, want.stderr, describe(want.outFile))
			}
		})
	}
	for _, args := range [][]string{{"-h"}, {"-help"}, {"-x"}, {"-grid=maybe"}, {"a", "b"}, {"missing.in"}, {"---grid"}} {
		t.Run("command line "+strings.Join(args, " "), func(t *testing.T) {
			t.Parallel()
			input := readCase(t, "testdata/ten.in")
			if got, want := runSolution(t, bin, stdioMode, input, nil, args...), runSolution(t, reference, stdioMode, input, nil, args...); !reflect.DeepEqual(got, want) {
				t.Errorf("got exit %d, stdout %q, stderr %q; want (main.go) exit %d, stdout %q, stderr %q",
					got.exitCode, got.stdout, got.stderr, want.exitCode, want.stdout, want.stderr)
			}
		})
	}
}
