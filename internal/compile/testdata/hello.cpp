#include <iostream>
#include <vector>

int main() {
	std::vector<int> v{2900, 6};
	auto sum = 0;
	for (auto x : v) sum += x;
	std::cout << sum << "\n";
}
