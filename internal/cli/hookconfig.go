package cli

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/jsonedit"
	"github.com/agentgov/governance/internal/shellquote"
)

// Harnesses keep their hooks in JSON settings under "hooks", keyed by
// event. Claude Code, Codex and Gemini CLI group handlers under a matcher
// ({"matcher": "*", "hooks": [handler]}); Cursor and Copilot list handlers
// directly. A handler is ours when its command runs governance-hook.

// hookEvent is one event a harness calls the hook on.
type hookEvent struct {
	// name is the event as the harness spells it.
	name string
	// matcher is the matcher of a new group ("" for none).
	matcher string
	// decides marks the tool-call event: its timeout includes the
	// approval wait.
	decides bool
	// blocks marks events where a failing hook must block, where the
	// harness has a switch for it.
	blocks bool
}

// hookConfig describes one harness's JSON hook settings.
type hookConfig struct {
	events []hookEvent
	// grouped: handlers sit in matcher groups.
	grouped bool
	// handler sets the fields of our handler for an event.
	handler func(h *jsonedit.Object, ev hookEvent, hook string, approvalWait int)
	// prepare sets what the settings need besides handlers (a version,
	// hooks switched on). It may be nil.
	prepare func(doc *jsonedit.Object) error
	// failClosed reports whether a handler is set to block when it
	// fails; nil when the harness has no such switch.
	failClosed func(h *jsonedit.Object) bool
	// commandKey is the handler key that holds the command ("command"
	// when empty).
	commandKey string
	// timeoutUnit is the unit of the harness's timeouts ("s" when empty).
	timeoutUnit string
	// check reports a setting that keeps the hook from running, "" when
	// none does. It may be nil.
	check func(doc *jsonedit.Object) string
}

// hookTimeoutFor is an event's timeout in seconds.
func hookTimeoutFor(ev hookEvent, approvalWait int) int {
	if ev.decides {
		return hookTimeout + approvalWait
	}
	return hookTimeout
}

// shellCommand is a command line that runs the hook in a dialect, for
// harnesses that run hooks through a shell.
func shellCommand(hook string, args ...string) string {
	return shellquote.Join(append([]string{hook}, args...))
}

// merge adds our handler to every event, or updates it where it is, and
// keeps every other handler and setting.
func (c hookConfig) merge(doc *jsonedit.Object, hook string, approvalWait int) error {
	if c.prepare != nil {
		if err := c.prepare(doc); err != nil {
			return err
		}
	}
	hooks, err := doc.Object("hooks")
	if err != nil {
		return err
	}
	for _, ev := range c.events {
		list, err := eventList(hooks, ev.name)
		if err != nil {
			return err
		}
		found := false
		c.eachHandler(list, func(h *jsonedit.Object) {
			c.handler(h, ev, hook, approvalWait)
			found = true
		})
		if !found {
			h := jsonedit.NewObject()
			c.handler(h, ev, hook, approvalWait)
			if c.grouped {
				group := jsonedit.NewObject()
				if ev.matcher != "" {
					group.Set("matcher", ev.matcher)
				}
				group.Set("hooks", []any{h})
				list = append(list, group)
			} else {
				list = append(list, h)
			}
		}
		hooks.Set(ev.name, list)
	}
	return nil
}

// remove deletes our handlers from every event, and the groups and event
// lists they leave empty. It reports whether it removed any.
func (c hookConfig) remove(doc *jsonedit.Object) (bool, error) {
	v, ok := doc.Get("hooks")
	if !ok {
		return false, nil
	}
	hooks, ok := v.(*jsonedit.Object)
	if !ok {
		return false, fmt.Errorf("hooks is not a JSON object")
	}
	removed := false
	for _, name := range append([]string(nil), hooks.Keys()...) {
		list, err := eventList(hooks, name)
		if err != nil {
			return false, err
		}
		var keep []any
		for _, e := range list {
			o, ok := e.(*jsonedit.Object)
			if !ok {
				keep = append(keep, e)
				continue
			}
			if !c.grouped {
				if c.ours(o) {
					removed = true
					continue
				}
				keep = append(keep, e)
				continue
			}
			hv, _ := o.Get("hooks")
			handlers, _ := hv.([]any)
			var rest []any
			for _, h := range handlers {
				if ho, ok := h.(*jsonedit.Object); ok && c.ours(ho) {
					removed = true
					continue
				}
				rest = append(rest, h)
			}
			if len(rest) == 0 && len(handlers) > 0 {
				continue
			}
			if len(rest) != len(handlers) {
				o.Set("hooks", rest)
			}
			keep = append(keep, e)
		}
		if len(keep) == 0 {
			hooks.Delete(name)
		} else {
			hooks.Set(name, keep)
		}
	}
	if hooks.Len() == 0 {
		doc.Delete("hooks")
	}
	return removed, nil
}

