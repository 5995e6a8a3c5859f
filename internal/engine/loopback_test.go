package engine

import "testing"

// TestLocalAddress: every numeric spelling of this machine that
// inet_aton or an IPv6 parser accepts, and addresses of other machines.
func TestLocalAddress(t *testing.T) {
	t.Parallel()
	local := []string{"127.0.0.1", "127.1", "127.0.1", "0x7f000001", "0X7F000001", "2130706433", "2130706432",
		"017700000001", "0177.0.0.1", "0x7f.1", "0x7f.0x0.0.01", "127.255.255.255", "127.0.0.2", "127.1.2.3",
		"0.0.0.0", "0", "0x0", "00", "[::1]", "::1", "0:0:0:0:0:0:0:1", "::", "[::]", "[::ffff:127.0.0.1]",
		"::ffff:7f00:1", "::FFFF:127.1.2.3", "::127.0.0.1", "[::1%lo]", "::0:1", "0000::0001", "::ffff:0.0.0.0"}
	other := []string{"", "128.0.0.1", "10.0.0.1", "192.168.1.1", "1.2.3.4", "2130706431", "4278190081", "256.0.0.1",
		"127.0.0.256", "127.256.1", "127.0.65536", "1.2.3.4.5", "0x", "127..1", "::2", "::ffff:10.0.0.1",
		"2001:db8::1", "fe80::1", "1::1", "::ffff:127.1", ":::1", "1:2:3:4:5:6:7:8:9", "example.com", "localhost",
		"12345678901"}
	for _, h := range local {
		if !localAddress(h) {
			t.Errorf("%s is this machine", h)
		}
	}
	for _, h := range other {
		if localAddress(h) {
			t.Errorf("%s is not this machine", h)
		}
	}
}
