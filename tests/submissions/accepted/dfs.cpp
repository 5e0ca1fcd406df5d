// Target sudoku by depth-first search: the blank with the fewest candidates first, digits from
// 9 down, every completion scored; a branch ends when even its highest candidates cannot beat the
// best score found. Contest file I/O: sudoku.in, sudoku.out.
#include <algorithm>
#include <cstdio>
#include <cstdlib>

static int cell[81], rowUsed[9], colUsed[9], boxUsed[9], weight[81], blank[81], blanks, best = -1;

static int boxOf(int x) { return x / 27 * 3 + x % 9 / 3; }
static int candidates(int x) { return ~(rowUsed[x / 9] | colUsed[x % 9] | boxUsed[boxOf(x)]) & 0x3FE; }
static void toggle(int x, int d) {
	rowUsed[x / 9] ^= 1 << d;
	colUsed[x % 9] ^= 1 << d;
	boxUsed[boxOf(x)] ^= 1 << d;
}

static void search(int depth, int score) {
	if (depth == blanks) {
		best = std::max(best, score);
		return;
	}
	int bound = score, pick = -1, fewest = 10;
	for (int i = depth; i < blanks; i++) {
		int c = candidates(blank[i]), n = __builtin_popcount(c);
		if (n == 0) return;
		if (n < fewest) fewest = n, pick = i;
		bound += weight[blank[i]] * (31 - __builtin_clz(c));
	}
	if (bound <= best) return;
	std::swap(blank[depth], blank[pick]);
	int x = blank[depth], c = candidates(x);
	for (int d = 9; d >= 1; d--) {
		if (!(c >> d & 1)) continue;
		toggle(x, d);
		search(depth + 1, score + weight[x] * d);
		toggle(x, d);
	}
	std::swap(blank[depth], blank[pick]);
}

int main() {
	FILE *in = std::fopen("sudoku.in", "r"), *out = std::fopen("sudoku.out", "w");
	int score = 0;
	bool clash = false;
	for (int x = 0; x < 81; x++) {
		if (std::fscanf(in, "%d", &cell[x]) != 1) return 1;
		weight[x] = 10 - std::max(std::abs(x / 9 - 4), std::abs(x % 9 - 4));
		int d = cell[x];
		if (d == 0) {
			blank[blanks++] = x;
			continue;
		}
		if ((rowUsed[x / 9] | colUsed[x % 9] | boxUsed[boxOf(x)]) >> d & 1) clash = true;
		toggle(x, d);
		score += weight[x] * d;
	}
	if (!clash) search(0, score);
	std::fprintf(out, "%d\n", best);
	return 0;
}
