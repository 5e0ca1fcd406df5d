// °ĞĞÎÊı¶À
int main() { return missing; }
