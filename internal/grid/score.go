package grid

// Weight returns the target weight of a cell: 10 at the centre, one less
// for each ring outwards, 6 on the border.
func Weight(cell int) int {
	return 10 - max(abs(RowOf(cell)-4), abs(ColOf(cell)-4))
}

// Score returns the sum of Weight times digit over the filled cells; for a
// complete grid it is the contest's score.
func (g Grid) Score() int {
	score := 0
	for cell, v := range g {
		score += Weight(cell) * int(v)
	}
	return score
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
