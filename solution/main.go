// Command solution answers NOIP 2009 problem 4, target sudoku: fill the blanks of a 9x9 sudoku so
// that the sum of weight x digit over all 81 cells is as large as possible, where a cell's weight
// is 10 - max(|r-4|, |c-4|) (6 on the rim up to 10 in the centre). It prints that maximum, or -1
// when the givens break a rule or admit no completion. It must be exact and fast on every input the
// bounds allow, those built to be hard included, where no enumeration of the completions finishes.
//
// This comment is the explanation of the solver; the sections of the file follow it in order, and
// the map at its end names the function that runs each phase. Input and output: see usage below.
// Malformed input gets a one-line message naming the file, line and column on standard error, exit
// status 1, and no output file.
//
// # The model and the dancing links
//
// The problem is exact cover with costs, in the manner of Knuth's DLX5. There are 324 items: one
// per cell, one per (row, digit), one per (column, digit) and one per (box, digit). Each candidate
// "digit d in cell x" is an option naming its four items, worth weight(x)*d; a completion is a set
// of options that covers every item once, and scores their worths. Item lists keep their options in
// decreasing order of worth, and the givens are chosen before any search. Covering, choosing and
// hiding are undone in exactly the reverse order from one trail, so every search leaves the links
// as it found them.
//
// # The exact search
//
// A dive, which takes options in decreasing worth without any bound, gives a first score to beat;
// when it searches everything without finding one, nothing completes the givens. Such a search
// has a heavy tail on nearly empty grids, an early choice that admits no completion holding it for
// thousands of nodes, so a dive that runs past a short budget gives way to dives restarted with
// budgets growing by Luby's sequence, each branching on an item drawn among those with the fewest
// options and trying the second best option first at a quarter of its nodes, drawn at random
// from a fixed seed. Then each node of
// the search takes the items left with one option, bounds the node twice (the rows' bound and the
// patterns' bound below), hides every option that cannot beat the best score, and goes round again
// until nothing more is hidden. A node still open branches on an item, its options best bound
// first: the priced item the best relaxed solution takes other than once, which makes the
// relaxation change where it breaks a rule, or else the item with the fewest options. At the root,
// further searches run before any branching (the root's order of searches, below).
//
// # The rows' bound and the aim
//
// Keep the cell and (row, digit) items as hard constraints and price the (column, digit) and (box,
// digit) items with multipliers: the relaxed problem splits into one assignment problem per row
// (its open cells against its missing digits), each solved exactly by the Hungarian method, warm
// started from the last solve. The nine optima plus the multipliers bound every completion from
// above; deflected subgradient steps, warm started from the parent node, drive the bound down
// towards the linear optimum (on a grid of many givens they stop early, rowsLeastStep, where
// their last steps gain hundredths; from 17 givens the root takes none, rowsRootRounds, as the
// patterns' bound below is what its descent reads). The assignment duals give every option a reduced cost, never
// negative, and a completion scores exactly the bound minus the reduced costs of its options. So an
// option whose reduced cost exceeds the bound less the best score less one cannot beat the best
// score, and is hidden for the subtree.
//
// The same identity makes a cost-ordered search, the aim, look for a completion scoring a target: a
// search for a cover whose options' reduced costs sum to at most the room, bound less target, that
// hides the options costing more than the room left and cuts a node when the cheapest options of
// the items of one kind still open (cells, or row, column or box digits, which share no option)
// already cost more. When it meets the target, the complete failures of the targets above it, or
// the bound itself, prove it the best. Each time the bound creeps onto a new integer, a short aim
// at that integer may settle the node long before the steps converge (a probe); a longer aim runs
// at the root on a grid of at most aimGivens givens, where the linear optimum is most often the
// answer. Each item keeps its options sorted by reduced cost, sorted again only under new prices,
// and during an aim the open items' cheapest options and their sums per kind follow the links'
// steps in fixed point rounded up, so the cut costs a few operations a node; it sums over the open
// items only when a sum comes within rounding of the room. This bound is at best the linear
// optimum.
//
// # The patterns' bound and its proof
//
// Price the cell items instead, with multipliers pi: the relaxed problem splits into one problem
// per digit, which places the digit's nine copies one per row, column and box (a pattern; 46,656 on
// the empty grid), maximizing worth minus pi over its cells. It is solved exactly band by band: in
// each band the digit takes one column of each stack, a triple (27 of them), in one of the 6 orders
// of the band's rows, and the three bands' triples must use each column once, which leaves 216
// combinations. The best multipliers bound every completion by the optimum over the patterns'
// convex hulls that fills every cell once: never above the linear optimum, and on the hardest
// inputs often well below it. Forcing an option bounds it too, by the best pattern of its digit
// through its cell, found in the same pass, and options that cannot beat the best score are hidden
// as the rows' reduced costs hide them.
//
// The proof (the descent) is a search under fixed cell multipliers, where a completion is nine
// disjoint patterns and scores exactly the open cells' multipliers plus its patterns' gains. A
// search that places one digit's pattern, or settles one cell's digit, at each step therefore
// bounds every node by the patterns placed plus the best free pattern of each digit left; the rows'
// reduced costs spent, and the least each free cell must still spend, bound it too. At each node it
// propagates until nothing changes: a digit's patterns worth trying are those that keep the bound
// at the score sought; every free cell needs one of them to cross it; a cell only one digit can
// still cross is kept for that digit, which narrows its patterns; and a cell that all of a digit's
// patterns worth trying cross within a row, column or box is kept for it too, the other digits
// losing it. A digit's table keeps, per band and triple, its row orders still free as a bit set, so
// a cell taken strikes only the placements through it. Before branching it bounds the children of
// the cells the fewest digits cross, as strong branching does (the child that keeps a cell for a
// digit keeps that digit's best pattern through the cell and the others' best around it), and
// branches on the cell with the fewest children that reach the score sought, the tightest first,
// the digit losing least through the cell first; or on a digit's patterns, best first, when it has
// no more of them than the cell has children, or at most digitBranch. On a grid of 17 to 23
// givens (branchWideGivens, branchWideBelow), its first branchWideLevels (12) levels bound the
// children of the cells one digit more crosses too (branchWiden): among them a cell often has
// fewer children that reach the score, or none. Its first tuneLevels levels may re-tune the
// multipliers; by default none does, as the steps cost more than they save.
//
// It descends from the top: it aims at the highest score not yet refuted, keeping only the nodes
// whose bound reaches it, and a search that ends empty within its budget refutes that score; the
// first score a search meets is the answer, found and proved together (on a grid of 6 to 16
// givens, or of 24 or more, the first target is a stride of a few scores: firstStride). After the first target it
// aims at strides of scores growing threefold (strideGrowth), down to one above the best score: a
// stride's search goes on past the completions it meets, each raising the score to beat, so it
// refutes the whole stride or ends with the answer. One score at a time pays at the top, where each
// search holds few nodes; lower down, a search that starts under the answer meets completions early
// and climbs from there. The scores refuted stay refuted for every later search. When a search runs
// out of budget, two short probes look for a completion a point and three points below its lowest
// score, so that the searches after it start from a better score.
//
// # The linear program
//
// Both bounds stop at the linear optimum, and on the hardest inputs that is where they stay: the
// optimal face is so degenerate that fixing cells barely lowers them, and the subgradient steps
// stall just above a child's optimum. So a third search solves the linear program itself and
// branches and bounds on its options, fixing one to 1 or 0 per branching; a child's exact optimum
// falls below the best score plus one after a handful of fixings.
//
// The program has a row per open item, less the items whose rows the others imply: in each row,
// column and box of the grid the open cells and missing digits are equally many (27 relations), and
// per digit each band's and stack's rows hold it as often as its boxes do (48 more); with all 75
// dropped the rows left are independent, at most 249. It has a column per alive option, boxed in
// 0..1, and an artificial per row fixed at 0. A bounded dual simplex solves it with an explicit
// inverse of the basis, the program being small (its update skips the rounding that cancellation
// leaves where the exact inverse has zeros), the dual steepest edge, and a ratio test that flips
// boxed columns to their other bound, so that one step passes many breakpoints. It starts from the
// rows' bound: their prices, and a basis of each open cell's relaxed option (the crash), dual
// feasible at once. The dual simplex keeps its prices feasible, so its bound only falls as it goes,
// and it stops as soon as the bound falls below the best score plus one. Both children start from
// their parent's basis, the second from a saved copy: changing bounds keeps the prices feasible.
//
// Bounds never rest on the simplex's arithmetic: any row prices bound every completion by their sum
// plus, for each column, the most its price-adjusted worth can add within its bounds (weak
// duality), and that bound, with the true costs, is what is compared with the best score. Costs are
// perturbed by less than 1e-4 each, spread like random amounts, so that fewer dual steps stall on
// the integer costs' ties. Even a dual step that nothing limits (no completion, in exact
// arithmetic) settles a node only once the bound, far along that ray, confirms it.
//
// At each node the search fixes, for the subtree, every column whose move to its other bound alone
// would take the bound below the best score plus one (reduced-cost fixing). Where the optimum is
// the best score plus one exactly, every better completion lies on the optimal face, only the
// face's options are left, and only running out of options prunes, which a search by options sees
// in far fewer steps than the simplex. So a node whose bound lies within lpFaceGap of the best
// score plus one first runs the aim's cost-ordered search under its own prices and bounds, within a
// budget, all of them together within one budget plus a share of the program's own work. The root's
// face, larger but searched once for all, is searched on from where it last ran out as the
// program's search grows, never spending more than the program's pivots have: where every node's
// optimum is the best score plus one, it settles everything.
//
// Before it branches at the root it raises the best score: under the root optimum's prices, the aim
// looks for a completion scoring one more than the best, again and again; then it dives, as integer
// programming solvers' root heuristics do, fixing at 1 the fractional option the program takes most
// of until the solution is integral or falls below the best score plus one, and restores the
// program after. The dive is skipped where the bound lies within lpDiveGap (16) of the best score
// on a grid of more than lpDiveFilled cells filled: there the tree's first path, which branches
// where the trials say, meets a better score for fewer pivots than the dive spends, when it does
// not spend them in vain, and the dive's pivots are dear on nearly empty grids. Before each
// branching it ranks the fractional
// columns by their penalties (the fall the first dual step each way guarantees), tries every side
// whose penalty alone falls below the best score plus one, then the first few columns both ways for
// a few pivots (lpStrong (5) of lpStrongLimit (10) pivots; at the root lpRootStrong (3) of
// lpRootStrongLimit (15), where 8 columns of 25 pivots spent three fifths of the family's trial
// pivots and chose trees no smaller; fewer, lpDeepStrong (3), from depth lpDeepDepth (3) on, where
// the trials of the fourth and fifth columns cost more than their choice saves on the hardest
// inputs: bench/HISTORY.md): a side that falls below
// fixes the column the other way (the first kind all at once, before one re-solve), two such sides
// settle the node, and otherwise it branches on the column whose two falls have the largest product
// (a column that falls far one way only makes a deep, thin subtree). A column's second side is not
// tried where its first fall times the gap to the cutoff, the most a side that stays above falls,
// cannot beat the best product so far. These trials keep their pivots as etas, leaving the inverse
// alone.
//
// # The root's order of searches
//
// No search dominates. The rows' bound with its probes, and the aim on a nearly empty grid, settle
// most inputs at once; the descent settles most of the rest, those whose linear optimum lies far
// above the answer first of all; the linear program settles the inputs whose descents grow large.
// So the root bounds, aims and hides (from descendFirstGivens givens it hides only after the
// descent, whose searches the hiding does not change), then descends within descentLimit nodes,
// or closeLimit when the tighter bound lies within closeGap of the best score on a grid of more
// than aimGivens cells filled: then only a few scores are left to refute, each close to the
// answer, where the descent runs long and the linear program is stronger. The first descent's last search, the one above
// the best score alone, may run past its budget once, by graceLimit nodes, when Knuth's estimate
// of its tree (the share done, read off the path's top levels) says it needs at most half of them
// more (grace): such a search has nearly finished, and the linear program would spend far more.
// No such estimate tells a descent that will run out in vain early enough to cut it (bench/
// HISTORY.md), save at its first search, the one at the bound's integer alone: read at its
// stallNodes-th node, a share done below stallShare cuts it there (stalled). Such a search that
// runs out in vain has done little by then; one that ends has mostly done more, and where it has
// not, the stride after it most often runs out as well. Either way the probes below then hand the
// linear program a score a point or two under the target, and its root settles most of those
// inputs at once. Below restartGivens givens, a search of the first descent that has met a
// completion is read so at its wadeNodes-th node (1,500), and one that has done less than
// wadeShare (0.05) of its tree is cut there (wading): the stride has met the answer most often,
// and wades in vain through the one or two scores above it, which the linear program refutes
// for less; one that meets a completion at or after its wadeLate-th node (1,000) stops
// wadeRest (500) nodes after it, and one that has met none by its wadeDry-th node (2,000) stops
// there. On a grid of restartGivens (17) givens or more, any search of the first
// descent is read so at its restartNodes-th node (400), and one that has one score left to
// refute and has done less than restartShare (0.4) of its tree starts again on that score under
// multipliers the patterns' steps find afresh with another first step (restartDue, retune): the
// descent's tree swings tenfold with changes of the multipliers that leave its bound the same
// within hundredths, and a search that has done so little by then most often has far to go. That
// happens at most restartTries (2) times, each read at twice the nodes of the last. There, too,
// the first descent stops once at its linearTestNodes-th node (1,800) for the linear program's
// root alone (linearTest): its program, with the options the patterns' bound rules out fixed at
// 0, and the aim under its prices look for a proof that nothing beats the best score, and the
// descent goes on as it was when they find none. A descent that runs that long has most often
// met the answer early and wades through the scores above it, which the program's root often
// refutes for what the descent spends in 600 to 1,700 nodes. A descent
// that leaves the root open with a better score hides more options, so the root bounds and hides
// again. Then the linear program's search runs, which stops as soon as its best score reaches
// one below the lowest score the descent refuted; should it run out of pivots, the descent goes
// on without a budget from the targets left, and the branching under the rows' bound remains
// behind it. A descent cut to closeLimit leaves the targets left to the program's search, root
// and tree: a second descent of 4,000 nodes before the program branched took four of the
// family's hardest inputs of 0 to 5 givens to more work and none to less, and the climbs found
// one input each way (bench/HISTORY.md, descendAgain).
//
// # Map
//
// The phases in the order they run, the function that runs each, and what it establishes:
//
//	phase               function                   establishes
//	read                readInput, read            81 numbers 0..9, or where the input is wrong
//	build               build                      the links, givens chosen; -1: they break a rule
//	dive                dives                      a first score; -1: none, everything searched
//	root: bounds        tighten, patternTighten    no completion scores more than either bound
//	root: aim           aim (rootAim), improve     the best score, found and proved together
//	root: hiding        hideAbove, hideByPatterns  the options hidden cannot beat the best score
//	root: descent       descend (descentBudget)    scores refuted; the first score met is the best
//	  its test          linearTest                 from 17 givens: no completion beats the best score
//	root: program       linearSettle (settle)      no completion beats the best score
//	root: last descent  descend (proofLimit)       as the first descent, without a budget
//	branching           branch, search             each subtree's best, under both bounds
//	write               write                      the answer on the named output
//
// Every search leaves the links as it found them and the best score found in s.best, and one that
// reports a node settled has proved that no completion below it beats that score. The tuning struct
// holds every budget and step size; bench/HISTORY.md records the measurements behind them and
// behind the rules below, by name.
package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/bits"
	"os"
	"runtime/debug"
	"slices"
	"strings"
)

const usage = `usage: solution [-grid] [-stats] [FILE]

Prints the largest score of a target sudoku (NOIP 2009 problem 4) over all
valid completions of its givens, or -1 when the givens break a rule or admit
no completion.

Input: 81 integers 0..9 (0 is a blank) in reading order, separated by any
whitespace (CRLF line ends and trailing spaces are fine).
  FILE      read FILE ("-" for standard input), write the answer to standard
            output
  no FILE   read sudoku.in and write sudoku.out, as in the contest; without a
            sudoku.in, read standard input and write standard output
Output: one line, the score; with -grid, one optimal grid follows, 9 lines of
9 digits separated by spaces.

Flags:
  -grid     also print one optimal grid after the score
  -stats    print search statistics on standard error
  -h, -help print this help and exit

Exit status: 0 answered (-1 included), 1 malformed input, 2 bad command line,
3 input file missing or unreadable, 4 output not written.
`

// Exit statuses, as usage documents them.
const (
	exitMalformed  = 1
	exitUsage      = 2
	exitNoInput    = 3
	exitNoOutput   = 4
	standardStream = "" // an output name meaning standard output
)

// gcLimit is the heap at which the garbage collector first runs. The solver allocates a few MiB
// in all (the whole process peaks near 10 MiB on the hardest inputs), almost all of it live to
// the end: a collection frees little and costs 1 to 2 ms on the inputs that reach one, so the
// collector waits for a heap several times larger than any measured.
const gcLimit = 32 << 20

