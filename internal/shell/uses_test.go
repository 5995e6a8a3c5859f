package shell

import (
	"slices"
	"testing"
)

// TestUsesOfTestsAndArithmetic: the values [[ ]], (( )), let and case
// compare or compute with are the Uses of the command that stands for
// them; a test of presence uses none.
func TestUsesOfTestsAndArithmetic(t *testing.T) {
	t.Parallel()
	tests := []struct {
		src  string
		want []string
	}{
		{`[[ $T == g* ]]`, []string{"$T"}},
		{`[[ ghp_* == "$T" ]]`, []string{"$T"}},
		{`[[ ${T:0:1} == g ]]`, []string{"${T:0:1}"}},
		{`[[ $T =~ ^A ]]`, []string{"$T"}},
		{`[[ $T < b ]]`, []string{"$T"}},
		{`[[ ${#T} -gt 3 ]]`, []string{"${#T}"}},
		{`[[ T -gt 3 ]]`, []string{"$T"}},
		{`[[ -f $T ]]`, []string{"$T"}},
		{`[[ -n $A && $T == x ]]`, []string{"$T"}},
		{`[[ ! ( $T != x ) ]]`, []string{"$T"}},
		{`[[ $(echo $T) == x ]]`, nil},
		{`(( ${#T} > 3 ))`, []string{"${#T}"}},
		{`(( T > 3 ))`, []string{"$T"}},
		{`let n=${#T}`, []string{"$n", "${#T}"}},
		{`for ((i=0; i<${#T}; i++)); do :; done`, []string{"$i", "$i", "${#T}", "$i"}},
		{`case $T in g*) ;; esac`, []string{"$T"}},
		{`case x in "$T"*) ;; esac`, []string{"$T"}},
		{`case ${T:0:1} in g) ;; esac`, []string{"${T:0:1}"}},
		// Presence: whether the variable is set.
		{`[[ -n $T ]]`, nil},
		{`[[ -z "$T" ]]`, nil},
		{`[[ $T ]]`, nil},
		{`[[ ! -v T ]]`, nil},
		{`[[ -n $T || -z $U ]]`, nil},
		{`[[ $T == "" ]]`, nil},
		{`[[ '' != $T ]]`, nil},
		{`[[ $T == "$E" ]]`, []string{"$T", "$E"}},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			t.Parallel()
			a := Analyze(tt.src, Options{})
			var got []string
			for _, c := range a.Commands {
				for _, u := range c.Uses {
					got = append(got, u.Value)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Analyze(%q): uses %q, want %q", tt.src, got, tt.want)
			}
		})
	}
}
