// Command classic solves classic 9x9 sudoku puzzles in batch with dancing links.
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
//   - a puzzle with several solutions: one of them, the first met by the search order described
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
// Algorithm: Knuth's Algorithm X with dancing links over the exact-cover matrix of sudoku, 729
// options (a digit in a cell) by 324 items (each cell filled; each digit once in each row, column
// and box). The matrix is built once and kept as built: each puzzle starts from a copy of it,
// which restores every link at once for less than uncovering the givens and a found solution one
// by one, selects the options of its givens, and searches, uncovering in reverse order as it
// backtracks. At each step the search branches on an item with the fewest remaining options. Among
// items with two options it takes the cell that sees the most open cells in its row, column and
// box, the first in reading order among equals; without such a cell, the first item of least count
// in the item list, whose order is cells, then digits in rows, in columns, in boxes (each in
// row-major order). An item's options are tried in reading order of their cells, and by increasing
// digit within a cell.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"os"
)

const (
	cellCount   = 81
	digitCount  = 9
	itemCount   = 4 * cellCount // cells, row-digits, column-digits, box-digits
	optionCount = cellCount * digitCount
	// Every option has exactly four nodes and option o owns nodes firstOptionNode+4*o to +4*o+3,
	// so the other nodes of an option are found by arithmetic instead of through a spacer.
	nodesPerOption  = 4
	firstOptionNode = (itemCount + nodesPerOption) / nodesPerOption * nodesPerOption
	nodeCount       = firstOptionNode + optionCount*nodesPerOption
	// The arrays are sized to powers of two and indices masked to them, which lets the compiler
	// drop the bounds checks from the innermost loops.
	nodeSlots = 4096
	nodeMask  = nodeSlots - 1
	itemSlots = 512
	itemMask  = itemSlots - 1
)

// The array sizes must hold the matrix: a negative length here stops the build.
var (
	_ [nodeSlots - nodeCount]struct{}
	_ [itemSlots - itemCount - 1]struct{}
)

// links is the part of the exact-cover matrix the search changes, in Knuth's layout: node
// i <= itemCount is the header of item i (node 0 is the root of the list of active items) and the
// other nodes belong to options.
type links struct {
	left, right [itemSlots]int32 // the doubly linked list of active items
	len         [itemSlots]int32 // the number of active options holding each item
	up, down    [nodeSlots]int32 // the vertical list of each item, through its header
}

// dancingLinks is the exact-cover matrix of sudoku with the state of one search.
type dancingLinks struct {
	links
	// built is the matrix as built: copying it back restores every link at once, which costs
	// less than uncovering, one by one, the givens and the options of a found solution.
	built links
	itm   [nodeSlots]int32 // the item an option node belongs to

	// Items whose option count fell to one or to none since the last backtrack: the search takes
	// them before scanning the item list. Between backtracks counts only fall, so each item enters
	// each list at most once and the lists never overflow.
	single, empty           [itemCount]int32
	singleCount, emptyCount int

	choice [cellCount]int32 // the option node chosen at each search level
}

func cellItem(cell int) int32 { return int32(1 + cell) }

func rowDigitItem(row, digit int) int32 { return int32(1 + cellCount + row*digitCount + digit) }

func columnDigitItem(column, digit int) int32 {
	return int32(1 + 2*cellCount + column*digitCount + digit)
}

func boxDigitItem(box, digit int) int32 { return int32(1 + 3*cellCount + box*digitCount + digit) }

// optionNode returns the first node of the option "digit (0-8) in cell".
func optionNode(cell, digit int) int32 {
	return int32(firstOptionNode + (cell*digitCount+digit)*nodesPerOption)
}

// optionOf returns the cell and the digit (0-8) of the option owning node p.
func optionOf(p int32) (cell, digit int) {
	option := int(p-firstOptionNode) / nodesPerOption
	return option / digitCount, option % digitCount
}

// sibling returns the k-th node after p, cyclically, in p's option.
func sibling(p, k int32) int32 {
	return (p&^(nodesPerOption-1) | (p+k)&(nodesPerOption-1)) & nodeMask
}

