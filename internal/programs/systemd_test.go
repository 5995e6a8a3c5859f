package programs_test

import "testing"

func TestSystemd(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"journalctl -u nginx --since today --no-pager", ""},
		{"journalctl -b -1 -p err", ""},
		{"journalctl _SYSTEMD_UNIT=sshd.service", ""},
		{"journalctl -n 100", ""},
		{"journalctl --list-boots", ""},
		{"journalctl -D /var/log/journal", "read /var/log/journal (tree, hidden)"},
		{"journalctl --file=x.journal", "read x.journal"},
		{"journalctl --vacuum-size=100M", "change (--vacuum-size)"},
		{"journalctl --vacuum-s=1", "change (--vacuum-s)"},
		{"journalctl --vac=1", "unknown (the option --vac is not in the model of journalctl)"},
		{"journalctl -u nginx --rotate", "change (--rotate)"},
		{"journalctl --flush", "change (--flush)"},
		{"journalctl --cursor-file=/tmp/c", "write /tmp/c"},
		{"SYSTEMD_PAGER='sh -c id' journalctl", "unknown (the variable SYSTEMD_PAGER may change what journalctl does)"},
		{"SYSTEMD_COLORS=0 journalctl -f", ""},
		{"systemctl", ""},
		{"systemctl --user show-environment", "env"},
		{"systemctl show-environment", "env"},
		{"systemctl show", "unknown (systemctl show prints the Environment property of the manager or a unit, whose values are not known here)"},
		{"systemctl --user show", "unknown (systemctl show prints the Environment property of the manager or a unit, whose values are not known here)"},
		{"systemctl show nginx", "unknown (systemctl show prints the Environment property of the manager or a unit, whose values are not known here)"},
		{"systemctl show -p Environment nginx", "unknown (systemctl show prints the Environment property of the manager or a unit, whose values are not known here)"},
		{"systemctl show -pEnvironment nginx", "unknown (systemctl show prints the Environment property of the manager or a unit, whose values are not known here)"},
		{"systemctl show --property=Environment nginx", "unknown (systemctl show prints the Environment property of the manager or a unit, whose values are not known here)"},
		{"systemctl show --property Environment nginx", "unknown (systemctl show prints the Environment property of the manager or a unit, whose values are not known here)"},
		{"systemctl show --prop=MainPID,Environment nginx", "unknown (systemctl show prints the Environment property of the manager or a unit, whose values are not known here)"},
		{"systemctl show -p MainPID -p Environment nginx", "unknown (systemctl show prints the Environment property of the manager or a unit, whose values are not known here)"},
		{"systemctl -P Environment show nginx", "unknown (systemctl show prints the Environment property of the manager or a unit, whose values are not known here)"},
		{"systemctl show --value -P Environment nginx", "unknown (systemctl show prints the Environment property of the manager or a unit, whose values are not known here)"},
		{"systemctl show -p $PROP nginx", "unknown (the word $PROP is computed at run time and may be any option of systemctl); unknown (systemctl show prints the Environment property of the manager or a unit, whose values are not known here)"},
		{"systemctl cat nginx", "unknown (systemctl cat prints unit files, whose Environment= lines are not known here)"},
		{"systemctl --user cat app.service", "unknown (systemctl cat prints unit files, whose Environment= lines are not known here)"},
		{"systemctl show -p MainPID nginx", ""},
		{"systemctl show --property=ActiveState,SubState nginx", ""},
		{"systemctl show -P ActiveState nginx", ""},
		{"systemctl show -p EnvironmentFiles nginx", ""},
		{"systemctl status nginx", ""},
		{"systemctl --user list-units --type=service", ""},
		{"systemctl is-active docker", ""},
		{"systemctl status --no-pager nginx", ""},
		{"systemctl restart nginx", "change (systemctl restart)"},
		{"systemctl enable --now nginx", "change (systemctl enable)"},
		{"systemctl edit nginx", "change (systemctl edit)"},
		{"systemctl -H prod status nginx", "unknown (the effect of -H is not modelled)"},
		{"systemctl frobnicate x", `unknown ("frobnicate" is not a subcommand the model of systemctl knows)`},
		{"dmesg -T --level=err,warn", ""},
		{"dmesg -w", ""},
		{"dmesg --reltime", ""},
		{"dmesg -c", "change (-c)"},
		{"dmesg -TC", "change (-C)"},
		{"dmesg --console-off", "change (--console-off)"},
		{"dmesg -n 8", "change (-n)"},
		{"dmesg -F log.txt", "read log.txt"},
		{"sysctl -n hw.ncpu", ""},
		{"sysctl hw.memsize hw.ncpu", ""},
		{"sysctl -w net.ipv4.ip_forward=1", "change (-w); change (sets net.ipv4.ip_forward=1)"},
		{"sysctl vm.swappiness=10", "change (sets vm.swappiness=10)"},
		{"sysctl -p /etc/sysctl.conf", "change (-p)"},
		{"sysctl --system", "change (--system)"},
	})
}

func TestRunTimeWords(t *testing.T) {
	t.Parallel()
	for _, cmd := range []string{
		"systemctl status $UNIT",
		"journalctl -u $UNIT",
		"sqlite3 app.db \"$Q\"",
		"curl https://example.com/$X",
		"tar -tf $ARCHIVE",
	} {
		if !hasUnknown(t, cmd) {
			t.Errorf("%q: want an unknown effect", cmd)
		}
	}
	checkEffects(t, []effectCase{
		{"systemctl status -- $UNIT", ""},
	})
}
