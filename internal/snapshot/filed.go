package snapshot

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"os"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/agentgov/governance/governance"
)

// A snapshot files the rules that only shell commands of named programs
// can match (see [governance.FiledPrograms]) after its first line, so that
// the hook decodes only those of the programs a call names. After the
// line come, as text:
//
//	the programs index, sorted:  PROGRAM PLACE[,PLACE...]
//	the places index, in order:  PLACE SCOPE OFFSET LENGTH
//	the rules, each one line of JSON, at OFFSET bytes after the indexes
//
// PLACE is the rule's place among the snapshot's rules, all of them.

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
	head.Rules, head.FiledPrograms, head.FiledPlaces, head.tail = nil, 0, 0, nil
	var rules, places bytes.Buffer
	byProgram := map[string][]int{}
	for i, r := range all {
		names, ok := governance.FiledPrograms(governance.CompileTrusted(r.Spec, r.Scope))
		if !ok || r.Scope == "" || strings.ContainsAny(r.Scope, " \t\n") {
			head.Rules = append(head.Rules, r)
			continue
		}
		data, err := encodeLine(nonZero(reflect.ValueOf(r.Spec)))
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&places, "%d %s %d %d\n", i, r.Scope, rules.Len(), len(data))
		rules.Write(data)
		slices.Sort(names)
		for _, n := range slices.Compact(names) {
			byProgram[n] = append(byProgram[n], i)
		}
	}
	var programs bytes.Buffer
	for _, n := range sortedKeys(byProgram) {
		programs.WriteString(n + " ")
		for j, place := range byProgram[n] {
			if j > 0 {
				programs.WriteByte(',')
			}
			programs.WriteString(strconv.Itoa(place))
		}
		programs.WriteByte('\n')
	}
	head.FiledPrograms, head.FiledPlaces = programs.Len(), places.Len()
	b, err := encodeLine(nonZero(reflect.ValueOf(&head)))
	if err != nil {
		return nil, err
	}
	b = append(b, programs.Bytes()...)
	b = append(b, places.Bytes()...)
	return append(b, rules.Bytes()...), nil
}

func sortedKeys(m map[string][]int) []string {
	return slices.Sorted(maps.Keys(m))
}

