package validator

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"bullseye/internal/classic"
	"bullseye/internal/grid"
	"bullseye/internal/manifest"
	"bullseye/internal/problem"
	"bullseye/internal/testlib"
	"bullseye/internal/tooltest"
)

// The C++ validators that problem packages carry, and the kit's files the comparison reads.
const (
	cppDir       = "../../../checker/cpp"
	testsDir     = "../../../tests"
	checkerCases = "../../../checker/testdata/script"
)

// built holds the C++ validators, built once per test binary by the first test that needs them,
// into a folder TestMain removes.
var built struct {
	once     sync.Once
	dir      string
	binaries map[string]string
	err      error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// cppValidators returns the four C++ validators, built as a judging system builds them, with
// c++ -fno-asm -std=c++14 -O2 -static (linked statically, as DOMjudge and Kattis link C++ programs, a run
// costs some 7 ms of processor time less), side by side: C++14 with -fno-asm, as Luogu builds a
// checker, and warnings as errors.
func cppValidators(t testing.TB) map[string]string {
	t.Helper()
	tooltest.Require(t, "c++", "g++")
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "cpp-validators-"); built.err != nil {
			return
		}
		names := []string{"target_input", "target_output", "classic_input", "classic_output"}
		errs := make([]error, len(names))
		var wg sync.WaitGroup
		for i, name := range names {
			wg.Go(func() {
				binary := filepath.Join(built.dir, name)
				cmd := exec.Command("c++", "-fno-asm", "-std=c++14", "-O2", "-static", "-Wall", "-Wextra", "-Werror", "-o", binary, filepath.Join(cppDir, name+".cpp"))
				if out, err := cmd.CombinedOutput(); err != nil {
					errs[i] = fmt.Errorf("building %s.cpp: %v\n%s", name, err, out)
				}
			})
		}
		wg.Wait()
		if built.err = errors.Join(errs...); built.err == nil {
			built.binaries = map[string]string{}
			for _, name := range names {
				built.binaries[name] = filepath.Join(built.dir, name)
			}
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.binaries
}

// category is the verdict of a judge message's first line, a line as testlib writes it: "ok",
// "wrong answer", "presentation error" or "fail"; "" for any other line.
func category(message []byte) string {
	first, _, _ := strings.Cut(string(message), "\n")
	for _, r := range []testlib.Result{testlib.OK, testlib.WrongAnswer, testlib.PresentationError, testlib.Fail} {
		if strings.HasPrefix(first, r.Name()+" ") {
			return r.String()
		}
	}
	return ""
}

// outputCase is one output to judge against an input and the jury's answer.
type outputCase struct {
	name                  string
	problem               string
	input, answer, output []byte
}

// comparer runs the Go validators and the C++ ones on the same files. Cases queue up and run
// when run is called, on every processor, each worker with a folder of its own for the files.
type comparer struct {
	t      testing.TB
	cpp    map[string]string
	dir    string
	queued []func(dir string)
	mu     sync.Mutex
	counts map[string]int // cases by the verdict both gave
}

// output queues a comparison of the two output validators on one case.
func (c *comparer) output(tc outputCase) {
	c.queued = append(c.queued, func(dir string) { c.compareOutput(dir, tc) })
}

// input queues a comparison of the two input validators on one input with args.
func (c *comparer) input(name, prob string, args []string, data []byte) {
	c.queued = append(c.queued, func(string) { c.compareInput(name, prob, args, data) })
}

// run runs the queued comparisons.
func (c *comparer) run() {
	jobs := make(chan func(string))
	var wg sync.WaitGroup
	for w := range runtime.GOMAXPROCS(0) {
		dir := filepath.Join(c.dir, fmt.Sprint(w))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			c.t.Fatal(err)
		}
		wg.Go(func() {
			for job := range jobs {
				job(dir)
			}
		})
	}
	for _, job := range c.queued {
		jobs <- job
	}
	close(jobs)
	wg.Wait()
	c.queued = nil
}

func (c *comparer) count(verdict string) {
	c.mu.Lock()
	c.counts[verdict]++
	c.mu.Unlock()
}

