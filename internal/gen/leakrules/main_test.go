package main

import (
	"bytes"
	"os"
	"testing"
)

// The committed rules_gen.go is what gitleaks.toml generates: a refresh of
// the vendored rules that forgot go generate fails here.
func TestGeneratedRulesAreUpToDate(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../../leakrules/gitleaks.toml")
	if err != nil {
		t.Fatal(err)
	}
	got, err := Generate(src)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../leakrules/rules_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("internal/leakrules/rules_gen.go is out of date: run go generate ./internal/leakrules")
	}
}
