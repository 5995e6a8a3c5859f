package config

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/yamlx"
)

// File is one config.yaml. Fields that are not set are nil or empty, so
// that layers can be merged.
type File struct {
	Name string
	// Default is the outcome of calls no layer decides: ask or defer.
	Default *engine.Outcome
	// MainAgent is the agent that governs the main thread.
	MainAgent *string
	// MissingAgent decides the calls of a subagent with no agent file:
	// main or deny.
	MissingAgent *string
	// SafeSet turns the built-in read-only safe set on or off.
	SafeSet *bool
	// DisableBuiltin lists built-in rules to turn off (user config only).
	DisableBuiltin []string
	// LogOnly is the enforcement mode: true for log-only.
	LogOnly *bool
	// AuditRequired is audit: required (true) or best-effort (false).
	AuditRequired *bool
	// Confine is confine: off, unknown or auto.
	Confine *engine.ConfineMode
	// ConfineGrants is confine_grants: (see [governance.ConfineGrants]).
	ConfineGrants *engine.ConfineGrants
	// MaxDelegationDepth is the deepest subagent level allowed.
	MaxDelegationDepth *int
	// BlockSecretPrompts blocks prompts that hold credentials.
	BlockSecretPrompts *bool
	// Purge holds the purge policy's settings, by key.
	Purge purgeSettings
	// Roles are the roles the file defines; DefaultRole is the role of
	// agents whose file names none; NeverExposed extends the list of tools
	// no AI caller may use.
	Roles        []*roleSpec
	DefaultRole  *string
	NeverExposed []string
	// OutOfBand, ApprovalWait and Daemon are the approvals and daemon
	// settings.
	OutOfBand    *bool
	ApprovalWait *int
	Daemon       *string

	// Gatekeeper is the gatekeeper: block (see gatekeeper.go).
	Gatekeeper *gatekeeperFile

	// Plugins are the custom evaluators the file configures (plugins.go).
	Plugins []engine.PluginSpec

	// AuditExport is where the decision log is shipped (auditexport.go);
	// read from the user's configuration only.
	AuditExport *AuditExport

	// Notify is how a person hears of an approval item (notify.go); read
	// from the managed or the user's configuration only.
	Notify *Notify

	// Credentials are credentials written into the file outside
	// audit_export (a gatekeeper api_key), each a [*LiteralCredential]:
	// they are not read, and status, doctor and lint report them
	// (credentials.go).
	Credentials []error

	// Lock lists the switches no layer below may loosen, and Bundle names
	// the policy bundle the machine pulls: managed configuration only.
	Lock   []string
	Bundle *BundleSource

	line  map[string]int
	layer int
}

// BundleSource is where a machine pulls its policy bundle from and the key
// that must have signed it (the managed configuration's bundle: block).
type BundleSource struct {
	// URL is oci://REGISTRY/REPOSITORY:TAG or an https:// (http:// for a
	// loopback address) URL of the bundle's .tar.gz.
	URL string
	// PublicKey is a PEM public key, or the path of a file that holds one
	// (relative to the managed folder).
	PublicKey string
	// KeyID is the key's id, the JWT's kid: "default" unless set, as opa
	// build signs.
	KeyID string
	// Scope is the scope claim the signature must carry, if any.
	Scope string
	// Poll is how often a daemon that may write the managed folder pulls
	// the bundle (0: never; governance bundle pull from a timer still
	// does).
	Poll time.Duration
	// Problems are credentials written into the source URL (a password,
	// a ?token=): nothing is pulled while there is one. A registry's
	// login comes from the container tools' credential store (docker
	// login), an HTTPS server's from nowhere in config.yaml.
	Problems []error
	// ConnectTimeout bounds each connection to the source (and its TLS
	// handshake), FirstByteTimeout the wait for each response's header
	// once the request is sent, and Timeout the whole pull, body
	// included: a source that accepts and never answers, or stalls in
	// the middle of a bundle, never hangs a pull.
	ConnectTimeout, FirstByteTimeout, Timeout time.Duration
}

// Default deadlines of a bundle pull, unless the bundle: block sets
// connect_timeout, first_byte_timeout or timeout.
const (
	DefaultBundleConnectTimeout   = 10 * time.Second
	DefaultBundleFirstByteTimeout = 30 * time.Second
	DefaultBundleTimeout          = 5 * time.Minute
)

// DefaultBundlePoll is how often a daemon pulls the bundle unless poll
// says otherwise.
const DefaultBundlePoll = 5 * time.Minute