func (c *comparer) compareOutput(dir string, tc outputCase) {
	t := c.t
	input, answer := filepath.Join(dir, "input"), filepath.Join(dir, "answer")
	for path, data := range map[string][]byte{input: tc.input, answer: tc.answer} {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Error(err)
			return
		}
	}
	goFeedback, cppFeedback := filepath.Join(dir, "go"), filepath.Join(dir, "cpp")
	for _, d := range []string{goFeedback, cppFeedback} {
		os.RemoveAll(d)
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Error(err)
			return
		}
	}
	p, err := problem.Lookup(tc.problem)
	if err != nil {
		t.Error(err)
		return
	}
	var stderr bytes.Buffer
	goCode := Output(p, []string{input, answer, goFeedback}, bytes.NewReader(tc.output), &stderr)
	goMessage, _ := os.ReadFile(filepath.Join(goFeedback, JudgeMessage))

	cmd := exec.Command(c.cpp[tc.problem+"_output"], input, answer, cppFeedback)
	cmd.Stdin = bytes.NewReader(tc.output)
	cppCode := exitCode(t, cmd)
	cppMessage, _ := os.ReadFile(filepath.Join(cppFeedback, JudgeMessage))

	if goCode != cppCode || category(goMessage) != category(cppMessage) || category(goMessage) == "" {
		t.Errorf("%s: Go gives %d %q, C++ gives %d %q\ninput:\n%s\nanswer:\n%q\noutput:\n%q",
			tc.name, goCode, strings.TrimSpace(string(goMessage)), cppCode, strings.TrimSpace(string(cppMessage)), tc.input, tc.answer, tc.output)
		return
	}
	if tc.problem == "target" && !c.compareTestlib(dir, p, tc, input, answer) {
		return
	}
	c.count(category(goMessage))
}

// compareTestlib runs the target checker under testlib's protocol, INPUT OUTPUT ANSWER, as
// `checker check` runs, and requires the exit code and line the kit's checker gives.
func (c *comparer) compareTestlib(dir string, p problem.Problem, tc outputCase, input, answer string) bool {
	output := filepath.Join(dir, "output")
	if err := os.WriteFile(output, tc.output, 0o644); err != nil {
		c.t.Error(err)
		return false
	}
	j := p.CheckFiles(input, answer, func() (io.Reader, *testlib.Judgement) {
		return bytes.NewReader(tc.output), nil
	})
	goCode := testlib.ProtocolTestlib.ExitCode(j.Result)
	cmd := exec.Command(c.cpp["target_output"], input, output, answer)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cppCode := exitCode(c.t, cmd)
	if goCode != cppCode || category([]byte(j.Line())) != category(stderr.Bytes()) {
		c.t.Errorf("%s, testlib's protocol: Go gives %d %q, C++ gives %d %q\noutput:\n%q", tc.name, goCode, j.Line(), cppCode, strings.TrimSpace(stderr.String()), tc.output)
		return false
	}
	c.count("testlib " + j.Result.String())
	return true
}

func (c *comparer) total() int {
	n := 0
	for _, k := range c.counts {
		n += k
	}
	return n
}

func (c *comparer) compareInput(name, prob string, args []string, data []byte) {
	t := c.t
	p, err := problem.Lookup(prob)
	if err != nil {
		t.Error(err)
		return
	}
	var stderr bytes.Buffer
	goCode := Input(p, args, bytes.NewReader(data), &stderr)
	cmd := exec.Command(c.cpp[prob+"_input"], append([]string{"--kattis"}, args...)...)
	cmd.Stdin = bytes.NewReader(data)
	cppCode := exitCode(t, cmd)
	if goCode != cppCode {
		t.Errorf("%s %q: Go exits %d (%s), C++ --kattis %d; input:\n%q", name, args, goCode, strings.TrimSpace(stderr.String()), cppCode, data)
		return
	}
	// Without --kattis, testlib's codes: 0 valid, 3 invalid or invoked wrongly.
	want := map[int]int{ExitValid: testlib.ExitOK, ExitInvalid: testlib.ExitFail, testlib.ExitFail: testlib.ExitFail}[goCode]
	cmd = exec.Command(c.cpp[prob+"_input"], args...)
	cmd.Stdin = bytes.NewReader(data)
	if cppCode = exitCode(t, cmd); cppCode != want {
		t.Errorf("%s %q: C++ exits %d under testlib's protocol, want %d; input:\n%q", name, args, cppCode, want, data)
		return
	}
	c.count(fmt.Sprintf("input %d", goCode))
}

