package main

import (
	"os"
	"testing"
)

// TestGeneratedPolicyIsCurrent fails when template/policy_gen.go does not
// match template/policy/*.yaml: run `go generate ./template`.
func TestGeneratedPolicyIsCurrent(t *testing.T) {
	want, err := generate("../../../template/policy")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../../template/policy_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Error("template/policy_gen.go is out of date: run `go generate ./template`")
	}
}
