package problem

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bullseye/internal/testlib"
)

func TestLookup(t *testing.T) {
	for _, tc := range []struct{ name, want, wantErr string }{
		{"target", "target", ""},
		{"classic", "classic", ""},
		{"killer", "", `unknown problem "killer": want target or classic`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Lookup(tc.name)
			if got := errText(err); got != tc.wantErr || p.Name != tc.want {
				t.Errorf("got %q and error %q, want %q and error %q", p.Name, got, tc.want, tc.wantErr)
			}
		})
	}
}

func TestCheckFiles(t *testing.T) {
	dir := t.TempDir()
	input, answer := filepath.Join(dir, "in"), filepath.Join(dir, "ans")
	grid := strings.Repeat("0 0 0 0 0 0 0 0 0\n", 9)
	if err := os.WriteFile(input, []byte(grid), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(answer, []byte("2906\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing")
	output := func(text string) func() (io.Reader, *testlib.Judgement) {
		return func() (io.Reader, *testlib.Judgement) { return strings.NewReader(text), nil }
	}
	noOutput := func() (io.Reader, *testlib.Judgement) {
		j := testlib.Malformed("no output")
		return nil, &j
	}
	for _, tc := range []struct {
		name           string
		input, answer  string
		open           func() (io.Reader, *testlib.Judgement)
		want           testlib.Result
		wantMessageHas string
	}{
		{"the best score", input, answer, output("2906\n"), testlib.OK, "2906"},
		{"a wrong score", input, answer, output("2905\n"), testlib.WrongAnswer, "expected 2906, found 2905"},
		{"no output", input, answer, noOutput, testlib.PresentationError, "no output"},
		{"no input: the jury's fault", missing, answer, output("2906\n"), testlib.Fail, "reading the input"},
		{"no answer: the jury's fault", input, missing, output("2906\n"), testlib.Fail, "reading the jury's answer"},
		{"the jury's fault comes before a missing output", input, missing, noOutput, testlib.Fail, "reading the jury's answer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			j := Target.CheckFiles(tc.input, tc.answer, tc.open)
			if j.Result != tc.want || !strings.Contains(j.String(), tc.wantMessageHas) {
				t.Errorf("got %v %q, want %v with %q", j.Result, j.String(), tc.want, tc.wantMessageHas)
			}
		})
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestRegistryFilesExist keeps the registry true to the tree: every file and folder it names is
// in the kit, so that a move is caught here and not by a user of the judge or the exporter.
func TestRegistryFilesExist(t *testing.T) {
	root := filepath.Join("..", "..")
	for _, p := range All {
		paths := map[string]string{
			"reference": p.Reference, "accepted": p.Package.Accepted,
			"input validator": p.Package.InputValidator, "output validator": p.Package.OutputValidator,
			"submissions": p.Package.Submissions, "default group": "tests/" + p.Name + "/" + p.DefaultGroup,
		}
		for what, rel := range paths {
			if rel == "" {
				continue
			}
			t.Run(p.Name+"/"+what, func(t *testing.T) {
				if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel))); err != nil {
					t.Errorf("got %v, want the %s %s in the kit", err, what, rel)
				}
			})
		}
	}
}

// TestAcceptedFitsTheCodeLimit keeps each package's accepted submission within the source size
// its problem.yaml declares: problemtools refuses a bigger one, and then judges the other
// submissions with no time limit worth the name.
func TestAcceptedFitsTheCodeLimit(t *testing.T) {
	for _, p := range All {
		t.Run(p.Name, func(t *testing.T) {
			info, err := os.Stat(filepath.Join("..", "..", filepath.FromSlash(p.Package.Accepted)))
			if err != nil {
				t.Fatal(err)
			}
			limit := int64(p.Package.CodeKiB)
			if limit == 0 {
				limit = 128 // the format's default
			}
			if info.Size() > limit<<10 {
				t.Errorf("%s: got %d bytes, want at most the code limit, %d KiB", p.Package.Accepted, info.Size(), limit)
			}
		})
	}
}
