package mcpproxy

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// publishTools makes the agents' server offer an upstream's tools as
// {server}_{tool}, replacing what it offered before. A tool whose name
// would not be valid, or whose input schema is not an object, is left
// out and reported.
func (p *Proxy) publishTools(u *upstream, tools []*mcp.Tool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.agent == nil {
		return
	}
	want := map[string]bool{}
	for _, t := range tools {
		name := u.cfg.Name + "_" + t.Name
		if !ValidToolName(name) {
			p.warnf("server %s: tool %q is left out: %q is not a valid tool name (letters, digits, '_' and '-', at most 64)",
				u.cfg.Name, t.Name, name)
			continue
		}
		if !objectSchema(t.InputSchema) {
			p.warnf("server %s: tool %q is left out: its input schema is not an object", u.cfg.Name, t.Name)
			continue
		}
		nt := *t
		nt.Name = name
		orig := t.Name
		if err := safely(func() {
			p.agent.AddTool(&nt, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return u.callTool(ctx, req.Session, orig, req.Params)
			})
		}); err != nil {
			p.warnf("server %s: tool %q is left out: %v", u.cfg.Name, t.Name, err)
			continue
		}
		want[name] = true
		p.tools[name] = toolRef{server: u.cfg.Name, name: orig, up: u}
	}
	var stale []string
	for name, ref := range p.tools {
		if ref.up == u && !want[name] {
			stale = append(stale, name)
			delete(p.tools, name)
		}
	}
	if len(stale) > 0 {
		p.agent.RemoveTools(stale...)
	}
}

// publishPrompts offers an upstream's prompts as {server}_{prompt}.
func (p *Proxy) publishPrompts(u *upstream, prompts []*mcp.Prompt) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.agent == nil {
		return
	}
	want := map[string]bool{}
	for _, pr := range prompts {
		name := u.cfg.Name + "_" + pr.Name
		if !ValidToolName(name) {
			p.warnf("server %s: prompt %q is left out: %q is not a valid name", u.cfg.Name, pr.Name, name)
			continue
		}
		np := *pr
		np.Name = name
		orig := pr.Name
		p.agent.AddPrompt(&np, func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			cs := u.session()
			if cs == nil {
				return nil, u.unavailable()
			}
			params := *req.Params
			params.Name = orig
			meta, end := p.relay.begin(ctx, u, req.Session, params.Meta)
			defer end()
			params.Meta = meta
			res, err := cs.GetPrompt(ctx, &params)
			if err != nil {
				return nil, u.requestError(ctx, err)
			}
			return res, nil
		})
		want[name] = true
		p.prompts[name] = toolRef{server: u.cfg.Name, name: orig, up: u}
	}
	var stale []string
	for name, ref := range p.prompts {
		if ref.up == u && !want[name] {
			stale = append(stale, name)
			delete(p.prompts, name)
		}
	}
	if len(stale) > 0 {
		p.agent.RemovePrompts(stale...)
	}
}

// publishResources offers an upstream's resources and templates under
// their own URIs, which tool results refer to. When two servers list the
// same URI, the first to list it serves it.
func (p *Proxy) publishResources(u *upstream, resources []*mcp.Resource, templates []*mcp.ResourceTemplate) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.agent == nil {
		return
	}
	read := func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		cs := u.session()
		if cs == nil {
			return nil, u.unavailable()
		}
		params := *req.Params
		meta, end := p.relay.begin(ctx, u, req.Session, params.Meta)
		defer end()
		params.Meta = meta
		res, err := cs.ReadResource(ctx, &params)
		if err != nil {
			return nil, u.requestError(ctx, err)
		}
		return res, nil
	}
	want := map[string]bool{}
	for _, r := range resources {
		if owner := p.resources[r.URI]; (owner != nil && owner != u) || reservedURI(r.URI) {
			p.warnf("server %s: resource %s is left out: another server offers it", u.cfg.Name, r.URI)
			continue
		}
		if err := safely(func() { p.agent.AddResource(r, read) }); err != nil {
			p.warnf("server %s: resource %s is left out: %v", u.cfg.Name, r.URI, err)
			continue
		}
		want[r.URI] = true
		p.resources[r.URI] = u
	}
	var stale []string
	for uri, owner := range p.resources {
		if owner == u && !want[uri] {
			stale = append(stale, uri)
			delete(p.resources, uri)
		}
	}
	if len(stale) > 0 {
		p.agent.RemoveResources(stale...)
	}

	want = map[string]bool{}
	for _, t := range templates {
		if owner := p.templates[t.URITemplate]; (owner != nil && owner != u) || reservedURI(t.URITemplate) {
			p.warnf("server %s: resource template %s is left out: another server offers it", u.cfg.Name, t.URITemplate)
			continue
		}
		if err := safely(func() { p.agent.AddResourceTemplate(t, read) }); err != nil {
			p.warnf("server %s: resource template %s is left out: %v", u.cfg.Name, t.URITemplate, err)
			continue
		}
		want[t.URITemplate] = true
		p.templates[t.URITemplate] = u
	}
	stale = stale[:0]
	for uri, owner := range p.templates {
		if owner == u && !want[uri] {
			stale = append(stale, uri)
			delete(p.templates, uri)
		}
	}
	if len(stale) > 0 {
		p.agent.RemoveResourceTemplates(stale...)
	}
}

