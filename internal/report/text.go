package report

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"bullseye/internal/outcome"
	"bullseye/internal/textdiff"
	"bullseye/internal/untrusted"
)

// Style says how text is rendered.
type Style struct {
	// Color uses ANSI colours: on a terminal, unless NO_COLOR is set.
	Color bool
}

// ANSI escapes.
const (
	reset   = "\x1b[0m"
	bold    = "\x1b[1m"
	red     = "\x1b[31m"
	green   = "\x1b[32m"
	yellow  = "\x1b[33m"
	magenta = "\x1b[35m"
)

func (s Style) paint(text, color string) string {
	if !s.Color || color == "" {
		return text
	}
	return color + text + reset
}

// verdictColor is the colour of a verdict: green accepted, red wrong, yellow over a limit,
// magenta crashed, bold red when nothing ran or the judge failed.
func verdictColor(v outcome.Verdict) string {
	switch v {
	case outcome.Accepted:
		return green
	case outcome.WrongAnswer, outcome.PresentationError:
		return red
	case outcome.TimeLimit, outcome.MemoryLimit, outcome.OutputLimit:
		return yellow
	case outcome.RuntimeError:
		return magenta
	}
	return bold + red
}

// WriteTable writes one row per test: verdict, CPU and wall time, peak memory, the CPU time as
// a multiple of the reference solution's, and the checker's or the judge's message.
func (r *Report) WriteTable(w io.Writer, s Style) error {
	header := []string{"test", "verdict", "cpu", "wall", "memory", "x ref", "message"}
	rows := [][]string{header}
	for _, t := range r.Results {
		ratio := "-"
		if t.Ratio != nil {
			ratio = strconv.FormatFloat(*t.Ratio, 'f', 1, 64)
		}
		verdict := string(t.Verdict)
		if t.Rerun {
			verdict += "*"
		}
		name := untrusted.Line(t.Name)
		if t.Beyond != "" {
			name += " †"
		}
		rows = append(rows, []string{
			name, verdict, milliseconds(t.CPUMS), milliseconds(t.WallMS),
			fmt.Sprintf("%.1f MiB", float64(t.PeakKiB)/1024), ratio, untrusted.Line(oneLine(t.Message)), // the last column: whole, however long
		})
	}
	widths := make([]int, len(header))
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], utf8.RuneCountInString(cell))
		}
	}
	rightAligned := map[int]bool{2: true, 3: true, 4: true, 5: true}
	var b strings.Builder
	for n, row := range rows {
		for i, cell := range row {
			pad := strings.Repeat(" ", widths[i]-utf8.RuneCountInString(cell))
			if i == len(row)-1 {
				pad = ""
			}
			if rightAligned[i] {
				cell = pad + cell
			} else {
				cell += pad
			}
			if n > 0 && i == 1 {
				cell = s.paint(cell, verdictColor(r.Results[n-1].Verdict))
			}
			if n == 0 {
				cell = s.paint(cell, bold)
			}
			b.WriteString(cell)
			if i < len(row)-1 {
				b.WriteString("  ")
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("x ref: the CPU time as a multiple of the reference solution's on the same test (- when unknown)\n")
	for _, why := range r.rerunReasons() {
		b.WriteString("* " + why + "; this verdict is from a run alone\n")
	}
	if r.Bounds != nil && r.hasBeyond() {
		fmt.Fprintf(&b, "† beyond %s (%s): the kit's statement allows it (--bounds %s leaves it out)\n", r.Bounds.Title, r.Bounds.Rule, r.Bounds.Name)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// milliseconds shows a time with a decimal below ten milliseconds, where it still means
// something.
func milliseconds(ms float64) string {
	if ms < 10 {
		return fmt.Sprintf("%.1f ms", ms)
	}
	return fmt.Sprintf("%.0f ms", ms)
}

func (r *Report) hasBeyond() bool {
	for _, t := range r.Results {
		if t.Beyond != "" {
			return true
		}
	}
	return false
}

// nearLimitInParallel is why a test ran again when its row does not say.
const nearLimitInParallel = "came near a limit when run in parallel"

// rerunReasons returns why tests ran again, each reason once, in the order of the tests.
func (r *Report) rerunReasons() []string {
	var reasons []string
	for _, t := range r.Results {
		if !t.Rerun {
			continue
		}
		why := t.RerunWhy
		if why == "" {
			why = nearLimitInParallel
		}
		if !slices.Contains(reasons, why) {
			reasons = append(reasons, why)
		}
	}
	return reasons
}

// WriteSummary writes the score, the verdict counts and the slowest test.
func (r *Report) WriteSummary(w io.Writer, s Style) error {
	sum := r.Summary
	var b strings.Builder
	if r.Compile != nil {
		fmt.Fprintf(&b, "%s: %s\n%s\n", s.paint(string(r.Compile.Verdict), verdictColor(r.Compile.Verdict)), r.Compile.Verdict.Name(), indent(untrusted.Lines(r.Compile.Message)))
	}
	if r.Compile != nil {
		fmt.Fprintf(&b, "score %s/%d: no test ran, since the program does not compile\n", s.paint(formatScore(sum.Score), verdictColor(sum.Verdict)), sum.MaxScore)
		_, err := io.WriteString(w, b.String())
		return err
	}
	fmt.Fprintf(&b, "score %s/%d", s.paint(formatScore(sum.Score), verdictColor(sum.Verdict)), sum.MaxScore)
	if r.WithinOnly && r.Bounds != nil {
		fmt.Fprintf(&b, " within %s alone (%s)", r.Bounds.Title, r.Bounds.Rule)
	}
	fmt.Fprintf(&b, ": %d of %d tests passed", sum.Passed, sum.Total)
	var counts []string
	for _, v := range outcome.Verdicts {
		if n := sum.Counts[v]; n > 0 {
			counts = append(counts, fmt.Sprintf("%s %d", s.paint(string(v), verdictColor(v)), n))
		}
	}
	if len(counts) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(counts, ", "))
	}
	b.WriteString("\n")
	if sum.Within != nil && r.Bounds != nil {
		fmt.Fprintf(&b, "within %s (%s): %s/%d, %d of %d tests passed; beyond them: %d of %d\n",
			r.Bounds.Title, r.Bounds.Rule, formatScore(sum.Within.Score), sum.MaxScore, sum.Within.Passed, sum.Within.Total,
			sum.Passed-sum.Within.Passed, sum.Total-sum.Within.Total)
	}
	if sum.Slowest != nil {
		fmt.Fprintf(&b, "slowest: %s, %.0f ms of CPU time\n", untrusted.Line(sum.Slowest.Name), sum.Slowest.CPUMS)
	}
	if r.Hint != "" {
		fmt.Fprintf(&b, "%s %s\n", s.paint("note:", bold), untrusted.Line(r.Hint))
	}
	if explained := r.Explained(); len(explained) > 0 {
		fmt.Fprintf(&b, "%s the compiler warned of undefined behaviour, which may explain the %s:\n", s.paint("note:", bold), sum.Verdict.Name())
		for _, w := range explained {
			fmt.Fprintf(&b, "    %s\n", w)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func formatScore(score float64) string {
	return strconv.FormatFloat(score, 'f', -1, 64)
}

// Cutting of the failure section.
const (
	shownLines = 12
	shownWidth = 100
)

// WriteFailure writes the first failing test: its input, the expected and the found output,
// each cut to a readable size, and a diff where the checker compared lines. It writes nothing
// when every test passed.
func (r *Report) WriteFailure(w io.Writer, s Style) error {
	t := r.FirstFailure()
	if t == nil || t.Detail == nil {
		return nil
	}
	d := t.Detail
	var b strings.Builder
	fmt.Fprintf(&b, "first failing test: %s, %s", untrusted.Line(t.Name), s.paint(t.Verdict.Name(), verdictColor(t.Verdict)))
	if t.Message != "" {
		fmt.Fprintf(&b, ": %s", untrusted.Line(oneLine(t.Message)))
	}
	fmt.Fprintf(&b, "\ninput (%s):\n%s", untrusted.Line(d.InputFile), indent(excerpt(d.Input)))
	fmt.Fprintf(&b, "\nexpected:\n%s", indent(excerpt(d.Expected)))
	found := excerpt(d.Found)
	if len(d.Found) == 0 {
		found = "(nothing)"
	}
	source := d.FoundSource
	if source == "" {
		source = "standard output"
	}
	fmt.Fprintf(&b, "\nfound (%s):\n%s\n", source, indent(found))
	if c := d.Compared; c != nil {
		if diff := textdiff.Lines(c.FirstLine, c.Expected, c.Found, s.Color); diff != "" {
			b.WriteString(diff)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// excerpt returns the first lines of data, each cut to a readable width, and says what was
// left out; what is not printable text shows escaped (untrusted.Line).
func excerpt(data []byte) string {
	text := strings.TrimRight(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	lines := strings.Split(text, "\n")
	more := ""
	if len(lines) > shownLines {
		more = fmt.Sprintf("\n... (%d more lines, %d bytes in all)", len(lines)-shownLines, len(data))
		lines = lines[:shownLines]
	}
	for i, line := range lines {
		lines[i] = clip(untrusted.Line(line), shownWidth)
	}
	return strings.Join(lines, "\n") + more
}

// clip cuts s to n characters, marking the cut.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-3]) + "..."
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " ")), " ")
}

func indent(s string) string {
	if s == "" {
		return ""
	}
	return "    " + strings.ReplaceAll(s, "\n", "\n    ")
}
