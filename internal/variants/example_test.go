package variants_test

import (
	"fmt"

	"github.com/agentgov/governance/internal/variants"
)

// A labelled command's variants, and one transform's.
func ExampleGenerator_Generate() {
	g := &variants.Generator{PerCase: 3, MaxSteps: 2, Seed: 1}
	vs, err := g.Generate(variants.Case{Cmd: "rm -rf build", Assert: variants.Allow})
	if err != nil {
		panic(err)
	}
	for _, v := range vs {
		fmt.Printf("%s: %s\n", v.Assert, v.Cmd)
	}

	c, _ := variants.Parse("git branch -D main", variants.DefaultEnv)
	for _, tr := range variants.Transforms() {
		if tr.Name == "synonym-options" {
			fmt.Println(tr.Apply(c))
		}
	}
	// Output:
	// not-deny: sh -c "rm -rf \"\$HOME\"/project/build"
	// allow: ( rm -rf build )
	// allow: { rm -rf b'uild'; }
	// [git branch -d -f main git branch -df main git branch --delete --force main]
}
