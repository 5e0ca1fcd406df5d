package classic

// Solve returns a solution of p and true, or false when p has none (including a p whose givens
// break a rule or hold a value above 9). When p has several solutions it returns the first one
// the search meets, the same every time: each guess goes to the cell guessCell picks and tries
// its digits in increasing order.
func Solve(p Puzzle) (Puzzle, bool) {
	var b board
	s := searcher{limit: 1}
	if b.load(&p) {
		s.start(&b)
	}
	return s.first, s.count > 0
}
