// Target sudoku (NOIP 2009 problem 4) in C++14, standard library only: a line-by-line port of the
// kit's reference solution, solution/main.go, for judging systems and contestants that use C++.
// Fill the blanks of a 9x9 sudoku so that the sum of weight x digit over all 81 cells is as large
// as possible, where a cell's weight is 10 - max(|r-4|, |c-4|). Print that maximum, or -1 when
// the givens break a rule or admit no completion.
//
// The model is exact cover with costs, in the manner of Knuth's DLX5: 324 items (one per cell,
// per (row, digit), per (column, digit), per (box, digit)); option "digit d in cell x" names its
// four items and is worth weight(x)*d. The bound is Lagrangian: the (column, digit) and (box,
// digit) items are priced with multipliers, so the relaxation splits into one assignment problem
// per row, solved exactly by the Hungarian method; subgradient steps drive the bound down. The
// assignment duals give each option a reduced cost: options that cannot beat the best score are
// hidden, and a cost-ordered search aims at floor(bound) itself. solution/main.go explains each
// step at length; the names and the order of the steps here are the same.
//
// Input: 81 integers 0..9 separated by any whitespace on standard input (0 is a blank). Output:
// one line on standard output, the maximum. (At NOIP itself, open the contest's input and output
// files with freopen at the top of main.)
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

// ---------------------------------------------------------------------------------------------
// The model: cells, digits, items and options.
// ---------------------------------------------------------------------------------------------

const int cells = 81;
const int items = 4 * cells;  // cell items, then (row, digit), (column, digit), (box, digit) items
const int options = 9 * cells;  // one per (cell, digit)
const int root = items;  // head of the list of active items
const int nodes = items + 4 * options;
const long long none = LLONG_MIN;  // no score found yet
const double inf = HUGE_VAL;

static int rowOf(int x) { return x / 9; }
static int colOf(int x) { return x % 9; }
static int boxOf(int x) { return x / 27 * 3 + x % 9 / 3; }
static int weight(int x) {
    int dr = rowOf(x) - 4, dc = colOf(x) - 4;
    return 10 - std::max(std::max(dr, -dr), std::max(dc, -dc));
}
static int cellItem(int x) { return x; }
static int rowItem(int x, int d) { return cells + rowOf(x) * 9 + d; }
static int colItem(int x, int d) { return 2 * cells + colOf(x) * 9 + d; }
static int boxItem(int x, int d) { return 3 * cells + boxOf(x) * 9 + d; }
static int optionOf(int node) { return (node - items) / 4; }
static int firstNode(int opt) { return items + 4 * opt; }
static int cellOfOption(int o) { return o / 9; }
static int digitOfOption(int o) { return o % 9; }
static int worth(int o) { return weight(cellOfOption(o)) * (digitOfOption(o) + 1); }

// ---------------------------------------------------------------------------------------------
// The data: dancing links, the multipliers, and the search state.
// ---------------------------------------------------------------------------------------------

enum { stepChoose, stepHide };

struct Step {
    int kind;   // stepChoose or stepHide
    int opt;    // the option chosen or hidden
    int found;  // for a choice, the item whose list offered it: covered before the choice
};

const double coldStep = 1.0;  // first step size, as a fraction of Polyak's, from zero multipliers
const double warmStep = 0.1;  // first step size from multipliers tuned at the parent node
const double deflect = 1.0;   // weight of the last direction against zigzags
const double eps = 1e-6;      // slack for floating-point bounds over integer scores
const int rootRounds = 400;   // subgradient steps allowed at the root
const int nodeRounds = 30;    // subgradient steps allowed at any other branching node
const int diveLimit = 100000;  // search nodes the first, unbounded dive may spend
const int rootAimLimit = 20000;  // search nodes aim may spend at the root
const int nodeAimLimit = 2000;   // search nodes aim may spend at any other branching node
const int probeLimit = 200;      // search nodes one probe of tighten may spend

// One row's relaxed problem as a matrix, minimizing negated worths by the Hungarian method.
struct Assignment {
    int n;
    double cost[10][10];  // +inf where no alive option joins the cell and digit
    double u[10], v[10];  // duals: u[i]+v[j] <= cost[i][j], with equality on the matching
    int match[10];        // match[j] is the cell assigned digit j; match[0] is scratch
    bool solved;          // u and match solve this pattern of costs: solve starts from them

