package programs_test

import (
	"strings"
	"testing"
)

func TestOpenssl(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"openssl version", ""},
		{"openssl version -a", ""},
		{"openssl list -providers", ""},
		{"openssl help x509", ""},
		{"openssl x509 -in c.pem -noout -text", "read c.pem"},
		{"openssl x509 -noout -startdate -in c.pem", "read c.pem"},
		{"openssl x509 -in c.crt -text", "read c.crt"},
		{"openssl x509 -in a.crt -out /etc/ssl/x.crt", "read a.crt; write /etc/ssl/x.crt"},
		{"openssl x509 -req -in r.csr -CA ca.pem -CAkey ca.key -CAcreateserial", "read r.csr; read ca.pem; read ca.key; write ca.srl"},
		{"openssl x509 -in c.pem -noout -passin pass:pw", "read c.pem; unknown (a password on the command line)"},
		{"openssl x509 -in c.pem -noout -passin file:pw.txt", "read c.pem; read pw.txt"},
		{"openssl x509 -in c.pem -noout -engine e", "read c.pem; unknown (the effect of -engine is not modelled)"},
		{"openssl crl -in l.crl -noout -text", "read l.crl"},
		{"openssl req -in r.csr -noout -subject", "read r.csr"},
		{"openssl req -new -key k.pem -out r.csr", "read k.pem; write r.csr"},
		{"openssl req -new -newkey rsa:2048 -nodes -subj /CN=x", "write privkey.pem"},
		{"openssl req -config c.cnf -in r.csr -noout", "read r.csr; read c.cnf; unknown (-config c.cnf may load engines or providers)"},
		{"openssl pkcs7 -in p.p7b -print_certs", "read p.p7b"},
		{"openssl verify -CAfile ca.pem c.pem", "read ca.pem; read c.pem"},
		{"openssl rsa -in k.pem -pubout", "read k.pem"},
		{"openssl rsa -in k.der -text -noout", "read k.der; unknown (prints the private key)"},
		{"openssl pkey -in k.pem", "read k.pem; unknown (prints the private key)"},
		{"openssl s_client -connect example.com:443 -servername example.com < /dev/null", `network example.com "s_client" "-connect" "example.com:443" "-servername" "example.com"`},
		{"openssl s_client -connect e.com:443 -keylogfile keys.txt", `write keys.txt; network e.com "s_client" "-connect" "e.com:443" "-keylogfile" "keys.txt"`},
		{"openssl s_client -connect e.com:443 < req.txt", `network e.com "s_client" "-connect" "e.com:443"; unknown (s_client sends its standard input to the server)`},
		{"openssl s_client -connect e.com:443 -cert c.pem -key k.pem", `read k.pem; network e.com "s_client" "-connect" "e.com:443" "-cert" "c.pem" "-key" "k.pem"; read c.pem; unknown (sends credentials)`},
		{"openssl", "unknown (openssl without a subcommand reads commands from standard input)"},
	})
	// Subcommands the model does not know: unknown, with the files they
	// may read and write.
	for _, tt := range []struct{ cmd, want string }{
		{"openssl dgst -sha256 f.txt", "unknown (openssl dgst is not modelled); read f.txt"},
		{"openssl enc -d -aes-256-cbc -in a.enc -out a", "unknown (openssl enc is not modelled); read a.enc; write a"},
		{"openssl x509 -in c.pem -frob", "read c.pem"},
	} {
		if got := effects(t, tt.cmd); !strings.HasSuffix(got, tt.want) || !hasUnknown(t, tt.cmd) {
			t.Errorf("%q: got %s, want it to end with %s after unknown effects", tt.cmd, got, tt.want)
		}
	}
}

// TestOpensslConfigFiles: a file in openssl's configuration syntax may
// .include any file and take values from the environment.
func TestOpensslConfigFiles(t *testing.T) {
	t.Parallel()
	u := func(f string) string {
		return "unknown (" + f + " is configuration, which may include any file and print environment variables)"
	}
	checkEffects(t, []effectCase{
		{"openssl asn1parse -in x.der -inform DER", "read x.der"},
		{"openssl asn1parse -genconf y.cnf", "read y.cnf; " + u("y.cnf")},
		{"openssl asn1parse -genconf=y.cnf -noout", "read y.cnf; " + u("y.cnf")},
		{"openssl asn1parse --genconf y.cnf", "read y.cnf; " + u("y.cnf")},
		{"openssl x509 -in c.pem -noout -extfile e.cnf", "read c.pem; read e.cnf; " + u("e.cnf")},
	})
}
