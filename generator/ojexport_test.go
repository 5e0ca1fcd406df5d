package main

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"bullseye/internal/kattis/kattistest"
	"bullseye/internal/manifest"
	"bullseye/internal/ojtest"
	"bullseye/internal/tooltest"
)

// ojGroup is a scored group as every OI format must carry it: its tests' files in order, and
// each test's points.
type ojGroup struct {
	name   string
	inputs []string // the kit's test files, without .in/.ans
	scores []int
}

// kitGroup reads a group of the target manifest and the points the OI formats must give it.
func kitGroup(t *testing.T, group string) ojGroup {
	t.Helper()
	m, err := manifest.ReadFile(filepath.Join("..", "tests", "target", "manifest.txt"))
	if err != nil {
		t.Fatal(err)
	}
	g := ojGroup{name: group}
	for _, test := range m.InGroup(group) {
		g.inputs = append(g.inputs, filepath.Join("..", "tests", "target", group, test.Name))
	}
	g.scores = spreadScores(100, len(g.inputs))
	return g
}

// sameFile fails the test unless the exported file holds the kit's.
func sameFile(t *testing.T, exported, kit string) {
	t.Helper()
	got, err := os.ReadFile(exported)
	if err != nil {
		t.Error(err)
		return
	}
	want, err := os.ReadFile(kit)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the kit's %s", exported, kit)
	}
}

func TestSpreadScores(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{
		{20, "[5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5]"},
		{23, "[5 5 5 5 5 5 5 5 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4]"},
		{1, "[100]"},
		{3, "[34 33 33]"},
	}
	for _, tc := range tests {
		got := spreadScores(100, tc.n)
		sum := 0
		for _, s := range got {
			sum += s
		}
		if fmt.Sprint(got) != tc.want || sum != 100 {
			t.Errorf("spreadScores(100, %d): got %v (sum %d), want %s", tc.n, got, sum, tc.want)
		}
	}
}

// TestOJExports exports the target problem in each OI format, the official group and (but for
// LemonLime, whose export builds the checker) the hard one, and reads each package as its system does: the tests in order with the kit's bytes, NOIP's
// 5 points a test (100 in all), the limits, the checker, file I/O where the system has it.
func TestOJExports(t *testing.T) {
	tooltest.Require(t, "g++", "g++") // LemonLime's checker is built
	for _, format := range []string{"hydro", "luogu", "uoj", "lemonlime"} {
		for _, group := range []string{"official", "hard"} {
			if format == "lemonlime" && group == "hard" {
				continue // the other formats take the hard group's scores; this one costs a build of the checker
			}
			t.Run(format+"/"+group, func(t *testing.T) {
				t.Parallel()
				out := filepath.Join(t.TempDir(), "pkg")
				log := export(t, "--format", format, "--group", group, "--out", out)
				t.Log(strings.TrimSpace(log))
				g := kitGroup(t, group)
				switch format {
				case "hydro":
					checkHydro(t, out, g)
				case "luogu":
					checkLuogu(t, out, g)
				case "uoj":
					checkUOJ(t, out, g)
				case "lemonlime":
					checkLemonLime(t, out, g)
				}
				checkZip(t, out, ojFormats[format].zipFolder)
				if format != "hydro" && !strings.Contains(log, "standard input") {
					t.Errorf("the export says nothing of standard input or file I/O:\n%s", log)
				}
			})
		}
	}
}

// hydroConfig is testdata/config.yaml as the export writes it.
type hydroConfig struct {
	Type        string `yaml:"type"`
	Time        string `yaml:"time"`
	Memory      string `yaml:"memory"`
	Filename    string `yaml:"filename"`
	CheckerType string `yaml:"checker_type"`
	Checker     string `yaml:"checker"`
	Subtasks    []struct {
		ID    int    `yaml:"id"`
		Type  string `yaml:"type"`
		Score int    `yaml:"score"`
		Cases []struct {
			Input  string `yaml:"input"`
			Output string `yaml:"output"`
			Score  int    `yaml:"score"`
		} `yaml:"cases"`
	} `yaml:"subtasks"`
}

