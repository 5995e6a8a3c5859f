// Package schemas holds the JSON Schemas (draft 2020-12) of governance's
// files: the brain's state, sessions and metrics, and the configuration
// (config.yaml, rules files, agent frontmatter, test cases). `governance
// validate` checks files against them; the hook does not link them.
package schemas

import "embed"

// FS holds the schemas, one *.schema.json file each.
//
//go:embed *.schema.json
var FS embed.FS
