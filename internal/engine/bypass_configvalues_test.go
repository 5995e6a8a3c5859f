package engine_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/agentgov/governance/internal/engine"
)

// TestBypassConfigValues: a printer of configuration or environment
// values prints a credential held as a value, not under a secret key: a
// private index's URL with its password, in pip's or gem's files or in
// a variable of the environment (how CI passes one), and values of an
// environment no one here sees. Without such a value the printers keep
// their outcome.
func TestBypassConfigValues(t *testing.T) {
	t.Parallel()
	p := builtin(engine.DefaultSettings())
	h := strings.TrimPrefix(home, "/")
	withFiles := fstest.MapFS{
		h + "/.config/pip/pip.conf": {Data: []byte("[global]\nindex-url = https://u:s3cret@pypi.corp.example/simple\n")},
		h + "/.gemrc":               {Data: []byte("---\n:sources:\n- https://u:s3cret@gems.corp.example/\n")},
		"etc/pip.conf":              {Data: []byte("[global]\nextra-index-url = https://pypi.corp.example/simple\n")},
	}
	plain := fstest.MapFS{
		h + "/.config/pip/pip.conf": {Data: []byte("[global]\nindex-url = https://pypi.corp.example/simple\ntimeout = 60\n")},
		h + "/.gemrc":               {Data: []byte("---\n:sources:\n- https://rubygems.org/\n")},
	}
	credEnv := map[string]string{"PIP_EXTRA_INDEX_URL": "https://ci:s3cret@pypi.corp.example/simple", "PATH": "/usr/bin"}
	plainEnv := map[string]string{"PIP_INDEX_URL": "https://pypi.org/simple", "PATH": "/usr/bin"}
	for _, tt := range []struct {
		family, cmd string
		files       fstest.MapFS
		env         map[string]string
		want        []engine.Outcome
	}{
		{"config-values-file", "pip config list", withFiles, plainEnv, stopped},
		{"config-values-file", "pip config list --user", withFiles, plainEnv, stopped},
		{"config-values-file", "pip config debug", withFiles, plainEnv, stopped},
		{"config-values-file", "pip3 config get global.index-url", withFiles, plainEnv, stopped},
		{"config-values-file", "python3 -m pip config list", withFiles, plainEnv, notAllowed},
		{"config-values-file", "cat ~/.config/pip/pip.conf", withFiles, plainEnv, stopped},
		{"config-values-file", "gem env", withFiles, plainEnv, stopped},
		{"config-values-file", "gem environment", withFiles, plainEnv, stopped},
		{"config-values-file", "gem sources", withFiles, plainEnv, stopped},
		{"config-values-file", "gem sources --list", withFiles, plainEnv, stopped},
		{"config-values-file", "head ~/.gemrc", withFiles, plainEnv, stopped},
		{"config-values-env", "pip config list", plain, credEnv, notAllowed},
		{"config-values-env", "pip config get global.extra-index-url", plain, credEnv, notAllowed},
		{"config-values-env", "printenv PIP_EXTRA_INDEX_URL", plain, credEnv, notAllowed},
		{"config-values-env", "echo $PIP_EXTRA_INDEX_URL", plain, credEnv, notAllowed},
		{"config-values-env", `echo "${PIP_EXTRA_INDEX_URL}"`, plain, credEnv, notAllowed},
		{"config-values-unseen", "launchctl getenv GITHUB_TOKEN", plain, plainEnv, notAllowed},
		{"config-values-unseen", "launchctl getenv PIP_INDEX_URL", plain, plainEnv, notAllowed},
		{"config-values-unseen", "systemctl --user show-environment", plain, plainEnv, notAllowed},
		{"config-values-unseen", "systemctl show-environment", plain, plainEnv, notAllowed},
		{"config-values-unseen", "launchctl print gui/501", plain, plainEnv, notAllowed},
		{"config-values-unseen", "launchctl print gui/501/com.example.agent", plain, plainEnv, notAllowed},
		{"config-values-unseen", "launchctl dumpstate", plain, plainEnv, notAllowed},
		{"config-values-unseen", "systemctl show -p Environment app", plain, plainEnv, notAllowed},
		{"config-values-unseen", "systemctl --user show --property=Environment app", plain, plainEnv, notAllowed},
		{"config-values-unseen", "systemctl show -P Environment app", plain, plainEnv, notAllowed},
		{"config-values-unseen", "systemctl show --property MainPID,Environment app", plain, plainEnv, notAllowed},
		{"config-values-unseen", "systemctl show app", plain, plainEnv, notAllowed},
		{"config-values-unseen", "systemctl --user show", plain, plainEnv, notAllowed},
		{"config-values-unseen", "systemctl cat app.service", plain, plainEnv, notAllowed},
		// No credential: the printers are read-only.
		{"config-values-harmless", "pip config list", plain, plainEnv, allowed},
		{"config-values-harmless", "pip config get global.index-url", plain, plainEnv, allowed},
		{"config-values-harmless", "gem env", plain, plainEnv, allowed},
		{"config-values-harmless", "gem sources", plain, plainEnv, allowed},
		{"config-values-harmless", "printenv PIP_INDEX_URL", plain, plainEnv, allowed},
		{"config-values-harmless", "systemctl --user status", plain, plainEnv, allowed},
		{"config-values-harmless", "systemctl show -p MainPID app", plain, plainEnv, allowed},
		{"config-values-harmless", "systemctl show --property=ActiveState,SubState app", plain, plainEnv, allowed},
		{"config-values-harmless", "launchctl list", plain, plainEnv, allowed},
	} {
		t.Run(tt.family+"/"+tt.cmd, func(t *testing.T) {
			t.Parallel()
			e := engine.NewEngine(p)
			e.FS = mapFS{tt.files}
			e.LookupEnv = func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok }
			d := e.Decide(context.Background(), shellReq(tt.cmd))
			if !slicesContains(tt.want, d.Outcome) {
				t.Errorf("%q: got %s by %s/%s (%s), want one of %v", tt.cmd, d.Outcome, d.Layer, d.Rule, d.Message, tt.want)
			}
		})
	}
}
