// Package compile turns a contestant's source file into a program the judge runs, the way an
// online judge does: the language from the file's extension, its usual compiler and flags
// (C and C++ with -O2, C++14 by default; Go; Python 3; Free Pascal, NOIP's other language;
// Java when a JDK is present), and a compilation error, or a compiler that is not installed,
// as the verdict CE rather than a failure of the judge. Builds are cached by content.
//
// Java is run as DOMjudge runs it: the source is compiled under the name its public class
// needs (a contest's sudoku.java holding public class Main compiles as Main.java), and the
// class with a public static void main(String[]) is found in every class file javac wrote,
// those of a package's folders included (package p; runs p.Main).
package compile

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Language is a language the judge compiles and runs.
type Language struct {
	// Name is what --lang takes: c, cpp, go, python, pascal, java or exe.
	Name string
	// Extensions are the file name endings that mean the language.
	Extensions []string
	// Tool is the compiler, or the interpreter that checks the syntax; Package is the Debian
	// package that installs it.
	Tool, Package string
	// inSystem tells that Tool runs inside the sandbox too, so it must live in the system
	// folders the sandbox sees, not wherever PATH finds it.
	inSystem bool
	// requires lists files the runs need, such as a runtime the sandbox must see.
	requires []string
	// Flags are the default flags, which --cflags replaces.
	Flags []string
	// sourceName names the source in the build folder, given its path and content.
	sourceName func(source string, code []byte) string
	// command returns the compiler's command line, tool first, in the build folder; nil when
	// the source is the program.
	command func(tool string, flags []string, source string) []string
	// env is added to the compiler's environment.
	env []string
	// outputs returns the files of the build folder that make the program.
	outputs func(dir, source string) ([]string, error)
	// argv returns the command line that runs the program from folder dir.
	argv func(tool, dir, source string, memory int64) []string
}

// nativeName is the name of a compiled executable in its folder.
const nativeName = "main"

func fixed(name string) func(string, []byte) string {
	return func(string, []byte) string { return name }
}

func native(string, string) ([]string, error) { return []string{nativeName}, nil }

func runNative(_, dir, _ string, _ int64) []string { return []string{filepath.Join(dir, nativeName)} }

var languages = []*Language{
	{
		Name: "c", Extensions: []string{".c"}, Tool: "gcc", Package: "gcc",
		Flags:      []string{"-O2", "-std=gnu11"},
		sourceName: fixed("main.c"),
		command: func(tool string, flags []string, source string) []string {
			return concat([]string{tool}, flags, []string{"-o", nativeName, source, "-lm"})
		},
		outputs: native, argv: runNative,
	},
	{
		Name: "cpp", Extensions: []string{".cpp", ".cc", ".cxx", ".c++"}, Tool: "g++", Package: "g++",
		Flags:      []string{"-O2", "-std=c++14"},
		sourceName: fixed("main.cpp"),
		command: func(tool string, flags []string, source string) []string {
			return concat([]string{tool}, flags, []string{"-o", nativeName, source})
		},
		outputs: native, argv: runNative,
	},
	{
		Name: "go", Extensions: []string{".go"}, Tool: "go", Package: "golang",
		sourceName: fixed("main.go"),
		command: func(tool string, flags []string, source string) []string {
			return concat([]string{tool, "build"}, flags, []string{"-o", nativeName, source})
		},
		// A static binary, built alone: no module, workspace or toolchain download around it.
		env:     []string{"CGO_ENABLED=0", "GOFLAGS=", "GOWORK=off", "GO111MODULE=on", "GOTOOLCHAIN=local"},
		outputs: native, argv: runNative,
	},
	{
		Name: "python", Extensions: []string{".py"}, Tool: "python3", Package: "python3", inSystem: true,
		sourceName: fixed("main.py"),
		command: func(tool string, _ []string, source string) []string {
			return []string{tool, "-c", `import sys; compile(open(sys.argv[1], "rb").read(), sys.argv[1], "exec")`, source}
		},
		outputs: func(_, source string) ([]string, error) { return []string{source}, nil },
		argv: func(tool, dir, source string, _ int64) []string {
			return []string{tool, "-I", "-B", filepath.Join(dir, source)}
		},
	},
	{
		Name: "pascal", Extensions: []string{".pas", ".pp"}, Tool: "fpc", Package: "fp-compiler",
		Flags:      []string{"-O2"},
		sourceName: fixed("main.pas"),
		command: func(tool string, flags []string, source string) []string {
			return concat([]string{tool, "-v0"}, flags, []string{"-o" + nativeName, source})
		},
		outputs: native, argv: runNative,
	},
	{
		Name: "java", Extensions: []string{".java"}, Tool: "javac", Package: "default-jdk",
		requires: []string{"/usr/bin/java"},
		// javac wants a public class in a file named after it: the file is named so, whatever
		// the contestant named it (sudoku.java in a contest).
		sourceName: javaSourceName,
		command: func(tool string, flags []string, source string) []string {
			return concat([]string{tool, "-encoding", "UTF-8"}, flags, []string{"-d", ".", source})
		},
		outputs: func(dir, _ string) ([]string, error) { return classFiles(dir) },
		// Given the main class, which setArgv finds in the class files.
		argv: func(_, dir, class string, memory int64) []string {
			return []string{
				"/usr/bin/java", "-XX:+UseSerialGC", "-XX:-UsePerfData", "-XX:ActiveProcessorCount=1",
				"-Xss64m", "-Xmx" + strconv.FormatInt(max(memory>>20, 16), 10) + "m",
				"-cp", dir, class,
			}
		},
	},
	{
		Name: "exe", sourceName: fixed(nativeName),
		outputs: native, argv: runNative,
	},
}

// Languages returns the names --lang accepts.
func Languages() []string {
	var names []string
	for _, l := range languages {
		names = append(names, l.Name)
	}
	return names
}

// Lookup returns the language named name.
func Lookup(name string) (*Language, error) {
	for _, l := range languages {
		if l.Name == name {
			return l, nil
		}
	}
	return nil, fmt.Errorf("unknown language %q: want one of %s", name, strings.Join(Languages(), ", "))
}

// Detect returns the language of a source file from its extension; a file with no known
// extension that is executable runs as it is.
func Detect(source string) (*Language, error) {
	ext := strings.ToLower(filepath.Ext(source))
	for _, l := range languages {
		if slices.Contains(l.Extensions, ext) {
			return l, nil
		}
	}
	info, err := os.Stat(source)
	if err != nil {
		return nil, err
	}
	if info.Mode().IsRegular() && info.Mode().Perm()&0o111 != 0 {
		return Lookup("exe")
	}
	return nil, fmt.Errorf("cannot tell the language of %s from its extension: name it with --lang (%s)", source, strings.Join(Languages(), ", "))
}

func concat(parts ...[]string) []string { return slices.Concat(parts...) }
