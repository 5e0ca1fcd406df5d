class A { public static void main(String[] a) {} } class Main { public static void main(String[] a) {} }
