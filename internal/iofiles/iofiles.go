// Package iofiles finds the files a contestant's source opens by name, so that a judge can tell
// a student whose program reads a file the contest does not give (tmp.in, code.in, data.in: the
// name of another judge's problem, or of the student's own test file) why every test fails. A
// program that reads a file that is not there reads nothing, and on target sudoku it then
// searches the empty grid: a time limit on every test, which says nothing of the cause.
//
// It reads the source as the compiler would see it, roughly: comments and, for C and C++, the
// code the preprocessor leaves out (#ifdef NAME with NAME not defined in the source, #if 0) do
// not count, since a judge defines no macro (not ONLINE_JUDGE); a macro that makes a file's name
// from its argument (#define FILE(s) freopen(#s".in", "r", stdin)) counts where it is used. A
// file name is a string literal ending in .in, .out, .txt, .ans or .dat.
//
// A source is untrusted input: the analysis takes time linear in its size, reads at most
// MaxSource bytes of it, lists at most MaxNames names and stops when its context ends, so that
// a source made to stall it (thousands of macro uses, each naming a file thousands of ways)
// costs milliseconds.
package iofiles

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// The analysis's bounds.
const (
	// MaxSource is the most of a source read; a file name further on goes unseen.
	MaxSource = 1 << 20
	// MaxNames is the most names Named returns.
	MaxNames = 8
	// maxMacros is the most file-making macros expanded, and maxExpansions the most names
	// their uses make, once each, before duplicates are dropped.
	maxMacros     = 16
	maxExpansions = 1024
)

// fileName is a string literal's text that names a data file.
var fileName = regexp.MustCompile(`(?i)^[^\x00-\x1f"'<>|*?]{1,100}\.(in|out|txt|ans|dat)$`)

// Named returns the file names the source of language lang ("c", "cpp", "java", "python",
// "pascal", as package compile names them) opens by name, in order of appearance, each once,
// MaxNames at most; nil when ctx ends first.
func Named(ctx context.Context, lang string, code []byte) []string {
	if len(code) > MaxSource {
		code = code[:MaxSource]
	}
	text := string(code)
	var literals []string
	switch lang {
	case "c", "cpp":
		text = liveCode(stripComments(text, "//", cBlocks, false))
		if ctx.Err() != nil {
			return nil
		}
		literals = append(stringLiterals(text, `"`), macroFiles(ctx, text)...)
	case "java", "go":
		literals = stringLiterals(stripComments(text, "//", cBlocks, false), `"`)
	case "python":
		literals = stringLiterals(stripComments(text, "#", nil, false), `"'`)
	case "pascal":
		literals = stringLiterals(stripComments(text, "//", pascalBlocks, true), `'`)
	}
	if ctx.Err() != nil {
		return nil
	}
	var names []string
	seen := map[string]bool{}
	for _, l := range literals {
		if len(names) == MaxNames {
			break
		}
		if !seen[l] && fileName.MatchString(l) {
			seen[l] = true
			names = append(names, l)
		}
	}
	return names
}

// Unexpected returns the names among names other than the ones the judge gives and takes.
func Unexpected(names []string, given ...string) []string {
	var out []string
	for _, n := range names {
		if !slices.ContainsFunc(given, func(g string) bool { return strings.EqualFold(g, n) }) {
			out = append(out, n)
		}
	}
	return out
}

// The block comments of C and its kin, and of Pascal.
var (
	cBlocks      = [][2]string{{"/*", "*/"}}
	pascalBlocks = [][2]string{{"{", "}"}, {"(*", "*)"}}
)

