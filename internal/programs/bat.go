package programs

// bat prints the files it reads with syntax highlighting. It sends its
// output through a pager when the output is a terminal, and always with
// --paging=always; --pager, BAT_PAGER and PAGER name the pager, and its
// configuration file (BAT_CONFIG_PATH, or under XDG_CONFIG_HOME or HOME)
// may hold any option, --pager among them. bat cache --build and --clear
// write and delete its cache of themes and syntaxes.

// batOpts are bat's options (0.24).
const batOpts = `
-A --show-all
--nonprintable-notation=NOTATION
--binary=BEHAVIOR
-p --plain
-l --language=LANGUAGE
-H --highlight-line=RANGE
--file-name=NAME
-d --diff
--diff-context=N
--tabs=T
--wrap=MODE
-S --chop-long-lines
--terminal-width=WIDTH
-n --number
--color=WHEN
--italic-text=WHEN
--decorations=WHEN
-f --force-colorization
--paging=WHEN
--pager=COMMAND                filter
-m --map-syntax=MAPPING
--ignored-suffix=SUFFIX
--theme=THEME
--theme-light=THEME
--theme-dark=THEME
--list-themes
-s --squeeze-blank
--squeeze-limit=N
--strip-ansi=WHEN
--style=COMPONENTS
-r --line-range=RANGE
-L --list-languages
-u --unbuffered
--completion=SHELL
--diagnostic
--acknowledgements
--set-terminal-title
--no-config
--no-custom-assets
--no-paging
--config-file
--config-dir
--cache-dir
--generate-config-file         write
-h --help                      help
-V --version                   help
`

var batProgram = &Program{Names: []string{"bat", "batcat"}, Node: Node{Opts: batOpts, Operands: true, Effects: batEffects,
	Subs: []*Sub{{Name: "cache", Node: &Node{Opts: `
-b --build
-c --clear
--source=DIR
--target=DIR
--blank
--acknowledgements
-h --help          help
`, Effects: func(c *Call, fx *Effects) {
		if c.HasAny("--build|--clear") {
			fx.Change("bat cache rebuilds or clears bat's cache of themes and syntaxes")
		}
	}}}}}}

func batEffects(c *Call, fx *Effects) {
	envOptions(c, fx, "BAT_PAGER")
	if !c.Has("--no-config") {
		envOptions(c, fx, "BAT_CONFIG_PATH", "BAT_CONFIG_DIR", "XDG_CONFIG_HOME", "HOME")
	}
	for _, v := range c.ValueArgs("--paging") {
		if v.Dynamic || v.Value == "always" {
			fx.Exec("sh", "", "bat --paging=always runs a pager")
		}
	}
	if c.HasAny("--list-themes|--list-languages|--config-file|--config-dir|--cache-dir|--diagnostic|--acknowledgements|--completion") {
		return
	}
	readOperands(c, fx)
}
