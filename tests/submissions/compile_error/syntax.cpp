// A missing semicolon: a compilation error.
#include <cstdio>

int main() {
	std::printf("%d\n", 2906)
}
