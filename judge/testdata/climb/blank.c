/* A planted submission for climb mode, right on every grid with at most one blank that breaks
 * no rule (the grids a climb with --givens 80-81 makes), whose time
 * depends on its input in a known way: it spins for a second of CPU time when the blank cell
 * lies in the bottom row, and takes no time otherwise. Built with -DWRONG it never spins, but
 * answers one less than the best score when the blank lies in the top-left box; with -DFAST
 * it never spins. */
#include <stdio.h>
#include <time.h>

int main(void) {
	int g[81], blank = -1, x, d, score = 0;
	for (x = 0; x < 81; x++) {
		if (scanf("%d", &g[x]) != 1) return 1;
		if (g[x] == 0) blank = x;
	}
	if (blank >= 0) {
		int r = blank / 9, c = blank % 9, digit = 0;
		for (d = 1; d <= 9 && !digit; d++) {
			int used = 0, i;
			for (i = 0; i < 9; i++) {
				int box = (r / 3 * 3 + i / 3) * 9 + c / 3 * 3 + i % 3;
				if (g[r * 9 + i] == d || g[i * 9 + c] == d || g[box] == d) used = 1;
			}
			if (!used) digit = d;
		}
		g[blank] = digit;
	}
	for (x = 0; x < 81; x++) {
		int dr = x / 9 - 4, dc = x % 9 - 4, ring;
		if (dr < 0) dr = -dr;
		if (dc < 0) dc = -dc;
		ring = dr > dc ? dr : dc;
		if (g[x] == 0) score = -1;
		if (score >= 0) score += (10 - ring) * g[x];
	}
#if defined(WRONG)
	if (blank >= 0 && blank / 27 == 0 && blank % 9 < 3 && score > 0) score--;
#elif !defined(FAST)
	if (blank >= 72) {
		volatile unsigned long spin = 0;
		while (clock() < CLOCKS_PER_SEC) spin++;
	}
#endif
	printf("%d\n", score);
	return 0;
}
