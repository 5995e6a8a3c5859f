// Command secrets is an example governance plugin: it denies writing
// private keys and cloud credentials to files, through Write and Edit
// tools or through shell heredocs, with a message that names the kind of
// secret and its line, never its value.
//
// It recognises credentials by their known formats (private key blocks,
// AWS, Google Cloud, GitHub, Slack, Stripe and other tokens), and values
// assigned to secret-sounding names (password, token, api_key, ...) that
// look random: long enough, with high Shannon entropy.
//
// Configure it in config.yaml:
//
//	plugins:
//	  - name: secrets
//	    path: governance-secrets
//	    position: before_rules
package main

import "github.com/agentgov/governance/plugins"

func main() { plugins.Serve(Evaluator{}) }
