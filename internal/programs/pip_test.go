package programs_test

import "testing"

func TestPip(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"pip list", "network pypi.org"},
		{"pip list --outdated --format=json", "network pypi.org; network pypi.org \"json\""},
		{"pip3 freeze", ""},
		{"pip3.12 show requests", ""},
		{"pip show --files requests", ""},
		{"pip check", ""},
		{"pip hash package.whl", "read package.whl"},
		{"pip index versions requests --index-url https://test.pypi.org/simple/", "network  \"https://test.pypi.org/simple/\"; network pypi.org; network pypi.org \"versions\" \"requests\" \"https://test.pypi.org/simple/\""},
		{"pip cache dir", ""},
		{"pip cache purge", "delete ~/.cache/pip (tree)"},
		{"pip config list --user", pipConfigPrints},
		{"pip config get global.index-url", pipConfigPrints},
		{"pip config get global.password", "unknown (pip config may print a credential); " + pipConfigPrints},
		{"pip config set global.index-url x", "change (pip config set changes pip's configuration); read set; read global.index-url; read x"},
		{"pip config edit", `exec :""`},
		{"pip -q --disable-pip-version-check list", ""},
		{"pip --proxy http://proxy:3128 list", "network  \"http://proxy:3128\"; network pypi.org"},
		{"pip --log /tmp/pip.log list", "write /tmp/pip.log; network pypi.org"},
		{"pip list --log-f /tmp/pip.log", "write /tmp/pip.log; network pypi.org"},
		{"pip --python ./evil list", "exec sh:\"./evil\"; network pypi.org"},
		{"pip --pyth ./evil list", "exec sh:\"./evil\"; network pypi.org"},
		{"pip --proxy list install requests", `network  "list"; exec :""; read requests`},
		{"pip install -r requirements.txt", `read requirements.txt; exec :""`},
		{"pip install --dry-run requests", `exec :""; read requests`},
		{"pip download -d /tmp requests", `write /tmp; exec :""; read requests`},
		{"pip wheel -w /tmp requests", `write /tmp; exec :""; read requests`},
		{"pip uninstall -y requests", "change (pip uninstall removes packages from the environment); read requests"},
		{"pip -V", ""},
		{"pip install -h", ""},
		{"pip freeze -r req.txt", "read req.txt"},
		{"pip list --client-cert ~/.ssh/key.pem", "read /h/.ssh/key.pem; network pypi.org"},
		{"pip frobnicate", `unknown ("frobnicate" is not a subcommand the model of pip knows); unknown (the effects of pip are not modelled)`},
		{"pip list --frob", "unknown (the option --frob is not in the model of pip); network pypi.org"},
		{"pip list -lo", "network pypi.org; network pypi.org"},
		{"pipx list", ""},
		{"pipx list --json", ""},
		{"pipx environment", ""},
		{"pipx run cowsay --version", `exec :""; read cowsay; read --version`},
		{"pipx install ruff", `exec :""; read ruff`},
		{"pip install -Ur req.txt", `read req.txt; exec :""`},
		{"pip list -lo", "network pypi.org; network pypi.org"},
		{"PIP_LOG=/tmp/x pip list", "unknown (PIP_LOG sets an option of pip); network pypi.org"},
		{"PIP_DISABLE_PIP_VERSION_CHECK=1 pip freeze", ""},
		{"PIP_PYTHON=./evil pip cache dir", "unknown (PIP_PYTHON sets an option of pip)"},
	})
}

// pipConfigPrints are the effects of a pip config that prints values:
// its files' and the variables' that may hold an index's password.
const pipConfigPrints = "read /etc/pip.conf; read /etc/xdg/pip/pip.conf; read ~/.pip/pip.conf; read ~/.config/pip/pip.conf; read ~/Library/Application Support/pip/pip.conf; env PIP_INDEX_URL; env PIP_EXTRA_INDEX_URL; env PIP_FIND_LINKS; env PIP_PROXY"
