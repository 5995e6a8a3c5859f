package engine_test

import (
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// startupCodeCases write code a Python interpreter runs at every start,
// before any script: a .pth file's import lines, sitecustomize and
// usercustomize, and _distutils_hack that setuptools' .pth imports. The
// editor runs the project's interpreter as it opens the folder, so the
// code runs later without the person's say-so. Other files of
// site-packages are an install's.
var startupCodeCases = []bypassCase{
	{"startup-code", `printf 'import os; os.system("id")\n' > .venv/lib/python3.11/site-packages/zz.pth`, stopped, "code-run-on-open", "zz.pth"},
	{"startup-code", `echo 'import os' >> venv/lib/python3.12/site-packages/distutils-precedence.pth`, stopped, "code-run-on-open", ""},
	{"startup-code", `cp /tmp/x.py .venv/lib/python3.11/site-packages/sitecustomize.py`, stopped, "", ""},
	{"startup-code", `tee env/Lib/site-packages/usercustomize.py < /tmp/x`, stopped, "", ""},
	{"startup-code", `echo x > .venv/lib/python3.11/site-packages/_distutils_hack/__init__.py`, stopped, "", ""},
	{"startup-code", `cd .venv/lib/python3.11/site-packages && echo 'import os' > a.pth`, stopped, "", ""},
	{"startup-code", `echo 'import os' > .tox/py311/lib/python3.11/site-packages/a.pth`, stopped, "", ""},
	{"startup-code-harmless", `echo 'X = 1' > .venv/lib/python3.11/site-packages/mine.py`, runs, "", ""},
}

func TestBypassStartupCode(t *testing.T) {
	t.Parallel()
	checkBypass(t, startupCodeCases)
	p := builtin(engine.DefaultSettings())
	checkFileCases(t, p, []engine.Kind{engine.KindWrite, engine.KindEdit}, []fileCase{
		{root + "/.venv/lib/python3.11/site-packages/zz.pth", stopped},
		{root + "/.venv/Lib/site-packages/x.PTH", stopped},
		{root + "/venv/lib/python3.13/site-packages/sitecustomize.py", stopped},
		{root + "/.venv/lib/python3.11/site-packages/_distutils_hack/override.py", stopped},
		{root + "/.venv/lib/python3.11/site-packages/requests/api.py", runs},
	})
}
