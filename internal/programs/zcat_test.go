package programs_test

import "testing"

func TestZcat(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"zcat f.gz", "read f.gz"},
		{"zcat -f a b.gz", "read a; read b.gz"},
		{"zcat -r logs", "read logs (tree, hidden)"},
		{"zcat", ""},
		{"bzcat f.bz2", "read f.bz2"},
		{"bzcat -s f.bz2", "read f.bz2"},
		{"xzcat f.xz", "read f.xz"},
		{"xzcat -T0 --single-stream f.xz", "read f.xz"},
		{"xzcat --files=list", "read list; unknown (xzcat --files prints the files a list names)"},
		{"lz4cat a.lz4 b.lz4", "read a.lz4; read b.lz4"},
		// lz4cat --rm deletes the files it decompressed.
		{"lz4cat --rm a.lz4", "read a.lz4; delete a.lz4"},
		{"lz4cat -D dict a.lz4", "read dict; read a.lz4"},
	})
}
