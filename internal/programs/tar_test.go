package programs_test

import "testing"

func TestTar(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		// Listing and comparing.
		{"tar -tzf a.tar.gz", "read a.tar.gz"},
		{"tar tf a.tar", "read a.tar"},
		{"tar tvzf a.tar.gz member", "read a.tar.gz"},
		{"tar --list --file=a.tar", "read a.tar"},
		{"tar --extr --file=a.tar", "read a.tar; write . (tree)"},
		{"tar --li --fi=a.tar", "unknown (the option --li is not in the model of tar); unknown (the option --fi is not in the model of tar); unknown (tar needs one of -t, -x, -c, -r, -u, -d, -A or --delete)"},
		{"tar -tf -", ""},
		{"tar -dvf a.tar", "read a.tar; read . (tree, hidden)"},
		{"tar -I zstd -tf a.tar.zst", "read a.tar.zst"},
		{"tar -tg snap -f a.tar", "read a.tar; stat snap"},
		{"tar --help", ""},
		{"tar -tf a.tar -- --to-command=id", "read a.tar"},
		{"tar -tvzf a.tgz --checkpoint=1 --checkpoint-a=exec=id", `read a.tgz; exec sh:"id"`},
		// Extracting.
		{"tar -xf a.tar", "read a.tar; write . (tree)"},
		{"tar -xzf a.tgz -C out", "read a.tgz; write out (tree)"},
		{"tar xf a.tar -C /tmp/x", "read a.tar; write /tmp/x (tree)"},
		{"tar -xOf a.tar config.json", "read a.tar; read config.json"},
		{"tar -xOf a.tar .env", "read a.tar; read .env"},
		{"tar xOf a.tar .env", "read a.tar; read .env"},
		{"tar -x --to-stdout -f a.tar .env", "read a.tar; read .env"},
		{"tar --extract --to-stdout --file=a.tar .env", "read a.tar; read .env"},
		{"tar -xOf a.tar", "read a.tar"},
		{"tar -xOf a.tar --wildcards '*.env'", "read a.tar; unknown (the member pattern *.env may match any member)"},
		{"tar -xOf a.tar '*.env'", "read a.tar; read *.env"},
		{"tar -xPf a.tar", "read a.tar; write / (tree); write . (tree)"},
		{"tar -xf a.tar --to-command='wc -c'", `exec sh:"wc -c"; read a.tar`},
		{"tar -xOf a.tar --to-com=cat", `exec sh:"cat"; read a.tar`},
		{"tar -xGf a.tar", "read a.tar; write . (tree); delete . (tree)"},
		{"tar -xf a.tar --one-top-level=/etc/x", "read a.tar; write . (tree); write /etc/x (tree)"},
		// Creating and changing.
		{"tar -czf out.tgz src", "write out.tgz; read src (tree, hidden)"},
		{"tar -C /p -cf a.tar .", "write a.tar; read /p (tree, hidden)"},
		{"tar czf - src", "read src (tree, hidden)"},
		{"tar -rf a.tar file", "read a.tar; write a.tar; read file (tree, hidden)"},
		{"tar --delete -f a.tar file", "read a.tar; write a.tar"},
		{"tar -cf a.tar --remove-files src", "write a.tar; read src (tree, hidden); delete src (tree)"},
		{"tar -cg snap -f a.tar src", "write a.tar; read src (tree, hidden); write snap"},
		{"tar -cf a.tar -T list.txt", "read list.txt; write a.tar; unknown (tar archives the files list.txt lists (-T), whose names are only known at run time)"},
		// Programs it runs.
		{"tar -tf a.tar --checkpoint=1 --checkpoint-action=exec=id", `read a.tar; exec sh:"id"`},
		{"tar --list --checkpoint-action exec=id -f a.tar", `read a.tar; exec sh:"id"`},
		{"tar -I 'sh -c id' -tf a.tar", `read a.tar; exec sh:"sh -c id"; exec sh:"sh -c id -d"`},
		{"tar -I ./gzip -tf a.tar", `read a.tar; exec sh:"./gzip"; exec sh:"./gzip -d"`},
		{"tar -tf backup@host:a.tar", `network host "backup@host:a.tar"; exec sh:""`},
		{"tar -tf host:a.tar --force-local", "read host:a.tar"},
		{"tar -tF script -f a.tar", `exec sh:"script"; read a.tar`},
		{"tar --rsh-command=/bin/evil -tf a.tar", `exec sh:"/bin/evil"; read a.tar`},
		{"tar -tf a.tar --index-file=idx", "write idx; read a.tar"},
		{"tar", "unknown (tar needs one of -t, -x, -c, -r, -u, -d, -A or --delete)"},
		{"tar -tf a.tar -w", "unknown (the effect of -w is not modelled); read a.tar"},
	})
}

// TestTarPrintsEveryMember: extracting to standard output (or to a
// command) with no member named prints every file of the archive.
func TestTarPrintsEveryMember(t *testing.T) {
	t.Parallel()
	checkAllEffects(t, []effectCase{
		{"tar -xOf a.tar", "read a.tar; unknown if a.tar (tar prints every member of a.tar, whose names are not seen here)"},
		{"tar -xzOf a.tgz", "read a.tgz; unknown if a.tgz (tar prints every member of a.tgz, whose names are not seen here)"},
		{"tar --to-stdout -xf a.tar", "read a.tar; unknown if a.tar (tar prints every member of a.tar, whose names are not seen here)"},
		{"bsdtar -xOf a.tar", "read a.tar; unknown if a.tar (bsdtar prints every member of a.tar, whose names are not seen here)"},
		{"tar -xf a.tar --to-command=cat", `exec sh:"cat"; read a.tar; unknown if a.tar (tar prints every member of a.tar, whose names are not seen here)`},
		{"tar -xO", "unknown (tar prints every member of the archive on its standard input)"},
		{"tar -xOf a.tar README", "read a.tar; read README"},
		{"tar -tf a.tar", "read a.tar"},
	})
}
