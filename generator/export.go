package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"bullseye/internal/kattis"
	"bullseye/internal/kattis/goprogram"
	"bullseye/internal/kattis/validator"
	"bullseye/internal/manifest"
	"bullseye/internal/problem"
	"bullseye/internal/statement"
)

// modulePath is the kit's Go module, whose packages the exported validators are built from.
const modulePath = "bullseye"

// validatorGoVersion is the oldest Go that builds the exported validators: the kit's packages
// need Go 1.22 (range over integers), and a judge host's toolchain is often older than the
// kit's. The export test vets the validators' sources at this version.
const validatorGoVersion = "1.22"

// sampleGroup is the manifest group that becomes the package's samples; every other group is a
// test group of data/secret.
const sampleGroup = "sample"

// plantedFolder says where the submissions of one verdict folder of the kit's planted
// submissions go in a package, and what the package then requires of them. The kit plants them
// for the official-shaped tests; the hard group, made to defeat enumerating search, can give an
// enumerating one a timeout where its folder says otherwise.
type plantedFolder struct {
	folder string // the package's folder; "" leaves the kit's folder out
	// rule is what submissions.yaml requires of the folder; nil leaves the format's default.
	permitted, required []string
	why                 string // why the folder is left out or moved, for the export's notes
}

// plantedFolders maps the kit's verdict folders to the package's.
var plantedFolders = map[string]plantedFolder{
	// Accepted on the official-shaped tests, they are correct but too slow for the hard group:
	// the format's brute_force. Only the reference, accepted on every test, is in accepted/.
	"accepted": {folder: "brute_force", why: "accepted on the official-shaped tests only: in brute_force/, correct but out of time on the hard group"},
	// A wrong search may run out of time on the hard group before it goes wrong.
	"wrong_answer":        {folder: "wrong_answer", permitted: []string{"AC", "WA", "TLE"}},
	"time_limit_exceeded": {folder: "time_limit_exceeded"},
	"run_time_error":      {folder: "run_time_error"},
	"rejected":            {folder: "rejected"},
	"brute_force":         {folder: "brute_force"},
	// The format has no such verdicts: such a program ends as a run-time error, a timeout or a
	// cut output, which is all a package can require.
	"memory_limit_exceeded": {folder: "memory_limit_exceeded", required: []string{"RTE", "TLE", "WA"}},
	"output_limit_exceeded": {folder: "output_limit_exceeded", required: []string{"RTE", "TLE", "WA"}},
	"compile_error":         {why: "the format has no compile-error verdict: every submission of a package must build"},
	"security":              {why: "attacks on the judge's sandbox, which a judging system importing the package would run as jury submissions"},
}

// exportProblem is what the package of one of the kit's problems says beyond its tests.
type exportProblem struct {
	name     string
	metadata kattis.Metadata
	// solution is the reference solution's source, relative to the repository root.
	solution string
	// submissions is the folder of planted submissions by verdict, relative to the repository
	// root; "" when the problem has none.
	submissions string
}

// exportProblems are the kit's problems as packages. Both use the time and memory limits of the
// original contest.
func exportProblems() []exportProblem {
	return []exportProblem{
		{
			name: "target",
			metadata: kattis.Metadata{
				Name:      map[string]string{"en": "Target Sudoku", "zh": "靶形数独"},
				UUID:      "b0d5eb02-dcfe-4917-86b6-a16975e5ac4e",
				Source:    "NOIP 2009",
				License:   "educational",
				TimeLimit: 2,
				MemoryMiB: 128,
				Keywords:  []string{"sudoku", "search", "optimization", "branch and bound"},
			},
			solution:    "solution/main.go",
			submissions: "tests/submissions",
		},
		{
			name: "classic",
			metadata: kattis.Metadata{
				Name:        map[string]string{"en": "Sudoku", "zh": "数独"},
				UUID:        "974bfe53-ba51-421a-8cb5-971d8e758ccc",
				License:     "educational",
				RightsOwner: "bullseye contributors",
				TimeLimit:   2,
				MemoryMiB:   128,
				Keywords:    []string{"sudoku", "search", "exact cover"},
			},
			solution: "solution/classic/main.go",
		},
	}
}

