package programs_test

import "testing"

// TestLookups checks dig, host, nslookup and whois: a request carrying every
// word, files read, batches of queries.
func TestLookups(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"dig example.com", "network  \"example.com\""},
		{"dig +short example.com A", "network  \"+short\" \"example.com\" \"A\""},
		{"dig @8.8.8.8 example.com MX", "network 8.8.8.8 \"@8.8.8.8\" \"example.com\" \"MX\""},
		{"dig -x 8.8.8.8", "network  \"8.8.8.8\""},
		{"dig -t txt -q example.com", "network  \"txt\" \"example.com\""},
		{"dig example.com +trace +nodnssec", "network  \"example.com\" \"+trace\" \"+nodnssec\""},
		{"dig -f queries.txt", "read queries.txt; unknown (dig -f sends the queries listed in a file); network "},
		{"dig +tls-keyfile=key.pem +tls @1.1.1.1 example.com", "read key.pem; network 1.1.1.1 \"+tls-keyfile=key.pem\" \"+tls\" \"@1.1.1.1\" \"example.com\""},
		{"dig +tls-ca=ca.pem +https @1.1.1.1 example.com", "read ca.pem; network 1.1.1.1 \"+tls-ca=ca.pem\" \"+https\" \"@1.1.1.1\" \"example.com\""},
		{"dig -k tsig.key example.com", "read tsig.key; network  \"example.com\""},
		{"dig $NAME", "unknown (the word $NAME is computed at run time and may be any option); network  \"$NAME\""},
		{"dig -h", ""},
		{"dig -v", ""},
		{"host example.com", "network  \"example.com\""},
		{"host -t mx example.com 8.8.8.8", "network 8.8.8.8 \"mx\" \"example.com\" \"8.8.8.8\""},
		{"host -l example.com", "network  \"example.com\""},
		{"host $NAME", "unknown (the word $NAME is computed at run time and may be any option); network  \"$NAME\""},
		{"host -V", ""},
		{"nslookup example.com", "network  \"example.com\""},
		{"nslookup -type=mx example.com 8.8.8.8", "network 8.8.8.8 \"-type=mx\" \"example.com\" \"8.8.8.8\""},
		{"nslookup -query=txt example.com", "network  \"-query=txt\" \"example.com\""},
		{"nslookup", "unknown (nslookup reads its queries from standard input); network "},
		{"nslookup - 8.8.8.8", "unknown (nslookup reads its queries from standard input); network 8.8.8.8 \"-\" \"8.8.8.8\""},
		{"nslookup -debug", "unknown (nslookup reads its queries from standard input); network  \"-debug\""},
		{"nslookup $NAME", "network  \"$NAME\""},
		{"whois example.com", "network  \"example.com\""},
		{"whois -h whois.arin.net 8.8.8.8", "network whois.arin.net \"whois.arin.net\" \"8.8.8.8\""},
		{"whois --host whois.ripe.net -T inetnum 193.0.0.0", "network whois.ripe.net \"whois.ripe.net\" \"inetnum\" \"193.0.0.0\""},
		{"whois \"$NAME\"", "unknown (the word $NAME is computed at run time and may be any option); network  \"$NAME\""},
		{"whois --version", ""},
	})
}
