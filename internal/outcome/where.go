package outcome

import (
	"path"
	"regexp"
	"strings"
)

// Frames of a stack trace that name the program's own source and line.
var (
	// Java: "\tat Main.search(Main.java:31)", the library's frames (java.base/...) left out.
	javaFrame = regexp.MustCompile(`(?m)^\s+at ([\w$.]+/)?[\w$.<>]+\(([\w$]+\.java):(\d+)\)$`)
	// Python: `  File "/prog/sudoku.py", line 3, in f`, the last one of the program's folder.
	pythonFrame = regexp.MustCompile(`(?m)^  File "(/prog/[^"/]+\.py)", line (\d+)`)
	// Go: "main.search(...)\n\t/prog/main.go:13 +0x1d" below the panic, the first of package main.
	goFrame = regexp.MustCompile(`(?m)^main\.[^\n]*\n\t[^\n]*/([\w.-]+\.go):(\d+)`)
)

// sourceLine returns where a program that ended on an uncaught exception or a panic was, by
// its stack trace on standard error: "sudoku.py:3", "Main.java:31", "main.go:13"; "" when the
// trace names no line of the program's own. The innermost frame of the program's own code is
// the one a student looks at.
func sourceLine(stderr string) string {
	if m := javaFrame.FindAllStringSubmatch(stderr, -1); m != nil {
		for _, f := range m {
			if f[1] == "" { // a module's prefix marks the library's frames
				return f[2] + ":" + f[3]
			}
		}
	}
	if m := pythonFrame.FindAllStringSubmatch(stderr, -1); m != nil {
		last := m[len(m)-1]
		return path.Base(last[1]) + ":" + last[2]
	}
	if strings.HasPrefix(stderr, "panic: ") || strings.Contains(stderr, "\npanic: ") {
		if m := goFrame.FindStringSubmatch(stderr); m != nil {
			return m[1] + ":" + m[2]
		}
	}
	return ""
}