func (p *program) exportCommand() *cli.Command {
	return &cli.Command{
		Name:  "export",
		Usage: "write a problem as a Kattis problem package (folder and zip) for Kattis and DOMjudge",
		Description: "Writes --out DIR, a problem package in the Kattis problem package format, version\n" +
			kattis.FormatVersion + " (the current one), and the same package as DIR.zip, which DOMjudge's problem\n" +
			"import takes. DIR's name must be lower-case letters and digits; a DIR that holds an\n" +
			"earlier export is replaced, any other existing DIR is left alone. The package holds:\n\n" +
			"  problem.yaml                 name (en, zh), uuid, source, license, limits (2 s, 128 MiB)\n" +
			"  statement/problem.{en,zh}.md the kit's statement, with the weight table\n" +
			"  data/sample/                 the manifest's sample group, where its files are present\n" +
			"  data/secret/GROUP/           every other group of tests/PROBLEM/manifest.txt, with\n" +
			"                               test_group.yaml carrying the group's validator arguments\n" +
			"  input_validators/validate/   the kit's input validator, exit 42 valid, 43 invalid\n" +
			"  output_validator/            the kit's checker as the format calls it:\n" +
			"                               run INPUT ANSWER FEEDBACK_DIR < OUTPUT, 42 accepted,\n" +
			"                               43 wrong answer, the verdict in judgemessage.txt\n" +
			"  submissions/accepted/        the reference solution\n" +
			"  submissions/VERDICT/         the planted submissions of --submissions, by verdict folder:\n" +
			"                               wrong_answer, time_limit_exceeded, run_time_error,\n" +
			"                               memory_limit_exceeded, output_limit_exceeded; accepted\n" +
			"                               ones as brute_force (too slow for the hard group);\n" +
			"                               compile_error and security left out; the rules in\n" +
			"                               submissions/submissions.yaml\n" +
			"  generators/                  the manifest the tests were made from\n\n" +
			"The validators are Go source, flat in their folder, with a build script that the\n" +
			"judging system runs: it needs Go " + validatorGoVersion + " or later on the judge host. The same tree\n" +
			"gives the same bytes, the zip included.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "problem", Value: "target", Usage: "the problem: target or classic"},
			&cli.StringFlag{Name: "out", Usage: "the package folder to write; DIR.zip is written beside it (required)"},
			&cli.StringFlag{Name: "root", Value: ".", Usage: "the repository root, holding tests/, solution/ and internal/"},
			&cli.StringFlag{Name: "submissions", Usage: "folder of planted submissions, one subfolder per verdict (default: ROOT/tests/submissions for target, none for classic)"},
		},
		OnUsageError: onUsageError,
		Action:       p.export,
	}
}

// exportSpec is a checked export command line.
type exportSpec struct {
	problem     exportProblem
	root, out   string
	submissions string // "" for none
}

func (p *program) export(ctx *cli.Context) error {
	if err := noArguments(ctx); err != nil {
		return err
	}
	s := exportSpec{root: ctx.String("root"), out: ctx.String("out")}
	var names []string
	for _, prob := range exportProblems() {
		names = append(names, prob.name)
		if prob.name == ctx.String("problem") {
			s.problem = prob
		}
	}
	if s.problem.name == "" {
		return usageError("--problem %q is not one of %s", ctx.String("problem"), strings.Join(names, ", "))
	}
	if s.out == "" {
		return usageError("--out is required: the package folder to write")
	}
	s.out = filepath.Clean(s.out)
	if err := kattis.CheckPackageName(filepath.Base(s.out)); err != nil {
		return usageError("--out %s: %v", s.out, err)
	}
	if err := checkReplaceable(s.out); err != nil {
		return usageError("--out %s: %v", s.out, err)
	}
	switch {
	case ctx.IsSet("submissions"):
		s.submissions = ctx.String("submissions")
	case s.problem.submissions != "":
		s.submissions = filepath.Join(s.root, filepath.FromSlash(s.problem.submissions))
	}
	return p.later(func() error { return p.runExport(s) })
}

// checkReplaceable refuses an existing --out that is not an earlier export: the export removes
// what it replaces.
func checkReplaceable(out string) error {
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
	if _, err := os.Stat(filepath.Join(out, kattis.ProblemYAML)); err != nil {
		return fmt.Errorf("exists and holds no %s, so it is not an earlier export; refusing to replace it", kattis.ProblemYAML)
	}
	return nil
}

