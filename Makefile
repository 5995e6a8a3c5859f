# governance: build, test, bench and lint.
#
#   make test      the whole test suite (what CI runs)
#   make bench     performance figures: hook process vs a trivial Go program,
#                  in-process decisions, policy bundle activation and the
#                  hook with a bundle active, what the MCP proxy adds to a call,
#                  decisions shipped per second to a local collector, the
#                  time and memory of the costliest commands the size bound admits,
#                  a confined command against a bare one, and the checkpoint
#                  before one in a repository of 50,000 files (bench-confine)
#   make accuracy  the default policy against the labeled corpus, per
#                  category and per peer (fails above the limits below),
#                  and against variants of its commands that keep their
#                  meaning (sudo rm, bash -c 'rm', rm -r -f, ...); then
#                  again as in a session nobody watches, where what the
#                  analysis cannot prove runs confined
#                  (governance-confine beside governance, bwrap on PATH)
#   make lint      gofmt, go vet, generated code up to date

GO      ?= go
BIN     ?= bin
BENCH_N ?= 400
BENCH_DIR = $(BIN)/bench-config
# xdg_env is the environment of a user whose home, configuration and
# state are all under the folder $(1)/home, so that benchmarks touch
# nothing of the real user's.
xdg_env = HOME=$(1)/home XDG_CONFIG_HOME=$(1)/home/.config XDG_STATE_HOME=$(1)/home/.local/state
BENCH_ENV = $(call xdg_env,$(abspath $(BENCH_DIR)))
# The project governance init and governance install claude make, for
# the hook's budget (1.5x the trivial program at p50).
INIT_BENCH = $(abspath $(BIN))/bench-init
# Ceilings, in percent of the shell-command cases, that `make accuracy`
# (and so `make test`) holds the default policy to: a little above what
# it measures, so that a change that loses accuracy fails. What is left
# is mostly where the corpus's peers disagree with what the commands do
# (git clean -nf is a dry run; cargo check runs build scripts; docker
# and podman inspect, helm get all, kubectl get pods -o yaml and kubectl
# describe pod print the secrets in the environment given to what runs,
# docker image save an image's; aws --endpoint-url and --ca-bundle send
# the credentials where the command says; gcloud's JSON listing of
# instances prints their metadata; git fetch runs the repository's
# reference-transaction hook; git checkout -tf is --track=f, an error;
# a quoted "rm -rf /" is judged for what it says; git -c alias.nuke=!echo
# nuke runs echo; echo ok | parallel runs the program its input names, and
# echo ok | xargs sudo -- a program only known at run time, asked for as
# sudo "$X" is),
# and the programs that run project code (cargo build, uv run, cdk
# synth: confinement answers those), printers of secrets (aws ecr
# get-authorization-token, gh auth token, printenv) and project writes
# (npm pack, cargo fmt) the harness decides, listed by `go run
# ./internal/bench/accuracy -failures`. Set just above what was
# measured: 5.3, 0.95, 1.6, 2.2, 8.7.
ACCURACY_MAX ?= deny=5.4,deny-allowed=1.0,not-allow=1.7,not-deny=2.3,allow=8.8
# The same ceilings for the run that decides every call as in a session
# nobody watches, where a call the analysis cannot prove runs confined:
# friction at most 2% there, and no fewer plain allows than the run
# above. Asks become denies unattended, hence the higher over-blocks.
# Set just above what was measured (friction excepted, held to its
# goal): 4.5, 0.95, 1.6, 5.7, 0.2.
ACCURACY_UNATTENDED_MAX ?= deny=4.6,deny-allowed=1.0,not-allow=1.7,not-deny=5.8,allow=2
# Variants of each shell command that accuracy decides too (0: none);
# 5 a command adds about 17,000 calls and 2 seconds.
ACCURACY_VARIANTS ?= 5

