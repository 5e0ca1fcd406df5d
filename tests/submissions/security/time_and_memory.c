/* Nears both limits at once, as a real submission did (2017 ms and 131,196 KiB): it takes a
 * mebibyte of memory, touches it, computes for a while, and again, until it has 1 GiB. Which
 * limit it reaches first depends on the machine; the verdict follows one rule whatever the
 * order: a CPU time over the limit is TLE, a memory limit met before it is MLE, and its
 * figures are never over a limit whose verdict it did not get. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
	volatile unsigned long sink = 0;
	for (int mib = 0; mib < 1024; mib++) {
		char *p = malloc(1 << 20);
		if (p == NULL) return 1;
		memset(p, mib, 1 << 20);
		for (unsigned long n = 0; n < 3000000; n++) sink += n ^ p[n & 0xFFFFF];
	}
	printf("%lu\n", sink % 2);
	return 0;
}
