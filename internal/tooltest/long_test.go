package tooltest

import "testing"

func TestPick(t *testing.T) {
	for _, tc := range []struct {
		name  string
		value string
		want  int
	}{
		{name: "everyday", value: "", want: 1},
		{name: "long tier", value: "1", want: 2},
		{name: "anything else is everyday", value: "yes", want: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(LongVariable, tc.value)
			if got := Pick(1, 2); got != tc.want {
				t.Errorf("Pick(1, 2) with %s=%q: got %d, want %d", LongVariable, tc.value, got, tc.want)
			}
		})
	}
}