    bool solve(double *result) {
        double uu[10] = {0}, vv[10] = {0};
        int mm[10] = {0}, way[10] = {0}, freeRows[10];
        int nfree = 0;
        if (solved) {
            std::memcpy(uu, u, sizeof uu);
            std::memcpy(mm, match, sizeof mm);
            bool matched[10] = {false};
            for (int j = 1; j <= n; j++) {
                double least = inf;
                for (int i = 1; i <= n; i++) least = std::min(least, cost[i][j] - uu[i]);
                if (least == inf) return false;  // no alive option offers digit j
                vv[j] = least;
                int i = mm[j];
                if (cost[i][j] - uu[i] == least) {
                    matched[i] = true;
                } else {
                    mm[j] = 0;
                }
            }
            for (int i = 1; i <= n; i++)
                if (!matched[i]) freeRows[nfree++] = i;
        } else {
            for (int i = 1; i <= n; i++) freeRows[nfree++] = i;
        }
        for (int f = 0; f < nfree; f++) {
            mm[0] = freeRows[f];
            int j0 = 0;
            double minv[10];
            bool used[10] = {false};
            for (int j = 1; j <= n; j++) minv[j] = inf;
            for (;;) {
                used[j0] = true;
                int i0 = mm[j0];
                const double *row = cost[i0];
                double ui = uu[i0], delta = inf;
                int j1 = 0;
                for (int j = 1; j <= n; j++) {
                    if (used[j]) continue;
                    double c = row[j] - ui - vv[j];
                    if (c < minv[j]) minv[j] = c, way[j] = j0;
                    if (minv[j] < delta) delta = minv[j], j1 = j;
                }
                if (delta == inf) return false;  // Hall's condition fails
                for (int j = 0; j <= n; j++) {
                    if (used[j]) {
                        uu[mm[j]] += delta;
                        vv[j] -= delta;
                    } else {
                        minv[j] -= delta;
                    }
                }
                j0 = j1;
                if (mm[j0] == 0) break;
            }
            while (j0 != 0) {
                int j1 = way[j0];
                mm[j0] = mm[j1];
                j0 = j1;
            }
        }
        std::memcpy(u, uu, sizeof u);
        std::memcpy(v, vv, sizeof v);
        std::memcpy(match, mm, sizeof match);
        solved = true;
        double total = 0;
        for (int j = 1; j <= n; j++) total += cost[match[j]][j];
        *result = total;
        return true;
    }
};

// One alive option in its row's cost matrix.
struct Entry {
    double worth;
    int opt;
    int col, box;  // its priced items
    int i, j;      // 1-based assignment row (cell) and column (digit)
};

struct RowProblem : Assignment {
    int cell[9];   // the cell of assignment row i is cell[i-1]
    int digit[9];  // the digit of assignment column j is digit[j-1]
    int start, count;  // the row's alive options: entryBuf[start..start+count)
    double bestU[10], bestV[10];  // the duals of the round that gave the best bound
};

struct Solver {
    // The links. Nodes 0..items-1 head the item lists; option o owns the four consecutive nodes
    // firstNode(o)..firstNode(o)+3, one per item, in the order cell, row, column, box.
    int up[nodes], down[nodes];  // vertical circular lists; a hidden node keeps its own links
    int itm[nodes];              // the item a node belongs to
    int len[items];              // options alive in the item's list
    int prev[items + 1], next[items + 1];  // horizontal list of active items through root
    bool active[items];          // in the horizontal list: not yet covered

    long long value;   // worth of the options chosen so far, givens included
    int fill[cells];   // the digit chosen in each cell, 0 where none is yet
    std::vector<Step> trail;  // chosen and hidden options, in order

    long long best;       // best score found, or none
    int bestFill[cells];  // the grid that scores best

    RowProblem rows[9];
    Entry entryBuf[options];
    double lambda[items];    // multipliers of priced items; 0 for other items
    double reduced[options];  // per alive option: a completion scores bound minus their sum
    double bound;             // the last node bound
    signed char conflict[items];  // how often the best relaxed solution takes each priced item

