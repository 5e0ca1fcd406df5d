package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"bullseye/internal/contest"
	"bullseye/internal/kattis"
	"bullseye/internal/kattis/validator"
	"bullseye/internal/manifest"
	"bullseye/internal/problem"
	"bullseye/internal/statement"
	"bullseye/internal/validate"
)

// The OI formats: packages for the judging systems of Chinese olympiad training, besides the
// Kattis ones. Each writes one problem: the samples, and one group of the manifest as the scored
// tests, 100 points in all, spread evenly (NOIP's 5 a test for the 20 official tests).

// ojFormat is one OI judging system's package.
type ojFormat struct {
	// marker is the file every export of the format holds at its root: an existing --out
	// without it is not an earlier export and is not replaced.
	marker func(p problem.Problem) string
	// zipFolder puts the zip's files in a folder named after the package, as the system's
	// import wants; false puts them at the zip's root.
	zipFolder bool
	build     func(s ojSpec) ([]kattis.File, []string, error)
}

// ojFormats are the OI formats by --format name.
var ojFormats = map[string]ojFormat{
	"hydro":     {marker: func(problem.Problem) string { return "problem.yaml" }, zipFolder: true, build: buildHydro},
	"luogu":     {marker: func(problem.Problem) string { return "config.yml" }, build: buildLuogu},
	"uoj":       {marker: func(problem.Problem) string { return "problem.conf" }, build: buildUOJ},
	"lemonlime": {marker: func(p problem.Problem) string { return p.Stem + ".cdf" }, zipFolder: true, build: buildLemonLime},
}

// ojFormatNames lists the OI formats for messages.
func ojFormatNames() []string { return slices.Sorted(maps.Keys(ojFormats)) }

// ojSpec is an OI export: the problem, the scored group, and what the package is made of.
type ojSpec struct {
	problem problem.Problem
	format  string
	root    string
	out     string
	group   string
	contest string // a class folder whose submissions fill LemonLime's source/; "" for none

	title   map[string]string // the problem's name by language, the group said for a second problem
	rules   validate.Rules    // the scored group's validation rules
	samples []ojTest
	tests   []ojTest
	scores  []int // tests[i] is worth scores[i] points
}

// ojTest is one test: its number from 1, input and answer.
type ojTest struct {
	number        int
	input, answer []byte
}

// hardTitle names the problem that the hard group makes.
var hardTitle = map[string]string{"en": " (hard data)", "zh": "（加强数据）"}

// spreadScores shares total points among n tests as evenly as integers allow, the extra points
// to the first tests: 20 tests get 5 each, 23 tests 5 for the first 8 and 4 for the rest.
func spreadScores(total, n int) []int {
	scores := make([]int, n)
	for i := range scores {
		scores[i] = total / n
		if i < total%n {
			scores[i]++
		}
	}
	return scores
}

// readOJSpec reads the tests of the scored group and the samples from the manifest.
func readOJSpec(s ojSpec) (ojSpec, error) {
	testsDir := filepath.Join(s.root, "tests", s.problem.Name)
	m, err := manifest.ReadFile(filepath.Join(testsDir, "manifest.txt"))
	if err != nil {
		return s, err
	}
	g, ok := m.Group(s.group)
	if !ok || s.group == sampleGroup {
		var names []string
		for _, g := range m.Groups {
			if g.Name != sampleGroup {
				names = append(names, g.Name)
			}
		}
		return s, fmt.Errorf("--group %s: want one of the manifest's scored groups: %s", s.group, strings.Join(names, ", "))
	}
	if s.rules, err = validator.Rules(s.problem, g.ValidateArgs); err != nil {
		return s, fmt.Errorf("group %s: %w", s.group, err)
	}
	read := func(group string) ([]ojTest, error) {
		var tests []ojTest
		for _, t := range m.InGroup(group) {
			input, answer, note, err := readTest(s.root, testsDir, t)
			if err != nil {
				return nil, err
			}
			if note != "" {
				return nil, errors.New(note)
			}
			tests = append(tests, ojTest{number: len(tests) + 1, input: input, answer: answer})
		}
		return tests, nil
	}
	if s.samples, err = read(sampleGroup); err != nil {
		return s, err
	}
	if s.tests, err = read(s.group); err != nil {
		return s, err
	}
	if len(s.tests) == 0 {
		return s, fmt.Errorf("--group %s has no tests", s.group)
	}
	s.scores = spreadScores(100, len(s.tests))
	s.title = map[string]string{}
	for lang, name := range s.problem.Package.Title {
		if s.group != s.problem.DefaultGroup {
			name += hardTitle[lang]
		}
		s.title[lang] = name
	}
	return s, nil
}

