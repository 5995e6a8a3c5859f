package programs_test

import "testing"

func TestCargoRustup(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"cargo", ""},
		{"cargo -V", ""},
		{"cargo --list", ""},
		{"cargo metadata --format-version 1", "network index.crates.io"},
		{"cargo metadata --no-deps", ""},
		{"cargo metadata --locked --offline", ""},
		{"cargo tree --invert serde", "network index.crates.io"},
		{"cargo tree -i serde --frozen", ""},
		{"cargo +nightly tree", "network index.crates.io"},
		{"cargo read-manifest", ""},
		{"cargo locate-project --workspace", ""},
		{"cargo pkgid", "network index.crates.io"},
		{"cargo search serde", "network crates.io \"serde\""},
		{"cargo info tokio --verbose", "network crates.io \"tokio\""},
		{"cargo fetch", "network index.crates.io"},
		{"cargo fmt --check", ""},
		{"cargo fmt --all -- --check", ""},
		{"cargo fmt -- --check --edition 2021", ""},
		{"cargo fmt -- --emit files", "unknown (cargo fmt passes --emit to rustfmt, which the model does not read); unknown (cargo fmt passes files to rustfmt, which the model does not read); change (cargo fmt rewrites the package's source files)"},
		{"cargo fmt -- --check --config-path ../x/rustfmt.toml", "read ../x/rustfmt.toml"},
		{"cargo fmt", "change (cargo fmt rewrites the package's source files)"},
		{"cargo update --dry-run", "network index.crates.io"},
		{"cargo update", "write Cargo.lock; network index.crates.io"},
		{"cargo owner --list serde", "network crates.io \"serde\""},
		{"cargo owner --add user serde", "change (cargo owner changes the project, its lockfile, the installed binaries, the credentials or the registry); read serde"},
		{"cargo package --list", "network index.crates.io"},
		{"cargo package", `exec :""`},
		{"cargo install --list", ""},
		{"cargo install --version 1.0.0 serde", `exec :""; read serde`},
		{"cargo install --vers 1.0.0 serde", `exec :""; read serde`},
		{"cargo check", `exec :""`},
		{"cargo c", `exec :""`},
		{"cargo +nightly check", `exec :""`},
		{"cargo clippy --fix", `exec :""`},
		{"cargo build --help", ""},
		{"cargo test -- --help", `exec :""; read --help`},
		{"cargo run -- -V", `exec :""; read -V`},
		{"cargo --config build.rustc-wrapper=/tmp/x metadata", "unknown (--config runs code the model does not read); network index.crates.io"},
		{"cargo metadata --config build.rustc-wrapper=/tmp/x", "unknown (--config runs code the model does not read); network index.crates.io"},
		{"cargo metadata --conf x=y", "unknown (--conf runs code the model does not read); network index.crates.io"},
		{"cargo -Zunstable-options tree", "unknown (-Z runs code the model does not read); network index.crates.io"},
		{"cargo -C check run", `unknown (cargo -C reads the configuration of another folder, which may name programs cargo runs); exec :""`},
		{"cargo tree --manifest-path ../other/Cargo.toml", "read ../other/Cargo.toml; network index.crates.io"},
		{"RUSTC_WRAPPER=/tmp/x cargo tree", "unknown (RUSTC_WRAPPER names a program cargo runs, its flags or where it writes); network index.crates.io"},
		{"CARGO_TERM_COLOR=always cargo tree", "network index.crates.io"},
		{"cargo frobnicate", `unknown ("frobnicate" is not a subcommand the model of cargo knows)`},
		{"cargo help tree", ""},
		{"cargo new x", "change (cargo new changes the project, its lockfile, the installed binaries, the credentials or the registry); read x"},
		{"cargo config get", "unknown (cargo config get prints configuration, which may hold registry credentials)"},
		{"rustup show", ""},
		{"rustup toolchain list", ""},
		{"rustup target list --installed", ""},
		{"rustup which rustc", ""},
		{"rustup default", ""},
		{"rustup default stable", "change (rustup default changes the installed toolchains or rustup's settings); read stable"},
		{"rustup doc", "change (rustup doc opens the documentation in the browser)"},
		{"rustup doc --path --std", ""},
		{"rustup check", "network static.rust-lang.org"},
		{"rustup run nightly cargo -V", `exec :""; read nightly; read cargo; read -V`},
		{"rustup override set nightly", "change (rustup override changes the installed toolchains or rustup's settings); read set; read nightly"},
		{"rustup toolchain install nightly", "change (rustup toolchain changes the installed toolchains or rustup's settings); read install; read nightly"},
		{"rustup -V", ""},
		{"rustup target --toolchain list add x", "change (rustup target changes the installed toolchains or rustup's settings); read add; read x"},
		{"rustfmt --check src/main.rs", "read src/main.rs"},
		{"rustfmt --emit stdout src/main.rs", "read src/main.rs"},
		{"rustfmt --emit=stdout src/main.rs", "read src/main.rs"},
		{"rustfmt src/main.rs", "write src/main.rs"},
		{"rustfmt", ""},
		{"rustfmt --print-config default rustfmt.toml", "write rustfmt.toml"},
		{"rustfmt --print-config default", ""},
		{"rustfmt --config-path ~/x.toml --check a.rs", "read /h/x.toml; read a.rs"},
		{"cargo tree -ei normal serde", "network index.crates.io"},
		{"rustfmt -l -- --emit.rs", "write --emit.rs"},
		{"RUSTUP_TOOLCHAIN=/tmp/tc cargo metadata --no-deps", "unknown (RUSTUP_TOOLCHAIN names a program cargo runs, its flags or where it writes)"},
		{"RUSTUP_TOOLCHAIN=/tmp/tc rustfmt --check a.rs", "unknown (RUSTUP_TOOLCHAIN names a program or code that rustfmt runs); read a.rs"},
	})
}

