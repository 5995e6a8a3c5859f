package programs_test

import (
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/programs"
)

func TestGit(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"git status", ""},
		{"git status --porcelain -sb", ""},
		{"git --no-optional-locks status", ""},
		{"git -C repo status", ""},
		{"git log --oneline -n 5", ""},
		{"git log --oneline -- src", "read src"},
		{"git log -p main..HEAD", "read main..HEAD; read main..HEAD (tree, hidden); read :/ unless main..HEAD (tree, hidden)"},
		{"git diff", "read :/ (tree, hidden)"},
		{"git diff --stat HEAD~1 -- README.md", "read HEAD~1; read README.md"},
		{"git diff --output=out.txt", "write out.txt; read :/ (tree, hidden)"},
		{"git diff --ext-diff", "exec sh:\"\"; read :/ (tree, hidden)"},
		{"git show HEAD:.env", "read .env"},
		{"git show :.env", "read .env"},
		{"git cat-file -p HEAD:config/.env.production", "read config/.env.production"},
		{"git cat-file --filters HEAD:x", "exec sh:\"\"; read x"},
		{"git grep -n TODO", "read . (tree, hidden)"},
		{"git grep .env", "read . (tree, hidden)"},
		{"git grep -e x -- src", "read src (tree, hidden)"},
		{"git grep x HEAD:.env", "read .env (tree, hidden); read .env (tree, hidden)"},
		{"git grep -Ovim TODO", "exec sh:\"vim\"; read . (tree, hidden)"},
		{"git grep -O x", "exec sh:\"\"; read . (tree, hidden)"},
		{"git blame --contents .env f", "read .env; read f"},
		{"git branch -a", ""},
		{"git branch -D x", "change (git branch changes a branch)"},
		{"git tag -l", ""},
		{"git tag v1", "change (git tag makes a tag)"},
		{"git remote -v", "read .git/config; read .git/config.worktree; read ~/.gitconfig; read ~/.config/git/config; read /etc/gitconfig"},
		{"git remote add x y", "write .git/config"},
		{"git stash list", ""},
		{"git stash", "write . (tree)"},
		{"git config --get user.name", "read .git/config; read .git/config.worktree; read ~/.gitconfig; read ~/.config/git/config; read /etc/gitconfig"},
		{"git config user.name", "read .git/config; read .git/config.worktree; read ~/.gitconfig; read ~/.config/git/config; read /etc/gitconfig"},
		{"git config user.name x", "write .git/config"},
		{"git config --global core.pager less", "write ~/.gitconfig"},
		// Moving the remote-tracking refs runs the reference-transaction
		// hook; the maintenance fetch starts runs pre-auto-gc.
		{"git fetch origin", "network  \"origin\"; exec sh:\"\""},
		{"git fetch", "network ; exec sh:\"\""},
		{"git fetch --all --prune", "network ; exec sh:\"\""},
		{"git fetch origin main:main", "change (git fetch main:main writes a local ref); network  \"origin\" \"main:main\"; exec sh:\"\""},
		{"git clean -n", ""},
		{"git clean -fd", "delete . (tree)"},
		{"git rm --cached f", "change (git rm --cached removes files from the index)"},
		{"git rm -n f", ""},
		{"git rm f", "delete f"},
		{"git checkout main", "write . (tree); exec sh:\"\""},
		{"git checkout -b feature", "write . (tree); exec sh:\"\""},
		{"git checkout HEAD -- .claude/settings.json", "write .claude/settings.json (tree); exec sh:\"\""},
		{"git restore .governance/config.yaml", "write .governance/config.yaml (tree); exec sh:\"\""},
		{"git mv a b", "move a -> b"},
		{"git apply --check p.diff", "read p.diff"},
		{"git apply p.diff", "read p.diff; write . (tree)"},
		{"git help log", ""},
		{"git restore --help", ""},
		{"git --version", ""},
		// Configuration that names programs.
		{"git -c core.fsmonitor='rm -rf ~' status", "exec sh:\"rm -rf ~\""},
		{"git -c core.sshCommand='sh -c id' fetch", "exec sh:\"sh -c id\"; network ; exec sh:\"\""},
		// An alias the call defines is no unknown subcommand: what it
		// runs is judged (see TestGitAliasLaunch).
		{"git -c alias.x='!id' x", "exec sh:\"id\""},
		{"git -c Alias.X='!id' x", "exec sh:\"id\""},
		{"git -c alias.st=status st", ""},
		{"git -c alias.x='!id' y", "unknown (\"y\" is not a subcommand the model of git knows); exec sh:\"id\""},
		{"git -c alias.x=status y", "unknown (\"y\" is not a subcommand the model of git knows)"},
		{"git -c user.name=x -c user.email=y commit -m m", "change (git commit records a commit); exec sh:\"\""},
		{"git -c user.name=x log", ""},
		{"git -c blame.date=short blame f", "read f"},
		{"git -c blame.ignoreRevsFile=.env blame f", "unknown (git -c blame.ignoreRevsFile sets configuration the model does not know); read f"},
		{"git -c core.hooksPath=/tmp/h status", "exec sh:\"\""},
		{"git -c foo.bar=1 log", "unknown (git -c foo.bar sets configuration the model does not know)"},
		{"git --config-env=core.pager=P log", "unknown (git --config-env core.pager sets configuration from the environment)"},
		{"git --exec-path=/tmp log", "exec sh:\"\""},
		{"git --exec-path", ""},
		{"git frobnicate", "unknown (\"frobnicate\" is not a subcommand the model of git knows)"},
		{"git archive --remote=ssh://x/r HEAD", "unknown (the effect of --remote is not modelled); read HEAD; read :/ (tree, hidden)"},
		{"git archive -o out.tar HEAD", "write out.tar; read HEAD; read :/ (tree, hidden)"},
	})
}

