// Throws an exception whose what() sets the terminal's title (OSC), moves the cursor up and
// erases lines, then forges a green score: RE, the message shown escaped.
#include <stdexcept>

int main() {
	throw std::runtime_error("\x1b]0;judge: AC\x07\x1b[1A\x1b[2K\x1b[1A\x1b[2K\x1b[32mscore 100/100\x1b[0m \u009b2J");
}
