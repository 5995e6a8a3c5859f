package config

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// A credential header's value must be a reference, with an auth scheme
// before it at most; any header's value with the shape of a known
// credential is one; other headers are free text.
func TestLiteralCredential(t *testing.T) {
	t.Parallel()
	ghToken := "ghp_" + strings.Repeat("x1Y2", 9)
	for _, tc := range []struct {
		name, value string
		want        bool
	}{
		{"Authorization", "Bearer ${env:OTEL_TOKEN}", false},
		{"Authorization", "${env:OTEL_AUTH}", false},
		{"Authorization", "Basic ${file:otel}", false},
		{"authorization", "bearer ${env:A}${env:B}", false},
		{"X-Api-Key", "${file:honeycomb}", false},
		{"X-Scope-OrgID", "team-a", false},
		{"X-Tenant", "", false},
		{"Authorization", "Bearer abc123", true},
		{"Authorization", "abc123", true},
		{"Authorization", "Bearer ${env:A} abc", true},
		{"authorization", "Basic dXNlcjpwYXNz", true},
		{"X-Api-Key", "k-123", true},
		{"DD-API-KEY", "0123456789abcdef", true},
		{"Private-Token", "glpat-x", true},
		{"X-Honeycomb-Team", "Splunk ${env:S}", false},
		{"Cookie", "sid=1", true},
		{"X-Any", ghToken, true},
		{"X-Any", "prefix " + ghToken, true},
	} {
		if got := literalCredential(tc.name, tc.value); got != tc.want {
			t.Errorf("literalCredential(%q, %q) = %v, want %v", tc.name, tc.value, got, tc.want)
		}
	}
}

// audit_export lists every credential written into it, with its line,
// and is still parsed: the hook decides as before. The problems name the
// setting and never the value; ResolveHeaders refuses while there is one.
func TestAuditExportLiteralCredentials(t *testing.T) {
	t.Parallel()
	src := "audit_export:\n" +
		"  endpoint: https://team:hunter2@otel.example.com:4318?api_key=k9\n" +
		"  headers:\n" +
		"    Authorization: Bearer s3cr3t-value\n" +
		"    X-Api-Key: ${env:OTEL_KEY}\n" +
		"    X-Scope-OrgID: team-a\n" +
		"    X-Token: ${vault:x}\n"
	f, err := ParseFile("/u/config.yaml", []byte(src))
	if err != nil {
		t.Fatalf("a literal credential must not be a configuration error: %v", err)
	}
	x := f.AuditExport
	var got []string
	for _, p := range x.Problems {
		got = append(got, p.Error())
		for _, secret := range []string{"hunter2", "s3cr3t-value", "k9"} {
			if strings.Contains(p.Error(), secret) {
				t.Errorf("the problem prints the credential: %v", p)
			}
		}
	}
	want := []string{"/u/config.yaml:2: audit_export.endpoint holds", "/u/config.yaml:4: audit_export.headers.Authorization holds",
		"/u/config.yaml:7:"}
	if len(got) != len(want) {
		t.Fatalf("problems:\n%s", strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("problem %d = %q, want it to start %q", i, got[i], want[i])
		}
	}
	if !errors.Is(x.Problems[0], ErrLiteralCredential) || errors.Is(x.Problems[2], ErrLiteralCredential) {
		t.Errorf("errors.Is(problems, ErrLiteralCredential) is wrong: %v", x.Problems)
	}
	if _, err := x.ResolveHeaders(fakeResolver(nil, nil)); !errors.Is(err, ErrLiteralCredential) {
		t.Errorf("ResolveHeaders = %v, want ErrLiteralCredential", err)
	}
}

func fakeResolver(env map[string]string, files map[string]string) Resolver {
	return Resolver{
		LookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		ReadFile: func(name string) ([]byte, error) {
			if v, ok := files[name]; ok {
				return []byte(v), nil
			}
			return nil, fs.ErrNotExist
		},
	}
}

// References are replaced by the variable's value or the file's content
// (its last line break dropped); an unset variable or a missing file is
// an error that names the reference, not a value.
func TestResolveHeaders(t *testing.T) {
	t.Parallel()
	src := "audit_export:\n  endpoint: https://otel.example.com\n  headers:\n" +
		"    Authorization: Bearer ${env:OTEL_TOKEN}\n    X-Api-Key: ${file:otel-key}\n    X-Scope-OrgID: team-a\n"
	f, err := ParseFile("/u/governance/config.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	x := f.AuditExport
	if len(x.Problems) > 0 {
		t.Fatalf("problems: %v", x.Problems)
	}
	keyFile := filepath.Join("/u/governance", CredentialsFolder, "otel-key")
	h, err := x.ResolveHeaders(fakeResolver(map[string]string{"OTEL_TOKEN": "tok"}, map[string]string{keyFile: "key\n"}))
	if err != nil {
		t.Fatal(err)
	}
	if h["Authorization"] != "Bearer tok" || h["X-Api-Key"] != "key" || h["X-Scope-OrgID"] != "team-a" {
		t.Errorf("headers = %q", h)
	}
	if _, err := x.ResolveHeaders(fakeResolver(nil, map[string]string{keyFile: "key"})); err == nil || !strings.Contains(err.Error(), "OTEL_TOKEN is not set") {
		t.Errorf("an unset variable: %v", err)
	}
	if _, err := x.ResolveHeaders(fakeResolver(map[string]string{"OTEL_TOKEN": "tok"}, nil)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}

// A password or token in the bundle source's URL is listed among the
// file's credentials and the source's problems, by line and without the
// value; the file still parses.
func TestBundleSourceCredential(t *testing.T) {
	t.Parallel()
	for _, source := range []string{"https://ci:hunter2@bundles.example.com/b.tar.gz", "oci://ci:hunter2@registry.example.com/team/policy:v1",
		"https://bundles.example.com/b.tar.gz?token=hunter2"} {
		src := "bundle:\n  source: " + source + "\n  public_key: key.pem\n"
		f, err := ParseFile("/etc/governance/config.yaml", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", source, err)
		}
		if f.Bundle == nil || len(f.Bundle.Problems) != 1 || len(f.Credentials) != 1 ||
			!strings.HasPrefix(f.Credentials[0].Error(), "/etc/governance/config.yaml:2: bundle.source holds") ||
			strings.Contains(f.Credentials[0].Error(), "hunter2") {
			t.Errorf("%s: bundle %+v, credentials %v", source, f.Bundle, f.Credentials)
		}
	}
	f, err := ParseFile("/etc/governance/config.yaml", []byte("bundle:\n  source: oci://registry.example.com/team/policy:v1\n  public_key: key.pem\n"))
	if err != nil || len(f.Credentials) != 0 || len(f.Bundle.Problems) != 0 {
		t.Errorf("a source without a credential: %v, %v", err, f.Credentials)
	}
}