// stripComments removes line comments (starting with line, "" for none) and block comments,
// leaving string literals alone: C's, with backslash escapes, or Pascal's, in single quotes
// with ” for a quote. A removed comment leaves a space, and a block comment its newlines.
func stripComments(text, line string, blocks [][2]string, pascal bool) string {
	var b strings.Builder
	for i := 0; i < len(text); {
		c := text[i]
		block := slices.IndexFunc(blocks, func(bl [2]string) bool { return strings.HasPrefix(text[i:], bl[0]) })
		switch {
		case !pascal && (c == '"' || c == '\''):
			end := literalEnd(text, i)
			b.WriteString(text[i:end])
			i = end
		case pascal && c == '\'':
			end := i + 1
			for end < len(text) && text[end] != '\n' {
				if text[end] == '\'' {
					if end+1 < len(text) && text[end+1] == '\'' {
						end += 2
						continue
					}
					end++
					break
				}
				end++
			}
			b.WriteString(text[i:end])
			i = end
		case line != "" && strings.HasPrefix(text[i:], line):
			for i < len(text) && text[i] != '\n' {
				i++
			}
			b.WriteByte(' ')
		case block >= 0:
			open, close := blocks[block][0], blocks[block][1]
			end := strings.Index(text[i+len(open):], close)
			if end < 0 {
				return b.String()
			}
			b.WriteByte(' ')
			b.WriteString(strings.Repeat("\n", strings.Count(text[i:i+len(open)+end], "\n")))
			i += len(open) + end + len(close)
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}

// literalEnd returns the offset just past the quoted literal that starts at text[i], a
// backslash escaping the next character; a literal ends at the end of its line at the latest.
func literalEnd(text string, i int) int {
	quote := text[i]
	for j := i + 1; j < len(text); j++ {
		switch text[j] {
		case '\\':
			j++
		case quote:
			return j + 1
		case '\n':
			return j
		}
	}
	return len(text)
}

// stringLiterals returns the texts of the literals quoted with any of quotes, escapes resolved
// as far as a file name needs (\\ is \).
func stringLiterals(text, quotes string) []string {
	var out []string
	for i := 0; i < len(text); i++ {
		if !strings.ContainsRune(quotes, rune(text[i])) {
			continue
		}
		end := literalEnd(text, i)
		if end-i >= 2 && text[end-1] == text[i] {
			out = append(out, strings.ReplaceAll(text[i+1:end-1], `\\`, `\`))
		}
		i = end - 1
	}
	return out
}

// liveCode blanks the lines of C or C++ code that the preprocessor leaves out when no macro is
// defined but those the source defines: #ifdef NAME, #if defined(NAME), #if 0 and their #else.
// A condition it cannot tell keeps its code.
func liveCode(text string) string {
	lines := strings.Split(text, "\n")
	defined := map[string]bool{}
	type branch struct{ live, taken bool }
	var stack []branch
	dead := 0 // the branches of the stack that are not live
	live := func() bool { return dead == 0 }
	push := func(b branch) {
		stack = append(stack, b)
		if !b.live {
			dead++
		}
	}
	set := func(b branch) {
		n := len(stack)
		if !stack[n-1].live {
			dead--
		}
		if stack[n-1] = b; !b.live {
			dead++
		}
	}
	for i, line := range lines {
		directive, rest, ok := preprocessor(line)
		if !ok {
			if !live() {
				lines[i] = ""
			}
			continue
		}
		switch directive {
		case "define":
			if live() {
				if f := strings.Fields(rest); len(f) > 0 {
					defined[strings.SplitN(f[0], "(", 2)[0]] = true
				}
			}
			continue
		case "ifdef", "ifndef":
			name := firstWord(rest)
			cond := defined[name] == (directive == "ifdef")
			push(branch{cond, cond})
		case "if":
			cond := condition(rest, defined)
			push(branch{cond, cond})
		case "elif":
			if n := len(stack); n > 0 {
				cond := !stack[n-1].taken && condition(rest, defined)
				set(branch{cond, stack[n-1].taken || cond})
			}
		case "else":
			if n := len(stack); n > 0 {
				set(branch{!stack[n-1].taken, true})
			}
		case "endif":
			if n := len(stack); n > 0 {
				set(branch{true, true})
				stack = stack[:n-1]
			}
		}
		lines[i] = ""
	}
	return strings.Join(lines, "\n")
}

// preprocessor splits a line that is a preprocessor directive into its name and the rest.
func preprocessor(line string) (string, string, bool) {
	line = strings.TrimSpace(line)
	if !strings.HasPrefix(line, "#") {
		return "", "", false
	}
	line = strings.TrimSpace(line[1:])
	name := firstWord(line)
	return name, strings.TrimSpace(line[len(name):]), true
}

func firstWord(s string) string {
	end := strings.IndexFunc(s, func(r rune) bool {
		return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	})
	if end < 0 {
		return s
	}
	return s[:end]
}

var (
	definedOf = regexp.MustCompile(`^(!?)\s*defined\s*\(?\s*(\w+)\s*\)?$`)
	number    = regexp.MustCompile(`^\d+$`)
)

// condition evaluates an #if condition the simple ways: a number, defined(NAME), !defined(NAME);
// anything else counts as true.
func condition(expr string, defined map[string]bool) bool {
	expr = strings.TrimSpace(expr)
	if number.MatchString(expr) {
		return strings.Trim(expr, "0") != ""
	}
	if m := definedOf.FindStringSubmatch(expr); m != nil {
		return defined[m[2]] == (m[1] == "")
	}
	return true
}

// fileMacro finds a function-like macro that makes a string from its parameter and a literal:
// #define NAME(P) ... #P".in" ...
var fileMacro = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*define[ \t]+(\w+)\([ \t]*(\w+)[ \t]*\)(.*)$`)

// macroUse is a use of a function-like macro with a single word for argument.
var macroUse = regexp.MustCompile(`\b(\w+)\s*\(\s*(\w+)\s*\)`)

// macroFiles returns the file names that macros like fileMacro make where the code uses them,
// outside preprocessor lines: maxMacros macros at most, each suffix of each once, each
// argument once, and maxExpansions names in all, in one pass over the text.
func macroFiles(ctx context.Context, text string) []string {
	suffixes := map[string][]string{} // by macro
	for _, m := range fileMacro.FindAllStringSubmatch(text, -1) {
		name, param, body := m[1], m[2], m[3]
		if len(suffixes) == maxMacros {
			break
		}
		if _, ok := suffixes[name]; ok {
			continue
		}
		var list []string
		for _, s := range regexp.MustCompile(`#\s*`+regexp.QuoteMeta(param)+`\s*"([^"\\]*)"`).FindAllStringSubmatch(body, -1) {
			if !slices.Contains(list, s[1]) && len(list) < MaxNames {
				list = append(list, s[1])
			}
		}
		if len(list) > 0 {
			suffixes[name] = list
		}
	}
	if len(suffixes) == 0 {
		return nil
	}
	var out []string
	used := map[string]bool{}
	for n, line := range strings.Split(text, "\n") {
		if n%1024 == 0 && ctx.Err() != nil {
			return nil
		}
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i] // a use before any '#' of its line, as on no preprocessor line
		}
		for _, use := range macroUse.FindAllStringSubmatch(line, -1) {
			list, ok := suffixes[use[1]]
			if !ok || used[use[1]+"("+use[2]] {
				continue
			}
			used[use[1]+"("+use[2]] = true
			for _, s := range list {
				if len(out) == maxExpansions {
					return out
				}
				out = append(out, use[2]+s)
			}
		}
	}
	return out
}

// Hint says, for a program that failed a test, which files its source opens that the judge
// does not give, and what the judge gives instead: inputFile and outputFile, the problem's
// files ("" for a problem in standard input and output only). It is "" when the source opens no
// other file.
func Hint(ctx context.Context, lang string, code []byte, inputFile, outputFile string) string {
	named := Named(ctx, lang, code)
	other := Unexpected(named, inputFile, outputFile)
	if len(other) == 0 {
		return ""
	}
	opens := other[0]
	if len(other) > 1 {
		opens = strings.Join(other[:len(other)-1], ", ") + " and " + other[len(other)-1]
	}
	if len(named) == MaxNames {
		opens += fmt.Sprintf(" (the first %d names it opens)", MaxNames)
	}
	gives := "it gives the input on standard input and takes the answer from standard output"
	if inputFile != "" {
		gives = "it gives the input as " + inputFile + " and on standard input, and takes the answer from " + outputFile + " or standard output"
	}
	return "the source opens " + opens + ", which the judge does not give: " + gives
}
