package kattis

import (
	"slices"
	"strings"
	"testing"
)

func TestCheckPackageName(t *testing.T) {
	tests := []struct {
		name string
		ok   bool
	}{
		{"target", true}, {"classic2", true}, {"Target", false}, {"target-sudoku", false}, {"", false}, {"target.zip", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := CheckPackageName(tc.name); (err == nil) != tc.ok {
				t.Errorf("got %v, want ok %v", err, tc.ok)
			}
		})
	}
}

// validPackage returns a small package that passes Check.
func validPackage(t *testing.T) *Package {
	t.Helper()
	p := New(V2025, example())
	for _, f := range []File{
		{Path: "statement/problem.en.md", Data: []byte("Add.\n")},
		{Path: "statement/problem.zh.md", Data: []byte("加。\n")},
		{Path: "data/sample/1.in", Data: []byte("1\n")},
		{Path: "data/sample/1.ans", Data: []byte("2\n")},
		{Path: "data/secret/small/01.in", Data: []byte("3\n")},
		{Path: "data/secret/small/01.ans", Data: []byte("4\n")},
		{Path: "data/secret/small/test_group.yaml", Data: V2025.TestGroupYAML([]string{"--small"})},
		{Path: "data/secret/empty/01.in", Data: []byte("")},
		{Path: "data/secret/empty/01.ans", Data: []byte("")},
		{Path: "input_validators/validate/build", Data: []byte("#!/bin/sh\n"), Executable: true},
		{Path: "output_validator/build", Data: []byte("#!/bin/sh\n"), Executable: true},
		{Path: "submissions/accepted/add.go", Data: []byte("package main\n")},
	} {
		if err := p.Add(f); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

func TestAdd(t *testing.T) {
	tests := []struct {
		path  string
		fault string // "" for none
	}{
		{"submissions/wrong_answer/off-by-one.go", ""},
		{"data/secret/small/02.in", ""},
		{"/etc/passwd", "want a clean relative path"},
		{"../outside", "want a clean relative path"},
		{"data//sample/2.in", "want a clean relative path"},
		{"data/sample/", "want a clean relative path"},
		{"", "want a clean relative path"},
		{"data/sample/.hidden", `name ".hidden" does not match`},
		{"data/sample/-dash", `name "-dash" does not match`},
		{"data/sample/two words.in", `name "two words.in" does not match`},
		{"statement/problème.md", `does not match`},
		{"data/sample/1.in", "added twice"},
		{"data/sample/1.in/x", "both a file and a folder"},
		{"data/secret/small", "both a file and a folder"},
		{"problem.yaml", "is written from the package's metadata"},
		{"submissions/submissions.yaml", "is written from the package's metadata"},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			err := validPackage(t).Add(File{Path: tc.path})
			switch {
			case tc.fault == "" && err != nil:
				t.Errorf("got %v, want no fault", err)
			case tc.fault != "" && (err == nil || !strings.Contains(err.Error(), tc.fault)):
				t.Errorf("got %v, want a fault saying %q", err, tc.fault)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name   string
		change func(t *testing.T, p *Package)
		fault  string // "" for none
	}{
		{"the valid package", func(*testing.T, *Package) {}, ""},
		{"an image beside the statement", add(File{Path: "statement/target.png", Data: []byte{0x89}}), ""},
		{"a missing statement", remove("statement/problem.zh.md"), `the name has language "zh" but statement/ has no problem.zh statement`},
		{"a statement without a name", add(File{Path: "statement/problem.fr.md", Data: []byte("x\n")}), `statement/ has a "fr" statement but the name has no "fr" entry`},
		{"a statement in HTML", add(File{Path: "statement/problem.en.html", Data: []byte("x\n")}), "a statement of format 2025-09 is .md, .tex, .pdf"},
		{"an input without answer", remove("data/sample/1.ans"), "data/sample/1.in has no 1.ans"},
		{"an answer without input", add(File{Path: "data/secret/small/02.ans", Data: []byte("1\n")}), "data/secret/small/02.ans has no 02.in"},
		{"a folder in sample", add(File{Path: "data/sample/more/1.in", Data: []byte("1\n")}), "data/sample may hold no folders"},
		{"cases beside groups", add(File{Path: "data/secret/03.in", Data: []byte("1\n")}), "both test cases and test groups"},
		{"a group without test case", add(File{Path: "data/secret/lonely/test_group.yaml", Data: []byte("args: []\n")}), "test group data/secret/lonely has no test case"},
		{"no secret data", func(t *testing.T, p *Package) {
			for _, name := range p.under(SecretDir) {
				delete(p.files, name)
			}
		}, "data/secret is empty"},
		{"CRLF in a test", replace("data/secret/small/01.in", "3\r\n"), "has a carriage return"},
		{"no final newline", replace("data/secret/small/01.ans", "4"), "does not end with a newline"},
		{"a byte-order mark", replace("data/sample/1.in", "\ufeff1\n"), "starts with a byte-order mark"},
		{"bytes that are no UTF-8", replace("data/sample/1.ans", "\xff\n"), "is not UTF-8 text"},
		{"no accepted submission", remove("submissions/accepted/add.go"), "no accepted submission"},
		{"no input validator", remove("input_validators/validate/build"), "no input validator"},
		{"a build script that does not run", func(t *testing.T, p *Package) {
			f := p.files["output_validator/build"]
			f.Executable = false
			p.files["output_validator/build"] = f
		}, "output_validator/build is not executable"},
		{"bad metadata", func(t *testing.T, p *Package) { p.Metadata.UUID = "x" }, "is not a lower-case UUID"},
		{"a folder the format knows", add(File{Path: "submissions/brute_force/slow.go", Data: []byte("x\n")}), ""},
		{"a folder of the kit with its rule", func(t *testing.T, p *Package) {
			add(File{Path: "submissions/memory_limit_exceeded/hog.py", Data: []byte("x\n")})(t, p)
			p.Submissions = []SubmissionRule{{Pattern: "memory_limit_exceeded", Required: []string{"RTE", "TLE"}}}
		}, ""},
		{"a folder without rule", add(File{Path: "submissions/memory_limit_exceeded/hog.py", Data: []byte("x\n")}),
			"submissions/memory_limit_exceeded is not a folder the format knows"},
		{"a folder with only an entry point", func(t *testing.T, p *Package) {
			add(File{Path: "submissions/slow/Dfs.java", Data: []byte("x\n")})(t, p)
			p.Submissions = []SubmissionRule{{Pattern: "slow/Dfs.java", Entrypoint: "Dfs"}}
		}, "submissions/slow is not a folder the format knows"},
		{"a submission outside any folder", add(File{Path: "submissions/loose.go", Data: []byte("x\n")}), "a submission must lie in a folder of submissions/"},
		{"a rule for nothing", func(t *testing.T, p *Package) {
			p.Submissions = []SubmissionRule{{Pattern: "wrong_answer", Permitted: []string{"AC", "WA"}}}
		}, `rule "wrong_answer" matches no submission`},
		{"a verdict the format does not know", func(t *testing.T, p *Package) {
			p.Submissions = []SubmissionRule{{Pattern: "accepted", Permitted: []string{"AC", "MLE"}}}
		}, `verdict "MLE" is not one of AC, WA, TLE, RTE`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := validPackage(t)
			tc.change(t, p)
			err := p.Check()
			switch {
			case tc.fault == "" && err != nil:
				t.Errorf("got %v, want no fault", err)
			case tc.fault != "" && (err == nil || !strings.Contains(err.Error(), tc.fault)):
				t.Errorf("got %v, want a fault saying %q", err, tc.fault)
			}
			if _, filesErr := p.Files(); (filesErr == nil) != (err == nil) {
				t.Errorf("Files: got error %v, Check %v: want Files to refuse exactly what Check refuses", filesErr, err)
			}
		})
	}
}

func add(f File) func(*testing.T, *Package) {
	return func(t *testing.T, p *Package) {
		if err := p.Add(f); err != nil {
			t.Fatal(err)
		}
	}
}

func remove(path string) func(*testing.T, *Package) {
	return func(_ *testing.T, p *Package) { delete(p.files, path) }
}

func replace(path, text string) func(*testing.T, *Package) {
	return func(_ *testing.T, p *Package) {
		f := p.files[path]
		f.Data = []byte(text)
		p.files[path] = f
	}
}

func TestFiles(t *testing.T) {
	files, err := validPackage(t).Files()
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, f := range files {
		paths = append(paths, f.Path)
	}
	if !slices.IsSorted(paths) || !slices.Contains(paths, ProblemYAML) || len(paths) != 13 {
		t.Errorf("got %q, want the 12 added files and problem.yaml, sorted", paths)
	}
}

func TestSubmissionsYAML(t *testing.T) {
	p := validPackage(t)
	add(File{Path: "submissions/brute_force/Dfs.java", Data: []byte("x\n")})(t, p)
	p.Submissions = []SubmissionRule{
		{Pattern: "brute_force/Dfs.java", Entrypoint: "Dfs"},
		{Pattern: "accepted", Permitted: []string{"AC"}, Required: []string{"AC"}},
	}
	files, err := p.Files()
	if err != nil {
		t.Fatal(err)
	}
	var got string
	for _, f := range files {
		if f.Path == "submissions/submissions.yaml" {
			got = string(f.Data)
		}
	}
	want := "\"accepted\":\n  permitted: [\"AC\"]\n  required: [\"AC\"]\n\"brute_force/Dfs.java\":\n  entrypoint: \"Dfs\"\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	p.Submissions = append(p.Submissions, SubmissionRule{Pattern: "accepted", Entrypoint: "x"})
	if _, err := p.Files(); err == nil || !strings.Contains(err.Error(), "two rules for accepted") {
		t.Errorf("two rules for one pattern: got %v, want an error", err)
	}
}

// TestDOMjudgeFolders checks DOMjudge's own folder of submissions/, no_output: legacy takes it as
// it is, since it has no rules to give and problemtools leaves the folder alone; 2025-09 needs a
// rule saying what its submissions must get from the format's verifiers.
func TestDOMjudgeFolders(t *testing.T) {
	wrongAnswer := []SubmissionRule{{Pattern: "no_output", Permitted: []string{"AC", "WA"}, Required: []string{"WA"}}}
	tests := []struct {
		name   string
		format Format
		rules  []SubmissionRule
		fault  string // "" for none
	}{
		{"legacy", Legacy, nil, ""},
		{"2025-09 without a rule", V2025, nil, "submissions/no_output is not a folder the format knows"},
		{"2025-09 with its rule", V2025, wrongAnswer, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := New(tc.format, example())
			add(File{Path: "submissions/accepted/add.c", Data: []byte("x\n")})(t, p)
			add(File{Path: "submissions/no_output/silent.c", Data: []byte("x\n")})(t, p)
			p.Submissions = tc.rules
			var got []string
			for _, fault := range p.checkSubmissions() {
				got = append(got, fault.Error())
			}
			switch all := strings.Join(got, "; "); {
			case tc.fault == "" && all != "":
				t.Errorf("got %s, want no fault", all)
			case tc.fault != "" && !strings.Contains(all, tc.fault):
				t.Errorf("got %q, want a fault saying %q", all, tc.fault)
			}
		})
	}
}
