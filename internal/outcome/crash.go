package outcome

import (
	"regexp"
	"strconv"
	"strings"
	"syscall"

	"bullseye/internal/runner"
)

// crashMessage says how a program that ended badly ended, in words a student can act on: the
// signal or exit code, what it means where it has a standard meaning (a signal's usual causes,
// Free Pascal's run-time error numbers, an uncaught Java exception, a Python traceback's last
// line, an aborted C++ program's reason), and the line of its standard error that says why.
func crashMessage(m runner.Meta, stderr []byte) string {
	text := strings.ReplaceAll(string(stderr), "\r\n", "\n")
	msg := m.Ended()
	if m.Signal == int(syscall.SIGXCPU) {
		msg += ", sent at the CPU time limit"
	}
	var meaning, line string
	switch {
	case pascalError.MatchString(text):
		match := pascalError.FindStringSubmatch(text)
		n, _ := strconv.Atoi(match[1])
		meaning = "Free Pascal's run-time error " + match[1]
		if words, ok := pascalErrors[n]; ok {
			meaning += ", " + words
		}
	case javaException.MatchString(text):
		match := javaException.FindStringSubmatch(text)
		meaning, line = javaMeaning(match[1]), strings.TrimSpace(strings.TrimPrefix(match[2], ":"))
	case strings.Contains(text, "Traceback (most recent call last):"):
		line = pythonLast(text)
		meaning = pythonMeaning(line)
	case m.Signal != 0:
		meaning, line = signalMeaning(m.Signal, text)
	default:
		line = reasonLine(stderr)
		if m.ExitCode != 0 && line == "" {
			meaning = "the program ended with a status other than 0 (main returned it, or exit or halt was called with it): judges call that a run-time error"
		}
	}
	for _, part := range []string{meaning, line} {
		if part != "" {
			msg += ": " + clipLine(part)
		}
	}
	if at := sourceLine(text); at != "" {
		msg += " (at " + at + ")"
	}
	return msg
}

// pascalError is the line a Free Pascal program prints on standard error when it stops on a
// run-time error: "Runtime error 207 at $000000000040112A".
var pascalError = regexp.MustCompile(`(?m)^Runtime error (\d+) at \$[0-9A-Fa-f]+`)

// pascalErrors are Free Pascal's run-time errors, as its user's guide lists them, with their
// usual causes in a contest program.
var pascalErrors = map[int]string{
	2:   "file not found (the judge gives sudoku.in in the working folder, and the same on standard input)",
	3:   "path not found (a file opened in a folder that is not there)",
	4:   "too many open files",
	5:   "file access denied",
	6:   "invalid file handle",
	100: "disk read error (read past the end of a file)",
	101: "disk write error (the output limit, or a full disk)",
	102: "file not assigned (a file variable used before assign)",
	103: "file not open (read or written before reset or rewrite)",
	104: "file not open for input (read from a file opened with rewrite)",
	105: "file not open for output (written to a file opened with reset)",
	106: "invalid numeric format (a number read where the input has something else)",
	200: "division by zero (div or mod by 0)",
	201: "range check error (an array index or a value outside its range, compiled with {$R+})",
	202: "stack overflow (recursion too deep, or large local arrays: make them global)",
	203: "heap overflow (new or getmem asked for more memory than there is)",
	204: "invalid pointer operation (dispose or freemem of a pointer not allocated)",
	205: "floating-point overflow",
	206: "floating-point underflow",
	207: "invalid floating-point operation (sqrt or ln of a negative number, 0/0, or trunc or round of a value too large)",
	210: "object not initialized",
	211: "call to an abstract method",
	215: "arithmetic overflow (an integer result too large for its type, compiled with {$Q+})",
	216: "general protection fault (memory the program may not touch: an index outside an array without {$R+}, a nil pointer)",
	217: "unhandled exception",
	219: "invalid typecast",
	227: "assertion failed",
}

// javaException finds the exception of a Java program that ended on one:
// `Exception in thread "main" java.lang.ArithmeticException: / by zero`.
var javaException = regexp.MustCompile(`(?m)^Exception in thread "[^"]*" ([\w.$]+)(.*)$`)

// javaMeaning says what an uncaught Java exception usually means.
func javaMeaning(name string) string {
	short := name[strings.LastIndexByte(name, '.')+1:]
	words := map[string]string{
		"ArrayIndexOutOfBoundsException":  "an array index out of bounds",
		"StringIndexOutOfBoundsException": "a string index out of bounds",
		"IndexOutOfBoundsException":       "a list index out of bounds",
		"NullPointerException":            "a null reference used",
		"ArithmeticException":             "an integer division by zero",
		"NumberFormatException":           "a number parsed from text that is not one",
		"InputMismatchException":          "the input holds something other than the number asked for",
		"NoSuchElementException":          "more input read than there is",
		"StackOverflowError":              "recursion too deep for the stack",
		"OutOfMemoryError":                "the heap is full: the memory limit reached",
		"FileNotFoundException":           "a file opened that is not there (the judge gives sudoku.in, and the same on standard input)",
		"ClassCastException":              "a cast to the wrong class",
		"NegativeArraySizeException":      "an array of negative size",
		"ConcurrentModificationException": "a collection changed while iterated over",
	}
	msg := "an uncaught " + name
	if w, ok := words[short]; ok {
		msg += " (" + w + ")"
	}
	return msg
}

