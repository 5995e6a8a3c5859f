package programs_test

import (
	"strings"
	"testing"
)

// TestWrappersLaunch: what each wrapper runs, and what it adds to the
// command: its variables, folder, privilege and the files it writes.
func TestWrappersLaunch(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		src  string
		want string // the command, then what the wrappers add
	}{
		{"arch -x86_64 -e DYLD_X=1 make", "make env=DYLD_X=1"},
		{"arch -e $V make", "make env=?=$V"},
		{"busybox rm -rf x", "rm -rf x"},
		{"caffeinate -t 60 make", "make"},
		{"catchsegv ./app", "./app"},
		{"chrt -f 10 make", "make"},
		{"chrt -p 10 1234", "chrt -p 10 1234"},
		{"doas -u root rm x", "rm x privileged"},
		{"doas -s", "sh privileged"},
		{"env -i FOO=1 make", "make env=FOO=1"},
		{"env -C /tmp make", "make cwd=/tmp"},
		{"env - make", "make"},
		{"env -S 'A=1 make all'", "make all env=A=1"},
		{"env -P /opt/bin make", "/opt/bin/make"},
		{"env", "env"},
		{"flock /tmp/lock make", "make >/tmp/lock"},
		{"flock -w 5 /tmp/lock make", "make >/tmp/lock"},
		{"ionice -c 3 make", "make"},
		{"ionice -p 1234", "ionice -p 1234"},
		{"nice -n 5 make", "make"},
		{"nice --adjustment 5 make", "make"},
		{"nice", "nice"},
		{"nohup make &", "make"},
		{"pkexec --user root rm x", "rm x privileged"},
		{"proxychains -f conf curl x", "curl x"},
		{"proxychains4 curl x", "curl x"},
		{"rtk proxy git status", "git status"},
		{"rtk git status", "git status"},
		{"setsid make", "make"},
		{"stdbuf -oL make", "make"},
		{"sudo -u root -D /srv make", "make cwd=/srv privileged"},
		{"sudo FOO=1 make", "make env=FOO=1 privileged"},
		{"sudo -i", "sh privileged"},
		{"sudo -l", "sudo -l"},
		// sudo's -h: help alone, a host when one follows.
		{"sudo -h", "sudo -h"},
		{"sudo -h host make", "make privileged"},
		{"sudo -hhost make", "make privileged"},
		{"sudo --host host make", "make privileged"},
		{"sudo -h -u root make", "sudo -h -u root make"},
		{"sudo -h FOO=1 make", "sudo -h FOO=1 make"},
		{"sudo -nh make", "sudo -nh make"},
		{"taskset 3 make", "make"},
		{"taskset -p 3 1234", "taskset -p 3 1234"},
		// time at the start of a line is the shell's keyword; through another
		// program it is the program, which writes its -o file.
		{"nice time -o t.log make", "make >t.log"},
		{"timeout -s KILL 5 make", "make"},
		{"timeout --help", "timeout --help"},
		{"timeout -- 5 make", "make"},
		{"flock -- /tmp/lock make", "make >/tmp/lock"},
		{"torsocks curl x", "curl x"},
		{"unbuffer make", "make"},
		{"xvfb-run -e err.log make", "make >err.log"},
	} {
		t.Run(tt.src, func(t *testing.T) {
			t.Parallel()
			c := walk(tt.src, "/p", "/h").Commands[0]
			got := []string{c.String()}
			for _, a := range c.Assigns {
				got = append(got, "env="+a)
			}
			if c.Cwd != "/p" {
				got = append(got, "cwd="+c.Cwd)
			}
			for _, r := range c.Redirects {
				if r.Write {
					got = append(got, ">"+r.Target.Value)
				}
			}
			if c.Privileged {
				got = append(got, "privileged")
			}
			if s := strings.Join(got, " "); s != tt.want {
				t.Errorf("%s: got %q, want %q", tt.src, s, tt.want)
			}
		})
	}
}
