#include <cstdio>

int main() {
	int v[]{2900, 6};
	auto sum = 0;
	for (auto x : v) sum += x;
	std::printf("%d\n", sum);
}
