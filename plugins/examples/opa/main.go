// Command governance-opa is a governance plugin that evaluates Rego
// policies with Open Policy Agent, so that teams reuse the Rego they
// already have for agent tool calls.
//
// Every call is the input document (see [Input]); the set
// data.governance.deny gives deny reasons and data.governance.ask ask
// reasons. A reason is a string, or an object with a message and a
// suggestion:
//
//	package governance
//
//	deny contains msg if {
//		input.tool.kind == "shell"
//		some cmd in input.commands
//		cmd[0] == "terraform"
//		cmd[1] == "destroy"
//		msg := "terraform destroy is run by the platform team"
//	}
//
// Usage, as config.yaml names it:
//
//	plugins:
//	  - name: opa
//	    path: plugins/governance-opa
//	    args: [--policy, policy, --data, data.json]
//
// --policy names a .rego file or a folder of them (repeatable); --data a
// JSON document for data (optional). Policies are compiled at start and
// again when a file changes. This program is a module of its own: OPA
// stays out of the governance binaries.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/agentgov/governance/plugins"
)

func main() {
	var policies multi
	var data string
	flag.Var(&policies, "policy", "a .rego file or a folder of them (repeatable)")
	flag.StringVar(&data, "data", "", "a JSON file loaded as data")
	flag.Parse()
	if len(policies) == 0 {
		fmt.Fprintln(os.Stderr, "governance-opa: give at least one --policy")
		os.Exit(2)
	}
	plugins.Serve(New(policies, data))
}

type multi []string

func (m *multi) String() string     { return fmt.Sprint(*m) }
func (m *multi) Set(v string) error { *m = append(*m, v); return nil }
