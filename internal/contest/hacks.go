package contest

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/rivo/uniseg"

	"bullseye/internal/outcome"
	"bullseye/internal/untrusted"
)

// Hacks is what a contest's hacking phase found (./judge.sh --contest DIR --hack): a small set
// of inputs that together break as many programs as it could, and for each contestant the
// input that breaks their program, or that none was found within the budget.
type Hacks struct {
	Seed        uint64 `json:"seed"`
	BudgetMS    int64  `json:"budget_ms"` // the searching time of the whole class
	MinGivens   int    `json:"min_givens"`
	MaxGivens   int    `json:"max_givens"`
	Jobs        int    `json:"jobs"`
	TimeLimitMS int64  `json:"time_limit_ms"`
	ElapsedMS   int64  `json:"elapsed_ms"` // the whole phase's, judging the inputs found included
	Interrupted bool   `json:"interrupted,omitempty"`
	// Found counts the inputs found in all; Inputs are those chosen, in the order chosen.
	Found       int            `json:"found"`
	Inputs      []HackInput    `json:"inputs"`
	Contestants []HackedResult `json:"contestants"`
	// Saved is the folder the inputs were saved in, "" when they were not.
	Saved string `json:"saved,omitempty"`
}

// HackInput is one input of the set.
type HackInput struct {
	Name   string `json:"name"`  // hack1, hack2...: its files' name
	Input  string `json:"input"` // the 81 digits in reading order
	Givens int    `json:"givens"`
	Answer string `json:"answer"` // the reference's
	// FoundAgainst is the contestant it was searched against, How the search (stress or
	// climb), Seed that search's own seed, FoundAfterMS when, from the phase's start.
	FoundAgainst string `json:"found_against"`
	How          string `json:"how"`
	Seed         uint64 `json:"seed"`
	FoundAfterMS int64  `json:"found_after_ms"`
	// ShrunkFrom is the givens it had before it was shrunk; 0 when it was not.
	ShrunkFrom int `json:"shrunk_from,omitempty"`
	// Breaks names the contestants it breaks.
	Breaks []string `json:"breaks"`
}

// HackedResult is the phase's word on one contestant.
type HackedResult struct {
	Name string `json:"name"`
	// Note says why the program was not hacked (not judged, no program); "" when it was.
	Note string `json:"note,omitempty"`
	// By names the input of the set that breaks the program, "" when none was found; Verdict,
	// CPUMS, Message and Output are its run on it (Output what it printed), Answer the
	// reference's; Alone tells that the verdict comes from a run alone.
	By      string          `json:"by,omitempty"`
	Verdict outcome.Verdict `json:"verdict,omitempty"`
	CPUMS   float64         `json:"cpu_ms,omitempty"`
	Message string          `json:"message,omitempty"`
	Output  string          `json:"output,omitempty"`
	Answer  string          `json:"answer,omitempty"`
	Alone   bool            `json:"alone,omitempty"`
	// FoundAfterMS is when the phase first held an input that breaks it; SearchedMS the time
	// spent searching against it (0 when an input found against another broke it first).
	FoundAfterMS int64 `json:"found_after_ms,omitempty"`
	SearchedMS   int64 `json:"searched_ms"`
	// SlowestCPUMS is, for a program nothing broke, the CPU time of the slowest input a climb
	// against it met: how near the limit the search came.
	SlowestCPUMS float64 `json:"slowest_cpu_ms,omitempty"`
}

// Broken counts the contestants a hack breaks, and those hacked at all.
func (h *Hacks) Broken() (broken, hacked int) {
	for _, x := range h.Contestants {
		if x.Note != "" {
			continue
		}
		hacked++
		if x.By != "" {
			broken++
		}
	}
	return broken, hacked
}

// Of returns the phase's word on the contestant named name, nil when the phase has none.
func (h *Hacks) Of(name string) *HackedResult {
	if h == nil {
		return nil
	}
	for i := range h.Contestants {
		if h.Contestants[i].Name == name {
			return &h.Contestants[i]
		}
	}
	return nil
}

