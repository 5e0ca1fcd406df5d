package classic

// columnRules applies the rules that look down the columns, digit by digit, to the digits whose
// words changed since it last ran:
//
//   - in each stack (three columns of boxes) a digit's three bands meet its three columns one to
//     one, so, as in a band, only the band-column pairs of a fitting matching are kept: this is
//     both kinds of locked candidates between boxes and columns;
//   - a digit left with a single open cell in a column is assigned there.
//
// It reports false on a contradiction: a digit with no cell left in a column or no matching in a
// stack, or with two lone cells in one row.
func (b *board) columnRules() bool {
	touched := b.touched
	b.touched = 0
	for first := uint32(0); first < bandDigits; first += bands {
		if touched>>first&7 == 0 {
			continue
		}
		w0 := b.candidates[first&31]
		w1 := b.candidates[(first+1)&31]
		w2 := b.candidates[(first+2)&31]
		if (w0|w1|w2)>>pendingShift == 0 {
			continue // the digit is placed in every row
		}
		any0, one0 := columnsOnce(w0)
		any1, one1 := columnsOnce(w1)
		any2, one2 := columnsOnce(w2)
		if any0|any1|any2 != rowAll {
			return false
		}
		var keep [bands]uint32
		for stack := uint32(0); stack < 9; stack += 3 {
			pattern := any0>>stack&7 | (any1>>stack&7)<<3 | (any2>>stack&7)<<6
			used := permutationSegments[pattern]
			if used == 0 {
				return false
			}
			keep[0] |= (used & 7) << stack
			keep[1] |= (used >> 3 & 7) << stack
			keep[2] |= (used >> 6) << stack
		}
		if keep[0] != any0 || keep[1] != any1 || keep[2] != any2 {
			for band := range uint32(bands) {
				j := first + band
				b.dirty |= take(&b.candidates, j, ^(keep[band]*columnSpread)&bandAll) << (j & 31)
			}
			w0, w1, w2 = b.candidates[first&31], b.candidates[(first+1)&31], b.candidates[(first+2)&31]
			any0, one0 = columnsOnce(w0)
			any1, one1 = columnsOnce(w1)
			any2, one2 = columnsOnce(w2)
		}
		lone := [bands]uint32{
			one0 &^ (any1 | any2),
			one1 &^ (any0 | any2),
			one2 &^ (any0 | any1),
		}
		for band, columns := range lone {
			j := (first + uint32(band)) & 31
			w := b.candidates[j]
			hits := w & (columns * columnSpread) & b.open[band]
			if hits == 0 {
				continue
			}
			if crowdedRows(hits) {
				return false
			}
			b.candidates[j] = w &^ (occupiedRows(hits) &^ hits)
			b.dirty |= 1 << j
		}
	}
	return true
}

// columnsOnce returns the columns where band word w has a candidate, and those where it has
// exactly one.
func columnsOnce(w uint32) (present, once uint32) {
	r0, r1, r2 := w&rowAll, w>>9&rowAll, w>>18&rowAll
	present = r0 | r1 | r2
	once = present &^ (r0&r1 | r0&r2 | r1&r2)
	return present, once
}
