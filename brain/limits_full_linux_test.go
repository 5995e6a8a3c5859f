package brain_test

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/agentgov/governance/brain"
)

// A rate-limit state that cannot grow (a full disk; here the process's
// file size limit, which cuts a write short the same way) refuses the
// call and keeps the state whole: written in place, it was cut at the
// limit, and every later call of the role was denied as broken until a
// person repaired it.
func TestAdmitFullDiskKeepsState(t *testing.T) {
	path := brain.LimitsPath(t.TempDir())
	now := time.UnixMilli(1_700_000_000_000)
	b := brain.Budget{MaxConcurrent: 1000}
	admit := func(id string) error {
		_, _, _, err := brain.Admit(path, now, "ai", "s/a", id, b)
		return err
	}
	for i := range 20 {
		if err := admit(fmt.Sprintf("toolu_%d", i)); err != nil {
			t.Fatal(err)
		}
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	err = underFileSizeLimit(t, fi.Size()+10, func() error { return admit("toolu_grows") })
	if err == nil {
		t.Fatal("a state that could not grow admitted the call")
	}
	if err := admit("toolu_next"); err != nil {
		t.Fatalf("the next call, with room again: %v", err)
	}
}
