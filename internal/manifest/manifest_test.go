package manifest

import (
	"errors"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"bullseye/internal/grid"
)

func TestReadFile(t *testing.T) {
	tests := []struct {
		name string
		file string
		want *Manifest
	}{
		{"every kind of line", "example.txt", &Manifest{
			Groups: []Group{
				{Line: 3, Name: "sample", ValidateArgs: []string{}},
				{Line: 6, Name: "official", Within: "noip", ValidateArgs: []string{}},
				{Line: 10, Name: "hard", ValidateArgs: []string{"--min-givens", "0", "--allow-conflicts"}},
			},
			Tests: []Test{
				{Line: 4, Group: "sample", Name: "1", Input: "../shared/data/target/sample1.in", Answer: "../shared/data/target/sample1.ans"},
				{Line: 7, Group: "official", Name: "01", Command: []string{"target", "--givens", "30", "--seed", "1"}},
				{Line: 8, Group: "official", Name: "02", Command: []string{"target", "--givens", "24", "--no-solution", "hidden"}},
				{Line: 11, Group: "hard", Name: "01", Command: []string{"hard", "--givens", "24", "--steps", "100"}, Within: "noip"},
				{Line: 12, Group: "hard", Name: "02", Climbed: &Climbed{
					Input:   grid.Grid{79: 1, 80: 2},
					Against: "tests/submissions/accepted/dfs.c", SHA256: "0123456789abcdef", Seed: 3, ClimbTime: "1m", Givens: "2-81", Jobs: 2,
				}},
			},
		}},
		{"CRLF line ends", "crlf.txt", &Manifest{
			Groups: []Group{{Line: 1, Name: "batch", ValidateArgs: []string{}}},
			Tests:  []Test{{Line: 2, Group: "batch", Name: "1", Command: []string{"classic", "--count", "5"}}},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadFile(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatalf("got error %v, want none", err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got\n%+v\nwant\n%+v", got, tc.want)
			}
		})
	}
}

func TestReadFileMissing(t *testing.T) {
	_, err := ReadFile(filepath.Join("testdata", "absent.txt"))
	if err == nil || !strings.HasPrefix(err.Error(), "reading manifest: ") {
		t.Errorf("got %v, want a reading manifest error", err)
	}
}

// zeros is the empty grid's one-line form.
var zeros = strings.Repeat("0", 81)

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  string
	}{
		{"group without name", "group\n", "m.txt:1:6: expected a group name after \"group\""},
		{"bad group name", "group Official\n", `m.txt:1:7: group name "Official": want lower-case letters, digits and '-', starting with a letter`},
		{"group twice", "group a\n\ngroup a\n", "m.txt:3:7: group a already declared on line 1"},
		{"not a test", "official\n", `m.txt:1:1: expected "group" or a test GROUP/NAME, found "official"`},
		{"undeclared group", "group a\n  b/1 generator target\n", `m.txt:2:3: group "b" is not declared above`},
		{"name not digits", "group a\na/x1 generator target\n", `m.txt:2:3: test name "x1": want decimal digits, zero-padded`},
		{"empty name", "group a\na/ generator target\n", `m.txt:2:3: test name "": want decimal digits, zero-padded`},
		{"widths differ", "group a\na/01 generator target\na/2 generator classic\n", "m.txt:3:3: test name \"2\" has 1 digits, the names of group a have 2"},
		{"test twice", "group a\na/1 generator target\na/1 generator classic\n", "m.txt:3:1: test a/1 already defined on line 2"},
		{"no kind", "group a\na/1\n", `m.txt:2:4: expected "generator", "file" or "climbed" after a/1`},
		{"unknown kind", "group a\na/1 make target\n", `m.txt:2:5: expected "generator", "file" or "climbed", found "make"`},
		{"climbed without input", "group a\na/1 climbed\n", `m.txt:2:12: expected the 81 digits of the climbed input after "climbed"`},
		{"climbed input short", "group a\na/1 climbed 0123 --against x.c\n", `m.txt:2:13: climbed input: got 4 characters, want the 81 digits of a grid`},
		{"climbed input letter", "group a\na/1 climbed " + strings.Repeat("0", 40) + "x" + strings.Repeat("0", 40) + "\n", `m.txt:2:53: climbed input: column 41: got 'x', want a digit 0..9`},
		{"climbed unknown flag", "group a\na/1 climbed " + zeros + " --from x.c\n", `m.txt:2:95: "--from": want one of --against, --seed, --climb-time, --sha256, --givens, --jobs, --time-limit`},
		{"climbed flag twice", "group a\na/1 climbed " + zeros + " --seed 1 --seed 2\n", `m.txt:2:104: --seed given twice`},
		{"climbed flag without value", "group a\na/1 climbed " + zeros + " --seed\n", `m.txt:2:101: expected a value after --seed`},
		{"climbed bad seed", "group a\na/1 climbed " + zeros + " --seed x\n", `m.txt:2:102: --seed: "x": want a seed, a whole number`},
		{"climbed bad time", "group a\na/1 climbed " + zeros + " --climb-time soon\n", `m.txt:2:108: --climb-time: "soon": want a time such as 2m, 30s or 500ms`},
		{"climbed bad hash", "group a\na/1 climbed " + zeros + " --sha256 ABCDEF0123456789\n", `m.txt:2:104: --sha256: "ABCDEF0123456789": want the first 16 lower-case hexadecimal digits of the source's sha256`},
		{"climbed bad givens", "group a\na/1 climbed " + zeros + " --givens 30-20\n", `m.txt:2:104: --givens: "30-20": want A-B with 0 <= A <= B <= 81`},
		{"climbed bad jobs", "group a\na/1 climbed " + zeros + " --jobs 0\n", `m.txt:2:102: --jobs: "0": want a number of runs at once, at least 1`},
		{"climbed absolute program", "group a\na/1 climbed " + zeros + " --against /home/me/x.c\n", `m.txt:2:105: --against: "/home/me/x.c": name the program by a path relative to the repository root, or by its file name`},
		{"climbed without seed", "group a\na/1 climbed " + zeros + " --against x.c --climb-time 2m  # found\n", `m.txt:2:124: a climbed test records --seed: say how it was found`},
		{"climbed twice", "group a\na/1 climbed " + zeros + " --against x.c --seed 1 --climb-time 2m\na/2 climbed " + zeros + " --against y.c --seed 2 --climb-time 2m\n", `m.txt:3:13: same input as line 2`},
		{"no command", "group a\na/1 generator  # nothing\n", `m.txt:2:14: expected a generator command after "generator"`},
		{"same command", "group a\ngroup b\na/1 generator target --givens 3\nb/1 generator target --givens 3\n", "m.txt:4:15: same command as line 3: the same arguments give the same test"},
		{"one path", "group a\na/1 file x.in\n", `m.txt:2:9: expected exactly two paths after "file", an input and an answer, found 1`},
		{"three paths", "group a\na/1 file x.in x.ans y\n", `m.txt:2:21: expected exactly two paths after "file", an input and an answer, found 3`},
		{"absolute path", "group a\na/1 file /data/x.in x.ans\n", `m.txt:2:10: path "/data/x.in" is absolute: give it relative to the repository root`},
		{"unclean path", "group a\na/1 file x.in data/../x.ans\n", `m.txt:2:15: path "data/../x.ans" is not clean: write it "x.ans"`},
		{"backslash", "group a\na/1 file data\\x.in x.ans\n", `m.txt:2:10: path "data\\x.in": separate folders with '/'`},
		{"control character", "group a\x00\n", `m.txt:1:8: control character '\x00'`},
		{"within nothing, group", "group a within\n", `m.txt:1:15: expected the name of the bounds after "within"`},
		{"within nothing, test", "group a\na/1 within\n", `m.txt:2:11: expected the name of the bounds after "within"`},
		{"bad bounds name", "group a\na/1 within NOIP generator target\n", `m.txt:2:12: bounds name "NOIP": want lower-case letters, digits and '-', starting with a letter`},
		{"within and no kind", "group a\na/1 within noip\n", `m.txt:2:4: expected "generator", "file" or "climbed" after a/1`},
		{"marked twice", "group a within noip\na/1 within noip generator target\n", "m.txt:2:5: group a lies within noip already: its tests need no mark"},
		{"lone CR", "group a\ra/1 generator target\n", `m.txt:1:8: control character '\r'`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.input), "m.txt")
			if err == nil {
				t.Fatalf("got no error, want %q", tc.want)
			}
			var syntax *SyntaxError
			if !errors.As(err, &syntax) {
				t.Errorf("got a %T, want a *SyntaxError", err)
			}
			if err.Error() != tc.want {
				t.Errorf("got %q, want %q", err.Error(), tc.want)
			}
		})
	}
}

