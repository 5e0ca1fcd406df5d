package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"bullseye/internal/kattis"
	"bullseye/internal/kattis/validator"
	"bullseye/internal/manifest"
	"bullseye/internal/problem"
	"bullseye/internal/statement"
	"bullseye/internal/testlib"
)

// sampleGroup is the manifest group that becomes the package's samples; every other group is a
// test group of data/secret.
const sampleGroup = "sample"

// coachGroup is the test group of data/secret that --tests makes.
const coachGroup = "coach"

// defaultOutDir is where the package goes inside the repository unless --out says otherwise:
// the repository's .gitignore lists it, so that an export leaves git's view of the kit clean.
const defaultOutDir = "export"

// plantedFolder says where the kit's planted submissions of one verdict folder go in a package.
// A package keeps only submissions whose verdict both engines give for certain, in the folder
// that names it: DOMjudge takes a submission's expected result from its folder alone in the
// four folders the format names, and flags an @EXPECTED_RESULTS@ line elsewhere that does not
// match the folder's name.
type plantedFolder struct {
	folder string // the package's folder; "" leaves the kit's folder out
	why    string // why the folder is left out or moved, for the export's notes
	// domjudge marks a folder of DOMjudge's own, which problemtools does not read.
	domjudge bool
	// slow marks submissions that are correct but too slow for the hard group only: with
	// --tests, whose tests may all be easy, they are left out.
	slow bool
}

// plantedFolders maps the kit's verdict folders to the package's. Where the two engines judge a
// kit's folder alike, it goes to the package's folder of that verdict, whatever the kit's own
// judge calls it; the results are those of DOMjudge 9.0.0's own judgehost scripts and of
// problemtools, run on the export by the generator's tests.
var plantedFolders = map[string]plantedFolder{
	"accepted": {folder: "time_limit_exceeded", slow: true,
		why: "correct, but an enumerating search: out of time on the hard group, so in time_limit_exceeded/"},
	"wrong_answer":        {folder: "wrong_answer"},
	"time_limit_exceeded": {folder: "time_limit_exceeded"},
	"run_time_error":      {folder: "run_time_error"},
	"memory_limit_exceeded": {folder: "run_time_error", why: "both engines end these with a run-time error, so in run_time_error/: " +
		"DOMjudge's memory cgroup kills them (its judgehost has no memory-limit result), problemtools' address-space limit fails their allocation"},
	"output_limit_exceeded": {folder: "time_limit_exceeded", why: "both engines let these run to the time limit, so in time_limit_exceeded/: " +
		"DOMjudge cuts the output and keeps the program running (timelimit, not output-limit), problemtools likewise"},
	"compile_error":       {why: "the format has no compile-error verdict: every submission of a package must build"},
	"security":            {why: "attacks on the judge's sandbox, which a judging system importing the package would run as jury submissions"},
	"undefined_behaviour": {why: "undefined behaviour, whose verdict is the compiler's: another engine's g++ may give another"},
}

// packageLanguages are the languages of planted submissions that a default DOMjudge and
// problemtools both run, by file extension.
var packageLanguages = []string{".c", ".cpp", ".py"}

// otherLanguages says why the planted submissions of the kit's other languages are left out.
var otherLanguages = map[string]string{
	".go":   "Go is off in a default DOMjudge, and the Go runtime cannot start under the address-space limit problemtools sets",
	".pas":  "Free Pascal is off in a default DOMjudge",
	".java": "problemtools compiles Java with --release 21, which the JDK 17 of a Debian 12 judge host refuses",
}

// plantedFiles place single planted submissions, by path under the kit's planted folder, where
// the engines do not judge them as their folder's others, or where one would add only cost:
// folder "" leaves one out.
var plantedFiles = map[string]plantedFolder{
	"time_limit_exceeded/sleep.py": {why: "it sleeps rather than computes: problemtools limits CPU time alone and waits for it without end"},
	"wrong_answer/silent.c": {folder: "no_output", domjudge: true, why: "an empty output, which DOMjudge judges no-output, not wrong-answer, " +
		"so in DOMjudge's own no_output/; problemtools, which would call it a wrong answer, does not read that folder"},
	"time_limit_exceeded/other_file.c": {why: "it reads code.in, another problem's file, and then searches without end: a time-out like spin.c's, " +
		"which adds nothing to the package and costs a full time limit"},
}

