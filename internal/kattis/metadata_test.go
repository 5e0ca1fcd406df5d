package kattis

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"bullseye/internal/kattis/kattistest"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata")

// example is metadata that passes Check, in two languages.
func example() Metadata {
	return Metadata{
		Name:      map[string]string{"en": "Target Sudoku", "zh": "靶形数独"},
		UUID:      "b0d5eb02-dcfe-4917-86b6-a16975e5ac4e",
		Source:    "NOIP 2009",
		License:   "educational",
		TimeLimit: 2,
		MemoryMiB: 128,
		Keywords:  []string{"sudoku", "branch and bound"},
	}
}

func TestMetadataCheck(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Metadata)
		fault  string // "" for none
	}{
		{"the example", func(*Metadata) {}, ""},
		{"English only", func(m *Metadata) { m.Name = map[string]string{"en": "Sudoku"} }, ""},
		{"a rights owner instead of a source", func(m *Metadata) { m.Source, m.RightsOwner = "", "the kit" }, ""},
		{"public domain without an owner", func(m *Metadata) { m.License = "public domain" }, ""},
		{"unknown license without an owner", func(m *Metadata) { m.License, m.Source = "unknown", "" }, ""},
		{"a fractional time limit", func(m *Metadata) { m.TimeLimit = 1.5 }, ""},
		{"no name", func(m *Metadata) { m.Name = nil }, "the name is required"},
		{"an empty name", func(m *Metadata) { m.Name["zh"] = " " }, "the zh name is empty"},
		{"a language that is no code", func(m *Metadata) { m.Name["Chinese"] = "数独" }, `name language "Chinese" is not an ISO 639 code`},
		{"a regional language", func(m *Metadata) { m.Name["pt-BR"] = "Sudoku" }, ""},
		{"no uuid", func(m *Metadata) { m.UUID = "" }, "is not a lower-case UUID"},
		{"an upper-case uuid", func(m *Metadata) { m.UUID = strings.ToUpper(m.UUID) }, "is not a lower-case UUID"},
		{"a license the format does not know", func(m *Metadata) { m.License = "mit" }, `license "mit" is not one of`},
		{"a public domain problem with an owner", func(m *Metadata) { m.License, m.RightsOwner = "public domain", "someone" }, "a public domain problem has no rights owner"},
		{"a license with nobody to own it", func(m *Metadata) { m.Source = "" }, `license "educational" needs a rights owner`},
		{"no time limit", func(m *Metadata) { m.TimeLimit = 0 }, "time limit 0: want a positive number of seconds"},
		{"no memory limit", func(m *Metadata) { m.MemoryMiB = -1 }, "memory limit -1: want a positive number of MiB"},
		{"a newline in a keyword", func(m *Metadata) { m.Keywords = []string{"a\nb"} }, "without control characters"},
		{"a name that is not UTF-8", func(m *Metadata) { m.Name["en"] = "\xff" }, "is not UTF-8 text"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := example()
			tc.change(&m)
			err := m.Check()
			switch {
			case tc.fault == "" && err != nil:
				t.Errorf("got %v, want no fault", err)
			case tc.fault != "" && (err == nil || !strings.Contains(err.Error(), tc.fault)):
				t.Errorf("got %v, want a fault saying %q", err, tc.fault)
			}
			if _, yamlErr := m.YAML(V2025); (yamlErr == nil) != (err == nil) {
				t.Errorf("YAML: got error %v, Check %v: want YAML to refuse exactly what Check refuses", yamlErr, err)
			}
		})
	}
}

