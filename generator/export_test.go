package main

import (
	"archive/zip"
	"bytes"
	"fmt"
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

	"gopkg.in/yaml.v3"

	"bullseye/internal/kattis"
	"bullseye/internal/kattis/kattistest"
	"bullseye/internal/manifest"
	"bullseye/internal/tooltest"
)

// export runs generator export and returns what it printed on standard error.
func export(t *testing.T, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(append([]string{"generator", "export", "--root", "..", "--verbose"}, args...), &stdout, &stderr); code != exitOK {
		t.Fatalf("generator export %s: exit status %d, want 0:\n%s", strings.Join(args, " "), code, stderr.String())
	}
	return stderr.String()
}

// packageTest is one test of an exported package.
type packageTest struct {
	name          string // sample/1, secret/official/01, ...
	input, answer string // paths
	args          []string
}

// TestExport exports each problem in each format twice and checks the package as a judging
// system reads it: the same bytes both times, the layout and metadata of the format, every group
// a test group with its validator arguments, and the zip as DOMjudge's import reads it.
func TestExport(t *testing.T) {
	for _, problem := range []string{"target", "classic"} {
		for _, format := range kattis.Formats {
			t.Run(problem+"/"+format.Version, func(t *testing.T) {
				t.Parallel()
				pkg := filepath.Join(t.TempDir(), problem)
				again := filepath.Join(t.TempDir(), "again", problem)
				t.Log(strings.TrimSpace(export(t, "--problem", problem, "--format", format.Version, "--out", pkg)))
				export(t, "--problem", problem, "--format", format.Version, "--out", again)
				checkReproducible(t, pkg, again)
				tests := checkLayout(t, pkg, problem, format)
				checkDOMjudgeImport(t, pkg, problem, format, len(tests))
			})
		}
	}
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
// of the manifest, the samples in data/sample, the others in their group of data/secret, and
// every group folder with a non-empty metadata file carrying its input validator arguments.
func checkLayout(t *testing.T, pkg, problem string, format kattis.Format) []packageTest {
	t.Helper()
	var want []string
	if format.Version == kattis.Legacy.Version {
		want = []string{"domjudge-problem.ini", "problem_statement/problem.en.tex", "problem_statement/problem.zh.tex",
			"problem_statement/problem.html", "output_validators/check/check.cpp"}
	} else {
		want = []string{"statement/problem.en.md", "statement/problem.zh.md", "output_validator/check.cpp"}
	}
	want = append(want, "problem.yaml", "input_validators/validate/validate.cpp",
		"submissions/accepted/"+problem+".cpp", "generators/manifest.txt")
	for _, name := range want {
		if _, err := os.Stat(filepath.Join(pkg, filepath.FromSlash(name))); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	var meta map[string]any
	data, err := os.ReadFile(filepath.Join(pkg, "problem.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, &meta); err != nil {
		t.Fatal(err)
	}
	if meta["problem_format_version"] != format.Version {
		t.Errorf("problem.yaml: problem_format_version %v, want %s", meta["problem_format_version"], format.Version)
	}
	if format.Version == kattis.V2025.Version {
		var read kattistest.ProblemYAML // every key of 2025-09, and no other
		kattistest.ReadYAML(t, filepath.Join(pkg, "problem.yaml"), &read)
		if read.Limits == nil || read.Limits.TimeLimit != 2.0 || read.Limits.Memory != 128 {
			t.Errorf("problem.yaml: limits %+v, want 2 s and 128 MiB", read.Limits)
		}
	}
	m, err := manifest.ReadFile(filepath.Join("..", "tests", problem, "manifest.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var tests []packageTest
	for _, g := range m.Groups {
		dir := "data/secret/" + g.Name
		if g.Name == sampleGroup {
			dir = "data/sample"
		}
		group := filepath.Join(pkg, filepath.FromSlash(dir), format.TestGroupFile)
		data, err := os.ReadFile(group)
		if err != nil {
			t.Errorf("group %s: %v", g.Name, err)
			continue
		}
		var args []string
		if format.Version == kattis.Legacy.Version {
			var read struct {
				Flags string `yaml:"input_validator_flags"`
			}
			kattistest.ReadYAML(t, group, &read)
			args = strings.Fields(read.Flags)
		} else {
			var read kattistest.TestGroupYAML // every key of 2025-09, and no other
			kattistest.ReadYAML(t, group, &read)
			args = read.InputValidatorArgs
		}
		if len(args) < 2 || args[0] != "--kattis" || len(g.ValidateArgs) > 0 && !slices.Equal(args[1:], g.ValidateArgs) {
			t.Errorf("%s: arguments %q (%q), want --kattis and the group's %q made explicit", group, args, data, g.ValidateArgs)
		}
		for _, test := range m.InGroup(g.Name) {
			base := filepath.Join(pkg, filepath.FromSlash(dir), test.Name)
			tests = append(tests, packageTest{strings.TrimPrefix(dir, "data/") + "/" + test.Name, base + ".in", base + ".ans", args})
		}
	}
	if samples, _ := filepath.Glob(filepath.Join(pkg, "data", "sample", "*.in")); len(samples) == 0 {
		t.Error("the package has no sample")
	}
	if format.Version == kattis.Legacy.Version {
		page, err := os.ReadFile(filepath.Join(pkg, "problem_statement", "problem.html"))
		if err != nil {
			t.Fatal(err)
		}
		sample, err := os.ReadFile(tests[0].answer)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(page, []byte("<pre>"+string(sample)+"</pre>")) {
			t.Errorf("problem.html does not show the first sample's answer %q", sample)
		}
	}
	return tests
}

// domjudgeResults are the results DOMjudge's import expects of the submissions of a folder.
var domjudgeResults = map[string]string{
	"accepted": "CORRECT", "wrong_answer": "WRONG-ANSWER", "time_limit_exceeded": "TIMELIMIT", "run_time_error": "RUN-ERROR",
	"no_output": "NO-OUTPUT",
}

// checkDOMjudgeImport reads the zip as DOMjudge's import does: no warning, the 2 s limit (legacy:
// from domjudge-problem.ini, which DOMjudge 9.0.0 reads; 2025-09: limits.time_limit, which later
// releases read) and 128 MiB, one folder per validator, every group, every test, and every jury
// submission with the result its folder names. DOMjudge shows a statement from
// problem_statement/ or the root only: legacy's problem.html; 2025-09's statement/ it leaves.
func checkDOMjudgeImport(t *testing.T, pkg, problem string, format kattis.Format, tests int) {
	t.Helper()
	data, err := os.ReadFile(pkg + ".zip")
	if err != nil {
		t.Fatal(err)
	}
	imp, err := kattistest.ImportZip(data)
	if err != nil {
		t.Fatalf("DOMjudge's import would stop: %v", err)
	}
	if len(imp.Warnings) > 0 {
		t.Errorf("DOMjudge's import would warn: %q", imp.Warnings)
	}
	statement, outputValidator := "problem_statement/problem.html", "output_validators/check/"
	if format.Version == kattis.V2025.Version {
		statement, outputValidator = "", "output_validator/"
	}
	if imp.TimeLimit != 2 || imp.MemoryKiB != 128*1024 || imp.Statement != statement ||
		imp.InputValidator != "input_validators/validate/" || imp.OutputValidator != outputValidator || imp.Samples+imp.Secret != tests {
		t.Errorf("DOMjudge would import %+v", imp)
	}
	submissions, _ := filepath.Glob(filepath.Join(pkg, "submissions", "*", "*"))
	for _, f := range submissions {
		rel := "submissions/" + filepath.Base(filepath.Dir(f)) + "/" + filepath.Base(f)
		if got, want := imp.Submissions[rel], domjudgeResults[filepath.Base(filepath.Dir(f))]; got != want || want == "" {
			t.Errorf("%s: DOMjudge would expect %q of it, want %q", rel, got, want)
		}
	}
	if len(imp.Submissions) != len(submissions) || imp.Submissions["submissions/accepted/"+problem+".cpp"] != "CORRECT" {
		t.Errorf("DOMjudge would take %d jury submissions %v, want the %d of submissions/, the accepted one CORRECT", len(imp.Submissions), imp.Submissions, len(submissions))
	}
	t.Logf("DOMjudge's import: time limit %vs, statement %q, groups %v, %d samples and %d secret tests, submissions %v",
		imp.TimeLimit, imp.Statement, imp.Groups, imp.Samples, imp.Secret, imp.Submissions)
}

// domjudgeJudge is DOMjudge's own judgehost, pinned, beside the repository.
var domjudgeJudge, _ = filepath.Abs(filepath.Join("..", "..", filepath.FromSlash(kattistest.DOMjudgeTool)))

// domjudgePlanted are the planted submissions of the kit (under tests/submissions) that the
// everyday suite exports with the classic problem for DOMjudge's judgehost to judge beside its
// accepted one: those that show where DOMjudge's scripts judge otherwise than the kit and
// problemtools. The export places them: an empty output in no_output/ (no-output), a flood of
// output in time_limit_exceeded/ (it runs to the time limit).
var domjudgePlanted = map[string]string{
	"wrong_answer/silent.c":           "no_output/silent.c",
	"output_limit_exceeded/forever.c": "time_limit_exceeded/forever.c",
}

// TestDOMjudgeJudgehost judges the legacy export's jury submissions with DOMjudge's own
// judgehost programs (release 9.0.0: runguard, compile.sh, testcase_run.sh, the default compile,
// run and compare scripts, as ../shared/tools/domjudge-judge runs them): each must get the result
// its folder names, the empty output no-output and the flood timelimit among them.
//
// Every day the judgehost judges the classic package, exported with the planted submissions of
// domjudgePlanted, on its sample: an accepted, a no-output and a time-limit submission of an
// exported package, the output validator built and run, at the cost of the small classic
// solution. The long tier judges the target package too, every submission on every test (its
// accepted one is a 176 KiB C++ file: solution's TestCppCompilesCleanly builds it every day),
// and the classic one on every test.
func TestDOMjudgeJudgehost(t *testing.T) {
	t.Parallel()
	problems := []string{"classic"}
	if tooltest.LongTier() {
		problems = append(problems, "target")
	}
	for _, problem := range problems {
		t.Run(problem, func(t *testing.T) {
			pkg := filepath.Join(t.TempDir(), problem)
			args := []string{"--problem", problem, "--out", pkg}
			if problem == "classic" {
				args = append(args, "--submissions", plantSubmissions(t, domjudgePlanted))
			}
			export(t, args...)
			// The judging user, nobody, must reach the package's files.
			for _, d := range []string{filepath.Dir(filepath.Dir(pkg)), filepath.Dir(pkg)} {
				if err := os.Chmod(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			want := submissionFiles(t, pkg)
			tests := ""
			if !tooltest.LongTier() {
				tests = "^data/sample/"
			}
			results := kattistest.DOMjudge(t, domjudgeJudge, pkg, tests)
			var table strings.Builder
			judged := map[string]kattistest.JuryResult{}
			for _, r := range results {
				fmt.Fprintln(&table, r.Line())
				judged[r.Folder+"/"+r.File] = r
				if !r.Match || r.Expected != strings.ToLower(domjudgeResults[r.Folder]) {
					t.Errorf("%s/%s: DOMjudge gives %s at %s, its folder expects %s\n%s", r.Folder, r.File, r.Result, r.At, domjudgeResults[r.Folder], r.Details)
				}
			}
			t.Logf("DOMjudge 9.0.0's judgehost on %s (tests %q):\n%s", problem, tests, table.String())
			if len(results) != len(want) {
				t.Errorf("DOMjudge judged %d submissions, want the %d of the package", len(results), len(want))
			}
			for _, name := range want {
				if _, ok := judged[name]; !ok {
					t.Errorf("%s: not judged", name)
				}
			}
			// Where DOMjudge's scripts differ from the kit's judge and from problemtools: the
			// planted submissions, where the export places them.
			for _, name := range domjudgePlanted {
				result := strings.ToLower(domjudgeResults[path.Dir(name)])
				if r, ok := judged[name]; !ok || r.Result != result || r.At != "data/sample/1" {
					t.Errorf("%s: got %s at %s, want %s on the first sample", name, r.Result, r.At, result)
				}
			}
		})
	}
}

// plantSubmissions returns a folder of planted submissions for generator export --submissions:
// the kit's planted submissions named by the keys of placed, as KIT_FOLDER/FILE, each of
// which the export must place where its value says, as FOLDER/FILE.
func plantSubmissions(t *testing.T, placed map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for from := range placed {
		data, err := os.ReadFile(filepath.Join("..", "tests", "submissions", filepath.FromSlash(from)))
		if err != nil {
			t.Fatal(err)
		}
		to := filepath.Join(dir, filepath.FromSlash(from))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// submissionFiles lists the submissions of a package as FOLDER/FILE.
func submissionFiles(t *testing.T, pkg string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(pkg, "submissions", "*", "*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no submissions in %s (%v)", pkg, err)
	}
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f))
	}
	return names
}

// TestValidatorsOnEmulatedJudgehost checks, in the long tier, what DOMjudge's own judgehost
// programs do not: it builds the legacy export's validators as a judgehost does in a chroot that
// holds only Debian's /usr (no /usr/local), as nobody, without /tmp, each within 30 s, and runs
// them: the input validator, which DOMjudge 9.0.0 never runs, accepts every input with its
// group's arguments and rejects a broken one; the output validator accepts every answer and
// rejects wrong outputs with a message (the jury submissions are DOMjudge's own judging, in
// TestDOMjudgeJudgehost).
func TestValidatorsOnEmulatedJudgehost(t *testing.T) {
	tooltest.Long(t)
	judgehost := kattistest.NewJudgehost(t)
	for _, problem := range []string{"target", "classic"} {
		t.Run(problem, func(t *testing.T) {
			pkg := filepath.Join(t.TempDir(), problem)
			export(t, "--problem", problem, "--out", pkg)
			checkValidatorsOnJudgehost(t, judgehost, pkg, problem, checkLayout(t, pkg, problem, kattis.Legacy))
		})
	}
}

// checkValidatorsOnJudgehost builds the validators as a DOMjudge judgehost does and runs them on
// every test: the input validator accepts every input with its group's arguments and rejects a
// broken one; the output validator accepts every answer and rejects wrong outputs.
func checkValidatorsOnJudgehost(t *testing.T, j *kattistest.Judgehost, pkg, problem string, tests []packageTest) {
	validate, took := j.Build(filepath.Join(pkg, "input_validators", "validate"))
	t.Logf("input validator built in the sandbox in %v", took.Round(time.Millisecond))
	check, took := j.Build(filepath.Join(pkg, filepath.FromSlash(kattis.Legacy.OutputValidatorDir)))
	t.Logf("output validator built in the sandbox in %v", took.Round(time.Millisecond))
	counts := map[string]int{}
	firstOfGroup := map[string]bool{}
	for _, test := range tests {
		// Broken inputs and wrong outputs are tried on the first test of each group: a run in
		// the sandbox costs a process start, and the validators' verdicts on every kind of
		// output are compared with the kit's checker in internal/kattis/validator.
		group := path.Dir(test.name)
		first := !firstOfGroup[group]
		firstOfGroup[group] = true
		input, err := os.ReadFile(test.input)
		if err != nil {
			t.Fatal(err)
		}
		answer, err := os.ReadFile(test.answer)
		if err != nil {
			t.Fatal(err)
		}
		if r := j.Run(validate, test.args, nil, input); r.Code != 42 {
			t.Errorf("%s: the input validator with %q exits %d, want 42", test.name, test.args, r.Code)
		}
		if broken := append(bytes.Clone(input), "x\n"...); first {
			if r := j.Run(validate, test.args, nil, broken); r.Code != 43 {
				t.Errorf("%s: the input validator exits %d on the input with a line added, want 43", test.name, r.Code)
			}
		}
		files := []string{test.input, test.answer}
		args := []string{"/data/" + filepath.Base(test.input), "/data/" + filepath.Base(test.answer), "FEEDBACK"}
		judge := func(what string, output []byte, want int) {
			t.Helper()
			r := j.Run(check, args, files, output)
			if r.Code != want || r.Message == "" {
				t.Errorf("%s: %s: the output validator exits %d (%q), want %d and a judge message", test.name, what, r.Code, r.Message, want)
			}
			counts[fmt.Sprintf("%s %d", what, r.Code)]++
		}
		judge("the answer", answer, 42)
		for _, wrong := range wrongOutputs(problem, answer) {
			if first {
				judge(wrong.name, wrong.output, 43)
			}
		}
	}
	t.Logf("%d tests on the emulated judgehost: %v", len(tests), counts)
}

// wrongOutputs are outputs of a test that the output validator must reject.
func wrongOutputs(problem string, answer []byte) []struct {
	name   string
	output []byte
} {
	type wrong = struct {
		name   string
		output []byte
	}
	if problem == "target" {
		var score int
		fmt.Sscan(string(answer), &score)
		other := score + 1
		if score == -1 {
			other = 2906
		}
		return []wrong{{"another score", fmt.Appendf(nil, "%d\n", other)}, {"a word", []byte("many\n")}, {"nothing", nil}}
	}
	lines := strings.SplitAfter(string(answer), "\n")
	first := "no solution\n"
	if strings.HasPrefix(lines[0], "no solution") {
		first = strings.Repeat("1", 81) + "\n"
	}
	return []wrong{{"a wrong first line", []byte(first + strings.Join(lines[1:], ""))}, {"a line short", []byte(strings.Join(lines[:len(lines)-2], ""))}}
}

// verifyproblem is the pinned Kattis problemtools beside the repository.
var verifyproblem, _ = filepath.Abs(filepath.Join("..", "..", "shared", "tools", "verifyproblem"))

// TestVerifyproblem runs Kattis problemtools' verifyproblem on the legacy export of each problem
// and requires no error and no warning. The statements are TeX, which needs plasTeX to render,
// so the statement part is left out. The everyday suite checks the configuration (problem.yaml,
// the folders); the long tier checks the rest as well: the data with the input validator, the
// validators, and every submission in the folders problemtools reads, each to get its verdict.
func TestVerifyproblem(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat(verifyproblem); err != nil {
		tooltest.Missing(t, "the pinned problemtools (../shared/tools/verifyproblem) is not here")
	}
	tooltest.Require(t, "g++", "g++")
	tooltest.Require(t, "pypy3", "pypy3")
	tooltest.Require(t, "python3", "python3")
	dir := t.TempDir()
	for _, problem := range []string{"target", "classic"} {
		export(t, "--problem", problem, "--out", filepath.Join(dir, problem))
	}
	parts := tooltest.Pick([]string{"config"}, []string{"config", "data", "validators", "submissions"})
	cmd := exec.Command(verifyproblem, append(append([]string{"-p"}, parts...), "--", "target", "classic")...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+filepath.Join(os.TempDir(), "bullseye-problemtools-cache"))
	output, err := cmd.CombinedOutput()
	t.Logf("verifyproblem -p %s:\n%s", strings.Join(parts, " "), output)
	if missing := regexp.MustCompile(`ModuleNotFoundError: No module named '(yaml|pydantic)`).Find(output); err != nil && missing != nil {
		tooltest.Missing(t, fmt.Sprintf("problemtools needs python3 with PyYAML and pydantic 2: %s", missing))
	}
	if err != nil {
		t.Fatalf("verifyproblem: %v", err)
	}
	summary := regexp.MustCompile(`(?m)^(\w+) tested: (\d+) errors?, (\d+) warnings?`)
	found := summary.FindAllStringSubmatch(string(output), -1)
	if len(found) != 2 {
		t.Fatalf("found %d summary lines, want one per problem", len(found))
	}
	for _, f := range found {
		if f[2] != "0" || f[3] != "0" {
			t.Errorf("%s: %s errors and %s warnings, want none", f[1], f[2], f[3])
		}
	}
	if !tooltest.LongTier() {
		return
	}
	for _, line := range []string{"AC submission target.cpp (C++) OK", "TLE submission dfs.c (C) OK: TLE", "WA submission zero.py", "RTE submission segfault.c (C) OK: RTE",
		"TLE submission forever.c (C) OK: TLE", "RTE submission vector.cpp (C++) OK: RTE", "RTE submission bytes.py", "AC submission classic.cpp (C++) OK"} {
		if !strings.Contains(string(output), line) {
			t.Errorf("verifyproblem did not report %q", line)
		}
	}
	if strings.Contains(string(output), "silent.c") {
		t.Error("verifyproblem ran no_output/silent.c: DOMjudge's own folder was to be left to DOMjudge")
	}
}

// TestExportPlantedSubmissions checks where the planted submissions go: only those whose verdict
// every engine gives, each in the folder that names it, every one reading standard input. The
// accepted submission, the kit's C++ solution, reads and writes as the reference solution does:
// sudoku.in and sudoku.out when sudoku.in exists, standard input and output otherwise, as in
// every judge's working directory (the engines' runs in the tests above judge it so).
func TestExportPlantedSubmissions(t *testing.T) {
	pkg := filepath.Join(t.TempDir(), "target")
	notes := export(t, "--out", pkg)
	want := map[string][]string{
		"accepted":            {"target.cpp"},
		"wrong_answer":        {"first_completion.cpp", "grid_only.c", "presentation.py", "rim_weight.c", "twice.c", "zero.py"},
		"time_limit_exceeded": {"dfs.c", "forever.c", "spin.c"},
		"run_time_error":      {"bytes.py", "exit3.py", "segfault.c", "uncaught.cpp", "vector.cpp"},
		"no_output":           {"silent.c"},
	}
	entries, err := os.ReadDir(filepath.Join(pkg, "submissions"))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(want) {
		t.Errorf("submissions/ holds %d folders, want %d", len(entries), len(want))
	}
	for folder, names := range want {
		files, _ := os.ReadDir(filepath.Join(pkg, "submissions", folder))
		var got []string
		for _, f := range files {
			got = append(got, f.Name())
			data, err := os.ReadFile(filepath.Join(pkg, "submissions", folder, f.Name()))
			if err != nil {
				t.Fatal(err)
			}
			if folder != "accepted" && (bytes.Contains(data, []byte("sudoku.in")) || bytes.Contains(data, []byte("sudoku.out"))) {
				t.Errorf("%s/%s uses the contest's files", folder, f.Name())
			}
		}
		if !slices.Equal(got, names) {
			t.Errorf("submissions/%s: got %q, want %q", folder, got, names)
		}
	}
	for _, note := range []string{
		"accepted/dfs.cpp: left out: it uses sudoku.in", "run_time_error/panic.go: left out: Go is off in a default DOMjudge", "accepted/Dfs.java: left out: problemtools compiles Java with --release 21",
		"time_limit_exceeded/sleep.py: left out: it sleeps", "time_limit_exceeded/other_file.c: left out: it reads code.in", "memory_limit_exceeded: both engines end these with a run-time error",
		"memory_limit_exceeded/chunks.go: left out: Go", "output_limit_exceeded: both engines let these run to the time limit",
		"output_limit_exceeded/forever_file.py: left out: it uses sudoku.in or sudoku.out", "wrong_answer/silent.c: an empty output",
		"compile_error: left out:", "security: left out:",
	} {
		if !strings.Contains(notes, note) {
			t.Errorf("the export's notes do not say %q:\n%s", note, notes)
		}
	}
}

// TestExportDOMjudgeFolders checks that DOMjudge's own folder no_output/ is only in the format
// that takes it as it is: legacy; 2025-09 would need a rule for it in submissions.yaml, which
// DOMjudge's import takes for a submission in an unknown language.
func TestExportDOMjudgeFolders(t *testing.T) {
	pkg := filepath.Join(t.TempDir(), "target")
	notes := export(t, "--format", kattis.V2025.Version, "--out", pkg)
	if _, err := os.Stat(filepath.Join(pkg, "submissions", "no_output")); err == nil {
		t.Error("the 2025-09 package has submissions/no_output")
	}
	if _, err := os.Stat(filepath.Join(pkg, "submissions", kattis.SubmissionsYAML)); err == nil {
		t.Errorf("the 2025-09 package has submissions/%s, which DOMjudge's import would take for a submission", kattis.SubmissionsYAML)
	}
	if !strings.Contains(notes, "wrong_answer/silent.c: left out: an empty output") || !strings.Contains(notes, "no folder of format 2025-09") {
		t.Errorf("the export's notes do not say why silent.c is left out:\n%s", notes)
	}
}

// TestExportCoachTests exports a coach's own folder of tests: checked by the reference, CRLF
// made LF, in the group coach beside the kit's samples; a wrong answer is refused, naming it.
func TestExportCoachTests(t *testing.T) {
	coach := filepath.Join(t.TempDir(), "mine")
	if err := os.Mkdir(coach, 0o755); err != nil {
		t.Fatal(err)
	}
	copyTest := func(from, to string, crlf bool) {
		for _, ext := range []string{".in", ".ans"} {
			data, err := os.ReadFile(filepath.Join("..", "tests", "target", from+ext))
			if err != nil {
				t.Fatal(err)
			}
			if crlf {
				data = bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))
			}
			if err := os.WriteFile(filepath.Join(coach, to+ext), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	copyTest("official/01", "easy", false)
	copyTest("hard/01", "empty", true)
	pkg := filepath.Join(t.TempDir(), "new", "parent", "target")
	notes := export(t, "--tests", coach, "--out", pkg)
	if !strings.Contains(notes, "tests: sample 2, coach 2;") || !strings.Contains(notes, "1 tests had CRLF line ends") {
		t.Errorf("notes:\n%s", notes)
	}
	for _, name := range []string{"easy.in", "empty.ans", "testdata.yaml"} {
		data, err := os.ReadFile(filepath.Join(pkg, "data", "secret", "coach", name))
		if err != nil || bytes.Contains(data, []byte("\r")) {
			t.Errorf("data/secret/coach/%s: %v, %q", name, err, data)
		}
	}
	if _, err := os.Stat(filepath.Join(pkg, "data", "secret", "official")); err == nil {
		t.Error("the kit's groups are in the package beside --tests")
	}
	if _, err := os.Stat(filepath.Join(pkg, "submissions", "time_limit_exceeded", "dfs.c")); err == nil {
		t.Error("a submission slow only on the kit's hard group is in the package beside --tests")
	}

	if err := os.WriteFile(filepath.Join(coach, "easy.ans"), []byte("2000\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"generator", "export", "--root", "..", "--tests", coach, "--out", filepath.Join(t.TempDir(), "target")}, &stdout, &stderr)
	if code != exitFailure || !strings.Contains(stderr.String(), filepath.Join(coach, "easy.ans")+" disagrees with the reference solution") {
		t.Errorf("a wrong answer: exit status %d, %q; want %d naming the file", code, stderr.String(), exitFailure)
	}
}

// TestExportInsideTheRepository checks that an export into the kit's repository goes where git
// ignores it: the default folder is under export/, which .gitignore lists, and any other folder
// in the repository is refused before anything is written.
func TestExportInsideTheRepository(t *testing.T) {
	tooltest.Require(t, "git", "git")
	repo := t.TempDir()
	copyRepository(t, "..", repo)
	gitRun := func(args ...string) string {
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	gitRun("init", "-q")
	// The kit's files, untracked: what git shows of them before an export it must show after.
	before := gitRun("status", "--porcelain", "--untracked-files=all")
	if !strings.Contains(before, "?? .gitignore\n") {
		t.Fatalf("git status shows no .gitignore among the kit's files:\n%s", before)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"generator", "export", "--root", repo, "--out", filepath.Join(repo, "target")}, &stdout, &stderr)
	if code != exitUsage || !strings.Contains(stderr.String(), "lies inside the kit's repository") {
		t.Errorf("--out in the repository: exit status %d, %q; want %d and a refusal", code, stderr.String(), exitUsage)
	}
	stderr.Reset()
	if code := run([]string{"generator", "export", "--root", repo}, &stdout, &stderr); code != exitOK {
		t.Fatalf("the default --out: exit status %d: %s", code, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(repo, "export", "target.zip")); err != nil {
		t.Errorf("the default --out: %v", err)
	}
	if after := gitRun("status", "--porcelain", "--untracked-files=all"); after != before {
		t.Errorf("git status after an export into the repository:\n%s\nbefore it:\n%s", after, before)
	}
}

// copyRepository copies the kit's files from the repository at from to the folder to: every
// regular file but git's own and earlier exports'.
func copyRepository(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		switch {
		case rel == ".git" || rel == defaultOutDir:
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		case d.IsDir():
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		case !d.Type().IsRegular():
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), data, info.Mode().Perm())
	})
	if err != nil {
		t.Fatalf("copying the repository: %v", err)
	}
}
