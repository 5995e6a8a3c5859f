package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/agentgov/governance/internal/gatekeeper/fakeprovider"
)

// TestGatekeeperScripts runs the gatekeeper's end-to-end scenarios in
// testdata/gatekeeper: the hook binary, `governance check` and
// `governance gatekeeper test` against a fake provider served by the test
// process. Scripts control it with:
//
//	fakeprovider start anthropic|openai TEXT [STATUS]  start one; sets $PROVIDER_URL
//	fakeprovider reply TEXT [STATUS]                   change the answer
//	fakeprovider requests N [FILE]                     assert N requests; write their prompts to FILE
func TestGatekeeperScripts(t *testing.T) {
	t.Parallel()
	var servers sync.Map // *testscript.TestScript -> *fakeprovider.Server
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/gatekeeper",
		RequireExplicitExec: true,
		UpdateScripts:       *update,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"fakeprovider": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) < 2 {
					ts.Fatalf("usage: fakeprovider start DIALECT TEXT [STATUS] | reply TEXT [STATUS] | requests N [FILE]")
				}
				reply := func(args []string) fakeprovider.Reply {
					r := fakeprovider.Reply{Text: args[0]}
					if len(args) > 1 {
						r.Status, _ = strconv.Atoi(args[1])
					}
					return r
				}
				server := func() *fakeprovider.Server {
					s, ok := servers.Load(ts)
					if !ok {
						ts.Fatalf("no fake provider started")
					}
					return s.(*fakeprovider.Server)
				}
				switch args[0] {
				case "start":
					if len(args) < 3 {
						ts.Fatalf("usage: fakeprovider start DIALECT TEXT [STATUS]")
					}
					s := fakeprovider.New(args[1], reply(args[2:]))
					servers.Store(ts, s)
					ts.Defer(s.Close)
					ts.Setenv("PROVIDER_URL", s.BaseURL())
				case "reply":
					server().SetReply(reply(args[1:]))
				case "requests":
					reqs := server().Requests()
					if want, _ := strconv.Atoi(args[1]); len(reqs) != want {
						ts.Fatalf("%d requests reached the provider, want %d", len(reqs), want)
					}
					if len(args) > 2 {
						var b strings.Builder
						for i, r := range reqs {
							fmt.Fprintf(&b, "== request %d %s\n== headers\n", i+1, r.Path)
							for _, h := range []string{"X-Api-Key", "Authorization"} {
								if v := r.Header.Get(h); v != "" {
									fmt.Fprintf(&b, "%s: %s\n", h, v)
								}
							}
							fmt.Fprintf(&b, "== model %s\n== system\n%s\n== user\n%s\n", r.Model, r.System, r.User)
						}
						if err := os.WriteFile(ts.MkAbs(args[2]), []byte(b.String()), 0o644); err != nil {
							ts.Fatalf("%v", err)
						}
					}
				default:
					ts.Fatalf("unknown fakeprovider command %q", args[0])
				}
			},
			"expand": expandCmd,
		},
		Setup: func(e *testscript.Env) error {
			if err := setupHome(e); err != nil {
				return err
			}
			e.Setenv("GOVERNANCE_NO_NOTIFY", "1")
			return os.MkdirAll(filepath.Join(e.Getenv("XDG_CONFIG_HOME"), "governance"), 0o755)
		},
	})
}