// purgeSettings are the purge keys a file sets.
type purgeSettings struct {
	HistoryKeep, AnchorsMax, LogKeep *int
	SessionMaxAge, HighTTL           *time.Duration
	NormalTTL, LogMaxAge             *time.Duration
	LogMaxSize                       *int64
	CheckpointKeep                   *time.Duration
}

// Line returns the line a key was set on, or 0.
func (f *File) Line(key string) int { return f.line[key] }

var settingKeys = []string{"version", "default", "main_agent", "missing_agent", "safe_set", "disable_builtin", "mode",
	"max_delegation_depth", "block_secret_prompts", "purge", "roles", "default_role", "never_exposed",
	"approvals", "approval_wait", "daemon", "gatekeeper", "plugins", "lock", "bundle", "audit_export", "audit", "notify", "confine", "confine_grants"}

var purgeKeys = []string{"history_keep", "session_max_age", "anchors_max", "anchor_high_ttl", "anchor_normal_ttl",
	"log_max_size", "log_max_age", "log_keep", "checkpoint_keep"}

// ParseFile reads a config.yaml.
func ParseFile(name string, data []byte) (*File, error) {
	f := &File{Name: name, line: map[string]int{}}
	top, err := yamlx.Parse(name, data)
	if err != nil || top == nil {
		return f, err
	}
	pairs, err := yamlx.Map(name, top)
	if err != nil {
		return nil, err
	}
	if err := yamlx.CheckKeys(name, pairs, settingKeys...); err != nil {
		return nil, err
	}
	for _, p := range pairs {
		f.line[p.Key] = p.KeyN.Line
		if err := f.set(p.Key, p.Value); err != nil {
			return nil, err
		}
	}
	return f, nil
}

func (f *File) set(key string, v *yaml.Node) error {
	switch key {
	case "version":
		n, err := yamlx.Int(f.Name, v)
		if err != nil {
			return err
		}
		if n != 1 {
			return yamlx.At(f.Name, v, "unsupported version %d", n).WithHint("this release reads version 1")
		}
	case "default":
		s, err := yamlx.String(f.Name, v)
		if err != nil {
			return err
		}
		o, err := engine.ParseOutcome(s)
		if err != nil || (o != engine.Ask && o != engine.Defer && o != engine.Deny) {
			return yamlx.At(f.Name, v, "default must be ask, defer or deny, not %q", s).
				WithHint("defer leaves undecided calls to the harness's own permission flow; ask needs a human")
		}
		f.Default = &o
	case "main_agent":
		s, err := yamlx.String(f.Name, v)
		if err != nil {
			return err
		}
		f.MainAgent = &s
	case "missing_agent":
		s, err := yamlx.String(f.Name, v)
		if err != nil {
			return err
		}
		if s != engine.MissingAgentMain && s != engine.MissingAgentDeny {
			return yamlx.At(f.Name, v, "missing_agent must be main or deny, not %q", s).
				WithHint("main holds a subagent with no agent file to the main agent's policy; deny blocks its calls")
		}
		f.MissingAgent = &s
	case "safe_set":
		b, err := yamlx.Bool(f.Name, v)
		if err != nil {
			return err
		}
		f.SafeSet = &b
	case "disable_builtin":
		list, err := yamlx.Strings(f.Name, v)
		if err != nil {
			return err
		}
		f.DisableBuiltin = list
	case "mode":
		s, err := yamlx.String(f.Name, v)
		if err != nil {
			return err
		}
		if s != "enforce" && s != "log-only" {
			return yamlx.At(f.Name, v, "mode must be enforce or log-only, not %q", s).
				WithHint("log-only decides and records every call but blocks none; `governance status` shows it")
		}
		logOnly := s == "log-only"
		f.LogOnly = &logOnly
	case "confine":
		s, err := yamlx.String(f.Name, v)
		if err != nil {
			return err
		}
		m, ok := engine.ParseConfineMode(s)
		if !ok {
			return yamlx.At(f.Name, v, "confine must be auto, unknown or off, not %q", s).
				WithHint("unknown runs the shell calls the analysis cannot prove inside a confinement; auto also the proven read-only ones")
		}
		f.Confine = &m
	case "confine_grants":
		g, err := confineGrants(f.Name, v)
		if err != nil {
			return err
		}
		f.ConfineGrants = g
	case "audit":
		s, err := yamlx.String(f.Name, v)
		if err != nil {
			return err
		}
		if s != "required" && s != "best-effort" {
			return yamlx.At(f.Name, v, "audit must be required or best-effort, not %q", s).
				WithHint("required denies a call whose decision cannot be written to the decision log (a full disk)")
		}
		required := s == "required"
		f.AuditRequired = &required
	case "max_delegation_depth":
		n, err := yamlx.Int(f.Name, v)
		if err != nil {
			return err
		}
		if n < 1 {
			return yamlx.At(f.Name, v, "max_delegation_depth must be at least 1, not %d", n).
				WithHint("1 lets the main thread start subagents that start none; to forbid subagents, deny the agent tool in a rule")
		}
		f.MaxDelegationDepth = &n
	case "block_secret_prompts":
		b, err := yamlx.Bool(f.Name, v)
		if err != nil {
			return err
		}
		f.BlockSecretPrompts = &b
	case "purge":
		return f.setPurge(v)
	case "roles":
		return f.parseRoles(v)
	case "default_role":
		s, err := yamlx.String(f.Name, v)
		if err != nil {
			return err
		}
		if s == engine.RoleHuman {
			return yamlx.At(f.Name, v, "default_role cannot be human").
				WithHint("agents are never human: the never-exposed list holds for every agent")
		}
		f.DefaultRole = &s
	case "approvals":
		s, err := yamlx.String(f.Name, v)
		if err != nil {
			return err
		}
		if s != "in-band" && s != "out-of-band" {
			return yamlx.At(f.Name, v, "approvals must be in-band or out-of-band, not %q", s).
				WithHint("out-of-band sends every ask to the approval queue (governance approvals, the daemon's page)")
		}
		oob := s == "out-of-band"
		f.OutOfBand = &oob
	case "approval_wait":
		d, ok := scalarDuration(v)
		if !ok || d < 0 {
			return yamlx.At(f.Name, v, "%q is not a duration", v.Value).WithHint("write it as 120s or 5m; 0s files the approval and does not wait")
		}
		secs := int(d.Seconds())
		f.ApprovalWait = &secs
	case "daemon":
		s, err := yamlx.String(f.Name, v)
		if err != nil {
			return err
		}
		if s != "auto" && s != "off" {
			return yamlx.At(f.Name, v, "daemon must be auto or off, not %q", s).
				WithHint("auto: the hook asks a running daemon and starts one when none runs")
		}
		f.Daemon = &s
	case "gatekeeper":
		return f.parseGatekeeper(v)
	case "audit_export":
		return f.parseAuditExport(v)
	case "notify":
		return f.parseNotify(v)
	case "plugins":
		return f.parsePlugins(v)
	case "lock":
		list, err := yamlx.Strings(f.Name, v)
		if err != nil {
			return err
		}
		for _, k := range list {
			if !slices.Contains(Locks, k) {
				return yamlx.At(f.Name, v, "lock names %q, which cannot be locked", k).
					WithHint("lock takes %s", strings.Join(Locks, ", "))
			}
		}
		f.Lock = list
	case "bundle":
		return f.parseBundle(v)
	case "never_exposed":
		list, err := yamlx.Strings(f.Name, v)
		if err != nil {
			return err
		}
		f.NeverExposed = list
	}
	return nil
}

