package contest

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rivo/uniseg"

	"bullseye/internal/outcome"
	"bullseye/internal/untrusted"
)

// ANSI escapes of the ranking's colours.
const (
	reset  = "\x1b[0m"
	bold   = "\x1b[1m"
	red    = "\x1b[31m"
	green  = "\x1b[32m"
	yellow = "\x1b[33m"
	purple = "\x1b[35m"
	dim    = "\x1b[2m"
)

func letterColor(l byte) string {
	switch l {
	case 'A':
		return green
	case 'W', 'P':
		return red
	case 'T', 'M', 'O':
		return yellow
	case 'R':
		return purple
	case NotRun:
		return dim
	}
	return bold + red
}

// noteWidth is the most characters of a note the ranking shows.
const noteWidth = 100

// WriteRanking writes the ranking: rank, contestant, score (and the score within the contest's
// bounds, when some tests lie beyond them), the CPU time of the accepted tests, the verdict
// string and a note for a contestant not judged, coloured when color is set; then the letters'
// legend and the ranking rule.
func (c *Contest) WriteRanking(w io.Writer, color bool) error {
	header := []string{"rank", "contestant", "score"}
	_, mixed := c.ScoreWithin(Contestant{})
	if mixed {
		header = append(header, c.Bounds.Name)
	}
	header = append(header, "AC time", "verdicts", "note")
	letters := len(header) - 2
	right := map[int]bool{0: true, 2: true, letters - 1: true}
	if mixed {
		right[3] = true
	}
	rows := [][]string{header}
	for _, x := range c.Contestants {
		row := []string{strconv.Itoa(x.Rank), untrusted.Line(x.Name), formatScore(x.Score)}
		if within, ok := c.ScoreWithin(x); ok {
			row = append(row, formatScore(within))
		}
		time := "-"
		if x.Score > 0 {
			time = fmt.Sprintf("%.0f ms", x.AcceptedMS)
		}
		note := x.Reason()
		rows = append(rows, append(row, time, x.Verdicts, untrusted.Line(clipRunes(note, noteWidth))))
	}
	widths := make([]int, len(rows[0]))
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], uniseg.StringWidth(cell))
		}
	}
	var b strings.Builder
	for n, row := range rows {
		var line strings.Builder
		for i, cell := range row {
			pad := strings.Repeat(" ", widths[i]-uniseg.StringWidth(cell))
			shown := cell
			switch {
			case n == 0 && color:
				shown = bold + cell + reset
			case n > 0 && i == letters && color:
				shown = paintLetters(cell)
			}
			if right[i] {
				line.WriteString(pad + shown)
			} else if i < len(row)-1 {
				line.WriteString(shown + pad)
			} else {
				line.WriteString(shown)
			}
			if i < len(row)-1 {
				line.WriteString("  ")
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	fmt.Fprintf(&b, "verdicts, one letter per test: %s\n", LetterLegend)
	if mixed {
		fmt.Fprintf(&b, "%s: the score within %s (%s); the kit's tests beyond them: %d of %d\n", c.Bounds.Name, c.Bounds.Title, c.Bounds.Rule, len(c.Beyond), len(c.Tests))
	}
	fmt.Fprintf(&b, "AC time: the CPU time of the accepted tests. %s\n", RankingRule)
	_, err := io.WriteString(w, b.String())
	return err
}

func paintLetters(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteString(letterColor(s[i]) + s[i:i+1] + reset)
	}
	return b.String()
}

// WriteCSV writes one row per contestant, in rank order: rank, contestant, language, score (and
// score_within_BOUNDS, when some tests lie beyond the contest's bounds), time_ms (all tests'
// CPU time), accepted_ms (the accepted tests'), one column per test with its verdict (AC, WA,
// ..., "-" for a test that did not run), and a note, the contestant's Reason; after a hacking
// phase, the input that breaks the program, its verdict, CPU time and when it was found.
// The names, of contestants and tests, are escaped and neutralised as spreadsheets need
// (untrusted.Cell).
func (c *Contest) WriteCSV(w io.Writer) error {
	out := csv.NewWriter(w)
	header := []string{"rank", "contestant", "language", "score"}
	if _, mixed := c.ScoreWithin(Contestant{}); mixed {
		header = append(header, "score_within_"+c.Bounds.Name)
	}
	header = append(header, "time_ms", "accepted_ms")
	for _, test := range c.Tests {
		header = append(header, untrusted.Cell(test))
	}
	header = append(header, "note")
	if c.Hacks != nil {
		header = append(header, hackColumns...)
	}
	if err := out.Write(header); err != nil {
		return err
	}
	for _, x := range c.Contestants {
		row := []string{strconv.Itoa(x.Rank), untrusted.Cell(x.Name), x.Language, formatScore(x.Score)}
		if within, ok := c.ScoreWithin(x); ok {
			row = append(row, formatScore(within))
		}
		row = append(row, strconv.FormatFloat(x.TimeMS, 'f', -1, 64), strconv.FormatFloat(x.AcceptedMS, 'f', -1, 64))
		for i := range c.Tests {
			v := string(NotRun)
			if i < len(x.Results) {
				v = string(x.Results[i].Verdict)
			}
			row = append(row, v)
		}
		row = append(row, untrusted.Cell(x.Reason()))
		if c.Hacks != nil {
			row = append(row, c.Hacks.hackCells(x.Name)...)
		}
		if err := out.Write(row); err != nil {
			return err
		}
	}
	out.Flush()
	return out.Error()
}

func formatScore(score float64) string { return strconv.FormatFloat(score, 'f', -1, 64) }

func clipRunes(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-3]) + "..."
}

// VerdictName returns a verdict in words, or "not run".
func VerdictName(v outcome.Verdict) string {
	if v == "" {
		return "not run"
	}
	return v.Name()
}
