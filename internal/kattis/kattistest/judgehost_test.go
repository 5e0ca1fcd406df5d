package kattistest

import "testing"

func TestParseResult(t *testing.T) {
	tests := []struct {
		line string
		want JuryResult
		ok   bool
	}{
		{"accepted               target.cpp                   correct         -                              cpu<=0.011s    ok (expects correct)\n",
			JuryResult{Folder: "accepted", File: "target.cpp", Result: "correct", At: "-", CPU: "cpu<=0.011s", Expected: "correct", Match: true}, true},
		{"no_output              silent.c                     wrong-answer    data/sample/1                  cpu<=0.006s    MISMATCH (expects no-output)\n",
			JuryResult{Folder: "no_output", File: "silent.c", Result: "wrong-answer", At: "data/sample/1", CPU: "cpu<=0.006s", Expected: "no-output"}, true},
		{"mixed                  odd.c                        correct         -                              cpu<=0.006s    ok\n",
			JuryResult{Folder: "mixed", File: "odd.c", Result: "correct", At: "-", CPU: "cpu<=0.006s", Match: true}, true},
		{"accepted               dfs.go                       not-imported    (no default DOMjudge language)\n",
			JuryResult{Folder: "accepted", File: "dfs.go", Result: "not-imported", At: "-", CPU: "-"}, true},
		{"# DOMjudge d8c018e4c6ec judging pkg: 45 tests\n", JuryResult{}, false},
		{"accepted target.cpp correct - cpu<=0.011s maybe\n", JuryResult{}, false},
	}
	for _, tc := range tests {
		got, ok := parseResult(tc.line)
		if ok != tc.ok || got != tc.want {
			t.Errorf("parseResult(%q): got %+v, %v; want %+v, %v", tc.line, got, ok, tc.want, tc.ok)
		}
	}
}

func TestKeptFolders(t *testing.T) {
	log := "# DOMjudge judging pkg\n#   files: /var/tmp/j/vm/endpoint-local-7/1/1\nnoise\n#   files: /var/tmp/j/vm/endpoint-local-7/2/2\n"
	got := keptFolders(log)
	if len(got) != 2 || got[0] != "/var/tmp/j/vm/endpoint-local-7/1/1" || got[1] != "/var/tmp/j/vm/endpoint-local-7/2/2" {
		t.Errorf("got %q, want the two folders in order", got)
	}
}
