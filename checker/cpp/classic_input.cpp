// Input validator of classic sudoku, for every judging system: C++14, standard library only. It checks what the kit's `checker validate --problem classic` checks
// (internal/validate), and a Go test runs both on the same inputs and requires the same verdict.
//
//   validate [--lenient] [--min-givens N] [--allow-conflicts] [--kattis] < INPUT
//
// The input is one or more lines of 81 cells, '1'..'9' for a given and '.' or '0' for a blank, each
// ended by LF, optionally followed by a last line "end"; with --lenient also CRLF line ends, spaces
// at the end of a line, '#' comment lines and empty lines. Every puzzle has at least N givens
// (default 0) and, without --allow-conflicts, no two equal givens in a row, column or box.
// --testset NAME and --group NAME (Polygon's) are accepted anywhere and ignored. Exit status,
// testlib's protocol: 0 valid, 3 invalid or bad arguments, the reason on standard error as
// "FAIL ..."; with --kattis, Kattis' and DOMjudge's: 42 valid, 43 invalid, 3 for bad arguments.
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

const int exitUsage = 3;
int exitValid = 0, exitInvalid = 3;  // testlib's; Kattis' with --kattis
const int eof = -1;

struct Rules {
    bool lenient = false;
    int minGivens = 0;
    bool allowConflicts = false;
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

// constraints checks the givens of one puzzle, read at line number line.
void constraints(const int g[81], int line, const Rules &rules) {
    int givens = 0;
    for (int x = 0; x < 81; x++) givens += g[x] != 0;
    if (givens < rules.minGivens) {
        std::fprintf(stderr, "FAIL stdin:%d:1: %d givens, fewer than the minimum of %d\n", line, givens, rules.minGivens);
        std::exit(exitInvalid);
    }
    if (rules.allowConflicts) return;
    for (int a = 0; a < 81; a++) {
        for (int b = a + 1; b < 81; b++) {
            bool seen = a / 9 == b / 9 || a % 9 == b % 9 || boxOf(a) == boxOf(b);
            if (g[a] != 0 && g[a] == g[b] && seen) {
                std::fprintf(stderr, "FAIL stdin:%d: givens break a rule: %d at columns %d and %d\n", line, g[a], a + 1, b + 1);
                std::exit(exitInvalid);
            }
        }
    }
}

}  // namespace

int main(int argc, char **argv) {
    Rules rules = parseArgs(argc, argv);
    if (rules.kattis) exitValid = 42, exitInvalid = 43;
    Reader in;
    int puzzles = 0;
    for (;;) {
        int c = in.peek();
        if (c == eof) {
            if (puzzles == 0) invalid(in, "expected a puzzle line");
            break;
        }
        if (rules.lenient && c == '#') {
            while (c != '\n' && c != eof) {
                in.take();
                c = in.peek();
            }
            eoln(in, true);
        } else if (rules.lenient && (c == '\n' || c == '\r' || c == ' ')) {
            eoln(in, true);
        } else if (c == 'e') {
            if (puzzles == 0) invalid(in, "expected a puzzle line");
            for (const char *want = "end"; *want != '\0'; want++) {
                if (in.peek() != *want) invalid(in, "expected \"end\"");
                in.take();
            }
            eoln(in, rules.lenient);
            if (in.peek() != eof) invalid(in, "expected the end of the file");
            break;
        } else {
            int line = in.line, g[81];
            for (int x = 0; x < 81; x++) {
                c = in.peek();
                if (c >= '1' && c <= '9') {
                    g[x] = c - '0';
                } else if (c == '.' || c == '0') {
                    g[x] = 0;
                } else {
                    invalid(in, "expected a digit 1..9, '.' or '0'");
                }
                in.take();
            }
            eoln(in, rules.lenient);
            constraints(g, line, rules);
            puzzles++;
        }
    }
    std::fprintf(stderr, "ok stdin is valid\n");
    return exitValid;
}
