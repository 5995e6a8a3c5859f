package programs_test

import "testing"

func TestPoetryPdmConda(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"poetry show", `exec :""`},
		{"poetry --no-plugins show --tree", `exec :""`},
		{"poetry --no-plugins show --latest", "network  \"\"; exec :\"\""},
		{"poetry check --lock", ""},
		{"poetry -C sub check", "unknown (poetry -C and -P load the plugins of another project)"},
		{"poetry --no-plugins export -o req.txt", "write req.txt"},
		{"poetry --no-plugins export --with-credentials", "unknown (poetry export --with-credentials prints index credentials)"},
		{"poetry --no-plugins version", ""},
		{"poetry --no-plugins version patch", `exec :""; read patch`},
		{"poetry --no-plugins version patch --dry-run", ""},
		{"poetry --no-plugins env info", `exec :""; read info`},
		{"poetry --no-plugins env remove py", `exec :""; read remove; read py`},
		{"poetry --no-plugins self show plugins", ""},
		{"poetry --no-plugins run pytest --version", `exec :""; read pytest; read --version`},
		{"poetry --version", ""},
		{"poetry -C sub --no-plugins check --lock", ""},
		{"pdm list", `exec :""; read list`},
		{"pdm --version", `exec :""`},
		{"conda list", ""},
		{"conda info --envs", ""},
		{"conda info --unsafe-channels", "unknown (conda info --unsafe-channels prints channel tokens)"},
		{"conda env list", ""},
		{"conda env export", ""},
		{"conda env export -f environment.yml", "write environment.yml"},
		{"conda env create -f environment.yml", `read environment.yml; exec :""; read create`},
		{"conda search numpy", "network conda.anaconda.org \"numpy\""},
		{"mamba list -c", ""},
		{"micromamba env list", ""},
		{"conda run python -V", `exec :""; read python; read -V`},
		{"conda install numpy", `exec :""; read numpy`},
		{"conda -V", ""},
		{"conda config --show", `exec :""`},
	})
}

// TestPoetryProjectPlugins: poetry runs the project's .poetry/plugins on
// every call, --version included, unless --no-plugins.
func TestPoetryProjectPlugins(t *testing.T) {
	t.Parallel()
	checkAllEffects(t, []effectCase{
		{"poetry --version", "exec if .poetry/plugins (upward)"},
		{"poetry check", "exec if .poetry/plugins (upward); cache ~/.cache/pypoetry"},
		{"poetry --no-plugins check", "cache ~/.cache/pypoetry"},
	})
}
