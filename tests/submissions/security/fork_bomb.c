/* Forks without end, every child too: the process limit holds them, they spin on failed forks
 * until the CPU time limit, and none is left afterwards. */
#include <unistd.h>

int main(void) {
	for (;;) fork();
}
