/* Hides memory in memory files that it never maps: 64 files from memfd_create, 8 MiB each
 * (each under the output limit, which every file written counts against), 512 MiB in all,
 * written with write() and held open: MLE. */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(void) {
	static char chunk[1 << 20];
	memset(chunk, 7, sizeof chunk);
	for (int f = 0; f < 64; f++) {
		int fd = memfd_create("hidden", 0);
		if (fd < 0) return 1;
		for (int i = 0; i < 8; i++) {
			if (write(fd, chunk, sizeof chunk) != sizeof chunk) return 2;
		}
	}
	sleep(10);
	puts("2855");
	return 0;
}
