package daemon

import (
	"crypto/subtle"
	"encoding/json"
	"html/template"
	"io"
	"net/http"
	"os/user"
	"sort"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/approvals"
	"github.com/agentgov/governance/internal/confine"
	"github.com/agentgov/governance/internal/decisionlog"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/learned"
	"github.com/agentgov/governance/internal/pipeline"
)

const cookieName = "governance_token"

// routes are the page and the API.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.page)
	mux.HandleFunc("POST /approvals/{id}/{verb}", s.answerApproval)
	mux.HandleFunc("POST /v1/decide", s.decide)
	return mux
}

// authorized checks the token: a bearer header, the page's cookie, or a
// form field; compared in constant time.
func (s *Server) authorized(r *http.Request) bool {
	var got string
	if h := r.Header.Get("Authorization"); strings.HasPrefix(h, "Bearer ") {
		got = strings.TrimPrefix(h, "Bearer ")
	} else if c, err := r.Cookie(cookieName); err == nil {
		got = c.Value
	} else if r.Method == http.MethodPost {
		got = r.FormValue("token")
	}
	return got != "" && subtle.ConstantTimeCompare([]byte(got), []byte(s.token)) == 1
}

// sameOrigin rejects cross-site writes: a browser sends Origin with a
// POST, and it must be this page's.
func (s *Server) sameOrigin(r *http.Request) bool {
	o := r.Header.Get("Origin")
	return o == "" || o == s.url
}

// ownHost rejects a request addressed to another name (DNS rebinding: a
// page of another site whose name resolves to 127.0.0.1) or another
// spelling of this machine (127.1, 2130706433, [::1], localhost.): the
// Host header must be exactly the host:port the daemon prints, byte for
// byte. The page, its answers and the decide API all ask it.
func (s *Server) ownHost(r *http.Request) bool {
	return r.Host == s.host
}

// formToken checks the token a form carries. An answer needs it even with
// the page's cookie: a cookie is sent with any request to the address,
// the form's token only by the page that was given it.
func (s *Server) formToken(r *http.Request) bool {
	got := r.PostFormValue("token")
	return got != "" && subtle.ConstantTimeCompare([]byte(got), []byte(s.token)) == 1
}

