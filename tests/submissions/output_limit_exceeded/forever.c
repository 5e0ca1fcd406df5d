/* Prints forever on standard output: over the output limit. */
#include <stdio.h>

int main(void) {
	for (;;) puts("2906");
}
