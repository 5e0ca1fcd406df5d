package climb

import (
	"bullseye/internal/classic"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// Move is a kind of step from one input to the next. Every move keeps the input free of
// clashes, with a completion, and within the givens asked for.
type Move uint8

// The moves.
const (
	// Shift moves a given to a blank cell, which takes the completion's digit there.
	Shift Move = iota
	// Rebase gives a blank cell a digit other than the completion's, when a completion remains,
	// and takes a given away to keep the count.
	Rebase
	// Relabel changes a given's digit, when a completion remains.
	Relabel
	// Add shows one more cell of the completion.
	Add
	// Drop takes a given away.
	Drop
	// SwapDigits trades two digits everywhere: the same puzzle to a search that ignores the
	// weights, another to one that tries the high digits first or bounds the score.
	SwapDigits
	// Rearrange moves the whole grid by a symmetry of sudoku: two rows of a band, two columns
	// of a stack, two bands or two stacks trade places, or the grid turns about its diagonal.
	// The puzzle stays as hard for a search that picks cells by their candidates; one that
	// fills cells in a fixed order meets its givens elsewhere.
	Rearrange
	moveKinds
)

// Moves lists every move, in order.
var Moves = []Move{Shift, Rebase, Relabel, Add, Drop, SwapDigits, Rearrange}

var moveNames = [moveKinds]string{"shift", "rebase", "relabel", "add", "drop", "swap-digits", "rearrange"}

// String returns the move's name: "shift", "swap-digits".
func (m Move) String() string {
	if m < moveKinds {
		return moveNames[m]
	}
	return "unknown"
}

// state is an input with one of its completions. cells lists the given cells first, cells[:n],
// then the blank ones; a move that exchanges a given and a blank swaps their places in it, so
// that the draws of a climb of Shift moves alone depend only on the moves kept.
type state struct {
	puzzle, solution grid.Grid
	cells            [grid.Cells]uint8
	n                int
}

// newState returns the input showing the cells order[:n] of solution, with order the order of
// every cell.
func newState(solution grid.Grid, order []int, n int) state {
	s := state{solution: solution, n: n}
	for i, cell := range order {
		s.cells[i] = uint8(cell)
		if i < n {
			s.puzzle[cell] = solution[cell]
		}
	}
	return s
}

// movable reports whether some move of moves can change s within opt's bounds.
func (s *state) movable(moves []Move, opt Options) bool {
	for _, m := range moves {
		switch m {
		case Shift, Rebase:
			if s.n > 0 && s.n < grid.Cells {
				return true
			}
		case Add:
			if s.n < opt.MaxGivens {
				return true
			}
		case Drop:
			if s.n > opt.MinGivens {
				return true
			}
		case Relabel, SwapDigits, Rearrange:
			if s.n > 0 && s.n < grid.Cells {
				return true
			}
		}
	}
	return false
}

// move changes s by one move of kind m. It reports false, leaving s as it was, when the drawn
// move is impossible (no completion would remain, or no cell to take).
func (s *state) move(r *rng.Rand, m Move, opt Options) bool {
	blanks := grid.Cells - s.n
	switch m {
	case Shift:
		if s.n == 0 || blanks == 0 {
			return false
		}
		i, j := r.IntN(s.n), s.n+r.IntN(blanks)
		from, to := s.cells[i], s.cells[j]
		s.puzzle[from], s.puzzle[to] = 0, s.solution[to]
		s.cells[i], s.cells[j] = to, from
	case Rebase:
		if s.n == 0 || blanks == 0 {
			return false
		}
		i, j := r.IntN(s.n), s.n+r.IntN(blanks)
		from, to := s.cells[i], s.cells[j]
		next := s.puzzle
		next[to] = otherDigit(r, s.solution[to])
		completion, ok := classic.Solve(classic.Puzzle(next))
		if !ok {
			return false
		}
		next[from] = 0
		s.puzzle, s.solution = next, grid.Grid(completion)
		s.cells[i], s.cells[j] = to, from
	case Relabel:
		if s.n == 0 || blanks == 0 {
			return false
		}
		cell := s.cells[r.IntN(s.n)]
		next := s.puzzle
		next[cell] = otherDigit(r, s.puzzle[cell])
		completion, ok := classic.Solve(classic.Puzzle(next))
		if !ok {
			return false
		}
		s.puzzle, s.solution = next, grid.Grid(completion)
	case Add:
		if s.n >= opt.MaxGivens || blanks == 0 {
			return false
		}
		j := s.n + r.IntN(blanks)
		cell := s.cells[j]
		s.puzzle[cell] = s.solution[cell]
		s.cells[s.n], s.cells[j] = cell, s.cells[s.n]
		s.n++
	case Drop:
		if s.n <= opt.MinGivens || s.n == 0 {
			return false
		}
		i := r.IntN(s.n)
		cell := s.cells[i]
		s.puzzle[cell] = 0
		s.n--
		s.cells[i], s.cells[s.n] = s.cells[s.n], cell
	case SwapDigits:
		if s.n == 0 || blanks == 0 {
			return false
		}
		a := uint8(r.IntBetween(1, grid.Size))
		b := otherDigit(r, a)
		for cell := range s.puzzle {
			s.puzzle[cell] = swapped(s.puzzle[cell], a, b)
			s.solution[cell] = swapped(s.solution[cell], a, b)
		}
	case Rearrange:
		if s.n == 0 || blanks == 0 {
			return false
		}
		s.permute(symmetry(r))
	default:
		return false
	}
	return true
}

// swapped returns v with the digits a and b traded.
func swapped(v, a, b uint8) uint8 {
	switch v {
	case a:
		return b
	case b:
		return a
	}
	return v
}

// otherDigit draws a digit 1..9 other than d.
func otherDigit(r *rng.Rand, d uint8) uint8 {
	v := uint8(r.IntBetween(1, grid.Size-1))
	if v >= d {
		v++
	}
	return v
}

// symmetry draws a symmetry of sudoku that changes the grid: to[cell] is where the cell goes.
func symmetry(r *rng.Rand) [grid.Cells]int {
	var to [grid.Cells]int
	for cell := range to {
		to[cell] = cell
	}
	// lines maps each row (or column) to its new place: two lines of a band, or two bands.
	lines := [grid.Size]int{0, 1, 2, 3, 4, 5, 6, 7, 8}
	kind := r.IntN(5)
	switch kind {
	case 0, 1: // two rows (columns) of one band (stack)
		band := 3 * r.IntN(3)
		a := r.IntN(3)
		b := (a + 1 + r.IntN(2)) % 3
		lines[band+a], lines[band+b] = band+b, band+a
	case 2, 3: // two bands (stacks)
		a := r.IntN(3)
		b := (a + 1 + r.IntN(2)) % 3
		for k := range 3 {
			lines[3*a+k], lines[3*b+k] = 3*b+k, 3*a+k
		}
	default: // about the main diagonal
		for cell := range to {
			to[cell] = grid.CellAt(grid.ColOf(cell), grid.RowOf(cell))
		}
		return to
	}
	for cell := range to {
		row, col := grid.RowOf(cell), grid.ColOf(cell)
		if kind%2 == 0 {
			row = lines[row]
		} else {
			col = lines[col]
		}
		to[cell] = grid.CellAt(row, col)
	}
	return to
}

// permute moves every cell of s to its place under to.
func (s *state) permute(to [grid.Cells]int) {
	var puzzle, solution grid.Grid
	for cell := range to {
		puzzle[to[cell]], solution[to[cell]] = s.puzzle[cell], s.solution[cell]
	}
	s.puzzle, s.solution = puzzle, solution
	for i, cell := range s.cells {
		s.cells[i] = uint8(to[cell])
	}
}
