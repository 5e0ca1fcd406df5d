// Output validator of classic sudoku, for problem packages (Kattis, DOMjudge): C++14, standard
// library only. It gives the verdict of the kit's checker (`checker check --problem classic
// --kattis`, internal/answer), and a Go test runs both on the same files and requires the same
// verdict.
//
//   output_validator INPUT ANSWER FEEDBACK_DIR < OUTPUT
//
// Line i of the output answers puzzle i of the input: a solution (any one, as a puzzle may have
// several) or "no solution" exactly where there is none, with any spaces, tabs and CR around;
// nothing but whitespace may follow the last line. The jury's answer has the same format and is
// checked first. Exit status: 42 accepted, 43 wrong answer (a malformed output included), 3 when
// the jury's files are at fault. The verdict's line, as testlib writes it ("ok ...", "wrong answer
// ...", "wrong output format ...", "FAIL ..."), goes to FEEDBACK_DIR/judgemessage.txt and standard
// error. A UTF-8 byte-order mark before the output is skipped, as testlib skips one.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

const int exitAccepted = 42, exitWrong = 43, exitFail = 3;
const size_t maxLine = 256;         // the longest line read, without its line end
const long maxOutput = 1L << 20;  // the most bytes read after the last line
const char *noSolution = "no solution";

std::string feedbackDir;

// verdict writes the verdict's line and exits with its code.
[[noreturn]] void verdict(int code, const std::string &line) {
    std::string path = feedbackDir + "/judgemessage.txt";
    FILE *f = feedbackDir.empty() ? nullptr : std::fopen(path.c_str(), "w");
    if (f == nullptr || std::fprintf(f, "%s\n", line.c_str()) < 0 || std::fclose(f) != 0) {
        std::fprintf(stderr, "FAIL writing the verdict to %s\n", path.c_str());
        std::exit(exitFail);
    }
    std::fprintf(stderr, "%s\n", line.c_str());
    std::exit(code);
}
[[noreturn]] void fail(const std::string &why) { verdict(exitFail, "FAIL " + why); }
[[noreturn]] void wrong(const std::string &why) { verdict(exitWrong, "wrong answer " + why); }
[[noreturn]] void malformed(const std::string &why) { verdict(exitWrong, "wrong output format " + why); }
[[noreturn]] void accept(const std::string &why) { verdict(exitAccepted, "ok " + why); }