// exportReport counts what went into a package, for the summary line.
type exportReport struct {
	groups      []string       // "sample 2", "official 20", ...
	submissions map[string]int // by verdict folder
	notes       []string
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
	for _, note := range report.notes {
		fmt.Fprintln(p.stderr, note)
	}
	var subs []string
	for _, folder := range slices.Sorted(maps.Keys(report.submissions)) {
		subs = append(subs, fmt.Sprintf("%s %d", folder, report.submissions[folder]))
	}
	fmt.Fprintf(p.stderr, "export: %s as a %s package in %s, %d files; tests: %s; submissions: %s; %s, %d bytes\n",
		s.problem.name, kattis.FormatVersion, s.out, len(files), strings.Join(report.groups, ", "),
		strings.Join(subs, ", "), zipPath, archive.Len())
	return nil
}

// buildPackage assembles the package of s.problem from the repository at s.root.
func buildPackage(s exportSpec) (*kattis.Package, exportReport, error) {
	pkg := kattis.New(s.problem.metadata)
	report := exportReport{submissions: map[string]int{}}
	steps := []func(*kattis.Package, exportSpec, *exportReport) error{
		addStatements, addTests, addValidators, addSubmissions,
	}
	for _, step := range steps {
		if err := step(pkg, s, &report); err != nil {
			return nil, exportReport{}, err
		}
	}
	return pkg, report, nil
}

// addStatements adds the kit's statement of the problem in every language.
func addStatements(pkg *kattis.Package, s exportSpec, _ *exportReport) error {
	for _, lang := range statement.Languages {
		text, err := statement.Markdown(s.problem.name, lang)
		if err != nil {
			return err
		}
		if err := pkg.Add(kattis.File{Path: kattis.StatementDir + "/problem." + lang + ".md", Data: text}); err != nil {
			return err
		}
	}
	return nil
}

// addTests adds the tests of the problem's manifest: the sample group as data/sample, every
// other group as a test group of data/secret with its validator arguments, and the manifest
// itself under generators/.
func addTests(pkg *kattis.Package, s exportSpec, report *exportReport) error {
	testsDir := filepath.Join(s.root, "tests", s.problem.name)
	manifestPath := filepath.Join(testsDir, "manifest.txt")
	m, err := manifest.ReadFile(manifestPath)
	if err != nil {
		return err
	}
	check, err := problem.Lookup(s.problem.name)
	if err != nil {
		return err
	}
	for _, g := range m.Groups {
		// The exported validator must read the group's arguments as `checker validate` does.
		if _, err := validator.Rules(check, g.ValidateArgs); err != nil {
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
			for _, f := range []kattis.File{
				{Path: dest + "/" + t.Name + ".in", Data: input},
				{Path: dest + "/" + t.Name + ".ans", Data: answer},
			} {
				if err := pkg.Add(f); err != nil {
					return err
				}
			}
			count++
		}
		// A group folder holding settings but no test would break the format.
		if settings := kattis.TestGroupYAML(g.ValidateArgs); settings != nil && count > 0 {
			if err := pkg.Add(kattis.File{Path: dest + "/" + kattis.TestGroupFile, Data: settings}); err != nil {
				return err
			}
		}
		report.groups = append(report.groups, fmt.Sprintf("%s %d", g.Name, count))
	}
	return addGenerators(pkg, manifestPath)
}

