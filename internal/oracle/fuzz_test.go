package oracle

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzTrace feeds any text to the reader, the tracer and the leak
// detector: none may panic, and every path reported must be absolute.
func FuzzTrace(f *testing.F) {
	traces, err := filepath.Glob(filepath.Join("testdata", "*.trace"))
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range traces {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Fuzz(func(t *testing.T, trace string) {
		obs := observe(t, trace)
		for _, e := range obs.Files {
			if !strings.HasPrefix(e.Path, "/") {
				t.Errorf("relative path in %+v", e)
			}
		}
		for _, x := range obs.Execs {
			if x.Depth < 1 || !strings.HasPrefix(x.Path, "/") {
				t.Errorf("exec %+v", x)
			}
		}
		for _, r := range obs.Reads {
			if !strings.HasPrefix(r, "/") {
				t.Errorf("relative read %q", r)
			}
		}
	})
}
