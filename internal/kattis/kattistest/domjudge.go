package kattistest

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// DOMjudgeImport is what DOMjudge's problem import (its ImportProblemService, as of 2026) takes
// from a package zip, read by the same rules: the time limit from domjudge-problem.ini or
// problem.yaml, the statement from problem_statement/problem.{pdf,html,txt}, one program folder
// per validator, a test group per metadata file (an empty one aborts the import), the test cases
// as .in/.ans pairs, and the jury submissions with the expected result their folder names, in
// the languages a default DOMjudge enables.
type DOMjudgeImport struct {
	TimeLimit       float64
	MemoryKiB       int
	Statement       string   // the statement file's path
	OutputValidator string   // the folder of the output validator's files
	InputValidator  string   // the folder of the input validator's files
	Groups          []string // folders with test group metadata
	Samples, Secret int
	// Submissions maps each jury submission's path to its expected result.
	Submissions map[string]string
	// Warnings are what the import would say besides success.
	Warnings []string
}

// domjudgeResults are the expected results DOMjudge reads from a folder name.
var domjudgeResults = map[string]string{
	"accepted": "CORRECT", "wrong_answer": "WRONG-ANSWER", "time_limit_exceeded": "TIMELIMIT",
	"run_time_error": "RUN-ERROR", "compiler_error": "COMPILER-ERROR", "no_output": "NO-OUTPUT", "output_limit": "OUTPUT-LIMIT",
}

// domjudgeLanguages are the extensions of the languages a default DOMjudge enables: C, C++,
// Java and Python 3.
var domjudgeLanguages = []string{"c", "cpp", "cc", "cxx", "c++", "java", "py"}

// ImportZip reads a package zip as DOMjudge's import does. An error is what would abort it.
func ImportZip(data []byte) (DOMjudgeImport, error) {
	r, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return DOMjudgeImport{}, err
	}
	files := map[string][]byte{}
	var names []string
	for _, f := range r.File {
		if strings.HasSuffix(f.Name, "/") {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return DOMjudgeImport{}, err
		}
		content, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return DOMjudgeImport{}, err
		}
		files[f.Name] = content
		names = append(names, f.Name)
	}
	imp := DOMjudgeImport{TimeLimit: 10, Submissions: map[string]string{}}
	ini, hasINI := files["domjudge-problem.ini"]
	problemYAML, hasYAML := files["problem.yaml"]
	if !hasINI && !hasYAML {
		return imp, fmt.Errorf("the zip holds neither domjudge-problem.ini nor problem.yaml")
	}
	for _, line := range strings.Split(string(ini), "\n") {
		key, value, ok := strings.Cut(line, "=")
		if ok && strings.TrimSpace(key) == "timelimit" {
			if imp.TimeLimit, err = strconv.ParseFloat(strings.TrimSpace(value), 64); err != nil {
				return imp, fmt.Errorf("domjudge-problem.ini: timelimit %q", value)
			}
		}
	}
	var meta struct {
		Validation string `yaml:"validation"`
		Limits     struct {
			TimeLimit float64 `yaml:"time_limit"`
			Memory    int     `yaml:"memory"`
		} `yaml:"limits"`
	}
	if err := yaml.Unmarshal(problemYAML, &meta); err != nil {
		return imp, fmt.Errorf("problem.yaml: %w", err)
	}
	if meta.Limits.TimeLimit > 0 {
		imp.TimeLimit = meta.Limits.TimeLimit
	}
	imp.MemoryKiB = 1024 * meta.Limits.Memory
	for _, tag := range []string{"input", "output"} {
		var found []string
		for _, name := range names {
			if strings.HasPrefix(name, tag+"_validator") {
				found = append(found, name)
			}
		}
		if len(found) == 0 {
			if tag == "output" && strings.HasPrefix(meta.Validation, "custom") {
				return imp, fmt.Errorf("custom validation but no output validator")
			}
			continue
		}
		dir := path.Dir(found[0]) + "/"
		for _, f := range found {
			if !strings.HasPrefix(f, dir) {
				return imp, fmt.Errorf("found multiple custom %s validators: %s and %s", tag, found[0], f)
			}
		}
		if tag == "input" {
			imp.InputValidator = dir
		} else {
			imp.OutputValidator = dir
		}
	}
	for _, dir := range []string{"problem_statement/", ""} {
		for _, ext := range []string{"pdf", "html", "txt"} {
			if _, ok := files[dir+"problem."+ext]; ok && imp.Statement == "" {
				imp.Statement = dir + "problem." + ext
			}
		}
	}
	for _, name := range names {
		if !strings.HasPrefix(name, "data/") || !(strings.HasSuffix(name, "/test_group.yaml") || strings.HasSuffix(name, "/testdata.yaml")) {
			continue
		}
		var group map[string]any
		if err := yaml.Unmarshal(files[name], &group); err != nil || len(group) == 0 {
			return imp, fmt.Errorf("could not parse test group metadata file %s", name)
		}
		imp.Groups = append(imp.Groups, path.Dir(name))
	}
	for _, name := range names {
		for kind, count := range map[string]*int{"data/sample/": &imp.Samples, "data/secret/": &imp.Secret} {
			if strings.HasPrefix(name, kind) && strings.HasSuffix(name, ".in") {
				if _, ok := files[strings.TrimSuffix(name, ".in")+".ans"]; ok {
					*count++
					if bytes.Contains(files[name], []byte("\r")) {
						imp.Warnings = append(imp.Warnings, name+" contains Windows newlines")
					}
				}
			}
		}
		parts := strings.Split(name, "/")
		if parts[0] != "submissions" || len(parts) != 3 {
			continue
		}
		ext := strings.TrimPrefix(path.Ext(name), ".")
		if !slices.Contains(domjudgeLanguages, ext) {
			imp.Warnings = append(imp.Warnings, "could not add jury solution due to unknown language: "+name)
			continue
		}
		result, ok := domjudgeResults[parts[1]]
		if !ok {
			result = strings.ToUpper(parts[1])
			imp.Warnings = append(imp.Warnings, fmt.Sprintf("%s: folder %s names no result DOMjudge knows", name, parts[1]))
		}
		imp.Submissions[name] = result
	}
	if imp.Samples+imp.Secret == 0 {
		return imp, fmt.Errorf("no testcases present")
	}
	return imp, nil
}