// packageMetadata is what problem.yaml says of a problem: its registry entry's package
// metadata, in the format's terms.
func packageMetadata(p problem.Problem) kattis.Metadata {
	m := p.Package
	return kattis.Metadata{
		Name: m.Title, UUID: m.UUID, Source: m.Source, License: m.License, RightsOwner: m.RightsOwner,
		TimeLimit: m.TimeLimit, MemoryMiB: m.MemoryMiB, CodeKiB: m.CodeKiB, Keywords: m.Keywords,
	}
}

func (p *program) exportCommand() *cli.Command {
	return &cli.Command{
		Name:  "export",
		Usage: "write a problem as a package (folder and zip) for Kattis and DOMjudge, Hydro, Luogu, UOJ or LemonLime",
		Description: "Writes --out DIR, a problem package in the Kattis problem package format, and the same\n" +
			"package as DIR.zip, which DOMjudge's problem import takes. --format legacy (the default)\n" +
			"is the version DOMjudge imports as its base and Kattis problemtools verifies; 2025-09 is\n" +
			"the current specification. DIR's name must be lower-case letters and digits; its parent\n" +
			"is created; a DIR that holds an earlier export is replaced, any other existing DIR is left\n" +
			"alone. Inside the kit's repository DIR must lie under export/, which git ignores.\n\n" +
			"  problem.yaml                   name, uuid, source, license, memory limit (legacy: and\n" +
			"                                 validation: custom; 2025-09: names in en and zh, time limit)\n" +
			"  domjudge-problem.ini           (legacy) the time limit, 2 s, for DOMjudge\n" +
			"  problem_statement/             (legacy) problem.en.tex, problem.zh.tex, and problem.html\n" +
			"                                 with the samples, the statement DOMjudge shows\n" +
			"  statement/                     (2025-09) problem.en.md, problem.zh.md\n" +
			"  data/sample/, data/secret/GROUP/  the manifest's groups (or --tests as group coach),\n" +
			"                                 each with testdata.yaml (legacy) or test_group.yaml\n" +
			"                                 (2025-09) carrying its input validator arguments\n" +
			"  input_validators/validate/     the kit's input validator in C++14: with --kattis (every\n" +
			"                                 group's arguments begin with it) 42 valid, 43 invalid\n" +
			"  output_validators/check/ (legacy), output_validator/ (2025-09)\n" +
			"                                 the kit's checker in C++14: run INPUT ANSWER FEEDBACK_DIR\n" +
			"                                 < OUTPUT, 42 accepted, 43 wrong, judgemessage.txt\n" +
			"  submissions/accepted/          the reference solution in C++14\n" +
			"  submissions/VERDICT/           planted submissions whose verdict every engine gives:\n" +
			"                                 wrong_answer, time_limit_exceeded, run_time_error, in C,\n" +
			"                                 C++, Java and Python, reading standard input; and\n" +
			"                                 no_output, DOMjudge's own folder, for an empty output\n" +
			"  generators/                    the manifest the tests were made from\n\n" +
			"The validators and submissions build with c++ (g++) alone. The same tree gives the same\n" +
			"bytes, the zip included.\n\n" +
			"--format hydro, luogu, uoj or lemonlime writes the target problem for those judges instead\n" +
			"(--out defaults to export/target-FORMAT): the samples and one manifest group, --group\n" +
			"(official by default, 100 points at 5 a test as at NOIP; hard makes a second problem of its\n" +
			"own, 100 points), with the testlib checker checker/cpp/target_output.cpp:\n" +
			"  hydro      problem.yaml, problem_zh.md, problem_en.md, testdata/ (config.yaml, checker.cc,\n" +
			"             NN.in/NN.ans); NOIP's sudoku.in/sudoku.out (filename: sudoku)\n" +
			"  luogu      the data zip: N.in/N.out, config.yml (limits and score per test), checker.cpp\n" +
			"  uoj        problem.conf, sudokuN.in/.ans, ex_sudokuN samples, chk.cpp, val.cpp, std.cpp\n" +
			"  lemonlime  a contest: sudoku.cdf, data/sudoku/ (tests, checker.cpp and the checker built\n" +
			"             with g++), source/STUDENT/sudoku/ (from --contest DIR, a class folder), down/\n" +
			"The export prints one line for each thing the judge cannot express.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "problem", Value: "target", Usage: "the problem: target or classic"},
			&cli.StringFlag{Name: "format", Value: kattis.Legacy.Version, Usage: "the package format: legacy or 2025-09 (Kattis, DOMjudge), hydro, luogu, uoj or lemonlime"},
			&cli.StringFlag{Name: "out", Usage: "the package folder to write; DIR.zip is written beside it (default: ROOT/export/PROBLEM)"},
			&cli.StringFlag{Name: "root", Value: ".", Usage: "the repository root, holding tests/, solution/ and checker/"},
			&cli.StringFlag{Name: "tests", Usage: "a folder of NAME.in and NAME.ans files to export as the secret tests instead of the kit's; the reference solution checks each answer first"},
			&cli.StringFlag{Name: "submissions", Usage: "folder of planted submissions, one subfolder per verdict (default: ROOT/tests/submissions for target, none for classic)"},
			&cli.BoolFlag{Name: "verbose", Usage: "after the summary, list what the package leaves out or moves, and why"},
			&cli.StringFlag{Name: "group", Usage: "the OI formats: the manifest group scored, 100 points (default: official; hard makes a second problem)"},
			&cli.StringFlag{Name: "contest", Usage: "--format lemonlime: a class folder (the kit's contest layout) whose submissions fill source/"},
		},
		OnUsageError: onUsageError,
		Action:       p.export,
	}
}

