// Command confine measures confinement: a confined `true` against a bare
// one, side by side (interleaved runs, so that load on the machine
// affects them alike), in a project with secrets to mask; bubblewrap run
// with the same arguments shows what the launcher adds to it, and the
// launcher made to run bubblewrap what its own sandbox saves. The
// launcher runs as Claude Code's hook's rewrite runs it (--kind
// unknown-effects --harness claude: it loads the project's policy and
// builds the profile, secrets found, at run time), and with a profile
// built beforehand (--profile), which shows what building it costs.
// Anthropic's sandbox-runtime (srt) runs `true` in the same project, in
// fewer rounds (it takes about a second), or is reported unavailable
// with the reason.
//
// Another launcher (-compare, the launcher of before a change, beside
// its own governance binary) runs interleaved with --kind and --profile
// too.
//
//	go run ./internal/bench/confine -launcher bin/governance-confine -n 400 [-srt PATH -srt-n 20] [-compare OLD]
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/bench/benchstat"
	"github.com/agentgov/governance/internal/confine"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/template"
)

func main() {
	launcher := flag.String("launcher", "bin/governance-confine", "the governance-confine binary")
	n := flag.Int("n", 400, "runs per program")
	warm := flag.Int("warmup", 20, "runs per program before measuring")
	files := flag.Int("files", 300, "ordinary files in the project, besides its secrets")
	srt := flag.String("srt", "", "sandbox-runtime's srt CLI, run side by side (empty: not run)")
	srtN := flag.Int("srt-n", 20, "runs of srt, in the first rounds")
	keep := flag.Bool("keep", false, "leave the bench's folder (its project and profile) and print its path")
	compare := flag.String("compare", "", "another governance-confine, run beside (empty: none)")
	flag.Parse()
	if err := run(*launcher, *n, *warm, *files, *srt, *srtN, *keep, *compare); err != nil {
		fmt.Fprintln(os.Stderr, "confine:", err)
		os.Exit(1)
	}
}

