package programs_test

import (
	"slices"
	"testing"
)

func TestAwk(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"awk '{print $1}' f", "read f"},
		{"awk -F: '$3 > 1000 {print $1}' /etc/passwd", "read /etc/passwd"},
		{"awk -v n=3 'NR > n' a b", "read a; read b"},
		{"awk '{s+=$1} END {print s}' x=1 f", "read f"},
		{"awk 'BEGIN { if (1 > 0) print \"yes\" }'", ""},
		{"awk '{print $1 > \"out.txt\"}' f", "write out.txt; read f"},
		{"awk '{print >> \"/tmp/log\"}' f", "write /tmp/log; read f"},
		{"awk '{print > $2}' f", "unknown (awk writes a file named at run time with print >); read f"},
		{"awk '{printf \"%s\\n\", $0 > \"/dev/stderr\"}' f", "read f"},
		{"awk 'BEGIN{system(\"id\")}'", "exec sh:\"id\""},
		{"awk '{system($0)}' f", "exec sh:\"\"; read f"},
		{"awk 'BEGIN{\"date\" | getline d; print d}'", "exec sh:\"date\""},
		{"awk '{print | \"sort\"}' f", "exec sh:\"sort\"; read f"},
		{"awk 'BEGIN{cmd=\"ls\"; cmd | getline}'", "exec sh:\"\""},
		{"awk 'BEGIN{while ((getline l < \".env\") > 0) print l}'", "read .env"},
		{"awk 'BEGIN{getline < ARGV[1]}' x", "unknown (awk reads a file named at run time with getline <); read x"},
		{"awk 'BEGIN{print ENVIRON[\"AWS_SECRET_ACCESS_KEY\"]}'", "env AWS_SECRET_ACCESS_KEY"},
		{"awk 'BEGIN{for (k in ENVIRON) print k}'", "env"},
		{"awk 'BEGIN{ARGV[1]=\".env\"} {print}' x", "unknown (awk changes ARGV, and so which files it reads); read x"},
		{"awk '{print ARGV[1]}' x", "read x"},
		{"awk '@load \"readfile\"; {print}'", "unknown (awk loads code or calls a function by name with @load)"},
		{"awk -f prog.awk f", "read prog.awk; unknown (awk runs a program from a file (-f), which the model does not read); read f"},
		{"gawk -i inplace '{print}' f", "unknown (-i runs code the model does not read); read f"},
		{"gawk --sandbox 'BEGIN{system(\"id\")}'", ""},
		{"gawk -oout.awk '{print}' f", "write out.awk; read f"},
		// -o takes its file only attached: here out.awk is the program.
		{"gawk -o out.awk '{print}' f", "change (-o writes files); read {print}; read f"},
		{"mawk -W exec prog f", "unknown (mawk -W exec is not modelled); read f"},
		{"awk --version", ""},
	})
}

// TestAwkLaunch: the walker reads awk's program as interpreter code, and
// a program that comes from input at run time is code nobody has seen.
func TestAwkLaunch(t *testing.T) {
	t.Parallel()
	a := walk(`awk 'BEGIN { system("rm -rf /tmp/x") }'`, "/p", "/h")
	if c := a.Commands[0]; c.Code == "" || c.Lang != "awk" {
		t.Errorf("awk's program is not read: code %q, language %q", c.Code, c.Lang)
	}
	if got := foundCommands(a); !slices.Contains(got, "rm -rf /tmp/x [awk code]") {
		t.Errorf("found %q, want the command of system()", got)
	}
	if c := walk(`awk -f prog.awk data`, "/p", "/h").Commands[0]; c.Code != "" || c.RunsInput {
		t.Errorf("awk -f: code %q, runs input %v", c.Code, c.RunsInput)
	}
	ran := false
	for _, c := range walk(`cat progs | xargs awk`, "/p", "/h").Commands {
		ran = ran || c.Name == "awk" && c.RunsInput
	}
	if !ran {
		t.Error("cat progs | xargs awk: awk does not run input")
	}
}
