package programs_test

import (
	"strings"
	"testing"
)

func TestGo(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"go", ""},
		{"go version", ""},
		{"go version -m ./bin/app", "read ./bin/app"},
		{"go env", "read ~/.config/go/env"},
		{"go env GOPROXY", "read ~/.config/go/env"},
		{"go env -json", "read ~/.config/go/env"},
		{"go env GOFLAGS GOPATH", ""},
		{"go env GOPATH", ""},
		{"go env -w GOPROXY=direct", "change (go env -w and -u change the user's go environment file)"},
		{"go list ./...", "network the Go module proxy"},
		{"go list -m -u all", "network the Go module proxy"},
		{"go list -f '{{.Dir}}' ./...", "network the Go module proxy"},
		{"go list -f={{.Dir}} ./...", "network the Go module proxy"},
		{"go list -json=false ./...", "network the Go module proxy"},
		{"go list -toolexec /tmp/x ./...", "exec sh:\"/tmp/x\"; network the Go module proxy"},
		{"go list -toolexec=/tmp/x ./...", "exec sh:\"/tmp/x\"; network the Go module proxy"},
		{"go list --toolexec=/tmp/x ./...", "exec sh:\"/tmp/x\"; network the Go module proxy"},
		{"go list -toolex /tmp/x ./...", "unknown (the option -toolex is not in the model of go); network the Go module proxy"},
		{"go list -modfile=go.alt.mod ./...", "unknown (the effect of -modfile is not modelled); network the Go module proxy"},
		{"go list -overlay=o.json ./...", "read o.json; network the Go module proxy"},
		{"go list -mod=mod ./...", "network the Go module proxy; write go.mod; write go.sum"},
		{"go list -mod mod -m all", "network the Go module proxy; write go.mod; write go.sum"},
		{"go vet -mod=$M ./...", "unknown (the option -mod=$M is not in the model of go); network the Go module proxy; unknown (go vet runs cgo, whose C compiler may include any file a package's preamble names and show it in its errors)"},
		{"go list -mod=readonly ./...", "network the Go module proxy"},
		{"go list -mod=vendor ./...", "network the Go module proxy"},
		{"GOFLAGS=-mod=mod go list ./...", "unknown (GOFLAGS changes the programs the go command runs or the code it trusts); network the Go module proxy"},
		{"go -C $D version", "unknown (-C names a folder only known at run time, whose go.mod may ask for another toolchain); unknown (-C names a folder only known at run time, whose go.work may ask for another toolchain)"},
		{"go doc fmt.Println", "network the Go module proxy"},
		{"go doc -http", "change (go doc -http serves documentation and opens the browser); network the Go module proxy"},
		{"go vet ./...", "network the Go module proxy; unknown (go vet runs cgo, whose C compiler may include any file a package's preamble names and show it in its errors)"},
		{"go vet -vettool=/tmp/x ./...", "exec sh:\"/tmp/x\"; network the Go module proxy; unknown (go vet runs cgo, whose C compiler may include any file a package's preamble names and show it in its errors)"},
		{"go vet ./... -vettool=/tmp/x", "exec sh:\"/tmp/x\"; network the Go module proxy; unknown (go vet runs cgo, whose C compiler may include any file a package's preamble names and show it in its errors)"},
		{"go vet -fix ./...", "change (-fix writes files); network the Go module proxy; unknown (go vet runs cgo, whose C compiler may include any file a package's preamble names and show it in its errors)"},
		{"go vet -diff ./...", "network the Go module proxy; unknown (go vet runs cgo, whose C compiler may include any file a package's preamble names and show it in its errors)"},
		{"go vet -printf.funcs=Logf ./...", "network the Go module proxy; unknown (go vet runs cgo, whose C compiler may include any file a package's preamble names and show it in its errors)"},
		{"go mod graph", "network the Go module proxy"},
		{"go mod why golang.org/x/text", "network the Go module proxy"},
		{"go mod download", "network the Go module proxy"},
		{"go mod edit -json", "read go.mod"},
		{"go mod edit -require example.com/x@v1.0.0", "write go.mod"},
		{"go mod edit -json -replace a=b", "read go.mod"},
		{"go mod tidy", "change (go mod tidy writes binaries, the module's files or its sources, or cleans caches)"},
		{"go work edit -print", "read go.work"},
		{"go work sync", "change (go work sync writes binaries, the module's files or its sources, or cleans caches)"},
		{"go -C sub list ./...", "network the Go module proxy"},
		{"go -C=sub list ./...", "network the Go module proxy"},
		{"go build -o /tmp/x .", "write /tmp/x; change (go build writes binaries, the module's files or its sources, or cleans caches); read .; unknown (go build runs cgo, whose C compiler may include any file a package's preamble names and show it in its errors)"},
		{"go build ./...", "change (go build writes binaries, the module's files or its sources, or cleans caches); read ./...; unknown (go build runs cgo, whose C compiler may include any file a package's preamble names and show it in its errors)"},
		{"go install ./cmd/x", "change (go install writes binaries, the module's files or its sources, or cleans caches); read ./cmd/x; unknown (go install runs cgo, whose C compiler may include any file a package's preamble names and show it in its errors)"},
		{"CGO_ENABLED=0 go build ./...", "change (go build writes binaries, the module's files or its sources, or cleans caches); read ./..."},
		{"CGO_ENABLED=0 go build -ldflags=-extld=/tmp/x .", "change (go build writes binaries, the module's files or its sources, or cleans caches); read .; unknown (the build flags -extld=/tmp/x go to the compiler or linker, which may write files or run programs)"},
		{"CGO_ENABLED=0 go build -ldflags='-s -w' .", "change (go build writes binaries, the module's files or its sources, or cleans caches); read ."},
		{"go run . -h", "exec :\"\"; read .; read -h; unknown (go run runs cgo, whose C compiler may include any file a package's preamble names and show it in its errors)"},
		{"go run -h", ""},
		{"go test ./... --help", "exec :\"\"; read ./...; read --help; unknown (go test runs cgo, whose C compiler may include any file a package's preamble names and show it in its errors)"},
		{"go test -exec /tmp/x ./...", "exec sh:\"/tmp/x\"; exec :\"\"; read ./...; unknown (go test runs cgo, whose C compiler may include any file a package's preamble names and show it in its errors)"},
		{"go generate ./...", "exec :\"\"; read ./..."},
		{"go clean -cache", "change (go clean writes binaries, the module's files or its sources, or cleans caches)"},
		{"go telemetry", ""},
		{"go telemetry off", "change (go telemetry changes the telemetry mode)"},
		{"go bug", "change (go bug opens a new issue in the browser)"},
		{"go help build", ""},
		{"CC=/tmp/x go vet ./...", "unknown (CC changes the programs the go command runs or the code it trusts); network the Go module proxy; unknown (go vet runs cgo, whose C compiler may include any file a package's preamble names and show it in its errors)"},
		{"GOFLAGS=-toolexec=/tmp/x go list ./...", "unknown (GOFLAGS changes the programs the go command runs or the code it trusts); network the Go module proxy"},
		{"GOOS=linux go list ./...", "network the Go module proxy"},
		{"GOTOOLCHAIN=go1.30 go version", "unknown (GOTOOLCHAIN changes the programs the go command runs or the code it trusts)"},
		{"gofmt -l .", "read . (tree)"},
		{"gofmt -d main.go", "read main.go (tree)"},
		{"gofmt -l -w .", "write . (tree)"},
		{"gofmt -w=true main.go", "write main.go (tree)"},
		{"gofmt -cpuprofile /tmp/p main.go", "write /tmp/p; read main.go (tree)"},
		{"gofmt -r 'a -> b' -l .", "read . (tree)"},
		{"gofmt -lw .", "unknown (the option -lw is not in the model of gofmt); read . (tree)"},
		{"gofmt", ""},
		{"golangci-lint run", "network the Go module proxy; unknown (golangci-lint run runs cgo, whose C compiler may include any file a package's preamble names and show it in its errors)"},
		{"golangci-lint run --fix", "change (--fix); network the Go module proxy; unknown (golangci-lint run runs cgo, whose C compiler may include any file a package's preamble names and show it in its errors)"},
		{"golangci-lint run --output.json.path report.json", "write report.json; network the Go module proxy; unknown (golangci-lint run runs cgo, whose C compiler may include any file a package's preamble names and show it in its errors)"},
		{"golangci-lint run -c .golangci.yml ./...", "read .golangci.yml; network the Go module proxy; unknown (golangci-lint run runs cgo, whose C compiler may include any file a package's preamble names and show it in its errors); unknown (golangci-lint loads the plugins its configuration names)"},
		{"golangci-lint linters", ""},
		{"golangci-lint fmt", "change (golangci-lint fmt rewrites the files it formats)"},
		{"golangci-lint fmt -d", ""},
		{"golangci-lint cache clean", "delete ~/.cache/golangci-lint (tree)"},
		{"golangci-lint --version", ""},
		{"go list -json=true ./...", "network the Go module proxy"},
	})
}

// TestGoToolCover: go tool cover -func runs go list with the paths its
// profile names, which may be flags (-toolexec=CMD): it stays unknown,
// as does -html, which writes a file or opens the browser.
func TestGoToolCover(t *testing.T) {
	t.Parallel()
	for _, cmd := range []string{"go tool cover -func=c.out", "go tool cover -html=c.out -o x.html", "go tool cover -html=c.out", "go tool -n cover"} {
		if !hasUnknown(t, cmd) && !strings.Contains(effects(t, cmd), "exec") {
			t.Errorf("%q: %s, want it unknown", cmd, effects(t, cmd))
		}
	}
}
