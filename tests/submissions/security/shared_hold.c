/* Holds a 1 GiB MAP_SHARED mapping, touched, for seconds: stopped at the memory limit at once,
 * MLE, not at the end of the run, and not TLE. */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(void) {
	size_t size = (size_t)1 << 30;
	char *shared = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared == MAP_FAILED) return 1;
	memset(shared, 1, size);
	sleep(10);
	puts("2855");
	return 0;
}
