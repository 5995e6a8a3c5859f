package oracle

import (
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"reflect"
	"strings"
	"testing"
)

func TestDetectorFind(t *testing.T) {
	t.Parallel()
	const c = "canarydotenv0123456789abcdef"
	b64 := func(prefix string) string { return base64.StdEncoding.EncodeToString([]byte(prefix + c + "\n")) }
	wrapped := b64("API_KEY=")
	wrapped = wrapped[:20] + "\n" + wrapped[20:]
	percent := ""
	for _, b := range []byte(c) {
		percent += "%" + strings.ToUpper(hex.EncodeToString([]byte{b}))
	}
	tests := []struct {
		name, data, want string
	}{
		{"plain", "API_KEY=" + c, "plain"},
		{"upper case, as DNS may carry it", strings.ToUpper(c), "plain"},
		{"hex", "x" + hex.EncodeToString([]byte(c)), "hex"},
		{"hex upper case", strings.ToUpper(hex.EncodeToString([]byte(c))), "hex"},
		{"base64 at offset 0", b64(""), "base64"},
		{"base64 at offset 1", b64("a"), "base64"},
		{"base64 at offset 2", b64("ab"), "base64"},
		{"base64 wrapped", wrapped, "base64"},
		{"base64 without padding", strings.TrimRight(b64("k="), "="), "base64"},
		{"base64url", base64.URLEncoding.EncodeToString([]byte("\xff\xfe" + c)), "base64"},
		{"base32 lower case", strings.ToLower(base32.StdEncoding.EncodeToString([]byte("xyz" + c))), "base32"},
		{"percent-encoded", "q=" + percent, "url"},
		{"split across DNS labels", c[:10] + "." + c[10:20] + "." + c[20:] + ".example.com", "plain"},
		{"hex split across DNS labels", hex.EncodeToString([]byte(c))[:30] + "." + hex.EncodeToString([]byte(c))[30:] + ".a.example.com", "hex"},
		{"a part of the canary is not a leak", c[:20], ""},
		{"another canary is not this one", "canarydotenv0123456789abcdee", ""},
		{"nothing", "", ""},
	}
	d := newDetector([]Secret{{Name: "dotenv", Canary: c}})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var want []Leak
			if tt.want != "" {
				want = []Leak{{Secret: "dotenv", Encoding: tt.want}}
			}
			got := d.find([]byte(tt.data))
			// The base64url form of a canary without + or / is its
			// base64 form: either name will do.
			if len(got) == 1 && got[0].Encoding == "base64url" {
				got[0].Encoding = "base64"
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("find(%q) = %+v, want %+v", tt.data, got, want)
			}
		})
	}
}

func TestCollectSkipsTheSecretsOwnFile(t *testing.T) {
	t.Parallel()
	secrets := []Secret{{Name: "dotenv", Path: Project + "/.env", Canary: "canarydotenv0123456789abcdef"}}
	content := []byte("API_KEY=canarydotenv0123456789abcdef\n")
	obs := &Observation{Files: []FileEffect{
		// sed -i writes a temporary file and renames it over the secret.
		{Kind: KindWrite, Path: Project + "/sedAbc", Data: content},
		{Kind: KindRename, Path: Project + "/sedAbc", Target: Project + "/.env"},
		{Kind: KindWrite, Path: Project + "/.env", Data: content},
		// A copy is a leak, found in the file left behind.
		{Kind: KindWrite, Path: "/tmp/copy"},
	}}
	newDetector(secrets).collect(obs, func(name string) []byte {
		if name == "/tmp/copy" {
			return content
		}
		return nil
	})
	want := []Leak{{Secret: "dotenv", Sink: SinkFile, Encoding: "plain", Where: "/tmp/copy"}}
	if !reflect.DeepEqual(obs.Leaks, want) {
		t.Errorf("leaks = %+v, want %+v", obs.Leaks, want)
	}
}
