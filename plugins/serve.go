package plugins

import (
	"context"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/pluginwire"
)

// ProtocolVersion is the version of the plugin protocol. A host and a
// plugin that speak different versions refuse each other at the
// handshake.
const ProtocolVersion = 1

// PluginName is the name the evaluator is served under.
const PluginName = "evaluator"

// Handshake is the go-plugin handshake of governance plugins. The cookie
// only tells a plugin that governance started it: it is not a secret.
var Handshake = plugin.HandshakeConfig{
	ProtocolVersion:  ProtocolVersion,
	MagicCookieKey:   "GOVERNANCE_PLUGIN",
	MagicCookieValue: "evaluator",
}

// Serve serves an evaluator to the governance process that started this
// program, and returns when governance stops it. Run by hand, it prints
// that it is a plugin and exits.
func Serve(e Evaluator) {
	plugin.Serve(&plugin.ServeConfig{
		HandshakeConfig: Handshake,
		Plugins:         plugin.PluginSet{PluginName: &GRPCPlugin{Impl: e}},
		GRPCServer:      plugin.DefaultGRPCServer,
	})
}

// GRPCPlugin is the go-plugin definition of an evaluator: Impl serves it
// in a plugin; in a host, the client it dispenses is an [Evaluator].
type GRPCPlugin struct {
	plugin.NetRPCUnsupportedPlugin
	Impl Evaluator
}

// GRPCServer registers the evaluator with the plugin's gRPC server.
func (p *GRPCPlugin) GRPCServer(_ *plugin.GRPCBroker, s *grpc.Server) error {
	pluginwire.RegisterEvaluatorServer(s, &server{impl: p.Impl})
	return nil
}

// GRPCClient returns an [Evaluator] that calls the plugin.
func (p *GRPCPlugin) GRPCClient(_ context.Context, _ *plugin.GRPCBroker, c *grpc.ClientConn) (any, error) {
	return &client{c: pluginwire.NewEvaluatorClient(c)}, nil
}

// server serves an Evaluator over the wire protocol.
type server struct {
	pluginwire.UnimplementedEvaluatorServer
	impl Evaluator
}

func (s *server) Describe(ctx context.Context, _ *pluginwire.DescribeRequest) (*pluginwire.Info, error) {
	info, err := s.impl.Describe(ctx)
	if err != nil {
		return nil, err
	}
	return infoToWire(info), nil
}

func (s *server) Evaluate(ctx context.Context, req *pluginwire.Request) (*pluginwire.Verdict, error) {
	v, err := s.impl.Evaluate(ctx, requestFromWire(req))
	if err != nil {
		return nil, err
	}
	return verdictToWire(v), nil
}

// client is an Evaluator that calls a plugin.
type client struct{ c pluginwire.EvaluatorClient }

func (c *client) Describe(ctx context.Context) (Info, error) {
	info, err := c.c.Describe(ctx, &pluginwire.DescribeRequest{})
	if err != nil {
		return Info{}, err
	}
	return infoFromWire(info), nil
}

func (c *client) Evaluate(ctx context.Context, req *governance.Request) (Verdict, error) {
	v, err := c.c.Evaluate(ctx, requestToWire(req))
	if err != nil {
		return Verdict{}, err
	}
	return verdictFromWire(v), nil
}