func (f *File) setPurge(n *yaml.Node) error {
	pairs, err := yamlx.Map(f.Name, n)
	if err != nil {
		return err
	}
	if err := yamlx.CheckKeys(f.Name, pairs, purgeKeys...); err != nil {
		return err
	}
	p := &f.Purge
	for _, kv := range pairs {
		v := kv.Value
		switch kv.Key {
		case "history_keep", "anchors_max", "log_keep":
			n, err := yamlx.Int(f.Name, v)
			if err != nil {
				return err
			}
			if n < 0 {
				return yamlx.At(f.Name, v, "%s must not be negative", kv.Key)
			}
			switch kv.Key {
			case "history_keep":
				p.HistoryKeep = &n
			case "anchors_max":
				p.AnchorsMax = &n
			default:
				p.LogKeep = &n
			}
		case "session_max_age", "anchor_high_ttl", "anchor_normal_ttl", "log_max_age", "checkpoint_keep":
			d, err := duration(f.Name, v)
			if err != nil {
				return err
			}
			switch kv.Key {
			case "checkpoint_keep":
				p.CheckpointKeep = &d
			case "session_max_age":
				p.SessionMaxAge = &d
			case "anchor_high_ttl":
				p.HighTTL = &d
			case "anchor_normal_ttl":
				p.NormalTTL = &d
			default:
				p.LogMaxAge = &d
			}
		case "log_max_size":
			n, err := size(f.Name, v)
			if err != nil {
				return err
			}
			p.LogMaxSize = &n
		}
	}
	return nil
}

// duration reads a duration such as 168h, 90m or 7d.
func duration(file string, v *yaml.Node) (time.Duration, error) {
	s, err := yamlx.String(file, v)
	if err != nil {
		return 0, err
	}
	d, err := parseDuration(s)
	if err != nil || d <= 0 {
		return 0, yamlx.At(file, v, "%q is not a duration", s).WithHint("write it as 168h, 90m or 7d")
	}
	return d, nil
}

