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

// TestBase64Fold: base64 -d of known text prints what it encodes; its
// encoding, or text that is no base64, is not folded.
func TestBase64Fold(t *testing.T) {
	t.Parallel()
	checkFolds(t, []foldCase{
		{"cat `echo LmVudg== | base64 -d`", []string{"cat", ".env"}},
		{`cat "$(echo LmVudg== | base64 -D)"`, []string{"cat", ".env"}},
		{`cat "$(echo LmVu dg== | base64 --decode)"`, []string{"cat", ".env"}},
		{`cat "$(base64 -d <<< LmVudg==)"`, []string{"cat", ".env"}},
		{`cat "$(echo LmVudg== | sh -c 'base64 -d')"`, []string{"cat", ".env"}},
		{`cat "$(base64 -d)"`, []string{"cat", "$(base64 -d)"}},
		{`cat "$(echo .env | base64)"`, []string{"cat", "$(echo .env | base64)"}},
		{`cat "$(echo '.env!' | base64 -d)"`, []string{"cat", "$(echo '.env!' | base64 -d)"}},
		{`cat "$(echo LmVudg== | base64 -d -i)"`, []string{"cat", "$(echo LmVudg== | base64 -d -i)"}},
		{`cat "$(echo LmVudg== | base32 -d)"`, []string{"cat", "$(echo LmVudg== | base32 -d)"}},
	})
}
