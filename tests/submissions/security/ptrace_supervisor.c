/* Attaches to the supervisor, process 1, with ptrace, so that the supervisor dies with it,
 * then spins: a program that runs past the time limit gets TLE, not a failure of the judge. */
#include <sys/ptrace.h>

#ifndef PTRACE_O_EXITKILL
#define PTRACE_O_EXITKILL (1 << 20)
#endif

int main(void) {
	ptrace(PTRACE_SEIZE, 1, 0, PTRACE_O_EXITKILL);
	for (;;) {
	}
}