// TestRustConfigRuns: rustup's proxies run the toolchain a
// rust-toolchain file names, and cargo the programs of .cargo/config.toml,
// when the folder the call runs in or one above it has them.
func TestRustConfigRuns(t *testing.T) {
	t.Parallel()
	checkAllEffects(t, []effectCase{
		{"rustfmt --version", "exec if rust-toolchain (upward); exec if rust-toolchain.toml (upward)"},
		{"cargo -V", "exec if rust-toolchain (upward); exec if rust-toolchain.toml (upward)"},
		{"cargo metadata --no-deps", "exec if rust-toolchain (upward); exec if rust-toolchain.toml (upward); exec if .cargo/config (upward); exec if .cargo/config.toml (upward)"},
		{"cargo -C sub tree --offline", "exec if rust-toolchain (upward); exec if rust-toolchain.toml (upward); exec if .cargo/config (upward); exec if .cargo/config.toml (upward); unknown (cargo -C reads the configuration of another folder, which may name programs cargo runs); cache Cargo.lock"},
		{"rustup show", "exec if rust-toolchain (upward); exec if rust-toolchain.toml (upward); cache ~/.rustup"},
	})
}

// TestRustc: rustc's version and the queries of --print that need no
// input only read; compiling, or --print to a file, is not modelled.
func TestRustc(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"rustc --version", ""},
		{"rustc -V", ""},
		{"rustc -vV", ""},
		{"rustc --version --verbose", ""},
		{"rustc --print sysroot", ""},
		{"rustc --print=cfg", ""},
		{"rustc --print target-list", ""},
		{"rustc --help", ""},
		{"rustc main.rs", "unknown (rustc compiles its input: it writes files and runs procedural macros)"},
		{"rustc -o x main.rs", "unknown (the option -o is not in the model of rustc); unknown (rustc compiles its input: it writes files and runs procedural macros)"},
		{"rustc --print sysroot=/tmp/x", "unknown (rustc --print sysroot=/tmp/x is not a query of the toolchain alone (KIND=PATH writes PATH))"},
		{"rustc --print crate-name main.rs", "unknown (rustc compiles its input: it writes files and runs procedural macros)"},
		{"rustc --print $K", "unknown (rustc --print $K is not a query of the toolchain alone (KIND=PATH writes PATH))"},
		{"rustc +nightly --version", "unknown (rustc +nightly runs the toolchain it names, which rustup may install)"},
		{"rustc --target x.json --print cfg", "unknown (the option --target is not in the model of rustc); unknown (rustc compiles its input: it writes files and runs procedural macros)"},
	})
	checkAllEffects(t, []effectCase{
		{"rustc --version", "exec if rust-toolchain (upward); exec if rust-toolchain.toml (upward)"},
	})
}
