package contest

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"bullseye/internal/bounds"
	"bullseye/internal/outcome"
)

var extensions = []string{".c", ".cpp", ".py", ".pas"}

// makeTree makes the files of tree under a new folder: a name ending in / is a folder.
func makeTree(t *testing.T, tree ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range tree {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if strings.HasSuffix(name, "/") {
			if err := os.MkdirAll(path, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestDiscover(t *testing.T) {
	tests := []struct {
		name string
		tree []string
		want string // NAME=FILE or NAME=A|B for candidates, relative, joined by spaces
	}{
		{"plain", []string{"alice/sudoku.cpp", "bob/sudoku.py"}, "alice=alice/sudoku.cpp bob=bob/sudoku.py"},
		{"NOI Linux", []string{"alice/sudoku/sudoku.c", "alice/sudoku/sudoku.in"}, "alice=alice/sudoku/sudoku.c"},
		{"LemonLime", []string{"source/alice/sudoku.pas", "source/bob/sudoku/sudoku.c", "data/sudoku/1.in", "result/"},
			"alice=source/alice/sudoku.pas bob=source/bob/sudoku/sudoku.c"},
		{"no file", []string{"alice/", "bob/sudoku.txt", "carol/sudoku.exe", "dave/notes/sudoku.c", "erin/Sudoku2.cpp"},
			"alice= bob= carol= dave= erin="},
		{"two candidates", []string{"alice/sudoku.c", "alice/sudoku/sudoku.cpp", "bob/sudoku.c", "bob/sudoku.py"},
			"alice=alice/sudoku.c|alice/sudoku/sudoku.cpp bob=bob/sudoku.c|bob/sudoku.py"},
		{"upper-case extension", []string{"alice/sudoku.CPP"}, "alice=alice/sudoku.CPP"},
		{"hidden folders and loose files skipped", []string{".git/sudoku.c", "readme.txt", "sudoku.c", "zed/sudoku.c"}, "zed=zed/sudoku.c"},
		{"sorted by name", []string{"b/sudoku.c", "a/sudoku.c", "C/sudoku.c"}, "C=C/sudoku.c a=a/sudoku.c b=b/sudoku.c"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := makeTree(t, tc.tree...)
			entries, err := Discover(dir, "sudoku", extensions, DefaultSourceLimit)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range entries {
				files := []string{e.File}
				if len(e.Candidates) > 0 {
					files = e.Candidates
				}
				for i, f := range files {
					if f != "" {
						rel, _ := filepath.Rel(dir, f)
						files[i] = filepath.ToSlash(rel)
					}
				}
				got = append(got, e.Name+"="+strings.Join(files, "|"))
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("got %q, want %q", strings.Join(got, " "), tc.want)
			}
		})
	}
}

func TestDiscoverErrors(t *testing.T) {
	dir := makeTree(t, "loose.c", "source/")
	tests := []struct {
		name, dir, want string
	}{
		{"missing", filepath.Join(dir, "nowhere"), "no such file"},
		{"a file", filepath.Join(dir, "loose.c"), "not a folder"},
		{"no contestant", dir, "holds no contestant's folder"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Discover(tc.dir, "sudoku", extensions, DefaultSourceLimit)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error saying %q", err, tc.want)
			}
		})
	}
}

// judged returns a contestant with one result per verdict, each taking cpu milliseconds.
func judged(name string, cpu float64, verdicts ...outcome.Verdict) Contestant {
	c := Contestant{Name: name, Status: Judged}
	for i, v := range verdicts {
		c.Results = append(c.Results, Result{Test: fmt.Sprint(i + 1), Verdict: v, CPUMS: cpu})
	}
	return c
}

const (
	ac  = outcome.Accepted
	wa  = outcome.WrongAnswer
	tle = outcome.TimeLimit
)

func TestSummarizeAndRank(t *testing.T) {
	con := &Contest{Tests: []string{"1", "2", "3", "4"}, Contestants: []Contestant{
		{Name: "nobody", Status: NoSubmission},
		judged("slow", 100, ac, ac, ac, wa),
		judged("fast", 10, ac, ac, ac, tle),
		judged("zero", 5, wa, wa, wa, wa),
		judged("twin", 10, ac, ac, wa, ac),
		{Name: "broken", Status: CompileError, Note: "main.c:1: error"},
		judged("perfect", 50, ac, ac, ac, ac),
		judged("crash", 0.1, outcome.RuntimeError, outcome.RuntimeError, outcome.RuntimeError, outcome.RuntimeError),
		judged("spin", 2000, tle, tle, tle, tle),
	}}
	for i := range con.Contestants {
		con.Contestants[i].Summarize(len(con.Tests))
	}
	con.Rank()
	var got []string
	for _, x := range con.Contestants {
		got = append(got, fmt.Sprintf("%d %s %g %g %g %s", x.Rank, x.Name, x.Score, x.TimeMS, x.AcceptedMS, x.Verdicts))
	}
	want := []string{
		"1 perfect 100 200 200 AAAA",
		"2 fast 75 40 30 AAAT", // equal scores share a rank, listed by the time of their accepted tests
		"2 twin 75 40 30 AAWA",
		"2 slow 75 400 300 AAAW",
		"5 broken 0 0 0 ----", // 0 points: one rank, by name, whatever ran and however fast
		"5 crash 0 0.4 0 RRRR",
		"5 nobody 0 0 0 ----",
		"5 spin 0 8000 0 TTTT",
		"5 zero 0 20 0 WWWW",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestScoreWithin scores a class over the tests within a narrower statement's bounds, shown in
// the ranking and the CSV when some tests lie beyond them.
func TestScoreWithin(t *testing.T) {
	con := &Contest{Tests: []string{"h/1", "h/2", "h/3", "h/4"}, Bounds: &bounds.NOIP,
		Beyond:      map[string]string{"h/1": "0 givens, fewer than 24", "h/2": "a grid already full"},
		Contestants: []Contestant{judged("ann", 3, tle, tle, ac, wa), judged("ben", 3, ac, ac, tle, tle)}}
	for i := range con.Contestants {
		con.Contestants[i].Summarize(len(con.Tests))
	}
	con.Rank()
	for _, tc := range []struct {
		name string
		want float64
	}{{"ann", 50}, {"ben", 0}} {
		i := slices.IndexFunc(con.Contestants, func(x Contestant) bool { return x.Name == tc.name })
		if got, ok := con.ScoreWithin(con.Contestants[i]); !ok || got != tc.want {
			t.Errorf("%s: got %v, %v; want %v", tc.name, got, ok, tc.want)
		}
	}
	var text, csv strings.Builder
	if err := con.WriteRanking(&text, false); err != nil {
		t.Fatal(err)
	}
	if err := con.WriteCSV(&csv); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"rank  contestant  score  noip  AC time", "   1  ben            50     0     6 ms  AATT",
		"noip: the score within NOIP's bounds (at least 24 givens and a blank to fill); the kit's tests beyond them: 2 of 4"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("ranking:\n%s\nwant it to hold %q", text.String(), want)
		}
	}
	if want := "rank,contestant,language,score,score_within_noip,time_ms,accepted_ms,h/1"; !strings.HasPrefix(csv.String(), want) {
		t.Errorf("CSV:\n%s\nwant it to begin %q", csv.String(), want)
	}
	con.Beyond = nil
	if _, ok := con.ScoreWithin(con.Contestants[0]); ok {
		t.Error("every test within the bounds: got a score within them, want none")
	}
}

func TestWriters(t *testing.T) {
	con := &Contest{Tests: []string{"a/1", "a/2"}, Contestants: []Contestant{
		judged("bo,b", 12.5, ac, wa),
		{Name: "carol", Status: TwoCandidates, Note: "carol/sudoku.c and carol/sudoku/sudoku.py"},
		judged("alice", 3, ac, ac),
	}}
	for i := range con.Contestants {
		con.Contestants[i].Summarize(len(con.Tests))
	}
	con.Rank()
	var csv strings.Builder
	if err := con.WriteCSV(&csv); err != nil {
		t.Fatal(err)
	}
	wantCSV := "rank,contestant,language,score,time_ms,accepted_ms,a/1,a/2,note\n" +
		"1,alice,,100,6,6,AC,AC,\n" +
		"2,\"bo,b\",,50,25,12.5,AC,WA,WA on 1 of 2 tests (first 2)\n" +
		"3,carol,,0,0,0,-,-,\"two candidate files, neither judged: carol/sudoku.c and carol/sudoku/sudoku.py\"\n"
	if csv.String() != wantCSV {
		t.Errorf("CSV: got\n%s\nwant\n%s", csv.String(), wantCSV)
	}
	var text strings.Builder
	if err := con.WriteRanking(&text, false); err != nil {
		t.Fatal(err)
	}
	wantText := "rank  contestant  score  AC time  verdicts  note\n" +
		"   1  alice         100     6 ms  AA\n" +
		"   2  bo,b           50    12 ms  AW        WA on 1 of 2 tests (first 2)\n" +
		"   3  carol           0        -  --        two candidate files, neither judged: carol/sudoku.c and carol/sudoku/sudoku.py\n"
	if !strings.HasPrefix(text.String(), wantText) {
		t.Errorf("ranking: got\n%s\nwant\n%s", text.String(), wantText)
	}
	// Names in Chinese take two columns a character on a terminal.
	wide := &Contest{Tests: []string{"1"}, Contestants: []Contestant{judged("张三", 1, ac), judged("li", 2, wa)}}
	for i := range wide.Contestants {
		wide.Contestants[i].Summarize(1)
	}
	wide.Rank()
	text.Reset()
	if err := wide.WriteRanking(&text, false); err != nil {
		t.Fatal(err)
	}
	wantWide := "rank  contestant  score  AC time  verdicts  note\n" +
		"   1  张三          100     1 ms  A\n" +
		"   2  li              0        -  W         WA on 1 of 1 tests (first 1)\n"
	if !strings.HasPrefix(text.String(), wantWide) {
		t.Errorf("ranking: got\n%s\nwant\n%s", text.String(), wantWide)
	}
	text.Reset()
	if err := con.WriteRanking(&text, true); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), green+"A"+reset+red+"W"+reset) {
		t.Errorf("coloured ranking lacks the coloured letters: %q", text.String())
	}
}

