package programs

// registry lists every modelled program by name, sorted;
// TestRegistry checks that it is sorted and that every program is listed
// under each of its names.
var registry = [...]entry{
	{"cat", catProgram},
	{"crictl", crictlProgram},
	{"docker", dockerProgram},
	{"docker-compose", dockerComposeProgram},
	{"find", findProgram},
	{"gh", ghProgram},
	{"glab", glabProgram},
	{"helm", helmProgram},
	{"kind", kindProgram},
	{"kubectl", kubectlProgram},
	{"kustomize", kustomizeProgram},
	{"minikube", minikubeProgram},
	{"nerdctl", nerdctlProgram},
	{"oc", ocProgram},
	{"podman", podmanProgram},
	{"podman-compose", podmanComposeProgram},
	{"tac", tacProgram},
}
