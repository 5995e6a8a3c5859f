package programs_test

import "testing"

func TestPoetryPdmConda(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"poetry show", `exec :""`},
		{"poetry --no-plugins show --tree", "cache ~/.cache/pypoetry"},
		{"poetry --no-plugins show --latest", `network  ""; cache ~/.cache/pypoetry`},
		{"poetry --no-plugins export -o req.txt", "write req.txt; cache ~/.cache/pypoetry"},
		{"poetry --no-plugins export --with-credentials", "unknown (poetry export --with-credentials prints index credentials); cache ~/.cache/pypoetry"},
		{"poetry --no-plugins version", "cache ~/.cache/pypoetry"},
		{"poetry --no-plugins version patch", `exec :""; read patch`},
		{"poetry --no-plugins version patch --dry-run", "cache ~/.cache/pypoetry"},
		{"poetry --no-plugins env info", "cache ~/.cache/pypoetry"},
		{"poetry --no-plugins env remove py", `exec :""; read remove; read py`},
		{"poetry --no-plugins self show plugins", "cache ~/.cache/pypoetry"},
		{"poetry --no-plugins run pytest --version", `exec :""; read pytest; read --version`},
		{"poetry --version", ""},
		{"poetry -C sub --no-plugins check --lock", "cache ~/.cache/pypoetry"},
		{"pdm list", `exec :""; read list`},
		{"pdm --version", `exec :""`},
		{"conda list", ""},
		{"conda info --envs", ""},
		{"conda info --unsafe-channels", "unknown (conda info --unsafe-channels prints channel tokens)"},
		{"conda env list", ""},
		{"conda env export", ""},
		{"conda env export -f environment.yml", "write environment.yml"},
		{"conda env create -f environment.yml", `read environment.yml; exec :""; read create`},
		{"conda search numpy", `cache ~/.conda/pkgs; network conda.anaconda.org "numpy"`},
		{"mamba list -c", ""},
		{"micromamba env list", ""},
		{"conda run python -V", `exec :""; read python; read -V`},
		{"conda install numpy", `exec :""; read numpy`},
		{"conda -V", ""},
		{"conda config --show", `exec :""`},
	})
}
