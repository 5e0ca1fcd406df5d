package kattis

import (
	"fmt"
	"strings"
)

// Format is a version of the Kattis problem package format: where its files go and how its
// metadata is written.
type Format struct {
	// Version is problem_format_version: "legacy" or "2025-09".
	Version string
	// StatementDir holds problem.LANG.EXT; StatementExts are the extensions read as statements.
	StatementDir  string
	StatementExts []string
	// OutputValidatorDir is the folder of the output validator's program: legacy holds programs
	// in output_validators/, 2025-09 makes output_validator/ the program itself.
	OutputValidatorDir string
	// TestGroupFile is the metadata file of a test group folder.
	TestGroupFile string
	// HasSubmissionsYAML is whether submissions/submissions.yaml may set rules.
	HasSubmissionsYAML bool
	// SubmissionFolders are the folders of submissions/ whose requirements the format sets.
	SubmissionFolders []string
	// DOMjudgeFolders are folders of submissions/ beyond the format's own that DOMjudge's
	// import reads an expected result from, and that problemtools does not read: legacy has
	// no submissions.yaml to set their requirements, so they are taken as they are.
	DOMjudgeFolders []string
}

// The two versions the kit writes. Legacy is the base format of DOMjudge's import and the one
// Kattis problemtools verifies and Kattis installs; 2025-09 is the current specification, which
// problemtools does not read yet.
var (
	Legacy = Format{
		Version:            "legacy",
		StatementDir:       "problem_statement",
		StatementExts:      []string{"tex"},
		OutputValidatorDir: "output_validators/check",
		TestGroupFile:      "testdata.yaml",
		SubmissionFolders:  []string{"accepted", "partially_accepted", "wrong_answer", "time_limit_exceeded", "run_time_error"},
		DOMjudgeFolders:    []string{"no_output"},
	}
	V2025 = Format{
		Version:            "2025-09",
		StatementDir:       "statement",
		StatementExts:      []string{"md", "tex", "pdf"},
		OutputValidatorDir: "output_validator",
		TestGroupFile:      "test_group.yaml",
		HasSubmissionsYAML: true,
		SubmissionFolders:  []string{"accepted", "rejected", "wrong_answer", "time_limit_exceeded", "run_time_error", "brute_force"},
	}
)

// Formats are the versions the kit writes, the default first.
var Formats = []Format{Legacy, V2025}

// LookupFormat returns the format whose version is name.
func LookupFormat(name string) (Format, error) {
	var names []string
	for _, f := range Formats {
		if f.Version == name {
			return f, nil
		}
		names = append(names, f.Version)
	}
	return Format{}, fmt.Errorf("format %q is not one of %s", name, strings.Join(names, ", "))
}

// TestGroupYAML returns the metadata file of a test group whose inputs are validated with
// inputValidatorArgs. It is never empty: DOMjudge refuses an empty one, and the kit gives every
// group its arguments explicitly.
func (f Format) TestGroupYAML(inputValidatorArgs []string) []byte {
	var b strings.Builder
	if f.Version == Legacy.Version {
		fmt.Fprintf(&b, "input_validator_flags: %s\n", quote(strings.Join(inputValidatorArgs, " ")))
		return []byte(b.String())
	}
	if len(inputValidatorArgs) == 0 {
		return []byte("input_validator_args: []\n")
	}
	b.WriteString("input_validator_args:\n")
	for _, arg := range inputValidatorArgs {
		fmt.Fprintf(&b, "  - %s\n", quote(arg))
	}
	return []byte(b.String())
}
