package programs_test

import "testing"

func TestBase64(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"base64 f", "read f"},
		{"base64 -d f", "read f"},
		{"base64 -w0 f", "read f"},
		{"base64", ""},
		{"base64 -", ""},
		// macOS: -i names the input, -o the output.
		{"base64 -i in -o out", "write out; read in"},
		{"base64 -i in -o /dev/stdout", "read in"},
		{"base64 --decode --output=out f", "write out; read f"},
		{"base64 -D -b 76 f", "read f"},
		// FreeBSD's base64 and John Walker's write a second operand.
		{"base64 f out", "read f; write out"},
		{"base64 -e -n f", "read f"},
		{"base64 f -", "read f"},
		{"base32 -d f", "read f"},
		{"basenc --base16 f", "read f"},
		{"basenc --z85 -d f out", "read f; write out"},
	})
}
