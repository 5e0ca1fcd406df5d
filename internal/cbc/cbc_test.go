package cbc

import (
	"context"
	"testing"
	"time"

	"bullseye/internal/grid"
	"bullseye/internal/tooltest"
)

// rows builds a grid from 9 strings of 9 digits, '0' for a blank.
func rows(lines ...string) grid.Grid {
	var g grid.Grid
	for r, line := range lines {
		for c, ch := range line {
			g[grid.CellAt(r, c)] = uint8(ch - '0')
		}
	}
	return g
}

func TestMaximize(t *testing.T) {
	tooltest.Require(t, "cbc", "coinor-cbc")
	full := rows(
		"123456789", "456789123", "789123456",
		"214365897", "365897214", "897214365",
		"531642978", "642978531", "978531642",
	)
	tests := []struct {
		name   string
		givens grid.Grid
		want   int
	}{
		{name: "empty grid", givens: grid.Grid{}, want: 2906},
		{name: "three givens", givens: threeGivens(), want: 2899},
		{name: "full grid", givens: full, want: full.Score()},
		{name: "clash in a row", givens: rows("500000005"), want: -1},
		{
			// Row 1 holds 1..8 and column 1 holds a 9: r1c1 has no digit left.
			name:   "no completion without a clash",
			givens: rows("012345678", "000000000", "000000000", "900000000"),
			want:   -1,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			best, fill, err := Maximize(ctx, tc.givens)
			if err != nil {
				t.Fatalf("got error %v, want nil", err)
			}
			if best != tc.want {
				t.Fatalf("got %d, want %d", best, tc.want)
			}
			if best != -1 && fill.Score() != best {
				t.Errorf("fill scores %d, want %d", fill.Score(), best)
			}
		})
	}
}

func TestMaximizeCancelled(t *testing.T) {
	tooltest.Require(t, "cbc", "coinor-cbc")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Maximize(ctx, grid.Grid{}); err == nil {
		t.Errorf("got nil error with a cancelled context, want an error")
	}
}