// AllRules returns the snapshot's rules in policy order, the filed ones
// decoded.
func (s *Snapshot) AllRules() ([]Rule, error) {
	if s.FiledPlaces == 0 {
		return s.Rules, nil
	}
	compiled, err := s.rules(0, false)
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
func (s *Snapshot) ClearFiled() { s.FiledPrograms, s.FiledPlaces, s.tail = 0, 0, nil }

// filed are a snapshot's filed rules, decoded on first use.
type filed struct {
	// base is the place of the snapshot's first rule in the policy.
	base int
	// programs is the programs index; places the places index, read.
	programs string
	places   []filedPlace
	rules    io.ReaderAt
	size     int
	mu       sync.Mutex
	decoded  map[int]*governance.Rule
}

type filedPlace struct {
	place, off, n int
	scope         string
}

// damaged is the error of a snapshot whose filed rules cannot be read.
func damaged(what string) error {
	return fmt.Errorf("the compiled policy is damaged (%s): run `governance compile`", what)
}

// readFiled reads the indexes of the snapshot's filed rules.
func (s *Snapshot) readFiled(base int) (*filed, error) {
	if s.FiledPrograms < 0 || s.FiledPlaces < 0 || s.FiledPrograms+s.FiledPlaces > len(s.tail) {
		return nil, damaged("its indexes are cut short")
	}
	text := string(s.tail[:s.FiledPrograms+s.FiledPlaces])
	f := &filed{base: base, programs: text[:s.FiledPrograms]}
	if s.rulesFile != nil {
		f.rules, f.size = s.rulesFile, int(s.rulesFile.Size())
	} else {
		f.rules, f.size = bytes.NewReader(s.tail[len(text):]), len(s.tail)-len(text)
	}
	places := text[s.FiledPrograms:]
	f.places = make([]filedPlace, 0, strings.Count(places, "\n"))
	for places != "" {
		var line string
		line, places, _ = strings.Cut(places, "\n")
		var p filedPlace
		var ok bool
		p.place, line, ok = cutNumber(line)
		p.scope, line, _ = strings.Cut(line, " ")
		var ok2, ok3 bool
		p.off, line, ok2 = cutNumber(line)
		p.n, _, ok3 = cutNumber(line)
		if !ok || !ok2 || !ok3 || p.scope == "" || p.off+p.n > f.size ||
			len(f.places) > 0 && p.place <= f.places[len(f.places)-1].place {
			return nil, damaged("its places index")
		}
		f.places = append(f.places, p)
	}
	return f, nil
}

// cutNumber reads a decimal number up to the next space.
func cutNumber(s string) (n int, rest string, ok bool) {
	word, rest, _ := strings.Cut(s, " ")
	n, err := strconv.Atoi(word)
	return n, rest, err == nil && n >= 0
}

// Places returns the policy places of the rules filed under program.
func (f *filed) Places(program string) []int {
	text := f.programs
	// The index is sorted: find the first line not below program.
	lo, hi := 0, len(text)
	for lo < hi {
		mid := (lo + hi) / 2
		start := strings.LastIndexByte(text[:mid], '\n') + 1
		name, _, _ := strings.Cut(text[start:], " ")
		if name < program {
			end := strings.IndexByte(text[mid:], '\n')
			if end < 0 {
				return nil
			}
			lo = mid + end + 1
		} else {
			hi = start
		}
	}
	line, _, _ := strings.Cut(text[lo:], "\n")
	name, list, _ := strings.Cut(line, " ")
	if name != program {
		return nil
	}
	var out []int
	for list != "" {
		var word string
		word, list, _ = strings.Cut(list, ",")
		n, err := strconv.Atoi(word)
		if err != nil {
			return nil
		}
		out = append(out, f.base+n)
	}
	return out
}

// Rule decodes the rule at policy place i.
func (f *filed) Rule(i int) *governance.Rule {
	f.mu.Lock()
	defer f.mu.Unlock()
	if r := f.decoded[i]; r != nil {
		return r
	}
	k := sort.Search(len(f.places), func(k int) bool { return f.places[k].place >= i-f.base })
	var r *governance.Rule
	if k == len(f.places) || f.places[k].place != i-f.base {
		r = governance.FiledFailure("", damaged(fmt.Sprintf("no rule at place %d", i-f.base)))
	} else {
		p := f.places[k]
		if spec, err := f.decode(p); err != nil {
			r = governance.FiledFailure(p.scope, err)
		} else {
			r = governance.CompileTrusted(spec, p.scope)
		}
	}
	if f.decoded == nil {
		f.decoded = map[int]*governance.Rule{}
	}
	f.decoded[i] = r
	return r
}

// decode reads and decodes the rule filed at p.
func (f *filed) decode(p filedPlace) (governance.RuleSpec, error) {
	var spec governance.RuleSpec
	data := make([]byte, p.n)
	if _, err := f.rules.ReadAt(data, int64(p.off)); err != nil {
		return spec, damaged(err.Error())
	}
	if err := decodeInto(&spec, data); err != nil {
		return spec, damaged(err.Error())
	}
	return spec, nil
}

// readIndexes reads a snapshot file up to the end of its indexes; the
// filed rules are read from the file when a call needs them. The file
// stays open while the snapshot is in use: a newer snapshot replaces it
// by renaming, and the open file is still the one the indexes describe.
func readIndexes(path string) (*Snapshot, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	info, err := file.Stat()
	if err != nil {
		file.Close()
		return nil, err
	}
	// Most snapshots are a few kilobytes; a large policy's header line
	// and indexes come first.
	data := make([]byte, min(info.Size(), 64<<10))
	n, err := io.ReadFull(file, data)
	if err != nil {
		file.Close()
		return nil, err
	}
	if int64(n) == info.Size() {
		file.Close()
		return Decode(data)
	}
	line := bytes.IndexByte(data, '\n')
	for line < 0 {
		more := make([]byte, len(data))
		m, err := io.ReadFull(file, more)
		data = append(data, more[:m]...)
		if err != nil && m == 0 {
			file.Close()
			return Decode(data)
		}
		line = bytes.IndexByte(data, '\n')
	}
	s, err := Decode(data[:line+1])
	if err != nil {
		file.Close()
		return nil, err
	}
	indexes := s.FiledPrograms + s.FiledPlaces
	end := int64(line+1) + int64(indexes)
	if indexes < 0 || end > info.Size() {
		file.Close()
		return nil, damaged("its indexes are cut short")
	}
	if int64(len(data)) < end {
		more := make([]byte, end-int64(len(data)))
		if _, err := io.ReadFull(file, more); err != nil {
			file.Close()
			return nil, err
		}
		data = append(data, more...)
	}
	s.tail = data[line+1 : end]
	s.rulesFile = io.NewSectionReader(file, end, info.Size()-end)
	return s, nil
}

// rules compiles the snapshot's rules in policy order, the first at place
// base of the policy. With lazy, each filed rule is a stand-in, decoded
// through the returned [governance.FiledRules] when a command names its
// programs; otherwise all are decoded now.
func (s *Snapshot) rules(base int, lazy bool) ([]*governance.Rule, error) {
	rules, _, err := s.rulesFiled(base, lazy)
	return rules, err
}

func (s *Snapshot) rulesFiled(base int, lazy bool) ([]*governance.Rule, governance.FiledRules, error) {
	if s.FiledPlaces == 0 {
		out := make([]*governance.Rule, len(s.Rules))
		for i, r := range s.Rules {
			out[i] = governance.CompileTrusted(r.Spec, r.Scope)
		}
		return out, nil, nil
	}
	f, err := s.readFiled(base)
	if err != nil {
		return nil, nil, err
	}
	out := make([]*governance.Rule, len(s.Rules)+len(f.places))
	slots := map[string]*governance.Rule{}
	for _, p := range f.places {
		if p.place >= len(out) {
			return nil, nil, damaged("a place beyond the rules")
		}
		switch {
		case !lazy:
			spec, err := f.decode(p)
			if err != nil {
				return nil, nil, err
			}
			out[p.place] = governance.CompileTrusted(spec, p.scope)
		case slots[p.scope] != nil:
			out[p.place] = slots[p.scope]
		default:
			slots[p.scope] = governance.FiledSlot(p.scope)
			out[p.place] = slots[p.scope]
		}
	}
	j := 0
	for i := range out {
		if out[i] != nil {
			continue
		}
		if j >= len(s.Rules) {
			return nil, nil, damaged("fewer rules than places")
		}
		out[i] = governance.CompileTrusted(s.Rules[j].Spec, s.Rules[j].Scope)
		j++
	}
	if !lazy {
		return out, nil, nil
	}
	return out, f, nil
}
