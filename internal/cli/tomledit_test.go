package cli

import (
	"errors"
	"testing"
)

func TestTOMLSet(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		table    []string
		key      string
		value    any
		want     string
		err      error
	}{
		{"empty file", "", []string{"projects", "/p"}, "trust_level", "trusted",
			"[projects.\"/p\"]\ntrust_level = \"trusted\"\n", nil},
		{"kept, table appended", "# mine\nmodel = \"m\"", []string{"projects", "/p"}, "trust_level", "trusted",
			"# mine\nmodel = \"m\"\n\n[projects.\"/p\"]\ntrust_level = \"trusted\"\n", nil},
		{"value replaced in its section", "[projects.\"/p\"]\ntrust_level = \"untrusted\" # no\n\n[x]\ny = 1\n",
			[]string{"projects", "/p"}, "trust_level", "trusted",
			"[projects.\"/p\"]\ntrust_level = \"trusted\"\n\n[x]\ny = 1\n", nil},
		{"key added to its section", "[ hooks.state.'k:a' ]\nenabled = true\n[x]\n",
			[]string{"hooks", "state", "k:a"}, "trusted_hash", "sha256:1",
			"[ hooks.state.'k:a' ]\ntrusted_hash = \"sha256:1\"\nenabled = true\n[x]\n", nil},
		{"quotes and backslashes", "", []string{"projects", `C:\a "b"`}, "trust_level", "trusted",
			"[projects.\"C:\\\\a \\\"b\\\"\"]\ntrust_level = \"trusted\"\n", nil},
		{"inline table not edited", "projects = { \"/p\" = { trust_level = \"untrusted\" } }\n",
			[]string{"projects", "/p"}, "trust_level", "trusted", "", errTOMLShape},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := tomlSetChecked(tt.in, tt.table, tt.key, tt.value)
			if !errors.Is(err, tt.err) {
				t.Fatalf("err = %v, want %v", err, tt.err)
			}
			if err == nil && got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}
