package contest

import (
	"strings"
	"testing"
)

// FuzzFirstDifference checks that a difference is found exactly when the texts differ beyond
// spaces and line ends, and points at a line of one of them.
func FuzzFirstDifference(f *testing.F) {
	f.Add([]byte("2855\n"), []byte("2854\n"))
	f.Add([]byte("1 2\r\n3\n"), []byte("1  2\n3"))
	f.Add([]byte(""), []byte("\n\n"))
	f.Fuzz(func(t *testing.T, expected, found []byte) {
		d := FirstDifference(expected, found)
		same := normalize(expected) == normalize(found)
		if (d == nil) != same {
			t.Fatalf("difference %+v, texts the same: %v", d, same)
		}
		if d != nil {
			n := max(len(lines(expected)), len(lines(found)))
			if d.Line < 1 || d.Line > n || len(d.Expected) > 1 || len(d.Found) > 1 {
				t.Fatalf("difference %+v over %d lines", d, n)
			}
		}
	})
}

// normalize returns the lines of data with their fields single-spaced.
func normalize(data []byte) string {
	var out []string
	for _, l := range lines(data) {
		out = append(out, strings.Join(strings.Fields(l), " "))
	}
	return strings.Join(out, "\n")
}
