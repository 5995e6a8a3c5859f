package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// macOS file utilities: property lists, images, documents, extended
// attributes, Spotlight, Quick Look, fat binaries, samples of processes,
// speech, symbols, Apple encodings, and open.

// nonOptions returns the words that do not start with -, skipping the
// values of the options listed in values (with how many words each takes).
func nonOptions(words []string, values map[string]int) []string {
	var out []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if n, ok := values[w]; ok {
			i += n
			continue
		}
		if !strings.HasPrefix(w, "-") || w == "-" {
			out = append(out, w)
		}
	}
	return out
}

// wordArg is a constant word as an argument.
func wordArg(v string) shell.Arg { return shell.Arg{Value: v} }

// plutil prints (-p), lints (the default), and extracts (-extract, -type)
// property lists; -convert rewrites the file unless -o - prints it, -o
// writes another, and -insert, -replace, -remove, -create and -append
// change it.
var plutilProgram = &Program{Names: []string{"plutil"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	if helpWords(words) {
		return
	}
	values := map[string]int{"-convert": 1, "-extract": 2, "-type": 1, "-expect": 1, "-e": 1, "-o": 1, "-insert": 3,
		"-replace": 3, "-remove": 1, "-create": 1, "-append": 2}
	files := nonOptions(words, values)
	out := ""
	for i, w := range words {
		if w == "-o" {
			out = wordAt(words, i+1)
		}
	}
	changes := hasWord(words, "-insert", "-replace", "-remove", "-create", "-append")
	for _, f := range files {
		fx.Read(wordArg(f))
	}
	switch {
	case out != "" && out != "-":
		fx.Write(wordArg(out), "-o")
	case out == "-":
	case changes || hasWord(words, "-convert"):
		// The file is rewritten in place; which words are files after
		// -insert's variable arguments is not certain, so the last is.
		if len(words) > 0 {
			fx.Write(wordArg(words[len(words)-1]), "rewrites the file")
		}
	}
}}

// sips reads image properties with -g and --verify; every other option
// modifies the image or writes one.
var sipsProgram = &Program{Names: []string{"sips"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	changes := false
	for i := 0; i < len(words); i++ {
		switch w := words[i]; {
		case w == "-g" || w == "--getProperty":
			i++
		case w == "--verify" || w == "-1" || w == "--oneLine" || w == "-h" || w == "--help":
		case strings.HasPrefix(w, "-"):
			if !changes {
				fx.Change("sips " + w + " modifies images")
			}
			changes = true
		default:
			fx.Read(wordArg(w))
			if changes {
				fx.Write(wordArg(w), "sips")
			}
		}
	}
}}

// textutil: -info reads; -convert and -cat write output files unless
// -stdout prints the result, and -output names the file.
var textutilProgram = &Program{Names: []string{"textutil"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	values := map[string]int{"-convert": 1, "-cat": 1, "-extension": 1, "-output": 1, "-font": 1, "-fontsize": 1,
		"-encoding": 1, "-inputencoding": 1, "-format": 1, "-title": 1, "-author": 1, "-subject": 1, "-keywords": 1,
		"-comment": 1, "-editor": 1, "-company": 1, "-creationtime": 1, "-modificationtime": 1, "-baseurl": 1,
		"-timeout": 1, "-textsizemultiplier": 1, "-excludedelements": 1, "-prefixspaces": 1}
	for _, f := range nonOptions(words, values) {
		fx.Read(wordArg(f))
	}
	for i, w := range words {
		if w == "-output" {
			fx.Write(wordArg(wordAt(words, i+1)), "-output")
			return
		}
	}
	switch {
	case hasWord(words, "-convert", "-cat") && !hasWord(words, "-stdout"):
		fx.Change("textutil writes the converted files beside the originals")
	case !hasWord(words, "-info", "-convert", "-cat", "-help"):
		fx.Unknown("textutil without -info, -convert or -cat")
	}
}}

