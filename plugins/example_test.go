package plugins_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/plugins"
)

// noPublish is a plugin that keeps agents from publishing packages.
type noPublish struct{}

func (noPublish) Describe(context.Context) (plugins.Info, error) {
	return plugins.Info{Name: "no-publish", Version: "1.0.0", Kinds: []governance.Kind{governance.KindShell}}, nil
}

func (noPublish) Evaluate(_ context.Context, req *governance.Request) (plugins.Verdict, error) {
	if strings.Contains(req.Tool.Input.Command, "npm publish") {
		v := plugins.Deny("Packages are published by the release pipeline.", "Push a tag instead.")
		v.Rule = "npm-publish"
		return v, nil
	}
	return plugins.Verdict{}, nil // no opinion: the rest of the policy decides
}

// A plugin implements Evaluator; its main function is
//
//	func main() { plugins.Serve(noPublish{}) }
func Example() {
	req := &governance.Request{Tool: governance.Tool{Kind: governance.KindShell, Input: governance.Input{Command: "npm publish"}}}
	v, _ := noPublish{}.Evaluate(context.Background(), req)
	fmt.Println(v.Outcome, v.Rule, v.Message)
	// Output: deny npm-publish Packages are published by the release pipeline.
}
