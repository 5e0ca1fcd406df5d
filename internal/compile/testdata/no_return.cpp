#include <cstdio>
int g[81];
int blanks() {
    int n = 0;
    for (int i = 0; i < 81; i++)
        if (g[i] == 0) n++;
}
int main() {
    for (int i = 0; i < 81; i++) scanf("%d", &g[i]);
    printf("%d\n", blanks());
}
