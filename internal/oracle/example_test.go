package oracle_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/agentgov/governance/internal/oracle"
)

// Example runs a command that reads a planted secret and writes it,
// encoded, to a file, and prints what the oracle saw. It needs bwrap and
// strace, so it is compiled but not run; its output would be:
//
//	exec base64 at depth 1
//	write /tmp/x
//	read dotenv
//	leak dotenv to file /tmp/x as base64
func Example() {
	dir, err := os.MkdirTemp("", "oracle")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	s, err := oracle.New(dir)
	if err != nil {
		log.Fatal(err)
	}
	obs, err := s.Run(context.Background(), "base64 < .env > /tmp/x")
	if err != nil {
		log.Fatal(err)
	}
	for _, x := range obs.Execs {
		fmt.Println("exec", x.Argv[0], "at depth", x.Depth)
	}
	for _, f := range obs.Files {
		fmt.Println(f.Kind, f.Path)
	}
	for _, r := range obs.SecretReads {
		fmt.Println("read", r.Secret)
	}
	for _, l := range obs.Leaks {
		fmt.Println("leak", l.Secret, "to", l.Sink, l.Where, "as", l.Encoding)
	}
}