// hookState is what the settings say about our hook.
type hookState struct {
	// events lists the events that run governance-hook.
	events []string
	// failClosed lists the blocking events whose handler blocks on a
	// failure; missing the events that should and do not.
	failClosed, notFailClosed []string
	// commands are the governance-hook binaries the handlers run.
	commands []string
	// timeout is the tool-call event's timeout, in the harness's unit.
	timeout any
}

// inspect reads what the settings say about our hook.
func (c hookConfig) inspect(doc *jsonedit.Object) hookState {
	var st hookState
	v, _ := doc.Get("hooks")
	hooks, ok := v.(*jsonedit.Object)
	if !ok {
		return st
	}
	for _, name := range hooks.Keys() {
		list, err := eventList(hooks, name)
		if err != nil {
			continue
		}
		ev, known := c.event(name)
		seen := false
		c.eachHandler(list, func(h *jsonedit.Object) {
			seen = true
			if bin := hookBinary(c.command(h)); bin != "" && !slices.Contains(st.commands, bin) {
				st.commands = append(st.commands, bin)
			}
			if known && ev.decides {
				st.timeout, _ = h.Get("timeout")
				if st.timeout == nil {
					st.timeout, _ = h.Get("timeoutSec")
				}
			}
			if known && ev.blocks && c.failClosed != nil {
				if c.failClosed(h) {
					st.failClosed = append(st.failClosed, name)
				} else {
					st.notFailClosed = append(st.notFailClosed, name)
				}
			}
		})
		if seen {
			st.events = append(st.events, name)
		}
	}
	return st
}

func (c hookConfig) event(name string) (hookEvent, bool) {
	for _, ev := range c.events {
		if ev.name == name {
			return ev, true
		}
	}
	return hookEvent{}, false
}

// eachHandler calls fn with each of our handlers in an event's list.
func (c hookConfig) eachHandler(list []any, fn func(*jsonedit.Object)) {
	for _, e := range list {
		o, ok := e.(*jsonedit.Object)
		if !ok {
			continue
		}
		if !c.grouped {
			if c.ours(o) {
				fn(o)
			}
			continue
		}
		hv, _ := o.Get("hooks")
		handlers, _ := hv.([]any)
		for _, h := range handlers {
			if ho, ok := h.(*jsonedit.Object); ok && c.ours(ho) {
				fn(ho)
			}
		}
	}
}

func (c hookConfig) command(h *jsonedit.Object) string {
	key := c.commandKey
	if key == "" {
		key = "command"
	}
	v, _ := h.Get(key)
	s, _ := v.(string)
	return s
}

func (c hookConfig) ours(h *jsonedit.Object) bool { return hookBinary(c.command(h)) != "" }

// eventList returns the list of an event, nil when it has none.
func eventList(hooks *jsonedit.Object, name string) ([]any, error) {
	v, ok := hooks.Get(name)
	if !ok || v == nil {
		return nil, nil
	}
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("hooks.%s is not a list", name)
	}
	return list, nil
}

// hookBinary returns the governance-hook binary a command runs, "" when it
// runs something else. The command is a path, or a shell command line
// whose first word is one.
func hookBinary(command string) string {
	words := splitWords(command)
	if len(words) > 0 && filepath.Base(words[0]) == "governance-hook" {
		return words[0]
	}
	return ""
}

// splitWords splits a command line into words as a POSIX shell would,
// honouring single and double quotes and backslashes; it expands nothing.
func splitWords(s string) []string {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'':
			inWord = true
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				j = len(s) - i - 1
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			inWord = true
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte(`"\$`+"`", s[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(s[i])
			}
		case c == '\\' && i+1 < len(s):
			inWord = true
			i++
			cur.WriteByte(s[i])
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			inWord = true
			cur.WriteByte(c)
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}