.PHONY: all build test test-tools accuracy bench bench-bundle bench-ship bench-gatekeeper bench-mcp bench-confine lint generate check-generate clean test-plugins bench-plugins

all: build

# The launcher is built without cgo: a program linked with libc (go-landlock's
# psx is the launcher's only cgo) starts about 1 ms later, and every
# confined call starts it twice (the launcher, then its sandbox's init).
build:
	$(GO) build -buildvcs=auto -o $(BIN)/ ./cmd/...
	CGO_ENABLED=0 $(GO) build -buildvcs=auto -o $(BIN)/ ./cmd/governance-confine

# A package's tests may take longer than go test's ten minutes on a slow
# two-core machine (the confinement package builds real projects); a test
# that hangs still fails.
test: lint test-tools
	$(GO) test -timeout 25m ./...
	@$(MAKE) --no-print-directory test-plugins
	@$(MAKE) --no-print-directory accuracy ACCURACY_FLAGS=-quiet

# The end-to-end tests drive tools from Debian's packages (chromium);
# the script installs what is missing and changes nothing otherwise.
test-tools:
	@scripts/install-test-tools

accuracy: build
	$(GO) run ./internal/bench/accuracy -governance $(BIN)/governance -max $(ACCURACY_MAX) -variants $(ACCURACY_VARIANTS) \
	  -unattended -max-unattended $(ACCURACY_UNATTENDED_MAX) $(ACCURACY_FLAGS)

lint: check-generate
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

generate:
	$(GO) generate ./...

# The built-in policy is compiled from template/policy/*.yaml, and the
# programs' registry from their names; the committed Go files must match.
check-generate:
	@mkdir -p $(BIN)
	@$(GO) run ./internal/gen/builtin -o $(BIN)/policy_gen.go.check template/policy
	@cmp -s $(BIN)/policy_gen.go.check template/policy_gen.go || \
	  (echo "template/policy_gen.go is out of date: run 'make generate'"; exit 1)
	@$(GO) run ./internal/gen/registry -dir internal/programs -o $(BIN)/registry.go.check
	@cmp -s $(BIN)/registry.go.check internal/programs/registry.go || \
	  (echo "internal/programs/registry.go is out of date: run 'make generate'"; exit 1)

