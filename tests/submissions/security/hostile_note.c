/* Opens files whose names (raw UTF-8 in this file) hold a C1 control (U+009B, CSI in one
   character) that clears the screen, and a right-to-left override that shows the name
   backwards; then prints a score wrapped in a window title, a screen clear and a green colour.
   WA, the output, the checker's message and the note naming the files shown escaped. */
#include <stdio.h>

int main(void) {
	if (!fopen("2JHscore 100.in", "r") && !fopen("‮ni.sudoku.in", "r"))
		puts("\x1b]0;judge: AC\x07\x1b[2J\x1b[H\x1b[32m2906\x1b[0m\xc2\x9b" "2J");
	return 0;
}
