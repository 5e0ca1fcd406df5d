// Package manifest reads the manifest of a test set: the file that says, one line per test, how
// each test is made, as Polygon's test script does. The suite command rebuilds the tests from it;
// the judge and the package export learn the groups and their validator arguments from it.
//
// The format, line by line (fields separated by spaces or tabs; a field starting with '#' starts
// a comment that runs to the end of the line; blank lines are ignored):
//
//	group GROUP [within BOUNDS] [ARG...]
//	GROUP/NAME [within BOUNDS] generator COMMAND [ARG...]
//	GROUP/NAME [within BOUNDS] file INPUT ANSWER
//	GROUP/NAME [within BOUNDS] climbed DIGITS --against FILE --seed N --climb-time TIME [PROVENANCE...]
//
// A group line declares a group, a folder of tests beside the manifest; its ARGs are the
// arguments `checker validate` takes (besides --problem) to validate the group's inputs.
// "within BOUNDS" marks the tests that lie within a statement's bounds narrower than the kit's
// (package bounds: "within noip", NOIP 2009's): on a group line every test of the group, on a
// test line that test; a test without the mark lies beyond them. A test
// line names a test of a group declared above it: NAME is decimal digits, zero-padded to the
// same width throughout its group, and the test lives in GROUP/NAME.in and GROUP/NAME.ans. A
// generator test is the standard output of `generator COMMAND ARG...`; a file test is an existing
// input and answer, paths relative to the repository root (the folder holding tests/), which is
// used only where present and never copied into the test set. Two generator tests may not have
// the same command: the same arguments give the same bytes.
//
// A climbed test is an input that `./judge.sh --climb` found slow (or wrong) for a program,
// stored in the line itself, its 81 digits in reading order, so that the test is made again
// without climbing again; the rest of the line says how it was found, as the judge's flags of
// that climb: the program climbed against (--against, and the start of its source's sha256 with
// --sha256), the climb's --seed and --climb-time, and, when they were not the defaults,
// --givens, --jobs and --time-limit. Two climbed tests may not store the same input.
package manifest

import (
	"fmt"
	"io"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"bullseye/internal/grid"
)

// MaxSize is the largest manifest read, far above any real one.
const MaxSize = 1 << 20

// Manifest is a parsed manifest: its groups and tests in file order.
type Manifest struct {
	Groups []Group
	Tests  []Test
}

// Group is a declared group of tests.
type Group struct {
	Line int
	Name string
	// Within names the bounds every test of the group lies within; "" for none.
	Within string
	// ValidateArgs are the arguments of `checker validate` for the group's inputs.
	ValidateArgs []string
}

// Test is one test line.
type Test struct {
	Line  int
	Group string
	Name  string
	// Command is the generator's arguments, COMMAND first, for a generator test; nil for a
	// file test.
	Command []string
	// Input and Answer are the files of a file test, slash-separated and relative to the
	// repository root; empty otherwise.
	Input, Answer string
	// Within names the bounds the test lies within by its own line's mark; "" when its line
	// has none (Manifest.Within says what its group's line adds).
	Within string
	// Climbed is the input and provenance of a climbed test; nil otherwise.
	Climbed *Climbed
}

// Climbed is a climbed test's input and how it was found: the flags of the judge's climb.
type Climbed struct {
	Input grid.Grid
	// Against names the program climbed against; SHA256 is the start of its source's sha256,
	// "" when not recorded.
	Against, SHA256 string
	Seed            uint64
	// ClimbTime, Givens, TimeLimit are the flags' values as written ("2m", "24-80", "2s");
	// Givens and TimeLimit "" when the climb took the defaults. Jobs is 0 then.
	ClimbTime, Givens, TimeLimit string
	Jobs                         int
}

// Key returns GROUP/NAME, the test's path without extension.
func (t Test) Key() string { return t.Group + "/" + t.Name }

// Generated reports whether the test is made by the generator.
func (t Test) Generated() bool { return t.Command != nil }

// FromFiles reports whether the test is read from the files it names rather than made in its
// group's folder.
func (t Test) FromFiles() bool { return t.Input != "" }

// String returns the test's line in canonical form, without comment.
func (t Test) String() string {
	key := t.Key()
	if t.Within != "" {
		key += " within " + t.Within
	}
	switch {
	case t.Generated():
		return key + " generator " + strings.Join(t.Command, " ")
	case t.Climbed != nil:
		return key + " climbed " + t.Climbed.String()
	}
	return key + " file " + t.Input + " " + t.Answer
}

