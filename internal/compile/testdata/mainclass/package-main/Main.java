package p.q; class A { public static void main(String[] a) {} } public class Main { public static void main(String[] a) {} }
