package snapshot

import (
	"bytes"
	"io"
	"path/filepath"
	"reflect"
	"strings"
	"sync"

	"github.com/agentgov/governance/agents"
)

// Agents are a snapshot's agent definitions. A snapshot keeps them as
// one JSON text, decoded on first use: most calls come from no named
// agent, and decoding the definitions governance init writes was about
// 40% of decoding the snapshot, in every hook process (perf, a project
// made by governance init).
type Agents struct {
	once sync.Once
	text []byte
	// src holds the text in a snapshot file too large to read whole.
	src  *io.SectionReader
	list []*agents.Agent
	err  error
}

// NewAgents holds list; nil when it is empty.
func NewAgents(list []*agents.Agent) *Agents {
	if len(list) == 0 {
		return nil
	}
	a := &Agents{list: list}
	a.once.Do(func() {})
	return a
}

// All returns every definition, decoding them on first use.
func (a *Agents) All() ([]*agents.Agent, error) {
	if a == nil {
		return nil, nil
	}
	a.once.Do(func() {
		if a.src != nil {
			a.text = make([]byte, a.src.Size())
			if _, a.err = a.src.ReadAt(a.text, 0); a.err != nil {
				return
			}
		}
		var list []*agents.Agent
		if a.err = decodeInto(&list, a.text); a.err == nil {
			a.list = list
		}
	})
	return a.list, a.err
}

// Lookup finds an agent by its name; a Claude Code agent also by its file
// name, as the registry does.
func (a *Agents) Lookup(name string) ([]*agents.Agent, error) {
	all, err := a.All()
	var out []*agents.Agent
	for _, x := range all {
		if x.Name == name || x.Format == agents.FormatClaude && x.Err == "" && strings.TrimSuffix(filepath.Base(x.Source), ".md") == name {
			out = append(out, x)
		}
	}
	return out, err
}

// MarshalText renders the definitions as JSON, zero fields left out.
func (a *Agents) MarshalText() ([]byte, error) {
	all, err := a.All()
	if err != nil {
		return nil, err
	}
	data, err := encodeLine(nonZero(reflect.ValueOf(all)))
	return bytes.TrimSuffix(data, []byte("\n")), err
}

// UnmarshalText keeps the JSON of the definitions for [Agents.All].
func (a *Agents) UnmarshalText(text []byte) error {
	a.text = bytes.Clone(text)
	return nil
}
