package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentgov/governance/internal/jsonedit"
)

// Copilot CLI loads a repository's hooks (.github/hooks/*.json) only in a
// folder it trusts, and skips them without a word otherwise, so the call
// runs ungoverned. A folder is trusted when it or a folder above it is in
// trusted_folders in the user's config.json ($COPILOT_HOME/config.json),
// or for one run with --trust-folder or COPILOT_ALLOW_ALL=true. The user's
// own hooks (~/.copilot/hooks/) need no trust. A person runs install, so
// install adds the project to trusted_folders, as Copilot's own trust
// prompt would; doctor checks it the way Copilot does.

// copilotConfigFile is the user's Copilot CLI configuration.
func (a *App) copilotConfigFile() (string, error) {
	return a.underHome("COPILOT_HOME", ".copilot", "config.json")
}

// copilotProjectFolder returns the project folder of a repository hooks
// file, "" for the user's.
func (a *App) copilotProjectFolder(file string) string {
	if user, err := a.underHome("COPILOT_HOME", ".copilot", "hooks"); err == nil && sameFile(filepath.Dir(file), user) {
		return ""
	}
	dir := filepath.Dir(filepath.Dir(filepath.Dir(file)))
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		dir = r
	}
	return dir
}

// copilotTrusted returns the trusted folders in a config.json document.
func copilotTrusted(doc *jsonedit.Object) []string {
	var out []string
	for _, key := range []string{"trusted_folders", "trustedFolders"} {
		v, _ := doc.Get(key)
		list, _ := v.([]any)
		for _, f := range list {
			if s, ok := f.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// copilotCovers says whether a trusted folder covers dir: it is dir or a
// folder above it.
func copilotCovers(trusted, dir string) bool {
	t := filepath.Clean(trusted)
	if r, err := filepath.EvalSymlinks(t); err == nil {
		t = r
	}
	rel, err := filepath.Rel(t, dir)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../")
}

// readJSONObject reads a JSON settings file; a missing or empty file is
// an empty object.
func readJSONObject(file string) (*jsonedit.Object, error) {
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) || err == nil && len(strings.TrimSpace(string(data))) == 0 {
		return jsonedit.NewObject(), nil
	}
	if err != nil {
		return nil, err
	}
	v, err := jsonedit.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s is not valid JSON: %w", file, err)
	}
	doc, ok := v.(*jsonedit.Object)
	if !ok {
		return nil, fmt.Errorf("%s does not hold a JSON object", file)
	}
	return doc, nil
}

// copilotTrust adds the project of a repository hooks file to Copilot's
// trusted folders, and returns what it changed.
func (a *App) copilotTrust(file string) ([]string, error) {
	dir := a.copilotProjectFolder(file)
	if dir == "" {
		return nil, nil
	}
	cfg, err := a.copilotConfigFile()
	if err != nil {
		return nil, err
	}
	doc, err := readJSONObject(cfg)
	if err != nil {
		return nil, withHint(err, "fix the file, then run install again")
	}
	for _, t := range copilotTrusted(doc) {
		if copilotCovers(t, dir) {
			return nil, nil
		}
	}
	changed, err := editJSONFile(cfg, func(doc *jsonedit.Object) error {
		v, _ := doc.Get("trusted_folders")
		list, ok := v.([]any)
		if v != nil && !ok {
			return errors.New("trusted_folders is not a list")
		}
		doc.Set("trusted_folders", append(list, dir))
		return nil
	})
	if err != nil || !changed {
		return nil, err
	}
	return []string{"trusted the folder " + dir}, nil
}

// copilotSkipped says why Copilot CLI would skip the hook in file, nil
// when it runs it.
func (a *App) copilotSkipped(file string) []string {
	home, _ := a.home()
	shown := func(p string) string { return shownPath(p, "", home) }
	var why []string
	if settings, err := a.underHome("COPILOT_HOME", ".copilot", "settings.json"); err == nil {
		if doc, err := readJSONObject(settings); err == nil {
			if v, _ := doc.Get("disableAllHooks"); v == true {
				why = append(why, "disableAllHooks is true in "+shown(settings)+": Copilot CLI runs no hook")
			}
		}
	}
	dir := a.copilotProjectFolder(file)
	if dir == "" {
		return why
	}
	cfg, err := a.copilotConfigFile()
	if err != nil {
		return append(why, err.Error())
	}
	doc, err := readJSONObject(cfg)
	if err != nil {
		return append(why, err.Error())
	}
	for _, t := range copilotTrusted(doc) {
		if copilotCovers(t, dir) {
			return why
		}
	}
	return append(why, fmt.Sprintf("Copilot CLI does not trust the folder %s (not in trusted_folders in %s), so it skips the repository's hooks",
		dir, shown(cfg)))
}

// copilotUntrust takes the project of a repository hooks file out of
// Copilot's trusted folders, and says when a folder above it still
// covers it.
func (a *App) copilotUntrust(file string) ([]string, error) {
	dir := a.copilotProjectFolder(file)
	if dir == "" {
		return nil, nil
	}
	cfg, err := a.copilotConfigFile()
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(cfg); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	var out []string
	changed, err := editJSONFile(cfg, func(doc *jsonedit.Object) error {
		for _, key := range []string{"trusted_folders", "trustedFolders"} {
			v, ok := doc.Get(key)
			list, isList := v.([]any)
			if !ok || !isList {
				continue
			}
			keep := []any{}
			for _, f := range list {
				if s, ok := f.(string); ok && sameFile(s, dir) {
					out = append(out, "removed the folder "+s+" from "+key)
					continue
				}
				keep = append(keep, f)
			}
			if len(keep) != len(list) {
				doc.Set(key, keep)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !changed {
		out = nil
	}
	doc, err := readJSONObject(cfg)
	if err == nil {
		for _, t := range copilotTrusted(doc) {
			if copilotCovers(t, dir) {
				out = append(out, "still trusts "+t+", a folder above the project (remove it from trusted_folders by hand if you mean to)")
			}
		}
	}
	return out, nil
}
