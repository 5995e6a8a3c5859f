package programs_test

import "testing"

func TestBrew(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"brew", "unknown (brew without a subcommand)"},
		{"brew -v", ""},
		{"brew -v info python", "cache ~/Library/Caches/Homebrew; network formulae.brew.sh"},
		{"brew --prefix python", "cache ~/Library/Caches/Homebrew; network formulae.brew.sh"},
		{"brew --cache --cask firefox", "cache ~/Library/Caches/Homebrew; network formulae.brew.sh"},
		{"brew --version", ""},
		{"brew info python", "cache ~/Library/Caches/Homebrew; network formulae.brew.sh"},
		{"brew info --json=v2 --installed", "cache ~/Library/Caches/Homebrew; network formulae.brew.sh"},
		{"brew info ./evil.rb", `cache ~/Library/Caches/Homebrew; network formulae.brew.sh; exec ruby:""; read ./evil.rb`},
		{"brew info --json ./evil.rb", `cache ~/Library/Caches/Homebrew; network formulae.brew.sh; exec ruby:""; read ./evil.rb`},
		{"brew info someuser/tap/formula", `cache ~/Library/Caches/Homebrew; network formulae.brew.sh; exec ruby:""`},
		{"brew info homebrew/core/python", "cache ~/Library/Caches/Homebrew; network formulae.brew.sh"},
		{"brew search /python/", `cache ~/Library/Caches/Homebrew; network formulae.brew.sh "/python/"`},
		{"brew deps --graph python", "cache ~/Library/Caches/Homebrew; network formulae.brew.sh; change (brew deps --graph opens the graph in the browser)"},
		{"brew deps --graph --dot python", "cache ~/Library/Caches/Homebrew; network formulae.brew.sh"},
		{"brew log -n 10 python", "cache ~/Library/Caches/Homebrew; network formulae.brew.sh"},
		{"brew fetch -s python", "cache ~/Library/Caches/Homebrew; network formulae.brew.sh"},
		{"brew home python", "change (brew home opens a web page in the browser)"},
		{"brew install -h", ""},
		{"brew bundle list --all", `exec :""; read list`},
		{"brew install python", `exec :""; read python`},
		{"brew tap", `exec :""`},
		{"brew analytics", ""},
		{"brew analytics off", `exec :""; read off`},
		{"brew services list", ""},
		{"brew services start postgresql", `exec :""; read start; read postgresql`},
		{"brew frobnicate", `unknown ("frobnicate" is not a subcommand the model of brew knows)`},
		{"HOMEBREW_CURL_PATH=/tmp/x brew info python", "unknown (HOMEBREW_CURL_PATH names a program or code that brew runs); cache ~/Library/Caches/Homebrew; network formulae.brew.sh"},
		{"brew info -- ./x.rb", `cache ~/Library/Caches/Homebrew; network formulae.brew.sh; exec ruby:""; read ./x.rb`},
	})
}
