// Dfs.java in a package, as an IDE writes it: javac puts the class in noip/Packaged.class, and
// the judge finds it in the compiler's whole output and runs noip.Packaged, as DOMjudge does: AC.
package noip;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.StreamTokenizer;

public class Packaged {
	static int[] rowUsed = new int[9], colUsed = new int[9], boxUsed = new int[9];
	static int[] weight = new int[81], blank = new int[81];
	static int blanks = 0, best = -1;

	static int boxOf(int x) { return x / 27 * 3 + x % 9 / 3; }
	static int candidates(int x) { return ~(rowUsed[x / 9] | colUsed[x % 9] | boxUsed[boxOf(x)]) & 0x3FE; }
	static void toggle(int x, int d) {
		rowUsed[x / 9] ^= 1 << d;
		colUsed[x % 9] ^= 1 << d;
		boxUsed[boxOf(x)] ^= 1 << d;
	}

	static void search(int depth, int score) {
		if (depth == blanks) {
			best = Math.max(best, score);
			return;
		}
		int bound = score, pick = -1, fewest = 10;
		for (int i = depth; i < blanks; i++) {
			int c = candidates(blank[i]), n = Integer.bitCount(c);
			if (n == 0) return;
			if (n < fewest) { fewest = n; pick = i; }
			bound += weight[blank[i]] * (31 - Integer.numberOfLeadingZeros(c));
		}
		if (bound <= best) return;
		int t = blank[depth]; blank[depth] = blank[pick]; blank[pick] = t;
		int x = blank[depth], c = candidates(x);
		for (int d = 9; d >= 1; d--) {
			if ((c >> d & 1) == 0) continue;
			toggle(x, d);
			search(depth + 1, score + weight[x] * d);
			toggle(x, d);
		}
		t = blank[depth]; blank[depth] = blank[pick]; blank[pick] = t;
	}

	public static void main(String[] args) throws Exception {
		StreamTokenizer in = new StreamTokenizer(new BufferedReader(new InputStreamReader(System.in)));
		int score = 0;
		boolean clash = false;
		for (int x = 0; x < 81; x++) {
			in.nextToken();
			int d = (int) in.nval;
			weight[x] = 10 - Math.max(Math.abs(x / 9 - 4), Math.abs(x % 9 - 4));
			if (d == 0) { blank[blanks++] = x; continue; }
			if (((rowUsed[x / 9] | colUsed[x % 9] | boxUsed[boxOf(x)]) >> d & 1) != 0) clash = true;
			toggle(x, d);
			score += weight[x] * d;
		}
		if (!clash) search(0, score);
		System.out.println(best);
	}
}
