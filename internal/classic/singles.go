package classic

// The band rules of examine find the hidden singles of rows and boxes, and the column rules those
// of columns; this finds the cells left with one candidate digit, counting the candidates of a
// whole band at a time with a bit-parallel adder.

// nakedSingles assigns every open cell that has a single candidate digit left. It reports false
// when an open cell has no candidate, or when two cells of one row are left with the same single
// digit.
func (b *board) nakedSingles() bool {
	for band := range uint32(bands) {
		open := b.open[band]
		if open == 0 {
			continue
		}
		// once: cells with at least one candidate; twice: with at least two.
		var once, twice uint32
		for j := band; j < bandDigits; j += bands {
			w := b.candidates[j&31]
			twice |= once & w
			once |= w
		}
		if open&^once != 0 {
			return false
		}
		singles := open &^ twice
		if singles == 0 {
			continue
		}
		for j := band; j < bandDigits; j += bands {
			w := b.candidates[j&31]
			hits := w & singles
			if hits == 0 {
				continue
			}
			if crowdedRows(hits) {
				return false
			}
			b.candidates[j&31] = w &^ (occupiedRows(hits) &^ hits)
			b.dirty |= 1 << j
		}
	}
	return true
}
