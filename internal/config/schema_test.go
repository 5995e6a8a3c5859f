package config

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/agentgov/governance/template/schemas"
)

// The JSON Schema of config.yaml names the keys the parser reads, and the
// switches lock: takes.
func TestSchemaKnowsTheKeys(t *testing.T) {
	t.Parallel()
	data, err := schemas.FS.ReadFile("config.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Properties map[string]struct {
			Items struct {
				Enum []string `json:"enum"`
			} `json:"items"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range s.Properties {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	want := slices.Sorted(slices.Values(settingKeys))
	if !slices.Equal(keys, want) {
		t.Errorf("schema keys %v, parser keys %v", keys, want)
	}
	if got := s.Properties["lock"].Items.Enum; !slices.Equal(got, Locks) {
		t.Errorf("schema locks %v, want %v", got, Locks)
	}
}
