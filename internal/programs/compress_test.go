package programs_test

import "testing"

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
