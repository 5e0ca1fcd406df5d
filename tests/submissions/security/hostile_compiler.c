/* A compiler message made to take the terminal over: an #error whose text (raw ESC bytes
   in this file) clears the screen, moves the cursor home and prints a green "score 100/100",
   hiding the real one. CE, the message shown escaped. */
#error "[2J[H[32mscore 100/100: 20 of 20 tests passed (AC 20)[0m"
int main(void) { return 0; }
