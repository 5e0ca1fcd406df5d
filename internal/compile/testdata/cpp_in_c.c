/* C++ in a .c file: a struct used by its name alone, a reference and a bool. */
#include <stdio.h>

struct node { int row, free; };

static int count(node &n) { bool empty = n.free > 0; return empty ? n.free : 0; }

int main(void) {
	node n = {0, 2906};
	printf("%d\n", count(n));
	return 0;
}
