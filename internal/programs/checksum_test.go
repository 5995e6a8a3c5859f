package programs_test

import "testing"

func TestChecksums(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"md5sum a b", "read a; read b"},
		{"sha256sum -c sums.txt", "read sums.txt"},
		{"sha1sum --tag -", ""},
		{"sha512sum --check --quiet --ignore-missing s", "read s"},
		{"b2sum -l 256 f", "read f"},
		{"cksum -a sha256 --base64 f", "read f"},
		{"cksum -o 3 f", "read f"},
		{"sum -s f", "read f"},
	})
}
