package variants_test

import (
	"slices"
	"testing"

	"github.com/agentgov/governance/internal/variants"
)

// transform returns the transform of that name.
func transform(t *testing.T, name string) *variants.Transform {
	t.Helper()
	for _, tr := range variants.Transforms() {
		if tr.Name == name {
			return tr
		}
	}
	t.Fatalf("no transform %q", name)
	return nil
}

// transformCases are every variant each transform makes of a few
// commands, and commands where it does not apply.
var transformCases = []struct {
	transform, cmd string
	want           []string
}{
	{"cancel-mode", "bash -n scripts/x.sh", []string{"bash -n +n scripts/x.sh", "bash -n +o noexec scripts/x.sh"}},
	{"cancel-mode", "bash -nx scripts/x.sh", []string{"bash -nx +n scripts/x.sh", "bash -nx +o noexec scripts/x.sh"}},
	{"cancel-mode", "zsh -n x.zsh", []string{"zsh -n +n x.zsh", "zsh -n -o exec x.zsh"}},
	{"cancel-mode", "bash scripts/x.sh -n", nil},
	{"cancel-mode", "bash -c 'echo -n'", nil},
	{"cancel-mode", "git apply --check p.diff", []string{"git apply --check --no-check p.diff", "git apply --check --no-ch p.diff"}},
	{"cancel-mode", "git -C sub rm -n -r x", []string{"git -C sub rm -n --no-dry-run -r x"}},
	{"cancel-mode", "git config --list core.x y", []string{"git config --list --no-list core.x y"}},
	{"cancel-mode", "git config --list", nil},
	{"cancel-mode", "git tag -l", nil},
	{"cancel-mode", "git branch -l 'v*'", []string{"git branch -l --no-list 'v*'"}},
	{"cancel-mode", "git status -n", nil},
	{"cancel-mode", "git rm -- -n", nil},
	{"sudo", "rm -rf /", []string{"sudo rm -rf /"}},
	{"sudo", "X=1 rm -rf /", nil},
	{"sudo", "cd / && rm -rf *", []string{"cd / && sudo rm -rf *"}},
	{"sudo", "bash -c 'rm -rf ~'", nil},
	{"sudo", "f() { ls; }; f", []string{"f() { sudo ls; }; f"}},
	{"env", "rm -rf /", []string{"env rm -rf /"}},
	{"env", "X=1 git status", []string{"X=1 env git status"}},
	{"env", "cd /tmp", nil},
	{"env", "f() { ls; }; f", []string{"f() { env ls; }; f"}},
	{"env-assign", "X=1 git status", []string{"env X=1 git status"}},
	{"env-assign", "X=$(pwd) git status", nil},
	{"env-assign", "X=1", nil},
	{"timeout", "git push --force", []string{"timeout 30 git push --force"}},
	{"timeout", "export X=1", nil},
	{"nice", "git status | head", []string{"nice git status | head", "git status | nice head"}},
	{"nice-n", "rm -rf /", []string{"nice -n 5 rm -rf /"}},
	{"command", "cd / && rm -rf *", []string{"command cd / && rm -rf *", "cd / && command rm -rf *"}},
	{"command", "f() { ls; }; f", []string{"f() { command ls; }; f"}},
	{"command", "X=1 export Y", nil},
	{"command", "alias ls=rm; ls", nil},
	{"exec", "rm -rf /", []string{"exec rm -rf /"}},
	{"exec", "cd / && rm -rf *", []string{"cd / && exec rm -rf *"}},
	{"exec", "a; b", []string{"a; exec b"}},
	{"exec", "a | b", nil},
	{"exec", "a &", nil},
	{"exec", "trap 'x' EXIT; rm x", nil},
	{"exec", "! rm x", nil},
	{"time", "git status | head", []string{"time git status | head"}},
	{"time", "a && b", []string{"time a && b", "a && time b"}},
	{"time", "! a", nil},
	{"time", "X=1", nil},
	{"nohup", "rm -rf /", []string{"nohup rm -rf /"}},
	{"stdbuf", "ls", []string{"stdbuf -oL ls"}},
	{"xargs", "rm -rf /", []string{"echo -rf / | xargs rm", "echo / | xargs rm -rf"}},
	{"xargs", "git push -n origin", []string{"echo push -n origin | xargs git", "printf '%s\\n' -n origin | xargs git push", "echo origin | xargs git push -n"}},
	{"xargs", "a | rm -rf x", nil},
	{"xargs", "rm -rf x < list", nil},
	{"xargs", "rm 'a b'", nil},
	{"xargs", "bash -c 'rm -rf /'", nil},
	{"xargs", "echo $? && rm x", nil},
	{"xargs", "rm -rf /tmp/x > log", []string{"echo -rf /tmp/x | xargs rm > log", "echo /tmp/x | xargs rm -rf > log"}},
	{"bash-c", "rm -rf /", []string{"bash -c 'rm -rf /'", "bash -c \"rm -rf /\""}},
	{"bash-c", "cd / && rm -rf *", []string{"bash -c 'cd / && rm -rf *'", "cd / && bash -c 'rm -rf *'", "bash -c \"cd / && rm -rf *\"", "cd / && bash -c \"rm -rf *\""}},
	{"bash-c", "X=/; rm -rf $X", []string{"bash -c 'X=/; rm -rf $X'", "bash -c \"X=/; rm -rf \\$X\""}},
	{"bash-c", "echo 'it''s'", []string{"bash -c 'echo '\\''it'\\'''\\''s'\\'''", "bash -c \"echo 'it''s'\""}},
	{"bash-c", "cat <<EOF\nx\nEOF", []string{"bash -c 'cat <<EOF\nx\nEOF\n'", "bash -c \"cat <<EOF\nx\nEOF\n\""}},
	{"sh-c", "rm -rf /", []string{"sh -c \"rm -rf /\""}},
	{"sh-c", "[[ -f x ]] && rm x", []string{"[[ -f x ]] && sh -c \"rm x\""}},
	{"sh-c", "echo {a,b}", nil},
	{"sh-c", "a &> f", nil},
	{"sh-c", "echo -e x", nil},
	{"sh-c", "ls .*", nil},
	{"sh-c", "export -f foo", nil},
	{"sh-c", "set -o pipefail; a | b", []string{"set -o pipefail; sh -c \"a\" | b", "set -o pipefail; a | sh -c \"b\""}},
	{"sh-c", "echo \"$HOME\"", []string{"sh -c \"echo \\\"\\$HOME\\\"\""}},
	{"eval", "rm -rf ~", []string{"eval 'rm -rf ~'", "eval \"rm -rf ~\""}},
	{"eval", "cd / && rm -rf *", []string{"eval 'cd / && rm -rf *'", "eval 'cd /' && rm -rf *", "cd / && eval 'rm -rf *'", "eval \"cd / && rm -rf *\"", "eval \"cd /\" && rm -rf *", "cd / && eval \"rm -rf *\""}},
	{"cmd-subst", "rm -rf /", []string{"echo \"$(rm -rf /)\""}},
	{"cmd-subst", "( rm -rf / )", []string{"echo \"$( ( rm -rf / ))\""}},
	{"cmd-subst", "a; b", []string{"echo \"$(a; b)\"", "echo \"$(a)\"; b", "a; echo \"$(b)\""}},
	{"cmd-subst", "a | b", []string{"echo \"$(a | b)\""}},
	{"cmd-subst", "a &", nil},
	{"cmd-subst", "set -e; a; b", []string{"echo \"$(set -e; a; b)\""}},
	{"cmd-subst", "cd /; rm x", []string{"echo \"$(cd /; rm x)\"", "cd /; echo \"$(rm x)\""}},
	{"subshell", "rm -rf /", []string{"( rm -rf / )"}},
	{"subshell", "echo \"$(rm -rf /)\"", []string{"( echo \"$(rm -rf /)\" )", "echo \"$( ( rm -rf / ))\""}},
	{"subshell", "up() { cd ..; }; up && rm -rf build", []string{"( up() { cd ..; }; up && rm -rf build )", "up() { cd ..; }; up && ( rm -rf build )"}},
	{"subshell", "cd / && rm -rf *", []string{"( cd / && rm -rf * )", "cd / && ( rm -rf * )"}},
	{"braces", "rm -rf /", []string{"{ rm -rf /; }"}},
	{"braces", "a &", []string{"{ a & }"}},
	{"braces", "find . -exec rm {} \\;", []string{"{ find . -exec rm {} \\;; }"}},
	{"braces", "rm x # note", []string{"{ rm x # note\n}"}},
	{"function", "rm -rf /", []string{"_f() { rm -rf /; }\n_f"}},
	{"function", "cd / && rm -rf *", []string{"_f() { cd / && rm -rf *; }\n_f", "_f() { cd /; }\n_f && rm -rf *", "_f() { rm -rf *; }\ncd / && _f"}},
	{"function", "echo $1", nil},
	{"function", "local x=1", nil},
	{"function", "trap 'x' RETURN; rm y", nil},
	{"function", "_f; rm x", []string{"_f2() { _f; rm x; }\n_f2", "_f2() { _f; }\n_f2; rm x", "_f2() { rm x; }\n_f; _f2"}},
	{"if-true", "rm -rf /", []string{"if true; then rm -rf /; fi"}},
	{"if-true", "cat <<'EOF' | bash\nrm -rf /\nEOF", []string{"if true; then cat <<'EOF' | bash\nrm -rf /\nEOF\nfi", "cat <<'EOF' | if true; then bash; fi\nrm -rf /\nEOF"}},
	{"for-one", "rm -rf /", []string{"for _v in 1; do rm -rf /; done"}},
	{"for-one", "for i in a; do break; done", nil},
	{"heredoc", "rm -rf /", []string{"bash <<'EOF'\nrm -rf /\nEOF"}},
	{"heredoc", "a\nb", nil},
	{"heredoc", "xargs rm", nil},
	{"heredoc", "echo EOF", []string{"bash <<'EOF2'\necho EOF\nEOF2"}},
	{"heredoc", "echo x | bash", []string{"bash <<'EOF'\necho x | bash\nEOF"}},
	{"here-string", "rm -rf /", []string{"bash <<< 'rm -rf /'", "sh <<< 'rm -rf /'"}},
	{"here-string", "python3", nil},
	{"here-string", "echo \"$HOME\"", []string{"bash <<< 'echo \"$HOME\"'", "sh <<< 'echo \"$HOME\"'"}},
	{"cd-here", "cd - && rm x", nil},
	{"cd-here", "rm -rf x", []string{"cd . && rm -rf x", "cd \"$PWD\" && rm -rf x", "cd /home/user/project && rm -rf x", "cd ../project && rm -rf x", "cd ~/project && rm -rf x", "cd $HOME/project && rm -rf x"}},
	{"split-options", "rm -rf /", []string{"rm -r -f /"}},
	{"split-options", "git clean -fdx", []string{"git clean -f -d -x"}},
	{"split-options", "git commit -am msg", []string{"git commit -a -m msg"}},
	{"split-options", "tail -fn5 log", []string{"tail -f -n5 log"}},
	{"split-options", "chmod -x f", nil},
	{"split-options", "rm -rf -- -x", []string{"rm -r -f -- -x"}},
	{"combine-options", "rm -r -f /", []string{"rm -rf /"}},
	{"combine-options", "git commit -a -m msg", []string{"git commit -am msg"}},
	{"combine-options", "git commit -m msg -a", nil},
	{"combine-options", "ls -l -a -h", []string{"ls -la -h", "ls -l -ah"}},
	{"reorder-options", "rm -r -f /", []string{"rm -f -r /"}},
	{"reorder-options", "rm -f -i x", nil},
	{"reorder-options", "git push -f -u origin main", []string{"git push -u -f origin main"}},
	{"reorder-options", "curl -o a -s url", []string{"curl -s -o a url"}},
	{"reorder-options", "git commit -m msg -a", []string{"git commit -a -m msg"}},
	{"long-options", "rm -rf /", []string{"rm --recursive -f /", "rm -r --force /"}},
	{"long-options", "git push -fu origin", []string{"git push --force -u origin", "git push -f --set-upstream origin"}},
	{"long-options", "git commit -m msg", []string{"git commit --message msg"}},
	{"long-options", "git commit -mmsg", []string{"git commit --message=msg"}},
	{"long-options", "git checkout -t main", []string{"git checkout --track main"}},
	{"long-options", "git checkout -tdirect main", []string{"git checkout --track=direct main"}},
	{"long-options", "grep -e x -r .", []string{"grep --regexp x -r .", "grep -e x --recursive ."}},
	{"short-options", "rm --recursive --force /", []string{"rm -R --force /", "rm -r --force /", "rm --recursive -f /"}},
	{"short-options", "git push --force-with-lease", nil},
	{"short-options", "git commit --message=msg", []string{"git commit -mmsg"}},
	{"short-options", "git commit --message msg", []string{"git commit -m msg"}},
	{"short-options", "git push --no-verify", nil},
	{"short-options", "curl --output f url", []string{"curl -o f url"}},
	{"abbreviate-options", "rm --recursive --force /", []string{"rm --rec --force /", "rm --recu --force /", "rm --recur --force /", "rm --recurs --force /", "rm --recursi --force /", "rm --recursiv --force /", "rm --recursive --for /", "rm --recursive --forc /"}},
	{"abbreviate-options", "rm --no-preserve-root -rf /", nil},
	{"abbreviate-options", "cp --recursive a b", []string{"cp --rec a b", "cp --recu a b", "cp --recur a b", "cp --recurs a b", "cp --recursi a b", "cp --recursiv a b"}},
	{"abbreviate-options", "git push --force", nil},
	{"synonym-options", "rm -rf /", []string{"rm -Rf /"}},
	{"synonym-options", "git branch -D main", []string{"git branch -d -f main", "git branch -df main", "git branch --delete --force main"}},
	{"synonym-options", "cp -r a b", []string{"cp -R a b"}},
	{"dashdash", "rm -rf /", []string{"rm -rf -- /"}},
	{"dashdash", "rm x -rf", nil},
	{"dashdash", "rm -rf *", nil},
	{"dashdash", "git add x", []string{"git add -- x"}},
	{"dashdash", "git checkout main x", nil},
	{"dashdash", "rm -- x", nil},
	{"dashdash", "chmod -R 777 /", []string{"chmod -R -- 777 /"}},
	{"dashdash", "curl url", nil},
	{"dashdash", "cd -", nil},
	{"quote-program", "rm -rf /", []string{"'rm' -rf /", "\"rm\" -rf /", "\\rm -rf /", "r\\m -rf /", "r''m -rf /", "r'm' -rf /", "r\"\"m -rf /"}},
	{"quote-program", "if true; then ls; fi", []string{"if 'true'; then ls; fi", "if \"true\"; then ls; fi", "if \\true; then ls; fi", "if t\\rue; then ls; fi", "if t''rue; then ls; fi", "if t'rue'; then ls; fi", "if t\"\"rue; then ls; fi", "if true; then 'ls'; fi", "if true; then \"ls\"; fi", "if true; then \\ls; fi", "if true; then l\\s; fi", "if true; then l''s; fi", "if true; then l's'; fi", "if true; then l\"\"s; fi"}},
	{"quote-program", "alias ls=rm; ls", nil},
	{"quote-args", "rm -rf ~/x", []string{"rm '-rf' ~/x", "rm \"-rf\" ~/x", "rm \\-rf ~/x", "rm -\\rf ~/x", "rm -''rf ~/x", "rm -'rf' ~/x", "rm -\"\"rf ~/x"}},
	{"quote-args", "rm -rf *.txt", []string{"rm '-rf' *.txt", "rm \"-rf\" *.txt", "rm \\-rf *.txt", "rm -\\rf *.txt", "rm -''rf *.txt", "rm -'rf' *.txt", "rm -\"\"rf *.txt"}},
	{"quote-args", "git commit -m 'msg'", []string{"git 'commit' -m 'msg'", "git \"commit\" -m 'msg'", "git \\commit -m 'msg'", "git c\\ommit -m 'msg'", "git c''ommit -m 'msg'", "git c'ommit' -m 'msg'", "git c\"\"ommit -m 'msg'", "git commit '-m' 'msg'", "git commit \"-m\" 'msg'", "git commit \\-m 'msg'", "git commit -\\m 'msg'", "git commit -''m 'msg'", "git commit -'m' 'msg'", "git commit -\"\"m 'msg'"}},
	{"quote-args", "echo a=b", []string{"echo 'a=b'", "echo \"a=b\"", "echo \\a=b", "echo a\\=b", "echo a''=b", "echo a'=b'", "echo a\"\"=b"}},
	{"path-dot", "rm -rf x", []string{"rm -rf ./x"}},
	{"path-dot", "rm -rf ./x", []string{"rm -rf x"}},
	{"path-dot", "rm -rf ./-x", nil},
	{"path-dot", "rm -rf ../x", nil},
	{"path-dot", "rm -rf .", nil},
	{"path-dot", "cat x > out", []string{"cat ./x > out", "cat x > ./out"}},
	{"path-absolute", "rm -rf x", []string{"rm -rf /home/user/project/x"}},
	{"path-absolute", "rm -rf /home/user/project/x", []string{"rm -rf x", "rm -rf ./x"}},
	{"path-absolute", "rm -rf /home/user/project", nil},
	{"path-absolute", "cd /tmp && rm -rf x", nil},
	{"path-absolute", "git -C sub add x", nil},
	{"path-absolute", "rm -rf ../x", []string{"rm -rf /home/user/x"}},
	{"path-parent", "rm -rf x", []string{"rm -rf ../project/x"}},
	{"path-parent", "rm -rf /home/user/project", []string{"rm -rf ../project"}},
	{"path-parent", "rm -rf /etc/x", nil},
	{"path-home", "rm -rf ~", []string{"rm -rf $HOME", "rm -rf ${HOME}", "rm -rf \"$HOME\"", "rm -rf /home/user"}},
	{"path-home", "rm -rf ~/.ssh", []string{"rm -rf $HOME/.ssh", "rm -rf ${HOME}/.ssh", "rm -rf \"$HOME\"/.ssh", "rm -rf /home/user/.ssh"}},
	{"path-home", "rm -rf /home/user/.ssh", []string{"rm -rf ~/.ssh", "rm -rf $HOME/.ssh", "rm -rf ${HOME}/.ssh", "rm -rf \"$HOME\"/.ssh"}},
	{"path-home", "rm -rf x", []string{"rm -rf ~/project/x", "rm -rf $HOME/project/x", "rm -rf ${HOME}/project/x", "rm -rf \"$HOME\"/project/x"}},
	{"path-home", "HOME=/tmp; rm -rf ~/x", nil},
	{"path-slashes", "rm -rf /etc/x", []string{"rm -rf /./etc/x", "rm -rf /etc//x", "rm -rf /etc/./x"}},
	{"path-slashes", "rm -rf a/b/", []string{"rm -rf a//b/", "rm -rf a/./b/"}},
	{"path-slashes", "rm -rf ./a/b", []string{"rm -rf ./a//b", "rm -rf ./a/./b"}},
	{"path-slashes", "rm -rf /", nil},
}

