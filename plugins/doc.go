// Package plugins is the SDK for custom evaluators: programs that decide
// agent tool calls with policy the rule language does not express, or
// that a team already keeps elsewhere (Open Policy Agent, an internal
// service). An evaluator plugs in without forking governance.
//
// A plugin is an executable that implements [Evaluator] and calls
// [Serve] from main:
//
//	func main() { plugins.Serve(myEvaluator{}) }
//
// governance starts it as a subprocess with hashicorp/go-plugin and talks
// to it over gRPC, after a handshake that checks the protocol version
// ([Handshake]). The daemon keeps plugins running, so a call costs a
// fraction of a millisecond; without a daemon the hook starts a plugin for
// a single call only when its configuration allows a cold start.
//
// A plugin is configured in config.yaml:
//
//	plugins:
//	  - name: opa
//	    path: plugins/governance-opa     # relative to this file's folder
//	    args: [--policy, policy]
//	    sha256: 3f1c...                  # optional; checked at every start
//	    position: after_rules            # before_rules | after_rules | before_gatekeeper
//	    timeout: 2s
//	    on_error: deny                   # or ask
//	    allow_cold_start: false
//
// A call the plugin does not answer in time, or that makes it crash, is
// decided as on_error says, with a message that names the plugin; a
// crashed plugin is restarted with backoff. `governance plugins test NAME
// -- CMD` runs one call through a plugin.
//
// Package plugintest runs an evaluator in-process over a real gRPC
// connection, for plugin tests.
package plugins
