package contest

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"bullseye/internal/outcome"
)

func hostileHacks() *Contest {
	return &Contest{
		Contestants: []Contestant{{Name: "eve\x1b[2J"}, {Name: "=cmd"}, {Name: "zed"}},
		Hacks: &Hacks{
			Seed: 4, BudgetMS: 60000, MinGivens: 24, MaxGivens: 80, Jobs: 2, ElapsedMS: 61000, Found: 2,
			Inputs: []HackInput{{Name: "hack1", Input: strings.Repeat("0", 81), Givens: 24, Answer: "2852", FoundAgainst: "eve\x1b[2J", How: "climb", Breaks: []string{"eve\x1b[2J", "=cmd"}}},
			Contestants: []HackedResult{
				{Name: "eve\x1b[2J", By: "hack1", Verdict: outcome.WrongAnswer, Output: "0\x1b[31m\n", Answer: "2852", FoundAfterMS: 1500},
				{Name: "=cmd", By: "hack1", Verdict: outcome.TimeLimit, CPUMS: 2001, FoundAfterMS: 3000},
				{Name: "zed", SearchedMS: 30000, SlowestCPUMS: 840},
			},
		},
	}
}

func TestWriteHacks(t *testing.T) {
	var b bytes.Buffer
	if err := hostileHacks().WriteHacks(&b, false); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.Contains(out, "\x1b") {
		t.Errorf("a name or an output reached the terminal unescaped:\n%q", out)
	}
	for _, want := range []string{
		"hacks: 2 of 3 programs broken by 1 input (2 found) in 61 s, budget 60 s, seed 4, 24-80 givens, -j 2\n",
		`eve\x1b[2J  hack1      WA, printed 0\x1b[31m for 2852                                       1.5 s`,
		"=cmd        hack1      TLE, 2 s of CPU time                                                 3 s",
		"zed         -          nothing found within the budget; the slowest input met takes 840 ms  -",
		`hack1: 24 givens, answer 2852, found by climb against eve\x1b[2J after 0 ms; breaks 2: eve\x1b[2J, =cmd`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("got\n%s\nwant a line with %q", out, want)
		}
	}
}

func TestWriteCSVHacks(t *testing.T) {
	var b bytes.Buffer
	if err := hostileHacks().WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		row  int
		want []string
	}{
		{0, []string{"hacked_by", "hack_verdict", "hack_cpu_ms", "hack_found_after_ms"}},
		{1, []string{"hack1", "WA", "0", "1500"}},
		{2, []string{"hack1", "TLE", "2001", "3000"}},
		{3, []string{"", "", "", ""}},
	}
	for _, tt := range tests {
		got := rows[tt.row][len(rows[tt.row])-4:]
		if strings.Join(got, ",") != strings.Join(tt.want, ",") {
			t.Errorf("row %d: got %q, want %q", tt.row, got, tt.want)
		}
	}
	if rows[2][1] != "'=cmd" {
		t.Errorf("got the name %q, want it neutralised", rows[2][1])
	}
}
