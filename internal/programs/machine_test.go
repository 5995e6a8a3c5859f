package programs_test

import "testing"

// TestMachine checks the programs that print facts about the machine, arch's
// program, and lspci's lookups.
func TestMachine(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"uname -a", ""},
		{"uname -srm", ""},
		{"uname --kernel-release", ""},
		{"arch", ""},
		{"arch --help", ""},
		{"nproc", ""},
		{"nproc --all --ignore=1", ""},
		{"getconf PAGE_SIZE", ""},
		{"getconf PATH_MAX /tmp", "stat /tmp"},
		{"getconf -a", ""},
		{"getconf -a /tmp", "stat /tmp"},
		{"locale", ""},
		{"locale -a", ""},
		{"locale LANG LC_ALL", ""},
		{"lscpu", ""},
		{"lscpu -J", ""},
		{"lscpu -e=CPU,CORE", ""},
		{"lscpu --sysroot /tmp/x", "read /tmp/x (tree)"},
		{"lscpu $X", "unknown (the word $X is computed at run time and may be any option); unknown (lscpu $X: a word known only at run time may hold options)"},
		{"lsblk", ""},
		{"lsblk -f", ""},
		{"lsblk -o NAME,SIZE /dev/sda", "stat /dev/sda"},
		{"lsblk --sysroot /tmp/x", "read /tmp/x (tree)"},
		{"lspci", ""},
		{"lspci -nnk", ""},
		{"lspci -vvv -s 00:02.0", ""},
		{"lspci -q", "network ; cache ~/.pciids-cache"},
		{"lspci -i ids.txt", "read ids.txt"},
		{"lspci -F dump.txt", "read dump.txt"},
		{"lspci -O dump.name=x", "unknown (the effect of -O is not modelled)"},
		{"lspci -H 1", "unknown (the effect of -H is not modelled)"},
		{"lspci -M", "unknown (the effect of -M is not modelled)"},
		{"lsusb", ""},
		{"lsusb -t", ""},
		{"lsusb -v -d 046d:", ""},
		{"lsusb -D /dev/bus/usb/001/001", "read /dev/bus/usb/001/001"},
		{"free", ""},
		{"free -h", ""},
		{"free -m -s 1 -c 3", ""},
		{"uptime", ""},
		{"uptime -p", ""},
		{"uptime --since", ""},
	})
}
