// Package kattis assembles problem packages in the Kattis problem package format, in two of its
// versions (see Format): legacy, the base of DOMjudge's import and the version Kattis
// problemtools verifies, and 2025-09, the current specification. It holds the metadata of
// problem.yaml, the files by path and the rules the format sets on their names and layout, and
// writes the package as a folder or as a zip archive that DOMjudge's problem import accepts.
//
// A package built here is checked before it is written: every name matches the format's
// pattern; problem.yaml has its required keys; a statement exists for exactly the languages of
// the problem's name; data/secret holds test cases or test groups but not both; every input has
// its answer, and every test file is UTF-8 text with LF line ends and a final newline; there is
// an accepted submission and an input validator.
package kattis

import (
	"errors"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// Folders and files of a package, as the format names them.
const (
	ProblemYAML        = "problem.yaml"
	DOMjudgeINI        = "domjudge-problem.ini"
	SampleDir          = "data/sample"
	SecretDir          = "data/secret"
	InputValidatorsDir = "input_validators"
	SubmissionsDir     = "submissions"
	GeneratorsDir      = "generators"
)

// namePattern is the pattern every file and folder name of a package must match.
var namePattern = regexp.MustCompile(`^[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,254}$`)

// packageNamePattern is the pattern of the name of the package folder itself.
var packageNamePattern = regexp.MustCompile(`^[a-z0-9]+$`)

// CheckPackageName checks the name of a package folder: lower-case letters and digits only.
func CheckPackageName(name string) error {
	if !packageNamePattern.MatchString(name) {
		return fmt.Errorf("package folder name %q: want lower-case letters a-z and digits only", name)
	}
	return nil
}

// File is one file of a package.
type File struct {
	Path       string // slash-separated, relative to the package folder
	Data       []byte
	Executable bool // a build or run script, which the format runs
}

// Package is a problem package being assembled.
type Package struct {
	Format   Format
	Metadata Metadata
	// Submissions are the rules of submissions/submissions.yaml, written from them; none
	// writes no file.
	Submissions []SubmissionRule
	files       map[string]File
}

// New returns an empty package in format f with metadata m; problem.yaml (and, in legacy,
// domjudge-problem.ini) is written from it.
func New(f Format, m Metadata) *Package {
	return &Package{Format: f, Metadata: m, files: map[string]File{}}
}

// Add adds a file. Its path must be clean and relative, every name in it must match the
// format's pattern, and no file may be added twice or where a folder is.
func (p *Package) Add(f File) error {
	if err := checkPath(f.Path); err != nil {
		return err
	}
	if f.Path == ProblemYAML || f.Path == DOMjudgeINI || f.Path == SubmissionsDir+"/"+SubmissionsYAML {
		return fmt.Errorf("%s is written from the package's metadata, not added", f.Path)
	}
	if _, ok := p.files[f.Path]; ok {
		return fmt.Errorf("%s is added twice", f.Path)
	}
	for other := range p.files {
		if strings.HasPrefix(other, f.Path+"/") || strings.HasPrefix(f.Path, other+"/") {
			return fmt.Errorf("%s and %s: a path is both a file and a folder", f.Path, other)
		}
	}
	p.files[f.Path] = f
	return nil
}

// checkPath checks a file's path against the format's naming rules.
func checkPath(p string) error {
	if p == "" || path.IsAbs(p) || path.Clean(p) != p || strings.HasPrefix(p, "../") {
		return fmt.Errorf("path %q: want a clean relative path", p)
	}
	for _, name := range strings.Split(p, "/") {
		if !namePattern.MatchString(name) {
			return fmt.Errorf("path %q: name %q does not match %s", p, name, namePattern)
		}
	}
	return nil
}

// Files returns every file of the package, problem.yaml and submissions.yaml included, sorted by
// path, once the package passes Check.
func (p *Package) Files() ([]File, error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	yaml, err := p.Metadata.YAML(p.Format)
	if err != nil {
		return nil, err
	}
	files := []File{{Path: ProblemYAML, Data: yaml}}
	if p.Format.Version == Legacy.Version {
		files = append(files, File{Path: DOMjudgeINI, Data: p.Metadata.DOMjudgeINI()})
	}
	rules, err := p.submissionsYAML()
	if err != nil {
		return nil, err
	}
	if rules != nil {
		files = append(files, File{Path: SubmissionsDir + "/" + SubmissionsYAML, Data: rules})
	}
	for _, f := range p.files {
		files = append(files, f)
	}
	slices.SortFunc(files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return files, nil
}

// Check checks the package against the format's rules on its layout; the error lists every
// fault found.
func (p *Package) Check() error {
	var faults []error
	if err := p.Metadata.Check(); err != nil {
		faults = append(faults, err)
	}
	faults = append(faults, p.checkStatements()...)
	faults = append(faults, p.checkData()...)
	if len(p.under(SubmissionsDir+"/accepted")) == 0 {
		faults = append(faults, errors.New("no accepted submission: submissions/accepted is empty"))
	}
	if len(p.programs(InputValidatorsDir)) == 0 {
		faults = append(faults, errors.New("no input validator: input_validators is empty"))
	}
	if len(p.programs(InputValidatorsDir)) > 1 {
		faults = append(faults, errors.New("more than one input validator: DOMjudge imports only one program folder"))
	}
	if len(p.under(p.Format.OutputValidatorDir)) == 0 {
		faults = append(faults, fmt.Errorf("no output validator: %s is empty", p.Format.OutputValidatorDir))
	}
	faults = append(faults, p.checkSubmissions()...)
	faults = append(faults, p.checkPrograms()...)
	return errors.Join(faults...)
}

// under returns the paths of the files under folder dir, sorted.
func (p *Package) under(dir string) []string {
	var paths []string
	for name := range p.files {
		if strings.HasPrefix(name, dir+"/") {
			paths = append(paths, name)
		}
	}
	slices.Sort(paths)
	return paths
}

// programs returns the names of the programs in folder dir: each file or folder right under it.
func (p *Package) programs(dir string) []string {
	var names []string
	for _, name := range p.under(dir) {
		first, _, _ := strings.Cut(strings.TrimPrefix(name, dir+"/"), "/")
		if !slices.Contains(names, first) {
			names = append(names, first)
		}
	}
	return names
}

// checkStatements checks that the statement folder holds problem.LANG.EXT for exactly the
// languages of the problem's name.
func (p *Package) checkStatements() []error {
	var faults []error
	languages := map[string]bool{}
	dir, exts := p.Format.StatementDir, p.Format.StatementExts
	for _, name := range p.under(dir) {
		base := strings.TrimPrefix(name, dir+"/")
		parts := strings.Split(base, ".")
		if len(parts) != 3 || parts[0] != "problem" {
			continue // an auxiliary file, such as an image, or DOMjudge's problem.html
		}
		if !slices.Contains(exts, parts[2]) {
			faults = append(faults, fmt.Errorf("%s: a statement of format %s is .%s", name, p.Format.Version, strings.Join(exts, ", .")))
			continue
		}
		languages[parts[1]] = true
	}
	for _, lang := range sortedKeys(p.Metadata.Name) {
		if !languages[lang] {
			faults = append(faults, fmt.Errorf("the name has language %q but %s/ has no problem.%s statement", lang, dir, lang))
		}
	}
	for _, lang := range sortedKeys(languages) {
		if _, ok := p.Metadata.Name[lang]; !ok {
			faults = append(faults, fmt.Errorf("%s/ has a %q statement but the name has no %q entry", dir, lang, lang))
		}
	}
	if len(languages) == 0 {
		faults = append(faults, fmt.Errorf("no statement: %s/ has no problem.LANG.%s", dir, strings.Join(exts, ", .")))
	}
	return faults
}

// checkData checks the test data: sample without groups, secret with test cases or groups but
// not both, every .in with its .ans and the other way round, and test files as text the format
// accepts.
func (p *Package) checkData() []error {
	var faults []error
	secretCases, secretGroups := false, false
	groupCases := map[string]int{} // test cases by test group of data/secret
	for _, name := range p.under("data") {
		rel := strings.TrimPrefix(name, "data/")
		ext := path.Ext(name)
		switch {
		case strings.HasPrefix(rel, "sample/") && strings.Contains(strings.TrimPrefix(rel, "sample/"), "/"):
			faults = append(faults, fmt.Errorf("%s: data/sample may hold no folders", name))
		case strings.HasPrefix(rel, "secret/"):
			if group, _, inGroup := strings.Cut(strings.TrimPrefix(rel, "secret/"), "/"); inGroup {
				secretGroups = true
				groupCases[group] += boolInt(ext == ".in")
			} else if ext == ".in" {
				secretCases = true
			}
		}
		if ext != ".in" && ext != ".ans" {
			continue
		}
		other := strings.TrimSuffix(name, ext) + map[string]string{".in": ".ans", ".ans": ".in"}[ext]
		if _, ok := p.files[other]; !ok {
			faults = append(faults, fmt.Errorf("%s has no %s", name, path.Base(other)))
		}
		if err := checkText(p.files[name].Data); err != nil {
			faults = append(faults, fmt.Errorf("%s: %w", name, err))
		}
	}
	for _, group := range sortedKeys(groupCases) {
		if groupCases[group] == 0 {
			faults = append(faults, fmt.Errorf("test group data/secret/%s has no test case", group))
		}
	}
	switch {
	case secretCases && secretGroups:
		faults = append(faults, errors.New("data/secret holds both test cases and test groups"))
	case !secretCases && !secretGroups:
		faults = append(faults, errors.New("no secret test case: data/secret is empty"))
	}
	return faults
}

// checkText checks a text file as the format wants it: UTF-8 without a byte-order mark, LF line
// ends, and a final newline unless it is empty.
func checkText(data []byte) error {
	switch {
	case len(data) >= 3 && string(data[:3]) == "\uFEFF":
		return errors.New("starts with a byte-order mark")
	case !utf8.Valid(data):
		return errors.New("is not UTF-8 text")
	case strings.Contains(string(data), "\r"):
		return errors.New("has a carriage return: the format wants LF line ends")
	case len(data) > 0 && data[len(data)-1] != '\n':
		return errors.New("does not end with a newline")
	}
	return nil
}

// checkPrograms checks that a program folder's build and run scripts are executable, as the
// format runs them.
func (p *Package) checkPrograms() []error {
	var faults []error
	for _, dir := range []string{InputValidatorsDir, p.Format.OutputValidatorDir} {
		for name, f := range p.files {
			if !strings.HasPrefix(name, dir+"/") {
				continue
			}
			if base := path.Base(name); (base == "build" || base == "run") && !f.Executable {
				faults = append(faults, fmt.Errorf("%s is not executable", name))
			}
		}
	}
	slices.SortFunc(faults, func(a, b error) int { return strings.Compare(a.Error(), b.Error()) })
	return faults
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
