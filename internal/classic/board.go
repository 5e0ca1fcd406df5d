package classic

import "math/bits"

// board is the state of a search: the candidates of every digit band by band, which cells are
// still open, and which band-digit words have changed since they were last examined. It is a
// small value (under 150 bytes) so that a guess copies it instead of undoing changes.
type board struct {
	// candidates[digit*bands+band] holds the band's candidate cells for the digit, with the
	// pending-row flags above them (see pendingShift). The array is sized to a power of two so that
	// an index masked to it needs no bounds check.
	candidates [32]uint32
	open       [bands]uint32 // the cells of each band without a placed digit
	dirty      uint32        // the band-digit words to examine again
}

// cellBand and cellBit locate a cell of the grid in its band word.
var (
	cellBand [cells]uint8
	cellBit  [cells]uint32
)

func init() {
	for cell := range cells {
		cellBand[cell] = uint8(cell / bandCells)
		cellBit[cell] = 1 << (cell % bandCells)
	}
}

// load sets b to the puzzle's givens, unpropagated. It reports false when a cell holds a value
// above 9 or when two equal givens share a row.
func (b *board) load(p *Puzzle) bool {
	for i := range bandDigits {
		b.candidates[i] = bandAll | pendingAll
	}
	b.open = [bands]uint32{bandAll, bandAll, bandAll}
	b.dirty = bandDigitAll
	for cell, value := range p {
		if value == 0 {
			continue
		}
		if value > digits {
			return false
		}
		if !b.assign(int(value-1), int(cellBand[cell]), cellBit[cell]) {
			return false
		}
	}
	return true
}

// assign makes cell (a one-bit band word) of band the only candidate of digit in its row of the
// band; examining the word then places the digit there. It reports false when the cell is no
// longer a candidate of the digit.
func (b *board) assign(digit, band int, cell uint32) bool {
	i := (digit*bands + band) & 31
	w := b.candidates[i]
	if w&cell == 0 {
		return false
	}
	b.candidates[i] = w &^ (occupiedRows(cell) &^ cell)
	b.dirty |= 1 << i
	return true
}

// solved reports whether every cell holds a placed digit.
func (b *board) solved() bool {
	return b.open[0]|b.open[1]|b.open[2] == 0
}

// grid writes the placed digits of a solved board into p.
func (b *board) grid(p *Puzzle) {
	for digit := range digits {
		for band := range bands {
			w := b.candidates[digit*bands+band] & bandAll
			for w != 0 {
				cell := band*bandCells + bits.TrailingZeros32(w)
				p[cell] = uint8(digit + 1)
				w &= w - 1
			}
		}
	}
}

// propagate draws every consequence the rules below give until nothing changes: the band rules
// (row-to-box matchings, locked candidates, placing row singles, which covers the hidden singles of
// rows and boxes) and naked singles, the cheaper rules running to a standstill before the dearer
// one runs. It reports false on a contradiction, after which the board is no longer meaningful.
//
// Rules that look down the columns (the band-to-column matchings of each stack, the hidden singles
// of columns) are left to the search: they save guesses, but cost more than the guesses they save.
func (b *board) propagate() bool {
	for {
		for b.dirty != 0 {
			// Taking the whole set at once lets the processor start on the next word before
			// the current one has updated the set.
			batch := b.dirty
			b.dirty = 0
			for ; batch != 0; batch &= batch - 1 {
				if !b.examine(uint32(bits.TrailingZeros32(batch))) {
					return false
				}
			}
		}
		if b.solved() {
			return true
		}
		if !b.nakedSingles() {
			return false
		}
		if b.dirty == 0 {
			return true
		}
	}
}

// examine applies the band rules to band-digit word i: it keeps the segments of the row-to-box
// permutations, takes the columns where a box of the band has its only candidates from the other
// bands of the digit, and places the digit in every row of the band left with a single candidate,
// which takes that cell from the words of the other digits.
func (b *board) examine(i uint32) bool {
	i &= 31
	w := b.candidates[i]
	w &= bandAllowed[segmentHash(w)]
	if w&bandAll == 0 {
		return false
	}
	b.candidates[i] = w
	band := bandOf[i]
	dirty := b.dirty

	locked := lockedColumns[(w|w>>9|w>>18)&rowAll] * columnSpread
	j := nextBandWord[i]
	dirty |= take(&b.candidates, j, locked) << (j & 31)
	j = lastBandWord[i]
	dirty |= take(&b.candidates, j, locked) << (j & 31)

	placedRows := singleRows(w) & (w >> pendingShift)
	if placedRows != 0 {
		w &^= placedRows << pendingShift
		placed := w & rowCells[placedRows]
		b.open[band&3] &^= placed
		c := &b.candidates
		taken := take(c, band, placed) | take(c, band+3, placed)<<3 | take(c, band+6, placed)<<6 |
			take(c, band+9, placed)<<9 | take(c, band+12, placed)<<12 | take(c, band+15, placed)<<15 |
			take(c, band+18, placed)<<18 | take(c, band+21, placed)<<21 | take(c, band+24, placed)<<24
		dirty |= taken << (band & 31)
		b.candidates[i] = w // the loop above took the placed cells from this word too
	}
	b.dirty = dirty &^ (1 << (i & 31))
	return true
}

// bandOf, nextBandWord and lastBandWord give, for a band-digit word, its band and the words of the
// same digit in the two other bands.
var bandOf, nextBandWord, lastBandWord [bandDigits]uint32

func init() {
	for i := range uint32(bandDigits) {
		band, first := i%bands, i-i%bands
		bandOf[i] = band
		nextBandWord[i] = first + (band+1)%bands
		lastBandWord[i] = first + (band+2)%bands
	}
}

// take removes cells (within the cell part) from word j of candidates and returns 1 when that
// changed the word, else 0.
func take(candidates *[32]uint32, j, cells uint32) uint32 {
	old := candidates[j&31]
	taken := old & cells
	candidates[j&31] = old ^ taken
	return (taken + bandAll) >> bandCells
}