// readTest reads the input and answer of a test of the manifest. A file test whose files are
// absent is skipped, with a note saying so; a generated test must be in the test set.
func readTest(root, testsDir string, t manifest.Test) (input, answer []byte, note string, err error) {
	inPath := filepath.Join(testsDir, t.Group, t.Name+".in")
	ansPath := filepath.Join(testsDir, t.Group, t.Name+".ans")
	if !t.Generated() {
		inPath = filepath.Join(root, filepath.FromSlash(t.Input))
		ansPath = filepath.Join(root, filepath.FromSlash(t.Answer))
	}
	input, err = os.ReadFile(inPath)
	if !t.Generated() && errors.Is(err, fs.ErrNotExist) {
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

// validatorMain is the whole of a validator's package main: %s is what the program is, %s the
// function of package validator it calls and %q the problem. Keeping it this small keeps the
// program's imports, and so its build on a judge host, small.
const validatorMain = `// Command run is %s.
// The build script beside it builds it; see README.
package main

import (
	"os"

	"bullseye/internal/kattis/validator"
)

func main() {
	os.Exit(validator.%s(%q, os.Args[1:], os.Stdin, os.Stderr))
}
`

// addValidators adds the input validator and the output validator as Go program folders built
// from the kit's packages.
func addValidators(pkg *kattis.Package, s exportSpec, _ *exportReport) error {
	module := goprogram.Module{Path: modulePath, Root: s.root, GoVersion: validatorGoVersion}
	name := s.problem.name
	programs := []struct {
		dir, function, subject, usage string
	}{
		{kattis.InputValidatorsDir + "/validate", "RunInput",
			"the input validator of the " + name + " sudoku problem",
			"Called as ./run [--min-givens N] [--allow-conflicts] [--lenient] < INPUT, the flags of\n" +
				"`checker validate`, it exits 42 when the input is valid and 43 when it is not."},
		{kattis.OutputValidatorDir, "RunOutput",
			"the output validator of the " + name + " sudoku problem, the kit's checker",
			"Called as ./run INPUT ANSWER FEEDBACK_DIR < OUTPUT, it exits 42 when the output is accepted\n" +
				"and 43 when it is wrong, and writes why to FEEDBACK_DIR/judgemessage.txt."},
	}
	for _, prog := range programs {
		main := fmt.Sprintf(validatorMain, prog.subject, prog.function, name)
		about := "This is " + prog.subject + ".\n" + prog.usage
		files, err := module.Folder([]byte(main), about)
		if err != nil {
			return fmt.Errorf("%s: %w", prog.dir, err)
		}
		for _, f := range files {
			f.Path = prog.dir + "/" + f.Path
			if err := pkg.Add(f); err != nil {
				return err
			}
		}
	}
	return nil
}

// addSubmissions adds the reference solution as the accepted submission, and the planted
// submissions of s.submissions: each verdict folder there is copied, with its files and folders,
// where plantedFolders says, and submissions.yaml gets the rules that go with it and the entry
// point of every Java submission whose class is not the format's default, Main.
func addSubmissions(pkg *kattis.Package, s exportSpec, report *exportReport) error {
	reference, err := os.ReadFile(filepath.Join(s.root, filepath.FromSlash(s.problem.solution)))
	if err != nil {
		return fmt.Errorf("reading the reference solution: %w", err)
	}
	if err := pkg.Add(kattis.File{Path: kattis.SubmissionsDir + "/accepted/reference.go", Data: reference}); err != nil {
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
		case planted.why != "":
			report.notes = append(report.notes, fmt.Sprintf("%s: %s", dir, planted.why))
		}
		submissions, err := addSubmissionFolder(pkg, dir, planted.folder)
		if err != nil {
			return err
		}
		report.submissions[planted.folder] += len(submissions)
		if (planted.permitted != nil || planted.required != nil) && !hasRule(pkg, planted.folder) {
			pkg.Submissions = append(pkg.Submissions, kattis.SubmissionRule{Pattern: planted.folder, Permitted: planted.permitted, Required: planted.required})
		}
		for _, name := range submissions {
			if class, ok := strings.CutSuffix(name, ".java"); ok && class != "Main" {
				pkg.Submissions = append(pkg.Submissions, kattis.SubmissionRule{Pattern: planted.folder + "/" + name, Entrypoint: class})
			}
		}
	}
	return nil
}

// hasRule reports whether the package has a rule for pattern already.
func hasRule(pkg *kattis.Package, pattern string) bool {
	return slices.ContainsFunc(pkg.Submissions, func(r kattis.SubmissionRule) bool { return r.Pattern == pattern })
}

// addSubmissionFolder copies the submissions of dir into folder of submissions/ and returns
// their names: each file or folder right under dir is one submission. Hidden files are left
// out, as the format ignores them.
func addSubmissionFolder(pkg *kattis.Package, dir, folder string) ([]string, error) {
	var names []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path == dir {
			return nil
		}
		if strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if !strings.Contains(rel, "/") {
			names = append(names, rel)
		}
		if d.IsDir() {
			return nil
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s is not a regular file", path)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return pkg.Add(kattis.File{Path: kattis.SubmissionsDir + "/" + folder + "/" + rel, Data: data})
	})
	if err != nil {
		return nil, fmt.Errorf("reading planted submissions: %w", err)
	}
	return names, nil
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