bool isSpace(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

std::string trim(const std::string &s) {
    size_t a = s.find_first_not_of(" \t\r");
    if (a == std::string::npos) return "";
    size_t b = s.find_last_not_of(" \t\r");
    return s.substr(a, b - a + 1);
}

// Lines reads a file line by line, a line at most maxLine bytes.
struct Lines {
    FILE *f;
    std::string head;  // bytes read ahead, given back first
    size_t headPos = 0;
    enum Status { ok, end, tooLong };

    explicit Lines(FILE *file) : f(file) {}
    int get() { return headPos < head.size() ? (unsigned char)head[headPos++] : std::getc(f); }

    // skipBOM drops a byte-order mark at the start of the file.
    void skipBOM() {
        for (int i = 0, c; i < 3 && (c = get()) != EOF; i++) head.push_back(char(c));
        if (head == "\xef\xbb\xbf") head.clear();
    }

    // next reads the next line without its LF.
    Status next(std::string *line) {
        line->clear();
        int c;
        bool any = false;
        while ((c = get()) != EOF) {
            any = true;
            if (c == '\n') return line->size() > maxLine ? tooLong : ok;
            line->push_back(char(c));
            if (line->size() > maxLine + 1) return tooLong;
        }
        if (!any) return end;
        return line->size() > maxLine + 1 ? tooLong : ok;
    }

    // rest reports whether only whitespace, at most maxOutput bytes of it, follows.
    bool rest() {
        int c;
        for (long read = 0; (c = get()) != EOF; read++) {
            if (read == maxOutput || !isSpace(c)) return false;
        }
        return true;
    }
};

struct Answer {
    bool noSolution = false;
    int grid[81] = {0};
};

// parseLine reads one answer line: 81 digits ('0' and '.' read as blanks), or "no solution".
bool parseLine(const std::string &raw, Answer *a) {
    std::string text = trim(raw);
    if (text == noSolution) {
        a->noSolution = true;
        return true;
    }
    if (text.size() != 81) return false;
    for (int x = 0; x < 81; x++) {
        char c = text[x];
        if (c >= '0' && c <= '9') {
            a->grid[x] = c - '0';
        } else if (c == '.') {
            a->grid[x] = 0;
        } else {
            return false;
        }
    }
    return true;
}

int boxOf(int x) { return x / 27 * 3 + x % 9 / 3; }

// fault tells what keeps g from solving puzzle, or "" when it solves it.
std::string fault(const int puzzle[81], const int g[81]) {
    for (int x = 0; x < 81; x++)
        if (g[x] == 0) return "leaves cell " + std::to_string(x + 1) + " blank";
    for (int x = 0; x < 81; x++)
        if (puzzle[x] != 0 && puzzle[x] != g[x]) return "changes the given at cell " + std::to_string(x + 1);
    for (int a = 0; a < 81; a++)
        for (int b = a + 1; b < 81; b++)
            if (g[a] == g[b] && (a / 9 == b / 9 || a % 9 == b % 9 || boxOf(a) == boxOf(b)))
                return "breaks a rule: " + std::to_string(g[a]) + " at cells " + std::to_string(a + 1) + " and " + std::to_string(b + 1);
    return "";
}

// solvable reports whether a puzzle has a completion: depth-first search over bit masks, the
// blank with the fewest candidates first.
struct Solver {
    int rows[9], cols[9], boxes[9];  // bit d set: digit d+1 still free there
    int g[81];

    bool solvable(const int puzzle[81]) {
        for (int i = 0; i < 9; i++) rows[i] = cols[i] = boxes[i] = 0x1ff;
        for (int x = 0; x < 81; x++) {
            g[x] = puzzle[x];
            if (g[x] == 0) continue;
            int bit = 1 << (g[x] - 1);
            if (!(rows[x / 9] & cols[x % 9] & boxes[boxOf(x)] & bit)) return false;  // givens clash
            rows[x / 9] ^= bit, cols[x % 9] ^= bit, boxes[boxOf(x)] ^= bit;
        }
        return search();
    }
    bool search() {
        int best = -1, bestMask = 0, bestCount = 10;
        for (int x = 0; x < 81 && bestCount > 1; x++) {
            if (g[x] != 0) continue;
            int m = rows[x / 9] & cols[x % 9] & boxes[boxOf(x)], c = 0;
            for (int k = m; k != 0; k &= k - 1) c++;
            if (c < bestCount) best = x, bestMask = m, bestCount = c;
        }
        if (best < 0) return true;
        int x = best;
        for (int m = bestMask; m != 0; m &= m - 1) {
            int bit = m & -m, d = 1;
            for (int b = bit; b > 1; b >>= 1) d++;
            g[x] = d;
            rows[x / 9] ^= bit, cols[x % 9] ^= bit, boxes[boxOf(x)] ^= bit;
            bool done = search();
            rows[x / 9] ^= bit, cols[x % 9] ^= bit, boxes[boxOf(x)] ^= bit;
            if (done) return true;
        }
        g[x] = 0;
        return false;
    }
};

// readPuzzles reads the input: one puzzle per line, '1'..'9' for a given and '.' or '0' for a
// blank; empty lines and '#' lines are skipped; a line "end" stops.
bool readPuzzles(FILE *f, std::vector<Answer> *puzzles) {
    std::string line;
    int c;
    bool more = true;
    while (more) {
        line.clear();
        while ((c = std::getc(f)) != EOF && c != '\n') line.push_back(char(c));
        more = c != EOF;
        if (!more && line.empty()) break;
        std::string text = trim(line);
        if (text.empty() || text[0] == '#') continue;
        if (text == "end") break;
        if (text.size() != 81) return false;
        Answer p;
        for (int x = 0; x < 81; x++) {
            char ch = text[x];
            if (ch >= '1' && ch <= '9') {
                p.grid[x] = ch - '0';
            } else if (ch != '.' && ch != '0') {
                return false;
            }
        }
        puzzles->push_back(p);
    }
    return true;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 4) {
        std::fprintf(stderr, "fail: usage: want INPUT ANSWER FEEDBACK_DIR < OUTPUT, found %d arguments\n", argc - 1);
        return exitFail;
    }
    feedbackDir = argv[3];
    FILE *inputFile = std::fopen(argv[1], "rb");
    if (inputFile == nullptr) fail("reading the input: cannot open " + std::string(argv[1]));
    FILE *juryFile = std::fopen(argv[2], "rb");
    if (juryFile == nullptr) fail("reading the jury's answer: cannot open " + std::string(argv[2]));
    std::vector<Answer> puzzles;
    if (!readPuzzles(inputFile, &puzzles)) fail("reading the input: a line is not a puzzle");

    Lines jury(juryFile);
    std::vector<Answer> want(puzzles.size());
    std::string line;
    for (size_t i = 0; i < puzzles.size(); i++) {
        std::string n = std::to_string(i + 1);
        if (jury.next(&line) != Lines::ok || !parseLine(line, &want[i]))
            fail("reading the jury's answer: line " + n + " is not the answer to puzzle " + n);
        if (!want[i].noSolution && !fault(puzzles[i].grid, want[i].grid).empty())
            fail("reading the jury's answer: puzzle " + n + ": the jury's grid " + fault(puzzles[i].grid, want[i].grid));
    }
    if (!jury.rest()) fail("reading the jury's answer: more than the answers to its puzzles");
    for (size_t i = 0; i < puzzles.size(); i++) {
        Solver s;
        if (want[i].noSolution && s.solvable(puzzles[i].grid))
            fail("the jury says puzzle " + std::to_string(i + 1) + " has no solution, but it has one");
    }

    Lines out(stdin);
    out.skipBOM();
    for (size_t i = 0; i < puzzles.size(); i++) {
        std::string n = std::to_string(i + 1);
        Lines::Status st = out.next(&line);
        if (st == Lines::end) malformed("line " + n + ": expected the answer to puzzle " + n + ", found the end of the output");
        if (st == Lines::tooLong) malformed("line " + n + ": a line longer than 256 bytes");
        Answer got;
        if (!parseLine(line, &got)) malformed("line " + n + ": expected 81 digits or \"no solution\"");
        if (got.noSolution && want[i].noSolution) continue;
        if (got.noSolution) wrong("puzzle " + n + ": you say there is no solution, but there is one");
        std::string f = fault(puzzles[i].grid, got.grid);
        if (!f.empty()) wrong("puzzle " + n + ": your grid " + f);
        if (want[i].noSolution) fail("the contestant's answer beats the jury's: puzzle " + n + " has a solution, the jury says none");
    }
    if (!out.rest()) malformed("expected the end of the output after the answers");
    if (puzzles.size() == 1) accept("1 puzzle, answered right");
    accept(std::to_string(puzzles.size()) + " puzzles, all answered right");
}