// exportSpec is a checked export command line.
type exportSpec struct {
	problem     problem.Problem
	format      kattis.Format
	root, out   string
	tests       string // "" for the kit's tests
	submissions string // "" for none
	verbose     bool   // the notes after the summary
}

func (p *program) export(ctx *cli.Context) error {
	if err := noArguments(ctx); err != nil {
		return err
	}
	s := exportSpec{root: ctx.String("root"), out: ctx.String("out"), tests: ctx.String("tests"), verbose: ctx.Bool("verbose")}
	prob, err := problem.Lookup(ctx.String("problem"))
	if err != nil {
		return usageError("--problem: %v", err)
	}
	s.problem = prob
	if oj, ok := ojFormats[ctx.String("format")]; ok {
		return p.exportOJ(ctx, s, oj)
	}
	for _, name := range []string{"group", "contest"} {
		if ctx.IsSet(name) {
			return usageError("--%s goes with --format %s only", name, strings.Join(ojFormatNames(), ", "))
		}
	}
	format, err := kattis.LookupFormat(ctx.String("format"))
	if err != nil {
		return usageError("--format: %v, or one of %s", err, strings.Join(ojFormatNames(), ", "))
	}
	s.format = format
	if s.out == "" {
		s.out = filepath.Join(s.root, defaultOutDir, s.problem.Name)
	}
	s.out = filepath.Clean(s.out)
	if err := kattis.CheckPackageName(filepath.Base(s.out)); err != nil {
		return usageError("--out %s: %v", s.out, err)
	}
	if err := checkOutsideRepository(s.root, s.out); err != nil {
		return usageError("--out %s: %v", s.out, err)
	}
	if err := checkReplaceable(s.out, kattis.ProblemYAML); err != nil {
		return usageError("--out %s: %v", s.out, err)
	}
	if s.tests != "" {
		if info, err := os.Stat(s.tests); err != nil || !info.IsDir() {
			return usageError("--tests %s: not a folder", s.tests)
		}
	}
	switch {
	case ctx.IsSet("submissions"):
		s.submissions = ctx.String("submissions")
	case s.problem.Package.Submissions != "":
		s.submissions = filepath.Join(s.root, filepath.FromSlash(s.problem.Package.Submissions))
	}
	return p.later(func() error { return p.runExport(s) })
}

// checkOutsideRepository refuses a package folder inside the kit's own repository, where git
// would list it and its zip as untracked files, unless it lies under export/, which the
// repository's .gitignore lists.
func checkOutsideRepository(root, out string) error {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(absRoot, ".git")); err != nil {
		return nil // not a repository: nothing to keep clean
	}
	absOut, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	within := func(dir string) bool {
		rel, err := filepath.Rel(dir, absOut)
		return err == nil && rel != "." && !strings.HasPrefix(rel, "..")
	}
	if within(absRoot) && !within(filepath.Join(absRoot, defaultOutDir)) {
		return fmt.Errorf("lies inside the kit's repository, where git would list the package and its zip as untracked files; "+
			"write it under %s/ (the default, which git ignores) or outside the repository", defaultOutDir)
	}
	return nil
}