// xattr lists and prints extended attributes; -c clears, -d deletes and
// -w writes them.
var xattrProgram = &Program{Names: []string{"xattr"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	writes := false
	values := 0
	for _, w := range words {
		if strings.HasPrefix(w, "-") && len(w) > 1 {
			if strings.ContainsAny(w[1:], "cdw") {
				writes = true
			}
			if strings.ContainsAny(w[1:], "pdw") {
				values = 1
				if strings.Contains(w[1:], "w") {
					values = 2
				}
			}
		}
	}
	files := nonOptions(words, nil)
	if values <= len(files) {
		files = files[values:]
	}
	for _, f := range files {
		if writes {
			fx.Chmod(wordArg(f), false)
		} else {
			fx.Stat(wordArg(f))
		}
	}
	if writes {
		fx.Change("xattr changes extended attributes")
	}
}}

// mdimport lists attributes, schema and importers (-A, -X, -L) and test
// imports (-t) that store nothing; without them it imports files into the
// Spotlight index, and -g loads an importer from a path.
var mdimportProgram = &Program{Names: []string{"mdimport"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	reads := false
	for _, w := range words {
		if !strings.HasPrefix(w, "-") {
			fx.Read(wordArg(w))
			continue
		}
		for _, r := range w[1:] {
			switch r {
			case 'A', 'X', 'L', 't':
				reads = true
			case 'd', 'p', '0', '1', '2', '3', '4':
			default:
				fx.Change("mdimport -" + string(r))
			}
		}
	}
	if !reads {
		fx.Change("mdimport imports files into the Spotlight index")
	}
}}

// mdfind queries the Spotlight index and prints the names it finds.
var mdfindProgram = &Program{Names: []string{"mdfind"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	for i, w := range words {
		if w == "-onlyin" {
			fx.Add(Effect{Op: Stat, Path: wordArg(wordAt(words, i+1)), Tree: true})
		}
	}
}}

// mdls prints the metadata of files; -plist writes it to a file unless -.
var mdlsProgram = &Program{Names: []string{"mdls"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	for _, f := range nonOptions(words, map[string]int{"-name": 1, "-nullMarker": 1, "-plist": 1}) {
		fx.Stat(wordArg(f))
	}
	for i, w := range words {
		if w == "-plist" {
			writeUnlessNotFile(fx, wordArg(wordAt(words, i+1)), "-plist")
		}
	}
}}

// qlmanage shows Quick Look previews and thumbnails on screen; -o writes
// thumbnails to a folder, -r resets the generators or cache, and -g loads
// a generator from a path.
var qlmanageProgram = &Program{Names: []string{"qlmanage"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	for i, w := range words {
		switch w {
		case "-o":
			fx.Add(Effect{Op: Write, Path: wordArg(wordAt(words, i+1)), Tree: true, Why: "-o"})
		case "-r":
			fx.Change("qlmanage -r resets Quick Look")
		case "-g":
			fx.Unknown("qlmanage -g loads a generator")
		}
	}
	for _, f := range nonOptions(words, map[string]int{"-o": 1, "-g": 1, "-s": 1, "-c": 1, "-r": 1, "-x": 0}) {
		fx.Read(wordArg(f))
	}
}}

// lipo: -info, -detailed_info, -archs and -verify_arch report on a
// binary; -create, -thin, -extract, -remove and -replace write one.
var lipoProgram = &Program{Names: []string{"lipo"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	reads := false
	for i := 0; i < len(words); i++ {
		switch w := words[i]; {
		case w == "-info" || w == "-detailed_info" || w == "-archs":
			reads = true
		case w == "-verify_arch":
			reads = true
			for i+1 < len(words) && !strings.HasPrefix(words[i+1], "-") {
				i++
			}
		case w == "-arch":
			i += 2
		case w == "-thin" || w == "-extract" || w == "-remove" || w == "-extract_family":
			fx.Change("lipo " + w)
			i++
		case w == "-replace" || w == "-segalign":
			fx.Change("lipo " + w)
			i += 2
		case w == "-hideARM64":
		case w == "-output":
			i++
			fx.Write(wordArg(wordAt(words, i)), "-output")
		case strings.HasPrefix(w, "-"):
			fx.Change("lipo " + w)
		default:
			fx.Read(wordArg(w))
		}
	}
	if !reads {
		fx.Change("lipo writes a binary")
	}
}}

