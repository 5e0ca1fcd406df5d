int main() {
    int x = 1; °Ğ
    return 0;
}