// exportOJ checks the command line of an OI format's export and does it later.
func (p *program) exportOJ(ctx *cli.Context, s exportSpec, f ojFormat) error {
	if s.problem.Name != problem.Target.Name {
		return usageError("--format %s: only the target problem is exported for the OI judges; classic goes to Kattis and DOMjudge", ctx.String("format"))
	}
	for _, name := range []string{"tests", "submissions"} {
		if ctx.IsSet(name) {
			return usageError("--%s goes with the Kattis formats only", name)
		}
	}
	o := ojSpec{problem: s.problem, format: ctx.String("format"), root: s.root, out: s.out, group: ctx.String("group"), contest: ctx.String("contest")}
	if o.group == "" {
		o.group = s.problem.DefaultGroup
	}
	if o.contest != "" && o.format != "lemonlime" {
		return usageError("--contest goes with --format lemonlime only")
	}
	if o.out == "" {
		o.out = filepath.Join(s.root, defaultOutDir, s.problem.Name+"-"+o.format)
		if o.group != s.problem.DefaultGroup {
			o.out += "-" + o.group
		}
	}
	o.out = filepath.Clean(o.out)
	if err := checkOutsideRepository(s.root, o.out); err != nil {
		return usageError("--out %s: %v", o.out, err)
	}
	if err := checkReplaceable(o.out, f.marker(s.problem)); err != nil {
		return usageError("--out %s: %v", o.out, err)
	}
	return p.later(func() error { return p.runOJExport(o) })
}

// checkReplaceable refuses an existing --out that is not an earlier export, one without the
// format's marker file: the export removes what it replaces.
func checkReplaceable(out, marker string) error {
	info, err := os.Stat(out)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return errors.New("exists and is not a folder")
	}
	if _, err := os.Stat(filepath.Join(out, marker)); err != nil {
		return fmt.Errorf("exists and holds no %s, so it is not an earlier export; refusing to replace it", marker)
	}
	return nil
}

// exportReport counts what went into a package, for the summary line.
type exportReport struct {
	groups      []string       // "sample 2", "official 20", ...
	submissions map[string]int // by verdict folder
	notes       []string
	samples     []statement.Sample
}

// runExport builds the package and writes it.
func (p *program) runExport(s exportSpec) error {
	pkg, report, err := buildPackage(s)
	if err != nil {
		return failure(err)
	}
	files, err := pkg.Files()
	if err != nil {
		return failure(fmt.Errorf("the package breaks the format: %w", err))
	}
	if err := os.MkdirAll(filepath.Dir(s.out), 0o755); err != nil {
		return failure(fmt.Errorf("writing the package: %w", err))
	}
	if err := replaceDir(s.out, files); err != nil {
		return failure(err)
	}
	var archive bytes.Buffer
	if err := kattis.WriteZip(&archive, files); err != nil {
		return failure(err)
	}
	zipPath := s.out + ".zip"
	if err := replaceFile(zipPath, archive.Bytes()); err != nil {
		return failure(err)
	}
	var subs []string
	for _, folder := range slices.Sorted(maps.Keys(report.submissions)) {
		subs = append(subs, fmt.Sprintf("%s %d", folder, report.submissions[folder]))
	}
	// The summary first; the notes, a line each, only when asked.
	fmt.Fprintf(p.stderr, "export: %s as a %s package in %s, %d files; tests: %s; submissions: %s; %s, %d bytes\n",
		s.problem.Name, s.format.Version, s.out, len(files), strings.Join(report.groups, ", "),
		strings.Join(subs, ", "), zipPath, archive.Len())
	switch {
	case s.verbose:
		for _, note := range report.notes {
			fmt.Fprintln(p.stderr, note)
		}
	case len(report.notes) > 0:
		fmt.Fprintf(p.stderr, "export: %d notes on what the package leaves out or moves, and why: --verbose lists them\n", len(report.notes))
	}
	return nil
}

// buildPackage assembles the package of s.problem from the repository at s.root.
func buildPackage(s exportSpec) (*kattis.Package, exportReport, error) {
	pkg := kattis.New(s.format, packageMetadata(s.problem))
	report := exportReport{submissions: map[string]int{}}
	steps := []func(*kattis.Package, exportSpec, *exportReport) error{
		addTests, addCoachTests, addStatements, addValidators, addSubmissions,
	}
	for _, step := range steps {
		if err := step(pkg, s, &report); err != nil {
			return nil, exportReport{}, err
		}
	}
	return pkg, report, nil
}

