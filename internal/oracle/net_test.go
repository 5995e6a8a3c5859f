package oracle

import (
	"reflect"
	"testing"
)

func TestSockaddr(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want endpoint
	}{
		{`{sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("\x31\x32\x37\x2e\x30\x2e\x30\x2e\x31")}`,
			endpoint{family: "AF_INET", address: "127.0.0.1", port: 53}},
		{`{sa_family=AF_INET6, sin6_port=htons(443), sin6_flowinfo=htonl(0), inet_pton(AF_INET6, "2001:db8::1", &sin6_addr), sin6_scope_id=0}`,
			endpoint{family: "AF_INET6", address: "2001:db8::1", port: 443}},
		{`{sa_family=AF_UNIX, sun_path="/run/docker.sock"}`, endpoint{family: "AF_UNIX", address: "/run/docker.sock"}},
		{`{sa_family=AF_UNIX, sun_path=@"abstract"}`, endpoint{family: "AF_UNIX", address: "@abstract"}},
	}
	for _, tt := range tests {
		if got, ok := sockaddr(tt.in); !ok || got != tt.want {
			t.Errorf("sockaddr(%s) = %+v, %v; want %+v", tt.in, got, ok, tt.want)
		}
	}
	if _, ok := sockaddr("NULL"); ok {
		t.Error("NULL is no address")
	}
}

func TestSocketTarget(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want endpoint
		ok   bool
	}{
		{"UDP:[127.0.0.1:37198->127.0.0.1:53]", endpoint{family: "AF_INET", protocol: "UDP", address: "127.0.0.1", port: 53}, true},
		{"TCPv6:[[::1]:5->[::1]:80]", endpoint{family: "AF_INET6", protocol: "TCPv6", address: "::1", port: 80}, true},
		{"TCP:[59131]", endpoint{family: "AF_INET", protocol: "TCP"}, true},
		{"UNIX-STREAM:[1->2]", endpoint{family: "AF_UNIX", protocol: "UNIX-STREAM"}, true},
		{"pipe:[59087]", endpoint{}, false},
		{"/home/agent/x", endpoint{}, false},
	}
	for _, tt := range tests {
		if got, ok := socketTarget(tt.in); ok != tt.ok || got != tt.want {
			t.Errorf("socketTarget(%s) = %+v, %v; want %+v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestDNSNames(t *testing.T) {
	t.Parallel()
	query := []byte("\x38\xd3\x01\x00\x00\x01\x00\x00\x00\x00\x00\x00\x03foo\x07example\x03com\x00\x00\x1c\x00\x01")
	tests := []struct {
		name string
		data []byte
		tcp  bool
		want []string
	}{
		{"udp query", query, false, []string{"foo.example.com"}},
		{"tcp query with its length", append([]byte{0, byte(len(query))}, query...), true, []string{"foo.example.com"}},
		{"response", append([]byte{0x38, 0xd3, 0x81}, query[3:]...), false, nil},
		{"short", query[:10], false, nil},
		{"cut in a label", query[:20], false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := dnsNames(tt.data, tt.tcp); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("dnsNames = %q, want %q", got, tt.want)
			}
		})
	}
}
