package programs_test

import "testing"

func TestDotnetDenoNix(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"dotnet", "cache ~/.dotnet"},
		{"dotnet --info", "cache ~/.dotnet"},
		{"dotnet --version", ""},
		{"dotnet tool list", "cache ~/.dotnet"},
		{"dotnet workload list", "cache ~/.dotnet; network api.nuget.org"},
		{"dotnet nuget list source", "cache ~/.dotnet"},
		{"dotnet nuget list client-cert", `exec :""; read list; read client-cert`},
		{"dotnet build", `exec :""`},
		{"dotnet app.dll", `exec :""; read app.dll`},
		{"dotnet run --version", `exec :""`},
		{"deno info", "cache ~/.cache/deno; network jsr.io"},
		{"deno check main.ts", "cache ~/.cache/deno; network jsr.io; read main.ts"},
		{"deno fmt --check", "cache ~/.cache/deno; network jsr.io"},
		{"deno fmt", "change (deno fmt rewrites the files it formats)"},
		{"deno lint", `exec :""`},
		{"deno doc --html mod.ts", "change (deno doc --html writes a documentation site); cache ~/.cache/deno; network jsr.io; read mod.ts"},
		{"deno run main.ts --help", `exec :""; read main.ts; read --help`},
		{"deno --version", ""},
		{"deno", `exec :""`},
		{"nix search nixpkgs ripgrep", "cache ~/.cache/nix; cache /nix/store; network cache.nixos.org"},
		{"nix flake show", `cache ~/.cache/nix; cache /nix/store; network cache.nixos.org; exec nix:""`},
		{"nix flake show github:someone/flake", `cache ~/.cache/nix; cache /nix/store; network cache.nixos.org; exec nix:""`},
		{"nix flake metadata", "cache ~/.cache/nix; cache flake.lock; network github.com"},
		{"nix path-info nixpkgs#hello", "cache ~/.cache/nix; cache /nix/store; network cache.nixos.org"},
		{"nix why-depends nixpkgs#hello nixpkgs#glibc", "cache ~/.cache/nix; cache /nix/store; network cache.nixos.org"},
		{"nix eval --expr 'builtins.readFile /etc/passwd'", `unknown (--expr runs code the model does not read); cache ~/.cache/nix; cache /nix/store; network cache.nixos.org; exec nix:""`},
		{"nix build", `exec :""`},
		{"nix --option build-hook /tmp/x flake show", `unknown ("/tmp/x" is not a subcommand the model of nix knows); unknown (the effect of --option is not modelled); exec :""; read /tmp/x; read flake; read show`},
		{"nix run nixpkgs#hello --version", `exec :""; read nixpkgs#hello`},
		{"nix --version", ""},
		{"nix search nixpkgs ripgrep --impure", "unknown (the effect of --impure is not modelled); cache ~/.cache/nix; cache /nix/store; network cache.nixos.org"},
		{"DOTNET_STARTUP_HOOKS=/tmp/x.dll dotnet --info", "unknown (DOTNET_STARTUP_HOOKS names a program or code that dotnet runs); cache ~/.dotnet"},
		{"NIX_CONFIG=x nix search nixpkgs ripgrep", "unknown (NIX_CONFIG names a program or code that nix runs); cache ~/.cache/nix; cache /nix/store; network cache.nixos.org"},
	})
}