// addStatements adds the kit's statement of the problem in every language, in the forms the
// format reads: TeX for legacy, with an HTML page that DOMjudge shows; Markdown for 2025-09.
func addStatements(pkg *kattis.Package, s exportSpec, report *exportReport) error {
	dir := s.format.StatementDir
	for _, lang := range statement.Languages {
		var text []byte
		var err error
		ext := "md"
		if s.format.Version == kattis.Legacy.Version {
			ext = "tex"
			text, err = statement.TeX(s.problem.Name, lang, s.problem.Package.Title[lang])
		} else {
			text, err = statement.Markdown(s.problem.Name, lang)
		}
		if err != nil {
			return err
		}
		if err := pkg.Add(kattis.File{Path: dir + "/problem." + lang + "." + ext, Data: text}); err != nil {
			return err
		}
	}
	if s.format.Version != kattis.Legacy.Version {
		return nil
	}
	page, err := statement.HTML(s.problem.Name, s.problem.Package.Title, report.samples)
	if err != nil {
		return err
	}
	return pkg.Add(kattis.File{Path: dir + "/problem.html", Data: page})
}

// groupArgs returns the input validator arguments of a group: --kattis, which makes the C++
// validator exit 42 or 43 as Kattis wants (it speaks testlib's 0 and 3 otherwise), then the
// group's, the problem's default bound made explicit where the manifest gives none.
func groupArgs(check problem.Problem, args []string) []string {
	if len(args) == 0 {
		args = []string{"--min-givens", strconv.Itoa(check.MinGivens)}
	}
	return append([]string{"--kattis"}, args...)
}

// addTests adds the tests of the problem's manifest: the sample group as data/sample, every
// other group (unless --tests replaces them) as a test group of data/secret, each with its
// validator arguments, and the manifest itself under generators/.
func addTests(pkg *kattis.Package, s exportSpec, report *exportReport) error {
	testsDir := filepath.Join(s.root, "tests", s.problem.Name)
	manifestPath := filepath.Join(testsDir, "manifest.txt")
	m, err := manifest.ReadFile(manifestPath)
	if err != nil {
		return err
	}
	for _, g := range m.Groups {
		if s.tests != "" && g.Name != sampleGroup {
			continue
		}
		args := groupArgs(s.problem, g.ValidateArgs)
		if _, err := validator.Rules(s.problem, args); err != nil {
			return fmt.Errorf("%s:%d: group %s: %w", manifestPath, g.Line, g.Name, err)
		}
		dest := kattis.SecretDir + "/" + g.Name
		if g.Name == sampleGroup {
			dest = kattis.SampleDir
		}
		count := 0
		for _, t := range m.InGroup(g.Name) {
			input, answer, note, err := readTest(s.root, testsDir, t)
			if err != nil {
				return err
			}
			if note != "" {
				report.notes = append(report.notes, note)
				continue
			}
			if err := addTestFiles(pkg, dest, t.Name, input, answer); err != nil {
				return err
			}
			if g.Name == sampleGroup {
				report.samples = append(report.samples, statement.Sample{Input: input, Answer: answer})
			}
			count++
		}
		// A group folder holding settings but no test would break the format.
		if count > 0 {
			if err := pkg.Add(kattis.File{Path: dest + "/" + s.format.TestGroupFile, Data: s.format.TestGroupYAML(args)}); err != nil {
				return err
			}
		}
		report.groups = append(report.groups, fmt.Sprintf("%s %d", g.Name, count))
	}
	if s.tests != "" {
		return nil
	}
	return addGenerators(pkg, manifestPath)
}

func addTestFiles(pkg *kattis.Package, dest, name string, input, answer []byte) error {
	for _, f := range []kattis.File{
		{Path: dest + "/" + name + ".in", Data: input},
		{Path: dest + "/" + name + ".ans", Data: answer},
	} {
		if err := pkg.Add(f); err != nil {
			return err
		}
	}
	return nil
}

// coachArgs are the input validator arguments of the --tests group: a coach's inputs may have
// any number of givens, clashing givens, and spaces at the ends of lines.
var coachArgs = []string{"--lenient", "--min-givens", "0", "--allow-conflicts"}

