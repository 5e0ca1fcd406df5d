package compile

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestMainClass(t *testing.T) {
	requireLanguage(t, "java")
	tests := []struct {
		name, file, source, want, err string
	}{
		{"public class named like the file", "Main.java", "public class Main { public static void main(String[] a) {} }", "Main", ""},
		{"a class not named like the file", "Main.java", "class Solution { public static void main(String[] a) {} }", "Solution", ""},
		{"a helper before the main class", "Main.java", "class A { static void main(int x) {} } class B { public static void main(String[] a) {} }", "B", ""},
		{"the file's name wins", "Main.java", "class A { public static void main(String[] a) {} } class Main { public static void main(String[] a) {} }", "Main", ""},
		{"in a package", "Main.java", "package p; class Q { public static void main(String[] a) {} }", "p.Q", ""},
		{"in a package, named like the file", "Main.java", "package p.q; class A { public static void main(String[] a) {} } public class Main { public static void main(String[] a) {} }", "p.q.Main", ""},
		{"no main", "Main.java", "class A { void main(String[] a) {} }", "", "no class has a public static void main"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, tc.file), []byte(tc.source), 0o644); err != nil {
				t.Fatal(err)
			}
			// The class files are the test's fixtures: javac's own compiler alone (C1) and
			// one garbage collector thread make them in half the CPU time.
			cmd := exec.Command("javac", "-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-d", dir, tc.file)
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("javac: %v\n%s", err, out)
			}
			got, err := mainClass(dir, strings.TrimSuffix(tc.file, ".java"))
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