// exitCode runs cmd and returns its exit status; a command that cannot run fails the test and
// gives -1.
func exitCode(t testing.TB, cmd *exec.Cmd) int {
	err := cmd.Run()
	if exit, ok := err.(*exec.ExitError); ok {
		return exit.ExitCode()
	}
	if err != nil {
		t.Errorf("running %s: %v", cmd.Path, err)
		return -1
	}
	return 0
}

// mutationsFlag sets how many mutated outputs and inputs each test of the kit gives: by default
// one in the everyday suite and 25 in the long tier (BULLSEYE_LONG=1), some 80 and 9,000 cases
// in all.
var mutationsFlag = flag.Int("mutations", -1, "mutated outputs per output and mutated inputs per test in the C++ comparison (default: 1, 25 in the long tier)")

// nearMissGroups names, per problem, the group whose first test the everyday suite judges near
// misses and mutations of: an official-shaped target test, a classic batch of many puzzles.
var nearMissGroups = map[string]string{"target": "official", "classic": "batch"}

// TestCppValidatorsAgreeWithTheChecker runs the exported C++ validators and the kit's Go checker
// and validator on the same files and requires the same verdict from both: the files of the
// checker's own cases (checkerCaseFiles), tests of the kit with their answers, and near misses of
// the answer and outputs and inputs mutated at random from them. The long tier takes every test
// of the kit, near misses and 25 mutations of each; every day, the first test of each group with
// its answer, and of the groups nearMissGroups names, near misses and one mutation of each: each
// C++ run costs a process, some 10 ms of processor time, and the long tier's 9,000 runs take
// minutes.
func TestCppValidatorsAgreeWithTheChecker(t *testing.T) {
	c := &comparer{t: t, cpp: cppValidators(t), dir: t.TempDir(), counts: map[string]int{}}
	checkerCaseFiles(t, c)
	rng := rand.New(rand.NewPCG(13, 2009))
	mutations := *mutationsFlag
	if mutations < 0 {
		mutations = tooltest.Pick(1, 25)
	}
	for _, prob := range []string{"target", "classic"} {
		m, err := manifest.ReadFile(filepath.Join(testsDir, prob, "manifest.txt"))
		if err != nil {
			t.Fatal(err)
		}
		inGroup := map[string]int{}
		for _, test := range m.Tests {
			if inGroup[test.Group]++; inGroup[test.Group] > 1 && !tooltest.LongTier() {
				continue
			}
			nearMisses := tooltest.LongTier() || test.Group == nearMissGroups[prob]
			base := filepath.Join(testsDir, prob, test.Group, test.Name)
			input, err := os.ReadFile(base + ".in")
			if err != nil {
				t.Fatal(err)
			}
			answer, err := os.ReadFile(base + ".ans")
			if err != nil {
				t.Fatal(err)
			}
			g, _ := m.Group(test.Group)
			c.input(test.Key(), prob, g.ValidateArgs, input)
			if !nearMisses {
				c.output(outputCase{test.Key() + " the answer", prob, input, answer, answer})
				continue
			}
			for _, out := range outputsFor(prob, input, answer) {
				c.output(outputCase{test.Key() + " " + out.name, prob, input, answer, out.data})
				for k := range mutations {
					c.output(outputCase{fmt.Sprintf("%s %s mutated %d", test.Key(), out.name, k), prob, input, answer, mutate(rng, out.data, outputAlphabet)})
				}
			}
			for k := range mutations {
				args := argSets[rng.IntN(len(argSets))]
				c.input(fmt.Sprintf("%s mutated %d", test.Key(), k), prob, args, mutate(rng, input, inputAlphabet))
			}
		}
		if inGroup[nearMissGroups[prob]] == 0 {
			t.Errorf("%s: no group %q, which the everyday suite takes near misses of", prob, nearMissGroups[prob])
		}
	}
	c.run()
	t.Logf("%d cases, by verdict, the same from both: %v", c.total(), c.counts)
	for _, want := range []string{"ok", "wrong answer", "presentation error", "fail", "input 42", "input 43",
		"testlib ok", "testlib wrong answer", "testlib presentation error", "testlib fail"} {
		if c.counts[want] == 0 {
			t.Errorf("no case gave %q: the comparison misses a verdict", want)
		}
	}
}