func TestGitOptions(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		cmd, opt string
		want     bool
	}{
		{"git push --force", "--force", true},
		{"git push --for origin main", "--force", true},
		{"git push --force-with-lease", "--force", false},
		// git reads -t's optional value when attached: -tf is --track=f.
		{"git checkout -tf main", "-f", false},
		{"git checkout -ft main", "-f", true},
		{"git rm -f --no-force x", "-f|--force", false},
		{"git rm --no-force -f x", "-f|--force", true},
		{"git push --force --no-force", "--force", false},
		{"git restore -S --no-staged f", "-S|--staged|--no-staged", true},
		{"git -C x branch -C y", "-C", true},
	} {
		if got := parse(t, tt.cmd).HasAny(tt.opt); got != tt.want {
			t.Errorf("%q has %s: got %v, want %v", tt.cmd, tt.opt, got, tt.want)
		}
	}
}

// TestGitLogOptionsElsewhere: stash list, stash show and reflog take the
// options of log and diff, --output among them; notes --ref takes a
// value; format-patch reads its signature file.
func TestGitLogOptionsElsewhere(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"git reflog", ""},
		{"git reflog --output=out", "write out"},
		{"git reflog show --output out", "write out"},
		{"git stash list --output=out", "write out"},
		{"git stash list --outp=out", "write out"},
		{"git stash show --output=out", "write out"},
		{"git stash show -p --ext-diff", "exec sh:\"\"; read :/ (tree, hidden)"},
		{"git stash show -p stash@{1}", "read :/ (tree, hidden)"},
		{"git stash show --include-untracked -p", "read :/ (tree, hidden)"},
		{"git stash show -u", ""},
		{"git stash show --stat", ""},
		{"git stash list -p", "read :/ (tree, hidden)"},
		{"git stash list -u", "read :/ (tree, hidden)"},
		{"git notes show HEAD", ""},
		{"git notes --ref show add -m hi HEAD", "change (git notes add changes the repository)"},
		{"git notes --ref=x list", ""},
		{"git format-patch --stdout -1", "read :/ (tree, hidden)"},
		{"git format-patch --stdout --signature-file=.env -1", "read .env; read :/ (tree, hidden)"},
		{"git format-patch --stdout --signature-file .env -1", "read .env; read :/ (tree, hidden)"},
		{"git format-patch --stdout --description-file=.env -1", "read .env; read :/ (tree, hidden)"},
		{"git format-patch --stdout --output=out -1", "write out; read :/ (tree, hidden)"},
	})
}

// TestGitRepositoryFound: git reads the config of a bare repository it
// finds in the folder it starts in or above, when a HEAD file is there.
func TestGitRepositoryFound(t *testing.T) {
	t.Parallel()
	const why = "git runs the programs the config of a bare repository names"
	checkAllEffects(t, []effectCase{
		{"git log", "exec if HEAD (upward)"},
		{"git -C fix log", "exec if fix/HEAD; exec if HEAD (upward)"},
		{"git -C a/b -C ../c log", "exec if a/c/HEAD; exec if a/HEAD; exec if HEAD (upward)"},
		{"git -C /srv/r log", "exec if /srv/r/HEAD; exec if /srv/HEAD; exec if /HEAD"},
		{"git -C ../r log", "exec if ../r/HEAD; exec if ../HEAD; exec if HEAD (upward)"},
		{"git --git-dir=fix log", "exec if HEAD (upward); unknown (git --git-dir fix reads the configuration of a repository that may not be the user's)"},
		{"git --git-dir=../x/.git log", "exec if HEAD (upward)"},
		{"git --work-tree=/h diff", "exec if HEAD (upward); read /h (tree, hidden); read :/ (tree, hidden); cache .git/index"},
	})
}

