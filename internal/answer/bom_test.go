package answer

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestSkipBOM reads outputs through skipBOM: a whole mark first goes, anything else stays, and
// a read error, before or after the mark, reaches the reader.
func TestSkipBOM(t *testing.T) {
	broken := errors.New("broken pipe")
	for _, tc := range []struct {
		name    string
		r       io.Reader
		want    string
		wantErr error
	}{
		{"a mark first", strings.NewReader("\ufeff2866\n"), "2866\n", nil},
		{"a mark alone", strings.NewReader("\ufeff"), "", nil},
		{"no mark", strings.NewReader("2866\n"), "2866\n", nil},
		{"half a mark", strings.NewReader("\xef\xbb"), "\xef\xbb", nil},
		{"a mark later", strings.NewReader("1\ufeff"), "1\ufeff", nil},
		{"empty", strings.NewReader(""), "", nil},
		{"one byte at a time", iotest.OneByteReader(strings.NewReader("\ufeff2866")), "2866", nil},
		{"an error first", iotest.ErrReader(broken), "", broken},
		{"an error after the mark", io.MultiReader(strings.NewReader("\ufeff1"), iotest.ErrReader(broken)), "1", broken},
	} {
		got, err := io.ReadAll(skipBOM(tc.r))
		if string(got) != tc.want || !errors.Is(err, tc.wantErr) {
			t.Errorf("%s: got %q, %v, want %q, %v", tc.name, got, err, tc.want, tc.wantErr)
		}
	}
}
