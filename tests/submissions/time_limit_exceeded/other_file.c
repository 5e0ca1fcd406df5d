/* Reads code.in and writes code.out, the files of another judge's problem, as a student's
   template does. The judge gives sudoku.in: freopen fails, scanf reads nothing, and the search
   starts from the empty grid, whose completions it enumerates without end: TLE on every test, as
   on a contest's judge. The report's note names code.in and code.out. */
#include <stdio.h>

static int grid[81], rowUsed[9], colUsed[9], boxUsed[9], best = -1;

static int weight(int x) {
	int r = x / 9 - 4, c = x % 9 - 4;
	r = r < 0 ? -r : r, c = c < 0 ? -c : c;
	return 10 - (r > c ? r : c);
}

static void search(int x, int score) {
	int d, b;
	if (x == 81) {
		if (score > best) best = score;
		return;
	}
	if (grid[x]) {
		search(x + 1, score + weight(x) * grid[x]);
		return;
	}
	b = x / 27 * 3 + x % 9 / 3;
	for (d = 1; d <= 9; d++) {
		int bit = 1 << d;
		if ((rowUsed[x / 9] | colUsed[x % 9] | boxUsed[b]) & bit) continue;
		rowUsed[x / 9] |= bit, colUsed[x % 9] |= bit, boxUsed[b] |= bit;
		search(x + 1, score + weight(x) * d);
		rowUsed[x / 9] &= ~bit, colUsed[x % 9] &= ~bit, boxUsed[b] &= ~bit;
	}
}

int main(void) {
	int x, b;
	freopen("code.in", "r", stdin);
	freopen("code.out", "w", stdout);
	for (x = 0; x < 81; x++) {
		scanf("%d", &grid[x]);
		if (grid[x]) {
			b = x / 27 * 3 + x % 9 / 3;
			rowUsed[x / 9] |= 1 << grid[x], colUsed[x % 9] |= 1 << grid[x], boxUsed[b] |= 1 << grid[x];
		}
	}
	search(0, 0);
	printf("%d\n", best);
	return 0;
}