// TestYAML compares problem.yaml with its golden file and reads it back as the format defines
// it, refusing unknown keys.
func TestYAML(t *testing.T) {
	tests := []struct {
		name string
		m    Metadata
	}{
		{"two_languages", example()},
		{"english_only", func() Metadata {
			m := example()
			m.Name = map[string]string{"en": "Sudoku"}
			m.Source, m.RightsOwner, m.Keywords, m.TimeLimit = "", "the kit", nil, 0.5
			return m
		}()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.m.YAML(V2025)
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", tc.name+".problem.yaml")
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
			var read kattistest.ProblemYAML
			kattistest.ReadYAML(t, golden, &read)
			if read.ProblemFormatVersion != V2025.Version || read.UUID != tc.m.UUID || read.License != tc.m.License ||
				read.RightsOwner != tc.m.RightsOwner || read.Limits.Memory != tc.m.MemoryMiB || read.Limits.TimeLimit != tc.m.TimeLimit {
				t.Errorf("read back %+v (limits %+v), want the values of %+v", read, *read.Limits, tc.m)
			}
			if len(read.Name) != len(tc.m.Name) || read.Name["en"] != tc.m.Name["en"] || read.Name["zh"] != tc.m.Name["zh"] {
				t.Errorf("name: read back %q, want %q", read.Name, tc.m.Name)
			}
			if (read.Source == nil) != (tc.m.Source == "") || read.Source != nil && read.Source != tc.m.Source {
				t.Errorf("source: read back %v, want %q", read.Source, tc.m.Source)
			}
		})
	}
}

func TestTestGroupYAML(t *testing.T) {
	if got := string(V2025.TestGroupYAML(nil)); got != "input_validator_args: []\n" {
		t.Errorf("no arguments: got %q, want an explicit empty list", got)
	}
	args := []string{"--min-givens", "0", "--allow-conflicts", "yes", "# not a comment"}
	path := filepath.Join(t.TempDir(), V2025.TestGroupFile)
	if err := os.WriteFile(path, V2025.TestGroupYAML(args), 0o644); err != nil {
		t.Fatal(err)
	}
	var read kattistest.TestGroupYAML
	kattistest.ReadYAML(t, path, &read)
	if strings.Join(read.InputValidatorArgs, "|") != strings.Join(args, "|") {
		t.Errorf("read back %q, want %q", read.InputValidatorArgs, args)
	}
	legacy := map[string]string{}
	if err := yaml.Unmarshal(Legacy.TestGroupYAML([]string{"--min-givens", "0", "--allow-conflicts"}), &legacy); err != nil {
		t.Fatal(err)
	}
	if got := legacy["input_validator_flags"]; got != "--min-givens 0 --allow-conflicts" {
		t.Errorf("legacy: read back %q, want the flags as one string", got)
	}
}

// TestLegacyYAML reads the legacy problem.yaml back: one name, validation custom, the memory
// limit, keywords as one string, and no key the legacy format does not have.
func TestLegacyYAML(t *testing.T) {
	got, err := example().YAML(Legacy)
	if err != nil {
		t.Fatal(err)
	}
	var read map[string]any
	if err := yaml.Unmarshal(got, &read); err != nil {
		t.Fatal(err)
	}
	allowed := []string{"problem_format_version", "type", "name", "uuid", "author", "source", "source_url", "license",
		"rights_owner", "limits", "validation", "validator_flags", "grading", "keywords"}
	for key := range read {
		if !slices.Contains(allowed, key) {
			t.Errorf("key %q is not in the legacy format", key)
		}
	}
	m := example()
	if read["problem_format_version"] != "legacy" || read["name"] != m.Name["en"] || read["validation"] != "custom" {
		t.Errorf("read back %v", read)
	}
	if limits, _ := read["limits"].(map[string]any); limits["memory"] != m.MemoryMiB || len(limits) != 1 {
		t.Errorf("limits: read back %v, want only memory %d", read["limits"], m.MemoryMiB)
	}
	if got := string(m.DOMjudgeINI()); got != "timelimit = 2\n" {
		t.Errorf("domjudge-problem.ini: got %q", got)
	}
}

// FuzzQuote checks that every text problem.yaml may hold reads back from YAML as written.
func FuzzQuote(f *testing.F) {
	for _, s := range []string{"靶形数独", "NOIP 2009", "yes", "2025-09", "-1", "a: b", "# c", `"\`, "\u2028", "\ufeff", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) || strings.ContainsFunc(s, isControl) {
			return
		}
		var read map[string]string
		if err := yaml.Unmarshal([]byte("key: "+quote(s)+"\n"), &read); err != nil {
			t.Fatalf("%q as %s: %v", s, quote(s), err)
		}
		if read["key"] != s {
			t.Errorf("%q as %s: read back %q", s, quote(s), read["key"])
		}
	})
}