func TestFirstDifference(t *testing.T) {
	tests := []struct {
		name            string
		expected, found string
		want            *Difference
	}{
		{"same", "2855\n", "2855\n", nil},
		{"spaces and line ends do not count", "1 2 3\n4 5 6\n", "1  2 3\r\n4 5 6", nil},
		{"first line", "2855\n", "2854\n", &Difference{Line: 1, Expected: []string{"2855"}, Found: []string{"2854"}}},
		{"second line", "1\n2\n3\n", "1\n5\n3\n", &Difference{Line: 2, Expected: []string{"2"}, Found: []string{"5"}}},
		{"found is short", "1\n2\n", "1\n", &Difference{Line: 2, Expected: []string{"2"}, Found: []string{}}},
		{"found is long", "1\n", "1\n2\n", &Difference{Line: 2, Expected: []string{}, Found: []string{"2"}}},
		{"nothing found", "1\n", "", &Difference{Line: 1, Expected: []string{"1"}, Found: []string{}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := FirstDifference([]byte(tc.expected), []byte(tc.found))
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
	long := strings.Repeat("9", 500)
	if d := FirstDifference([]byte("1\n"), []byte(long)); len(d.Found[0]) > 130 {
		t.Errorf("a long line is kept whole: %d bytes", len(d.Found[0]))
	}
}

func TestCache(t *testing.T) {
	c := Cache{Dir: filepath.Join(t.TempDir(), "results")}
	key := Key([]byte("int main() {}"), "cpp", "target")
	x := judged("alice", 3, ac, wa)
	x.Language = "cpp"
	x.Results[1].FirstDifference = &Difference{Line: 1, Expected: []string{"1"}, Found: []string{"2"}}
	var miss Contestant
	if c.Get(key, &miss) {
		t.Fatal("an empty cache hit")
	}
	if err := c.Put(key, &x); err != nil {
		t.Fatal(err)
	}
	got := Contestant{Name: "alice"}
	if !c.Get(key, &got) || !got.Cached || got.Language != "cpp" || !reflect.DeepEqual(got.Results, x.Results) {
		t.Errorf("got %+v, want %+v from the cache", got, x)
	}
	if err := os.WriteFile(filepath.Join(c.Dir, key+".json"), []byte("{damaged"), 0o644); err != nil {
		t.Fatal(err)
	}
	if c.Get(key, &Contestant{}) {
		t.Error("a damaged entry hit")
	}
	// Every input of the key changes it, and a setting cannot pass for its neighbour.
	keys := map[string]string{
		"base":     Key([]byte("a"), "c", "target", "limits"),
		"source":   Key([]byte("b"), "c", "target", "limits"),
		"language": Key([]byte("a"), "cpp", "target", "limits"),
		"setting":  Key([]byte("a"), "c", "target", "limits2"),
		"shifted":  Key([]byte("a"), "c", "targetl", "imits"),
	}
	seen := map[string]string{}
	for name, k := range keys {
		if other, ok := seen[k]; ok {
			t.Errorf("%s and %s share a key", name, other)
		}
		seen[k] = name
	}
}
