/* accepted/dfs.c that prints 0, not -1, when nothing completes the puzzle, as
 * wrong_answer/never_minus_one.go does: a wrong answer on exactly the tests without completion.
 * The scripts judge it every day, the Go program in the long tier: the C one builds in a tenth
 * of the time. */
#include <stdio.h>
#include <stdlib.h>

static int rowUsed[9], colUsed[9], boxUsed[9], weight[81], blank[81], blanks, best = -1;

static int boxOf(int x) { return x / 27 * 3 + x % 9 / 3; }
static int candidates(int x) { return ~(rowUsed[x / 9] | colUsed[x % 9] | boxUsed[boxOf(x)]) & 0x3FE; }
static void toggle(int x, int d) {
	rowUsed[x / 9] ^= 1 << d;
	colUsed[x % 9] ^= 1 << d;
	boxUsed[boxOf(x)] ^= 1 << d;
}

static void search(int depth, int score) {
	int bound = score, pick = -1, fewest = 10, i, x, c, d, t;
	if (depth == blanks) {
		if (score > best) best = score;
		return;
	}
	for (i = depth; i < blanks; i++) {
		int cand = candidates(blank[i]), n = __builtin_popcount(cand);
		if (n == 0) return;
		if (n < fewest) fewest = n, pick = i;
		bound += weight[blank[i]] * (31 - __builtin_clz(cand));
	}
	if (bound <= best) return;
	t = blank[depth], blank[depth] = blank[pick], blank[pick] = t;
	x = blank[depth], c = candidates(x);
	for (d = 9; d >= 1; d--) {
		if (!(c >> d & 1)) continue;
		toggle(x, d);
		search(depth + 1, score + weight[x] * d);
		toggle(x, d);
	}
	t = blank[depth], blank[depth] = blank[pick], blank[pick] = t;
}

int main(void) {
	int x, d, score = 0, clash = 0;
	for (x = 0; x < 81; x++) {
		int dr = abs(x / 9 - 4), dc = abs(x % 9 - 4);
		if (scanf("%d", &d) != 1) return 1;
		weight[x] = 10 - (dr > dc ? dr : dc);
		if (d == 0) {
			blank[blanks++] = x;
			continue;
		}
		if ((rowUsed[x / 9] | colUsed[x % 9] | boxUsed[boxOf(x)]) >> d & 1) clash = 1;
		toggle(x, d);
		score += weight[x] * d;
	}
	if (!clash) search(0, score);
	printf("%d\n", best < 0 ? 0 : best);
	return 0;
}
