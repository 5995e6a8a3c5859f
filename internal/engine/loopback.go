package engine

import (
	"strconv"
	"strings"
)

// This machine, as a connection's destination, has more names than
// localhost and 127.0.0.1: the whole of 127.0.0.0/8 in every spelling
// inet_aton accepts (127.1, 0x7f000001, 2130706433, 017700000001,
// 0x7f.1), the unspecified address 0.0.0.0 (0, 0x0), ::1 and :: and the
// IPv4-mapped and -compatible forms of those ([::ffff:127.0.0.1],
// ::ffff:7f00:1), localhost and its subdomains with or without the
// trailing dot, and every name the hosts file maps to one of them.

// thisMachine reports a host that connects to this machine.
func (ev *evaluation) thisMachine(host string) bool {
	h := strings.TrimSuffix(strings.ToLower(host), ".")
	if localAddress(h) {
		return true
	}
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	return ev.hostsLoopback(h)
}

// hostsLoopback reports a name the hosts file maps to this machine.
func (ev *evaluation) hostsLoopback(name string) bool {
	if name == "" {
		return false
	}
	data, err := ev.fsw.fs().ReadFile("/etc/hosts")
	if err != nil {
		return false
	}
	for line := range strings.Lines(string(data)) {
		line, _, _ = strings.Cut(line, "#")
		fields := strings.Fields(line)
		if len(fields) < 2 || !localAddress(strings.ToLower(fields[0])) {
			continue
		}
		for _, f := range fields[1:] {
			if strings.TrimSuffix(strings.ToLower(f), ".") == name {
				return true
			}
		}
	}
	return false
}

// localAddress reports a numeric address of this machine.
func localAddress(h string) bool {
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	if i := strings.IndexByte(h, '%'); i >= 0 {
		h = h[:i]
	}
	if strings.Contains(h, ":") {
		return local6(h)
	}
	a, ok := inetAton(h)
	return ok && (a>>24 == 127 || a == 0)
}

// inetAton parses an IPv4 address as inet_aton does: one to four parts,
// each decimal, octal (a leading 0) or hex (0x); the last part fills the
// bytes the others leave.
func inetAton(s string) (uint32, bool) {
	if s == "" {
		return 0, false
	}
	parts := strings.Split(s, ".")
	if len(parts) > 4 {
		return 0, false
	}
	var vals []uint64
	for _, p := range parts {
		base := 10
		switch {
		case p == "":
			return 0, false
		case len(p) > 2 && (p[:2] == "0x" || p[:2] == "0X"):
			base, p = 16, p[2:]
		case len(p) > 1 && p[0] == '0':
			base, p = 8, p[1:]
		}
		v, err := strconv.ParseUint(p, base, 32)
		if err != nil {
			return 0, false
		}
		vals = append(vals, v)
	}
	var a uint64
	for i, v := range vals[:len(vals)-1] {
		if v > 255 {
			return 0, false
		}
		a |= v << (24 - 8*i)
	}
	last := vals[len(vals)-1]
	if last >= 1<<(8*(5-len(vals))) && len(vals) > 1 {
		return 0, false
	}
	return uint32(a | last), true
}

// local6 reports ::1, ::, and an IPv4-mapped or -compatible address of
// this machine.
func local6(s string) bool {
	var groups []string
	head, tail, double := strings.Cut(s, "::")
	split := func(x string) []string {
		if x == "" {
			return nil
		}
		return strings.Split(x, ":")
	}
	hg, tg := split(head), split(tail)
	all := append(append([]string{}, hg...), tg...)
	for _, g := range all {
		if g == "" {
			return false
		}
	}
	// An IPv4 address in the last place stands for two groups.
	var v4 uint32
	has4 := false
	if n := len(all); n > 0 && strings.Contains(all[n-1], ".") {
		a, ok := inetAton(all[n-1])
		if !ok || strings.Count(all[n-1], ".") != 3 {
			return false
		}
		v4, has4 = a, true
		all = all[:n-1]
		if len(tg) > 0 {
			tg = tg[:len(tg)-1]
		} else {
			hg = hg[:len(hg)-1]
		}
	}
	want := 8
	if has4 {
		want = 6
	}
	switch {
	case double && len(all) < want:
		groups = append(append(append([]string{}, hg...), make([]string, want-len(all))...), tg...)
	case !double && len(all) == want:
		groups = all
	default:
		return false
	}
	var w [8]uint16
	for i, g := range groups {
		if g == "" {
			// A group "::" stands for.
			continue
		}
		v, err := strconv.ParseUint(g, 16, 16)
		if err != nil || len(g) > 4 {
			return false
		}
		w[i] = uint16(v)
	}
	if has4 {
		w[6], w[7] = uint16(v4>>16), uint16(v4)
	}
	for _, x := range w[:5] {
		if x != 0 {
			return false
		}
	}
	v := uint32(w[6])<<16 | uint32(w[7])
	switch w[5] {
	case 0:
		// ::, ::1, and the IPv4-compatible ::127.0.0.1.
		return v <= 1 || v>>24 == 127
	case 0xffff:
		return v>>24 == 127 || v == 0
	}
	return false
}
