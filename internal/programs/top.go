package programs

import "github.com/agentgov/governance/internal/shell"

// Process monitors. top prints the process table (in batch mode, or
// until it is stopped); its interactive keys can signal processes and
// write its settings, but they need a terminal, and without one top only
// prints. htop and btop are terminal programs that write their settings
// when they exit; glances also writes a log, asks PyPI for a newer
// version, and can export, serve or run the actions of its configuration.

// top's options are procps's and macOS's. Where the two disagree on
// whether a letter takes a value (-c, -d, -e, -i, -O, -s, -u), the model
// reads a value only when attached: a separate one is an operand, which
// top ignores.
var topProgram = &Program{Names: []string{"top"}, Caches: []string{"~/.config/procps"}, SingleDash: true, Node: Node{Opts: `
-1 --single-cpu-toggle
-a                 # macOS: accumulative mode
-b --batch --batch-mode
-c[=MODE] --cmdline-toggle
-d[=DELAY] --delay[=DELAY]
-E --scale-summary-mem=SCALE
-e[=SCALE] --scale-task-mem[=SCALE]
-F                 # macOS
-f                 # macOS
-H --threads-show
-i[=INTERVAL] --idle-toggle
-l=SAMPLES         # macOS
-n --iterations=NUMBER
-ncols=COLUMNS     # macOS
-O[=KEY] --list-fields
-o --sort-override=FIELD
-p --pid=PIDS
-R                 # macOS
-r                 # macOS
-S --accum-time-toggle
-s[=DELAY] --secure-mode
-stats=KEYS        # macOS
-U --filter-any-user=USER
-u[=USER] --filter-only-euser[=USER]
-user=USER         # macOS
-w[=COLUMNS] --width[=COLUMNS]
-h --help     help
-V --version  help
`, Effects: printsOnly}}

// htop writes its settings to ~/.config/htop/htoprc when it exits.
var htopProgram = &Program{Names: []string{"htop"}, Node: Node{Opts: `
-C --no-color
-d --delay=DELAY
--drop-capabilities[=MODE]
-F --filter=FILTER
-H --highlight-changes[=DELAY]
-M --no-mouse
-n --max-iterations=NUMBER
-p --pid=PIDS
--readonly
-s --sort-key=COLUMN
-t --tree
-u --user[=USER]
-U --no-unicode
-h --help     help
-V --version  help
`, Effects: func(c *Call, fx *Effects) {
	fx.Cache(shell.Arg{Value: "~/.config/htop/htoprc"}, "htop saves its settings when it exits")
}}}

// btop writes its configuration when it exits: ~/.config/btop/btop.conf,
// or the file of -c; and its log. (+t, its tty mode off, is an operand
// to the model.)
var btopProgram = &Program{Names: []string{"btop"}, SingleDash: true, Node: Node{Opts: `
-c --config=FILE   write
-d --debug
--default-config
-f --filter=FILTER
-lc -l --low-color
-p --preset=ID
-t --tty_on --tty
--no-tty --tty_off
--themes-dir=DIR
-u --update=MILLISECONDS
--utf-force --force-utf
-h --help     help
-v -V --version  help
`, Effects: func(c *Call, fx *Effects) {
	if c.Has("--default-config") {
		// It prints the default configuration and exits.
		return
	}
	fx.Cache(shell.Arg{Value: "~/.config/btop"}, "btop saves its configuration and log")
}}}

// glances: -C loads a configuration whose actions are commands; the
// export options write files or send the readings to a database; -s, -w
// and -c serve or connect; --open-web-browser runs a browser.
var glancesProgram = &Program{Names: []string{"glances"}, Node: Node{Opts: `
-0 --disable-irix
-1 --percpu
-2 --disable-left-sidebar
-3 --disable-quicklook
-4 --full-quicklook
-5 --disable-top
-6 --meangpu
-b --byte
-B --bind=ADDRESS
-c --client=HOST           net
-C --config=FILE           code
-d --debug
--disable-autodiscover
--disable-bg
--disable-bold
--disable-check-update
--disable-history
--disable-plugin --disable-plugins=PLUGINS
--disable-process
--disable-unicode
--disable-webui
--enable-plugin --enable-plugins=PLUGINS
--enable-irq
--enable-process-extended
--export=MODULES           unknown
--export-csv-file=FILE     write
--export-csv-overwrite
--export-json-file=FILE    write
--export-graph-path=DIR    write
--export-process-filter=FILTER
--fahrenheit
--fetch
--fs-free-space
--hide-kernel-threads
--issue
--modules-list --module-list
--open-web-browser         exec
-p --port=PORT
--password                 unknown
--process-filter=FILTER
--process-short-name
-s --server                change
--stdout=PLUGINS
--stdout-csv=PLUGINS
--stdout-json=PLUGINS
--stop-after=NUMBER
--strftime=FORMAT
-t --time=SECONDS
--theme-white
--tree
-u --username=USER
-w --webserver             change
-h --help      help
-V --version   help
`, Effects: func(c *Call, fx *Effects) {
	fx.Cache(shell.Arg{Value: "~/.local/share/glances"}, "glances writes its log")
	if !c.Has("--disable-check-update") {
		fx.Network("pypi.org")
	}
}}}
