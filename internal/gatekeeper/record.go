package gatekeeper

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/agentgov/governance/internal/appendfile"
)

// Provenance marks what the gatekeeper decided, for the learned-policy
// miner: its decisions are evidence, and become rules only when a human
// promotes them.
const Provenance = "gatekeeper"

// Call is one line of the calls log: one request the gatekeeper was
// asked about, answered from the cache or by the model, or not at all.
type Call struct {
	Time       time.Time `json:"time"`
	Provenance string    `json:"provenance"`
	// RequestHash names the request (see [Hash]); decisions in the
	// decision log name it in their source.
	RequestHash   string `json:"request_hash"`
	PolicyVersion string `json:"policy_version"`
	Model         string `json:"model"`
	// LatencyMS is how long the model took (0 for a cache hit).
	LatencyMS float64 `json:"latency_ms"`
	Cached    bool    `json:"cached"`
	// Decision is the model's (allow, deny, escalate), or "error" when it
	// gave none; Outcome what the layer decided (allow, ask, deny).
	Decision   string   `json:"decision"`
	Outcome    string   `json:"outcome"`
	Reason     string   `json:"reason,omitempty"`
	Confidence *float64 `json:"confidence,omitempty"`
	Error      string   `json:"error,omitempty"`
	// What was decided, secrets masked.
	Kind        string `json:"kind"`
	Subject     string `json:"subject"`
	Harness     string `json:"harness,omitempty"`
	Session     string `json:"session,omitempty"`
	Agent       string `json:"agent,omitempty"`
	ProjectRoot string `json:"project_root,omitempty"`
	Cwd         string `json:"cwd,omitempty"`
}

// CallsPath is the calls log in a state folder.
func CallsPath(stateDir string) string { return filepath.Join(stateDir, "gatekeeper", "calls.jsonl") }

// Append adds the call to the log at path as one line, in one write on a
// file opened with O_APPEND, so that parallel hooks never interleave.
func (c *Call) Append(path string) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(c); err != nil {
		return err
	}
	if err := appendfile.AppendLine(path, b.Bytes()); err != nil {
		return fmt.Errorf("gatekeeper calls log: %w", err)
	}
	return nil
}

// ReadCalls reads the calls log at path; a missing log has no calls.
// Lines that do not decode (a line cut by a full disk) are skipped.
func ReadCalls(path string) ([]Call, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Call
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 8<<20)
	for sc.Scan() {
		var c Call
		if json.Unmarshal(sc.Bytes(), &c) == nil {
			out = append(out, c)
		}
	}
	return out, sc.Err()
}
