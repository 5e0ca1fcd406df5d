// Package warnings reads a compiler's warnings about a contestant's source (gcc's and g++'s
// "FILE:LINE:COLUMN: warning: MESSAGE [-WOPTION]", Free Pascal's "FILE(LINE,COLUMN) Warning:
// MESSAGE") and tells those that name undefined behaviour or a value never set: a function
// that falls off its end without returning, a variable read before it is written, an index past
// an array's end. Such a warning is what most often explains a run-time error, a time-out or a
// wrong answer that the source's logic does not, and judges such as Luogu and Codeforces show it.
package warnings

import (
	"fmt"
	"strconv"
	"strings"

	"bullseye/internal/outcome"
)

// Warning is one warning of the compiler about the contestant's source.
type Warning struct {
	// File is the source's name, as the contestant knows it.
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column,omitempty"`
	// Option is gcc's option that controls the warning, such as -Wreturn-type; "" for Free
	// Pascal's.
	Option  string `json:"option,omitempty"`
	Message string `json:"message"`
	// Undefined tells that the warning names undefined behaviour or a value never set, which
	// may explain a run-time error, a time-out or a wrong answer.
	Undefined bool `json:"undefined_behaviour"`
}

// String is the warning as gcc writes it.
func (w Warning) String() string {
	s := fmt.Sprintf("%s:%d:", w.File, w.Line)
	if w.Column > 0 {
		s += strconv.Itoa(w.Column) + ":"
	}
	s += " warning: " + w.Message
	if w.Option != "" {
		s += " [" + w.Option + "]"
	}
	return s
}

// undefinedOptions are gcc's warnings of undefined behaviour or of a value never set.
var undefinedOptions = map[string]bool{
	"-Wreturn-type": true, "-Wuninitialized": true, "-Wmaybe-uninitialized": true,
	"-Warray-bounds": true, "-Waggressive-loop-optimizations": true, "-Wsequence-point": true,
	"-Wstringop-overflow": true, "-Wdiv-by-zero": true, "-Wshift-count-overflow": true,
	"-Wshift-count-negative": true, "-Woverflow": true, "-Wformat": true, "-Wformat-overflow": true,
	"-Wreturn-local-addr": true, "-Winfinite-recursion": true, "-Wzero-length-bounds": true,
}

// undefinedPascal are the pieces of Free Pascal's warnings of a value never set or out of range.
var undefinedPascal = []string{
	"does not seem to be initialized", "does not seem to be set", "range check", "out of range",
}

// maxWarnings bounds the warnings kept from one compilation.
const maxWarnings = 50

// Parse returns the warnings in a compiler's output about the file the compiler was given,
// built; each names the file shown instead, the contestant's own. Warnings about other files,
// such as the system's headers, are left out, and so is every line that is not a warning.
func Parse(output, built, shown string) []Warning {
	var found []Warning
	for _, line := range strings.Split(strings.ReplaceAll(output, "\r\n", "\n"), "\n") {
		if len(found) == maxWarnings {
			break
		}
		line = strings.TrimPrefix(line, "./")
		rest, ok := strings.CutPrefix(line, built)
		if !ok || rest == "" {
			continue
		}
		var w Warning
		var parsed bool
		switch rest[0] {
		case ':':
			w, parsed = parseGCC(rest[1:])
		case '(':
			w, parsed = parsePascal(rest[1:])
		}
		if parsed {
			w.File = shown
			found = append(found, w)
		}
	}
	return found
}

// parseGCC reads "LINE:COLUMN: warning: MESSAGE [-WOPTION]".
func parseGCC(s string) (Warning, bool) {
	lineText, s, ok := strings.Cut(s, ":")
	if !ok {
		return Warning{}, false
	}
	line, err := strconv.Atoi(lineText)
	if err != nil || line < 1 {
		return Warning{}, false
	}
	w := Warning{Line: line}
	if colText, after, ok := strings.Cut(s, ":"); ok {
		if col, err := strconv.Atoi(colText); err == nil && col > 0 {
			w.Column, s = col, after
		}
	}
	message, ok := strings.CutPrefix(s, " warning: ")
	if !ok {
		return Warning{}, false
	}
	if i := strings.LastIndex(message, " [-W"); i >= 0 && strings.HasSuffix(message, "]") {
		w.Option = message[i+2 : len(message)-1]
		if eq := strings.IndexByte(w.Option, '='); eq >= 0 {
			w.Option = w.Option[:eq]
		}
		message = message[:i]
	}
	w.Message = message
	w.Undefined = undefinedOptions[w.Option]
	return w, message != ""
}

// parsePascal reads "LINE,COLUMN) Warning: MESSAGE".
func parsePascal(s string) (Warning, bool) {
	pos, message, ok := strings.Cut(s, ") Warning: ")
	if !ok {
		return Warning{}, false
	}
	lineText, colText, _ := strings.Cut(pos, ",")
	line, err := strconv.Atoi(lineText)
	if err != nil || line < 1 {
		return Warning{}, false
	}
	w := Warning{Line: line, Message: message}
	if col, err := strconv.Atoi(colText); err == nil && col > 0 {
		w.Column = col
	}
	for _, piece := range undefinedPascal {
		if strings.Contains(message, piece) {
			w.Undefined = true
		}
	}
	return w, message != ""
}

// Undefined returns the warnings of undefined behaviour or of a value never set.
func Undefined(ws []Warning) []Warning {
	var found []Warning
	for _, w := range ws {
		if w.Undefined {
			found = append(found, w)
		}
	}
	return found
}

// Explains reports whether undefined behaviour may explain verdict v: a run-time error, a
// time-out, a wrong answer or a limit met, not an accepted program, a compilation error or a
// failure of the judge.
func Explains(v outcome.Verdict) bool {
	switch v {
	case outcome.WrongAnswer, outcome.PresentationError, outcome.TimeLimit, outcome.MemoryLimit, outcome.RuntimeError, outcome.OutputLimit:
		return true
	}
	return false
}
