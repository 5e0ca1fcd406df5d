/* Hides memory from a count of private pages: eight children touch the same 256 MiB
 * MAP_SHARED region and wait. Counted once, it is still twice the 128 MiB limit: MLE. */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
	size_t size = 256 << 20;
	char *shared = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared == MAP_FAILED) return 1;
	for (int i = 0; i < 8; i++) {
		if (fork() == 0) {
			memset(shared, i, size);
			sleep(30);
			_exit(0);
		}
	}
	while (wait(NULL) > 0) {
	}
	puts("2855");
	return 0;
}
