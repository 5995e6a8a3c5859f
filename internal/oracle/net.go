package oracle

// This file reads socket addresses, as strace prints them in arguments
// and in -yy annotations, and the query names of DNS messages.

import (
	"encoding/binary"
	"net"
	"strconv"
	"strings"
)

// endpoint is where a socket sends.
type endpoint struct {
	family   string
	protocol string
	address  string
	port     int
}

// sockaddr reads {sa_family=AF_INET, sin_port=htons(53),
// sin_addr=inet_addr("127.0.0.1")} and its AF_INET6 and AF_UNIX kin.
func sockaddr(s string) (endpoint, bool) {
	if !strings.HasPrefix(s, "{") {
		return endpoint{}, false
	}
	items, _, ok := splitArgs(s, 1, '}')
	if !ok {
		return endpoint{}, false
	}
	var e endpoint
	for _, it := range items {
		k, v, _ := strings.Cut(it, "=")
		switch {
		case k == "sa_family":
			e.family = v
		case k == "sin_port" || k == "sin6_port":
			e.port = htons(v)
		case k == "sin_addr":
			e.address = str(strings.TrimSuffix(strings.TrimPrefix(v, "inet_addr("), ")"))
		case strings.HasPrefix(it, "inet_pton("):
			if args, _, ok := splitArgs(it, len("inet_pton("), ')'); ok && len(args) > 1 {
				e.address = str(args[1])
			}
		case k == "sun_path":
			if abstract, found := strings.CutPrefix(v, "@"); found {
				e.address = "@" + str(abstract)
			} else {
				e.address = str(v)
			}
		}
	}
	return e, e.family != ""
}

// htons reads "htons(53)".
func htons(s string) int {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "htons("), ")")
	n, _ := strconv.Atoi(s)
	return n
}

// socketTarget reads the target of a socket's annotation:
// "UDP:[127.0.0.1:40000->127.0.0.1:53]", "TCPv6:[[::1]:5->[::1]:80]",
// "UNIX-STREAM:[1234->1235]", "TCP:[1234]". The endpoint holds the
// remote address when the socket is connected.
func socketTarget(target string) (endpoint, bool) {
	proto, rest, found := strings.Cut(target, ":[")
	if !found || !strings.HasSuffix(rest, "]") || strings.Contains(proto, "/") {
		return endpoint{}, false
	}
	rest = strings.TrimSuffix(rest, "]")
	e := endpoint{protocol: proto}
	switch {
	case strings.HasPrefix(proto, "UNIX"):
		e.family = "AF_UNIX"
		if _, path, ok := strings.Cut(rest, ","); ok {
			e.address = str(path)
		}
		return e, true
	case strings.HasSuffix(proto, "v6"):
		e.family = "AF_INET6"
	case proto == "TCP" || proto == "UDP" || proto == "UDPLITE" || proto == "RAW" || proto == "SCTP":
		e.family = "AF_INET"
	case proto == "pipe" || proto == "socket" || proto == "anon_inode":
		return endpoint{}, false
	}
	if _, remote, ok := strings.Cut(rest, "->"); ok {
		if host, port, err := net.SplitHostPort(remote); err == nil {
			e.address = host
			e.port, _ = strconv.Atoi(port)
		}
	}
	return e, true
}

// dnsNames returns the question names of a DNS query, or nil when data
// is not one. A message sent over TCP starts with its length.
func dnsNames(data []byte, tcp bool) []string {
	if tcp && len(data) >= 2 && int(binary.BigEndian.Uint16(data)) == len(data)-2 {
		data = data[2:]
	}
	if len(data) < 12 || data[2]&0x80 != 0 { // a response, not a query
		return nil
	}
	count := int(binary.BigEndian.Uint16(data[4:]))
	var names []string
	off := 12
	for range count {
		var labels []string
		for {
			if off >= len(data) {
				return names
			}
			n := int(data[off])
			off++
			if n == 0 {
				break
			}
			if n&0xc0 != 0 || off+n > len(data) {
				return names // compression has no place in a question
			}
			labels = append(labels, string(data[off:off+n]))
			off += n
		}
		names = append(names, strings.Join(labels, "."))
		off += 4 // type and class
	}
	return names
}