// sample profiles a process for a few seconds and prints its report; -file
// chooses where it writes and -e opens the report in an editor.
var sampleProgram = &Program{Names: []string{"sample"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	target := false
	for i := 0; i < len(words); i++ {
		switch w := words[i]; {
		case w == "-wait" || w == "-mayDie" || w == "-fullPaths":
		case w == "-file":
			i++
			fx.Write(wordArg(wordAt(words, i)), "-file")
		case w == "-e":
			fx.Exec("", "", "-e opens the report in an editor")
		case strings.HasPrefix(w, "-"):
			fx.Unknown("the option " + w + " of sample")
		default:
			target = true
		}
	}
	if !target {
		fx.Unknown("sample without a process")
	}
}}

// say speaks aloud; -o writes an audio file, -n sends the audio over the
// network, and -f reads the text from a file.
var sayProgram = &Program{Names: []string{"say"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	for i := 0; i < len(words); i++ {
		w := words[i]
		name, val, has := strings.Cut(w, "=")
		next := func() string {
			if has {
				return val
			}
			i++
			return wordAt(words, i)
		}
		switch {
		case name == "-o" || name == "--output-file":
			fx.Write(wordArg(next()), name)
		case strings.HasPrefix(w, "-o") && !strings.HasPrefix(w, "--"):
			fx.Write(wordArg(w[2:]), "-o")
		case name == "-n" || name == "--network-send":
			fx.Network(next(), wordArg(w))
			fx.Change("say sends the audio over the network")
		case name == "-f" || name == "--input-file":
			if f := next(); f != "-" {
				fx.Read(wordArg(f))
			}
		case name == "-v" || name == "--voice" || name == "-r" || name == "--rate" || name == "-a" ||
			name == "--audio-device" || name == "--file-format" || name == "--data-format" || name == "--channels" ||
			name == "--bit-rate" || name == "--quality":
			next()
		}
	}
}}

// symbols prints symbol information; -saveSignature and
// -symbolsPackageDir write files.
var symbolsProgram = &Program{Names: []string{"symbols"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	for i, w := range words {
		switch w {
		case "-saveSignature":
			fx.Write(wordArg(wordAt(words, i+1)), w)
		case "-symbolsPackageDir":
			fx.Add(Effect{Op: Write, Path: wordArg(wordAt(words, i+1)), Tree: true, Why: w})
		}
	}
}}

// applesingle, macbinary and binhex probe files, or encode and decode to
// standard output (--pipe); otherwise they write files.
var appleEncodingProgram = &Program{Names: []string{"applesingle", "binhex", "macbinary"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	if helpWords(words) {
		return
	}
	verb := wordAt(words, 0)
	files := nonOptions(words[min(1, len(words)):], map[string]int{"-o": 1, "--output": 1, "-C": 1, "--output-dir": 1, "-s": 1, "--suffix": 1})
	for _, f := range files {
		fx.Read(wordArg(f))
	}
	switch verb {
	case "probe", "help", "-h", "--help":
	case "encode", "decode":
		if hasWord(words, "--pipe", "--to-stdout", "-c") && !hasWord(words, "-o", "--output", "-C", "--output-dir") {
			return
		}
		fx.Change(c.Name + " " + verb + " writes files")
	default:
		fx.Unknown(c.Name + " " + verb)
	}
}}

// open opens files, folders and URLs with their applications, which run
// with whatever those hold.
var openProgram = &Program{Names: []string{"open"}, NoOptions: true, Words: func(c *Call, fx *Effects, words []string) {
	if helpWords(words) {
		return
	}
	fx.Exec("", "", "opens files or URLs with their applications")
}}
