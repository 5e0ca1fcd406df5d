package compile

import (
	"bytes"
	"testing"
	"time"
)

// encodingBudget is the most time one encoding note may take in the fuzz test: a linear
// reading of a fuzzer's input, repeated, meets it many times over on the busiest machine.
const encodingBudget = 10 * time.Second

// FuzzEncodingNote gives the encoding note a source of any bytes, repeated up to 4,096 times:
// it reads it in linear time, and names a line of it.
func FuzzEncodingNote(f *testing.F) {
	f.Add([]byte("int main() { /* \xd6\xd0\xce\xc4 */ }\n"), 1)
	f.Add([]byte{0xFF, 0xFE, 'a', 0}, 1)
	f.Add([]byte("\xc3\xa9\n\x81"), 1000)
	f.Fuzz(func(t *testing.T, code []byte, repeat int) {
		code = bytes.Repeat(code, max(1, min(repeat, 4096)))
		for _, name := range []string{"c", "java"} {
			lang, err := Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			encodingNote(lang, "main."+name, code)
			if d := time.Since(start); d > encodingBudget {
				t.Errorf("%v on %d bytes, over the budget of %v", d, len(code), encodingBudget)
			}
		}
	})
}