    double bestLambda[items];
    double dir[items];
    signed char used[items];
    int pick[cells];

    long long rounds;  // subgradient steps so far: the first node starts cold, the others warm

    // ----- build -----

    bool build(const int givens[cells]) {
        for (int i = 0; i < items; i++) {
            up[i] = down[i] = itm[i] = i;
            active[i] = true;
            len[i] = 0;
        }
        for (int i = 0; i <= root; i++) {
            prev[i] = (i + root) % (root + 1);
            next[i] = (i + 1) % (root + 1);
        }
        std::vector<int> order = byWorth();
        for (int o : order) {
            int x = cellOfOption(o), d = digitOfOption(o);
            int its[4] = {cellItem(x), rowItem(x, d), colItem(x, d), boxItem(x, d)};
            for (int k = 0; k < 4; k++) {
                int i = its[k], p = firstNode(o) + k;
                itm[p] = i;
                up[p] = up[i];
                down[p] = i;
                down[up[i]] = p;
                up[i] = p;
                len[i]++;
            }
        }
        for (int x = 0; x < cells; x++) {
            int g = givens[x];
            if (g == 0) continue;
            int o = x * 9 + g - 1;
            for (int k = 0; k < 4; k++)
                if (!active[itm[firstNode(o) + k]]) return false;  // a rule is broken
            cover(itm[firstNode(o)]);
            choose(o, itm[firstNode(o)]);
        }
        trail.clear();  // givens are never undone
        return true;
    }

    // byWorth lists the options in decreasing order of worth, ties by option number.
    static std::vector<int> byWorth() {
        const int most = 10 * 9;
        int start[most + 2] = {0};
        for (int o = 0; o < options; o++) start[worth(o)]++;
        for (int w = most, above = 0; w >= 0; w--) {
            int c = start[w];
            start[w] = above;
            above += c;
        }
        std::vector<int> order(options);
        for (int o = 0; o < options; o++) order[start[worth(o)]++] = o;
        return order;
    }

    // ----- dancing -----

    void hideOthers(int p) {
        int o = firstNode(optionOf(p));
        for (int q = o; q < o + 4; q++)
            if (q != p) unlink(q);
    }
    void unhideOthers(int p) {
        int o = firstNode(optionOf(p));
        for (int q = o + 3; q >= o; q--)
            if (q != p) relink(q);
    }
    void unlink(int q) {
        int u = up[q], d = down[q];
        down[u] = d;
        up[d] = u;
        len[itm[q]]--;
    }
    void relink(int q) {
        int u = up[q], d = down[q];
        down[u] = q;
        up[d] = q;
        len[itm[q]]++;
    }
    void cover(int i) {
        for (int p = down[i]; p != i; p = down[p]) hideOthers(p);
        int l = prev[i], r = next[i];
        next[l] = r;
        prev[r] = l;
        active[i] = false;
    }
    void uncover(int i) {
        int l = prev[i], r = next[i];
        next[l] = i;
        prev[r] = i;
        active[i] = true;
        for (int p = up[i]; p != i; p = up[p]) unhideOthers(p);
    }
    void choose(int o, int found) {
        int p = firstNode(o);
        for (int q = p; q < p + 4; q++) {
            int i = itm[q];
            if (active[i]) cover(i);
        }
        fill[cellOfOption(o)] = digitOfOption(o) + 1;
        value += worth(o);
        Step st = {stepChoose, o, found};
        trail.push_back(st);
    }
    void unchoose(int o, int found) {
        int p = firstNode(o);
        for (int q = p + 3; q >= p; q--) {
            int i = itm[q];
            if (i != found) uncover(i);
        }
        fill[cellOfOption(o)] = 0;
        value -= worth(o);
    }
    void hide(int o) {
        int p = firstNode(o);
        for (int q = p; q < p + 4; q++) unlink(q);
        Step st = {stepHide, o, 0};
        trail.push_back(st);
    }
    void undoTo(size_t mark) {
        while (trail.size() > mark) {
            Step st = trail.back();
            trail.pop_back();
            int p = firstNode(st.opt);
            if (st.kind == stepHide) {
                for (int q = p + 3; q >= p; q--) relink(q);
                continue;
            }
            unchoose(st.opt, st.found);
            uncover(st.found);
        }
    }

