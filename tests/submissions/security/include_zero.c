/* Includes /dev/zero, an endless file the preprocessor reads into memory: the compiler is
 * stopped at its memory or time limit, CE, long before it takes the machine's memory. */
#include "/dev/zero"

int main(void) { return 0; }
