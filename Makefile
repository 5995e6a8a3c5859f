# governance: build, test, bench and lint.
#
#   make test      the whole test suite (what CI runs)
#   make bench     performance figures: hook process vs a trivial Go program,
#                  in-process decisions
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

.PHONY: all build test accuracy bench lint generate check-generate clean

all: build

build:
	$(GO) build -o $(BIN)/ ./cmd/...

test: lint
	$(GO) test ./...
	@$(MAKE) --no-print-directory accuracy ACCURACY_FLAGS=-quiet

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
	@echo "== the same with a configured project: roles, a sandbox and rate limits (every call updates the rate-limit state)"
	@rm -rf $(BENCH_DIR) && mkdir -p $(BENCH_DIR)/project/.git $(BENCH_DIR)/project/.governance $(BENCH_DIR)/home/.config/governance
	@printf 'roles:\n  ai:\n    sandbox: {exec_allowlist: [git, ls, cat], net: false}\n    rate_limits: {per_minute: 1000000, per_agent_per_minute: 1000000}\n' \
	  > $(BENCH_DIR)/home/.config/governance/config.yaml
	@sed 's#"cwd":"/tmp"#"cwd":"$(abspath $(BENCH_DIR))/project"#' internal/bench/testdata/pretooluse-bash.json > $(BENCH_DIR)/event.json
	@cd $(BENCH_DIR)/project && $(BENCH_ENV) $(abspath $(BIN))/governance compile > /dev/null
	$(GO) run ./internal/bench/spawn -n $(BENCH_N) -input $(BENCH_DIR)/event.json \
	  trivial=$(BIN)/bench-trivial "roles=$(BENCH_ENV) $(BIN)/bench-hook claude"

clean:
	rm -rf $(BIN)
