// Package textdiff shows how a found text departs from the expected one, as a short unified
// diff a contestant takes in at a glance: cut to a few lines around the first difference, each
// changed line paired with the line it replaces and its changed characters marked, with carets
// or, on a terminal, in colour.
package textdiff

import (
	"fmt"
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"

	"bullseye/internal/untrusted"
)

// Context is how many unchanged lines are kept on each side of the first difference.
const Context = 2

// ANSI escapes for the coloured form.
const (
	red     = "\x1b[31m"
	green   = "\x1b[32m"
	reverse = "\x1b[7m"
	noColor = "\x1b[0m"
)

// row is one line of the diff: ' ' kept, '-' expected only, '+' found only, '?' carets.
type row struct {
	kind     byte
	text     string
	old, new int // 1-based line numbers in expected and found; 0 when the row has none
}

// shown returns lines as a terminal may show them: the found lines are a program's output,
// escaped as untrusted.Line escapes them.
func shown(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = untrusted.Line(l)
	}
	return out
}

// Lines renders the diff of expected against found, two runs of lines that both start at line
// firstLine (1-based) of their texts, cut to Context lines around the first difference. It
// returns "" when the runs are equal.
func Lines(firstLine int, expected, found []string, color bool) string {
	expected, found = shown(expected), shown(found)
	rows := diffRows(firstLine, expected, found, color)
	start := -1
	for i, r := range rows {
		if r.kind != ' ' {
			start = i
			break
		}
	}
	if start < 0 {
		return ""
	}
	end := start
	for end < len(rows) && rows[end].kind != ' ' {
		end++
	}
	rows = rows[max(0, start-Context):min(len(rows), end+Context)]

	var b strings.Builder
	b.WriteString("--- expected\n+++ found\n")
	b.WriteString(hunkHeader(rows))
	for _, r := range rows {
		b.WriteByte(r.kind)
		b.WriteString(r.text)
		b.WriteByte('\n')
	}
	return b.String()
}

// diffRows diffs the runs line by line with go-diff and pairs each removed line with the line
// that replaces it, so that a changed line reads as a pair.
func diffRows(firstLine int, expected, found []string, color bool) []row {
	dmp := diffmatchpatch.New()
	a, b, lineArray := dmp.DiffLinesToChars(joinLines(expected), joinLines(found))
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(a, b, false), lineArray)

	var rows []row
	old, new := firstLine, firstLine
	for i := 0; i < len(diffs); i++ {
		d := diffs[i]
		switch d.Type {
		case diffmatchpatch.DiffEqual:
			for _, line := range splitLines(d.Text) {
				rows = append(rows, row{kind: ' ', text: line, old: old, new: new})
				old++
				new++
			}
		case diffmatchpatch.DiffDelete:
			removed := splitLines(d.Text)
			var added []string
			if i+1 < len(diffs) && diffs[i+1].Type == diffmatchpatch.DiffInsert {
				added = splitLines(diffs[i+1].Text)
				i++
			}
			for k := range max(len(removed), len(added)) {
				switch {
				case k < len(removed) && k < len(added):
					rows = append(rows, changedPair(dmp, removed[k], added[k], old, new, color)...)
					old++
					new++
				case k < len(removed):
					rows = append(rows, row{kind: '-', text: paint(removed[k], red, color), old: old})
					old++
				default:
					rows = append(rows, row{kind: '+', text: paint(added[k], green, color), new: new})
					new++
				}
			}
		case diffmatchpatch.DiffInsert:
			for _, line := range splitLines(d.Text) {
				rows = append(rows, row{kind: '+', text: paint(line, green, color), new: new})
				new++
			}
		}
	}
	return rows
}

// changedPair renders an expected line and the found line that replaces it, marking the
// characters that differ: in reverse video when coloured, else with caret lines under each.
// Lines with nothing in common get no marks, which would only underline them whole.
func changedPair(dmp *diffmatchpatch.DiffMatchPatch, was, is string, old, new int, color bool) []row {
	diffs := dmp.DiffMain(was, is, false)
	if !shareText(diffs) {
		return []row{
			{kind: '-', text: paint(was, red, color), old: old},
			{kind: '+', text: paint(is, green, color), new: new},
		}
	}
	var minus, plus, minusMarks, plusMarks strings.Builder
	for _, d := range diffs {
		switch d.Type {
		case diffmatchpatch.DiffEqual:
			minus.WriteString(d.Text)
			plus.WriteString(d.Text)
			minusMarks.WriteString(strings.Repeat(" ", len(d.Text)))
			plusMarks.WriteString(strings.Repeat(" ", len(d.Text)))
		case diffmatchpatch.DiffDelete:
			minus.WriteString(paint(d.Text, reverse, color))
			minusMarks.WriteString(strings.Repeat("^", len(d.Text)))
		case diffmatchpatch.DiffInsert:
			plus.WriteString(paint(d.Text, reverse, color))
			plusMarks.WriteString(strings.Repeat("^", len(d.Text)))
		}
	}
	if color {
		return []row{
			{kind: '-', text: red + minus.String() + noColor, old: old},
			{kind: '+', text: green + plus.String() + noColor, new: new},
		}
	}
	rows := []row{{kind: '-', text: minus.String(), old: old}}
	if marks := strings.TrimRight(minusMarks.String(), " "); marks != "" {
		rows = append(rows, row{kind: '?', text: marks})
	}
	rows = append(rows, row{kind: '+', text: plus.String(), new: new})
	if marks := strings.TrimRight(plusMarks.String(), " "); marks != "" {
		rows = append(rows, row{kind: '?', text: marks})
	}
	return rows
}

// shareText reports whether a character diff keeps any text of both lines.
func shareText(diffs []diffmatchpatch.Diff) bool {
	for _, d := range diffs {
		if d.Type == diffmatchpatch.DiffEqual {
			return true
		}
	}
	return false
}

// paint wraps text in an ANSI colour when color is on. Inside a coloured line, reverse video
// is turned off again by restoring the line's colour after a full reset.
func paint(text, escape string, color bool) string {
	if !color || text == "" {
		return text
	}
	if escape == reverse {
		return reverse + text + "\x1b[27m"
	}
	return escape + text + noColor
}

// hunkHeader returns the unified-diff header of rows: "@@ -OLD,COUNT +NEW,COUNT @@".
func hunkHeader(rows []row) string {
	oldStart, oldCount, newStart, newCount := 0, 0, 0, 0
	for _, r := range rows {
		if r.old > 0 {
			if oldCount == 0 {
				oldStart = r.old
			}
			oldCount++
		}
		if r.new > 0 {
			if newCount == 0 {
				newStart = r.new
			}
			newCount++
		}
	}
	return fmt.Sprintf("@@ -%d,%d +%d,%d @@\n", oldStart, oldCount, newStart, newCount)
}

func joinLines(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}

func splitLines(text string) []string {
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n")
}
