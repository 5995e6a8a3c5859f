package programs

import (
	"strings"
)

// verbTree is the command tree of a CLI whose commands are a path of
// group words ending in a verb, followed by the verb's parameters: az vm
// show, gcloud compute instances list, auth0 roles permissions list. The
// groups are too many to list: any word is a group, and a call that ends
// on a group, with no verb after it, is not known to read. A read verb
// ends the path; the parameters after it cannot all be listed either.
type verbTree struct {
	// name is the program's name, for messages.
	name string
	// opts are the options valid at every level.
	opts string
	// reads are the verbs that only read, as subcommand names ("list",
	// "list-*").
	reads string
	// groups are command paths whose words look like changes but name
	// groups (gcloud run services list).
	groups []string
	// sent are the listed options whose values go into the request.
	sent string
	// read adds the effects of a read verb beyond its request: a secret
	// it prints, a file it loads.
	read func(c *Call, fx *Effects, path []string)
	// change, when set, adds the local effects of a command that changes
	// state: the files it uploads or downloads. verb is the word that
	// names the change.
	change func(c *Call, fx *Effects, verb string)
}

// node returns the node of a group: its verbs, and any word as a group
// below it.
func (t *verbTree) node() *Node {
	verb := &Node{Opts: t.opts, Loose: true, LooseShort: true, Operands: true, Effects: t.verbEffects}
	group := &Node{Opts: t.opts, Effects: t.groupEffects}
	for name := range strings.SplitSeq(t.reads, "|") {
		group.Subs = append(group.Subs, &Sub{Name: name, Node: verb})
	}
	group.Subs = append(group.Subs, &Sub{Name: "*", Node: group})
	return group
}

// path returns the call's command words.
func (t *verbTree) path(c *Call) []string {
	path := make([]string, c.NSub)
	for i := range path {
		path[i] = c.Pos[i].Value
	}
	return path
}

// isGroup reports whether path names a group that looks like a change.
func (t *verbTree) isGroup(path []string) bool {
	p := strings.Join(path, " ")
	for _, g := range t.groups {
		if g == p {
			return true
		}
	}
	return false
}

// changeAt returns the index of the first word of path that names a
// change rather than a group, or -1.
func (t *verbTree) changeAt(path []string) int {
	for i, w := range path {
		if changeWord(w) && !t.isGroup(path[:i+1]) {
			return i
		}
	}
	return -1
}

// groupEffects are those of a call that names no read verb.
func (t *verbTree) groupEffects(c *Call, fx *Effects) {
	path := t.path(c)
	cmd := t.name + " " + strings.Join(path, " ")
	for _, w := range path {
		if secretWord(w) {
			// gcloud auth print-access-token: what it prints is a
			// secret, whatever else it does.
			revealsSecret(fx, cmd)
			break
		}
	}
	if i := t.changeAt(path); i >= 0 {
		if t.change != nil {
			t.change(c, fx, path[i])
		}
		fx.Change(cmd + ": " + path[i] + " changes state")
		return
	}
	fx.Unknown(cmd + " names no command known to only read")
}

// verbEffects are those of a call that ends on a read verb: a request
// carrying its parameters, unless a word before the verb names a change
// (az vm delete list: list is the name of the machine).
func (t *verbTree) verbEffects(c *Call, fx *Effects) {
	path := t.path(c)
	cmd := t.name + " " + strings.Join(path, " ")
	if i := t.changeAt(path[:len(path)-1]); i >= 0 {
		fx.Change(cmd + ": " + path[i] + " changes state")
		return
	}
	verb := path[len(path)-1]
	if args := c.Args(); len(args) > 0 && changeWord(args[0].Value) {
		// A verb that can also name a group (az containerapp logs
		// delete): the word after it is the verb.
		switch {
		case strings.HasPrefix(verb, "list"), strings.HasPrefix(verb, "ls"), strings.HasPrefix(verb, "show"),
			strings.HasPrefix(verb, "describe"), strings.HasPrefix(verb, "get"), strings.HasPrefix(verb, "read"),
			strings.HasPrefix(verb, "search"):
		default:
			fx.Unknown(cmd + " " + args[0].Value + ": " + verb + " may name a group, and " + args[0].Value + " a change")
			return
		}
	}
	fx.Network("", apiWords(c, t.sent)...)
	if t.read != nil {
		t.read(c, fx, path)
	}
}