// source reads a file of the kit.
func (s ojSpec) source(rel string) ([]byte, error) {
	data, err := os.ReadFile(filepath.Join(s.root, filepath.FromSlash(rel)))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", rel, err)
	}
	return data, nil
}

// runOJExport writes the package of an OI format, folder and zip.
func (p *program) runOJExport(s ojSpec) error {
	s, err := readOJSpec(s)
	if err != nil {
		return failure(err)
	}
	f := ojFormats[s.format]
	files, notes, err := f.build(s)
	if err != nil {
		return failure(err)
	}
	slices.SortFunc(files, func(a, b kattis.File) int { return strings.Compare(a.Path, b.Path) })
	if err := os.MkdirAll(filepath.Dir(s.out), 0o755); err != nil {
		return failure(fmt.Errorf("writing the package: %w", err))
	}
	if err := replaceDir(s.out, files); err != nil {
		return failure(err)
	}
	zipped := files
	if f.zipFolder {
		zipped = make([]kattis.File, len(files))
		for i, file := range files {
			file.Path = filepath.Base(s.out) + "/" + file.Path
			zipped[i] = file
		}
	}
	var archive bytes.Buffer
	if err := kattis.WriteZip(&archive, zipped); err != nil {
		return failure(err)
	}
	if err := replaceFile(s.out+".zip", archive.Bytes()); err != nil {
		return failure(err)
	}
	// The summary first, then what the platform cannot express, a line each: few enough to
	// show without --verbose, and each one changes what a user must do there.
	fmt.Fprintf(p.stderr, "export: %s as a %s package in %s, %d files; %d samples, group %s: %d tests, 100 points, %s; %s.zip, %d bytes\n",
		s.problem.Name, s.format, s.out, len(files), len(s.samples), s.group, len(s.tests), scoreSummary(s.scores), s.out, archive.Len())
	for _, note := range notes {
		fmt.Fprintf(p.stderr, "%s: %s\n", s.format, note)
	}
	return nil
}

// scoreSummary says how the points are shared: "5 each" or "5 to 4".
func scoreSummary(scores []int) string {
	if slices.Min(scores) == slices.Max(scores) {
		return fmt.Sprintf("%d a test", scores[0])
	}
	return fmt.Sprintf("%d or %d a test", slices.Max(scores), slices.Min(scores))
}

// statementWithSamples returns the statement in lang followed by the samples, each in the
// fenced blocks the system shows as a sample: Hydro's ```input1 / ```output1.
func statementWithSamples(s ojSpec, lang string) ([]byte, error) {
	text, err := statement.Markdown(s.problem.Name, lang)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Write(text)
	heading := map[string]string{"en": "## Samples", "zh": "## 样例"}[lang]
	fmt.Fprintf(&b, "\n%s\n", heading)
	for _, t := range s.samples {
		fmt.Fprintf(&b, "\n```input%d\n%s```\n\n```output%d\n%s```\n", t.number, t.input, t.number, t.answer)
	}
	return b.Bytes(), nil
}

// Notes on what a format cannot express, one line each.
const (
	noteNoGo     = "Go is not among its languages: a Go solution cannot be submitted there"
	noteStdio    = "no file I/O: programs read standard input and write standard output there, not sudoku.in/sudoku.out"
	noteFileOnly = "file I/O only, as at NOIP: a program that reads standard input gets nothing and is wrong"
)