func main() {
	debug.SetGCPercent(-1) // no collection below gcLimit
	debug.SetMemoryLimit(gcLimit)
	flags := flag.NewFlagSet("solution", flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	showGrid := flags.Bool("grid", false, "")
	showStats := flags.Bool("stats", false, "")
	if err := flags.Parse(os.Args[1:]); errors.Is(err, flag.ErrHelp) {
		fmt.Print(usage)
		return
	} else if err != nil {
		fail(exitUsage, fmt.Errorf("%w (solution -h for help)", err))
	}
	if flags.NArg() > 1 {
		fail(exitUsage, fmt.Errorf("expected at most one FILE, got %d arguments (solution -h for help)", flags.NArg()))
	}

	givens, output, err := readInput(flags.Arg(0)) // read
	if err != nil {
		fail(exitStatus(err), err)
	}
	s := newSolver()
	best, fill := s.maximize(givens)                             // build, dive, the root's searches
	if err := write(output, best, fill, *showGrid); err != nil { // write
		fail(exitNoOutput, err)
	}
	if *showStats {
		s.stats.print(os.Stderr)
	}
}

// fail reports err on standard error and exits with status.
func fail(status int, err error) {
	fmt.Fprintln(os.Stderr, "solution:", err)
	os.Exit(status)
}

// unreadable marks an input that could not be opened or read, as against a malformed one.
type unreadable struct{ error }

func (e unreadable) Unwrap() error { return e.error }

// exitStatus is the exit status for an input that could not be read: unreadable or malformed.
func exitStatus(err error) int {
	if errors.As(err, new(unreadable)) {
		return exitNoInput
	}
	return exitMalformed
}

// ---------------------------------------------------------------------------------------------
// The model and the dancing links.
// ---------------------------------------------------------------------------------------------

const (
	cells   = 81
	items   = 4 * cells // cell items, then (row, digit), (column, digit), (box, digit) items
	options = 9 * cells // one per (cell, digit)
	root    = items     // head of the list of active items
	nodes   = items + 4*options
)

func rowOf(x int) int { return x / 9 }
func colOf(x int) int { return x % 9 }
func boxOf(x int) int { return x/27*3 + x%9/3 }

func weight(x int) int {
	dr, dc := rowOf(x)-4, colOf(x)-4
	return 10 - max(dr, -dr, dc, -dc)
}

// The four items of option (x, d), digits d in 0..8 standing for 1..9.
func cellItem(x int) int      { return x }
func rowItem(x, d int) int    { return cells + rowOf(x)*9 + d }
func colItem(x, d int) int    { return 2*cells + colOf(x)*9 + d }
func boxItem(x, d int) int    { return 3*cells + boxOf(x)*9 + d }
func optionOf(node int) int   { return (node - items) / 4 }
func firstNode(opt int) int   { return items + 4*opt }
func cellOfOption(o int) int  { return o / 9 }
func digitOfOption(o int) int { return o % 9 }
func worth(o int) int         { return weight(cellOfOption(o)) * (digitOfOption(o) + 1) }

// eps is the slack for floating-point bounds over integer scores.
const eps = 1e-6

// links holds the exact-cover matrix. Nodes 0..items-1 head the item lists; option o owns the
// four consecutive nodes firstNode(o)..firstNode(o)+3, one per item, in the order cell, row,
// column, box.
type links struct {
	up, down [nodes]int16     // vertical circular lists; a hidden node keeps its own links
	itm      [nodes]int16     // the item a node belongs to
	len      [items]int       // options alive in the item's list
	prev     [items + 1]int16 // horizontal circular list of active items through root
	next     [items + 1]int16
	active   [items]bool   // in the horizontal list: not yet covered
	out      [options]int8 // removals of the option's nodes in force (hides, covers of its items): 0 when alive
}

// A trail entry records one undoable step, undone in exactly the reverse order.
type step struct {
	kind  int8  // stepChoose or stepHide
	opt   int16 // the option chosen or hidden
	found int16 // for a choice, the item whose list offered it: covered before the choice
}

const (
	stepChoose int8 = iota // the option was chosen: all its items were covered
	stepHide               // the option was hidden: removed from every list it was in
)

// build links every option of every blank, in decreasing order of worth, then chooses the
// givens. It reports false when the givens break a rule.
func (s *solver) build(givens [cells]int) bool {
	s.givenCount = 0
	for _, g := range givens {
		if g != 0 {
			s.givenCount++
		}
	}
	for i := 0; i < items; i++ {
		s.up[i], s.down[i], s.itm[i] = int16(i), int16(i), int16(i)
		s.active[i] = true
	}
	for i := 0; i <= root; i++ {
		s.prev[i], s.next[i] = int16((i+root)%(root+1)), int16((i+1)%(root+1))
	}

	for _, o := range &worthOrder {
		x, d := cellOfOption(o), digitOfOption(o)
		for k, i := range [4]int{cellItem(x), rowItem(x, d), colItem(x, d), boxItem(x, d)} {
			p := firstNode(o) + k
			s.itm[p] = int16(i)
			s.up[p], s.down[p] = s.up[i], int16(i)
			s.down[s.up[i]] = int16(p)
			s.up[i] = int16(p)
			s.cheap.opts[i][s.len[i]] = int16(o) // list order: cheapest first under costs all 0
			s.len[i]++
		}
	}

	for x, g := range givens {
		if g == 0 {
			continue
		}
		o := x*9 + g - 1
		for k := 0; k < 4; k++ {
			if !s.active[s.itm[firstNode(o)+k]] {
				return false // an earlier given already holds this row, column or box digit
			}
		}
		s.cover(s.itm[firstNode(o)])
		s.choose(o, s.itm[firstNode(o)])
	}
	s.trail = s.trail[:0] // givens are never undone
	return true
}

// listRank is each option's place in byWorth's order, which every item's list keeps.
var listRank = func() (rank [options]int16) {
	for k, o := range &worthOrder {
		rank[o] = int16(k)
	}
	return rank
}()

// worthOrder is byWorth's order, made once.
var worthOrder = *byWorth()

// byWorth lists the options in decreasing order of worth, ties by option number: a counting
// sort, since worths are small integers.
func byWorth() *[options]int {
	const most = 10 * 9
	var start [most + 2]int // start[w] counts the options worth more than w
	for o := 0; o < options; o++ {
		start[worth(o)]++
	}
	for w, above := most, 0; w >= 0; w-- {
		above, start[w] = above+start[w], above
	}
	var order [options]int
	for o := 0; o < options; o++ {
		w := worth(o)
		order[start[w]] = o
		start[w]++
	}
	return &order
}

// hideOthers removes the nodes of p's option other than p from their lists.
func (s *solver) hideOthers(p int) {
	s.out[optionOf(p)]++
	o := firstNode(optionOf(p))
	for q := o; q < o+4; q++ {
		if q == p {
			continue
		}
		// unlink(q), written out: the compiler does not inline unlink (its call to lost costs
		// more than its budget), and most calls of unlink were these.
		u, d := s.up[q], s.down[q]
		s.down[u], s.up[d] = d, u
		i := s.itm[q]
		s.len[i]--
		if s.open.on && int(s.open.least[i]) == int(uint(q-items)/4) {
			s.open.lost(s, q)
		}
	}
}

// unhideOthers restores what hideOthers(p) removed, in reverse order.
func (s *solver) unhideOthers(p int) {
	s.out[optionOf(p)]--
	o := firstNode(optionOf(p))
	for q := o + 3; q >= o; q-- {
		if q == p {
			continue
		}
		// relink(q), written out, as hideOthers writes out unlink(q)
		u, d := s.up[q], s.down[q]
		s.down[u], s.up[d] = int16(q), int16(q)
		i := s.itm[q]
		s.len[i]++
		if s.open.on {
			if l := s.open.least[i]; l < 0 || cheaper(&s.reduced, int(uint(q-items)/4), int(l)) {
				s.open.regained(s, q)
			}
		}
	}
}

// unlink removes node q from its item's list. hideOthers writes it out, and relink
// unhideOthers: a change here goes there too.
func (s *solver) unlink(q int) {
	u, d := s.up[q], s.down[q]
	s.down[u], s.up[d] = d, u
	i := s.itm[q]
	s.len[i]--
	// lost's test, here: a node unlinked is seldom its item's least, and the call is saved.
	// q >= items: an unsigned division, a shift, is optionOf(q).
	if s.open.on && int(s.open.least[i]) == int(uint(q-items)/4) {
		s.open.lost(s, q)
	}
}

func (s *solver) relink(q int) {
	u, d := s.up[q], s.down[q]
	s.down[u], s.up[d] = int16(q), int16(q)
	i := s.itm[q]
	s.len[i]++
	if s.open.on { // regained's test, here, as in unlink
		if l := s.open.least[i]; l < 0 || cheaper(&s.reduced, int(uint(q-items)/4), int(l)) {
			s.open.regained(s, q)
		}
	}
}

// cover removes item i from the active list and every option of its list from the other lists.
func (s *solver) cover(i int16) {
	for p := int(s.down[i]); p != int(i); p = int(s.down[p]) {
		s.hideOthers(p)
	}
	l, r := s.prev[i], s.next[i]
	s.next[l], s.prev[r] = r, l
	s.active[i] = false
	if s.open.on {
		s.open.add(s, i, -1)
	}
}

// uncover must follow the cover of the same item, with everything between undone.
func (s *solver) uncover(i int16) {
	l, r := s.prev[i], s.next[i]
	s.next[l], s.prev[r] = i, i
	s.active[i] = true
	if s.open.on {
		s.open.add(s, i, 1)
	}
	for p := int(s.up[i]); p != int(i); p = int(s.up[p]) {
		s.unhideOthers(p)
	}
}

// choose takes option o once the item it was found in is covered: it covers o's other items.
func (s *solver) choose(o int, found int16) {
	p := firstNode(o)
	for q := p; q < p+4; q++ {
		if i := s.itm[q]; s.active[i] {
			s.cover(i)
		}
	}
	x := cellOfOption(o)
	s.fill[x] = digitOfOption(o) + 1
	s.value += worth(o)
	s.trail = append(s.trail, step{stepChoose, int16(o), found})
}

// unchoose undoes choose(o); the item o was found in stays covered.
func (s *solver) unchoose(o int, found int16) {
	p := firstNode(o)
	for q := p + 3; q >= p; q-- {
		if i := s.itm[q]; i != found {
			s.uncover(i)
		}
	}
	s.fill[cellOfOption(o)] = 0
	s.value -= worth(o)
}

// hide removes an alive option from all four of its lists.
func (s *solver) hide(o int) {
	s.out[o]++ // before the unlinks, which ask which options are alive
	p := firstNode(o)
	for q := p; q < p+4; q++ {
		s.unlink(q)
	}
	s.trail = append(s.trail, step{stepHide, int16(o), 0})
}

// undoTo pops the trail back to the given length, forced choices and hidden options alike.
func (s *solver) undoTo(mark int) {
	for len(s.trail) > mark {
		st := s.trail[len(s.trail)-1]
		s.trail = s.trail[:len(s.trail)-1]
		o := int(st.opt)
		p := firstNode(o)
		if st.kind == stepHide {
			s.out[o]--
			for q := p + 3; q >= p; q-- {
				s.relink(q)
			}
			continue
		}
		s.unchoose(o, st.found)
		s.uncover(st.found)
	}
}

// ---------------------------------------------------------------------------------------------
// The exact search: the solver, its tuning, the dive and the branching.
// ---------------------------------------------------------------------------------------------

// solver is the whole state of one search: the links, the choices made, the best completion
// found, and the bound of the node being explored.
type solver struct {
	links
	value int        // worth of the options chosen so far, givens included
	fill  [cells]int // the digit chosen in each cell, 0 where none is yet
	trail []step     // chosen and hidden options, in order

	diveRandom bool   // the dive tries each item's options from one drawn at random: see dives
	diveDraws  uint64 // the state of the dives' draws

	best     int        // best score found, or math.MinInt when none yet
	bestFill [cells]int // the grid that scores best

	rows     [9]rowProblem  // the relaxed problem of the node being bounded
	priced   []int16        // the open priced items of the node being bounded, in order
	entryBuf [options]entry // storage for the rows' entries
	lambda   [items]float64 // multipliers of priced items; invariant: 0 for other items
	reduced  costs          // per alive option: a completion scores bound minus its options' sum
	stamps   int            // the last stamp given to a set of reduced costs
	cheap    cheapOrder     // each item's options cheapest first, under reduced
	open     openCost       // the open items' cheapest options, kept up to date in improve
	hiding   hideLevels     // where improve's hiding stopped at each level of its search
	bound    float64        // the last node bound: no completion below the node scores more
	conflict [items]int8    // how often the best relaxed solution takes each priced item

	// The working storage of tighten, kept here rather than on the stack, which the recursive
	// searches would otherwise have to grow and copy.
	bestLambda [items]float64 // the multipliers of the best bound so far
	dir        [items]float64 // the last step's direction, for deflection
	used       [items]int8    // how often the relaxed solution takes each priced item
	pick       [cells]int     // the relaxed solution's digit in each open cell

	pat      patterns      // the digit-pattern bound
	proof    proofState    // the search by patterns
	lp       linearProgram // the exact linear program of the node being settled
	lpSaved  lpSaved       // the program before strongBranch's trials, or before linearDive
	lpFixes  []int         // the columns strongBranch fixes, as it returns them
	lpNodes  []lpSaved     // per depth, the node's program before its first child
	faced    int           // nodes faceSettles spent in this linear search; at most its share
	rootFace rootFace      // the root's face, searched again as the linear program's search grows
	cursor   *faceCursor   // where a search of the root's face resumes; nil in every other search

	refuted    int  // no completion scores this or more: the root's descent refuted it (math.MaxInt before)
	givenCount int  // the cells the input fills, counted by build
	graceLeft  bool // the root's first descent may still run past its budget, once: see grace
	testAt     int  // proofNodes at which linearTest runs; 0 when it does not
	testDone   bool // linearTest settled the root: the descent stops
	// The patterns' bound under the multipliers of the descent's current search, from startDescent.
	descentBound float64

	tuning tuning // the searches' budgets and steps
	stats  stats
}

// tuning holds the budgets and step sizes of the searches. Measurement chose them (bench/HISTORY.md
// says how); no proof rests on them: with any positive values the answer is the same, only the
// work changes. A solver takes defaultTuning's; a test may set its own on a solver before the
// search, to reach a path the defaults seldom take.
type tuning struct {
	// The rows' bound: tighten's subgradient steps, and the probes it makes.
	coldStep    float64 // first step size, as a fraction of Polyak's, from zero multipliers
	warmStep    float64 // first step size from multipliers tuned at the parent node
	deflect     float64 // weight of the last direction against zigzags
	stallRounds int     // steps without a better bound before the step size halves (the patterns' too)
	leastStep   float64 // the step size at which the patterns' steps stop
	// The step size at which the rows' steps stop on a grid of at least rowsLeastGivens givens,
	// far above the patterns': there their last small steps lower the bound by hundredths and
	// cost more than the searches they save. On emptier grids they stop at leastStep, as the
	// linear program starts from their prices, and moves by factors either way without them.
	rowsLeastStep   float64
	rowsLeastGivens int
	rootRounds      int // subgradient steps allowed at the root
	nodeRounds      int // subgradient steps allowed at any other branching node
	probeLimit      int // search nodes one probe of tighten may spend (bench/HISTORY.md, probeLimit)
	// The rows' steps at the root on a grid of at least rowsRootGivens givens, in place of
	// rootRounds: see rootRowRounds.
	rowsRootRounds int
	rowsRootGivens int
	// On a grid of at least descendFirstGivens givens the root's first descent comes before
	// any hiding: see descendsFirst.
	descendFirstGivens int

	// The exact search's first steps.
	diveLimit    int // nodes the unbounded dives may spend looking for a score, in all
	diveFirst    int // and the first of them
	diveRestart  int // each dive after it: the nodes of one completion plus this many, by Luby's sequence
	rootAimLimit int // search nodes aim may spend at the root: see rootAim
	aimGivens    int // and only with at most this many givens

	// The patterns' bound and the descent by patterns.
	patternStep       float64 // first step size of the pattern bound's steps (tune's too)
	rootPatternRounds int     // subgradient steps of the pattern bound at the root
	nodePatternRounds int     // and at any other branching node
	proofLimit        int     // nodes descend may spend before the search branches as before
	descentLimit      int     // nodes the root's first descent may spend: see descentBudget
	closeLimit        int     // and when the root's bound lies within closeGap of the best score
	closeGap          float64 // the root's bound this close over the best score: the descent is short
	descentProbes     int     // the probes below a target whose search ran out
	descentProbeLimit int     // and the nodes each may spend
	tuneLevels        int     // the levels of descend's search that tune their multipliers
	tuneRounds        int     // and the subgradient steps each takes
	strideGrowth      int     // how much each of descend's strides of targets grows
	wideStride        int     // the scores descend's first stride spans on a grid of at least
	wideGivens        int     // this many givens (one elsewhere): see firstStride
	wideFewStride     int     // and on a grid of at least
	wideFewGivens     int     // this many givens
	wideFewBelow      int     // and fewer than this many
	digitBranch       int     // place branches over a digit's patterns when it has this few
	digitFirst        int     // 1: and looks for such a digit before it bounds any cell's children: see chooseBranch
	graceLimit        int     // nodes the root's first descent's last search may run past its budget, once: see grace
	graceLevels       int     // the top levels of the descent's search whose children grace's estimate counts
	// At the first branchWideLevels levels of a descent on a grid of branchWideGivens to
	// branchWideBelow-1 givens, branchCell bounds the children of the cells up to branchWiden
	// digits more cross than the fewest too: see branchWidth.
	branchWiden      int
	branchWideLevels int
	branchWideGivens int
	branchWideBelow  int
	// The root's first descent's first search is cut at its stallNodes-th node when less than
	// stallShare of its tree is done: see stalled.
	stallNodes int
	stallShare float64
	// A search of the root's first descent on a grid of fewer than restartGivens givens that has
	// met a completion and done less than wadeShare of its tree at its wadeNodes-th node is cut
	// there, one that meets a completion at or after its wadeLate-th node is cut wadeRest nodes
	// after it, and one that has met none by its wadeDry-th node is cut there: see wading.
	wadeNodes int
	wadeShare float64
	wadeLate  int
	wadeRest  int
	wadeDry   int
	// A search of the root's first descent on a grid of at least restartGivens givens that has
	// done less than restartShare of its tree at its restartNodes-th node, one score left for it
	// to refute, starts again under new multipliers, up to restartTries times, the nodes doubling
	// each time: see restartDue.
	restartNodes  int
	restartShare  float64
	restartTries  int
	restartGivens int
	// At the linearTestNodes-th node of the root's first descent on a grid of at least
	// restartGivens givens and fewer than linearTestBelow, the linear program's root alone tries
	// to settle the root: see linearTest.
	linearTestNodes, linearTestBelow int

	// The linear program's search.
	lpRefactor        int     // pivots between two inversions of the basis from scratch
	lpStrong          int     // fractional columns tried both ways before a branching
	lpStrongLimit     int     // pivots each such trial may spend
	lpRootStrong      int     // at the root, the columns tried both ways: see strongBranch
	lpRootStrongLimit int     // and the pivots each such trial may spend there
	lpDeepStrong      int     // from depth lpDeepDepth on, fewer columns tried both ways: see strongBranch
	lpDeepDepth       int     // the depth from which lpDeepStrong holds
	lpSecondSide      int     // 1: a trial's second side only where its fall could still win (tryBothWays)
	lpFixAll          int     // 1: every column whose side surely falls is fixed at once (trySurelyFalling)
	lpLimit           int     // pivots the whole search may spend before descend takes over
	lpSavedDepth      int     // levels that save their program for the second child (half a MiB each)
	lpImproveStep     int     // nodes each search of improveByPrices may spend
	lpImproveBudget   int     // and all of them
	lpDiveLimit       int     // pivots linearDive may spend
	lpDiveGap         float64 // and only where the bound lies this far over the best score
	lpDiveFilled      int     // or the grid has at most this many cells filled (0: only the empty grid): see diveMayPay
	lpFaceGap         float64 // faceSettles searches nodes whose bound is this close to the cutoff
	lpFaceBudget      int     // nodes each of its searches may spend
	lpFaceShare       float64 // and all of them, beyond one budget: this share of the pivots' work
	lpFaceLeast       int     // a search with less left is not started
	lpRootFaceRatio   int     // rootFaceSettles's search may spend this many times the pivots' work
	lpRootFaceAhead   float64 // and is dropped when it needs more than this many times that again: see rootFaceHopeless
}

// defaultTuning is the tuning every solver starts with.
func defaultTuning() tuning {
	return tuning{
		coldStep:    1.0,
		warmStep:    0.1,
		deflect:     1.0,
		stallRounds: 3,
		leastStep:   1e-3,
		// The rows' steps stop early on grids of many givens (bench/HISTORY.md, rowsLeastStep).
		rowsLeastStep:   0.5,
		rowsLeastGivens: 10,
		rootRounds:      400,
		rowsRootRounds:  1,  // bench/HISTORY.md, rowsRootRounds
		rowsRootGivens:  17, // bench/HISTORY.md, rowsRootGivens
		nodeRounds:      30,
		probeLimit:      100,
		// The first descent before any hiding (bench/HISTORY.md, descendFirstGivens).
		descendFirstGivens: 10,

		diveLimit:    100000,
		diveFirst:    1000,
		diveRestart:  100,
		rootAimLimit: 1500, // bench/HISTORY.md, rootAimLimit
		aimGivens:    5,

		patternStep:       1.0,
		rootPatternRounds: 300,
		nodePatternRounds: 8,
		proofLimit:        1000000,
		descentLimit:      3000,
		closeLimit:        300,
		closeGap:          8,
		descentProbes:     2,
		descentProbeLimit: 150, // bench/HISTORY.md, descentProbeLimit
		tuneLevels:        0,
		tuneRounds:        7,
		strideGrowth:      3,
		// From 24 givens the first stride spans four scores (bench/HISTORY.md, wideStride).
		wideStride: 4,
		wideGivens: 24,
		// And three from 6 to 16 givens (bench/HISTORY.md, wideFewGivens).
		wideFewStride: 3,
		wideFewGivens: 6,
		wideFewBelow:  17,
		digitBranch:   2,
		digitFirst:    1, // bench/HISTORY.md, digitFirst
		graceLimit:    6000,
		graceLevels:   6,
		// Wider branching choices from 17 to 23 givens (bench/HISTORY.md, branchWiden).
		branchWiden:      1,
		branchWideLevels: 12,
		branchWideGivens: 17,
		branchWideBelow:  24,
		// The first search's early cut (bench/HISTORY.md, stallNodes).
		stallNodes: 400,
		stallShare: 0.3,
		// The cut of a search wading above its completion (bench/HISTORY.md, wadeNodes).
		wadeNodes: 1500,
		wadeShare: 0.05,
		wadeLate:  1000,
		wadeRest:  500,
		wadeDry:   2000,
		// Restarts under new multipliers (bench/HISTORY.md, restartNodes).
		restartNodes:  400,
		restartShare:  0.4,
		restartTries:  2,
		restartGivens: 17,
		// The program's root tried once the descent has run long (bench/HISTORY.md, linearTestNodes).
		linearTestNodes: 1800,
		linearTestBelow: 24, // bench/HISTORY.md, linearTestBelow

		lpRefactor:        300,
		lpStrong:          5,
		lpStrongLimit:     10,
		lpRootStrong:      3, // bench/HISTORY.md, lpRootStrong
		lpRootStrongLimit: 15,
		lpDeepStrong:      3, // bench/HISTORY.md, lpDeepStrong
		lpDeepDepth:       3,
		lpSecondSide:      1,
		lpFixAll:          1,
		lpLimit:           150000,
		lpSavedDepth:      24,
		lpImproveStep:     200,
		lpImproveBudget:   2000,
		lpDiveLimit:       400,
		lpDiveGap:         16, // bench/HISTORY.md, lpDiveGap
		lpDiveFilled:      0,
		lpFaceGap:         0.5,
		lpFaceBudget:      500,
		lpFaceShare:       0.25,
		lpFaceLeast:       50,
		lpRootFaceRatio:   1,
		lpRootFaceAhead:   3, // bench/HISTORY.md, lpRootFaceAhead
	}
}

// newSolver returns a solver with the default tuning.
func newSolver() *solver {
	s := new(solver)
	s.tuning = defaultTuning()
	return s
}

// stats counts the work of a search, for -stats.
type stats struct {
	dived, nodes, branches, rounds, patternRounds, proofNodes, cellBranches, tuneRounds, hidden, pruned, aimed, probes, lpNodes, lpPivots, lpTrialPivots, lpFlips, faces, facesSettled int

	// The nodes whose cells' children branchCell bounded: not printed, and not in work.
	cellBounds int
}

// work weighs the counts by their cost, roughly in aim nodes: a measure of the time spent that
// does not depend on the machine's load. Each weight is the measured time of one step of its
// kind against an aim node's (bench/HISTORY.md, stats.work); a trial's pivot, kept as an eta,
// costs half of one that updates the basis inverse; a dive's node, which only seeks the item with
// the fewest options, a fifth of an aim node.
func (st stats) work() int {
	return st.dived/5 + st.aimed + 5*st.rounds + 4*st.patternRounds + 20*st.nodes + 3*st.proofNodes + 4*st.tuneRounds +
		14*(st.lpPivots-st.lpTrialPivots) + 7*st.lpTrialPivots
}

func (st stats) print(w io.Writer) {
	fmt.Fprintf(w, "work %d, dive nodes %d, search nodes %d, branch nodes %d, subgradient rounds %d, pattern rounds %d, pattern search nodes %d (%d cell branchings, %d subgradient rounds), probes %d, aim nodes %d (probes included), options hidden by reduced cost %d, subtrees pruned %d, linear nodes %d (%d pivots, %d in trials, %d bound flips), face searches %d (%d settled)\n",
		st.work(), st.dived, st.nodes, st.branches, st.rounds, st.patternRounds, st.proofNodes, st.cellBranches, st.tuneRounds, st.probes, st.aimed, st.hidden, st.pruned, st.lpNodes, st.lpPivots, st.lpTrialPivots, st.lpFlips, st.faces, st.facesSettled)
}

// maximize runs the phases after reading: build the links, dive for a first score, then the
// root's order of searches (searchRoot). It returns the best score over the completions of
// givens and a grid that scores it, or -1 and the givens when there is none.
func (s *solver) maximize(givens [cells]int) (int, [cells]int) {
	s.best, s.refuted, s.graceLeft = math.MinInt, math.MaxInt, false
	s.testAt, s.testDone = 0, false
	if !s.build(givens) {
		return -1, givens
	}
	if found, exhausted := s.dives(); !found && exhausted {
		return -1, givens // a dive searched everything: nothing completes the givens
	}
	s.searchRoot()
	if s.best == math.MinInt {
		return -1, givens
	}
	return s.best, s.bestFill
}

// dives looks for a first completion without any bound, so that the bounded search starts with
// a score to beat, within diveLimit nodes in all. The first dive takes options in decreasing
// worth, within diveFirst nodes; the dives after it restart with a budget of the nodes one
// completion takes plus diveRestart times the next term of Luby's sequence (1, 1, 2, 1, 1, 2, 4,
// ...), which at one node in four, drawn at random, try the second best option first (and the
// rest on round the list): the first completions stay good ones. They also branch on an item
// drawn at random among those with the fewest options (fewestDrawn), where the first dive takes
// the first of them: restarts that only change the order of the options fall into the same
// dead ends, and on a climbed grid of 24 givens took 22,821 nodes where drawing the item too took
// 1,067 (bench/HISTORY.md, fewestDrawn). A search
// without bound for a completion of a grid this empty has a heavy tail: an early choice that
// admits no completion can hold it for a million nodes, where another choice completes at once,
// and restarting is what bounds the tail (the first dive alone, capped at 100,000 nodes, spent
// them all on some inputs of 10 givens, a completion lying 80 nodes away after one restart). The
// draws are fixed (the seed below), so the search is the same on every run. It reports whether a
// dive found a completion, and whether one searched everything without finding one: then
// nothing completes the givens.
func (s *solver) dives() (found, exhausted bool) {
	left := s.tuning.diveLimit
	one := s.blanks() + 1 // the nodes a dive that meets no dead end takes
	s.diveDraws = diveSeed
	for k := 0; left > 0; k++ {
		budget := min(s.tuning.diveFirst, left)
		if k > 0 {
			budget = min(one+s.tuning.diveRestart*luby(k), left)
		}
		left -= budget
		s.diveRandom = k > 0
		found := s.dive(&budget)
		s.diveRandom = false
		if found || budget >= 0 {
			return found, !found
		}
	}
	return false, false
}

// diveSeed seeds the draws of the dives after the first (xorshift64).
const diveSeed = 0x9e3779b97f4a7c15

// luby returns the k-th term of Luby's sequence, from k = 1: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ...
func luby(k int) int {
	for size := 1; ; size = 2*size + 1 {
		if size == k {
			return (size + 1) / 2
		}
		if size > k {
			return luby(k - (size-1)/2)
		}
	}
}

// blanks returns the cells left to fill.
func (s *solver) blanks() int {
	n := 0
	for x := range cells {
		if s.active[x] {
			n++
		}
	}
	return n
}

// dive searches for a completion without any bound, within budget nodes, taking the item with
// the fewest options and its options in decreasing worth; in a restarted dive (diveRandom), the
// item is drawn among those with the fewest, and its options go on round the list from the second
// best at one node in four, drawn at random. It reports whether it found one; when it did not
// and budget is left, it has searched everything.
func (s *solver) dive(budget *int) bool {
	s.stats.dived++
	if *budget--; *budget < 0 {
		return false
	}
	var i int16
	if s.diveRandom {
		i = s.fewestDrawn()
	} else {
		i = s.fewest()
	}
	if i == root {
		s.record(nil)
		return true
	}
	s.cover(i)
	defer s.uncover(i)
	p := int(s.down[i])
	if s.diveRandom && s.len[i] > 1 && s.draw()%4 == 0 {
		p = int(s.down[p]) // one node in four: the second best first
	}
	for n := s.len[i]; n > 0; n-- {
		o := optionOf(p)
		mark := len(s.trail)
		s.choose(o, i)
		found := s.dive(budget)
		s.trail = s.trail[:mark]
		s.unchoose(o, i)
		if found || *budget < 0 {
			return found
		}
		if p = int(s.down[p]); p == int(i) {
			p = int(s.down[i])
		}
	}
	return false
}

// draw returns the next of the dives' draws (xorshift64).
func (s *solver) draw() uint64 {
	x := s.diveDraws
	x ^= x << 13
	x ^= x >> 7
	x ^= x << 17
	s.diveDraws = x
	return x
}

// fewest returns the active item with the fewest alive options, or root when none is left.
func (s *solver) fewest() int16 {
	best, bestLen := int16(root), math.MaxInt
	for i := s.next[root]; i != root; i = s.next[i] {
		if s.len[i] < bestLen {
			best, bestLen = i, s.len[i]
			if bestLen <= 1 {
				break
			}
		}
	}
	return best
}

// fewestDrawn returns, like fewest, an item with the fewest options, or root when none is left:
// the first with at most one, else one drawn at random among those with the fewest, each as
// likely (reservoir sampling: the k-th of them replaces the one held with chance 1/k).
func (s *solver) fewestDrawn() int16 {
	best, bestLen, ties := int16(root), math.MaxInt, uint64(0)
	for i := s.next[root]; i != root; i = s.next[i] {
		switch {
		case s.len[i] < bestLen:
			best, bestLen, ties = i, s.len[i], 1
			if bestLen <= 1 {
				return best
			}
		case s.len[i] == bestLen:
			if ties++; s.draw()%ties == 0 {
				best = i
			}
		}
	}
	return best
}

// search explores the subtree below the current choices, at a node other than the root (the
// root's search is searchRoot): it takes every item left with one option, bounds the node,
// hides the options that cannot beat the best score and, when all that leaves the subtree
// open, branches.
func (s *solver) search() {
	s.stats.nodes++
	mark := len(s.trail)
	defer s.undoTo(mark)
	for {
		i, open := s.takeForced()
		if !open || !s.bounds(s.tuning.nodeRounds, s.tuning.nodePatternRounds, false) {
			return
		}
		if !s.hideHopeless() { // nothing hidden: the item counts are settled, branch now
			s.branch(s.branchItem(i))
			return
		}
	}
}

// takeForced takes every item left with one option. It returns the open item with the fewest
// options, and false when that settles the node: no item is left (the completion is recorded)
// or one has no option.
func (s *solver) takeForced() (int16, bool) {
	for {
		i := s.fewest()
		switch {
		case i == root:
			s.record(nil)
			return i, false
		case s.len[i] == 0:
			return i, false
		case s.len[i] != 1:
			return i, true
		}
		s.cover(i)
		s.choose(optionOf(int(s.down[i])), i)
	}
}

// bounds tightens both bounds at the node, the rows' in rounds steps (probing each new integer
// level with probe) and the patterns' in patternRounds, and reports false when either prunes
// the node.
func (s *solver) bounds(rounds, patternRounds int, probe bool) bool {
	if !s.tighten(rounds, probe) || !s.patternTighten(patternRounds) {
		s.stats.pruned++
		return false
	}
	return true
}

// hideHopeless hides the options that cannot beat the best score, by their reduced costs under
// the rows' bound and by the patterns' bound forcing them, and reports whether it hid any.
func (s *solver) hideHopeless() bool {
	hid := s.best != math.MinInt && s.hideAbove(s.bound-float64(s.best)-1)
	return s.hideByPatterns() || hid
}

// branchItem returns the item to branch on: the priced item the best relaxed solution breaks
// (conflicted), or i, the open item with the fewest options, when it breaks none.
func (s *solver) branchItem(i int16) int16 {
	if c := s.conflicted(); c != root {
		return c
	}
	return i
}

// conflicted returns the priced item with the fewest options among those the best relaxed
// solution does not take exactly once. Branching there forces the relaxation to change where
// it breaks a rule, which lowers the bound far sooner than branching where it is already happy
// (that can go on for many levels when the linear optimum lies strictly above the integer one).
func (s *solver) conflicted() int16 {
	best, bestLen := int16(root), math.MaxInt
	for i := s.next[root]; i != root; i = s.next[i] {
		if i >= 2*cells && s.conflict[i] != 1 && s.len[i] < bestLen {
			best, bestLen = i, s.len[i]
		}
	}
	return best
}

// branch searches below each option of item i, best bound first. It is apart from search so
// that only a branching node's stack frame holds a copy of the multipliers, not the frame under
// aim's deep recursion: the stack grows less.
func (s *solver) branch(i int16) {
	s.stats.branches++
	var opts [9]int
	n := s.cheapestFirst(i, &opts)
	var bounds [9]float64 // bounds[k] holds for every completion through opts[k]
	for k, o := range opts[:n] {
		bounds[k] = s.bound - s.reduced.of[o] // saved now: the children overwrite reduced costs
	}
	lambda, pi := s.lambda, s.pat.pi
	s.cover(i)
	for k, o := range opts[:n] {
		if bounds[k] < float64(s.best)+1-eps {
			break
		}
		s.lambda, s.pat.pi = lambda, pi // every child starts from this node's multipliers
		mark := len(s.trail)
		s.choose(o, i)
		s.search()
		s.trail = s.trail[:mark]
		s.unchoose(o, i)
	}
	s.uncover(i)
	s.lambda, s.pat.pi = lambda, pi
}

// record keeps a full completion made of the chosen options and, for the uncovered cells, the
// digits in pick (nil when no cell is uncovered).
func (s *solver) record(pick *[cells]int) {
	score := s.value
	fill := s.fill
	for x := 0; x < cells; x++ {
		if s.active[x] {
			fill[x] = pick[x] + 1
			score += weight(x) * fill[x]
		}
	}
	if score > s.best {
		s.best, s.bestFill = score, fill
	}
}

// ---------------------------------------------------------------------------------------------
// The rows' bound and the aim.
// ---------------------------------------------------------------------------------------------

// assignment is one row's relaxed problem as a matrix, minimizing negated worths by the
// Hungarian method. Cells and digits are the row's uncovered ones, numbered from 1; n is at most 9.
type assignment struct {
	n      int
	cost   [10][10]float64 // +Inf where no alive option joins the cell and digit
	u, v   [10]float64     // duals: u[i]+v[j] <= cost[i][j], with equality on the matching
	match  [10]int         // match[j] is the cell assigned digit j; match[0] is scratch
	solved bool            // u and match solve this pattern of costs: solve starts from them
}

// solve returns the minimum cost, or false when every matching takes a barred pair. Once solved,
// it starts from the last duals u and matching (warmStart); each row left free is then inserted
// by a shortest augmenting path (augment). It works on u, v and match in place: after a failure
// they are left half made, and the next solve must follow new costs with solved unset, as
// prepare leaves them.
func (a *assignment) solve() (float64, bool) {
	n := a.n
	var free [10]int
	nfree := 0
	if a.solved {
		var ok bool
		if nfree, ok = a.warmStart(&free); !ok {
			return 0, false
		}
	} else {
		a.u, a.v, a.match = [10]float64{}, [10]float64{}, [10]int{}
		for i := 1; i <= n; i++ {
			free[nfree] = i
			nfree++
		}
	}
	for _, i := range free[:nfree] {
		if !a.augment(i, &a.u, &a.v, &a.match) {
			return 0, false // Hall's condition fails: no alive matching covers row i
		}
	}
	a.solved = true
	total := 0.0
	for j := 1; j <= n; j++ {
		total += a.cost[a.match[j]][j]
	}
	return total, true
}

// warmStart keeps u and match from the last solve and sets v to each column's minimum against
// them, which keeps the duals feasible; the matched pairs still tight stay matched, and it lists
// in free the rows left to insert, which after a small step of the multipliers are few. It
// returns how many, and false when some digit has no alive option left.
func (a *assignment) warmStart(free *[10]int) (int, bool) {
	inf := math.Inf(1)
	n := a.n
	u, v, match := &a.u, &a.v, &a.match
	var matched [10]bool
	for j := 1; j <= n; j++ {
		least := inf
		for i := 1; i <= n; i++ {
			least = min(least, a.cost[i][j]-u[i])
		}
		if least == inf {
			return 0, false // no alive option offers digit j
		}
		v[j] = least
		if i := match[j]; a.cost[i][j]-u[i] == least {
			matched[i] = true
		} else {
			match[j] = 0
		}
	}
	nfree := 0
	for i := 1; i <= n; i++ {
		if !matched[i] {
			free[nfree] = i
			nfree++
		}
	}
	return nfree, true
}

// augment inserts row i into the matching by a shortest augmenting path under the reduced costs
// (the Hungarian method's step), keeping the duals feasible and the matched pairs tight. It
// reports false when no path exists.
func (a *assignment) augment(i int, u, v *[10]float64, match *[10]int) bool {
	n := a.n
	var way [10]int        // the first step's: column 0
	var minv [10]float64   // set for every column by the first step
	var open, path [10]int // the columns not yet on the path, in order, and those on it, column 0 first
	nopen, npath := 0, 1
	match[0] = i
	// The first step, from column 0 (row i): every column's cost is its least so far.
	row, ui := &a.cost[i], u[i]
	delta, j1 := math.Inf(1), 0
	for j := 1; j <= n; j++ {
		c := row[j] - ui - v[j]
		minv[j] = c
		if c < delta {
			delta, j1 = c, j
		}
		open[nopen] = j
		nopen++
	}
	for {
		if math.IsInf(delta, 1) {
			return false
		}
		last := match[j1] == 0 // the path ends there: minv is read no more
		for _, j := range path[:npath] {
			u[match[j]] += delta
			v[j] -= delta
		}
		if last {
			break
		}
		at := 0 // j1 leaves the open columns, which stay in order
		for _, j := range open[:nopen] {
			minv[j] -= delta
			if j != j1 {
				open[at] = j
				at++
			}
		}
		nopen = at
		path[npath] = j1
		npath++
		// The next step, from column j1 (its row).
		j0 := j1
		row, ui = &a.cost[match[j0]], u[match[j0]]
		delta, j1 = math.Inf(1), 0
		for _, j := range open[:nopen] {
			if c := row[j] - ui - v[j]; c < minv[j] {
				minv[j], way[j] = c, j0
			}
			if minv[j] < delta {
				delta, j1 = minv[j], j
			}
		}
	}
	for j0 := j1; j0 != 0; {
		j := way[j0]
		match[j0] = match[j]
		j0 = j
	}
	return true
}

// rowProblem is one row's relaxed problem at a node: its open cells against its missing digits,
// joined by the alive options. It stays fixed through the rounds of one bound; only the costs
// of its alive pairs change.
type rowProblem struct {
	assignment
	cell         [9]int      // the cell of assignment row i is cell[i-1]
	digit        [9]int      // the digit of assignment column j is digit[j-1]
	entries      []entry     // the row's alive options, a window of solver.entryBuf
	bestU, bestV [10]float64 // the duals of the round that gave the best bound
}

// entry places one alive option in its row's cost matrix. It is kept small: a fresh process
// pays for every page of memory it touches.
type entry struct {
	worth    float64
	opt      int16
	col, box int16 // its priced items
	i, j     uint8 // 1-based assignment row (cell) and column (digit)
}

// prepare lists each row's open cells, missing digits and alive options for relax, and bars
// the other pairs.
func (s *solver) prepare() {
	k := 0
	for r := range s.rows {
		rp := &s.rows[r]
		var column [9]int // assignment column of each missing digit, by digit
		m := 0
		for d := 0; d < 9; d++ {
			if s.active[cells+r*9+d] {
				rp.digit[m] = d
				m++
				column[d] = m
			}
		}
		rp.n, rp.solved = 0, false
		start := k
		for x := r * 9; x < r*9+9; x++ {
			if !s.active[x] {
				continue
			}
			rp.cell[rp.n] = x
			rp.n++
			for p := int(s.down[x]); p != x; p = int(s.down[p]) {
				o := optionOf(p)
				d := digitOfOption(o)
				s.entryBuf[k] = entry{float64(worth(o)), int16(o), int16(colItem(x, d)), int16(boxItem(x, d)), uint8(rp.n), uint8(column[d])}
				k++
			}
		}
		rp.entries = s.entryBuf[start:k]
		for i := 1; i <= rp.n; i++ {
			for j := 1; j <= rp.n; j++ {
				rp.cost[i][j] = math.Inf(1)
			}
		}
	}
	s.priced = s.priced[:0]
	for i := 2 * cells; i < items; i++ {
		if s.active[i] {
			s.priced = append(s.priced, int16(i))
		}
	}
}

// relax evaluates the Lagrangian bound for the current multipliers over the prepared rows. It
// sets, in used, how often the relaxed solution takes each priced item and, in pick, its digit
// for each open cell. It returns false when some row cannot be completed at all.
func (s *solver) relax(used *[items]int8, pick *[cells]int) (float64, bool) {
	total := float64(s.value)
	for r := range s.rows {
		rp := &s.rows[r]
		if rp.n == 0 {
			continue
		}
		for _, e := range rp.entries {
			rp.cost[e.i][e.j] = s.lambda[e.col] + s.lambda[e.box] - e.worth
		}
		least, ok := rp.solve()
		if !ok {
			return 0, false
		}
		total -= least
		for j := 1; j <= rp.n; j++ {
			x, d := rp.cell[rp.match[j]-1], rp.digit[j-1]
			pick[x] = d
			used[colItem(x, d)]++
			used[boxItem(x, d)]++
		}
	}
	for _, i := range s.priced {
		total += s.lambda[i]
	}
	return total, true
}

// tighten runs subgradient steps on the multipliers, keeping the best bound found, and leaves
// the multipliers and reduced costs that go with it. It returns false when the node is
// infeasible or cannot beat the best score; when the relaxed solution happens to be a full
// completion it records it. With probe set, each time the bound reaches a new integer it
// tries to meet that score at once (probeLevel).
func (s *solver) tighten(rounds int, probe bool) bool {
	tn := &s.tuning
	s.prepare()
	bestBound := math.Inf(1)
	theta, stall := tn.coldStep, 0
	if s.stats.rounds > 0 {
		theta = tn.warmStep // the multipliers come tuned from the parent node: small steps keep them
	}
	s.dir = [items]float64{}
	lastTop, prevBound := math.Inf(1), math.Inf(1)
	least := tn.leastStep
	if s.givenCount >= tn.rowsLeastGivens {
		least = tn.rowsLeastStep
	}
	for k := 0; k < rounds; k++ {
		s.stats.rounds++
		s.used = [items]int8{}
		bound, ok := s.relax(&s.used, &s.pick)
		if !ok {
			return false
		}
		if bound < bestBound-eps {
			bestBound = bound
			s.keepBestRound()
			if top := math.Floor(bestBound + eps); top < lastTop {
				// A new integer level: when the bound creeps rather than falls, it is
				// likely the best score itself.
				if probe && prevBound-bestBound < 1 && top > float64(s.best) && s.probeLevel(bestBound, top) {
					s.bound = bestBound
					return false
				}
				lastTop = top
			}
			prevBound = bestBound
			stall = 0
		} else if stall++; stall >= tn.stallRounds {
			theta, stall = theta/2, 0
		}
		if bestBound < float64(s.best)+1-eps {
			s.bound = bestBound
			return false
		}
		norm, dot, prevNorm := s.subgradient()
		if norm == 0 {
			s.record(&s.pick) // the relaxation is exact here: its solution is this subtree's best
			s.bound = bestBound
			return false
		}
		if theta < least {
			break
		}
		s.step(bound, theta, norm, dot, prevNorm)
	}
	s.lambda, s.bound = s.bestLambda, bestBound
	s.setReduced()
	return true
}

// keepBestRound keeps the multipliers of a round that gave the best bound so far, the row
// duals that go with them, and the priced items their relaxed solution takes.
func (s *solver) keepBestRound() {
	s.bestLambda, s.conflict = s.lambda, s.used
	for r := range s.rows {
		s.rows[r].bestU, s.rows[r].bestV = s.rows[r].u, s.rows[r].v
	}
}

// probeLevel runs a short cost-ordered search for a completion scoring top, the new integer
// level of the best bound, under the reduced costs of that bound; it reports whether it met
// one, which settles the node long before the steps converge.
func (s *solver) probeLevel(bestBound, top float64) bool {
	s.setReduced()
	budget := s.tuning.probeLimit
	s.stats.probes++
	return s.improve(bestBound-top, &budget, false)
}

// subgradient returns the squared length of the subgradient at the relaxed solution (one less
// the times it takes each open priced item), its dot product with the last direction and that
// direction's squared length.
func (s *solver) subgradient() (norm, dot, prevNorm float64) {
	for _, i := range s.priced {
		g := float64(1 - s.used[i])
		norm += g * g
		dot += g * s.dir[i]
		prevNorm += s.dir[i] * s.dir[i]
	}
	return norm, dot, prevNorm
}

// step moves the multipliers along the subgradient, deflected by the last direction when the
// two make an obtuse angle, by theta times Polyak's step towards the best score (or, with none
// yet, towards a point a little below the bound).
func (s *solver) step(bound, theta, norm, dot, prevNorm float64) {
	dir, used := &s.dir, &s.used
	target := float64(s.best)
	if s.best == math.MinInt {
		target = bound - 0.01*math.Abs(bound) - 1
	}
	beta := 0.0
	if dot < 0 && prevNorm > 0 {
		beta = -s.tuning.deflect * dot / prevNorm
	}
	dirNorm := 0.0
	for _, i := range s.priced {
		dir[i] = float64(1-used[i]) + beta*dir[i]
		dirNorm += dir[i] * dir[i]
	}
	if dirNorm < norm/4 { // a deflection that cancels the subgradient would stall the step
		for _, i := range s.priced { // no other item's direction is read
			dir[i] = float64(1 - used[i])
		}
		dirNorm = norm
	}
	t := theta * (bound - target) / dirNorm
	for _, i := range s.priced {
		s.lambda[i] -= t * dir[i]
	}
}

// setReduced gives every alive option its reduced cost under the multipliers, which must be
// those of the best bound, and that bound's row duals.
func (s *solver) setReduced() {
	s.newCosts()
	for r := range s.rows {
		rp := &s.rows[r]
		for _, e := range rp.entries {
			s.reduced.of[e.opt] = s.lambda[e.col] + s.lambda[e.box] - e.worth - rp.bestU[e.i] - rp.bestV[e.j]
		}
	}
}

// costs are the options' reduced costs under one set of prices.
type costs struct {
	of    [options]float64 // per option; only the options alive under the prices have one
	stamp int              // names the prices: costs computed afresh get a new one, a copy keeps its own
}

// newCosts gives the reduced costs about to be computed a stamp of their own.
func (s *solver) newCosts() {
	s.stamps++
	s.reduced.stamp = s.stamps
}

// cheapOrder keeps each item's options sorted by reduced cost, cheapest first, ties in list
// order, so that the searches under one set of prices, which ask an open item for its cheapest
// alive options at every node, read them off instead of walking and sorting the item's list.
// An item is sorted again only when asked under costs of another stamp.
type cheapOrder struct {
	opts  [items][9]int16 // all the item's options, alive or not, in order under the costs of stamp
	stamp [items]int      // the stamp of the costs the item was last sorted under
}

// sorted returns item i's options cheapest first under the reduced costs, dead ones included.
// Ties go by list order, so that the alive ones come in the order of a stable sort of the list.
func (s *solver) sorted(i int16) []int16 {
	order := &s.cheap.opts[i]
	if s.cheap.stamp[i] != s.reduced.stamp {
		s.cheap.stamp[i] = s.reduced.stamp
		for a := 1; a < len(order); a++ {
			for b := a; b > 0 && cheaper(&s.reduced, int(order[b]), int(order[b-1])); b-- {
				order[b], order[b-1] = order[b-1], order[b]
			}
		}
	}
	return order[:]
}

// cheaper reports whether option a comes before option b cheapest first under c, ties going
// by list order.
func cheaper(c *costs, a, b int) bool {
	return c.of[a] < c.of[b] || c.of[a] == c.of[b] && listRank[a] < listRank[b]
}

// cheapestFirst puts open item i's alive options in opts, cheapest first, and returns how many.
func (s *solver) cheapestFirst(i int16, opts *[9]int) int {
	n := 0
	for _, o := range s.sorted(i) {
		if s.out[o] == 0 {
			opts[n] = int(o)
			n++
		}
	}
	return n
}

// firstAlive returns open item i's cheapest alive option, -1 when none is.
func (s *solver) firstAlive(i int16) int16 {
	for _, o := range s.sorted(i) {
		if s.out[o] == 0 {
			return o
		}
	}
	return -1
}

// aim tries targets from the node's bound down to one above the best score, each with improve;
// when a target is met, the complete failures of the targets above it (or the bound itself)
// prove it the best of the subtree. A target may spend half the budget left: when its search
// runs out, the target stays open but the ones below are still tried, since a better score
// found there prunes the rest of the search even though it proves nothing. It reports whether
// the subtree is settled.
func (s *solver) aim(budget int) bool {
	top := int(math.Floor(min(s.bound, s.pat.bound) + eps)) // no completion here scores more than either bound
	open := false                                           // a target above the one tried was not refuted
	for target := top; target > s.best; target-- {
		if budget < 2 {
			return false
		}
		share := budget / 2
		budget -= share
		found := s.improve(s.bound-float64(target), &share, true)
		if found {
			return !open // the complete searches for the targets above it all failed
		}
		if share < 0 {
			open = true
		} else {
			budget += share // what the complete search left over
		}
	}
	return !open // no completion here beats the best score
}

// improve looks for a completion scoring at least target with the multipliers of the last bound
// fixed. Under them a completion scores exactly the bound minus the reduced costs of its options,
// so this is a search for a cover whose options' reduced costs sum to at most room = bound -
// target: a cost-ordered search in the manner of DLX5 that hides the options costing more than
// the room left, so that an item offers only options that still fit, and cuts a node when the
// cheapest options of the items still open already cost too much. That cut is made whenever the
// room shrinks and, with cut, at every node: the latter pays when the search must fail
// completely to prove something, not in a quick probe that hopes to succeed at once. It reports
// whether it found such a completion; when it did not and budget is left, there is none.
func (s *solver) improve(room float64, budget *int, cut bool) bool {
	if !s.open.on {
		s.open.start(s)
		defer func() { s.open.on = false }()
	}
	mark, level := len(s.trail), s.hiding.depth
	s.hiding.depth++
	defer func() {
		s.undoTo(mark)
		s.hiding.depth = level
	}()
	s.hideFrom(room, level)
	if !cut && s.openCostOver(room+eps) { // with cut, reach makes the same check at once
		return false
	}
	return s.reach(room, budget, cut)
}

// reach is improve once every option costing more than room is hidden.
func (s *solver) reach(room float64, budget *int, cut bool) bool {
	s.stats.aimed++
	if *budget--; *budget < 0 {
		if s.cursor != nil {
			s.cursor.live = s.cursor.depth // the path to here, which the levels above record
		}
		return false
	}
	i := s.fewest()
	if i == root {
		s.record(nil)
		return true
	}
	if s.len[i] == 0 || cut && s.openCostOver(room+eps) { // without cut, improve checks
		return false
	}
	var opts [9]int
	n := s.cheapestFirst(i, &opts)
	first, c := 0, s.cursor
	if c != nil && c.depth < c.live {
		first = int(c.path[c.depth]) // the options before it were searched to the end
	}
	s.cover(i)
	defer s.uncover(i)
	for k := first; k < n; k++ {
		o := opts[k]
		mark := len(s.trail)
		s.choose(o, i)
		var found bool
		if c != nil {
			c.depth++
		}
		if r := s.reduced.of[o]; r > eps {
			found = s.improve(room-r, budget, cut) // less room: more options to hide
		} else {
			found = s.reach(room, budget, cut)
		}
		s.trail = s.trail[:mark]
		s.unchoose(o, i)
		if c != nil {
			c.depth--
			if !found && *budget < 0 {
				c.path[c.depth], c.of[c.depth] = int8(k), int8(n)
			} else {
				c.live = min(c.live, c.depth+1) // the path below is replayed
			}
		}
		if found || *budget < 0 {
			return found
		}
	}
	return false
}

// hideLevels keeps, per level of improve's recursion (the search within improve, 0 at its
// top), the limit hideFrom hid above at that level, its costs' stamp, where each open cell's
// walk down its sorted options stopped (in stop[at]), and the dearest option a walk stopped at.
type hideLevels struct {
	depth int // the levels of improve under way
	limit [cells + 1]float64
	stamp [cells + 1]int
	at    [cells + 1]int     // the level whose stop holds this level's places: its own, or one above
	most  [cells + 1]float64 // the largest cost of an option a walk stopped at, -Inf for none
	stop  [cells + 1][cells]int8
}

// hideFrom is hideAbove for improve at level of its recursion. Below its top, a level's limit is
// less than the level above's under the same costs, and the cells open are among those open
// there, whose options above the place its walk stopped cost more than its limit and are
// hidden or out until it returns: each cell's walk starts at that place instead of the top,
// and when the dearest option a walk stopped at there costs no more than this level's limit,
// every walk stops where it starts and the places are those above. The options hidden are the
// same, and so the search.
func (s *solver) hideFrom(limit float64, level int) {
	h := &s.hiding
	active, of, out, ch, stamp := &s.active, &s.reduced.of, &s.out, &s.cheap, s.reduced.stamp
	bar := limit + eps
	h.limit[level], h.stamp[level] = limit, stamp
	var from *[cells]int8 // where the walks start, nil for the top
	if level > 0 && h.stamp[level-1] == stamp && limit <= h.limit[level-1] {
		if h.most[level-1] <= bar {
			h.at[level], h.most[level] = h.at[level-1], h.most[level-1]
			return
		}
		from = &h.stop[h.at[level-1]]
	}
	h.at[level] = level
	stop, most := &h.stop[level], math.Inf(-1)
	for x := int16(0); x < cells; x++ {
		if !active[x] {
			continue
		}
		order := &ch.opts[x] // sorted, as sorted(x) leaves it
		k := len(order) - 1
		if ch.stamp[x] != stamp {
			s.sorted(x) // not open above, or sorted under other costs: from the top
		} else if from != nil {
			k = int(from[x])
		}
		for ; k >= 0; k-- {
			o := int(order[k])
			if c := of[o]; c <= bar {
				most = max(most, c)
				break // and so are the options before it
			}
			if out[o] == 0 {
				s.hide(o)
				s.stats.hidden++
			}
		}
		stop[x] = int8(k)
	}
	h.most[level] = most
}

// hideAbove hides every alive option whose reduced cost exceeds limit and reports whether it
// hid any. With limit = bound - best - 1 those are the options that cannot beat the best score.
func (s *solver) hideAbove(limit float64) bool {
	hid := false
	// In locals: the arrays by pointer (hide changes them in place), the stamp as it stays.
	active, of, out, ch, stamp := &s.active, &s.reduced.of, &s.out, &s.cheap, s.reduced.stamp
	bar := limit + eps
	for x := int16(0); x < cells; x++ {
		if !active[x] {
			continue
		}
		order := &ch.opts[x] // sorted, as sorted(x) leaves it
		if ch.stamp[x] != stamp {
			s.sorted(x)
		}
		for k := len(order) - 1; k >= 0; k-- {
			o := int(order[k])
			if of[o] <= bar {
				break // and so are the options before it
			}
			if out[o] == 0 {
				s.hide(o)
				s.stats.hidden++
				hid = true
			}
		}
	}
	return hid
}

// openCostOver reports whether the reduced costs still to pay exceed limit. Every open item
// needs exactly one of its options, and the items of one kind (cells, or row, column or box
// digits) share no option, so the cheapest options of the open items of one kind add up to a
// lower bound on them; reduced costs are never negative, so a partial sum over limit settles it.
func (s *solver) openCostOver(limit float64) bool {
	if s.open.on {
		if over, sure := s.open.over(s, limit); sure {
			return over
		}
	}
	sum, kind := 0.0, 0 // the open items of one kind, in the order of the list, before the next kind's
	for i := s.next[root]; i != root; i = s.next[i] {
		if k := int(i) / cells; k != kind {
			sum, kind = 0, k
		}
		cheapest := math.Inf(1)
		for _, o := range s.sorted(i) {
			if s.out[o] == 0 {
				cheapest = s.reduced.of[o]
				break
			}
		}
		if sum += cheapest; sum > limit {
			return true
		}
	}
	return false
}

// openCost keeps, during a search of improve, the cheapest alive option of each open item and
// their costs summed over the open items of each kind, in fixed point rounded up: a sum at
// most the limit less the rounding of the floating-point sums settles openCostOver at once,
// with the answer its floating-point sums give, and saves it the pass over the open items that
// it otherwise makes at every node, where it mostly finds nothing over the limit. The dancing
// links' steps keep it up to date, as long as the reduced costs stay as they were at start.
type openCost struct {
	on    bool
	stamp int          // the stamp of the reduced costs at start
	least [items]int16 // the item's cheapest alive option, cheapest first as sorted orders it; -1 for none
	sum   [4]int64     // per kind, the open items' least costs, in units of 1/fixedOne, each rounded up
	inf   [4]int       // per kind, the open items with no alive option or a least cost of fixedLimit or more
}

const (
	fixedOne   = 1 << 32 // the fixed-point unit
	fixedLimit = 1 << 10 // limits from this on, and negative ones, always make openCostOver sum
	fixedSlack = 1 << 3  // 2e-9, above the rounding of a floating-point sum of 81 costs below fixedLimit, 1e-11
)

// start sets least for every open item and the sums, and turns the tracking on.
func (oc *openCost) start(s *solver) {
	oc.stamp = s.reduced.stamp
	oc.sum, oc.inf = [4]int64{}, [4]int{}
	for i := s.next[root]; i != root; i = s.next[i] {
		oc.least[i] = s.firstAlive(i)
		oc.add(s, i, 1)
	}
	oc.on = true
}

// add adds open item i's least cost to its kind's sum, times sign.
func (oc *openCost) add(s *solver, i int16, sign int) {
	o, k := oc.least[i], int(uint16(i))/cells // i >= 0: an unsigned division, without its sign's fix
	if o < 0 {
		oc.inf[k] += sign
		return
	}
	c := s.reduced.of[o]
	if c >= fixedLimit { // over any limit over decides, infinite costs included
		oc.inf[k] += sign
		return
	}
	oc.sum[k] += int64(sign) * (int64(c*fixedOne) + 1) // at least c in fixed point, also below 0
}

// lost follows the unlinking of node q, whose option is no longer alive: when it was its
// item's least, the next alive option in the sorted order is.
func (oc *openCost) lost(s *solver, q int) {
	if i := s.itm[q]; int(oc.least[i]) == optionOf(q) {
		oc.add(s, i, -1)
		oc.least[i] = s.firstAlive(i)
		oc.add(s, i, 1)
	}
}

// regained follows the relinking of node q, whose option is alive again.
func (oc *openCost) regained(s *solver, q int) {
	i, o := s.itm[q], optionOf(q)
	if l := oc.least[i]; l < 0 || cheaper(&s.reduced, o, int(l)) {
		oc.add(s, i, -1)
		oc.least[i] = int16(o)
		oc.add(s, i, 1)
	}
}

// over settles openCostOver(limit) when sure: over it when an open item has no option left at
// a finite cost, not over it when every kind's sum lies below the limit by more than the
// rounding of the floating-point sums.
func (oc *openCost) over(s *solver, limit float64) (over, sure bool) {
	if s.reduced.stamp != oc.stamp || !(limit >= 0 && limit < fixedLimit) {
		return false, false
	}
	bar := int64(math.Floor(limit*fixedOne)) - fixedSlack
	for k := range oc.sum {
		if oc.inf[k] > 0 {
			return true, true
		}
		if oc.sum[k] > bar {
			return false, false
		}
	}
	return false, true
}

// ---------------------------------------------------------------------------------------------
// The patterns' bound and its proof.
// ---------------------------------------------------------------------------------------------

const (
	bands   = 3
	triples = 27  // one column per stack, stack s's column 3s + tripleOffset[t][s]
	orders  = 6   // the permutations of a band's three rows
	combos  = 216 // triples of the three bands that use every column once
	barred  = -1e9
)

var (
	tripleOffset [triples][3]int // the offset in its stack of the column triple t takes
	rowOrder     [orders][3]int  // the band row order k gives to stack s
	combo        [combos][bands]uint8
	fitting      [triples][8][2]uint8    // the triples of bands 1 and 2 that fit with each of band 0
	fitMask      [triples]uint32         // the same triples of band 1, as a bit set
	fitRank      [triples][triples]uint8 // the place in fitting[t0] of each triple t1 of band 1 that fits
	third        [triples][triples]uint8 // the triple of band 2 that fits with triples of bands 0 and 1
	ordersIn     [3][8]uint8             // per stack and set of band rows, the orders that give the stack one of them
)

func init() {
	for t := range tripleOffset {
		tripleOffset[t] = [3]int{t / 9, t / 3 % 3, t % 3}
	}
	rowOrder = [orders][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for st := range ordersIn {
		for rows := range ordersIn[st] {
			for k := range rowOrder {
				if rows>>rowOrder[k][st]&1 != 0 {
					ordersIn[st][rows] |= 1 << k
				}
			}
		}
	}
	n := 0
	for t0 := 0; t0 < triples; t0++ {
		for t1 := 0; t1 < triples; t1++ {
			var t2 [3]int
			ok := true
			for s := 0; s < 3; s++ {
				a, b := tripleOffset[t0][s], tripleOffset[t1][s]
				ok = ok && a != b
				t2[s] = 3 - a - b
			}
			if ok {
				combo[n] = [bands]uint8{uint8(t0), uint8(t1), uint8(t2[0]*9 + t2[1]*3 + t2[2])}
				fitting[t0][n%8] = [2]uint8{uint8(t1), combo[n][2]}
				fitMask[t0] |= 1 << t1
				fitRank[t0][t1] = uint8(n % 8)
				third[t0][t1] = combo[n][2]
				n++
			}
		}
	}
}

// patterns holds the digit-pattern bound of the node being bounded.
type patterns struct {
	pi      [cells]float64    // cell multipliers; 0 on filled cells
	bestPi  [cells]float64    // the multipliers of the best bound
	worth   [9][cells]float64 // each digit's worth at each cell where it may stand
	allowed [9][cells]bool    // whether it may stand there: filled with it, or an alive option
	at      [9][cells]uint8   // those cells in order, the only ones its placements take
	nat     [9]int            // and how many
	// The same cells as band bit sets.
	mayStand [9][bands]uint32
	// The placements of each digit in each band left by the node: a triple and a row order
	// whose three cells may all take the digit.
	place   [9][bands][triples * orders]placement
	nplace  [9][bands]int
	orders  [9][bands][triples]uint8      // the orders of each triple among them, as a bit set
	live    [9][bands]uint32              // the triples with some order among them, as a bit set
	band    [9][bands][triples]float64    // best gain of each triple over its placements
	which   [9][bands]int16               // per band, the best pattern's placement: the first that gives its triple's best
	firstOf [9][bands][triples]uint8      // the first placement of each triple with some
	best    [9]float64                    // each digit's best pattern
	pick    [9]uint8                      // the combination that gives it
	covered [cells]int8                   // how many digits' best patterns take each cell
	fixedAt [bands][triples][3][3]float64 // bestThrough's working storage
	bound   float64                       // the best bound found at this node
	// The open cells in order, as preparePatterns found them: the steps' loops over the cells
	// run over these alone, with no test of each cell the processor would mispredict.
	open  [cells]uint8
	nopen int
}

// placement is one way a digit may cross a band: triple t in row order k, on cells x.
type placement struct {
	t, k uint8
	x    [3]uint8 // by stack
}

// preparePatterns lists each digit's placements in each band from the alive options and the
// filled cells.
func (s *solver) preparePatterns() {
	p := &s.pat
	allowed := &p.allowed
	*allowed = [9][cells]bool{}
	p.nopen = 0
	for x := 0; x < cells; x++ {
		if !s.active[x] {
			d := s.fill[x] - 1
			allowed[d][x], p.worth[d][x] = true, float64(weight(x)*s.fill[x])
			continue
		}
		p.open[p.nopen] = uint8(x)
		p.nopen++
		for q := int(s.down[x]); q != x; q = int(s.down[q]) {
			o := optionOf(q)
			allowed[digitOfOption(o)][x], p.worth[digitOfOption(o)][x] = true, float64(worth(o))
		}
	}
	set := &p.mayStand
	*set = [9][bands]uint32{}
	for d := 0; d < 9; d++ {
		p.nat[d] = 0
		for x := 0; x < cells; x++ {
			if allowed[d][x] {
				p.at[d][p.nat[d]] = uint8(x)
				p.nat[d]++
				set[d][x/bandCells] |= cellBit[x]
			}
		}
	}
	for d := 0; d < 9; d++ {
		for b := 0; b < bands; b++ {
			n := 0
			p.live[d][b] = 0
			var rows [9]uint8 // per column of the band, the band rows where the digit may stand
			for c := range rows {
				m := set[d][b] >> c
				rows[c] = uint8(m&1 | m>>8&2 | m>>16&4)
			}
			for t := 0; t < triples; t++ {
				// The orders of t whose three cells may all take the digit.
				off := &tripleOffset[t]
				ords := ordersIn[0][rows[off[0]]] & ordersIn[1][rows[3+off[1]]] & ordersIn[2][rows[6+off[2]]]
				p.orders[d][b][t] = ords
				if ords != 0 {
					p.firstOf[d][b][t] = uint8(n)
					p.live[d][b] |= 1 << t
				}
				for a := ords; a != 0; a &= a - 1 {
					k := bits.TrailingZeros8(a)
					cs := &placeCells[t][k]
					p.place[d][b][n] = placement{t: uint8(t), k: uint8(k), x: [3]uint8{uint8(bandCells*b) + cs[0], uint8(bandCells*b) + cs[1], uint8(bandCells*b) + cs[2]}}
					n++
				}
			}
			p.nplace[d][b] = n
		}
	}
}

// gain is what digit d earns at cell x under the multipliers: its worth, less the cell's
// multiplier while the cell is open.
func (s *solver) gain(d int, x uint8) float64 {
	if s.active[x] {
		return s.pat.worth[d][x] - s.pat.pi[x]
	}
	return s.pat.worth[d][x]
}

// bestPatterns finds each digit's best pattern under the multipliers and returns the bound:
// the sum of those optima plus the open cells' multipliers. It sets covered. It returns false
// when some digit has no pattern at all.
func (s *solver) bestPatterns() (float64, bool) {
	p := &s.pat
	total := 0.0
	var open [cells]float64 // the multipliers of the open cells, 0 elsewhere
	for _, x := range p.open[:p.nopen] {
		open[x] = p.pi[x]
		total += p.pi[x]
	}
	// Indexed by a placement's uint8 cells, 256 entries need no bounds checks.
	var gain [256]float64
	p.covered = [cells]int8{}
	for d := 0; d < 9; d++ {
		for _, x := range p.at[d][:p.nat[d]] { // the cells the placements take
			gain[x] = p.worth[d][x] - open[x]
		}
		bd := &p.band[d]
		*bd = allBarred
		for b := 0; b < bands; b++ {
			// Without a branch: whether a placement beats its triple's best so far is a coin
			// toss the processor mispredicts; which one did is sought once the pick is known.
			// A triple's placements are consecutive: its best is kept in a register, not stored
			// and reloaded at each placement, and starts barred as allBarred left it.
			row, pls := &bd[b], p.place[d][b][:p.nplace[d][b]]
			for i := 0; i < len(pls); {
				t, v := pls[i].t, float64(barred)
				for ; i < len(pls) && pls[i].t == t; i++ {
					pl := &pls[i] // by pointer: a copy would go through the stack
					v = max(v, gain[pl.x[0]]+gain[pl.x[1]]+gain[pl.x[2]])
				}
				row[t] = v
			}
		}
		// The combinations in combo's order, t0 by t0 and t1 by t1, of the triples with some
		// placement: one with a barred triple, a sum below barred/2, never beats one without.
		bestV, bestC := math.Inf(-1), 0
		live := &p.live[d]
		for m0 := live[0]; m0 != 0; m0 &= m0 - 1 {
			t0 := bits.TrailingZeros32(m0)
			v0 := bd[0][t0]
			for m1 := live[1] & fitMask[t0]; m1 != 0; m1 &= m1 - 1 {
				t1 := bits.TrailingZeros32(m1)
				t2 := third[t0][t1]
				if live[2]&(1<<(t2&31)) == 0 { // t2 < triples: the mask spares the shift its check
					continue
				}
				if v := v0 + bd[1][t1] + bd[2][t2]; v > bestV {
					bestV, bestC = v, 8*t0+int(fitRank[t0][t1])
				}
			}
		}
		if bestV < barred/2 {
			return 0, false
		}
		p.best[d], p.pick[d] = bestV, uint8(bestC)
		total += bestV
		for b := 0; b < bands; b++ {
			t := combo[bestC][b]
			pls := p.place[d][b][:p.nplace[d][b]]
			i := int(p.firstOf[d][b][t])
			for gain[pls[i].x[0]]+gain[pls[i].x[1]]+gain[pls[i].x[2]] != bd[b][t] {
				i++
			}
			p.which[d][b] = int16(i)
			for _, x := range pls[i].x {
				p.covered[x]++
			}
		}
	}
	return total, true
}

// patternTighten runs subgradient steps on the cell multipliers, warm-started from the
// parent's, and keeps the best bound in s.pat.bound with its multipliers. It returns false
// when the node is infeasible or cannot beat the best score, recording the completion when the
// best patterns happen to make one.
func (s *solver) patternTighten(rounds int) bool {
	p := &s.pat
	s.preparePatterns()
	bestBound := math.Inf(1)
	theta, stall := s.tuning.patternStep, 0
	for k := 0; k < rounds; k++ {
		s.stats.patternRounds++
		bound, ok := s.bestPatterns()
		if !ok {
			return false
		}
		if bound < bestBound-eps {
			bestBound, p.bestPi = bound, p.pi
			stall = 0
		} else if stall++; stall >= s.tuning.stallRounds {
			theta, stall = theta/2, 0
		}
		if bestBound < float64(s.best)+1-eps {
			p.bound = bestBound
			return false
		}
		norm := 0.0
		for _, x := range p.open[:p.nopen] {
			g := float64(1 - p.covered[x])
			norm += g * g
		}
		if norm == 0 {
			s.recordPatterns()
			p.bound = bestBound
			return false
		}
		if theta < s.tuning.leastStep {
			break
		}
		target := float64(s.best)
		if s.best == math.MinInt {
			target = bound - 1
		}
		t := theta * (bound - target) / norm
		for _, x := range p.open[:p.nopen] {
			p.pi[x] -= t * float64(1-p.covered[x])
		}
	}
	p.pi, p.bound = p.bestPi, bestBound
	return true
}

// recordPatterns records the completion the best patterns make when they cover each open cell
// once.
func (s *solver) recordPatterns() {
	p := &s.pat
	var pick [cells]int
	for d := 0; d < 9; d++ {
		for b := 0; b < bands; b++ {
			for _, x := range p.place[d][b][p.which[d][b]].x {
				pick[x] = d
			}
		}
	}
	s.record(&pick)
}

// hideByPatterns hides every alive option whose forced pattern bound is below the best score
// plus one, under the best multipliers, and reports whether it hid any.
func (s *solver) hideByPatterns() bool {
	if s.best == math.MinInt {
		return false
	}
	p := &s.pat
	s.preparePatterns() // options hidden since the rounds no longer take part
	bound, ok := s.bestPatterns()
	if !ok {
		return true // no pattern is left for some digit: the caller's next look finds it
	}
	limit := float64(s.best) + 1 - eps
	var through [cells]float64 // the best pattern of the digit through each cell
	hid := false
	for d := 0; d < 9; d++ {
		s.bestThrough(d, &through)
		others := bound - p.best[d]
		for x := 0; x < cells; x++ {
			// The open cell's option of digit d, when alive: in the cell's list, it is the
			// one of digit d, and only an option out of the lists counts in out.
			if o := x*9 + d; s.active[x] && s.out[o] == 0 && others+through[x] < limit {
				s.hide(o)
				s.stats.hidden++
				hid = true
			}
		}
	}
	return hid
}

// bestThrough sets through to the gain of digit d's best pattern through each cell under the
// multipliers, barred where none crosses it. bestPatterns must have set the triples' bests.
func (s *solver) bestThrough(d int, through *[cells]float64) {
	p := &s.pat
	// The best gain of each triple with a given cell, by the cell's stack and band row: the
	// best of the placements that take that cell. Only the triples with some placement are
	// read, below.
	fixedAt := &p.fixedAt
	live := &p.live[d]
	for b := 0; b < bands; b++ {
		for m := live[b]; m != 0; m &= m - 1 {
			t := bits.TrailingZeros32(m)
			for st := range fixedAt[b][t] {
				fixedAt[b][t][st] = [3]float64{barred, barred, barred}
			}
		}
		for _, pl := range p.place[d][b][:p.nplace[d][b]] {
			v := s.gain(d, pl.x[0]) + s.gain(d, pl.x[1]) + s.gain(d, pl.x[2])
			ro := &rowOrder[pl.k]
			for st := 0; st < 3; st++ {
				f := &fixedAt[b][pl.t][st][ro[st]]
				*f = max(*f, v)
			}
		}
	}
	for x := range through {
		through[x] = barred
	}
	bd := &p.band[d]
	// The combinations of the triples with some placement: one with a barred triple, a sum
	// below barred/2, crosses no cell.
	for m0 := live[0]; m0 != 0; m0 &= m0 - 1 {
		t0 := bits.TrailingZeros32(m0)
		for m1 := live[1] & fitMask[t0]; m1 != 0; m1 &= m1 - 1 {
			t1 := bits.TrailingZeros32(m1)
			t2 := int(third[t0][t1])
			if live[2]&(1<<t2) == 0 {
				continue
			}
			cb := [bands]int{t0, t1, t2}
			sum := bd[0][cb[0]] + bd[1][cb[1]] + bd[2][cb[2]]
			for b := 0; b < bands; b++ {
				t := cb[b]
				rest := sum - bd[b][t]
				for st := 0; st < 3; st++ {
					col := 3*st + tripleOffset[t][st]
					for i := 0; i < 3; i++ {
						x := (3*b+i)*9 + col
						through[x] = max(through[x], rest+fixedAt[b][t][st][i])
					}
				}
			}
		}
	}
}

// ----- The proof's tables: a digit's free placements, band by band.

// Within the search, a placement is named by its triple and order alone, and its cells by their
// place in the band, 9*(band row) + column: the same 27 cells for every band and digit. A table
// keeps, per triple, the set of its orders still free as a bit set, so that a cell newly taken
// strikes the few placements through it (two orders of nine triples) rather than every
// placement being checked again.
var (
	placeCells     [triples][orders][3]uint8 // the band cells of each placement, by stack
	placeMask      [triples][orders]uint32   // the same as a bit set
	killTripleMask [bandCells]uint32         // the triples with a placement through each band cell
	killOrders     [bandCells]uint8          // and those placements' orders: the same for each triple
	cellBit        [cells]uint32             // each cell as a bit of its band's set
	bandRowMask    [3]uint32                 // each band row's cells
	boxMask        [3]uint32                 // each stack's cells of the band: a box
	colMask        [9]uint32                 // each column's cells of the band
)

const (
	bandCells = 27
	allBand   = 1<<bandCells - 1
)

func init() {
	for t := 0; t < triples; t++ {
		for k := 0; k < orders; k++ {
			for st := 0; st < 3; st++ {
				l := 9*rowOrder[k][st] + 3*st + tripleOffset[t][st]
				placeCells[t][k][st] = uint8(l)
				placeMask[t][k] |= 1 << l
			}
		}
	}
	for l := 0; l < bandCells; l++ {
		i, c := l/9, l%9
		st := c / 3
		for t := 0; t < triples; t++ {
			if 3*st+tripleOffset[t][st] == c {
				killTripleMask[l] |= 1 << t
			}
		}
		for k := 0; k < orders; k++ {
			if rowOrder[k][st] == i {
				killOrders[l] |= 1 << k
			}
		}
	}
	for x := range cellBit {
		cellBit[x] = 1 << (x % bandCells)
	}
	for i := range bandRowMask {
		bandRowMask[i] = 0x1FF << (9 * i)
		boxMask[i] = 7<<(3*i) | 7<<(9+3*i) | 7<<(18+3*i)
	}
	for c := range colMask {
		colMask[c] = 1<<c | 1<<(9+c) | 1<<(18+c)
	}
}

// maxOf and minOf are max and min for values never NaN, whose zeros' signs do not matter: one
// comparison each, where the builtins must also order NaN and signed zeros; the port's fmax2 and
// fmin2. The linear program uses them. The descent's tables (revalue to split) use the builtins
// instead, which give the same values there and take no branch, as the port's compiler makes
// fmax2 and fmin2 (maxsd, minsd): their running bests and ranges go up or down at a third of the
// steps or so, unpredictably, and the mispredicted branches cost more than the builtins' extra
// instructions (measured: 7 to 10% of the CPU time on inputs of 17 and more givens).
func maxOf(a, b float64) float64 {
	if a > b {
		return a
	}
	return b
}

func minOf(a, b float64) float64 {
	if a < b {
		return a
	}
	return b
}

// noCovers has bits no cover has, for a level's inUnits before keepInUnits runs.
var noCovers = func() (c [9][bands]uint32) {
	for d := range c {
		c[d] = [bands]uint32{^uint32(0), ^uint32(0), ^uint32(0)}
	}
	return c
}()

// allBarred is a table's rest with every triple barred.
var allBarred = func() (rest [bands][triples]float64) {
	for b := range rest {
		for t := range rest[b] {
			rest[b][t] = barred
		}
	}
	return rest
}()

// gains holds the gains of a digit's placements, by band, triple and order.
type gains [bands][triples][orders]float64

// bandTable holds a digit's free placements band by band, grouped by triple.
type bandTable struct {
	alive [bands][triples]uint8   // the orders of each triple whose placements are free
	live  [bands]uint32           // the triples with some order alive, as a bit set
	best  [bands][triples]float64 // the best gain among them, barred if none
	rest  [bands][triples]float64 // the best the other bands add beside each triple
	val   *gains                  // the gains, kept by the level that computed them; read-only below it
	no    [bands]uint32           // the band cells blocked when alive was last narrowed
	top   float64                 // the best free pattern's gain, barred when none
	pick  [bands]uint8            // the triples of its first best combination, when top is not barred
	// The cover markCover last marked, and the leasts that mark the same: above coverLo, up to
	// coverHi. bestPattern forgets it, as the placements or their gains change.
	cover            [bands]uint32
	coverLo, coverHi float64
	coverKnown       bool
	// Each change of the placements or gains gives the table a new version. A table narrowed
	// from another (base) keeps which and the base's version then: a sibling node that narrows
	// the same base to the same blocked cells finds it narrowed.
	version     uint64
	base        *bandTable
	baseVersion uint64
	// bestSplit's answers at version splitAt, for the band cells in splitDone: a table that
	// children share, or a cell the fewest digits cross at several nodes, is split once.
	splitAt                     uint64
	splitDone                   [bands]uint32
	splitThrough, splitAvoiding [bands][bandCells]float64
	// What countAtLeast last found at version countAt: countN patterns worth at least any least
	// above countLo up to countHi; or, countCapped, more than countN worth countHi or more.
	countAt          uint64
	countN           int
	countCapped      bool
	countLo, countHi float64
}

// pattern is one free pattern of a digit: a placement in each band, as triple*orders + order.
type pattern struct {
	v  float64
	pl [bands]uint8
}

// table fills tb with digit d's free placements under the search's multipliers, their gains in
// val, and returns its best free pattern's gain, barred when it has none.
func (s *solver) table(d int, tb *bandTable, must *mustCells, val *gains) float64 {
	no := s.proof.blocked(d, must)
	tb.val, tb.no, tb.base = val, no, nil
	for b := 0; b < bands; b++ {
		alive := &tb.alive[b]
		*alive = s.pat.orders[d][b]
		for m := no[b]; m != 0; m &= m - 1 {
			l := bits.TrailingZeros32(m)
			for k := killTripleMask[l]; k != 0; k &= k - 1 {
				alive[bits.TrailingZeros32(k)] &^= killOrders[l]
			}
		}
		tb.live[b] = 0
		for t, a := range alive {
			if a != 0 {
				tb.live[b] |= 1 << t
			}
		}
	}
	return s.revalue(d, tb)
}

// revalue sets the gains of the free placements in tb under the search's multipliers, and
// returns its best free pattern's gain, barred when it has none.
func (s *solver) revalue(d int, tb *bandTable) float64 {
	w, pi, val := &s.pat.worth[d], &s.proof.pi, tb.val
	for b := 0; b < bands; b++ {
		for t := 0; t < triples; t++ {
			best := barred
			for a := tb.alive[b][t]; a != 0; a &= a - 1 {
				k := bits.TrailingZeros8(a)
				cs := &placeCells[t][k]
				x0, x1, x2 := bandCells*b+int(cs[0]), bandCells*b+int(cs[1]), bandCells*b+int(cs[2])
				v := w[x0] - pi[x0] + w[x1] - pi[x1] + w[x2] - pi[x2]
				val[b][t][k] = v
				best = max(best, v)
			}
			tb.best[b][t] = best
		}
	}
	s.proof.versions++
	tb.version = s.proof.versions
	tb.top = tb.bestPattern()
	return tb.top
}

// narrow keeps in to the placements of from that digit d may still take; to may be from
// itself. It returns the table that holds them, from itself when none was lost (from stays
// read-only then, and nothing is copied), and its best free pattern's gain, barred when none is
// left. A to that a sibling narrowed from the same from to the same cells is returned as it is.
func (s *solver) narrow(d int, to, from *bandTable, must *mustCells) (*bandTable, float64) {
	no := s.proof.blocked(d, must)
	if to != from && to.base == from && to.baseVersion == from.version && to.no == no {
		return to, to.top // a sibling's narrowing of the same table to the same cells
	}
	// Only the cells newly blocked where the digit may stand can strike a placement: the tables
	// of a descent hold placements of pat's, made by the preparePatterns it began with. Without
	// any, nothing is struck, and nothing is copied.
	may := &s.pat.mayStand[d]
	newly := [bands]uint32{
		no[0] &^ from.no[0] & may[0], no[1] &^ from.no[1] & may[1], no[2] &^ from.no[2] & may[2],
	}
	if newly[0]|newly[1]|newly[2] == 0 {
		if to == from {
			to.no = no
		}
		return from, from.top
	}
	// Strike on copies of the small sets first: from's gains are copied only once one goes.
	alive, live := from.alive, from.live
	var dirty [bands]uint32 // the triples that lost a placement
	for b := 0; b < bands; b++ {
		ab, lv := &alive[b], live[b] // in locals: the compiler keeps the arrays' rows in memory
		var hit uint32               // the live triples some cell strikes at
		for m := newly[b]; m != 0; m &= m - 1 {
			l := bits.TrailingZeros32(m)
			if l >= bandCells {
				break // never: no holds band cells only; it spares the checks below
			}
			ko, kill := killOrders[l], killTripleMask[l]&lv
			hit |= kill
			for k := kill; k != 0; k &= k - 1 {
				t := bits.TrailingZeros32(k)
				if t >= triples {
					break // never: the masks hold triples only
				}
				ab[t] &^= ko
			}
		}
		// A triple struck at is dirty when some order went. Without a branch, which would be a
		// coin toss: the port compares, which its compiler does without one.
		var db uint32
		fb := &from.alive[b]
		for k := hit; k != 0; k &= k - 1 {
			t := bits.TrailingZeros32(k)
			if t >= triples {
				break // never: the masks hold triples only
			}
			db |= (uint32(ab[t]^fb[t]) + 0xFF) >> 8 << t
		}
		dirty[b] = db
	}
	if dirty == [bands]uint32{} {
		if to == from {
			to.no = no
		}
		return from, from.top
	}
	tb := to
	if tb != from {
		// One array to a statement: a parallel assignment would copy each through a temporary.
		tb.best = from.best
		tb.val = from.val
		tb.base, tb.baseVersion = from, from.version
	} else {
		tb.base = nil
	}
	s.proof.versions++
	tb.version = s.proof.versions
	tb.alive = alive
	vals := tb.val
	for b := 0; b < bands; b++ {
		ab, bval, bbest := &alive[b], &vals[b], &tb.best[b]
		lv := live[b]
		for m := dirty[b]; m != 0; m &= m - 1 {
			t := bits.TrailingZeros32(m)
			if t >= triples {
				break // never: dirty holds triples only
			}
			if ab[t] == 0 {
				lv &^= 1 << t
			}
			best, val := barred, &bval[t]
			for a := ab[t]; a != 0; a &= a - 1 {
				best = max(best, val[bits.TrailingZeros8(a)])
			}
			bbest[t] = best
		}
		live[b] = lv
	}
	tb.live = live
	tb.no = no
	tb.top = tb.bestPattern()
	return tb, tb.top
}

// bestPattern returns the gain of the best pattern in tb, barred when it has none, and sets
// rest: beside each triple, the best the other two bands can add; and pick: the triples of the
// first best combination, for markBest.
func (tb *bandTable) bestPattern() float64 {
	tb.coverKnown = false
	// In locals, since the compiler keeps nothing of tb in registers; rest[0][t0] too, which
	// the inner loop alone changes.
	live1, live2 := tb.live[1], tb.live[2]
	best0, best1, best2 := &tb.best[0], &tb.best[1], &tb.best[2]
	rest0, rest1, rest2 := &tb.rest[0], &tb.rest[1], &tb.rest[2]
	// Only the live triples' rest is read: band 0's is kept in a register from barred, and
	// stored for each live triple; bands 1 and 2 start barred, their live triples alone.
	for m := live1; m != 0; m &= m - 1 {
		t := bits.TrailingZeros32(m)
		if t >= triples {
			break // never: live holds triples only; it spares the check below
		}
		rest1[t] = barred
	}
	for m := live2; m != 0; m &= m - 1 {
		t := bits.TrailingZeros32(m)
		if t >= triples {
			break // never: live holds triples only; it spares the check below
		}
		rest2[t] = barred
	}
	best := barred
	// The live combinations in combo's order: t0, then t1, ascending.
	for m0 := tb.live[0]; m0 != 0; m0 &= m0 - 1 {
		t0 := bits.TrailingZeros32(m0)
		v0, r0 := best0[t0], float64(barred)
		third0 := &third[t0] // out of the loop: the compiler would find it again at each t1
		for m1 := live1 & fitMask[t0]; m1 != 0; m1 &= m1 - 1 {
			t1 := bits.TrailingZeros32(m1)
			t2 := third0[t1]
			if live2&(1<<(t2&31)) == 0 { // t2 < triples: the mask spares the shift its check
				continue
			}
			v1, v2 := best1[t1], best2[t2]
			if v := v0 + v1 + v2; v > best {
				best, tb.pick = v, [bands]uint8{uint8(t0), uint8(t1), t2}
			}
			r0 = max(r0, v1+v2)
			rest1[t1] = max(rest1[t1], v0+v2)
			rest2[t2] = max(rest2[t2], v0+v1)
		}
		rest0[t0] = r0
	}
	return best
}

// patternsAtLeast appends to out the free patterns in tb worth at least least.
func patternsAtLeast(tb *bandTable, least float64, out []pattern) []pattern {
	val := tb.val
	// The live combinations in combo's order, which fixes the order of out.
	for m0 := tb.live[0]; m0 != 0; m0 &= m0 - 1 {
		t0 := uint8(bits.TrailingZeros32(m0))
		for m1 := tb.live[1] & fitMask[t0]; m1 != 0; m1 &= m1 - 1 {
			t1 := uint8(bits.TrailingZeros32(m1))
			t2 := third[t0][t1]
			if tb.live[2]&(1<<t2) == 0 || tb.best[0][t0]+tb.best[1][t1]+tb.best[2][t2] < least {
				continue
			}
			for a0 := tb.alive[0][t0]; a0 != 0; a0 &= a0 - 1 {
				k0 := bits.TrailingZeros8(a0)
				v0 := val[0][t0][k0]
				if v0+tb.best[1][t1]+tb.best[2][t2] < least {
					continue
				}
				for a1 := tb.alive[1][t1]; a1 != 0; a1 &= a1 - 1 {
					k1 := bits.TrailingZeros8(a1)
					v1 := v0 + val[1][t1][k1]
					if v1+tb.best[2][t2] < least {
						continue
					}
					for a2 := tb.alive[2][t2]; a2 != 0; a2 &= a2 - 1 {
						k2 := bits.TrailingZeros8(a2)
						if v := v1 + val[2][t2][k2]; v >= least {
							out = append(out, pattern{v, [bands]uint8{t0*orders + uint8(k0), t1*orders + uint8(k1), t2*orders + uint8(k2)}})
						}
					}
				}
			}
		}
	}
	return out
}

// countAtLeast counts the free patterns in tb worth at least least, up to limit, walking them
// as patternsAtLeast does. It answers from what it last found on the table when that settles
// the count: the same patterns are worth at least any least above the most of those that fall
// short (lo; a pattern cut off early falls short by a bound) up to the least of those that do
// not (hi), and a count cut off at its limit stands for any least up to hi and a limit no
// higher. A table children share is counted once for most of them. Most counts need no walk:
// the placements of a band that markCover counted for least, each with the best the other bands
// add beside it, are as many patterns worth least or more, so when the least of them lies beyond
// rounding above least (countSlack; the pattern's gain is added in another order), and a band's
// cover has more cells than limit-1 placements can cross, there are limit patterns at least.
func countAtLeast(tb *bandTable, least float64, limit int) int {
	if tb.countAt == tb.version {
		if tb.countCapped && least <= tb.countHi && limit <= tb.countN {
			return limit
		}
		if !tb.countCapped && tb.countLo < least && least <= tb.countHi {
			return min(tb.countN, limit)
		}
	}
	if limit <= 9 && tb.coverKnown && tb.coverLo < least && tb.coverHi >= least+countSlack {
		most := 3 * (limit - 1)
		if bits.OnesCount32(tb.cover[0]) > most || bits.OnesCount32(tb.cover[1]) > most || bits.OnesCount32(tb.cover[2]) > most {
			return limit
		}
	}
	n := 0
	lo, hi := math.Inf(-1), math.Inf(1)
	val := tb.val
	for m0 := tb.live[0]; m0 != 0; m0 &= m0 - 1 {
		t0 := bits.TrailingZeros32(m0)
		for m1 := tb.live[1] & fitMask[t0]; m1 != 0; m1 &= m1 - 1 {
			t1 := bits.TrailingZeros32(m1)
			t2 := third[t0][t1]
			if tb.live[2]&(1<<t2) == 0 {
				continue
			}
			if w := tb.best[0][t0] + tb.best[1][t1] + tb.best[2][t2]; w < least {
				lo = max(lo, w)
				continue
			}
			for a0 := tb.alive[0][t0]; a0 != 0; a0 &= a0 - 1 {
				v0 := val[0][t0][bits.TrailingZeros8(a0)]
				if w := v0 + tb.best[1][t1] + tb.best[2][t2]; w < least {
					lo = max(lo, w)
					continue
				}
				for a1 := tb.alive[1][t1]; a1 != 0; a1 &= a1 - 1 {
					v1 := v0 + val[1][t1][bits.TrailingZeros8(a1)]
					if w := v1 + tb.best[2][t2]; w < least {
						lo = max(lo, w)
						continue
					}
					for a2 := tb.alive[2][t2]; a2 != 0; a2 &= a2 - 1 {
						v := v1 + val[2][t2][bits.TrailingZeros8(a2)]
						if v < least {
							lo = max(lo, v)
							continue
						}
						hi = min(hi, v)
						if n >= limit {
							tb.countAt, tb.countN, tb.countCapped, tb.countHi = tb.version, n, true, hi
							return n
						}
						n++
					}
				}
			}
		}
	}
	tb.countAt, tb.countN, tb.countCapped, tb.countLo, tb.countHi = tb.version, n, false, lo, hi
	return n
}

// sortPatterns orders patterns by decreasing gain, ties by their placements band by band: an
// order the sorting algorithm does not choose, so that a port with another sort searches alike.
func sortPatterns(list []pattern) {
	slices.SortFunc(list, func(a, b pattern) int {
		if c := cmp.Compare(b.v, a.v); c != 0 {
			return c
		}
		return slices.Compare(a.pl[:], b.pl[:])
	})
}

// markBest counts the cells of the best pattern in tb into covered. bestPattern must have
// found it since tb's best gains last changed.
func (tb *bandTable) markBest(covered *[cells]int8) {
	for b, t := range tb.pick {
		for a := tb.alive[b][t]; a != 0; a &= a - 1 {
			k := bits.TrailingZeros8(a)
			if tb.val[b][t][k] == tb.best[b][t] {
				for _, l := range placeCells[t][k] {
					covered[bandCells*b+int(l)]++
				}
				break
			}
		}
	}
}

// markCover sets in cover the cells that the free patterns in tb worth at least least cross: a
// placement of a triple counts when it and the best of the other two bands that fit with that
// triple reach least. The placements that count are the same for every least above the most
// of those that do not (lo) up to the least of those that do (hi), so the table keeps the cover
// with that range: a least within it, the next pass's or a child's, finds it marked.
func (s *solver) markCover(tb *bandTable, least float64, cover *[bands]uint32) {
	if tb.coverKnown && tb.coverLo < least && least <= tb.coverHi {
		*cover = tb.cover
		return
	}
	lo, hi := math.Inf(-1), math.Inf(1)
	vals := tb.val
	for b := 0; b < bands; b++ {
		var m uint32
		rest, best, alive, bval := &tb.rest[b], &tb.best[b], &tb.alive[b], &vals[b]
		for lv := tb.live[b]; lv != 0; lv &= lv - 1 {
			t := bits.TrailingZeros32(lv)
			if t >= triples {
				break // never: live holds triples only; it spares the checks below
			}
			r := rest[t]
			top := best[t] + r
			if top < least {
				lo = max(lo, top) // the best of the triple's placements, and so the most
				continue
			}
			pm, a := &placeMask[t], alive[t]
			if a&(a-1) == 0 {
				// One placement: its gain is the triple's best, and it counts.
				m |= pm[bits.TrailingZeros8(a)]
				hi = min(hi, top)
				continue
			}
			val := &bval[t]
			for ; a != 0; a &= a - 1 {
				k := bits.TrailingZeros8(a)
				if k >= orders {
					break // never: alive holds orders only
				}
				if v := val[k] + r; v >= least {
					m |= pm[k]
					hi = min(hi, v)
				} else {
					lo = max(lo, v)
				}
			}
		}
		cover[b] = m
	}
	tb.cover, tb.coverLo, tb.coverHi, tb.coverKnown = *cover, lo, hi, true
}

// bestSplit returns the gains of the best patterns in tb through band cell l of band b and
// avoiding it, each barred when there is none, as split finds them once for each version.
func (tb *bandTable) bestSplit(b, l int) (through, avoiding float64) {
	if tb.splitAt != tb.version {
		tb.splitAt, tb.splitDone = tb.version, [bands]uint32{}
	}
	if tb.splitDone[b]>>l&1 != 0 {
		return tb.splitThrough[b][l], tb.splitAvoiding[b][l]
	}
	through, avoiding = tb.split(b, l)
	tb.splitDone[b] |= 1 << l
	tb.splitThrough[b][l], tb.splitAvoiding[b][l] = through, avoiding
	return through, avoiding
}

// split returns the gains of the best patterns in tb through band cell l of band b and
// avoiding it, each barred when there is none. rest must be as bestPattern left it: the other
// two bands add the same beside a triple whichever of its placements band b takes, so one pass
// over band b's triples gives both, and no combination of the three bands is walked.
func (tb *bandTable) split(b, l int) (through, avoiding float64) {
	through, avoiding = barred, barred
	kill, ko := killTripleMask[l], killOrders[l]
	rest, best, alive, bval := &tb.rest[b], &tb.best[b], &tb.alive[b], &tb.val[b]
	// The triples that do not take the cell's column avoid it with all their placements: a
	// loop of their own spares the others' test of the column.
	for m := tb.live[b] &^ kill; m != 0; m &= m - 1 {
		t := bits.TrailingZeros32(m)
		if t >= triples {
			break // never: live holds triples only; it spares the checks below
		}
		if r := rest[t]; r >= barred/2 { // else no placements of the other bands fit beside t
			avoiding = max(avoiding, best[t]+r)
		}
	}
	for m := tb.live[b] & kill; m != 0; m &= m - 1 {
		t := bits.TrailingZeros32(m)
		if t >= triples {
			break // never: live holds triples only; it spares the checks below
		}
		r := rest[t]
		if r < barred/2 {
			continue // no placements of the other bands fit beside t
		}
		a := alive[t]
		if a&ko == 0 {
			avoiding = max(avoiding, best[t]+r)
			continue
		}
		val := &bval[t]
		for k := a & ko; k != 0; k &= k - 1 {
			through = max(through, val[bits.TrailingZeros8(k)]+r)
		}
		v := barred
		for k := a &^ ko; k != 0; k &= k - 1 {
			v = max(v, val[bits.TrailingZeros8(k)])
		}
		if v > barred/2 {
			avoiding = max(avoiding, v+r)
		}
	}
	return through, avoiding
}

// ----- The proof's search: the descent from the top, a node, its propagation and its branching.

// held marks a cell of proofState.hold taken by a placed digit.
const held = 10

// proofState is the search's state besides the solver's.
type proofState struct {
	hold   [cells]uint8   // 0: free; d+1: kept for digit d, not yet placed; held: placed
	pi     [cells]float64 // the multipliers of the open cells; 0 elsewhere
	digit  [cells]int     // the digit placed in each cell held
	budget int
	// grace's estimate: the top levels counted (0 when this search may not run past its
	// budget), proofNodes when it began, and per top level of the path (the first depth), the
	// children its node began before the one the path takes, of how many.
	graceLevels int
	started     int
	done, of    [maxGraceLevels]int
	depth       int
	stallAt     int      // proofNodes at which stalled reads the share done; 0 when this search is not checked
	wadeAt      int      // proofNodes at which wading reads the share done; 0 when this search is not checked
	lateAt      int      // proofNodes at which a search that met a completion late stops: see wading
	dryAt       int      // proofNodes at which a search that has met no completion stops: see wading
	last        bool     // this search is the root's first descent's last: grace may let it run past its budget
	restartAt   int      // proofNodes at which restartDue reads the share done; 0 when this search is not checked
	cut         bool     // restartDue cut this search: descend restarts it under new multipliers
	floor       int      // completions must beat this as well as the best score
	top         int      // a completion scoring this ends the search: none scores more, or a probe needs no more
	levels      []*level // each level of the search's storage, made when first reached
	// The digits that may take each open cell, by increasing reduced cost, then -1: the first
	// not yet placed is the least the cell must still spend. The costs stay fixed in a descent.
	cheapest [cells][10]int8
	// hold as band bit sets, for blocked: cells held, cells kept, and kept for each digit.
	// setHold keeps them in step with hold.
	heldSet, keptSet [bands]uint32
	keptFor          [9][bands]uint32
	openSet          [bands]uint32 // the open cells of the descent's root
	versions         uint64        // the last version given to a table
}

// level is the storage of one node of the search by patterns.
type level struct {
	tables [9]bandTable // the tables of the digits left
	vals   *[9]gains    // the gains their tables read, when this level computes them afresh
	must   [9]mustCells // the cells each digit must take
	list   []pattern    // the patterns to try
	kept   [cells]uint8 // the cells this node kept for one digit, to free on return
	nkept  int          // how many
	// The node's openBound: a child that keeps a cell and tunes nothing shares it.
	openWorth float64
	// Per digit, the cover whose units keepInUnits last kept cells in, at this node or, for a
	// child that only keeps a cell, its parent: the same cover would keep none.
	inUnits [9][bands]uint32
	// The least each free cell must still spend (leastCost), for rowsRefute: in ownLeast, or
	// the parent's for a child that only keeps a cell.
	least    *[cells]float64
	ownLeast [cells]float64
	// The sum of what the cells neither taken nor given must still spend: least of the free
	// cells, the reduced cost of the kept ones, as rowsRefute found it and keep changes it.
	// Summed in another order, or carried from the parent, it may differ from rowsRefute's by
	// rounding: it only spares the sum when far from the cut (leastSlack).
	leastSum float64
	// The table of each digit left: its own in tables, or its parent's while narrowing has
	// struck nothing from it, which stays read-only then.
	tab [9]*bandTable
}

// countSlack is how far above least the least gain markCover counted must lie for countAtLeast to
// count its placements' patterns without walking them: far more than the rounding of a
// pattern's gain added in another order.
const countSlack = 1e-6

// leastSlack is how far from left a level's leastSum must lie to settle rowsRefute's test without
// the sum: far more than the rounding of the sums' few hundred terms.
const leastSlack = 1e-6

// mustCells are the cells a digit must take, at most one in each row.
type mustCells struct {
	cell [9]uint8      // per row, the cell plus one; 0 for none
	rest [bands]uint32 // the other cells of those rows, as band bit sets
}

// set records that the digit must take cell x; x's row must have no other such cell.
func (m *mustCells) set(x int) {
	m.cell[x/9] = uint8(x + 1)
	m.rest[x/bandCells] |= bandRowMask[x%bandCells/9] &^ cellBit[x]
}

// setHold sets cell x's hold to h, and its bit in heldSet, keptSet and keptFor.
func (ps *proofState) setHold(x int, h uint8) {
	b, bit := x/bandCells, cellBit[x]
	switch old := ps.hold[x]; old {
	case 0:
	case held:
		ps.heldSet[b] &^= bit
	default:
		ps.keptSet[b] &^= bit
		ps.keptFor[old-1][b] &^= bit
	}
	switch h {
	case 0:
	case held:
		ps.heldSet[b] |= bit
	default:
		ps.keptSet[b] |= bit
		ps.keptFor[h-1][b] |= bit
	}
	ps.hold[x] = h
}

// keepCell keeps the free cell x for digit d: setHold(x, d+1), knowing x free.
func (ps *proofState) keepCell(x, d int) {
	b, bit := x/bandCells, cellBit[x]
	ps.keptSet[b] |= bit
	ps.keptFor[d][b] |= bit
	ps.hold[x] = uint8(d + 1)
}

// freeCell frees the cell x kept for a digit: setHold(x, 0), knowing x kept.
func (ps *proofState) freeCell(x int) {
	b, bit := x/bandCells, cellBit[x]
	ps.keptSet[b] &^= bit
	ps.keptFor[ps.hold[x]-1][b] &^= bit
	ps.hold[x] = 0
}

// openBound returns worth plus the multipliers of the cells not held: a node's bound less its
// digits' best patterns.
func (ps *proofState) openBound(worth float64) float64 {
	bound := worth
	for b := 0; b < bands; b++ {
		pi := ps.pi[bandCells*b:][:bandCells]
		for m := ^ps.heldSet[b] & allBand; m != 0; m &= m - 1 {
			bound += pi[bits.TrailingZeros32(m)]
		}
	}
	return bound
}

// blocked returns the cells digit d may not take, as band bit sets: those taken or kept for
// another digit, and in each row where d must take a cell, the others.
func (ps *proofState) blocked(d int, must *mustCells) [bands]uint32 {
	// Band by band, unrolled, with d's row found once: in a loop the compiler checks d at
	// each band.
	kept, own := &ps.keptSet, &ps.keptFor[d]
	return [bands]uint32{
		ps.heldSet[0] | kept[0]&^own[0] | must.rest[0],
		ps.heldSet[1] | kept[1]&^own[1] | must.rest[1],
		ps.heldSet[2] | kept[2]&^own[2] | must.rest[2],
	}
}

// descend searches by patterns for the best score from the top down: it aims at the highest
// scores not yet refuted, and when a search that ends within the budget finds nothing there,
// those scores are refuted and it aims lower. It aims at one score first, then at strides that
// grow strideGrowth-fold, down to one above the best score. A search for one score ends at its
// first completion, the best; a stride's search goes on past its completions, each raising the
// score to beat, so when it ends within the budget its best is the answer. One point at a time
// pays at the top: each target's search holds only the nodes whose bound reaches it, while one
// search straight above a low best score wades through every node above it. Below the top the
// strides pay: a search that starts under the answer meets completions early and climbs from
// there, where a search for the answer alone may wander long before it meets one. Each search
// spends what is left of budget; the scores refuted stay refuted for the next call. It reports
// false when it ran out of budget, after probeBelow.
func (s *solver) descend(budget int) bool {
	ps := &s.proof
	bound, ok := s.startDescent()
	if !ok {
		return true
	}
	top := min(int(math.Floor(bound+eps)), s.refuted-1)
	if s.best == math.MinInt {
		// With no score yet the targets have no end: one search looks for any completion.
		// Every completion scores above 0; a floor far below that would send the steps that
		// tune the multipliers, which aim at the floor, to magnitudes that read as barred.
		ps.floor, ps.top, ps.budget = 0, top, budget
		s.place(0, 0, 0, 0, -1)
		return ps.budget >= 0 || s.testDone
	}
	restarts := 0 // the searches restarted under new multipliers: see restartDue
	for stride := s.firstStride(); top > s.best; {
		low := max(top-stride+1, s.best+1)
		ps.floor, ps.top, ps.budget = low-1, top, budget
		ps.graceLevels, ps.started, ps.depth, ps.stallAt = 0, s.stats.proofNodes, 0, 0
		ps.last, ps.restartAt, ps.cut, ps.wadeAt, ps.lateAt, ps.dryAt = false, 0, false, 0, 0, 0
		if s.graceLeft && low-1 == s.best { // the last search: its end settles the root
			ps.graceLevels, ps.last = min(s.tuning.graceLevels, maxGraceLevels), true
		} else if s.graceLeft && stride == 1 { // the first search, at the bound's integer alone: see stalled
			ps.graceLevels = min(s.tuning.graceLevels, maxGraceLevels)
			ps.stallAt = ps.started + s.tuning.stallNodes
		}
		if s.graceLeft && s.givenCount < s.tuning.restartGivens && s.tuning.wadeNodes < budget {
			ps.graceLevels = min(s.tuning.graceLevels, maxGraceLevels)
			ps.wadeAt = ps.started + s.tuning.wadeNodes
			if s.tuning.wadeDry < budget {
				ps.dryAt = ps.started + s.tuning.wadeDry
			}
		}
		if nodes := s.restartNodes(restarts); nodes > 0 && nodes < budget {
			ps.graceLevels = min(s.tuning.graceLevels, maxGraceLevels)
			ps.restartAt = ps.started + nodes
		}
		s.place(0, 0, 0, 0, -1)
		ps.graceLevels, ps.stallAt, ps.restartAt, ps.wadeAt, ps.lateAt, ps.dryAt = 0, 0, 0, 0, 0, 0
		if s.testDone {
			return true // the linear program's root settled the root: see linearTest
		}
		if ps.cut {
			// The same targets again under new multipliers, with the rest of the budget.
			budget -= s.stats.proofNodes - ps.started
			restarts++
			if !s.retune(restarts) {
				return true
			}
			if bound, ok = s.startDescent(); !ok {
				return true
			}
			if top = min(top, int(math.Floor(bound+eps))); top <= s.best {
				return true
			}
			continue
		}
		if ps.budget < 0 {
			s.probeBelow(low)
			return s.testDone
		}
		if s.best >= low {
			return true // the scores above it were refuted before, or by this search
		}
		budget, s.refuted = ps.budget, low
		top = low - 1
		stride *= s.tuning.strideGrowth
	}
	return true
}

// startDescent prepares the search by patterns under the patterns' current multipliers: the
// open cells' multipliers and cheapest digits. It returns the patterns' bound, or false when
// some digit has no pattern left.
func (s *solver) startDescent() (float64, bool) {
	p, ps := &s.pat, &s.proof
	s.preparePatterns()
	bound, ok := s.bestPatterns()
	if !ok {
		return bound, false
	}
	s.descentBound = bound
	ps.openSet = [bands]uint32{}
	for x := 0; x < cells; x++ {
		ps.setHold(x, 0)
		ps.pi[x] = 0
		if s.active[x] {
			ps.pi[x] = p.pi[x]
			ps.openSet[x/bandCells] |= cellBit[x]
			s.sortCheapest(x)
		}
	}
	return bound, true
}

// restartSteps are the first step sizes, as multiples of patternStep, of the patterns' steps
// that retune takes for the first restart, the second, and so on round.
var restartSteps = [...]float64{2, 0.5}

// restartNodes is the node at which a search of the root's first descent on a grid of at least
// restartGivens givens reads the share of its tree done (restartDue), after restarts restarts:
// restartNodes, doubling at each restart, up to restartTries restarts; 0 when it is not
// checked. The descent's tree swings tenfold with small changes of the patterns' multipliers,
// which leave the bound the same within hundredths, and a search that has done little of its
// tree by then most often has a long way to go.
func (s *solver) restartNodes(restarts int) int {
	if !s.graceLeft || s.givenCount < s.tuning.restartGivens || restarts >= s.tuning.restartTries {
		return 0
	}
	return s.tuning.restartNodes << restarts
}

// restartDue reports, at a search's restartNodes-th node, whether one score is left for it to
// refute (it aims at one score, or its completions leave one above them) and less than
// restartShare of its tree is done; the search is then cut, and descend searches that score
// again under the multipliers retune finds. A search with several scores left refutes them at
// once: on the adversarial family those read so at their 400th node ended within 1,600 nodes
// under the multipliers they had, and their restarts only added to that (bench/HISTORY.md,
// restartNodes).
func (s *solver) restartDue() bool {
	ps := &s.proof
	return ps.top == max(s.best, ps.floor)+1 && ps.shareDone() < s.tuning.restartShare
}

// retune tunes the patterns' multipliers again from zero for the restarts-th restart, with the
// first step size restartSteps gives: the bound they reach is as tight within hundredths, the
// descent's tree under them most often far from the last one's. It reports false when the steps
// settled the root (see patternTighten).
func (s *solver) retune(restarts int) bool {
	step := s.tuning.patternStep
	defer func() { s.tuning.patternStep = step }()
	s.pat.pi = [cells]float64{}
	s.tuning.patternStep = step * restartSteps[(restarts-1)%len(restartSteps)]
	return s.patternTighten(s.tuning.rootPatternRounds)
}

// maxGraceLevels bounds the tuning's graceLevels: the levels proofState keeps for grace.
const maxGraceLevels = 16

// grace lets the last search of the root's first descent, the one whose end settles the root
// (its floor the best score), run past its budget once, by graceLimit nodes, when Knuth's
// estimate of its tree says it needs at most half of them more. The share of the tree done is
// read off the path's top graceLevels levels: each child begun before the path's heads a share
// of its parent's subtree (one over the parent's children), and the nodes spent over the share
// done estimate the whole. Where the estimate says so at the budget's end, the search had
// nearly finished and the linear program, which then settled the root, spent far more; the
// searches above the best score are left alone, since their end only refutes a target and the
// next one starts with nothing left (the first search counts its levels for stalled only). It
// reports whether it granted the nodes.
func (s *solver) grace() bool {
	ps := &s.proof
	if ps.graceLevels == 0 || !ps.last {
		return false
	}
	spent := float64(s.stats.proofNodes - ps.started)
	done := ps.shareDone()
	if done <= 0 || spent/done-spent > float64(s.tuning.graceLimit)/2 {
		return false
	}
	ps.graceLevels, s.graceLeft = 0, false
	ps.budget += s.tuning.graceLimit
	return true
}

// shareDone is the share of the search's tree done, as Knuth's estimate reads it off the path's
// top graceLevels levels (knuthShare).
func (ps *proofState) shareDone() float64 {
	return knuthShare(ps.done[:ps.depth], ps.of[:ps.depth])
}

// knuthShare is the share of a search's tree done before the path it is on, as Knuth's estimate
// reads it: each child begun before the path's head at a level, done[l] of that level's of[l], a
// share of its parent's subtree, one over the parent's children.
func knuthShare[T int | int8](done, of []T) float64 {
	sum, share := 0.0, 1.0
	for l := range done {
		sum += share * float64(done[l]) / float64(of[l])
		share /= float64(of[l])
	}
	return sum
}

// stalled reports, at the stallNodes-th node of the root's first descent's first search (the
// one at the bound's integer alone, when it is not also the last; where firstStride makes the
// first span wideStride scores, it is not checked), whether less than stallShare of its tree
// is done; the search is then cut as if its budget had run out, and the probes below
// its target hand the linear program a score a point or two under it. Since the first search
// spans three scores from 6 givens (firstStride), the rule reads grids of at most 5 givens (and
// of 17 or more, where restartDue reads the same node): on the adversarial family 24 such
// searches reach their 400th node, the 11 that run out in vain having done 0.01 to 0.125 of
// their tree by then, the 13 that end within the budget 0.11 to 0.31; cut below 0.3, 11 of those
// 13 are cut, 8 of them for less work, the probes and the program settling them from the score
// below (bench/HISTORY.md, stallNodes).
func (s *solver) stalled() bool {
	return s.proof.shareDone() < s.tuning.stallShare
}

// wading reports, at the wadeNodes-th node of a search of the root's first descent on a grid of
// fewer than restartGivens givens (from there a search left with one score restarts instead:
// restartDue), whether the search has met a completion and done less than wadeShare of its
// tree; the search is then cut as if its budget had run out, and the linear program refutes the
// scores left above the completion. On the adversarial family's slowest inputs of 3 to 7 givens
// a stride meets the answer within its first hundred nodes, then spends the rest of its 3,000 in
// vain on the one or two scores above it, 0.02 or less of its tree done at its 1,500th node; of
// the strides that meet a completion and end past that node, the most have done more by then
// (0.07 to 0.69), and the few that have not cost the linear program less than the slowest of
// their class of givens. A search that meets a completion at or after its wadeLate-th node
// (1,000) stops wadeRest nodes (500) after it, whatever its share: the family's four strides
// that meet their answer that late read a third done or more and all run out in vain, while
// those that end after their completion met it by their 753rd node. A search that has met no
// completion by its wadeDry-th node (2,000) stops there: of the family's searches so read, those
// that end within the budget all met one by their 1,892nd node, and the three that had met none
// by their 2,000th ran out in vain (bench/HISTORY.md, wadeNodes).
func (s *solver) wading() bool {
	return s.best > s.proof.floor && s.proof.shareDone() < s.tuning.wadeShare
}

// firstStride is the scores descend's first search aims at: one, or wideStride (4) on a grid of
// at least wideGivens (24) givens, or wideFewStride (3) on a grid of wideFewGivens (6) to
// wideFewBelow-1 (16). From 24 givens four scores rather than three took the slowest inputs of
// the adversarial family, whose descents refute the scores above the answer stride by stride,
// from 36.8 and 26.2 million instructions to 22.2 and 12.8, and the slowest there from 36.8 to
// 24.2 (bench/HISTORY.md, wideStride). There the answer often
// lies two or more below the bound's integer (on the slowest such inputs of the adversarial
// family, two), and a search for the top score alone, then one for the stride below it, holds
// most nodes twice, where one search over three scores meets a completion early and climbs from
// there: on the family's slowest inputs of 6 and 7 givens, the search for the top score ended
// within a hundred nodes, the stride below it met the answer early and ran out of its budget on
// the score above it, and the linear program then refuted that score for half of the whole
// work. Not on a grid of at most 5 givens, where the root's aim runs and a first stride of three
// moved the work by factors either way, more in all; nor from restartGivens (17) to wideGivens,
// where a search left with one score restarts under new multipliers (restartDue), and the
// one-score first search pays (bench/HISTORY.md, wideFewGivens).
func (s *solver) firstStride() int {
	switch g := s.givenCount; {
	case g >= s.tuning.wideGivens:
		return s.tuning.wideStride
	case g >= s.tuning.wideFewGivens && g < s.tuning.wideFewBelow:
		return s.tuning.wideFewStride
	}
	return 1
}

// probeBelow looks for a completion a point or three below target, the lowest score of a search
// that ran out, stopping at the first it finds, within descentProbeLimit nodes each (150: on the
// adversarial family a probe's nodes past its 150th changed nothing after it): the searches
// after the descent start from a better score, which hides more options and prunes the linear
// program's tree.
func (s *solver) probeBelow(target int) {
	ps := &s.proof
	for k := 2; k <= 2*s.tuning.descentProbes; k += 2 {
		if s.best > target-k || s.testDone {
			return
		}
		ps.floor, ps.top, ps.budget = target-k, target-k+1, s.tuning.descentProbeLimit
		s.place(0, 0, 0, 0, -1)
	}
}

// sortCheapest sets the proof's cheapest digits of the open cell x under the rows' reduced costs.
func (s *solver) sortCheapest(x int) {
	list := &s.proof.cheapest[x]
	n := 0
	for d := int8(0); d < 9; d++ {
		if !s.pat.allowed[d][x] {
			continue
		}
		c := s.reduced.of[x*9+int(d)]
		i := n
		for ; i > 0 && s.reduced.of[x*9+int(list[i-1])] > c; i-- {
			list[i] = list[i-1]
		}
		list[i] = d
		n++
	}
	list[n] = -1
}

// leastCost is the least reduced cost of the digits cell x allows that are not in placed, or
// +Inf when there is none. sortCheapest must have sorted x's digits under the costs.
func (s *solver) leastCost(x int, placed uint16) float64 {
	for _, d := range &s.proof.cheapest[x] {
		if d < 0 {
			break
		}
		if placed&(1<<d) == 0 {
			return s.reduced.of[x*9+int(d)]
		}
	}
	return math.Inf(1)
}

// place extends the digits placed (the set bits of placed), worth worth in all and spending
// spent of the rows' reduced costs, with the rest. It cuts the node when the rows' reduced
// costs leave no room (rowsRefute), propagates (propagate), chooses how to branch
// (chooseBranch) and branches: over a digit's patterns (branchOnPatterns) or over the digits
// that may take a cell (branchOnCell). kept, when not -1, is the cell the parent kept for one
// digit (its hold says which).
func (s *solver) place(placed uint16, worth, spent float64, lv, kept int) {
	ps := &s.proof
	s.stats.proofNodes++
	if s.stats.proofNodes == s.testAt && s.linearTest() {
		s.testDone, ps.budget, ps.graceLevels = true, 0, 0 // the search stops here, without grace
	}
	if s.stats.proofNodes == ps.stallAt && s.stalled() {
		ps.budget = 0 // the search stops here, as when its budget runs out
	}
	if (s.stats.proofNodes == ps.wadeAt && s.wading()) || s.stats.proofNodes == ps.lateAt ||
		(s.stats.proofNodes == ps.dryAt && s.best <= ps.floor) {
		ps.budget = 0 // the search stops here, as when its budget runs out
	}
	if s.stats.proofNodes == ps.restartAt && s.restartDue() {
		ps.budget, ps.cut = 0, true // the search stops here, to start again under new multipliers
	}
	if ps.budget--; (ps.budget < 0 && !s.grace()) || s.best >= ps.top {
		return
	}
	if placed == 1<<9-1 {
		if ps.wadeAt != 0 && s.stats.proofNodes-ps.started >= s.tuning.wadeLate {
			ps.lateAt = s.stats.proofNodes + s.tuning.wadeRest // met late: see wading
		}
		s.record(&ps.digit)
		return
	}
	cut := float64(max(s.best, ps.floor)) + 1 - eps
	L, parent := ps.enter(lv)
	defer L.freeKept(ps)
	if s.rowsRefute(L, parent, kept, placed, spent, cut) {
		return
	}
	if kept >= 0 {
		must := &L.must[ps.hold[kept]-1]
		if m := must.cell[kept/9]; m != 0 && m != uint8(kept+1) {
			return
		}
		must.set(kept)
	}
	fresh := parent == nil || lv <= s.tuning.tuneLevels // whether the tables must be built from the placements
	if fresh && L.vals == nil {
		L.vals = new([9]gains)
	}
	if lv > 0 && lv <= s.tuning.tuneLevels {
		saved := ps.pi
		defer func() { ps.pi = saved }()
		if !s.tune(placed, worth, cut, L) {
			return
		}
	}
	if kept >= 0 && lv > s.tuning.tuneLevels {
		L.openWorth = parent.openWorth // the same cells held, under the same multipliers
	} else {
		L.openWorth = ps.openBound(worth)
	}
	if kept >= 0 {
		L.inUnits = parent.inUnits
	} else {
		L.inUnits = noCovers
	}
	var nd propagation
	if !s.propagate(&nd, L, parent, fresh, placed, cut) {
		return
	}
	br, ok := s.chooseBranch(&nd, L, placed, cut, s.branchWidth(lv))
	switch {
	case !ok:
	case br.digit < 0:
		s.branchOnCell(&br, placed, worth, spent, lv)
	default:
		s.branchOnPatterns(&nd, L, br.digit, placed, worth, spent, cut, lv)
	}
}

// rowsRefute reports whether the rows' bound less the reduced costs spent, and less the least
// the free cells must still spend, falls below cut: then no completion below the node does. A
// node that places a pattern, or the root, records each free cell's least in its level; a child
// that only keeps a cell, with the same digits placed and fewer cells free, reads its parent's.
func (s *solver) rowsRefute(L, parent *level, kept int, placed uint16, spent, cut float64) bool {
	ps := &s.proof
	shared := kept >= 0
	if shared {
		L.least = parent.least
	} else {
		L.least = &L.ownLeast
	}
	leastOf := L.least
	left := s.bound - spent - cut
	if left < 0 {
		return true
	}
	if shared {
		// The parent's sum, with the cell kept: far from left either way, it settles the test
		// as the sum below would (the costs are never negative, so left only falls as it goes).
		sum := parent.leastSum - leastOf[kept] + s.reduced.of[kept*9+int(ps.hold[kept])-1]
		if left-sum > leastSlack {
			L.leastSum = sum
			return false
		}
		if left-sum < -leastSlack {
			return true
		}
	}
	start := left
	hold, of := &ps.hold, &s.reduced.of // in locals: the compiler reloads fields in loops
	for b := 0; b < bands; b++ {
		for m := ps.openSet[b] &^ ps.heldSet[b]; m != 0; m &= m - 1 {
			x := bandCells*b + bits.TrailingZeros32(m)
			if x >= cells {
				break // never: the sets hold band cells only; it spares the checks below
			}
			var least float64
			if h := hold[x]; shared {
				// A kept cell's cost or the parent's least (the port chooses the address
				// without a branch; Go's compiler keeps one either way).
				least = leastOf[x]
				if h != 0 {
					least = of[x*9+int(h)-1]
				}
			} else if h != 0 {
				least = of[x*9+int(h)-1]
			} else {
				least = s.leastCost(x, placed)
				leastOf[x] = least
			}
			if left -= least; left < 0 {
				return true
			}
		}
	}
	L.leastSum = start - left
	return false
}

// enter returns the storage of level lv, made when first reached, with the cells its digits
// must take copied from its parent's, and the parent's; none for the root.
func (ps *proofState) enter(lv int) (L, parent *level) {
	for len(ps.levels) <= lv {
		ps.levels = append(ps.levels, new(level))
	}
	L = ps.levels[lv]
	L.nkept = 0
	if lv > 0 {
		parent = ps.levels[lv-1]
		L.must = parent.must
	} else {
		L.must = [9]mustCells{}
	}
	return L, parent
}

// freeKept frees the cells the level kept for one digit, as it returns.
func (L *level) freeKept(ps *proofState) {
	for _, x := range L.kept[:L.nkept] {
		ps.freeCell(int(x))
	}
}

// tune takes subgradient steps on the free cells' multipliers at a node of the search by
// patterns, where the cells taken and kept have unsettled them, and keeps the best. It
// reports false when the node cannot beat cut.
func (s *solver) tune(placed uint16, worth, cut float64, L *level) bool {
	ps := &s.proof
	best, bestPi := math.Inf(1), ps.pi
	theta := s.tuning.patternStep
	for round := 0; round < s.tuning.tuneRounds; round++ {
		s.stats.tuneRounds++
		bound := worth
		for x := 0; x < cells; x++ {
			if ps.hold[x] != held {
				bound += ps.pi[x]
			}
		}
		var covered [cells]int8
		for d := 0; d < 9; d++ {
			if placed&(1<<d) != 0 {
				continue
			}
			tb := &L.tables[d]
			var v float64
			if round == 0 {
				v = s.table(d, tb, &L.must[d], &L.vals[d])
			} else {
				v = s.revalue(d, tb) // the same placements under new multipliers
			}
			if v < barred/2 {
				return false
			}
			bound += v
			tb.markBest(&covered)
		}
		if bound < best {
			best, bestPi = bound, ps.pi
		} else {
			theta /= 2
		}
		if bound < cut {
			return false
		}
		norm := 0.0
		for x := 0; x < cells; x++ {
			if ps.hold[x] != held && s.active[x] {
				g := float64(1 - covered[x])
				norm += g * g
			}
		}
		if norm == 0 {
			break
		}
		// Aim a point below the cut: aiming at it would take tiny steps when the bound is close.
		step := theta * (bound - cut + 1) / norm
		for x := 0; x < cells; x++ {
			if ps.hold[x] != held && s.active[x] {
				ps.pi[x] -= step * float64(1-covered[x])
			}
		}
	}
	ps.pi = bestPi
	return true
}

// propagation is what propagate works out at a node of the search by patterns, and leaves for
// the choice of branch.
type propagation struct {
	bound      float64          // the node's bound: the open cells' multipliers, worth, and bestFree
	bestFree   [9]float64       // each digit's best free pattern
	cover      [9][bands]uint32 // per digit, the cells its patterns worth trying cross
	open       [bands]uint32    // the cells neither held nor kept
	coverLeast [9]float64       // the least each digit's cover was marked for
	stale      uint16           // the digits whose tables the last pass's kept cells narrow
	kept       [bands]uint32    // the cells this pass kept
	conflict   bool             // this pass kept a cell for two digits, or two cells of a row for one
}

// propagate narrows the digits' tables to the node and keeps cells for digits until nothing
// changes: a digit's patterns worth trying are those that keep the bound at cut or above; every
// free cell needs one of them to cross it, and a cell only one digit's can cross is kept for
// that digit, which narrows its placements and lowers its best; a digit whose patterns all
// cross one cell of a row, column or box takes that cell too, and the other digits lose it. It
// reports false when that refutes the node.
func (s *solver) propagate(nd *propagation, L, parent *level, fresh bool, placed uint16, cut float64) bool {
	ps := &s.proof
	for pass := 0; ; pass++ {
		if !s.boundDigits(nd, L, parent, fresh, placed, cut, pass) {
			return false
		}
		once, twice := s.markCovers(nd, L, placed, cut, pass)
		nd.kept, nd.conflict = [bands]uint32{}, false
		// Every cell not yet held needs a digit to cross it, and a cell only one digit crosses
		// is kept for it, in the order of the cells.
		for b := 0; b < bands; b++ {
			if ^ps.heldSet[b]&allBand&^once[b] != 0 {
				return false
			}
			nd.open[b] = ^(ps.heldSet[b] | ps.keptSet[b]) & allBand
			for m := nd.open[b] & once[b] &^ twice[b]; m != 0; m &= m - 1 {
				l, d := bits.TrailingZeros32(m), 0
				for nd.cover[d][b]&(1<<l) == 0 {
					d++
				}
				if s.keep(nd, L, d, bandCells*b+l); nd.conflict {
					return false
				}
			}
		}
		if !s.keepInUnits(nd, L, placed) || nd.conflict {
			return false
		}
		// The digits whose covers cross the cells kept: the covers stay as markCovers left them.
		k0, k1, k2 := nd.kept[0], nd.kept[1], nd.kept[2]
		if k0|k1|k2 == 0 {
			return true
		}
		stale := uint16(0)
		for e := range nd.cover {
			if c := &nd.cover[e]; c[0]&k0|c[1]&k1|c[2]&k2 != 0 {
				stale |= 1 << e
			}
		}
		nd.stale = stale
	}
}

// boundDigits sets each digit's best free pattern at the node, from its table narrowed to the
// node's holds (or built afresh when fresh, at the first pass), and the node's bound, the level's
// openWorth plus them, and reports false when that refutes the node.
func (s *solver) boundDigits(nd *propagation, L, parent *level, fresh bool, placed uint16, cut float64, pass int) bool {
	tables := &L.tables
	nd.bound = L.openWorth
	for d := 0; d < 9; d++ {
		if placed&(1<<d) != 0 {
			continue
		}
		switch {
		case pass > 0 && nd.stale&(1<<d) == 0:
			// Its table only holds placements over cells now kept for another digit:
			// still a bound, and the nodes below narrow it.
		case pass > 0:
			L.tab[d], nd.bestFree[d] = s.narrow(d, &tables[d], L.tab[d], &L.must[d])
		case !fresh:
			L.tab[d], nd.bestFree[d] = s.narrow(d, &tables[d], parent.tab[d], &L.must[d])
		default:
			nd.bestFree[d] = s.table(d, &tables[d], &L.must[d], &L.vals[d])
			L.tab[d] = &tables[d]
		}
		if nd.bestFree[d] < barred/2 {
			return false
		}
		nd.bound += nd.bestFree[d]
	}
	return nd.bound >= cut
}

// markCovers marks each digit's cover, the cells its patterns worth trying cross, and returns
// the cells at least one digit crosses and those at least two do. A table the last pass left
// alone, under the same least, crosses the same cells: its cover is kept.
func (s *solver) markCovers(nd *propagation, L *level, placed uint16, cut float64, pass int) (once, twice [bands]uint32) {
	var o0, o1, o2, t0, t1, t2 uint32 // once and twice, band by band
	for d := 0; d < 9; d++ {
		if placed&(1<<d) != 0 {
			continue
		}
		if least := cut - (nd.bound - nd.bestFree[d]); pass == 0 || nd.stale&(1<<d) != 0 || least != nd.coverLeast[d] {
			s.markCover(L.tab[d], least, &nd.cover[d])
			nd.coverLeast[d] = least
		}
		// By band, in registers: the results are arrays, which the compiler keeps in memory.
		c := &nd.cover[d]
		t0, t1, t2 = t0|o0&c[0], t1|o1&c[1], t2|o2&c[2]
		o0, o1, o2 = o0|c[0], o1|c[1], o2|c[2]
	}
	return [bands]uint32{o0, o1, o2}, [bands]uint32{t0, t1, t2}
}

// keep keeps cell x for digit d, which the other digits that cross it lose. It marks a conflict
// when x is kept for another digit or d must take another cell of x's row.
func (s *solver) keep(nd *propagation, L *level, d, x int) {
	ps := &s.proof
	switch ps.hold[x] {
	case uint8(d + 1):
		return
	case 0:
	default:
		nd.conflict = true // kept for another digit in this pass
		return
	}
	if m := L.must[d].cell[x/9]; m != 0 && m != uint8(x+1) {
		nd.conflict = true
		return
	}
	L.must[d].set(x)
	ps.keepCell(x, d)
	L.leastSum += s.reduced.of[x*9+d] - L.least[x]
	L.kept[L.nkept] = uint8(x)
	L.nkept++
	nd.kept[x/bandCells] |= cellBit[x]
}

// keepInUnits keeps for each digit the cell its patterns worth trying all cross in a row,
// column or box, and reports false when in some unit they cross none. A cover whose units it
// has been through at the node, or at its parent when the node only keeps a cell, keeps no more
// cells: every cell it found is kept for the digit still, and it is skipped. Most cells it finds
// are kept for the digit already: keep is not called for those.
func (s *solver) keepInUnits(nd *propagation, L *level, placed uint16) bool {
	for d := 0; d < 9 && !nd.conflict; d++ {
		if placed&(1<<d) != 0 || nd.cover[d] == L.inUnits[d] {
			continue
		}
		L.inUnits[d] = nd.cover[d]
		c, kept := &nd.cover[d], &s.proof.keptFor[d]
		for b := 0; b < bands; b++ {
			for i := 0; i < 3; i++ {
				if m := c[b] & bandRowMask[i]; m&(m-1) == 0 {
					if m == 0 {
						return false
					}
					if m&kept[b] == 0 {
						s.keep(nd, L, d, bandCells*b+bits.TrailingZeros32(m))
					}
				}
				if m := c[b] & boxMask[i]; m&(m-1) == 0 {
					if m == 0 {
						return false
					}
					if m&kept[b] == 0 {
						s.keep(nd, L, d, bandCells*b+bits.TrailingZeros32(m))
					}
				}
			}
		}
		// The columns crossed at least once and at least twice: the bands added bit by bit,
		// then their three rows.
		crossed := c[0] | c[1] | c[2]
		crossedTwice := c[0]&c[1] | c[0]&c[2] | c[1]&c[2]
		r0, r1, r2 := crossed&0x1FF, crossed>>9&0x1FF, crossed>>18
		inCols := r0 | r1 | r2
		twiceInCols := r0&r1 | r0&r2 | r1&r2 | (crossedTwice|crossedTwice>>9|crossedTwice>>18)&0x1FF
		if inCols != 0x1FF {
			return false
		}
		// A column crossed once whose cell is kept for the digit already keeps nothing: the
		// columns with a crossed cell kept are left out (a keep below is in another column).
		k := c[0]&kept[0] | c[1]&kept[1] | c[2]&kept[2]
		keptCols := (k | k>>9 | k>>18) & 0x1FF
		for m := inCols &^ (twiceInCols | keptCols); m != 0; m &= m - 1 {
			col := bits.TrailingZeros32(m)
			for b := 0; b < bands; b++ {
				if x := c[b] & colMask[col]; x != 0 {
					s.keep(nd, L, d, bandCells*b+bits.TrailingZeros32(x))
					break
				}
			}
		}
	}
	return true
}

// branching is place's choice: over the patterns of digit or, when digit is -1, over the
// digits in takers at cell, by what their best patterns lose through it (loss).
type branching struct {
	digit  int
	cell   int
	takers uint16
	loss   [9]float64
}

// branchWidth is how many digits more than the fewest may cross the cells whose children
// branchCell bounds at level lv: branchWiden at the first branchWideLevels levels on a grid of
// branchWideGivens to branchWideBelow-1 givens, 0 elsewhere. There the cells one digit more
// crosses often hold one whose children fall below the score sought, or fewer of them reach
// it, and the tree shrinks by factors on the slowest inputs; deeper, and on other grids, the
// bounds of the more cells cost more than they save (bench/HISTORY.md, branchWiden).
func (s *solver) branchWidth(lv int) int {
	t := &s.tuning
	if lv >= t.branchWideLevels || s.givenCount < t.branchWideGivens || s.givenCount >= t.branchWideBelow {
		return 0
	}
	return t.branchWiden
}

// chooseBranch chooses how place branches: on the free cell with the fewest children that can
// reach cut (branchCell) among those the fewest digits cross, or up to widen digits more,
// unless a digit has at most as many patterns worth trying, or at most digitBranch; counting a
// digit's patterns stops once the cell is sure to win. It reports false when that refutes the
// node: a cell or a digit has no child that can. A digit with at most digitBranch patterns wins
// whatever the cells' children, so with digitFirst it is looked for first, and the cells'
// children are bounded only when there is none: the choice is the same but where bounding them
// would have refuted the node, and there the digit's few children are refuted in turn. On the
// slowest inputs of 24 givens nearly two thirds of the nodes that bounded the cells' children
// then branched on such a digit, for a seventh of the descent's instructions (bench/HISTORY.md,
// digitFirst).
func (s *solver) chooseBranch(nd *propagation, L *level, placed uint16, cut float64, widen int) (branching, bool) {
	br := branching{digit: -1, cell: -1}
	if s.tuning.digitFirst != 0 {
		if d, n := fewestPatterns(nd, L, placed, cut, s.tuning.digitBranch+1); d >= 0 {
			br.digit = d
			return br, n > 0
		}
	}
	among, choices := fewestCrossed(&nd.cover, placed, &nd.open, widen)
	if choices < 10 {
		s.stats.cellBounds++
		if br.cell, choices, br.takers, br.loss = branchCell(&L.tab, &nd.cover, &nd.bestFree, nd.bound, cut, placed, &among); br.cell < 0 {
			return br, false
		}
	}
	limit := math.MaxInt
	if br.cell >= 0 {
		limit = max(s.tuning.digitBranch, choices) + 1
	}
	if d, n := fewestPatterns(nd, L, placed, cut, limit); d >= 0 {
		br.digit = d
		return br, n > 0
	}
	return br, true
}

// fewestPatterns returns the first digit left with the fewest patterns worth trying, fewer than
// limit, and how many, stopping at the first that has none; -1 when no digit has fewer than
// limit.
func fewestPatterns(nd *propagation, L *level, placed uint16, cut float64, limit int) (digit, n int) {
	digit, fewest := -1, limit
	for d := 0; d < 9; d++ {
		if placed&(1<<d) != 0 {
			continue
		}
		if n := countAtLeast(L.tab[d], cut-(nd.bound-nd.bestFree[d]), fewest); n < fewest {
			digit, fewest = d, n
			if n == 0 {
				break
			}
		}
	}
	return digit, fewest
}

// fewestCrossed returns the open cells the fewest digits left cross, or up to widen digits more,
// as band bit sets, and how many cross the fewest; no cells and 10 when no cell is open.
func fewestCrossed(cover *[9][bands]uint32, placed uint16, open *[bands]uint32, widen int) (fewest [bands]uint32, choices int) {
	// Count the digits crossing each cell in four bit planes, as a binary adder would: bit j
	// of each cell's count in plane j, a band at a time in registers (at most 9: no carry out).
	var plane0, plane1, plane2, plane3 [bands]uint32
	for b := 0; b < bands; b++ {
		var p0, p1, p2, p3 uint32
		for d := 0; d < 9; d++ {
			if placed&(1<<d) != 0 {
				continue
			}
			c := cover[d][b]
			p0, c = p0^c, p0&c
			p1, c = p1^c, p1&c
			p2, c = p2^c, p2&c
			p3 ^= c
		}
		plane0[b], plane1[b], plane2[b], plane3[b] = p0, p1, p2, p3
	}
	for n := 0; n <= 9; n++ {
		// A cell counts n when each plane's bit is n's: plane j differs from xj nowhere.
		x0, x1, x2, x3 := -uint32(n&1), -uint32(n>>1&1), -uint32(n>>2&1), -uint32(n>>3&1)
		found := uint32(0)
		for b := 0; b < bands; b++ {
			m := open[b] &^ ((plane0[b] ^ x0) | (plane1[b] ^ x1) | (plane2[b] ^ x2) | (plane3[b] ^ x3))
			fewest[b] = m
			found |= m
		}
		if found != 0 {
			for k := n + 1; k <= min(n+widen, 9); k++ {
				x0, x1, x2, x3 := -uint32(k&1), -uint32(k>>1&1), -uint32(k>>2&1), -uint32(k>>3&1)
				for b := 0; b < bands; b++ {
					fewest[b] |= open[b] &^ ((plane0[b] ^ x0) | (plane1[b] ^ x1) | (plane2[b] ^ x2) | (plane3[b] ^ x3))
				}
			}
			return fewest, n
		}
	}
	return [bands]uint32{}, 10
}

// branchCell bounds the children of each cell among those given (the fewest digits cross
// them, or a few more: branchWidth): the child that keeps the cell for one digit bounds the completions with that digit's
// best pattern through the cell, and every other digit's best pattern that avoids it. It
// returns the cell with the fewest children whose bounds reach cut, the one whose bounds
// exceed cut least in sum first, how many, which digits, and per digit what its best pattern
// loses through the cell; or -1 when some cell has none, which refutes the node.
// fewestCrossed's count alone ignores what the cell costs the other digits, and branches where
// the bounds barely fall.
func branchCell(tables *[9]*bandTable, cover *[9][bands]uint32, bestFree *[9]float64, bound, cut float64, placed uint16, among *[bands]uint32) (cell, children int, takers uint16, loss [9]float64) {
	cell, children = -1, math.MaxInt
	tightest := math.Inf(1)
	// The digits that cross each cell among them, in increasing order, listed digit by digit:
	// only the cells each one crosses are visited.
	var crossingAt [cells][9]uint8
	var crossed [cells]uint8
	// Per digit, what its best pattern loses through the cell at hand: only the digits crossing
	// it are set, and only those are read (a child's digit crosses its cell).
	var lost [9]float64
	// A child's bound is bound less its digit's loss through the cell and the others' losses
	// around it: all the losses around, less its digit's. Declared once: the cells' loops set
	// the first n before reading them, and the compiler would zero them at each cell.
	var through, around [9]float64
	for d := 0; d < 9; d++ {
		if placed&(1<<d) != 0 {
			continue
		}
		for b := 0; b < bands; b++ {
			for m := among[b] & cover[d][b]; m != 0; m &= m - 1 {
				x := bandCells*b + bits.TrailingZeros32(m)
				crossingAt[x][crossed[x]] = uint8(d)
				crossed[x]++
			}
		}
	}
	for b := 0; b < bands; b++ {
		for m := among[b]; m != 0; m &= m - 1 {
			l := bits.TrailingZeros32(m)
			crossing, n := &crossingAt[bandCells*b+l], int(crossed[bandCells*b+l])
			aroundAll := 0.0
			for i, d := range crossing[:n] {
				best, avoiding := tables[d].bestSplit(b, l)
				through[i], around[i] = bestFree[d]-best, bestFree[d]-avoiding
				aroundAll += around[i]
			}
			var can uint16
			count, excess := 0, 0.0
			for i, d := range crossing[:n] {
				lost[d] = through[i]
				if v := bound - through[i] - (aroundAll - around[i]); v >= cut {
					can |= 1 << d
					count++
					excess += v - cut
				}
			}
			if count == 0 {
				return -1, 0, 0, lost
			}
			if count < children || count == children && excess < tightest {
				cell, children, takers, tightest, loss = bandCells*b+l, count, can, excess, lost
			}
		}
	}
	return cell, children, takers, loss
}

// branchOnCell keeps the cell for each digit that can take it in turn, the digit whose best
// pattern loses least through it first: a completion is found sooner down the likelier branch,
// and a refutation must try all.
func (s *solver) branchOnCell(br *branching, placed uint16, worth, spent float64, lv int) {
	ps := &s.proof
	s.stats.cellBranches++
	var order [9]int
	var loss [9]float64
	n := 0
	for d := 0; d < 9; d++ {
		if br.takers&(1<<d) == 0 {
			continue
		}
		order[n], loss[n] = d, br.loss[d]
		for i := n; i > 0 && loss[i] < loss[i-1]; i-- {
			order[i], order[i-1] = order[i-1], order[i]
			loss[i], loss[i-1] = loss[i-1], loss[i]
		}
		n++
	}
	for k, d := range order[:n] {
		if lv < ps.graceLevels {
			ps.done[lv], ps.of[lv], ps.depth = k, n, lv+1
		}
		ps.keepCell(br.cell, d)
		s.place(placed, worth, spent, lv+1, br.cell)
		ps.freeCell(br.cell)
		if ps.budget < 0 || s.best >= ps.top {
			return
		}
	}
}

// branchOnPatterns places each of digit d's patterns worth trying in turn, best first.
func (s *solver) branchOnPatterns(nd *propagation, L *level, d int, placed uint16, worth, spent, cut float64, lv int) {
	p, ps := &s.pat, &s.proof
	others := nd.bound - nd.bestFree[d]
	list := patternsAtLeast(L.tab[d], cut-others, L.list[:0])
	L.list = list
	sortPatterns(list)
	for k, pt := range list {
		if others+pt.v < float64(max(s.best, ps.floor))+1-eps {
			break // sorted: the rest are worth less still
		}
		if lv < ps.graceLevels {
			ps.done[lv], ps.of[lv], ps.depth = k, len(list), lv+1
		}
		sum, rc := 0.0, 0.0
		var was [bands][3]uint8
		// The pattern's cells are free or kept for d: the patterns worth trying cross the cells
		// of the cover only, which the cells kept for other digits left. But for rounding at the
		// edge of the cover, where a pattern might cross such a cell (other), the sets change
		// band by band rather than cell by cell through setHold.
		var cellsOf, keptOf [bands]uint32
		other := uint32(0)
		for b := 0; b < bands; b++ {
			cellsOf[b] = placeMask[pt.pl[b]/orders][pt.pl[b]%orders]
			keptOf[b] = cellsOf[b] & ps.keptFor[d][b]
			other |= cellsOf[b] & (ps.heldSet[b] | ps.keptSet[b]&^ps.keptFor[d][b])
		}
		for b := 0; b < bands; b++ {
			for k, l := range placeCells[pt.pl[b]/orders][pt.pl[b]%orders] {
				x := bandCells*b + int(l)
				was[b][k] = ps.hold[x]
				if other != 0 {
					ps.setHold(x, held)
				} else {
					ps.hold[x] = held
				}
				ps.digit[x] = d
				sum += p.worth[d][x]
				if s.active[x] {
					rc += s.reduced.of[int(x)*9+d]
				}
			}
			if other == 0 {
				ps.heldSet[b] |= cellsOf[b]
				ps.keptSet[b] &^= keptOf[b]
				ps.keptFor[d][b] &^= keptOf[b]
			}
		}
		s.place(placed|1<<d, worth+sum, spent+rc, lv+1, -1)
		for b := 0; b < bands; b++ {
			if other != 0 {
				for k, l := range placeCells[pt.pl[b]/orders][pt.pl[b]%orders] {
					ps.setHold(bandCells*b+int(l), was[b][k])
				}
				continue
			}
			for k, l := range placeCells[pt.pl[b]/orders][pt.pl[b]%orders] {
				ps.hold[bandCells*b+int(l)] = was[b][k]
			}
			ps.heldSet[b] &^= cellsOf[b]
			ps.keptSet[b] |= keptOf[b]
			ps.keptFor[d][b] |= keptOf[b]
		}
		if ps.budget < 0 || s.best >= ps.top {
			return
		}
	}
}

// ---------------------------------------------------------------------------------------------
// The linear program.
// ---------------------------------------------------------------------------------------------

const (
	lpTolerance    = 1e-9  // primal and dual feasibility
	lpPivotLeast   = 1e-7  // smallest pivot the ratio test accepts
	lpPerturbation = 1e-4  // the most a column's cost is perturbed by
	lpDrop         = 1e-12 // entries of the inverse this small are rounding left by cancellation
	lpRowsMax      = 512   // a power of two above any row count: a row index masked by it needs no bounds check
)

// The program has at most one row per item; were lpRowsMax below that, masking would alias rows.
const _ uint = lpRowsMax - items

// lpColumn is one column of the linear program: an alive option, or a row's artificial.
type lpColumn struct {
	opt      int16    // the option, or -1 for an artificial
	rows     [4]int16 // its n rows; an option's column fills the rest with lpRowsMax-1
	n        int8     // how many rows
	worth    int16    // the option's true worth, 0 for an artificial
	cost     float64  // worth plus the perturbation
	lo, hi   float64  // bounds: 0 or 1; an artificial has 0 and 0
	atUpper  bool     // when nonbasic: the column sits at hi, else at lo
	basicRow int16    // the row it is basic in, or -1
}

// sum is v at the option column c's rows, added in their order: c times v. It takes all four
// rows, those past n being v's last entry, which must be 0 then: adding it changes no sum, and
// the sum needs no branch on n. (The port adds them to 0, which only turns a zero's sign: no
// caller reads it, a zero never entering, moving a reduced cost or bounding a step.)
func (c *lpColumn) sum(v *[lpRowsMax]float64) float64 {
	const mask = lpRowsMax - 1
	return v[c.rows[0]&mask] + v[c.rows[1]&mask] + v[c.rows[2]&mask] + v[c.rows[3]&mask]
}

// linearProgram is the simplex's state; invariant: binv inverts the basis columns up to the
// updates since the last inversion, and d holds cost - y.column for every option's column and
// every basic artificial (a nonbasic artificial stays at 0 for good, so nothing reads its d).
type linearProgram struct {
	m           int
	cols        []lpColumn  // the options' columns, then one artificial per row
	optionCols  int         // how many of cols are options'
	item        []int16     // the item of each row
	basis       []int       // the column basic in each row
	nonbasic    []int32     // the options' columns that are not basic, rising
	binv        []float64   // m x m, row-major: the inverse of the basis
	levels      [][]float64 // the binv of each save not yet restored, oldest first
	upTo        []int       // per row of binv, how many of levels, oldest first, hold it
	xB          []float64   // the basic columns' values
	y           []float64   // the row prices
	d           []float64   // reduced costs, per column
	rho, w      []float64   // a row and a column of binv times the matrix, per pivot
	wnz         []int32     // the positions where w is nonzero, rising
	ySaved      []float64   // rayBelow's copy of the prices
	nz          []int32     // the nonzero positions of the pivot row of binv
	pv          []float64   // and its values there
	weight      []float64   // the squared length of each row of binv, for the dual steepest edge
	fourRho     []float64   // penaltiesFour's four rows of binv, lpRowsMax apart
	basicLo     []float64   // during dual, the bounds of the column basic in each row (basicBounds)
	basicHi     []float64
	colOf       [options]int // the column of each option, or -1
	basisMatrix []float64    // invert's working copy of the basis
	invertNZ    []int32      // the nonzero positions of its pivot row
	invertInvNZ []int32      // and of the inverse's
	alpha       []float64    // the pivot row, per column
	alphaNZ     []int32      // the nonbasic columns where alpha is nonzero, rising
	cand        []int32      // the ratio test's candidate columns
	flips       []int32      // and those it moves to their other bound
	moved       []float64    // flip's sum of the flipped columns, per row
	movedRows   []int16      // and the rows where it is nonzero
	pivots      int          // since the last inversion
	refactor    int          // the pivots between two inversions from scratch: the tuning's lpRefactor
	total       int          // pivots in all
	trials      int          // of them, pivots in trials
	flipped     int          // columns the ratio test moved to their other bound, in all

	terms, reduced []term         // dropImplied's relations, as it builds them and once reduced
	start          []int          // where each relation's terms start in terms
	kept           []keptRelation // the relations kept, reduced

	// In a trial (strongBranch's), whose pivots are undone at once, binv stays the inverse of
	// the basis the trial started from and each pivot is kept as an eta instead, its row and
	// its column w: a row of the current inverse is then a combination of one row of binv per
	// pivot, and a column takes one pass per pivot, both far cheaper than the m-by-m update
	// that restore would throw away. The weights are then estimates (dual Devex).
	trial    bool
	etaRow   []int     // per trial pivot, its row
	eta      []float64 // per trial pivot, its column w: m values each
	etaNZ    []int32   // per trial pivot, the positions where its w is nonzero
	etaStart []int     // where each trial pivot's positions start in etaNZ, then one past the last
	touched  []int32   // the columns the trials changed since the state was saved
	etaV     []float64 // inverseRow's combination of binv's rows, zero outside etaUsed
	etaUsed  []int     // the rows etaV combines
}

// lpSaved is a copy of the simplex's state, for trials that must leave no trace and for a
// node's second child. A copy made during a trial leaves binv out: trials never change it.
// Otherwise binv is copied row by row, each row only when it first changes after the save
// (keepRow), and restore copies back those rows alone.
type lpSaved struct {
	basis                  []int
	binv, xB, y, d, weight []float64
	cols                   []lpColumn
	nonbasic               []int32
	level                  int // its place in linearProgram.levels
}

// load builds the program of the current node, its open items and alive options, with the
// artificial basis priced at prices (per item): near-optimal prices save most of the pivots.
func (lp *linearProgram) load(s *solver, prices *[items]float64, pick *[cells]int) {
	var row [items]int16 // each item's row, or -1
	moved := *prices
	prices = &moved
	implied := lp.dropImplied(s, &moved)
	lp.item = lp.item[:0]
	for i := s.next[root]; i != root; i = s.next[i] {
		if implied[i] {
			row[i] = -1
			continue
		}
		row[i] = int16(len(lp.item))
		lp.item = append(lp.item, i)
	}
	m := len(lp.item)
	lp.m = m
	lp.refactor = s.tuning.lpRefactor
	lp.loadColumns(s, &row, prices)
	lp.crash(pick)
	lp.d = resize(lp.d, len(lp.cols))
	lp.computeDuals()
	for j := range lp.cols {
		if c := &lp.cols[j]; c.basicRow < 0 {
			c.atUpper = lp.d[j] > 0 // dual feasible from the start, whatever the prices
		}
	}
	lp.nonbasic = lp.nonbasic[:0]
	for j := range lp.cols[:lp.optionCols] {
		if lp.cols[j].basicRow < 0 {
			lp.nonbasic = append(lp.nonbasic, int32(j))
		}
	}
	lp.xB = resize(lp.xB, m)
	lp.rho = resize(lp.rho, lpRowsMax)[:m] // room for dual's view as an array
	lp.w = resize(lp.w, m)
	lp.etaV = resize(lp.etaV, m)
	lp.etaRow, lp.eta = lp.etaRow[:0], lp.eta[:0]
	lp.etaNZ, lp.etaStart = lp.etaNZ[:0], append(lp.etaStart[:0], 0)
	lp.alpha = resize(lp.alpha, len(lp.cols))
	lp.alphaNZ = resize(lp.alphaNZ, lp.optionCols)[:0] // room for every option's column
	lp.cand = resize(lp.cand, lp.optionCols)[:0]
	lp.computeX()
	lp.computeWeights()
}

// loadColumns builds a column for each alive option, in the rows of its items that row
// numbers, and an artificial for each row, basic in it and priced at its item's price.
func (lp *linearProgram) loadColumns(s *solver, row *[items]int16, prices *[items]float64) {
	m := lp.m
	lp.cols = lp.cols[:0]
	for o := range lp.colOf {
		lp.colOf[o] = -1
	}
	for x := int16(0); x < cells; x++ {
		if !s.active[x] {
			continue
		}
		for p := int(s.down[x]); p != int(x); p = int(s.down[p]) {
			o := optionOf(p)
			c := lpColumn{opt: int16(o), lo: 0, hi: 1, atUpper: true, basicRow: -1}
			for k := 0; k < 4; k++ {
				if r := row[s.itm[firstNode(o)+k]]; r >= 0 {
					c.rows[c.n] = r // the cell's row first
					c.n++
				}
			}
			for k := c.n; k < 4; k++ {
				c.rows[k] = lpRowsMax - 1 // a row of rho that stays 0: see dual
			}
			c.worth = int16(worth(o))
			c.cost = float64(worth(o)) + lpPerturbation*perturbation(o)
			lp.colOf[o] = len(lp.cols)
			lp.cols = append(lp.cols, c)
		}
	}
	lp.optionCols = len(lp.cols)
	lp.basis = resize(lp.basis, m)
	lp.y = resize(lp.y, lpRowsMax)[:m] // room for bound's view as an array
	for r, i := range lp.item {
		lp.basis[r] = len(lp.cols)
		lp.y[r] = prices[i] // the artificial's cost, which its fixed zero value makes moot
		lp.cols = append(lp.cols, lpColumn{opt: -1, rows: [4]int16{int16(r)}, n: 1, cost: prices[i], basicRow: int16(r)})
	}
}

// crash starts the basis from the artificials, with each open cell's row taking the option of
// the relaxed solution pick (nil for none) in place of its artificial, and sets binv to its
// inverse. Only the rows where that solution breaks a rule then start infeasible. Inverting is
// easy: a crashed cell row is solved by its option alone, and any other row by its artificial
// less the options crossing it.
func (lp *linearProgram) crash(pick *[cells]int) {
	m := lp.m
	lp.binv = resize(lp.binv, m*m+lpRowsMax) // room for the last row's view as an array
	clear(lp.binv)
	lp.levels = lp.levels[:0]
	lp.upTo = resize(lp.upTo, m)
	clear(lp.upTo)
	for r := 0; r < m; r++ {
		lp.binv[r*m+r] = 1
	}
	for r, i := range lp.item {
		if i >= cells || pick == nil {
			break // cell items come first in the active list
		}
		j := lp.colOf[int(i)*9+pick[i]]
		if j < 0 {
			continue
		}
		art := &lp.cols[lp.basis[r]]
		art.basicRow = -1
		c := &lp.cols[j]
		c.basicRow = int16(r)
		lp.basis[r] = j
		for k := 1; k < int(c.n); k++ {
			lp.binv[int(c.rows[k])*m+r] -= 1
		}
	}
}

// relationLimit bounds the entries of a relation as dropImplied reduces it, far from overflow:
// past it, the relation is left out and its row kept, which is always safe. In practice the
// entries stay small integers.
const relationLimit = 1 << 20

// dropImplied picks the open items whose rows are sums and differences of the other open items'
// rows, moves their prices onto those items, which leaves every reduced cost and the bound as
// they were, and reports them; the program leaves their rows out. Every option's column meets
// these relations, so they hold for every set of alive options, and for the right-hand sides too:
//   - in each row, column and box of the grid, the open cells and the missing digits are equally
//     many: the unit's cell items less its digit items sum to zero (27 relations);
//   - a digit missing from some rows of a band is missing from as many of its boxes: the band's
//     (row, digit) items less its (box, digit) items sum to zero, and a stack's (column, digit)
//     items less its (box, digit) items likewise. Over the nine digits these sum to relations of
//     the first kind, so eight digits per band and per stack are kept (48 relations).
//
// With all 75 the rows left are independent (the full matrix of 324 items has rank 249); with the
// units' 27 alone the rows kept are dependent, and the simplex carries artificials that can never
// leave the basis through every update of its inverse.
// The relations are reduced in turn, by Gaussian elimination in integers, so that each one's
// dropped item appears in no relation after it. Each reduced relation then holds the item it
// drops with a coefficient of 1 or -1, and none of the items dropped before it: moving the
// prices in the same order sends each price only to items still kept or dropped later, whose
// own moves pass it on.
func (lp *linearProgram) dropImplied(s *solver, prices *[items]float64) (implied [items]bool) {
	lp.relations(s)
	for _, rel := range lp.reduceRelations() {
		// c_p row_p = -sum of c_t row_t over the others, and 1/c_p is c_p.
		p := rel.drop
		f := prices[p] * float64(rel.sign)
		for _, tm := range rel.terms {
			if tm.item != p {
				prices[tm.item] -= f * float64(tm.coef)
			}
		}
		prices[p] = 0
		implied[p] = true
	}
	return implied
}

// relations lists the relations between the open items' rows, in terms, relation k's being
// terms[start[k]:start[k+1]].
func (lp *linearProgram) relations(s *solver) {
	lp.terms, lp.start = lp.terms[:0], append(lp.start[:0], 0)
	add := func(i int, coef int64) {
		if s.active[i] {
			lp.terms = append(lp.terms, term{int16(i), coef})
		}
	}
	for kind := 0; kind < 3; kind++ {
		for unit := 0; unit < 9; unit++ {
			for x := 0; x < cells; x++ {
				if [3]int{rowOf(x), colOf(x), boxOf(x)}[kind] == unit {
					add(x, 1)
				}
			}
			for d := 0; d < 9; d++ {
				add(cells*(kind+1)+unit*9+d, -1)
			}
			lp.start = append(lp.start, len(lp.terms))
		}
	}
	for third := 0; third < 3; third++ {
		for d := 0; d < 8; d++ {
			for k := 0; k < 3; k++ {
				add(cells+(third*3+k)*9+d, 1)    // the band's rows
				add(3*cells+(third*3+k)*9+d, -1) // and its boxes
			}
			lp.start = append(lp.start, len(lp.terms))
			for k := 0; k < 3; k++ {
				add(2*cells+(third*3+k)*9+d, 1)  // the stack's columns
				add(3*cells+(k*3+third)*9+d, -1) // and its boxes
			}
			lp.start = append(lp.start, len(lp.terms))
		}
	}
}

// keptRelation is a relation dropImplied keeps, reduced: it drops item drop, whose coefficient
// in terms is sign, 1 or -1.
type keptRelation struct {
	drop  int16
	sign  int64
	terms []term // in lp.reduced
}

// reduceRelations reduces the relations in turn, by Gaussian elimination in integers, and
// returns those it keeps: the ones neither empty once reduced (implied by those before them)
// nor grown past relationLimit, and with an item of coefficient 1 or -1 to drop.
func (lp *linearProgram) reduceRelations() []keptRelation {
	var r [items]int64                 // the relation being reduced, zero outside touched
	touched := make([]int16, 0, items) // an item may come twice, when it cancels and returns
	kept := lp.kept[:0]
	reduced := lp.reduced[:0]
	for k := 0; k+1 < len(lp.start); k++ {
		touched = touched[:0]
		for _, tm := range lp.terms[lp.start[k]:lp.start[k+1]] {
			r[tm.item] = tm.coef
			touched = append(touched, tm.item)
		}
		grown := false
		for j := 0; j < len(kept) && !grown; j++ {
			f := r[kept[j].drop] * kept[j].sign // 1/c is c for c = 1 or -1
			if f == 0 {
				continue
			}
			for _, tm := range kept[j].terms {
				if r[tm.item] == 0 {
					touched = append(touched, tm.item)
				}
				if r[tm.item] -= f * tm.coef; r[tm.item] > relationLimit || r[tm.item] < -relationLimit {
					grown = true // left out, its row kept
				}
			}
		}
		// The item to drop: a digit item before a cell, the lowest first. On the units'
		// relations, where the others are cells, that is the unit's first missing digit.
		p, c := int16(-1), int64(0)
		for _, t := range touched {
			if (r[t] == 1 || r[t] == -1) && (p < 0 || droppedBefore(t, p)) {
				p, c = t, r[t]
			}
		}
		first := len(reduced)
		for _, t := range touched {
			if r[t] != 0 {
				reduced = append(reduced, term{t, r[t]})
				r[t] = 0
			}
		}
		if p < 0 || grown {
			reduced = reduced[:first] // empty once reduced (implied by those before it), grown
			continue                  // too large, or no 1 to divide by
		}
		kept = append(kept, keptRelation{p, c, reduced[first:len(reduced):len(reduced)]})
	}
	lp.reduced, lp.kept = reduced, kept
	return kept
}

// droppedBefore reports whether dropImplied prefers to drop item a rather than item b.
func droppedBefore(a, b int16) bool {
	if aDigit, bDigit := a >= cells, b >= cells; aDigit != bDigit {
		return aDigit
	}
	return a < b
}

// term is an item of a relation between the items' rows, with its coefficient.
type term struct {
	item int16
	coef int64
}

// resize reuses a slice's storage for n elements when it has room.
func resize[T any](a []T, n int) []T {
	if cap(a) < n {
		return make([]T, n)
	}
	return a[:n]
}

// ----- The bounded dual simplex.

// value is a nonbasic column's value.
func (c *lpColumn) value() float64 {
	if c.atUpper {
		return c.hi
	}
	return c.lo
}

// computeX sets the basic values from the nonbasic ones: xB = binv (1 - N xN).
func (lp *linearProgram) computeX() {
	m := lp.m
	rhs := lp.w
	for r := range rhs {
		rhs[r] = 1
	}
	cols := lp.cols
	for j := range cols {
		c := &cols[j]
		if c.basicRow >= 0 {
			continue
		}
		if v := c.value(); v != 0 {
			for _, k := range c.rows[:c.n] {
				rhs[k] -= v
			}
		}
	}
	// Each row's sum as dotInOrder takes it, four rows at a time: four chains of additions
	// that need not wait on each other.
	binv, xB := lp.binv, lp.xB[:m]
	rhs = rhs[:m]
	r := 0
	for ; r+4 <= m; r += 4 {
		b0 := binv[r*m : r*m+m][:len(rhs)]
		b1 := binv[(r+1)*m : (r+1)*m+m][:len(rhs)]
		b2 := binv[(r+2)*m : (r+2)*m+m][:len(rhs)]
		b3 := binv[(r+3)*m : (r+3)*m+m][:len(rhs)]
		s0, s1, s2, s3 := 0.0, 0.0, 0.0, 0.0
		for k, v := range rhs {
			s0 += b0[k] * v
			s1 += b1[k] * v
			s2 += b2[k] * v
			s3 += b3[k] * v
		}
		x := (*[4]float64)(xB[r : r+4])
		x[0], x[1], x[2], x[3] = s0, s1, s2, s3
	}
	for ; r < m; r++ {
		xB[r] = dotInOrder(binv[r*m:r*m+m], rhs)
	}
}

// computeWeights sets the squared lengths of binv's rows.
func (lp *linearProgram) computeWeights() {
	m := lp.m
	lp.weight = resize(lp.weight, m)
	for r := 0; r < m; r++ {
		row := lp.binv[r*m : r*m+m]
		lp.weight[r] = dotInOrder(row, row)
	}
}

// computeDuals sets y = cB binv and the reduced costs from scratch.
func (lp *linearProgram) computeDuals() {
	m := lp.m
	clear(lp.y)
	// The rows of nonzero cost, times their costs (addRows).
	var rows [lpRowsMax]int16
	var cbs [lpRowsMax]float64
	n := 0
	for r := 0; r < m; r++ {
		if cb := lp.cols[lp.basis[r]].cost; cb != 0 {
			rows[n], cbs[n] = int16(r), cb
			n++
		}
	}
	lp.addRows(lp.y, rows[:n], cbs[:n])
	for j := range lp.cols {
		c := &lp.cols[j]
		lp.d[j] = columnLess(c.cost, lp.y, c)
	}
}

// dotInOrder is 0 plus a[i] b[i] for i = 0, 1, ..., len(a)-1, added in that order, four a
// step; b is at least as long as a.
func dotInOrder(a, b []float64) float64 {
	sum := 0.0
	b = b[:len(a)]
	i := 0
	for ; i+4 <= len(a); i += 4 {
		x, z := a[i:i+4:i+4], b[i:i+4:i+4]
		sum += x[0] * z[0]
		sum += x[1] * z[1]
		sum += x[2] * z[2]
		sum += x[3] * z[3]
	}
	for ; i < len(a); i++ {
		sum += a[i] * b[i]
	}
	return sum
}

// addScaled adds f x to y, four entries a step; x is at least as long as y.
func addScaled(y, x []float64, f float64) {
	x = x[:len(y)]
	i := 0
	for ; i+4 <= len(y); i += 4 {
		t, u := y[i:i+4:i+4], x[i:i+4:i+4]
		t[0] += f * u[0]
		t[1] += f * u[1]
		t[2] += f * u[2]
		t[3] += f * u[3]
	}
	for ; i < len(y); i++ {
		y[i] += f * x[i]
	}
}

// columnLess is x less v at the column's rows, subtracted in their order, unrolled by the
// count of rows.
func columnLess(x float64, v []float64, c *lpColumn) float64 {
	r := &c.rows
	switch c.n {
	case 4:
		return x - v[r[0]] - v[r[1]] - v[r[2]] - v[r[3]]
	case 3:
		return x - v[r[0]] - v[r[1]] - v[r[2]]
	case 2:
		return x - v[r[0]] - v[r[1]]
	case 1:
		return x - v[r[0]]
	}
	return x
}

// invert computes binv from the basis columns by Gauss-Jordan elimination with partial
// pivoting, then the values and prices. It reports false when the basis is singular.
func (lp *linearProgram) invert() bool {
	m := lp.m
	// The basis, column r holding basis[r], with room for the last row's view as an array.
	lp.basisMatrix = resize(lp.basisMatrix, m*m+lpRowsMax)
	a := lp.basisMatrix
	clear(a)
	for r := 0; r < m; r++ {
		c := &lp.cols[lp.basis[r]]
		for k := 0; k < int(c.n); k++ {
			a[int(c.rows[k])*m+r] = 1
		}
	}
	inv := lp.binv
	for i := 0; i < m; i++ {
		lp.keepRow(i)
	}
	clear(inv)
	for r := 0; r < m; r++ {
		inv[r*m+r] = 1
	}
	// Invert a: row operations turning a into I turn I into a^-1; rows of a^-1 then index
	// basis positions, as binv's do.
	for col := 0; col < m; col++ {
		if !lp.eliminateColumn(a, inv, col) {
			return false
		}
	}
	lp.pivots = 0
	lp.computeX()
	lp.computeDuals()
	lp.computeWeights()
	return true
}

// eliminateColumn is invert's step on column col of a: it swaps the row with the largest entry
// there, at or below col, into place (partial pivoting), scales it to 1 and clears the column
// elsewhere, doing the same row operations on inv. It reports false when the column has no
// entry to pivot on: the basis is singular.
func (lp *linearProgram) eliminateColumn(a, inv []float64, col int) bool {
	m := lp.m
	// One pass down the column finds the rows to clear and the pivot.
	var rows [lpRowsMax]int
	nr, piv, most := 0, -1, 1e-9
	column := a[col:] // entry r of the column is column[r*m], stepped to by m
	for r, at := 0, 0; r < m; r, at = r+1, at+m {
		v := column[at]
		if v == 0 {
			continue
		}
		rows[nr&(lpRowsMax-1)] = r // nr <= r: the mask changes nothing
		nr++
		if v = math.Abs(v); r >= col && v > most {
			piv, most = r, v
		}
	}
	if piv < 0 {
		return false
	}
	if piv != col {
		pa, ca := a[piv*m:piv*m+m], a[col*m:col*m+m]
		pi, ci := inv[piv*m:piv*m+m], inv[col*m:col*m+m]
		ca, pi, ci = ca[:len(pa)], pi[:len(pa)], ci[:len(pa)]
		for k := range pa {
			pa[k], ca[k] = ca[k], pa[k]
			pi[k], ci[k] = ci[k], pi[k]
		}
	}
	// The rows to clear as they stand after the swap: all but the pivot row.
	n := 0
	for _, r := range rows[:nr] {
		switch r {
		case piv:
			continue
		case col:
			r = piv
		}
		rows[n&(lpRowsMax-1)] = r
		n++
	}
	// The pivot row's zeros change nothing below, so the elimination takes its nonzeros
	// alone: the basis has at most four per column, and its inverse fills in slowly. The
	// columns of a before col are done with: what rounding leaves there is never read.
	f := 1 / a[col*m+col]
	aNZ, invNZ := lp.invertNZ[:0], lp.invertInvNZ[:0]
	rowA := a[col*m : col*m+m]
	for k := col; k < len(rowA); k++ {
		if v := rowA[k]; v != 0 {
			rowA[k] = v * f
			aNZ = append(aNZ, int32(k))
		}
	}
	rowI := inv[col*m : col*m+m]
	for k, v := range rowI {
		if v != 0 {
			rowI[k] = v * f
			invNZ = append(invNZ, int32(k))
		}
	}
	lp.invertNZ, lp.invertInvNZ = aNZ, invNZ
	pa := (*[lpRowsMax]float64)(a[col*m : col*m+lpRowsMax])
	pi := (*[lpRowsMax]float64)(inv[col*m : col*m+lpRowsMax])
	// The rows taken four at a time (subtractFour), and the last few one at a time.
	row := func(b []float64, r int) *[lpRowsMax]float64 { return (*[lpRowsMax]float64)(b[r*m : r*m+lpRowsMax]) }
	t := 0
	for ; t+4 <= n; t += 4 {
		var ra, ri [4]*[lpRowsMax]float64
		var vs [4]float64
		for u := range vs {
			r := rows[(t+u)&(lpRowsMax-1)]
			ra[u], ri[u], vs[u] = row(a, r), row(inv, r), a[r*m+col]
		}
		subtractFour(&ra, pa, aNZ, &vs)
		subtractFour(&ri, pi, invNZ, &vs)
	}
	for ; t < n; t++ {
		r := rows[t&(lpRowsMax-1)]
		v := a[r*m+col]
		subtractAt(row(a, r), pa, aNZ, v)
		subtractAt(row(inv, r), pi, invNZ, v)
	}
	return true
}

// subtractFour is subtractAt on four rows at once, rows[t] less v[t] times p: the positions and
// p's values are loaded once for the four rows.
func subtractFour(rows *[4]*[lpRowsMax]float64, p *[lpRowsMax]float64, nz []int32, v *[4]float64) {
	const mask = lpRowsMax - 1
	row0, row1, row2, row3 := rows[0], rows[1], rows[2], rows[3]
	v0, v1, v2, v3 := v[0], v[1], v[2], v[3]
	for _, i := range nz {
		i &= mask
		pi := p[i]
		row0[i] -= v0 * pi
		row1[i] -= v1 * pi
		row2[i] -= v2 * pi
		row3[i] -= v3 * pi
	}
}

// subtractAt subtracts v times p from row at the positions nz, four a step: the positions are
// distinct, so the order changes nothing. Both run on past the row's end, as eliminate's does,
// and the positions are masked.
func subtractAt(row, p *[lpRowsMax]float64, nz []int32, v float64) {
	const mask = lpRowsMax - 1
	k := 0
	for ; k+4 <= len(nz); k += 4 {
		q := (*[4]int32)(nz[k : k+4])
		i0, i1, i2, i3 := q[0]&mask, q[1]&mask, q[2]&mask, q[3]&mask
		row[i0] -= v * p[i0]
		row[i1] -= v * p[i1]
		row[i2] -= v * p[i2]
		row[i3] -= v * p[i3]
	}
	for ; k < len(nz); k++ {
		i := nz[k] & mask
		row[i] -= v * p[i]
	}
}

// The outcomes of dual.
const (
	lpOptimal     = iota // the basic values are within their bounds
	lpBelow              // the bound fell below the cutoff, or no completion exists
	lpOutOfPivots        // the pivot limit ran out first
)

// perturbation is option o's share of lpPerturbation, in [0, 1): a multiplicative hash, so
// that neighbouring options' shares differ widely.
func perturbation(o int) float64 {
	const prime = 1000003
	return float64(uint32(o+1)*2654435761%prime) / prime
}

// trueReduced is an option's column's reduced cost with its true worth, unperturbed.
func (lp *linearProgram) trueReduced(c *lpColumn) float64 {
	return columnLess(float64(c.worth), lp.y, c)
}

// bound is the weak-duality bound of the prices y with the true costs, over the columns'
// current bounds.
func (lp *linearProgram) bound() float64 {
	sum := 0.0
	for _, v := range lp.y {
		sum += v
	}
	// Each option's true reduced cost, as trueReduced has it: all four rows, those past n
	// being y's last entry, which stays 0 and changes no difference, as in dual.
	const mask = lpRowsMax - 1
	y := (*[lpRowsMax]float64)(lp.y[:lpRowsMax])
	cols := lp.cols[:lp.optionCols]
	for j := range cols {
		c := &cols[j]
		dj := float64(c.worth) - y[c.rows[0]&mask] - y[c.rows[1]&mask] - y[c.rows[2]&mask] - y[c.rows[3]&mask]
		if dj > 0 {
			sum += dj * c.hi
		} else {
			sum += dj * c.lo
		}
	}
	return sum
}

// dual runs the bounded dual simplex until the basic values are within their bounds, the
// bound falls below cutoff, or limit pivots are spent. Each pivot prices the rows
// (leavingRow), computes the leaving row's pivot row, runs the ratio test (ratioTest) and
// pivots (pivot).
func (lp *linearProgram) dual(cutoff float64, limit int) int {
	fresh := false // the values and prices were just recomputed from the inverse
	lp.basicBounds()
	for it := 0; ; it++ {
		if it%8 == 0 && lp.bound() < cutoff {
			return lpBelow
		}
		r := lp.leavingRow()
		if r < 0 && !fresh && !lp.trial {
			// The incremental updates drift: before trusting an optimum, recompute the
			// values and prices from the basis inverse.
			lp.computeX()
			lp.computeDuals()
			fresh = true
			continue
		}
		if r < 0 {
			if lp.bound() < cutoff {
				return lpBelow
			}
			return lpOptimal
		}
		fresh = false
		if it >= limit {
			return lpOutOfPivots
		}
		up := lp.xB[r] < lp.cols[lp.basis[r]].lo // the leaving value must rise to lo, else fall to hi
		lp.inverseRow(r)
		// The pivot row: alpha, per option's column, is rho (a row of the inverse) times the
		// column; the candidates to enter are the columns whose move lets the leaving value rise
		// (up) or fall.
		cols := lp.cols[:lp.optionCols]
		rho := (*[lpRowsMax]float64)(lp.rho[:lpRowsMax]) // masked, as eliminate says
		// load left room for every column in alphaNZ and cand
		nz, cand := lp.alphaNZ[:len(cols)], lp.cand[:len(cols)]
		nn, nc := pivotRow(lp.nonbasic, cols, rho, lp.alpha, nz, cand, up)
		lp.alphaNZ = nz[:nn]
		if lp.cand = cand[:nc]; nc == 0 {
			return lp.unlimited(r, cutoff)
		}
		if !lp.pivot(r, lp.ratioTest(r, up), up) {
			return lpOutOfPivots // a singular basis: rounding went too far, give the search up
		}
	}
}

// pivotRow sets alpha, for each nonbasic option's column j, to rho times the column, and lists
// in nz the columns where it is not 0, rising, and in cand those that may enter, in order: the
// columns not fixed whose move lets the leaving value rise (up) or fall. It returns how many of
// each. A basic column's alpha is left as it was: nothing reads it. It is a function of its own,
// not inlined: within dual, the loop spills its counts to memory.
//
//go:noinline
func pivotRow(nonbasic []int32, cols []lpColumn, rho *[lpRowsMax]float64, alpha []float64, nz, cand []int32, up bool) (nn, nc int) {
	alpha, nz, cand = alpha[:len(cols)], nz[:len(cols)], cand[:len(cols)]
	// x_r = beta - sum alpha x_j: rising (up) needs a column at lo with alpha < 0 or at hi with
	// alpha > 0, falling the opposite. So a candidate's alpha times sense, negated at hi, is
	// above lpPivotLeast (a product by 1 or -1 is exact). sense is a float, not a test of up:
	// the loop's integer registers are all taken.
	sense := 1.0
	if up {
		sense = -1
	}
	const mask = lpRowsMax - 1
	v := rho[:] // rho's nil check once, not at every column
	for _, j := range nonbasic {
		c := &cols[j]
		// c.sum(rho), written out on v
		a := v[c.rows[0]&mask] + v[c.rows[1]&mask] + v[c.rows[2]&mask] + v[c.rows[3]&mask]
		alpha[j] = a
		// A fixed column never enters, but its reduced cost must follow; a != 0 is tested by
		// its bits less the sign.
		nz[nn] = j
		if math.Float64bits(a)<<1 != 0 {
			nn++
		}
		if !(c.lo < c.hi) { // fixed: lo is never above hi
			continue
		}
		if c.atUpper {
			a = -a
		}
		if a*sense > lpPivotLeast { // a zero alpha is never one
			cand[nc] = j
			nc++
		}
	}
	return nn, nc
}

// unlimited is dual's outcome when no column limits the step of row r: in exact arithmetic the
// row cannot reach its bounds and no completion exists. Rounding can fake that, so the claim
// stands only when the bound itself, far along the ray, confirms it.
func (lp *linearProgram) unlimited(r int, cutoff float64) int {
	leaving := &lp.cols[lp.basis[r]]
	if lp.rayBelow(cutoff, math.Abs(lp.xB[r]-min(max(lp.xB[r], leaving.lo), leaving.hi))) {
		return lpBelow
	}
	return lpOutOfPivots
}

// basicBounds copies the bounds of the column basic in each row to basicLo and basicHi, for
// leavingRow, which reads them at every row; within dual only a pivot changes them, and it
// copies its entering column's.
func (lp *linearProgram) basicBounds() {
	lp.basicLo, lp.basicHi = resize(lp.basicLo, lp.m), resize(lp.basicHi, lp.m)
	for r, j := range lp.basis {
		c := &lp.cols[j]
		lp.basicLo[r], lp.basicHi[r] = c.lo, c.hi
	}
}

// leavingRow prices the rows by the dual steepest edge: it returns the row whose basic value
// lies farthest outside its bounds relative to the length of its row of binv, or -1 when every
// one lies within them.
func (lp *linearProgram) leavingRow() int {
	r, worst := -1, 0.0
	lo, hi, weight := lp.basicLo[:len(lp.xB)], lp.basicHi[:len(lp.xB)], lp.weight[:len(lp.xB)]
	for i, v := range lp.xB {
		e := lo[i] - v
		if e <= lpTolerance*10 {
			if e = v - hi[i]; e <= lpTolerance*10 {
				continue
			}
		}
		if e = e * e / weight[i]; e > worst {
			// A copy of i, made apart (i < len(xB) fits an int32): with r = i the compiler gives r
			// and i one register, and then moves both at every feasible row.
			r, worst = int(int32(i)), e
		}
	}
	return r
}

// ratioTest returns the column to enter in row r, and sets flips to the columns the step
// passes, by the ratio test with bound flips and Harris's tolerance. Moving the prices along
// the row, each candidate column's reduced cost reaches zero at its breakpoint, and the bound
// keeps falling past it as long as the row is still infeasible once that column, boxed in
// 0..1, has moved to its other bound: so the step passes whole groups of breakpoints, flipping
// their columns, while the row's infeasibility exceeds their alphas' sum, and the column to
// enter comes from the first group it cannot pass. A group is the columns whose breakpoints lie
// within Harris's bound (the largest step keeping every remaining reduced cost within
// tolerance of its sign); the entering one is its largest pivot.
func (lp *linearProgram) ratioTest(r int, up bool) int {
	leaving := &lp.cols[lp.basis[r]]
	slope := leaving.lo - lp.xB[r] // the row's infeasibility, which the flips reduce
	if !up {
		slope = lp.xB[r] - leaving.hi
	}
	cand, flips := lp.cand, lp.flips[:0]
	cols := lp.cols[:lp.optionCols] // only options' columns are candidates
	alpha, d := lp.alpha[:len(cols)], lp.d[:len(cols)]
	q := -1
	for q < 0 {
		step := harrisStep(cand, cols, alpha, d)
		groupStart := len(flips)
		var rest []int32
		var group float64
		rest, flips, group, q = harrisGroup(cand, flips, cols, alpha, d, step)
		if len(rest) > 0 && slope-group > lpTolerance*10 {
			slope -= group // pass the whole group: its columns flip
			cand, q = rest, -1
			continue
		}
		flips = flips[:groupStart]
	}
	lp.flips = flips
	return q
}

// harrisStep is ratioTest's Harris bound on the step: the largest step that keeps every
// candidate's reduced cost within tolerance of its sign. It and harrisGroup are functions of
// their own, not inlined: within ratioTest, their loops spill their counters to memory.
//
//go:noinline
func harrisStep(cand []int32, cols []lpColumn, alpha, d []float64) float64 {
	alpha, d = alpha[:len(cols)], d[:len(cols)]
	step := math.Inf(1)
	for _, j := range cand {
		a := math.Abs(alpha[j])
		if cols[j].atUpper {
			step = minOf(step, (d[j]+lpTolerance)/a)
		} else {
			step = minOf(step, (-d[j]+lpTolerance)/a)
		}
	}
	return step
}

// harrisGroup appends to flips the candidates whose breakpoints lie within step (the group) and
// keeps the others (rest) in order at the front of cand. It returns rest and flips, the sum of
// the group's pivots' sizes, and the column of its largest pivot (the lowest column of ties).
// The group goes into room made for every candidate beforehand, rest is written in place, and
// the largest pivot is sought in a pass of its own over the group: with append's growth, or
// more counters, in the loop, the compiler spills the loop's values at every candidate.
//
//go:noinline
func harrisGroup(cand, flips []int32, cols []lpColumn, alpha, d []float64, step float64) ([]int32, []int32, float64, int) {
	alpha, d = alpha[:len(cols)], d[:len(cols)]
	nf := len(flips)
	flips = slices.Grow(flips, len(cand))
	group := flips[nf : nf+len(cand)]
	sum, nr := 0.0, 0
	for k, j := range cand {
		a, t := math.Abs(alpha[j]), -d[j]
		if cols[j].atUpper {
			t = d[j]
		}
		if t/a > step {
			cand[nr] = j // nr never passes k
			nr++
			continue
		}
		group[k-nr] = j // each candidate so far is in rest or the group
		sum += a
	}
	group = group[:len(cand)-nr]
	most, q := 0.0, -1
	for _, j := range group {
		if a := math.Abs(alpha[j]); a > most { // ties go to the lowest column: cand keeps the columns' order
			q, most = int(j), a
		}
	}
	return cand[:nr], flips[:nf+len(group)], sum, q
}

// pivot makes column q basic in row r, whose value leaves up to its lower bound or down to its
// upper one. The dual step moves the prices and reduced costs; the primal step moves the
// flipped columns to their other bounds and the basic values with them; then the inverse is
// updated, or in a trial the pivot kept as an eta. It reports false when the inversion from
// scratch that follows every lpRefactor pivots finds the basis singular.
func (lp *linearProgram) pivot(r, q int, up bool) bool {
	leaving, entering := &lp.cols[lp.basis[r]], &lp.cols[q]
	theta := lp.d[q] / lp.alpha[q]
	alpha := lp.alpha[:lp.optionCols]
	d := lp.d[:len(alpha)]
	for _, j := range lp.alphaNZ {
		d[j] -= theta * alpha[j]
	}
	addScaled(lp.y[:len(lp.rho)], lp.rho, theta)
	lp.swapNonbasic(q, lp.basis[r])
	leaving.basicRow = -1
	lp.d[lp.basis[r]] = -theta
	lp.d[q] = 0
	if lp.trial {
		lp.touched = append(lp.touched, int32(lp.basis[r]), int32(q))
	}

	if len(lp.flips) > 0 {
		lp.flip(lp.flips)
	}
	lp.inverseColumn(entering)
	target := leaving.hi
	if up {
		target = leaving.lo
	}
	leaving.atUpper = !up
	delta := (lp.xB[r] - target) / lp.w[r]
	xB, w := lp.xB[:len(lp.w)], lp.w
	for _, i := range lp.wnz {
		xB[i] -= w[i] * delta
	}
	lp.xB[r] = entering.value() + delta
	entering.basicRow = int16(r)
	lp.basis[r] = q
	lp.basicLo[r], lp.basicHi[r] = entering.lo, entering.hi

	lp.total++
	if lp.trial {
		lp.keepEta(r)
		return true
	}
	lp.pivotInverse(r, lp.w)
	lp.pivots++
	return lp.pivots < lp.refactor || lp.invert()
}

// swapNonbasic takes column q out of nonbasic and puts column l in its place, if l is an
// option's: the columns between the two places move over by one, and the list stays rising.
func (lp *linearProgram) swapNonbasic(q, l int) {
	nb := lp.nonbasic
	pq, _ := slices.BinarySearch(nb, int32(q))
	if l >= lp.optionCols { // an artificial: q's place closes
		lp.nonbasic = append(nb[:pq], nb[pq+1:]...)
		return
	}
	pl, _ := slices.BinarySearch(nb, int32(l))
	if l < q {
		copy(nb[pl+1:pq+1], nb[pl:pq])
		nb[pl] = int32(l)
	} else {
		copy(nb[pq:pl-1], nb[pq+1:pl])
		nb[pl-1] = int32(l)
	}
}

// keepEta keeps a trial's pivot on row r as an eta, its row and its column w, and estimates the
// weights that follow (dual Devex).
func (lp *linearProgram) keepEta(r int) {
	lp.trials++
	lp.etaRow = append(lp.etaRow, r)
	lp.eta = append(lp.eta, lp.w...)
	lp.etaNZ = append(lp.etaNZ, lp.wnz...)
	lp.etaStart = append(lp.etaStart, len(lp.etaNZ))
	w := lp.w
	weight := lp.weight[:len(w)]
	wr, weightR := w[r], weight[r]
	for _, i := range lp.wnz {
		if v := w[i]; int(i) != r {
			weight[i] = maxOf(weight[i], v*v/(wr*wr)*weightR)
		}
	}
	weight[r] = maxOf(weightR/(wr*wr), 1e-9)
}

// flip moves the given nonbasic columns to their other bounds, and the basic values with them:
// xB falls by the basis inverse times the sum of the columns, each times its change.
func (lp *linearProgram) flip(cols []int32) {
	moved := resize(lp.moved, lpRowsMax)[:lp.m] // room for inverseTimes's view as an array
	lp.moved = moved
	clear(moved)
	all := lp.cols
	lp.flipped += len(cols)
	if lp.trial {
		lp.touched = append(lp.touched, cols...)
	}
	for _, j := range cols {
		c := &all[j]
		change := c.hi - c.lo
		if c.atUpper {
			change = -change
		}
		c.atUpper = !c.atUpper
		for _, k := range c.rows[:c.n] {
			moved[k] += change
		}
	}
	rows := lp.movedRows[:0]
	for i, v := range moved {
		if v != 0 {
			rows = append(rows, int16(i))
		}
	}
	lp.movedRows = rows
	lp.inverseTimes(rows, lp.moved)
	xB, w := lp.xB[:len(lp.w)], lp.w
	for _, i := range lp.wnz {
		xB[i] -= w[i]
	}
}

// pivotInverse updates binv, and the weights with it, for the pivot on w[r], w being the
// entering column times binv.
func (lp *linearProgram) pivotInverse(r int, w []float64) {
	m := lp.m
	saves := len(lp.levels)
	if lp.upTo[r] < saves {
		lp.keepRow(r)
	}
	pr := lp.binv[r*m : r*m+m]
	f := 1 / w[r]
	lp.weight[r] *= f * f
	// Only the pivot row's nonzeros and w's take part. Cancellation leaves rounding where the
	// exact inverse has zeros, and counted as nonzeros it would make the update several times
	// dearer. The inverse's true entries are ratios of small integers, orders of magnitude
	// above lpDrop, and that rounding orders of magnitude below it.
	nz := (*[lpRowsMax]int32)(resize(lp.nz, lpRowsMax))
	pv := (*[lpRowsMax]float64)(resize(lp.pv, lpRowsMax))
	n := 0
	for k := range pr {
		bits := math.Float64bits(pr[k] * f)
		keep := keepMask(bits) // without branches, as in inverseTimes
		p := math.Float64frombits(bits & keep)
		nz[n&(lpRowsMax-1)], pv[n&(lpRowsMax-1)] = int32(k), p // n <= k: the mask changes nothing
		n -= int(keep)
		pr[k] = p
	}
	nzs, pvs := nz[:n], pv[:n]
	lp.nz, lp.pv = nzs, pvs
	binv, upTo := lp.binv, lp.upTo
	weight := lp.weight[:len(w)]
	wr := weight[r]
	// The rows to change, each kept for the saves before it changes, then taken two at a time
	// (eliminateTwo), and the last one alone. (The port takes four at a time, in lanes.)
	var rows [lpRowsMax]int32
	nr := 0
	for _, i := range lp.wnz {
		if int(i) != r {
			if upTo[i] < saves {
				lp.keepRow(int(i))
			}
			rows[nr&(lpRowsMax-1)] = i
			nr++
		}
	}
	// |row - v pr|^2 = |row|^2 - 2v row.pr + v^2 |pr|^2
	t := 0
	for ; t+2 <= nr; t += 2 {
		i0, i1 := int(rows[t&(lpRowsMax-1)]), int(rows[(t+1)&(lpRowsMax-1)])
		v0, v1 := w[i0], w[i1]
		dot0, dot1 := eliminateTwo(binv[i0*m:], binv[i1*m:], nzs, pvs, v0, v1)
		weight[i0] = maxOf(weight[i0]-2*v0*dot0+v0*v0*wr, 1e-9)
		weight[i1] = maxOf(weight[i1]-2*v1*dot1+v1*v1*wr, 1e-9)
	}
	if t < nr {
		i := int(rows[t&(lpRowsMax-1)])
		v := w[i]
		dot := eliminate(binv[i*m:], nzs, pvs, v)
		weight[i] = maxOf(weight[i]-2*v*dot+v*v*wr, 1e-9)
	}
}

// rayBelow reports whether the bound falls below cutoff at prices moved along rho, the row of
// the inverse whose basic value lies outside its bounds by infeasible and whose step no column
// limits: far enough along that ray, the bound falls by as much as needed. The prices are left
// as they were.
func (lp *linearProgram) rayBelow(cutoff, infeasible float64) bool {
	if infeasible <= 0 {
		return false
	}
	lp.ySaved = append(lp.ySaved[:0], lp.y...)
	defer copy(lp.y, lp.ySaved)
	far := 2 * (lp.bound() - cutoff + 1) / infeasible
	for _, t := range [2]float64{far, -far} {
		for i, v := range lp.rho {
			lp.y[i] = lp.ySaved[i] + t*v
		}
		if lp.bound() < cutoff {
			return true
		}
	}
	return false
}

// inverseRow sets rho to row r of the current basis inverse.
func (lp *linearProgram) inverseRow(r int) {
	m := lp.m
	if len(lp.etaRow) == 0 {
		copy(lp.rho, lp.binv[r*m:r*m+m])
		return
	}
	// Row r of E_k ... E_1 binv, where the eta E_i = I - (w_i - e_p) e_p^T / w_i[p] changes a
	// row vector at p only: v E_i has v_p - (v.w_i - v_p) / w_i[p] there.
	v, used := lp.etaV, append(lp.etaUsed[:0], r)
	v[r] = 1
	for i := len(lp.etaRow) - 1; i >= 0; i-- {
		p, w := lp.etaRow[i], lp.eta[i*m:i*m+m]
		dot := 0.0
		for _, t := range used {
			dot += v[t] * w[t]
		}
		if !slices.Contains(used, p) { // v[p] may be 0 and used: the values cancel exactly
			used = append(used, p)
		}
		v[p] -= (dot - v[p]) / w[p]
	}
	// rho is the sum of the rows with nonzero v, times v (addRows).
	var rows [lpRowsMax]int16
	var fs [lpRowsMax]float64
	n := 0
	for _, t := range used {
		if f := v[t]; f != 0 {
			rows[n], fs[n] = int16(t), f
			n++
		}
		v[t] = 0
	}
	clear(lp.rho)
	lp.addRows(lp.rho[:m], rows[:n], fs[:n])
	lp.etaUsed = used
}

// addRows adds f[t] times row rows[t] of binv to y (m entries), for t = 0, 1, ..., len(rows)-1
// in turn, as addScaled adds each; four rows at a time, each entry of y read and written once
// for the four and its sum taken in the same order.
func (lp *linearProgram) addRows(y []float64, rows []int16, f []float64) {
	m, binv := lp.m, lp.binv
	y = y[:m]
	f = f[:len(rows)]
	t := 0
	for ; t+4 <= len(rows); t += 4 {
		b0 := binv[int(rows[t])*m:][:len(y)]
		b1 := binv[int(rows[t+1])*m:][:len(y)]
		b2 := binv[int(rows[t+2])*m:][:len(y)]
		b3 := binv[int(rows[t+3])*m:][:len(y)]
		f0, f1, f2, f3 := f[t], f[t+1], f[t+2], f[t+3]
		for k := range y {
			y[k] = y[k] + f0*b0[k] + f1*b1[k] + f2*b2[k] + f3*b3[k]
		}
	}
	for ; t < len(rows); t++ {
		addScaled(y, binv[int(rows[t])*m:][:len(y)], f[t])
	}
}

// inverseColumn sets w to the current basis inverse times column c.
func (lp *linearProgram) inverseColumn(c *lpColumn) {
	lp.inverseTimes(c.rows[:c.n], nil)
}

// inverseTimes sets w to the current basis inverse times the vector whose entries at rows are
// coef's there (1s when coef is nil), 0 elsewhere.
func (lp *linearProgram) inverseTimes(rows []int16, coef []float64) {
	m, w, binv := lp.m, lp.w, lp.binv
	if coef == nil && len(rows) <= 4 && len(lp.etaRow) == 0 {
		// Outside trials the column's pass drops the rounding and lists the nonzeros itself.
		nz := (*[lpRowsMax]int32)(resize(lp.wnz, lpRowsMax))
		lp.wnz = nz[:lp.inverseColumnKept(rows, nz)]
		return
	}
	if coef == nil && len(rows) <= 4 {
		lp.inverseColumnTimes(rows)
	} else if coef == nil {
		// Each row viewed as an array and masked, as in eliminate: binv has the room after its
		// last row. Each view starts where the last one's did plus m.
		at := 0
		for i := range w {
			row := (*[lpRowsMax]float64)(binv[at : at+lpRowsMax])
			sum := 0.0
			for _, k := range rows {
				sum += row[k&(lpRowsMax-1)]
			}
			w[i] = sum
			at += m
		}
	} else {
		cf := (*[lpRowsMax]float64)(coef[:lpRowsMax]) // flip leaves the room
		at := 0
		for i := range w {
			row := (*[lpRowsMax]float64)(binv[at : at+lpRowsMax])
			sum := 0.0
			for _, k := range rows {
				k &= lpRowsMax - 1
				sum += row[k] * cf[k]
			}
			w[i] = sum
			at += m
		}
	}
	// E_i u = u - (u_p / w_i[p]) (w_i - e_p), over w_i's nonzeros: a zero leaves u as it is
	for i, p := range lp.etaRow {
		e := lp.eta[i*m:][:len(w)]
		f := w[p] / e[p]
		if f == 0 {
			continue
		}
		for _, k := range lp.etaNZ[lp.etaStart[i]:lp.etaStart[i+1]] {
			w[k] -= f * e[k]
		}
		w[p] = f
	}
	// Rounding is dropped, as pivotInverse says; without branches, which would guess wrong
	// often.
	nz := (*[lpRowsMax]int32)(resize(lp.wnz, lpRowsMax))
	n := 0
	for i, v := range w {
		bits := math.Float64bits(v)
		keep := keepMask(bits)
		nz[n&(lpRowsMax-1)] = int32(i) // n <= i: the mask changes nothing
		n -= int(keep)
		w[i] = math.Float64frombits(bits & keep)
	}
	lp.wnz = nz[:n]
}

// keepMask is all ones when |v| > lpDrop (or v is NaN), v's bits given, else 0: v's bits and
// it are v's when kept, else +0's (0). A few integer operations that need no branch: the bits
// of floats of one sign, read as integers, have the floats' order, and the subtraction turns
// negative, its sign spread by the shift, when |v|'s bits exceed lpDrop's.
func keepMask(bits uint64) uint64 {
	return uint64(int64(math.Float64bits(lpDrop)-bits&^(1<<63)) >> 63)
}

// inverseColumnTimes is inverseTimes's pass over binv for a column's rows (at most 4, 1s
// there), unrolled by their count: each sum takes its terms in the same order.
func (lp *linearProgram) inverseColumnTimes(rows []int16) {
	m, w, binv := lp.m, lp.w, lp.binv
	const mask = lpRowsMax - 1
	var r [4]int16
	copy(r[:], rows)
	// As ints, masked once: the loops then index with them as they are. Each row's view starts
	// where the last one's did plus m, which spares a multiplication a row. The port starts each
	// sum at 0, which only turns a zero's sign: inverseTimes drops the zeros' signs (keepMask)
	// and reads none before.
	r0, r1, r2, r3 := int(r[0])&mask, int(r[1])&mask, int(r[2])&mask, int(r[3])&mask
	at := 0
	switch len(rows) {
	case 4:
		for i := range w {
			row := (*[lpRowsMax]float64)(binv[at : at+lpRowsMax])
			w[i] = row[r0] + row[r1] + row[r2] + row[r3]
			at += m
		}
	case 3:
		for i := range w {
			row := (*[lpRowsMax]float64)(binv[at : at+lpRowsMax])
			w[i] = row[r0] + row[r1] + row[r2]
			at += m
		}
	case 2:
		for i := range w {
			row := (*[lpRowsMax]float64)(binv[at : at+lpRowsMax])
			w[i] = row[r0] + row[r1]
			at += m
		}
	default:
		for i := range w {
			row := (*[lpRowsMax]float64)(binv[at : at+lpRowsMax])
			w[i] = row[r0]
			at += m
		}
	}
}

// inverseColumnKept is inverseColumnTimes followed by inverseTimes's dropping, in one pass: it
// lists in nz the rows kept and returns how many.
func (lp *linearProgram) inverseColumnKept(rows []int16, nz *[lpRowsMax]int32) int {
	var r [4]int
	for k, row := range rows {
		r[k&3] = int(row)
	}
	return columnKept(lp.w, lp.binv, lp.m, len(rows), &r, nz)
}

// columnKept is inverseColumnKept's pass, a loop for each count of rows (at most 4; r holds
// them), as the port's template has: with one loop that tests the count at each row, the
// compiler spills the loop's counters to memory.
func columnKept(w, binv []float64, m, count int, r *[4]int, nzp *[lpRowsMax]int32) int {
	const mask = lpRowsMax - 1
	r0, r1, r2, r3 := r[0]&mask, r[1]&mask, r[2]&mask, r[3]&mask
	nz := nzp[:] // one nil check, not one a row
	n := 0
	w = w[:m] // the loops test i against m alone
	switch count {
	case 4:
		for i := range w {
			row := (*[lpRowsMax]float64)(binv[i*m : i*m+lpRowsMax])
			bits := math.Float64bits(row[r0] + row[r1] + row[r2] + row[r3])
			keep := keepMask(bits)
			nz[n&mask] = int32(i) // n <= i: the mask changes nothing
			n -= int(keep)
			w[i] = math.Float64frombits(bits & keep)
		}
	case 3:
		for i := range w {
			row := (*[lpRowsMax]float64)(binv[i*m : i*m+lpRowsMax])
			bits := math.Float64bits(row[r0] + row[r1] + row[r2])
			keep := keepMask(bits)
			nz[n&mask] = int32(i)
			n -= int(keep)
			w[i] = math.Float64frombits(bits & keep)
		}
	case 2:
		for i := range w {
			row := (*[lpRowsMax]float64)(binv[i*m : i*m+lpRowsMax])
			bits := math.Float64bits(row[r0] + row[r1])
			keep := keepMask(bits)
			nz[n&mask] = int32(i)
			n -= int(keep)
			w[i] = math.Float64frombits(bits & keep)
		}
	default:
		for i := range w {
			row := (*[lpRowsMax]float64)(binv[i*m : i*m+lpRowsMax])
			bits := math.Float64bits(row[r0])
			keep := keepMask(bits)
			nz[n&mask] = int32(i)
			n -= int(keep)
			w[i] = math.Float64frombits(bits & keep)
		}
	}
	return n
}

// eliminate subtracts v times the pivot row (its nonzeros pv at positions nz) from row, and
// returns the dot product of the two rows before the change. Four partial sums keep the
// additions from waiting on each other. row starts where the row does and runs on for at least
// lpRowsMax entries: viewed as an array, with the positions masked, it needs no bounds checks,
// which are dear in this, the simplex's innermost loop.
func eliminate(row []float64, nz []int32, pv []float64, v float64) float64 {
	const mask = lpRowsMax - 1
	var d0, d1, d2, d3 float64
	w := (*[lpRowsMax]float64)(row[:lpRowsMax])
	pv = pv[:len(nz)]
	k := 0
	// Each entry is read, summed and changed before the next is read: the positions are
	// distinct, so this is the order of four reads then four writes, in fewer registers.
	for ; k+4 <= len(nz); k += 4 {
		q, p := (*[4]int32)(nz[k:k+4]), (*[4]float64)(pv[k:k+4])
		i0, p0 := q[0]&mask, p[0]
		r0 := w[i0]
		d0 += p0 * r0
		w[i0] = r0 - v*p0
		i1, p1 := q[1]&mask, p[1]
		r1 := w[i1]
		d1 += p1 * r1
		w[i1] = r1 - v*p1
		i2, p2 := q[2]&mask, p[2]
		r2 := w[i2]
		d2 += p2 * r2
		w[i2] = r2 - v*p2
		i3, p3 := q[3]&mask, p[3]
		r3 := w[i3]
		d3 += p3 * r3
		w[i3] = r3 - v*p3
	}
	for ; k < len(nz); k++ {
		i, p := nz[k]&mask, pv[k]
		d0 += p * w[i]
		w[i] -= v * p
	}
	return d0 + d1 + d2 + d3
}

// eliminateTwo is eliminate on two rows at once, each less its v times the pivot row, and
// returns their dot products with it: the positions and the pivot row's values are loaded once
// for both rows, and each row's sums are eliminate's, in its order. The second row's partial
// sums live in memory: the compiler adds the partial sums last in the loop's body, so in
// registers the eight of them and the products waiting for them would spill.
func eliminateTwo(row0, row1 []float64, nz []int32, pv []float64, v0, v1 float64) (float64, float64) {
	const mask = lpRowsMax - 1
	var a0, a1, a2, a3 float64
	var b [4]float64
	x := (*[lpRowsMax]float64)(row0[:lpRowsMax])
	y := (*[lpRowsMax]float64)(row1[:lpRowsMax])
	pv = pv[:len(nz)]
	k := 0
	for ; k+4 <= len(nz); k += 4 {
		q, p := (*[4]int32)(nz[k:k+4]), (*[4]float64)(pv[k:k+4])
		i, pk := q[0]&mask, p[0]
		r, s := x[i], y[i]
		a0 += pk * r
		b[0] += pk * s
		x[i] = r - v0*pk
		y[i] = s - v1*pk
		i, pk = q[1]&mask, p[1]
		r, s = x[i], y[i]
		a1 += pk * r
		b[1] += pk * s
		x[i] = r - v0*pk
		y[i] = s - v1*pk
		i, pk = q[2]&mask, p[2]
		r, s = x[i], y[i]
		a2 += pk * r
		b[2] += pk * s
		x[i] = r - v0*pk
		y[i] = s - v1*pk
		i, pk = q[3]&mask, p[3]
		r, s = x[i], y[i]
		a3 += pk * r
		b[3] += pk * s
		x[i] = r - v0*pk
		y[i] = s - v1*pk
	}
	for ; k < len(nz); k++ {
		i, pk := nz[k]&mask, pv[k]
		r, s := x[i], y[i]
		a0 += pk * r
		b[0] += pk * s
		x[i] = r - v0*pk
		y[i] = s - v1*pk
	}
	return a0 + a1 + a2 + a3, b[0] + b[1] + b[2] + b[3]
}

// setBounds gives column j the bounds lo..hi; a nonbasic column moves to the bound its reduced
// cost keeps dual feasible, and the basic values follow it.
func (lp *linearProgram) setBounds(j int, lo, hi float64) {
	c := &lp.cols[j]
	if lp.trial {
		lp.touched = append(lp.touched, int32(j))
	}
	if c.basicRow >= 0 {
		c.lo, c.hi = lo, hi
		return
	}
	old := c.value()
	c.lo, c.hi = lo, hi
	c.atUpper = lp.d[j] > 0
	if change := c.value() - old; change != 0 {
		m := lp.m
		for k := 0; k < int(c.n); k++ {
			row := int(c.rows[k])
			for i := 0; i < m; i++ {
				lp.xB[i] -= lp.binv[i*m+row] * change
			}
		}
	}
}

// keepRow copies row i of binv, about to change, into each save that does not hold it yet.
func (lp *linearProgram) keepRow(i int) {
	m := lp.m
	row := lp.binv[i*m : i*m+m]
	for _, saved := range lp.levels[lp.upTo[i]:] {
		copy(saved[i*m:i*m+m], row)
	}
	lp.upTo[i] = len(lp.levels)
}

func (lp *linearProgram) save(to *lpSaved) {
	to.basis = append(to.basis[:0], lp.basis...)
	if !lp.trial {
		// binv's rows are copied as they change (keepRow)
		to.binv = resize(to.binv, lp.m*lp.m)
		to.level = len(lp.levels)
		for i, n := range lp.upTo {
			lp.upTo[i] = min(n, to.level)
		}
		lp.levels = append(lp.levels, to.binv)
	}
	to.xB = append(to.xB[:0], lp.xB...)
	to.y = append(to.y[:0], lp.y...)
	to.d = append(to.d[:0], lp.d...)
	to.weight = append(to.weight[:0], lp.weight...)
	to.cols = append(to.cols[:0], lp.cols...)
	to.nonbasic = append(to.nonbasic[:0], lp.nonbasic...)
	lp.touched = lp.touched[:0]
}

func (lp *linearProgram) restore(from *lpSaved) {
	copy(lp.basis, from.basis)
	if lp.trial {
		lp.etaRow, lp.eta = lp.etaRow[:0], lp.eta[:0] // binv was left as it was
		lp.etaNZ, lp.etaStart = lp.etaNZ[:0], lp.etaStart[:1]
	} else {
		// The rows changed since the save, which from still holds; the saves after it are
		// done with. from stays a save, as it may be restored again.
		m, l := lp.m, from.level
		for i, n := range lp.upTo {
			if n > l {
				copy(lp.binv[i*m:i*m+m], from.binv[i*m:i*m+m])
				lp.upTo[i] = l + 1
			}
		}
		lp.levels = lp.levels[:l+1]
	}
	copy(lp.xB, from.xB)
	copy(lp.y, from.y)
	copy(lp.d, from.d)
	copy(lp.weight, from.weight)
	lp.nonbasic = append(lp.nonbasic[:0], from.nonbasic...)
	if lp.trial {
		for _, j := range lp.touched {
			lp.cols[j] = from.cols[j] // a trial changes no other column
		}
		lp.touched = lp.touched[:0]
	} else {
		copy(lp.cols, from.cols)
	}
}

// colValue is column j's value in the current basic solution.
func (lp *linearProgram) colValue(j int) float64 {
	c := &lp.cols[j]
	if c.basicRow >= 0 {
		return lp.xB[c.basicRow]
	}
	return c.value()
}

// work is the pivots' work so far in this linear search, in the units of stats.work.
func (lp *linearProgram) work() int {
	return stats{lpPivots: lp.total, lpTrialPivots: lp.trials}.work()
}

// ----- Branch and bound over the program: faces, the root's heuristics, strong branching.

// linearSettle branches and bounds over the exact linear program of the current node, within
// lpLimit pivots. It reports whether it settled the subtree.
func (s *solver) linearSettle() bool {
	lp := &s.lp
	lp.load(s, s.rowPrices(), &s.pick)
	lp.total, lp.trials, lp.flipped = 0, 0, 0
	s.faced = 0
	s.rootFace = rootFace{}
	done := s.linearNode(0)
	s.stats.lpPivots += lp.total
	s.stats.lpTrialPivots += lp.trials
	s.stats.lpFlips += lp.flipped
	return done
}

// rowPrices turns the rows' bound at the current multipliers into prices of all open items:
// the multipliers for the column and box digits, the negated assignment duals for the cells
// and row digits.
func (s *solver) rowPrices() *[items]float64 {
	prices := new([items]float64)
	s.prepare()
	if _, ok := s.relax(&s.used, &s.pick); !ok {
		return prices
	}
	for i := 2 * cells; i < items; i++ {
		prices[i] = s.lambda[i]
	}
	for r := range s.rows {
		rp := &s.rows[r]
		for i := 1; i <= rp.n; i++ {
			prices[rp.cell[i-1]] = -rp.u[i]
		}
		for j := 1; j <= rp.n; j++ {
			prices[cells+r*9+rp.digit[j-1]] = -rp.v[j]
		}
	}
	return prices
}

// linearNode settles the node the columns' current bounds define, or reports false when the
// pivots ran out; either way it leaves the bounds as it found them.
func (s *solver) linearNode(depth int) bool {
	lp := &s.lp
	s.stats.lpNodes++
	if s.best >= s.refuted-1 {
		return true // descend refuted every score above the best
	}
	if s.rootFaceSettles() {
		return true
	}
	var fixed []int // columns this node fixed, by reduced cost or after a one-sided trial
	defer func() {
		for _, j := range fixed {
			lp.setBounds(j, 0, 1)
		}
	}()
	for first := true; ; first = false {
		cutoff := float64(s.best) + 1 - float64(s.value) - eps
		switch lp.dual(cutoff, s.tuning.lpLimit-lp.total) {
		case lpBelow:
			return true
		case lpOutOfPivots:
			return false
		}
		integral := s.recordLinear()
		if depth == 0 && first && !integral && s.raiseAtRoot() {
			return true
		}
		cutoff = float64(s.best) + 1 - float64(s.value) - eps // the best score may have risen
		if integral && lp.bound() < cutoff {
			return true // an integer optimum: nothing below it scores more
		}
		fixed = lp.fixByReducedCost(cutoff, fixed)
		if s.faceSettles(cutoff, depth == 0 && first) {
			return true
		}
		cutoff = float64(s.best) + 1 - float64(s.value) - eps
		if lp.bound() < cutoff {
			return true // the face search raised the best score past the bound
		}
		j, settled, fixes := s.strongBranch(cutoff, depth)
		if settled {
			return true
		}
		if len(fixes) > 0 {
			for _, fix := range fixes {
				fixed = append(fixed, fix&^lpFixUp)
				if fix&lpFixUp != 0 {
					lp.setBounds(fix&^lpFixUp, 1, 1)
				} else {
					lp.setBounds(fix, 0, 0)
				}
			}
			continue
		}
		if j < 0 || lp.total >= s.tuning.lpLimit {
			return false
		}
		return s.branchLinear(j, depth)
	}
}

// branchLinear settles the node by its two children, column j fixed at 1 and at 0, the side
// nearer its value first, and reports false when the pivots ran out. The second child starts
// from the node's program saved, down to lpSavedDepth, and from where the first left it deeper.
func (s *solver) branchLinear(j, depth int) bool {
	lp := &s.lp
	first, second := [2]float64{1, 1}, [2]float64{0, 0}
	if lp.colValue(j) < 0.5 {
		first, second = second, first
	}
	saved := depth < s.tuning.lpSavedDepth
	if saved {
		for len(s.lpNodes) <= depth {
			s.lpNodes = append(s.lpNodes, lpSaved{})
		}
		lp.save(&s.lpNodes[depth])
	}
	lp.setBounds(j, first[0], first[1])
	ok := s.linearNode(depth + 1)
	if ok {
		if saved {
			lp.restore(&s.lpNodes[depth])
		}
		lp.setBounds(j, second[0], second[1])
		ok = s.linearNode(depth + 1)
	}
	lp.setBounds(j, 0, 1)
	return ok
}

// fixByReducedCost fixes, for the subtree, every nonbasic column whose move to its other bound
// would take the bound below cutoff, and appends them to fixed. The bound is that of the prices
// with the true costs, so the fixing is as sound as the bound.
func (lp *linearProgram) fixByReducedCost(cutoff float64, fixed []int) []int {
	bound := lp.bound()
	for j := range lp.cols[:lp.optionCols] {
		c := &lp.cols[j]
		if c.basicRow >= 0 || c.lo == c.hi {
			continue
		}
		dj := lp.trueReduced(c)
		// bound counts max(0, dj) for this column; moved to its other bound it counts dj or 0
		if gain := max(0, dj); c.atUpper && bound-gain < cutoff {
			c.lo = 1
		} else if !c.atUpper && bound-gain+dj < cutoff {
			c.hi = 0
		} else {
			continue
		}
		fixed = append(fixed, j)
	}
	return fixed
}

// recordLinear keeps the current basic solution when it is integral and completes the grid,
// and reports whether it was.
func (s *solver) recordLinear() bool {
	lp := &s.lp
	fill := s.fill
	var taken [items]int8
	for j := range lp.cols {
		c := &lp.cols[j]
		v := lp.colValue(j)
		if v > 1e-6 && v < 1-1e-6 {
			return false
		}
		if c.opt < 0 || v < 0.5 {
			continue
		}
		o := int(c.opt)
		fill[cellOfOption(o)] = digitOfOption(o) + 1
		for k := 0; k < 4; k++ {
			taken[s.itm[firstNode(o)+k]]++
		}
	}
	for i := s.next[root]; i != root; i = s.next[i] {
		if taken[i] != 1 {
			return false
		}
	}
	score := 0
	for x, d := range fill {
		score += weight(x) * d
	}
	if score > s.best {
		s.best, s.bestFill = score, fill
	}
	return true
}

// priceByProgram sets the bound and the options' reduced costs for improve from the program's
// prices and its columns' bounds. A completion within those bounds scores the value, plus the
// prices' sum, plus its options' reduced costs: at most the program's bound less the negative
// reduced costs of the free options it takes (a column fixed at 1 has its cost in the bound
// already). A column fixed at 0, and every option crossing a column fixed at 1, is out of reach.
func (s *solver) priceByProgram() {
	lp := &s.lp
	s.newCosts()
	for j := range lp.cols[:lp.optionCols] {
		c := &lp.cols[j]
		switch {
		case c.hi == 0:
			s.reduced.of[c.opt] = math.Inf(1)
		case c.lo == 1:
			s.reduced.of[c.opt] = 0
		default:
			s.reduced.of[c.opt] = max(0, -lp.trueReduced(c))
		}
	}
	for j := range lp.cols[:lp.optionCols] {
		c := &lp.cols[j]
		if c.lo != 1 {
			continue
		}
		o := int(c.opt)
		for k := 0; k < 4; k++ {
			i := s.itm[firstNode(o)+k]
			for p := int(s.down[i]); p != int(i); p = int(s.down[p]) {
				if q := optionOf(p); q != o {
					s.reduced.of[q] = math.Inf(1)
				}
			}
		}
	}
	s.bound = float64(s.value) + lp.bound()
}

// faceSettles searches the node's face, as the package comment says: improve's cost-ordered search
// for a completion scoring one more than the best, under the node's prices and within its columns'
// bounds. It reports true when that search fails completely, which settles the node; a completion
// it finds raises the best score. The multipliers' bound and reduced costs are left as they were.
func (s *solver) faceSettles(cutoff float64, root bool) bool {
	lp := &s.lp
	budget := min(s.tuning.lpFaceBudget, s.tuning.lpFaceBudget+int(s.tuning.lpFaceShare*float64(lp.work()))-s.faced)
	if budget < s.tuning.lpFaceLeast || lp.bound()-cutoff >= s.tuning.lpFaceGap || s.best == math.MinInt {
		return false
	}
	bound, reduced := s.bound, s.reduced
	defer func() { s.bound, s.reduced = bound, reduced }()
	s.priceByProgram()
	var settled bool
	var used int
	if root {
		rf := &s.rootFace
		rf.reduced, rf.bound, rf.kept = s.reduced, s.bound, true
		settled, used = rf.search(s, budget)
	} else {
		settled, used = s.searchFace(budget)
	}
	s.faced += used
	return settled
}

// searchFace runs improve's cost-ordered search for a completion scoring one more than the best,
// under the bound and reduced costs set, within budget nodes. It reports whether the search
// failed completely, which settles what those costs describe, and the nodes it used; a
// completion it finds raises the best score.
func (s *solver) searchFace(budget int) (settled bool, used int) {
	left := budget
	found := s.improve(s.bound-float64(s.best+1), &left, true)
	s.stats.faces++
	if found || left < 0 {
		return false, budget - max(left, 0)
	}
	s.stats.facesSettled++
	return true, budget - left
}

// rootFace is the root's face, kept for rootFaceSettles: the options' reduced costs under the
// root's prices and the bound they give, set when the root first searches its face.
type rootFace struct {
	kept    bool
	settled bool       // a search of it failed completely: no completion beats the best
	reduced costs      // under the root's prices and its columns' bounds
	bound   float64    // the score those prices bound every completion by
	spent   int        // nodes its searches spent
	cursor  faceCursor // where the last search ran out
	best    int        // the best score when it did: the cursor holds while the best does
	dropped bool       // rootFaceHopeless said so when it last ran out: rootFaceSettles stops while the best holds
}

// faceCursor is the path to the node where a search of the root's face ran out of budget, so
// that the next search resumes there instead of starting again. Each level of reach tries its
// options in the same order each time, since the links, the reduced costs and the room are the
// same, so the path is the index of the option each level was trying. Replaying it costs a node
// a level, so a search advances only with a budget above the deepest path (the cells): those of
// rootFaceSettles are at least lpFaceBudget.
type faceCursor struct {
	path  [cells]int8 // per level, the index of the option it was trying; the levels are at most the cells
	of    [cells]int8 // per level, of how many options: for shareDone
	live  int         // the levels of path not yet replayed by this search; invariant: path[:live] is a path
	depth int         // the level of the node reach is at
}

// shareDone is the share of the search's tree done up to the cursor, as Knuth's estimate reads
// it off the path (knuthShare): each option a level tried before the path's, of its options.
func (c *faceCursor) shareDone() float64 {
	return knuthShare(c.path[:c.live], c.of[:c.live])
}

// search searches the root's face within budget nodes, from where the last search ran out when
// the best score is still the one it ran out under, and reports, as searchFace does, whether it
// settled everything and the nodes it used. A new best score means a smaller room, which hides
// more options and shifts the indices of the path: the search starts again.
func (rf *rootFace) search(s *solver, budget int) (settled bool, used int) {
	if rf.best != s.best {
		rf.cursor.live = 0
	}
	rf.cursor.depth = 0
	s.cursor = &rf.cursor
	defer func() { s.cursor = nil }()
	before := s.best
	settled, used = s.searchFace(budget)
	if s.best != before {
		rf.cursor.live = 0 // it found a completion: what path is left was walked under the old room
	}
	rf.spent += used
	rf.best = s.best
	rf.settled = settled
	rf.dropped = !settled && s.rootFaceHopeless()
	return settled, used
}

// rootFaceSettles goes on with the search of the root's face, from where it last ran out, with
// the work the linear program's pivots have done beyond what that search has spent (times
// lpRootFaceRatio), once that is a face search's budget. Where the optimum stands exactly one
// point above the best score at every node, only running out of options prunes, and the nodes'
// smaller faces each fail within their budgets, node after node, while the root's face, searched
// to the end, settles everything. So the two searches share the work: the face search that ends
// without a completion settles the whole linear search, one that finds a completion raises the
// best score, and the face never costs more than the pivots. Resuming spends nothing twice.
func (s *solver) rootFaceSettles() bool {
	rf := &s.rootFace
	if rf.settled {
		return true
	}
	earned := s.tuning.lpRootFaceRatio*s.lp.work() - rf.spent
	if !rf.kept || earned < s.tuning.lpFaceBudget || rf.dropped && rf.best == s.best {
		return false
	}
	bound, reduced := s.bound, s.reduced
	defer func() { s.bound, s.reduced = bound, reduced }()
	s.bound, s.reduced = rf.bound, rf.reduced
	settled, _ := rf.search(s, earned)
	return settled
}

// rootFaceHopeless reports, when a search of the root's face has just stopped, whether Knuth's
// estimate of its tree (the nodes spent over the share done, read off the cursor's path) leaves
// more than lpRootFaceAhead times the work the pivots have earned it so far still to search:
// then rootFaceSettles drops it until the best score changes. On the climbed input where the
// program's every node stands one point above the answer but its tree ends at its ninth node,
// the estimate reads 52,000 to 68,000 nodes from the first search of 500 on, 16 times what the
// pivots had earned, and the face spent 10,598 nodes in vain; on the two climbed 3-given inputs
// of TestRootFaceSettles (run as it runs them), where the face settles everything, it reads
// 3,800 and 7,500 nodes, at most twice what they had earned; on three climbed grids of 3 and 4
// givens it read between three and four times, and the face's nodes settled nothing there
// (bench/HISTORY.md, lpRootFaceAhead). A path with nothing done before it tells nothing and is
// not read.
func (s *solver) rootFaceHopeless() bool {
	rf := &s.rootFace
	done := rf.cursor.shareDone()
	if done <= 0 {
		return false
	}
	spent := float64(rf.spent)
	return spent/done-spent > s.tuning.lpRootFaceAhead*float64(s.tuning.lpRootFaceRatio*s.lp.work())
}

// raiseAtRoot raises the best score before the root branches (improveByPrices, then
// linearDive where it may pay), and reports whether that settled the root.
func (s *solver) raiseAtRoot() bool {
	if s.improveByPrices() {
		return true
	}
	if s.diveMayPay() {
		s.linearDive()
	}
	return false
}

// improveByPrices raises the best score before the linear program's search, whose tree a low
// best score can double: under the root optimum's prices, with the true costs, it looks for a
// completion scoring one more than the best, again and again, by improve's cost-ordered search
// over the reduced costs these prices give, lpImproveStep nodes each, lpImproveBudget in all.
// On the climbed inputs these prices find better scores than the rows' multipliers do. A
// search that fails completely proves the best score, and then it reports true. The
// multipliers' bound and reduced costs are left as they were.
func (s *solver) improveByPrices() bool {
	if s.best == math.MinInt {
		return false
	}
	bound, reduced := s.bound, s.reduced
	defer func() { s.bound, s.reduced = bound, reduced }()
	s.priceByProgram()
	for budget := s.tuning.lpImproveBudget; budget > 0; {
		share := min(budget, s.tuning.lpImproveStep)
		left := share
		found := s.improve(s.bound-float64(s.best+1), &left, false)
		budget -= share - max(left, 0)
		if !found {
			return left >= 0 // searched to the end: nothing scores more than the best
		}
	}
	return false
}

// diveMayPay reports whether the dive is worth its pivots at this root: not where the bound lies
// within lpDiveGap of the best score and more than lpDiveFilled cells are filled (the givens and
// the cells the root's search has chosen). Within three scores of the best (lpDiveGap 4, the
// root's bound an integer plus a few thousandths, three over the best score, being the common case
// on grids of 3 to 6 givens) the dive ran at 14 roots of the adversarial family, up to 71 million
// instructions each, and met a better score at 3 of them; within 16 (lpDiveGap 16), at the two
// roots of the family where it still ran, 8 and 13 over the best score after improveByPrices, it
// met the answer at one, and the tree without it met the answer for less work at both, the
// root's trials being shorter by then (bench/HISTORY.md, lpDiveGap). By default only the empty grid
// dives even so (lpDiveFilled 0): the dive on nearly empty grids was kept for the face searches its
// pivots pay for (lpFaceShare), but skipping it there costs no input of the adversarial family more
// work (bench/HISTORY.md).
func (s *solver) diveMayPay() bool {
	return s.lp.bound()+float64(s.value)-float64(s.best) >= s.tuning.lpDiveGap || s.filled() <= s.tuning.lpDiveFilled
}

// linearDive looks for a better score as the root's heuristics do in integer programming
// solvers: it fixes at 1 the fractional option the program takes most of and solves again,
// until the solution is integral (and recorded) or the bound falls below the best score plus
// one, within lpDiveLimit pivots; then it restores the program as it found it. A better score
// found here prunes the linear program's tree.
func (s *solver) linearDive() {
	lp := &s.lp
	lp.save(&s.lpSaved)
	defer lp.restore(&s.lpSaved)
	start := lp.total
	for lp.total-start < s.tuning.lpDiveLimit {
		j, most := -1, 0.0
		for r := 0; r < lp.m; r++ {
			c := lp.basis[r]
			if lp.cols[c].opt < 0 {
				continue
			}
			if v := lp.xB[r]; v > 1e-6 && v < 1-1e-6 && v > most {
				j, most = c, v
			}
		}
		if j < 0 {
			return
		}
		lp.setBounds(j, 1, 1)
		cutoff := float64(s.best) + 1 - float64(s.value) - eps
		if lp.dual(cutoff, s.tuning.lpDiveLimit-(lp.total-start)) != lpOptimal || s.recordLinear() {
			return
		}
	}
}

const lpFixUp = 1 << 20 // marks a column strongBranch fixes at 1 rather than 0

// strongBranch ranks the fractional columns by their penalties, the least either side of each
// falls; it tries every side whose penalty takes it below the cutoff, then the first few columns
// both ways (fewer at the root and from depth lpDeepDepth on), a few pivots each. It returns the
// column whose two falls have the largest product, or settled when some column falls below the
// cutoff both ways, or the columns to fix (each ORed with lpFixUp when at 1) when they do one way;
// fixes holds until the next call.
func (s *solver) strongBranch(cutoff float64, depth int) (j int, settled bool, fixes []int) {
	lp := &s.lp
	list := lp.rankFractional()
	if len(list) == 0 {
		return -1, false, nil
	}
	parent := lp.bound()
	lp.trial = true
	defer func() { lp.trial = false }()
	lp.save(&s.lpSaved)
	if fixes := s.trySurelyFalling(list, parent, cutoff); len(fixes) > 0 {
		return -1, false, fixes
	}
	strong, limit := s.tuning.lpStrong, s.tuning.lpStrongLimit
	switch {
	case depth == 0:
		strong, limit = s.tuning.lpRootStrong, s.tuning.lpRootStrongLimit // bench/HISTORY.md, lpRootStrong
	case depth >= s.tuning.lpDeepDepth:
		strong = s.tuning.lpDeepStrong
	}
	if len(list) > strong {
		list = list[:strong]
	}
	j, settled, fix := s.tryBothWays(list, parent, cutoff, limit)
	if fix >= 0 {
		s.lpFixes = append(s.lpFixes[:0], fix)
		return -1, false, s.lpFixes
	}
	return j, settled, nil
}

// candidate is a fractional column strongBranch may try.
type candidate struct {
	col     int
	key     float64    // the smaller penalty, negated: the surest fall first
	penalty [2]float64 // the least fall of the bound with the column at 0 and at 1
}

// rankFractional returns the fractional option columns, the surest fall first.
func (lp *linearProgram) rankFractional() []candidate {
	var list []candidate
	var rows [lpRowsMax]int // the fractional rows, in order
	n := 0
	for r := 0; r < lp.m; r++ {
		c := lp.basis[r]
		if lp.cols[c].opt < 0 {
			continue
		}
		if f := math.Abs(lp.xB[r] - 0.5); f < 0.5-1e-6 {
			rows[n] = r
			n++
		}
	}
	// Their penalties four rows to a pass over the columns (penaltiesFour), the rest one a pass.
	for t := 0; t < n; t += 4 {
		var down, up [4]float64
		k := min(4, n-t)
		if k == 4 {
			down, up = lp.penaltiesFour((*[4]int)(rows[t : t+4]))
		} else {
			for u := range k {
				down[u], up[u] = lp.penalties(rows[t+u])
			}
		}
		for u := range k {
			c := lp.basis[rows[t+u]]
			list = append(list, candidate{c, -min(down[u], up[u]) - 1e-3*max(down[u], up[u]), [2]float64{down[u], up[u]}})
		}
	}
	// Stable: ties stay in the order of the basis rows, whatever the sorting algorithm, so that
	// a port searches alike.
	slices.SortStableFunc(list, func(a, b candidate) int { return cmp.Compare(a.key, b.key) })
	return list
}

// trySurelyFalling tries every side whose penalty alone takes the bound below the cutoff, which
// a pivot or two settles whatever the ranking, and returns the columns whose side does, each to
// be fixed the other way (ORed with lpFixUp when at 1): with lpFixAll every such column, so that
// one re-solve serves them all (each fix holds alone, so together they hold), else the first. It
// leaves the program as saved.
func (s *solver) trySurelyFalling(list []candidate, parent, cutoff float64) (fixes []int) {
	lp := &s.lp
	fixes = s.lpFixes[:0]
	for _, cand := range list {
		for side, fall := range cand.penalty {
			if parent-fall >= cutoff {
				continue
			}
			v := float64(side)
			lp.setBounds(cand.col, v, v)
			status := lp.dual(cutoff, s.tuning.lpStrongLimit)
			lp.restore(&s.lpSaved)
			if status == lpBelow {
				fix := cand.col // the side at 1 falls: fixed at 0
				if side == 0 {
					fix |= lpFixUp
				}
				fixes = append(fixes, fix)
				s.lpFixes = fixes
				if s.tuning.lpFixAll == 0 {
					return fixes
				}
				break // fixed, its other side is not tried
			}
		}
	}
	return fixes
}

// tryBothWays tries each column of list at 0 and at 1, limit pivots each, and returns, as
// strongBranch does, the column whose two falls have the largest product, or settled, or a
// column to fix. It leaves the program as saved.
//
// A trial that does not fall below the cutoff falls at most the gap between the parent's bound
// and the cutoff, so when the fall at 0 times that gap cannot beat the best product so far, the
// trial at 1 is skipped (with lpSecondSide): it could only have found the column to fix at 0.
func (s *solver) tryBothWays(list []candidate, parent, cutoff float64, limit int) (j int, settled bool, fix int) {
	lp := &s.lp
	j, bestScore := list[0].col, -1.0
	most := max(parent-cutoff, 1e-6) // the largest fall of a side that stays above the cutoff
	for _, cand := range list {
		var drop [2]float64
		for side := 0; side < 2; side++ {
			if side == 1 && s.tuning.lpSecondSide != 0 && max(drop[0], 1e-6)*most <= bestScore {
				break // drop[1] stays 0: this column's product cannot win
			}
			v := float64(side)
			lp.setBounds(cand.col, v, v)
			status := lp.dual(cutoff, limit)
			b := lp.bound()
			lp.restore(&s.lpSaved)
			if status == lpBelow {
				drop[side] = math.Inf(1)
			} else {
				drop[side] = parent - b
			}
		}
		switch {
		case math.IsInf(drop[0], 1) && math.IsInf(drop[1], 1):
			return -1, true, -1
		case math.IsInf(drop[0], 1):
			return -1, false, cand.col | lpFixUp
		case math.IsInf(drop[1], 1):
			return -1, false, cand.col
		}
		if score := max(drop[0], 1e-6) * max(drop[1], 1e-6); score > bestScore {
			j, bestScore = cand.col, score
		}
	}
	return j, false, -1
}

// penalties are how much the bound falls at least when the basic value of row r is pushed to
// 0 (down) and to 1 (up): the first step of the dual simplex each way, without taking it.
func (lp *linearProgram) penalties(r int) (down, up float64) {
	m := lp.m
	// The row goes to rho, free outside dual's steps, whose last entry stays 0: the column
	// sums then take all four rows, as in dual.
	copy(lp.rho, lp.binv[r*m:r*m+m])
	rho := (*[lpRowsMax]float64)(lp.rho[:lpRowsMax])
	cols := lp.cols[:lp.optionCols]
	d := lp.d[:len(cols)]
	stepDown, stepUp := math.Inf(1), math.Inf(1)
	for _, j := range lp.nonbasic {
		c := &cols[j]
		if c.lo == c.hi {
			continue
		}
		a := c.sum(rho)
		// Pushing the value up needs a column at hi with a > 0 or at lo with a < 0; pushing
		// it down, the signs swap.
		b := a
		if !c.atUpper {
			b = -a
		}
		if b > lpPivotLeast {
			stepUp = minOf(stepUp, d[j]/a)
		} else if b < -lpPivotLeast {
			stepDown = minOf(stepDown, -d[j]/a)
		}
	}
	return lp.xB[r] * stepDown, (1 - lp.xB[r]) * stepUp
}

// penaltiesFour is penalties for the four rows rows in one pass over the columns: the columns'
// loads are made once for the four, and each row's steps are taken as penalties takes them,
// in the same order. The four steps are written out: a function taking a row's steps by
// pointer makes the compiler keep them in memory (the port's penaltyStep, inlined, does not).
func (lp *linearProgram) penaltiesFour(rows *[4]int) (down, up [4]float64) {
	m := lp.m
	if len(lp.fourRho) < 4*lpRowsMax {
		lp.fourRho = make([]float64, 4*lpRowsMax) // its entries from m on stay 0 for good
	}
	v0 := (*[lpRowsMax]float64)(lp.fourRho[0:lpRowsMax])
	v1 := (*[lpRowsMax]float64)(lp.fourRho[lpRowsMax : 2*lpRowsMax])
	v2 := (*[lpRowsMax]float64)(lp.fourRho[2*lpRowsMax : 3*lpRowsMax])
	v3 := (*[lpRowsMax]float64)(lp.fourRho[3*lpRowsMax : 4*lpRowsMax])
	for k, v := range [4]*[lpRowsMax]float64{v0, v1, v2, v3} {
		copy(v[:m], lp.binv[rows[k]*m:rows[k]*m+m])
	}
	cols := lp.cols[:lp.optionCols]
	d := lp.d[:len(cols)]
	inf := math.Inf(1)
	down0, down1, down2, down3, up0, up1, up2, up3 := inf, inf, inf, inf, inf, inf, inf, inf
	const mask = lpRowsMax - 1
	for _, j := range lp.nonbasic {
		c := &cols[j]
		if c.lo == c.hi {
			continue
		}
		r0, r1, r2, r3 := c.rows[0]&mask, c.rows[1]&mask, c.rows[2]&mask, c.rows[3]&mask
		// As penalties: pushing the value up needs a column at hi with a > 0 or at lo with
		// a < 0; pushing it down, the signs swap: a times sign, 1 at hi and -1 at lo, is
		// above lpPivotLeast or below its negative (a product by 1 or -1 is exact).
		dc, sign := d[j], -1.0
		if c.atUpper {
			sign = 1
		}
		a := v0[r0] + v0[r1] + v0[r2] + v0[r3]
		if b := a * sign; b > lpPivotLeast {
			up0 = minOf(up0, dc/a)
		} else if b < -lpPivotLeast {
			down0 = minOf(down0, -dc/a)
		}
		a = v1[r0] + v1[r1] + v1[r2] + v1[r3]
		if b := a * sign; b > lpPivotLeast {
			up1 = minOf(up1, dc/a)
		} else if b < -lpPivotLeast {
			down1 = minOf(down1, -dc/a)
		}
		a = v2[r0] + v2[r1] + v2[r2] + v2[r3]
		if b := a * sign; b > lpPivotLeast {
			up2 = minOf(up2, dc/a)
		} else if b < -lpPivotLeast {
			down2 = minOf(down2, -dc/a)
		}
		a = v3[r0] + v3[r1] + v3[r2] + v3[r3]
		if b := a * sign; b > lpPivotLeast {
			up3 = minOf(up3, dc/a)
		} else if b < -lpPivotLeast {
			down3 = minOf(down3, -dc/a)
		}
	}
	steps := [2][4]float64{{down0, down1, down2, down3}, {up0, up1, up2, up3}}
	for k, r := range rows {
		down[k], up[k] = lp.xB[r]*steps[0][k], (1-lp.xB[r])*steps[1][k]
	}
	return down, up
}

// ---------------------------------------------------------------------------------------------
// The root's order of searches.
// ---------------------------------------------------------------------------------------------

// searchRoot explores the whole tree below the givens, in the root's order of searches: it
// takes the forced options, bounds the root with the longer budgets and aims (rootAim), hides
// what cannot beat the best score, descends by patterns within a budget (descentBudget),
// bounds and hides again while the descent leaves a better score, settles the rest (settle)
// and, should that run out, branches under the rows' bound.
func (s *solver) searchRoot() {
	tn := &s.tuning
	s.stats.nodes++
	rounds, patternRounds, aimLimit, probe := s.rootRowRounds(), tn.rootPatternRounds, s.rootAim(), true
	mark := len(s.trail)
	defer s.undoTo(mark)
	descended := false // the root descends by patterns once, when nothing more is hidden
	for {
		i, open := s.takeForced()
		if !open || !s.bounds(rounds, patternRounds, probe) {
			return
		}
		if aimLimit > 0 && s.aim(aimLimit) {
			return
		}
		rounds, patternRounds, aimLimit, probe = tn.nodeRounds, tn.nodePatternRounds, 0, false // aim once: a second try would repeat the first
		// The first descent may come before any hiding: see descendsFirst.
		early := !descended && s.descendsFirst()
		if !early && s.hideHopeless() {
			continue
		}
		if !descended {
			// The root descends by patterns first, within a budget. When that leaves it open
			// with a better score, the score hides more options: bound and hide again; and
			// when it left the hiding for later, hide now.
			descended = true
			before := s.best
			budget := s.descentBudget()
			s.graceLeft, s.testAt = true, s.linearTestAt()
			settled := s.descend(budget)
			s.graceLeft, s.testAt = false, 0
			if settled {
				return
			}
			if s.best != before || early {
				continue
			}
		}
		i = s.branchItem(i)
		if !s.settle() {
			s.branch(i)
		}
		return
	}
}

// descendsFirst reports whether the root's first descent runs before the root hides anything
// (hideHopeless): on a grid of at least descendFirstGivens givens. The hiding's cut is the best
// score plus one, and each of the descent's searches aims at that or higher: an option the
// patterns hide has its forced patterns' bound below that cut, so it lies on no pattern a search
// counts worth trying, and one the rows' reduced costs hide cuts any node that places it
// (rowsRefute). On the adversarial family's 441 inputs of 10 or more givens the descents take
// the same nodes without the hiding, which spares its pass over every option and the second
// bounds it sets off (hideByPatterns and 8 patterns' steps, 0.2 to 0.7 million instructions at
// 24 givens); a descent that leaves the root open is followed by the bounds and the hiding, as
// the program needs them (bench/HISTORY.md, descendFirstGivens).
func (s *solver) descendsFirst() bool {
	return s.givenCount >= s.tuning.descendFirstGivens
}

// rootRowRounds is the rows' subgradient steps at the root: rootRounds, or rowsRootRounds on a
// grid of at least rowsRootGivens givens. There the searches after them hardly read the rows'
// multipliers: the descent refutes by the patterns' bound, and its rowsRefute and the hiding by
// reduced cost refute and hide about as much under the relaxation's own duals as under tuned
// multipliers. One step, the relaxation under zero multipliers, took no input of the adversarial
// family of 10 or more givens to more work, and its descents the same nodes but on one input;
// below 17 givens the linear program starts from the rows' prices (with the root's shorter
// strong branching, it took the slowest input of 10 to 16 givens from 17,924 units of work to
// 21,160 under one step) and moves by factors either way without them (bench/HISTORY.md,
// rowsRootRounds, rowsRootGivens).
func (s *solver) rootRowRounds() int {
	if s.givenCount >= s.tuning.rowsRootGivens {
		return s.tuning.rowsRootRounds
	}
	return s.tuning.rootRounds
}

// rootAim is the nodes the root's aim may spend: rootAimLimit on a grid of at most aimGivens
// givens, where the linear optimum is most often the answer and the aim meets it, and none
// elsewhere. There the aim spends its budget in vain on nearly every hard input, and its few
// better scores only cut the descent short (see descentBudget), leaving the linear program a
// larger tree. Where it is run, 1,500 nodes: on the adversarial family's 115 inputs of 0-5
// givens, 2,000 took more work on 106 of them and less on 4 (bench/HISTORY.md, rootAimLimit).
func (s *solver) rootAim() int {
	if s.filled() > s.tuning.aimGivens {
		return 0
	}
	return s.tuning.rootAimLimit
}

// filled counts the cells filled: at the root before its search, the givens; later, the cells
// chosen above the node too.
func (s *solver) filled() int {
	n := 0
	for x := 0; x < cells; x++ {
		if !s.active[x] {
			n++
		}
	}
	return n
}

// descentBudget is the nodes the root's first descent may spend. Its targets run from the bound
// down to the best score. When they are many, it often finds a far better score, which the
// linear program's search needs; when the tighter bound lies within closeGap of the score, it
// seldom refutes the few targets left within descentLimit, and the linear program's search does
// that better: it gets closeLimit nodes, only enough for the easy ones. Not on a grid of at most
// aimGivens cells filled, where the linear program is largest and its pivots dearest: there the
// descent keeps its whole budget.
func (s *solver) descentBudget() int {
	if s.best != math.MinInt && min(s.bound, s.pat.bound)-float64(s.best) < s.tuning.closeGap && s.filled() > s.tuning.aimGivens {
		return min(s.tuning.closeLimit, s.tuning.descentLimit)
	}
	return s.tuning.descentLimit
}

// linearTestAt is the node at which the root's first descent, about to start, stops for
// linearTest: linearTestNodes nodes on, on a grid of at least restartGivens givens and fewer
// than linearTestBelow (24); 0 elsewhere. From 24 givens no descent of the adversarial family
// that the test settles runs that long, and on two climbed ones the test failed, a fifth more
// work (bench/HISTORY.md, linearTestBelow).
func (s *solver) linearTestAt() int {
	if s.givenCount < s.tuning.restartGivens || s.givenCount >= s.tuning.linearTestBelow || s.tuning.linearTestNodes <= 0 {
		return 0
	}
	return s.stats.proofNodes + s.tuning.linearTestNodes
}

// linearTest runs, at the linearTestNodes-th node of the root's first descent, the linear
// program's root alone: it solves the program of the root's alive options, those the patterns'
// bound rules out fixed at 0 (fixByPatterns), and reports whether its bound, or the aim under
// its prices (improveByPrices), proves that nothing beats the best score; the descent then
// stops, the root settled. Otherwise the descent goes on as it was, the rows' relaxation left
// as it found it. A descent that runs that long has most often met the answer early and wades
// through the one or two scores above it: on the adversarial family's inputs of 17 or more
// givens, every descent that settled its root did so within 1,551 nodes, and the three that ran
// out spent their 3,000 on the scores above the answer, which the program's root then refuted.
// The test costs about what the program's root costs, 130 to 370 pivots on that family (1,800 to
// 5,200 units of work, as much as 600 to 1,730 of the descent's nodes): from the 1,800th node the
// descent has spent more than a test can waste (bench/HISTORY.md, linearTestNodes).
func (s *solver) linearTest() bool {
	rows, used, pick := s.rows, s.used, s.pick
	defer func() { s.rows, s.used, s.pick = rows, used, pick }()
	lp := &s.lp
	lp.load(s, s.rowPrices(), &s.pick)
	lp.total, lp.trials, lp.flipped = 0, 0, 0
	s.stats.lpNodes++
	s.fixByPatterns()
	status := lp.dual(float64(s.best)+1-float64(s.value)-eps, s.tuning.lpLimit)
	s.stats.lpPivots += lp.total
	s.stats.lpFlips += lp.flipped
	return status == lpBelow || (status == lpOptimal && s.improveByPrices())
}

// fixByPatterns fixes at 0, in the program just loaded, each option column that hideByPatterns
// would hide under the multipliers of the descent's current search: its digit's best pattern
// through its cell, with the other digits' best patterns, falls below the best score plus one.
// It leaves the patterns' tables as the descent reads them (bestThrough only writes its own
// working storage).
func (s *solver) fixByPatterns() {
	lp := &s.lp
	var through [9][cells]float64
	for d := range 9 {
		s.bestThrough(d, &through[d])
	}
	limit := float64(s.best) + 1 - eps
	for j := range lp.cols[:lp.optionCols] {
		o := int(lp.cols[j].opt)
		x, d := o/9, o%9
		if s.descentBound-s.pat.best[d]+through[d][x] < limit {
			lp.setBounds(j, 0, 0)
		}
	}
}

// settle is the rest of the root's order of searches: after the first descent, it branches and
// bounds on the linear program, which settles the inputs whose descents grow large; should that
// run out of pivots, it descends again without a budget, from the targets the first descent
// left. It reports whether one settled the subtree.
func (s *solver) settle() bool {
	return s.linearSettle() || s.descend(s.tuning.proofLimit)
}

// ---------------------------------------------------------------------------------------------
// Input and output.
// ---------------------------------------------------------------------------------------------

// readInput reads the named file, or "-" for standard input, and names standard output for the
// answer. Without a name it reads sudoku.in when it exists, naming sudoku.out for the answer,
// and standard input otherwise.
func readInput(name string) (givens [cells]int, output string, err error) {
	switch name {
	case "-":
		givens, err = read(os.Stdin, "standard input")
		return givens, standardStream, err
	case "":
		f, err := os.Open("sudoku.in")
		if errors.Is(err, fs.ErrNotExist) {
			givens, err = read(os.Stdin, "standard input")
			return givens, standardStream, err
		}
		if err != nil {
			return givens, "", unreadable{err}
		}
		defer f.Close()
		givens, err = read(f, "sudoku.in")
		return givens, "sudoku.out", err
	}
	f, err := os.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return givens, "", unreadable{fmt.Errorf("%s: no such file", name)}
	}
	if err != nil {
		return givens, "", unreadable{err}
	}
	defer f.Close()
	givens, err = read(f, name)
	return givens, standardStream, err
}

// maxInput bounds what is read: a well-formed input is a few hundred bytes.
const maxInput = 1 << 20

// read takes exactly 81 integers 0..9 separated by any whitespace; a fault is reported with the
// line and column where it lies.
func read(r io.Reader, name string) ([cells]int, error) {
	var g [cells]int
	data, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		return g, unreadable{fmt.Errorf("reading %s: %w", name, err)}
	}
	if len(data) > maxInput {
		return g, fmt.Errorf("%s: input longer than %d bytes, expected 81 numbers", name, maxInput)
	}
	n, line, col := 0, 1, 1
	for i := 0; i < len(data); {
		if b := data[i]; b == ' ' || b == '\t' || b == '\r' || b == '\n' || b == '\v' || b == '\f' {
			if col++; b == '\n' {
				line, col = line+1, 1
			}
			i++
			continue
		}
		j := i
		for j < len(data) && !strings.ContainsRune(" \t\r\n\v\f", rune(data[j])) {
			j++
		}
		tok := string(data[i:j])
		if n == cells {
			return g, fmt.Errorf("%s:%d:%d: expected end of input after 81 numbers, found %q", name, line, col, tok)
		}
		if len(tok) != 1 || tok[0] < '0' || tok[0] > '9' {
			return g, fmt.Errorf("%s:%d:%d: expected a digit 0..9 (number %d of 81), found %q", name, line, col, n+1, tok)
		}
		g[n] = int(tok[0] - '0')
		n++
		col += j - i
		i = j
	}
	if n < cells {
		return g, fmt.Errorf("%s:%d:%d: expected 81 numbers, found only %d", name, line, col, n)
	}
	return g, nil
}

func write(out string, best int, fill [cells]int, showGrid bool) error {
	var b strings.Builder
	fmt.Fprintln(&b, best)
	if showGrid && best >= 0 {
		for r := 0; r < 9; r++ {
			for c := 0; c < 9; c++ {
				if c > 0 {
					b.WriteByte(' ')
				}
				b.WriteByte(byte('0' + fill[r*9+c]))
			}
			b.WriteByte('\n')
		}
	}
	if out == standardStream {
		if _, err := os.Stdout.WriteString(b.String()); err != nil {
			return fmt.Errorf("writing standard output: %w", err)
		}
		return nil
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", out, err)
	}
	return nil
}
