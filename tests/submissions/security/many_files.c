/* 58 processes, each opening as many files as it may (up to 20,000: the open-file limit stops
 * it far sooner) and then spinning: TLE at about the limit, the kernel's count of the CPU time
 * of all of them, and a judge that watches them at the same small cost as one process. */
#include <fcntl.h>
#include <unistd.h>

int main(void) {
	for (int i = 1; i < 58; i++) {
		if (fork() == 0) break;
	}
	for (int i = 0; i < 20000; i++) {
		if (open("/dev/null", O_RDONLY) < 0) break;
	}
	for (volatile unsigned long n = 0;; n++) {
	}
}
