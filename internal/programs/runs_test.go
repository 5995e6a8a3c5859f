package programs_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/programs"
	"github.com/agentgov/governance/internal/shell"
)

// runsOf describes the command lines the first command of cmd runs:
// the code, then +words when the program appends words of its own and
// <data when it feeds the code its data.
func runsOf(t *testing.T, cmd string) string {
	t.Helper()
	a := shell.Analyze(cmd, shell.Options{Cwd: "/p", Home: "/h", Launcher: programs.Launcher})
	if len(a.Commands) == 0 {
		t.Fatalf("%q: no command", cmd)
	}
	var out []string
	for _, e := range programs.Parse(a.Commands[0]).Effects().List {
		if e.Op != programs.Exec || e.Found || e.Helper || e.IfPresent != "" {
			continue
		}
		s := fmt.Sprintf("%q", e.Code)
		if e.Appends {
			s += " +words"
		}
		if e.Stdin {
			s += " <data"
		}
		out = append(out, s)
	}
	return strings.Join(out, "; ")
}

// TestWordsAndDataGivenToCommandLines: a command line a program runs gets
// words and data of the program's own, and the model says which.
func TestWordsAndDataGivenToCommandLines(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ cmd, want string }{
		// git appends paths, hosts, ports and tokens; pagers only read.
		{"git -c diff.external=tee diff", `"tee" +words <data`},
		{"git -c core.sshCommand=tee fetch ssh://h/x", `"tee" +words <data; ""`},
		{"git -c core.gitProxy=tee fetch git://h/x", `"tee" +words <data; ""`},
		{"git -c core.fsmonitor=tee status", `"tee" +words <data`},
		{"git -c core.pager='xargs cat' log", `"xargs cat" <data`},
		{"git -c pager.log=less log", `"less" <data`},
		{"git -c Core.Pager=less log", `"less" <data`},
		{"git -c credential.helper='!tee' fetch", `"tee" +words <data; ""`},
		{"git -c credential.helper=store fetch", `"git credential-store" +words <data; ""`},
		{"git -c credential.https://h.helper=cache fetch", `"git credential-cache" +words <data; ""`},
		{"git -c credential.helper=/usr/bin/helper fetch", `"/usr/bin/helper" +words <data; ""`},
		// core.hooksPath is a folder of hooks, not a command.
		{"git -c core.hooksPath=cat status", `"" +words <data`},
		// Pagers of other programs, and tar's filter of members.
		{"man -P 'xargs cat' ls", `"xargs cat" <data`},
		{"batcat --pager='less -R' f", `"less -R" <data`},
		{"ack --pager=cat x", `"cat" <data`},
		{"ag --pager=cat x", `"cat" <data`},
		{"tar --to-command=cat -xf a.tar", `"cat" <data`},
		{"mysql --pager=less -e 'select 1'", `"less" <data`},
		{"psql -o '|tee x' -c 'select 1'", `"tee x" <data`},
		{"awk '{print | \"cat\"}' f", `"cat" <data`},
		// A compressor gets -d to decompress, and the archive.
		{"tar -I 'xargs cat' -tf a.tar", `"xargs cat" <data; "xargs cat -d" <data`},
		{"sort --compress-program=tee f", `"tee" <data; "tee -d" <data`},
		{"sort --compress-program='tee #' f", `"tee #" <data; "" <data`},
		// Other programs add words: a browser gets the address, zip -TT
		// the archive, install -s strip the file.
		{"npm help --browser=tee config", `"tee" +words`},
		{"zip -T -TT tee a.zip f", `"tee" +words`},
		{"go vet -vettool=tee ./...", `"tee" +words <data`},
		// sed's e and awk's system() read the caller's input only.
		{"sed 'e cat' f", `"cat\n"`},
		{"awk 'BEGIN{system(\"cat\")}'", `"cat"`},
	} {
		if got := runsOf(t, tt.cmd); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.cmd, got, tt.want)
		}
	}
}

// TestRunText: the command line as the program runs it, for the analysis.
func TestRunText(t *testing.T) {
	t.Parallel()
	p := programs.RunStdinProducer
	for _, tt := range []struct {
		e     programs.Effect
		input bool
		want  string
	}{
		{programs.Effect{Op: programs.Exec, Lang: "sh", Code: "cat"}, false, "cat"},
		{programs.Effect{Op: programs.Exec, Lang: "sh", Code: "tee", Appends: true}, false, `tee "$@"`},
		{programs.Effect{Op: programs.Exec, Lang: "sh", Code: "xargs cat", Stdin: true}, false, p + " | {\nxargs cat\n}"},
		{programs.Effect{Op: programs.Exec, Lang: "sh", Code: "xargs cat"}, true, p + " | {\nxargs cat\n}"},
		{programs.Effect{Op: programs.Exec, Lang: "sh", Code: "tee", Appends: true, Stdin: true}, false, p + " | {\ntee \"$@\"\n}"},
		// Words appended after a comment, a line break or a backslash
		// would not be where the analysis puts them.
		{programs.Effect{Op: programs.Exec, Lang: "sh", Code: "cat #", Appends: true}, false, ""},
		{programs.Effect{Op: programs.Exec, Lang: "sh", Code: "cat\nid", Appends: true}, false, ""},
		{programs.Effect{Op: programs.Exec, Lang: "sh", Code: `cat \`, Appends: true}, false, ""},
		// Code that would close the group reading the data is refused.
		{programs.Effect{Op: programs.Exec, Lang: "sh", Code: "x; }; xargs cat; { :", Stdin: true}, false, ""},
		{programs.Effect{Op: programs.Exec, Lang: "sh", Code: "cat <<EOF", Stdin: true}, false, ""},
		{programs.Effect{Op: programs.Exec, Lang: "sh", Code: "", Stdin: true}, false, ""},
		{programs.Effect{Op: programs.Exec, Lang: "python", Code: "print(1)"}, false, ""},
	} {
		if got := tt.e.RunText(tt.input); got != tt.want {
			t.Errorf("%+v (input %v):\n got %q\nwant %q", tt.e, tt.input, got, tt.want)
		}
	}
}
