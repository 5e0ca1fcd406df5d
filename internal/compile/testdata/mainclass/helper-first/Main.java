class A { static void main(int x) {} } class B { public static void main(String[] a) {} }