// buildHydro writes a problem folder Hydro imports (Problem > Import > Hydro, a zip of problem
// folders): problem.yaml, the statements, and testdata/ with config.yaml, the checker and the
// tests.
func buildHydro(s ojSpec) ([]kattis.File, []string, error) {
	checker, err := s.source(s.problem.Package.OutputValidator)
	if err != nil {
		return nil, nil, err
	}
	var files []kattis.File
	var yaml strings.Builder
	fmt.Fprintf(&yaml, "title: %s\n", yamlString(s.title["zh"]))
	yaml.WriteString("tag:\n")
	if s.problem.Package.Source != "" {
		fmt.Fprintf(&yaml, "  - %s\n", yamlString(s.problem.Package.Source))
	}
	for _, k := range s.problem.Package.Keywords {
		fmt.Fprintf(&yaml, "  - %s\n", yamlString(k))
	}
	files = append(files, kattis.File{Path: "problem.yaml", Data: []byte(yaml.String())})
	for _, lang := range statement.Languages {
		text, err := statementWithSamples(s, lang)
		if err != nil {
			return nil, nil, err
		}
		files = append(files, kattis.File{Path: "problem_" + lang + ".md", Data: text})
	}

	var c strings.Builder
	c.WriteString("type: default\n")
	fmt.Fprintf(&c, "time: %gs\nmemory: %dm\n", s.problem.Package.TimeLimit, s.problem.Package.MemoryMiB)
	if s.problem.InputFile != "" {
		fmt.Fprintf(&c, "filename: %s\n", strings.TrimSuffix(s.problem.InputFile, path.Ext(s.problem.InputFile)))
	}
	c.WriteString("checker_type: testlib\nchecker: checker.cc\n")
	c.WriteString("subtasks:\n  - id: 1\n    type: sum\n    score: 100\n    cases:\n")
	for i, t := range s.tests {
		in, ans := fmt.Sprintf("%02d.in", t.number), fmt.Sprintf("%02d.ans", t.number)
		fmt.Fprintf(&c, "      - input: %s\n        output: %s\n        score: %d\n", in, ans, s.scores[i])
		files = append(files, kattis.File{Path: "testdata/" + in, Data: t.input}, kattis.File{Path: "testdata/" + ans, Data: t.answer})
	}
	files = append(files,
		kattis.File{Path: "testdata/config.yaml", Data: []byte(c.String())},
		// Hydro finds a checker's language by its extension, and its default settings call C++
		// .cc.
		kattis.File{Path: "testdata/checker.cc", Data: checker})
	notes := []string{"the checker is testlib's protocol (checker_type: testlib); Hydro builds testdata/checker.cc as C++"}
	if s.problem.InputFile != "" {
		notes = append(notes, "filename: sudoku gives NOIP's sudoku.in/sudoku.out: "+noteFileOnly)
	}
	return files, notes, nil
}

// yamlString quotes a string for YAML.
func yamlString(v string) string {
	b, _ := json.Marshal(v) // a JSON string is a YAML flow scalar
	return string(b)
}

// buildLuogu writes the data zip Luogu takes (题目管理 > 上传测试数据): the tests at its root,
// config.yml with each test's limits and score, and checker.cpp, the special judge Luogu builds
// against testlib.h.
func buildLuogu(s ojSpec) ([]kattis.File, []string, error) {
	checker, err := s.source(s.problem.Package.OutputValidator)
	if err != nil {
		return nil, nil, err
	}
	files := []kattis.File{{Path: "checker.cpp", Data: checker}}
	var c strings.Builder
	for i, t := range s.tests {
		in, ans := fmt.Sprintf("%d.in", t.number), fmt.Sprintf("%d.out", t.number)
		fmt.Fprintf(&c, "%s:\n  timeLimit: %d\n  memoryLimit: %d\n  score: %d\n  subtaskId: 0\n", in,
			int(s.problem.Package.TimeLimit*1000), s.problem.Package.MemoryMiB*1024, s.scores[i])
		files = append(files, kattis.File{Path: in, Data: t.input}, kattis.File{Path: ans, Data: t.answer})
	}
	files = append(files, kattis.File{Path: "config.yml", Data: []byte(c.String())})
	notes := []string{
		noteStdio,
		"the samples and the statement go in the problem's page, not in the data zip; the statement is in the kit (internal/statement)",
		"checker.cpp is the special judge: tick 「Special Judge」 and give it as the checker; Luogu builds it with g++ -fno-asm -std=c++14 -O2",
	}
	return files, notes, nil
}

