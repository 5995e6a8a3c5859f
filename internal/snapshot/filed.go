package snapshot

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/regularfile"
)

// A snapshot files the rules that only shell commands of named programs
// can match (see [governance.FiledPrograms]) after its first line, so that
// the hook decodes only those of the programs a call names. The line's
// Filed field says which rules are filed, and their scopes; after the
// line come
//
//	the programs index, text sorted by program:  PROGRAM PLACE[,PLACE...]
//	the places index, a record of placeWidth bytes per filed rule, in
//	  order: its OFFSET and LENGTH among the rules that follow
//	the rules, each one line of JSON
//
// PLACE is the rule's place among the snapshot's rules, all of them. A
// process reads the line and the programs index; a rule a call needs is
// read at its record, then at its offset.

// placeWidth is the size of a record of the places index.
const placeWidth = 22

// Encode renders a snapshot: a line of JSON, then the rules it files.
// Fields that hold their zero value are left out, which [Decode] reads
// back as the same zero: the hook decodes the snapshot on every call, and
// most fields are zero.
func (s *Snapshot) Encode() ([]byte, error) {
	all, err := s.AllRules()
	if err != nil {
		return nil, err
	}
	head := *s
	head.Rules, head.tail, head.rulesFile = nil, nil, nil
	head.Filed, head.FiledScopes, head.FiledPrograms = "", nil, 0
	// The agent definitions go last, out of the line every call decodes.
	var agentsText []byte
	if s.Agents != nil {
		if agentsText, err = s.Agents.MarshalText(); err != nil {
			return nil, err
		}
	}
	head.Agents, head.AgentsSize = nil, len(agentsText)
	var rules, places bytes.Buffer
	var layout strings.Builder
	byProgram := map[string][]int{}
	for i, r := range all {
		names, ok := engine.FiledPrograms(engine.CompileTrusted(r.Spec, r.Scope))
		k := slices.Index(head.FiledScopes, r.Scope)
		if k < 0 && len(head.FiledScopes) < 26 {
			head.FiledScopes = append(head.FiledScopes, r.Scope)
			k = len(head.FiledScopes) - 1
		}
		if !ok || k < 0 {
			head.Rules = append(head.Rules, r)
			layout.WriteByte('-')
			continue
		}
		data, err := encodeLine(nonZero(reflect.ValueOf(r.Spec)))
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&places, "%012d %08d\n", rules.Len(), len(data))
		rules.Write(data)
		layout.WriteByte(byte('a' + k))
		slices.Sort(names)
		for _, n := range slices.Compact(names) {
			byProgram[n] = append(byProgram[n], i)
		}
	}
	if places.Len() == 0 {
		// Nothing filed: the snapshot is its line.
		head.FiledScopes = nil
		b, err := encodeLine(nonZero(reflect.ValueOf(&head)))
		return append(b, agentsText...), err
	}
	var programs bytes.Buffer
	for _, n := range slices.Sorted(maps.Keys(byProgram)) {
		programs.WriteString(n + " ")
		for j, place := range byProgram[n] {
			if j > 0 {
				programs.WriteByte(',')
			}
			programs.WriteString(strconv.Itoa(place))
		}
		programs.WriteByte('\n')
	}
	head.Filed, head.FiledPrograms = layout.String(), programs.Len()
	b, err := encodeLine(nonZero(reflect.ValueOf(&head)))
	if err != nil {
		return nil, err
	}
	b = append(b, programs.Bytes()...)
	b = append(b, places.Bytes()...)
	b = append(b, rules.Bytes()...)
	return append(b, agentsText...), nil
}

// AllRules returns the snapshot's rules in policy order, the filed ones
// decoded.
func (s *Snapshot) AllRules() ([]Rule, error) {
	if s.Filed == "" {
		return s.Rules, nil
	}
	compiled, _, err := s.rulesFiled(0, false)
	if err != nil {
		return nil, err
	}
	out := make([]Rule, len(compiled))
	for i, r := range compiled {
		out[i] = Rule{Scope: r.Scope, Spec: *r.RuleSpec}
	}
	return out, nil
}

// ClearFiled forgets the filed rules, once Rules holds them all.
func (s *Snapshot) ClearFiled() {
	s.Filed, s.FiledScopes, s.FiledPrograms, s.tail, s.rulesFile = "", nil, 0, nil, nil
}

