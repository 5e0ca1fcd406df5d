package p; class Q { public static void main(String[] a) {} }
