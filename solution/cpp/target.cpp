// Target sudoku (NOIP 2009 problem 4) in C++14, standard library only: a port of the kit's
// reference solution, solution/main.go, for judging systems and contestants that use C++. Fill
// the blanks of a 9x9 sudoku so that the sum of weight x digit over all 81 cells is as large as
// possible, where a cell's weight is 10 - max(|r-4|, |c-4|) (6 on the rim up to 10 in the
// centre). Print that maximum, or -1 when the givens break a rule or admit no completion.
//
// It ports the whole of main.go: exact cover with costs over dancing links, the rows' bound (a
// Lagrangian relaxation into assignment problems) with its aim, the patterns' bound with its
// descent, and the bounded dual simplex's branch and bound, run in the root's order of searches.
// main.go's package comment explains each of them; this file keeps its sections, under the same
// banners and in the same order, its functions and fields under the same names (a Go method
// s.tighten is solver::tighten here), and its tuning struct with the same values, so that a
// reader goes from one to the other line by line. C++ wants a type complete before a struct
// holds it, so the types of every section come first, in main.go's order, and the functions
// follow. Go's slices are vectors here, its multiple results out-parameters, its defers the
// same steps at each return.
//
// It is kept in step by solution/cpp_test.go, which compiles this file and checks that it gives
// main.go's answer and its very -stats counters (the same search, node for node) on the
// adversarial family, the brute-force set and random inputs: a change to main.go that this file
// does not follow fails there. The sorts break every tie, so that std::sort and Go's sort search
// alike, and the floating point is IEEE double without fused multiply-adds, as Go's on amd64:
// the pragma below keeps g++ from fusing them where the target has them (-march=native), which
// would change the counters, though not the answer. It asks for nothing more: -O3 and unrolled
// loops would save about 12% of the instructions on the hard inputs, but they double the build's
// time (4 to 9 s here), and judges stop builds at 10 to 30 s on busy machines.
//
// Build: g++ -O2 target.cpp, as C++14 (NOIP's), C++17 or C++20 (the judging systems' g++).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("fp-contract=off")
#endif
#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>

// Everything but main has internal linkage: g++ then inlines what is called once and drops the
// parameters a call never uses, which it may not do for functions another file could call.
namespace {

typedef long long i64;  // Go's int where it holds a score, math.MinInt or math.MaxInt

// ----- Memory without the C++ library.
//
// The port uses nothing from the C++ runtime library, only its headers' templates, and takes its
// memory from malloc: a binary that needs libstdc++ pays for loading and relocating it at every
// start, about as much as the whole search on an input with many givens. So there are no
// std::vector, std::string, new or exceptions here, and a test checks that the binary needs no
// C++ library.

// outOfMemory stops the process when malloc fails. It says nothing: the C library's output
// functions might throw, as far as the compiler knows, and every caller would then need the
// C++ library's unwinding.
[[noreturn]] static void outOfMemory() { abort(); }

// zeroed returns n bytes of zeroed memory, never freed. It takes them from a static arena while
// that lasts: the system maps a static array's pages, zero, only as they are first touched, so
// the parts of the solver and of the descent's levels that an input never uses cost nothing,
// where calloc would clear them all. Beyond the arena, calloc.
static void *zeroed(size_t n) {
    alignas(64) static unsigned char arena[4 << 20];
    static size_t used;
    n = (n + 63) & ~size_t(63);
    if (n <= sizeof arena - used) {
        used += n;
        return arena + used - n;
    }
    void *p = calloc(1, n);
    if (p == nullptr) outOfMemory();
    return p;
}

// makeZeroed returns a T with every field zero, as Go's new makes it. T's fields must all be
// right when zero: numbers, pointers, arrays of them, and vecs.
template <class T>
static T *makeZeroed() {
    return static_cast<T *>(zeroed(sizeof(T)));
}

// vec is the part of std::vector the port uses, on malloc. Its elements are moved by copying
// their bytes: every type kept in one (numbers, small structs, and structs of vecs) allows it.
template <class T>
struct vec {
    T *p;
    size_t n, cap;

    vec() : p(nullptr), n(0), cap(0) {}
    vec(const vec &o) : p(nullptr), n(0), cap(0) { assign(o.begin(), o.end()); }
    vec(vec &&o) noexcept : p(o.p), n(o.n), cap(o.cap) { o.p = nullptr, o.n = o.cap = 0; }
    vec &operator=(const vec &o) {
        if (this != &o) assign(o.begin(), o.end());
        return *this;
    }
    ~vec() {
        clear();
        free(p);
    }

    size_t size() const { return n; }
    bool empty() const { return n == 0; }
    T *data() { return p; }
    const T *data() const { return p; }
    T *begin() { return p; }
    T *end() { return p + n; }
    const T *begin() const { return p; }
    const T *end() const { return p + n; }
    T &operator[](size_t i) { return p[i]; }
    const T &operator[](size_t i) const { return p[i]; }
    T &back() { return p[n - 1]; }

    // reserve makes room for k elements.
    void reserve(size_t k) {
        if (k <= cap) return;
        size_t c = std::max(k, 2 * cap);
        void *q = realloc(static_cast<void *>(p), c * sizeof(T));  // moved by their bytes
        if (q == nullptr) outOfMemory();
        p = static_cast<T *>(q);
        cap = c;
    }
    void push_back(const T &v) {
        if (n == cap) {
            T copy(v);  // v may lie in the storage that reserve moves
            reserve(n + 1);
            new (p + n) T(static_cast<T &&>(copy));
        } else {
            new (p + n) T(v);
        }
        n++;
    }
    void push_back(T &&v) {
        reserve(n + 1);
        new (p + n) T(static_cast<T &&>(v));
        n++;
    }
    void pop_back() { p[--n].~T(); }
    void clear() { resize(0); }
    // resize drops the elements from k on, or appends value-initialized ones (zero) up to k.
    void resize(size_t k) {
        while (n > k) p[--n].~T();
        if (k > n) {
            reserve(k);
            fillNew(k, std::is_trivially_copyable<T>());
        }
    }
    // assign makes the elements a copy of [first, last), which must not lie in this vec.
    void assign(const T *first, const T *last) {
        clear();
        append(first, last, std::is_trivially_copyable<T>());
    }
    // insert, at the end only, appends a copy of [first, last), which must not lie in this vec.
    void insert(T *pos, const T *first, const T *last) {
        if (pos != end()) abort();
        append(first, last, std::is_trivially_copyable<T>());
    }

private:
    void fillNew(size_t k, std::true_type) {
        std::memset(static_cast<void *>(p + n), 0, (k - n) * sizeof(T));
        n = k;
    }
    void fillNew(size_t k, std::false_type) {
        for (; n < k; n++) new (p + n) T();
    }
    void append(const T *first, const T *last, std::true_type) {
        size_t k = size_t(last - first);
        reserve(n + k);
        if (k > 0) std::memcpy(static_cast<void *>(p + n), first, k * sizeof(T));
        n += k;
    }
    void append(const T *first, const T *last, std::false_type) {
        reserve(n + size_t(last - first));
        for (; first != last; first++, n++) new (p + n) T(*first);
    }
};

// stableSort sorts [a, a+n) as std::stable_sort does, by merges through a buffer of its own.
template <class T, class Less>
static void stableSort(T *a, size_t n, Less less) {
    if (n < 2) return;
    const size_t run = 16;
    for (size_t lo = 0; lo < n; lo += run) {  // insertion sorts of short runs first
        size_t hi = std::min(n, lo + run);
        for (size_t i = lo + 1; i < hi; i++) {
            T v = a[i];
            size_t j = i;
            for (; j > lo && less(v, a[j - 1]); j--) a[j] = a[j - 1];
            a[j] = v;
        }
    }
    if (n <= run) return;
    vec<T> buf;
    buf.resize(n);
    T *from = a, *to = buf.data();
    for (size_t width = run; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = std::min(n, lo + width), hi = std::min(n, lo + 2 * width);
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) to[k++] = less(from[j], from[i]) ? from[j++] : from[i++];
            while (i < mid) to[k++] = from[i++];
            while (j < hi) to[k++] = from[j++];
        }
        std::swap(from, to);
    }
    if (from != a) std::copy(from, from + n, a);
}

const char usage[] =
    "usage: solution [-grid] [-stats] [FILE]\n"
    "\n"
    "Prints the largest score of a target sudoku (NOIP 2009 problem 4) over all\n"
    "valid completions of its givens, or -1 when the givens break a rule or admit\n"
    "no completion.\n"
    "\n"
    "Input: 81 integers 0..9 (0 is a blank) in reading order, separated by any\n"
    "whitespace (CRLF line ends and trailing spaces are fine).\n"
    "  FILE      read FILE (\"-\" for standard input), write the answer to standard\n"
    "            output\n"
    "  no FILE   read sudoku.in and write sudoku.out, as in the contest; without a\n"
    "            sudoku.in, read standard input and write standard output\n"
    "Output: one line, the score; with -grid, one optimal grid follows, 9 lines of\n"
    "9 digits separated by spaces.\n"
    "\n"
    "Flags:\n"
    "  -grid     also print one optimal grid after the score\n"
    "  -stats    print search statistics on standard error\n"
    "  -h, -help print this help and exit\n"
    "\n"
    "Exit status: 0 answered (-1 included), 1 malformed input, 2 bad command line,\n"
    "3 input file missing or unreadable, 4 output not written.\n";

// Exit statuses, as usage documents them.
const int exitMalformed = 1, exitUsage = 2, exitNoInput = 3, exitNoOutput = 4;

static const i64 minInt = LLONG_MIN, maxInt = LLONG_MAX;
static const double inf = HUGE_VAL;

static inline int ctz32(uint32_t m) { return __builtin_ctz(m); }
static inline int ctz8(uint8_t m) { return __builtin_ctz(m); }
// floorOf is math.Floor, exactly, without the maths library (whose loading costs more than its
// four calls here): a double of magnitude 2^52 or more, or not finite, is already an integer.
static inline double floorOf(double x) {
    if (!(std::fabs(x) < 4503599627370496.0)) return x;
    double t = double(i64(x));  // x rounded towards zero, exactly
    return t > x ? t - 1 : t;
}
// Go's built-in min and max on floats, for the values met here (no NaN).
static inline double fmin2(double a, double b) { return a < b ? a : b; }
static inline double fmax2(double a, double b) { return a > b ? a : b; }

// ---------------------------------------------------------------------------------------------
// The model and the dancing links.
// ---------------------------------------------------------------------------------------------

const int cells = 81;
const int items = 4 * cells;  // cell items, then (row, digit), (column, digit), (box, digit) items
const int options = 9 * cells;  // one per (cell, digit)
const int root = items;  // head of the list of active items
const int nodes = items + 4 * options;

static int rowOf(int x) { return x / 9; }
static int colOf(int x) { return x % 9; }
static int boxOf(int x) { return x / 27 * 3 + x % 9 / 3; }

static inline int weight(int x) {
    int dr = rowOf(x) - 4, dc = colOf(x) - 4;
    return 10 - std::max(std::max(dr, -dr), std::max(dc, -dc));
}

// The four items of option (x, d), digits d in 0..8 standing for 1..9.
static int cellItem(int x) { return x; }
static int rowItem(int x, int d) { return cells + rowOf(x) * 9 + d; }
static int colItem(int x, int d) { return 2 * cells + colOf(x) * 9 + d; }
static int boxItem(int x, int d) { return 3 * cells + boxOf(x) * 9 + d; }
static int optionOf(int node) { return (node - items) / 4; }
static int firstNode(int opt) { return items + 4 * opt; }
static int cellOfOption(int o) { return o / 9; }
static int digitOfOption(int o) { return o % 9; }
static inline int worth(int o) { return weight(cellOfOption(o)) * (digitOfOption(o) + 1); }

// eps is the slack for floating-point bounds over integer scores.
const double eps = 1e-6;

// links holds the exact-cover matrix. Nodes 0..items-1 head the item lists; option o owns the
// four consecutive nodes firstNode(o)..firstNode(o)+3, one per item, in the order cell, row,
// column, box.
struct links {
    int16_t up[nodes], down[nodes];  // vertical circular lists; a hidden node keeps its own links
    int16_t itm[nodes];              // the item a node belongs to
    int len[items];                  // options alive in the item's list
    int16_t prev[items + 1];         // horizontal circular list of active items through root
    int16_t next[items + 1];
    bool active[items];   // in the horizontal list: not yet covered
    int8_t out[options];  // removals of the option's nodes in force (hides, covers of its items): 0 when alive
};

// A trail entry records one undoable step, undone in exactly the reverse order.
struct step {
    int8_t kind;    // stepChoose or stepHide
    int16_t opt;    // the option chosen or hidden
    int16_t found;  // for a choice, the item whose list offered it: covered before the choice
};

const int8_t stepChoose = 0;  // the option was chosen: all its items were covered
const int8_t stepHide = 1;    // the option was hidden: removed from every list it was in

// ----- The types of the rows' bound and the aim.

// assignment is one row's relaxed problem as a matrix, minimizing negated worths by the
// Hungarian method. Cells and digits are the row's uncovered ones, numbered from 1; n is at most 9.
struct assignment {
    int n;
    double cost[10][10];  // +Inf where no alive option joins the cell and digit
    double u[10], v[10];  // duals: u[i]+v[j] <= cost[i][j], with equality on the matching
    int match[10];        // match[j] is the cell assigned digit j; match[0] is scratch
    bool solved;          // u and match solve this pattern of costs: solve starts from them

    bool solve(double &total);
    bool warmStart(int *free, int &nfree);
    bool augment(int i, double *u, double *v, int *match);
};

// entry places one alive option in its row's cost matrix. It is kept small: a fresh process
// pays for every page of memory it touches.
struct entry {
    double worth;
    int16_t opt;
    int16_t col, box;  // its priced items
    uint8_t i, j;      // 1-based assignment row (cell) and column (digit)
};

// rowProblem is one row's relaxed problem at a node: its open cells against its missing digits,
// joined by the alive options. It stays fixed through the rounds of one bound; only the costs
// of its alive pairs change.
struct rowProblem : assignment {
    int cell[9];                   // the cell of assignment row i is cell[i-1]
    int digit[9];                  // the digit of assignment column j is digit[j-1]
    entry *entries;                // the row's alive options, a window of solver.entryBuf
    int nentries;                  // and how many
    double bestU[10], bestV[10];   // the duals of the round that gave the best bound
};

// costs are the options' reduced costs under one set of prices.
struct costs {
    double of[options];  // per option; only the options alive under the prices have one
    int stamp;           // names the prices: costs computed afresh get a new one, a copy keeps its own
};

// cheapOrder keeps each item's options sorted by reduced cost, cheapest first, ties in list
// order, so that the searches under one set of prices read them off instead of walking and
// sorting the item's list. An item is sorted again only when asked under costs of another stamp.
struct cheapOrder {
    int16_t opts[items][9];  // all the item's options, alive or not, in order under the costs of stamp
    int stamp[items];        // the stamp of the costs the item was last sorted under
};

struct solver;

// openCost keeps, during a search of improve, the cheapest alive option of each open item and
// their costs summed over the open items of each kind, in fixed point rounded up (see main.go).
// hideLevels keeps, per level of improve's recursion, the limit hideFrom hid above at that
// level, its costs' stamp, where each open cell's walk down its sorted options stopped (in
// stop[at]), and the dearest option a walk stopped at (see main.go).
struct hideLevels {
    int depth;  // the levels of improve under way
    double limit[cells + 1];
    int stamp[cells + 1];
    int at[cells + 1];         // the level whose stop holds this level's places: its own, or one above
    double most[cells + 1];    // the largest cost of an option a walk stopped at, -inf for none
    int8_t stop[cells + 1][cells];
};

struct openCost {
    bool on;
    int stamp;           // the stamp of the reduced costs at start
    int16_t least[items];  // the item's cheapest alive option, cheapest first as sorted orders it; -1 for none
    int64_t sum[4];      // per kind, the open items' least costs, in units of 1/fixedOne, each rounded up
    int inf[4];          // per kind, the open items with no alive option or a least cost of fixedLimit or more

    void start(solver *s);
    void add(solver *s, int16_t i, int sign);
    void lost(solver *s, int q);
    void regained(solver *s, int q);
    bool over(solver *s, double limit, bool &sure);
};

const int64_t fixedOne = int64_t(1) << 32;  // the fixed-point unit
const int64_t fixedLimit = 1 << 10;  // limits from this on, and negative ones, always make openCostOver sum
const int64_t fixedSlack = 1 << 3;   // 2e-9, above the rounding of a floating-point sum of 81 costs below fixedLimit

// ----- The types of the patterns' bound and its proof.

const int bands = 3;
const int triples = 27;  // one column per stack, stack s's column 3s + tripleOffset[t][s]
const int orders = 6;    // the permutations of a band's three rows
const int combos = 216;  // triples of the three bands that use every column once
const double barred = -1e9;

// placement is one way a digit may cross a band: triple t in row order k, on cells x.
struct placement {
    uint8_t t, k;
    uint8_t x[3];  // by stack
};

// patterns holds the digit-pattern bound of the node being bounded.
struct patterns {
    double pi[cells];        // cell multipliers; 0 on filled cells
    double bestPi[cells];    // the multipliers of the best bound
    double worth[9][cells];  // each digit's worth at each cell where it may stand
    bool allowed[9][cells];  // whether it may stand there: filled with it, or an alive option
    uint8_t at[9][cells];    // those cells in order, the only ones its placements take
    uint32_t mayStand[9][bands];  // the same cells as band bit sets
    int nat[9];              // and how many
    // The placements of each digit in each band left by the node: a triple and a row order
    // whose three cells may all take the digit.
    placement place[9][bands][triples * orders];
    int nplace[9][bands];
    uint8_t orders_[9][bands][triples];  // main.go's orders: the orders of each triple among them, as a bit set
    uint32_t live[9][bands];             // the triples with some order among them, as a bit set
    double band[9][bands][triples];      // best gain of each triple over its placements
    int16_t which[9][bands];             // per band, the best pattern's placement: the first that gives its triple's best
    uint8_t firstOf[9][bands][triples];  // the first placement of each triple with some
    double best[9];                      // each digit's best pattern
    uint8_t pick[9];                     // the combination that gives it
    int8_t covered[cells];               // how many digits' best patterns take each cell
    double bound;                        // the best bound found at this node
    // The open cells in order, as preparePatterns found them: the steps' loops over the cells
    // run over these alone, with no test of each cell the processor would mispredict.
    uint8_t open[cells];
    int nopen;
};

const int bandCells = 27;
const uint32_t allBand = (uint32_t(1) << bandCells) - 1;

// gains holds the gains of a digit's placements, by band, triple and order.
typedef double gains[bands][triples][orders];

// bandTable holds a digit's free placements band by band, grouped by triple.
struct bandTable {
    uint8_t alive[bands][triples];  // the orders of each triple whose placements are free
    uint32_t live[bands];           // the triples with some order alive, as a bit set
    double best[bands][triples];    // the best gain among them, barred if none
    double rest[bands][triples];    // the best the other bands add beside each triple
    gains *val;                     // the gains, kept by the level that computed them; read-only below it
    uint32_t no[bands];             // the band cells blocked when alive was last narrowed
    double top;                     // the best free pattern's gain, barred when none
    uint8_t pick[bands];            // the triples of its first best combination, when top is not barred
    // The cover markCover last marked, and the leasts that mark the same: above coverLo, up to
    // coverHi. bestPattern forgets it, as the placements or their gains change.
    uint32_t cover[bands];
    double coverLo, coverHi;
    bool coverKnown;
    // Each change of the placements or gains gives the table a new version. A table narrowed
    // from another (base) keeps which and the base's version then: a sibling node that narrows
    // the same base to the same blocked cells finds it narrowed.
    uint64_t version;
    const bandTable *base;
    uint64_t baseVersion;
    // bestSplit's answers at version splitAt, for the band cells in splitDone: a table that
    // children share, or a cell the fewest digits cross at several nodes, is split once.
    uint64_t splitAt;
    uint32_t splitDone[bands];
    double splitThrough[bands][bandCells], splitAvoiding[bands][bandCells];
    // What countAtLeast last found at version countAt: countN patterns worth at least any least
    // above countLo up to countHi; or, countCapped, more than countN worth countHi or more.
    uint64_t countAt;
    i64 countN;
    bool countCapped;
    double countLo, countHi;

    double bestPattern();
    void markBest(int8_t *covered);
    void bestSplit(int b, int l, double &through, double &avoiding);
    void split(int b, int l, double &through, double &avoiding) const;
};

// pattern is one free pattern of a digit: a placement in each band, as triple*orders + order.
struct pattern {
    double v;
    uint8_t pl[bands];
};

// held marks a cell of proofState.hold taken by a placed digit.
const uint8_t held = 10;

// mustCells are the cells a digit must take, at most one in each row.
struct mustCells {
    uint8_t cell[9];        // per row, the cell plus one; 0 for none
    uint32_t rest[bands];   // the other cells of those rows, as band bit sets
    void set(int x);
};

// level is the storage of one node of the search by patterns.
struct level {
    bandTable tables[9];    // the tables of the digits left
    gains *vals;            // the gains their tables read (nine), when this level computes them afresh
    mustCells must[9];      // the cells each digit must take
    vec<pattern> list;  // the patterns to try
    uint8_t kept[cells];    // the cells this node kept for one digit, to free on return
    int nkept;              // how many
    double openWorth;       // the node's openBound: a child that keeps a cell and tunes nothing shares it
    // Per digit, the cover whose units keepInUnits last kept cells in, at this node or, for a
    // child that only keeps a cell, its parent: the same cover would keep none.
    uint32_t inUnits[9][bands];
    // The least each free cell must still spend (leastCost), for rowsRefute: in ownLeast, or
    // the parent's for a child that only keeps a cell.
    double *least;
    double ownLeast[cells];
    // The sum of what the cells neither taken nor given must still spend: least of the free
    // cells, the reduced cost of the kept ones, as rowsRefute found it and keep changes it.
    // Summed in another order, or carried from the parent, it may differ from rowsRefute's by
    // rounding: it only spares the sum when far from the cut (leastSlack).
    double leastSum;
    // The table of each digit left: its own in tables, or its parent's while narrowing has
    // struck nothing from it, which stays read-only then.
    bandTable *tab[9];
    void freeKept(struct proofState *ps);
};

// leastSlack is how far from left a level's leastSum must lie to settle rowsRefute's test without
// the sum: far more than the rounding of the sums' few hundred terms.
const double leastSlack = 1e-6;

// maxGraceLevels bounds the tuning's graceLevels: the levels proofState keeps for grace.
const int maxGraceLevels = 16;

// knuthShare is the share of a search's tree done before the path it is on, as Knuth's estimate
// reads it: each child begun before the path's head at a level l < levels, done[l] of that
// level's of[l], a share of its parent's subtree, one over the parent's children.
template <typename T>
double knuthShare(const T *done, const T *of, int levels) {
    double sum = 0.0, share = 1.0;
    for (int l = 0; l < levels; l++) {
        sum += share * double(done[l]) / double(of[l]);
        share /= double(of[l]);
    }
    return sum;
}

// proofState is the search's state besides the solver's.
struct proofState {
    uint8_t hold[cells];   // 0: free; d+1: kept for digit d, not yet placed; held: placed
    double pi[cells];      // the multipliers of the open cells; 0 elsewhere
    int digit[cells];      // the digit placed in each cell held
    i64 budget;
    // grace's estimate: the top levels counted (0 when this search may not run past its
    // budget), proofNodes when it began, and per top level of the path (the first depth), the
    // children its node began before the one the path takes, of how many.
    int graceLevels = 0;
    i64 started = 0;
    int done[maxGraceLevels] = {}, of[maxGraceLevels] = {};
    int depth = 0;
    i64 stallAt = 0;  // proofNodes at which stalled reads the share done; 0 when this search is not checked
    i64 wadeAt = 0;   // proofNodes at which wading reads the share done; 0 when this search is not checked
    i64 lateAt = 0;   // proofNodes at which a search that met a completion late stops: see wading
    i64 dryAt = 0;    // proofNodes at which a search that has met no completion stops: see wading
    bool last = false;  // this search is the root's first descent's last: grace may let it run past its budget
    i64 restartAt = 0;  // proofNodes at which restartDue reads the share done; 0 when this search is not checked
    bool cut = false;   // restartDue cut this search: descend restarts it under new multipliers
    i64 floor;             // completions must beat this as well as the best score
    i64 top;               // a completion scoring this ends the search: none scores more, or a probe needs no more
    vec<level *> levels;  // each level of the search's storage, made when first reached
    // The digits that may take each open cell, by increasing reduced cost, then -1: the first
    // not yet placed is the least the cell must still spend. The costs stay fixed in a descent.
    int8_t cheapest[cells][10];
    // hold as band bit sets, for blocked: cells held, cells kept, and kept for each digit.
    // setHold keeps them in step with hold.
    uint32_t heldSet[bands], keptSet[bands];
    uint32_t keptFor[9][bands];
    uint32_t openSet[bands];  // the open cells of the descent's root
    uint64_t versions;        // the last version given to a table

    void setHold(int x, uint8_t h);
    void keepCell(int x, int d);
    void freeCell(int x);
    double openBound(double worth);
    void blocked(int d, const mustCells *must, uint32_t *set);
    double shareDone() const;
    level *enter(int lv, level *&parent);
};

// propagation is what propagate works out at a node of the search by patterns, and leaves for
// the choice of branch.
struct propagation {
    double bound;               // the node's bound: the open cells' multipliers, worth, and bestFree
    double bestFree[9];         // each digit's best free pattern
    uint32_t cover[9][bands];   // per digit, the cells its patterns worth trying cross
    uint32_t open[bands];       // the cells neither held nor kept
    double coverLeast[9];       // the least each digit's cover was marked for
    uint16_t stale;             // the digits whose tables the last pass's kept cells narrow
    uint32_t kept[bands];       // the cells this pass kept
    bool conflict;              // this pass kept a cell for two digits, or two cells of a row for one
};

// branching is place's choice: over the patterns of digit or, when digit is -1, over the
// digits in takers at cell, by what their best patterns lose through it (loss).
struct branching {
    int digit;
    int cell;
    uint16_t takers;
    double loss[9];
};

// ----- The types of the linear program.

const double lpTolerance = 1e-9;      // primal and dual feasibility
const double lpPivotLeast = 1e-7;     // smallest pivot the ratio test accepts
const double lpPerturbation = 1e-4;   // the most a column's cost is perturbed by
const double lpDrop = 1e-12;          // entries of the inverse this small are rounding left by cancellation
const int lpRowsMax = 512;            // a power of two above any row count: a row index masked by it stays in the row
static_assert(lpRowsMax >= items, "masking would alias rows");

// lpColumn is one column of the linear program: an alive option, or a row's artificial.
struct lpColumn {
    int16_t opt;        // the option, or -1 for an artificial
    int16_t rows[4];    // its n rows; an option's column fills the rest with lpRowsMax-1
    int8_t n;           // how many rows
    int16_t worth;      // the option's true worth, 0 for an artificial
    double cost;        // worth plus the perturbation
    double lo, hi;      // bounds: 0 or 1; an artificial has 0 and 0
    bool atUpper;       // when nonbasic: the column sits at hi, else at lo
    int16_t basicRow;   // the row it is basic in, or -1

    double value() const { return atUpper ? hi : lo; }
};

// lanes are two doubles handled as one, each by the same operation as it would be alone: the
// results are those of two separate computations, and cost half the instructions.
typedef double lanes __attribute__((vector_size(16)));