    // ----- the bound -----

    void prepare() {
        int k = 0;
        for (int r = 0; r < 9; r++) {
            RowProblem &rp = rows[r];
            int column[9] = {0};
            int m = 0;
            for (int d = 0; d < 9; d++) {
                if (active[cells + r * 9 + d]) {
                    rp.digit[m] = d;
                    m++;
                    column[d] = m;
                }
            }
            rp.n = 0;
            rp.solved = false;
            rp.start = k;
            for (int x = r * 9; x < r * 9 + 9; x++) {
                if (!active[x]) continue;
                rp.cell[rp.n] = x;
                rp.n++;
                for (int p = down[x]; p != x; p = down[p]) {
                    int o = optionOf(p), d = digitOfOption(o);
                    Entry e = {double(worth(o)), o, colItem(x, d), boxItem(x, d), rp.n, column[d]};
                    entryBuf[k++] = e;
                }
            }
            rp.count = k - rp.start;
            for (int i = 1; i <= rp.n; i++)
                for (int j = 1; j <= rp.n; j++) rp.cost[i][j] = inf;
        }
    }

    bool relax(signed char *usedOut, int *pickOut, double *result) {
        double total = double(value);
        for (int r = 0; r < 9; r++) {
            RowProblem &rp = rows[r];
            if (rp.n == 0) continue;
            for (int k = rp.start; k < rp.start + rp.count; k++) {
                const Entry &e = entryBuf[k];
                rp.cost[e.i][e.j] = lambda[e.col] + lambda[e.box] - e.worth;
            }
            double least;
            if (!rp.solve(&least)) return false;
            total -= least;
            for (int j = 1; j <= rp.n; j++) {
                int x = rp.cell[rp.match[j] - 1], d = rp.digit[j - 1];
                pickOut[x] = d;
                usedOut[colItem(x, d)]++;
                usedOut[boxItem(x, d)]++;
            }
        }
        for (int i = 2 * cells; i < items; i++)
            if (active[i]) total += lambda[i];
        *result = total;
        return true;
    }

    bool tighten(int maxRounds, bool probe) {
        prepare();
        double bestBound = inf;
        double theta = coldStep;
        int stall = 0;
        if (rounds > 0) theta = warmStep;
        std::fill(dir, dir + items, 0.0);
        double lastTop = inf, prevBound = inf;
        for (int k = 0; k < maxRounds; k++) {
            rounds++;
            std::memset(used, 0, sizeof used);
            double bnd;
            if (!relax(used, pick, &bnd)) return false;
            if (bnd < bestBound - eps) {
                bestBound = bnd;
                std::memcpy(bestLambda, lambda, sizeof lambda);
                std::memcpy(conflict, used, sizeof used);
                for (int r = 0; r < 9; r++) {
                    std::memcpy(rows[r].bestU, rows[r].u, sizeof rows[r].u);
                    std::memcpy(rows[r].bestV, rows[r].v, sizeof rows[r].v);
                }
                double top = std::floor(bestBound + eps);
                if (top < lastTop) {
                    if (probe && prevBound - bestBound < 1 && top > double(best)) {
                        setReduced();
                        int budget = probeLimit;
                        if (improve(bestBound - top, &budget, false)) {
                            bound = bestBound;
                            return false;
                        }
                    }
                    lastTop = top;
                }
                prevBound = bestBound;
                stall = 0;
            } else if (++stall >= 3) {
                theta /= 2;
                stall = 0;
            }
            if (bestBound < double(best) + 1 - eps) {
                bound = bestBound;
                return false;
            }
            double norm = 0, dot = 0, prevNorm = 0;
            for (int i = 2 * cells; i < items; i++) {
                if (active[i]) {
                    double g = double(1 - used[i]);
                    norm += g * g;
                    dot += g * dir[i];
                    prevNorm += dir[i] * dir[i];
                }
            }
            if (norm == 0) {
                record(pick);  // the relaxation is exact here
                bound = bestBound;
                return false;
            }
            if (theta < 1e-3) break;
            double target = double(best);
            if (best == none) target = bnd - 0.01 * std::fabs(bnd) - 1;
            double beta = 0;
            if (dot < 0 && prevNorm > 0) beta = -deflect * dot / prevNorm;
            double dirNorm = 0;
            for (int i = 2 * cells; i < items; i++) {
                if (active[i]) {
                    dir[i] = double(1 - used[i]) + beta * dir[i];
                    dirNorm += dir[i] * dir[i];
                }
            }
            if (dirNorm < norm / 4) {
                for (int i = 2 * cells; i < items; i++) dir[i] = double(1 - used[i]);
                dirNorm = norm;
            }
            double t = theta * (bnd - target) / dirNorm;
            for (int i = 2 * cells; i < items; i++)
                if (active[i]) lambda[i] -= t * dir[i];
        }
        std::memcpy(lambda, bestLambda, sizeof lambda);
        bound = bestBound;
        setReduced();
        return true;
    }

