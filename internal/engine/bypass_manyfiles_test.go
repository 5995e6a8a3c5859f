package engine_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/agentgov/governance/internal/engine"
)

// manyFilesCases are calls of a tool that reads many files at once
// (Gemini's read_many_files), whose globs and folders put every file they
// match before the model: each must be judged as the files it reads, in
// every spelling of a pattern that can match a secret, and a shape of
// input the reading does not know is asked about.
var manyFilesCases = []struct {
	family, input string
	want          []engine.Outcome
}{
	{"many-files-glob", `{"include":["**/*"],"useDefaultExcludes":false,"file_filtering_options":{"respect_git_ignore":false,"respect_gemini_ignore":false}}`, stopped},
	{"many-files-glob", `{"include":["**/*"]}`, stopped},
	{"many-files-glob", `{"include":[".en?"]}`, stopped},
	{"many-files-glob", `{"include":["**/.e*"]}`, stopped},
	{"many-files-glob", `{"include":["*.ENV"]}`, stopped},
	{"many-files-glob", `{"include":["*.env*"]}`, stopped},
	{"many-files-glob", `{"include":[".[e]nv"]}`, stopped},
	{"many-files-glob", `{"include":[".{env,x}"]}`, stopped},
	{"many-files-glob", `{"include":["{src,.}/*"]}`, stopped},
	{"many-files-glob", `{"include":["src/*.go", ".E[N]V"]}`, stopped},
	{"many-files-glob", `{"include":["!src/**"]}`, stopped},
	{"many-files-glob", `{"include":["@(.env)"]}`, stopped},
	{"many-files-glob", `{"include":["conf/**"]}`, stopped},
	{"many-files-glob", `{"include":["conf/*/db*"]}`, stopped},
	{"many-files-glob", `{"include":["` + home + `/.ssh/*"]}`, blocked},
	{"many-files-glob", `{"include":["../../home/user/.ssh/id_*"]}`, blocked},
	{"many-files-glob", `{"include":["src/**/../../.env"]}`, stopped},
	{"many-files-folder", `{"paths":["."]}`, stopped},
	{"many-files-folder", `{"paths":["**/*"]}`, stopped},
	{"many-files-folder", `{"paths":["*.env*"]}`, stopped},
	{"many-files-folder", `{"include":["conf"]}`, stopped},
	{"many-files-folder", `{"include":["` + home + `/.ssh"]}`, blocked},
	{"many-files-folder", `{"include":"."}`, stopped},
	{"many-files-literal", `{"include":[".env"]}`, blocked},
	{"many-files-shape", `{"files":["**/*"]}`, stopped},
	{"many-files-shape", `{"include":[{"glob":"**/*"}]}`, stopped},
	{"many-files-shape", `{}`, stopped},
	// What reads no secret keeps its outcome.
	{"many-files-harmless", `{"include":["src/**/*.go"]}`, allowed},
	{"many-files-harmless", `{"include":["src"],"exclude":["*.tmp"],"recursive":true}`, allowed},
	{"many-files-harmless", `{"include":["*.md","docs/*.txt"]}`, allowed},
	{"many-files-harmless", `{"include":["conf/*.yaml"]}`, allowed},
}

func TestBypassManyFiles(t *testing.T) {
	t.Parallel()
	p := builtin(engine.DefaultSettings())
	dir := strings.TrimPrefix(root, "/")
	files := fstest.MapFS{
		dir + "/.env":                {Data: []byte("API_TOKEN=x\n")},
		dir + "/README.md":           {Data: []byte("# app\n")},
		dir + "/src/main.go":         {Data: []byte("package main\n")},
		dir + "/src/util/u.go":       {Data: []byte("package util\n")},
		dir + "/conf/app.yaml":       {Data: []byte("port: 80\n")},
		dir + "/conf/prod/db.pem":    {Data: []byte("-----BEGIN RSA PRIVATE KEY-----\n")},
		dir + "/docs/a.txt":          {Data: []byte("a\n")},
		"home/user/.ssh/id_ed25519":  {Data: []byte("key\n")},
		"home/user/.ssh/known_hosts": {Data: []byte("h\n")},
	}
	for _, tt := range manyFilesCases {
		for _, name := range []string{"read_many_files", "Read_Many_Files"} {
			t.Run(tt.family+"/"+name+"/"+tt.input, func(t *testing.T) {
				t.Parallel()
				var in map[string]any
				if err := json.Unmarshal([]byte(tt.input), &in); err != nil {
					t.Fatal(err)
				}
				e := engine.NewEngine(p)
				e.FS = mapFS{files}
				req := &engine.Request{Cwd: root, ProjectRoot: root, Home: home, Tool: engine.ToolCall(name, in)}
				d := e.Decide(context.Background(), req)
				if !slicesContains(tt.want, d.Outcome) {
					t.Errorf("%s: got %s by %s/%s (%s), want one of %v", tt.input, d.Outcome, d.Layer, d.Rule, d.Message, tt.want)
				}
				if d.Outcome.Blocks() && (d.Message == "" || d.Suggestion == "") {
					t.Errorf("%s: %s without a message or a suggestion", tt.input, d.Outcome)
				}
			})
		}
	}
}
