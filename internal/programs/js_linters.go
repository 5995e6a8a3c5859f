package programs

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
	if c.HasAny("--noEmit|--noemit|--showConfig|--showconfig|--listFilesOnly|--listfilesonly") {
		cacheAt(fx, "tsconfig.tsbuildinfo", "tsc writes its build info when the project is incremental")
		return
	}
	fx.Change("tsc writes the compiled JavaScript and declarations")
}

var tscProgram = &Program{Names: []string{"tsc"}, Node: Node{Opts: tscOpts, Effects: tscEffects}}
