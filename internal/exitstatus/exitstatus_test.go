package exitstatus

import (
	"errors"
	"fmt"
	"testing"
)

func TestOf(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		want int
	}{
		{"nil is ok", nil, 0},
		{"an error with a code", Errorf(2, "bad flag %q", "-x"), 2},
		{"a wrapped error with a code", fmt.Errorf("reading: %w", New(3, errors.New("gone"))), 3},
		{"a silent error", Silent(1), 1},
		{"an error without a code", errors.New("plain"), 9},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Of(tc.err, 0, 9); got != tc.want {
				t.Errorf("got %d, want %d", got, tc.want)
			}
		})
	}
}

func TestMessages(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"formatted", Errorf(2, "--problem %q: unknown", "x"), `--problem "x": unknown`},
		{"silent", Silent(1), ""},
		{"wrapped", New(3, fmt.Errorf("compiling: %w", errors.New("no gcc"))), "compiling: no gcc"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.err.Error(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestUnwrap(t *testing.T) {
	base := errors.New("base")
	if err := New(3, base); !errors.Is(err, base) {
		t.Errorf("got %v not wrapping %v, want it to", err, base)
	}
}