// filed are a snapshot's filed rules, decoded on first use.
type filed struct {
	// base is the place of the snapshot's first rule in the policy.
	base int
	// layout and scopes are the snapshot's Filed and FiledScopes.
	layout   string
	scopes   []string
	programs []byte
	// count is the number of filed rules; rest holds the places index,
	// then the rules.
	count   int
	rest    io.ReaderAt
	size    int64
	mu      sync.Mutex
	decoded map[int]*engine.Rule
}

// damaged is the error of a snapshot whose filed rules cannot be read.
func damaged(what string) error {
	return fmt.Errorf("the compiled policy is damaged (%s): run `governance compile`", what)
}

// Places returns the policy places of the rules filed under program.
func (f *filed) Places(program string) []int {
	text := f.programs
	// The index is sorted: find the first line not below program.
	lo, hi := 0, len(text)
	for lo < hi {
		mid := (lo + hi) / 2
		start := bytes.LastIndexByte(text[:mid], '\n') + 1
		name, _, _ := bytes.Cut(text[start:], []byte(" "))
		if string(name) < program {
			end := bytes.IndexByte(text[mid:], '\n')
			if end < 0 {
				return nil
			}
			lo = mid + end + 1
		} else {
			hi = start
		}
	}
	line, _, _ := bytes.Cut(text[lo:], []byte("\n"))
	name, rest, _ := bytes.Cut(line, []byte(" "))
	if string(name) != program {
		return nil
	}
	list := string(rest)
	var out []int
	for list != "" {
		var word string
		word, list, _ = strings.Cut(list, ",")
		n, err := strconv.Atoi(word)
		if err != nil || n < 0 || n >= len(f.layout) {
			// A damaged index: the place past the rules decodes as a
			// rule that denies.
			n = len(f.layout)
		}
		out = append(out, f.base+n)
	}
	return out
}

// Rule decodes the rule at policy place i.
func (f *filed) Rule(i int) *engine.Rule {
	f.mu.Lock()
	defer f.mu.Unlock()
	if r := f.decoded[i]; r != nil {
		return r
	}
	scope := ""
	if p := i - f.base; p >= 0 && p < len(f.layout) && f.layout[p] != '-' && int(f.layout[p]-'a') < len(f.scopes) {
		scope = f.scopes[f.layout[p]-'a']
	}
	var r *engine.Rule
	if spec, err := f.decode(i-f.base, -1); err != nil {
		r = engine.FiledFailure(scope, err)
	} else {
		r = engine.CompileTrusted(spec, scope)
	}
	if f.decoded == nil {
		f.decoded = map[int]*engine.Rule{}
	}
	f.decoded[i] = r
	return r
}

// decode reads and decodes the rule filed at snapshot place p, the k-th
// filed rule (k < 0: count them).
func (f *filed) decode(p, k int) (engine.RuleSpec, error) {
	var spec engine.RuleSpec
	if p < 0 || p >= len(f.layout) || f.layout[p] == '-' {
		return spec, damaged(fmt.Sprintf("no rule filed at place %d", p))
	}
	if k < 0 {
		// The rule's record follows those of the rules filed before it.
		k = p - strings.Count(f.layout[:p], "-")
	}
	n := int64(f.count)
	var record [placeWidth]byte
	if _, err := f.rest.ReadAt(record[:], int64(k)*placeWidth); err != nil {
		return spec, damaged("its places index: " + err.Error())
	}
	off, err1 := strconv.ParseInt(string(record[:12]), 10, 64)
	size, err2 := strconv.Atoi(string(record[13:21]))
	start := n*placeWidth + off
	if err1 != nil || err2 != nil || record[12] != ' ' || record[21] != '\n' || off < 0 || size < 0 || start+int64(size) > f.size {
		return spec, damaged(fmt.Sprintf("its places index at place %d", p))
	}
	data := make([]byte, size)
	if _, err := f.rest.ReadAt(data, start); err != nil {
		return spec, damaged(err.Error())
	}
	if err := decodeInto(&spec, data); err != nil {
		return spec, damaged(err.Error())
	}
	return spec, nil
}

