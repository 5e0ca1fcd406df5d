class A { void main(String[] a) {} }