// String returns the climbed test's fields after "climbed", in canonical order.
func (c *Climbed) String() string {
	words := []string{c.Input.Line(), "--against", c.Against, "--seed", strconv.FormatUint(c.Seed, 10), "--climb-time", c.ClimbTime}
	if c.SHA256 != "" {
		words = append(words, "--sha256", c.SHA256)
	}
	if c.Givens != "" {
		words = append(words, "--givens", c.Givens)
	}
	if c.Jobs != 0 {
		words = append(words, "--jobs", strconv.Itoa(c.Jobs))
	}
	if c.TimeLimit != "" {
		words = append(words, "--time-limit", c.TimeLimit)
	}
	return strings.Join(words, " ")
}

// String returns the group's line in canonical form, without comment.
func (g Group) String() string {
	line := "group " + g.Name
	if g.Within != "" {
		line += " within " + g.Within
	}
	return strings.TrimSpace(line + " " + strings.Join(g.ValidateArgs, " "))
}

// Within returns the bounds test t lies within, by its own line or its group's; "" for none.
func (m *Manifest) Within(t Test) string {
	if t.Within != "" {
		return t.Within
	}
	g, _ := m.Group(t.Group)
	return g.Within
}

// Group returns the group named name and true, or false when no group has that name.
func (m *Manifest) Group(name string) (Group, bool) {
	for _, g := range m.Groups {
		if g.Name == name {
			return g, true
		}
	}
	return Group{}, false
}

// InGroup returns the tests of the group named name, in file order.
func (m *Manifest) InGroup(name string) []Test {
	var tests []Test
	for _, t := range m.Tests {
		if t.Group == name {
			tests = append(tests, t)
		}
	}
	return tests
}

// SyntaxError is a fault in a manifest, located by line and column.
type SyntaxError struct {
	File string // file name, "" when unknown
	Line int    // 1-based
	Col  int    // 1-based, counted in bytes
	Msg  string // what is wrong, lower-case
}

