package programs

// hadolint reads the Dockerfiles it is given and prints the rules they
// break. Its configuration (.hadolint.yaml, -c) holds only rule settings.

var hadolintProgram = &Program{Names: []string{"hadolint"}, Node: Node{Opts: `
-c --config=FILE       read
-f --format=FORMAT
--no-fail
--no-color
--strict-labels
--disable-ignore-pragma
-t --failure-threshold=THRESHOLD
--file-path-in-report=PATH
--error=RULE
--warning=RULE
--info=RULE
--style=RULE
--ignore=RULE
--trusted-registry=REGISTRY
--require-label=LABEL
-V --version           help
-h --help              help
`, Effects: readsFiles}}
