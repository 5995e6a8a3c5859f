package programs_test

import (
	"strings"
	"testing"
)

func TestCompressors(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"gzip -l f.gz", "read f.gz"},
		{"gzip -dc f.gz", "read f.gz"},
		{"gzip --to-stdout f", "read f"},
		{"gzip", ""},
		{"gzip -", ""},
		{"gunzip -t f.gz", "read f.gz"},
		{"gunzip --version", ""},
		{"xz -l f.xz", "read f.xz"},
		{"zstd -dc f.zst", "read f.zst"},
		{"bzip2 -tv f.bz2", "read f.bz2"},
		{"gzip f.txt", "read f.txt; write f.txt.gz; delete f.txt"},
		{"gzip -- -c", "read -c; write -c.gz; delete -c"},
		{"gzip -9k f.txt", "read f.txt; write f.txt.gz"},
		{"gzip -S .z f", "read f; write f.z; delete f"},
		{"gunzip f.gz", "read f.gz; write f; delete f.gz"},
		{"gzip -d a.tgz", "read a.tgz; write a.tar; delete a.tgz"},
		{"gunzip -r dir", "write dir (tree)"},
		{"gzip -rc dir", "read dir (tree, hidden)"},
		{"zstd -d f.zst -o f", "write f; read f.zst"},
		{"zstd f", "read f; write f.zst"},
		{"zstd --rm f", "read f; write f.zst; delete f"},
		{"zstd -19 -T4 f -o /dev/stdout", "read f"},
		{"zstd -b3 f", "read f"},
		{"zstd --trace t.log -c f", "write t.log; read f"},
		{"unzstd --output-dir-flat out f.zst", "read f.zst; write out (tree)"},
		{"xz -k f", "read f; write f.xz"},
		{"xz --files=list.txt", "read list.txt; unknown (acts on the files listed in list.txt)"},
		{"unxz f.txz", "read f.txz; write f.tar; delete f.txz"},
		{"pigz -b 128 f", "read f; write f.gz; delete f"},
		{"bzip2 f", "read f; write f.bz2; delete f"},
		{"lzma -d f.lzma", "read f.lzma; write f; delete f.lzma"},
		{"gzip --frob f", "unknown (the option --frob is not in the model of gzip); read f; write f.gz; delete f"},
		{"compression_tool -decode -i in.lzfse", "read in.lzfse"},
		{"compression_tool -encode -i in -o out.lzfse", "read in; write out.lzfse"},
		{"compression_tool -h", ""},
	})
}

// TestCompressorModes: a compressor keeps the last mode option it is
// given (xz, bzip2, zstd, pigz's -t and -d), so a harmless mode followed by
// one that writes is not read-only; gzip's -t and -l stay whatever follows.
func TestCompressorModes(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"xz -tz f", "read f; write f.xz; delete f"},
		{"xz -t -z f", "read f; write f.xz; delete f"},
		{"xz --test --compress f", "read f; write f.xz; delete f"},
		{"xz -l -z f", "read f; write f.xz; delete f"},
		{"xz -t -d g.xz", "read g.xz; write g; delete g.xz"},
		{"xz -z -t f", "read f"},
		{"xz -dt g.xz", "read g.xz"},
		{"lzma -tz f", "read f; write f.lzma; delete f"},
		{"unxz -t -z f", "read f; write f.xz; delete f"},
		{"unxz -l f.xz", "read f.xz"},
		{"bzip2 -t -z a.py", "read a.py; write a.py.bz2; delete a.py"},
		{"bzip2 -t -d a.bz2", "read a.bz2; write a; delete a.bz2"},
		{"bunzip2 -t -z a", "read a; write a.bz2; delete a"},
		{"zstd -tz --rm f", "read f; write f.zst; delete f"},
		{"zstd -t -d --rm f.zst", "read f.zst; write f; delete f.zst"},
		{"zstd -l -z f", "read f; write f.zst"},
		{"zstd -b -z --rm f", "read f; write f.zst; delete f"},
		{"zstd --rm -k f", "read f; write f.zst"},
		{"zstd -k --rm f", "read f; write f.zst; delete f"},
		{"zstd -d -t f.zst", "read f.zst"},
		{"pigz -t -d f.gz", "read f.gz; write f; delete f.gz"},
		{"pigz -d -t f.gz", "read f.gz"},
		{"pigz -l -d f.gz", "read f.gz"},
		// gzip -t and -l decompress to standard output whatever follows.
		{"gzip -t -d f.gz", "read f.gz"},
		{"gunzip -l -d f.gz", "read f.gz"},
	})
}

// TestCompressorModeMetamorphic: appending a mode that writes after a
// harmless one never leaves the call read-only.
func TestCompressorModeMetamorphic(t *testing.T) {
	t.Parallel()
	for _, prog := range []string{"xz", "unxz", "lzma", "unlzma", "bzip2", "bunzip2", "zstd", "unzstd"} {
		for _, harmless := range []string{"-t", "-l", "--test", "--list"} {
			for _, writes := range []string{"-z", "-d", "--compress", "--decompress"} {
				cmd := prog + " " + harmless + " " + writes + " --rm f"
				if strings.HasPrefix(prog, "bz") || strings.HasPrefix(prog, "bunz") {
					if harmless == "-l" || harmless == "--list" {
						continue // bzip2 has no list mode
					}
				}
				if !strings.Contains(prog, "zstd") {
					cmd = prog + " " + harmless + " " + writes + " f"
				}
				if got := effects(t, cmd); !strings.Contains(got, "write") {
					t.Errorf("%q: %s, want a write", cmd, got)
				}
			}
		}
	}
}
