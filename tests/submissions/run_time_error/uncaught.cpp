// Throws an exception no one catches: std::terminate aborts, SIGABRT.
#include <stdexcept>

int main() { throw std::runtime_error("no completion"); }
