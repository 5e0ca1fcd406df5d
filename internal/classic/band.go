package classic

// The board keeps, for every digit, its candidate cells band by band: a band is three rows of
// the grid, and bit r*9+c of a band word stands for row r (0-2) of the band, column c (0-8).
// Column c lies in box c/3 of the band, so a row meets each box of its band in a segment of three
// consecutive bits.
//
// Inside one band a digit occupies exactly one cell per row and exactly one row per box: the
// three rows are matched to the three boxes by a permutation. Which permutations are still
// possible depends only on which of the nine row-box segments hold a candidate, so a table
// indexed by that pattern gives the segments that some permutation still uses. Keeping only
// those segments does, in one step, both kinds of locked candidates inside the band (a box whose
// candidates lie in one row clears that row elsewhere; a row whose candidates lie in one box
// clears that box elsewhere), and finds every hidden single in a box that turns a row into a
// single.

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

	// segmentLows has the lowest cell of each of the nine segments of a band; segmentMagic, found
	// by search, is the multiplier of segmentHash.
	segmentLows  = 0x1249249
	segmentMagic = 0x100408004000000
)

// segmentHash returns a 9-bit number standing for the pattern of the row-box segments of band word
// w that hold a candidate, a different number for each of the 512 patterns: it marks each such
// segment at its lowest cell, and a multiplication by segmentMagic gathers the nine marks into the
// top bits. It takes a few arithmetic steps where looking the pattern up row by row takes three
// dependent loads.
func segmentHash(w uint32) uint32 {
	marks := (w | w>>1 | w>>2) & segmentLows
	return uint32(uint64(marks) * segmentMagic >> 55)
}

// bandAllowed[segmentHash(w)], for a band word w, is the mask of the cells of the segments that
// some row-to-box permutation uses within w's pattern of segments, with the pending-row flags
// kept; its cell part is empty when no permutation fits, which is a contradiction.
var bandAllowed [512]uint32

// rowSingle[x] is 1 when the 9-bit row x holds exactly one bit, else 0.
var rowSingle [512]uint32

// lockedColumns[columns], for the 9-bit set of the columns where a band holds candidates of a
// digit, is the set of those columns that are the only one of their box: the digit's cell of that
// box lies in that column, which the other bands of the stack must then give up.
var lockedColumns [512]uint32

// rowCells[rows] is the mask of the cells of the rows of the band in the 3-bit set rows.
var rowCells [8]uint32

func init() {
	for x := range uint32(512) {
		if x != 0 && x&(x-1) == 0 {
			rowSingle[x] = 1
		}
		for k := range 3 {
			if part := x >> (3 * k) & 7; part != 0 && part&(part-1) == 0 {
				lockedColumns[x] |= part << (3 * k)
			}
		}
	}
	for rows := range rowCells {
		for r := range 3 {
			if rows>>r&1 != 0 {
				rowCells[rows] |= rowAll << (9 * r)
			}
		}
	}
	for pattern := range uint32(512) {
		bandAllowed[segmentHash(segmentStarts(pattern))] = pendingAll | 7*segmentStarts(matchingSegments(pattern))
	}
}

// segmentStarts returns the first cells of the segments in the 9-bit set segments: segment 3*r+k
// (row r, box k) starts at cell 9*r+3*k, three times its number.
func segmentStarts(segments uint32) uint32 {
	rows := segments&7 | segments&070<<6 | segments&0700<<12 // row r's boxes at cells 9*r to 9*r+2
	return rows&01001001 | rows&02002002<<2 | rows&04004004<<4
}

// matchingSegments returns, for a 9-bit pattern of a 3x3 incidence (bit a*3+b set when line a may
// meet line b), the union of the incidences of the one-to-one matchings of the three a lines to
// the three b lines that stay within the pattern; zero when none does.
func matchingSegments(pattern uint32) uint32 {
	var used uint32
	for _, segments := range matchings {
		if pattern&segments == segments {
			used |= segments
		}
	}
	return used
}

// matchings are the incidences of the six one-to-one matchings of three lines a to three lines
// b, as matchingSegments's patterns: line 0 meets line b0, line 1 meets b1 and line 2 meets b2 in
// matching(b0, b1, b2).
var matchings = [6]uint32{
	matching(0, 1, 2), matching(0, 2, 1), matching(1, 0, 2),
	matching(1, 2, 0), matching(2, 0, 1), matching(2, 1, 0),
}

func matching(b0, b1, b2 uint32) uint32 { return 1<<b0 | 1<<(3+b1) | 1<<(6+b2) }

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
