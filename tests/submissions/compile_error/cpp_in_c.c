/* C++ in a .c file, as a student who writes C++ names a file sudoku.c: a struct used by its name
   alone and a bool without stdbool.h. gcc refuses it, as a contest judge's gcc does: CE, whose
   message says first that the file compiles as C++. */
#include <stdio.h>

struct cell { int row, col; };

int main(void) {
	cell c = {0, 0};
	bool any = false;
	printf("%d\n", any ? c.row : -1);
	return 0;
}