    void setReduced() {
        for (int r = 0; r < 9; r++) {
            RowProblem &rp = rows[r];
            for (int k = rp.start; k < rp.start + rp.count; k++) {
                const Entry &e = entryBuf[k];
                reduced[e.opt] = lambda[e.col] + lambda[e.box] - e.worth - rp.bestU[e.i] - rp.bestV[e.j];
            }
        }
    }

    void record(const int *pk) {
        long long score = value;
        int f[cells];
        std::memcpy(f, fill, sizeof f);
        for (int x = 0; x < cells; x++) {
            if (active[x]) {
                f[x] = pk[x] + 1;
                score += weight(x) * f[x];
            }
        }
        if (score > best) {
            best = score;
            std::memcpy(bestFill, f, sizeof f);
        }
    }

    // ----- the search -----

    long long maximize(const int givens[cells]) {
        best = none;
        value = 0;
        rounds = 0;
        std::memset(fill, 0, sizeof fill);
        std::memset(lambda, 0, sizeof lambda);
        trail.reserve(4096);
        if (!build(givens)) return -1;
        int budget = diveLimit;
        if (!dive(&budget) && budget >= 0) return -1;  // nothing completes the givens
        search(rootRounds, rootAimLimit);
        if (best == none) return -1;
        return best;
    }

    int fewest() {
        int b = root, bestLen = INT_MAX;
        for (int i = next[root]; i != root; i = next[i]) {
            if (len[i] < bestLen) {
                b = i;
                bestLen = len[i];
                if (bestLen <= 1) break;
            }
        }
        return b;
    }

    bool dive(int *budget) {
        if (--*budget < 0) return false;
        int i = fewest();
        if (i == root) {
            record(nullptr);
            return true;
        }
        cover(i);
        for (int p = down[i]; p != i; p = down[p]) {
            int o = optionOf(p);
            size_t mark = trail.size();
            choose(o, i);
            bool found = dive(budget);
            trail.resize(mark);
            unchoose(o, i);
            if (found || *budget < 0) {
                uncover(i);
                return found;
            }
        }
        uncover(i);
        return false;
    }

    void search(int maxRounds, int aimLimit) {
        size_t mark = trail.size();
        searchBelow(maxRounds, aimLimit);
        undoTo(mark);
    }

    void searchBelow(int maxRounds, int aimLimit) {
        int i;
        for (;;) {
            i = fewest();
            if (i == root) {
                record(nullptr);
                return;
            }
            if (len[i] == 0) return;
            if (len[i] == 1) {
                cover(i);
                choose(optionOf(down[i]), i);
                continue;
            }
            if (!tighten(maxRounds, aimLimit > 0)) return;
            if (aimLimit > 0 && aim(aimLimit)) return;
            maxRounds = nodeRounds;
            aimLimit = 0;
            if (best == none || !hideAbove(bound - double(best) - 1)) break;
        }
        int c = conflicted();
        if (c != root) i = c;
        branch(i);
    }

