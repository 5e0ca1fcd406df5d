// A contest's sudoku.java whose public class is Main, in a package: compiled as Main.java, as
// javac wants, and run as contest.Main, found in the package's folder.
package contest;

public class Main {
	public static void main(String[] args) {
		System.out.println(2906);
	}
}
