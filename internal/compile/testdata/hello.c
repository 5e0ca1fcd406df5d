#include <stdio.h>
#include <math.h>

int main(void) {
	printf("%d\n", (int)sqrt(2906.0 * 2906.0));
	return 0;
}
