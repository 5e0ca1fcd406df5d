// Command classic solves classic 9x9 sudoku puzzles in batch.
//
// Usage: classic [FILE...]. Without a FILE it reads standard input, as in the contest; with
// them, the files in order ("-" for standard input); --help prints the usage.
//
// Input: one puzzle per line, 81 characters read row by row, '1'-'9' for a
// given and '.' or '0' for a blank. Spaces, tabs and a carriage return at either end of a line are
// ignored, so CRLF files read as they are. Empty lines and lines starting with '#' are skipped. A line
// "end", or the end of the input, stops the run.
//
// Output, on standard output: exactly one line per puzzle line, in input order:
//
//   - a puzzle with a solution: its 81 digits, givens included;
//   - a puzzle with several solutions: one of them, the first met by the search described
//     below, so the same input always gets the same answer; use a counting tool to tell whether a
//     puzzle is unique;
//   - a well-formed puzzle with no solution, including givens that already break a rule (two equal
//     digits in a row, column or box): the line "no solution";
//   - a line that is not a puzzle (not 81 characters, or a character other than '1'-'9', '.' and
//     '0'): the line "invalid", and a message on standard error naming the input line number and
//     the fault. The run goes on with the next line.
//
// Exit status: 0 when every line was a comment, an empty line or a puzzle (solved or not); 1 when at
// least one line was invalid; 2 when an input could not be read or standard output written, or for
// a wrong command line.
//
// Algorithm: the solver of the kit's core (internal/classic), carried here whole so that this
// file stands alone; a test keeps the two identical. For every digit it keeps the candidate cells
// of each band (three rows) as a bitboard. In a band a digit's three rows meet the three boxes one
// to one, so only the row-box segments of a fitting permutation are kept, which gives the locked
// candidates inside the band and the hidden singles of rows and boxes; the columns a box of the
// band is locked to are taken from the other bands; naked singles are found by bit-parallel
// counting. What these rules leave is searched depth first: each guess copies the board and goes
// to a cell with two candidates (with more only when there is none), the one that sees the most
// open cells, then the most cells with two candidates, then the first in reading order, and
// tries its digits in increasing order.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"os"
)

// ---------------------------------------------------------------------------------------------
// The solver: the band layout and its tables, the board and its rules, the search. Every
// declaration below, up to the next banner, is the core's own, word for word.
// ---------------------------------------------------------------------------------------------

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

// searcher walks the tree of guesses depth first. Each guess copies the board, so backtracking
// is just dropping the copy, and nothing is allocated on the way.
type searcher struct {
	limit int    // stop after this many solutions
	count int    // solutions found so far
	first Puzzle // the first solution found
	// guesses counts the boards copied for a guess (every branch of a guessed cell but the
	// last): the work of a search, which the benchmarks report.
	guesses int
}

// start propagates a freshly loaded board and explores it.
func (s *searcher) start(b *board) {
	if b.propagate() {
		s.settle(b)
	}
}

// settle records a propagated board when it is solved and explores it otherwise.
func (s *searcher) settle(b *board) {
	if b.solved() {
		if s.count == 0 {
			b.grid(&s.first)
		}
		s.count++
		return
	}
	s.explore(b)
}

// explore guesses each candidate digit, in increasing order, of the cell guessCell picks on the
// propagated, unsolved board b, which it may change.
func (s *searcher) explore(b *board) {
	band, cell, choices := b.guessCell()
	// child is declared outside the loop: escape analysis keeps it on the stack only then.
	var child board
	for choices != 0 {
		digit := bits.TrailingZeros32(choices)
		choices &= choices - 1
		if choices == 0 {
			// The last choice needs no copy: b is not looked at again.
			if b.assign(digit, band, cell) && b.propagate() {
				s.settle(b)
			}
			return
		}
		child = *b
		s.guesses++
		if child.assign(digit, band, cell) && child.propagate() {
			s.settle(&child)
			if s.count >= s.limit {
				return
			}
		}
	}
}

// guessCell returns an open cell (band and one-bit band word) with the fewest candidate digits,
// and the set of those digits. After propagation no open cell has fewer than two candidates, so
// cells with two are the ones to look at whenever there are any. Among them it takes the one that
// sees the most open cells in its row, column and box, then the most cells with two candidates,
// the first in reading order among equals: its guess settles the most.
func (b *board) guessCell() (band int, cell, choices uint32) {
	var pairs [bands]uint32
	for bd := range bands {
		var once, twice, thrice uint32
		for j := bd; j < bandDigits; j += bands {
			w := b.candidates[j&31]
			thrice |= twice & w
			twice |= once & w
			once |= w
		}
		pairs[bd] = b.open[bd] & twice &^ thrice
	}
	if pairs[0]|pairs[1]|pairs[2] == 0 {
		return b.fewestCandidatesCell()
	}
	// Bands 0 and 1 are taken together as one 54-bit word, whose bit i stands for cell i; bit i of
	// band 2's word stands for cell 54+i.
	open01 := uint64(b.open[0]) | uint64(b.open[1])<<bandCells
	pairs01 := uint64(pairs[0]) | uint64(pairs[1])<<bandCells
	// best packs the score above the cell's distance from the end, so that the largest is the
	// best cell and, among equals, the first in reading order; taking it by max keeps the
	// unpredictable comparisons off the branches.
	best := 0
	for left := pairs01; left != 0; left &= left - 1 {
		cell := bits.TrailingZeros64(left) & 127
		best = max(best, pairScore(open01, pairs01, b.open[2], pairs[2], cell)<<7|(127-cell))
	}
	for left := pairs[2]; left != 0; left &= left - 1 {
		cell := (2*bandCells + bits.TrailingZeros32(left)) & 127
		best = max(best, pairScore(open01, pairs01, b.open[2], pairs[2], cell)<<7|(127-cell))
	}
	at := 127 - best&127
	band = int(cellBand[at])
	cell = cellBit[at]
	return band, cell, b.digitsAt(band, cell)
}

