package decisionlog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/leakrules/leaktest"
)

// No secret of the synthetic corpus survives Mask, whatever field it is
// in.
func TestMaskCorpus(t *testing.T) {
	t.Parallel()
	samples := leaktest.Corpus(1, 3)
	if len(samples) < 200 {
		t.Fatalf("the corpus has %d samples, want at least 200", len(samples))
	}
	leaked := 0
	for _, s := range samples {
		got, _ := Mask(s.Text)
		if strings.Contains(got, s.Secret) {
			leaked++
			t.Errorf("%s: the secret is left in %q", s.Name, got)
		}
	}
	t.Logf("%d of %d secrets left unmasked", leaked, len(samples))
}

// Git commit ids, UUIDs and digests are not secrets.
func TestMaskKeepsIdentifiers(t *testing.T) {
	t.Parallel()
	for _, in := range leaktest.NotSecrets(7) {
		if got, ok := Mask(in); ok {
			t.Errorf("Mask(%q) = %q; want it unchanged", in, got)
		}
	}
}

// End to end through the log writer: every secret of the corpus, as the
// command, the justification and an MCP argument, is masked in the
// written line.
func TestRecordMasksCorpus(t *testing.T) {
	t.Parallel()
	log := filepath.Join(t.TempDir(), "decisions.jsonl")
	samples := leaktest.Corpus(2, 1)
	for _, s := range samples {
		req := shellRequest(s.Text)
		req.Justification = "run " + s.Text
		if err := Record(log, Labels{Harness: "claude"}, req, &engine.Decision{Outcome: engine.Allow, Layer: "x", Rule: "y"}, 0); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n != len(samples) {
		t.Fatalf("%d lines written, want %d", n, len(samples))
	}
	for _, s := range samples {
		if leaktest.Leaked(data, s.Secret) {
			t.Errorf("%s: the secret reached the decision log", s.Name)
		}
	}
}

// BenchmarkMask is the masking every logged command goes through: a
// command with no keyword of gitleaks' rules, and one with keywords
// ("api", "auth", "key") whose rules run (compiled once per process).
func BenchmarkMask(b *testing.B) {
	for _, bc := range []struct{ name, text string }{
		{"plain", "git status && go test ./internal/shell -run TestParse -count=1"},
		{"curl", "curl -fsSL https://example.com/install.sh -o install.sh"},
		{"keyword", "curl -H 'Authorization: Bearer x' https://api.example.com/v1/items?page=2"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			Mask(bc.text)
			for b.Loop() {
				Mask(bc.text)
			}
		})
	}
}
