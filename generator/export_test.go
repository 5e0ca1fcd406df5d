package main

import (
	"archive/zip"
	"bytes"
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"bullseye/internal/kattis"
	"bullseye/internal/kattis/kattistest"
	"bullseye/internal/manifest"
)

// exportCase is one problem to export, with inputs its input validator must reject and outputs
// its output validator must judge wrong.
type exportCase struct {
	problem string
	name    map[string]string
	source  string
	// broken are inputs made invalid, each validated with the arguments of group.
	broken []brokenInput
	// wrong are outputs judged against test test (GROUP/NAME under data/secret).
	wrong []wrongOutput
}

type brokenInput struct {
	name   string
	group  string // the test group whose input_validator_args apply
	input  func(t *testing.T, pkg string) []byte
	result int // the exit code the input validator must give
}

type wrongOutput struct {
	name    string
	test    string
	output  func(answer []byte) []byte
	message string // the start of judgemessage.txt
}

// secretFile returns a file of data/secret of the package in pkg.
func secretFile(t *testing.T, pkg, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(pkg, "data", "secret", filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func fromSecret(name string, change func([]byte) []byte) func(*testing.T, string) []byte {
	return func(t *testing.T, pkg string) []byte { return change(secretFile(t, pkg, name)) }
}

func literal(text string) func(*testing.T, string) []byte {
	return func(*testing.T, string) []byte { return []byte(text) }
}

func same(b []byte) []byte { return b }

// emptyGrid is the target input without givens.
var emptyGrid = strings.Repeat("0 0 0 0 0 0 0 0 0\n", 9)

// dropOneGiven turns the first given of a target input into a blank.
func dropOneGiven(in []byte) []byte {
	out := slices.Clone(in)
	for i, c := range out {
		if c >= '1' && c <= '9' {
			out[i] = '0'
			break
		}
	}
	return out
}

var exportCases = []exportCase{
	{
		problem: "target",
		name:    map[string]string{"en": "Target Sudoku", "zh": "靶形数独"},
		source:  "NOIP 2009",
		broken: []brokenInput{
			{"a letter", "official", fromSecret("official/01.in", func(b []byte) []byte { return append([]byte("x"), b[1:]...) }), 43},
			{"CRLF line ends", "official", fromSecret("official/01.in", func(b []byte) []byte { return bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n")) }), 43},
			{"ten numbers on a line", "official", fromSecret("official/01.in", func(b []byte) []byte { return bytes.Replace(b, []byte("\n"), []byte(" 0\n"), 1) }), 43},
			{"eight lines", "official", fromSecret("official/01.in", func(b []byte) []byte { return b[:bytes.LastIndexByte(b[:len(b)-1], '\n')+1] }), 43},
			{"no final newline", "official", fromSecret("official/01.in", func(b []byte) []byte { return b[:len(b)-1] }), 43},
			{"23 givens", "official", fromSecret("official/17.in", dropOneGiven), 43},
			{"23 givens in the hard group", "hard", fromSecret("official/17.in", dropOneGiven), 42},
			{"clashing givens", "official", fromSecret("hard/22.in", same), 43},
			{"clashing givens in the hard group", "hard", fromSecret("hard/22.in", same), 42},
			{"the empty grid", "official", literal(emptyGrid), 43},
			{"a 10", "hard", literal("10" + emptyGrid[1:]), 43},
		},
		wrong: []wrongOutput{
			{"one point short", "official/01", func(a []byte) []byte { return []byte(decrement(string(a)) + "\n") }, "wrong answer: "},
			{"-1 for a grid with completions", "official/01", func([]byte) []byte { return []byte("-1\n") }, "wrong answer: "},
			{"a score for a grid without completion", "official/08", func([]byte) []byte { return []byte("2800\n") }, "wrong answer: "},
			{"not a number", "official/01", func([]byte) []byte { return []byte("abc\n") }, "presentation error: "},
			{"no output", "official/01", func([]byte) []byte { return nil }, "presentation error: "},
			{"a grid that breaks a rule", "hard/01", func(a []byte) []byte {
				return []byte(strings.TrimSpace(string(a)) + "\n" + strings.Repeat("1 2 3 4 5 6 7 8 9\n", 9))
			}, "wrong answer: "},
		},
	},
	{
		problem: "classic",
		name:    map[string]string{"en": "Sudoku", "zh": "数独"},
		broken: []brokenInput{
			{"80 cells", "batch", literal(strings.Repeat(".", 80) + "\n"), 43},
			{"a letter", "batch", literal("x" + strings.Repeat(".", 80) + "\n"), 43},
			{"clashing givens", "batch", literal("11" + strings.Repeat(".", 79) + "\n"), 43},
			{"no puzzle", "batch", literal(""), 43},
			{"CRLF line ends", "batch", fromSecret("batch/05.in", func(b []byte) []byte { return bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n")) }), 43},
		},
		wrong: []wrongOutput{
			{"a changed cell", "batch/01", func(a []byte) []byte {
				out := slices.Clone(a)
				out[0] = map[bool]byte{true: '2', false: '1'}[out[0] == '1']
				return out
			}, "wrong answer: "},
			{"a missing line", "batch/01", func(a []byte) []byte { return a[:bytes.LastIndexByte(a[:len(a)-1], '\n')+1] }, "presentation error: "},
			{"no solution for a solvable puzzle", "batch/01", func(a []byte) []byte {
				return append([]byte("no solution\n"), a[bytes.IndexByte(a, '\n')+1:]...)
			}, "wrong answer: "},
		},
	},
}

// decrement returns the integer text s less one.
func decrement(s string) string {
	digits := []byte(strings.TrimSpace(s))
	for i := len(digits) - 1; i >= 0; i-- {
		if digits[i] > '0' {
			digits[i]--
			break
		}
		digits[i] = '9'
	}
	return string(digits)
}

// export runs generator export and returns what it printed on standard error.
func export(t *testing.T, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(append([]string{"generator", "export", "--root", ".."}, args...), &stdout, &stderr); code != exitOK {
		t.Fatalf("generator export %s: exit status %d, want 0:\n%s", strings.Join(args, " "), code, stderr.String())
	}
	return stderr.String()
}

// TestExport exports each problem twice and checks the package as a judging system would use
// it: the same bytes both times, the layout and problem.yaml the format requires, the validators
// built by their build scripts and run as the format calls them on every test and on broken
// inputs and wrong outputs, and the accepted submission run on every test through the output
// validator.
func TestExport(t *testing.T) {
	t.Parallel()
	for _, tc := range exportCases {
		t.Run(tc.problem, func(t *testing.T) {
			t.Parallel()
			pkg := filepath.Join(t.TempDir(), tc.problem)
			again := filepath.Join(t.TempDir(), tc.problem)
			t.Log(strings.TrimSpace(export(t, "--problem", tc.problem, "--out", pkg)))
			export(t, "--problem", tc.problem, "--out", again)
			checkReproducible(t, pkg, again)
			tests := checkLayout(t, pkg, tc)
			checkMetadata(t, pkg, tc)

			env := kattistest.WarmEnv(t)
			inputValidator := filepath.Join(pkg, "input_validators", "validate")
			outputValidator := filepath.Join(pkg, "output_validator")
			for _, dir := range []string{inputValidator, outputValidator} {
				checkFlat(t, dir)
				vetAtGoVersion(t, dir)
			}
			validateInputs := kattistest.Build(t, inputValidator, env)
			validateOutputs := kattistest.Build(t, outputValidator, env)
			checkInputValidator(t, validateInputs, pkg, tests, tc.broken)
			checkOutputValidator(t, validateOutputs, buildChecker(t), tc.problem, pkg, tests, tc.wrong)
			checkAccepted(t, validateOutputs, pkg, tests)
		})
	}
}

// packageTest is one test of an exported package.
type packageTest struct {
	name          string // GROUP/NAME under data/, as sample/1 or secret/official/01
	input, answer string // paths
	inputArgs     []string
}

// readTree returns the files under dir by slash-separated path, each as its mode and bytes.
func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	tree := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		tree[filepath.ToSlash(rel)] = info.Mode().String() + " " + string(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// checkReproducible checks that two exports are the same trees and the same zip bytes, and that
// the zip holds the tree at its root, with a folder entry for each folder.
func checkReproducible(t *testing.T, pkg, again string) {
	t.Helper()
	tree, other := readTree(t, pkg), readTree(t, again)
	for name, content := range tree {
		if other[name] != content {
			t.Errorf("%s differs between two exports", name)
		}
	}
	if len(tree) != len(other) {
		t.Errorf("two exports have %d and %d files", len(tree), len(other))
	}
	archive, err := os.ReadFile(pkg + ".zip")
	if err != nil {
		t.Fatal(err)
	}
	archiveAgain, err := os.ReadFile(again + ".zip")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(archive, archiveAgain) {
		t.Errorf("two exports give zips of %d and %d bytes that differ", len(archive), len(archiveAgain))
	}
	r, err := zip.NewReader(bytes.NewReader(archive), int64(len(archive)))
	if err != nil {
		t.Fatalf("reading the zip: %v", err)
	}
	files, folders := 0, map[string]bool{}
	for _, f := range r.File {
		if strings.HasSuffix(f.Name, "/") {
			folders[strings.TrimSuffix(f.Name, "/")] = true
			continue
		}
		files++
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		var data bytes.Buffer
		if _, err := data.ReadFrom(rc); err != nil {
			t.Fatalf("reading %s from the zip: %v", f.Name, err)
		}
		rc.Close()
		if got, want := f.Mode().String()+" "+data.String(), tree[f.Name]; got != want {
			t.Errorf("zip entry %s: got mode and bytes unlike the folder's file", f.Name)
		}
	}
	if files != len(tree) {
		t.Errorf("the zip has %d files, the folder %d", files, len(tree))
	}
	for name := range tree {
		for dir := path.Dir(name); dir != "."; dir = path.Dir(dir) {
			if !folders[dir] {
				t.Errorf("the zip has no entry for folder %s/", dir)
			}
		}
	}
}

// checkLayout checks the files the format requires and returns the package's tests: every test
// of the manifest present here, sample tests in data/sample, the others in their group of
// data/secret with the group's validator arguments.
func checkLayout(t *testing.T, pkg string, tc exportCase) []packageTest {
	t.Helper()
	for _, name := range []string{
		"problem.yaml", "statement/problem.en.md", "statement/problem.zh.md",
		"input_validators/validate/build", "output_validator/build", "submissions/accepted/reference.go",
		"generators/manifest.txt",
	} {
		if _, err := os.Stat(filepath.Join(pkg, filepath.FromSlash(name))); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if rulesPath := filepath.Join(pkg, "submissions", "submissions.yaml"); fileExists(rulesPath) {
		var rules map[string]kattistest.SubmissionSettings
		kattistest.ReadYAML(t, rulesPath, &rules)
	}
	pattern := regexp.MustCompile(`^[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,254}$`)
	for name := range readTree(t, pkg) {
		for _, part := range strings.Split(name, "/") {
			if !pattern.MatchString(part) {
				t.Errorf("%s: name %q breaks the format's pattern", name, part)
			}
		}
	}
	m, err := manifest.ReadFile(filepath.Join("..", "tests", tc.problem, "manifest.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var tests []packageTest
	for _, g := range m.Groups {
		dir := "secret/" + g.Name
		if g.Name == sampleGroup {
			dir = "sample"
		}
		var settings kattistest.TestGroupYAML
		settingsPath := filepath.Join(pkg, "data", filepath.FromSlash(dir), "test_group.yaml")
		if _, err := os.Stat(settingsPath); err == nil {
			kattistest.ReadYAML(t, settingsPath, &settings)
		}
		if !slices.Equal(settings.InputValidatorArgs, g.ValidateArgs) {
			t.Errorf("data/%s: input_validator_args %q, want the manifest's %q", dir, settings.InputValidatorArgs, g.ValidateArgs)
		}
		for _, test := range m.InGroup(g.Name) {
			if !test.Generated() {
				if _, err := os.Stat(filepath.Join("..", filepath.FromSlash(test.Input))); err != nil {
					t.Logf("%s: %s is absent here, so the package has no such test", test.Key(), test.Input)
					continue
				}
			}
			base := filepath.Join(pkg, "data", filepath.FromSlash(dir), test.Name)
			pt := packageTest{name: dir + "/" + test.Name, input: base + ".in", answer: base + ".ans", inputArgs: settings.InputValidatorArgs}
			for _, file := range []string{pt.input, pt.answer} {
				if _, err := os.Stat(file); err != nil {
					t.Errorf("test %s: %v", test.Key(), err)
				}
			}
			tests = append(tests, pt)
		}
	}
	var inputs int
	for name := range readTree(t, pkg) {
		if strings.HasPrefix(name, "data/") && strings.HasSuffix(name, ".in") {
			inputs++
		}
	}
	if inputs != len(tests) {
		t.Errorf("data/ has %d inputs, the manifest %d tests", inputs, len(tests))
	}
	return tests
}

// checkMetadata reads problem.yaml as the format defines it and checks its required keys and
// the kit's values.
func checkMetadata(t *testing.T, pkg string, tc exportCase) {
	t.Helper()
	var meta kattistest.ProblemYAML
	kattistest.ReadYAML(t, filepath.Join(pkg, "problem.yaml"), &meta)
	if meta.ProblemFormatVersion != "2025-09" {
		t.Errorf("problem_format_version: got %q, want %q", meta.ProblemFormatVersion, "2025-09")
	}
	if !regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`).MatchString(meta.UUID) {
		t.Errorf("uuid: got %q, want a UUID", meta.UUID)
	}
	for lang, want := range tc.name {
		if got := meta.Name[lang]; got != want {
			t.Errorf("name.%s: got %q, want %q", lang, got, want)
		}
	}
	statements, err := filepath.Glob(filepath.Join(pkg, "statement", "problem.*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(statements) != len(meta.Name) {
		t.Errorf("%d statements for %d names: the format wants a name for exactly each statement's language", len(statements), len(meta.Name))
	}
	if meta.Source != nil && meta.Source != tc.source || meta.Source == nil && tc.source != "" {
		t.Errorf("source: got %v, want %q", meta.Source, tc.source)
	}
	if !slices.Contains(kattis.Licenses, meta.License) || meta.License == "unknown" {
		t.Errorf("license: got %q, want one of the format's licenses that lets the problem be used", meta.License)
	}
	if meta.RightsOwner == "" && meta.Source == nil {
		t.Errorf("license %q needs a rights owner, and there is no source to own the rights", meta.License)
	}
	if meta.Limits == nil {
		t.Fatal("limits: missing")
	}
	if meta.Limits.TimeLimit != 2.0 {
		t.Errorf("limits.time_limit: got %#v, want the float 2.0", meta.Limits.TimeLimit)
	}
	if meta.Limits.Memory != 128 {
		t.Errorf("limits.memory: got %d, want 128", meta.Limits.Memory)
	}
}

// checkFlat checks that a program folder has no subfolder, which DOMjudge would flatten.
func checkFlat(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			t.Errorf("%s has a subfolder %s", dir, e.Name())
		}
	}
}

// vetAtGoVersion runs go vet on the program's sources at the Go version of its go.mod, which
// reports both language features and standard library names newer than that version.
func vetAtGoVersion(t *testing.T, dir string) {
	t.Helper()
	module := kattistest.Unflatten(t, dir)
	goMod, err := os.ReadFile(filepath.Join(module, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "\ngo " + validatorGoVersion + "\n"; !strings.Contains(string(goMod), want) {
		t.Errorf("%s/go.mod: got %q, want a line %q", dir, goMod, strings.TrimSpace(want))
	}
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = module
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOWORK=off", "GOFLAGS=-buildvcs=false")
	if output, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go vet at go %s of %s: %v\n%s", validatorGoVersion, dir, err, output)
	}
}

// checkInputValidator runs the input validator on every input with its group's arguments, and
// on the broken ones.
func checkInputValidator(t *testing.T, validate, pkg string, tests []packageTest, broken []brokenInput) {
	t.Helper()
	for _, test := range tests {
		input, err := os.ReadFile(test.input)
		if err != nil {
			t.Fatal(err)
		}
		if code, output := kattistest.ValidateInput(t, validate, test.inputArgs, input); code != 42 {
			t.Errorf("input validator on %s with %q: exit code %d, want 42:\n%s", test.name, test.inputArgs, code, output)
		}
	}
	for _, b := range broken {
		var settings kattistest.TestGroupYAML
		if settingsPath := filepath.Join(pkg, "data", "secret", b.group, "test_group.yaml"); fileExists(settingsPath) {
			kattistest.ReadYAML(t, settingsPath, &settings)
		}
		code, output := kattistest.ValidateInput(t, validate, settings.InputValidatorArgs, b.input(t, pkg))
		if code != b.result {
			t.Errorf("input validator on %s with the %s group's arguments %q: exit code %d, want %d:\n%s",
				b.name, b.group, settings.InputValidatorArgs, code, b.result, output)
		}
	}
}

func fileExists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// buildChecker builds the kit's checker.
func buildChecker(t *testing.T) string {
	t.Helper()
	checker := filepath.Join(t.TempDir(), "checker")
	cmd := exec.Command("go", "build", "-o", checker, "./checker")
	cmd.Dir = ".."
	if output, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the checker: %v\n%s", err, output)
	}
	return checker
}

// checkOutputValidator runs the output validator on every jury answer as the output, on wrong
// outputs, where it must give the verdict `checker check --kattis` gives, and with a jury answer
// that is not one.
func checkOutputValidator(t *testing.T, judge, checker, problem, pkg string, tests []packageTest, wrong []wrongOutput) {
	t.Helper()
	for _, test := range tests {
		answer, err := os.ReadFile(test.answer)
		if err != nil {
			t.Fatal(err)
		}
		code, message := kattistest.ValidateOutput(t, judge, test.input, test.answer, answer)
		if code != 42 || !strings.HasPrefix(message, "ok: ") {
			t.Errorf("output validator on the answer of %s: exit code %d and judgemessage.txt %q, want 42 and \"ok: ...\"", test.name, code, message)
		}
	}
	for _, w := range wrong {
		base := filepath.Join(pkg, "data", "secret", filepath.FromSlash(w.test))
		answer, err := os.ReadFile(base + ".ans")
		if err != nil {
			t.Fatal(err)
		}
		output := w.output(answer)
		code, message := kattistest.ValidateOutput(t, judge, base+".in", base+".ans", output)
		if code != 43 || !strings.HasPrefix(message, w.message) || !strings.HasSuffix(message, "\n") {
			t.Errorf("output validator on %s for %s: exit code %d and judgemessage.txt %q, want 43 and %q...", w.name, w.test, code, message, w.message)
		}
		feedback := t.TempDir()
		cmd := exec.Command(checker, "check", "--kattis", feedback, "--problem", problem, base+".in", base+".ans")
		cmd.Stdin = bytes.NewReader(output)
		checkerCode := kattistest.Exit(t, cmd)
		checkerMessage, err := os.ReadFile(filepath.Join(feedback, "judgemessage.txt"))
		if err != nil {
			t.Fatal(err)
		}
		got, _, _ := strings.Cut(message, "\n")
		want, _, _ := strings.Cut(string(checkerMessage), "\n")
		if code != checkerCode || got != want {
			t.Errorf("output validator on %s for %s: exit code %d, %q; checker check --kattis: %d, %q", w.name, w.test, code, got, checkerCode, want)
		}
	}
	test := tests[len(tests)-1]
	bogus := filepath.Join(t.TempDir(), "bogus.ans")
	if err := os.WriteFile(bogus, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, message := kattistest.ValidateOutput(t, judge, test.input, bogus, []byte("hello\n"))
	if code != 3 || !strings.HasPrefix(message, "fail: ") {
		t.Errorf("output validator with a bogus jury answer: exit code %d and judgemessage.txt %q, want 3 (a judge error) and \"fail: ...\"", code, message)
	}
}

// checkAccepted builds the accepted submission as a judge builds a Go submission and runs it on
// every test, in an empty working folder with the input on standard input, through the output
// validator.
func checkAccepted(t *testing.T, judge, pkg string, tests []packageTest) {
	t.Helper()
	solution := filepath.Join(t.TempDir(), "reference")
	build := exec.Command("go", "build", "-o", solution, "reference.go")
	build.Dir = filepath.Join(pkg, "submissions", "accepted")
	if output, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building submissions/accepted/reference.go: %v\n%s", err, output)
	}
	slowest, slowestName := time.Duration(0), ""
	for _, test := range tests {
		input, err := os.ReadFile(test.input)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		cmd := exec.CommandContext(ctx, solution)
		cmd.Dir = t.TempDir()
		cmd.Stdin = bytes.NewReader(input)
		start := time.Now()
		output, err := cmd.Output()
		elapsed := time.Since(start)
		cancel()
		if err != nil {
			t.Errorf("accepted submission on %s: %v", test.name, err)
			continue
		}
		if elapsed > slowest {
			slowest, slowestName = elapsed, test.name
		}
		if code, message := kattistest.ValidateOutput(t, judge, test.input, test.answer, output); code != 42 {
			t.Errorf("accepted submission on %s: the output validator exits %d, want 42: %s", test.name, code, message)
		}
	}
	t.Logf("accepted submission: %d tests accepted; slowest %s, %v", len(tests), slowestName, slowest.Round(time.Millisecond))
}

// TestExportedValidatorBuildsCold builds an exported validator as a judge host may: with no
// home folder and no Go cache, only the Go toolchain on the search path.
func TestExportedValidatorBuildsCold(t *testing.T) {
	if testing.Short() {
		t.Skip("a cold build compiles the standard library: skipped in -short mode")
	}
	t.Parallel() // the package's longest test: the others run beside it
	pkg := filepath.Join(t.TempDir(), "target")
	export(t, "--out", pkg)
	start := time.Now()
	validate := kattistest.Build(t, filepath.Join(pkg, "input_validators", "validate"), []string{"PATH=" + os.Getenv("PATH")})
	t.Logf("cold build of the input validator: %v", time.Since(start).Round(100*time.Millisecond))
	if code, output := kattistest.ValidateInput(t, validate, nil, []byte(emptyGrid)); code != 43 {
		t.Errorf("input validator on the empty grid without arguments: exit code %d, want 43:\n%s", code, output)
	}
	leftovers, err := filepath.Glob(filepath.Join(filepath.Dir(validate), ".*"))
	if err != nil {
		t.Fatal(err)
	}
	if len(leftovers) > 0 {
		t.Errorf("the build left %q behind", leftovers)
	}
}

// TestExportPlantedSubmissions exports planted submissions from a folder by verdict: each
// verdict folder goes where the export's table says, with the rules of submissions.yaml that go
// with it, and the others are left out with a note.
func TestExportPlantedSubmissions(t *testing.T) {
	planted := t.TempDir()
	for name, text := range map[string]string{
		"accepted/Dfs.java":                   "class Dfs {}\n",
		"accepted/Main.java":                  "class Main {}\n",
		"wrong_answer/off_by_one.go":          "package main\n",
		"time_limit_exceeded/slow/main.go":    "package main\n",
		"time_limit_exceeded/slow/helper.go":  "package main\n",
		"time_limit_exceeded/.hidden/skip.go": "package main\n",
		"run_time_error/crash.cpp":            "int main() { return 1; }\n",
		"run_time_error/.notes":               "not a submission\n",
		"memory_limit_exceeded/hog.py":        "x = [0] * 10**10\n",
		"compile_error/broken.go":             "package\n",
		"security/fork.c":                     "int main() {}\n",
		"maybe_later/idea.go":                 "package main\n",
		"README.md":                           "notes\n",
	} {
		file := filepath.Join(planted, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkg := filepath.Join(t.TempDir(), "target")
	stderr := export(t, "--out", pkg, "--submissions", planted)

	var got []string
	for name := range readTree(t, filepath.Join(pkg, "submissions")) {
		got = append(got, name)
	}
	slices.Sort(got)
	want := []string{"accepted/reference.go", "brute_force/Dfs.java", "brute_force/Main.java", "memory_limit_exceeded/hog.py",
		"run_time_error/crash.cpp", "submissions.yaml", "time_limit_exceeded/slow/helper.go", "time_limit_exceeded/slow/main.go",
		"wrong_answer/off_by_one.go"}
	if !slices.Equal(got, want) {
		t.Errorf("submissions/: got %q, want %q", got, want)
	}
	for _, line := range []string{
		"accepted: accepted on the official-shaped tests only: in brute_force/",
		"compile_error: left out: the format has no compile-error verdict",
		"security: left out: attacks on the judge's sandbox",
		"maybe_later: not a verdict folder of the kit; left out",
		"README.md: not a verdict folder of the kit; left out",
		"submissions: accepted 1, brute_force 2, memory_limit_exceeded 1, run_time_error 1, time_limit_exceeded 1, wrong_answer 1;",
	} {
		if !strings.Contains(stderr, line) {
			t.Errorf("stderr: got %q, want it to say %q", stderr, line)
		}
	}

	var rules map[string]kattistest.SubmissionSettings
	kattistest.ReadYAML(t, filepath.Join(pkg, "submissions", "submissions.yaml"), &rules)
	wantRules := map[string]kattistest.SubmissionSettings{
		"brute_force/Dfs.java":  {Entrypoint: "Dfs"},
		"wrong_answer":          {Permitted: []string{"AC", "WA", "TLE"}},
		"memory_limit_exceeded": {Required: []string{"RTE", "TLE", "WA"}},
	}
	if len(rules) != len(wantRules) {
		t.Errorf("submissions.yaml: got %d rules, want %d: %+v", len(rules), len(wantRules), rules)
	}
	for pattern, w := range wantRules {
		r := rules[pattern]
		if r.Entrypoint != w.Entrypoint || !slices.Equal(r.Permitted, w.Permitted) || !slices.Equal(r.Required, w.Required) {
			t.Errorf("submissions.yaml %s: got %+v, want %+v", pattern, r, w)
		}
	}

	archive, err := zip.OpenReader(pkg + ".zip")
	if err != nil {
		t.Fatal(err)
	}
	defer archive.Close()
	if _, err := archive.Open("submissions/time_limit_exceeded/slow"); err != nil {
		t.Errorf("the zip has no folder entry for a submission of several files, which DOMjudge needs: %v", err)
	}
}

// TestExportReplacesOnlyAnExport checks that an export replaces an earlier one, and leaves any
// other folder alone.
func TestExportReplacesOnlyAnExport(t *testing.T) {
	dir := t.TempDir()
	pkg := filepath.Join(dir, "classic")
	export(t, "--problem", "classic", "--out", pkg)
	stale := filepath.Join(pkg, "data", "secret", "stale.in")
	if err := os.WriteFile(stale, []byte("1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	export(t, "--problem", "classic", "--out", pkg)
	if fileExists(stale) {
		t.Errorf("an export over an earlier one kept %s", stale)
	}

	other := filepath.Join(dir, "notes")
	if err := os.Mkdir(other, 0o755); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"generator", "export", "--root", "..", "--problem", "classic", "--out", other}, &stdout, &stderr)
	if code != exitUsage || !strings.Contains(stderr.String(), "not an earlier export; refusing to replace it") {
		t.Errorf("export over a folder that is no package: exit status %d and %q, want %d and a refusal", code, stderr.String(), exitUsage)
	}
}