bench: build
	@echo "== in-process decisions (ns/op)"
	$(GO) test -run '^$$' -bench . -skip Worst -benchmem ./internal/engine ./internal/shell ./hooks
	@echo "   (PathsOnDisk and RecursiveRead count the file system calls path resolution makes: fs-calls/op)"
	@echo
	@echo "== governance check --jsonl, the path accuracy is measured through (budget: 10,000 lines in 2s)"
	$(GO) run ./internal/bench/jsonl -governance $(BIN)/governance -n 10000 -runs 5
	@echo
	@echo "== governance-hook as a spawned process vs a trivial Go program (same input, interleaved runs)"
	$(GO) build -trimpath -ldflags='-s -w' -o $(BIN)/bench-trivial.linked ./internal/bench/trivial
	$(GO) build -trimpath -ldflags='-s -w' -o $(BIN)/bench-hook.linked ./cmd/governance-hook
	@# The linker writes its output through a memory map, and a file
	@# written that way starts more slowly (by 0.15 to 0.25 ms, measured on Linux)
	@# until its cached pages are read again from disk, as after a reboot.
	@# A copy starts as a binary that was copied, unpacked or read from
	@# disk does: the budget is measured on copies, and both states shown.
	rm -f $(BIN)/bench-trivial $(BIN)/bench-hook
	cp $(BIN)/bench-trivial.linked $(BIN)/bench-trivial
	cp $(BIN)/bench-hook.linked $(BIN)/bench-hook
	@# The project users have: made by governance init and governance
	@# install claude (agents, example rules, the harness's settings), with
	@# a home of its own; one call first compiles its snapshot. (install
	@# names governance-hook as each machine finds it on PATH.)
	@rm -rf $(INIT_BENCH) && mkdir -p $(INIT_BENCH)/project
	@(cd $(INIT_BENCH)/project && git init -q && \
	  $(call xdg_env,$(INIT_BENCH)) $(abspath $(BIN))/governance init > /dev/null && \
	  PATH=$(abspath $(BIN)):$$PATH $(call xdg_env,$(INIT_BENCH)) $(abspath $(BIN))/governance install claude > /dev/null)
	@sed 's#"cwd":"/tmp"#"cwd":"$(INIT_BENCH)/project"#' internal/bench/testdata/pretooluse-bash.json > $(INIT_BENCH)/event.json
	@$(call xdg_env,$(INIT_BENCH)) $(BIN)/bench-hook claude < $(INIT_BENCH)/event.json > /dev/null
	@# Every call appends to the decision log: keep it out of the user's.
	@echo "   hook: the minimal input (no project); init-claude: in the project governance init and install claude make"
	$(GO) run ./internal/bench/spawn -n $(BENCH_N) -input internal/bench/testdata/pretooluse-bash.json \
	  trivial=$(BIN)/bench-trivial "hook=XDG_STATE_HOME=$(abspath $(BENCH_DIR))/state $(BIN)/bench-hook claude" \
	  "init-claude=<$(INIT_BENCH)/event.json $(call xdg_env,$(INIT_BENCH)) $(BIN)/bench-hook claude"
	@echo "   the same programs as the linker wrote them (right after go build or go install):"
	$(GO) run ./internal/bench/spawn -n $(BENCH_N) -input internal/bench/testdata/pretooluse-bash.json \
	  trivial=$(BIN)/bench-trivial.linked "hook=XDG_STATE_HOME=$(abspath $(BENCH_DIR))/state $(BIN)/bench-hook.linked claude"
	@echo
	@echo "== the costliest commands under the size bound (internal/bench/worstcase): the analysis in-process,"
	@echo "   then the hook on each (slowest wall and processor time of 3 runs, peak memory, decision)"
	$(GO) test -run '^$$' -bench Worst -benchtime 3x -benchmem ./internal/shell
	$(GO) run ./internal/bench/worst -hook $(BIN)/bench-hook -runs 3
	@echo
	@echo "== configured projects: in-process, with roles, a sandbox and rate limits (every call updates the"
	@echo "   rate-limit state), and through the daemon (daemon: auto, a daemon already running)"
	@rm -rf $(BENCH_DIR) && mkdir -p $(BENCH_DIR)/roles/.git $(BENCH_DIR)/roles/.governance \
	  $(BENCH_DIR)/plain/.git $(BENCH_DIR)/plain/.governance $(BENCH_DIR)/daemon/.git $(BENCH_DIR)/daemon/.governance
	@printf 'roles:\n  ai:\n    sandbox: {exec_allowlist: [git, ls, cat], net: false}\n    rate_limits: {per_minute: 1000000, per_agent_per_minute: 1000000}\n' \
	  > $(BENCH_DIR)/roles/.governance/config.yaml
	@printf 'default: defer\n' > $(BENCH_DIR)/plain/.governance/config.yaml
	@printf 'daemon: auto\n' > $(BENCH_DIR)/daemon/.governance/config.yaml
	@for p in roles plain daemon; do \
	  sed "s#\"cwd\":\"/tmp\"#\"cwd\":\"$(abspath $(BENCH_DIR))/$$p\"#" internal/bench/testdata/pretooluse-bash.json > $(BENCH_DIR)/$$p.json; \
	  (cd $(BENCH_DIR)/$$p && $(BENCH_ENV) $(abspath $(BIN))/governance compile > /dev/null); done
	@$(BENCH_ENV) $(BIN)/governance daemon --idle-timeout 5m > $(BENCH_DIR)/daemon.out 2>&1 & daemon=$$!; \
	  for i in 1 2 3 4 5 6 7 8 9 10; do [ -S $(BENCH_DIR)/home/.local/state/governance/daemon.sock ] && break; sleep 0.2; done; \
	  $(GO) run ./internal/bench/spawn -n $(BENCH_N) -input $(BENCH_DIR)/plain.json \
	    trivial=$(BIN)/bench-trivial "in-process=$(BENCH_ENV) $(BIN)/bench-hook claude" \
	    "roles=<$(BENCH_DIR)/roles.json $(BENCH_ENV) $(BIN)/bench-hook claude" \
	    "daemon=<$(BENCH_DIR)/daemon.json $(BENCH_ENV) $(BIN)/bench-hook claude"; \
	  status=$$?; kill $$daemon 2>/dev/null; exit $$status
	@echo
	@$(MAKE) --no-print-directory bench-bundle
	@echo
	@$(MAKE) --no-print-directory bench-ship
	@echo
	@$(MAKE) --no-print-directory bench-gatekeeper
	@echo
	@$(MAKE) --no-print-directory bench-plugins
	@$(MAKE) --no-print-directory bench-mcp
	@echo
	@$(MAKE) --no-print-directory bench-confine