func checkHydro(t *testing.T, out string, g ojGroup) {
	var meta struct {
		Title string   `yaml:"title"`
		Tag   []string `yaml:"tag"`
	}
	kattistest.ReadYAML(t, filepath.Join(out, "problem.yaml"), &meta)
	if want := "靶形数独"; !strings.HasPrefix(meta.Title, want) || (g.name == "hard") != strings.Contains(meta.Title, "加强") {
		t.Errorf("problem.yaml title %q, want %s, said to be the hard data for the hard group", meta.Title, want)
	}
	for _, lang := range []string{"zh", "en"} {
		text, err := os.ReadFile(filepath.Join(out, "problem_"+lang+".md"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(text), "```input1\n") || !strings.Contains(string(text), "```output2\n2852\n```") {
			t.Errorf("problem_%s.md has no samples in Hydro's blocks", lang)
		}
	}
	var c hydroConfig
	kattistest.ReadYAML(t, filepath.Join(out, "testdata", "config.yaml"), &c)
	if c.Type != "default" || c.Time != "2s" || c.Memory != "128m" || c.Filename != "sudoku" || c.CheckerType != "testlib" || c.Checker != "checker.cc" {
		t.Errorf("config.yaml: %+v, want a default problem, 2s, 128m, filename sudoku, a testlib checker checker.cc", c)
	}
	sameFile(t, filepath.Join(out, "testdata", "checker.cc"), filepath.Join("..", "checker", "cpp", "target_output.cpp"))
	if len(c.Subtasks) != 1 || c.Subtasks[0].Score != 100 || c.Subtasks[0].Type != "sum" || len(c.Subtasks[0].Cases) != len(g.inputs) {
		t.Fatalf("config.yaml subtasks %+v, want one of type sum, 100 points, %d cases", c.Subtasks, len(g.inputs))
	}
	for i, cs := range c.Subtasks[0].Cases {
		if cs.Score != g.scores[i] {
			t.Errorf("case %d: %d points, want %d", i+1, cs.Score, g.scores[i])
		}
		sameFile(t, filepath.Join(out, "testdata", cs.Input), g.inputs[i]+".in")
		sameFile(t, filepath.Join(out, "testdata", cs.Output), g.inputs[i]+".ans")
	}
}

func checkLuogu(t *testing.T, out string, g ojGroup) {
	var c map[string]struct {
		TimeLimit   int `yaml:"timeLimit"`
		MemoryLimit int `yaml:"memoryLimit"`
		Score       int `yaml:"score"`
		SubtaskID   int `yaml:"subtaskId"`
	}
	kattistest.ReadYAML(t, filepath.Join(out, "config.yml"), &c)
	if len(c) != len(g.inputs) {
		t.Fatalf("config.yml has %d tests, want %d", len(c), len(g.inputs))
	}
	for i, kit := range g.inputs {
		name := fmt.Sprintf("%d.in", i+1)
		tc, ok := c[name]
		if !ok || tc.TimeLimit != 2000 || tc.MemoryLimit != 128*1024 || tc.Score != g.scores[i] {
			t.Errorf("config.yml %s: %+v (listed: %v), want 2000 ms, 131072 KiB, %d points", name, tc, ok, g.scores[i])
		}
		sameFile(t, filepath.Join(out, name), kit+".in")
		sameFile(t, filepath.Join(out, fmt.Sprintf("%d.out", i+1)), kit+".ans")
	}
	sameFile(t, filepath.Join(out, "checker.cpp"), filepath.Join("..", "checker", "cpp", "target_output.cpp"))
}

func checkUOJ(t *testing.T, out string, g ojGroup) {
	data, err := os.ReadFile(filepath.Join(out, "problem.conf"))
	if err != nil {
		t.Fatal(err)
	}
	conf := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		key, value, ok := strings.Cut(line, " ")
		if !ok || conf[key] != "" {
			t.Fatalf("problem.conf line %q: want one KEY VALUE a line, each key once", line)
		}
		conf[key] = value
	}
	for key, want := range map[string]string{"use_builtin_judger": "on", "n_tests": strconv.Itoa(len(g.inputs)), "n_ex_tests": "2", "n_sample_tests": "2",
		"input_pre": "sudoku", "input_suf": "in", "output_pre": "sudoku", "output_suf": "ans", "time_limit": "2", "memory_limit": "128"} {
		if conf[key] != want {
			t.Errorf("problem.conf %s %q, want %q", key, conf[key], want)
		}
	}
	if _, ok := conf["use_builtin_checker"]; ok {
		t.Error("problem.conf names a builtin checker: chk.cpp must judge")
	}
	for i, kit := range g.inputs {
		if got := conf[fmt.Sprintf("point_score_%d", i+1)]; got != strconv.Itoa(g.scores[i]) {
			t.Errorf("point_score_%d %q, want %d", i+1, got, g.scores[i])
		}
		sameFile(t, filepath.Join(out, fmt.Sprintf("sudoku%d.in", i+1)), kit+".in")
		sameFile(t, filepath.Join(out, fmt.Sprintf("sudoku%d.ans", i+1)), kit+".ans")
	}
	sameFile(t, filepath.Join(out, "ex_sudoku1.in"), filepath.Join("..", "tests", "target", "sample", "1.in"))
	for name, kit := range map[string]string{"chk.cpp": "checker/cpp/target_output.cpp", "std.cpp": "solution/cpp/target.cpp"} {
		sameFile(t, filepath.Join(out, name), filepath.Join("..", filepath.FromSlash(kit)))
	}
	checkUOJValidator(t, out, g)
}