// pairScore is guessCell's score of a cell: 32 points for each open cell it sees and one for each
// cell with two candidates (at most 20, so they only break ties).
func pairScore(open01, pairs01 uint64, open2, pairs2 uint32, cell int) int {
	return 32*(bits.OnesCount64(open01&peers01[cell])+bits.OnesCount32(open2&peers2[cell])) +
		bits.OnesCount64(pairs01&peers01[cell]) + bits.OnesCount32(pairs2&peers2[cell])
}

// fewestCandidatesCell is the slow path of guessCell, for boards without a two-candidate cell:
// an open cell with the fewest candidates, among those the one that sees the most open cells,
// the first in reading order among equals.
func (b *board) fewestCandidatesCell() (band int, cell, choices uint32) {
	fewest, best := digits+1, -1
	open01 := uint64(b.open[0]) | uint64(b.open[1])<<bandCells
	for bd := range bands {
		for open := b.open[bd]; open != 0; open &= open - 1 {
			c := open & -open
			d := b.digitsAt(bd, c)
			n := bits.OnesCount32(d)
			if n > fewest {
				continue
			}
			at := (bd*bandCells + bits.TrailingZeros32(c)) & 127
			seen := bits.OnesCount64(open01&peers01[at]) + bits.OnesCount32(b.open[2]&peers2[at])
			if n < fewest || seen > best {
				fewest, best, band, cell, choices = n, seen, bd, c, d
			}
		}
	}
	return band, cell, choices
}

// peers01[cell] is the set of the cells of bands 0 and 1 that share a row, column or box with
// cell, band 1 above band 0's 27 bits; peers2[cell] is that of band 2. The tables are sized to a
// power of two so that an index masked to it needs no bounds check.
var (
	peers01 [128]uint64
	peers2  [128]uint32
)

func init() {
	for cell := range cells {
		band, row, column := cell/bandCells, cell%bandCells/9, cell%9
		// Every band holds the cell's column; its own band holds its row and box too.
		var seen [bands]uint64
		for b := range seen {
			seen[b] = columnSpread << column
		}
		seen[band] |= rowAll<<(9*row) | 7*columnSpread<<(column/3*3)
		seen[band] &^= 1 << (cell % bandCells)
		peers01[cell], peers2[cell] = seen[0]|seen[1]<<bandCells, uint32(seen[2])
	}
}

// digitsAt returns the set of the candidate digits of cell (a one-bit band word) of band.
func (b *board) digitsAt(band int, cell uint32) uint32 {
	var set uint32
	for digit := range digits {
		if b.candidates[(digit*bands+band)&31]&cell != 0 {
			set |= 1 << digit
		}
	}
	return set
}

// ---------------------------------------------------------------------------------------------
// Puzzles in and answers out.
// ---------------------------------------------------------------------------------------------

// Puzzle is a 9x9 grid read row by row: cell r*9+c holds 0 for a blank or a digit 1-9.
type Puzzle [cells]uint8

// solve returns the first solution of p in the search order and true, or false when p has none.
func solve(p *Puzzle) (Puzzle, bool) {
	var b board
	s := searcher{limit: 1}
	if b.load(p) {
		s.start(&b)
	}
	return s.first, s.count > 0
}

// lineKind says what an input line is.
type lineKind int

const (
	skipLine lineKind = iota // empty or comment
	endLine                  // the line "end"
	puzzleLine
	invalidLine
)

// parseLine classifies one input line (without its '\n') and, for a puzzle, fills puzzle with 0
// for a blank and 1-9 for a given; for an invalid line, err says what is wrong.
func parseLine(line []byte, puzzle *Puzzle) (lineKind, error) {
	line = trimBlanks(line)
	switch {
	case len(line) == 0 || line[0] == '#':
		return skipLine, nil
	case string(line) == "end":
		return endLine, nil
	case len(line) != cells:
		return invalidLine, fmt.Errorf("%d characters, want %d", len(line), cells)
	}
	for i, c := range line {
		switch {
		case c >= '1' && c <= '9':
			puzzle[i] = c - '0'
		case c == '.' || c == '0':
			puzzle[i] = 0
		default:
			return invalidLine, fmt.Errorf("character %q at column %d, want 1-9, '.' or '0'", c, i+1)
		}
	}
	return puzzleLine, nil
}

