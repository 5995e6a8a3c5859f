package programs_test

import "testing"

func TestSort(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"sort f", "read f"},
		{"sort -u -k2,2n -t, a b", "read a; read b"},
		{"sort", ""},
		{"sort -V f", "read f"},
		{"sort --version", ""},
		{"sort -o out f", "write out; read f"},
		{"sort -rfo out f", "write out; read f"},
		{"sort --output=out f", "write out; read f"},
		{"sort --out out f", "write out; read f"},
		{"sort -o /dev/stdout f", "read f"},
		{"sort -o - f", "read f"},
		{"sort -o f f", "write f; read f"},
		{"sort --compress-program=gzip f", "exec sh:\"gzip\"; exec sh:\"gzip -d\"; read f"},
		{"sort --compress-program sh f", "exec sh:\"sh\"; exec sh:\"sh -d\"; read f"},
		{"sort --compr gzip f", "exec sh:\"gzip\"; exec sh:\"gzip -d\"; read f"},
		{"sort --files0-from=list", "read list; unknown (sort --files0-from prints the files its list names)"},
		{"sort --random-source=/dev/urandom -R f", "read /dev/urandom; read f"},
		{"sort -T /tmp -S 1G f", "read f"},
		{"sort -k2 -n -- -o", "read -o"},
		{"sort -c f", "read f"},
		{"sort --check=quiet f", "read f"},
		{"sort -y f", "unknown (the option -y is not in the model of sort); read f"},
	})
}

func TestUniq(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"uniq", ""},
		{"uniq -c", ""},
		{"uniq -c f", "read f"},
		{"uniq -2 -s 3 f", "read f"},
		{"uniq f -", "read f"},
		{"uniq f /dev/null", "read f"},
		{"uniq in out", "read in; write out"},
		{"uniq - out", "write out"},
		{"uniq a b c", "read a; write b; unknown (uniq takes at most two files)"},
	})
}
