package syntax

import "fmt"

// This file is not part of mvdan.cc/sh: see the README of this copy.

// MaxNesting bounds how deep the parser recurses: into nested statements,
// word parts, arithmetic and test expressions, and along a chain of
// pipelines or && and || lists, whose trees nest as deep as they are long.
// Past the bound, parsing stops with a [NestingError]. Zero, the default,
// sets no bound.
//
// The parser recurses once or more for each level of nesting, so that on
// deeply nested input it takes time and memory (its goroutine's stack)
// that grow faster than the input does: 120,000 nested subshells take
// seconds and a gigabyte. A bound keeps both in proportion to the input.
func MaxNesting(levels int) ParserOption {
	return func(p *Parser) { p.maxNesting = levels }
}

// NestingError reports input that nests deeper than [MaxNesting] allows.
type NestingError struct {
	Filename string
	Pos      Pos
	// Max is the bound that was passed.
	Max int
}

func (e NestingError) Error() string {
	msg := fmt.Sprintf("nesting deeper than %d levels", e.Max)
	if e.Filename == "" {
		return fmt.Sprintf("%s: %s", e.Pos, msg)
	}
	return fmt.Sprintf("%s:%s: %s", e.Filename, e.Pos, msg)
}

// enter counts one more level of nesting; past the bound it stops the
// parser with a [NestingError] and returns false. Each enter that
// returns true is followed by a leave.
func (p *Parser) enter() bool {
	p.nesting++
	if p.maxNesting > 0 && p.nesting > p.maxNesting {
		p.nesting--
		p.errPass(NestingError{Filename: p.f.Name, Pos: p.nextPos(), Max: p.maxNesting})
		return false
	}
	return true
}

func (p *Parser) leave() { p.nesting-- }
