package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"

	"go.yaml.in/yaml/v3"

	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/regularfile"
	"github.com/agentgov/governance/internal/yamlx"
)

// Project is a registered project: AI callers working in it are confined
// to its folder.
type Project struct {
	ID   string `yaml:"id"`
	Path string `yaml:"path"`
}

// ProjectsFile is the user's project registry.
func ProjectsFile(userDir string) string { return filepath.Join(userDir, "projects.yaml") }

// ReadProjects reads the registry; a missing file is an empty registry.
func ReadProjects(path string) ([]Project, error) {
	data, err := regularfile.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	items, err := yamlx.Items(path, data, "projects", "each project is {id, path}")
	if err != nil {
		return nil, err
	}
	var out []Project
	for _, n := range items {
		kv, err := yamlx.Map(path, n)
		if err != nil {
			return nil, err
		}
		if err := yamlx.CheckKeys(path, kv, "id", "path"); err != nil {
			return nil, err
		}
		var pr Project
		for _, x := range kv {
			s, err := yamlx.String(path, x.Value)
			if err != nil {
				return nil, err
			}
			if x.Key == "id" {
				pr.ID = s
			} else {
				pr.Path = s
			}
		}
		if pr.ID == "" || !filepath.IsAbs(pr.Path) {
			return nil, yamlx.At(path, n, "a project needs an id and an absolute path")
		}
		out = append(out, pr)
	}
	return out, nil
}

var projectID = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// AddProject registers a project.
func AddProject(path, id, dir string) error {
	if !projectID.MatchString(id) {
		return fmt.Errorf("project id %q: use letters, digits, dot, dash and underscore", id)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return fmt.Errorf("%s is not a folder", abs)
	}
	list, err := ReadProjects(path)
	if err != nil {
		return err
	}
	for _, p := range list {
		if p.ID == id {
			return fmt.Errorf("a project %q is already registered (at %s); remove it first", id, p.Path)
		}
		if p.Path == abs {
			return fmt.Errorf("%s is already registered as %q", abs, p.ID)
		}
	}
	list = append(list, Project{ID: id, Path: abs})
	return writeProjects(path, list)
}

// RemoveProject unregisters a project by id.
func RemoveProject(path, id string) error {
	list, err := ReadProjects(path)
	if err != nil {
		return err
	}
	for i, p := range list {
		if p.ID == id {
			return writeProjects(path, append(list[:i], list[i+1:]...))
		}
	}
	return fmt.Errorf("no project %q is registered (run `governance projects list`)", id)
}

func writeProjects(path string, list []Project) error {
	sort.Slice(list, func(i, j int) bool { return list[i].ID < list[j].ID })
	data, err := yaml.Marshal(struct {
		Version  int       `yaml:"version"`
		Projects []Project `yaml:"projects"`
	}{1, list})
	if err != nil {
		return err
	}
	header := "# Projects registered with `governance projects add`: AI agents working in\n# one are confined to its folder.\n"
	return atomicfile.Write(path, append([]byte(header), data...), 0o644)
}
