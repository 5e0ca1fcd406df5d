/* Declares a 1.5 GiB static array, which the kernel cannot load under the memory limit: MLE,
 * as a judge with a memory control group says, not a segmentation fault. */
#include <stdio.h>

static char huge[3u << 29];

int main(void) {
	unsigned at;
	if (scanf("%u", &at) != 1) return 1;
	huge[at * 4096u % sizeof huge] = 1;
	printf("%d\n", huge[12345 * 4096u] - 1);
	return 0;
}