// checkerCaseFiles compares both on the files of the checker's scripts: on the long tier, every
// input with every answer and every file as an output, and every file as an input under every set
// of arguments; every day, every file once as an output, the pairs of input and answer taken in
// turns, and once as an input, the sets of arguments taken in turns, so that every pair and every
// set is taken at least once.
func checkerCaseFiles(t *testing.T, c *comparer) {
	long := tooltest.LongTier()
	inputTurn := 0
	for _, script := range []struct{ name, problem string }{
		{"target.txtar", "target"}, {"kattis.txtar", "target"}, {"classic.txtar", "classic"}, {"validate.txtar", "target"},
	} {
		archive, err := txtar.ParseFile(filepath.Join(checkerCases, script.name))
		if err != nil {
			t.Fatal(err)
		}
		var inputs, answers [][]byte
		for _, f := range archive.Files {
			switch filepath.Ext(f.Name) {
			case ".in":
				inputs = append(inputs, f.Data)
			case ".ans":
				answers = append(answers, f.Data)
			}
			if script.name == "validate.txtar" || filepath.Ext(f.Name) == ".in" {
				for k, args := range argSets {
					if long || k == inputTurn%len(argSets) {
						c.input(script.name+" "+f.Name, script.problem, args, f.Data)
					}
				}
				inputTurn++
			}
		}
		pairs := len(inputs) * len(answers)
		if !long && pairs > len(archive.Files) {
			t.Fatalf("%s: %d pairs of input and answer, more than its %d files can take in turns", script.name, pairs, len(archive.Files))
		}
		for i, in := range inputs {
			for j, ans := range answers {
				for n, f := range archive.Files {
					if long || n%pairs == i*len(answers)+j {
						c.output(outputCase{fmt.Sprintf("%s input %d answer %d output %s", script.name, i, j, f.Name), script.problem, in, ans, f.Data})
					}
				}
			}
		}
	}
	if !long && inputTurn < len(argSets) {
		t.Fatalf("%d files as inputs, fewer than the %d sets of arguments to take in turns", inputTurn, len(argSets))
	}
}

// argSets are the input validator arguments the comparison tries.
var argSets = [][]string{
	nil,
	{"--lenient"},
	{"--min-givens", "0", "--allow-conflicts"},
	{"--min-givens=30"},
	{"-lenient=false", "--allow-conflicts"},
	{"--bogus"},
	{"--min-givens", "82"},
	{"--allow-conflicts", "extra"},
}

// outputsFor returns outputs worth judging for a test: the jury's answer, and near misses.
func outputsFor(prob string, input, answer []byte) []struct {
	name string
	data []byte
} {
	type out = struct {
		name string
		data []byte
	}
	outs := []out{{"the answer", answer}, {"the answer with CRLF", bytes.ReplaceAll(answer, []byte("\n"), []byte("\r\n"))}}
	if prob == "target" {
		var score int
		fmt.Sscan(string(answer), &score)
		outs = append(outs, out{"one less", fmt.Appendf(nil, "%d\n", score-1)}, out{"minus one", []byte("-1\n")})
		if puzzle, err := grid.Read(bytes.NewReader(input), ""); err == nil {
			if solved, ok := classic.Solve(classic.Puzzle(puzzle)); ok {
				g := grid.Grid(solved)
				outs = append(outs,
					out{"a completion and its score", fmt.Appendf(nil, "%d\n%s", g.Score(), g)},
					out{"the answer and a completion", fmt.Appendf(nil, "%d\n%s", score, g)})
			}
		}
		return outs
	}
	lines := strings.SplitAfter(string(answer), "\n")
	if len(lines) > 1 {
		swapped := append([]string{lines[1], lines[0]}, lines[2:]...)
		outs = append(outs, out{"two lines swapped", []byte(strings.Join(swapped, ""))})
	}
	outs = append(outs, out{"no solution first", []byte("no solution\n" + strings.Join(lines[1:], ""))})
	return outs
}

const (
	outputAlphabet = "0123456789 \n\r\t-.#no solutin"
	inputAlphabet  = "0123456789 \n\r.e#"
)

// mutate changes data at a few random places: a byte replaced, inserted or deleted, or digits
// swapped.
func mutate(rng *rand.Rand, data []byte, alphabet string) []byte {
	out := bytes.Clone(data)
	for range 1 + rng.IntN(3) {
		if len(out) == 0 {
			out = append(out, alphabet[rng.IntN(len(alphabet))])
			continue
		}
		i := rng.IntN(len(out))
		switch rng.IntN(4) {
		case 0:
			out[i] = alphabet[rng.IntN(len(alphabet))]
		case 1:
			out = append(out[:i], append([]byte{alphabet[rng.IntN(len(alphabet))]}, out[i:]...)...)
		case 2:
			out = append(out[:i], out[i+1:]...)
		case 3:
			j := rng.IntN(len(out))
			out[i], out[j] = out[j], out[i]
		}
	}
	return out
}