// readIndexes reads a snapshot file up to the end of its programs index;
// the filed rules are read from the file when a call needs them. The file
// stays open while the snapshot is in use: a newer snapshot replaces it by
// renaming, and the open file is still the one the indexes describe.
func readIndexes(path string) (*Snapshot, error) {
	if runtime.GOOS == "windows" {
		// An open file there keeps the next snapshot from replacing it.
		return Read(path)
	}
	// Most snapshots are a few kilobytes, read whole; a large policy's
	// line and programs index come first. One another user owns is
	// passed over (see open).
	data, size, file, err := regularfile.OpenHead(path, 16<<10, layout.CheckOwner)
	if err != nil {
		return nil, err
	}
	if file == nil {
		return Decode(data)
	}
	line := bytes.IndexByte(data, '\n')
	for line < 0 && int64(len(data)) < size {
		more := make([]byte, min(int64(len(data)), size-int64(len(data))))
		if _, err := io.ReadFull(file, more); err != nil {
			file.Close()
			return nil, err
		}
		data = append(data, more...)
		line = bytes.IndexByte(data, '\n')
	}
	if line < 0 || int64(len(data)) == size {
		file.Close()
		return Decode(data)
	}
	s, err := decodeHead(data[:line+1])
	if err != nil {
		file.Close()
		return nil, err
	}
	end := int64(line+1) + int64(s.FiledPrograms)
	if s.FiledPrograms < 0 || end > size {
		file.Close()
		return nil, damaged("its programs index is cut short")
	}
	if int64(len(data)) < end {
		whole := make([]byte, end)
		n := copy(whole, data)
		if _, err := io.ReadFull(file, whole[n:]); err != nil {
			file.Close()
			return nil, err
		}
		data = whole
	}
	rest := size - end - int64(s.AgentsSize)
	if s.AgentsSize < 0 || rest < 0 {
		file.Close()
		return nil, damaged("its agent definitions are cut short")
	}
	s.tail = data[line+1 : end]
	s.rulesFile = io.NewSectionReader(file, end, rest)
	if s.AgentsSize > 0 {
		s.Agents = &Agents{src: io.NewSectionReader(file, end+rest, int64(s.AgentsSize))}
	}
	s.AgentsSize = 0
	return s, nil
}

// rulesFiled compiles the snapshot's rules in policy order, the first at
// place base of the policy. With lazy, each filed rule is a stand-in,
// decoded through the returned [governance.FiledRules] when a command
// names its programs; otherwise all are decoded now.
func (s *Snapshot) rulesFiled(base int, lazy bool) ([]*engine.Rule, engine.FiledRules, error) {
	if s.Filed == "" {
		out := make([]*engine.Rule, len(s.Rules))
		for i, r := range s.Rules {
			out[i] = engine.CompileTrusted(r.Spec, r.Scope)
		}
		return out, nil, nil
	}
	if s.FiledPrograms < 0 || s.FiledPrograms > len(s.tail) && s.rulesFile == nil {
		return nil, nil, damaged("its programs index is cut short")
	}
	f := &filed{base: base, layout: s.Filed, scopes: s.FiledScopes, count: len(s.Filed) - strings.Count(s.Filed, "-")}
	if s.rulesFile != nil {
		f.programs = s.tail
		f.rest, f.size = s.rulesFile, s.rulesFile.Size()
	} else {
		f.programs = s.tail[:s.FiledPrograms]
		f.rest, f.size = bytes.NewReader(s.tail[s.FiledPrograms:]), int64(len(s.tail)-s.FiledPrograms)
	}
	out := make([]*engine.Rule, len(s.Filed))
	slots := make([]*engine.Rule, len(s.FiledScopes))
	j := 0
	for p := range out {
		c := s.Filed[p]
		switch {
		case c == '-':
			if j >= len(s.Rules) {
				return nil, nil, damaged("fewer rules than its layout says")
			}
			out[p] = engine.CompileTrusted(s.Rules[j].Spec, s.Rules[j].Scope)
			j++
		case c < 'a' || int(c-'a') >= len(s.FiledScopes):
			return nil, nil, damaged("its layout")
		case !lazy:
			spec, err := f.decode(p, p-j)
			if err != nil {
				return nil, nil, err
			}
			out[p] = engine.CompileTrusted(spec, s.FiledScopes[c-'a'])
		default:
			if slots[c-'a'] == nil {
				slots[c-'a'] = engine.FiledSlot(s.FiledScopes[c-'a'])
			}
			out[p] = slots[c-'a']
		}
	}
	if j != len(s.Rules) {
		return nil, nil, damaged("more rules than its layout says")
	}
	if !lazy {
		return out, nil, nil
	}
	return out, f, nil
}
