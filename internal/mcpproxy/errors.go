package mcpproxy

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// JSON-RPC error codes of the proxy's decisions. They sit in a block that
// no MCP SDK uses, so that a client can tell a policy decision from every
// other failure; an upstream that answers with one of them is reported
// with CodeBackendReservedMisuse instead, so that a server can never pass
// its own errors off as the policy's.
const (
	// CodeDenied: the policy stopped the call and the agent must stop.
	CodeDenied = -32950
	// CodeDeniedContinue: the policy stopped the call; the agent may go
	// on with its task another way.
	CodeDeniedContinue = -32951
	// CodeBackendReservedMisuse: an upstream server answered with one of
	// these codes.
	CodeBackendReservedMisuse = -32952
	// CodeEvaluatorError: the policy could not be evaluated (a broken
	// configuration, an evaluator that failed or timed out); the call did
	// not run.
	CodeEvaluatorError = -32953
	// CodeUpstreamUnavailable: the server behind a tool is not running.
	CodeUpstreamUnavailable = -32000
)

// Messages of the decision codes.
const (
	msgDenied          = "policy_denied"
	msgDeniedContinue  = "policy_denied_continue"
	msgReservedMisuse  = "policy_backend_reserved_misuse"
	msgEvaluatorError  = "policy_evaluator_error"
	msgUpstreamMissing = "upstream_unavailable"
)

// DenialData is the data of a -32950 or -32951 error.
type DenialData struct {
	// Decision is the policy's outcome: deny, abort, or ask when no human
	// answered in time.
	Decision   string `json:"decision"`
	Server     string `json:"server"`
	Tool       string `json:"tool"`
	Reason     string `json:"reason"`
	Suggestion string `json:"suggestion"`
}

// EvaluatorErrorData is the data of a -32953 error.
type EvaluatorErrorData struct {
	// Name is what failed: an evaluator, "configuration" or "governance".
	Name   string `json:"name"`
	Reason string `json:"reason"`
}

// ReservedMisuseData is the data of a -32952 error.
type ReservedMisuseData struct {
	// Name is the upstream server; BackendCode the code it sent.
	Name        string `json:"name"`
	BackendCode int64  `json:"backend_code"`
}

// UnavailableData is the data of a -32000 error for a server that is not
// running.
type UnavailableData struct {
	Server string `json:"server"`
	Reason string `json:"reason"`
}

func wireError(code int64, msg string, data any) *jsonrpc.Error {
	raw, err := json.Marshal(data)
	if err != nil {
		raw = nil
	}
	return &jsonrpc.Error{Code: code, Message: msg, Data: raw}
}

// Clients such as Claude Code pass an error's message to the model and
// drop its data, so a message starts with the reserved name and goes on
// with what the model needs: the reason, and the suggestion.

func denialError(d DenialData, abort bool) *jsonrpc.Error {
	msg := d.Reason
	if d.Suggestion != "" {
		msg += " Suggestion: " + d.Suggestion
	}
	if abort {
		return wireError(CodeDenied, msgDenied+": "+msg, d)
	}
	return wireError(CodeDeniedContinue, msgDeniedContinue+": "+msg, d)
}

func evaluatorError(name, reason string) *jsonrpc.Error {
	return wireError(CodeEvaluatorError, msgEvaluatorError+": "+name+": "+reason, EvaluatorErrorData{Name: name, Reason: reason})
}

func unavailableError(server, reason string) *jsonrpc.Error {
	return wireError(CodeUpstreamUnavailable, msgUpstreamMissing+": "+server+": "+reason,
		UnavailableData{Server: server, Reason: reason})
}

func unknownToolError(name string) *jsonrpc.Error {
	// The SDK's own words for a tool it does not have, so that a hidden
	// tool and a missing one cannot be told apart.
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("unknown tool %q", name)}
}

// reserved reports whether a code belongs to the proxy's decisions.
func reserved(code int64) bool { return code <= CodeDenied && code >= CodeEvaluatorError }

// upstreamError turns the error of a request forwarded to an upstream
// into what the client receives: the upstream's JSON-RPC error as it came,
// unless it uses a reserved code; a lost connection as unavailable.
func upstreamError(server string, err error) error {
	var we *jsonrpc.Error
	if errors.As(err, &we) {
		if reserved(we.Code) {
			return wireError(CodeBackendReservedMisuse, msgReservedMisuse, ReservedMisuseData{Name: server, BackendCode: we.Code})
		}
		return we
	}
	return unavailableError(server, err.Error())
}
