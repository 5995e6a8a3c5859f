package programs

import (
	"bytes"
	"encoding/json"
	"strings"
)

// JavaScript and TypeScript linters and compilers. eslint's configuration
// (eslint.config.js) is JavaScript and loads plugins, and prettier's may
// be (prettier.config.js, a shared configuration package, plugins): a call
// of either runs project code. tsc reads tsconfig.json (JSON): with
// --noEmit, --showConfig or --listFilesOnly it only reads, writing at most
// its build info when the project is incremental.

var eslintProgram = &Program{Names: []string{"eslint"}, Node: Node{Loose: true, Effects: func(c *Call, fx *Effects) {
	runsProject(c, fx, "eslint loads the project's configuration and plugins, which are JavaScript")
}, Opts: `
-h --help                        help
-v --version                     help
-c --config=FILE                 read
--fix                            change
--fix-dry-run
--fix-type=TYPES
-o --output-file=FILE            write
--cache-location=PATH            write
--init                           change
--rulesdir=DIR                   code
--plugin=PLUGIN                  code
--resolve-plugins-relative-to=DIR
--env-info
--print-config=FILE              read
--stdin
--stdin-filename=NAME
-f --format=FORMAT
`}}

var prettierProgram = &Program{Names: []string{"prettier"}, Node: Node{Loose: true, Effects: func(c *Call, fx *Effects) {
	runsProject(c, fx, "prettier loads the project's configuration and plugins, which may be JavaScript")
}, Opts: `
-h --help[=FLAG]                 help
-v --version                     help
-w --write                       change
-c --check
-l --list-different
-u --ignore-unknown
--config=FILE                    read
--plugin=PLUGIN                  code
--cache-location=PATH            write
`}}

// tscOpts are the TypeScript compiler's options that the model reads;
// tsc also takes "true" or "false" after a flag, which the Effects
// refuses to guess about.
const tscOpts = `
-h --help                        help
-v --version                     help
--all                            help
--noEmit --noemit
--showConfig --showconfig
--listFilesOnly --listfilesonly
-p --project=PATH                read
-b --build                       change
--init                           change
-w --watch
--pretty
--strict
--skipLibCheck --skiplibcheck
--incremental
--composite
--tsBuildInfoFile=FILE           write
--target=TARGET
--module=KIND
--moduleResolution=KIND
--lib=LIBS
--jsx=MODE
--types=TYPES
--typeRoots=DIRS
--allowJs
--checkJs
--esModuleInterop
--allowSyntheticDefaultImports
--resolveJsonModule
--isolatedModules
--verbatimModuleSyntax
--noUnusedLocals
--noUnusedParameters
--noImplicitAny
--noImplicitReturns
--noImplicitOverride
--noImplicitThis
--noFallthroughCasesInSwitch
--noUncheckedIndexedAccess
--noPropertyAccessFromIndexSignature
--strictNullChecks
--strictFunctionTypes
--strictBindCallApply
--strictPropertyInitialization
--exactOptionalPropertyTypes
--useUnknownInCatchVariables
--alwaysStrict
--forceConsistentCasingInFileNames
--baseUrl=DIR
--rootDir=DIR
--rootDirs=DIRS
--outDir=DIR                     write
--outFile=FILE                   write
--declarationDir=DIR             write
-d --declaration
--declarationMap
--emitDeclarationOnly
--sourceMap
--inlineSourceMap
--removeComments
--noErrorTruncation
--extendedDiagnostics
--diagnostics
--listFiles
--listEmittedFiles
--explainFiles
--traceResolution
--generateTrace=DIR              write
--generateCpuProfile=FILE        write
--locale=LOCALE
--maxNodeModuleJsDepth=N
--preserveWatchOutput
--erasableSyntaxOnly
--libReplacement
`

// tscEffects: the compiler reads the project (tsconfig.json or the files
// it is given) and writes JavaScript unless --noEmit; --showConfig and
// --listFilesOnly print.
func tscEffects(c *Call, fx *Effects) {
	if isOperand(c, "true|false") {
		fx.Unknown("tsc reads true or false after a flag as its value")
		return
	}
	readOperands(c, fx)
	if c.HasAny("--showConfig|--showconfig") || c.HasAny("--listFilesOnly|--listfilesonly") {
		return
	}
	if c.HasAny("--noEmit|--noemit") {
		cacheAt(fx, "tsconfig.tsbuildinfo", "tsc writes its build info when the project is incremental")
		tscConfig(c, fx)
		return
	}
	fx.Change("tsc writes the compiled JavaScript and declarations")
}

// tscConfig: the project's tsconfig.json (the one -p names, or the
// nearest one up from the folder tsc runs in) decides where tsc writes
// its build info even with --noEmit: tsBuildInfoFile, or next to outDir
// and its kin; extends brings in another file's settings.
func tscConfig(c *Call, fx *Effects) {
	if len(c.Args()) > 0 {
		// Files given on the command line: tsc reads no tsconfig.json.
		return
	}
	e := Effect{Op: Unknown, IfPresent: "tsconfig.json", Upward: true, Harmless: tsconfigHarmless,
		Why: "the project's tsconfig.json may set where tsc writes (outDir, tsBuildInfoFile, declarationDir)"}
	if p, ok := c.Value("-p|--project"); ok {
		e.IfPresent, e.Upward = p, false
		if !strings.HasSuffix(p, ".json") {
			e.IfPresent = strings.TrimSuffix(p, "/") + "/tsconfig.json"
		}
	}
	fx.Add(e)
}

// tsconfigHarmless reports a tsconfig.json (JSON with comments and
// trailing commas) that extends no other file and sets no folder or file
// that tsc writes to. tsc reads the names of its options in any case.
func tsconfigHarmless(content []byte) bool {
	var config map[string]json.RawMessage
	if json.Unmarshal(plainJSON(content), &config) != nil {
		return false
	}
	var options map[string]json.RawMessage
	for k, v := range config {
		switch strings.ToLower(k) {
		case "extends":
			return false
		case "compileroptions":
			if json.Unmarshal(v, &options) != nil {
				return false
			}
		}
	}
	for k := range options {
		switch strings.ToLower(k) {
		case "outdir", "outfile", "out", "tsbuildinfofile", "declarationdir", "generatecpuprofile", "generatetrace":
			return false
		}
	}
	return true
}

// plainJSON turns JSON with comments and trailing commas (tsconfig.json,
// VS Code's settings) into JSON: comments become spaces and a comma
// before a closing bracket goes.
func plainJSON(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			j := i + 1
			for j < len(b) && b[j] != '"' {
				if b[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j, len(b)-1)
			out = append(out, b[i:j+1]...)
			i = j
		case c == '/' && i+1 < len(b) && b[i+1] == '/':
			for i < len(b) && b[i] != '\n' {
				i++
			}
			out = append(out, '\n')
		case c == '/' && i+1 < len(b) && b[i+1] == '*':
			end := bytes.Index(b[i+2:], []byte("*/"))
			if end < 0 {
				return nil
			}
			i += end + 3
			out = append(out, ' ')
		case c == ']' || c == '}':
			k := len(out) - 1
			for k >= 0 && (out[k] == ' ' || out[k] == '\t' || out[k] == '\n' || out[k] == '\r') {
				k--
			}
			if k >= 0 && out[k] == ',' {
				out[k] = ' '
			}
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return out
}

var tscProgram = &Program{Names: []string{"tsc"}, Node: Node{Opts: tscOpts, Effects: tscEffects}}
