package shell

import (
	"slices"
	"strconv"
	"strings"
)

// Interpreter code (python -c, node -e, perl -e, ruby -e, php -r, awk
// programs, heredocs fed to an interpreter) is not parsed as its own
// language. It is scanned for what matters to a policy, and each finding
// becomes a command the policy judges like any other:
//
//   - strings handed to a shell-out (os.system, subprocess, child_process,
//     system, backticks, awk's system() and pipes) are analysed as shell;
//   - deletions of a literal path (shutil.rmtree, fs.rmSync, FileUtils.rm_rf,
//     unlink) become rm -rf of that path, writes become tee of that path;
//   - every string that looks like a path is read, so that a secret file
//     named in the code is seen;
//   - decoding hidden text and running it (exec(b64decode(...)),
//     eval(atob(...))) is code nobody can see;
//   - code that is itself a shell command (node -e "rm -rf /") is analysed
//     as shell.
//
// What the scan cannot judge stays undecided: interpreter code is never in
// the read-only safe set.

// sinks lists, per language, the calls that run a shell command.
func sinks(lang string) []string {
	switch lang {
	case "python":
		return []string{"os.system", "os.popen", "subprocess.", "commands.getoutput", "pty.spawn", "os.exec", "os.spawn", "system("}
	case "javascript":
		return []string{"child_process", "execSync", "exec(", "spawn(", "spawnSync", "execFile", "Bun.spawn", "$`", "Deno.Command", "Deno.run"}
	case "perl":
		return []string{"system", "exec", "qx", "`", "open("}
	case "ruby":
		return []string{"system", "exec", "`", "%x", "IO.popen", "Open3", "spawn"}
	case "php":
		return []string{"system(", "exec(", "shell_exec", "passthru", "popen", "proc_open", "`"}
	case "lua":
		return []string{"os.execute", "io.popen"}
	case "r":
		return []string{"system(", "system2("}
	case "awk":
		return []string{"system(", "| getline", "|getline", "| \"", "|\"", "|&"}
	case "powershell":
		return []string{"Invoke-Expression", "iex", "Start-Process"}
	}
	return nil
}

// deleters are calls that delete the path they are given.
var deleters = []string{"shutil.rmtree", "os.remove", "os.unlink", "os.rmdir", "os.removedirs", "rmSync", "rmdirSync",
	"unlinkSync", "fs.rm(", "fs.unlink(", "fs.rmdir(", "promises.rm", "rimraf", "rm_rf", "rm_r", "FileUtils.rm", "remove_dir", "Deno.remove",
	"remove_entry", "File.delete", "File.unlink", "Dir.rmdir", "rmtree", "remove_tree", "unlink(", "rmdir(", "Remove-Item",
	"unlink ", "rmdir "}

// homeIdioms name the home folder in each language.
var homeIdioms = []string{"Dir.home", "ENV['HOME']", `ENV["HOME"]`, "$ENV{HOME}", "$ENV{'HOME'}", `$ENV{"HOME"}`, "homedir()",
	"process.env.HOME", "Path.home()", "os.environ['HOME']", `os.environ["HOME"]`, "getenv('HOME')", `getenv("HOME")`,
	"File.expand_path('~')", `File.expand_path("~")`, `Deno.env.get("HOME")`, "$_SERVER['HOME']", "$env:USERPROFILE", "$HOME", "$env:HOME"}

// writers are calls that write the path they are given.
var writers = []string{"writeFileSync", "writeFile(", "appendFileSync", "File.write", "file_put_contents", "open(",
	"Path.write_text", "write_text(", "IO.write", "Set-Content", "Out-File", "Deno.writeTextFile", "Deno.writeFile"}

// linkers are calls that make a hard or symbolic link: the file linked
// gets a name a later call may write through.
var linkers = []string{"os.link", "os.symlink", "hardlink_to", "symlink_to", "link_to(", "linkSync", "symlinkSync",
	"fs.link(", "fs.symlink(", "promises.link", "promises.symlink", "File.link", "File.symlink", "FileUtils.ln", "ln_s",
	"ln_sf", "Deno.link", "Deno.symlink", "link(", "link ", "symlink(", "symlink ", "New-Item"}

// decoders turn hidden text back into code or data.
var decoders = []string{"b64decode", "base64.decodebytes", "decode('base64')", "atob(", "'base64'", "\"base64\"",
	"base64_decode", "decode_base64", "Base64.decode", "unpack('m", "unpack(\"m", "unpack1('m", "gzinflate",
	"str_rot13", "codecs.decode", "FromBase64String", "-EncodedCommand", "fromCharCode"}

// runners evaluate a string as code.
var runners = []string{"exec(", "eval(", "Function(", "eval ", "instance_eval", "class_eval", "compile(", "Invoke-Expression",
	"iex", "create_function", "assert("}

