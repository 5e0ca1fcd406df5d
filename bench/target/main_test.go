package main

import (
	"strings"
	"testing"
)

func TestParseFlagsRepeat(t *testing.T) {
	tests := []struct {
		name              string
		args              []string
		repeat, cbcRepeat int
		wantErr           string
	}{
		{name: "defaults", repeat: 5, cbcRepeat: 1},
		{args: []string{"-repeat", "1", "-cbc-repeat", "3"}, repeat: 1, cbcRepeat: 3},
		{args: []string{"-repeat", "0"}, wantErr: "-repeat: got 0, want at least 1"},
		{args: []string{"-repeat", "-2"}, wantErr: "-repeat: got -2, want at least 1"},
		{args: []string{"-cbc-repeat", "0"}, wantErr: "-cbc-repeat: got 0, want at least 1"},
		{args: []string{"-clock", "cpu"}, repeat: 5, cbcRepeat: 1},
		{args: []string{"-clock", "sundial"}, wantErr: `-clock: got "sundial", want wall or cpu`},
	}
	for _, tc := range tests {
		name := tc.name
		if name == "" {
			name = strings.Join(tc.args, " ")
		}
		t.Run(name, func(t *testing.T) {
			cfg, err := parseFlags(append([]string{"-ours", "solution"}, tc.args...))
			switch {
			case tc.wantErr != "":
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Errorf("got error %v, want one containing %q", err, tc.wantErr)
				}
			case err != nil:
				t.Errorf("got error %v, want none", err)
			case cfg.repeat != tc.repeat || cfg.cbcRepeat != tc.cbcRepeat:
				t.Errorf("got -repeat %d, -cbc-repeat %d, want %d, %d", cfg.repeat, cfg.cbcRepeat, tc.repeat, tc.cbcRepeat)
			}
		})
	}
}
