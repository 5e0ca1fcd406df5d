/* Writes through a null pointer: killed by SIGSEGV. */
#include <stdio.h>

int main(void) {
	volatile int *nowhere = 0;
	*nowhere = 2906;
	printf("%d\n", *nowhere);
	return 0;
}
