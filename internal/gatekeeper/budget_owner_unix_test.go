//go:build unix

package gatekeeper_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/gatekeeper"
)

// TestBudgetRefusesAnotherUsersFile: a budget file in a state folder
// another user owns neither spends nor refills this user's budget: it
// counts as missing, and the write replaces it with this user's.
func TestBudgetRefusesAnotherUsersFile(t *testing.T) {
	t.Parallel()
	if os.Getuid() != 0 {
		t.Skip("giving a file to another user needs root")
	}
	path := filepath.Join(t.TempDir(), "budget.json")
	now := time.Now()
	if err := gatekeeper.Reserve(path, now, 1, 0); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(path, 4242, 4242); err != nil {
		t.Fatal(err)
	}
	if err := gatekeeper.Reserve(path, now, 1, 0); err != nil {
		t.Fatalf("another user's file spent the budget: %v", err)
	}
	if err := gatekeeper.Reserve(path, now, 1, 0); err == nil {
		t.Fatal("the user's own count was not kept")
	}
}
