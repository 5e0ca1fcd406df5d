package classic

import "math/bits"

// referenceCount counts the solutions of p up to limit with the plainest correct method, cell by
// cell with row, column and box masks, so that tests can check the fast solver against it.
func referenceCount(p Puzzle, limit int) (count int, first Puzzle) {
	var rows, columns, boxes [9]uint16
	grid := p
	for cell, v := range grid {
		if v == 0 {
			continue
		}
		if v > 9 {
			return 0, first
		}
		bit := uint16(1) << v
		r, c := cell/9, cell%9
		box := r/3*3 + c/3
		if (rows[r]|columns[c]|boxes[box])&bit != 0 {
			return 0, first
		}
		rows[r] |= bit
		columns[c] |= bit
		boxes[box] |= bit
	}
	var search func()
	search = func() {
		best, bestFree := -1, uint16(0)
		for cell, v := range grid {
			if v != 0 {
				continue
			}
			r, c := cell/9, cell%9
			free := ^(rows[r] | columns[c] | boxes[r/3*3+c/3]) & 0x3fe
			if best < 0 || bits.OnesCount16(free) < bits.OnesCount16(bestFree) {
				best, bestFree = cell, free
			}
		}
		if best < 0 {
			if count == 0 {
				first = grid
			}
			count++
			return
		}
		r, c := best/9, best%9
		box := r/3*3 + c/3
		for free := bestFree; free != 0 && count < limit; free &= free - 1 {
			bit := free & -free
			grid[best] = uint8(bits.TrailingZeros16(bit))
			rows[r] |= bit
			columns[c] |= bit
			boxes[box] |= bit
			search()
			rows[r] &^= bit
			columns[c] &^= bit
			boxes[box] &^= bit
		}
		grid[best] = 0
	}
	if limit > 0 {
		search()
	}
	return count, first
}