// How says how a hack broke the program, in a few words: "TLE, 2.2 s of CPU time",
// "WA, printed 2830 for 2852".
func (x *HackedResult) How() string {
	switch {
	case x.Note != "":
		return x.Note
	case x.By == "" && x.SlowestCPUMS > 0:
		return fmt.Sprintf("nothing found within the budget; the slowest input met takes %s", secondsOf(x.SlowestCPUMS))
	case x.By == "":
		return "nothing found within the budget"
	case x.Verdict == outcome.TimeLimit:
		return fmt.Sprintf("TLE, %s of CPU time", secondsOf(x.CPUMS))
	case x.Verdict == outcome.WrongAnswer || x.Verdict == outcome.PresentationError:
		return fmt.Sprintf("%s, printed %s for %s", x.Verdict, firstLineOf(x.Output), firstLineOf(x.Answer))
	}
	return fmt.Sprintf("%s: %s", x.Verdict, untrusted.Line(clipRunes(x.Message, 60)))
}

func secondsOf(ms float64) string {
	if ms >= 1000 {
		return strconv.FormatFloat(float64(int(ms/10+0.5))/100, 'f', -1, 64) + " s"
	}
	return fmt.Sprintf("%.0f ms", ms)
}

// firstLineOf shows the first line of an output, "(nothing)" for none, clipped.
func firstLineOf(s string) string {
	line, _, _ := strings.Cut(strings.TrimLeft(s, " \t\r\n"), "\n")
	line = strings.TrimSpace(line)
	if line == "" {
		return "(nothing)"
	}
	return untrusted.Line(clipRunes(line, 40))
}

// WriteHacks writes the phase's findings for a terminal: a table of the contestants, the
// inputs of the set with what each breaks, and how the phase went.
func (c *Contest) WriteHacks(w io.Writer, color bool) error {
	h := c.Hacks
	if h == nil {
		return nil
	}
	var b strings.Builder
	broken, hacked := h.Broken()
	fmt.Fprintf(&b, "\nhacks: %d of %d programs broken by %s (%d found) in %s, budget %s, seed %d, %d-%d givens, -j %d%s\n",
		broken, hacked, plural(len(h.Inputs), "input"), h.Found, secondsOf(float64(h.ElapsedMS)), secondsOf(float64(h.BudgetMS)), h.Seed, h.MinGivens, h.MaxGivens, h.Jobs,
		map[bool]string{true: ", interrupted", false: ""}[h.Interrupted])
	rows := [][]string{{"contestant", "broken by", "how", "found after"}}
	for _, x := range h.Contestants {
		by, after := "-", "-"
		if x.By != "" {
			by, after = x.By, secondsOf(float64(x.FoundAfterMS))
		}
		rows = append(rows, []string{untrusted.Line(x.Name), by, x.How(), after})
	}
	widths := make([]int, len(rows[0]))
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], uniseg.StringWidth(cell))
		}
	}
	for n, row := range rows {
		var line strings.Builder
		for i, cell := range row {
			shown := cell
			switch {
			case n == 0 && color:
				shown = bold + cell + reset
			case n > 0 && i == 2 && color && row[1] != "-":
				shown = red + cell + reset
			}
			line.WriteString(shown)
			if i < len(row)-1 {
				line.WriteString(strings.Repeat(" ", widths[i]-uniseg.StringWidth(cell)+2))
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	for _, in := range h.Inputs {
		names := make([]string, len(in.Breaks))
		for i, n := range in.Breaks {
			names[i] = untrusted.Line(n)
		}
		shrunk := ""
		if in.ShrunkFrom > 0 {
			shrunk = fmt.Sprintf(", shrunk from %d", in.ShrunkFrom)
		}
		fmt.Fprintf(&b, "%s: %d givens%s, answer %s, found by %s against %s after %s; breaks %d: %s\n    %s\n",
			in.Name, in.Givens, shrunk, firstLineOf(in.Answer), in.How, untrusted.Line(in.FoundAgainst), secondsOf(float64(in.FoundAfterMS)),
			len(in.Breaks), strings.Join(names, ", "), in.Input)
	}
	if h.Saved != "" {
		fmt.Fprintf(&b, "saved in %s (NAME.in, NAME.ans, hacks.json); rank the class on them with\n    ./judge.sh --contest DIR --tests %s\n", h.Saved, h.Saved)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// plural writes a count and a noun: "1 input", "2 inputs".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// hackColumns are the CSV's columns of a contest with a hacking phase.
var hackColumns = []string{"hacked_by", "hack_verdict", "hack_cpu_ms", "hack_found_after_ms"}

// hackCells returns a contestant's cells of the hack columns.
func (h *Hacks) hackCells(name string) []string {
	x := h.Of(name)
	if x == nil || x.By == "" {
		return []string{"", "", "", ""}
	}
	return []string{untrusted.Cell(x.By), string(x.Verdict), strconv.FormatFloat(x.CPUMS, 'f', -1, 64), strconv.FormatInt(x.FoundAfterMS, 10)}
}