// buildUOJ writes the data UOJ's builtin judger reads (题目 > 管理 > 数据): problem.conf, the
// tests sudokuN.in/.ans, the samples ex_sudokuN, chk.cpp, val.cpp and std.cpp.
func buildUOJ(s ojSpec) ([]kattis.File, []string, error) {
	var files []kattis.File
	for _, f := range []struct{ rel, name string }{
		{s.problem.Package.OutputValidator, "chk.cpp"},
		{s.problem.Package.InputValidator, "val.cpp"},
		{s.problem.Package.Accepted, "std.cpp"},
	} {
		data, err := s.source(f.rel)
		if err != nil {
			return nil, nil, err
		}
		if f.name == "val.cpp" && s.rules != (validate.Rules{MinGivens: s.problem.MinGivens}) {
			// UOJ runs the validator without arguments: the group's rules become its defaults.
			data = append([]byte(fmt.Sprintf("// The rules of the %s group, which UOJ cannot pass as arguments.\n"+
				"#define VALIDATE_LENIENT %t\n#define VALIDATE_MIN_GIVENS %d\n#define VALIDATE_ALLOW_CONFLICTS %t\n",
				s.group, s.rules.Lenient, s.rules.MinGivens, s.rules.AllowConflicts)), data...)
		}
		files = append(files, kattis.File{Path: f.name, Data: data})
	}
	stem := s.problem.Stem
	var c strings.Builder
	fmt.Fprintf(&c, "use_builtin_judger on\nn_tests %d\nn_ex_tests %d\nn_sample_tests %d\n", len(s.tests), len(s.samples), len(s.samples))
	fmt.Fprintf(&c, "input_pre %s\ninput_suf in\noutput_pre %s\noutput_suf ans\n", stem, stem)
	fmt.Fprintf(&c, "time_limit %d\nmemory_limit %d\noutput_limit 64\n", int(s.problem.Package.TimeLimit), s.problem.Package.MemoryMiB)
	for i, t := range s.tests {
		fmt.Fprintf(&c, "point_score_%d %d\n", t.number, s.scores[i])
		files = append(files,
			kattis.File{Path: fmt.Sprintf("%s%d.in", stem, t.number), Data: t.input},
			kattis.File{Path: fmt.Sprintf("%s%d.ans", stem, t.number), Data: t.answer})
	}
	for _, t := range s.samples {
		files = append(files,
			kattis.File{Path: fmt.Sprintf("ex_%s%d.in", stem, t.number), Data: t.input},
			kattis.File{Path: fmt.Sprintf("ex_%s%d.ans", stem, t.number), Data: t.answer})
	}
	files = append(files, kattis.File{Path: "problem.conf", Data: []byte(c.String())})
	notes := []string{
		noteStdio,
		noteNoGo,
		"val.cpp speaks testlib's exit codes (0 valid, 3 invalid), as UOJ's validator is run; chk.cpp testlib's lines, which UOJ reads",
		"the statement is entered on the problem's page; the kit's is in internal/statement",
	}
	return files, notes, nil
}

// lemonLimeTask is a task of a LemonLime contest file (.cdf, JSON): the fields its
// Task::readFromJson reads.
type lemonLimeTask struct {
	ProblemTitle          string            `json:"problemTitle"`
	SourceFileName        string            `json:"sourceFileName"`
	TaskType              int               `json:"taskType"`
	ComparisonMode        int               `json:"comparisonMode"`
	SpecialJudge          string            `json:"specialJudge"`
	StandardInputCheck    bool              `json:"standardInputCheck"`
	StandardOutputCheck   bool              `json:"standardOutputCheck"`
	InputFileName         string            `json:"inputFileName"`
	OutputFileName        string            `json:"outputFileName"`
	SubFolderCheck        bool              `json:"subFolderCheck"`
	DiffArguments         string            `json:"diffArguments"`
	RealPrecision         int               `json:"realPrecision"`
	AnswerFileExtension   string            `json:"answerFileExtension"`
	CompilerConfiguration map[string]string `json:"compilerConfiguration"`
	TestCases             []lemonLimeCase   `json:"testCases"`
}

type lemonLimeCase struct {
	FullScore   int      `json:"fullScore"`
	TimeLimit   int      `json:"timeLimit"`   // ms
	MemoryLimit int      `json:"memoryLimit"` // MiB
	InputFiles  []string `json:"inputFiles"`
	OutputFiles []string `json:"outputFiles"`
}

// lemonLimeExtensions are the source extensions LemonLime's compilers take.
var lemonLimeExtensions = []string{".c", ".cpp", ".pas", ".py", ".java"}