# Confinement: a confined `true` against a bare one, side by side, in a
# project with secrets to mask (budget: 10 ms more at p50), and bubblewrap
# alone with the same tree (in a copy of the project); Anthropic's
# sandbox-runtime (srt) beside them, in SRT_N runs (it takes most of a
# second), or why it cannot run here;
# then the checkpoint a call of unknown effects gets first, in a
# repository of 50,000 files (the first one, and one between two calls).
SRT_N ?= 20
bench-confine: build
	@echo "== confinement: governance-confine true vs bare true, and sandbox-runtime's srt true (fewer runs)"
	@# srt is installed with the test tools (scripts/test-tools.d/sandbox-runtime.sh);
	@# where it cannot be, its line says why.
	-@scripts/install-test-tools > /dev/null
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags='-s -w' -o $(BIN)/governance-confine ./cmd/governance-confine
	$(GO) run ./internal/bench/confine -launcher $(BIN)/governance-confine -n $(BENCH_N) \
	  -srt .tools/sandbox-runtime/node_modules/.bin/srt -srt-n $(SRT_N)
	@echo "== checkpoint before a confined call: a repository of 50,000 files"
	$(GO) run ./internal/bench/checkpoint -files 50000 -n 20

# A policy bundle of 1,000 rules: how long a pull takes to verify and
# activate it, then the hook's p50 with it active (a managed layer read
# through the compiled snapshot) against the trivial program. No variable
# moves the managed folder, so the binaries for this run are built with
# another one (-X layout.managedDir), as a distribution would build them.
BUNDLE_BENCH = $(abspath $(BIN))/bench-bundle
# Rules in the bundle. The bench's rules each name one program; the
# snapshot files them, and the hook decodes only those of the programs a
# call names (a user configuration of as many rules costs the same: the
# last line shows it).
BUNDLE_RULES ?= 1000
BUNDLE_LDFLAGS = -s -w -X github.com/agentgov/governance/internal/layout.managedDir=$(BUNDLE_BENCH)/managed

