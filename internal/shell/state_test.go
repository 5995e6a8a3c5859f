package shell

import (
	"slices"
	"testing"
)

// TestShellState: text bash evaluates a second time (arithmetic on a
// variable or a quoted string, subscripts of names handed to builtins,
// indirection, namerefs, prompts, mapfile -C, jobs -x) and variables
// that change what later commands run (PATH, HOME, IFS, BASH_CMDS,
// BASH_ALIASES, the unsafe environment), however they are set, are a
// problem unless the analysis proves them plain. Each unsafe command
// below ran touch under bash 5.2 or loads what the variable names.
func TestShellState(t *testing.T) {
	t.Parallel()
	unsafe := []string{
		// Arithmetic evaluates a variable's value, and a subscript in it.
		`x='a[$(touch pwn)]'; echo $(( x ))`,
		`x='a[$(touch pwn)]'; echo $((x+1))`,
		"x='a[`touch pwn`]'; echo $(( 1 + x ))",
		`x='a[$(touch pwn)]'; (( y = x ))`,
		`x='a[$(touch pwn)]'; y=x; echo $((y))`,
		`x='a[$(touch pwn)]'; [[ $x -eq 1 ]]`,
		`x='a[$(touch pwn)]'; [[ "$x" -gt 0 ]]`,
		`x='a[$(touch pwn)]'; head -n $((x)) README.md`,
		`x='a[$(touch pwn)]'; echo ${a[$x]}`,
		`x='a[$(touch pwn)]'; echo ${a[x]}`,
		`x='a[$(touch pwn)]'; echo ${s:x}`,
		`x='a[$(touch pwn)]'; let x`,
		`x='a[$(touch pwn)]'; declare -i y=x`,
		`x='a[$(touch pwn)]'; declare -i y; y=x`,
		`x='a[$(touch pwn)]'; typeset -i y=$x`,
		`f() { local -i y='a[$(touch pwn)]'; }; f`,
		`(( 'a[$(touch pwn)]' ))`,
		`(( "a[\$(touch pwn)]" ))`,
		`echo $(( 'a[$(touch pwn)]' ))`,
		`let 'a[$(touch pwn)]=1'`,
		`[[ 1 -eq 'a[$(touch pwn)]' ]]`,
		`[[ 1 -ne 'a[$(touch pwn)]' || 1 -lt 2 ]]`,
		`echo "${a['$(touch pwn)']}"`,
		`declare -a a=([$(touch pwn)]=1)`,
		`a[$(touch pwn)]=1`,
		`m[key]=1`,
		`f() { local -A m; }; f; m[$x]=1`,
		// A value not known is not known to be plain.
		`echo $((UNKNOWN_VAR + 1))`,
		`(( i++ ))`,
		`echo $(( $(cat n.txt) + 1 ))`,
		// Names handed to builtins.
		`[[ -v 'a[$(touch pwn)]' ]]`,
		`declare 'a[$(touch pwn)]=1'`,
		`readonly 'a[$(touch pwn)]=1'`,
		`export 'a[$(touch pwn)]=1'`,
		`declare -i x='a[$(touch pwn)]'`,
		`read 'a[$(touch pwn)]' <<< x`,
		`read -r -a 'a[$(touch pwn)]' <<< x`,
		`printf -v 'a[$(touch pwn)]' %s 1`,
		`x='a[$(touch pwn)]'; printf -v "$x" %s 1`,
		`unset 'a[$(touch pwn)]'`,
		`getopts a 'a[$(touch pwn)]'`,
		`wait -p 'a[$(touch pwn)]'`,
		`read "$name" <<< x`,
		// Indirection and namerefs.
		`y='x[$(touch pwn)]'; echo "${!y}"`,
		`echo "${!UNKNOWN_VAR}"`,
		`declare -n r='a[$(touch pwn)]'; r=1`,
		`local -n r=HOME`,
		`typeset -n r=PATH; r=.`,
		// Prompts.
		`x='$(touch pwn)'; echo "${x@P}"`,
		`echo "${UNKNOWN_VAR@P}"`,
		`PS4='$(touch pwn)'; set -x; ls`,
		`PS4='$(touch pwn)'; set -o xtrace; ls`,
		`set -x; PS4="\$(touch pwn)"; ls`,
		`declare PS4='$(touch pwn)'`,
		// Builtins that run a command.
		`jobs -x sh -c 'touch pwn'`,
		`jobs -lx cat .env`,
		`mapfile -C 'touch pwn' -c 1 x < README.md`,
		`mapfile -tC 'touch pwn' -c1 x < README.md`,
		`readarray -t -C 'touch pwn' -c 1 x < README.md`,
		`hash -p /bin/sh ls; ls -c 'touch pwn'`,
		`enable -f ./x.so x`,
		// State that changes what later commands run.
		`BASH_CMDS[ls]=/bin/sh; ls -c 'touch pwn'`,
		`BASH_CMDS=([ls]=./ls); ls`,
		`shopt -s expand_aliases; BASH_ALIASES[ls]='touch pwn'; ls`,
		`IFS=a; v=sha1sum; $v README.md`,
		`IFS=/ ; ls`,
		`read IFS <<< a; v=sha1sum; $v README.md`,
		`IFS=$(cat sep); ls`,
		`PATH=.:$PATH; ls`,
		`export PATH="$PWD/bin:$PATH"; ls`,
		`for HOME in .; do git status; done`,
		`read HOME <<< .; git status`,
		`HOME+=/../project; git status`,
		`export HOME=.; git status`,
		`typeset -x HOME=.; git status`,
		`readonly HOME=.; git status`,
		`declare "HOME=."; git status`,
		`local HOME=.`,
		`: "${HOME:=.}"`,
		`printf -v HOME %s .; git status`,
		`let "PATH = 1"; ls`,
		`(( PATH = 1 )); ls`,
		`set -a; GIT_CONFIG_GLOBAL=./gcg; git status`,
		`XDG_CONFIG_HOME=.; git status`,
		`select HOME in .; do git status; done`,
		`CDPATH=/etc; cd ssh`,
		// Variables set for code that runs in this shell.
		`HOME=. eval git status`,
		`f() { git status; }; HOME=. f`,
		`PYTHONUSERBASE=. source ./x.sh`,
	}
	plain := []string{
		`echo $((1+2))`,
		`echo $(( 16#ff + 0x10 + 2#101 ))`,
		`x=5; (( x > 3 )) && echo big`,
		`i=0; (( i++ ))`,
		`let x=1+2`,
		`let "y = 2 * 3"; echo $y`,
		`n=0; for f in a b c; do n=$((n+1)); done; echo $n`,
		`for ((i = 0; i < 3; i++)); do echo $((i * 2)); done`,
		`for i in 1 2 3; do echo $((i * 2)); done`,
		`i=0; while [[ $i -lt 3 ]]; do i=$((i+1)); done`,
		`[[ $# -eq 0 ]] && echo none`,
		`[ "$x" -eq 1 ] && echo one`,
		`echo $(( RANDOM % 10 ))`,
		`(( x = $(echo 1) )); echo $((x + 1))`,
		`declare -i n=3; n+=2; echo $n`,
		`arr=(a b); echo "${arr[0]}" "${arr[@]:1:2}" "${!arr[@]}" "${#arr[@]}"`,
		`echo ${!BASH*}`,
		`x=abc; echo ${x:1:2}`,
		`y=x; echo "${!y}"`,
		`x='plain'; echo "${x@P}"`,
		`echo "${x@Q}"`,
		`while read -r l; do echo "$l"; done < README.md`,
		`read -r -p "name: " name; echo $name`,
		`read -ra parts <<< "a b"`,
		`mapfile -t lines < README.md`,
		`printf -v out '%s' x; echo "$out"`,
		`getopts ab opt`,
		`unset x arr`,
		`export FOO=bar; echo $FOO`,
		`declare -a arr=(1 2)`,
		`IFS=$'\n'; for f in $(ls); do echo "$f"; done`,
		`IFS=, read -r a b <<< "1,2"`,
		`PS4='+ '; set -x; ls`,
		`set -x; ls`,
		`export PATH=/usr/bin:/bin; ls`,
		`: "${FOO:=bar}"`,
		`jobs -l`,
		`hash -r`,
		`HOME=. git status`, // a prefix: the policy judges it with the command
		// The subscripts of an associative array are strings.
		`declare -A m=([a]=1 [b]=2); for k in "${!m[@]}"; do echo "$k ${m[$k]}"; done`,
		`declare -A m; m[key]=1; echo ${m[key]}`,
		`declare -A a; echo "${a['$(touch pwn)']}"`,
		`unset -f my-func`,
	}
	hasState := func(a *Analysis) bool {
		return slices.ContainsFunc(a.Problems, func(p Problem) bool { return p.Kind == ProblemShellState })
	}
	for _, src := range unsafe {
		if a := Analyze(src, Options{Cwd: "/proj", Home: "/home/u"}); !hasState(a) {
			t.Errorf("Analyze(%q): no shell-state problem, want one (problems %v)", src, a.Problems)
		}
	}
	// A substitution in the subscript of an assignment runs: it is found.
	for _, src := range []string{`declare -A a; a[$(touch pwn)]=1`, `a[$(touch pwn)]=1`, "a[`touch pwn`]+=1",
		`declare a[$(touch pwn)]=1`, `declare -A a=([$(touch pwn)]=1)`} {
		a := Analyze(src, Options{Cwd: "/proj", Home: "/home/u"})
		if !slices.ContainsFunc(a.Commands, func(c *Command) bool { return c.Name == "touch" }) {
			t.Errorf("Analyze(%q) does not find touch", src)
		}
	}
	for _, src := range plain {
		if a := Analyze(src, Options{Cwd: "/proj", Home: "/home/u"}); len(a.Problems) > 0 {
			t.Errorf("Analyze(%q) problems: %v, want none", src, a.Problems)
		}
	}
}
