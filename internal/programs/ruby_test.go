package programs_test

import "testing"

func TestGemBundleComposer(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"gem list", "network rubygems.org"},
		{"gem -v", ""},
		{"gem", "unknown (gem without a known subcommand)"},
		{"gem search rails", "network rubygems.org \"rails\""},
		{"gem specification x.gemspec", "network rubygems.org \"x.gemspec\"; exec ruby:\"\""},
		{"gem sources --list", "read ~/.gemrc; read /etc/gemrc"},
		{"gem env", "network rubygems.org; read ~/.gemrc; read /etc/gemrc"},
		{"gem sources --add https://x", "change (gem sources changes gem's sources)"},
		{"gem install rails -v 7.0", `exec :""; read rails`},
		{"gem exec rubocop --help", `exec :""; read rubocop; read --help`},
		{"gem install --help", ""},
		{"bundle", `exec :""`},
		{"bundle -v", ""},
		{"bundle version", ""},
		{"bundle list", `exec :""`},
		{"bundle exec rspec -v", `exec :""; read rspec; read -v`},
		{"bundle config", `exec :""`},
		{"composer show", `exec :""`},
		{"composer --no-plugins show --tree", "network repo.packagist.org"},
		{"composer --no-plugins -d sub outdated", "network repo.packagist.org \"sub\""},
		{"composer --no-plugins exec phpunit --version", `exec :""; read phpunit; read --version`},
		{"composer -V", ""},
		{"composer install", `exec :""`},
	})
}
