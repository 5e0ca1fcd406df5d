// Package testset finds the tests a judge runs: a group of the kit's test set, as its manifest
// lists it (tests/PROBLEM/manifest.txt), or any folder of NAME.in / NAME.ans pairs.
package testset

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"bullseye/internal/manifest"
)

// All names every group of a manifest at once.
const All = "all"

// Test is one test: its name and the files of its input and answer.
type Test struct {
	// Name is GROUP/NAME for a test of the kit, NAME for a test of a folder.
	Name          string
	Input, Answer string
}

// Load reads the test's input and answer.
func (t Test) Load() (input, answer []byte, err error) {
	if input, err = os.ReadFile(t.Input); err != nil {
		return nil, nil, fmt.Errorf("reading test %s: %w", t.Name, err)
	}
	if answer, err = os.ReadFile(t.Answer); err != nil {
		return nil, nil, fmt.Errorf("reading test %s: %w", t.Name, err)
	}
	return input, answer, nil
}

// UnknownGroupError is a group the manifest does not declare.
type UnknownGroupError struct {
	Group  string
	Groups []string
}

// Error names the group and the groups there are.
func (e *UnknownGroupError) Error() string {
	return fmt.Sprintf("no group %q: want %s or %s", e.Group, strings.Join(e.Groups, ", "), All)
}

// Group returns the tests of group (or of every group, for All) of problem's test set in kit,
// the repository root, in manifest order. A test whose files are absent, such as a sample the
// manifest takes from outside the kit, is left out; skipped says which and why.
func Group(kit, problem, group string) (tests []Test, skipped []string, err error) {
	dir := filepath.Join(kit, "tests", problem)
	m, err := manifest.ReadFile(filepath.Join(dir, "manifest.txt"))
	if err != nil {
		return nil, nil, err
	}
	var names []string
	for _, g := range m.Groups {
		names = append(names, g.Name)
	}
	if _, ok := m.Group(group); !ok && group != All {
		return nil, nil, &UnknownGroupError{Group: group, Groups: names}
	}
	for _, t := range m.Tests {
		if group != All && t.Group != group {
			continue
		}
		test := Test{Name: t.Key(), Input: filepath.Join(dir, t.Group, t.Name+".in"), Answer: filepath.Join(dir, t.Group, t.Name+".ans")}
		if t.FromFiles() {
			test.Input, test.Answer = filepath.Join(kit, filepath.FromSlash(t.Input)), filepath.Join(kit, filepath.FromSlash(t.Answer))
		}
		if missing := absent(test.Input, test.Answer); missing != "" {
			skipped = append(skipped, fmt.Sprintf("%s: %s is not present", t.Key(), missing))
			continue
		}
		tests = append(tests, test)
	}
	return tests, skipped, nil
}

func absent(files ...string) string {
	for _, f := range files {
		if _, err := os.Stat(f); errors.Is(err, fs.ErrNotExist) {
			return f
		}
	}
	return ""
}

// Dir returns the tests of a folder: every NAME.in with its NAME.ans, in natural order (2
// before 10). An input without its answer is an error, and so is a folder without tests.
func Dir(dir string) ([]Test, error) {
	inputs, err := filepath.Glob(filepath.Join(dir, "*.in"))
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(dir); err != nil {
		return nil, err
	}
	var tests []Test
	for _, in := range inputs {
		name := strings.TrimSuffix(filepath.Base(in), ".in")
		ans := strings.TrimSuffix(in, ".in") + ".ans"
		if _, err := os.Stat(ans); err != nil {
			return nil, fmt.Errorf("test %s has no answer: %w", name, err)
		}
		tests = append(tests, Test{Name: name, Input: in, Answer: ans})
	}
	if len(tests) == 0 {
		return nil, fmt.Errorf("no tests in %s: want NAME.in and NAME.ans pairs", dir)
	}
	slices.SortFunc(tests, func(a, b Test) int { return naturalCompare(a.Name, b.Name) })
	return tests, nil
}

// naturalCompare orders names as people do: runs of digits by value, the rest byte by byte.
func naturalCompare(a, b string) int {
	for a != "" && b != "" {
		da, db := digits(a), digits(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if c := cmp.Or(cmp.Compare(len(na), len(nb)), strings.Compare(na, nb)); c != 0 {
				return c
			}
			a, b = a[da:], b[db:]
			continue
		}
		if c := cmp.Compare(a[0], b[0]); c != 0 {
			return c
		}
		a, b = a[1:], b[1:]
	}
	return cmp.Compare(len(a), len(b))
}

// digits returns the length of the run of decimal digits s starts with.
func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}