    void branch(int i) {
        int opts[9];
        int n = 0;
        for (int p = down[i]; p != i; p = down[p]) opts[n++] = optionOf(p);
        sortByReduced(opts, n);
        double bounds[9];
        for (int k = 0; k < n; k++) bounds[k] = bound - reduced[opts[k]];
        std::vector<double> saved(lambda, lambda + items);
        cover(i);
        for (int k = 0; k < n; k++) {
            if (bounds[k] < double(best) + 1 - eps) break;
            std::copy(saved.begin(), saved.end(), lambda);
            size_t mark = trail.size();
            choose(opts[k], i);
            search(nodeRounds, nodeAimLimit);
            trail.resize(mark);
            unchoose(opts[k], i);
        }
        uncover(i);
        std::copy(saved.begin(), saved.end(), lambda);
    }

    int conflicted() {
        int b = root, bestLen = INT_MAX;
        for (int i = next[root]; i != root; i = next[i]) {
            if (i >= 2 * cells && conflict[i] != 1 && len[i] < bestLen) {
                b = i;
                bestLen = len[i];
            }
        }
        return b;
    }

    bool aim(int budget) {
        long long top = (long long)std::floor(bound + eps);
        bool open = false;
        for (long long target = top; target > best; target--) {
            if (budget < 2) return false;
            int share = budget / 2;
            budget -= share;
            bool found = improve(bound - double(target), &share, true);
            if (found) return !open;
            if (share < 0) {
                open = true;
            } else {
                budget += share;
            }
        }
        return !open;
    }

    bool improve(double room, int *budget, bool cut) {
        size_t mark = trail.size();
        hideAbove(room);
        bool found = false;
        if (cut || !openCostOver(room + eps)) found = reach(room, budget, cut);
        undoTo(mark);
        return found;
    }

    bool reach(double room, int *budget, bool cut) {
        if (--*budget < 0) return false;
        int i = fewest();
        if (i == root) {
            record(nullptr);
            return true;
        }
        if (len[i] == 0 || (cut && openCostOver(room + eps))) return false;
        int opts[9];
        int n = 0;
        for (int p = down[i]; p != i; p = down[p]) opts[n++] = optionOf(p);
        sortByReduced(opts, n);
        cover(i);
        for (int k = 0; k < n; k++) {
            int o = opts[k];
            size_t mark = trail.size();
            choose(o, i);
            bool found;
            double r = reduced[o];
            if (r > eps) {
                found = improve(room - r, budget, cut);
            } else {
                found = reach(room, budget, cut);
            }
            trail.resize(mark);
            unchoose(o, i);
            if (found || *budget < 0) {
                uncover(i);
                return found;
            }
        }
        uncover(i);
        return false;
    }

    bool hideAbove(double limit) {
        bool hid = false;
        for (int x = 0; x < cells; x++) {
            if (!active[x]) continue;
            for (int p = down[x]; p != x;) {
                int o = optionOf(p);
                p = down[p];  // before hide unlinks o's node
                if (reduced[o] > limit + eps) {
                    hide(o);
                    hid = true;
                }
            }
        }
        return hid;
    }

    bool openCostOver(double limit) {
        double byKind[4] = {0, 0, 0, 0};
        for (int i = next[root]; i != root; i = next[i]) {
            double cheapest = inf;
            for (int p = down[i]; p != i; p = down[p]) cheapest = std::min(cheapest, reduced[optionOf(p)]);
            int k = i / cells;
            byKind[k] += cheapest;
            if (byKind[k] > limit) return true;
        }
        return false;
    }

    // sortByReduced orders a handful of options by increasing reduced cost, stably.
    void sortByReduced(int *opts, int n) {
        for (int a = 1; a < n; a++)
            for (int b = a; b > 0 && reduced[opts[b]] < reduced[opts[b - 1]]; b--) std::swap(opts[b], opts[b - 1]);
    }
};

static Solver solver;  // large: kept off the stack

// read takes exactly 81 integers 0..9 separated by any whitespace.
static bool read(int givens[cells]) {
    for (int x = 0; x < cells; x++) {
        int g;
        if (std::scanf("%d", &g) != 1 || g < 0 || g > 9) return false;
        givens[x] = g;
    }
    return true;
}

int main() {
    int givens[cells];
    if (!read(givens)) {
        std::fprintf(stderr, "target: expected 81 integers 0..9 on standard input\n");
        return 1;
    }
    std::printf("%lld\n", solver.maximize(givens));
    return 0;
}
