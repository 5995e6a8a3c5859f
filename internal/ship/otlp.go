package ship

import (
	"strings"
	"time"

	collogspb "go.opentelemetry.io/proto/slim/otlp/collector/logs/v1"
	commonpb "go.opentelemetry.io/proto/slim/otlp/common/v1"
	logspb "go.opentelemetry.io/proto/slim/otlp/logs/v1"
	resourcepb "go.opentelemetry.io/proto/slim/otlp/resource/v1"

	"github.com/agentgov/governance/internal/decisionlog"
)

// EventName is the OTLP event name of every record the shipper sends.
const EventName = "governance.decision"

// Attribute keys of a shipped record. decision_id is the key to
// deduplicate on: delivery is at least once.
const (
	AttrDecisionID = "decision_id"
	AttrDecision   = "governance.decision"
	AttrLayer      = "governance.layer"
	AttrRule       = "governance.rule"
	AttrToolKind   = "governance.tool.kind"
	AttrToolName   = "governance.tool.name"
	AttrCommand    = "governance.command"
	AttrHarness    = "governance.harness"
	AttrProject    = "governance.project"
	AttrSession    = "governance.session"
	AttrAgent      = "governance.agent"
	AttrEnforced   = "governance.enforced"
)

// batch gathers the records of one request, grouped by the host and
// version that made them (one OTLP resource each).
type batch struct {
	resources map[resourceKey]*logspb.ResourceLogs
	req       *collogspb.ExportLogsServiceRequest
	n         int
}

type resourceKey struct{ host, version string }

func newBatch() *batch {
	return &batch{resources: map[resourceKey]*logspb.ResourceLogs{}, req: &collogspb.ExportLogsServiceRequest{}}
}

// add appends the record of entry e, which has been masked again;
// remasked says whether that changed it.
func (b *batch) add(e *decisionlog.Entry, remasked bool, observed time.Time) {
	k := resourceKey{e.Labels.Host, e.Labels.Version}
	rl := b.resources[k]
	if rl == nil {
		attrs := []*commonpb.KeyValue{str("service.name", "governance")}
		if k.version != "" {
			attrs = append(attrs, str("service.version", k.version))
		}
		if k.host != "" {
			attrs = append(attrs, str("host.name", k.host))
		}
		rl = &logspb.ResourceLogs{
			Resource:  &resourcepb.Resource{Attributes: attrs},
			ScopeLogs: []*logspb.ScopeLogs{{Scope: &commonpb.InstrumentationScope{Name: "github.com/agentgov/governance", Version: k.version}}},
		}
		b.resources[k] = rl
		b.req.ResourceLogs = append(b.req.ResourceLogs, rl)
	}
	sl := rl.ScopeLogs[0]
	sl.LogRecords = append(sl.LogRecords, record(e, remasked, observed))
	b.n++
}

// record is the OTLP log record of an entry: its time, a severity from
// the decision, the fields a team filters on as attributes, and the whole
// entry as the body: its line in the decision log, or the line it would
// have now when masking it again changed it.
func record(e *decisionlog.Entry, remasked bool, observed time.Time) *logspb.LogRecord {
	attrs := make([]*commonpb.KeyValue, 0, 12)
	attrs = append(attrs, str(AttrDecisionID, e.DecisionID))
	add := func(k, v string) {
		if v != "" {
			attrs = append(attrs, str(k, v))
		}
	}
	add(AttrDecision, e.Result.Decision)
	add(AttrLayer, e.Result.Layer)
	add(AttrRule, e.Result.Rule)
	add(AttrToolKind, e.Input.Tool.Kind)
	add(AttrToolName, e.Input.Tool.Name)
	add(AttrCommand, e.Input.Tool.Input.Command)
	add(AttrHarness, e.Labels.Harness)
	add(AttrProject, e.Input.ProjectRoot)
	add(AttrSession, e.Input.Session)
	add(AttrAgent, e.Input.Agent)
	if e.Result.Enforced != nil {
		attrs = append(attrs, &commonpb.KeyValue{Key: AttrEnforced, Value: &commonpb.AnyValue{Value: &commonpb.AnyValue_BoolValue{BoolValue: *e.Result.Enforced}}})
	}
	body := e.Line
	if remasked || len(body) == 0 {
		body, _ = e.Marshal()
	}
	sev, sevText := severity(e.Result.Decision)
	return &logspb.LogRecord{
		TimeUnixNano:         uint64(e.Timestamp.UnixNano()),
		ObservedTimeUnixNano: uint64(observed.UnixNano()),
		SeverityNumber:       sev,
		SeverityText:         sevText,
		EventName:            EventName,
		Body:                 &commonpb.AnyValue{Value: &commonpb.AnyValue_StringValue{StringValue: strings.TrimRight(string(body), "\r\n")}},
		Attributes:           attrs,
	}
}

// severity maps a decision onto OTLP severities: allow is informational,
// what the agent was warned about or had to wait for is a warning, a
// block is an error and an abort or a failure to decide is worse.
func severity(decision string) (logspb.SeverityNumber, string) {
	switch decision {
	case "allow", "defer":
		return logspb.SeverityNumber_SEVERITY_NUMBER_INFO, "INFO"
	case "warn", "ask":
		return logspb.SeverityNumber_SEVERITY_NUMBER_WARN, "WARN"
	case "deny":
		return logspb.SeverityNumber_SEVERITY_NUMBER_ERROR, "ERROR"
	case "abort":
		return logspb.SeverityNumber_SEVERITY_NUMBER_FATAL, "FATAL"
	}
	return logspb.SeverityNumber_SEVERITY_NUMBER_UNSPECIFIED, ""
}

func str(k, v string) *commonpb.KeyValue {
	return &commonpb.KeyValue{Key: k, Value: &commonpb.AnyValue{Value: &commonpb.AnyValue_StringValue{StringValue: v}}}
}
