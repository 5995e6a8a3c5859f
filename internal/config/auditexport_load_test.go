package config_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/layout"
)

// The managed configuration's audit_export wins over the user's; the
// user's applies when the managed one sets none.
func TestAuditExportManagedFirst(t *testing.T) {
	dir := t.TempDir()
	p := layout.Paths{ManagedDir: filepath.Join(dir, "managed"), UserDir: filepath.Join(dir, "user")}
	write := func(d, endpoint string) {
		os.MkdirAll(d, 0o755)
		if err := os.WriteFile(filepath.Join(d, "config.yaml"), []byte("audit_export:\n  endpoint: "+endpoint+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(p.UserDir, "http://127.0.0.1:4318")
	x, err := config.LoadAuditExport(p)
	if err != nil || x == nil || x.Endpoint != "http://127.0.0.1:4318/v1/logs" {
		t.Fatalf("user only: %+v %v", x, err)
	}
	write(p.ManagedDir, "https://otel.example.com:4318")
	if x, err = config.LoadAuditExport(p); err != nil || x == nil || x.Endpoint != "https://otel.example.com:4318/v1/logs" {
		t.Fatalf("managed and user: %+v %v", x, err)
	}
}