// reservedURI reports the URIs of the proxy's own resources.
func reservedURI(uri string) bool { return strings.HasPrefix(uri, policyScheme+":") }

// owner finds the upstream that serves a resource URI: the one that
// listed it, else the one whose template matches it.
func (p *Proxy) owner(uri string) *upstream {
	p.mu.Lock()
	defer p.mu.Unlock()
	if u := p.resources[uri]; u != nil {
		return u
	}
	for tmpl, u := range p.templates {
		if templateMatches(tmpl, uri) {
			return u
		}
	}
	return nil
}

// templateMatches reports whether a URI could come from a URI template:
// its literal text around the {expressions} is there, in order.
func templateMatches(tmpl, uri string) bool {
	parts := []string{}
	for {
		i := strings.IndexByte(tmpl, '{')
		if i < 0 {
			parts = append(parts, tmpl)
			break
		}
		j := strings.IndexByte(tmpl[i:], '}')
		if j < 0 {
			return false
		}
		parts = append(parts, tmpl[:i])
		tmpl = tmpl[i+j+1:]
	}
	if !strings.HasPrefix(uri, parts[0]) {
		return false
	}
	rest := uri[len(parts[0]):]
	for _, lit := range parts[1:] {
		k := strings.Index(rest, lit)
		if k < 0 {
			return false
		}
		rest = rest[k+len(lit):]
	}
	return parts[len(parts)-1] == "" || strings.HasSuffix(uri, parts[len(parts)-1])
}

// complete forwards a completion request to the server of the prompt or
// resource it is about.
func (p *Proxy) complete(ctx context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
	params := *req.Params
	ref := *params.Ref
	var u *upstream
	switch ref.Type {
	case "ref/prompt":
		p.mu.Lock()
		pr, ok := p.prompts[ref.Name]
		p.mu.Unlock()
		if !ok {
			return nil, fmt.Errorf("unknown prompt %q", ref.Name)
		}
		u, ref.Name = pr.up, pr.name
	case "ref/resource":
		if u = p.owner(ref.URI); u == nil {
			return nil, fmt.Errorf("no server offers resource %q", ref.URI)
		}
	default:
		return nil, fmt.Errorf("unknown reference type %q", ref.Type)
	}
	cs := u.session()
	if cs == nil {
		return nil, u.unavailable()
	}
	params.Ref = &ref
	res, err := cs.Complete(ctx, &params)
	if err != nil {
		return nil, u.requestError(ctx, err)
	}
	return res, nil
}

// subscribe passes a client's resource subscription on to the server of
// the resource, once per URI however many clients subscribe.
func (p *Proxy) subscribe(ctx context.Context, req *mcp.SubscribeRequest) error {
	uri := req.Params.URI
	u := p.owner(uri)
	if u == nil {
		return fmt.Errorf("no server offers resource %q", uri)
	}
	p.mu.Lock()
	p.subscribed[uri]++
	first := p.subscribed[uri] == 1
	p.mu.Unlock()
	if !first {
		return nil
	}
	cs := u.session()
	if cs == nil {
		return u.unavailable()
	}
	if err := cs.Subscribe(ctx, &mcp.SubscribeParams{URI: uri}); err != nil {
		p.mu.Lock()
		p.subscribed[uri]--
		p.mu.Unlock()
		return u.requestError(ctx, err)
	}
	return nil
}

// unsubscribe ends the server's subscription when its last client
// unsubscribes.
func (p *Proxy) unsubscribe(ctx context.Context, req *mcp.UnsubscribeRequest) error {
	uri := req.Params.URI
	p.mu.Lock()
	if p.subscribed[uri] > 0 {
		p.subscribed[uri]--
	}
	last := p.subscribed[uri] == 0
	if last {
		delete(p.subscribed, uri)
	}
	p.mu.Unlock()
	u := p.owner(uri)
	if !last || u == nil {
		return nil
	}
	if cs := u.session(); cs != nil {
		if err := cs.Unsubscribe(ctx, &mcp.UnsubscribeParams{URI: uri}); err != nil {
			return u.requestError(ctx, err)
		}
	}
	return nil
}

// objectSchema reports whether an input schema, as a client decoded it,
// is a JSON Schema of type object.
func objectSchema(s any) bool {
	m, ok := s.(map[string]any)
	return ok && m["type"] == "object"
}

// safely runs a registration that panics on input it rejects.
func safely(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	f()
	return nil
}