// checkUOJValidator builds val.cpp as UOJ does and runs it as UOJ does, without arguments, on
// every test of the group: each must be valid, the hard group's too, whose rules val.cpp
// carries as its defaults.
func checkUOJValidator(t *testing.T, out string, g ojGroup) {
	val, err := os.ReadFile(filepath.Join(out, "val.cpp"))
	if err != nil {
		t.Fatal(err)
	}
	kit, err := os.ReadFile(filepath.Join("..", "checker", "cpp", "target_input.cpp"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasSuffix(val, kit) || (g.name == "official") != bytes.Equal(val, kit) {
		t.Errorf("val.cpp is not the kit's validator (with the group's rules first for the hard group)")
	}
	binary := filepath.Join(t.TempDir(), "val")
	if msg, err := exec.Command("g++", "-fno-asm", "-std=c++14", "-O2", "-Wall", "-Wextra", "-Werror", "-o", binary, filepath.Join(out, "val.cpp")).CombinedOutput(); err != nil {
		t.Fatalf("building val.cpp: %v\n%s", err, msg)
	}
	for i := range g.inputs {
		cmd := exec.Command(binary)
		in, err := os.Open(filepath.Join(out, fmt.Sprintf("sudoku%d.in", i+1)))
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stdin = in
		msg, err := cmd.CombinedOutput()
		in.Close()
		if err != nil {
			t.Errorf("val.cpp rejects sudoku%d.in: %v %s", i+1, err, msg)
		}
	}
}

func checkLemonLime(t *testing.T, out string, g ojGroup) {
	data, err := os.ReadFile(filepath.Join(out, "sudoku.cdf"))
	if err != nil {
		t.Fatal(err)
	}
	var cdf struct {
		Version      string          `json:"version"`
		ContestTitle string          `json:"contestTitle"`
		Contestants  []string        `json:"contestants"`
		Tasks        []lemonLimeTask `json:"tasks"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&cdf); err != nil {
		t.Fatal(err)
	}
	if cdf.Version != "1.0" || len(cdf.Contestants) != 0 || len(cdf.Tasks) != 1 {
		t.Fatalf("sudoku.cdf: version %q, %d contestants, %d tasks; want 1.0, none (found in source/), one", cdf.Version, len(cdf.Contestants), len(cdf.Tasks))
	}
	task := cdf.Tasks[0]
	if task.SourceFileName != "sudoku" || task.TaskType != 0 || task.ComparisonMode != 5 || task.SpecialJudge != "sudoku/checker" ||
		task.StandardInputCheck || task.StandardOutputCheck || task.InputFileName != "sudoku.in" || task.OutputFileName != "sudoku.out" || !task.SubFolderCheck {
		t.Errorf("the task: %+v, want sudoku, traditional, a testlib special judge sudoku/checker, NOIP's file I/O and sub-folders", task)
	}
	info, err := os.Stat(filepath.Join(out, "data", "sudoku", "checker"))
	if err != nil || info.Mode()&0o111 == 0 {
		t.Errorf("data/sudoku/checker: %v, want the checker built, executable", err)
	}
	if len(task.TestCases) != len(g.inputs) {
		t.Fatalf("%d test cases, want %d", len(task.TestCases), len(g.inputs))
	}
	for i, tc := range task.TestCases {
		if tc.FullScore != g.scores[i] || tc.TimeLimit != 2000 || tc.MemoryLimit != 128 || len(tc.InputFiles) != 1 || len(tc.OutputFiles) != 1 {
			t.Errorf("test case %d: %+v, want %d points, 2000 ms, 128 MiB, one file", i+1, tc, g.scores[i])
			continue
		}
		sameFile(t, filepath.Join(out, "data", filepath.FromSlash(tc.InputFiles[0])), g.inputs[i]+".in")
		sameFile(t, filepath.Join(out, "data", filepath.FromSlash(tc.OutputFiles[0])), g.inputs[i]+".ans")
	}
	if _, err := os.Stat(filepath.Join(out, "source")); err != nil {
		t.Errorf("no source/ folder for the contestants: %v", err)
	}
}

// checkZip checks that the zip holds the folder's files, under a folder of the package's name
// when the system's import wants one.
func checkZip(t *testing.T, out string, inFolder bool) {
	r, err := zip.OpenReader(out + ".zip")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	tree := readTree(t, out)
	files := 0
	for _, f := range r.File {
		if strings.HasSuffix(f.Name, "/") {
			continue
		}
		name := f.Name
		if inFolder {
			var ok bool
			if name, ok = strings.CutPrefix(name, filepath.Base(out)+"/"); !ok {
				t.Errorf("zip entry %s is not under %s/", f.Name, filepath.Base(out))
				continue
			}
		}
		if _, ok := tree[name]; !ok {
			t.Errorf("zip entry %s is not in the folder", f.Name)
		}
		files++
	}
	if files != len(tree) {
		t.Errorf("the zip holds %d files, the folder %d", files, len(tree))
	}
}

func TestOJExportUsage(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--format", "hydro", "--problem", "classic"}, exitUsage, "only the target problem"},
		{[]string{"--format", "uoj", "--contest", "class"}, exitUsage, "--contest goes with --format lemonlime only"},
		{[]string{"--format", "luogu", "--tests", "dir"}, exitUsage, "--tests goes with the Kattis formats only"},
		{[]string{"--group", "hard"}, exitUsage, "--group goes with --format"},
		{[]string{"--format", "polygon"}, exitUsage, "hydro, lemonlime, luogu, uoj"},
		{[]string{"--format", "hydro", "--group", "sample"}, exitFailure, "want one of the manifest's scored groups"},
	}
	for _, tc := range tests {
		var stdout, stderr bytes.Buffer
		args := append([]string{"generator", "export", "--root", "..", "--out", filepath.Join(t.TempDir(), "pkg")}, tc.args...)
		code := run(args, &stdout, &stderr)
		if code != tc.code || !regexp.MustCompile(regexp.QuoteMeta(tc.want)).MatchString(stderr.String()) {
			t.Errorf("export %s: exit %d, %q; want %d and %q", strings.Join(tc.args, " "), code, stderr.String(), tc.code, tc.want)
		}
	}
}

// TestHydroReadsTheConfig runs Hydro's own judge-side config reading (ojcheck hydro-config) on
// the config.yaml of each exported Hydro package and requires the cases, subtask and scores
// intended: the group's tests in order, 5 points each for the official group, 100 in all, 2 s
// and 128 MiB, the testlib checker. Long tier: node and Hydro's code, some seconds a package.
func TestHydroReadsTheConfig(t *testing.T) {
	tooltest.Long(t)
	tool := ojtest.Tool(t, 1, ojtest.OJCheckTool)
	for _, group := range []string{"official", "hard"} {
		out := filepath.Join(t.TempDir(), "pkg")
		export(t, "--format", "hydro", "--group", group, "--out", out)
		g := kitGroup(t, group)
		var want strings.Builder
		fmt.Fprintf(&want, "type=default checker_type=testlib checker=checker.cc (auto) detail=full count=%d\n", len(g.inputs))
		fmt.Fprintf(&want, "subtask 1: type=sum score=100 time=2000ms memory=128MB if=[] cases=%d\n", len(g.inputs))
		for i := range g.inputs {
			fmt.Fprintf(&want, "  case %d: %02d.in -> %02d.ans score=%d time=2000ms memory=128MB\n", i+1, i+1, i+1, g.scores[i])
		}
		want.WriteString("total score=100\n")
		got, err := exec.Command(tool, "hydro-config", filepath.Join(out, "testdata", "config.yaml")).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: ojcheck hydro-config: %v\n%s", group, err, got)
		}
		if string(got) != want.String() {
			t.Errorf("%s: Hydro reads\n%s\nwant\n%s", group, got, want.String())
		}
	}
}

// lemonLimeContestants are the kit's planted submissions that the LemonLime test makes a class
// of, by contestant: C, C++ and Pascal, which LemonLime compiles, and no time-out (each costs a
// full time limit per test), nor the kit's C++ solution, over LemonLime's default source limit
// of 50 KiB. Those on standard input and output get NOIP's files opened first (noipFiles), as a
// student at NOIP writes them.
var lemonLimeContestants = map[string]string{
	"dfs_cpp":          "tests/submissions/accepted/dfs.cpp",
	"dfs_c":            "tests/submissions/accepted/dfs.c",
	"dfs_pas":          "tests/submissions/accepted/dfs.pas",
	"first_completion": "tests/submissions/wrong_answer/first_completion.cpp",
	"rim_weight":       "tests/submissions/wrong_answer/rim_weight.c",
	"twice":            "tests/submissions/wrong_answer/twice.c",
	"grid_only":        "tests/submissions/wrong_answer/grid_only.c",
	"silent":           "tests/submissions/wrong_answer/silent.c",
	"segfault":         "tests/submissions/run_time_error/segfault.c",
	"uncaught":         "tests/submissions/run_time_error/uncaught.cpp",
}

// noipFiles is put before a C or C++ submission on standard input and output: it opens
// sudoku.in and sudoku.out as the standard streams before main runs.
const noipFiles = "#include <stdio.h>\n__attribute__((constructor)) static void noip_files(void) {\n" +
	"\tif (!freopen(\"sudoku.in\", \"r\", stdin) || !freopen(\"sudoku.out\", \"w\", stdout)) return;\n}\n#line 1\n"

// TestLemonLimeJudgesTheContest makes a class of the kit's planted submissions, judges it with
// the kit's contest mode, exports the LemonLime contest with that class as its source/, judges
// the contest with LemonLime's own judging code (lemonlime-judge) and requires of every
// contestant the score the kit gives. Long tier: LemonLime's build, some minutes the first time,
// then two judgings of the class.
func TestLemonLimeJudgesTheContest(t *testing.T) {
	tooltest.Long(t)
	tool := ojtest.Tool(t, 1, ojtest.LemonLimeTool)
	tooltest.Require(t, "fpc", "fp-compiler")
	dir := t.TempDir()
	class := filepath.Join(dir, "class")
	for name, rel := range lemonLimeContestants {
		source, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		ext := filepath.Ext(rel)
		if (ext == ".c" || ext == ".cpp") && !bytes.Contains(source, []byte("sudoku.in")) {
			source = append([]byte(noipFiles), source...)
		}
		folder := filepath.Join(class, name, "sudoku")
		if err := os.MkdirAll(folder, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(folder, "sudoku"+ext), source, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	csvFile := filepath.Join(dir, "kit.csv")
	cmd := exec.Command(filepath.Join("..", "judge.sh"), "--contest", class, "--csv", csvFile)
	if out, err := cmd.CombinedOutput(); err != nil {
		if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 1 {
			t.Fatalf("the kit's contest mode: %v\n%s", err, out)
		}
	}
	kit := map[string]string{}
	data, err := os.ReadFile(csvFile)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	// The columns by the header's names: the CSV gains columns (language, hacks) over time.
	column := map[string]int{}
	for i, name := range rows[0] {
		column[name] = i
	}
	for _, row := range rows[1:] {
		kit[row[column["contestant"]]] = row[column["score"]]
	}

	contest := filepath.Join(dir, "contest")
	export(t, "--format", "lemonlime", "--contest", class, "--out", contest)
	out, err := exec.Command(tool, "--extra-time-ratio", "20", contest).Output()
	if err != nil {
		t.Fatalf("lemonlime-judge: %v\n%s", err, out)
	}
	lemon := map[string]string{}
	var table strings.Builder
	table.WriteString("| contestant | LemonLime | the kit |\n")
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) < 4 || f[1] != "sudoku" {
			t.Fatalf("lemonlime-judge printed %q", line)
		}
		lemon[f[0]] = f[2]
		fmt.Fprintf(&table, "| %s | %s/%s | %s |\n", f[0], f[2], f[3], kit[f[0]])
		if f[2] != kit[f[0]] {
			t.Errorf("%s: LemonLime scores %s, the kit's contest mode %s:\n%s", f[0], f[2], kit[f[0]], line)
		}
	}
	for name := range lemonLimeContestants {
		if _, ok := lemon[name]; !ok {
			t.Errorf("%s: not judged by LemonLime", name)
		}
		if _, ok := kit[name]; !ok {
			t.Errorf("%s: not judged by the kit", name)
		}
	}
	t.Logf("scores:\n%s", table.String())
}
