package compile

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"bullseye/internal/tooltest"
)

// updateClasses rewrites the class files of testdata/mainclass, compiling each Main.java there
// with the JDK of this machine.
var updateClasses = flag.Bool("update-classes", false, "rewrite the class files of testdata/mainclass with javac")

// TestMainClass finds the main class among the class files javac makes of a source. Each
// case's source is testdata/mainclass/DIR/Main.java, and beside it the class files javac made
// of it, the test's fixtures; the long tier (and -update-classes) compiles each source again
// with the JDK of this machine and reads what it makes. Every day TestCompileAndRun reads the
// class files of a fresh compilation too.
func TestMainClass(t *testing.T) {
	fresh := tooltest.LongTier() || *updateClasses
	if fresh {
		requireLanguage(t, "java")
	}
	tests := []struct {
		name, dir, want, err string
	}{
		{"public class named like the file", "public-main", "Main", ""},
		{"a class not named like the file", "other-name", "Solution", ""},
		{"a helper before the main class", "helper-first", "B", ""},
		{"the file's name wins", "file-name-wins", "Main", ""},
		{"in a package", "package", "p.Q", ""},
		{"in a package, named like the file", "package-main", "p.q.Main", ""},
		{"no main", "no-main", "", "no class has a public static void main"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join("testdata", "mainclass", tc.dir)
			if fresh {
				t.Parallel()
				dir = compileJava(t, dir)
			}
			got, err := mainClass(dir, "Main")
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("got %q, %v; want an error containing %q", got, err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Errorf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

// compileJava compiles fixture/Main.java with javac into a temporary folder and returns it;
// with -update-classes, the class files replace those of the fixture.
func compileJava(t *testing.T, fixture string) string {
	t.Helper()
	dir := t.TempDir()
	source, err := os.ReadFile(filepath.Join(fixture, "Main.java"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "Main.java"), source, 0o644); err != nil {
		t.Fatal(err)
	}
	// javac's own compiler alone (C1) and one garbage collector thread make the class files
	// in half the CPU time.
	cmd := exec.Command("javac", "-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-d", dir, "Main.java")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, out)
	}
	if !*updateClasses {
		return dir
	}
	old, err := classFiles(fixture)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range old {
		if err := os.Remove(filepath.Join(fixture, filepath.FromSlash(f))); err != nil {
			t.Fatal(err)
		}
	}
	made, err := classFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range made {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(fixture, filepath.FromSlash(f))), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := copyFile(filepath.Join(dir, filepath.FromSlash(f)), filepath.Join(fixture, filepath.FromSlash(f))); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestJavaSourceName(t *testing.T) {
	tests := []struct{ name, source, want string }{
		{"public class", "import java.util.*;\npublic class Main {\n public static void main(String[] a) {}\n}\n", "Main.java"},
		{"no public class", "class Solution { public static void main(String[] a) {} }", "sudoku.java"},
		{"public nested class only", "class A { public static class B {} public static void main(String[] a) {} }", "sudoku.java"},
		{"after a package and annotations", "package ox29;\n@SuppressWarnings(\"unused\") public final class TargetSudoku {}", "TargetSudoku.java"},
		{"a helper before the public class", "class Helper { String s = \"public class X\"; }\npublic class Main {}", "Main.java"},
		{"comments and literals", "// public class A\n/* public class B */ class C { char q = '\"'; String t = \"\"\"\npublic class D\n\"\"\"; }\npublic class E {}", "E.java"},
		{"public interface", "public interface Solver {}", "Solver.java"},
		{"public record", "public record Cell(int r, int c) {}", "Cell.java"},
		{"unterminated comment", "public /* class X", "sudoku.java"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := javaSourceName("class/alice/sudoku.java", []byte(tc.source)); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

func FuzzPublicClass(f *testing.F) {
	f.Add([]byte("package p; public class Main { String s = \"}\"; }"))
	f.Add([]byte("/* */ // \n public enum E {}"))
	f.Fuzz(func(t *testing.T, code []byte) {
		name := publicClass(code) // never panics, and names an identifier of the code or nothing
		if name != "" && !strings.Contains(string(code), name) {
			t.Errorf("publicClass(%q) = %q, not in the code", code, name)
		}
	})
}

func FuzzParseClass(f *testing.F) {
	f.Add([]byte{0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61, 0, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _, _ = parseClass(data) // never panics, whatever the file holds
	})
}