// TestGitCommittedFiles: the files a call shows from the history or the
// index, however they are named.
func TestGitCommittedFiles(t *testing.T) {
	t.Parallel()
	const pattern = "unknown (the pathspec %s matches files in the history by a pattern)"
	u := func(p string) string { return strings.Replace(pattern, "%s", p, 1) }
	checkEffects(t, []effectCase{
		{"git show :0:.pypirc", "read .pypirc"},
		{"git show :3:a/.env", "read a/.env"},
		{"git cat-file -p :0:.pypirc", "read .pypirc"},
		{"git show HEAD~2:.env", "read .env"},
		{"git log -p -- src", "read src; read src (tree, hidden)"},
		{"git log -p -- ':!vendor'", "read :/ (tree, hidden)"},
		{"git log -p --all -- '*.pypirc'", u("*.pypirc") + "; read *.pypirc; read . (tree, hidden)"},
		{"git log -p -- '.pypir[c]'", u(".pypir[c]") + "; read .pypir[c]; read . (tree, hidden)"},
		{"git log -p -- ':(icase).PYPIRC'", u(":(icase).PYPIRC") + "; read .PYPIRC; read . (tree, hidden)"},
		{"git log -p -- ':(glob)**/.env'", u(":(glob)**/.env") + "; read **/.env; read . (tree, hidden)"},
		{"git log -p -- ':(literal)a*'", "read a*; read a* (tree, hidden)"},
		{"git --literal-pathspecs log -p -- 'a*'", "read a*; read a* (tree, hidden)"},
		{"git grep -h password HEAD", "read . unless HEAD (tree, hidden); read :/ unless HEAD (tree, hidden); read HEAD (tree, hidden)"},
		{"git grep -h password HEAD --", "read . (tree, hidden); read :/ (tree, hidden); read HEAD (tree, hidden)"},
		{"git -C sub grep -h password v1", "read sub/. unless sub/v1 (tree, hidden); read sub/:/ unless sub/v1 (tree, hidden); read sub/v1 (tree, hidden)"},
		{"git grep -h password main -- '.pypir*'", "read . (tree, hidden); " + u(".pypir*") + "; read . (tree, hidden); read main (tree, hidden); read . (tree, hidden)"},
		{"git cat-file -p 1a2b3c", "read 1a2b3c; read :/ (tree, hidden)"},
		{"git cat-file blob 1a2b3c", "read blob; read 1a2b3c; read :/ (tree, hidden)"},
		{"git cat-file -t 1a2b3c", "read 1a2b3c"},
		{"git grep foo -- src", "read src (tree, hidden)"},
		{"git config --blob=HEAD:.pypirc -l", "read .pypirc"},
		{"git config --blob HEAD:.pypirc --get a.b", "read .pypirc"},
		{"git config --blob=abc123 -l", "unknown (git config --blob abc123 reads a blob the model cannot name)"},
		{"git config -f gcfg.ini --includes -l", "read gcfg.ini; unknown (git config --includes reads the files the configuration includes)"},
		{"git config -f gcfg.ini -l", "read gcfg.ini"},
	})
}

// TestGitLineLog: git log -L prints the history of lines of a file.
func TestGitLineLog(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"git log -L 1,5:a.go", "read a.go; read a.go (tree, hidden)"},
		{"git log -L :main:src/a.go", "read main:src/a.go; read main:src/a.go (tree, hidden); read src/a.go; read src/a.go (tree, hidden)"},
		{"git log -L $R", "unknown (git log -L prints the history of lines of a file named at run time)"},
	})
}

