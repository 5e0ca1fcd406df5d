// Allocates 1 GiB in one vector, which zeroes, so touches, every byte: over the memory limit.
#include <cstdio>
#include <vector>

int main() {
	std::vector<char> big(1 << 30);
	std::printf("%d\n", big[12345]);
}
