/* Hides memory in a memory file that it never maps: 512 MiB written with write() into
 * memfd_create's file, held open: MLE. */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(void) {
	static char chunk[1 << 20];
	memset(chunk, 7, sizeof chunk);
	int fd = memfd_create("hidden", 0);
	if (fd < 0) return 1;
	for (int i = 0; i < 512; i++) {
		if (write(fd, chunk, sizeof chunk) != sizeof chunk) return 2;
	}
	sleep(10);
	puts("2855");
	return 0;
}
