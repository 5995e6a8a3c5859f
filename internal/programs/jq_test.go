package programs_test

import "testing"

func TestJq(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"jq . f.json", "read f.json"},
		{"jq -r '.name' package.json", "read package.json"},
		{"jq '.[] | .id' a.json b.json", "read a.json; read b.json"},
		{"jq .", ""},
		{"jq -nr --indent 2 . f", "read f"},
		{"jq -cS --tab . f", "read f"},
		{"jq -e '.ok' -", ""},
		// A field named env is no read of the environment.
		{"jq .env package.json", "read package.json"},
		{"jq '.scripts.env' package.json", "read package.json"},
		{"jq -n env", "env"},
		{"jq -n 'env.HOME'", "env"},
		{"jq -n '$ENV.AWS_SECRET_ACCESS_KEY'", "env"},
		{"jq -n '$ENV | keys'", "env"},
		{"jq '\"\\(env.TOKEN)\"' f", "env; read f"},
		{"jq -n 'import \"secrets\" as $s; $s'", "unknown (the jq filter uses import, which reads files it names)"},
		{"jq -n -L / 'include \"root/.jq\"; .'", "unknown (the jq filter uses include, which reads files it names)"},
		{"jq -n '\"x\" | modulemeta'", "unknown (the jq filter uses modulemeta, which reads files it names)"},
		// --arg and friends take two words: a name, then a value or a file.
		{"jq --arg x y . f.json", "read f.json"},
		{"jq --argjson n 1 '.a + $n' f", "read f"},
		{"jq --rawfile k ~/.ssh/id_rsa -n '$k'", "read /h/.ssh/id_rsa"},
		{"jq --slurpfile s other.json . f", "read other.json; read f"},
		{"jq -f prog.jq in.json", "read prog.jq; read in.json"},
		{"jq --from-file prog.jq", "read prog.jq"},
		{"jq -f \"$F\" in.json", "read $F; unknown (the jq filter in $F may read the environment or files); read in.json"},
		{"jq -n --args '$ARGS' a b c", ""},
		{"jq -n '$ARGS' --jsonargs 1 2", ""},
		{"jq . a --args b c", "read a"},
		{"jq -- -x f", "read f"},
		{"jq \"$filter\" f", "unknown (the jq filter is only known at run time); read f"},
		{"jq --run-tests t", "unknown (the effect of --run-tests is not modelled)"},
		// jq takes no abbreviation of its long options.
		{"jq --raw . f", "unknown (the option --raw is not in the model of jq); read f"},
		{"jq -Z . f", "unknown (the option -Z is not in the model of jq); read f"},
		{"jq --help", ""},
		{"jq -h", ""},
	})
}

func TestYq(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"yq .a f.yml", "read f.yml"},
		{"yq '.key'", ""},
		{"yq -y . f.json", "read f.json"},
		{"yq e '.a' f.yml", "read f.yml"},
		{"yq eval-all '. as $i ireduce ({}; . * $i)' a.yml b.yml", "read a.yml; read b.yml"},
		{"yq -o json . f.yml", "read f.yml"},
		{"yq -P -I 4 . f.yml", "read f.yml"},
		// The Go yq reads its first operand as a file when one exists.
		{"yq config.yml", "read config.yml"},
		{"yq ~/.kube/config .", "read /h/.kube/config; read ."},
		{"yq -i '.a = 1' f.yml", "read f.yml; write f.yml"},
		{"yq --inplace '.a = 1' f.yml", "read f.yml; write f.yml"},
		{"yq --in-place -y .a f.yml", "read f.yml; write f.yml"},
		{"yq '.a | env(HOME)' f", "env; read f"},
		{"yq 'strenv(TOKEN)' f", "env; read strenv(TOKEN); read f"},
		{"yq -n '$ENV'", "env"},
		{"yq '.a = load(\"other.yml\")' f", "unknown (the yq filter uses load, which reads files it names); read f"},
		{"yq -s '.a' f", "change (yq -s writes a file for each document (the Go yq), or slurps (the Python yq)); read f"},
		{"yq --split-exp '.a' f", "change (yq -s writes a file for each document (the Go yq), or slurps (the Python yq)); read f"},
		{"yq --expression .a f.yml", "read f.yml"},
		{"yq --from-file x.yq f.yml", "read x.yq; read f.yml"},
		{"yq --rawfile k ~/.ssh/id_rsa -n '$k'", "read /h/.ssh/id_rsa"},
		{"yq shell-completion bash", ""},
		{"yq --version", ""},
	})
}
