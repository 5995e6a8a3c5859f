package programs

import (
	"path"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// tar lists (-t), compares (-d), extracts (-x), creates (-c) and changes
// (-r, -u, -A, --delete) archives. The options of GNU tar are listed, with
// those of bsdtar (macOS) that GNU tar does not have. Listing reads the
// archive; extracting writes anything under its destination (-C, or the
// current folder; anywhere with -P); creating reads its operands and writes
// the archive. Some options run programs: --to-command, a compressor that
// is not one (-I), --checkpoint-action=exec=, --info-script and the remote
// shell of an archive on another host (-f host:file).

var tarProgram = &Program{Names: []string{"tar", "gtar", "bsdtar"}, Parse: parseTar, Node: Node{Opts: `
-A --catenate --concatenate
-c --create
--delete
-d --diff --compare
-r --append
--test-label
-t --list
-u --update
-x --extract --get
--check-device
-g --listed-incremental=FILE
-G --incremental
--hole-detection=TYPE
--ignore-failed-read
--level=NUMBER
--no-check-device
--no-seek
-n --seek
--occurrence[=NUMBER]
--sparse-version=VERSION
-S --sparse
--add-file=FILE
-C --directory=DIR               dir
--exclude=PATTERN
--exclude-backups
--exclude-caches
--exclude-caches-all
--exclude-caches-under
--exclude-ignore=NAME
--exclude-ignore-recursive=NAME
--exclude-tag=NAME
--exclude-tag-all=NAME
--exclude-tag-under=NAME
--exclude-vcs
--exclude-vcs-ignores
--no-null
--no-recursion
--no-unquote
--no-verbatim-files-from
--null
--recursion
-T --files-from=FILE             read
--unquote
--verbatim-files-from
-X --exclude-from=FILE           read
--anchored
--ignore-case
--no-anchored
--no-ignore-case
--no-wildcards
--no-wildcards-match-slash
--wildcards
--wildcards-match-slash
--keep-directory-symlink
--keep-newer-files
-k --keep-old-files
--no-overwrite-dir
--one-top-level[=DIR]
--overwrite
--overwrite-dir
--recursive-unlink
--remove-files
--skip-old-files
-U --unlink-first
-W --verify
--ignore-command-error
--no-ignore-command-error
-O --to-stdout
--to-command=COMMAND             filter
--atime-preserve[=METHOD]
--clamp-mtime
--delay-directory-restore
--group=NAME
--group-map=FILE                 read
--mode=CHANGES
--mtime=DATE
-m --touch
--no-delay-directory-restore
--no-same-owner
--no-same-permissions
--numeric-owner
--owner=NAME
--owner-map=FILE                 read
-p --preserve-permissions --same-permissions
--same-owner
--sort=ORDER
-s --preserve-order --same-order
--acls
--no-acls
--no-selinux
--no-xattrs
--selinux
--xattrs
--xattrs-exclude=MASK
--xattrs-include=MASK
--force-local
-f --file=ARCHIVE
-F --info-script --new-volume-script=COMMAND  exec
-L --tape-length=NUMBER
-M --multi-volume                unknown # asks on the terminal for the next volume
--rmt-command=COMMAND            exec
--rsh-command=COMMAND            exec
--volno-file=FILE                write
-b --blocking-factor=BLOCKS
-B --read-full-records
-i --ignore-zeros
--record-size=NUMBER
-H --format=FORMAT
--old-archive --portability
--pax-option=OPTIONS
--posix
-V --label=TEXT
-a --auto-compress
-I --use-compress-program=PROG
-j --bzip2
-J --xz
--lzip
--lzma
--lzop
--no-auto-compress
--zstd
-z --gzip --gunzip --ungzip
-Z --compress --uncompress
--backup[=CONTROL]
--hard-dereference
-h --dereference
-K --starting-file=MEMBER
--newer-mtime=DATE
-N --newer --after-date=DATE
--one-file-system
-P --absolute-names
--suffix=STRING
--strip-components=NUMBER
--transform --xform=EXPRESSION
--checkpoint[=NUMBER]
--checkpoint-action=ACTION
--full-time
--index-file=FILE                write
-l --check-links
--no-quote-chars=STRING
--quote-chars=STRING
--quoting-style=STYLE
-R --block-number
--show-defaults
--show-omitted-dirs
--show-snapshot-field-ranges
--show-transformed-names --show-stored-names
--totals[=SIGNAL]
--utc
-v --verbose
--warning=KEYWORD
-w --interactive --confirmation  unknown # asks on the terminal before each member
-o
-? --help                        help
--restrict
--usage                          help
--version                        help
# bsdtar (macOS) spellings GNU tar does not have.
--chroot
--disable-copyfile
--fast-read
--fflags
--gid=ID
--gname=NAME
--grzip
--hfsCompression
--include=PATTERN
--insecure
--lrzip
--lz4
--mac-metadata
--newer-mtime-than=FILE
--newer-than=FILE
--no-fflags
--no-mac-metadata
--nopreserveHFSCompression
--older-mtime-than=FILE
--older-than=FILE
--options=OPTIONS
--uid=ID
--uname=NAME
-q
-y
`, Effects: tarEffects}}

// parseTar reads tar's words (and jar's): an old-style first word ("tvzf
// archive") holds letters of options whose values follow it in order.
func parseTar(c *Call, args []shell.Arg) {
	if len(args) > 0 && args[0].Value != "" && !strings.HasPrefix(args[0].Value, "-") && !args[0].Dynamic {
		g := c.Prog.grammar()
		expanded := make([]shell.Arg, 0, len(args)+len(args[0].Value))
		rest := args[1:]
		for i := 0; i < len(args[0].Value); i++ {
			b := args[0].Value[i]
			expanded = append(expanded, shell.Arg{Value: "-" + string(b)})
			if spec := g.lookupShort(b); spec != nil && spec.Arity == Required && len(rest) > 0 {
				expanded = append(expanded, rest[0])
				rest = rest[1:]
			}
		}
		args = append(expanded, rest...)
	}
	c.parse(args)
}

// tarMode returns what a tar call does: t, d, x, c, r (also -u, -A and
// --delete, which change an archive), or "" with none or several.
func tarMode(c *Call) string {
	mode := ""
	set := func(m string) {
		if mode != "" && mode != m {
			mode = "?"
			return
		}
		mode = m
	}
	for i := range c.Opts {
		o := c.Opts[i].Spec
		switch {
		case o == nil:
		case o.Is("-t"):
			set("t")
		case o.Is("-d"), o.Is("--test-label"):
			set("d")
		case o.Is("-x"):
			set("x")
		case o.Is("-c"):
			set("c")
		case o.Is("-r"), o.Is("-u"), o.Is("-A"), o.Is("--delete"):
			set("r")
		}
	}
	if mode == "?" {
		return ""
	}
	return mode
}

func tarEffects(c *Call, fx *Effects) {
	unseenEffects(c, fx)
	mode := tarMode(c)
	archives := c.ValueArgs("-f")
	if len(archives) == 0 {
		archives = []shell.Arg{{Value: "-"}}
	}
	for _, a := range archives {
		if host, ok := tarRemote(a); ok && !c.Has("--force-local") {
			fx.Network(host, a)
			fx.Exec("sh", "", "-f "+a.Value+" reads the archive over a remote shell")
			continue
		}
		if a.Value == "-" {
			continue
		}
		switch mode {
		case "t", "d", "x":
			fx.Read(a)
		case "c":
			fx.Write(a, "creates the archive")
		case "r":
			fx.Read(a)
			fx.Write(a, "changes the archive")
		}
	}
	dirs := c.ValueArgs("-C")
	base := func(a shell.Arg) shell.Arg {
		if len(dirs) == 0 || path.IsAbs(a.Value) {
			return a
		}
		d := dirs[len(dirs)-1]
		return shell.Arg{Value: path.Join(d.Value, a.Value), Dynamic: a.Dynamic || d.Dynamic, Glob: a.Glob}
	}
	switch mode {
	case "":
		fx.Unknown("tar needs one of -t, -x, -c, -r, -u, -d, -A or --delete")
	case "d":
		// Members are compared with the files of the same names.
		dest := shell.Arg{Value: "."}
		if len(dirs) > 0 {
			dest = dirs[len(dirs)-1]
		}
		fx.ReadTree(dest, true)
	case "x":
		if c.HasAny("-O|--to-command") {
			// Members go to the output, or to the command's input: the
			// members named are shown as the files of those names are.
			archiveMembers(fx, c.Args(), c.Has("--wildcards"), len(c.ValueArgs("-T|--files-from")) > 0)
			if len(c.Args()) == 0 && len(c.ValueArgs("-T|--files-from")) == 0 {
				for _, a := range archives {
					printsEveryMember(fx, a, c.Name)
				}
			}
			break
		}
		if c.HasAny("-P|--insecure") {
			fx.Add(Effect{Op: Write, Path: shell.Arg{Value: "/"}, Tree: true, Why: "-P extracts members with absolute names"})
		}
		if len(dirs) == 0 {
			dirs = []shell.Arg{{Value: "."}}
		}
		for _, d := range dirs {
			fx.Add(Effect{Op: Write, Path: d, Tree: true, Why: "extracts the archive"})
		}
		for _, top := range c.ValueArgs("--one-top-level") {
			// The folder members go into, under the destination (or
			// anywhere, when absolute).
			fx.Add(Effect{Op: Write, Path: base(top), Tree: true, Why: "--one-top-level"})
		}
		if c.HasAny("-g|-G") {
			// An incremental extraction removes what the archive does not
			// hold.
			for _, d := range dirs {
				fx.Delete(d, true)
			}
		}
	case "c", "r":
		for _, l := range c.ValueArgs("-T|--files-from") {
			// The names in the list are files the archive reads and
			// prints: which they are is not known here.
			fx.Unknown("tar archives the files " + l.Value + " lists (-T), whose names are only known at run time")
		}
		for _, a := range c.Args() {
			if mode == "r" && c.Has("-A") {
				fx.Read(a)
				continue
			}
			if c.Has("--delete") {
				continue
			}
			if strings.HasPrefix(a.Value, "@") && len(a.Value) > 1 {
				// bsdtar @archive copies another archive's members.
				fx.Read(shell.Arg{Value: a.Value[1:], Dynamic: a.Dynamic})
				continue
			}
			fx.ReadTree(base(a), true)
		}
		for _, f := range c.ValueArgs("--add-file") {
			fx.ReadTree(base(f), true)
		}
		for _, g := range c.ValueArgs("-g") {
			fx.Write(g, "-g updates the snapshot file")
		}
		if c.Has("--remove-files") {
			for _, a := range c.Args() {
				fx.Delete(base(a), true)
			}
		}
	case "t":
		for _, g := range c.ValueArgs("-g") {
			fx.Stat(g)
		}
	}
	for i := range c.Opts {
		o := &c.Opts[i]
		if o.Spec == nil {
			continue
		}
		v := o.Value
		switch {
		case o.Spec.Is("-I"):
			if v.Dynamic || !knownCompressor(v.Value) {
				code := v.Value
				if v.Dynamic {
					code = ""
				}
				// The compressor reads the archive on its standard input,
				// and gets -d when tar reads one.
				fx.RunsEach(code, o.Typed, true, "-d")
			}
		case o.Spec.Is("--checkpoint-action"):
			if cmd, ok := strings.CutPrefix(v.Value, "exec="); ok || v.Dynamic {
				if v.Dynamic {
					cmd = ""
				}
				fx.Exec("sh", cmd, o.Typed)
			}
		case o.Spec.Is("-N") || o.Spec.Is("--mtime") || o.Spec.Is("--newer-than") || o.Spec.Is("--newer-mtime-than") ||
			o.Spec.Is("--older-than") || o.Spec.Is("--older-mtime-than"):
			// A date, or a file whose time is used.
			if strings.HasPrefix(v.Value, "/") || strings.HasPrefix(v.Value, ".") || o.Spec.Is("--newer-than") ||
				o.Spec.Is("--newer-mtime-than") || o.Spec.Is("--older-than") || o.Spec.Is("--older-mtime-than") {
				fx.Stat(v)
			}
		}
	}
}

// tarRemote reports an archive on another host (host:file, or
// user@host:file), as GNU tar reads a colon before any slash, and returns
// the host.
func tarRemote(a shell.Arg) (string, bool) {
	i := strings.IndexByte(a.Value, ':')
	if i <= 0 || strings.Contains(a.Value[:i], "/") {
		return "", false
	}
	host := a.Value[:i]
	if at := strings.LastIndexByte(host, '@'); at >= 0 {
		host = host[at+1:]
	}
	return host, true
}

// knownCompressor reports a --use-compress-program value that runs a known
// compressor, found on the PATH, with options only, as -z runs gzip.
func knownCompressor(v string) bool {
	if strings.ContainsAny(v, ";|&$`<>()\\'\"") {
		return false
	}
	words := strings.Fields(v)
	if len(words) == 0 {
		return false
	}
	for _, w := range words[1:] {
		if !strings.HasPrefix(w, "-") {
			return false
		}
	}
	switch words[0] {
	case "gzip", "pigz", "bzip2", "pbzip2", "lbzip2", "xz", "pixz", "zstd", "pzstd", "lz4", "lzip", "plzip", "lzma",
		"lzop", "brotli":
		return true
	}
	return false
}
