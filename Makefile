# governance: build, test, bench and lint.
#
#   make test      the whole test suite (what CI runs)
#   make bench     performance figures: hook process vs a trivial Go program,
#                  in-process decisions, what the MCP proxy adds to a call
#   make accuracy  the default policy against the labeled corpus, per
#                  category and per peer (fails above the limits below)
#   make lint      gofmt, go vet, generated code up to date

GO      ?= go
BIN     ?= bin
BENCH_N ?= 400
# Ceilings, in percent of the shell-command cases, that `make accuracy`
# (and so `make test`) holds the default policy to.
BENCH_DIR = $(BIN)/bench-config
BENCH_ENV = HOME=$(abspath $(BENCH_DIR))/home XDG_CONFIG_HOME=$(abspath $(BENCH_DIR))/home/.config XDG_STATE_HOME=$(abspath $(BENCH_DIR))/home/.local/state
ACCURACY_MAX ?= deny=7,not-allow=2,not-deny=2,allow=6

.PHONY: all build test test-tools accuracy bench bench-mcp lint generate check-generate clean

all: build

build:
	$(GO) build -o $(BIN)/ ./cmd/...

test: lint test-tools
	$(GO) test ./...
	@$(MAKE) --no-print-directory accuracy ACCURACY_FLAGS=-quiet

# The end-to-end tests drive tools from Debian's packages (chromium);
# the script installs what is missing and changes nothing otherwise.
test-tools:
	@scripts/install-test-tools

accuracy: build
	$(GO) run ./internal/bench/accuracy -governance $(BIN)/governance -max $(ACCURACY_MAX) $(ACCURACY_FLAGS)

lint: check-generate
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

generate:
	$(GO) generate ./...

# The built-in policy is compiled from template/policy/*.yaml; the
# committed Go file must match it.
check-generate:
	@mkdir -p $(BIN)
	@$(GO) run ./internal/gen/builtin -o $(BIN)/policy_gen.go.check template/policy
	@cmp -s $(BIN)/policy_gen.go.check template/policy_gen.go || \
	  (echo "template/policy_gen.go is out of date: run 'make generate'"; exit 1)

bench: build
	@echo "== in-process decisions (ns/op)"
	$(GO) test -run '^$$' -bench . -benchmem ./governance ./internal/shell ./hooks
	@echo
	@echo "== governance-hook as a spawned process vs a trivial Go program (same input, interleaved runs)"
	$(GO) build -trimpath -ldflags='-s -w' -o $(BIN)/bench-trivial ./internal/bench/trivial
	$(GO) build -trimpath -ldflags='-s -w' -o $(BIN)/bench-hook ./cmd/governance-hook
	@# Every call appends to the decision log: keep it out of the user's.
	$(GO) run ./internal/bench/spawn -n $(BENCH_N) -input internal/bench/testdata/pretooluse-bash.json \
	  trivial=$(BIN)/bench-trivial "hook=XDG_STATE_HOME=$(abspath $(BENCH_DIR))/state $(BIN)/bench-hook claude"
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
	@$(BENCH_ENV) $(BIN)/governance daemon --idle-timeout 5m > $(BENCH_DIR)/daemon.out 2>&1 & \
	  for i in 1 2 3 4 5 6 7 8 9 10; do [ -S $(BENCH_DIR)/home/.local/state/governance/daemon.sock ] && break; sleep 0.2; done; \
	  $(GO) run ./internal/bench/spawn -n $(BENCH_N) -input $(BENCH_DIR)/plain.json \
	    trivial=$(BIN)/bench-trivial "in-process=$(BENCH_ENV) $(BIN)/bench-hook claude" \
	    "roles=<$(BENCH_DIR)/roles.json $(BENCH_ENV) $(BIN)/bench-hook claude" \
	    "daemon=<$(BENCH_DIR)/daemon.json $(BENCH_ENV) $(BIN)/bench-hook claude"; \
	  status=$$?; kill %1 2>/dev/null; exit $$status
	@$(MAKE) --no-print-directory bench-mcp

# What the MCP policy proxy adds to a tools/call, against the same call
# made straight to the server (a real one, from the test tools).
bench-mcp: build test-tools
	@echo
	@echo "== MCP tools/call through governance mcp-proxy vs straight to the server (stdio, interleaved calls)"
	$(GO) run ./internal/bench/mcp -n $(BENCH_N) -governance $(BIN)/governance -server .tools/mcp/node_modules/.bin/mcp-server-everything

clean:
	rm -rf $(BIN)
