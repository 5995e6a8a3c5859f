package config

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/yamlx"
)

// Notify is the notify block: how a person hears that a call waits for
// approval. It is read from the managed or the user's configuration only:
// a repository cannot send a person's approvals elsewhere.
//
//	notify:
//	  desktop: true          # notify-send or osascript, when a display is there
//	  timeout: 5s            # bounds each delivery
//	  webhooks:
//	    - url: ${env:GOVERNANCE_SLACK_WEBHOOK}
//	      format: slack      # json (default), slack or ntfy
type Notify struct {
	// Desktop shows a desktop notification where one can be shown
	// (default true).
	Desktop bool
	// Timeout bounds one delivery (a webhook request, the desktop
	// notifier).
	Timeout time.Duration
	// Webhooks are POSTed each new approval item.
	Webhooks []Webhook
	// Problems are webhook URLs written into the file (each a
	// [*LiteralCredential]) and malformed references: such a webhook is
	// not called.
	Problems []error
	// dir is the folder of the config.yaml that set the block.
	dir string
}

// Webhook is one receiver of approval notifications.
type Webhook struct {
	// URL is a reference, ${env:NAME} or ${file:NAME}: a webhook's URL is
	// its credential.
	URL string
	// Format is the body's shape: WebhookJSON, WebhookSlack or WebhookNtfy.
	Format string
	// Line is where the webhook is set.
	Line int
}

// Webhook formats.
const (
	WebhookJSON  = "json"
	WebhookSlack = "slack"
	WebhookNtfy  = "ntfy"
)

// DefaultNotifyTimeout bounds one delivery when the block says nothing.
const DefaultNotifyTimeout = 5 * time.Second

var notifyKeys = []string{"desktop", "timeout", "webhooks"}

func (f *File) parseNotify(n *yaml.Node) error {
	pairs, err := yamlx.Map(f.Name, n)
	if err != nil {
		return err
	}
	if err := yamlx.CheckKeys(f.Name, pairs, notifyKeys...); err != nil {
		return err
	}
	x := &Notify{Desktop: true, Timeout: DefaultNotifyTimeout, dir: filepath.Dir(f.Name)}
	for _, kv := range pairs {
		v := kv.Value
		switch kv.Key {
		case "desktop":
			b, err := yamlx.Bool(f.Name, v)
			if err != nil {
				return err
			}
			x.Desktop = b
		case "timeout":
			d, err := duration(f.Name, v)
			if err != nil {
				return err
			}
			x.Timeout = d
		case "webhooks":
			if v.Kind != yaml.SequenceNode {
				return yamlx.At(f.Name, v, "notify.webhooks is a list of {url, format}")
			}
			for _, item := range v.Content {
				w, problem, err := f.parseWebhook(item)
				if err != nil {
					return err
				}
				if problem != nil {
					x.Problems = append(x.Problems, problem)
					continue
				}
				x.Webhooks = append(x.Webhooks, w)
			}
		}
	}
	f.Notify = x
	return nil
}

// parseWebhook reads one webhook. A URL that is not a reference is a
// problem, not an error: the hook decides as before and the webhook is
// not called.
func (f *File) parseWebhook(n *yaml.Node) (Webhook, error, error) {
	pairs, err := yamlx.Map(f.Name, n)
	if err != nil {
		return Webhook{}, nil, err
	}
	if err := yamlx.CheckKeys(f.Name, pairs, "url", "format"); err != nil {
		return Webhook{}, nil, err
	}
	w := Webhook{Format: WebhookJSON, Line: n.Line}
	var urlNode *yaml.Node
	for _, kv := range pairs {
		s, err := yamlx.String(f.Name, kv.Value)
		if err != nil {
			return Webhook{}, nil, err
		}
		switch kv.Key {
		case "url":
			w.URL, urlNode = s, kv.Value
		case "format":
			if s != WebhookJSON && s != WebhookSlack && s != WebhookNtfy {
				return Webhook{}, nil, yamlx.At(f.Name, kv.Value, "notify webhook format must be json, slack or ntfy, not %q", s)
			}
			w.Format = s
		}
	}
	if urlNode == nil {
		return Webhook{}, nil, yamlx.At(f.Name, n, "a notify webhook needs a url").
			WithHint("url: ${env:NAME} names the variable that holds the webhook's URL")
	}
	if err := checkReferences(w.URL); err != nil {
		return Webhook{}, yamlx.At(f.Name, urlNode, "notify.webhooks.url: %v", err).
			WithHint("a webhook's url is ${env:NAME} or ${file:NAME}"), nil
	}
	if !onlyReference(w.URL) {
		// A webhook's URL is what lets anyone post to the channel: it
		// is a credential, whatever it looks like.
		return Webhook{}, &LiteralCredential{File: f.Name, Line: urlNode.Line, Where: "notify.webhooks.url",
			Hint: fmt.Sprintf("a webhook's URL is its credential: put it in an environment variable and write ${env:NAME}, "+
				"or into %s/NAME beside config.yaml (mode 0600) and write ${file:NAME}", CredentialsFolder)}, nil
	}
	return w, nil, nil
}

// onlyReference reports whether s is a single ${env:NAME} or ${file:NAME}
// reference and nothing else.
func onlyReference(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasPrefix(s, "${") && strings.Index(s, "}") == len(s)-1 && removeReferences(s) == ""
}

// ResolveURL returns the URL a webhook's reference names. It refuses a
// reference to an unset variable or a missing file, and a value that is
// not an http or https URL; the errors never hold the URL.
func (x *Notify) ResolveURL(r Resolver, w Webhook) (string, error) {
	s, err := r.expand(w.URL, x.dir)
	if err != nil {
		return "", fmt.Errorf("notify webhook (line %d): %w", w.Line, err)
	}
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "https://") && !strings.HasPrefix(s, "http://") {
		return "", fmt.Errorf("notify webhook (line %d): the credential it names is not an http or https URL", w.Line)
	}
	return s, nil
}

// LoadNotify reads the notify block of the managed configuration, else
// of the user's; nil when neither sets one.
func LoadNotify(p layout.Paths) (*Notify, error) {
	return firstBlock(p, func(f *File) *Notify { return f.Notify })
}
