// Package otelcoltest runs the OpenTelemetry Collector that
// scripts/install-test-tools builds (.tools/otelcol/otelcol: an OTLP
// receiver and the file exporter) on 127.0.0.1, for the end-to-end tests
// and the benchmark of decision shipping, and reads back what it received.
package otelcoltest

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Bin returns the collector binary below the repository root, or an error
// when it is not built.
func Bin(root string) (string, error) {
	p := filepath.Join(root, ".tools", "otelcol", "otelcol")
	if _, err := os.Stat(p); err != nil {
		return "", fmt.Errorf("the OpenTelemetry Collector is not built (%s)", p)
	}
	return p, nil
}

// Collector is a collector process with its folder: a config per start
// and one output file per start, out-N.jsonl.
type Collector struct {
	bin, dir string
	addr     string
	cmd      *exec.Cmd
	done     chan struct{}
	starts   int
}

// Start starts a collector that keeps its files in dir, listening on a
// free port of 127.0.0.1.
func Start(bin, dir string) (*Collector, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := l.Addr().String()
	l.Close()
	c := &Collector{bin: bin, dir: dir, addr: addr}
	return c, c.Restart()
}

// Endpoint is the OTLP/HTTP base URL (no path).
func (c *Collector) Endpoint() string { return "http://" + c.addr }

// Restart starts the collector again on the same address, writing to a
// new output file.
func (c *Collector) Restart() error {
	c.starts++
	cfg := filepath.Join(c.dir, fmt.Sprintf("config-%d.yaml", c.starts))
	out := filepath.Join(c.dir, fmt.Sprintf("out-%d.jsonl", c.starts))
	conf := fmt.Sprintf(`receivers:
  otlp:
    protocols:
      http:
        endpoint: %s
exporters:
  file:
    path: %s
    rotation:
      max_megabytes: 100000
service:
  telemetry:
    metrics:
      level: none
    logs:
      level: warn
  pipelines:
    logs:
      receivers: [otlp]
      exporters: [file]
`, c.addr, out)
	if err := os.WriteFile(cfg, []byte(conf), 0o600); err != nil {
		return err
	}
	logf, err := os.OpenFile(filepath.Join(c.dir, "collector.log"), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	defer logf.Close()
	c.cmd = exec.Command(c.bin, "--config", cfg)
	c.cmd.Stdout, c.cmd.Stderr = logf, logf
	if err := c.cmd.Start(); err != nil {
		return err
	}
	done := make(chan struct{})
	c.done = done
	go func(cmd *exec.Cmd) { cmd.Wait(); close(done) }(c.cmd)
	// Ready when the receiver answers (405 to a GET on /v1/logs).
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-done:
			c.cmd = nil
			return fmt.Errorf("the collector stopped: %s", c.Log())
		default:
		}
		resp, err := http.Get(c.Endpoint() + "/v1/logs")
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	c.Stop()
	return fmt.Errorf("the collector did not start listening on %s: %s", c.addr, c.Log())
}

// Stop ends the collector with SIGTERM, and waits for it.
func (c *Collector) Stop() error { return c.signal(syscall.SIGTERM) }

// Kill ends the collector with SIGKILL, in the middle of whatever it was
// doing, and waits for it. The file exporter is configured with rotation,
// in which mode it writes each request to its file before it acknowledges
// it (without rotation it buffers, and a SIGKILL would lose what it had
// acknowledged: a loss on the collector's side that no sender can see).
func (c *Collector) Kill() error { return c.signal(syscall.SIGKILL) }

func (c *Collector) signal(sig os.Signal) error {
	if c.cmd == nil || c.cmd.Process == nil {
		return nil
	}
	c.cmd.Process.Signal(sig)
	select {
	case <-c.done:
	case <-time.After(20 * time.Second):
		c.cmd.Process.Kill()
		<-c.done
	}
	c.cmd = nil
	return nil
}

// Record is one log record as the file exporter wrote it.
type Record struct {
	Attributes map[string]string
	Body       string
	Time       string
	Severity   string
}

// Records reads every record from the output files of all starts.
func (c *Collector) Records() ([]Record, error) {
	var out []Record
	for i := 1; i <= c.starts; i++ {
		f, err := os.Open(filepath.Join(c.dir, fmt.Sprintf("out-%d.jsonl", i)))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 256<<20)
		for sc.Scan() {
			var req exportJSON
			if err := json.Unmarshal(sc.Bytes(), &req); err != nil {
				f.Close()
				return nil, fmt.Errorf("out-%d.jsonl: %w", i, err)
			}
			for _, rl := range req.ResourceLogs {
				for _, sl := range rl.ScopeLogs {
					for _, lr := range sl.LogRecords {
						r := Record{Attributes: map[string]string{}, Body: lr.Body.StringValue, Time: lr.TimeUnixNano, Severity: lr.SeverityText}
						for _, kv := range lr.Attributes {
							r.Attributes[kv.Key] = kv.Value.StringValue
						}
						out = append(out, r)
					}
				}
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Log returns the collector's own output, for failure messages.
func (c *Collector) Log() string {
	b, _ := os.ReadFile(filepath.Join(c.dir, "collector.log"))
	return strings.TrimSpace(string(b))
}

type anyValue struct {
	StringValue string `json:"stringValue"`
}

type exportJSON struct {
	ResourceLogs []struct {
		ScopeLogs []struct {
			LogRecords []struct {
				TimeUnixNano string `json:"timeUnixNano"`
				SeverityText string `json:"severityText"`
				Body         anyValue
				Attributes   []struct {
					Key   string   `json:"key"`
					Value anyValue `json:"value"`
				} `json:"attributes"`
			} `json:"logRecords"`
		} `json:"scopeLogs"`
	} `json:"resourceLogs"`
}
