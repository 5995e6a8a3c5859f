package programs_test

import "testing"

func TestInterpreters(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"python3 -c 'print(1+1)'", ""},
		{"python3 -c 'import os; os.remove(\"x\")'", "exec python:\"import os; os.remove(\\\"x\\\")\""},
		{"python -P -m json.tool data.json", "read data.json"},
		{"python3 -Pm json.tool a.json out.json", "read a.json; write out.json"},
		{"python -I -m platform", ""},
		{"python3 -IPm this", ""},
		// Without -P the folder the call runs in comes first on the
		// module path: ./json/__init__.py or ./argparse.py would run.
		{"python -m json.tool data.json", `exec python:""`},
		{"python3 -m calendar", `exec python:""`},
		{"python3 -mplatform", `exec python:""`},
		{"python3 -E -s -m this", `exec python:""`},
		{"python -m http.server", "exec python:\"\""},
		{"python3 script.py", "exec python:\"\""},
		{"python3 --version", ""},
		{"python3 -X importtime -c 'print(1)'", "unknown (the effect of -X is not modelled); exec python:\"\""},
		{"node -e 'console.log(1)'", ""},
		{"node -r ./hook.js -e 'console.log(1)'", "unknown (-r runs code the model does not read); exec javascript:\"\""},
		{"node --check app.js", "read app.js"},
		{"node app.js", "exec javascript:\"\""},
		{"perl -e 'print 1'", "exec perl:\"print 1\""},
		{"perl -i -pe 's/a/b/' f", "read f; write f; exec perl:\"s/a/b/\""},
		{"sh -c 'ls'", "exec found"},
		{"bash -n script.sh", "read script.sh"},
		{"bash script.sh", "exec sh:\"\""},
		{"bash -i -c ls", "unknown (the effect of -i is not modelled); exec found"},
		{"bash --rcfile x -c ls", "unknown (--rcfile runs code the model does not read); exec found"},
		{"fish -c 'ls'", "exec found"},
		{"source ./env.sh", "read ./env.sh; exec sh:\"\""},
		{"cd /tmp", "stat /tmp"},
		{"export FOO=1", ""},
		{"history -c", "change (-c)"},
		{"history", ""},
		{"command -v git", ""},
		{"type -a ls", ""},
	})
}
