package pluginhost

import (
	"encoding/json"
	"sync"
	"time"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/plugineval"
)

// IdleStop is how long a plugin in a pool may go unused before its
// process is ended; the next call starts it again.
const IdleStop = 10 * time.Minute

// Pool keeps plugins warm, one per configuration: the daemon's projects
// share a plugin that the user's configuration names. It is safe for
// concurrent use.
type Pool struct {
	opts Options
	mu   sync.Mutex
	by   map[string]*Plugin
	done chan struct{}
	once sync.Once
}

// NewPool returns an empty pool; plugins start on first use.
func NewPool(o Options) *Pool {
	p := &Pool{opts: o, by: map[string]*Plugin{}, done: make(chan struct{})}
	go p.reap()
	return p
}

// Caller returns the plugin of a spec, a new one when the pool has none.
// A changed configuration is a new plugin; the old one's process idles
// out.
func (p *Pool) Caller(spec engine.PluginSpec) plugineval.Caller { return p.Get(spec) }

// Get returns the plugin of a spec, a new one when the pool has none.
func (p *Pool) Get(spec engine.PluginSpec) *Plugin {
	key, _ := json.Marshal(spec)
	p.mu.Lock()
	defer p.mu.Unlock()
	pl := p.by[string(key)]
	if pl == nil {
		pl = New(spec, p.opts)
		p.by[string(key)] = pl
	}
	return pl
}

// plugins lists the plugins in the pool.
func (p *Pool) plugins() []*Plugin {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]*Plugin, 0, len(p.by))
	for _, pl := range p.by {
		out = append(out, pl)
	}
	return out
}

// reap ends the processes of plugins that have idled for IdleStop.
func (p *Pool) reap() {
	t := time.NewTicker(IdleStop / 4)
	defer t.Stop()
	for {
		select {
		case <-p.done:
			return
		case now := <-t.C:
			for _, pl := range p.plugins() {
				pl.rest(now.Add(-IdleStop))
			}
		}
	}
}

// Close stops every plugin.
func (p *Pool) Close() {
	p.once.Do(func() { close(p.done) })
	p.mu.Lock()
	all := p.by
	p.by = map[string]*Plugin{}
	p.mu.Unlock()
	var wg sync.WaitGroup
	for _, pl := range all {
		wg.Go(pl.Stop)
	}
	wg.Wait()
}
