// Classic sudoku in C++14, standard library only: the kit's accepted C++ submission for the classic
// problem, beside the reference solution solution/classic/main.go.
//
// Input, on standard input: one puzzle per line, 81 characters row by row, '1'-'9' for a given and
// '.' or '0' for a blank; spaces, tabs and a carriage return at either end of a line are ignored;
// empty lines and lines starting with '#' are skipped; a line "end", or the end of the input,
// stops. Output: one line per puzzle, its 81 digits, or "no solution" when nothing completes it
// (givens that break a rule included). A puzzle with several solutions gets one of them.
//
// The search is depth-first over bit masks of the digits each row, column and box still lacks,
// always filling the blank cell with the fewest candidates first.
#include <cstdio>
#include <iostream>
#include <string>

namespace {

int rows[9], cols[9], boxes[9];  // bit d set: digit d+1 is still free there
int grid[81];

int boxOf(int x) { return x / 27 * 3 + x % 9 / 3; }

int popcount(int m) {
    int n = 0;
    for (; m != 0; m &= m - 1) n++;
    return n;
}

bool solve() {
    int bestCell = -1, bestMask = 0, bestCount = 10;
    for (int x = 0; x < 81; x++) {
        if (grid[x] != 0) continue;
        int m = rows[x / 9] & cols[x % 9] & boxes[boxOf(x)];
        int c = popcount(m);
        if (c < bestCount) {
            bestCell = x, bestMask = m, bestCount = c;
            if (c <= 1) break;
        }
    }
    if (bestCell < 0) return true;  // no blank left
    int x = bestCell, r = x / 9, c = x % 9, b = boxOf(x);
    for (int m = bestMask; m != 0; m &= m - 1) {
        int bit = m & -m, d = 0;
        while ((1 << d) != bit) d++;
        grid[x] = d + 1;
        rows[r] ^= bit, cols[c] ^= bit, boxes[b] ^= bit;
        if (solve()) return true;
        rows[r] ^= bit, cols[c] ^= bit, boxes[b] ^= bit;
    }
    grid[x] = 0;
    return false;
}

// answer solves one puzzle line of 81 characters.
std::string answer(const std::string &line) {
    for (int i = 0; i < 9; i++) rows[i] = cols[i] = boxes[i] = 0x1ff;
    for (int x = 0; x < 81; x++) {
        char ch = line[x];
        grid[x] = (ch >= '1' && ch <= '9') ? ch - '0' : 0;
        if (grid[x] == 0) continue;
        int bit = 1 << (grid[x] - 1), r = x / 9, c = x % 9, b = boxOf(x);
        if (!(rows[r] & cols[c] & boxes[b] & bit)) return "no solution";  // two equal givens
        rows[r] ^= bit, cols[c] ^= bit, boxes[b] ^= bit;
    }
    if (!solve()) return "no solution";
    std::string out(81, '0');
    for (int x = 0; x < 81; x++) out[x] = char('0' + grid[x]);
    return out;
}

std::string trim(const std::string &s) {
    size_t a = s.find_first_not_of(" \t\r"), b = s.find_last_not_of(" \t\r");
    return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

}  // namespace

int main() {
    std::ios::sync_with_stdio(false);
    std::string line;
    while (std::getline(std::cin, line)) {
        line = trim(line);
        if (line.empty() || line[0] == '#') continue;
        if (line == "end") break;
        if (line.size() != 81) {
            std::cerr << "classic: a line of " << line.size() << " characters, want 81\n";
            return 1;
        }
        std::cout << answer(line) << '\n';
    }
    return 0;
}