// shellPrograms are programs whose appearance as the first word of
// interpreter code means the code is really a shell command. The names are
// what the scan looks for in text of another language, not a model of the
// programs: what each command does is its model's to say, once the text is
// analysed as shell.
var shellPrograms = []string{"rm", "rmdir", "dd", "git", "chmod", "chown", "shred", "find", "curl", "wget", "sudo",
	"mv", "cp", "kill", "killall", "truncate", "mkfs", "bash", "sh", "zsh", "cat", "xargs", "docker", "kubectl"}

// interpret scans an interpreter's code and analyses what it finds.
func (w *walker) interpret(cmd *Command, f *frame, ctx *execCtx) {
	code, lang := cmd.Code, cmd.Lang
	if code == "" {
		return
	}
	origin := lang + " code"
	lits := stringLiterals(code, lang)
	if containsAny(code, decoders) && (containsAny(code, runners) || containsAny(code, sinks(lang)) ||
		strings.Contains(code, "File") || strings.Contains(code, "open")) {
		runsInput(cmd, "it decodes hidden text and runs or opens it")
	}
	if containsAny(code, sinks(lang)) {
		for _, l := range lits {
			if strings.TrimSpace(l) != "" {
				w.codeQuiet(cmd, l, origin, f, ctx)
			}
		}
		// A program and its arguments given as a list of strings
		// (subprocess.run(["rm", "-rf", "/"]), system("rm", "-rf", "/"),
		// spawn("rm", ["-rf", "/"])) run as that command.
		for _, argv := range argvLists(code, lang) {
			w.synthetic(cmd, argv, origin, f, ctx)
		}
	}
	// What code of another language does to a file is judged as the shell
	// command that does the same (rm -rf, link, tee, cat), whose model
	// says what that is: the names are the walker's words for the effects.
	if containsAny(code, deleters) {
		for _, l := range lits {
			if looksLikePath(l) {
				w.synthetic(cmd, []string{"rm", "-rf", l}, origin, f, ctx)
			}
		}
		if containsAny(code, homeIdioms) {
			// FileUtils.rm_rf(Dir.home), rmtree($ENV{HOME}),
			// fs.rmSync(os.homedir(), ...): the home folder, named
			// without a literal.
			w.synthetic(cmd, []string{"rm", "-rf", "~"}, origin, f, ctx)
		}
	}
	if containsAny(code, linkers) && lang != "awk" {
		// Which literal is the file linked and which the new name is the
		// language's business: each is linked, as link FILE FILE.
		home := containsAny(code, homeIdioms)
		for _, l := range lits {
			l = interpolatedHome(l)
			if !looksLikePath(l) {
				continue
			}
			w.synthetic(cmd, []string{"link", l, l}, origin, f, ctx)
			if home && !strings.HasPrefix(l, "~") {
				// Path.home() / ".config/governance/config.yaml",
				// os.homedir() + "/.claude/settings.json"
				l = "~/" + strings.TrimPrefix(strings.TrimPrefix(l, "./"), "/")
				w.synthetic(cmd, []string{"link", l, l}, origin, f, ctx)
			}
		}
	}
	if containsAny(code, writers) && lang != "awk" {
		for _, l := range lits {
			if looksLikePath(l) {
				w.synthetic(cmd, []string{"tee", l}, origin, f, ctx)
			}
		}
	}
	for _, l := range lits {
		if looksLikePath(l) {
			w.synthetic(cmd, []string{"cat", l}, origin, f, ctx)
		}
	}
	if first := firstWord(code); slices.Contains(shellPrograms, first) {
		// The "code" is a shell command (perl -e "rm -rf /"): the author
		// meant it to run as one.
		w.codeQuiet(cmd, code, origin, f, ctx)
	}
}

// interpolatedHome returns a string literal that starts with the home
// folder interpolated ("$HOME/.x", "$ENV{HOME}/.x" in Perl,
// "#{Dir.home}/.x" in Ruby, `${os.homedir()}/.x` in JavaScript) as
// ~/..., else the literal.
func interpolatedHome(l string) string {
	var head, rest string
	switch {
	case strings.HasPrefix(l, "${") || strings.HasPrefix(l, "#{"):
		end := strings.IndexByte(l, '}')
		if end < 0 {
			return l
		}
		head, rest = l[:end+1], l[end+1:]
	case strings.HasPrefix(l, "$ENV{"):
		end := strings.IndexByte(l, '}')
		if end < 0 {
			return l
		}
		head, rest = l[:end+1], l[end+1:]
	case strings.HasPrefix(l, "$HOME"):
		head, rest = "$HOME", l[len("$HOME"):]
	default:
		return l
	}
	if rest != "" && rest[0] != '/' || !containsAny(head, []string{"HOME", "homedir()", "Dir.home", "Path.home()"}) {
		return l
	}
	return "~" + rest
}

