package adversary

import (
	"strings"
	"testing"
)

func TestReadFamily(t *testing.T) {
	const grid81 = "053000080007080052820000730000000000308000020000000300060000800030000007080605203"
	tests := []struct {
		name    string
		text    string
		want    []int // answers
		wantErr string
	}{
		{name: "cases, comments and blank lines", text: "# a family\n\n" + grid81 + " 2872 # climb 1\n" + grid81 + "\t-1\n", want: []int{2872, -1}},
		{name: "empty", text: "", want: nil},
		{name: "short grid", text: grid81[:80] + " 2872\n", wantErr: "f:1: got 80 characters"},
		{name: "letter", text: "x" + grid81[1:] + " 2872\n", wantErr: "f:1: column 1"},
		{name: "no answer", text: grid81 + "\n", wantErr: "f:1: got 1 fields"},
		{name: "bad answer", text: "\n" + grid81 + " -2\n", wantErr: "f:2: got answer"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cases, err := ReadFamily(strings.NewReader(tc.text), "f")
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("got error %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(cases) != len(tc.want) {
				t.Fatalf("got %d cases, want %d", len(cases), len(tc.want))
			}
			for i, c := range cases {
				if c.Answer != tc.want[i] {
					t.Errorf("case %d: got answer %d, want %d", i, c.Answer, tc.want[i])
				}
			}
			if len(cases) > 0 && (cases[0].Givens[1] != 5 || cases[0].Note != "climb 1" || cases[0].Line != 3) {
				t.Errorf("first case: got %+v, want r1c2 = 5, note \"climb 1\", line 3", cases[0])
			}
		})
	}
}

func FuzzReadFamily(f *testing.F) {
	f.Add("053000080007080052820000730000000000308000020000000300060000800030000007080605203 2872 # x\n")
	f.Add("# only a comment\n")
	f.Fuzz(func(t *testing.T, text string) {
		cases, err := ReadFamily(strings.NewReader(text), "f")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f:") && !strings.HasPrefix(err.Error(), "reading f") {
				t.Errorf("error %q does not name the file", err)
			}
			return
		}
		for _, c := range cases {
			for _, v := range c.Givens {
				if v > 9 {
					t.Fatalf("a cell holds %d", v)
				}
			}
			if c.Answer < -1 {
				t.Fatalf("answer %d", c.Answer)
			}
		}
	})
}
