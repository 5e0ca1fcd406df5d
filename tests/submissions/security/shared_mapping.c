/* Hides memory from a count of private pages: touches a 256 MiB MAP_SHARED region, then
 * starts eight children that each touch it again and wait, so that every process shows it as
 * shared. Counted once, it is still twice the 128 MiB limit: MLE. */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
	size_t size = 256 << 20, page = 4096;
	char *shared = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared == MAP_FAILED) return 1;
	memset(shared, 1, size);
	for (int i = 0; i < 8; i++) {
		if (fork() == 0) {
			for (size_t at = 0; at < size; at += page) shared[at] = (char)i;
			sleep(30);
			_exit(0);
		}
	}
	while (wait(NULL) > 0) {
	}
	puts("2855");
	return 0;
}
