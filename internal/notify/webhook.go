package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/agentgov/governance/internal/config"
)

// Post sends m to the webhook at u in the given format:
//
//   - json: the [Message] as a JSON object, with "event": "approval.pending";
//   - slack: an incoming webhook's {"text": ...} in Slack's markup;
//   - ntfy: the text as the body, the title, priority and tags as headers
//     (ntfy's publish by POST to a topic URL).
//
// Errors name neither the URL nor the body: the URL is a credential.
func Post(ctx context.Context, client *http.Client, format, u string, m Message) error {
	var body []byte
	header := http.Header{}
	switch format {
	case config.WebhookSlack:
		body, _ = json.Marshal(map[string]string{"text": slackText(m)})
		header.Set("Content-Type", "application/json")
	case config.WebhookNtfy:
		body = []byte(m.Text())
		header.Set("Content-Type", "text/plain; charset=utf-8")
		header.Set("Title", m.Title())
		header.Set("Priority", "high")
		header.Set("Tags", "warning")
	default:
		body, _ = json.Marshal(struct {
			Event string `json:"event"`
			Message
		}{"approval.pending", m})
		header.Set("Content-Type", "application/json")
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("the URL does not parse")
	}
	req.Header = header
	req.Header.Set("User-Agent", "governance-notify")
	resp, err := client.Do(req)
	if err != nil {
		// url.Error's text holds the URL: keep only what went wrong.
		var ue *url.Error
		if errors.As(err, &ue) {
			return fmt.Errorf("%s: %w", ue.Op, ue.Err)
		}
		return err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("the receiver answered %s", resp.Status)
	}
	return nil
}

// slackText is m in Slack's markup; the call is quoted as code so that
// nothing in it is read as markup.
func slackText(m Message) string {
	var b strings.Builder
	fmt.Fprintf(&b, "*governance: approval %s waiting*\n", slackEscape(m.ID))
	fmt.Fprintf(&b, "```%s```\n", strings.ReplaceAll(slackEscape(m.Command), "```", "'''"))
	if m.Reason != "" {
		fmt.Fprintf(&b, "%s\n", slackEscape(m.Reason))
	}
	fmt.Fprintf(&b, "Approve: `%s`\nDeny: `%s`", m.Approve, m.Deny)
	return b.String()
}

// slackEscape escapes the three characters Slack's markup reserves.
func slackEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}
