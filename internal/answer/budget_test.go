package answer

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// budget is the most time one check may take in the fuzz test below: a reading linear in the
// output meets it many times over on the busiest machine.
const budget = 10 * time.Second

// FuzzTargetOutputBudget checks a contestant's output of any bytes, repeated up to 4,096 times,
// with the notes the checker adds to its message (a grid's row printed first, a score no grid
// has): each check ends within the budget.
func FuzzTargetOutputBudget(f *testing.F) {
	f.Add([]byte("2 1 4 9 3 6 5 8 7\n"), 1)
	f.Add([]byte("214936587"), 4096)
	f.Add([]byte("9 "), 4096)
	input := fixture(f, "target/random30.in")
	f.Fuzz(func(t *testing.T, output []byte, repeat int) {
		output = bytes.Repeat(output, max(1, min(repeat, 4096)))
		start := time.Now()
		CheckTarget(strings.NewReader(input), bytes.NewReader(output), strings.NewReader("2866\n"))
		if d := time.Since(start); d > budget {
			t.Errorf("%v on %d bytes, over the budget of %v", d, len(output), budget)
		}
	})
}