// addCoachTests adds the tests of --tests as the test group coach: every NAME.in with its
// NAME.ans, CRLF line ends made LF as the format wants, each input valid and each answer the
// one the reference solution gives (for classic, one the checker accepts against it).
func addCoachTests(pkg *kattis.Package, s exportSpec, report *exportReport) error {
	if s.tests == "" {
		return nil
	}
	rules, err := validator.Rules(s.problem, coachArgs)
	if err != nil {
		return err
	}
	entries, err := os.ReadDir(s.tests)
	if err != nil {
		return fmt.Errorf("reading --tests: %w", err)
	}
	work, err := os.MkdirTemp("", "bullseye-export-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	reference, err := buildSolution(s.root, s.problem.Reference, work)
	if err != nil {
		return fmt.Errorf("checking --tests: %w", err)
	}
	count, crlf := 0, 0
	for _, e := range entries {
		name, ext := strings.TrimSuffix(e.Name(), filepath.Ext(e.Name())), filepath.Ext(e.Name())
		switch {
		case strings.HasPrefix(e.Name(), "."):
			continue
		case ext != ".in" && ext != ".ans" || e.IsDir():
			report.notes = append(report.notes, fmt.Sprintf("%s: neither NAME.in nor NAME.ans; left out", filepath.Join(s.tests, e.Name())))
			continue
		}
		inPath, ansPath := filepath.Join(s.tests, name+".in"), filepath.Join(s.tests, name+".ans")
		if ext == ".ans" {
			if _, err := os.Stat(inPath); err != nil {
				return fmt.Errorf("%s has no %s", ansPath, filepath.Base(inPath))
			}
			continue
		}
		input, err := os.ReadFile(inPath)
		if err != nil {
			return fmt.Errorf("reading --tests: %w", err)
		}
		answer, err := os.ReadFile(ansPath)
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s has no %s", inPath, filepath.Base(ansPath))
		}
		if err != nil {
			return fmt.Errorf("reading --tests: %w", err)
		}
		if bytes.Contains(input, []byte("\r\n")) || bytes.Contains(answer, []byte("\r\n")) {
			input, answer = bytes.ReplaceAll(input, []byte("\r\n"), []byte("\n")), bytes.ReplaceAll(answer, []byte("\r\n"), []byte("\n"))
			crlf++
		}
		if _, err := s.problem.Validate(bytes.NewReader(input), inPath, rules); err != nil {
			return fmt.Errorf("--tests: %w", err)
		}
		got, err := runSolution(context.Background(), reference, work, input)
		if err != nil {
			return fmt.Errorf("--tests: %s: %w", inPath, err)
		}
		// The coach's answer is judged as an output against the reference's: for target the
		// same score, for classic a right answer to every puzzle.
		if j := s.problem.Check(bytes.NewReader(input), bytes.NewReader(answer), bytes.NewReader(got)); j.Result != testlib.OK {
			return fmt.Errorf("--tests: %s disagrees with the reference solution, which answers %q: %v", ansPath, firstLine(got), j)
		}
		if err := addTestFiles(pkg, kattis.SecretDir+"/"+coachGroup, name, input, answer); err != nil {
			return fmt.Errorf("--tests: %w", err)
		}
		count++
	}
	if count == 0 {
		return fmt.Errorf("--tests %s holds no NAME.in with its NAME.ans", s.tests)
	}
	if crlf > 0 {
		report.notes = append(report.notes, fmt.Sprintf("--tests: %d tests had CRLF line ends, written with LF as the format wants", crlf))
	}
	report.groups = append(report.groups, fmt.Sprintf("%s %d", coachGroup, count))
	return pkg.Add(kattis.File{Path: kattis.SecretDir + "/" + coachGroup + "/" + s.format.TestGroupFile, Data: s.format.TestGroupYAML(coachArgs)})
}

func firstLine(b []byte) string {
	line, _, _ := strings.Cut(string(b), "\n")
	return line
}

