// An int function that falls off its end: blanks() counts the blanks and forgets to return
// the count. g++ warns (-Wreturn-type); at -O2 it takes the end for unreachable, and with it
// every path that calls blanks(): g++ 12 leaves the reading loop only through its error exit,
// so the program reads past the grid and ends with status 1 (another g++ may spin instead).
// Every other line is right.
#include <cstdio>

int g[81];

int blanks() {
    int n = 0;
    for (int i = 0; i < 81; i++)
        if (g[i] == 0) n++;
}

int main() {
    for (int i = 0; i < 81; i++)
        if (scanf("%d", &g[i]) != 1) return 1;
    if (blanks() == 81) printf("2906\n");
    else printf("-1\n");
    return 0;
}
