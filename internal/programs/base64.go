package programs

import (
	"encoding/base64"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// base64, base32 and basenc encode or decode the file they read (or their
// input) to standard output. macOS base64 names its files with -i and
// -o; FreeBSD's, and John Walker's base64 (-e, -n), take an output file
// as a second operand.

// base64Opts are GNU's options with the BSD spellings. GNU's -i (ignore
// garbage) is a flag; on macOS -i names the input, which is then read as
// an operand, as it should be.
const base64Opts = `
-d -D --decode
-i --ignore-garbage
-w --wrap=COLS
-b --break=COLS
--input=FILE         read
-o --output=FILE
-h                   help
-e --encode
-n --noerrcheck
-u
--copyright          help
` + gnuHelp

var base64Program = &Program{Names: []string{"base64"}, Fold: foldBase64, Node: Node{Opts: base64Opts, Effects: encodeEffects}}

// foldBase64: base64 -d prints the bytes the known text of its input
// encodes.
func foldBase64(c *shell.Simple, _ shell.Machine) (string, bool) {
	if !c.StdinKnown || len(c.Args) != 2 {
		return "", false
	}
	switch c.Args[1].Value {
	case "-d", "-D", "--decode":
		b, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(c.Stdin), ""))
		if err != nil {
			return "", false
		}
		return string(b), true
	}
	return "", false
}

var base32Program = &Program{Names: []string{"base32"}, Node: Node{Opts: base64Opts, Effects: encodeEffects}}

var basencProgram = &Program{Names: []string{"basenc"}, Node: Node{Opts: base64Opts + `
--base64
--base64url
--base32
--base32hex
--base16
--base2msbf
--base2lsbf
--z85
`, Effects: encodeEffects}}

func encodeEffects(c *Call, fx *Effects) {
	for _, v := range c.ValueArgs("-o|--output") {
		writeUnlessNotFile(fx, v, c.Name+" -o writes its output there")
	}
	args := c.Args()
	if len(args) > 0 && !(args[0].Value == "-" && !args[0].Dynamic) {
		fx.Read(args[0])
	}
	for _, a := range operandsAfter(c, 1) {
		writeUnlessNotFile(fx, a, c.Name+" writes a second operand on BSD")
	}
}
