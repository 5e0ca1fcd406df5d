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
	// Warn are the flags that ask for the compiler's warnings of undefined behaviour, given
	// before Flags, whatever --cflags says (see package warnings).
	Warn []string
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

// own names the source as the contestant named it, so that the compiler's messages, its
// warnings and an assert's name the contestant's own file; fallback when that name is not a
// plain one with one of the extensions exts, as written (letters, digits, '_', '-' and '.', not first a '-'), or
// when it is one of names, which the language would read as another file (a Pascal unit's).
func own(fallback string, exts []string, names ...string) func(string, []byte) string {
	return func(source string, _ []byte) string {
		base := filepath.Base(source)
		ext := filepath.Ext(base)
		stem := strings.TrimSuffix(base, ext)
		if !slices.Contains(exts, ext) || stem == "" || base[0] == '-' || base[0] == '.' || slices.Contains(names, strings.ToLower(stem)) {
			return fallback
		}
		for _, r := range stem {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.') {
				return fallback
			}
		}
		return base
	}
}

// gccWarnings are the warnings of undefined behaviour gcc and g++ give at -O2 (package
// warnings reads them): fewer than -Wall's, none of which is a matter of style.
var gccWarnings = []string{"-Wreturn-type", "-Wuninitialized", "-Wmaybe-uninitialized", "-Warray-bounds", "-Wsequence-point", "-Wformat"}

func native(string, string) ([]string, error) { return []string{nativeName}, nil }

func runNative(_, dir, _ string, _ int64) []string { return []string{filepath.Join(dir, nativeName)} }

var languages = []*Language{
	{
		Name: "c", Extensions: []string{".c"}, Tool: "gcc", Package: "gcc",
		Flags:      []string{"-O2", "-std=gnu11"},
		Warn:       gccWarnings,
		sourceName: own("main.c", []string{".c"}),
		command: func(tool string, flags []string, source string) []string {
			return concat([]string{tool}, flags, []string{"-o", nativeName, source, "-lm"})
		},
		outputs: native, argv: runNative,
	},
	{
		Name: "cpp", Extensions: []string{".cpp", ".cc", ".cxx", ".c++"}, Tool: "g++", Package: "g++",
		Flags:      []string{"-O2", "-std=c++14"},
		Warn:       gccWarnings,
		sourceName: own("main.cpp", []string{".cpp", ".cc", ".cxx"}),
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
		sourceName: own("main.py", []string{".py"}),
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
		Flags: []string{"-O2"},
		// Errors and warnings alone (-v0 says nothing else; w adds the warnings).
		Warn: []string{"-v0w"},
		// Free Pascal's own units are found by their file's name: a source of one of
		// those names would be read for the unit.
		sourceName: own("main.pas", []string{".pas", ".pp"}, "system", "sysutils", "math", "strutils", "classes", "crt", "objpas"),
		command: func(tool string, flags []string, source string) []string {
			return concat([]string{tool}, flags, []string{"-o" + nativeName, source})
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
