package classic

// Count returns the number of solutions of p, counting no further than limit: Count(p, 2) is 0
// for no solution, 1 for a unique one and 2 for several. A limit below 1 counts nothing.
func Count(p Puzzle, limit int) int {
	count, _ := CountGuesses(p, limit)
	return count
}

// CountGuesses is Count that also returns the guesses its search made: the branches it tried
// beyond the first at each guessed cell or digit, a measure of a puzzle's work for the search
// that does not depend on the machine or its load.
func CountGuesses(p Puzzle, limit int) (count, guesses int) {
	if limit < 1 {
		return 0, 0
	}
	var b board
	s := searcher{limit: limit}
	if b.load(&p) {
		s.start(&b)
	}
	return s.count, s.guesses
}