func TestTransforms(t *testing.T) {
	t.Parallel()
	for _, tt := range transformCases {
		t.Run(tt.transform+"/"+tt.cmd, func(t *testing.T) {
			t.Parallel()
			c, err := variants.Parse(tt.cmd, variants.DefaultEnv)
			if err != nil {
				t.Fatal(err)
			}
			got := transform(t, tt.transform).Apply(c)
			if !slices.Equal(got, tt.want) {
				t.Errorf("%s of %q:\n got %q\nwant %q", tt.transform, tt.cmd, got, tt.want)
			}
			for _, v := range got {
				if _, err := variants.Parse(v, variants.DefaultEnv); err != nil {
					t.Errorf("%q does not parse: %v", v, err)
				}
			}
		})
	}
}

// TestEveryTransformTested checks that transformCases has a variant of
// every transform, and that names are unique.
func TestEveryTransformTested(t *testing.T) {
	t.Parallel()
	tested := map[string]bool{}
	for _, tt := range transformCases {
		tested[tt.transform] = tested[tt.transform] || len(tt.want) > 0
	}
	seen := map[string]bool{}
	for _, tr := range variants.Transforms() {
		if seen[tr.Name] {
			t.Errorf("two transforms named %q", tr.Name)
		}
		seen[tr.Name] = true
		if !tested[tr.Name] {
			t.Errorf("transform %q has no case in transformCases", tr.Name)
		}
	}
}
