package ship

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	collogspb "go.opentelemetry.io/proto/slim/otlp/collector/logs/v1"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	"github.com/agentgov/governance/internal/decisionlog"
	"github.com/agentgov/governance/internal/engine"
)

// HTTPError is a collector's refusal of a request: its status, the start
// of its answer, and how long it asked to be left alone (Retry-After).
type HTTPError struct {
	Status     int
	Body       string
	RetryAfter time.Duration
}

func (e *HTTPError) Error() string {
	msg := fmt.Sprintf("the collector answered %d %s", e.Status, http.StatusText(e.Status))
	if e.Body != "" {
		msg += ": " + e.Body
	}
	return msg
}

// encoder turns batches into request bodies: an OTLP
// ExportLogsServiceRequest in protobuf, gzip-compressed.
type encoder struct {
	raw []byte
	zw  *gzip.Writer
}

func (e *encoder) encode(b *batch) ([]byte, error) {
	var err error
	e.raw, err = proto.MarshalOptions{}.MarshalAppend(e.raw[:0], b.req)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	buf.Grow(len(e.raw) / 4)
	if e.zw == nil {
		e.zw, _ = gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	} else {
		e.zw.Reset(&buf)
	}
	if _, err := e.zw.Write(e.raw); err != nil {
		return nil, err
	}
	if err := e.zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// sender posts request bodies to one endpoint.
type sender struct {
	endpoint string
	headers  map[string]string
	client   *http.Client
}

// send posts an encoded batch as an OTLP/HTTP protobuf request and
// returns how many records the collector refused in a partial success.
// Any answer but a 2xx is an error, and the batch is sent again by a
// later run.
func (s *sender) send(ctx context.Context, body []byte) (rejected int, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.endpoint, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	for k, v := range s.headers {
		req.Header.Set(k, v)
	}
	req.Header.Set("Content-Type", "application/x-protobuf")
	req.Header.Set("Content-Encoding", "gzip")
	req.Header.Set("User-Agent", "governance/"+decisionlog.Version)
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, fmt.Errorf("sending to the collector: %w", err)
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return 0, fmt.Errorf("reading the collector's answer: %w", err)
	}
	if resp.StatusCode/100 != 2 {
		e := &HTTPError{Status: resp.StatusCode, Body: answerText(resp.Header.Get("Content-Type"), answer)}
		if secs, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && secs > 0 {
			e.RetryAfter = time.Duration(secs) * time.Second
		}
		return 0, e
	}
	out := &collogspb.ExportLogsServiceResponse{}
	if len(answer) > 0 && strings.Contains(resp.Header.Get("Content-Type"), "protobuf") {
		if err := proto.Unmarshal(answer, out); err == nil && out.GetPartialSuccess() != nil {
			rejected = int(out.GetPartialSuccess().GetRejectedLogRecords())
		}
	}
	return rejected, nil
}

// answerText is the start of a refusal's body, as plain text.
func answerText(contentType string, body []byte) string {
	if strings.Contains(contentType, "protobuf") {
		// An OTLP error is a google.rpc.Status, whose message (field 2)
		// is what a person reads; the rest is not worth a dependency.
		body = statusMessage(body)
	}
	s := engine.Sanitize(strings.TrimSpace(string(body)))
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}

// statusMessage returns field 2 (message) of a google.rpc.Status.
func statusMessage(b []byte) []byte {
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return nil
		}
		b = b[n:]
		if num == 2 && typ == protowire.BytesType {
			v, _ := protowire.ConsumeBytes(b)
			return v
		}
		n = protowire.ConsumeFieldValue(num, typ, b)
		if n < 0 {
			return nil
		}
		b = b[n:]
	}
	return nil
}
