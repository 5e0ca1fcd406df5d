package classic

import "testing"

func TestMatchingSegments(t *testing.T) {
	tests := []struct {
		name    string
		pattern uint32
		want    uint32
	}{
		{name: "all segments", pattern: 0x1ff, want: 0x1ff},
		{name: "the diagonal only", pattern: 1 | 1<<4 | 1<<8, want: 1 | 1<<4 | 1<<8},
		{name: "two rows in one box only", pattern: 1 | 1<<3 | 0x1c0, want: 0},
		{name: "an empty row", pattern: 0x3f, want: 0},
		// Row 0 can only use box 0, so rows 1 and 2 lose box 0.
		{name: "row 0 locked to box 0", pattern: 1 | 0x1f8, want: 1 | 6<<3 | 6<<6},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := matchingSegments(tc.pattern); got != tc.want {
				t.Errorf("got %#o, want %#o", got, tc.want)
			}
		})
	}
}

// TestMatchingSegmentsEveryPattern checks every pattern against the matchings listed as
// permutations: a segment is used when some permutation of boxes to rows stays in the pattern.
func TestMatchingSegmentsEveryPattern(t *testing.T) {
	permutations := [6][3]uint32{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for pattern := range uint32(512) {
		var want uint32
		for _, boxOfRow := range permutations {
			segments := uint32(1<<boxOfRow[0] | 1<<(3+boxOfRow[1]) | 1<<(6+boxOfRow[2]))
			if pattern&segments == segments {
				want |= segments
			}
		}
		if got := matchingSegments(pattern); got != want {
			t.Errorf("pattern %09b: got %09b, want %09b", pattern, got, want)
		}
	}
}

func TestSegmentStarts(t *testing.T) {
	for segments := range uint32(512) {
		var want uint32
		for segment := range uint32(9) {
			if segments>>segment&1 != 0 {
				r, k := segment/3, segment%3
				want |= 1 << (9*r + 3*k)
			}
		}
		if got := segmentStarts(segments); got != want {
			t.Errorf("segments %09b: got %#x, want %#x", segments, got, want)
		}
	}
}

// TestSegmentHash checks that the hash gives each of the 512 patterns of segments its own number,
// whatever cells of each segment hold the candidates.
func TestSegmentHash(t *testing.T) {
	seen := make(map[uint32]uint32)
	for pattern := range uint32(512) {
		var low, high uint32 // the pattern's segments by their lowest and by all their cells
		for segment := range uint32(9) {
			if pattern>>segment&1 != 0 {
				low |= 1 << (3 * segment)
				high |= 7 << (3 * segment)
			}
		}
		h := segmentHash(low)
		if h >= 512 {
			t.Fatalf("pattern %09b: got hash %d, want below 512", pattern, h)
		}
		if other, ok := seen[h]; ok {
			t.Fatalf("patterns %09b and %09b: both hash to %d", other, pattern, h)
		}
		seen[h] = pattern
		if got := segmentHash(high | pendingAll); got != h {
			t.Fatalf("pattern %09b with full segments and pending flags: got hash %d, want %d", pattern, got, h)
		}
	}
}

func TestBandAllowed(t *testing.T) {
	// Row 0 (bits 0-8) holds candidates in box 0 only; the other rows everywhere.
	w := uint32(0b101) | rowAll<<9 | rowAll<<18 | pendingAll
	got := w & bandAllowed[segmentHash(w)]
	want := uint32(0b101) | 0x1f8<<9 | 0x1f8<<18 | pendingAll
	if got != want {
		t.Errorf("got %#x, want %#x", got, want)
	}
	if got := bandAllowed[segmentHash(rowAll)] & bandAll; got != 0 {
		t.Errorf("two empty rows: got cells %#x, want none", got)
	}
}

func TestRowHelpers(t *testing.T) {
	tests := []struct {
		name         string
		w            uint32
		wantSingle   uint32
		wantOccupied uint32
		wantCrowded  bool
	}{
		{name: "empty", w: 0, wantSingle: 0, wantOccupied: 0, wantCrowded: false},
		{name: "one bit in row 1", w: 1 << 13, wantSingle: 2, wantOccupied: rowAll << 9, wantCrowded: false},
		{name: "two bits in row 2", w: 3 << 18, wantSingle: 0, wantOccupied: rowAll << 18, wantCrowded: true},
		{name: "a bit in rows 0 and 2", w: 1<<8 | 1<<26, wantSingle: 5, wantOccupied: rowAll | rowAll<<18, wantCrowded: false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := singleRows(tc.w); got != tc.wantSingle {
				t.Errorf("singleRows: got %b, want %b", got, tc.wantSingle)
			}
			if got := occupiedRows(tc.w); got != tc.wantOccupied {
				t.Errorf("occupiedRows: got %#x, want %#x", got, tc.wantOccupied)
			}
			if got := crowdedRows(tc.w); got != tc.wantCrowded {
				t.Errorf("crowdedRows: got %v, want %v", got, tc.wantCrowded)
			}
		})
	}
}

func TestLockedColumns(t *testing.T) {
	tests := []struct {
		name    string
		columns uint32
		want    uint32
	}{
		{name: "one column per box", columns: 0b010_001_100, want: 0b010_001_100},
		{name: "two columns in box 0", columns: 0b000_000_011, want: 0},
		{name: "mixed", columns: 0b111_100_011, want: 0b000_100_000},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := lockedColumns[tc.columns]; got != tc.want {
				t.Errorf("got %09b, want %09b", got, tc.want)
			}
		})
	}
}