// TestGitPatternsOfNames: a pathspec pattern of a call that prints names,
// counts or commits only picks which; one that prints lines of files
// matches files the model cannot list.
func TestGitPatternsOfNames(t *testing.T) {
	t.Parallel()
	const pattern = "unknown (the pathspec %s matches files in the history by a pattern)"
	for _, tt := range []struct {
		cmd     string
		unknown bool
	}{
		{"git ls-files '*.go'", false},
		{"git ls-files -s -- 'src/*.ts'", false},
		{"git status --short -- '*.go'", false},
		{"git log -- '*.py'", false},
		{"git log --oneline --stat -- '*.py'", false},
		{"git diff --name-only -- '*.go'", false},
		{"git diff --stat HEAD~1 -- '*.go'", false},
		{"git show --stat -- '*.go'", false},
		{"git shortlog -s -- '*.go'", false},
		{"git log -p -- '*.py'", true},
		{"git log --oneline -p -- '*.py'", true},
		{"git diff -- '*.go'", true},
		{"git diff --exit-code -- '*.go'", true},
		{"git diff --check -- '*.go'", true},
		{"git show -- '*.env'", true},
		{"git show --oneline -- '*.env'", true},
		{"git show --stat HEAD:x '*.env'", true},
		{"git log -L 1,2:a.go -- '*.go'", true},
		{"git grep x -- '*.go'", true},
	} {
		got := strings.Contains(effects(t, tt.cmd), strings.SplitN(pattern, "%s", 2)[0])
		if got != tt.unknown {
			t.Errorf("%q: unknown pattern = %v, want %v (%s)", tt.cmd, got, tt.unknown, effects(t, tt.cmd))
		}
	}
}

// TestGitConfigNamesProgram: the settings of a repository's configuration
// that make git run a program, judged by their last part so that those
// not listed (a new driver, gpg.x509.program) are caught too.
func TestGitConfigNamesProgram(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, value, sub string
		want             bool
	}{
		{"core.fsmonitor", "cat ~/.ssh/id_rsa", "status", true},
		{"core.fsMonitor", ".git/hooks/fsmonitor-watchman", "status", true},
		{"core.fsmonitor", "true", "status", false},
		{"core.sshCommand", "ssh -i k", "fetch", true},
		{"core.pager", "less", "log", true},
		{"pager.log", "false", "log", true},
		{"core.editor", "vim", "commit", true},
		{"sequence.editor", "x", "rebase", true},
		{"diff.external", "x", "diff", true},
		{"diff.pdf.textconv", "pdftotext", "log", true},
		{"diff.x.command", "x", "diff", true},
		{"filter.crypt.smudge", "git-crypt smudge", "status", true},
		{"filter.x.process", "x", "status", true},
		{"filter.lfs.process", "git-lfs filter-process", "status", false},
		{"filter.lfs.clean", "sh -c id", "status", true},
		{"merge.x.driver", "x %A", "merge", true},
		{"credential.helper", "store", "fetch", true},
		{"credential.https://example.com.helper", "!f", "fetch", true},
		{"gpg.program", "x", "log", true},
		{"gpg.x509.program", "x", "log", true},
		{"gpg.ssh.defaultKeyCommand", "x", "commit", true},
		{"remote.origin.uploadpack", "x", "fetch", true},
		{"remote.up.receivepack", "x", "push", true},
		{"core.alternateRefsCommand", "x", "fetch", true},
		{"trailer.sign.cmd", "x", "commit", true},
		{"submodule.lib.update", "!sh -c id", "submodule", true},
		{"submodule.lib.update", "rebase", "submodule", false},
		{"alias.lg", "!id", "lg", true},
		{"alias.lg", "!id", "log", false},
		// The settings every repository has, and those that only choose.
		{"core.hooksPath", ".husky", "status", false},
		{"core.bare", "false", "status", false},
		{"remote.origin.url", "https://x/r", "status", false},
		{"remote.origin.fetch", "+refs/heads/*:refs/remotes/origin/*", "status", false},
		{"branch.main.merge", "refs/heads/main", "status", false},
		{"diff.tool", "vimdiff", "diff", false},
		{"merge.conflictStyle", "zdiff3", "merge", false},
		{"include.path", "x", "status", false},
		{"filter.lfs.required", "true", "status", false},
		{"gpg.format", "ssh", "log", false},
	} {
		if got := programs.GitConfigNamesProgram(tt.name, tt.value, tt.sub); got != tt.want {
			t.Errorf("%s=%s (git %s): got %v, want %v", tt.name, tt.value, tt.sub, got, tt.want)
		}
	}
}

