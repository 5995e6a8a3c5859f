package ship

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkShip ships a log of 10,000 entries to a collector that only
// reads the requests: the shipper's own cost (decisions/s).
func BenchmarkShip(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.Copy(io.Discard, r.Body) }))
	defer srv.Close()
	dir := b.TempDir()
	log := filepath.Join(dir, "decisions.jsonl")
	t := &testing.T{}
	writeEntries(t, log, 10000, "curl -H 'X-Api-Key: abc' https://example.com/some/path && git status")
	s := &Shipper{Log: log, Endpoint: srv.URL + "/v1/logs", Batch: 1000}
	for b.Loop() {
		os.Remove(StatePath(log))
		r, err := s.Ship(b.Context())
		if err != nil || r.Shipped != 10000 {
			b.Fatal(r, err)
		}
	}
	b.ReportMetric(float64(10000*b.N)/b.Elapsed().Seconds(), "decisions/s")
}