bench-bundle: build
	@echo "== policy bundle: activation of a $(BUNDLE_RULES)-rule bundle, and the hook with it active"
	@rm -rf $(BUNDLE_BENCH) && mkdir -p $(BUNDLE_BENCH)/bin $(BUNDLE_BENCH)/project/.git
	$(GO) build -trimpath -ldflags='$(BUNDLE_LDFLAGS)' -o $(BUNDLE_BENCH)/bin/ ./cmd/governance ./cmd/governance-hook
	$(GO) build -trimpath -ldflags='-s -w' -o $(BUNDLE_BENCH)/plain/ ./cmd/governance ./cmd/governance-hook
	@# Copies start as installed binaries do (see bench above).
	@for d in bin plain; do cp $(BUNDLE_BENCH)/$$d/governance-hook $(BUNDLE_BENCH)/$$d/hook-copy && \
	  mv $(BUNDLE_BENCH)/$$d/hook-copy $(BUNDLE_BENCH)/$$d/governance-hook; done
	@[ -x $(BIN)/bench-trivial ] || { $(GO) build -trimpath -ldflags='-s -w' -o $(BIN)/bench-trivial.linked ./internal/bench/trivial && \
	  cp $(BIN)/bench-trivial.linked $(BIN)/bench-trivial; }
	$(GO) run ./internal/bench/bundle -managed $(BUNDLE_BENCH)/managed -rules $(BUNDLE_RULES) -runs 5
	@sed 's#"cwd":"/tmp"#"cwd":"$(BUNDLE_BENCH)/project"#' internal/bench/testdata/pretooluse-bash.json > $(BUNDLE_BENCH)/event.json
	@(cd $(BUNDLE_BENCH)/project && $(call xdg_env,$(BUNDLE_BENCH)) $(BUNDLE_BENCH)/bin/governance compile > /dev/null)
	@(cd $(BUNDLE_BENCH)/project && $(call xdg_env,$(BUNDLE_BENCH)) $(BUNDLE_BENCH)/bin/governance status | grep -A2 '^managed:')
	@# The same rules in a user's configuration, with the usual binaries and no
	@# managed folder: what the rules cost, apart from the bundle.
	@mkdir -p $(BUNDLE_BENCH)/user/home/.config/governance/rules
	@cp $(BUNDLE_BENCH)/managed/bundle/active/rules/team.yaml $(BUNDLE_BENCH)/user/home/.config/governance/rules/
	@(cd $(BUNDLE_BENCH)/project && $(call xdg_env,$(BUNDLE_BENCH)/user) $(BUNDLE_BENCH)/plain/governance compile > /dev/null)
	$(GO) run ./internal/bench/spawn -n $(BENCH_N) -input $(BUNDLE_BENCH)/event.json \
	  trivial=$(BIN)/bench-trivial "bundle-active=$(call xdg_env,$(BUNDLE_BENCH)) $(BUNDLE_BENCH)/bin/governance-hook claude" \
	  "same-rules-user-config=$(call xdg_env,$(BUNDLE_BENCH)/user) $(BUNDLE_BENCH)/plain/governance-hook claude"

# governance audit ship against the OpenTelemetry Collector the test
# tools build (OTLP receiver, file exporter) on 127.0.0.1: decisions
# shipped per second, from a decision log that check --jsonl wrote.
bench-ship: build
	@echo "== decisions shipped to a local OpenTelemetry Collector by governance audit ship (goal: 20,000 a second)"
	@sh -c '. scripts/test-tools.d/otelcol.sh'
	$(GO) run ./internal/bench/ship -governance $(BIN)/governance -n 20000 -runs 3

# The gatekeeper (layer 4) against a fake provider on 127.0.0.1: the
# latency it adds to a decision on a call no rule decides, in-process (as
# the daemon and check run it) and in hook processes (the hook starts
# governance for an HTTP provider). Each variant has its own user
# configuration; budgets are off so that no call fails closed, and
# confinement is off, so that the figures are the gatekeeper's alone (a
# call no rule decides would otherwise run confined, and a gatekeeper's
# allow of a program no model knows too).
GK_DIR = $(abspath $(BENCH_DIR))/gatekeeper

