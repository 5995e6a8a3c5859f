package shell

import "testing"

// TestUnsafeEnv: variables that name code or configuration a program
// loads, and the values that are harmless.
func TestUnsafeEnv(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, value string
		want        bool
	}{
		{"HOME", ".", true},
		{"XDG_CONFIG_HOME", ".", true},
		{"XDG_DATA_HOME", "/tmp", true},
		{"PYTHONUSERBASE", ".", true},
		{"PYENV_HOOK_PATH", "./h", true},
		{"CLOUDSDK_PYTHON", "./evil", true},
		{"GROFF_BIN_PATH", "gb", true},
		{"MAGIC", ".env", true},
		{"LESSKEYIN", ".lesskey", true},
		{"GOFLAGS", "-toolexec=./x", true},
		{"DELTA_PAGER", "sh", true},
		{"PATH", ".:/usr/bin", true},
		{"PATH", "/usr/bin:/bin", false},
		{"IFS", "a", true},
		{"IFS", "\n", false},
		{"IFS", "", false},
		{"LANG", "C", false},
		{"TZ", "UTC", false},
		{"MANWIDTH", "80", false},
		{"NO_COLOR", "1", false},
		{"PYTHONDONTWRITEBYTECODE", "1", false},
		// Prompts a child shell expands: code, not text.
		{"PS4", "$(id)", true},
		{"PS4", "`id`", true},
		{"PS4", "${x:-$(id)}", true},
		{"PS4", "${!x}", true},
		{"PS4", "${a[i]}", true},
		{"PS4", "$((x))", true},
		{"PS4", "\\044(id)", true},
		{"PS0", "$(id)", true},
		{"PS1", "$(id)", true},
		{"PROMPT4", "$(id)", true},
		{"RPROMPT", "$(id)", true},
		{"PS4", "+ ", false},
		{"PS4", "+ ${BASH_SOURCE}:${LINENO}: ${FUNCNAME[0]}: ", false},
		{"PS4", "+$LINENO ", false},
		{"PROMPT_COMMAND", "echo", true},
		{"BASH_FUNC_ls%%", "() { id; }", true},
		{"MAILPATH", "/tmp/m?$(id)", true},
		{"FPATH", ".", true},
		{"HISTFILE", ".bashrc", true},
		{"BASH_XTRACEFD", "3", true},
		// Where a client sends its credentials, and whom it trusts.
		{"HTTPS_PROXY", "http://x", true},
		{"https_proxy", "http://x", true},
		{"Https_Proxy", "http://x", true},
		{"ALL_PROXY", "socks5://x", true},
		{"ftp_proxy", "http://x", true},
		{"NO_PROXY", "localhost", false},
		{"no_proxy", "localhost", false},
		{"SSL_CERT_FILE", "./ca.pem", true},
		{"AWS_ENDPOINT_URL_S3", "http://x", true},
		{"AWS_REGION", "us-east-1", false},
	}
	for _, tt := range tests {
		if got := UnsafeEnv(tt.name, tt.value); got != tt.want {
			t.Errorf("UnsafeEnv(%q, %q) = %v, want %v", tt.name, tt.value, got, tt.want)
		}
	}
}