func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	s.touch()
	if !s.ownHost(r) {
		http.Error(w, "wrong Host header", http.StatusMisdirectedRequest)
		return
	}
	if t := r.URL.Query().Get("token"); t != "" {
		if subtle.ConstantTimeCompare([]byte(t), []byte(s.token)) != 1 {
			http.Error(w, "wrong token", http.StatusUnauthorized)
			return
		}
		// Keep the token out of the address bar and the history.
		http.SetCookie(w, &http.Cookie{Name: cookieName, Value: s.token, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return
	}
	if !s.authorized(r) {
		w.WriteHeader(http.StatusUnauthorized)
		io.WriteString(w, "Open the address that `governance daemon` printed (it carries the token), or run `governance daemon --url`.\n")
		return
	}
	pending, _ := approvals.Open(s.cfg.StateDir).List(approvals.Pending)
	recent, hits := readLog(layout.Paths{StateDir: s.cfg.StateDir}.DecisionLog(), 50)
	data := struct {
		Token    string
		Pending  []*approvals.Item
		Recent   []logLine
		Hits     []hit
		Projects any
		Now      string
	}{s.token, pending, recent, hits, s.policies.status(), time.Now().Format("15:04:05")}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
	if err := pageTemplate.Execute(w, data); err != nil {
		s.logf("page: %v", err)
	}
}

func (s *Server) answerApproval(w http.ResponseWriter, r *http.Request) {
	s.touch()
	if !s.sameOrigin(r) {
		http.Error(w, "cross-origin request refused", http.StatusForbidden)
		return
	}
	if !s.ownHost(r) {
		http.Error(w, "wrong Host header", http.StatusMisdirectedRequest)
		return
	}
	if !s.formToken(r) {
		http.Error(w, "missing or wrong token in the form", http.StatusUnauthorized)
		return
	}
	verb := r.PathValue("verb")
	if verb != "approve" && verb != "deny" {
		http.Error(w, "approve or deny", http.StatusNotFound)
		return
	}
	by := "approvals page"
	if u, err := user.Current(); err == nil {
		by = u.Username + " (approvals page)"
	}
	it, err := approvals.Open(s.cfg.StateDir).Answer(r.PathValue("id"), verb == "approve", by, r.FormValue("message"), r.FormValue("always") == "on")
	if err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
		return
	}
	if it.Always {
		if e, file, err := learned.RecordAlways(it, layout.Discover(it.Cwd, "", s.cfg.Getenv).UserDir, time.Now(), nil); err != nil {
			s.logf("approval %s: approved once; not for good: %v", it.ID, err)
		} else {
			s.logf("approval %s: learned entry %s in %s", it.ID, e.ID, file)
		}
	}
	s.logf("approval %s: %s from the page", r.PathValue("id"), verb)
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// decideRequest is the API's request: a shell command, or a tool and its
// input, with the caller's context.
type decideRequest struct {
	Cmd           string         `json:"cmd"`
	Tool          string         `json:"tool"`
	Input         map[string]any `json:"input"`
	Agent         string         `json:"agent"`
	Cwd           string         `json:"cwd"`
	Justification string         `json:"justification"`
	Unattended    bool           `json:"unattended"`
}

// decisionJSON is the API's answer.
type decisionJSON struct {
	Decision   string `json:"decision"`
	Layer      string `json:"layer"`
	Rule       string `json:"rule"`
	Source     string `json:"source,omitempty"`
	Subject    string `json:"subject,omitempty"`
	Message    string `json:"message,omitempty"`
	Suggestion string `json:"suggestion,omitempty"`
	// Confined, Profile and Command: the call runs confined, under a
	// profile of this kind, as this command in place of its own.
	Confined bool   `json:"confined,omitempty"`
	Profile  string `json:"profile,omitempty"`
	Command  string `json:"command,omitempty"`
}

// decide is POST /v1/decide: the decision for a tool call, for tool
// servers that are not agent harnesses.
func (s *Server) decide(w http.ResponseWriter, r *http.Request) {
	s.touch()
	s.busy.Add(1)
	defer s.busy.Add(-1)
	if !s.ownHost(r) {
		http.Error(w, "wrong Host header", http.StatusMisdirectedRequest)
		return
	}
	if !strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ") || !s.authorized(r) {
		http.Error(w, "a bearer token is required", http.StatusUnauthorized)
		return
	}
	var in decideRequest
	if err := json.NewDecoder(io.LimitReader(r.Body, 8<<20)).Decode(&in); err != nil || in.Cmd == "" && in.Tool == "" {
		http.Error(w, `want {"cmd": "..."} or {"tool": "...", "input": {...}}, with "cwd"`, http.StatusBadRequest)
		return
	}
	if in.Cwd == "" || !strings.HasPrefix(in.Cwd, "/") {
		http.Error(w, "cwd must be the absolute folder the call runs in", http.StatusBadRequest)
		return
	}
	p := s.paths(in.Cwd)
	req := &engine.Request{Harness: "api", Event: "PreToolUse", Cwd: in.Cwd, ProjectRoot: p.ProjectRoot, Home: p.Home,
		Agent: in.Agent, Justification: in.Justification, Unattended: in.Unattended}
	if in.Cmd != "" {
		req.Tool = engine.Tool{Kind: engine.KindShell, Name: "shell", Input: engine.Input{Command: in.Cmd}}
	} else {
		req.Tool = engine.ToolCall(in.Tool, in.Input)
		req.FollowShellFolder(in.Input)
	}
	pol := s.policies.load(p)
	p.StateDir = s.cfg.StateDir
	pipe := pipeline.New(pipeline.Options{Policy: pol, Paths: p, Label: "api",
		Evaluators: pipeline.Evaluators{Plugins: s.plugins.Caller, Models: s.models.New},
		Env: pipeline.Env{Getenv: s.cfg.Getenv, LookupEnv: unknownEnv, Now: time.Now, Confiner: confine.Locate,
			Warn: func(err error) { s.logf("decision log: %v", err) }}})
	// The decision the hook would give: a call the caller may run as it
	// is rewritten.
	d := pipe.Decide(r.Context(), pipeline.Call{Request: req, Mode: pipeline.Report, Rewrites: true, Unwatched: in.Unattended}).Decision
	out := decisionJSON{Decision: d.Outcome.String(), Layer: d.Layer, Rule: d.Rule, Source: d.Source,
		Subject: d.Subject, Message: d.Message, Suggestion: d.Suggestion}
	if c := d.Confinement; c != nil {
		out.Confined, out.Profile, out.Command = true, c.Kind, c.Command
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(out)
}

// logLine is a decision shown on the page.
type logLine struct {
	Time, Decision, Rule, Agent, Subject string
}

type hit struct {
	Rule  string
	Count int
}

// readLog reads the newest decisions of the decision log and counts the
// rules that decided.
func readLog(path string, n int) ([]logLine, []hit) {
	var lines []logLine
	counts := map[string]int{}
	for e, err := range decisionlog.Read(path, decisionlog.Filter{}) {
		if err != nil {
			break
		}
		counts[e.Result.Rule]++
		lines = append(lines, logLine{Time: e.Timestamp.Local().Format("01-02 15:04:05"), Decision: e.Result.Decision,
			Rule: e.Result.Rule, Agent: e.Input.Agent, Subject: engine.Sanitize(e.Result.Subject)})
		if len(lines) > n {
			lines = lines[1:]
		}
	}
	for i, j := 0, len(lines)-1; i < j; i, j = i+1, j-1 {
		lines[i], lines[j] = lines[j], lines[i]
	}
	var hits []hit
	for r, c := range counts {
		if r != "" {
			hits = append(hits, hit{r, c})
		}
	}
	sort.Slice(hits, func(i, j int) bool {
		return hits[i].Count > hits[j].Count || hits[i].Count == hits[j].Count && hits[i].Rule < hits[j].Rule
	})
	if len(hits) > 25 {
		hits = hits[:25]
	}
	return lines, hits
}

var pageTemplate = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="15">
<title>governance</title>
<style>
body{font-family:system-ui,sans-serif;margin:1.5rem;max-width:70rem;color:#222}
h1{font-size:1.3rem}h2{font-size:1.1rem;margin-top:2rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.35rem .5rem;text-align:left;vertical-align:top}
code{font-size:.9rem;white-space:pre-wrap;word-break:break-all}pre.input{font-size:.85rem;white-space:pre-wrap;word-break:break-all;background:#f6f6f6;padding:.4rem;margin:.3rem 0;max-height:30rem;overflow:auto}.why{color:#555;font-size:.9rem}
button{padding:.3rem .9rem;margin-right:.4rem}form{display:inline}input[type=text]{width:14rem}
.deny{color:#a00}.allow{color:#060}.ask{color:#a60}
</style></head><body>
<h1>governance</h1>
<p class="why">Updated {{.Now}}; the page refreshes every 15 seconds.</p>
<h2>Waiting for you ({{len .Pending}})</h2>
{{if .Pending}}<table><tr><th>id</th><th>call</th><th>agent</th><th>answer</th></tr>
{{range .Pending}}<tr id="approval-{{.ID}}"><td>{{.ID}}</td><td><code>{{.Summary}}</code>
<pre class="input">{{.Preview}}</pre>{{if .Cut}}<details><summary>whole input</summary><pre class="input">{{.Whole}}</pre></details>{{end}}
<div class="why">{{if .Unverified}}<strong>{{.Unverified}}</strong><br>{{end}}{{.Reason}}{{if .Justification}}<br>agent's reason: {{.Justification}}{{end}}{{if .Safety}}<br>why it is safe, says the caller: {{.Safety}}{{end}}<br>{{.Project}}</div></td>
<td>{{.Agent}}<div class="why">{{.Harness}} {{.Session}}</div></td>
<td><form method="post" action="/approvals/{{.ID}}/approve"><input type="hidden" name="token" value="{{$.Token}}">
<label title="always: a learned entry allows this command, or this tool on these paths WITH ANY CONTENT, or this MCP tool WITH ANY ARGUMENTS, from now on"><input type="checkbox" name="always"> always (any content)</label> <button type="submit" name="approve" id="approve-{{.ID}}">Approve</button></form>
<form method="post" action="/approvals/{{.ID}}/deny"><input type="hidden" name="token" value="{{$.Token}}">
<input type="text" name="message" placeholder="message for the agent"> <button type="submit" id="deny-{{.ID}}">Deny</button></form></td></tr>
{{end}}</table>{{else}}<p>Nothing is waiting.</p>{{end}}
<h2>Recent decisions</h2>
{{if .Recent}}<table><tr><th>time</th><th>decision</th><th>rule</th><th>agent</th><th>subject</th></tr>
{{range .Recent}}<tr><td>{{.Time}}</td><td class="{{.Decision}}">{{.Decision}}</td><td>{{.Rule}}</td><td>{{.Agent}}</td><td><code>{{.Subject}}</code></td></tr>
{{end}}</table>{{else}}<p>No decisions logged yet.</p>{{end}}
<h2>Rule hits</h2>
{{if .Hits}}<table><tr><th>rule</th><th>decisions</th></tr>{{range .Hits}}<tr><td>{{.Rule}}</td><td>{{.Count}}</td></tr>{{end}}</table>{{else}}<p>None yet.</p>{{end}}
</body></html>
`))
