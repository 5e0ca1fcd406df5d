// Checker of target sudoku, for every judging system: C++14 (g++ -fno-asm -std=c++14 -O2 -Wall
// -Wextra builds it without a warning, as Luogu compiles checkers), standard library only, one
// file. It gives the verdict of the kit's checker (`checker check --problem target`,
// internal/answer), and a Go test runs both on the same files and requires the same verdict. It
// speaks two protocols, told apart by its arguments:
//
//   checker INPUT OUTPUT ANSWER [RESULT [-appes]]     testlib's, as Codeforces, Polygon, Hydro
//                                                     (checker_type: testlib), Luogu, UOJ,
//                                                     LibreOJ and LemonLime (testlib mode) run it
//   checker INPUT ANSWER FEEDBACK_DIR < OUTPUT        Kattis' and DOMjudge's output validator
//                                                     (FEEDBACK_DIR is a folder; ANSWER never is)
//
// --testset NAME and --group NAME (Polygon's) are accepted anywhere and ignored.
//
// Under testlib's protocol the verdict is one line on standard error, as testlib's quitf writes
// it: "ok ...", "wrong answer ...", "wrong output format ..." (a presentation error) or "FAIL ...",
// and the exit status 0, 1, 2 or 3. With RESULT, the message goes to that file (testlib's XML
// result with -appes) and standard error says "See file to check exit message", as testlib does.
// Under Kattis' protocol the same line goes to FEEDBACK_DIR/judgemessage.txt and standard error,
// and the exit status is 42 accepted, 43 wrong answer (a malformed output included), 3 fail.
//
// It does not include testlib.h: the platforms ship different versions of it (Luogu 0.9.12, UOJ
// its own, Hydro a 0.9.41 descendant, LemonLime, DOMjudge and Kattis none), and this file must
// build and judge alike on every one of them, Kattis' protocol included.
//
// The output is one integer, the best score or -1, optionally followed by a grid of 81 digits that
// scores it, all separated by any whitespace; a UTF-8 byte-order mark before it is skipped, as
// testlib skips one. The jury's files are at fault (fail) when unreadable, malformed, or
// disproved by the input (a -1 for a puzzle with a solution, a score no grid reaches, a score
// other than that of the only solution) or by a contestant's grid that beats them.
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <sys/stat.h>

