// Input validator of target sudoku, for every judging system: C++14 (g++ -fno-asm -std=c++14 -O2
// -Wall -Wextra builds it without a warning), standard library only. It checks what the kit's
// `checker validate --problem target` checks (internal/validate), and a Go test runs both on the
// same inputs and requires the same verdict.
//
//   validate [--lenient] [--min-givens N] [--allow-conflicts] [--kattis] < INPUT
//
// The input must be exactly 9 lines of 9 digits 0..9 separated by single spaces, each line ended
// by LF (with --lenient: spaces, then LF or CRLF), nothing after the ninth line; at least N givens
// (default 24, the official bound); and, without --allow-conflicts, no two equal givens in a row,
// column or box. --testset NAME and --group NAME (Polygon's) are accepted anywhere and ignored.
// The defaults are VALIDATE_LENIENT, VALIDATE_MIN_GIVENS and VALIDATE_ALLOW_CONFLICTS when a
// package defines them first (UOJ's val.cpp for the hard group, which UOJ runs without arguments).
//
// Exit status, testlib's protocol (Polygon, UOJ's val.cpp): 0 valid, 3 invalid or bad arguments,
// the reason on standard error as "FAIL ...". With --kattis, the Kattis and DOMjudge protocol:
// 42 valid, 43 invalid, 3 for bad arguments.
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

const int exitUsage = 3;
int exitValid = 0, exitInvalid = 3;  // testlib's; Kattis' with --kattis
const int eof = -1;

// The rules without arguments, for a judge that passes none (UOJ): a package may define these
// before this file to give a test group's rules.
#ifndef VALIDATE_LENIENT
#define VALIDATE_LENIENT false
#endif
#ifndef VALIDATE_MIN_GIVENS
#define VALIDATE_MIN_GIVENS 24
#endif
#ifndef VALIDATE_ALLOW_CONFLICTS
#define VALIDATE_ALLOW_CONFLICTS false
#endif

struct Rules {
    bool lenient = VALIDATE_LENIENT;
    int minGivens = VALIDATE_MIN_GIVENS;
    bool allowConflicts = VALIDATE_ALLOW_CONFLICTS;
    bool kattis = false;
};

// Reader reads standard input byte by byte and keeps the position of the next byte.
struct Reader {
    int line = 1, col = 1;
    int next = std::getchar();

    int peek() const { return next == EOF ? eof : next; }
    void take() {
        if (next == EOF) return;
        if (next == '\n') {
            line++;
            col = 1;
        } else {
            col++;
        }
        next = std::getchar();
    }
};

[[noreturn]] void invalid(const Reader &in, const std::string &what) {
    std::fprintf(stderr, "FAIL stdin:%d:%d: %s\n", in.line, in.col, what.c_str());
    std::exit(exitInvalid);
}

void eoln(Reader &in, bool lenient) {
    if (lenient) {
        while (in.peek() == ' ') in.take();
        if (in.peek() == '\r') {
            in.take();
            if (in.peek() != '\n') invalid(in, "expected a line feed after the carriage return");
        }
    }
    if (in.peek() != '\n') invalid(in, "expected a line end");
    in.take();
}

// parseBool reads a boolean flag's value as Go's strconv.ParseBool does.
bool parseBool(const std::string &s, bool *ok) {
    *ok = true;
    if (s == "1" || s == "t" || s == "T" || s == "true" || s == "TRUE" || s == "True") return true;
    if (s == "0" || s == "f" || s == "F" || s == "false" || s == "FALSE" || s == "False") return false;
    *ok = false;
    return false;
}

[[noreturn]] void usage(const std::string &why) {
    std::fprintf(stderr, "FAIL usage: input validator arguments: %s\n", why.c_str());
    std::exit(exitUsage);
}

// parseArgs reads the flags the way Go's flag package reads them: -name or --name, a value after
// '=' or, for --min-givens, as the next argument; "--" ends the flags; nothing may follow them.
Rules parseArgs(int argc, char **argv) {
    Rules rules;
    int i = 1;
    for (; i < argc; i++) {
        std::string arg = argv[i];
        if (arg.size() < 2 || arg[0] != '-') break;
        if (arg == "--") {
            i++;
            break;
        }
        std::string name = arg.substr(arg[1] == '-' ? 2 : 1), value;
        bool hasValue = false;
        size_t eq = name.find('=');
        if (eq != std::string::npos) {
            value = name.substr(eq + 1);
            name = name.substr(0, eq);
            hasValue = true;
        }
        if (name.empty() || name[0] == '-' || name[0] == '=') usage("bad flag syntax: " + arg);
        if (name == "testset" || name == "group") {
            if (!hasValue && ++i >= argc) usage("flag needs an argument: -" + name);
        } else if (name == "lenient" || name == "allow-conflicts" || name == "kattis") {
            bool v = true, ok = true;
            if (hasValue) v = parseBool(value, &ok);
            if (!ok) usage("invalid boolean value \"" + value + "\" for -" + name);
            (name == "lenient" ? rules.lenient : name == "kattis" ? rules.kattis : rules.allowConflicts) = v;
        } else if (name == "min-givens") {
            if (!hasValue) {
                if (i + 1 >= argc) usage("flag needs an argument: -" + name);
                value = argv[++i];
            }
            const char *s = value.c_str();
            char *end = nullptr;
            long n = std::strtol(s, &end, 10);
            if (value.empty() || *end != '\0' || value[0] == ' ' || value[0] == '+') usage("invalid value \"" + value + "\" for flag -" + name);
            if (n < 0 || n > 81) usage("--min-givens " + value + " is out of range 0-81");
            rules.minGivens = int(n);
        } else {
            usage("flag provided but not defined: -" + name);
        }
    }
    if (i < argc) usage(std::string("unexpected \"") + argv[i] + "\"");
    return rules;
}

int boxOf(int x) { return x / 27 * 3 + x % 9 / 3; }

}  // namespace

int main(int argc, char **argv) {
    Rules rules = parseArgs(argc, argv);
    if (rules.kattis) exitValid = 42, exitInvalid = 43;
    Reader in;
    int g[81];
    for (int row = 0; row < 9; row++) {
        for (int col = 0; col < 9; col++) {
            int c = in.peek();
            if (c < '0' || c > '9') invalid(in, "expected a digit 0..9");
            in.take();
            g[row * 9 + col] = c - '0';
            if (col < 8) {
                if (in.peek() != ' ') invalid(in, "expected a space");
                in.take();
            }
        }
        eoln(in, rules.lenient);
    }
    if (in.peek() != eof) invalid(in, "expected the end of the file");
    int givens = 0;
    for (int x = 0; x < 81; x++) givens += g[x] != 0;
    if (givens < rules.minGivens) {
        std::fprintf(stderr, "FAIL stdin:1:1: %d givens, fewer than the minimum of %d\n", givens, rules.minGivens);
        return exitInvalid;
    }
    if (!rules.allowConflicts) {
        for (int a = 0; a < 81; a++) {
            for (int b = a + 1; b < 81; b++) {
                bool seen = a / 9 == b / 9 || a % 9 == b % 9 || boxOf(a) == boxOf(b);
                if (g[a] != 0 && g[a] == g[b] && seen) {
                    std::fprintf(stderr, "FAIL stdin: givens break a rule: %d at r%dc%d and r%dc%d\n", g[a], a / 9 + 1, a % 9 + 1, b / 9 + 1, b % 9 + 1);
                    return exitInvalid;
                }
            }
        }
    }
    std::fprintf(stderr, "ok stdin is valid\n");
    return exitValid;
}
