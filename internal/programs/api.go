package programs

import (
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// Helpers for the command lines of cloud APIs (aws, az, gcloud, auth0,
// vault...): an operation named by words, parameters that cannot all be
// listed, values that load files.

// apiWords returns the words a call sends as its request: its
// operands, the values of the parameters its node accepts without
// listing them, and the values of the listed options named in sent (a
// region that ends up in the host name, an address).
func apiWords(c *Call, sent string) []shell.Arg {
	words := slices.Clone(c.Args())
	for i := range c.Opts {
		o := &c.Opts[i]
		if !o.HasValue {
			continue
		}
		if o.Loose || o.Spec != nil && sent != "" && specIn(o.Spec, sent) {
			words = append(words, o.Value)
		}
	}
	return words
}

// specIn reports whether spec has one of the spellings in "a|b".
func specIn(spec *OptSpec, alts string) bool {
	for a := range strings.SplitSeq(alts, "|") {
		if spec.Is(a) {
			return true
		}
	}
	return false
}

// fileParams records a read of every file a parameter loads by a prefix
// (aws --key file://key.json, az --ids @ids.txt): option values and
// operands that start with one of prefixes. It returns the files.
func fileParams(c *Call, fx *Effects, prefixes ...string) []shell.Arg {
	var files []shell.Arg
	check := func(a shell.Arg) {
		for _, p := range prefixes {
			if rest, ok := strings.CutPrefix(a.Value, p); ok && rest != "" && rest != "-" {
				f := shell.Arg{Value: rest, Dynamic: a.Dynamic, Glob: a.Glob, Quoted: a.Quoted}
				fx.Read(f)
				files = append(files, f)
				return
			}
		}
	}
	for i := range c.Opts {
		if o := &c.Opts[i]; o.HasValue {
			check(o.Value)
		}
	}
	for _, a := range c.Args() {
		check(a)
	}
	return files
}

// looseGiven reports whether a parameter the node accepts without listing
// it was given as full or as an abbreviation of it (--with-d for
// --with-decryption, which argparse accepts when no other parameter
// starts so). min is the shortest spelling taken for an abbreviation.
func looseGiven(c *Call, full string, min int) bool {
	for i := range c.Opts {
		o := &c.Opts[i]
		if o.Loose && strings.HasPrefix(o.Typed, "--") && len(o.Typed) >= min && strings.HasPrefix(full, o.Typed) {
			return true
		}
	}
	return false
}

// anyLoose reports whether the call has a parameter its node accepts
// without listing it.
func anyLoose(c *Call) bool {
	for i := range c.Opts {
		if c.Opts[i].Loose {
			return true
		}
	}
	return false
}

// changeWords are command words of cloud CLIs that change something: a
// command path that holds one of them before its verb changes state even
// when a later word (a resource named "list") looks like a read verb.
// Sorted.
var changeWords = []string{
	"abort", "access", "ack", "activate", "add", "apply", "approve", "assign", "attach", "browse", "build", "call",
	"cancel", "capture", "clear", "clone", "connect", "cp", "create", "customize", "deactivate", "deallocate",
	"decrypt", "del", "delete", "deploy", "deregister", "destroy", "detach", "disable", "down", "download", "edit",
	"enable", "encrypt", "exec", "execute", "export", "failover", "generalize", "grant", "import", "init", "insert",
	"install", "invoke", "login", "logout", "merge", "move", "mv", "nack", "open", "patch", "promote", "publish",
	"pull", "purge", "push", "reboot", "recover", "redeploy", "regenerate", "register", "reinstall", "reject",
	"remove", "rename", "renew", "replace", "reset", "resize", "restart", "restore", "resume", "revoke", "rm",
	"rollback", "rotate", "run", "scale", "scp", "set", "sign", "ssh", "start", "stop", "submit", "suspend", "sync",
	"tunnel", "unassign", "undelete", "uninstall", "unregister", "unset", "untag", "up", "update", "upgrade",
	"upload", "use", "verify", "write",
}

// changePrefixes are prefixes of compound words that change something
// (add-iam-policy-binding, put-bucket-policy).
var changePrefixes = []string{
	"add-", "admin-add-", "admin-create-", "admin-delete-", "admin-disable-", "admin-enable-", "admin-remove-",
	"admin-reset-", "admin-set-", "admin-update-", "allocate-", "associate-", "attach-", "authorize-", "batch-delete-",
	"batch-put-", "batch-update-", "batch-write-", "cancel-", "change-", "copy-", "create-", "decrease-", "delete-",
	"deploy-", "deregister-", "detach-", "disable-", "disassociate-", "download-", "enable-", "execute-", "export-",
	"generate-", "grant-", "import-", "increase-", "install-", "invoke-", "modify-", "move-", "open-", "print-",
	"publish-", "purge-", "put-", "reboot-", "regenerate-", "register-", "reject-", "release-", "remove-", "renew-",
	"replace-", "reset-", "restore-", "revoke-", "rotate-", "run-", "send-", "set-", "signal-", "split-", "start-",
	"stop-", "sync-", "tag-", "terminate-", "untag-", "update-", "upgrade-", "upload-",
}

// changeWord reports a command word that names a change.
func changeWord(w string) bool {
	if _, found := slices.BinarySearch(changeWords, w); found {
		return true
	}
	for _, p := range changePrefixes {
		if strings.HasPrefix(w, p) {
			return true
		}
	}
	return false
}

// secretWord reports a command word that names secrets or credentials
// (az account get-access-token, gcloud container clusters
// get-credentials, az webapp deployment list-publishing-credentials).
func secretWord(w string) bool {
	for _, s := range []string{"token", "password", "credential", "auth-string", "key-string", "kubeconfig",
		"publishing", "connection-string", "appsettings", "app-settings", "sas"} {
		if strings.Contains(w, s) {
			return true
		}
	}
	return false
}

// revealsSecret records that a call prints a secret. Such a call only
// reads, but what it prints is a credential, a key or a decrypted value,
// which the agent's transcript must not hold without a person agreeing.
func revealsSecret(fx *Effects, what string) {
	fx.PrintsSecret(what + " prints a secret")
}

// assignedOr returns the value a NAME=value prefix of the command gives
// one of names (the last given), as a word computed at run time when it
// holds an expansion, or def.
func assignedOr(c *Call, def string, names ...string) shell.Arg {
	out := shell.Arg{Value: def}
	for _, a := range c.Cmd.Assigns {
		name, val, _ := strings.Cut(a, "=")
		for _, n := range names {
			if name == n {
				out = shell.Arg{Value: val, Dynamic: strings.ContainsAny(val, "$`")}
			}
		}
	}
	return out
}

// noCommand is the Effects of a CLI called with no command: it prints its
// usage, or starts whatever its configuration says (aws with
// cli_auto_prompt prompts on the terminal), which the model does not
// read.
func noCommand(c *Call, fx *Effects) {
	fx.Unknown(c.Name + " with no command")
}