namespace {

const int exitAccepted = 42, exitWrong = 43, exitFail = 3;
const size_t maxOutput = 1 << 20;  // the most bytes of an output read
const int64_t noSolution = -1, minScore = 2794, maxScore = 2906;

enum Result { ok, wrongAnswer, presentationError, failed };

bool kattis = false;       // which protocol the verdict leaves by
std::string feedbackDir;   // Kattis: where judgemessage.txt goes
std::string resultName;    // testlib: the result file, or ""
bool appes = false;        // testlib: the result file in XML

// name is what testlib's quitf prints before the message.
const char *name(Result r) {
    switch (r) {
    case ok: return "ok";
    case wrongAnswer: return "wrong answer";
    case presentationError: return "wrong output format";
    default: return "FAIL";
    }
}

// xml renders testlib's -appes result file, escaped as testlib's xmlSafeWrite escapes (bytes 0..31
// become dots); the test is on unsigned bytes, so that it builds without a warning where char is
// unsigned (ARM).
std::string xml(Result r, const std::string &msg) {
    static const char *outcomes[] = {"accepted", "wrong-answer", "presentation-error", "fail"};
    std::string out = "<?xml version=\"1.0\" encoding=\"windows-1251\"?><result outcome = \"";
    out += outcomes[r];
    out += "\">";
    for (size_t i = 0; i < msg.size(); i++) {
        char c = msg[i];
        if (c == '&') out += "&amp;";
        else if (c == '<') out += "&lt;";
        else if (c == '>') out += "&gt;";
        else if (c == '"') out += "&quot;";
        else if (static_cast<unsigned char>(c) < 32) out += '.';
        else out += c;
    }
    return out + "</result>\n";
}

// writeFile writes text to path and tells whether it could.
bool writeFile(const std::string &path, const std::string &text) {
    FILE *f = std::fopen(path.c_str(), "w");
    if (f == nullptr) return false;
    bool written = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    return std::fclose(f) == 0 && written;
}

// verdict gives the verdict under the protocol in use and exits.
[[noreturn]] void verdict(Result r, const std::string &msg) {
    std::string line = std::string(name(r)) + " " + msg;
    if (kattis) {
        std::string path = feedbackDir + "/judgemessage.txt";
        if (!writeFile(path, line + "\n")) {
            std::fprintf(stderr, "FAIL writing the verdict to %s\n", path.c_str());
            std::exit(exitFail);
        }
        std::fprintf(stderr, "%s\n", line.c_str());
        std::exit(r == ok ? exitAccepted : r == failed ? exitFail : exitWrong);
    }
    if (!resultName.empty()) {
        if (!writeFile(resultName, appes ? xml(r, msg) : msg)) {
            std::fprintf(stderr, "FAIL writing the verdict to %s\n", resultName.c_str());
            std::exit(3);
        }
        std::fprintf(stderr, "\nSee file to check exit message\n");
    } else {
        std::fprintf(stderr, "%s\n", line.c_str());
    }
    std::exit(int(r));
}
[[noreturn]] void fail(const std::string &why) { verdict(failed, why); }
[[noreturn]] void wrong(const std::string &why) { verdict(wrongAnswer, why); }
[[noreturn]] void malformed(const std::string &why) { verdict(presentationError, why); }
[[noreturn]] void accept(const std::string &why) { verdict(ok, why); }

bool isSpace(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

// quoted quotes the first 32 bytes of a contestant's token with Go's escapes for its ASCII bytes,
// as the kit's checker quotes one: a control byte is named (\x00, \x1b...), never printed, so
// that the verdict's line stays whole where testlib's readers cut at a NUL, and no escape
// sequence of a hostile output reaches a judge's terminal.
std::string quoted(const std::string &tok) {
    static const char hex[] = "0123456789abcdef";
    std::string out = "\"";
    for (size_t i = 0; i < tok.size() && i < 32; i++) {
        unsigned char c = static_cast<unsigned char>(tok[i]);
        if (c == '"' || c == '\\') out += '\\', out += char(c);
        else if (c == '\a') out += "\\a";
        else if (c == '\b') out += "\\b";
        else if (c < 32 || c == 127) out += "\\x", out += hex[c >> 4], out += hex[c & 15];
        else out += char(c);
    }
    return out + "\"";
}

// readAll reads at most limit bytes of f, after a byte-order mark it skips when skipBOM is set;
// cut tells whether f had more.
std::string readAll(FILE *f, size_t limit, bool *cut, bool skipBOM = false) {
    std::string data;
    if (skipBOM) {
        char head[3];
        size_t n = std::fread(head, 1, sizeof head, f);
        if (n != 3 || std::memcmp(head, "\xef\xbb\xbf", 3) != 0) data.assign(head, n);
    }
    char buf[65536];
    size_t n;
    while (data.size() <= limit && (n = std::fread(buf, 1, sizeof buf, f)) > 0) data.append(buf, n);
    *cut = data.size() > limit;
    if (*cut) data.resize(limit);
    return data;
}

// Tokens splits a bounded read into whitespace-separated tokens.
struct Tokens {
    std::string data;
    bool cut = false;
    size_t pos = 0;

    // next returns the next token, or false at the end; tokCut tells whether the read limit cut it.
    bool next(std::string *tok, bool *tokCut) {
        while (pos < data.size() && isSpace((unsigned char)data[pos])) pos++;
        if (pos == data.size()) return false;
        size_t start = pos;
        while (pos < data.size() && !isSpace((unsigned char)data[pos])) pos++;
        *tok = data.substr(start, pos - start);
        *tokCut = cut && pos == data.size();
        return true;
    }
};

struct Target {
    bool scoreOK = false;  // the first token is an integer
    int64_t score = 0;
    std::string text;  // the score as printed
    int grid[81] = {0};
    bool hasGrid = false;
    bool restOK = true;  // nothing is wrong after the score
    std::string problem;  // what is wrong, for the message
};

bool leadingZero(const std::string &t) {
    std::string d = !t.empty() && t[0] == '-' ? t.substr(1) : t;
    return d.size() > 1 && d[0] == '0';
}

// parseInteger accepts an integer in canonical form: an optional minus sign and digits, no plus
// sign, no leading zero and no "-0"; a huge one is clamped.
bool parseInteger(const std::string &t, int64_t *value) {
    std::string d = !t.empty() && t[0] == '-' ? t.substr(1) : t;
    if (d.empty() || leadingZero(t) || t == "-0") return false;
    for (char c : d)
        if (c < '0' || c > '9') return false;
    bool negative = t[0] == '-';
    uint64_t v = 0;
    bool overflow = false;
    for (char c : d) {
        if (v > (UINT64_MAX - 9) / 10) overflow = true;
        v = v * 10 + uint64_t(c - '0');
    }
    if (overflow || (!negative && v > uint64_t(INT64_MAX)) || (negative && v > uint64_t(INT64_MAX) + 1)) {
        *value = negative ? INT64_MIN : INT64_MAX;
    } else {
        *value = negative ? int64_t(0 - v) : int64_t(v);
    }
    return true;
}

// readTarget reads a target output: a score, then optionally a grid.
Target readTarget(Tokens &t) {
    Target out;
    std::string tok;
    bool tokCut = false;
    if (!t.next(&tok, &tokCut) || tokCut) {
        out.problem = "expected an integer";
        return out;
    }
    if (!parseInteger(tok, &out.score)) {
        out.problem = "expected an integer, found " + quoted(tok);
        return out;
    }
    out.scoreOK = true;
    out.text = tok;
    if (out.score == noSolution) {
        if (t.next(&tok, &tokCut) || t.cut) out.restOK = false, out.problem = "expected the end of the output after -1";
        return out;
    }
    for (int cell = 0; cell < 81; cell++) {
        bool ok = t.next(&tok, &tokCut);
        if (cell == 0 && !ok && !t.cut) return out;
        if (!ok) {
            out.restOK = false, out.problem = "expected 81 digits in the grid, found only " + std::to_string(cell);
            return out;
        }
        if (tok.size() != 1 || tok[0] < '0' || tok[0] > '9' || tokCut) {
            out.restOK = false;
            out.problem = std::string(cell == 0 ? "expected the end of the output after the score, or a grid's 81 digits" : "expected a digit 0..9 of the grid") + ", found " + quoted(tok);
            return out;
        }
        out.grid[cell] = tok[0] - '0';
    }
    out.hasGrid = true;
    if (t.next(&tok, &tokCut) || t.cut) out.restOK = false, out.problem = "expected the end of the output after the grid";
    return out;
}

int boxOf(int x) { return x / 27 * 3 + x % 9 / 3; }
int weight(int x) {
    int dr = x / 9 - 4, dc = x % 9 - 4;
    dr = dr < 0 ? -dr : dr, dc = dc < 0 ? -dc : dc;
    return 10 - (dr > dc ? dr : dc);
}
int score(const int g[81]) {
    int s = 0;
    for (int x = 0; x < 81; x++) s += weight(x) * g[x];
    return s;
}
std::string cellName(int x) { return "r" + std::to_string(x / 9 + 1) + "c" + std::to_string(x % 9 + 1); }

// conflict returns a description of two equal digits that see each other, or "".
std::string conflict(const int g[81]) {
    for (int a = 0; a < 81; a++)
        for (int b = a + 1; b < 81; b++)
            if (g[a] != 0 && g[a] == g[b] && (a / 9 == b / 9 || a % 9 == b % 9 || boxOf(a) == boxOf(b)))
                return std::to_string(g[a]) + " at " + cellName(a) + " and " + cellName(b);
    return "";
}

// fault tells what keeps g from solving puzzle, or "" when it solves it.
std::string fault(const int puzzle[81], const int g[81]) {
    for (int x = 0; x < 81; x++)
        if (g[x] == 0) return "leaves " + cellName(x) + " blank";
    for (int x = 0; x < 81; x++)
        if (puzzle[x] != 0 && puzzle[x] != g[x]) return "changes the given at " + cellName(x);
    std::string c = conflict(g);
    return c.empty() ? "" : "breaks a rule: " + c;
}

// bits counts the set bits of a digit mask; digitOf gives the digit of a one-bit mask.
int bits(int m) {
    int n = 0;
    for (; m != 0; m &= m - 1) n++;
    return n;
}
int digitOf(int bit) {
    int d = 1;
    while (bit > 1) bit >>= 1, d++;
    return d;
}

// Counter counts the completions of a puzzle, up to a limit, by depth-first search over bit masks,
// the blank with the fewest candidates first.
struct Counter {
    int rows[9], cols[9], boxes[9];  // bit d set: digit d+1 still free there
    int g[81];
    int found = 0, limit = 0;
    int first[81];  // the first completion found

    int count(const int puzzle[81], int lim) {
        limit = lim;
        found = 0;
        for (int i = 0; i < 9; i++) rows[i] = cols[i] = boxes[i] = 0x1ff;
        for (int x = 0; x < 81; x++) {
            g[x] = puzzle[x];
            if (g[x] == 0) continue;
            int bit = 1 << (g[x] - 1);
            if (!(rows[x / 9] & cols[x % 9] & boxes[boxOf(x)] & bit)) return 0;  // givens clash
            rows[x / 9] ^= bit, cols[x % 9] ^= bit, boxes[boxOf(x)] ^= bit;
        }
        search();
        return found;
    }
    void search() {
        int best = -1, bestMask = 0, bestCount = 10;
        for (int x = 0; x < 81 && bestCount > 1; x++) {
            if (g[x] != 0) continue;
            int m = rows[x / 9] & cols[x % 9] & boxes[boxOf(x)], c = bits(m);
            if (c < bestCount) best = x, bestMask = m, bestCount = c;
        }
        if (best < 0) {
            if (found++ == 0)
                for (int x = 0; x < 81; x++) first[x] = g[x];
            return;
        }
        int x = best;
        for (int m = bestMask; m != 0 && found < limit; m &= m - 1) {
            int bit = m & -m;
            g[x] = digitOf(bit);
            rows[x / 9] ^= bit, cols[x % 9] ^= bit, boxes[boxOf(x)] ^= bit;
            search();
            rows[x / 9] ^= bit, cols[x % 9] ^= bit, boxes[boxOf(x)] ^= bit;
        }
        g[x] = 0;
    }
};

// readGrid reads the input: 81 digits 0..9 separated by any whitespace.
bool readGrid(const std::string &data, int puzzle[81]) {
    Tokens t;
    t.data = data;
    std::string tok;
    bool tokCut;
    for (int x = 0; x < 81; x++) {
        if (!t.next(&tok, &tokCut) || tok.size() != 1 || tok[0] < '0' || tok[0] > '9') return false;
        puzzle[x] = tok[0] - '0';
    }
    return !t.next(&tok, &tokCut);
}

// disprove returns what the input proves wrong in the jury's answer, or "".
std::string disprove(const int puzzle[81], const Target &want) {
    Counter c;
    if (want.score == noSolution) {
        return c.count(puzzle, 1) > 0 ? "the jury says there is no solution, but the puzzle has one" : "";
    }
    if (want.score < minScore || want.score > maxScore)
        return "the jury's answer " + want.text + " is not -1 and no grid scores it";
    switch (c.count(puzzle, 2)) {
    case 0:
        return "the jury's answer is " + want.text + ", but the puzzle has no solution";
    case 1:
        if (score(c.first) != want.score) return "the jury's answer is " + want.text + ", but the puzzle's only solution scores " + std::to_string(score(c.first));
    }
    if (want.hasGrid) {
        std::string f = fault(puzzle, want.grid);
        if (!f.empty()) return "the jury's grid " + f;
        if (score(want.grid) != want.score) return "the jury's grid does not score the jury's answer";
    }
    return "";
}

}  // namespace

int main(int argc, char **argv) {
    std::vector<std::string> args;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--testset" || a == "--group") {
            if (i + 1 >= argc) fail("usage: " + a + " needs a value");
            i++;
            continue;
        }
        if (a.compare(0, 10, "--testset=") == 0 || a.compare(0, 8, "--group=") == 0) continue;
        args.push_back(a);
    }
    struct stat st;
    kattis = args.size() == 3 && stat(args[2].c_str(), &st) == 0 && S_ISDIR(st.st_mode);
    if (kattis) {
        feedbackDir = args[2];
        args = {args[0], "", args[1]};
    } else if (args.size() == 5 && (args[4] == "-appes" || args[4] == "-APPES")) {
        resultName = args[3], appes = true;
    } else if (args.size() == 4) {
        resultName = args[3];
    } else if (args.size() != 3) {
        fail("usage: checker INPUT OUTPUT ANSWER [RESULT [-appes]], or checker INPUT ANSWER FEEDBACK_DIR < OUTPUT");
    }
    FILE *inputFile = std::fopen(args[0].c_str(), "rb");
    if (inputFile == nullptr) fail("reading the input: cannot open " + args[0]);
    FILE *juryFile = std::fopen(args[2].c_str(), "rb");
    if (juryFile == nullptr) fail("reading the jury's answer: cannot open " + args[2]);
    FILE *outputFile = stdin;
    if (!kattis) {
        outputFile = std::fopen(args[1].c_str(), "rb");
        if (outputFile == nullptr && errno == ENOENT) malformed("no output: cannot open " + args[1]);
        if (outputFile == nullptr) fail("reading the output: cannot open " + args[1]);
    }
    bool cut = false;
    int puzzle[81];
    std::string input = readAll(inputFile, maxOutput, &cut);
    if (cut || !readGrid(input, puzzle)) fail("reading the input: want 81 digits 0..9");
    Tokens juryTokens;
    juryTokens.data = readAll(juryFile, maxOutput, &juryTokens.cut);
    Target want = readTarget(juryTokens);
    if (!want.scoreOK || !want.restOK) fail("reading the jury's answer: " + want.problem);
    Tokens outTokens;
    outTokens.data = readAll(outputFile, maxOutput, &outTokens.cut, true);
    Target got = readTarget(outTokens);
    if (got.scoreOK && got.hasGrid && fault(puzzle, got.grid).empty()) {
        if (want.score == noSolution || score(got.grid) > want.score)
            fail("the contestant's answer beats the jury's: their grid scores " + std::to_string(score(got.grid)) + ", the jury's answer is " + want.text);
    }
    std::string disproof = disprove(puzzle, want);
    if (!disproof.empty()) fail(disproof);
    if (!got.scoreOK) malformed(got.problem);

    std::string gridFault = got.hasGrid ? fault(puzzle, got.grid) : "";
    if (want.score == noSolution && got.score == noSolution) {
        if (!got.restOK) malformed(got.problem);
        accept("-1, there is no solution");
    }
    if (want.score == noSolution) wrong("you say there is a solution scoring " + got.text + ", but there is none");
    if (got.score == noSolution) wrong("you say there is no solution, but there is one scoring " + want.text);
    if (got.score != want.score) wrong("expected " + want.text + ", found " + got.text);
    if (!got.restOK) malformed(got.problem);
    if (!got.hasGrid) accept(got.text + ", the best score");
    if (!gridFault.empty()) wrong("your grid " + gridFault);
    if (score(got.grid) != got.score) wrong("your grid scores " + std::to_string(score(got.grid)) + ", you printed " + got.text);
    accept(got.text + ", the best score, with a grid that scores it");
}
