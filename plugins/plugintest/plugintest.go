// Package plugintest runs a governance evaluator plugin in-process, over
// a real gRPC connection, so that a plugin's tests exercise the same wire
// code as a plugin that governance starts, without building a binary.
package plugintest

import (
	"testing"

	"github.com/hashicorp/go-plugin"

	"github.com/agentgov/governance/plugins"
)

// Connect serves e in-process and returns an evaluator that calls it
// through gRPC, as governance would. The connection is closed when the
// test ends.
func Connect(t testing.TB, e plugins.Evaluator) plugins.Evaluator {
	t.Helper()
	c, _ := plugin.TestPluginGRPCConn(t, false, plugin.PluginSet{plugins.PluginName: &plugins.GRPCPlugin{Impl: e}})
	t.Cleanup(func() { c.Close() })
	raw, err := c.Dispense(plugins.PluginName)
	if err != nil {
		t.Fatalf("plugintest: %v", err)
	}
	return raw.(plugins.Evaluator)
}
