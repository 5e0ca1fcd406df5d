/* Computes forever: over the CPU time limit. */
int main(void) {
	volatile unsigned long n = 0;
	for (;;) n++;
}