bench-gatekeeper: build
	@echo "== gatekeeper: one decision on a call no rule decides, in-process, fake provider over HTTP (ns/op)"
	@echo "   off: no gatekeeper; miss: the model is asked (cache off); hit: the cache answers;"
	@echo "   facts-*: the call names a file, so git is asked whether it is tracked and ignored"
	$(GO) test -run '^$$' -bench . -benchmem ./internal/gatekeeper
	@echo
	@echo "== gatekeeper: governance-hook processes on a call no rule decides, fake provider over HTTP"
	@echo "   off: no gatekeeper (the harness decides); miss: the hook runs governance gatekeeper complete;"
	@echo "   hit: the cache answers in the hook; daemon: the hook asks a running daemon, which asks the model"
	$(GO) build -trimpath -ldflags='-s -w' -o $(BIN)/bench-hook ./cmd/governance-hook
	$(GO) build -o $(BIN)/bench-fakemodel ./internal/bench/fakemodel
	@rm -rf $(GK_DIR) && mkdir -p $(GK_DIR)/project/.git
	@$(BIN)/bench-fakemodel -url-file $(GK_DIR)/url & fake=$$!; dpid=; \
	  trap 'kill $$fake $$dpid 2>/dev/null' EXIT; \
	  for i in $$(seq 50); do [ -s $(GK_DIR)/url ] && break; sleep 0.1; done; url=$$(cat $(GK_DIR)/url); \
	  gk="confine: off\ngatekeeper:\n  provider: anthropic\n  model: fake\n  base_url: $$url\n  api_key_env: GK_KEY\n  budget: {per_hour: 0, per_day: 0}\n"; \
	  cfg() { echo $(GK_DIR)/$$1/home/.config/governance/config.yaml; }; \
	  for v in off miss hit daemon; do mkdir -p $$(dirname $$(cfg $$v)); done; \
	  printf 'default: defer\nconfine: off\n' > $$(cfg off); \
	  printf "$$gk  cache_ttl: 0s\n" > $$(cfg miss); \
	  printf "$$gk" > $$(cfg hit); \
	  printf "daemon: auto\n$$gk  cache_ttl: 0s\n" > $$(cfg daemon); \
	  sed 's#"cwd":"/tmp"#"cwd":"$(GK_DIR)/project"#; s#"command":"git status"#"command":"frobnicate --all"#' \
	    internal/bench/testdata/pretooluse-bash.json > $(GK_DIR)/event.json; \
	  vars() { echo "GK_KEY=bench $(call xdg_env,$(GK_DIR)/$$1)"; }; \
	  env $$(vars daemon) $(BIN)/governance daemon --idle-timeout 5m > $(GK_DIR)/daemon.out 2>&1 & dpid=$$!; \
	  for i in $$(seq 50); do [ -S $(GK_DIR)/daemon/home/.local/state/governance/daemon.sock ] && break; sleep 0.1; done; \
	  for v in off miss hit daemon; do \
	    out=$$(env $$(vars $$v) $(BIN)/bench-hook claude < $(GK_DIR)/event.json); \
	    case $$v:$$out in off:'{}'|*:*gatekeeper-allow*) ;; *) echo "bench-gatekeeper: $$v answered $$out"; exit 1;; esac; \
	  done; \
	  $(GO) run ./internal/bench/spawn -n $(BENCH_N) -input $(GK_DIR)/event.json \
	    "off=$$(vars off) $(BIN)/bench-hook claude" "miss=$$(vars miss) $(BIN)/bench-hook claude" \
	    "hit=$$(vars hit) $(BIN)/bench-hook claude" "daemon=$$(vars daemon) $(BIN)/bench-hook claude"

# The OPA example plugin is a module of its own (OPA stays out of the
# governance binaries); test-tools fills the module cache it builds from
# offline.
test-plugins:
	cd plugins/examples/opa && GOPROXY=off $(GO) vet ./... && GOPROXY=off $(GO) test ./...

