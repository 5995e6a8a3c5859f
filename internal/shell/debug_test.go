package shell

import (
	"fmt"
	"os"
	"testing"
)

func TestDebugPrint(t *testing.T) {
	src := os.Getenv("SH")
	if src == "" {
		t.Skip()
	}
	a := Analyze(src, Options{Cwd: "/proj", Home: "/home/u"})
	for _, c := range a.Commands {
		fmt.Printf("%q name=%q wr=%v priv=%v cwd=%q origin=%q in=%v stdin=%d code=%q redirs=%v\n", c.Words(), c.Name, c.Wrappers, c.Privileged, c.Cwd, c.Origin, c.InputFrom, c.Stdin.Kind, c.Code, c.Redirects)
	}
	fmt.Println("problems:", a.Problems)
}