// scalarDuration reads a scalar that holds a duration such as 500ms, 5m
// or 7d, of any sign; ok is false for anything else. Callers say which
// values they take and how to write them.
func scalarDuration(v *yaml.Node) (d time.Duration, ok bool) {
	if v.Kind != yaml.ScalarNode {
		return 0, false
	}
	d, err := parseDuration(strings.TrimSpace(v.Value))
	return d, err == nil
}

func parseDuration(s string) (time.Duration, error) {
	if days, ok := strings.CutSuffix(s, "d"); ok {
		n, err := strconv.ParseFloat(days, 64)
		if err != nil {
			return 0, err
		}
		return time.Duration(n * 24 * float64(time.Hour)), nil
	}
	return time.ParseDuration(s)
}

// size reads a size in bytes: a number, or one with a unit (10MB, 512KiB).
func size(file string, v *yaml.Node) (int64, error) {
	s, err := yamlx.String(file, v)
	if err != nil {
		return 0, err
	}
	units := []struct {
		suffix string
		mult   int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}, {"B", 1}}
	num, mult := strings.TrimSpace(s), int64(1)
	for _, u := range units {
		if rest, ok := strings.CutSuffix(num, u.suffix); ok {
			num, mult = strings.TrimSpace(rest), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n <= 0 {
		return 0, yamlx.At(file, v, "%q is not a size", s).WithHint("write it as 10MB, 512KiB or a number of bytes")
	}
	return n * mult, nil
}

func (f *File) parseBundle(n *yaml.Node) error {
	pairs, err := yamlx.Map(f.Name, n)
	if err != nil {
		return err
	}
	if err := yamlx.CheckKeys(f.Name, pairs, "source", "public_key", "key_id", "scope", "poll",
		"connect_timeout", "first_byte_timeout", "timeout"); err != nil {
		return err
	}
	b := &BundleSource{KeyID: "default", Poll: DefaultBundlePoll, ConnectTimeout: DefaultBundleConnectTimeout,
		FirstByteTimeout: DefaultBundleFirstByteTimeout, Timeout: DefaultBundleTimeout}
	deadlines := map[string]*time.Duration{"connect_timeout": &b.ConnectTimeout,
		"first_byte_timeout": &b.FirstByteTimeout, "timeout": &b.Timeout}
	for _, kv := range pairs {
		if d, ok := deadlines[kv.Key]; ok {
			v, err := duration(f.Name, kv.Value)
			if err != nil {
				return err
			}
			*d = v
			continue
		}
		if kv.Key == "poll" {
			if s, err := yamlx.String(f.Name, kv.Value); err == nil && s == "off" {
				b.Poll = 0
				continue
			}
			d, err := duration(f.Name, kv.Value)
			if err != nil {
				return err
			}
			b.Poll = d
			continue
		}
		s, err := yamlx.String(f.Name, kv.Value)
		if err != nil {
			return err
		}
		switch kv.Key {
		case "source":
			if !strings.HasPrefix(s, "oci://") && !strings.HasPrefix(s, "https://") && !strings.HasPrefix(s, "http://") {
				return yamlx.At(f.Name, kv.Value, "bundle source %q is neither oci:// nor https://", s).
					WithHint("write oci://REGISTRY/REPOSITORY:TAG, or the https:// URL of the bundle's .tar.gz")
			}
			if u, err := url.Parse(s); err != nil || u.Host == "" ||
				u.Scheme == "http" && u.Hostname() != "127.0.0.1" && u.Hostname() != "localhost" && u.Hostname() != "::1" {
				return yamlx.At(f.Name, kv.Value, "bundle source %q: http:// only for a loopback address", redactedURL(s)).
					WithHint("serve the bundle over https://, or from an OCI registry")
			}
			if u, _ := url.Parse(s); literalInURL(u) {
				lc := &LiteralCredential{File: f.Name, Line: kv.Value.Line, Where: "bundle.source",
					Hint: "take it out of the URL: a registry's login comes from `docker login` (the container tools' credential store)"}
				b.Problems = append(b.Problems, lc)
				f.Credentials = append(f.Credentials, lc)
			}
			b.URL = s
		case "public_key":
			b.PublicKey = s
		case "key_id":
			b.KeyID = s
		case "scope":
			b.Scope = s
		}
	}
	if b.URL == "" || b.PublicKey == "" {
		return yamlx.At(f.Name, n, "bundle: needs source and public_key").
			WithHint("a machine only activates a bundle signed with the team's key: name the public key's file")
	}
	f.Bundle = b
	return nil
}
