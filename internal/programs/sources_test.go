package programs_test

import (
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/programs"
)

// TestSources: the models name the files a call runs as code or applies
// as configuration (Effect.Source), which a person's approval of the call
// binds: a script, a makefile, package.json, a manifest, a query file.
func TestSources(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ cmd, want string }{
		{"bash deploy.sh", "deploy.sh"},
		{"sh -x deploy.sh arg", "deploy.sh"},
		{"bash -c 'ls'", ""},
		{"python3 x.py --flag", "x.py"},
		{"python3 -c 'print(1)'", ""},
		{"node app.js", "app.js"},
		{"make test", "GNUmakefile makefile Makefile"},
		{"make -C sub test", "sub/GNUmakefile sub/makefile sub/Makefile"},
		{"make -f build.mk all", "build.mk"},
		{"npm run build", "package.json"},
		{"npm test", "package.json"},
		{"pnpm test", "package.json"},
		{"yarn test", "package.json"},
		{"kubectl apply -f x.yaml", "x.yaml"},
		{"psql -f x.sql", "x.sql"},
		{"git push", ""},
		{"cat x.sh", ""},
	} {
		var got []string
		for _, e := range parse(t, tt.cmd).Effects().List {
			if e.Source {
				if e.Op != programs.Read {
					t.Errorf("%q: a source of op %s, want read", tt.cmd, e.Op)
				}
				got = append(got, e.Path.Value)
			}
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("%q: sources %q, want %q", tt.cmd, got, tt.want)
		}
	}
}
