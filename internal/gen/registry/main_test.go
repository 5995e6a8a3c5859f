package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestRegistryUpToDate: the committed registry.go is what the programs'
// names make; a program added without it is not found.
func TestRegistryUpToDate(t *testing.T) {
	want, err := generate("../../programs")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../programs/registry.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("internal/programs/registry.go is out of date: run 'make generate'")
	}
}

func TestProgramNames(t *testing.T) {
	src, err := generate("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{`{"a", &aProgram},`, `{"a2", &aProgram},`, `{"b", &bProgram},`} {
		if !strings.Contains(string(src), line) {
			t.Errorf("no %s in\n%s", line, src)
		}
	}
	if strings.Contains(string(src), "notAProgram") {
		t.Errorf("a value that is not a Program is listed:\n%s", src)
	}
}