// buildLemonLime writes a LemonLime contest: NAME.cdf, data/NAME/ with the tests, checker.cpp
// and the checker built from it, and source/ with a folder per contestant in NOIP's layout
// (source/STUDENT/sudoku/sudoku.cpp), filled from --contest.
func buildLemonLime(s ojSpec) ([]kattis.File, []string, error) {
	checkerSource, err := s.source(s.problem.Package.OutputValidator)
	if err != nil {
		return nil, nil, err
	}
	checker, err := buildChecker(checkerSource)
	if err != nil {
		return nil, nil, err
	}
	stem := s.problem.Stem
	task := lemonLimeTask{
		ProblemTitle: stem, SourceFileName: stem, TaskType: 0,
		ComparisonMode: 5, SpecialJudge: stem + "/checker",
		InputFileName: s.problem.InputFile, OutputFileName: s.problem.OutputFile,
		StandardInputCheck: s.problem.InputFile == "", StandardOutputCheck: s.problem.OutputFile == "",
		SubFolderCheck: true, DiffArguments: "--ignore-space-change --text --brief", RealPrecision: 3,
		AnswerFileExtension: "out", CompilerConfiguration: map[string]string{"g++": "C++14 O2"},
	}
	files := []kattis.File{
		{Path: "data/" + stem + "/checker.cpp", Data: checkerSource},
		{Path: "data/" + stem + "/checker", Data: checker, Executable: true},
	}
	for i, t := range s.tests {
		in, ans := fmt.Sprintf("%s/%s%d.in", stem, stem, t.number), fmt.Sprintf("%s/%s%d.ans", stem, stem, t.number)
		task.TestCases = append(task.TestCases, lemonLimeCase{
			FullScore: s.scores[i], TimeLimit: int(s.problem.Package.TimeLimit * 1000), MemoryLimit: s.problem.Package.MemoryMiB,
			InputFiles: []string{in}, OutputFiles: []string{ans},
		})
		files = append(files, kattis.File{Path: "data/" + in, Data: t.input}, kattis.File{Path: "data/" + ans, Data: t.answer})
	}
	for _, t := range s.samples {
		files = append(files,
			kattis.File{Path: fmt.Sprintf("down/%s/%s%d.in", stem, stem, t.number), Data: t.input},
			kattis.File{Path: fmt.Sprintf("down/%s/%s%d.ans", stem, stem, t.number), Data: t.answer})
	}
	title := filepath.Base(s.out)
	cdf, err := json.MarshalIndent(struct {
		Version      string          `json:"version"`
		ContestTitle string          `json:"contestTitle"`
		Contestants  []string        `json:"contestants"`
		Tasks        []lemonLimeTask `json:"tasks"`
	}{"1.0", title, []string{}, []lemonLimeTask{task}}, "", "  ")
	if err != nil {
		return nil, nil, err
	}
	files = append(files, kattis.File{Path: stem + ".cdf", Data: append(cdf, '\n')})
	notes := []string{
		"the checker is built for this machine (data/" + stem + "/checker, Linux); on Windows build data/" + stem + "/checker.cpp into checker.exe and name it in the task",
		noteNoGo,
		noteFileOnly,
	}
	if s.contest != "" {
		sources, refused, err := lemonLimeSources(s.contest, stem)
		if err != nil {
			return nil, nil, err
		}
		files = append(files, sources...)
		notes = append(notes, refused...)
	} else {
		files = append(files, kattis.File{Path: "source/.keep", Data: nil})
	}
	return files, notes, nil
}

// lemonLimeSources copies the submissions of a class folder (the kit's contest layout) into
// source/STUDENT/STEM/STEM.EXT; what it cannot take is a note.
func lemonLimeSources(dir, stem string) ([]kattis.File, []string, error) {
	entries, err := contest.Discover(dir, stem, lemonLimeExtensions, contest.DefaultSourceLimit)
	if err != nil {
		return nil, nil, err
	}
	var files []kattis.File
	var notes []string
	for _, e := range entries {
		switch {
		case e.Source != nil:
			files = append(files, kattis.File{Path: "source/" + e.Name + "/" + stem + "/" + stem + filepath.Ext(e.File), Data: e.Source})
		case e.Refused != "":
			notes = append(notes, e.Name+": "+e.Refused)
		case len(e.Candidates) > 1:
			notes = append(notes, e.Name+": several submissions, none taken: "+strings.Join(e.Candidates, ", "))
		default:
			notes = append(notes, e.Name+": no submission in a language LemonLime compiles ("+strings.Join(lemonLimeExtensions, " ")+")")
		}
	}
	return files, notes, nil
}

// buildChecker compiles the C++ checker as the contest runs it: g++ -std=c++14 -O2, linked
// statically so that it runs on any Linux.
func buildChecker(source []byte) ([]byte, error) {
	dir, err := os.MkdirTemp("", "checker-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	src, bin := filepath.Join(dir, "checker.cpp"), filepath.Join(dir, "checker")
	if err := os.WriteFile(src, source, 0o644); err != nil {
		return nil, err
	}
	out, err := exec.Command("g++", "-std=c++14", "-O2", "-static", "-o", bin, src).CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("building the checker with g++ (LemonLime runs it built): %v\n%s", err, out)
	}
	return os.ReadFile(bin)
}