// pythonLast returns a Python traceback's last line, which names the exception.
func pythonLast(text string) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" && lines[i][0] != ' ' && lines[i][0] != '\t' {
			return l
		}
	}
	return ""
}

// pythonMeaning says what a Python exception usually means in a contest program.
func pythonMeaning(last string) string {
	name, _, _ := strings.Cut(last, ":")
	words := map[string]string{
		"RecursionError":    "recursion deeper than Python's limit (1000 frames unless sys.setrecursionlimit raises it)",
		"MemoryError":       "out of memory",
		"IndexError":        "an index out of a list's range",
		"KeyError":          "a key that is not in the dictionary",
		"ValueError":        "a value of the wrong form, such as int() of text that is not a number",
		"EOFError":          "more lines read than the input has",
		"ZeroDivisionError": "a division by zero",
		"FileNotFoundError": "a file opened that is not there (the judge gives sudoku.in, and the same on standard input)",
		"NameError":         "a name used before it is defined",
		"TypeError":         "an operation on a value of the wrong type",
		"AttributeError":    "an attribute that the value does not have",
	}
	if w, ok := words[name]; ok {
		return "an uncaught Python " + name + ", " + w
	}
	return "an uncaught Python exception"
}

// signalMeaning says what a signal that ended a program usually means, and the line of its
// standard error that tells more (an aborted C++ program's exception or failed assertion).
func signalMeaning(signal int, stderr string) (meaning, line string) {
	switch syscall.Signal(signal) {
	case syscall.SIGSEGV:
		meaning = "SIGSEGV, an invalid memory access: an index outside an array, a null or stale pointer, or a stack overflow from recursion too deep or large local arrays"
	case syscall.SIGFPE:
		meaning = "SIGFPE, an arithmetic error: an integer division or remainder by zero (or the smallest integer divided by -1)"
	case syscall.SIGBUS:
		meaning = "SIGBUS, an invalid memory access (memory mapped but not there, or misaligned)"
	case syscall.SIGILL:
		meaning = "SIGILL, an illegal instruction: undefined behaviour the compiler made a trap, such as a function that returns a value ending without return"
	case syscall.SIGSYS:
		meaning = "SIGSYS, a system call the sandbox forbids"
	case syscall.SIGABRT:
		meaning, line = abortMeaning(stderr)
	default:
		line = reasonLine([]byte(stderr))
	}
	return meaning, line
}

// abortMeaning says why a program aborted, from what the C++ runtime or the C library printed.
func abortMeaning(stderr string) (meaning, line string) {
	if m := uncaughtCpp.FindStringSubmatch(stderr); m != nil {
		what := ""
		if w := cppWhat.FindStringSubmatch(stderr); w != nil {
			what = strings.TrimSpace(w[1])
		}
		words := map[string]string{
			"std::bad_alloc":            "memory allocation failed: more memory asked for than the limit allows, or a size gone wrong",
			"std::length_error":         "a vector or string asked for an impossible size, such as a negative one",
			"std::out_of_range":         "an index out of range given to at() or substr()",
			"std::invalid_argument":     "stoi or stod given text that is not a number",
			"std::bad_array_new_length": "new[] given a negative or huge length",
		}
		meaning = "SIGABRT, an uncaught C++ exception " + m[1]
		if w, ok := words[m[1]]; ok {
			meaning += " (" + w + ")"
		}
		if what != "" && what != m[1] {
			line = "what(): " + what
		}
		return meaning, line
	}
	if m := failedAssert.FindString(stderr); m != "" {
		return "SIGABRT, an assert failed", strings.TrimSpace(m)
	}
	if m := stackSmashing.FindString(stderr); m != "" {
		return "SIGABRT, a write past the end of a local array, caught by the stack protector", ""
	}
	if m := heapCorrupted.FindString(stderr); m != "" {
		return "SIGABRT, the C library found its heap corrupted: a write past the end of an allocated array, or memory freed twice", strings.TrimSpace(m)
	}
	return "SIGABRT, the program aborted: an uncaught C++ exception, a failed assert or abort()", reasonLine([]byte(stderr))
}

var (
	uncaughtCpp   = regexp.MustCompile(`terminate called after throwing an instance of '([^']+)'`)
	cppWhat       = regexp.MustCompile(`(?m)^\s*what\(\):\s*(.*)$`)
	failedAssert  = regexp.MustCompile(`(?m)^.*Assertion .* failed\.?$`)
	stackSmashing = regexp.MustCompile(`stack smashing detected`)
	heapCorrupted = regexp.MustCompile(`(?m)^.*(double free|free\(\): invalid|corrupted|malloc\(\): )[^\n]*$`)
)

// clipLine cuts a part of a message to a readable length.
func clipLine(s string) string {
	const width = 200
	if len(s) > width {
		return s[:width] + "..."
	}
	return s
}
