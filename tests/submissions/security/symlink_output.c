/* Makes sudoku.out a symbolic link to a file outside its folder, hoping the judge reads that
 * file as its answer: the judge does not follow it, a presentation error. */
#include <unistd.h>

int main(void) {
	symlink("/etc/hostname", "sudoku.out");
	return 0;
}
