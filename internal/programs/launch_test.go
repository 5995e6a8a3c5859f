package programs

import (
	"slices"
	"strings"
	"testing"
)

// TestLaunchAgreesWithGrammar: a program known both for what it runs and
// for what it does alone has one view of its options: an option the
// judged model reads with a value is one the launch reads with a value,
// and one it reads as a flag is not (a launch that took a flag's next
// word as its value would take the command for it, or the command's
// first word for the value).
func TestLaunchAgreesWithGrammar(t *testing.T) {
	t.Parallel()
	checked := 0
	for _, e := range registry {
		p := *e.prog
		if p.wraps == nil || p.Opts == "" || e.name != p.Names[0] {
			continue
		}
		checked++
		g, err := parseGrammar(p.Opts)
		if err != nil {
			t.Fatalf("%s: %v", e.name, err)
		}
		for _, o := range g.opts {
			judged := o.Arity == Required
			for _, name := range o.Names {
				var launched bool
				switch {
				case strings.HasPrefix(name, "--"):
					launched = slices.Contains(p.wraps.long, name[2:])
				case len(name) == 2:
					launched = strings.IndexByte(p.wraps.short, name[1]) >= 0
				default:
					continue
				}
				if launched != judged {
					t.Errorf("%s %s: the launch reads it with a value: %v; the model: %v", e.name, name, launched, judged)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no program has both a launch and options")
	}
}
