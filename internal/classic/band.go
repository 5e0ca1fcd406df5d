package classic

// The board keeps, for every digit, its candidate cells band by band: a band is three rows of
// the grid, and bit r*9+c of a band word stands for row r (0-2) of the band, column c (0-8).
// Column c lies in box c/3 of the band, so a row meets each box of its band in a segment of three
// consecutive bits.
//
// Inside one band a digit occupies exactly one cell per row and exactly one row per box: the
// three rows are matched to the three boxes by a permutation. Which permutations are still
// possible depends only on which of the nine row-box segments hold a candidate, so a table
// indexed by that 9-bit pattern gives the segments that some permutation still uses. Keeping
// only those segments does, in one step, both kinds of locked candidates inside the band
// (a box whose candidates lie in one row clears that row elsewhere; a row whose candidates lie in
// one box clears that box elsewhere), and finds every hidden single in a box that turns a row
// into a single.

const (
	bands        = 3
	digits       = 9
	cells        = 81
	bandCells    = 27
	bandAll      = 1<<bandCells - 1
	rowAll       = 1<<9 - 1
	bandDigits   = bands * digits // the words of the board: digit*bands + band
	bandDigitAll = 1<<bandDigits - 1

	// Bits 27-29 of a band-digit word flag the rows of the band where the digit is not yet
	// placed; placing it clears the flag, so a change of either part is a change of the word.
	pendingShift = bandCells
	pendingAll   = 7 << pendingShift

	// columnSpread copies a 9-bit column set into the three rows of a band.
	columnSpread = 1 | 1<<9 | 1<<18
)

// rowBoxes[x] is the set of boxes (bits 0-2) holding a bit of the 9-bit row x.
var rowBoxes [512]uint32

// rowSingle[x] is 1 when the 9-bit row x holds exactly one bit, else 0.
var rowSingle [512]uint32

// permutationSegments[pattern], for a 9-bit pattern of a 3x3 incidence (bit a*3+b set when line a
// may meet line b), is the union of the incidences of the one-to-one matchings of the three a
// lines to the three b lines that stay within the pattern; zero when none does.
var permutationSegments [512]uint32

// bandAllowed[pattern], for a 9-bit pattern with bit r*3+k set when segment (row r, box k) holds a
// candidate, is the mask of the cells of the segments that some row-to-box permutation uses
// within the pattern, with the pending-row flags kept; its cell part is empty when no
// permutation fits, which is a contradiction.
var bandAllowed [512]uint32

// lockedColumns[columns], for the 9-bit set of the columns where a band holds candidates of a
// digit, is the set of those columns that are the only one of their box: the digit's cell of that
// box lies in that column, which the other bands of the stack must then give up.
var lockedColumns [512]uint32

// rowCells[rows] is the mask of the cells of the rows of the band in the 3-bit set rows.
var rowCells [8]uint32

func init() {
	for x := range rowBoxes {
		for k := 0; k < 3; k++ {
			if x>>(3*k)&7 != 0 {
				rowBoxes[x] |= 1 << k
			}
		}
		if x != 0 && x&(x-1) == 0 {
			rowSingle[x] = 1
		}
		for k := 0; k < 3; k++ {
			if part := x >> (3 * k) & 7; part != 0 && part&(part-1) == 0 {
				lockedColumns[x] |= uint32(part) << (3 * k)
			}
		}
	}
	for rows := range rowCells {
		for r := 0; r < 3; r++ {
			if rows>>r&1 != 0 {
				rowCells[rows] |= rowAll << (9 * r)
			}
		}
	}
	permutations := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for pattern := range bandAllowed {
		var used uint32
		for _, boxOfRow := range permutations {
			var segments uint32
			for r, k := range boxOfRow {
				segments |= 1 << (3*r + k)
			}
			if uint32(pattern)&segments == segments {
				used |= segments
			}
		}
		permutationSegments[pattern] = used
		allowed := uint32(pendingAll)
		for r := 0; r < 3; r++ {
			for k := 0; k < 3; k++ {
				if used>>(3*r+k)&1 != 0 {
					allowed |= 7 << (9*r + 3*k)
				}
			}
		}
		bandAllowed[pattern] = allowed
	}
}

// segmentPattern returns the 9-bit pattern of the row-box segments of band word w that hold a
// candidate, as bandAllowed indexes it.
func segmentPattern(w uint32) uint32 {
	return rowBoxes[w&rowAll] | rowBoxes[w>>9&rowAll]<<3 | rowBoxes[w>>18&rowAll]<<6
}

// singleRows returns the 3-bit set of the rows of band word w that hold exactly one candidate.
func singleRows(w uint32) uint32 {
	return rowSingle[w&rowAll] | rowSingle[w>>9&rowAll]<<1 | rowSingle[w>>18&rowAll]<<2
}

// occupiedRows returns the cells of the rows of the band that hold a bit of cells.
func occupiedRows(cells uint32) uint32 {
	r0, r1, r2 := cells&rowAll, cells>>9&rowAll, cells>>18&rowAll
	// (x + rowAll) >> 9 is 1 exactly when the 9-bit x is not zero.
	return ((r0+rowAll)>>9)*rowAll | ((r1+rowAll)>>9)*rowAll<<9 | ((r2+rowAll)>>9)*rowAll<<18
}

// crowdedRows reports whether some row of the band holds two bits or more of cells.
func crowdedRows(cells uint32) bool {
	r0, r1, r2 := cells&rowAll, cells>>9&rowAll, cells>>18&rowAll
	return r0&(r0-1)|r1&(r1-1)|r2&(r2-1) != 0
}