// FuzzCppValidators feeds the same fuzzed output to the Go and C++ output validators, against
// an official-shaped target test and the classic sample, and the same fuzzed input to both
// input validators, and requires the same verdict from each pair.
func FuzzCppValidators(f *testing.F) {
	cpp := cppValidators(f)
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join(testsDir, name))
		if err != nil {
			f.Fatal(err)
		}
		return data
	}
	targetIn, targetAns := read("target/official/01.in"), read("target/official/01.ans")
	classicIn, classicAns := read("classic/sample/1.in"), read("classic/sample/1.ans")
	for _, seed := range [][]byte{targetAns, classicAns, targetIn, []byte("-1\n"), []byte("no solution\n"), nil} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c := &comparer{t: t, cpp: cpp, dir: t.TempDir(), counts: map[string]int{}}
		c.output(outputCase{"fuzzed target output", "target", targetIn, targetAns, data})
		c.output(outputCase{"fuzzed classic output", "classic", classicIn, classicAns, data})
		c.input("fuzzed target input", "target", nil, data)
		c.input("fuzzed classic input", "classic", []string{"--lenient"}, data)
		c.run()
	})
}

// TestCppCheckerResultFile runs the C++ target checker as testlib's checkers are run with a
// result file, INPUT OUTPUT ANSWER RESULT [-appes], and requires what testlib writes: the message
// alone in RESULT, or testlib's XML of it with -appes, and on stderr only where to look; the
// message is the one the run without RESULT prints after the verdict's name. Outputs with control
// bytes (a NUL, an escape sequence) must be quoted whole, not printed nor cut.
func TestCppCheckerResultFile(t *testing.T) {
	checker := cppValidators(t)["target_output"]
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	input, answer := write("target.in", []byte(fixture(t, "target.in"))), write("target.ans", []byte(fixture(t, "target.ans")))
	run := func(args ...string) (int, string) {
		var stderr bytes.Buffer
		cmd := exec.Command(checker, args...)
		cmd.Stderr = &stderr
		return exitCode(t, cmd), stderr.String()
	}
	for _, tc := range []struct {
		name, output string
		want         testlib.Result
		quoted       string // in the message, when not ""
	}{
		{"accepted", fixture(t, "target.ans"), testlib.OK, ""},
		{"wrong", "2849\n", testlib.WrongAnswer, ""},
		{"nul and escape", "12\x00<&>\"\x1b[2J\x7f\n", testlib.PresentationError, `"12\x00<&>\"\x1b[2J\x7f"`},
	} {
		output := write(tc.name+".out", []byte(tc.output))
		code, line := run(input, output, answer)
		name := tc.want.Name() + " "
		if code != int(tc.want) || !strings.HasPrefix(line, name) || !strings.HasSuffix(line, "\n") {
			t.Errorf("%s: exits %d %q, want %d and a line beginning %q", tc.name, code, line, tc.want, name)
			continue
		}
		message := strings.TrimSuffix(strings.TrimPrefix(line, name), "\n")
		if strings.ContainsFunc(message, func(r rune) bool { return r < ' ' || r == 0x7f }) || !strings.Contains(message, tc.quoted) {
			t.Errorf("%s: message %q, want it printable and holding %s", tc.name, message, tc.quoted)
		}
		j := testlib.Judgement{Result: tc.want, Message: message}
		for _, mode := range []struct {
			args []string
			want string
		}{{nil, message}, {[]string{"-appes"}, j.XML()}} {
			result := filepath.Join(dir, tc.name+".result")
			code, stderr := run(append([]string{input, output, answer, result}, mode.args...)...)
			got, err := os.ReadFile(result)
			if err != nil {
				t.Errorf("%s %q: %v", tc.name, mode.args, err)
				continue
			}
			if code != int(tc.want) || stderr != "\nSee file to check exit message\n" || string(got) != mode.want {
				t.Errorf("%s %q: exits %d, stderr %q, result %q; want %d, %q, %q", tc.name, mode.args, code, stderr, got, tc.want, "\nSee file to check exit message\n", mode.want)
			}
		}
	}
}
