package oracle

// This file records what processes send: connections, and messages with
// their data, at the address they go to. Netlink messages (questions to
// the kernel), socketpairs between processes and the C library's own
// attempts at the name service cache daemon are left out.

import "strings"

// unixNoise are sockets the C library tries on its own, whatever the
// command: the name service cache daemon's, absent from the sandbox.
var unixNoise = map[string]bool{"/var/run/nscd/socket": true, "/run/nscd/socket": true}

// pidFD names a descriptor of a process.
type pidFD struct {
	pid int
	fd  string
}

// send records a connect, or a message sent by sendto, sendmsg or
// sendmmsg, at the address given, else at the socket's peer.
func (t *tracer) send(c call) {
	_, target, _ := annotation(c.arg(0))
	peer, _ := socketTarget(target)
	switch c.name {
	case "connect":
		ep, ok := sockaddr(c.arg(1))
		if !ok || ep.family == "AF_NETLINK" || ep.family == "AF_UNSPEC" || unixNoise[ep.address] {
			return
		}
		ep.protocol = peer.protocol
		fd, _, _ := annotation(c.arg(0))
		t.connected[pidFD{c.pid, fd}] = ep
		t.obs.Network = append(t.obs.Network, NetEvent{
			PID: c.pid, Call: c.name, Family: ep.family, Protocol: ep.protocol,
			Address: ep.address, Port: ep.port, Err: c.errno,
		})
	case "sendto":
		data, trunc, _ := unquote(c.arg(1))
		if ep, ok := sockaddr(c.arg(4)); ok {
			ep.protocol = peer.protocol
			peer = ep
		}
		t.message(c, peer, data, trunc)
	case "sendmsg":
		data, trunc := iovData(c.arg(1))
		t.message(c, msgPeer(c.arg(1), peer), data, trunc)
	case "sendmmsg":
		items, _, ok := splitArgs(c.arg(1), 1, ']')
		if !strings.HasPrefix(c.arg(1), "[") || !ok {
			return
		}
		sent, _ := c.retInt()
		for i, it := range items {
			if i >= sent && !c.failed() {
				break // the rest were not sent
			}
			if hdr, ok := field(it, "msg_hdr"); ok {
				data, trunc := iovData(hdr)
				t.message(c, msgPeer(hdr, peer), data, trunc)
			}
		}
	}
}

// msgPeer returns the destination of a message header: its msg_name, else
// the socket's peer.
func msgPeer(hdr string, peer endpoint) endpoint {
	if name, ok := field(hdr, "msg_name"); ok {
		if ep, ok := sockaddr(name); ok {
			ep.protocol = peer.protocol
			return ep
		}
	}
	return peer
}

// message records data sent to ep. A message over a UNIX socket with no
// address, which the process did not connect itself, goes through a
// socketpair: it is a pipe between processes, not reported.
func (t *tracer) message(c call, ep endpoint, data []byte, truncated bool) {
	if ep.family == "AF_NETLINK" || ep.protocol == "NETLINK" {
		return
	}
	if ep.address == "" {
		// A connected socket whose annotation does not name its peer:
		// a UNIX one, or one in another network namespace than strace's
		// (a sandbox's), which strace cannot look up. Its connect does.
		fd, _, _ := annotation(c.arg(0))
		connected, ok := t.connected[pidFD{c.pid, fd}]
		switch {
		case ok:
			ep.address, ep.port = connected.address, connected.port
		case ep.family == "AF_UNIX":
			return
		}
	}
	e := NetEvent{
		PID: c.pid, Call: c.name, Family: ep.family, Protocol: ep.protocol,
		Address: ep.address, Port: ep.port, Err: c.errno,
	}
	e.Data, e.DataTruncated = appendLimited(nil, data, t.limit, truncated)
	if ep.port == 53 {
		e.DNS = dnsNames(data, strings.HasPrefix(ep.protocol, "TCP"))
	}
	t.obs.Network = append(t.obs.Network, e)
}