func TestParseTooLong(t *testing.T) {
	_, err := Parse(make([]byte, MaxSize+1), "")
	if want := "line 1, column 1: manifest longer than 1048576 bytes"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
}

func TestLookups(t *testing.T) {
	m, err := ReadFile(filepath.Join("testdata", "example.txt"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		group   string
		found   bool
		keys    []string
		strings []string
	}{
		{"sample", true, []string{"sample/1"}, []string{"sample/1 file ../shared/data/target/sample1.in ../shared/data/target/sample1.ans"}},
		{"hard", true, []string{"hard/01", "hard/02"}, []string{
			"hard/01 within noip generator hard --givens 24 --steps 100",
			"hard/02 climbed " + zeros[:79] + "12 --against tests/submissions/accepted/dfs.c --seed 3 --climb-time 1m --sha256 0123456789abcdef --givens 2-81 --jobs 2",
		}},
		{"classic", false, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.group, func(t *testing.T) {
			if _, found := m.Group(tc.group); found != tc.found {
				t.Errorf("Group found: got %v, want %v", found, tc.found)
			}
			var keys, lines []string
			for _, test := range m.InGroup(tc.group) {
				keys = append(keys, test.Key())
				lines = append(lines, test.String())
			}
			if !slices.Equal(keys, tc.keys) || !slices.Equal(lines, tc.strings) {
				t.Errorf("got %q and %q, want %q and %q", keys, lines, tc.keys, tc.strings)
			}
		})
	}
	if g, _ := m.Group("hard"); g.String() != "group hard --min-givens 0 --allow-conflicts" {
		t.Errorf("Group.String: got %q, want %q", g.String(), "group hard --min-givens 0 --allow-conflicts")
	}
	if g, _ := m.Group("official"); g.String() != "group official within noip" {
		t.Errorf("Group.String: got %q, want %q", g.String(), "group official within noip")
	}
	for key, want := range map[string]string{"sample/1": "", "official/02": "noip", "hard/01": "noip", "hard/02": ""} {
		i := slices.IndexFunc(m.Tests, func(t Test) bool { return t.Key() == key })
		if got := m.Within(m.Tests[i]); got != want {
			t.Errorf("Within(%s): got %q, want %q", key, got, want)
		}
	}
}

// TestKitManifests reads the kit's own manifests: they must parse, and hold the groups the
// judge and the export rely on.
func TestKitManifests(t *testing.T) {
	tests := []struct {
		problem string
		groups  map[string]int // tests per group
	}{
		{"target", map[string]int{"sample": 2, "official": 20, "hard": 23}},
		{"classic", map[string]int{"sample": 1, "batch": 8}},
	}
	for _, tc := range tests {
		t.Run(tc.problem, func(t *testing.T) {
			m, err := ReadFile(filepath.Join("..", "..", "tests", tc.problem, "manifest.txt"))
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Groups) != len(tc.groups) {
				t.Errorf("got %d groups, want %d", len(m.Groups), len(tc.groups))
			}
			for group, want := range tc.groups {
				if got := len(m.InGroup(group)); got != want {
					t.Errorf("group %s: got %d tests, want %d", group, got, want)
				}
			}
		})
	}
}

