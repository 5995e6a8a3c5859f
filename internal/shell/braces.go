package shell

import (
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Brace expansion: bash turns an unquoted cat {.env,x} into cat .env x,
// and a{1..3} into a1 a2 a3, before any other expansion. A word is judged
// as the words it expands to.

// maxBraceWords bounds the words one word may expand to; past it the word
// stands for what nobody can list.
const maxBraceWords = 256

// braceWords returns the words a word expands to by brace expansion, and
// false when it has none. Past maxBraceWords, it returns nil and true.
func braceWords(word *syntax.Word) ([]*syntax.Word, bool) {
	if word == nil || !slices.ContainsFunc(word.Parts, func(p syntax.WordPart) bool {
		lit, ok := p.(*syntax.Lit)
		return ok && containsByte(lit.Value, '{')
	}) {
		return nil, false
	}
	// Each brace that expands adds a word at least, so that a word with
	// more braces than maxBraceWords cannot be listed; splitting it
	// first would take time and memory that grow with how deep the
	// braces nest ({a,{a,{a,...}}} 60,000 deep took 200 ms and 80 MB).
	if braces(word) > maxBraceWords {
		return nil, true
	}
	// SplitBraces rewrites the word's parts: work on a copy, so that the
	// syntax tree stays as it was parsed.
	cp := *word
	cp.Parts = slices.Clone(word.Parts)
	if !syntax.SplitBraces(&cp) {
		return nil, false
	}
	alts, ok := expandParts(cp.Parts)
	if !ok {
		return nil, true
	}
	out := make([]*syntax.Word, len(alts))
	for i, parts := range alts {
		out[i] = &syntax.Word{Parts: parts}
	}
	return out, true
}

// braces counts the opening braces of a word's unquoted text.
func braces(word *syntax.Word) int {
	n := 0
	for _, p := range word.Parts {
		if lit, ok := p.(*syntax.Lit); ok {
			n += strings.Count(lit.Value, "{")
		}
	}
	return n
}

func containsByte(s string, b byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return true
		}
	}
	return false
}

// expandParts returns the part lists a word's parts expand to, in order;
// false when there would be more than maxBraceWords.
func expandParts(parts []syntax.WordPart) ([][]syntax.WordPart, bool) {
	out := [][]syntax.WordPart{nil}
	for _, p := range parts {
		be, ok := p.(*syntax.BraceExp)
		if !ok {
			for i := range out {
				out[i] = append(out[i], p)
			}
			continue
		}
		var alts [][]syntax.WordPart
		if be.Sequence {
			seq, ok := sequence(be)
			switch {
			case !ok:
				// Not a sequence bash expands: the text stays.
				alts = [][]syntax.WordPart{{&syntax.Lit{Value: braceText(be)}}}
			case seq == nil:
				return nil, false
			}
			for _, s := range seq {
				alts = append(alts, []syntax.WordPart{&syntax.Lit{Value: s}})
			}
		} else {
			for _, elem := range be.Elems {
				sub, ok := expandParts(elem.Parts)
				if !ok {
					return nil, false
				}
				alts = append(alts, sub...)
			}
		}
		if len(out)*len(alts) > maxBraceWords {
			return nil, false
		}
		next := make([][]syntax.WordPart, 0, len(out)*len(alts))
		for _, prefix := range out {
			for _, alt := range alts {
				next = append(next, append(slices.Clip(prefix), alt...))
			}
		}
		out = next
	}
	return out, true
}

// sequence returns the words of {x..y[..incr]}: numbers, or single
// letters; false for anything else. A sequence of more than
// maxBraceWords returns nil and true, without listing them.
func sequence(be *syntax.BraceExp) ([]string, bool) {
	lits := make([]string, len(be.Elems))
	for i, e := range be.Elems {
		s, ok := wordLit(e)
		if !ok {
			return nil, false
		}
		lits[i] = s
	}
	if len(lits) < 2 || len(lits) > 3 {
		return nil, false
	}
	step := 1
	if len(lits) == 3 {
		n, err := strconv.Atoi(lits[2])
		if err != nil || n == 0 {
			return nil, false
		}
		if step = max(n, -n); step < 0 {
			// -n of the least int is itself.
			return nil, true
		}
	}
	from, err1 := strconv.Atoi(lits[0])
	to, err2 := strconv.Atoi(lits[1])
	letters := false
	if err1 != nil || err2 != nil {
		if len(lits[0]) != 1 || len(lits[1]) != 1 || !isLetter(lits[0][0]) || !isLetter(lits[1][0]) {
			return nil, false
		}
		from, to, letters = int(lits[0][0]), int(lits[1][0]), true
	}
	// The distance between two ints may not fit in one: count in
	// unsigned numbers, where it does.
	if n := (uint64(max(from, to))-uint64(min(from, to)))/uint64(step) + 1; n == 0 || n > maxBraceWords {
		return nil, true
	}
	count := (max(from, to)-min(from, to))/step + 1
	out := make([]string, 0, count)
	for i := 0; i < count; i++ {
		v := from + i*step
		if to < from {
			v = from - i*step
		}
		if letters {
			out = append(out, string(rune(v)))
		} else {
			out = append(out, strconv.Itoa(v))
		}
	}
	return out, true
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// wordLit returns a word that is one literal, unquoted.
func wordLit(w *syntax.Word) (string, bool) {
	if w == nil || len(w.Parts) != 1 {
		return "", false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return "", false
	}
	return lit.Value, true
}

// braceText is a sequence that does not expand, as written.
func braceText(be *syntax.BraceExp) string {
	s := "{"
	for i, e := range be.Elems {
		if i > 0 {
			s += ".."
		}
		v, _ := wordLit(e)
		s += v
	}
	return s + "}"
}