// readTest reads the input and answer of a test of the manifest. A file test whose files are
// absent is skipped, with a note saying so; a generated or climbed test must be in the test set.
func readTest(root, testsDir string, t manifest.Test) (input, answer []byte, note string, err error) {
	inPath := filepath.Join(testsDir, t.Group, t.Name+".in")
	ansPath := filepath.Join(testsDir, t.Group, t.Name+".ans")
	if t.FromFiles() {
		inPath = filepath.Join(root, filepath.FromSlash(t.Input))
		ansPath = filepath.Join(root, filepath.FromSlash(t.Answer))
	}
	input, err = os.ReadFile(inPath)
	if t.FromFiles() && errors.Is(err, fs.ErrNotExist) {
		return nil, nil, fmt.Sprintf("%s: %s is absent here; the package has no such test", t.Key(), t.Input), nil
	}
	if err != nil {
		return nil, nil, "", fmt.Errorf("reading test %s: %w (go run ./generator suite makes the test set)", t.Key(), err)
	}
	answer, err = os.ReadFile(ansPath)
	if err != nil {
		return nil, nil, "", fmt.Errorf("reading test %s: %w", t.Key(), err)
	}
	return input, answer, "", nil
}

// addGenerators adds the manifest the tests were made from, and a note on how.
func addGenerators(pkg *kattis.Package, manifestPath string) error {
	data, err := os.ReadFile(manifestPath)
	if err != nil {
		return fmt.Errorf("reading manifest: %w", err)
	}
	readme := "The tests of this package were made by the generator of the bullseye kit from\n" +
		"manifest.txt, one line per test. In the kit, `go run ./generator suite` makes every\n" +
		"generated test again, byte for byte, and validates and answers it with the reference\n" +
		"solution; a test the manifest names by its files (the statement's samples) is copied\n" +
		"from them.\n"
	for _, f := range []kattis.File{
		{Path: kattis.GeneratorsDir + "/manifest.txt", Data: data},
		{Path: kattis.GeneratorsDir + "/README.txt", Data: []byte(readme)},
	} {
		if err := pkg.Add(f); err != nil {
			return err
		}
	}
	return nil
}

// addValidators adds the C++ input and output validators, each a program folder of one source
// file that the judging system compiles as it compiles C++ (no build script: DOMjudge and
// problemtools both build a lone .cpp file themselves).
func addValidators(pkg *kattis.Package, s exportSpec, _ *exportReport) error {
	for _, v := range []struct{ source, dest string }{
		{s.problem.Package.InputValidator, kattis.InputValidatorsDir + "/validate/validate.cpp"},
		{s.problem.Package.OutputValidator, s.format.OutputValidatorDir + "/check.cpp"},
	} {
		data, err := os.ReadFile(filepath.Join(s.root, filepath.FromSlash(v.source)))
		if err != nil {
			return fmt.Errorf("reading the validator: %w", err)
		}
		if err := pkg.Add(kattis.File{Path: v.dest, Data: data}); err != nil {
			return err
		}
	}
	return nil
}

// addSubmissions adds the C++ solution as the accepted submission, and the planted submissions
// of s.submissions whose verdict the engines give for certain: each verdict folder there goes
// where plantedFolders says, leaving out languages a default DOMjudge or problemtools does not
// run and programs that use the contest's files instead of standard input and output.
func addSubmissions(pkg *kattis.Package, s exportSpec, report *exportReport) error {
	accepted, err := os.ReadFile(filepath.Join(s.root, filepath.FromSlash(s.problem.Package.Accepted)))
	if err != nil {
		return fmt.Errorf("reading the accepted submission: %w", err)
	}
	name := path.Base(s.problem.Package.Accepted)
	if err := pkg.Add(kattis.File{Path: kattis.SubmissionsDir + "/accepted/" + name, Data: accepted}); err != nil {
		return err
	}
	report.submissions["accepted"]++
	if s.submissions == "" {
		return nil
	}
	entries, err := os.ReadDir(s.submissions)
	if errors.Is(err, fs.ErrNotExist) {
		report.notes = append(report.notes, fmt.Sprintf("%s is absent here; the package has no planted submissions", s.submissions))
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading planted submissions: %w", err)
	}
	for _, e := range entries {
		dir := filepath.Join(s.submissions, e.Name())
		planted, known := plantedFolders[e.Name()]
		switch {
		case strings.HasPrefix(e.Name(), "."):
			continue
		case !e.IsDir() || !known:
			report.notes = append(report.notes, fmt.Sprintf("%s: not a verdict folder of the kit; left out", dir))
			continue
		case planted.folder == "":
			report.notes = append(report.notes, fmt.Sprintf("%s: left out: %s", dir, planted.why))
			continue
		case planted.slow && s.tests != "":
			report.notes = append(report.notes, fmt.Sprintf("%s: left out: correct but slow only on the kit's hard group, which --tests replaces", dir))
			continue
		case planted.why != "":
			report.notes = append(report.notes, fmt.Sprintf("%s: %s", dir, planted.why))
		}
		added, err := addSubmissionFolder(pkg, s.format, dir, planted.folder, report)
		if err != nil {
			return err
		}
		for _, added := range added {
			folder, name := path.Split(added)
			folder = strings.TrimSuffix(folder, "/")
			report.submissions[folder]++
			if class, ok := strings.CutSuffix(name, ".java"); ok && class != "Main" && s.format.HasSubmissionsYAML {
				pkg.Submissions = append(pkg.Submissions, kattis.SubmissionRule{Pattern: added, Entrypoint: class})
			}
		}
	}
	return nil
}