# Plugins: a warm call inside the daemon (the secrets and OPA example
# plugins), and the hook without a daemon starting a plugin for each call
# (allow_cold_start) against the same hook with no plugin.
PLUGIN_BENCH = $(BIN)/bench-plugins
PLUGIN_ENV = $(call xdg_env,$(abspath $(PLUGIN_BENCH)))
OPA_ARGS = --policy policy --data data.json
# OPA_ARGS as a YAML list: [--policy, policy, ...].
comma := ,
empty :=
space := $(empty) $(empty)
OPA_ARGS_YAML = [$(subst $(space),$(comma)$(space),$(strip $(OPA_ARGS)))]
bench-plugins: build
	$(GO) build -o $(BIN)/governance-secrets ./plugins/examples/secrets
	cd plugins/examples/opa && GOPROXY=off $(GO) build -o $(abspath $(BIN))/governance-opa .
	@echo
	@echo "== plugins: a warm call inside the daemon"
	$(GO) run ./internal/bench/plugins -plugin $(abspath $(BIN))/governance-secrets -n 2000
	@echo
	$(GO) run ./internal/bench/plugins -plugin $(abspath $(BIN))/governance-opa -args "$(OPA_ARGS)" \
	  -dir $(abspath plugins/examples/opa/testdata) -n 2000
	@echo
	@echo "== the hook with no daemon: a plugin started for every call (allow_cold_start) vs no plugin"
	@rm -rf $(PLUGIN_BENCH) && for p in plain secrets opa; do mkdir -p $(PLUGIN_BENCH)/$$p/.git $(PLUGIN_BENCH)/$$p/.governance; done
	@cp -r plugins/examples/opa/testdata/. $(PLUGIN_BENCH)/opa/.governance/
	@printf 'daemon: off\n' > $(PLUGIN_BENCH)/plain/.governance/config.yaml
	@printf 'daemon: off\nplugins:\n  - name: secrets\n    path: $(abspath $(BIN))/governance-secrets\n    position: before_rules\n    allow_cold_start: true\n' \
	  > $(PLUGIN_BENCH)/secrets/.governance/config.yaml
	@printf 'daemon: off\nplugins:\n  - name: opa\n    path: $(abspath $(BIN))/governance-opa\n    args: $(OPA_ARGS_YAML)\n    position: before_rules\n    allow_cold_start: true\n' \
	  > $(PLUGIN_BENCH)/opa/.governance/config.yaml
	@for p in plain secrets opa; do \
	  sed "s#\"cwd\":\"/tmp\"#\"cwd\":\"$(abspath $(PLUGIN_BENCH))/$$p\"#" internal/bench/testdata/pretooluse-bash.json > $(PLUGIN_BENCH)/$$p.json; \
	  (cd $(PLUGIN_BENCH)/$$p && $(PLUGIN_ENV) $(abspath $(BIN))/governance compile > /dev/null); done
	@(cd $(PLUGIN_BENCH)/secrets && $(PLUGIN_ENV) $(abspath $(BIN))/governance plugins trust secrets > /dev/null)
	@(cd $(PLUGIN_BENCH)/opa && $(PLUGIN_ENV) $(abspath $(BIN))/governance plugins trust opa > /dev/null)
	$(GO) run ./internal/bench/spawn -n 100 -warmup 5 -input $(PLUGIN_BENCH)/plain.json \
	  "no-plugin=$(PLUGIN_ENV) $(BIN)/governance-hook claude" \
	  "secrets-cold-start=<$(PLUGIN_BENCH)/secrets.json $(PLUGIN_ENV) $(BIN)/governance-hook claude" \
	  "opa-cold-start=<$(PLUGIN_BENCH)/opa.json $(PLUGIN_ENV) $(BIN)/governance-hook claude"

# What the MCP policy proxy adds to a tools/call, against the same call
# made straight to the server (a real one, from the test tools).
bench-mcp: build test-tools
	@echo
	@echo "== MCP tools/call through governance mcp-proxy vs straight to the server (stdio, interleaved calls)"
	$(GO) run ./internal/bench/mcp -n $(BENCH_N) -governance $(BIN)/governance -server .tools/mcp/node_modules/.bin/mcp-server-everything

clean:
	rm -rf $(BIN)