func newDancingLinks() *dancingLinks {
	d := &dancingLinks{}
	for i := int32(0); i <= itemCount; i++ {
		d.left[i] = i - 1
		d.right[i] = i + 1
		d.up[i] = i
		d.down[i] = i
	}
	d.left[0] = itemCount
	d.right[itemCount] = 0
	// Options are appended cell by cell and digit by digit, so every item lists its options in
	// reading order of their cells, and by increasing digit within a cell.
	for cell := 0; cell < cellCount; cell++ {
		row, column := cell/9, cell%9
		box := row/3*3 + column/3
		for digit := 0; digit < digitCount; digit++ {
			first := optionNode(cell, digit)
			items := [nodesPerOption]int32{
				cellItem(cell),
				rowDigitItem(row, digit),
				columnDigitItem(column, digit),
				boxDigitItem(box, digit),
			}
			for k, item := range items {
				node := first + int32(k)
				d.itm[node] = item
				last := d.up[item]
				d.up[node] = last
				d.down[node] = item
				d.down[last] = node
				d.up[item] = node
				d.len[item]++
			}
		}
	}
	d.built = d.links
	return d
}

// cover removes item i from the active list and hides every option holding it from its other
// items. The hiding is written out here rather than in a function of its own so that it compiles
// inline in this, the innermost loop.
func (d *dancingLinks) cover(i int32) {
	i &= nodeMask
	for p := d.down[i]; p != i; p = d.down[p&nodeMask] {
		for k := int32(1); k < nodesPerOption; k++ {
			q := sibling(p, k)
			u, w := d.up[q]&nodeMask, d.down[q]&nodeMask
			d.down[u] = w
			d.up[w] = u
			x := d.itm[q] & itemMask
			n := d.len[x] - 1
			d.len[x] = n
			if n <= 1 {
				d.noteScarce(x, n)
			}
		}
	}
	l, r := d.left[i&itemMask], d.right[i&itemMask]
	d.right[l&itemMask] = r
	d.left[r&itemMask] = l
}

// uncover undoes cover(i), in the reverse order; covers must be undone last in, first out.
func (d *dancingLinks) uncover(i int32) {
	i &= nodeMask
	l, r := d.left[i&itemMask], d.right[i&itemMask]
	d.right[l&itemMask] = i
	d.left[r&itemMask] = i
	for p := d.up[i]; p != i; p = d.up[p&nodeMask] {
		for k := int32(nodesPerOption - 1); k > 0; k-- {
			q := sibling(p, k)
			d.down[d.up[q]&nodeMask] = q
			d.up[d.down[q]&nodeMask] = q
			d.len[d.itm[q]&itemMask]++
		}
	}
}

// selectOption covers the items of node p's option other than p's own, which the caller has
// already covered.
func (d *dancingLinks) selectOption(p int32) {
	for k := int32(1); k < nodesPerOption; k++ {
		d.cover(d.itm[sibling(p, k)])
	}
}

// deselectOption undoes selectOption(p).
func (d *dancingLinks) deselectOption(p int32) {
	for k := int32(nodesPerOption - 1); k > 0; k-- {
		d.uncover(d.itm[sibling(p, k)])
	}
}

// noteScarce records that item x has just fallen to n <= 1 options.
func (d *dancingLinks) noteScarce(x, n int32) {
	if n == 1 {
		d.single[d.singleCount] = x
		d.singleCount++
	} else {
		d.empty[d.emptyCount] = x
		d.emptyCount++
	}
}

// forgetScarce empties the lists of noteScarce, whose entries backtracking makes stale.
func (d *dancingLinks) forgetScarce() {
	d.singleCount, d.emptyCount = 0, 0
}

// active reports whether item x is in the active list: covering x unlinks it from its
// neighbours, and while it stays covered no later change can point them back at it.
func (d *dancingLinks) active(x int32) bool {
	return d.right[d.left[x&itemMask]&itemMask] == x
}

// fewestOptionsItem returns an active item with the fewest options. Items with no option or a
// single one come from the lists of noteScarce; which single-option item goes first does not
// change the search, as all of them are forced, in any order, before the next real branching.
// Otherwise every item has two options or more, and ties are broken for speed: a cell with two
// options that sees the most open cells in its row, column and box goes first (the first in
// reading order among equals), as its choice settles the most; without such a cell, the first
// item of least count in the item list.
func (d *dancingLinks) fewestOptionsItem() int32 {
	for d.emptyCount > 0 {
		d.emptyCount--
		if x := d.empty[d.emptyCount]; d.active(x) {
			return x
		}
	}
	for d.singleCount > 0 {
		d.singleCount--
		if x := d.single[d.singleCount]; d.active(x) {
			return x
		}
	}
	// The cell items lead the item list: gather the open cells and those with two options.
	var open [2]uint64
	var pairs [cellCount]int32
	pairCount := 0
	for i := d.right[0]; i != 0 && i <= cellCount; i = d.right[i&itemMask] {
		cell := i - 1
		open[cell>>6] |= 1 << (cell & 63)
		if d.len[i&itemMask] == 2 {
			pairs[pairCount] = i
			pairCount++
		}
	}
	if pairCount > 0 {
		best, mostOpen := int32(0), -1
		for _, item := range pairs[:pairCount] {
			peers := &peerCells[(item-1)%cellCount]
			if n := bits.OnesCount64(open[0]&peers[0]) + bits.OnesCount64(open[1]&peers[1]); n > mostOpen {
				best, mostOpen = item, n
			}
		}
		return best
	}
	best := d.right[0]
	bestLen := d.len[best&itemMask]
	for i := d.right[best&itemMask]; i != 0 && bestLen > 2; i = d.right[i&itemMask] {
		if n := d.len[i&itemMask]; n < bestLen {
			best, bestLen = i, n
		}
	}
	return best
}