// Error returns "FILE:LINE:COL: MSG", or "line LINE, column COL: MSG" without a file name.
func (e *SyntaxError) Error() string {
	if e.File != "" {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
}

// ReadFile reads and parses the manifest at path.
func ReadFile(name string) (*Manifest, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("reading manifest: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("reading manifest %s: %w", name, err)
	}
	return Parse(data, name)
}

// Parse parses a manifest; name is used in error messages. Errors are *SyntaxError.
func Parse(data []byte, name string) (*Manifest, error) {
	if len(data) > MaxSize {
		return nil, &SyntaxError{File: name, Line: 1, Col: 1, Msg: fmt.Sprintf("manifest longer than %d bytes", MaxSize)}
	}
	p := parser{file: name, groupLine: map[string]int{}, keyLine: map[string]int{}, commandLine: map[string]int{}, inputLine: map[grid.Grid]int{}, width: map[string]int{}}
	for i, line := range strings.Split(string(data), "\n") {
		if err := p.line(i+1, strings.TrimSuffix(line, "\r")); err != nil {
			return nil, err
		}
	}
	return &p.m, nil
}

type parser struct {
	file        string
	m           Manifest
	groupLine   map[string]int    // line where each group was declared
	keyLine     map[string]int    // line of each test key
	commandLine map[string]int    // line of each generator command
	inputLine   map[grid.Grid]int // line of each climbed input
	width       map[string]int    // width of the names of each group
}

// field is one whitespace-separated word of a line and its 1-based column.
type field struct {
	text string
	col  int
}

// fields splits a line into words, dropping a comment.
func fields(line string) []field {
	var result []field
	for i := 0; i < len(line); {
		if line[i] == ' ' || line[i] == '\t' {
			i++
			continue
		}
		start := i
		for i < len(line) && line[i] != ' ' && line[i] != '\t' {
			i++
		}
		if line[start] == '#' {
			break
		}
		result = append(result, field{line[start:i], start + 1})
	}
	return result
}

func (p *parser) fail(line, col int, format string, args ...any) error {
	return &SyntaxError{File: p.file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) line(n int, text string) error {
	for i := 0; i < len(text); i++ {
		if c := text[i]; c < ' ' && c != '\t' || c == 0x7f {
			return p.fail(n, i+1, "control character %q", c)
		}
	}
	f := fields(text)
	switch {
	case len(f) == 0:
		return nil
	case f[0].text == "group":
		return p.group(n, f)
	}
	return p.test(n, f)
}

func (p *parser) group(n int, f []field) error {
	if len(f) < 2 {
		return p.fail(n, f[0].col+len(f[0].text), "expected a group name after \"group\"")
	}
	name := f[1]
	if !isIdentifier(name.text) {
		return p.fail(n, name.col, "group name %q: want lower-case letters, digits and '-', starting with a letter", name.text)
	}
	if first, ok := p.groupLine[name.text]; ok {
		return p.fail(n, name.col, "group %s already declared on line %d", name.text, first)
	}
	p.groupLine[name.text] = n
	g := Group{Line: n, Name: name.text, ValidateArgs: []string{}}
	rest, within, err := p.within(n, f[2:])
	if err != nil {
		return err
	}
	g.Within = within
	for _, arg := range rest {
		g.ValidateArgs = append(g.ValidateArgs, arg.text)
	}
	p.m.Groups = append(p.m.Groups, g)
	return nil
}

func (p *parser) test(n int, f []field) error {
	key := f[0]
	group, name, ok := strings.Cut(key.text, "/")
	if !ok {
		return p.fail(n, key.col, "expected \"group\" or a test GROUP/NAME, found %q", key.text)
	}
	if _, declared := p.groupLine[group]; !declared {
		return p.fail(n, key.col, "group %q is not declared above", group)
	}
	if !isDigits(name) {
		return p.fail(n, key.col+len(group)+1, "test name %q: want decimal digits, zero-padded", name)
	}
	if w, ok := p.width[group]; ok && w != len(name) {
		return p.fail(n, key.col+len(group)+1, "test name %q has %d digits, the names of group %s have %d", name, len(name), group, w)
	}
	if first, ok := p.keyLine[key.text]; ok {
		return p.fail(n, key.col, "test %s already defined on line %d", key.text, first)
	}
	f, within, err := p.within(n, f[1:])
	if err != nil {
		return err
	}
	f = append([]field{key}, f...)
	if len(f) < 2 {
		return p.fail(n, key.col+len(key.text), "expected \"generator\", \"file\" or \"climbed\" after %s", key.text)
	}
	t := Test{Line: n, Group: group, Name: name, Within: within}
	if g, _ := p.m.Group(group); g.Within != "" && within != "" {
		return p.fail(n, f[0].col+len(key.text)+1, "group %s lies within %s already: its tests need no mark", group, g.Within)
	}
	switch kind := f[1]; kind.text {
	case "generator":
		if len(f) < 3 {
			return p.fail(n, kind.col+len(kind.text), "expected a generator command after \"generator\"")
		}
		for _, arg := range f[2:] {
			t.Command = append(t.Command, arg.text)
		}
		command := strings.Join(t.Command, " ")
		if first, ok := p.commandLine[command]; ok {
			return p.fail(n, f[2].col, "same command as line %d: the same arguments give the same test", first)
		}
		p.commandLine[command] = n
	case "file":
		if len(f) != 4 {
			at := kind.col + len(kind.text)
			if len(f) > 4 {
				at = f[4].col
			}
			return p.fail(n, at, "expected exactly two paths after \"file\", an input and an answer, found %d", len(f)-2)
		}
		for _, file := range f[2:] {
			if err := p.checkPath(n, file); err != nil {
				return err
			}
		}
		t.Input, t.Answer = f[2].text, f[3].text
	case "climbed":
		c, err := p.climbed(n, kind, f[2:])
		if err != nil {
			return err
		}
		t.Climbed = c
	default:
		return p.fail(n, kind.col, "expected \"generator\", \"file\" or \"climbed\", found %q", kind.text)
	}
	p.keyLine[key.text] = n
	p.width[group] = len(name)
	p.m.Tests = append(p.m.Tests, t)
	return nil
}

// within reads an optional "within BOUNDS" at the start of f and
// returns the fields after it and the bounds' name.
func (p *parser) within(n int, f []field) ([]field, string, error) {
	if len(f) == 0 || f[0].text != "within" {
		return f, "", nil
	}
	if len(f) < 2 {
		return nil, "", p.fail(n, f[0].col+len(f[0].text), "expected the name of the bounds after \"within\"")
	}
	if !isIdentifier(f[1].text) {
		return nil, "", p.fail(n, f[1].col, "bounds name %q: want lower-case letters, digits and '-', starting with a letter", f[1].text)
	}
	return f[2:], f[1].text, nil
}

// provenance lists the flags a climbed test may record, the required ones first.
var provenance = []string{"--against", "--seed", "--climb-time", "--sha256", "--givens", "--jobs", "--time-limit"}

// requiredProvenance is how many of provenance's flags every climbed test records.
const requiredProvenance = 3

// climbed reads the fields of a climbed test after the word "climbed".
func (p *parser) climbed(n int, kind field, f []field) (*Climbed, error) {
	if len(f) == 0 {
		return nil, p.fail(n, kind.col+len(kind.text), "expected the 81 digits of the climbed input after \"climbed\"")
	}
	input, err := grid.ParseLine(f[0].text)
	if err != nil {
		at := f[0].col
		if len(f[0].text) == grid.Cells {
			for i := range f[0].text {
				if c := f[0].text[i]; c < '0' || c > '9' {
					at += i
					break
				}
			}
		}
		return nil, p.fail(n, at, "climbed input: %v", err)
	}
	if first, ok := p.inputLine[input]; ok {
		return nil, p.fail(n, f[0].col, "same input as line %d", first)
	}
	c := &Climbed{Input: input}
	seen := map[string]bool{}
	for i := 1; i < len(f); i += 2 {
		name := f[i]
		if !slices.Contains(provenance, name.text) {
			return nil, p.fail(n, name.col, "%q: want one of %s", name.text, strings.Join(provenance, ", "))
		}
		if seen[name.text] {
			return nil, p.fail(n, name.col, "%s given twice", name.text)
		}
		seen[name.text] = true
		if i+1 == len(f) {
			return nil, p.fail(n, name.col+len(name.text), "expected a value after %s", name.text)
		}
		if err := c.set(name.text, f[i+1].text); err != nil {
			return nil, p.fail(n, f[i+1].col, "%s: %v", name.text, err)
		}
	}
	for _, name := range provenance[:requiredProvenance] {
		if !seen[name] {
			last := f[len(f)-1]
			return nil, p.fail(n, last.col+len(last.text), "a climbed test records %s: say how it was found", name)
		}
	}
	p.inputLine[input] = n
	return c, nil
}

// set reads one flag of a climbed test's provenance.
func (c *Climbed) set(name, value string) error {
	var err error
	switch name {
	case "--against":
		if strings.ContainsAny(value, `\`) || path.IsAbs(value) {
			return fmt.Errorf("%q: name the program by a path relative to the repository root, or by its file name", value)
		}
		c.Against = value
	case "--seed":
		if c.Seed, err = strconv.ParseUint(value, 10, 64); err != nil {
			return fmt.Errorf("%q: want a seed, a whole number", value)
		}
	case "--climb-time", "--time-limit":
		if d, err := time.ParseDuration(value); err != nil || d <= 0 {
			return fmt.Errorf("%q: want a time such as 2m, 30s or 500ms", value)
		}
		if name == "--climb-time" {
			c.ClimbTime = value
		} else {
			c.TimeLimit = value
		}
	case "--sha256":
		if _, err := strconv.ParseUint(value, 16, 64); err != nil || len(value) != 16 || strings.ToLower(value) != value {
			return fmt.Errorf("%q: want the first 16 lower-case hexadecimal digits of the source's sha256", value)
		}
		c.SHA256 = value
	case "--givens":
		a, b, ok := strings.Cut(value, "-")
		from, err1 := strconv.Atoi(a)
		to, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || from < 0 || to > grid.Cells || from > to {
			return fmt.Errorf("%q: want A-B with 0 <= A <= B <= %d", value, grid.Cells)
		}
		c.Givens = value
	case "--jobs":
		if c.Jobs, err = strconv.Atoi(value); err != nil || c.Jobs < 1 {
			return fmt.Errorf("%q: want a number of runs at once, at least 1", value)
		}
	}
	return nil
}

// checkPath accepts a clean relative slash-separated path: the manifest must read the same on
// every machine.
func (p *parser) checkPath(n int, f field) error {
	switch {
	case strings.Contains(f.text, `\`):
		return p.fail(n, f.col, "path %q: separate folders with '/'", f.text)
	case path.IsAbs(f.text):
		return p.fail(n, f.col, "path %q is absolute: give it relative to the repository root", f.text)
	case path.Clean(f.text) != f.text:
		return p.fail(n, f.col, "path %q is not clean: write it %q", f.text, path.Clean(f.text))
	}
	return nil
}

func isIdentifier(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