func trimBlanks(line []byte) []byte {
	isBlank := func(c byte) bool { return c == ' ' || c == '\t' || c == '\r' }
	for len(line) > 0 && isBlank(line[len(line)-1]) {
		line = line[:len(line)-1]
	}
	for len(line) > 0 && isBlank(line[0]) {
		line = line[1:]
	}
	return line
}

// lineReader yields the lines of its input without their '\n', however long they are.
type lineReader struct {
	in   *bufio.Reader
	long []byte // a line longer than the buffer, assembled
}

// next returns the next line, valid until the following call, or io.EOF after the last one.
func (r *lineReader) next() ([]byte, error) {
	line, err := r.in.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		r.long = append(r.long[:0], line...)
		for errors.Is(err, bufio.ErrBufferFull) {
			line, err = r.in.ReadSlice('\n')
			r.long = append(r.long, line...)
		}
		line = r.long
	}
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	if len(line) == 0 && errors.Is(err, io.EOF) {
		return nil, io.EOF
	}
	if n := len(line); n > 0 && line[n-1] == '\n' {
		line = line[:n-1]
	}
	return line, nil
}

const (
	exitOK       = 0
	exitInvalid  = 1
	exitIOFailed = 2
)

// The answer lines other than solutions.
var (
	invalidAnswer    = []byte("invalid\n")
	noSolutionAnswer = []byte("no solution\n")
)

// usage is what --help prints.
const usage = `usage: classic [FILE...]

Solves classic sudoku puzzles, one per line: 81 characters, '1'-'9' a given, '.' or '0' a
blank; empty lines and lines starting with '#' are skipped; a line "end" stops the run.
Reads the FILEs in order ("-" is standard input), or standard input without any, and
writes one answer line per puzzle on standard output: the solution's 81 digits,
"no solution", or "invalid" (with a message on standard error naming the file and line).

Exit status: 0 every line read, 1 some line invalid, 2 a file or the output failed, or a
wrong command line.
`

// run solves every puzzle of stdin onto stdout, reports faults on stderr and returns the exit status.
func run(stdin io.Reader, stdout, stderr io.Writer) int {
	return runArgs(nil, stdin, stdout, stderr)
}

// runArgs runs the command line args (without the program's name): the files it names, or
// stdin without any.
func runArgs(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var files []string
	for i, arg := range args {
		switch {
		case arg == "-h" || arg == "-help" || arg == "--help":
			fmt.Fprint(stdout, usage)
			return exitOK
		case arg == "--":
			files = append(files, args[i+1:]...)
		case len(arg) > 1 && arg[0] == '-':
			fmt.Fprintf(stderr, "classic: unknown flag %s; see classic --help\n", arg)
			return exitIOFailed
		default:
			files = append(files, arg)
			continue
		}
		break
	}
	out := bufio.NewWriterSize(stdout, 1<<16)
	status := exitOK
	if len(files) == 0 {
		status, _ = solveAll(stdin, "", out, stderr)
	}
	for _, name := range files {
		in, place := stdin, "standard input: "
		if name != "-" {
			f, err := os.Open(name)
			if err != nil {
				out.Flush()
				fmt.Fprintf(stderr, "classic: %v\n", err)
				return exitIOFailed
			}
			defer f.Close()
			in, place = f, name+": "
		}
		fileStatus, stop := solveAll(in, place, out, stderr)
		status = max(status, fileStatus)
		if stop || fileStatus == exitIOFailed {
			break
		}
	}
	if status == exitIOFailed {
		return status
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "classic: writing output: %v\n", err)
		return exitIOFailed
	}
	return status
}

// solveAll solves every puzzle of in onto out, reports faults on stderr, each after place (the
// file's name and ": ", or "" for standard input alone), and returns the exit status and whether
// a line "end" stopped the run.
func solveAll(in io.Reader, place string, out *bufio.Writer, stderr io.Writer) (int, bool) {
	reader := lineReader{in: bufio.NewReaderSize(in, 1<<16)}
	status := exitOK
	var puzzle Puzzle
	var text [cells + 1]byte
	text[cells] = '\n'
	for lineNumber := 1; ; lineNumber++ {
		line, err := reader.next()
		if errors.Is(err, io.EOF) {
			return status, false
		}
		if err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "classic: %sreading input line %d: %v\n", place, lineNumber, err)
			return exitIOFailed, true
		}
		var answer []byte
		kind, err := parseLine(line, &puzzle)
		switch kind {
		case skipLine:
			continue
		case endLine:
			return status, true
		case invalidLine:
			fmt.Fprintf(stderr, "classic: %sline %d: %v\n", place, lineNumber, err)
			answer = invalidAnswer
			status = exitInvalid
		case puzzleLine:
			solution, ok := solve(&puzzle)
			if !ok {
				answer = noSolutionAnswer
				break
			}
			for i, digit := range solution {
				text[i] = '0' + digit
			}
			answer = text[:]
		}
		if _, err := out.Write(answer); err != nil {
			fmt.Fprintf(stderr, "classic: writing output: %v\n", err)
			return exitIOFailed, true
		}
	}
}

func main() {
	os.Exit(runArgs(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
