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
		{"htop", ""},
		{"htop --readonly", ""},
		{"htop --help", ""},
		{"btop", ""},
		{"btop -lc", ""},
		{"btop --default-config", ""},
		{"btop -c my.conf", "write my.conf"},
		{"glances --stdout cpu", "network pypi.org"},
		{"glances --disable-check-update --stdout cpu", ""},
		{"glances -s", "change (-s); network pypi.org"},
		{"glances -w", "change (-w); network pypi.org"},
		{"glances -C glances.conf", "unknown (-C runs code the model does not read); network pypi.org"},
		{"glances --export csv", "unknown (the effect of --export is not modelled); network pypi.org"},
		{"glances --export-csv-file out.csv", "write out.csv; network pypi.org"},
		{"glances --open-web-browser", "exec sh:\"\"; network pypi.org"},
		{"glances -c server.example.com", "network  \"server.example.com\"; network pypi.org"},
	})
}
