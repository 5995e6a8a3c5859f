package programs_test

import "testing"

// TestTop checks the process monitors: top only prints; htop, btop and
// glances write their files, and glances serves, exports and runs.
func TestTop(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"top -b -n 1", ""},
		{"top -bn1", ""},
		{"top -b -n 1 -o %MEM", ""},
		{"top -l 1", ""},
		{"top -l 1 -stats pid,cpu", ""},
		{"top -u root", ""},
		{"top -d 1", ""},
		{"top -p 1,2", ""},
		{"top -h", ""},
		{"htop", "cache ~/.config/htop/htoprc"},
		{"htop --readonly", "cache ~/.config/htop/htoprc"},
		{"htop --help", ""},
		{"btop", "cache ~/.config/btop"},
		{"btop -lc", "cache ~/.config/btop"},
		{"btop --default-config", ""},
		{"btop -c my.conf", "write my.conf; cache ~/.config/btop"},
		{"glances --stdout cpu", "cache ~/.local/share/glances; network pypi.org"},
		{"glances --disable-check-update --stdout cpu", "cache ~/.local/share/glances"},
		{"glances -s", "change (-s); cache ~/.local/share/glances; network pypi.org"},
		{"glances -w", "change (-w); cache ~/.local/share/glances; network pypi.org"},
		{"glances -C glances.conf", "unknown (-C runs code the model does not read); cache ~/.local/share/glances; network pypi.org"},
		{"glances --export csv", "unknown (the effect of --export is not modelled); cache ~/.local/share/glances; network pypi.org"},
		{"glances --export-csv-file out.csv", "write out.csv; cache ~/.local/share/glances; network pypi.org"},
		{"glances --open-web-browser", "exec sh:\"\"; cache ~/.local/share/glances; network pypi.org"},
		{"glances -c server.example.com", "network  \"server.example.com\"; cache ~/.local/share/glances; network pypi.org"},
	})
}
