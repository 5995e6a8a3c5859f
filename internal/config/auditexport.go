package config

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/yamlx"
)

// AuditExport is the audit_export block: where the decision log is
// shipped as OTLP logs (governance audit ship, the daemon). It is read
// from the user's configuration only: a repository cannot send a
// person's decisions elsewhere.
type AuditExport struct {
	// Endpoint is the collector's OTLP/HTTP logs URL
	// (https://collector:4318/v1/logs); a URL with no path gets /v1/logs.
	Endpoint string
	// Headers are sent with every request (authorization), as written:
	// a credential's value is a reference, ${env:NAME} or ${file:NAME}
	// (see credentials.go), that [AuditExport.ResolveHeaders] replaces.
	Headers map[string]string
	// Problems are credentials written into the file (each a
	// [*LiteralCredential]) and malformed references: while there is
	// one, nothing is shipped. They are not configuration errors: the
	// hook decides as before.
	Problems []error
	// dir is the folder of the config.yaml that set the block.
	dir string
	// Batch is the most entries one request carries.
	Batch int
	// BufferMax is the most unshipped entries kept for a collector that
	// is down or slow; past it the oldest are dropped and counted.
	BufferMax int
	// Interval is how often the daemon ships.
	Interval time.Duration
	// Timeout bounds one request.
	Timeout time.Duration
}

// Audit export defaults.
const (
	DefaultExportBatch     = 1000
	DefaultExportBufferMax = 1_000_000
	DefaultExportInterval  = 10 * time.Second
	DefaultExportTimeout   = 30 * time.Second
)

var auditExportKeys = []string{"endpoint", "headers", "batch", "buffer_max", "interval", "timeout"}

func (f *File) parseAuditExport(n *yaml.Node) error {
	pairs, err := yamlx.Map(f.Name, n)
	if err != nil {
		return err
	}
	if err := yamlx.CheckKeys(f.Name, pairs, auditExportKeys...); err != nil {
		return err
	}
	x := &AuditExport{Batch: DefaultExportBatch, BufferMax: DefaultExportBufferMax,
		Interval: DefaultExportInterval, Timeout: DefaultExportTimeout}
	endpointSet := false
	for _, kv := range pairs {
		v := kv.Value
		switch kv.Key {
		case "endpoint":
			s, err := yamlx.String(f.Name, v)
			if err != nil {
				return err
			}
			u, err := url.Parse(s)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
				return yamlx.At(f.Name, v, "endpoint %q is not an http or https URL", s).
					WithHint("name the collector's OTLP/HTTP receiver, such as https://otel.example.com:4318")
			}
			if u.Path == "" || u.Path == "/" {
				u.Path = "/v1/logs"
			}
			if literalInURL(u) {
				x.Problems = append(x.Problems, &LiteralCredential{File: f.Name, Line: v.Line, Where: "audit_export.endpoint",
					Hint: "take it out of the URL and send it in a header that names it: headers: {Authorization: Bearer ${env:NAME}}"})
			}
			x.Endpoint, endpointSet = u.String(), true
		case "headers":
			hp, err := yamlx.Map(f.Name, v)
			if err != nil {
				return err
			}
			x.Headers = map[string]string{}
			for _, h := range hp {
				s, err := yamlx.String(f.Name, h.Value)
				if err != nil {
					return err
				}
				x.Headers[h.Key] = s
				if err := checkReferences(s); err != nil {
					x.Problems = append(x.Problems, yamlx.At(f.Name, h.Value, "audit_export.headers.%s: %v", h.Key, err).
						WithHint("a header's value may name a credential as ${env:NAME} or ${file:NAME}"))
				} else if literalCredential(h.Key, s) {
					x.Problems = append(x.Problems, &LiteralCredential{File: f.Name, Line: h.Value.Line, Where: "audit_export.headers." + h.Key})
				}
			}
		case "batch", "buffer_max":
			n, err := yamlx.Int(f.Name, v)
			if err != nil {
				return err
			}
			if n < 1 {
				return yamlx.At(f.Name, v, "%s must be at least 1, not %d", kv.Key, n)
			}
			if kv.Key == "batch" {
				x.Batch = n
			} else {
				x.BufferMax = n
			}
		case "interval", "timeout":
			d, err := duration(f.Name, v)
			if err != nil {
				return err
			}
			if kv.Key == "interval" {
				x.Interval = d
			} else {
				x.Timeout = d
			}
		}
	}
	if !endpointSet {
		return yamlx.At(f.Name, n, "audit_export needs an endpoint").
			WithHint("name the collector's OTLP/HTTP receiver, such as https://otel.example.com:4318")
	}
	x.dir = filepath.Dir(f.Name)
	f.AuditExport = x
	return nil
}

// ResolveHeaders returns the headers to send, each reference replaced by
// the credential it names. It refuses while the block has problems (a
// credential written into config.yaml), and when a reference names an
// unset variable or a missing file; the errors never hold a credential.
func (x *AuditExport) ResolveHeaders(r Resolver) (map[string]string, error) {
	if len(x.Problems) > 0 {
		return nil, errors.Join(x.Problems...)
	}
	out := make(map[string]string, len(x.Headers))
	for k, v := range x.Headers {
		s, err := r.expand(v, x.dir)
		if err != nil {
			return nil, fmt.Errorf("audit_export.headers.%s: %w", k, err)
		}
		out[k] = s
	}
	return out, nil
}

// LoadAuditExport reads the audit_export block of the managed
// configuration, else of the user's; nil when neither sets one. The
// managed configuration ships where the team says; the user's applies
// when it says nothing.
func LoadAuditExport(p layout.Paths) (*AuditExport, error) {
	return firstBlock(p, func(f *File) *AuditExport { return f.AuditExport })
}

// firstBlock reads a block that only the managed or the user
// configuration may set: the managed one's, else the user's; nil when
// neither sets it.
func firstBlock[T any](p layout.Paths, block func(*File) *T) (*T, error) {
	for _, dir := range []string{p.ManagedDir, p.UserDir} {
		if dir == "" {
			continue
		}
		name := filepath.Join(dir, "config.yaml")
		data, err := os.ReadFile(name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		f, err := ParseFile(name, data)
		if err != nil {
			return nil, err
		}
		if b := block(f); b != nil {
			return b, nil
		}
	}
	return nil, nil
}
