package classic

import "testing"

// TestPeers checks the peer tables against the rules: two distinct cells are peers when they share
// a row, a column or a box.
func TestPeers(t *testing.T) {
	for cell := range cells {
		for other := range cells {
			r, c, or, oc := cell/9, cell%9, other/9, other%9
			want := other != cell && (r == or || c == oc || (r/3 == or/3 && c/3 == oc/3))
			var got bool
			if other < 2*bandCells {
				got = peers01[cell]>>other&1 != 0
			} else {
				got = peers2[cell]>>(other-2*bandCells)&1 != 0
			}
			if got != want {
				t.Errorf("cells %d and %d: got peers %v, want %v", cell, other, got, want)
			}
		}
	}
}