// peerCells[cell] is the set of the 20 cells that share a row, column or box with cell, as an
// 81-bit set over two words.
var peerCells [cellCount][2]uint64

func init() {
	for cell := 0; cell < cellCount; cell++ {
		for other := 0; other < cellCount; other++ {
			r, c, or, oc := cell/9, cell%9, other/9, other%9
			if other != cell && (r == or || c == oc || (r/3 == or/3 && c/3 == oc/3)) {
				peerCells[cell][other>>6] |= 1 << (other & 63)
			}
		}
	}
}

// solve writes into solution the first solution of puzzle (0 for a blank, 1-9 for a given) in the
// search order and reports whether there is one. It starts from the matrix as built.
func (d *dancingLinks) solve(puzzle, solution *[cellCount]byte) bool {
	d.links = d.built
	d.forgetScarce()
	if !d.selectGivens(puzzle) {
		return false
	}
	levels, found := d.search()
	if !found {
		return false
	}
	*solution = *puzzle
	for _, p := range d.choice[:levels] {
		cell, digit := optionOf(p)
		solution[cell] = byte(digit) + 1
	}
	return true
}

// selectGivens selects the option of every given. It reports false for a given whose option an
// earlier given ruled out: then one of the option's items is covered already.
func (d *dancingLinks) selectGivens(puzzle *[cellCount]byte) bool {
	for cell, digit := range puzzle {
		if digit == 0 {
			continue
		}
		first := optionNode(cell, int(digit-1))
		for q := first; q < first+nodesPerOption; q++ {
			if !d.active(d.itm[q]) {
				return false
			}
		}
		for q := first; q < first+nodesPerOption; q++ {
			d.cover(d.itm[q])
		}
	}
	return true
}

// search runs Algorithm X on the items the givens left and stops at the first solution. found
// reports one, whose options are then d.choice[:levels], still selected.
func (d *dancingLinks) search() (levels int, found bool) {
	level := 0
	for {
		if d.right[0] == 0 {
			return level, true
		}
		item := d.fewestOptionsItem()
		p := item
		if d.len[item&itemMask] > 0 {
			d.cover(item)
			p = d.down[item&nodeMask]
		} else {
			// A dead end with nothing covered yet: resume at the next option of the last choice.
			if level == 0 {
				return 0, false
			}
			level--
			p, item = d.retreat(level)
		}
		// When p is back at its item's header, the item's options are exhausted: go further up.
		for p == item {
			d.uncover(item)
			if level == 0 {
				return 0, false
			}
			level--
			p, item = d.retreat(level)
		}
		d.choice[level] = p
		d.selectOption(p)
		level++
	}
}

// retreat undoes the choice made at level and returns the next option node of the same item
// (the item's header when there is none) and the item.
func (d *dancingLinks) retreat(level int) (next, item int32) {
	d.forgetScarce()
	p := d.choice[level]
	d.deselectOption(p)
	return d.down[p&nodeMask], d.itm[p&nodeMask]
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
func parseLine(line []byte, puzzle *[cellCount]byte) (lineKind, error) {
	line = trimBlanks(line)
	switch {
	case len(line) == 0 || line[0] == '#':
		return skipLine, nil
	case string(line) == "end":
		return endLine, nil
	case len(line) != cellCount:
		return invalidLine, fmt.Errorf("%d characters, want %d", len(line), cellCount)
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
	links := newDancingLinks()
	status := exitOK
	if len(files) == 0 {
		status, _ = solveAll(stdin, "", out, links, stderr)
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
		fileStatus, stop := solveAll(in, place, out, links, stderr)
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
func solveAll(in io.Reader, place string, out *bufio.Writer, links *dancingLinks, stderr io.Writer) (int, bool) {
	reader := lineReader{in: bufio.NewReaderSize(in, 1<<16)}
	status := exitOK
	var puzzle, solution [cellCount]byte
	var text [cellCount + 1]byte
	text[cellCount] = '\n'
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
			if !links.solve(&puzzle, &solution) {
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