// canonical writes m back as a manifest, one canonical line per group and test, in line order.
func canonical(m *Manifest) string {
	lines := map[int]string{}
	last := 0
	for _, g := range m.Groups {
		lines[g.Line] = g.String()
		last = max(last, g.Line)
	}
	for _, t := range m.Tests {
		lines[t.Line] = t.String()
		last = max(last, t.Line)
	}
	var b strings.Builder
	for i := 1; i <= last; i++ {
		b.WriteString(lines[i])
		b.WriteByte('\n')
	}
	return b.String()
}

// FuzzParse checks that Parse never panics, that its errors point inside the input, and that a
// manifest it accepts reads back the same from its canonical form.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"group a\na/1 generator target --givens 3\n",
		"group hard --min-givens 0\nhard/01 file x.in y.ans # c\n",
		"# comment\n\ngroup a\ta/1\tgenerator x\r\n",
		"group a\na/01 generator t\na/2 generator u\n",
		"group a\na/1 climbed " + strings.Repeat("0", 80) + "1 --against x.c --seed 1 --climb-time 2m --time-limit 1s\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Parse(data, "fuzz")
		if err != nil {
			var syntax *SyntaxError
			if !errors.As(err, &syntax) {
				t.Fatalf("got a %T error, want *SyntaxError", err)
			}
			lines := strings.Count(string(data), "\n") + 1
			if syntax.Line < 1 || syntax.Line > lines || syntax.Col < 1 {
				t.Fatalf("error at line %d, column %d of an input of %d lines: %v", syntax.Line, syntax.Col, lines, err)
			}
			return
		}
		again, err := Parse([]byte(canonical(m)), "fuzz")
		if err != nil {
			t.Fatalf("the canonical form does not parse: %v\n%s", err, canonical(m))
		}
		if !reflect.DeepEqual(again, m) {
			t.Fatalf("the canonical form reads\n%+v\nwant\n%+v", again, m)
		}
	})
}
