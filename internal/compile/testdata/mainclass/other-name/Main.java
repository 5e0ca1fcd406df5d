class Solution { public static void main(String[] a) {} }
