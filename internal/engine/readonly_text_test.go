package engine_test

import "testing"

// TestStatOfSensitiveFile: a look at the name or metadata of an account
// file or a device reveals nothing of what it holds; reading it does.
func TestStatOfSensitiveFile(t *testing.T) {
	t.Parallel()
	checkReadOnly(t, []readOnlyCase{
		{"find /etc/passwd -newer /etc/hostname", true},
		{"find /dev/null", true},
		{"cat /etc/passwd", false},
		{"cat /dev/sda", false},
	})
}

// TestTextUtilitiesReadOnly: the everyday forms of the text and file
// utilities stay allowed; the forms that write, run a program, change the
// clock or read the environment are not.
func TestTextUtilitiesReadOnly(t *testing.T) {
	t.Parallel()
	checkReadOnly(t, []readOnlyCase{
		{"ls -la", true},
		{"ls -lhR src", true},
		{"eza -la --git", true},
		{"grep -rn foo src", true},
		{"grep -rn --include='*.go' TODO .", true},
		{"rg -n 'func main' --type go", true},
		{"rg --files | head -50", true},
		{"ag TODO src", true},
		{"head -n 20 README.md", true},
		{"tail -n 100 app.log", true},
		{"wc -l src/*.go", true},
		{"cut -d, -f2 data.csv | sort | uniq -c | sort -rn", true},
		{"sort -t, -k2n data.csv", true},
		{"diff -u a.txt b.txt", true},
		{"diff -r old new", true},
		{"cmp a.bin b.bin", true},
		{"jq . package.json", true},
		{"jq -r '.dependencies | keys[]' package.json", true},
		{"cat data.json | jq '.items[] | .name'", true},
		{"yq '.services' docker-compose.yml", true},
		{"tree -L 2", true},
		{"tree -a -I node_modules src", true},
		{"du -sh *", true},
		{"df -h", true},
		{"stat -c %s file.txt", true},
		{"file build/app", true},
		{"md5sum a b", true},
		{"sha256sum -c SHA256SUMS", true},
		{"base64 -d blob.b64", true},
		{"xxd -l 64 app.bin", true},
		{"od -An -tx1 -N16 app.bin", true},
		{"strings -n 8 app.bin | head", true},
		{"realpath ../x", true},
		{"basename $PWD", true},
		{"dirname src/a/b.go", true},
		{"echo hello", true},
		{"printf '%s\\n' a b", true},
		{"seq 1 10", true},
		{"date +%Y-%m-%d", true},
		{"test -f go.mod && echo yes", true},
		{"[ -d src ] || echo no", true},
		{"which go", true},
		{"type -a python3", true},
		{"man -k socket", true},
		{"bat -p README.md", true},
		{"less README.md", true},
		{"fd -e go", true},
		{"fd -t f -x wc -l", true},
		{"locate libssl", true},
		{"zcat logs/app.log.1.gz | tail", true},
		{"sleep 1", true},
		// Writes, programs run, the clock, the environment.
		{"sort -o out.txt in.txt", false},
		{"sort --compress-program=sh in.txt", false},
		{"sort --compr sh in.txt", false},
		{"tee out.txt", false},
		{"uniq in.txt out.txt", false},
		{"tree -o listing.txt", false},
		{"tree -Lo 1 notes.txt", false},
		{"xxd -r dump.hex", false},
		{"base64 -o out.bin in.txt", false},
		{"date -s '2020-01-01'", false},
		{"date 010100002020", false},
		{"rg --pre sh foo", false},
		{"rg --hostname-bin=./x foo", false},
		{"rg -z foo", false},
		{"RIPGREP_CONFIG_PATH=./rc rg foo", false},
		{"x=--pre=sh; rg \"$x\" foo .", false},
		{"ag --pager 'sh -c id' foo", true},
		{"ag --pager 'sh -c ./x' foo", false},
		{"ack --pager='sh -c id' foo", true},
		{"ack --pager='sh -c ./x' foo", false},
		{"bat --pager 'sh -c id' README.md", true},
		{"bat --pager 'sh -c ./x' README.md", false},
		{"less +'!id' README.md", false},
		{"less -o log.txt README.md", false},
		{"LESS=-olog.txt less README.md", false},
		{"man -P 'sh -c id' ls", true},
		{"man -P 'sh -c ./x' ls", false},
		{"man -H ls", false},
		{"info -o out.txt coreutils", false},
		{"diff3 --diff-program=./x a b c", false},
		{"vimdiff a b", false},
		{"jq -n env", false},
		{"jq -n '$ENV.AWS_SECRET_ACCESS_KEY'", false},
		{"jq -n 'import \"x\" as $x; $x'", false},
		{"yq -i '.a = 1' f.yml", false},
		{"printf -v PATH %s /tmp/x", false},
		{"test -v 'a[$(id)]'", false},
		{"fd -x chmod +x", false},
		{"lz4cat --rm a.lz4", false},
		{"file -C -m magic", false},
	})
}

// TestTextUtilitiesSecrets: what a reader of a secret gives. A recursive
// search reads what the folder holds: the rules judge the folder by its
// name (~/.ssh is a secret; ~/.aws as a folder is not named by them, so
// grep -r x ~/.aws is not refused by a secrets rule).
func TestTextUtilitiesSecrets(t *testing.T) {
	t.Parallel()
	checkFamily(t, []familyCase{
		{"grep KEY .env", deny, "secrets-env-files"},
		{"grep -r x ~/.ssh", deny, "secrets-private-keys"},
		{"rg x ~/.ssh", deny, "secrets-private-keys"},
		{"head -1 ~/.ssh/id_rsa", deny, "secrets-private-keys"},
		{"jq . ~/.docker/config.json", deny, "secrets-credentials"},
		{"jq --rawfile k ~/.ssh/id_rsa -n '$k'", deny, "secrets-private-keys"},
		{"yq . ~/.kube/config", deny, "secrets-credentials"},
		{"yq ~/.kube/config", deny, "secrets-credentials"},
		{"fmt -p ~/.ssh/id_rsa", deny, "secrets-private-keys"},
		{"grep -f ~/.ssh/id_rsa x", deny, "secrets-private-keys"},
		{"xxd ~/.ssh/id_ed25519", deny, "secrets-private-keys"},
		{"bat .env", deny, "secrets-env-files"},
		{"less .env", deny, "secrets-env-files"},
		{"grep -r x ~/.aws", allow, ""},
	})
}