// codeQuiet analyses text as shell, or what of it parses, without
// reporting a parse problem: interpreter strings are often not shell at
// all. Text past the depth limit is still reported, by parse: it may run,
// and too deep to judge is not harmless.
func (w *walker) codeQuiet(parent *Command, text, origin string, f *frame, ctx *execCtx) {
	probs := len(w.out.Problems)
	w.code(parent, Arg{Value: text}, origin, f, ctx)
	// Keep only problems that say more than "this is not shell".
	kept := w.out.Problems[:probs]
	for _, p := range w.out.Problems[probs:] {
		if p.Kind != ProblemParse {
			kept = append(kept, p)
		}
	}
	w.out.Problems = kept
}

// synthetic emits a command that stands for an effect found in code.
func (w *walker) synthetic(parent *Command, words []string, origin string, f *frame, ctx *execCtx) {
	args := make([]Arg, len(words))
	for i, v := range words {
		args[i] = Arg{Value: v}
	}
	c := ctx.sub()
	c.redirs, c.stdin, c.in, c.inCmds = nil, nil, nil, nil
	cmd := &Command{Args: args, Name: words[0], Privileged: parent.Privileged, Container: parent.Container, Cwd: parent.Cwd,
		Origin: origin, Text: parent.Text}
	w.emit(cmd, f, c)
}

func containsAny(s string, subs []string) bool {
	for _, x := range subs {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}

func firstWord(code string) string {
	f := strings.Fields(code)
	if len(f) == 0 {
		return ""
	}
	return strings.TrimLeft(f[0], "(")
}

// looksLikePath reports strings that name files: no blanks, and a slash,
// a leading dot or tilde, or a file extension.
func looksLikePath(s string) bool {
	if s == "" || len(s) > 4096 || strings.ContainsAny(s, " \t\n\"'`$;|&<>(){}") {
		return false
	}
	if strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://") {
		return false
	}
	return strings.Contains(s, "/") || strings.HasPrefix(s, ".") || strings.HasPrefix(s, "~")
}

// argvLists returns the runs of two or more string literals that stand
// next to each other in code, separated only by commas and brackets: the
// argument lists a program is run with.
func argvLists(code, lang string) [][]string {
	var out [][]string
	var cur []string
	last := -1
	for _, s := range literalSpans(code, lang) {
		if last >= 0 && strings.Trim(code[last:s.start], " \t\n,[]") == "" && strings.Contains(code[last:s.start], ",") {
			cur = append(cur, s.text)
		} else {
			if len(cur) >= 2 {
				out = append(out, cur)
			}
			cur = []string{s.text}
		}
		last = s.end
	}
	if len(cur) >= 2 {
		out = append(out, cur)
	}
	return out
}

// span is a string literal of code and where it stands.
type span struct {
	text       string
	start, end int
}

// stringLiterals returns the string literals of code, with escapes
// decoded: '...', "...", and (except in Python and awk) `...`; Python's
// triple quotes too.
func stringLiterals(code, lang string) []string {
	spans := literalSpans(code, lang)
	out := make([]string, len(spans))
	for i, s := range spans {
		out[i] = s.text
	}
	return out
}

// literalSpans returns the string literals of code with where they stand.
func literalSpans(code, lang string) []span {
	var out []span
	backtick := lang != "python" && lang != "awk"
	for i := 0; i < len(code); i++ {
		c := code[i]
		if c != '\'' && c != '"' && !(c == '`' && backtick) {
			if c == '#' && (lang == "python" || lang == "ruby" || lang == "perl") {
				// A comment runs to the end of the line.
				for i < len(code) && code[i] != '\n' {
					i++
				}
			}
			continue
		}
		quote := string(c)
		if lang == "python" && strings.HasPrefix(code[i:], strings.Repeat(quote, 3)) {
			quote = strings.Repeat(quote, 3)
		}
		start := i + len(quote)
		var b strings.Builder
		j := start
		closed := false
		for j < len(code) {
			if strings.HasPrefix(code[j:], quote) {
				closed = true
				break
			}
			if code[j] == '\\' && j+1 < len(code) && (c != '\'' || lang != "perl" && lang != "ruby" && lang != "php") {
				j += decodeEscape(code[j+1:], &b) + 1
				continue
			}
			b.WriteByte(code[j])
			j++
		}
		if !closed {
			break
		}
		out = append(out, span{b.String(), i, j + len(quote)})
		i = j + len(quote) - 1
	}
	return out
}

// decodeEscape writes the character an escape stands for and returns how
// many bytes after the backslash it used.
func decodeEscape(s string, b *strings.Builder) int {
	switch s[0] {
	case 'n':
		b.WriteByte('\n')
	case 't':
		b.WriteByte('\t')
	case 'r':
		b.WriteByte('\r')
	case '0':
		b.WriteByte(0)
	case 'x':
		if len(s) >= 3 {
			if n, err := strconv.ParseUint(s[1:3], 16, 8); err == nil {
				b.WriteByte(byte(n))
				return 3
			}
		}
		b.WriteByte('x')
	case 'u':
		if len(s) >= 5 {
			if n, err := strconv.ParseUint(s[1:5], 16, 32); err == nil {
				b.WriteRune(rune(n))
				return 5
			}
		}
		b.WriteByte('u')
	default:
		b.WriteByte(s[0])
	}
	return 1
}
