/* Sends every signal to its parent and to process 1, the sandbox's supervisor, hoping to end
 * the run without a verdict; then answers 0, a wrong answer. */
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
	pid_t parent = getppid();
	for (int sig = 1; sig < 32; sig++) {
		if (sig == SIGCHLD) continue;
		kill(parent, sig);
		kill(1, sig);
	}
	puts("0");
	return 0;
}
