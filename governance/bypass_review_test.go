package governance_test

import "testing"

// reviewCases are neighbours of the self-protection families that an
// attacker's review found still ran: another process's links of /proc
// leading into governance's folders.
var reviewCases = []bypassCase{
	// /proc/PID/root is that process's /: the daemon's pid is in its
	// status file, and any process of the machine's leads to the same
	// files as /proc/self/root.
	{"review-proc-root", `echo x > /proc/1/root/home/user/.config/governance/config.yaml`, blocked, "self-protection", ""},
	{"review-proc-root", `cp evil.yaml /proc/4592/root/home/user/.config/governance/config.yaml`, blocked, "self-protection", ""},
	{"review-proc-root", `echo x > /proc/4592/task/4593/root/home/user/.config/governance/config.yaml`, blocked, "self-protection", ""},
	{"review-proc-root", `echo x > /proc/[0-9]*/root/home/user/.config/governance/config.yaml`, blocked, "self-protection", ""},
	{"review-proc-root", `rm -f /proc/1/root/home/user/.config/governance/config.yaml`, blocked, "", ""},
	{"review-proc-root", `sed -i s/deny/allow/ /proc/1//root/home/user/.config/governance/config.yaml`, blocked, "", ""},
}

func TestBypassReview(t *testing.T) {
	t.Parallel()
	checkBypass(t, reviewCases)
}