// addSubmissionFolder copies the single-file submissions of dir into folder of submissions/, or
// where plantedFiles places one, and returns their paths under submissions/, noting each one it
// leaves out or moves and why.
func addSubmissionFolder(pkg *kattis.Package, format kattis.Format, dir, folder string, report *exportReport) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("reading planted submissions: %w", err)
	}
	var added []string
	for _, e := range entries {
		file := filepath.Join(dir, e.Name())
		switch {
		case strings.HasPrefix(e.Name(), "."):
			continue
		case !e.Type().IsRegular():
			report.notes = append(report.notes, fmt.Sprintf("%s: not a single source file; left out", file))
			continue
		case !slices.Contains(packageLanguages, filepath.Ext(e.Name())):
			why, ok := otherLanguages[filepath.Ext(e.Name())]
			if !ok {
				why = "not a language both engines run by default"
			}
			report.notes = append(report.notes, fmt.Sprintf("%s: left out: %s", file, why))
			continue
		}
		into := folder
		if placed, ok := plantedFiles[filepath.Base(dir)+"/"+e.Name()]; ok {
			if placed.folder == "" {
				report.notes = append(report.notes, fmt.Sprintf("%s: left out: %s", file, placed.why))
				continue
			}
			if placed.domjudge && !slices.Contains(format.DOMjudgeFolders, placed.folder) {
				report.notes = append(report.notes, fmt.Sprintf("%s: left out: %s; DOMjudge's own %s/ is no folder of format %s, whose verifiers "+
					"would need a rule for it in submissions.yaml, which DOMjudge's import takes for a submission in an unknown language",
					file, placed.why, placed.folder, format.Version))
				continue
			}
			into = placed.folder
			report.notes = append(report.notes, fmt.Sprintf("%s: %s", file, placed.why))
		}
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, fmt.Errorf("reading planted submissions: %w", err)
		}
		if bytes.Contains(data, []byte("sudoku.in")) || bytes.Contains(data, []byte("sudoku.out")) {
			report.notes = append(report.notes, fmt.Sprintf("%s: left out: it uses sudoku.in or sudoku.out, and a package's submissions read standard input and write standard output", file))
			continue
		}
		if err := pkg.Add(kattis.File{Path: kattis.SubmissionsDir + "/" + into + "/" + e.Name(), Data: data}); err != nil {
			return nil, err
		}
		added = append(added, into+"/"+e.Name())
	}
	return added, nil
}

// replaceDir writes files as folder dir, replacing an earlier export: the new tree is written
// beside it first, so that a failed export leaves the old one whole.
func replaceDir(dir string, files []kattis.File) error {
	staging, err := os.MkdirTemp(filepath.Dir(dir), "."+filepath.Base(dir)+"-export-")
	if err != nil {
		return fmt.Errorf("writing the package: %w", err)
	}
	defer os.RemoveAll(staging)
	fresh := filepath.Join(staging, filepath.Base(dir))
	if err := kattis.WriteDir(fresh, files); err != nil {
		return err
	}
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("replacing the earlier export: %w", err)
	}
	if err := os.Rename(fresh, dir); err != nil {
		return fmt.Errorf("writing the package: %w", err)
	}
	return nil
}

// replaceFile writes data to path through a file beside it, so that a failed write leaves the
// old file whole.
func replaceFile(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+"-")
	if err != nil {
		return fmt.Errorf("writing the zip: %w", err)
	}
	defer os.Remove(f.Name())
	_, err = f.Write(data)
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		return fmt.Errorf("writing the zip: %w", err)
	}
	return nil
}