func run(launcher string, n, warm, files int, srt string, srtN int, keep bool, compare string) error {
	launcher, err := filepath.Abs(launcher)
	if err != nil {
		return err
	}
	bwrap, err := exec.LookPath("bwrap")
	if err != nil {
		return fmt.Errorf("bubblewrap is not installed: %w", err)
	}
	trueBin, err := exec.LookPath("true")
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "bench-confine-")
	if err != nil {
		return err
	}
	if keep {
		defer fmt.Println("kept:", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	home := filepath.Join(dir, "home")
	project := filepath.Join(home, "proj")
	layout := map[string]string{
		".env": "API_TOKEN=x\n", "config/.env.production": "DB_PASSWORD=x\n", "certs/server.key": "key\n",
		"deploy/id_ed25519": "key\n", ".env.example": "API_TOKEN=\n", ".claude/settings.json": "{}\n",
		".governance/config.yaml": "version: 1\n",
		// A repository as git init makes it: its info/exclude and hooks
		// folder are there (a repository without them has the launcher
		// make and remove them around each call).
		".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[core]\n\trepositoryformatversion = 0\n\tbare = false\n",
		".git/description": "Unnamed repository.\n", ".git/info/exclude": "# git ls-files --others --exclude-from=.git/info/exclude\n",
		".git/hooks/pre-commit.sample": "#!/bin/sh\n",
	}
	for i := range files {
		layout[filepath.Join("src", "pkg"+strconv.Itoa(i%20), "file"+strconv.Itoa(i)+".go")] = "package x\n"
	}
	// bubblewrap alone runs in a copy of the project: it leaves behind the
	// mount points of the absent protected paths (.gemini, .mcp.json),
	// which the launcher makes and removes around each call, and which in
	// the launcher's project would make them present.
	aloneProject := filepath.Join(home, "proj-bwrap")
	for _, root := range []string{project, aloneProject} {
		for name, body := range layout {
			p := filepath.Join(root, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
				return err
			}
		}
	}
	pol := &engine.Policy{Rules: engine.CompileAllTrusted(template.Policy, engine.ScopeBuiltin, nil),
		StateDir: filepath.Join(home, ".local", "state", "governance"), ConfigDirs: []string{filepath.Join(home, ".config", "governance")}}
	eng := engine.NewEngine(pol)
	req := &engine.Request{Cwd: project, ProjectRoot: project, Home: home,
		Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: "true"}}}
	var built []time.Duration
	var prof *confine.Profile
	for range 50 {
		start := time.Now()
		if prof, err = confine.For(eng, req, confine.UnknownEffects, confine.Options{}); err != nil {
			return err
		}
		built = append(built, time.Since(start))
	}
	data, err := json.Marshal(prof)
	if err != nil {
		return err
	}
	profFile := filepath.Join(dir, "profile.json")
	if err := os.WriteFile(profFile, data, 0o644); err != nil {
		return err
	}
	empty := filepath.Join(dir, "empty")
	if err := os.WriteFile(empty, nil, 0o444); err != nil {
		return err
	}
	l := &confine.Launcher{}
	// bubblewrap alone gets the same tree, in its copy of the project, but
	// for the contents the launcher hands it by descriptor (tracked secrets
	// as committed, the repository's ignore list), which only the launcher
	// opens.
	aloneReq := *req
	aloneReq.Cwd, aloneReq.ProjectRoot = aloneProject, aloneProject
	alone, err := confine.For(eng, &aloneReq, confine.UnknownEffects, confine.Options{})
	if err != nil {
		return err
	}
	alone.Committed, alone.Excluded = nil, nil
	bwrapArgs := append(l.Args(alone, empty), "--", trueBin)
	// The launcher as a rewrite runs it reads the policy of a user whose
	// home is the bench's, and compiles its snapshot on the first run.
	env := append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"XDG_STATE_HOME="+filepath.Join(home, ".local", "state"))
	type prog struct {
		name   string
		argv   []string
		rounds int
		d      []time.Duration
		// env is added to the bench's environment.
		env []string
	}
	progs := []*prog{
		{name: "bare true", argv: []string{trueBin}},
		{name: "bwrap, same tree", argv: append([]string{bwrap}, bwrapArgs...)},
		// As Claude Code's hook rewrites a call, naming the harness
		// (the project has its .claude).
		{name: "governance-confine --kind", argv: []string{launcher, "--kind", string(confine.UnknownEffects), "--project", project,
			"--harness", "claude", "--", trueBin}},
		{name: "governance-confine --profile", argv: []string{launcher, "--profile", profFile, "--", trueBin}},
		// The launcher's sandbox set up by bubblewrap, as where the
		// kernel cannot have the launcher's own.
		{name: "  --profile, with bubblewrap", argv: []string{launcher, "--profile", profFile, "--", trueBin},
			env: []string{confine.BackendEnv + "=bubblewrap"}},
	}
	const confined = 2
	if compare != "" {
		if compare, err = filepath.Abs(compare); err != nil {
			return err
		}
		// With no --harness, which a launcher of before knows not: it
		// holds every harness's settings.
		progs = append(progs,
			&prog{name: "compared --kind", argv: []string{compare, "--kind", string(confine.UnknownEffects), "--project", project, "--", trueBin}},
			&prog{name: "compared --profile", argv: []string{compare, "--profile", profFile, "--", trueBin}})
	}
	unavailable := ""
	if srt != "" {
		if srt, err = filepath.Abs(srt); err != nil {
			return err
		}
		// srt reads its settings from the home folder: the bench's has none.
		if why := srtUnavailable(srt, project, env); why != "" {
			unavailable = why
		} else {
			progs = append(progs, &prog{name: "sandbox-runtime (srt)", argv: []string{srt, trueBin}, rounds: warm + srtN})
		}
	}
	for round := range warm + n {
		for _, p := range progs {
			if p.rounds > 0 && round >= p.rounds {
				continue
			}
			c := exec.Command(p.argv[0], p.argv[1:]...)
			c.Dir, c.Env = project, append(env, p.env...)
			start := time.Now()
			if out, err := c.CombinedOutput(); err != nil {
				return fmt.Errorf("%s: %v\n%s", p.name, err, out)
			}
			if round >= warm {
				p.d = append(p.d, time.Since(start))
			}
		}
	}
	fmt.Printf("profile: %d binds, %d protected, %d masked; built in-process in %s (p50 of %d, %d files walked)\n",
		len(prof.Writable)+len(prof.ReadOnly), len(prof.Protected), len(prof.Masked),
		benchstat.Millis(benchstat.Percentile(built, 50)), len(built), len(layout))
	fmt.Println(benchstat.Header(28, "program"))
	for _, p := range progs {
		fmt.Println(benchstat.Row(28, p.name, p.d))
	}
	if unavailable != "" {
		fmt.Printf("%-28s unavailable: %s\n", "sandbox-runtime (srt)", unavailable)
	}
	p50 := func(p *prog) time.Duration { return benchstat.Percentile(p.d, 50) }
	fmt.Printf("confinement overhead, p50: %s (budget 10ms); launcher over bwrap: %s\n",
		benchstat.Millis(p50(progs[confined])-p50(progs[0])), benchstat.Millis(p50(progs[confined])-p50(progs[1])))
	return nil
}

// srtUnavailable runs srt once and says why it cannot run here ("" when
// it can): it needs Node.js, bubblewrap, socat and ripgrep.
func srtUnavailable(srt, dir string, env []string) string {
	if _, err := os.Stat(srt); err != nil {
		return fmt.Sprintf("%v (make test-tools installs it)", err)
	}
	c := exec.Command(srt, "true")
	c.Dir, c.Env = dir, env
	if out, err := c.CombinedOutput(); err != nil {
		return fmt.Sprintf("%v: %s", err, strings.TrimSpace(string(out)))
	}
	return ""
}
