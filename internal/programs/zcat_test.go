package programs_test

import (
	"strings"
	"testing"
)

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

// TestDecompressedTarPrintsEveryMember: a compressed tar archive
// decompressed to standard output is the tar stream, every member's
// content as it is; another compressed file is judged by its name.
func TestDecompressedTarPrintsEveryMember(t *testing.T) {
	t.Parallel()
	checkNoHelpers(t, []effectCase{
		{"zcat backup.tar.gz", "read backup.tar.gz; unknown if backup.tar.gz (zcat prints every member of backup.tar.gz, whose names are not seen here)"},
		{"bzcat site.tbz2", "read site.tbz2; unknown if site.tbz2 (bzcat prints every member of site.tbz2, whose names are not seen here)"},
		{"xzcat b.TAR.XZ", "read b.TAR.XZ; unknown if b.TAR.XZ (xzcat prints every member of b.TAR.XZ, whose names are not seen here)"},
		{"gunzip -c a.tgz", "read a.tgz; unknown if a.tgz (gunzip prints every member of a.tgz, whose names are not seen here)"},
		{"xz -dc a.tar.xz", "read a.tar.xz; unknown if a.tar.xz (xz prints every member of a.tar.xz, whose names are not seen here)"},
		{"zstd -dc a.tar.zst", "read a.tar.zst; unknown if a.tar.zst (zstd prints every member of a.tar.zst, whose names are not seen here)"},
		{"zcat notes.gz", "read notes.gz"},
		{"gzip -c a.tar", "read a.tar"},
		{"gzip -l a.tgz", "read a.tgz"},
	})
}

// checkNoHelpers is checkAllEffects without the helpers a program runs
// (TestHousekeeping checks those): the effects that depend on a file
// being there are described.
func checkNoHelpers(t *testing.T, cases []effectCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.cmd, func(t *testing.T) {
			t.Parallel()
			var kept []string
			for _, e := range strings.Split(describeSome(parse(t, tt.cmd).Effects(), true), "; ") {
				if !strings.HasPrefix(e, "exec helper ") {
					kept = append(kept, e)
				}
			}
			if got := strings.Join(kept, "; "); got != tt.want {
				t.Errorf("%q:\n got %s\nwant %s", tt.cmd, got, tt.want)
			}
		})
	}
}
