package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"bullseye/internal/untrusted"
)

// The plants that carry hostile text to every message the judge shows: a compiler's message,
// an uncaught C++ exception's what(), a Python exception's message, and a program's output,
// its checker's message and the note naming the files its source opens (raw ESC bytes, OSC
// titles, cursor moves, a forged green score, C1 controls, right-to-left overrides).
var hostilePlants = []struct {
	file string
	// shown is a piece of what the text report must show escaped.
	shown []string
}{
	{"security/hostile_compiler.c", []string{`#error "\x1b[2J\x1b[H\x1b[32mscore 100/100`}},
	{"security/hostile_what.cpp", []string{`what(): \x1b]0;judge: AC\a\x1b[1A\x1b[2K`, `\u009b2J`}},
	{"security/hostile_exception.py", []string{`ValueError: \x1b]0;judge: AC\a`, `\u009b2J\u202e001/0 erocs`}},
	{"security/hostile_note.c", []string{`the source opens \u009b2J\u009bHscore 100.in and \u202eni.sudoku.in`, `\x1b]0;judge: AC\a\x1b[2J\x1b[H\x1b[32m2906\x1b[0m\u009b2J`}},
}

// checkShown fails when text, shown on a terminal or written to a file, carries a control
// character (but a newline or a tab), a C1 control, a character that reorders text, or bytes
// that are not UTF-8. The tests run with NO_COLOR: the judge writes no escape of its own.
func checkShown(t *testing.T, where, text string) {
	t.Helper()
	if !utf8.ValidString(text) {
		t.Errorf("%s: bytes that are not UTF-8", where)
	}
	for i, r := range text {
		if r != '\n' && r != '\t' && untrusted.Hidden(r) {
			from := max(0, i-60)
			t.Errorf("%s: %U raw at byte %d: %q", where, r, i, text[from:min(len(text), i+20)])
			return
		}
	}
}

func readText(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestHostileText judges each hostile plant alone, with the text report, a JSON report and an
// HTML page, then in stress and climb mode: every output shows the hostile text escaped and
// nothing raw.
func TestHostileText(t *testing.T) {
	requireSandbox(t)
	tests := oneTest(t)
	for _, p := range hostilePlants {
		t.Run(filepath.Base(p.file), func(t *testing.T) {
			t.Parallel()
			requireCompiler(t, p.file)
			out := openTempDir(t)
			jsonFile, htmlFile := filepath.Join(out, "r.json"), filepath.Join(out, "r.html")
			r := runJudge(t, "--tests", tests, "--time-limit", "5s", "--json", jsonFile, "--html", htmlFile, submission(p.file))
			if r.code != exitRejected {
				t.Errorf("exit status %d, want %d; stderr: %s", r.code, exitRejected, r.stderr)
			}
			checkShown(t, "stdout", r.stdout)
			checkShown(t, "stderr", r.stderr)
			for _, s := range p.shown {
				if !strings.Contains(r.stdout, s) {
					t.Errorf("stdout lacks %q:\n%s", s, r.stdout)
				}
			}
			report := readText(t, jsonFile)
			checkShown(t, "JSON", report)
			var rep map[string]any
			if err := json.Unmarshal([]byte(report), &rep); err != nil {
				t.Errorf("the JSON report: %v", err)
			} else if !strings.Contains(report, `\u001b`) && !strings.Contains(report, `\u009b`) {
				t.Errorf("the JSON report lost the hostile text: %s", report)
			}
			checkShown(t, "HTML", readText(t, htmlFile))

			save := filepath.Join(out, "stress")
			r = runJudge(t, "--stress", "--count", "2", "--shrink-time", "0.3s", "--save", save, submission(p.file))
			checkShown(t, "stress stdout", r.stdout)
			checkShown(t, "stress stderr", r.stderr)
			// Stress and climb mode give no note: the last piece is a message or an output.
			last := p.shown[len(p.shown)-1]
			if !strings.Contains(r.stdout, last) {
				t.Errorf("stress stdout lacks %q:\n%s", last, r.stdout)
			}

			climbJSON := filepath.Join(out, "climb.json")
			r = runJudge(t, "--climb", "--climb-time", "2s", "--save", filepath.Join(out, "climb"), "--json", climbJSON, submission(p.file))
			checkShown(t, "climb stdout", r.stdout)
			checkShown(t, "climb stderr", r.stderr)
			checkShown(t, "climb JSON", readText(t, climbJSON))
			if !strings.Contains(r.stdout, last) {
				t.Errorf("climb stdout lacks %q:\n%s", last, r.stdout)
			}
		})
	}
}

// TestHostileClass judges a class whose folders are named with a screen clear, a
// right-to-left override and a spreadsheet formula, holding the hostile plants: the ranking,
// the progress, the CSV, the JSON and the HTML page show everything escaped.
func TestHostileClass(t *testing.T) {
	requireContestTools(t)
	class, out := openTempDir(t), openTempDir(t)
	names := map[string]string{}
	for _, p := range hostilePlants {
		kind := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(p.file), "hostile_"), filepath.Ext(p.file))
		name := "ev\x1b[2J\x1b[32mil\u202e\u0085-" + kind
		names[kind] = name
		plant(t, class, p.file, name+"/sudoku"+filepath.Ext(p.file))
	}
	plant(t, class, "accepted/dfs.c", "=HYPERLINK(\"x\")\xff/sudoku.c")
	csvFile, jsonFile, htmlFile := filepath.Join(out, "r.csv"), filepath.Join(out, "r.json"), filepath.Join(out, "r.html")
	r := runJudge(t, "--contest", class, "--tests", oneTest(t), "--time-limit", "5s", "--csv", csvFile, "--json", jsonFile, "--html", htmlFile)
	if r.code != exitAccepted {
		t.Errorf("exit status %d, want 0; stderr: %s", r.code, r.stderr)
	}
	checkShown(t, "stdout", r.stdout)
	checkShown(t, "stderr", r.stderr)
	for _, want := range []string{`ev\x1b[2J\x1b[32mil\u202e\u0085-what`, `=HYPERLINK("x")\xff`} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("the ranking lacks %q:\n%s", want, r.stdout)
		}
	}
	text := readText(t, csvFile)
	checkShown(t, "CSV", text)
	// The ranking's note is cut to its column; the CSV's reason is whole, the note on the
	// files the source opens at its end.
	if want := `\u009b2J\u009bHscore 100.in`; !strings.Contains(text, want) {
		t.Errorf("the CSV lacks %q:\n%s", want, text)
	}
	rows, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil || len(rows) != len(hostilePlants)+2 {
		t.Fatalf("CSV: got %d rows (%v), want %d:\n%s", len(rows), err, len(hostilePlants)+2, text)
	}
	for _, row := range rows[1:] {
		if strings.ContainsAny(row[1][:1], "=+-@") {
			t.Errorf("CSV: the name cell %q would run as a formula", row[1])
		}
	}
	report := readText(t, jsonFile)
	checkShown(t, "JSON", report)
	var con struct{ Contestants []struct{ Name string } }
	if err := json.Unmarshal([]byte(report), &con); err != nil {
		t.Fatalf("JSON: %v", err)
	}
	found := false
	for _, x := range con.Contestants {
		found = found || x.Name == names["what"]
	}
	if !found {
		t.Errorf("JSON: no contestant named %q, as the folder is: %+v", names["what"], con.Contestants)
	}
	checkShown(t, "HTML", readText(t, htmlFile))
}