// TestGitFold: git rev-parse --show-toplevel prints the top of the
// repository of the folder the string starts in; after a cd, or with
// other words, it is not known.
func TestGitFold(t *testing.T) {
	t.Parallel()
	checkFolds(t, []foldCase{
		{`cat "$(git rev-parse --show-toplevel)/README.md"`, []string{"cat", "/p/README.md"}},
		{`rm -rf "$(cd /; git rev-parse --show-toplevel)"`, []string{"rm", "-rf", "$(cd /; git rev-parse --show-toplevel)"}},
		{`cat "$(git -C /x rev-parse --show-toplevel)"`, []string{"cat", "$(git -C /x rev-parse --show-toplevel)"}},
		{`cat "$(git rev-parse --show-cdup)"`, []string{"cat", "$(git rev-parse --show-cdup)"}},
	})
}

// TestGitPathspecMagic: pathspec magic widens what a call reads, never
// narrows it: top-relative pathspecs (:/, :(top), a lone :) are read from
// the top of the work tree, an exclusion reaches nothing of its own (alone,
// the call reads what it reads with no pathspec), and a pattern reaches
// the folder before its first wildcard.
func TestGitPathspecMagic(t *testing.T) {
	t.Parallel()
	const unknown = "unknown (the pathspec %s matches files in the history by a pattern)"
	u := func(p string) string { return strings.Replace(unknown, "%s", p, 1) }
	checkEffects(t, []effectCase{
		{"git grep --untracked -e API -- ':/'", "read . at the top of . (tree, hidden)"},
		{"git grep -e API -- ':(top)'", "read . at the top of . (tree, hidden)"},
		{"git grep -e API -- ':'", "read . at the top of . (tree, hidden)"},
		{"git grep --no-index -e API -- ':/'", "read . at the top of . (tree, hidden)"},
		{"git grep -e API -- ':/src'", "read src at the top of . (tree, hidden)"},
		{"git grep -e API -- '::/src'", "read /src (tree, hidden)"},
		{"git -C sub grep -e API -- ':/'", "read . at the top of sub/. (tree, hidden)"},
		{"git grep -e API -- ':!x'", "read . (tree, hidden)"},
		{"git grep -e API -- ':^README.md'", "read . (tree, hidden)"},
		{"git grep -e API -- ':(exclude)README.md'", "read . (tree, hidden)"},
		{"git grep -e API -- ':(top,exclude)x'", "read . (tree, hidden)"},
		{"git grep -e API -- src ':!src/x'", "read src (tree, hidden)"},
		{"git grep -e API -- ':(icase).ENV'", u(":(icase).ENV") + "; read . (tree, hidden)"},
		{"git grep -e API -- ':(bogus)x'", u(":(bogus)x") + "; read . (tree, hidden)"},
		{"git grep -e API -- 'src/*.go'", u("src/*.go") + "; read src (tree, hidden)"},
		{"git grep -e API HEAD -- ':!x'", "read . (tree, hidden); read :/ (tree, hidden); read HEAD (tree, hidden); read . (tree, hidden)"},
		{"git grep foo -- src/", "read src/ (tree, hidden)"},
		{"git --literal-pathspecs grep -e x -- ':/'", "read :/ (tree, hidden)"},
		{"git log -p -- ':/'", "read . at the top of .; read . at the top of . (tree, hidden)"},
		{"git log -p -- ':!vendor'", "read :/ (tree, hidden)"},
		{"git log -p -- src ':!src/x'", "read src; read src (tree, hidden)"},
		{"git diff HEAD -- ':!vendor'", "read HEAD; read HEAD (tree, hidden); read :/ (tree, hidden)"},
		{"git show -- ':(exclude)README.md'", "read :/ (tree, hidden)"},
		{"git log --stat -- ':!vendor'", ""},
		{"git ls-files -- ':/'", "read . at the top of ."},
		{"git checkout -- ':/'", "write . at the top of . (tree); exec sh:\"\""},
		{"git restore ':(top)src'", "write src at the top of . (tree); exec sh:\"\""},
		{"git clean -fd -- ':!keep'", "delete . (tree)"},
		{"git rm -r -- ':!keep'", "delete . (tree)"},
		{"git rm -- ':^keep'", "delete . (tree)"},
	})
}

// TestGitGrepMagicWithoutDashDash: a word with pathspec magic before any
// -- may be a revision or a pathspec; both are read.
func TestGitGrepMagicWithoutDashDash(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"git grep -e API ':/'", "read . unless :/ (tree, hidden); read . at the top of . (tree, hidden); read :/ (tree, hidden); read . at the top of . (tree, hidden)"},
		{"git grep -e API ':!x'", "read . unless :!x (tree, hidden); read :/ unless :!x (tree, hidden); read :!x (tree, hidden); read . (tree, hidden)"},
	})
}