static inline lanes loadLanes(const double *p) {
    lanes v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

static inline void storeLanes(double *p, lanes v) { std::memcpy(p, &v, sizeof v); }

// dotInOrder is 0 plus a[i] b[i] for i = 0, 1, ..., n-1, added in that order, four a step.
static inline double dotInOrder(const double *a, const double *b, int n) {
    double sum = 0.0;
    int i = 0;
    for (; i + 4 <= n; i += 4) {
        sum += a[i] * b[i];
        sum += a[i + 1] * b[i + 1];
        sum += a[i + 2] * b[i + 2];
        sum += a[i + 3] * b[i + 3];
    }
    for (; i < n; i++) sum += a[i] * b[i];
    return sum;
}

// addScaled adds f x to y, n entries, two a step (lanes).
static inline void addScaled(double *y, const double *x, double f, int n) {
    const lanes g = {f, f};
    int i = 0;
    for (; i + 2 <= n; i += 2) storeLanes(y + i, loadLanes(y + i) + g * loadLanes(x + i));
    for (; i < n; i++) y[i] += f * x[i];
}

// columnSum is 0 plus v at the column's rows, added in their order: the column times v,
// unrolled by the count of rows. mask is lpRowsMax-1 where v is viewed as lpRowsMax long.
static inline double columnSum(const double *v, const lpColumn *c, int mask) {
    const int16_t *r = c->rows;
    switch (c->n) {
    case 4: return 0.0 + v[r[0] & mask] + v[r[1] & mask] + v[r[2] & mask] + v[r[3] & mask];
    case 3: return 0.0 + v[r[0] & mask] + v[r[1] & mask] + v[r[2] & mask];
    case 2: return 0.0 + v[r[0] & mask] + v[r[1] & mask];
    case 1: return 0.0 + v[r[0] & mask];
    }
    return 0.0;
}

// columnLess is x less v at the column's rows, subtracted in their order, unrolled as
// columnSum is.
static inline double columnLess(double x, const double *v, const lpColumn *c) {
    const int16_t *r = c->rows;
    switch (c->n) {
    case 4: return x - v[r[0]] - v[r[1]] - v[r[2]] - v[r[3]];
    case 3: return x - v[r[0]] - v[r[1]] - v[r[2]];
    case 2: return x - v[r[0]] - v[r[1]];
    case 1: return x - v[r[0]];
    }
    return x;
}

// term is an item of a relation between the items' rows, with its coefficient.
struct term {
    int16_t item;
    int64_t coef;
};

// keptRelation is a relation dropImplied keeps, reduced: it drops item drop, whose coefficient
// in terms is sign, 1 or -1.
struct keptRelation {
    int16_t drop;
    int64_t sign;
    int first, last;  // its terms, lp.reduced[first:last]
};

// lpSaved is a copy of the simplex's state, for trials that must leave no trace and for a
// node's second child. A copy made during a trial leaves binv out: trials never change it.
// Otherwise binv is copied row by row, each row only when it first changes after the save
// (keepRow), and restore copies back those rows alone.
struct lpSaved {
    vec<int> basis;
    vec<double> binv;  // m x m, grown by reserve alone and written only by keepRow: never cleared
    vec<double> xB, y, d, weight;
    int level;  // its place in linearProgram::levels
    vec<lpColumn> cols;
    vec<int32_t> nonbasic;
};
// levels points into the saves' binv, which must not move when solver::lpNodes grows.
static_assert(std::is_nothrow_move_constructible<lpSaved>::value, "lpSaved must move without copying");

// linearProgram is the simplex's state; invariant: binv inverts the basis columns up to the
// updates since the last inversion, and d holds cost - y.column for every option's column and
// every basic artificial (a nonbasic artificial stays at 0 for good, so nothing reads its d).
struct linearProgram {
    int m;
    vec<lpColumn> cols;   // the options' columns, then one artificial per row
    int optionCols;               // how many of cols are options'
    vec<int16_t> item;    // the item of each row
    vec<int> basis;       // the column basic in each row
    vec<int32_t> nonbasic; // the options' columns that are not basic, rising
    vec<double> binv;     // m x m, row-major: the inverse of the basis
    vec<double *> levels; // the binv of each save not yet restored, oldest first
    vec<int> upTo;        // per row of binv, how many of levels, oldest first, hold it
    vec<double> xB;       // the basic columns' values
    vec<double> y;        // the row prices
    vec<double> d;        // reduced costs, per column
    vec<double> rho, w;   // a row and a column of binv times the matrix, per pivot (rho: m of lpRowsMax)
    vec<int32_t> wnz;     // the positions where w is nonzero, rising
    vec<double> basicLo, basicHi;  // during dual, the bounds of the column basic in each row (basicBounds)
    vec<double> ySaved;   // rayBelow's copy of the prices
    vec<int32_t> nz;      // the nonzero positions of the pivot row of binv
    vec<lanes> pv;        // and its values there, each in both lanes
    vec<double> weight;   // the squared length of each row of binv, for the dual steepest edge
    int colOf[options];           // the column of each option, or -1
    vec<double> basisMatrix;   // invert's working copy of the basis
    vec<int32_t> invertNZ;     // the nonzero positions of its pivot row
    vec<int32_t> invertInvNZ;  // and of the inverse's
    vec<double> alpha;    // the pivot row, per column
    vec<int32_t> alphaNZ; // the nonbasic columns where alpha is nonzero, rising
    vec<int32_t> cand;    // the ratio test's candidate columns
    vec<int32_t> flips;   // and those it moves to their other bound
    vec<double> moved;    // flip's sum of the flipped columns, per row
    vec<int16_t> movedRows;  // and the rows where it is nonzero
    int pivots;    // since the last inversion
    int refactor;  // the pivots between two inversions from scratch: the tuning's lpRefactor
    int total;     // pivots in all
    int trials;    // of them, pivots in trials
    int flipped;   // columns the ratio test moved to their other bound, in all

    vec<term> terms, reduced;  // dropImplied's relations, as it builds them and once reduced
    vec<int> start;            // where each relation's terms start in terms
    vec<keptRelation> kept;    // the relations kept, reduced

    // In a trial (strongBranch's), whose pivots are undone at once, binv stays the inverse of
    // the basis the trial started from and each pivot is kept as an eta instead (see main.go).
    bool trial;
    vec<int> etaRow;      // per trial pivot, its row
    vec<double> eta;      // per trial pivot, its column w: m values each
    vec<int32_t> etaNZ;   // per trial pivot, the positions where its w is nonzero
    vec<int> etaStart;    // where each trial pivot's positions start in etaNZ, then one past the last
    vec<int32_t> touched; // the columns the trials changed since the state was saved
    vec<double> etaV;     // inverseRow's combination of binv's rows, zero outside etaUsed
    vec<int> etaUsed;     // the rows etaV combines

    void load(solver *s, const double *prices, const int *pick);
    void loadColumns(solver *s, const int16_t *row, const double *prices);
    void crash(const int *pick);
    void dropImplied(solver *s, double *prices, bool *implied);
    void relations(solver *s);
    void reduceRelations();
    void computeX();
    void computeWeights();
    void computeDuals();
    bool invert();
    bool eliminateColumn(double *a, double *inv, int col);
    double trueReduced(const lpColumn *c) const;
    double bound() const;
    int dual(double cutoff, int limit);
    int unlimited(int r, double cutoff);
    void basicBounds();
    int leavingRow() const;
    int ratioTest(int r, bool up);
    bool pivot(int r, int q, bool up);
    void keepEta(int r);
    void flip(const vec<int32_t> &cols);
    void pivotInverse(int r, double *w);
    void swapNonbasic(int q, int l);
    void keepRow(int i);
    bool rayBelow(double cutoff, double infeasible);
    void inverseRow(int r);
    void addRows(double *y, const int16_t *rows, const double *f, int n);
    void inverseColumn(const lpColumn *c);
    void inverseTimes(const int16_t *rows, int nrows, const double *coef);
    void inverseColumnTimes(const int16_t *rows, int nrows);
    int inverseColumnKept(const int16_t *rows, int nrows, int32_t *nzs);
    void setBounds(int j, double lo, double hi);
    void save(lpSaved *to);
    void restore(const lpSaved *from);
    double colValue(int j) const;
    int work() const;
    void fixByReducedCost(double cutoff, vec<int> &fixed);
    struct candidate;
    void rankFractional(vec<candidate> &list);
    void penalties(int r, double &down, double &up);
    void penaltiesFour(const int *rs, double *down, double *up);
    vec<double> fourRho;  // penaltiesFour's four rows of binv, lpRowsMax apart, each 0 at its last entry
};

// candidate is a fractional column strongBranch may try.
struct linearProgram::candidate {
    int col;
    double key;         // the smaller penalty, negated: the surest fall first
    double penalty[2];  // the least fall of the bound with the column at 0 and at 1
};
typedef linearProgram::candidate candidate;

// faceCursor is the path to the node where a search of the root's face ran out of budget, so
// that the next search resumes there instead of starting again (see main.go).
struct faceCursor {
    int8_t path[cells];  // per level, the index of the option it was trying; the levels are at most the cells
    int8_t of[cells];    // per level, of how many options: for shareDone
    int live;            // the levels of path not yet replayed by this search; invariant: path[:live] is a path
    int depth;           // the level of the node reach is at

    double shareDone() const;
};

// rootFace is the root's face, kept for rootFaceSettles: the options' reduced costs under the
// root's prices and the bound they give, set when the root first searches its face.
struct rootFace {
    bool kept;
    bool settled;        // a search of it failed completely: no completion beats the best
    costs reduced;       // under the root's prices and its columns' bounds
    double bound;        // the score those prices bound every completion by
    int spent;           // nodes its searches spent
    faceCursor cursor;   // where the last search ran out
    i64 best;            // the best score when it did: the cursor holds while the best does
    bool dropped;        // rootFaceHopeless said so when it last stopped: rootFaceSettles stops while the best holds

    bool search(solver *s, int budget, int &used);
};

// ----- The types of the exact search: the tuning, the statistics and the solver.

// tuning holds the budgets and step sizes of the searches: main.go's, field for field and value
// for value (bench/HISTORY.md says how measurement chose them). No proof rests on them.
struct tuning {
    // The rows' bound: tighten's subgradient steps, and the probes it makes.
    double coldStep;  // first step size, as a fraction of Polyak's, from zero multipliers
    double warmStep;  // first step size from multipliers tuned at the parent node
    double deflect;   // weight of the last direction against zigzags
    int stallRounds;  // steps without a better bound before the step size halves (the patterns' too)
    double leastStep; // the step size at which the patterns' steps stop
    double rowsLeastStep;  // the step size at which the rows' steps stop on a grid of at least
    int rowsLeastGivens;   // this many givens, far above the patterns' (see main.go)
    int rootRounds;   // subgradient steps allowed at the root
    int rowsRootRounds;  // and on a grid of at least rowsRootGivens givens, this many: see rootRowRounds
    int rowsRootGivens;
    int descendFirstGivens;  // from this many givens the root's first descent comes before any hiding: see descendsFirst
    int nodeRounds;   // subgradient steps allowed at any other branching node
    int probeLimit;   // search nodes one probe of tighten may spend

    // The exact search's first steps.
    int diveLimit;     // nodes the unbounded dives may spend looking for a score, in all
    int diveFirst;     // and the first of them
    int diveRestart;   // each dive after it: the nodes of one completion plus this many, by Luby's sequence
    int rootAimLimit;  // search nodes aim may spend at the root: see rootAim
    int aimGivens;     // and only with at most this many givens

    // The patterns' bound and the descent by patterns.
    double patternStep;     // first step size of the pattern bound's steps (tune's too)
    int rootPatternRounds;  // subgradient steps of the pattern bound at the root
    int nodePatternRounds;  // and at any other branching node
    int proofLimit;         // nodes descend may spend before the search branches as before
    int descentLimit;       // nodes the root's first descent may spend: see descentBudget
    int closeLimit;         // and when the root's bound lies within closeGap of the best score
    double closeGap;        // the root's bound this close over the best score: the descent is short
    int descentProbes;      // the probes below a target whose search ran out
    int descentProbeLimit;  // and the nodes each may spend
    int tuneLevels;         // the levels of descend's search that tune their multipliers
    int tuneRounds;         // and the subgradient steps each takes
    int strideGrowth;       // how much each of descend's strides of targets grows
    int wideStride;         // the scores descend's first stride spans on a grid of at least
    int wideGivens;         // this many givens (one elsewhere): see firstStride
    int wideFewStride;      // and on a grid of at least
    int wideFewGivens;      // this many givens
    int wideFewBelow;       // and fewer than this many
    int digitBranch;        // place branches over a digit's patterns when it has this few
    int digitFirst;         // 1: and looks for such a digit before it bounds any cell's children: see chooseBranch
    int graceLimit;         // nodes the root's first descent's last search may run past its budget, once: see grace
    int graceLevels;        // the top levels of the descent's search whose children grace's estimate counts
    // At the first branchWideLevels levels of a descent on a grid of branchWideGivens to
    // branchWideBelow-1 givens, branchCell bounds the children of the cells up to branchWiden
    // digits more cross than the fewest too: see branchWidth.
    int branchWiden;
    int branchWideLevels;
    int branchWideGivens;
    int branchWideBelow;
    // The root's first descent's first search is cut at its stallNodes-th node when less than
    // stallShare of its tree is done: see stalled.
    int stallNodes;
    double stallShare;
    // A search of the root's first descent on a grid of fewer than restartGivens givens that has
    // met a completion and done less than wadeShare of its tree at its wadeNodes-th node is cut
    // there, one that meets a completion at or after its wadeLate-th node is cut wadeRest nodes
    // after it, and one that has met none by its wadeDry-th node is cut there: see wading.
    int wadeNodes;
    double wadeShare;
    int wadeLate;
    int wadeRest;
    int wadeDry;
    // A search of the root's first descent on a grid of at least restartGivens givens that has
    // done less than restartShare of its tree at its restartNodes-th node, one score left for it
    // to refute, starts again under new multipliers, up to restartTries times, the nodes doubling
    // each time: see restartDue.
    int restartNodes;
    double restartShare;
    int restartTries;
    int restartGivens;
    // At the linearTestNodes-th node of the root's first descent on a grid of at least
    // restartGivens givens, the linear program's root alone tries to settle the root: see
    // linearTest.
    int linearTestNodes;
    int linearTestBelow;  // and only on a grid of fewer givens

    // The linear program's search.
    int lpRefactor;         // pivots between two inversions of the basis from scratch
    int lpStrong;           // fractional columns tried both ways before a branching
    int lpStrongLimit;      // pivots each such trial may spend
    int lpRootStrong;       // at the root, the columns tried both ways: see strongBranch
    int lpRootStrongLimit;  // and the pivots each such trial may spend there
    int lpDeepStrong;       // from depth lpDeepDepth on, fewer columns tried both ways: see strongBranch
    int lpDeepDepth;        // the depth from which lpDeepStrong holds
    int lpSecondSide;       // 1: a trial's second side only where its fall could still win (tryBothWays)
    int lpFixAll;           // 1: every column whose side surely falls is fixed at once (trySurelyFalling)
    int lpLimit;            // pivots the whole search may spend before descend takes over
    int lpSavedDepth;       // levels that save their program for the second child (half a MiB each)
    int lpImproveStep;      // nodes each search of improveByPrices may spend
    int lpImproveBudget;    // and all of them
    int lpDiveLimit;        // pivots linearDive may spend
    double lpDiveGap;       // and only where the bound lies this far over the best score
    int lpDiveFilled;       // or the grid has at most this many cells filled (0: only the empty grid): see diveMayPay
    double lpFaceGap;       // faceSettles searches nodes whose bound is this close to the cutoff
    int lpFaceBudget;       // nodes each of its searches may spend
    double lpFaceShare;     // and all of them, beyond one budget: this share of the pivots' work
    int lpFaceLeast;        // a search with less left is not started
    int lpRootFaceRatio;    // rootFaceSettles's search may spend this many times the pivots' work
    double lpRootFaceAhead; // and is dropped when it needs more than this many times that again: see rootFaceHopeless
};

// stats counts the work of a search, for -stats.
struct stats {
    i64 dived, nodes, branches, rounds, patternRounds, proofNodes, cellBranches, tuneRounds, hidden, pruned,
        aimed, probes, lpNodes, lpPivots, lpTrialPivots, lpFlips, faces, facesSettled;
    i64 cellBounds;  // the nodes whose cells' children branchCell bounded; not printed, not in work
    i64 work() const;
    void print(FILE *w) const;
};

// solver is the whole state of one search: the links, the choices made, the best completion
// found, and the bound of the node being explored.
struct solver : links {
    int value;            // worth of the options chosen so far, givens included
    int fill[cells];      // the digit chosen in each cell, 0 where none is yet
    vec<step> trail;  // chosen and hidden options, in order

    bool diveRandom;      // the dive tries each item's options from one drawn at random: see dives
    uint64_t diveDraws;   // the state of the dives' draws

    i64 best;             // best score found, or minInt when none yet
    int bestFill[cells];  // the grid that scores best

    rowProblem rows[9];       // the relaxed problem of the node being bounded
    int16_t priced[2 * cells];  // the open priced items of the node being bounded, in order
    int npriced;                // and how many
    entry entryBuf[options];  // storage for the rows' entries
    double lambda[items];     // multipliers of priced items; invariant: 0 for other items
    costs reduced;            // per alive option: a completion scores bound minus its options' sum
    int stamps;               // the last stamp given to a set of reduced costs
    cheapOrder cheap;         // each item's options cheapest first, under reduced
    openCost open;            // the open items' cheapest options, kept up to date in improve
    hideLevels hiding;        // where improve's hiding stopped at each level of its search
    double bound;             // the last node bound: no completion below the node scores more
    int8_t conflict[items];   // how often the best relaxed solution takes each priced item

    // The working storage of tighten, kept here rather than on the stack.
    double bestLambda[items];  // the multipliers of the best bound so far
    double dir[items];         // the last step's direction, for deflection
    int8_t used[items];        // how often the relaxed solution takes each priced item
    int pick[cells];           // the relaxed solution's digit in each open cell

    patterns pat;              // the digit-pattern bound
    proofState proof;          // the search by patterns
    linearProgram lp;          // the exact linear program of the node being settled
    lpSaved lpSaved_;          // main.go's lpSaved: the program before strongBranch's trials, or before linearDive
    vec<int> lpFixes;          // the columns strongBranch fixes, as it returns them
    vec<lpSaved> lpNodes;  // per depth, the node's program before its first child
    int faced;                 // nodes faceSettles spent in this linear search; at most its share
    rootFace rootFace_;        // main.go's rootFace: the root's face, searched again as the linear program's search grows
    faceCursor *cursor;        // where a search of the root's face resumes; null in every other search

    i64 refuted;  // no completion scores this or more: the root's descent refuted it (maxInt before)
    int givenCount;  // the cells the input fills, counted by build
    bool graceLeft;  // the root's first descent may still run past its budget, once: see grace
    i64 testAt;      // proofNodes at which linearTest runs; 0 when it does not
    bool testDone;   // linearTest settled the root: the descent stops
    double descentBound;  // the patterns' bound under the multipliers of the descent's current search, from startDescent

    tuning tuning_;  // main.go's tuning: the searches' budgets and steps
    stats stats_;    // main.go's stats

    // The model and the dancing links.
    bool build(const int *givens);
    void hideOthers(int p);
    void unhideOthers(int p);
    void unlink(int q);
    void relink(int q);
    void cover(int16_t i);
    void uncover(int16_t i);
    void choose(int o, int16_t found);
    void unchoose(int o, int16_t found);
    void hide(int o);
    void undoTo(size_t mark);
    // The exact search.
    i64 maximize(const int *givens, int *fillOut);
    bool dives(bool *exhausted);
    bool dive(int *budget);
    int blanks();
    uint64_t draw();
    int16_t fewest();
    int16_t fewestDrawn();
    void search();
    bool takeForced(int16_t &i);
    bool bounds(int rounds, int patternRounds, bool probe);
    bool hideHopeless();
    int16_t branchItem(int16_t i);
    int16_t conflicted();
    void branch(int16_t i);
    void record(const int *pick);
    // The rows' bound and the aim.
    void prepare();
    bool relax(int8_t *used, int *pick, double &total);
    bool tighten(int rounds, bool probe);
    void keepBestRound();
    bool probeLevel(double bestBound, double top);
    void subgradient(double &norm, double &dot, double &prevNorm);
    void step_(double bound, double theta, double norm, double dot, double prevNorm);
    void setReduced();
    void newCosts();
    const int16_t *sorted(int16_t i);
    int cheapestFirst(int16_t i, int *opts);
    int16_t firstAlive(int16_t i);
    bool aim(int budget);
    bool improve(double room, int *budget, bool cut);
    bool reach(double room, int *budget, bool cut);
    bool hideAbove(double limit);
    void hideFrom(double limit, int level);
    bool openCostOver(double limit);
    // The patterns' bound and its proof.
    void preparePatterns();
    double gain(int d, uint8_t x);
    bool bestPatterns(double &total);
    bool patternTighten(int rounds);
    void recordPatterns();
    bool hideByPatterns();
    void bestThrough(int d, double *through);
    double table(int d, bandTable *tb, const mustCells *must, gains *val);
    double revalue(int d, bandTable *tb);
    bandTable *narrow(int d, bandTable *to, bandTable *from, const mustCells *must, double &top);
    void markCover(bandTable *tb, double least, uint32_t *cover);
    bool descend(int budget);
    bool startDescent(double &bnd);
    int restartNodes(int restarts);
    bool restartDue();
    bool retune(int restarts);
    void probeBelow(i64 target);
    bool grace();
    bool stalled();
    bool wading();
    void sortCheapest(int x);
    double leastCost(int x, uint16_t placed);
    void place(uint16_t placed, double worth, double spent, int lv, int kept);
    bool rowsRefute(level *L, level *parent, int kept, uint16_t placed, double spent, double cut);
    bool tune(uint16_t placed, double worth, double cut, level *L);
    bool propagate(propagation *nd, level *L, level *parent, bool fresh, uint16_t placed, double cut);
    bool boundDigits(propagation *nd, level *L, level *parent, bool fresh, uint16_t placed, double cut, int pass);
    void markCovers(propagation *nd, level *L, uint16_t placed, double cut, int pass, uint32_t *once, uint32_t *twice);
    void keep(propagation *nd, level *L, int d, int x);
    bool keepInUnits(propagation *nd, level *L, uint16_t placed);
    int branchWidth(int lv) const;
    bool chooseBranch(propagation *nd, level *L, uint16_t placed, double cut, int widen, branching &br);
    void branchOnCell(const branching *br, uint16_t placed, double worth, double spent, int lv);
    void branchOnPatterns(propagation *nd, level *L, int d, uint16_t placed, double worth, double spent, double cut, int lv);
    // The linear program.
    bool linearSettle();
    void rowPrices(double *prices);
    __attribute__((nothrow)) bool linearNode(int depth);  // recursive: the compiler cannot see that it never throws
    bool branchLinear(int j, int depth);
    bool recordLinear();
    void priceByProgram();
    bool faceSettles(double cutoff, bool root);
    bool searchFace(int budget, int &used);
    bool rootFaceSettles();
    bool rootFaceHopeless();
    bool raiseAtRoot();
    bool improveByPrices();
    bool diveMayPay();
    void linearDive();
    int strongBranch(double cutoff, int depth, bool &settled, const vec<int> *&fixes);
    const vec<int> *trySurelyFalling(const vec<candidate> &list, double parent, double cutoff);
    int tryBothWays(const vec<candidate> &list, int n, double parent, double cutoff, int limit, bool &settled, int &fix);
    // The root's order of searches.
    void searchRoot();
    bool descendsFirst();
    int rootRowRounds();
    int rootAim();
    int filled();
    int firstStride();
    int descentBudget();
    i64 linearTestAt();
    bool linearTest();
    void fixByPatterns();
    bool settle();
};

static tuning defaultTuning();
static solver *newSolver();

// ---------------------------------------------------------------------------------------------
// The model and the dancing links.
// ---------------------------------------------------------------------------------------------

// byWorth lists the options in decreasing order of worth, ties by option number: a counting
// sort, since worths are small integers.
static void byWorth(int *order) {
    const int most = 10 * 9;
    int start[most + 2] = {};  // start[w] counts the options worth more than w
    for (int o = 0; o < options; o++) start[worth(o)]++;
    for (int w = most, above = 0; w >= 0; w--) {
        int n = start[w];
        start[w] = above;
        above += n;
    }
    for (int o = 0; o < options; o++) {
        int w = worth(o);
        order[start[w]] = o;
        start[w]++;
    }
}

// listRank is each option's place in byWorth's order, which every item's list keeps.
static int16_t listRank[options];
// worthOrder is byWorth's order, made once.
static int worthOrder[options];

// build links every option of every blank, in decreasing order of worth, then chooses the
// givens. It reports false when the givens break a rule.
bool solver::build(const int *givens) {
    givenCount = 0;
    for (int x = 0; x < cells; x++) {
        if (givens[x] != 0) givenCount++;
    }
    for (int i = 0; i < items; i++) {
        up[i] = down[i] = itm[i] = int16_t(i);
        active[i] = true;
    }
    for (int i = 0; i <= root; i++) {
        prev[i] = int16_t((i + root) % (root + 1));
        next[i] = int16_t((i + 1) % (root + 1));
    }

    for (int o : worthOrder) {
        int x = cellOfOption(o), d = digitOfOption(o);
        int its[4] = {cellItem(x), rowItem(x, d), colItem(x, d), boxItem(x, d)};
        for (int k = 0; k < 4; k++) {
            int i = its[k];
            int p = firstNode(o) + k;
            itm[p] = int16_t(i);
            up[p] = up[i];
            down[p] = int16_t(i);
            down[up[i]] = int16_t(p);
            up[i] = int16_t(p);
            cheap.opts[i][len[i]] = int16_t(o);  // list order: cheapest first under costs all 0
            len[i]++;
        }
    }

    for (int x = 0; x < cells; x++) {
        int g = givens[x];
        if (g == 0) continue;
        int o = x * 9 + g - 1;
        for (int k = 0; k < 4; k++) {
            if (!active[itm[firstNode(o) + k]]) return false;  // an earlier given already holds this row, column or box digit
        }
        cover(itm[firstNode(o)]);
        choose(o, itm[firstNode(o)]);
    }
    trail.clear();  // givens are never undone
    return true;
}

// hideOthers removes the nodes of p's option other than p from their lists.
void solver::hideOthers(int p) {
    out[optionOf(p)]++;
    int o = firstNode(optionOf(p));
    for (int q = o; q < o + 4; q++) {
        if (q != p) unlink(q);
    }
}

// unhideOthers restores what hideOthers(p) removed, in reverse order.
void solver::unhideOthers(int p) {
    out[optionOf(p)]--;
    int o = firstNode(optionOf(p));
    for (int q = o + 3; q >= o; q--) {
        if (q != p) relink(q);
    }
}

static inline bool cheaper(const costs *c, int a, int b);

inline void solver::unlink(int q) {
    int16_t u = up[q], d = down[q];
    down[u] = d;
    up[d] = u;
    int16_t i = itm[q];
    len[i]--;
    // lost's test, here: a node unlinked is seldom its item's least, and the call is saved.
    // q >= items: an unsigned division, a shift, is optionOf(q).
    if (open.on && int(open.least[i]) == int(unsigned(q - items) / 4)) open.lost(this, q);
}

inline void solver::relink(int q) {
    int16_t u = up[q], d = down[q];
    down[u] = int16_t(q);
    up[d] = int16_t(q);
    int16_t i = itm[q];
    len[i]++;
    if (open.on) {  // regained's test, here, as in unlink
        int16_t l = open.least[i];
        if (l < 0 || cheaper(&reduced, int(unsigned(q - items) / 4), l)) open.regained(this, q);
    }
}

// cover removes item i from the active list and every option of its list from the other lists.
void solver::cover(int16_t i) {
    for (int p = down[i]; p != i; p = down[p]) hideOthers(p);
    int16_t l = prev[i], r = next[i];
    next[l] = r;
    prev[r] = l;
    active[i] = false;
    if (open.on) open.add(this, i, -1);
}

// uncover must follow the cover of the same item, with everything between undone.
void solver::uncover(int16_t i) {
    int16_t l = prev[i], r = next[i];
    next[l] = i;
    prev[r] = i;
    active[i] = true;
    if (open.on) open.add(this, i, 1);
    for (int p = up[i]; p != i; p = up[p]) unhideOthers(p);
}

// choose takes option o once the item it was found in is covered: it covers o's other items.
void solver::choose(int o, int16_t found) {
    int p = firstNode(o);
    for (int q = p; q < p + 4; q++) {
        int16_t i = itm[q];
        if (active[i]) cover(i);
    }
    int x = cellOfOption(o);
    fill[x] = digitOfOption(o) + 1;
    value += worth(o);
    trail.push_back(step{stepChoose, int16_t(o), found});
}

// unchoose undoes choose(o); the item o was found in stays covered.
void solver::unchoose(int o, int16_t found) {
    int p = firstNode(o);
    for (int q = p + 3; q >= p; q--) {
        int16_t i = itm[q];
        if (i != found) uncover(i);
    }
    fill[cellOfOption(o)] = 0;
    value -= worth(o);
}

// hide removes an alive option from all four of its lists.
void solver::hide(int o) {
    out[o]++;  // before the unlinks, which ask which options are alive
    int p = firstNode(o);
    for (int q = p; q < p + 4; q++) unlink(q);
    trail.push_back(step{stepHide, int16_t(o), 0});
}

// undoTo pops the trail back to the given length, forced choices and hidden options alike.
void solver::undoTo(size_t mark) {
    while (trail.size() > mark) {
        step st = trail.back();
        trail.pop_back();
        int o = st.opt;
        int p = firstNode(o);
        if (st.kind == stepHide) {
            out[o]--;
            for (int q = p + 3; q >= p; q--) relink(q);
            continue;
        }
        unchoose(o, st.found);
        uncover(st.found);
    }
}

// ---------------------------------------------------------------------------------------------
// The exact search: the solver, its tuning, the dive and the branching.
// ---------------------------------------------------------------------------------------------

// defaultTuning is the tuning every solver starts with.
static tuning defaultTuning() {
    tuning t;
    t.coldStep = 1.0;
    t.warmStep = 0.1;
    t.deflect = 1.0;
    t.stallRounds = 3;
    t.leastStep = 1e-3;
    t.rowsLeastStep = 0.5;  // the rows' steps stop early on grids of many givens (see main.go)
    t.rowsLeastGivens = 10;
    t.rootRounds = 400;
    t.rowsRootRounds = 1;  // see main.go: rootRowRounds
    t.rowsRootGivens = 17;
    t.descendFirstGivens = 10;  // see main.go: descendsFirst
    t.nodeRounds = 30;
    t.probeLimit = 100;  // bench/HISTORY.md, probeLimit

    t.diveLimit = 100000;
    t.diveFirst = 1000;
    t.diveRestart = 100;
    t.rootAimLimit = 1500;  // see main.go: rootAim
    t.aimGivens = 5;

    t.patternStep = 1.0;
    t.rootPatternRounds = 300;
    t.nodePatternRounds = 8;
    t.proofLimit = 1000000;
    t.descentLimit = 3000;
    t.closeLimit = 300;
    t.closeGap = 8;
    t.descentProbes = 2;
    t.descentProbeLimit = 150;  // see main.go: probeBelow
    t.tuneLevels = 0;
    t.tuneRounds = 7;
    t.strideGrowth = 3;
    t.wideStride = 4;  // from 24 givens the first stride spans four scores (see main.go)
    t.wideGivens = 24;
    t.wideFewStride = 3;  // and three from 6 to 16 givens (see main.go)
    t.wideFewGivens = 6;
    t.wideFewBelow = 17;
    t.digitBranch = 2;
    t.digitFirst = 1;  // see main.go: chooseBranch
    t.graceLimit = 6000;
    t.graceLevels = 6;
    t.branchWiden = 1;  // wider branching choices from 17 to 23 givens (see main.go: branchWidth)
    t.branchWideLevels = 12;
    t.branchWideGivens = 17;
    t.branchWideBelow = 24;
    t.stallNodes = 400;  // the first search's early cut (see main.go)
    t.stallShare = 0.3;
    t.wadeNodes = 1500;  // the cut of a search wading above its completion (see main.go)
    t.wadeShare = 0.05;
    t.wadeLate = 1000;
    t.wadeRest = 500;
    t.wadeDry = 2000;
    t.restartNodes = 400;  // restarts under new multipliers (see main.go: restartDue)
    t.restartShare = 0.4;
    t.restartTries = 2;
    t.restartGivens = 17;
    t.linearTestNodes = 1800;  // the program's root tried once the descent has run long (see main.go: linearTest)
    t.linearTestBelow = 24;    // bench/HISTORY.md, linearTestBelow

    t.lpRefactor = 300;
    t.lpStrong = 5;
    t.lpStrongLimit = 10;
    t.lpRootStrong = 3;  // bench/HISTORY.md, lpRootStrong
    t.lpRootStrongLimit = 15;
    t.lpDeepStrong = 3;  // bench/HISTORY.md, lpDeepStrong
    t.lpDeepDepth = 3;
    t.lpSecondSide = 1;
    t.lpFixAll = 1;
    t.lpLimit = 150000;
    t.lpSavedDepth = 24;
    t.lpImproveStep = 200;
    t.lpImproveBudget = 2000;
    t.lpDiveLimit = 400;
    t.lpDiveGap = 16;  // see main.go: diveMayPay
    t.lpDiveFilled = 0;
    t.lpFaceGap = 0.5;
    t.lpFaceBudget = 500;
    t.lpFaceShare = 0.25;
    t.lpFaceLeast = 50;
    t.lpRootFaceRatio = 1;
    t.lpRootFaceAhead = 3;  // bench/HISTORY.md, lpRootFaceAhead
#ifdef TUNING
    TUNING  // a test's own tuning, as main.go's tests set theirs: -D'TUNING=t.lpLimit = 1;'
#endif
    return t;
}

// newSolver returns a solver with the default tuning, every other field zero as Go's new makes
// it.
static solver *newSolver() {
    solver *s = makeZeroed<solver>();
    s->tuning_ = defaultTuning();
    return s;
}

// work weighs the counts by their cost, roughly in aim nodes: a measure of the time spent that
// does not depend on the machine's load (see main.go).
i64 stats::work() const {
    return dived / 5 + aimed + 5 * rounds + 4 * patternRounds + 20 * nodes + 3 * proofNodes + 4 * tuneRounds +
           14 * (lpPivots - lpTrialPivots) + 7 * lpTrialPivots;
}

void stats::print(FILE *w) const {
    fprintf(w,
            "work %lld, dive nodes %lld, search nodes %lld, branch nodes %lld, subgradient rounds %lld, pattern rounds %lld, "
            "pattern search nodes %lld (%lld cell branchings, %lld subgradient rounds), probes %lld, aim nodes %lld (probes "
            "included), options hidden by reduced cost %lld, subtrees pruned %lld, linear nodes %lld (%lld pivots, %lld in "
            "trials, %lld bound flips), face searches %lld (%lld settled)\n",
            work(), dived, nodes, branches, rounds, patternRounds, proofNodes, cellBranches, tuneRounds, probes, aimed,
            hidden, pruned, lpNodes, lpPivots, lpTrialPivots, lpFlips, faces, facesSettled);
}

// maximize runs the phases after reading: build the links, dive for a first score, then the
// root's order of searches (searchRoot). It returns the best score over the completions of
// givens and sets fillOut to a grid that scores it, or returns -1 and the givens when there is
// none.
i64 solver::maximize(const int *givens, int *fillOut) {
    best = minInt;
    refuted = maxInt;
    graceLeft = false;
    testAt = 0;
    testDone = false;
    std::copy(givens, givens + cells, fillOut);
    if (!build(givens)) return -1;
    bool exhausted = false;
    if (!dives(&exhausted) && exhausted) return -1;  // a dive searched everything: nothing completes the givens
    searchRoot();
    if (best == minInt) return -1;
    std::copy(bestFill, bestFill + cells, fillOut);
    return best;
}

// diveSeed seeds the draws of the dives after the first (xorshift64).
static const uint64_t diveSeed = 0x9e3779b97f4a7c15ull;

// luby returns the k-th term of Luby's sequence, from k = 1: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ...
static int luby(int k) {
    for (int size = 1;; size = 2 * size + 1) {
        if (size == k) return (size + 1) / 2;
        if (size > k) return luby(k - (size - 1) / 2);
    }
}

// dives looks for a first completion without any bound, so that the bounded search starts with
// a score to beat, within diveLimit nodes in all: a first dive in decreasing worth within
// diveFirst nodes, then dives restarted by Luby's sequence, which branch on an item drawn among
// those with the fewest options and at one node in four, drawn at random, try the second best
// option first (see main.go). It reports whether a dive found a completion, and sets *exhausted
// when one searched everything without finding one.
bool solver::dives(bool *exhausted) {
    int left = tuning_.diveLimit;
    int one = blanks() + 1;  // the nodes a dive that meets no dead end takes
    diveDraws = diveSeed;
    for (int k = 0; left > 0; k++) {
        int budget = std::min(tuning_.diveFirst, left);
        if (k > 0) budget = std::min(one + tuning_.diveRestart * luby(k), left);
        left -= budget;
        diveRandom = k > 0;
        bool found = dive(&budget);
        diveRandom = false;
        if (found || budget >= 0) {
            *exhausted = !found;
            return found;
        }
    }
    *exhausted = false;
    return false;
}

// blanks returns the cells left to fill.
int solver::blanks() {
    int n = 0;
    for (int x = 0; x < cells; x++) n += active[x];
    return n;
}

// dive searches for a completion without any bound, within *budget nodes, taking the item with
// the fewest options and its options in decreasing worth; in a restarted dive (diveRandom), the
// item is drawn among those with the fewest, and its options go on round the list from the second
// best at one node in four, drawn at random. It reports whether it found one; when it did not
// and budget is left, it has searched everything.
bool solver::dive(int *budget) {
    stats_.dived++;
    if (--*budget < 0) return false;
    int16_t i = diveRandom ? fewestDrawn() : fewest();
    if (i == root) {
        record(nullptr);
        return true;
    }
    cover(i);
    bool found = false;
    int p = down[i];
    if (diveRandom && len[i] > 1 && draw() % 4 == 0) p = down[p];  // one node in four: the second best first
    for (int n = len[i]; n > 0; n--) {
        int o = optionOf(p);
        size_t mark = trail.size();
        choose(o, i);
        found = dive(budget);
        trail.resize(mark);
        unchoose(o, i);
        if (found || *budget < 0) break;
        if ((p = down[p]) == i) p = down[i];
    }
    uncover(i);
    return found;
}

// draw returns the next of the dives' draws (xorshift64).
uint64_t solver::draw() {
    uint64_t x = diveDraws;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    diveDraws = x;
    return x;
}

// fewest returns the active item with the fewest alive options, or root when none is left.
int16_t solver::fewest() {
    int16_t best = root;
    int bestLen = INT_MAX;
    for (int16_t i = next[root]; i != root; i = next[i]) {
        if (len[i] < bestLen) {
            best = i;
            bestLen = len[i];
            if (bestLen <= 1) break;
        }
    }
    return best;
}

// fewestDrawn returns, like fewest, an item with the fewest options: the first with at most one,
// else one drawn at random among those with the fewest (reservoir sampling, see main.go).
int16_t solver::fewestDrawn() {
    int16_t best = root;
    int bestLen = INT_MAX;
    uint64_t ties = 0;
    for (int16_t i = next[root]; i != root; i = next[i]) {
        if (len[i] < bestLen) {
            best = i;
            bestLen = len[i];
            ties = 1;
            if (bestLen <= 1) return best;
        } else if (len[i] == bestLen) {
            if (draw() % ++ties == 0) best = i;
        }
    }
    return best;
}

// search explores the subtree below the current choices, at a node other than the root (the
// root's search is searchRoot): it takes every item left with one option, bounds the node,
// hides the options that cannot beat the best score and, when all that leaves the subtree
// open, branches.
void solver::search() {
    stats_.nodes++;
    size_t mark = trail.size();
    for (;;) {
        int16_t i;
        bool open = takeForced(i);
        if (!open || !bounds(tuning_.nodeRounds, tuning_.nodePatternRounds, false)) break;
        if (!hideHopeless()) {  // nothing hidden: the item counts are settled, branch now
            branch(branchItem(i));
            break;
        }
    }
    undoTo(mark);
}

// takeForced takes every item left with one option. It sets i to the open item with the fewest
// options, and returns false when that settles the node: no item is left (the completion is
// recorded) or one has no option.
bool solver::takeForced(int16_t &i) {
    for (;;) {
        i = fewest();
        if (i == root) {
            record(nullptr);
            return false;
        }
        if (len[i] == 0) return false;
        if (len[i] != 1) return true;
        cover(i);
        choose(optionOf(down[i]), i);
    }
}

// bounds tightens both bounds at the node, the rows' in rounds steps (probing each new integer
// level with probe) and the patterns' in patternRounds, and reports false when either prunes
// the node.
bool solver::bounds(int rounds, int patternRounds, bool probe) {
    if (!tighten(rounds, probe) || !patternTighten(patternRounds)) {
        stats_.pruned++;
        return false;
    }
    return true;
}

// hideHopeless hides the options that cannot beat the best score, by their reduced costs under
// the rows' bound and by the patterns' bound forcing them, and reports whether it hid any.
bool solver::hideHopeless() {
    bool hid = best != minInt && hideAbove(bound - double(best) - 1);
    return hideByPatterns() || hid;
}

// branchItem returns the item to branch on: the priced item the best relaxed solution breaks
// (conflicted), or i, the open item with the fewest options, when it breaks none.
int16_t solver::branchItem(int16_t i) {
    int16_t c = conflicted();
    if (c != root) return c;
    return i;
}

// conflicted returns the priced item with the fewest options among those the best relaxed
// solution does not take exactly once (see main.go).
int16_t solver::conflicted() {
    int16_t best = root;
    int bestLen = INT_MAX;
    for (int16_t i = next[root]; i != root; i = next[i]) {
        if (i >= 2 * cells && conflict[i] != 1 && len[i] < bestLen) {
            best = i;
            bestLen = len[i];
        }
    }
    return best;
}

// branch searches below each option of item i, best bound first. It is apart from search so
// that only a branching node's stack frame holds a copy of the multipliers.
void solver::branch(int16_t i) {
    stats_.branches++;
    int opts[9];
    int n = cheapestFirst(i, opts);
    double bnds[9];  // main.go's bounds: bnds[k] holds for every completion through opts[k]
    for (int k = 0; k < n; k++) bnds[k] = bound - reduced.of[opts[k]];  // saved now: the children overwrite reduced costs
    double lambdaSaved[items], piSaved[cells];
    std::memcpy(lambdaSaved, lambda, sizeof lambda);
    std::memcpy(piSaved, pat.pi, sizeof pat.pi);
    cover(i);
    for (int k = 0; k < n; k++) {
        int o = opts[k];
        if (bnds[k] < double(best) + 1 - eps) break;
        std::memcpy(lambda, lambdaSaved, sizeof lambda);  // every child starts from this node's multipliers
        std::memcpy(pat.pi, piSaved, sizeof pat.pi);
        size_t mark = trail.size();
        choose(o, i);
        search();
        trail.resize(mark);
        unchoose(o, i);
    }
    uncover(i);
    std::memcpy(lambda, lambdaSaved, sizeof lambda);
    std::memcpy(pat.pi, piSaved, sizeof pat.pi);
}

// record keeps a full completion made of the chosen options and, for the uncovered cells, the
// digits in pick (null when no cell is uncovered).
void solver::record(const int *pick) {
    i64 score = value;
    int f[cells];
    std::memcpy(f, fill, sizeof f);
    for (int x = 0; x < cells; x++) {
        if (active[x]) {
            f[x] = pick[x] + 1;
            score += weight(x) * f[x];
        }
    }
    if (score > best) {
        best = score;
        std::memcpy(bestFill, f, sizeof f);
    }
}

// ---------------------------------------------------------------------------------------------
// The rows' bound and the aim.
// ---------------------------------------------------------------------------------------------

// solve sets total to the minimum cost, or returns false when every matching takes a barred
// pair (see main.go). It works on u, v and match in place: after a failure they are left half
// made, and the next solve must follow new costs with solved unset, as prepare leaves them.
bool assignment::solve(double &total) {
    int free[10];
    int nfree = 0;
    if (solved) {
        if (!warmStart(free, nfree)) return false;
    } else {
        std::memset(u, 0, sizeof u);
        std::memset(v, 0, sizeof v);
        std::memset(match, 0, sizeof match);
        for (int i = 1; i <= n; i++) free[nfree++] = i;
    }
    for (int k = 0; k < nfree; k++) {
        if (!augment(free[k], u, v, match)) return false;  // Hall's condition fails: no alive matching covers row i
    }
    solved = true;
    total = 0.0;
    for (int j = 1; j <= n; j++) total += cost[match[j]][j];
    return true;
}

// warmStart keeps u and match from the last solve and sets v to each column's minimum against
// them, which keeps the duals feasible; the matched pairs still tight stay matched, and it lists
// in free the rows left to insert. It returns false when some digit has no alive option left.
bool assignment::warmStart(int *free, int &nfree) {
    bool matched[10] = {};
    for (int j = 1; j <= n; j++) {
        double least = inf;
        for (int i = 1; i <= n; i++) least = fmin2(least, cost[i][j] - u[i]);
        if (least == inf) return false;  // no alive option offers digit j
        v[j] = least;
        int i = match[j];
        if (cost[i][j] - u[i] == least) {
            matched[i] = true;
        } else {
            match[j] = 0;
        }
    }
    nfree = 0;
    for (int i = 1; i <= n; i++) {
        if (!matched[i]) free[nfree++] = i;
    }
    return true;
}

// augment inserts row i into the matching by a shortest augmenting path under the reduced costs
// (the Hungarian method's step), keeping the duals feasible and the matched pairs tight. It
// reports false when no path exists.
bool assignment::augment(int i, double *u_, double *v_, int *match_) {
    int way[10] = {};  // the first step's: column 0
    double minv[10];   // set for every column by the first step
    int open[10];     // the columns not yet on the path, in order
    int path[10];     // and those on it, column 0 first
    int nopen = 0, npath = 1;
    match_[0] = i;
    path[0] = 0;
    // The first step, from column 0 (row i): every column's cost is its least so far.
    const double *row = cost[i];
    double ui = u_[i];
    double delta = inf;
    int j1 = 0;
    for (int j = 1; j <= n; j++) {
        double c = row[j] - ui - v_[j];
        minv[j] = c;
        if (c < delta) {
            delta = c;
            j1 = j;
        }
        open[nopen++] = j;
    }
    for (;;) {
        if (delta == inf) return false;
        bool last = match_[j1] == 0;  // the path ends there: minv is read no more
        for (int k = 0; k < npath; k++) {
            int j = path[k];
            u_[match_[j]] += delta;
            v_[j] -= delta;
        }
        if (last) break;
        int at = 0;  // j1 leaves the open columns, which stay in order
        for (int k = 0; k < nopen; k++) {
            int j = open[k];
            minv[j] -= delta;
            if (j != j1) open[at++] = j;
        }
        nopen = at;
        path[npath++] = j1;
        // The next step, from column j1 (its row).
        int j0 = j1;
        row = cost[match_[j0]];
        ui = u_[match_[j0]];
        delta = inf;
        j1 = 0;
        for (int k = 0; k < nopen; k++) {
            int j = open[k];
            double c = row[j] - ui - v_[j];
            if (c < minv[j]) {
                minv[j] = c;
                way[j] = j0;
            }
            if (minv[j] < delta) {
                delta = minv[j];
                j1 = j;
            }
        }
    }
    for (int j0 = j1; j0 != 0;) {
        int j = way[j0];
        match_[j0] = match_[j];
        j0 = j;
    }
    return true;
}

// prepare lists each row's open cells, missing digits and alive options for relax, and bars
// the other pairs.
void solver::prepare() {
    int k = 0;
    for (int r = 0; r < 9; r++) {
        rowProblem *rp = &rows[r];
        int column[9] = {};  // assignment column of each missing digit, by digit
        int m = 0;
        for (int d = 0; d < 9; d++) {
            if (active[cells + r * 9 + d]) {
                rp->digit[m] = d;
                m++;
                column[d] = m;
            }
        }
        rp->n = 0;
        rp->solved = false;
        int start = k;
        for (int x = r * 9; x < r * 9 + 9; x++) {
            if (!active[x]) continue;
            rp->cell[rp->n] = x;
            rp->n++;
            for (int p = down[x]; p != x; p = down[p]) {
                int o = optionOf(p);
                int d = digitOfOption(o);
                entryBuf[k] = entry{double(worth(o)), int16_t(o), int16_t(colItem(x, d)), int16_t(boxItem(x, d)),
                                    uint8_t(rp->n), uint8_t(column[d])};
                k++;
            }
        }
        rp->entries = entryBuf + start;
        rp->nentries = k - start;
        for (int i = 1; i <= rp->n; i++) {
            for (int j = 1; j <= rp->n; j++) rp->cost[i][j] = inf;
        }
    }
    npriced = 0;
    for (int i = 2 * cells; i < items; i++) {
        if (active[i]) priced[npriced++] = int16_t(i);
    }
}

// relax evaluates the Lagrangian bound for the current multipliers over the prepared rows, in
// total. It sets, in used, how often the relaxed solution takes each priced item and, in pick,
// its digit for each open cell. It returns false when some row cannot be completed at all.
bool solver::relax(int8_t *used, int *pick, double &total) {
    total = double(value);
    for (int r = 0; r < 9; r++) {
        rowProblem *rp = &rows[r];
        if (rp->n == 0) continue;
        for (int k = 0; k < rp->nentries; k++) {
            const entry &e = rp->entries[k];
            rp->cost[e.i][e.j] = lambda[e.col] + lambda[e.box] - e.worth;
        }
        double least;
        if (!rp->solve(least)) return false;
        total -= least;
        for (int j = 1; j <= rp->n; j++) {
            int x = rp->cell[rp->match[j] - 1], d = rp->digit[j - 1];
            pick[x] = d;
            used[colItem(x, d)]++;
            used[boxItem(x, d)]++;
        }
    }
    for (int k = 0; k < npriced; k++) total += lambda[priced[k]];
    return true;
}

// tighten runs subgradient steps on the multipliers, keeping the best bound found, and leaves
// the multipliers and reduced costs that go with it. It returns false when the node is
// infeasible or cannot beat the best score; when the relaxed solution happens to be a full
// completion it records it. With probe set, each time the bound reaches a new integer it
// tries to meet that score at once (probeLevel).
bool solver::tighten(int rounds, bool probe) {
    const tuning *tn = &tuning_;
    prepare();
    double bestBound = inf;
    double theta = tn->coldStep;
    int stall = 0;
    if (stats_.rounds > 0) theta = tn->warmStep;  // the multipliers come tuned from the parent node: small steps keep them
    std::memset(dir, 0, sizeof dir);
    double lastTop = inf, prevBound = inf;
    double least = tn->leastStep;
    if (givenCount >= tn->rowsLeastGivens) least = tn->rowsLeastStep;
    for (int k = 0; k < rounds; k++) {
        stats_.rounds++;
        std::memset(used, 0, sizeof used);
        double bnd;
        if (!relax(used, pick, bnd)) return false;
        if (bnd < bestBound - eps) {
            bestBound = bnd;
            keepBestRound();
            double top = floorOf(bestBound + eps);
            if (top < lastTop) {
                // A new integer level: when the bound creeps rather than falls, it is
                // likely the best score itself.
                if (probe && prevBound - bestBound < 1 && top > double(best) && probeLevel(bestBound, top)) {
                    bound = bestBound;
                    return false;
                }
                lastTop = top;
            }
            prevBound = bestBound;
            stall = 0;
        } else if (++stall >= tn->stallRounds) {
            theta = theta / 2;
            stall = 0;
        }
        if (bestBound < double(best) + 1 - eps) {
            bound = bestBound;
            return false;
        }
        double norm, dot, prevNorm;
        subgradient(norm, dot, prevNorm);
        if (norm == 0) {
            record(pick);  // the relaxation is exact here: its solution is this subtree's best
            bound = bestBound;
            return false;
        }
        if (theta < least) break;
        step_(bnd, theta, norm, dot, prevNorm);
    }
    std::memcpy(lambda, bestLambda, sizeof lambda);
    bound = bestBound;
    setReduced();
    return true;
}

// keepBestRound keeps the multipliers of a round that gave the best bound so far, the row
// duals that go with them, and the priced items their relaxed solution takes.
void solver::keepBestRound() {
    std::memcpy(bestLambda, lambda, sizeof lambda);
    std::memcpy(conflict, used, sizeof used);
    for (int r = 0; r < 9; r++) {
        std::memcpy(rows[r].bestU, rows[r].u, sizeof rows[r].u);
        std::memcpy(rows[r].bestV, rows[r].v, sizeof rows[r].v);
    }
}

// probeLevel runs a short cost-ordered search for a completion scoring top, the new integer
// level of the best bound, under the reduced costs of that bound; it reports whether it met
// one, which settles the node long before the steps converge.
bool solver::probeLevel(double bestBound, double top) {
    setReduced();
    int budget = tuning_.probeLimit;
    stats_.probes++;
    return improve(bestBound - top, &budget, false);
}

// subgradient sets the squared length of the subgradient at the relaxed solution (one less
// the times it takes each open priced item), its dot product with the last direction and that
// direction's squared length.
void solver::subgradient(double &norm, double &dot, double &prevNorm) {
    norm = dot = prevNorm = 0;
    for (int k = 0; k < npriced; k++) {
        int i = priced[k];
        double g = double(1 - used[i]);
        norm += g * g;
        dot += g * dir[i];
        prevNorm += dir[i] * dir[i];
    }
}

// step moves the multipliers along the subgradient, deflected by the last direction when the
// two make an obtuse angle, by theta times Polyak's step towards the best score (or, with none
// yet, towards a point a little below the bound). (main.go's step.)
void solver::step_(double bnd, double theta, double norm, double dot, double prevNorm) {
    double target = double(best);
    if (best == minInt) target = bnd - 0.01 * std::fabs(bnd) - 1;
    double beta = 0.0;
    if (dot < 0 && prevNorm > 0) beta = -tuning_.deflect * dot / prevNorm;
    double dirNorm = 0.0;
    for (int k = 0; k < npriced; k++) {
        int i = priced[k];
        dir[i] = double(1 - used[i]) + beta * dir[i];
        dirNorm += dir[i] * dir[i];
    }
    if (dirNorm < norm / 4) {  // a deflection that cancels the subgradient would stall the step
        for (int k = 0; k < npriced; k++) dir[priced[k]] = double(1 - used[priced[k]]);  // no other item's direction is read
        dirNorm = norm;
    }
    double t = theta * (bnd - target) / dirNorm;
    for (int k = 0; k < npriced; k++) lambda[priced[k]] -= t * dir[priced[k]];
}

// setReduced gives every alive option its reduced cost under the multipliers, which must be
// those of the best bound, and that bound's row duals.
void solver::setReduced() {
    newCosts();
    for (int r = 0; r < 9; r++) {
        rowProblem *rp = &rows[r];
        for (int k = 0; k < rp->nentries; k++) {
            const entry &e = rp->entries[k];
            reduced.of[e.opt] = lambda[e.col] + lambda[e.box] - e.worth - rp->bestU[e.i] - rp->bestV[e.j];
        }
    }
}

// newCosts gives the reduced costs about to be computed a stamp of their own.
void solver::newCosts() {
    stamps++;
    reduced.stamp = stamps;
}

// cheaper reports whether option a comes before option b cheapest first under c, ties going
// by list order.
static inline bool cheaper(const costs *c, int a, int b) {
    return c->of[a] < c->of[b] || (c->of[a] == c->of[b] && listRank[a] < listRank[b]);
}

// sorted returns item i's options cheapest first under the reduced costs, dead ones included.
// Ties go by list order, so that the alive ones come in the order of a stable sort of the list.
const int16_t *solver::sorted(int16_t i) {
    int16_t *order = cheap.opts[i];
    if (cheap.stamp[i] != reduced.stamp) {
        cheap.stamp[i] = reduced.stamp;
        for (int a = 1; a < 9; a++) {
            for (int b = a; b > 0 && cheaper(&reduced, order[b], order[b - 1]); b--) std::swap(order[b], order[b - 1]);
        }
    }
    return order;
}

// cheapestFirst puts open item i's alive options in opts, cheapest first, and returns how many.
int solver::cheapestFirst(int16_t i, int *opts) {
    int n = 0;
    const int16_t *order = sorted(i);
    for (int k = 0; k < 9; k++) {
        int16_t o = order[k];
        if (out[o] == 0) opts[n++] = o;
    }
    return n;
}

// firstAlive returns open item i's cheapest alive option, -1 when none is.
int16_t solver::firstAlive(int16_t i) {
    const int16_t *order = sorted(i);
    for (int k = 0; k < 9; k++) {
        if (out[order[k]] == 0) return order[k];
    }
    return -1;
}

// aim tries targets from the node's bound down to one above the best score, each with improve;
// when a target is met, the complete failures of the targets above it (or the bound itself)
// prove it the best of the subtree (see main.go). It reports whether the subtree is settled.
bool solver::aim(int budget) {
    i64 top = i64(floorOf(fmin2(bound, pat.bound) + eps));  // no completion here scores more than either bound
    bool open = false;  // a target above the one tried was not refuted
    for (i64 target = top; target > best; target--) {
        if (budget < 2) return false;
        int share = budget / 2;
        budget -= share;
        bool found = improve(bound - double(target), &share, true);
        if (found) return !open;  // the complete searches for the targets above it all failed
        if (share < 0) {
            open = true;
        } else {
            budget += share;  // what the complete search left over
        }
    }
    return !open;  // no completion here beats the best score
}

// improve looks for a completion scoring at least target with the multipliers of the last bound
// fixed: a cost-ordered search for a cover whose options' reduced costs sum to at most room =
// bound - target (see main.go). It reports whether it found such a completion; when it did not
// and budget is left, there is none.
bool solver::improve(double room, int *budget, bool cut) {
    bool started = false;
    if (!open.on) {
        open.start(this);
        started = true;
    }
    size_t mark = trail.size();
    int level = hiding.depth;
    hiding.depth++;
    hideFrom(room, level);
    bool found;
    if (!cut && openCostOver(room + eps)) {  // with cut, reach makes the same check at once
        found = false;
    } else {
        found = reach(room, budget, cut);
    }
    undoTo(mark);
    hiding.depth = level;
    if (started) open.on = false;
    return found;
}

// reach is improve once every option costing more than room is hidden.
bool solver::reach(double room, int *budget, bool cut) {
    stats_.aimed++;
    if (--*budget < 0) {
        if (cursor != nullptr) cursor->live = cursor->depth;  // the path to here, which the levels above record
        return false;
    }
    int16_t i = diveRandom ? fewestDrawn() : fewest();
    if (i == root) {
        record(nullptr);
        return true;
    }
    if (len[i] == 0 || (cut && openCostOver(room + eps))) return false;  // without cut, improve checks
    int opts[9];
    int n = cheapestFirst(i, opts);
    int first = 0;
    faceCursor *c = cursor;
    if (c != nullptr && c->depth < c->live) first = c->path[c->depth];  // the options before it were searched to the end
    cover(i);
    bool found = false;
    for (int k = first; k < n; k++) {
        int o = opts[k];
        size_t mark = trail.size();
        choose(o, i);
        if (c != nullptr) c->depth++;
        double r = reduced.of[o];
        if (r > eps) {
            found = improve(room - r, budget, cut);  // less room: more options to hide
        } else {
            found = reach(room, budget, cut);
        }
        trail.resize(mark);
        unchoose(o, i);
        if (c != nullptr) {
            c->depth--;
            if (!found && *budget < 0) {
                c->path[c->depth] = int8_t(k);
                c->of[c->depth] = int8_t(n);
            } else {
                c->live = std::min(c->live, c->depth + 1);  // the path below is replayed
            }
        }
        if (found || *budget < 0) break;
    }
    uncover(i);
    return found;
}

// hideAbove hides every alive option whose reduced cost exceeds limit and reports whether it
// hid any. With limit = bound - best - 1 those are the options that cannot beat the best score.
// hideFrom is hideAbove for improve at level of its recursion: below its top, each open cell's
// walk starts where the level above stopped, and none walks when the dearest option they
// stopped at there costs no more than the limit (see main.go).
void solver::hideFrom(double limit, int level) {
    hideLevels *h = &hiding;
    int stamp = reduced.stamp;
    double bar = limit + eps;
    h->limit[level] = limit;
    h->stamp[level] = stamp;
    const int8_t *from = nullptr;  // where the walks start, null for the top
    if (level > 0 && h->stamp[level - 1] == stamp && limit <= h->limit[level - 1]) {
        if (h->most[level - 1] <= bar) {
            h->at[level] = h->at[level - 1];
            h->most[level] = h->most[level - 1];
            return;
        }
        from = h->stop[h->at[level - 1]];
    }
    h->at[level] = level;
    int8_t *stop = h->stop[level];
    double most = -inf;
    for (int16_t x = 0; x < cells; x++) {
        if (!active[x]) continue;
        const int16_t *order = cheap.opts[x];  // sorted, as sorted(x) leaves it
        int k = 8;
        if (cheap.stamp[x] != stamp) {
            sorted(x);  // not open above, or sorted under other costs: from the top
        } else if (from != nullptr) {
            k = from[x];
        }
        for (; k >= 0; k--) {
            int o = order[k];
            double c = reduced.of[o];
            if (c <= bar) {
                most = fmax2(most, c);
                break;  // and so are the options before it
            }
            if (out[o] == 0) {
                hide(o);
                stats_.hidden++;
            }
        }
        stop[x] = int8_t(k);
    }
    h->most[level] = most;
}

bool solver::hideAbove(double limit) {
    bool hid = false;
    for (int16_t x = 0; x < cells; x++) {
        if (!active[x]) continue;
        const int16_t *order = sorted(x);
        for (int k = 8; k >= 0; k--) {
            int o = order[k];
            if (reduced.of[o] <= limit + eps) break;  // and so are the options before it
            if (out[o] == 0) {
                hide(o);
                stats_.hidden++;
                hid = true;
            }
        }
    }
    return hid;
}

// openCostOver reports whether the reduced costs still to pay exceed limit: the cheapest
// options of the open items of one kind add up to a lower bound on them (see main.go).
bool solver::openCostOver(double limit) {
    if (open.on) {
        bool sure;
        bool over = open.over(this, limit, sure);
        if (sure) return over;
    }
    double sum = 0.0;
    int kind = 0;  // the open items of one kind, in the order of the list, before the next kind's
    for (int16_t i = next[root]; i != root; i = next[i]) {
        int k = int(i) / cells;
        if (k != kind) {
            sum = 0;
            kind = k;
        }
        double cheapest = inf;
        const int16_t *order = sorted(i);
        for (int j = 0; j < 9; j++) {
            if (out[order[j]] == 0) {
                cheapest = reduced.of[order[j]];
                break;
            }
        }
        if ((sum += cheapest) > limit) return true;
    }
    return false;
}

// start sets least for every open item and the sums, and turns the tracking on.
void openCost::start(solver *s) {
    stamp = s->reduced.stamp;
    std::memset(sum, 0, sizeof sum);
    std::memset(inf, 0, sizeof inf);
    for (int16_t i = s->next[root]; i != root; i = s->next[i]) {
        least[i] = s->firstAlive(i);
        add(s, i, 1);
    }
    on = true;
}

// add adds open item i's least cost to its kind's sum, times sign.
inline void openCost::add(solver *s, int16_t i, int sign) {
    int16_t o = least[i];
    int k = int(unsigned(uint16_t(i)) / cells);  // i >= 0: an unsigned division, without its sign's fix
    if (o < 0) {
        inf[k] += sign;
        return;
    }
    double c = s->reduced.of[o];
    if (c >= double(fixedLimit)) {  // over any limit over decides, infinite costs included
        inf[k] += sign;
        return;
    }
    sum[k] += int64_t(sign) * (int64_t(c * double(fixedOne)) + 1);  // at least c in fixed point, also below 0
}

// lost follows the unlinking of node q, whose option is no longer alive: when it was its
// item's least, the next alive option in the sorted order is.
void openCost::lost(solver *s, int q) {
    int16_t i = s->itm[q];
    if (int(least[i]) == optionOf(q)) {
        add(s, i, -1);
        least[i] = s->firstAlive(i);
        add(s, i, 1);
    }
}

// regained follows the relinking of node q, whose option is alive again.
void openCost::regained(solver *s, int q) {
    int16_t i = s->itm[q];
    int o = optionOf(q);
    int16_t l = least[i];
    if (l < 0 || cheaper(&s->reduced, o, l)) {
        add(s, i, -1);
        least[i] = int16_t(o);
        add(s, i, 1);
    }
}

// over settles openCostOver(limit) when sure: over it when an open item has no option left at
// a finite cost, not over it when every kind's sum lies below the limit by more than the
// rounding of the floating-point sums.
bool openCost::over(solver *s, double limit, bool &sure) {
    sure = false;
    if (s->reduced.stamp != stamp || !(limit >= 0 && limit < double(fixedLimit))) return false;
    int64_t bar = int64_t(floorOf(limit * double(fixedOne))) - fixedSlack;
    for (int k = 0; k < 4; k++) {
        if (inf[k] > 0) {
            sure = true;
            return true;
        }
        if (sum[k] > bar) return false;
    }
    sure = true;
    return false;
}

// ---------------------------------------------------------------------------------------------
// The patterns' bound and its proof.
// ---------------------------------------------------------------------------------------------

static int tripleOffset[triples][3];  // the offset in its stack of the column triple t takes
static const int rowOrder[orders][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};  // the band row order k gives to stack s
static uint8_t combo[combos][bands];
static uint8_t fitting[triples][8][2];     // the triples of bands 1 and 2 that fit with each of band 0
static uint32_t fitMask[triples];          // the same triples of band 1, as a bit set
static uint8_t fitRank[triples][triples];  // the place in fitting[t0] of each triple t1 of band 1 that fits
static uint8_t third[triples][triples];    // the triple of band 2 that fits with triples of bands 0 and 1
static uint8_t ordersIn[3][8];             // per stack and set of band rows, the orders that give the stack one of them

// The proof's tables (see initTables), declared here: preparePatterns and bestPatterns read them too.
static uint8_t placeCells[triples][orders][3];  // the band cells of each placement, by stack
static uint32_t placeMask[triples][orders];     // the same as a bit set
static uint32_t killTripleMask[bandCells];      // the triples with a placement through each band cell
static uint8_t killOrders[bandCells];           // and those placements' orders: the same for each triple
static uint32_t cellBit[cells];                 // each cell as a bit of its band's set
static uint32_t bandRowMask[3];                 // each band row's cells
static uint32_t boxMask[3];                     // each stack's cells of the band: a box
static uint32_t colMask[9];                     // each column's cells of the band
static double allBarred[bands][triples];        // a table's rest with every triple barred

static void initPatterns() {
    for (int t = 0; t < triples; t++) {
        tripleOffset[t][0] = t / 9;
        tripleOffset[t][1] = t / 3 % 3;
        tripleOffset[t][2] = t % 3;
    }
    for (int st = 0; st < 3; st++) {
        for (int rows = 0; rows < 8; rows++) {
            for (int k = 0; k < orders; k++) {
                if ((rows >> rowOrder[k][st] & 1) != 0) ordersIn[st][rows] |= uint8_t(1 << k);
            }
        }
    }
    int n = 0;
    for (int t0 = 0; t0 < triples; t0++) {
        for (int t1 = 0; t1 < triples; t1++) {
            int t2[3];
            bool ok = true;
            for (int s = 0; s < 3; s++) {
                int a = tripleOffset[t0][s], b = tripleOffset[t1][s];
                ok = ok && a != b;
                t2[s] = 3 - a - b;
            }
            if (ok) {
                combo[n][0] = uint8_t(t0);
                combo[n][1] = uint8_t(t1);
                combo[n][2] = uint8_t(t2[0] * 9 + t2[1] * 3 + t2[2]);
                fitting[t0][n % 8][0] = uint8_t(t1);
                fitting[t0][n % 8][1] = combo[n][2];
                fitMask[t0] |= uint32_t(1) << t1;
                fitRank[t0][t1] = uint8_t(n % 8);
                third[t0][t1] = combo[n][2];
                n++;
            }
        }
    }
}

// preparePatterns lists each digit's placements in each band from the alive options and the
// filled cells.
void solver::preparePatterns() {
    patterns *p = &pat;
    std::memset(p->allowed, 0, sizeof p->allowed);
    p->nopen = 0;
    for (int x = 0; x < cells; x++) {
        if (!active[x]) {
            int d = fill[x] - 1;
            p->allowed[d][x] = true;
            p->worth[d][x] = double(weight(x) * fill[x]);
            continue;
        }
        p->open[p->nopen++] = uint8_t(x);
        for (int q = down[x]; q != x; q = down[q]) {
            int o = optionOf(q);
            p->allowed[digitOfOption(o)][x] = true;
            p->worth[digitOfOption(o)][x] = double(worth(o));
        }
    }
    uint32_t(*set)[bands] = p->mayStand;
    std::memset(p->mayStand, 0, sizeof p->mayStand);
    for (int d = 0; d < 9; d++) {
        p->nat[d] = 0;
        for (int x = 0; x < cells; x++) {
            if (p->allowed[d][x]) {
                p->at[d][p->nat[d]++] = uint8_t(x);
                set[d][x / bandCells] |= cellBit[x];
            }
        }
    }
    for (int d = 0; d < 9; d++) {
        for (int b = 0; b < bands; b++) {
            int n = 0;
            p->live[d][b] = 0;
            uint8_t rows[9];  // per column of the band, the band rows where the digit may stand
            for (int c = 0; c < 9; c++) {
                uint32_t m = set[d][b] >> c;
                rows[c] = uint8_t((m & 1) | (m >> 8 & 2) | (m >> 16 & 4));
            }
            for (int t = 0; t < triples; t++) {
                // The orders of t whose three cells may all take the digit.
                const int *off = tripleOffset[t];
                uint8_t ords = ordersIn[0][rows[off[0]]] & ordersIn[1][rows[3 + off[1]]] & ordersIn[2][rows[6 + off[2]]];
                p->orders_[d][b][t] = ords;
                if (ords != 0) {
                    p->firstOf[d][b][t] = uint8_t(n);
                    p->live[d][b] |= uint32_t(1) << t;
                }
                for (uint8_t a = ords; a != 0; a &= uint8_t(a - 1)) {
                    int k = ctz8(a);
                    const uint8_t *cs = placeCells[t][k];
                    uint8_t base = uint8_t(bandCells * b);
                    p->place[d][b][n] = placement{uint8_t(t), uint8_t(k), {uint8_t(base + cs[0]), uint8_t(base + cs[1]), uint8_t(base + cs[2])}};
                    n++;
                }
            }
            p->nplace[d][b] = n;
        }
    }
}

// gain is what digit d earns at cell x under the multipliers: its worth, less the cell's
// multiplier while the cell is open.
double solver::gain(int d, uint8_t x) {
    if (active[x]) return pat.worth[d][x] - pat.pi[x];
    return pat.worth[d][x];
}

// bestPatterns finds each digit's best pattern under the multipliers and sets total to the
// bound: the sum of those optima plus the open cells' multipliers. It sets covered. It returns
// false when some digit has no pattern at all.
bool solver::bestPatterns(double &total) {
    patterns *p = &pat;
    total = 0.0;
    double open_[cells] = {};  // main.go's open: the multipliers of the open cells, 0 elsewhere
    for (int i = 0; i < p->nopen; i++) {
        int x = p->open[i];
        open_[x] = p->pi[x];
        total += p->pi[x];
    }
    double g[256];  // main.go's gain, indexed by a placement's cells
    std::memset(p->covered, 0, sizeof p->covered);
    for (int d = 0; d < 9; d++) {
        for (int k = 0; k < p->nat[d]; k++) {  // the cells the placements take
            int x = p->at[d][k];
            g[x] = p->worth[d][x] - open_[x];
        }
        double(*bd)[triples] = p->band[d];
        std::memcpy(bd, allBarred, sizeof allBarred);
        for (int b = 0; b < bands; b++) {
            // Without a branch: which placement beats its triple's best is sought once the pick is known.
            const placement *pls = p->place[d][b];
            for (int k = 0, n = p->nplace[d][b]; k < n; k++) {
                const placement &pl = pls[k];
                bd[b][pl.t] = fmax2(bd[b][pl.t], g[pl.x[0]] + g[pl.x[1]] + g[pl.x[2]]);
            }
        }
        // The combinations in combo's order, t0 by t0 and t1 by t1, of the triples with some
        // placement: one with a barred triple, a sum below barred/2, never beats one without.
        double bestV = -inf;
        int bestC = 0;
        const uint32_t *live = p->live[d];
        for (uint32_t m0 = live[0]; m0 != 0; m0 &= m0 - 1) {
            int t0 = ctz32(m0);
            double v0 = bd[0][t0];
            for (uint32_t m1 = live[1] & fitMask[t0]; m1 != 0; m1 &= m1 - 1) {
                int t1 = ctz32(m1);
                int t2 = third[t0][t1];
                if ((live[2] & (uint32_t(1) << t2)) == 0) continue;
                double v = v0 + bd[1][t1] + bd[2][t2];
                if (v > bestV) {
                    bestV = v;
                    bestC = 8 * t0 + fitRank[t0][t1];
                }
            }
        }
        if (bestV < barred / 2) return false;
        p->best[d] = bestV;
        p->pick[d] = uint8_t(bestC);
        total += bestV;
        for (int b = 0; b < bands; b++) {
            int t = combo[bestC][b];
            const placement *pls = p->place[d][b];
            int i = p->firstOf[d][b][t];
            while (g[pls[i].x[0]] + g[pls[i].x[1]] + g[pls[i].x[2]] != bd[b][t]) i++;
            p->which[d][b] = int16_t(i);
            for (int k = 0; k < 3; k++) p->covered[pls[i].x[k]]++;
        }
    }
    return true;
}

// patternTighten runs subgradient steps on the cell multipliers, warm-started from the
// parent's, and keeps the best bound in pat.bound with its multipliers. It returns false when
// the node is infeasible or cannot beat the best score, recording the completion when the best
// patterns happen to make one.
bool solver::patternTighten(int rounds) {
    patterns *p = &pat;
    preparePatterns();
    double bestBound = inf;
    double theta = tuning_.patternStep;
    int stall = 0;
    for (int k = 0; k < rounds; k++) {
        stats_.patternRounds++;
        double bnd;
        if (!bestPatterns(bnd)) return false;
        if (bnd < bestBound - eps) {
            bestBound = bnd;
            std::memcpy(p->bestPi, p->pi, sizeof p->pi);
            stall = 0;
        } else if (++stall >= tuning_.stallRounds) {
            theta = theta / 2;
            stall = 0;
        }
        if (bestBound < double(best) + 1 - eps) {
            p->bound = bestBound;
            return false;
        }
        double norm = 0.0;
        for (int i = 0; i < p->nopen; i++) {
            double g = double(1 - p->covered[p->open[i]]);
            norm += g * g;
        }
        if (norm == 0) {
            recordPatterns();
            p->bound = bestBound;
            return false;
        }
        if (theta < tuning_.leastStep) break;
        double target = double(best);
        if (best == minInt) target = bnd - 1;
        double t = theta * (bnd - target) / norm;
        for (int i = 0; i < p->nopen; i++) {
            int x = p->open[i];
            p->pi[x] -= t * double(1 - p->covered[x]);
        }
    }
    std::memcpy(p->pi, p->bestPi, sizeof p->pi);
    p->bound = bestBound;
    return true;
}

// recordPatterns records the completion the best patterns make when they cover each open cell
// once.
void solver::recordPatterns() {
    patterns *p = &pat;
    int pk[cells] = {};
    for (int d = 0; d < 9; d++) {
        for (int b = 0; b < bands; b++) {
            const placement &pl = p->place[d][b][p->which[d][b]];
            for (int k = 0; k < 3; k++) pk[pl.x[k]] = d;
        }
    }
    record(pk);
}

// hideByPatterns hides every alive option whose forced pattern bound is below the best score
// plus one, under the best multipliers, and reports whether it hid any.
bool solver::hideByPatterns() {
    if (best == minInt) return false;
    patterns *p = &pat;
    preparePatterns();  // options hidden since the rounds no longer take part
    double bnd;
    if (!bestPatterns(bnd)) return true;  // no pattern is left for some digit: the caller's next look finds it
    double limit = double(best) + 1 - eps;
    double through[cells];  // the best pattern of the digit through each cell
    bool hid = false;
    for (int d = 0; d < 9; d++) {
        bestThrough(d, through);
        double others = bnd - p->best[d];
        for (int x = 0; x < cells; x++) {
            // The open cell's option of digit d, when alive (see main.go).
            int o = x * 9 + d;
            if (active[x] && out[o] == 0 && others + through[x] < limit) {
                hide(o);
                stats_.hidden++;
                hid = true;
            }
        }
    }
    return hid;
}

// bestThrough sets through to the gain of digit d's best pattern through each cell under the
// multipliers, barred where none crosses it. bestPatterns must have set the triples' bests.
void solver::bestThrough(int d, double *through) {
    patterns *p = &pat;
    // The best gain of each triple with a given cell, by the cell's stack and band row: only the
    // triples with some placement are read.
    static double fixedAt[bands][triples][3][3];
    const uint32_t *live = p->live[d];
    for (int b = 0; b < bands; b++) {
        for (uint32_t m = live[b]; m != 0; m &= m - 1) {
            int t = ctz32(m);
            for (int st = 0; st < 3; st++)
                for (int i = 0; i < 3; i++) fixedAt[b][t][st][i] = barred;
        }
        for (int k = 0, n = p->nplace[d][b]; k < n; k++) {
            const placement &pl = p->place[d][b][k];
            double v = gain(d, pl.x[0]) + gain(d, pl.x[1]) + gain(d, pl.x[2]);
            const int *ro = rowOrder[pl.k];
            for (int st = 0; st < 3; st++) {
                double *f = &fixedAt[b][pl.t][st][ro[st]];
                *f = fmax2(*f, v);
            }
        }
    }
    for (int x = 0; x < cells; x++) through[x] = barred;
    double(*bd)[triples] = p->band[d];
    // The combinations of the triples with some placement: one with a barred triple, a sum
    // below barred/2, crosses no cell.
    for (uint32_t m0 = live[0]; m0 != 0; m0 &= m0 - 1) {
        int t0 = ctz32(m0);
        for (uint32_t m1 = live[1] & fitMask[t0]; m1 != 0; m1 &= m1 - 1) {
            int t1 = ctz32(m1), t2 = third[t0][t1];
            if ((live[2] & (uint32_t(1) << t2)) == 0) continue;
            const int cb[bands] = {t0, t1, t2};
            double sum = bd[0][cb[0]] + bd[1][cb[1]] + bd[2][cb[2]];
            for (int b = 0; b < bands; b++) {
                int t = cb[b];
                double rest = sum - bd[b][t];
                for (int st = 0; st < 3; st++) {
                    int col = 3 * st + tripleOffset[t][st];
                    for (int i = 0; i < 3; i++) {
                        int x = (3 * b + i) * 9 + col;
                        through[x] = fmax2(through[x], rest + fixedAt[b][t][st][i]);
                    }
                }
            }
        }
    }
}

// ----- The proof's tables: a digit's free placements, band by band. (Their tables are
// declared above, with the patterns' bound's, which reads them too.)

static void initTables() {
    for (int t = 0; t < triples; t++) {
        for (int k = 0; k < orders; k++) {
            for (int st = 0; st < 3; st++) {
                int l = 9 * rowOrder[k][st] + 3 * st + tripleOffset[t][st];
                placeCells[t][k][st] = uint8_t(l);
                placeMask[t][k] |= uint32_t(1) << l;
            }
        }
    }
    for (int l = 0; l < bandCells; l++) {
        int i = l / 9, c = l % 9;
        int st = c / 3;
        for (int t = 0; t < triples; t++) {
            if (3 * st + tripleOffset[t][st] == c) killTripleMask[l] |= uint32_t(1) << t;
        }
        for (int k = 0; k < orders; k++) {
            if (rowOrder[k][st] == i) killOrders[l] |= uint8_t(1 << k);
        }
    }
    for (int x = 0; x < cells; x++) cellBit[x] = uint32_t(1) << (x % bandCells);
    for (int i = 0; i < 3; i++) {
        bandRowMask[i] = uint32_t(0x1FF) << (9 * i);
        boxMask[i] = uint32_t(7) << (3 * i) | uint32_t(7) << (9 + 3 * i) | uint32_t(7) << (18 + 3 * i);
    }
    for (int c = 0; c < 9; c++) colMask[c] = uint32_t(1) << c | uint32_t(1) << (9 + c) | uint32_t(1) << (18 + c);
    for (int b = 0; b < bands; b++)
        for (int t = 0; t < triples; t++) allBarred[b][t] = barred;
}

// table fills tb with digit d's free placements under the search's multipliers, their gains in
// val, and returns its best free pattern's gain, barred when it has none.
double solver::table(int d, bandTable *tb, const mustCells *must, gains *val) {
    uint32_t no[bands];
    proof.blocked(d, must, no);
    tb->val = val;
    tb->base = nullptr;
    std::memcpy(tb->no, no, sizeof no);
    for (int b = 0; b < bands; b++) {
        uint8_t *alive = tb->alive[b];
        std::memcpy(alive, pat.orders_[d][b], triples);
        for (uint32_t m = no[b]; m != 0; m &= m - 1) {
            int l = ctz32(m);
            for (uint32_t k = killTripleMask[l]; k != 0; k &= k - 1) alive[ctz32(k)] &= uint8_t(~killOrders[l]);
        }
        tb->live[b] = 0;
        for (int t = 0; t < triples; t++) {
            if (alive[t] != 0) tb->live[b] |= uint32_t(1) << t;
        }
    }
    return revalue(d, tb);
}

// revalue sets the gains of the free placements in tb under the search's multipliers, and
// returns its best free pattern's gain, barred when it has none.
double solver::revalue(int d, bandTable *tb) {
    const double *w = pat.worth[d], *pi = proof.pi;
    gains &val = *tb->val;
    for (int b = 0; b < bands; b++) {
        for (int t = 0; t < triples; t++) {
            double best = barred;
            for (uint8_t a = tb->alive[b][t]; a != 0; a &= a - 1) {
                int k = ctz8(a);
                const uint8_t *cs = placeCells[t][k];
                int x0 = bandCells * b + cs[0], x1 = bandCells * b + cs[1], x2 = bandCells * b + cs[2];
                double v = w[x0] - pi[x0] + w[x1] - pi[x1] + w[x2] - pi[x2];
                val[b][t][k] = v;
                best = fmax2(best, v);
            }
            tb->best[b][t] = best;
        }
    }
    tb->version = ++proof.versions;
    tb->top = tb->bestPattern();
    return tb->top;
}

// narrow keeps in to the placements of from that digit d may still take; to may be from
// itself. It returns the table that holds them, from itself when none was lost (from stays
// read-only then, and nothing is copied), and sets top to its best free pattern's gain, barred
// when none is left. A to that a sibling narrowed from the same from to the same cells is
// returned as it is.
bandTable *solver::narrow(int d, bandTable *to, bandTable *from, const mustCells *must, double &top) {
    uint32_t no[bands];
    proof.blocked(d, must, no);
    if (to != from && to->base == from && to->baseVersion == from->version && std::memcmp(to->no, no, sizeof no) == 0) {
        top = to->top;  // a sibling's narrowing of the same table to the same cells
        return to;
    }
    // Strike on copies of the small sets first: from's gains are copied only once one goes.
    uint8_t alive[bands][triples];
    uint32_t live[bands];
    std::memcpy(alive, from->alive, sizeof alive);
    std::memcpy(live, from->live, sizeof live);
    uint32_t dirty[bands] = {};  // the triples that lost a placement
    // Only the cells newly blocked where the digit may stand can strike a placement: the tables
    // of a descent hold placements of pat's, made by the preparePatterns it began with.
    const uint32_t *may = pat.mayStand[d];
    for (int b = 0; b < bands; b++) {
        uint32_t hit = 0;  // the live triples some cell strikes at
        for (uint32_t m = no[b] & ~from->no[b] & may[b]; m != 0; m &= m - 1) {
            int l = ctz32(m);
            uint8_t ko = killOrders[l];
            uint32_t kill = killTripleMask[l] & live[b];
            hit |= kill;
            for (uint32_t k = kill; k != 0; k &= k - 1) alive[b][ctz32(k)] &= uint8_t(~ko);
        }
        // A triple struck at is dirty when some order went (the compiler compares without a branch).
        uint32_t db = 0;
        for (uint32_t k = hit; k != 0; k &= k - 1) {
            int t = ctz32(k);
            db |= uint32_t(alive[b][t] != from->alive[b][t]) << t;
        }
        dirty[b] = db;
    }
    if ((dirty[0] | dirty[1] | dirty[2]) == 0) {
        if (to == from) std::memcpy(to->no, no, sizeof no);
        top = from->top;
        return from;
    }
    bandTable *tb = to;
    if (tb != from) {
        std::memcpy(tb->best, from->best, sizeof tb->best);
        tb->val = from->val;
        tb->base = from;
        tb->baseVersion = from->version;
    } else {
        tb->base = nullptr;
    }
    tb->version = ++proof.versions;
    std::memcpy(tb->alive, alive, sizeof alive);
    for (int b = 0; b < bands; b++) {
        for (uint32_t m = dirty[b]; m != 0; m &= m - 1) {
            int t = ctz32(m);
            if (alive[b][t] == 0) live[b] &= ~(uint32_t(1) << t);
            double best = barred;
            for (uint8_t a = alive[b][t]; a != 0; a &= a - 1) best = fmax2(best, (*tb->val)[b][t][ctz8(a)]);
            tb->best[b][t] = best;
        }
    }
    std::memcpy(tb->live, live, sizeof live);
    std::memcpy(tb->no, no, sizeof no);
    tb->top = tb->bestPattern();
    top = tb->top;
    return tb;
}

// bestPattern returns the gain of the best pattern in tb, barred when it has none, and sets
// rest: beside each triple, the best the other two bands can add; and pick: the triples of the
// first best combination, for markBest.
double bandTable::bestPattern() {
    coverKnown = false;
    // Only the live triples' rest is read: band 0's is kept in a register from barred, and
    // stored for each live triple; bands 1 and 2 start barred.
    for (uint32_t m = live[1]; m != 0; m &= m - 1) rest[1][ctz32(m)] = barred;
    for (uint32_t m = live[2]; m != 0; m &= m - 1) rest[2][ctz32(m)] = barred;
    double bst = barred;
    // The live combinations in combo's order: t0, then t1, ascending.
    for (uint32_t m0 = live[0]; m0 != 0; m0 &= m0 - 1) {
        int t0 = ctz32(m0);
        double v0 = best[0][t0], r0 = barred;
        for (uint32_t m1 = live[1] & fitMask[t0]; m1 != 0; m1 &= m1 - 1) {
            int t1 = ctz32(m1);
            int t2 = third[t0][t1];
            if ((live[2] & (uint32_t(1) << t2)) == 0) continue;
            double v1 = best[1][t1], v2 = best[2][t2];
            double v = v0 + v1 + v2;
            if (v > bst) {
                bst = v;
                pick[0] = uint8_t(t0);
                pick[1] = uint8_t(t1);
                pick[2] = uint8_t(t2);
            }
            r0 = fmax2(r0, v1 + v2);
            rest[1][t1] = fmax2(rest[1][t1], v0 + v2);
            rest[2][t2] = fmax2(rest[2][t2], v0 + v1);
        }
        rest[0][t0] = r0;
    }
    return bst;
}

// patternsAtLeast appends to out the free patterns in tb worth at least least.
static void patternsAtLeast(const bandTable *tb, double least, vec<pattern> &out) {
    const gains &val = *tb->val;
    // The live combinations in combo's order, which fixes the order of out.
    for (uint32_t m0 = tb->live[0]; m0 != 0; m0 &= m0 - 1) {
        uint8_t t0 = uint8_t(ctz32(m0));
        for (uint32_t m1 = tb->live[1] & fitMask[t0]; m1 != 0; m1 &= m1 - 1) {
            uint8_t t1 = uint8_t(ctz32(m1));
            uint8_t t2 = third[t0][t1];
            if ((tb->live[2] & (uint32_t(1) << t2)) == 0 || tb->best[0][t0] + tb->best[1][t1] + tb->best[2][t2] < least) continue;
            for (uint8_t a0 = tb->alive[0][t0]; a0 != 0; a0 &= a0 - 1) {
                int k0 = ctz8(a0);
                double v0 = val[0][t0][k0];
                if (v0 + tb->best[1][t1] + tb->best[2][t2] < least) continue;
                for (uint8_t a1 = tb->alive[1][t1]; a1 != 0; a1 &= a1 - 1) {
                    int k1 = ctz8(a1);
                    double v1 = v0 + val[1][t1][k1];
                    if (v1 + tb->best[2][t2] < least) continue;
                    for (uint8_t a2 = tb->alive[2][t2]; a2 != 0; a2 &= a2 - 1) {
                        int k2 = ctz8(a2);
                        double v = v1 + val[2][t2][k2];
                        if (v >= least) {
                            out.push_back(pattern{v, {uint8_t(t0 * orders + k0), uint8_t(t1 * orders + k1), uint8_t(t2 * orders + k2)}});
                        }
                    }
                }
            }
        }
    }
}

// countAtLeast counts the free patterns in tb worth at least least, up to limit, walking them
// as patternsAtLeast does. It answers from what it last found on the table when that settles
// the count (see main.go).
// countSlack is how far above least the least gain markCover counted must lie for countAtLeast to
// count its placements' patterns without walking them: far more than the rounding of a pattern's
// gain added in another order.
const double countSlack = 1e-6;

// bitCount is the number of set bits of m.
static inline i64 bitCount(uint32_t m) {
    m = m - (m >> 1 & 0x55555555u);
    m = (m & 0x33333333u) + (m >> 2 & 0x33333333u);
    m = (m + (m >> 4)) & 0x0F0F0F0Fu;
    return i64((m * 0x01010101u) >> 24);
}

static i64 countAtLeast(bandTable *tb, double least, i64 limit) {
    if (tb->countAt == tb->version) {
        if (tb->countCapped && least <= tb->countHi && limit <= tb->countN) return limit;
        if (!tb->countCapped && tb->countLo < least && least <= tb->countHi) return std::min(tb->countN, limit);
    }
    // The placements of a band that markCover counted for least are as many patterns worth least
    // or more: with enough cells in a band's cover, there are limit patterns at least (see main.go).
    if (limit <= 9 && tb->coverKnown && tb->coverLo < least && tb->coverHi >= least + countSlack) {
        i64 most = 3 * (limit - 1);
        if (bitCount(tb->cover[0]) > most || bitCount(tb->cover[1]) > most || bitCount(tb->cover[2]) > most) return limit;
    }
    i64 n = 0;
    double lo = -inf, hi = inf;
    const gains &val = *tb->val;
    for (uint32_t m0 = tb->live[0]; m0 != 0; m0 &= m0 - 1) {
        int t0 = ctz32(m0);
        for (uint32_t m1 = tb->live[1] & fitMask[t0]; m1 != 0; m1 &= m1 - 1) {
            int t1 = ctz32(m1);
            int t2 = third[t0][t1];
            if ((tb->live[2] & (uint32_t(1) << t2)) == 0) continue;
            double w0 = tb->best[0][t0] + tb->best[1][t1] + tb->best[2][t2];
            if (w0 < least) {
                lo = fmax2(lo, w0);
                continue;
            }
            for (uint8_t a0 = tb->alive[0][t0]; a0 != 0; a0 &= a0 - 1) {
                double v0 = val[0][t0][ctz8(a0)];
                double w1 = v0 + tb->best[1][t1] + tb->best[2][t2];
                if (w1 < least) {
                    lo = fmax2(lo, w1);
                    continue;
                }
                for (uint8_t a1 = tb->alive[1][t1]; a1 != 0; a1 &= a1 - 1) {
                    double v1 = v0 + val[1][t1][ctz8(a1)];
                    double w2 = v1 + tb->best[2][t2];
                    if (w2 < least) {
                        lo = fmax2(lo, w2);
                        continue;
                    }
                    for (uint8_t a2 = tb->alive[2][t2]; a2 != 0; a2 &= a2 - 1) {
                        double v = v1 + val[2][t2][ctz8(a2)];
                        if (v < least) {
                            lo = fmax2(lo, v);
                            continue;
                        }
                        hi = fmin2(hi, v);
                        if (n >= limit) {
                            tb->countAt = tb->version;
                            tb->countN = n;
                            tb->countCapped = true;
                            tb->countHi = hi;
                            return n;
                        }
                        n++;
                    }
                }
            }
        }
    }
    tb->countAt = tb->version;
    tb->countN = n;
    tb->countCapped = false;
    tb->countLo = lo;
    tb->countHi = hi;
    return n;
}

// sortPatterns orders patterns by decreasing gain, ties by their placements band by band: an
// order the sorting algorithm does not choose, so that this port and main.go search alike.
static void sortPatterns(vec<pattern> &list) {
    std::sort(list.begin(), list.end(), [](const pattern &a, const pattern &b) {
        if (a.v != b.v) return a.v > b.v;
        return std::lexicographical_compare(a.pl, a.pl + bands, b.pl, b.pl + bands);
    });
}

// markBest counts the cells of the best pattern in tb into covered. bestPattern must have
// found it since tb's best gains last changed.
void bandTable::markBest(int8_t *covered) {
    for (int b = 0; b < bands; b++) {
        int t = pick[b];
        for (uint8_t a = alive[b][t]; a != 0; a &= a - 1) {
            int k = ctz8(a);
            if ((*val)[b][t][k] == best[b][t]) {
                for (int i = 0; i < 3; i++) covered[bandCells * b + placeCells[t][k][i]]++;
                break;
            }
        }
    }
}

// markCover sets in cover the cells that the free patterns in tb worth at least least cross: a
// placement of a triple counts when it and the best of the other two bands that fit with that
// triple reach least. The placements that count are the same for every least above the most
// of those that do not (lo) up to the least of those that do (hi), so the table keeps the cover
// with that range: a least within it, the next pass's or a child's, finds it marked.
void solver::markCover(bandTable *tb, double least, uint32_t *cover) {
    if (tb->coverKnown && tb->coverLo < least && least <= tb->coverHi) {
        std::memcpy(cover, tb->cover, sizeof tb->cover);
        return;
    }
    double lo = -inf, hi = inf;
    for (int b = 0; b < bands; b++) {
        uint32_t m = 0;
        // In locals: the compiler reloads tb's fields at each triple.
        const double *rest = tb->rest[b], *best = tb->best[b];
        const uint8_t *alive = tb->alive[b];
        const double (*bval)[orders] = (*tb->val)[b];
        for (uint32_t lv = tb->live[b]; lv != 0; lv &= lv - 1) {
            int t = ctz32(lv);
            double r = rest[t];
            double top = best[t] + r;
            if (top < least) {
                lo = fmax2(lo, top);  // the best of the triple's placements, and so the most
                continue;
            }
            const uint32_t *pm = placeMask[t];
            uint8_t a = alive[t];
            if ((a & (a - 1)) == 0) {
                // One placement: its gain is the triple's best, and it counts.
                m |= pm[ctz8(a)];
                hi = fmin2(hi, top);
                continue;
            }
            const double *val = bval[t];
            for (; a != 0; a &= a - 1) {
                int k = ctz8(a);
                double v = val[k] + r;
                if (v >= least) {
                    m |= pm[k];
                    hi = fmin2(hi, v);
                } else {
                    lo = fmax2(lo, v);
                }
            }
        }
        cover[b] = m;
    }
    std::memcpy(tb->cover, cover, sizeof tb->cover);
    tb->coverLo = lo;
    tb->coverHi = hi;
    tb->coverKnown = true;
}

// bestSplit sets the gains of the best patterns in tb through band cell l of band b and
// avoiding it, each barred when there is none, as split finds them once for each version.
void bandTable::bestSplit(int b, int l, double &through, double &avoiding) {
    if (splitAt != version) {
        splitAt = version;
        splitDone[0] = splitDone[1] = splitDone[2] = 0;
    }
    if ((splitDone[b] >> l & 1) != 0) {
        through = splitThrough[b][l];
        avoiding = splitAvoiding[b][l];
        return;
    }
    split(b, l, through, avoiding);
    splitDone[b] |= uint32_t(1) << l;
    splitThrough[b][l] = through;
    splitAvoiding[b][l] = avoiding;
}

// split sets the gains of the best patterns in tb through band cell l of band b and avoiding
// it, each barred when there is none. rest must be as bestPattern left it.
void bandTable::split(int b, int l, double &through, double &avoiding) const {
    through = barred;
    avoiding = barred;
    uint32_t kill = killTripleMask[l];
    uint8_t ko = killOrders[l];
    // The triples that do not take the cell's column avoid it with all their placements: a loop
    // of their own spares the others' test of the column.
    for (uint32_t m = live[b] & ~kill; m != 0; m &= m - 1) {
        int t = ctz32(m);
        double r = rest[b][t];
        if (r < barred / 2) continue;  // no placements of the other bands fit beside t
        avoiding = fmax2(avoiding, best[b][t] + r);
    }
    for (uint32_t m = live[b] & kill; m != 0; m &= m - 1) {
        int t = ctz32(m);
        double r = rest[b][t];
        if (r < barred / 2) continue;  // no placements of the other bands fit beside t
        uint8_t a = alive[b][t];
        if ((a & ko) == 0) {
            avoiding = fmax2(avoiding, best[b][t] + r);
            continue;
        }
        const double *v_ = (*val)[b][t];
        for (uint8_t k = a & ko; k != 0; k &= k - 1) through = fmax2(through, v_[ctz8(k)] + r);
        double v = barred;
        for (uint8_t k = a & uint8_t(~ko); k != 0; k &= k - 1) v = fmax2(v, v_[ctz8(k)]);
        if (v > barred / 2) avoiding = fmax2(avoiding, v + r);
    }
}

// ----- The proof's search: the descent from the top, a node, its propagation and its branching.

// set records that the digit must take cell x; x's row must have no other such cell.
void mustCells::set(int x) {
    cell[x / 9] = uint8_t(x + 1);
    rest[x / bandCells] |= bandRowMask[x % bandCells / 9] & ~cellBit[x];
}

// setHold sets cell x's hold to h, and its bit in heldSet, keptSet and keptFor.
void proofState::setHold(int x, uint8_t h) {
    int b = x / bandCells;
    uint32_t bit = cellBit[x];
    uint8_t old = hold[x];
    if (old == held) {
        heldSet[b] &= ~bit;
    } else if (old != 0) {
        keptSet[b] &= ~bit;
        keptFor[old - 1][b] &= ~bit;
    }
    if (h == held) {
        heldSet[b] |= bit;
    } else if (h != 0) {
        keptSet[b] |= bit;
        keptFor[h - 1][b] |= bit;
    }
    hold[x] = h;
}

// keepCell keeps the free cell x for digit d: setHold(x, d+1), knowing x free.
void proofState::keepCell(int x, int d) {
    int b = x / bandCells;
    uint32_t bit = cellBit[x];
    keptSet[b] |= bit;
    keptFor[d][b] |= bit;
    hold[x] = uint8_t(d + 1);
}

// freeCell frees the cell x kept for a digit: setHold(x, 0), knowing x kept.
void proofState::freeCell(int x) {
    int b = x / bandCells;
    uint32_t bit = cellBit[x];
    keptSet[b] &= ~bit;
    keptFor[hold[x] - 1][b] &= ~bit;
    hold[x] = 0;
}

// openBound returns worth plus the multipliers of the cells not held: a node's bound less its
// digits' best patterns.
double proofState::openBound(double worth) {
    double bound = worth;
    for (int b = 0; b < bands; b++) {
        const double *p = pi + bandCells * b;
        for (uint32_t m = ~heldSet[b] & allBand; m != 0; m &= m - 1) bound += p[ctz32(m)];
    }
    return bound;
}

// blocked sets the cells digit d may not take, as band bit sets: those taken or kept for
// another digit, and in each row where d must take a cell, the others.
void proofState::blocked(int d, const mustCells *must, uint32_t *set) {
    for (int b = 0; b < bands; b++) set[b] = heldSet[b] | (keptSet[b] & ~keptFor[d][b]) | must->rest[b];
}

// descend searches by patterns for the best score from the top down: it aims at the highest
// scores not yet refuted, and when a search that ends within the budget finds nothing there,
// those scores are refuted and it aims lower (see main.go). It reports false when it ran out of
// budget, after probeBelow.
bool solver::descend(int budget_) {
    i64 budget = budget_;
    proofState *ps = &proof;
    double bnd;
    if (!startDescent(bnd)) return true;
    i64 top = std::min(i64(floorOf(bnd + eps)), refuted - 1);
    if (best == minInt) {
        // With no score yet the targets have no end: one search looks for any completion.
        ps->floor = 0;
        ps->top = top;
        ps->budget = budget;
        place(0, 0, 0, 0, -1);
        return ps->budget >= 0 || testDone;
    }
    int restarts = 0;  // the searches restarted under new multipliers: see restartDue
    for (i64 stride = firstStride(); top > best;) {
        i64 low = std::max(top - stride + 1, best + 1);
        ps->floor = low - 1;
        ps->top = top;
        ps->budget = budget;
        ps->graceLevels = 0;
        ps->started = stats_.proofNodes;
        ps->depth = 0;
        ps->stallAt = 0;
        ps->last = false;
        ps->restartAt = 0;
        ps->cut = false;
        ps->wadeAt = 0;
        ps->lateAt = 0;
        ps->dryAt = 0;
        if (graceLeft && low - 1 == best) {  // the last search: its end settles the root
            ps->graceLevels = std::min(tuning_.graceLevels, maxGraceLevels);
            ps->last = true;
        } else if (graceLeft && stride == 1) {  // the first search, at the bound's integer alone: see stalled
            ps->graceLevels = std::min(tuning_.graceLevels, maxGraceLevels);
            ps->stallAt = ps->started + tuning_.stallNodes;
        }
        if (graceLeft && givenCount < tuning_.restartGivens && tuning_.wadeNodes < budget) {
            ps->graceLevels = std::min(tuning_.graceLevels, maxGraceLevels);
            ps->wadeAt = ps->started + tuning_.wadeNodes;
            if (tuning_.wadeDry < budget) ps->dryAt = ps->started + tuning_.wadeDry;
        }
        i64 nodes = restartNodes(restarts);
        if (nodes > 0 && nodes < budget) {
            ps->graceLevels = std::min(tuning_.graceLevels, maxGraceLevels);
            ps->restartAt = ps->started + nodes;
        }
        place(0, 0, 0, 0, -1);
        ps->graceLevels = 0;
        ps->stallAt = 0;
        ps->restartAt = 0;
        ps->wadeAt = 0;
        ps->lateAt = 0;
        ps->dryAt = 0;
        if (testDone) return true;  // the linear program's root settled the root: see linearTest
        if (ps->cut) {
            // The same targets again under new multipliers, with the rest of the budget.
            budget -= stats_.proofNodes - ps->started;
            restarts++;
            if (!retune(restarts)) return true;
            if (!startDescent(bnd)) return true;
            top = std::min(top, i64(floorOf(bnd + eps)));
            if (top <= best) return true;
            continue;
        }
        if (ps->budget < 0) {
            probeBelow(low);
            return testDone;
        }
        if (best >= low) return true;  // the scores above it were refuted before, or by this search
        budget = ps->budget;
        refuted = low;
        top = low - 1;
        stride *= tuning_.strideGrowth;
    }
    return true;
}

// startDescent prepares the search by patterns under the patterns' current multipliers: the
// open cells' multipliers and cheapest digits. It sets bnd to the patterns' bound, and reports
// false when some digit has no pattern left.
bool solver::startDescent(double &bnd) {
    patterns *p = &pat;
    proofState *ps = &proof;
    preparePatterns();
    if (!bestPatterns(bnd)) return false;
    descentBound = bnd;
    std::memset(ps->openSet, 0, sizeof ps->openSet);
    for (int x = 0; x < cells; x++) {
        ps->setHold(x, 0);
        ps->pi[x] = 0;
        if (active[x]) {
            ps->pi[x] = p->pi[x];
            ps->openSet[x / bandCells] |= cellBit[x];
            sortCheapest(x);
        }
    }
    return true;
}

// restartSteps are the first step sizes, as multiples of patternStep, of the patterns' steps
// that retune takes for the first restart, the second, and so on round.
static const double restartSteps[] = {2, 0.5};

// restartNodes is the node at which a search of the root's first descent on a grid of at least
// restartGivens givens reads the share of its tree done (restartDue), after restarts restarts:
// restartNodes, doubling at each restart, up to restartTries restarts; 0 when it is not checked
// (see main.go).
int solver::restartNodes(int restarts) {
    if (!graceLeft || givenCount < tuning_.restartGivens || restarts >= tuning_.restartTries) return 0;
    return tuning_.restartNodes << restarts;
}

// restartDue reports, at a search's restartNodes-th node, whether one score is left for it to
// refute (it aims at one score, or its completions leave one above them) and less than
// restartShare of its tree is done; the search is then cut, and descend searches that score
// again under the multipliers retune finds (see main.go).
bool solver::restartDue() {
    proofState *ps = &proof;
    return ps->top == std::max(best, ps->floor) + 1 && ps->shareDone() < tuning_.restartShare;
}

// retune tunes the patterns' multipliers again from zero for the restarts-th restart, with the
// first step size restartSteps gives. It reports false when the steps settled the root (see
// patternTighten).
bool solver::retune(int restarts) {
    double step = tuning_.patternStep;
    std::fill(pat.pi, pat.pi + cells, 0.0);
    tuning_.patternStep = step * restartSteps[(restarts - 1) % 2];
    bool ok = patternTighten(tuning_.rootPatternRounds);
    tuning_.patternStep = step;
    return ok;
}

// grace lets the last search of the root's first descent, the one whose end settles the root
// (its floor the best score), run past its budget once, by graceLimit nodes, when Knuth's
// estimate of its tree says it needs at most half of them more (see main.go); the first search
// counts its levels for stalled only. It reports whether it granted the nodes.
bool solver::grace() {
    proofState *ps = &proof;
    if (ps->graceLevels == 0 || !ps->last) return false;
    double spent = double(stats_.proofNodes - ps->started);
    double done = ps->shareDone();
    if (done <= 0 || spent / done - spent > double(tuning_.graceLimit) / 2) return false;
    ps->graceLevels = 0;
    graceLeft = false;
    ps->budget += tuning_.graceLimit;
    return true;
}

// shareDone is the share of the search's tree done, as Knuth's estimate reads it off the path's
// top graceLevels levels (knuthShare).
double proofState::shareDone() const { return knuthShare(done, of, depth); }

// stalled reports, at the stallNodes-th node of the root's first descent's first search (the
// one at the bound's integer alone, when it is not also the last; where firstStride makes the
// first span wideStride scores, it is not checked), whether less than stallShare of its tree
// is done; the search is then cut as if its budget had run out (see main.go).
bool solver::stalled() { return proof.shareDone() < tuning_.stallShare; }

// wading reports, at the wadeNodes-th node of a search of the root's first descent on a grid of
// fewer than restartGivens givens, whether the search has met a completion and done less than
// wadeShare of its tree; the search is then cut as if its budget had run out (see main.go). A
// search that meets a completion at or after its wadeLate-th node stops wadeRest nodes after it,
// and one that has met none by its wadeDry-th node stops there.
bool solver::wading() { return best > proof.floor && proof.shareDone() < tuning_.wadeShare; }

// firstStride is the scores descend's first search aims at: one, or wideStride on a grid of at
// least wideGivens givens, or of wideFewGivens to wideFewBelow-1 (see main.go).
int solver::firstStride() {
    int g = givenCount;
    if (g >= tuning_.wideGivens) return tuning_.wideStride;
    if (g >= tuning_.wideFewGivens && g < tuning_.wideFewBelow) return tuning_.wideFewStride;
    return 1;
}

// probeBelow looks for a completion a point or three below target, the lowest score of a search
// that ran out, stopping at the first it finds, within descentProbeLimit nodes each.
void solver::probeBelow(i64 target) {
    proofState *ps = &proof;
    for (int k = 2; k <= 2 * tuning_.descentProbes; k += 2) {
        if (best > target - k || testDone) return;
        ps->floor = target - k;
        ps->top = target - k + 1;
        ps->budget = tuning_.descentProbeLimit;
        place(0, 0, 0, 0, -1);
    }
}

// sortCheapest sets the proof's cheapest digits of the open cell x under the rows' reduced costs.
void solver::sortCheapest(int x) {
    int8_t *list = proof.cheapest[x];
    int n = 0;
    for (int8_t d = 0; d < 9; d++) {
        if (!pat.allowed[d][x]) continue;
        double c = reduced.of[x * 9 + d];
        int i = n;
        for (; i > 0 && reduced.of[x * 9 + list[i - 1]] > c; i--) list[i] = list[i - 1];
        list[i] = d;
        n++;
    }
    list[n] = -1;
}

// leastCost is the least reduced cost of the digits cell x allows that are not in placed, or
// +Inf when there is none. sortCheapest must have sorted x's digits under the costs.
double solver::leastCost(int x, uint16_t placed) {
    for (int k = 0; k < 10; k++) {
        int8_t d = proof.cheapest[x][k];
        if (d < 0) break;
        if ((placed & (1 << d)) == 0) return reduced.of[x * 9 + d];
    }
    return inf;
}

// place extends the digits placed (the set bits of placed), worth worth in all and spending
// spent of the rows' reduced costs, with the rest (see main.go). kept, when not -1, is the cell
// the parent kept for one digit (its hold says which).
void solver::place(uint16_t placed, double worth, double spent, int lv, int kept) {
    proofState *ps = &proof;
    stats_.proofNodes++;
    if (stats_.proofNodes == testAt && linearTest()) {
        testDone = true;  // the search stops here, without grace
        ps->budget = 0;
        ps->graceLevels = 0;
    }
    if (stats_.proofNodes == ps->stallAt && stalled()) ps->budget = 0;  // the search stops here, as when its budget runs out
    if ((stats_.proofNodes == ps->wadeAt && wading()) || stats_.proofNodes == ps->lateAt ||
        (stats_.proofNodes == ps->dryAt && best <= ps->floor)) {
        ps->budget = 0;  // the search stops here, as when its budget runs out
    }
    if (stats_.proofNodes == ps->restartAt && restartDue()) {
        ps->budget = 0;  // the search stops here, to start again under new multipliers
        ps->cut = true;
    }
    if ((--ps->budget < 0 && !grace()) || best >= ps->top) return;
    if (placed == (1 << 9) - 1) {
        if (ps->wadeAt != 0 && stats_.proofNodes - ps->started >= tuning_.wadeLate) {
            ps->lateAt = stats_.proofNodes + tuning_.wadeRest;  // met late: see wading
        }
        record(ps->digit);
        return;
    }
    double cut = double(std::max(best, ps->floor)) + 1 - eps;
    level *parent;
    level *L = ps->enter(lv, parent);
    // main.go defers L.freeKept(ps), and once tune is reached the multipliers' restore: the
    // lambda below is the body both follow.
    double saved[cells];
    bool restorePi = false;
    [&] {
        if (rowsRefute(L, parent, kept, placed, spent, cut)) return;
        if (kept >= 0) {
            mustCells *must = &L->must[ps->hold[kept] - 1];
            uint8_t m = must->cell[kept / 9];
            if (m != 0 && m != uint8_t(kept + 1)) return;
            must->set(kept);
        }
        bool fresh = parent == nullptr || lv <= tuning_.tuneLevels;  // whether the tables must be built from the placements
        if (fresh && L->vals == nullptr) L->vals = static_cast<gains *>(zeroed(9 * sizeof(gains)));
        if (lv > 0 && lv <= tuning_.tuneLevels) {
            std::memcpy(saved, ps->pi, sizeof saved);
            restorePi = true;
            if (!tune(placed, worth, cut, L)) return;
        }
        if (kept >= 0 && lv > tuning_.tuneLevels) {
            L->openWorth = parent->openWorth;  // the same cells held, under the same multipliers
        } else {
            L->openWorth = ps->openBound(worth);
        }
        if (kept >= 0) {
            std::memcpy(L->inUnits, parent->inUnits, sizeof L->inUnits);
        } else {
            std::memset(L->inUnits, 0xFF, sizeof L->inUnits);  // no cover has these bits
        }
        propagation nd = {};
        if (!propagate(&nd, L, parent, fresh, placed, cut)) return;
        branching br;
        if (!chooseBranch(&nd, L, placed, cut, branchWidth(lv), br)) return;
        if (br.digit < 0) {
            branchOnCell(&br, placed, worth, spent, lv);
        } else {
            branchOnPatterns(&nd, L, br.digit, placed, worth, spent, cut, lv);
        }
    }();
    if (restorePi) std::memcpy(ps->pi, saved, sizeof saved);
    L->freeKept(ps);
}

// rowsRefute reports whether the rows' bound less the reduced costs spent, and less the least
// the free cells must still spend, falls below cut: then no completion below the node does.
bool solver::rowsRefute(level *L, level *parent, int kept, uint16_t placed, double spent, double cut) {
    proofState *ps = &proof;
    bool shared = kept >= 0;
    L->least = shared ? parent->least : L->ownLeast;
    double *leastOf = L->least;
    double left = bound - spent - cut;
    if (left < 0) return true;
    if (shared) {
        // The parent's sum, with the cell kept: far from left either way, it settles the test
        // as the sum below would (the costs are never negative, so left only falls as it goes).
        double sum = parent->leastSum - leastOf[kept] + reduced.of[kept * 9 + ps->hold[kept] - 1];
        if (left - sum > leastSlack) {
            L->leastSum = sum;
            return false;
        }
        if (left - sum < -leastSlack) return true;
    }
    double start = left;
    for (int b = 0; b < bands; b++) {
        for (uint32_t m = ps->openSet[b] & ~ps->heldSet[b]; m != 0; m &= m - 1) {
            int x = bandCells * b + ctz32(m);
            double least;
            uint8_t h = ps->hold[x];
            if (h != 0) {
                least = reduced.of[x * 9 + h - 1];
            } else if (shared) {
                least = leastOf[x];
            } else {
                least = leastCost(x, placed);
                leastOf[x] = least;
            }
            if ((left -= least) < 0) return true;
        }
    }
    L->leastSum = start - left;
    return false;
}

// enter returns the storage of level lv, made when first reached, with the cells its digits
// must take copied from its parent's, and sets parent to the parent's; null for the root.
level *proofState::enter(int lv, level *&parent) {
    while (int(levels.size()) <= lv) levels.push_back(makeZeroed<level>());
    level *L = levels[lv];
    L->nkept = 0;
    parent = nullptr;
    if (lv > 0) {
        parent = levels[lv - 1];
        std::memcpy(L->must, parent->must, sizeof L->must);
    } else {
        std::memset(L->must, 0, sizeof L->must);
    }
    return L;
}

// freeKept frees the cells the level kept for one digit, as it returns.
void level::freeKept(proofState *ps) {
    for (int k = 0; k < nkept; k++) ps->freeCell(kept[k]);
}

// tune takes subgradient steps on the free cells' multipliers at a node of the search by
// patterns, where the cells taken and kept have unsettled them, and keeps the best. It
// reports false when the node cannot beat cut.
bool solver::tune(uint16_t placed, double worth, double cut, level *L) {
    proofState *ps = &proof;
    double bestB = inf;
    double bestPi[cells];
    std::memcpy(bestPi, ps->pi, sizeof bestPi);
    double theta = tuning_.patternStep;
    for (int round = 0; round < tuning_.tuneRounds; round++) {
        stats_.tuneRounds++;
        double bnd = worth;
        for (int x = 0; x < cells; x++) {
            if (ps->hold[x] != held) bnd += ps->pi[x];
        }
        int8_t covered[cells] = {};
        for (int d = 0; d < 9; d++) {
            if ((placed & (1 << d)) != 0) continue;
            bandTable *tb = &L->tables[d];
            double v;
            if (round == 0) {
                v = table(d, tb, &L->must[d], &L->vals[d]);
            } else {
                v = revalue(d, tb);  // the same placements under new multipliers
            }
            if (v < barred / 2) return false;
            bnd += v;
            tb->markBest(covered);
        }
        if (bnd < bestB) {
            bestB = bnd;
            std::memcpy(bestPi, ps->pi, sizeof bestPi);
        } else {
            theta /= 2;
        }
        if (bnd < cut) return false;
        double norm = 0.0;
        for (int x = 0; x < cells; x++) {
            if (ps->hold[x] != held && active[x]) {
                double g = double(1 - covered[x]);
                norm += g * g;
            }
        }
        if (norm == 0) break;
        // Aim a point below the cut: aiming at it would take tiny steps when the bound is close.
        double stp = theta * (bnd - cut + 1) / norm;
        for (int x = 0; x < cells; x++) {
            if (ps->hold[x] != held && active[x]) ps->pi[x] -= stp * double(1 - covered[x]);
        }
    }
    std::memcpy(ps->pi, bestPi, sizeof bestPi);
    return true;
}

// propagate narrows the digits' tables to the node and keeps cells for digits until nothing
// changes (see main.go). It reports false when that refutes the node.
bool solver::propagate(propagation *nd, level *L, level *parent, bool fresh, uint16_t placed, double cut) {
    proofState *ps = &proof;
    for (int pass = 0;; pass++) {
        if (!boundDigits(nd, L, parent, fresh, placed, cut, pass)) return false;
        uint32_t once[bands], twice[bands];
        markCovers(nd, L, placed, cut, pass, once, twice);
        nd->kept[0] = nd->kept[1] = nd->kept[2] = 0;
        nd->conflict = false;
        // Every cell not yet held needs a digit to cross it, and a cell only one digit crosses
        // is kept for it, in the order of the cells.
        for (int b = 0; b < bands; b++) {
            if ((~ps->heldSet[b] & allBand & ~once[b]) != 0) return false;
            nd->open[b] = ~(ps->heldSet[b] | ps->keptSet[b]) & allBand;
            for (uint32_t m = nd->open[b] & once[b] & ~twice[b]; m != 0; m &= m - 1) {
                int l = ctz32(m), d = 0;
                while ((nd->cover[d][b] & (uint32_t(1) << l)) == 0) d++;
                keep(nd, L, d, bandCells * b + l);
                if (nd->conflict) return false;
            }
        }
        if (!keepInUnits(nd, L, placed) || nd->conflict) return false;
        // The digits whose covers cross the cells kept: the covers stay as markCovers left them.
        uint32_t k0 = nd->kept[0], k1 = nd->kept[1], k2 = nd->kept[2];
        if ((k0 | k1 | k2) == 0) return true;
        uint16_t stale = 0;
        for (int e = 0; e < 9; e++) {
            const uint32_t *c = nd->cover[e];
            if (((c[0] & k0) | (c[1] & k1) | (c[2] & k2)) != 0) stale |= uint16_t(1 << e);
        }
        nd->stale = stale;
    }
}

// boundDigits sets each digit's best free pattern at the node, from its table narrowed to the
// node's holds (or built afresh when fresh, at the first pass), and the node's bound, the level's
// openWorth plus them, and reports false when that refutes the node.
bool solver::boundDigits(propagation *nd, level *L, level *parent, bool fresh, uint16_t placed, double cut, int pass) {
    bandTable *tables = L->tables;
    nd->bound = L->openWorth;
    for (int d = 0; d < 9; d++) {
        if ((placed & (1 << d)) != 0) continue;
        if (pass > 0 && (nd->stale & (1 << d)) == 0) {
            // Its table only holds placements over cells now kept for another digit:
            // still a bound, and the nodes below narrow it.
        } else if (pass > 0) {
            L->tab[d] = narrow(d, &tables[d], L->tab[d], &L->must[d], nd->bestFree[d]);
        } else if (!fresh) {
            L->tab[d] = narrow(d, &tables[d], parent->tab[d], &L->must[d], nd->bestFree[d]);
        } else {
            nd->bestFree[d] = table(d, &tables[d], &L->must[d], &L->vals[d]);
            L->tab[d] = &tables[d];
        }
        if (nd->bestFree[d] < barred / 2) return false;
        nd->bound += nd->bestFree[d];
    }
    return nd->bound >= cut;
}

// markCovers marks each digit's cover, the cells its patterns worth trying cross, and sets
// once and twice to the cells at least one digit crosses and those at least two do. A table the
// last pass left alone, under the same least, crosses the same cells: its cover is kept.
void solver::markCovers(propagation *nd, level *L, uint16_t placed, double cut, int pass, uint32_t *once, uint32_t *twice) {
    uint32_t o0 = 0, o1 = 0, o2 = 0, t0 = 0, t1 = 0, t2 = 0;  // once and twice, band by band
    for (int d = 0; d < 9; d++) {
        if ((placed & (1 << d)) != 0) continue;
        double least = cut - (nd->bound - nd->bestFree[d]);
        if (pass == 0 || (nd->stale & (1 << d)) != 0 || least != nd->coverLeast[d]) {
            markCover(L->tab[d], least, nd->cover[d]);
            nd->coverLeast[d] = least;
        }
        // By band, in registers.
        const uint32_t *c = nd->cover[d];
        t0 |= o0 & c[0];
        t1 |= o1 & c[1];
        t2 |= o2 & c[2];
        o0 |= c[0];
        o1 |= c[1];
        o2 |= c[2];
    }
    once[0] = o0;
    once[1] = o1;
    once[2] = o2;
    twice[0] = t0;
    twice[1] = t1;
    twice[2] = t2;
}

// keep keeps cell x for digit d, which the other digits that cross it lose. It marks a conflict
// when x is kept for another digit or d must take another cell of x's row.
void solver::keep(propagation *nd, level *L, int d, int x) {
    proofState *ps = &proof;
    uint8_t h = ps->hold[x];
    if (h == uint8_t(d + 1)) return;
    if (h != 0) {
        nd->conflict = true;  // kept for another digit in this pass
        return;
    }
    uint8_t m = L->must[d].cell[x / 9];
    if (m != 0 && m != uint8_t(x + 1)) {
        nd->conflict = true;
        return;
    }
    L->must[d].set(x);
    ps->keepCell(x, d);
    L->leastSum += reduced.of[x * 9 + d] - L->least[x];
    L->kept[L->nkept] = uint8_t(x);
    L->nkept++;
    nd->kept[x / bandCells] |= cellBit[x];
}

// keepInUnits keeps for each digit the cell its patterns worth trying all cross in a row,
// column or box, and reports false when in some unit they cross none. A cover whose units it
// has been through at the node, or at its parent when the node only keeps a cell, keeps no more
// cells: every cell it found is kept for the digit still, and it is skipped.
bool solver::keepInUnits(propagation *nd, level *L, uint16_t placed) {
    for (int d = 0; d < 9 && !nd->conflict; d++) {
        if ((placed & (1 << d)) != 0) continue;
        const uint32_t *c = nd->cover[d];
        uint32_t *done = L->inUnits[d];
        if (c[0] == done[0] && c[1] == done[1] && c[2] == done[2]) continue;
        std::memcpy(done, c, sizeof L->inUnits[d]);
        const uint32_t *kept = proof.keptFor[d];
        for (int b = 0; b < bands; b++) {
            for (int i = 0; i < 3; i++) {
                uint32_t m = c[b] & bandRowMask[i];
                if ((m & (m - 1)) == 0) {
                    if (m == 0) return false;
                    if ((m & kept[b]) == 0) keep(nd, L, d, bandCells * b + ctz32(m));
                }
                m = c[b] & boxMask[i];
                if ((m & (m - 1)) == 0) {
                    if (m == 0) return false;
                    if ((m & kept[b]) == 0) keep(nd, L, d, bandCells * b + ctz32(m));
                }
            }
        }
        // The columns crossed at least once and at least twice: the bands added bit by bit,
        // then their three rows.
        uint32_t crossed = c[0] | c[1] | c[2];
        uint32_t crossedTwice = (c[0] & c[1]) | (c[0] & c[2]) | (c[1] & c[2]);
        uint32_t r0 = crossed & 0x1FF, r1 = crossed >> 9 & 0x1FF, r2 = crossed >> 18;
        uint32_t inCols = r0 | r1 | r2;
        uint32_t twiceInCols = (r0 & r1) | (r0 & r2) | (r1 & r2) | ((crossedTwice | crossedTwice >> 9 | crossedTwice >> 18) & 0x1FF);
        if (inCols != 0x1FF) return false;
        // A column crossed once whose cell is kept for the digit already keeps nothing: the
        // columns with a crossed cell kept are left out (a keep below is in another column).
        uint32_t k = (c[0] & kept[0]) | (c[1] & kept[1]) | (c[2] & kept[2]);
        uint32_t keptCols = (k | k >> 9 | k >> 18) & 0x1FF;
        for (uint32_t m = inCols & ~(twiceInCols | keptCols); m != 0; m &= m - 1) {
            int col = ctz32(m);
            for (int b = 0; b < bands; b++) {
                uint32_t x = c[b] & colMask[col];
                if (x != 0) {
                    keep(nd, L, d, bandCells * b + ctz32(x));
                    break;
                }
            }
        }
    }
    return true;
}

static void fewestCrossed(const uint32_t (*cover)[bands], uint16_t placed, const uint32_t *open, int widen, uint32_t *fewest, int &choices);
static int branchCell(bandTable *const *tables, const uint32_t (*cover)[bands], const double *bestFree, double bound, double cut,
                      uint16_t placed, const uint32_t *among, int &children, uint16_t &takers, double *loss);
static int fewestPatterns(const propagation *nd, level *L, uint16_t placed, double cut, i64 limit, i64 &n);

// branchWidth is how many digits more than the fewest may cross the cells whose children
// branchCell bounds at level lv: branchWiden at the first branchWideLevels levels on a grid of
// branchWideGivens to branchWideBelow-1 givens, 0 elsewhere (see main.go).
int solver::branchWidth(int lv) const {
    const tuning &t = tuning_;
    if (lv >= t.branchWideLevels || givenCount < t.branchWideGivens || givenCount >= t.branchWideBelow) return 0;
    return t.branchWiden;
}

// chooseBranch chooses how place branches: on the free cell with the fewest children that can
// reach cut (branchCell) among those the fewest digits cross, or up to widen digits more,
// unless a digit has at most as many patterns worth trying, or at most digitBranch; counting a
// digit's patterns stops once the cell is sure to win. It reports false when that refutes the
// node: a cell or a digit has no child that can. With digitFirst, a digit with at most
// digitBranch patterns, which wins whatever the cells' children, is looked for first, and the
// cells' children are bounded only when there is none (see main.go).
bool solver::chooseBranch(propagation *nd, level *L, uint16_t placed, double cut, int widen, branching &br) {
    br.digit = -1;
    br.cell = -1;
    br.takers = 0;
    for (int d = 0; d < 9; d++) br.loss[d] = 0;
    i64 n;
    if (tuning_.digitFirst != 0) {
        int d = fewestPatterns(nd, L, placed, cut, tuning_.digitBranch + 1, n);
        if (d >= 0) {
            br.digit = d;
            return n > 0;
        }
    }
    uint32_t among[bands];
    int choices;
    fewestCrossed(nd->cover, placed, nd->open, widen, among, choices);
    if (choices < 10) {
        stats_.cellBounds++;
        br.cell = branchCell(L->tab, nd->cover, nd->bestFree, nd->bound, cut, placed, among, choices, br.takers, br.loss);
        if (br.cell < 0) return false;
    }
    i64 limit = maxInt;
    if (br.cell >= 0) limit = std::max(tuning_.digitBranch, choices) + 1;
    int d = fewestPatterns(nd, L, placed, cut, limit, n);
    if (d >= 0) {
        br.digit = d;
        return n > 0;
    }
    return true;
}

// fewestPatterns returns the first digit left with the fewest patterns worth trying, fewer than
// limit, and sets n to how many, stopping at the first that has none; -1 when no digit has
// fewer than limit.
static int fewestPatterns(const propagation *nd, level *L, uint16_t placed, double cut, i64 limit, i64 &n) {
    int digit = -1;
    i64 fewest = limit;
    for (int d = 0; d < 9; d++) {
        if ((placed & (1 << d)) != 0) continue;
        i64 c = countAtLeast(L->tab[d], cut - (nd->bound - nd->bestFree[d]), fewest);
        if (c < fewest) {
            digit = d;
            fewest = c;
            if (c == 0) break;
        }
    }
    n = fewest;
    return digit;
}

// fewestCrossed sets fewest to the open cells the fewest digits left cross, or up to widen
// digits more, as band bit sets, and choices to how many cross the fewest; no cells and 10 when
// no cell is open.
static void fewestCrossed(const uint32_t (*cover)[bands], uint16_t placed, const uint32_t *open, int widen, uint32_t *fewest, int &choices) {
    // Count the digits crossing each cell in four bit planes, as a binary adder would: bit j
    // of each cell's count in plane j, a band at a time in registers (at most 9: no carry out).
    uint32_t plane0[bands], plane1[bands], plane2[bands], plane3[bands];
    for (int b = 0; b < bands; b++) {
        uint32_t p0 = 0, p1 = 0, p2 = 0, p3 = 0;
        for (int d = 0; d < 9; d++) {
            if ((placed & (1 << d)) != 0) continue;
            uint32_t c = cover[d][b];
            uint32_t k = p0 & c;
            p0 ^= c;
            c = k;
            k = p1 & c;
            p1 ^= c;
            c = k;
            k = p2 & c;
            p2 ^= c;
            p3 ^= k;
        }
        plane0[b] = p0;
        plane1[b] = p1;
        plane2[b] = p2;
        plane3[b] = p3;
    }
    for (int n = 0; n <= 9; n++) {
        // A cell counts n when each plane's bit is n's: plane j differs from xj nowhere.
        uint32_t x0 = -uint32_t(n & 1), x1 = -uint32_t(n >> 1 & 1), x2 = -uint32_t(n >> 2 & 1), x3 = -uint32_t(n >> 3 & 1);
        uint32_t found = 0;
        for (int b = 0; b < bands; b++) {
            uint32_t m = open[b] & ~((plane0[b] ^ x0) | (plane1[b] ^ x1) | (plane2[b] ^ x2) | (plane3[b] ^ x3));
            fewest[b] = m;
            found |= m;
        }
        if (found != 0) {
            for (int k = n + 1; k <= std::min(n + widen, 9); k++) {
                uint32_t y0 = -uint32_t(k & 1), y1 = -uint32_t(k >> 1 & 1), y2 = -uint32_t(k >> 2 & 1), y3 = -uint32_t(k >> 3 & 1);
                for (int b = 0; b < bands; b++) {
                    fewest[b] |= open[b] & ~((plane0[b] ^ y0) | (plane1[b] ^ y1) | (plane2[b] ^ y2) | (plane3[b] ^ y3));
                }
            }
            choices = n;
            return;
        }
    }
    for (int b = 0; b < bands; b++) fewest[b] = 0;
    choices = 10;
}

// branchCell bounds the children of each cell among those given (the fewest digits cross
// them, or a few more: branchWidth): the child that keeps the cell for one digit bounds the completions with that digit's
// best pattern through the cell, and every other digit's best pattern that avoids it. It
// returns the cell with the fewest children whose bounds reach cut, the one whose bounds
// exceed cut least in sum first, and sets how many, which digits, and per digit what its best
// pattern loses through the cell; or returns -1 when some cell has none, which refutes the node.
static int branchCell(bandTable *const *tables, const uint32_t (*cover)[bands], const double *bestFree, double bound, double cut,
                      uint16_t placed, const uint32_t *among, int &children, uint16_t &takers, double *loss) {
    int cell = -1;
    children = INT_MAX;
    takers = 0;
    for (int d = 0; d < 9; d++) loss[d] = 0;
    double tightest = inf;
    // The digits that cross each cell among them, in increasing order, listed digit by digit:
    // only the cells each one crosses are visited.
    uint8_t crossingAt[cells][9];
    uint8_t crossed[cells] = {};
    // Per digit, what its best pattern loses through the cell at hand: only the digits crossing
    // it are set, and only those are read (a child's digit crosses its cell).
    double lost[9] = {};
    for (int d = 0; d < 9; d++) {
        if ((placed & (1 << d)) != 0) continue;
        for (int b = 0; b < bands; b++) {
            for (uint32_t m = among[b] & cover[d][b]; m != 0; m &= m - 1) {
                int x = bandCells * b + ctz32(m);
                crossingAt[x][crossed[x]++] = uint8_t(d);
            }
        }
    }
    for (int b = 0; b < bands; b++) {
        for (uint32_t m = among[b]; m != 0; m &= m - 1) {
            int l = ctz32(m);
            const uint8_t *crossing = crossingAt[bandCells * b + l];
            int n = crossed[bandCells * b + l];
            // A child's bound is bound less its digit's loss through the cell and the others'
            // losses around it: all the losses around, less its digit's.
            double through[9], around[9];
            double aroundAll = 0.0;
            for (int i = 0; i < n; i++) {
                int d = crossing[i];
                double bst, avoiding;
                tables[d]->bestSplit(b, l, bst, avoiding);
                through[i] = bestFree[d] - bst;
                around[i] = bestFree[d] - avoiding;
                aroundAll += around[i];
            }
            uint16_t can = 0;
            int count = 0;
            double excess = 0.0;
            for (int i = 0; i < n; i++) {
                int d = crossing[i];
                lost[d] = through[i];
                double v = bound - through[i] - (aroundAll - around[i]);
                if (v >= cut) {
                    can |= uint16_t(1 << d);
                    count++;
                    excess += v - cut;
                }
            }
            if (count == 0) {
                std::memcpy(loss, lost, sizeof lost);
                children = 0;
                takers = 0;
                return -1;
            }
            if (count < children || (count == children && excess < tightest)) {
                cell = bandCells * b + l;
                children = count;
                takers = can;
                tightest = excess;
                std::memcpy(loss, lost, sizeof lost);
            }
        }
    }
    return cell;
}

// branchOnCell keeps the cell for each digit that can take it in turn, the digit whose best
// pattern loses least through it first: a completion is found sooner down the likelier branch,
// and a refutation must try all.
void solver::branchOnCell(const branching *br, uint16_t placed, double worth, double spent, int lv) {
    proofState *ps = &proof;
    stats_.cellBranches++;
    int order[9];
    double loss[9];
    int n = 0;
    for (int d = 0; d < 9; d++) {
        if ((br->takers & (1 << d)) == 0) continue;
        order[n] = d;
        loss[n] = br->loss[d];
        for (int i = n; i > 0 && loss[i] < loss[i - 1]; i--) {
            std::swap(order[i], order[i - 1]);
            std::swap(loss[i], loss[i - 1]);
        }
        n++;
    }
    for (int k = 0; k < n; k++) {
        int d = order[k];
        if (lv < ps->graceLevels) {
            ps->done[lv] = k;
            ps->of[lv] = n;
            ps->depth = lv + 1;
        }
        ps->keepCell(br->cell, d);
        place(placed, worth, spent, lv + 1, br->cell);
        ps->freeCell(br->cell);
        if (ps->budget < 0 || best >= ps->top) return;
    }
}

// branchOnPatterns places each of digit d's patterns worth trying in turn, best first.
void solver::branchOnPatterns(propagation *nd, level *L, int d, uint16_t placed, double worth, double spent, double cut, int lv) {
    patterns *p = &pat;
    proofState *ps = &proof;
    double others = nd->bound - nd->bestFree[d];
    L->list.clear();
    patternsAtLeast(L->tab[d], cut - others, L->list);
    sortPatterns(L->list);
    // L->list is this level's: the nodes below use the levels below, so it stays as it is.
    for (size_t k = 0; k < L->list.size(); k++) {
        pattern pt = L->list[k];
        if (others + pt.v < double(std::max(best, ps->floor)) + 1 - eps) break;  // sorted: the rest are worth less still
        if (lv < ps->graceLevels) {
            ps->done[lv] = int(k);
            ps->of[lv] = int(L->list.size());
            ps->depth = lv + 1;
        }
        double sum = 0.0, rc = 0.0;
        uint8_t was[bands][3];
        // The pattern's cells are free or kept for d, but for rounding at the edge of the cover
        // (other; see main.go): the sets change band by band rather than through setHold.
        uint32_t cellsOf[bands], keptOf[bands], other = 0;
        for (int b = 0; b < bands; b++) {
            cellsOf[b] = placeMask[pt.pl[b] / orders][pt.pl[b] % orders];
            keptOf[b] = cellsOf[b] & ps->keptFor[d][b];
            other |= cellsOf[b] & (ps->heldSet[b] | (ps->keptSet[b] & ~ps->keptFor[d][b]));
        }
        for (int b = 0; b < bands; b++) {
            const uint8_t *pc = placeCells[pt.pl[b] / orders][pt.pl[b] % orders];
            for (int k2 = 0; k2 < 3; k2++) {
                int x = bandCells * b + pc[k2];
                was[b][k2] = ps->hold[x];
                if (other != 0) {
                    ps->setHold(x, held);
                } else {
                    ps->hold[x] = held;
                }
                ps->digit[x] = d;
                sum += p->worth[d][x];
                if (active[x]) rc += reduced.of[x * 9 + d];
            }
            if (other == 0) {
                ps->heldSet[b] |= cellsOf[b];
                ps->keptSet[b] &= ~keptOf[b];
                ps->keptFor[d][b] &= ~keptOf[b];
            }
        }
        place(uint16_t(placed | (1 << d)), worth + sum, spent + rc, lv + 1, -1);
        for (int b = 0; b < bands; b++) {
            const uint8_t *pc = placeCells[pt.pl[b] / orders][pt.pl[b] % orders];
            if (other != 0) {
                for (int k2 = 0; k2 < 3; k2++) ps->setHold(bandCells * b + pc[k2], was[b][k2]);
                continue;
            }
            for (int k2 = 0; k2 < 3; k2++) ps->hold[bandCells * b + pc[k2]] = was[b][k2];
            ps->heldSet[b] &= ~cellsOf[b];
            ps->keptSet[b] |= keptOf[b];
            ps->keptFor[d][b] |= keptOf[b];
        }
        if (ps->budget < 0 || best >= ps->top) return;
    }
}

// ---------------------------------------------------------------------------------------------
// The linear program.
// ---------------------------------------------------------------------------------------------

static double perturbation(int o);

// resize reuses a vector's storage for n elements when it has room.
template <class T>
static void resize(vec<T> &a, size_t n) {
    a.resize(n);
}

// load builds the program of the current node, its open items and alive options, with the
// artificial basis priced at prices (per item): near-optimal prices save most of the pivots.
void linearProgram::load(solver *s, const double *prices_, const int *pick) {
    int16_t row[items];  // each item's row, or -1
    double moved_[items];
    std::memcpy(moved_, prices_, sizeof moved_);
    bool implied[items] = {};
    dropImplied(s, moved_, implied);
    item.clear();
    for (int16_t i = s->next[root]; i != root; i = s->next[i]) {
        if (implied[i]) {
            row[i] = -1;
            continue;
        }
        row[i] = int16_t(item.size());
        item.push_back(i);
    }
    m = int(item.size());
    refactor = s->tuning_.lpRefactor;
    loadColumns(s, row, moved_);
    crash(pick);
    resize(d, cols.size());
    computeDuals();
    for (size_t j = 0; j < cols.size(); j++) {
        lpColumn *c = &cols[j];
        if (c->basicRow < 0) c->atUpper = d[j] > 0;  // dual feasible from the start, whatever the prices
    }
    nonbasic.clear();
    for (int j = 0; j < optionCols; j++) {
        if (cols[j].basicRow < 0) nonbasic.push_back(j);
    }
    resize(xB, m);
    resize(rho, lpRowsMax);  // m of them in use; room for dual's masked view
    resize(w, m);
    resize(etaV, m);
    etaRow.clear();
    eta.clear();
    etaNZ.clear();
    etaStart.clear();
    etaStart.push_back(0);
    resize(alpha, cols.size());
    resize(alphaNZ, optionCols);
    resize(cand, optionCols);
    computeX();
    computeWeights();
}

// loadColumns builds a column for each alive option, in the rows of its items that row
// numbers, and an artificial for each row, basic in it and priced at its item's price.
void linearProgram::loadColumns(solver *s, const int16_t *row, const double *prices) {
    cols.clear();
    for (int o = 0; o < options; o++) colOf[o] = -1;
    for (int16_t x = 0; x < cells; x++) {
        if (!s->active[x]) continue;
        for (int p = s->down[x]; p != x; p = s->down[p]) {
            int o = optionOf(p);
            lpColumn c = {};
            c.opt = int16_t(o);
            c.lo = 0;
            c.hi = 1;
            c.atUpper = true;
            c.basicRow = -1;
            for (int k = 0; k < 4; k++) {
                int16_t r = row[s->itm[firstNode(o) + k]];
                if (r >= 0) {
                    c.rows[c.n] = r;  // the cell's row first
                    c.n++;
                }
            }
            for (int k = c.n; k < 4; k++) c.rows[k] = lpRowsMax - 1;  // a row of rho that stays 0: see dual
            c.worth = int16_t(worth(o));
            c.cost = double(worth(o)) + lpPerturbation * perturbation(o);
            colOf[o] = int(cols.size());
            cols.push_back(c);
        }
    }
    optionCols = int(cols.size());
    resize(basis, m);
    resize(y, m);
    y.reserve(lpRowsMax);  // room for bound's view past m, which stays 0
    std::fill(y.data() + m, y.data() + lpRowsMax, 0.0);
    for (int r = 0; r < m; r++) {
        int16_t i = item[r];
        basis[r] = int(cols.size());
        y[r] = prices[i];  // the artificial's cost, which its fixed zero value makes moot
        lpColumn c = {};
        c.opt = -1;
        c.rows[0] = int16_t(r);
        c.n = 1;
        c.cost = prices[i];
        c.basicRow = int16_t(r);
        cols.push_back(c);
    }
}

// crash starts the basis from the artificials, with each open cell's row taking the option of
// the relaxed solution pick (null for none) in place of its artificial, and sets binv to its
// inverse (see main.go).
void linearProgram::crash(const int *pick) {
    resize(binv, size_t(m) * m + lpRowsMax);  // room for the last row's masked view
    std::fill(binv.begin(), binv.end(), 0.0);
    levels.clear();
    upTo.clear();
    upTo.resize(m);  // zeroed
    for (int r = 0; r < m; r++) binv[r * m + r] = 1;
    for (int r = 0; r < m; r++) {
        int16_t i = item[r];
        if (i >= cells || pick == nullptr) break;  // cell items come first in the active list
        int j = colOf[int(i) * 9 + pick[i]];
        if (j < 0) continue;
        lpColumn *art = &cols[basis[r]];
        art->basicRow = -1;
        lpColumn *c = &cols[j];
        c->basicRow = int16_t(r);
        basis[r] = j;
        for (int k = 1; k < int(c->n); k++) binv[int(c->rows[k]) * m + r] -= 1;
    }
}

// relationLimit bounds the entries of a relation as dropImplied reduces it, far from overflow:
// past it, the relation is left out and its row kept, which is always safe.
const int64_t relationLimit = 1 << 20;

// dropImplied picks the open items whose rows are sums and differences of the other open items'
// rows, moves their prices onto those items, which leaves every reduced cost and the bound as
// they were, and reports them in implied; the program leaves their rows out (see main.go for
// the 27 + 48 relations and why they are reduced in turn).
void linearProgram::dropImplied(solver *s, double *prices, bool *implied) {
    relations(s);
    reduceRelations();
    for (const keptRelation &rel : kept) {
        // c_p row_p = -sum of c_t row_t over the others, and 1/c_p is c_p.
        int16_t p = rel.drop;
        double f = prices[p] * double(rel.sign);
        for (int k = rel.first; k < rel.last; k++) {
            const term &tm = reduced[k];
            if (tm.item != p) prices[tm.item] -= f * double(tm.coef);
        }
        prices[p] = 0;
        implied[p] = true;
    }
}

// relations lists the relations between the open items' rows, in terms, relation k's being
// terms[start[k]:start[k+1]].
void linearProgram::relations(solver *s) {
    terms.clear();
    start.clear();
    start.push_back(0);
    auto add = [&](int i, int64_t coef) {
        if (s->active[i]) terms.push_back(term{int16_t(i), coef});
    };
    for (int kind = 0; kind < 3; kind++) {
        for (int unit = 0; unit < 9; unit++) {
            for (int x = 0; x < cells; x++) {
                int u[3] = {rowOf(x), ::colOf(x), boxOf(x)};
                if (u[kind] == unit) add(x, 1);
            }
            for (int d = 0; d < 9; d++) add(cells * (kind + 1) + unit * 9 + d, -1);
            start.push_back(int(terms.size()));
        }
    }
    for (int third = 0; third < 3; third++) {
        for (int d = 0; d < 8; d++) {
            for (int k = 0; k < 3; k++) {
                add(cells + (third * 3 + k) * 9 + d, 1);      // the band's rows
                add(3 * cells + (third * 3 + k) * 9 + d, -1);  // and its boxes
            }
            start.push_back(int(terms.size()));
            for (int k = 0; k < 3; k++) {
                add(2 * cells + (third * 3 + k) * 9 + d, 1);   // the stack's columns
                add(3 * cells + (k * 3 + third) * 9 + d, -1);  // and its boxes
            }
            start.push_back(int(terms.size()));
        }
    }
}

// droppedBefore reports whether dropImplied prefers to drop item a rather than item b.
static bool droppedBefore(int16_t a, int16_t b) {
    bool aDigit = a >= cells, bDigit = b >= cells;
    if (aDigit != bDigit) return aDigit;
    return a < b;
}

// reduceRelations reduces the relations in turn, by Gaussian elimination in integers, and
// keeps in kept those neither empty once reduced (implied by those before them) nor grown past
// relationLimit, and with an item of coefficient 1 or -1 to drop.
void linearProgram::reduceRelations() {
    static int64_t r[items];  // the relation being reduced, zero outside touched
    vec<int16_t> touched;  // an item may come twice, when it cancels and returns
    touched.reserve(items);
    kept.clear();
    reduced.clear();
    for (int k = 0; k + 1 < int(start.size()); k++) {
        touched.clear();
        for (int t = start[k]; t < start[k + 1]; t++) {
            r[terms[t].item] = terms[t].coef;
            touched.push_back(terms[t].item);
        }
        bool grown = false;
        for (size_t j = 0; j < kept.size() && !grown; j++) {
            int64_t f = r[kept[j].drop] * kept[j].sign;  // 1/c is c for c = 1 or -1
            if (f == 0) continue;
            for (int t = kept[j].first; t < kept[j].last; t++) {
                const term tm = reduced[t];
                if (r[tm.item] == 0) touched.push_back(tm.item);
                if ((r[tm.item] -= f * tm.coef) > relationLimit || r[tm.item] < -relationLimit) grown = true;  // left out, its row kept
            }
        }
        // The item to drop: a digit item before a cell, the lowest first.
        int16_t p = -1;
        int64_t c = 0;
        for (int16_t t : touched) {
            if ((r[t] == 1 || r[t] == -1) && (p < 0 || droppedBefore(t, p))) {
                p = t;
                c = r[t];
            }
        }
        int first = int(reduced.size());
        for (int16_t t : touched) {
            if (r[t] != 0) {
                reduced.push_back(term{t, r[t]});
                r[t] = 0;
            }
        }
        if (p < 0 || grown) {
            reduced.resize(first);  // empty once reduced, grown too large, or no 1 to divide by
            continue;
        }
        kept.push_back(keptRelation{p, c, first, int(reduced.size())});
    }
}

// ----- The bounded dual simplex.

// rowSums sets out to the sums of N consecutive rows of an m-column matrix times v, each as
// dotInOrder takes it, in one pass over v.
template <int N>
static void rowSums(const double *b, int m, const double *v, double *out) {
    double s[N];
    for (int j = 0; j < N; j++) s[j] = 0.0;
    for (int k = 0; k < m; k++) {
        double x = v[k];
#pragma GCC unroll 8
        for (int j = 0; j < N; j++) s[j] += b[size_t(j) * m + k] * x;
    }
    for (int j = 0; j < N; j++) out[j] = s[j];
}

// computeX sets the basic values from the nonbasic ones: xB = binv (1 - N xN).
void linearProgram::computeX() {
    double *rhs = w.data();
    for (int r = 0; r < m; r++) rhs[r] = 1;
    for (size_t j = 0; j < cols.size(); j++) {
        const lpColumn *c = &cols[j];
        if (c->basicRow >= 0) continue;
        double v = c->value();
        if (v != 0) {
            for (int k = 0; k < int(c->n); k++) rhs[c->rows[k]] -= v;
        }
    }
    // Each row's sum as dotInOrder takes it, eight rows at a time, then four: chains of
    // additions that need not wait on each other, and rhs read once for them all. (main.go
    // takes four at a time: eight spill its registers there.)
    const double *b = binv.data();
    int r = 0;
    for (; r + 8 <= m; r += 8) rowSums<8>(b + size_t(r) * m, m, rhs, &xB[r]);
    for (; r + 4 <= m; r += 4) rowSums<4>(b + size_t(r) * m, m, rhs, &xB[r]);
    for (; r < m; r++) xB[r] = dotInOrder(&b[size_t(r) * m], rhs, m);
}

// computeWeights sets the squared lengths of binv's rows.
void linearProgram::computeWeights() {
    resize(weight, m);
    for (int r = 0; r < m; r++) {
        const double *row = &binv[size_t(r) * m];
        weight[r] = dotInOrder(row, row, m);
    }
}

// computeDuals sets y = cB binv and the reduced costs from scratch.
void linearProgram::computeDuals() {
    std::fill(y.begin(), y.end(), 0.0);
    // The rows of nonzero cost, times their costs (addRows).
    int16_t rows[lpRowsMax];
    double cbs[lpRowsMax];
    int n = 0;
    for (int r = 0; r < m; r++) {
        double cb = cols[basis[r]].cost;
        if (cb != 0) {
            rows[n] = int16_t(r);
            cbs[n] = cb;
            n++;
        }
    }
    addRows(y.data(), rows, cbs, n);
    for (size_t j = 0; j < cols.size(); j++) d[j] = columnLess(cols[j].cost, y.data(), &cols[j]);
}

// invert computes binv from the basis columns by Gauss-Jordan elimination with partial
// pivoting, then the values and prices. It reports false when the basis is singular.
bool linearProgram::invert() {
    resize(basisMatrix, size_t(m) * m);
    double *a = basisMatrix.data();  // the basis, column r holding basis[r]
    std::fill(basisMatrix.begin(), basisMatrix.end(), 0.0);
    for (int r = 0; r < m; r++) {
        const lpColumn *c = &cols[basis[r]];
        for (int k = 0; k < int(c->n); k++) a[int(c->rows[k]) * m + r] = 1;
    }
    double *inv = binv.data();
    for (int i = 0; i < m; i++) keepRow(i);
    std::fill(binv.begin(), binv.end(), 0.0);
    for (int r = 0; r < m; r++) inv[r * m + r] = 1;
    // Invert a: row operations turning a into I turn I into a^-1; rows of a^-1 then index
    // basis positions, as binv's do.
    for (int col = 0; col < m; col++) {
        if (!eliminateColumn(a, inv, col)) return false;
    }
    pivots = 0;
    computeX();
    computeDuals();
    computeWeights();
    return true;
}

static void subtractAt(double *row, const double *p, const int32_t *nz, int n, double v);
static void subtractFour(double *const rows[4], const double *p, const int32_t *nz, int n, const double v[4]);

// eliminateColumn is invert's step on column col of a: it swaps the row with the largest entry
// there, at or below col, into place (partial pivoting), scales it to 1 and clears the column
// elsewhere, doing the same row operations on inv. It reports false when the column has no
// entry to pivot on: the basis is singular.
bool linearProgram::eliminateColumn(double *a, double *inv, int col) {
    // One pass down the column finds the rows to clear and the pivot.
    int rows[lpRowsMax];
    int nr = 0, piv = -1;
    double most = 1e-9;
    for (int r = 0; r < m; r++) {
        double v = a[r * m + col];
        if (v == 0) continue;
        rows[nr++] = r;
        v = std::fabs(v);
        if (r >= col && v > most) {
            piv = r;
            most = v;
        }
    }
    if (piv < 0) return false;
    if (piv != col) {
        for (int k = 0; k < m; k++) {
            std::swap(a[piv * m + k], a[col * m + k]);
            std::swap(inv[piv * m + k], inv[col * m + k]);
        }
    }
    // The rows to clear as they stand after the swap: all but the pivot row.
    int n = 0;
    for (int t = 0; t < nr; t++) {
        int r = rows[t];
        if (r == piv) continue;
        if (r == col) r = piv;
        rows[n++] = r;
    }
    // The pivot row's zeros change nothing below, so the elimination takes its nonzeros alone.
    // The columns of a before col are done with: what rounding leaves there is never read.
    double f = 1 / a[col * m + col];
    invertNZ.reserve(m);  // written in place, then cut to the n kept
    invertInvNZ.reserve(m);
    int32_t *aNZ = invertNZ.data(), *invNZ = invertInvNZ.data();
    int na = 0, ni = 0;
    double *rowA = a + col * m, *rowI = inv + col * m;
    for (int k = col; k < m; k++) {
        if (rowA[k] != 0) {
            rowA[k] *= f;
            aNZ[na++] = k;
        }
    }
    for (int k = 0; k < m; k++) {
        if (rowI[k] != 0) {
            rowI[k] *= f;
            invNZ[ni++] = k;
        }
    }
    invertNZ.n = size_t(na);
    invertInvNZ.n = size_t(ni);
    // The rows taken four at a time (subtractFour), and the last few one at a time.
    int t = 0;
    for (; t + 4 <= n; t += 4) {
        double *ra[4], *ri[4], vs[4];
        for (int u = 0; u < 4; u++) {
            int r = rows[t + u];
            ra[u] = a + r * m;
            ri[u] = inv + r * m;
            vs[u] = a[r * m + col];
        }
        subtractFour(ra, rowA, aNZ, na, vs);
        subtractFour(ri, rowI, invNZ, ni, vs);
    }
    for (; t < n; t++) {
        int r = rows[t];
        double v = a[r * m + col];
        subtractAt(a + r * m, rowA, aNZ, na, v);
        subtractAt(inv + r * m, rowI, invNZ, ni, v);
    }
    return true;
}

// subtractAt subtracts v times p from row at the n positions nz, four a step: the positions
// are distinct, so the order changes nothing.
static void subtractAt(double *row, const double *p, const int32_t *nz, int n, double v) {
    int k = 0;
    for (; k + 4 <= n; k += 4) {
        int32_t i0 = nz[k], i1 = nz[k + 1], i2 = nz[k + 2], i3 = nz[k + 3];
        row[i0] -= v * p[i0];
        row[i1] -= v * p[i1];
        row[i2] -= v * p[i2];
        row[i3] -= v * p[i3];
    }
    for (; k < n; k++) row[nz[k]] -= v * p[nz[k]];
}

// fourRows are four rows updated together, each less its own multiple of one pivot row, rows 0
// and 1 in one pair of lanes and rows 2 and 3 in another: each position's pivot value is loaded
// once for the four.
struct fourRows {
    double *row0, *row1, *row2, *row3;
    lanes va, vb;  // the multiples of rows 0 and 1, and of rows 2 and 3

    fourRows(double *const rows[4], const double v[4])
        : row0(rows[0]), row1(rows[1]), row2(rows[2]), row3(rows[3]), va{v[0], v[1]}, vb{v[2], v[3]} {}

    // subtract takes the multiples of p from the rows at position i.
    void subtract(int32_t i, double p) {
        lanes pp = {p, p}, r = {row0[i], row1[i]}, q = {row2[i], row3[i]};
        r -= va * pp;
        q -= vb * pp;
        row0[i] = r[0], row1[i] = r[1], row2[i] = q[0], row3[i] = q[1];
    }

    // eliminate is subtract that first adds p times the rows' values at i to the dot products
    // a (rows 0 and 1) and b (rows 2 and 3); pp is p in both lanes.
    void eliminate(int32_t i, lanes pp, lanes &a, lanes &b) {
        lanes r = {row0[i], row1[i]}, q = {row2[i], row3[i]};
        a += pp * r;
        b += pp * q;
        r -= va * pp;
        q -= vb * pp;
        row0[i] = r[0], row1[i] = r[1], row2[i] = q[0], row3[i] = q[1];
    }
};

// subtractFour is subtractAt on four rows at once, rows[t] less v[t] times p (fourRows).
static void subtractFour(double *const rows[4], const double *p, const int32_t *nz, int n, const double v[4]) {
    fourRows f(rows, v);
    for (int k = 0; k < n; k++) f.subtract(nz[k], p[nz[k]]);
}

// The outcomes of dual.
enum {
    lpOptimal,      // the basic values are within their bounds
    lpBelow,        // the bound fell below the cutoff, or no completion exists
    lpOutOfPivots,  // the pivot limit ran out first
};

// perturbation is option o's share of lpPerturbation, in [0, 1): a multiplicative hash, so
// that neighbouring options' shares differ widely.
static double perturbation(int o) {
    const uint32_t prime = 1000003;
    return double(uint32_t(o + 1) * 2654435761u % prime) / prime;
}

// trueReduced is an option's column's reduced cost with its true worth, unperturbed.
double linearProgram::trueReduced(const lpColumn *c) const {
    return columnLess(double(c->worth), y.data(), c);
}

// bound is the weak-duality bound of the prices y with the true costs, over the columns'
// current bounds.
double linearProgram::bound() const {
    double sum = 0.0;
    for (int r = 0; r < m; r++) sum += y[r];
    // Each option's true reduced cost, as trueReduced has it: all four rows, those past n
    // being y's entry lpRowsMax-1, which stays 0 and changes no difference, as in dual.
    const double *yv = y.data();
    const lpColumn *cl = cols.data();
    for (int j = 0, n = optionCols; j < n; j++) {
        const lpColumn *c = &cl[j];
        double dj = double(c->worth) - yv[c->rows[0]] - yv[c->rows[1]] - yv[c->rows[2]] - yv[c->rows[3]];
        if (dj > 0) {
            sum += dj * c->hi;
        } else {
            sum += dj * c->lo;
        }
    }
    return sum;
}

// dual runs the bounded dual simplex until the basic values are within their bounds, the
// bound falls below cutoff, or limit pivots are spent. Each pivot prices the rows
// (leavingRow), computes the leaving row's pivot row, runs the ratio test (ratioTest) and
// pivots (pivot).
int linearProgram::dual(double cutoff, int limit) {
    bool fresh = false;  // the values and prices were just recomputed from the inverse
    basicBounds();
    for (int it = 0;; it++) {
        if (it % 8 == 0 && bound() < cutoff) return lpBelow;
        int r = leavingRow();
        if (r < 0 && !fresh && !trial) {
            // The incremental updates drift: before trusting an optimum, recompute the
            // values and prices from the basis inverse.
            computeX();
            computeDuals();
            fresh = true;
            continue;
        }
        if (r < 0) {
            if (bound() < cutoff) return lpBelow;
            return lpOptimal;
        }
        fresh = false;
        if (it >= limit) return lpOutOfPivots;
        bool up = xB[r] < cols[basis[r]].lo;  // the leaving value must rise to lo, else fall to hi
        inverseRow(r);
        // The pivot row: alpha, per option's column, is rho (a row of the inverse) times the
        // column; the candidates to enter are the columns whose move lets the leaving value rise
        // (up) or fall.
        const double *rh = rho.data();
        const lpColumn *cl = cols.data();
        double *al = alpha.data();
        int32_t *cd = cand.data(), *anz = alphaNZ.data();  // each room for every option's column
        size_t ncand = 0, nnz = 0;
        // A basic column's alpha is left as it was: nothing reads it.
        const int32_t *nb = nonbasic.data();
        for (int t = 0, n = int(nonbasic.size()); t < n; t++) {
            int j = nb[t];
            const lpColumn *c = &cl[j];
            // All four rows, those past n being rho's last entry, which stays 0: adding it
            // changes no sum, and the sum needs no branch on n. (Only a zero's sign depends on
            // the first term, and a zero alpha is never read.)
            double a = rh[c->rows[0]] + rh[c->rows[1]] + rh[c->rows[2]] + rh[c->rows[3]];
            al[j] = a;
            anz[nnz] = j;  // a fixed column never enters, but its reduced cost must follow
            uint64_t bits;
            std::memcpy(&bits, &a, sizeof bits);
            nnz += (bits << 1) != 0;  // a != 0, by its bits less the sign
            if (!(c->lo < c->hi)) continue;  // fixed: lo is never above hi
            // x_r = beta - sum alpha x_j: rising (up) needs a column at lo with alpha < 0 or at
            // hi with alpha > 0, falling the opposite.
            if (c->atUpper != up) a = -a;
            if (a > lpPivotLeast) cd[ncand++] = j;
        }
        cand.n = ncand;
        alphaNZ.n = nnz;
        if (cand.empty()) return unlimited(r, cutoff);
        if (!pivot(r, ratioTest(r, up), up)) return lpOutOfPivots;  // a singular basis: rounding went too far, give the search up
    }
}

// unlimited is dual's outcome when no column limits the step of row r: in exact arithmetic the
// row cannot reach its bounds and no completion exists. Rounding can fake that, so the claim
// stands only when the bound itself, far along the ray, confirms it.
int linearProgram::unlimited(int r, double cutoff) {
    const lpColumn *leaving = &cols[basis[r]];
    if (rayBelow(cutoff, std::fabs(xB[r] - fmin2(fmax2(xB[r], leaving->lo), leaving->hi)))) return lpBelow;
    return lpOutOfPivots;
}

// leavingRow prices the rows by the dual steepest edge: it returns the row whose basic value
// lies farthest outside its bounds relative to the length of its row of binv, or -1 when every
// one lies within them.
// basicBounds copies the bounds of the column basic in each row to basicLo and basicHi, for
// leavingRow; within dual only a pivot changes them, and it copies its entering column's.
void linearProgram::basicBounds() {
    resize(basicLo, size_t(m));
    resize(basicHi, size_t(m));
    for (int r = 0; r < m; r++) {
        const lpColumn *c = &cols[basis[r]];
        basicLo[r] = c->lo;
        basicHi[r] = c->hi;
    }
}

int linearProgram::leavingRow() const {
    int r = -1;
    double worst = 0.0;
    const double *x = xB.data(), *lo = basicLo.data(), *hi = basicHi.data();
    for (int i = 0; i < m; i++) {
        double v = x[i];
        double e = lo[i] - v;
        if (e <= lpTolerance * 10) {
            e = v - hi[i];
            if (e <= lpTolerance * 10) continue;
        }
        e = e * e / weight[i];
        if (e > worst) {
            r = i;
            worst = e;
        }
    }
    return r;
}

// ratioTest returns the column to enter in row r, and sets flips to the columns the step
// passes, by the ratio test with bound flips and Harris's tolerance (see main.go).
int linearProgram::ratioTest(int r, bool up) {
    const lpColumn *leaving = &cols[basis[r]];
    double slope = leaving->lo - xB[r];  // the row's infeasibility, which the flips reduce
    if (!up) slope = xB[r] - leaving->hi;
    vec<int32_t> &cd = cand;
    size_t ncand = cd.size();
    flips.clear();
    int q = -1;
    while (q < 0) {
        double step = inf;
        for (size_t k = 0; k < ncand; k++) {
            int32_t j = cd[k];
            const lpColumn *c = &cols[j];
            double a = alpha[j];
            if (c->atUpper) {
                step = fmin2(step, (d[j] + lpTolerance) / std::fabs(a));
            } else {
                step = fmin2(step, (-d[j] + lpTolerance) / std::fabs(a));
            }
        }
        double group = 0.0, most = 0.0;
        size_t rest = 0;  // the candidates kept for the next group, in place at the front of cand
        size_t groupStart = flips.size();
        for (size_t k = 0; k < ncand; k++) {
            int32_t j = cd[k];
            double a = std::fabs(alpha[j]), t = -d[j];
            if (cols[j].atUpper) t = d[j];
            if (t / a > step) {
                cd[rest++] = j;
                continue;
            }
            flips.push_back(j);
            group += a;
            if (a > most) {  // ties go to the lowest column: cand keeps the columns' order
                q = j;
                most = a;
            }
        }
        if (rest > 0 && slope - group > lpTolerance * 10) {
            slope -= group;  // pass the whole group: its columns flip
            ncand = rest;
            q = -1;
            continue;
        }
        flips.resize(groupStart);
    }
    return q;
}

// pivot makes column q basic in row r, whose value leaves up to its lower bound or down to its
// upper one (see main.go). It reports false when the inversion from scratch that follows every
// lpRefactor pivots finds the basis singular.
bool linearProgram::pivot(int r, int q, bool up) {
    lpColumn *leaving = &cols[basis[r]], *entering = &cols[q];
    double theta = d[q] / alpha[q];
    for (int32_t j : alphaNZ) d[j] -= theta * alpha[j];
    addScaled(y.data(), rho.data(), theta, m);
    swapNonbasic(q, basis[r]);
    leaving->basicRow = -1;
    d[basis[r]] = -theta;
    d[q] = 0;
    if (trial) {
        touched.push_back(basis[r]);
        touched.push_back(q);
    }

    if (!flips.empty()) flip(flips);
    inverseColumn(entering);
    double target = leaving->hi;
    if (up) target = leaving->lo;
    leaving->atUpper = !up;
    double delta = (xB[r] - target) / w[r];
    for (int32_t i : wnz) xB[i] -= w[i] * delta;
    xB[r] = entering->value() + delta;
    entering->basicRow = int16_t(r);
    basis[r] = q;
    basicLo[r] = entering->lo;
    basicHi[r] = entering->hi;

    total++;
    if (trial) {
        keepEta(r);
        return true;
    }
    pivotInverse(r, w.data());
    pivots++;
    return pivots < refactor || invert();
}

// swapNonbasic takes column q out of nonbasic and puts column l in its place, if l is an
// option's: the columns between the two places move over by one, and the list stays rising.
void linearProgram::swapNonbasic(int q, int l) {
    int32_t *nb = nonbasic.data();
    int n = int(nonbasic.size());
    int pq = int(std::lower_bound(nb, nb + n, q) - nb);
    if (l >= optionCols) {  // an artificial: q's place closes
        std::copy(nb + pq + 1, nb + n, nb + pq);
        nonbasic.pop_back();
        return;
    }
    int pl = int(std::lower_bound(nb, nb + n, l) - nb);
    if (l < q) {
        std::copy_backward(nb + pl, nb + pq, nb + pq + 1);
        nb[pl] = l;
    } else {
        std::copy(nb + pq + 1, nb + pl, nb + pq);
        nb[pl - 1] = l;
    }
}

// keepEta keeps a trial's pivot on row r as an eta, its row and its column w, and estimates the
// weights that follow (dual Devex).
void linearProgram::keepEta(int r) {
    trials++;
    etaRow.push_back(r);
    eta.insert(eta.end(), w.begin(), w.begin() + m);
    etaNZ.insert(etaNZ.end(), wnz.begin(), wnz.end());
    etaStart.push_back(int(etaNZ.size()));
    double wr = w[r];
    for (int32_t i : wnz) {
        double v = w[i];
        if (i != r) weight[i] = fmax2(weight[i], v * v / (wr * wr) * weight[r]);
    }
    weight[r] = fmax2(weight[r] / (wr * wr), 1e-9);
}

// flip moves the given nonbasic columns to their other bounds, and the basic values with them:
// xB falls by the basis inverse times the sum of the columns, each times its change.
void linearProgram::flip(const vec<int32_t> &fl) {
    resize(moved, m);
    std::fill(moved.begin(), moved.end(), 0.0);
    for (int32_t j : fl) {
        lpColumn *c = &cols[j];
        double change = c->hi - c->lo;
        if (c->atUpper) change = -change;
        c->atUpper = !c->atUpper;
        flipped++;
        if (trial) touched.push_back(j);
        for (int k = 0; k < int(c->n); k++) moved[c->rows[k]] += change;
    }
    movedRows.clear();
    for (int i = 0; i < m; i++) {
        if (moved[i] != 0) movedRows.push_back(int16_t(i));
    }
    inverseTimes(movedRows.data(), int(movedRows.size()), moved.data());
    for (int32_t i : wnz) xB[i] -= w[i];
}

// eliminate subtracts v times the pivot row (its nonzeros pv at positions nz) from row, and
// returns the dot product of the two rows before the change. Four partial sums keep the
// additions from waiting on each other, in main.go's order.
static double eliminate(double *row, const int32_t *nz, const lanes *pv, size_t n, double v) {
    double d0 = 0, d1 = 0, d2 = 0, d3 = 0;
    size_t k = 0;
    for (; k + 4 <= n; k += 4) {
        int32_t i0 = nz[k], i1 = nz[k + 1], i2 = nz[k + 2], i3 = nz[k + 3];
        double p0 = pv[k][0], p1 = pv[k + 1][0], p2 = pv[k + 2][0], p3 = pv[k + 3][0];
        double r0 = row[i0], r1 = row[i1], r2 = row[i2], r3 = row[i3];
        d0 += p0 * r0;
        d1 += p1 * r1;
        d2 += p2 * r2;
        d3 += p3 * r3;
        row[i0] = r0 - v * p0;
        row[i1] = r1 - v * p1;
        row[i2] = r2 - v * p2;
        row[i3] = r3 - v * p3;
    }
    for (; k < n; k++) {
        int32_t i = nz[k];
        d0 += pv[k][0] * row[i];
        row[i] -= v * pv[k][0];
    }
    return d0 + d1 + d2 + d3;
}

// eliminateFour is eliminate on four rows at once, rows[t] less v[t] times the pivot row, and
// sets dots[t] to row t's dot product with it (fourRows): each row's sums are eliminate's, in its
// order.
static void eliminateFour(double *const rows[4], const int32_t *nz, const lanes *pv, size_t n, const double v[4], double dots[4]) {
    fourRows f(rows, v);
    lanes a0 = {0, 0}, a1 = a0, a2 = a0, a3 = a0, b0 = a0, b1 = a0, b2 = a0, b3 = a0;
    size_t k = 0;
    for (; k + 4 <= n; k += 4) {
        f.eliminate(nz[k], pv[k], a0, b0);
        f.eliminate(nz[k + 1], pv[k + 1], a1, b1);
        f.eliminate(nz[k + 2], pv[k + 2], a2, b2);
        f.eliminate(nz[k + 3], pv[k + 3], a3, b3);
    }
    for (; k < n; k++) f.eliminate(nz[k], pv[k], a0, b0);
    lanes da = a0 + a1 + a2 + a3, db = b0 + b1 + b2 + b3;
    dots[0] = da[0], dots[1] = da[1], dots[2] = db[0], dots[3] = db[1];
}

// pivotInverse updates binv, and the weights with it, for the pivot on w[r], w being the
// entering column times binv.
void linearProgram::pivotInverse(int r, double *w_) {
    int saves = int(levels.size());
    if (upTo[r] < saves) keepRow(r);
    double *pr = &binv[size_t(r) * m];
    double f = 1 / w_[r];
    weight[r] *= f * f;
    // Only the pivot row's nonzeros and w's take part; rounding where the exact inverse has
    // zeros is dropped (see main.go). One pass scales the row and lists its nonzeros.
    nz.reserve(m);  // written in place, then cut to the n kept
    pv.reserve(m);
    int32_t *nzs = nz.data();
    lanes *pvs = pv.data();
    int n = 0;
    for (int k = 0; k < m; k++) {
        double p = pr[k] * f;
        if (std::fabs(p) <= lpDrop) {
            pr[k] = 0;
        } else {
            pr[k] = p;
            nzs[n] = k;
            pvs[n] = lanes{p, p};
            n++;
        }
    }
    nz.n = pv.n = size_t(n);
    // The rows to change, each kept for the saves before it changes, then taken four at a time
    // (eliminateFour), and the last few one at a time. (main.go takes two at a time, one
    // row's sums in memory: more spill its registers there.)
    int32_t rows[lpRowsMax];
    size_t nr = 0;
    for (int32_t i : wnz) {
        if (i != r) {
            if (upTo[i] < saves) keepRow(i);
            rows[nr++] = i;
        }
    }
    double wr = weight[r];
    size_t t = 0;
    for (; t + 4 <= nr; t += 4) {
        double *rs[4], vs[4], dots[4];
        for (int u = 0; u < 4; u++) {
            rs[u] = &binv[size_t(rows[t + u]) * m];
            vs[u] = w_[rows[t + u]];
        }
        eliminateFour(rs, nzs, pvs, size_t(n), vs, dots);
        for (int u = 0; u < 4; u++) {
            int32_t i = rows[t + u];
            weight[i] = fmax2(weight[i] - 2 * vs[u] * dots[u] + vs[u] * vs[u] * wr, 1e-9);
        }
    }
    for (; t < nr; t++) {
        int32_t i = rows[t];
        double v = w_[i];
        double dot = eliminate(&binv[size_t(i) * m], nzs, pvs, size_t(n), v);
        weight[i] = fmax2(weight[i] - 2 * v * dot + v * v * wr, 1e-9);
    }
}

// rayBelow reports whether the bound falls below cutoff at prices moved along rho, the row of
// the inverse whose basic value lies outside its bounds by infeasible and whose step no column
// limits. The prices are left as they were.
bool linearProgram::rayBelow(double cutoff, double infeasible) {
    if (infeasible <= 0) return false;
    ySaved.assign(y.begin(), y.end());
    double far = 2 * (bound() - cutoff + 1) / infeasible;
    bool below = false;
    const double ts[2] = {far, -far};
    for (double t : ts) {
        for (int i = 0; i < m; i++) y[i] = ySaved[i] + t * rho[i];
        if (bound() < cutoff) {
            below = true;
            break;
        }
    }
    std::copy(ySaved.begin(), ySaved.end(), y.begin());
    return below;
}

// inverseRow sets rho to row r of the current basis inverse.
void linearProgram::inverseRow(int r) {
    if (etaRow.empty()) {
        std::copy(binv.begin() + size_t(r) * m, binv.begin() + size_t(r) * m + m, rho.begin());
        return;
    }
    // Row r of E_k ... E_1 binv, where the eta E_i = I - (w_i - e_p) e_p^T / w_i[p] changes a
    // row vector at p only: v E_i has v_p - (v.w_i - v_p) / w_i[p] there.
    double *v = etaV.data();
    vec<int> &used = etaUsed;
    used.clear();
    used.push_back(r);
    v[r] = 1;
    for (int i = int(etaRow.size()) - 1; i >= 0; i--) {
        int p = etaRow[i];
        const double *wi = &eta[size_t(i) * m];
        double dot = 0.0;
        for (int t : used) dot += v[t] * wi[t];
        if (std::find(used.begin(), used.end(), p) == used.end()) used.push_back(p);  // v[p] may be 0 and used
        v[p] -= (dot - v[p]) / wi[p];
    }
    // rho is the sum of the rows with nonzero v, times v (addRows).
    std::fill(rho.begin(), rho.begin() + m, 0.0);
    int16_t rows[lpRowsMax];
    double fs[lpRowsMax];
    int n = 0;
    for (int t : used) {
        if (v[t] != 0) {
            rows[n] = int16_t(t);
            fs[n] = v[t];
            n++;
        }
        v[t] = 0;
    }
    addRows(rho.data(), rows, fs, n);
}

// addScaledRows adds f[j] times row rows[j] of the m-column matrix b to y for the N rows, y's
// entries two at a time, each entry's terms added in the rows' order, as it would be alone.
template <int N>
static void addScaledRows(double *y, const double *b, int m, const int16_t *rows, const double *f) {
    const double *bj[N];
    lanes g[N];
#pragma GCC unroll 8
    for (int j = 0; j < N; j++) {
        bj[j] = b + size_t(rows[j]) * m;
        g[j] = lanes{f[j], f[j]};
    }
    int k = 0;
    for (; k + 2 <= m; k += 2) {
        lanes s = loadLanes(y + k);
#pragma GCC unroll 8
        for (int j = 0; j < N; j++) s = s + g[j] * loadLanes(bj[j] + k);
        storeLanes(y + k, s);
    }
    for (; k < m; k++) {
        double s = y[k];
#pragma GCC unroll 8
        for (int j = 0; j < N; j++) s = s + f[j] * bj[j][k];
        y[k] = s;
    }
}

// addRows adds f[t] times row rows[t] of binv to y (m entries), for t = 0, 1, ..., n-1 in
// turn, as addScaled adds each; eight rows at a time, then four, each entry of y read and
// written once for them and its sum taken in the same order. (main.go takes four at a time:
// eight spill its registers there.)
void linearProgram::addRows(double *y_, const int16_t *rows, const double *f, int n) {
    int t = 0;
    for (; t + 8 <= n; t += 8) addScaledRows<8>(y_, binv.data(), m, rows + t, f + t);
    for (; t + 4 <= n; t += 4) addScaledRows<4>(y_, binv.data(), m, rows + t, f + t);
    for (; t < n; t++) addScaled(y_, binv.data() + size_t(rows[t]) * m, f[t], m);
}

// inverseColumn sets w to the current basis inverse times column c.
void linearProgram::inverseColumn(const lpColumn *c) { inverseTimes(c->rows, c->n, nullptr); }

// inverseTimes sets w to the current basis inverse times the vector whose entries at rows are
// coef's there (1s when coef is null), 0 elsewhere.
void linearProgram::inverseTimes(const int16_t *rows, int nrows, const double *coef) {
    const double *row = binv.data();
    double *out = w.data();
    if (coef == nullptr && nrows <= 4 && etaRow.empty()) {
        // Outside trials the column's pass drops the rounding and lists the nonzeros itself.
        wnz.reserve(m);
        wnz.n = size_t(inverseColumnKept(rows, nrows, wnz.data()));
        return;
    }
    if (coef == nullptr && nrows <= 4) {
        inverseColumnTimes(rows, nrows);
    } else {
        for (int i = 0; i < m; i++, row += m) {
            double sum = 0.0;
            if (coef == nullptr) {
                for (int k = 0; k < nrows; k++) sum += row[rows[k]];
            } else {
                for (int k = 0; k < nrows; k++) sum += row[rows[k]] * coef[rows[k]];
            }
            w[i] = sum;
        }
    }
    // E_i u = u - (u_p / w_i[p]) (w_i - e_p), over w_i's nonzeros: a zero leaves u as it is
    for (size_t i = 0; i < etaRow.size(); i++) {
        int p = etaRow[i];
        const double *e = &eta[i * m];
        double f = w[p] / e[p];
        if (f == 0) continue;
        for (int t = etaStart[i]; t < etaStart[i + 1]; t++) {
            int k = etaNZ[t];
            w[k] -= f * e[k];
        }
        w[p] = f;
    }
    wnz.reserve(m);  // written in place, then cut to the n kept
    int32_t *nzs = wnz.data();
    int n = 0;
    for (int i = 0; i < m; i++) {
        if (std::fabs(out[i]) <= lpDrop) {
            out[i] = 0;  // rounding, as pivotInverse says
        } else {
            nzs[n++] = i;
        }
    }
    wnz.n = size_t(n);
}

// columnKept is inverseColumnKept's pass for a column of N rows r: each sum as
// inverseColumnTimes takes it, dropped as inverseTimes drops it.
template <int N>
static int columnKept(const double *row, int m, const int *r, double *out, int32_t *nzs) {
    int n = 0;
    for (int i = 0; i < m; i++, row += m) {
        double v = row[r[0]];  // the sign of a zero, all that 0.0 + would change, is dropped
        if (N > 1) v += row[r[1]];
        if (N > 2) v += row[r[2]];
        if (N > 3) v += row[r[3]];
        if (std::fabs(v) <= lpDrop) {
            out[i] = 0;
        } else {
            out[i] = v;
            nzs[n++] = i;
        }
    }
    return n;
}

// inverseColumnKept is inverseColumnTimes followed by inverseTimes's dropping, in one pass: it
// lists in nzs the rows kept and returns how many.
int linearProgram::inverseColumnKept(const int16_t *rows, int nrows, int32_t *nzs) {
    int r[4] = {0, 0, 0, 0};
    for (int k = 0; k < nrows; k++) r[k] = rows[k];
    switch (nrows) {
    case 4: return columnKept<4>(binv.data(), m, r, w.data(), nzs);
    case 3: return columnKept<3>(binv.data(), m, r, w.data(), nzs);
    case 2: return columnKept<2>(binv.data(), m, r, w.data(), nzs);
    default: return columnKept<1>(binv.data(), m, r, w.data(), nzs);
    }
}

// inverseColumnTimes is inverseTimes's pass over binv for a column's rows (at most 4, 1s
// there), unrolled by their count: each sum takes its terms in the same order.
void linearProgram::inverseColumnTimes(const int16_t *rows, int nrows) {
    const double *row = binv.data();
    double *out = w.data();
    int r[4] = {0, 0, 0, 0};
    for (int k = 0; k < nrows; k++) r[k] = rows[k];
    int r0 = r[0], r1 = r[1], r2 = r[2], r3 = r[3];
    switch (nrows) {
    case 4:
        for (int i = 0; i < m; i++, row += m) out[i] = 0.0 + row[r0] + row[r1] + row[r2] + row[r3];
        break;
    case 3:
        for (int i = 0; i < m; i++, row += m) out[i] = 0.0 + row[r0] + row[r1] + row[r2];
        break;
    case 2:
        for (int i = 0; i < m; i++, row += m) out[i] = 0.0 + row[r0] + row[r1];
        break;
    default:
        for (int i = 0; i < m; i++, row += m) out[i] = 0.0 + row[r0];
    }
}

// setBounds gives column j the bounds lo..hi; a nonbasic column moves to the bound its reduced
// cost keeps dual feasible, and the basic values follow it.
void linearProgram::setBounds(int j, double lo, double hi) {
    lpColumn *c = &cols[j];
    if (trial) touched.push_back(j);
    if (c->basicRow >= 0) {
        c->lo = lo;
        c->hi = hi;
        return;
    }
    double old = c->value();
    c->lo = lo;
    c->hi = hi;
    c->atUpper = d[j] > 0;
    double change = c->value() - old;
    if (change != 0) {
        for (int k = 0; k < int(c->n); k++) {
            int row = c->rows[k];
            for (int i = 0; i < m; i++) xB[i] -= binv[size_t(i) * m + row] * change;
        }
    }
}

// keepRow copies row i of binv, about to change, into each save that does not hold it yet.
void linearProgram::keepRow(int i) {
    const double *row = &binv[size_t(i) * m];
    for (int l = upTo[i]; l < int(levels.size()); l++) std::copy(row, row + m, levels[l] + size_t(i) * m);
    upTo[i] = int(levels.size());
}

void linearProgram::save(lpSaved *to) {
    to->basis.assign(basis.begin(), basis.end());
    if (!trial) {
        // binv's rows are copied as they change (keepRow)
        if (to->binv.cap < size_t(m) * m) {
            to->binv.reserve(size_t(m) * m);
        }
        to->level = int(levels.size());
        for (int i = 0; i < m; i++) upTo[i] = std::min(upTo[i], to->level);
        levels.push_back(to->binv.data());
    }
    to->xB.assign(xB.begin(), xB.end());
    to->y.assign(y.begin(), y.end());
    to->d.assign(d.begin(), d.end());
    to->weight.assign(weight.begin(), weight.end());
    to->cols.assign(cols.begin(), cols.end());
    to->nonbasic.assign(nonbasic.begin(), nonbasic.end());
    touched.clear();
}

void linearProgram::restore(const lpSaved *from) {
    std::copy(from->basis.begin(), from->basis.end(), basis.begin());
    if (trial) {
        etaRow.clear();  // binv was left as it was
        eta.clear();
        etaNZ.clear();
        etaStart.resize(1);
    } else {
        // The rows changed since the save, which from still holds; the saves after it are
        // done with. from stays a save, as it may be restored again.
        int l = from->level;
        for (int i = 0; i < m; i++) {
            if (upTo[i] > l) {
                std::copy(&from->binv[size_t(i) * m], &from->binv[size_t(i) * m] + m, &binv[size_t(i) * m]);
                upTo[i] = l + 1;
            }
        }
        levels.resize(l + 1);
    }
    std::copy(from->xB.begin(), from->xB.end(), xB.begin());
    std::copy(from->y.begin(), from->y.end(), y.begin());
    std::copy(from->d.begin(), from->d.end(), d.begin());
    std::copy(from->weight.begin(), from->weight.end(), weight.begin());
    nonbasic.assign(from->nonbasic.begin(), from->nonbasic.end());
    if (trial) {
        for (int32_t j : touched) cols[j] = from->cols[j];  // a trial changes no other column
        touched.clear();
    } else {
        std::copy(from->cols.begin(), from->cols.end(), cols.begin());
    }
}

// colValue is column j's value in the current basic solution.
double linearProgram::colValue(int j) const {
    const lpColumn *c = &cols[j];
    if (c->basicRow >= 0) return xB[c->basicRow];
    return c->value();
}

// work is the pivots' work so far in this linear search, in the units of stats.work.
int linearProgram::work() const {
    stats st = {};
    st.lpPivots = total;
    st.lpTrialPivots = trials;
    return int(st.work());
}

// ----- Branch and bound over the program: faces, the root's heuristics, strong branching.

// linearSettle branches and bounds over the exact linear program of the current node, within
// lpLimit pivots. It reports whether it settled the subtree.
bool solver::linearSettle() {
    double prices[items];
    rowPrices(prices);
    lp.load(this, prices, pick);
    lp.total = lp.trials = lp.flipped = 0;
    faced = 0;
    rootFace_ = rootFace();
    bool done = linearNode(0);
    stats_.lpPivots += lp.total;
    stats_.lpTrialPivots += lp.trials;
    stats_.lpFlips += lp.flipped;
    return done;
}

// rowPrices turns the rows' bound at the current multipliers into prices of all open items:
// the multipliers for the column and box digits, the negated assignment duals for the cells
// and row digits.
void solver::rowPrices(double *prices) {
    std::fill(prices, prices + items, 0.0);
    prepare();
    double total;
    if (!relax(used, pick, total)) return;
    for (int i = 2 * cells; i < items; i++) prices[i] = lambda[i];
    for (int r = 0; r < 9; r++) {
        const rowProblem *rp = &rows[r];
        for (int i = 1; i <= rp->n; i++) prices[rp->cell[i - 1]] = -rp->u[i];
        for (int j = 1; j <= rp->n; j++) prices[cells + r * 9 + rp->digit[j - 1]] = -rp->v[j];
    }
}

const int lpFixUp = 1 << 20;  // marks a column strongBranch fixes at 1 rather than 0

// linearNode settles the node the columns' current bounds define, or reports false when the
// pivots ran out; either way it leaves the bounds as it found them.
bool solver::linearNode(int depth) {
    stats_.lpNodes++;
    if (best >= refuted - 1) return true;  // descend refuted every score above the best
    if (rootFaceSettles()) return true;
    vec<int> fixed;  // columns this node fixed, by reduced cost or after a one-sided trial
    bool result = [&] {
        for (bool first = true;; first = false) {
            double cutoff = double(best) + 1 - double(value) - eps;
            switch (lp.dual(cutoff, tuning_.lpLimit - lp.total)) {
            case lpBelow:
                return true;
            case lpOutOfPivots:
                return false;
            }
            bool integral = recordLinear();
            if (depth == 0 && first && !integral && raiseAtRoot()) return true;
            cutoff = double(best) + 1 - double(value) - eps;  // the best score may have risen
            if (integral && lp.bound() < cutoff) return true;  // an integer optimum: nothing below it scores more
            lp.fixByReducedCost(cutoff, fixed);
            if (faceSettles(cutoff, depth == 0 && first)) return true;
            cutoff = double(best) + 1 - double(value) - eps;
            if (lp.bound() < cutoff) return true;  // the face search raised the best score past the bound
            bool settled;
            const vec<int> *fixes;
            int j = strongBranch(cutoff, depth, settled, fixes);
            if (settled) return true;
            if (fixes != nullptr) {
                for (int fix : *fixes) {
                    fixed.push_back(fix & ~lpFixUp);
                    if ((fix & lpFixUp) != 0) {
                        lp.setBounds(fix & ~lpFixUp, 1, 1);
                    } else {
                        lp.setBounds(fix, 0, 0);
                    }
                }
                continue;
            }
            if (j < 0 || lp.total >= tuning_.lpLimit) return false;
            return branchLinear(j, depth);
        }
    }();
    for (int j : fixed) lp.setBounds(j, 0, 1);
    return result;
}

// branchLinear settles the node by its two children, column j fixed at 1 and at 0, the side
// nearer its value first, and reports false when the pivots ran out. The second child starts
// from the node's program saved, down to lpSavedDepth, and from where the first left it deeper.
bool solver::branchLinear(int j, int depth) {
    double first[2] = {1, 1}, second[2] = {0, 0};
    if (lp.colValue(j) < 0.5) std::swap(first, second);
    bool saved = depth < tuning_.lpSavedDepth;
    if (saved) {
        while (int(lpNodes.size()) <= depth) lpNodes.push_back(lpSaved());
        lp.save(&lpNodes[depth]);
    }
    lp.setBounds(j, first[0], first[1]);
    bool ok = linearNode(depth + 1);
    if (ok) {
        if (saved) lp.restore(&lpNodes[depth]);
        lp.setBounds(j, second[0], second[1]);
        ok = linearNode(depth + 1);
    }
    lp.setBounds(j, 0, 1);
    return ok;
}

// fixByReducedCost fixes, for the subtree, every nonbasic column whose move to its other bound
// would take the bound below cutoff, and appends them to fixed. The bound is that of the prices
// with the true costs, so the fixing is as sound as the bound.
void linearProgram::fixByReducedCost(double cutoff, vec<int> &fixed) {
    double bnd = bound();
    for (int j = 0; j < optionCols; j++) {
        lpColumn *c = &cols[j];
        if (c->basicRow >= 0 || c->lo == c->hi) continue;
        double dj = trueReduced(c);
        // bound counts max(0, dj) for this column; moved to its other bound it counts dj or 0
        double gain = fmax2(0, dj);
        if (c->atUpper && bnd - gain < cutoff) {
            c->lo = 1;
        } else if (!c->atUpper && bnd - gain + dj < cutoff) {
            c->hi = 0;
        } else {
            continue;
        }
        fixed.push_back(j);
    }
}

// recordLinear keeps the current basic solution when it is integral and completes the grid,
// and reports whether it was.
bool solver::recordLinear() {
    int f[cells];
    std::memcpy(f, fill, sizeof f);
    int8_t taken[items] = {};
    for (size_t j = 0; j < lp.cols.size(); j++) {
        const lpColumn *c = &lp.cols[j];
        double v = lp.colValue(int(j));
        if (v > 1e-6 && v < 1 - 1e-6) return false;
        if (c->opt < 0 || v < 0.5) continue;
        int o = c->opt;
        f[cellOfOption(o)] = digitOfOption(o) + 1;
        for (int k = 0; k < 4; k++) taken[itm[firstNode(o) + k]]++;
    }
    for (int16_t i = next[root]; i != root; i = next[i]) {
        if (taken[i] != 1) return false;
    }
    i64 score = 0;
    for (int x = 0; x < cells; x++) score += weight(x) * f[x];
    if (score > best) {
        best = score;
        std::memcpy(bestFill, f, sizeof f);
    }
    return true;
}

// priceByProgram sets the bound and the options' reduced costs for improve from the program's
// prices and its columns' bounds (see main.go).
void solver::priceByProgram() {
    newCosts();
    for (int j = 0; j < lp.optionCols; j++) {
        const lpColumn *c = &lp.cols[j];
        if (c->hi == 0) {
            reduced.of[c->opt] = inf;
        } else if (c->lo == 1) {
            reduced.of[c->opt] = 0;
        } else {
            reduced.of[c->opt] = fmax2(0, -lp.trueReduced(c));
        }
    }
    for (int j = 0; j < lp.optionCols; j++) {
        const lpColumn *c = &lp.cols[j];
        if (c->lo != 1) continue;
        int o = c->opt;
        for (int k = 0; k < 4; k++) {
            int16_t i = itm[firstNode(o) + k];
            for (int p = down[i]; p != i; p = down[p]) {
                int q = optionOf(p);
                if (q != o) reduced.of[q] = inf;
            }
        }
    }
    bound = double(value) + lp.bound();
}

// faceSettles searches the node's face, as main.go's package comment says: improve's
// cost-ordered search for a completion scoring one more than the best, under the node's prices
// and within its columns' bounds. It reports true when that search fails completely, which
// settles the node. The multipliers' bound and reduced costs are left as they were.
bool solver::faceSettles(double cutoff, bool root) {
    int budget = std::min(tuning_.lpFaceBudget, tuning_.lpFaceBudget + int(tuning_.lpFaceShare * double(lp.work())) - faced);
    if (budget < tuning_.lpFaceLeast || lp.bound() - cutoff >= tuning_.lpFaceGap || best == minInt) return false;
    double boundSaved = bound;
    costs reducedSaved = reduced;
    priceByProgram();
    bool settled;
    int used_;
    if (root) {
        rootFace *rf = &rootFace_;
        rf->reduced = reduced;
        rf->bound = bound;
        rf->kept = true;
        settled = rf->search(this, budget, used_);
    } else {
        settled = searchFace(budget, used_);
    }
    faced += used_;
    bound = boundSaved;
    reduced = reducedSaved;
    return settled;
}

// searchFace runs improve's cost-ordered search for a completion scoring one more than the best,
// under the bound and reduced costs set, within budget nodes. It reports whether the search
// failed completely, which settles what those costs describe, and sets the nodes it used.
bool solver::searchFace(int budget, int &used_) {
    int left = budget;
    bool found = improve(bound - double(best + 1), &left, true);
    stats_.faces++;
    if (found || left < 0) {
        used_ = budget - std::max(left, 0);
        return false;
    }
    stats_.facesSettled++;
    used_ = budget - left;
    return true;
}

// shareDone is the share of the search's tree done up to the cursor, as Knuth's estimate reads
// it off the path (knuthShare).
double faceCursor::shareDone() const { return knuthShare(path, of, live); }

// search searches the root's face within budget nodes, from where the last search ran out when
// the best score is still the one it ran out under, and reports, as searchFace does, whether it
// settled everything, setting the nodes it used.
bool rootFace::search(solver *s, int budget, int &used) {
    if (best != s->best) cursor.live = 0;
    cursor.depth = 0;
    s->cursor = &cursor;
    i64 before = s->best;
    bool st = s->searchFace(budget, used);
    if (s->best != before) cursor.live = 0;  // it found a completion: what path is left was walked under the old room
    spent += used;
    best = s->best;
    settled = st;
    dropped = !st && s->rootFaceHopeless();
    s->cursor = nullptr;
    return st;
}

// rootFaceSettles goes on with the search of the root's face, from where it last ran out, with
// the work the linear program's pivots have done beyond what that search has spent (times
// lpRootFaceRatio), once that is a face search's budget (see main.go).
bool solver::rootFaceSettles() {
    rootFace *rf = &rootFace_;
    if (rf->settled) return true;
    int earned = tuning_.lpRootFaceRatio * lp.work() - rf->spent;
    if (!rf->kept || earned < tuning_.lpFaceBudget || (rf->dropped && rf->best == best)) return false;
    double boundSaved = bound;
    costs reducedSaved = reduced;
    bound = rf->bound;
    reduced = rf->reduced;
    int used_;
    bool settled = rf->search(this, earned, used_);
    bound = boundSaved;
    reduced = reducedSaved;
    return settled;
}

// rootFaceHopeless reports, when a search of the root's face has just stopped, whether Knuth's
// estimate of its tree leaves more than lpRootFaceAhead times the work the pivots have earned it
// so far still to search: then rootFaceSettles drops it until the best score changes (see
// main.go).
bool solver::rootFaceHopeless() {
    rootFace *rf = &rootFace_;
    double done = rf->cursor.shareDone();
    if (done <= 0) return false;
    double spent = rf->spent;
    return spent / done - spent > tuning_.lpRootFaceAhead * double(tuning_.lpRootFaceRatio * lp.work());
}

// raiseAtRoot raises the best score before the root branches (improveByPrices, then
// linearDive where it may pay), and reports whether that settled the root.
bool solver::raiseAtRoot() {
    if (improveByPrices()) return true;
    if (diveMayPay()) linearDive();
    return false;
}

// improveByPrices raises the best score before the linear program's search: under the root
// optimum's prices, with the true costs, it looks for a completion scoring one more than the
// best, again and again (see main.go). A search that fails completely proves the best score,
// and then it reports true. The multipliers' bound and reduced costs are left as they were.
bool solver::improveByPrices() {
    if (best == minInt) return false;
    double boundSaved = bound;
    costs reducedSaved = reduced;
    priceByProgram();
    bool proved = false;
    for (int budget = tuning_.lpImproveBudget; budget > 0;) {
        int share = std::min(budget, tuning_.lpImproveStep);
        int left = share;
        bool found = improve(bound - double(best + 1), &left, false);
        budget -= share - std::max(left, 0);
        if (!found) {
            proved = left >= 0;  // searched to the end: nothing scores more than the best
            break;
        }
    }
    bound = boundSaved;
    reduced = reducedSaved;
    return proved;
}

// diveMayPay reports whether the dive is worth its pivots at this root: not where the bound lies
// within lpDiveGap of the best score (fifteen scores or fewer above it, by default) and more than
// lpDiveFilled cells are filled (see main.go).
bool solver::diveMayPay() {
    return lp.bound() + double(value) - double(best) >= tuning_.lpDiveGap || filled() <= tuning_.lpDiveFilled;
}

// linearDive looks for a better score as the root's heuristics do in integer programming
// solvers: it fixes at 1 the fractional option the program takes most of and solves again,
// until the solution is integral (and recorded) or the bound falls below the best score plus
// one, within lpDiveLimit pivots; then it restores the program as it found it.
void solver::linearDive() {
    lp.save(&lpSaved_);
    int start = lp.total;
    while (lp.total - start < tuning_.lpDiveLimit) {
        int j = -1;
        double most = 0.0;
        for (int r = 0; r < lp.m; r++) {
            int c = lp.basis[r];
            if (lp.cols[c].opt < 0) continue;
            double v = lp.xB[r];
            if (v > 1e-6 && v < 1 - 1e-6 && v > most) {
                j = c;
                most = v;
            }
        }
        if (j < 0) break;
        lp.setBounds(j, 1, 1);
        double cutoff = double(best) + 1 - double(value) - eps;
        if (lp.dual(cutoff, tuning_.lpDiveLimit - (lp.total - start)) != lpOptimal || recordLinear()) break;
    }
    lp.restore(&lpSaved_);
}

// strongBranch ranks the fractional columns by their penalties, the least either side of each
// falls; it tries every side whose penalty takes it below the cutoff, then the first few columns
// both ways (fewer at the root and from depth lpDeepDepth on), a few pivots each. It returns the
// column whose two falls have the largest product, or sets settled when some column falls below
// the cutoff both ways, or fixes to the columns to fix (each ORed with lpFixUp when at 1) when
// they do one way (nullptr otherwise); fixes holds until the next call.
int solver::strongBranch(double cutoff, int depth, bool &settled, const vec<int> *&fixes) {
    settled = false;
    fixes = nullptr;
    vec<candidate> list;
    lp.rankFractional(list);
    if (list.empty()) return -1;
    double parent = lp.bound();
    lp.trial = true;
    lp.save(&lpSaved_);
    fixes = trySurelyFalling(list, parent, cutoff);
    if (fixes != nullptr) {
        lp.trial = false;
        return -1;
    }
    int strong = tuning_.lpStrong, limit = tuning_.lpStrongLimit;
    if (depth == 0) {
        strong = tuning_.lpRootStrong;  // bench/HISTORY.md, lpRootStrong
        limit = tuning_.lpRootStrongLimit;
    } else if (depth >= tuning_.lpDeepDepth) {
        strong = tuning_.lpDeepStrong;
    }
    int n = std::min(int(list.size()), strong);
    int fix = -1;
    int j = tryBothWays(list, n, parent, cutoff, limit, settled, fix);
    lp.trial = false;
    if (fix >= 0) {
        lpFixes.clear();
        lpFixes.push_back(fix);
        fixes = &lpFixes;
        return -1;
    }
    return j;
}

// rankFractional sets list to the fractional option columns, the surest fall first.
void linearProgram::rankFractional(vec<candidate> &list) {
    list.clear();
    int rs[lpRowsMax];  // the fractional rows, in order
    int n = 0;
    for (int r = 0; r < m; r++) {
        int c = basis[r];
        if (cols[c].opt < 0) continue;
        if (std::fabs(xB[r] - 0.5) < 0.5 - 1e-6) rs[n++] = r;
    }
    // Their penalties four rows to a pass over the columns (penaltiesFour), the rest one a pass.
    for (int t = 0; t < n; t += 4) {
        double down[4], up[4];
        int k = std::min(4, n - t);
        if (k == 4) {
            penaltiesFour(rs + t, down, up);
        } else {
            for (int u = 0; u < k; u++) penalties(rs[t + u], down[u], up[u]);
        }
        for (int u = 0; u < k; u++) {
            int c = basis[rs[t + u]];
            list.push_back(candidate{c, -fmin2(down[u], up[u]) - 1e-3 * fmax2(down[u], up[u]), {down[u], up[u]}});
        }
    }
    // Stable: ties stay in the order of the basis rows, as in main.go.
    stableSort(list.data(), list.size(), [](const candidate &a, const candidate &b) { return a.key < b.key; });
}

// trySurelyFalling tries every side whose penalty alone takes the bound below the cutoff, which
// a pivot or two settles whatever the ranking, and returns the columns whose side does, each to
// be fixed the other way (ORed with lpFixUp when at 1), or nullptr: with lpFixAll every such
// column, so that one re-solve serves them all (each fix holds alone, so together they hold),
// else the first. It leaves the program as saved.
const vec<int> *solver::trySurelyFalling(const vec<candidate> &list, double parent, double cutoff) {
    lpFixes.clear();
    for (const candidate &cand : list) {
        for (int side = 0; side < 2; side++) {
            double fall = cand.penalty[side];
            if (parent - fall >= cutoff) continue;
            double v = double(side);
            lp.setBounds(cand.col, v, v);
            int status = lp.dual(cutoff, tuning_.lpStrongLimit);
            lp.restore(&lpSaved_);
            if (status == lpBelow) {
                int fix = cand.col;  // the side at 1 falls: fixed at 0
                if (side == 0) fix |= lpFixUp;
                lpFixes.push_back(fix);
                if (tuning_.lpFixAll == 0) return &lpFixes;
                break;  // fixed, its other side is not tried
            }
        }
    }
    return lpFixes.empty() ? nullptr : &lpFixes;
}

// tryBothWays tries each of the first n columns of list at 0 and at 1, limit pivots each, and
// returns, as strongBranch does, the column whose two falls have the largest product, or sets
// settled, or a column to fix. It leaves the program as saved.
//
// A trial that does not fall below the cutoff falls at most the gap between the parent's bound
// and the cutoff, so when the fall at 0 times that gap cannot beat the best product so far, the
// trial at 1 is skipped (with lpSecondSide): it could only have found the column to fix at 0.
int solver::tryBothWays(const vec<candidate> &list, int n, double parent, double cutoff, int limit, bool &settled, int &fix) {
    int j = list[0].col;
    double bestScore = -1.0;
    double most = fmax2(parent - cutoff, 1e-6);  // the largest fall of a side that stays above the cutoff
    for (int k = 0; k < n; k++) {
        const candidate &cand = list[k];
        double drop[2] = {0, 0};
        for (int side = 0; side < 2; side++) {
            if (side == 1 && tuning_.lpSecondSide != 0 && fmax2(drop[0], 1e-6) * most <= bestScore) {
                break;  // drop[1] stays 0: this column's product cannot win
            }
            double v = double(side);
            lp.setBounds(cand.col, v, v);
            int status = lp.dual(cutoff, limit);
            double b = lp.bound();
            lp.restore(&lpSaved_);
            if (status == lpBelow) {
                drop[side] = inf;
            } else {
                drop[side] = parent - b;
            }
        }
        bool inf0 = drop[0] == inf, inf1 = drop[1] == inf;
        if (inf0 && inf1) {
            settled = true;
            return -1;
        }
        if (inf0) {
            fix = cand.col | lpFixUp;
            return -1;
        }
        if (inf1) {
            fix = cand.col;
            return -1;
        }
        double score = fmax2(drop[0], 1e-6) * fmax2(drop[1], 1e-6);
        if (score > bestScore) {
            j = cand.col;
            bestScore = score;
        }
    }
    return j;
}

// penaltyStep takes one column into a row's steps, for penalties and penaltiesFour: pushing the
// value up needs a column at hi with a > 0 or at lo with a < 0 (a, the row's entry of the
// column); pushing it down, the signs swap. Inlined, penaltiesFour's four rows' steps stay in
// registers.
static inline void penaltyStep(double a, bool atUpper, double dc, double &up, double &down) {
    double b = atUpper ? a : -a;
    if (b > lpPivotLeast) {
        up = fmin2(up, dc / a);
    } else if (b < -lpPivotLeast) {
        down = fmin2(down, -dc / a);
    }
}

// penalties sets how much the bound falls at least when the basic value of row r is pushed to
// 0 (down) and to 1 (up): the first step of the dual simplex each way, without taking it.
void linearProgram::penalties(int r, double &down, double &up) {
    // The row goes to rho, free outside dual's steps, whose last entry stays 0: the column
    // sums then take all four rows, as in dual.
    std::copy(binv.begin() + size_t(r) * m, binv.begin() + size_t(r) * m + m, rho.begin());
    const double *rh = rho.data();
    const lpColumn *cl = cols.data();
    const double *dj = d.data();
    double stepDown = inf, stepUp = inf;
    const int32_t *nb = nonbasic.data();
    for (int t = 0, n = int(nonbasic.size()); t < n; t++) {
        int j = nb[t];
        const lpColumn *c = &cl[j];
        if (!(c->lo < c->hi)) continue;  // fixed: lo is never above hi
        penaltyStep(rh[c->rows[0]] + rh[c->rows[1]] + rh[c->rows[2]] + rh[c->rows[3]], c->atUpper, dj[j], stepUp, stepDown);
    }
    down = xB[r] * stepDown;
    up = (1 - xB[r]) * stepUp;
}

// penaltiesFour is penalties for the four rows rs in one pass over the columns, each row's
// steps taken in the same order as penalties takes them (see main.go).
void linearProgram::penaltiesFour(const int *rs, double *down, double *up) {
    if (fourRho.size() < size_t(4 * lpRowsMax)) resize(fourRho, 4 * lpRowsMax);  // zero past m for good
    double *v0 = fourRho.data(), *v1 = v0 + lpRowsMax, *v2 = v1 + lpRowsMax, *v3 = v2 + lpRowsMax;
    double *vs[4] = {v0, v1, v2, v3};
    for (int k = 0; k < 4; k++) std::copy(binv.begin() + size_t(rs[k]) * m, binv.begin() + size_t(rs[k]) * m + m, vs[k]);
    const lpColumn *cl = cols.data();
    const double *dj = d.data();
    double down0 = inf, down1 = inf, down2 = inf, down3 = inf, up0 = inf, up1 = inf, up2 = inf, up3 = inf;
    const int32_t *nb = nonbasic.data();
    for (int t = 0, n = int(nonbasic.size()); t < n; t++) {
        int j = nb[t];
        const lpColumn *c = &cl[j];
        if (!(c->lo < c->hi)) continue;  // fixed: lo is never above hi
        int r0 = c->rows[0], r1 = c->rows[1], r2 = c->rows[2], r3 = c->rows[3];
        double dc = dj[j];
        bool atUpper = c->atUpper;
        penaltyStep(v0[r0] + v0[r1] + v0[r2] + v0[r3], atUpper, dc, up0, down0);
        penaltyStep(v1[r0] + v1[r1] + v1[r2] + v1[r3], atUpper, dc, up1, down1);
        penaltyStep(v2[r0] + v2[r1] + v2[r2] + v2[r3], atUpper, dc, up2, down2);
        penaltyStep(v3[r0] + v3[r1] + v3[r2] + v3[r3], atUpper, dc, up3, down3);
    }
    double steps[2][4] = {{down0, down1, down2, down3}, {up0, up1, up2, up3}};
    for (int k = 0; k < 4; k++) {
        down[k] = xB[rs[k]] * steps[0][k];
        up[k] = (1 - xB[rs[k]]) * steps[1][k];
    }
}

// ---------------------------------------------------------------------------------------------
// The root's order of searches.
// ---------------------------------------------------------------------------------------------

// searchRoot explores the whole tree below the givens, in the root's order of searches: it
// takes the forced options, bounds the root with the longer budgets and aims (rootAim), hides
// what cannot beat the best score, descends by patterns within a budget (descentBudget),
// bounds and hides again while the descent leaves a better score, settles the rest (settle)
// and, should that run out, branches under the rows' bound.
void solver::searchRoot() {
    const tuning *tn = &tuning_;
    stats_.nodes++;
    int rounds = rootRowRounds(), patternRounds = tn->rootPatternRounds, aimLimit = rootAim();
    bool probe = true;
    size_t mark = trail.size();
    bool descended = false;  // the root descends by patterns once, when nothing more is hidden
    for (;;) {
        int16_t i;
        bool open = takeForced(i);
        if (!open || !bounds(rounds, patternRounds, probe)) break;
        if (aimLimit > 0 && aim(aimLimit)) break;
        rounds = tn->nodeRounds;  // aim once: a second try would repeat the first
        patternRounds = tn->nodePatternRounds;
        aimLimit = 0;
        probe = false;
        bool early = !descended && descendsFirst();  // the first descent before any hiding
        if (!early && hideHopeless()) continue;
        if (!descended) {
            // The root descends by patterns first, within a budget. When that leaves it open
            // with a better score, the score hides more options: bound and hide again.
            descended = true;
            i64 before = best;
            int budget = descentBudget();
            graceLeft = true;
            testAt = linearTestAt();
            bool settled = descend(budget);
            graceLeft = false;
            testAt = 0;
            if (settled) break;
            if (best != before || early) continue;
        }
        i = branchItem(i);
        if (!settle()) branch(i);
        break;
    }
    undoTo(mark);
}

// descendsFirst reports whether the root's first descent runs before the root hides anything
// (hideHopeless): on a grid of at least descendFirstGivens givens (see main.go).
bool solver::descendsFirst() { return givenCount >= tuning_.descendFirstGivens; }

// rootRowRounds is the rows' subgradient steps at the root: rootRounds, or rowsRootRounds on a
// grid of at least rowsRootGivens givens (see main.go).
int solver::rootRowRounds() {
    if (givenCount >= tuning_.rowsRootGivens) return tuning_.rowsRootRounds;
    return tuning_.rootRounds;
}

// rootAim is the nodes the root's aim may spend: rootAimLimit on a grid of at most aimGivens
// givens, where the linear optimum is most often the answer and the aim meets it, and none
// elsewhere (see main.go).
int solver::rootAim() {
    if (filled() > tuning_.aimGivens) return 0;
    return tuning_.rootAimLimit;
}

// filled counts the cells filled: at the root before its search, the givens; later, the cells
// chosen above the node too.
int solver::filled() {
    int n = 0;
    for (int x = 0; x < cells; x++) {
        if (!active[x]) n++;
    }
    return n;
}

// descentBudget is the nodes the root's first descent may spend (see main.go).
int solver::descentBudget() {
    if (best != minInt && fmin2(bound, pat.bound) - double(best) < tuning_.closeGap && filled() > tuning_.aimGivens) {
        return std::min(tuning_.closeLimit, tuning_.descentLimit);
    }
    return tuning_.descentLimit;
}

// linearTestAt is the node at which the root's first descent, about to start, stops for
// linearTest: linearTestNodes nodes on, on a grid of at least restartGivens givens and fewer
// than linearTestBelow; 0 elsewhere.
i64 solver::linearTestAt() {
    if (givenCount < tuning_.restartGivens || givenCount >= tuning_.linearTestBelow || tuning_.linearTestNodes <= 0) return 0;
    return stats_.proofNodes + tuning_.linearTestNodes;
}

// linearTest runs, at the linearTestNodes-th node of the root's first descent, the linear
// program's root alone, the options the patterns' bound rules out fixed at 0 (fixByPatterns),
// and reports whether its bound, or the aim under its prices (improveByPrices), proves that
// nothing beats the best score; otherwise the descent goes on as it was, the rows' relaxation
// left as it found it (see main.go).
bool solver::linearTest() {
    static rowProblem savedRows[9];
    static int8_t savedUsed[items];
    static int savedPick[cells];
    std::copy(rows, rows + 9, savedRows);
    std::copy(used, used + items, savedUsed);
    std::copy(pick, pick + cells, savedPick);
    double prices[items];
    rowPrices(prices);
    lp.load(this, prices, pick);
    lp.total = lp.trials = lp.flipped = 0;
    stats_.lpNodes++;
    fixByPatterns();
    int status = lp.dual(double(best) + 1 - double(value) - eps, tuning_.lpLimit);
    stats_.lpPivots += lp.total;
    stats_.lpFlips += lp.flipped;
    bool settled = status == lpBelow || (status == lpOptimal && improveByPrices());
    std::copy(savedRows, savedRows + 9, rows);
    std::copy(savedUsed, savedUsed + items, used);
    std::copy(savedPick, savedPick + cells, pick);
    return settled;
}

// fixByPatterns fixes at 0, in the program just loaded, each option column that hideByPatterns
// would hide under the multipliers of the descent's current search (see main.go).
void solver::fixByPatterns() {
    static double through[9][cells];
    for (int d = 0; d < 9; d++) bestThrough(d, through[d]);
    double limit = double(best) + 1 - eps;
    for (int j = 0; j < lp.optionCols; j++) {
        int o = lp.cols[j].opt, x = o / 9, d = o % 9;
        if (descentBound - pat.best[d] + through[d][x] < limit) lp.setBounds(j, 0, 0);
    }
}

// settle is the rest of the root's order of searches: after the first descent, it branches and
// bounds on the linear program, which settles the inputs whose descents grow large; should that
// run out of pivots, it descends again without a budget, from the targets the first descent
// left. It reports whether one settled the subtree.
bool solver::settle() { return linearSettle() || descend(tuning_.proofLimit); }

// ---------------------------------------------------------------------------------------------
// Input and output.
// ---------------------------------------------------------------------------------------------

// fail reports a message, formatted as printf does, on standard error and exits with status.
[[noreturn]] __attribute__((format(printf, 2, 3))) static void fail(int status, const char *format, ...) {
    va_list args;
    va_start(args, format);
    fputs("solution: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(status);
}

// lowerFirst is a C library error message as Go words it: lower-case, in buf.
static const char *lowerFirst(const char *s, char *buf, size_t size) {
    snprintf(buf, size, "%s", s);
    if (buf[0] >= 'A' && buf[0] <= 'Z') buf[0] = char(buf[0] - 'A' + 'a');
    return buf;
}

// errnoText is strerror(errno) as Go words it.
struct errnoText {
    char buf[256];
    const char *get() { return lowerFirst(strerror(errno), buf, sizeof buf); }
};

// quote is Go's %q of the n bytes of tok: printable characters as they are, the rest escaped.
// It returns a string of malloc's, which the caller, about to exit, never frees.
static const char *quote(const char *tok, size_t size) {
    char *q = static_cast<char *>(malloc(4 * size + 3));
    if (q == nullptr) outOfMemory();
    size_t m = 0;
    q[m++] = '"';
    for (size_t i = 0; i < size;) {
        unsigned char c = (unsigned char)tok[i];
        if (c == '"' || c == '\\') {
            q[m++] = '\\';
            q[m++] = char(c);
            i++;
        } else if (c >= 0x20 && c < 0x7f) {
            q[m++] = char(c);
            i++;
        } else if (c == '\a' || c == '\b') {
            q[m++] = '\\';
            q[m++] = c == '\a' ? 'a' : 'b';
            i++;
        } else if (c >= 0xc2 && c < 0xf5) {  // a UTF-8 sequence, kept when well formed
            size_t n = c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
            bool ok = i + n <= size;
            for (size_t k = 1; ok && k < n; k++) ok = ((unsigned char)tok[i + k] & 0xc0) == 0x80;
            if (ok) {
                std::memcpy(q + m, tok + i, n);
                m += n;
                i += n;
            } else {
                m += size_t(snprintf(q + m, 5, "\\x%02x", c));
                i++;
            }
        } else {
            m += size_t(snprintf(q + m, 5, "\\x%02x", c));
            i++;
        }
    }
    q[m++] = '"';
    q[m] = 0;
    return q;
}

// maxInput bounds what is read: a well-formed input is a few hundred bytes.
const size_t maxInput = 1 << 20;

// read takes exactly 81 integers 0..9 separated by any whitespace from f; a fault is reported
// with the line and column where it lies, and exit status 1 (3 when f cannot be read).
static void read(FILE *f, const char *name, int *g) {
    const size_t chunk = 4096;
    static char data[maxInput + chunk];  // untouched beyond what is read: it costs nothing
    size_t size = 0;
    for (;;) {
        size_t n = fread(data + size, 1, chunk, f);
        size += n;
        if (size > maxInput) break;
        if (n < chunk) {
            if (ferror(f)) fail(exitNoInput, "reading %s: %s", name, errnoText().get());
            break;
        }
    }
    if (size > maxInput) fail(exitMalformed, "%s: input longer than %zu bytes, expected 81 numbers", name, maxInput);
    int n = 0, line = 1, col = 1;
    const char *space = " \t\r\n\v\f";
    for (size_t i = 0; i < size;) {
        char b = data[i];
        if (b != 0 && std::strchr(space, b) != nullptr) {
            col++;
            if (b == '\n') {
                line++;
                col = 1;
            }
            i++;
            continue;
        }
        size_t j = i;
        while (j < size && (data[j] == 0 || std::strchr(space, data[j]) == nullptr)) j++;
        const char *tok = data + i;
        size_t length = j - i;
        if (n == cells) {
            fail(exitMalformed, "%s:%d:%d: expected end of input after 81 numbers, found %s", name, line, col, quote(tok, length));
        }
        if (length != 1 || tok[0] < '0' || tok[0] > '9') {
            fail(exitMalformed, "%s:%d:%d: expected a digit 0..9 (number %d of 81), found %s", name, line, col, n + 1,
                 quote(tok, length));
        }
        g[n] = tok[0] - '0';
        n++;
        col += int(j - i);
        i = j;
    }
    if (n < cells) fail(exitMalformed, "%s:%d:%d: expected 81 numbers, found only %d", name, line, col, n);
}

// readInput reads the named file, or "-" for standard input, and names standard output ("")
// for the answer. Without a name (null) it reads sudoku.in when it exists, naming sudoku.out for
// the answer, and standard input otherwise.
static const char *readInput(const char *name, int *givens) {
    if (name != nullptr && std::strcmp(name, "-") == 0) {
        read(stdin, "standard input", givens);
        return "";
    }
    if (name == nullptr) {
        FILE *f = fopen("sudoku.in", "rb");
        if (f == nullptr && errno == ENOENT) {
            read(stdin, "standard input", givens);
            return "";
        }
        if (f == nullptr) fail(exitNoInput, "open sudoku.in: %s", errnoText().get());
        read(f, "sudoku.in", givens);
        fclose(f);
        return "sudoku.out";
    }
    FILE *f = fopen(name, "rb");
    if (f == nullptr && errno == ENOENT) fail(exitNoInput, "%s: no such file", name);
    if (f == nullptr) fail(exitNoInput, "open %s: %s", name, errnoText().get());
    read(f, name, givens);
    fclose(f);
    return "";
}

// write writes the answer, and with showGrid the grid, on the named output ("" for standard
// output), and exits with status exitNoOutput when it cannot.
static void write(const char *out, i64 best, const int *fill, bool showGrid) {
    char b[32 + cells * 2];
    size_t n = size_t(snprintf(b, 32, "%lld\n", best));
    if (showGrid && best >= 0) {
        for (int r = 0; r < 9; r++) {
            for (int c = 0; c < 9; c++) {
                if (c > 0) b[n++] = ' ';
                b[n++] = char('0' + fill[r * 9 + c]);
            }
            b[n++] = '\n';
        }
    }
    if (out[0] == 0) {
        if (fwrite(b, 1, n, stdout) != n || fflush(stdout) != 0) {
            fail(exitNoOutput, "writing standard output: %s", errnoText().get());
        }
        return;
    }
    FILE *f = fopen(out, "wb");
    if (f == nullptr || fwrite(b, 1, n, f) != n || fclose(f) != 0) {
        fail(exitNoOutput, "writing %s: open %s: %s", out, out, errnoText().get());
    }
}

// parseBool is Go's strconv.ParseBool.
static bool parseBool(const char *v, bool &ok) {
    static const char *const yes[] = {"1", "t", "T", "true", "TRUE", "True"};
    static const char *const no[] = {"0", "f", "F", "false", "FALSE", "False"};
    ok = true;
    for (const char *w : yes) {
        if (std::strcmp(v, w) == 0) return true;
    }
    for (const char *w : no) {
        if (std::strcmp(v, w) == 0) return false;
    }
    ok = false;
    return false;
}

}  // namespace

int main(int argc, char **argv) {
    initPatterns();
    initTables();
    {
        byWorth(worthOrder);
        for (int k = 0; k < options; k++) listRank[worthOrder[k]] = int16_t(k);
    }
    // The command line as Go's flag package reads it: flags before the first other argument.
    bool showGrid = false, showStats = false;
    int k = 1;
    for (; k < argc; k++) {
        const char *a = argv[k];
        if (std::strlen(a) < 2 || a[0] != '-') break;
        if (std::strcmp(a, "--") == 0) {
            k++;
            break;
        }
        const char *nm = a + (a[1] == '-' ? 2 : 1);  // the flag's name, up to an '=' and its value
        if (nm[0] == 0 || nm[0] == '-' || nm[0] == '=') fail(exitUsage, "bad flag syntax: %s (solution -h for help)", a);
        const char *val = std::strchr(nm, '=');
        int len = int(val != nullptr ? val - nm : std::strlen(nm));
        if (val != nullptr) val++;
        auto is = [&](const char *name) { return std::strncmp(nm, name, len) == 0 && name[len] == 0; };
        if (is("h") || is("help")) {
            fputs(usage, stdout);
            return 0;
        }
        bool grid = is("grid");
        if (!grid && !is("stats")) fail(exitUsage, "flag provided but not defined: -%.*s (solution -h for help)", len, nm);
        bool v = true, ok = true;
        if (val != nullptr) v = parseBool(val, ok);
        if (!ok) fail(exitUsage, "invalid boolean value \"%s\" for -%.*s: parse error (solution -h for help)", val, len, nm);
        (grid ? showGrid : showStats) = v;
    }
    if (argc - k > 1) fail(exitUsage, "expected at most one FILE, got %d arguments (solution -h for help)", argc - k);

    int givens[cells] = {};
    const char *output = readInput(k < argc ? argv[k] : nullptr, givens);  // read
    solver *s = newSolver();
    int fill[cells];
    i64 best = s->maximize(givens, fill);  // build, dive, the root's searches
    write(output, best, fill, showGrid);    // write
    if (showStats) s->stats_.print(stderr);
    return 0;
}
