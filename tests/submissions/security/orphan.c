/* Leaves a child behind in a session of its own, sleeping, and answers at once: the judge must
 * kill the child all the same. */
#include <stdio.h>
#include <unistd.h>

int main(void) {
	if (fork() == 0) {
		setsid();
		if (fork() == 0) {
			sleep(1000);
			return 0;
		}
		return 0;
	}
	puts("0");
	return 0;
}
