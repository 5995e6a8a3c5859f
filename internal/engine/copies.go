package engine

import (
	"path"
	"strings"
)

// A secret's backup or copy holds the secret: an editor's backup (.env~,
// #.env#, a vim swap file), a copy a file manager made (.env copy,
// .env (1)), one a person made by hand (credentials.json.bak,
// .env-backup, .env2), RCS's history (.env,v). The rules that deny
// reading secrets name the secrets; what follows takes such decorations
// off a file's name, so that the rules judge the copy as the file it
// copies, whatever secret the next rule names.

// copyWords are the words a backup or copy adds after the name, behind
// a dot, a dash or an underscore (.env.bak, .env-backup, .env_old).
var copyWords = []string{"bak", "bk", "bkp", "backup", "old", "orig", "save", "saved", "sav", "tmp", "temp", "copy",
	"prev", "new", "back", "swp", "swo", "swn"}

// maxCopyNames bounds the names one file's name stands for.
const maxCopyNames = 8

// copiedNames returns the names base stands for once decorations are
// taken off, one or several at a time (.env.bak~ is .env.bak and .env),
// in no particular order; nil for a name without decorations.
func copiedNames(base string) []string {
	bares := undecorate(base)
	if len(bares) == 0 {
		// Most names have no decoration: nothing to search.
		return nil
	}
	var out []string
	seen := map[string]bool{base: true}
	var queue []string
	for {
		for _, bare := range bares {
			if bare == "" || bare == "." || bare == ".." || seen[bare] {
				continue
			}
			seen[bare] = true
			if out = append(out, bare); len(out) == maxCopyNames {
				break
			}
			queue = append(queue, bare)
		}
		if len(queue) == 0 || len(out) >= maxCopyNames {
			return out
		}
		bares = undecorate(queue[0])
		queue = queue[1:]
	}
}

// undecorate returns the names name stands for with one decoration
// taken off.
func undecorate(name string) []string {
	var out []string
	lower := strings.ToLower(name)
	// GNU's numbered backups (.env.~1~) and the plain ones (.env~).
	if strings.HasSuffix(name, "~") {
		t := strings.TrimRight(name, "~")
		if i := strings.LastIndex(t, ".~"); i > 0 && allDigits(t[i+2:]) {
			out = append(out, t[:i])
		}
		out = append(out, t)
	}
	// Emacs: the autosave #.env# and the lock link .#.env.
	if len(name) > 2 && name[0] == '#' && name[len(name)-1] == '#' {
		out = append(out, name[1:len(name)-1])
	}
	if rest, ok := strings.CutPrefix(name, ".#"); ok {
		out = append(out, rest)
	}
	// RCS's history file.
	if rest, ok := strings.CutSuffix(name, ",v"); ok {
		out = append(out, rest)
	}
	// A file manager's copies: ".env copy", ".env copy 2", ".env (1)",
	// GNOME's ".env (copy)", ".env (another copy)", ".env (3rd copy)",
	// Windows' ".env - Copy", ".env - Copy (2)".
	if i := strings.LastIndex(lower, " copy"); i > 0 && (i+5 == len(lower) || lower[i+5] == ' ' && allDigits(lower[i+6:])) {
		out = append(out, strings.TrimSuffix(name[:i], " -"))
	}
	if strings.HasSuffix(name, ")") {
		if i := strings.LastIndex(name, " ("); i > 0 {
			inner := lower[i+2 : len(lower)-1]
			if allDigits(inner) || inner == "copy" || inner == "another copy" || strings.HasSuffix(inner, " copy") && ordinal(strings.TrimSuffix(inner, " copy")) {
				out = append(out, name[:i])
			}
		}
	}
	// What a file system or a hand leaves at the end: a space or a dot
	// (which Windows drops), a comma, a VMS version (";1").
	if t := strings.TrimRight(name, " .,"); t != name && t != "" {
		out = append(out, t)
	}
	if i := strings.LastIndexByte(name, ';'); i > 0 && allDigits(name[i+1:]) {
		out = append(out, name[:i])
	}
	// A word after a dot, dash or underscore; vim's swap files put a dot
	// before the name too (.credentials.json.swp), except before one that
	// has one (.env.swp).
	if i := strings.LastIndexAny(name, ".-_"); i > 0 {
		word := lower[i+1:]
		for _, w := range copyWords {
			if word == w {
				out = append(out, name[:i])
				if strings.HasPrefix(w, "sw") && name[0] == '.' && i > 1 {
					out = append(out, name[1:i])
				}
				break
			}
		}
	}
	// A number, after a separator or not: .env2, .env.1, .env-2.
	if t := strings.TrimRight(name, "0123456789"); t != name && t != "" {
		out = append(out, t)
		if c := t[len(t)-1]; len(t) > 1 && (c == '.' || c == '-' || c == '_') {
			out = append(out, t[:len(t)-1])
		}
	}
	return out
}

// ordinal reports an English ordinal in digits: 3rd, 11th, 22nd.
func ordinal(s string) bool {
	for _, suffix := range []string{"st", "nd", "rd", "th"} {
		if n, ok := strings.CutSuffix(s, suffix); ok && allDigits(n) {
			return true
		}
	}
	return false
}

// allDigits reports a non-empty string of ASCII digits.
func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// copiedPlaces returns the places p stands for as a copy (see
// copiedNames): the same folder, the name undecorated.
func copiedPlaces(p place) []place {
	text := p.abs
	if text == "" {
		text = p.raw
	}
	if text == "" || strings.HasSuffix(text, "/") {
		return nil
	}
	names := copiedNames(path.Base(text))
	if len(names) == 0 {
		return nil
	}
	out := make([]place, 0, len(names))
	for _, n := range names {
		q := p
		if q.abs != "" {
			q.abs = path.Join(path.Dir(q.abs), n)
		}
		if i := strings.LastIndexByte(q.raw, '/'); i >= 0 {
			q.raw = q.raw[:i+1] + n
		} else if q.raw != "" {
			q.raw = n
		}
		out = append(out, q)
	}
	return out
}

// copies returns copiedPlaces of the place whose text t caches, worked
// out on first use.
func (t *fileText) copies(p place) []place {
	if !t.copiesSet {
		t.copyPlaces, t.copiesSet = copiedPlaces(p), true
	}
	return t.copyPlaces
}

// judgesCopies reports a rule that denies reading files by their paths
// (a secret rule, see secretRules): it judges a copy of a file it names
// as the file.
func (r *Rule) judgesCopies() bool {
	return r.outcome >= Deny && r.kinds&KindRead.bit() != 0
}
