// Command fakemodel serves a fake model provider on 127.0.0.1 for the
// gatekeeper's benchmarks, until it is stopped. It writes its base URL
// to -url-file.
//
//	fakemodel -dialect anthropic -url-file URL -reply 'ALLOW: fine'
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/agentgov/governance/internal/gatekeeper/fakeprovider"
)

func main() {
	dialect := flag.String("dialect", fakeprovider.Anthropic, "anthropic or openai")
	reply := flag.String("reply", `{"decision": "allow", "reason": "a harmless tool", "confidence": 0.95}`, "the model's answer")
	urlFile := flag.String("url-file", "", "file to write the base URL to")
	flag.Parse()
	s := fakeprovider.New(*dialect, fakeprovider.Reply{Text: *reply})
	defer s.Close()
	if *urlFile != "" {
		if err := os.WriteFile(*urlFile, []byte(s.BaseURL()), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "fakemodel:", err)
			os.Exit(1)
		}
	} else {
		fmt.Println(s.BaseURL())
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
	<-sig
}
