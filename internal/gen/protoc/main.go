// Command protoc compiles .proto files and runs protoc plugins on them, as
// protoc does, with a compiler written in Go (bufbuild/protocompile): the
// plugin wire code is generated with no protoc installed, and every tool
// that takes part is pinned in go.mod (the plugins by its tool lines).
//
//	go run ./internal/gen/protoc -out DIR -plugin 'go tool protoc-gen-go' FILE.proto...
//
// Files are read relative to the current directory and written below
// -out with paths=source_relative.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/bufbuild/protocompile"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/pluginpb"
)

// plugins collects repeated -plugin flags.
type plugins []string

func (p *plugins) String() string     { return strings.Join(*p, ", ") }
func (p *plugins) Set(v string) error { *p = append(*p, v); return nil }

func main() {
	out := flag.String("out", ".", "folder the generated files are written to")
	var run plugins
	flag.Var(&run, "plugin", "command line of a protoc plugin (repeatable)")
	flag.Parse()
	if flag.NArg() == 0 || len(run) == 0 {
		fmt.Fprintln(os.Stderr, "usage: protoc -out DIR -plugin CMD... FILE.proto...")
		os.Exit(2)
	}
	if err := generate(context.Background(), *out, run, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "protoc:", err)
		os.Exit(1)
	}
}

func generate(ctx context.Context, out string, run []string, files []string) error {
	c := protocompile.Compiler{
		Resolver:       protocompile.WithStandardImports(&protocompile.SourceResolver{}),
		SourceInfoMode: protocompile.SourceInfoStandard,
	}
	compiled, err := c.Compile(ctx, files...)
	if err != nil {
		return err
	}
	req := &pluginpb.CodeGeneratorRequest{FileToGenerate: files, Parameter: proto.String("paths=source_relative")}
	seen := map[string]bool{}
	var add func(fd protoreflect.FileDescriptor)
	add = func(fd protoreflect.FileDescriptor) {
		if seen[fd.Path()] {
			return
		}
		seen[fd.Path()] = true
		// Dependencies come first, as protoc orders them.
		for i := range fd.Imports().Len() {
			add(fd.Imports().Get(i).FileDescriptor)
		}
		req.ProtoFile = append(req.ProtoFile, protodesc.ToFileDescriptorProto(fd))
	}
	for _, f := range compiled {
		add(f)
	}
	for _, cmd := range run {
		if err := runPlugin(ctx, out, cmd, req); err != nil {
			return err
		}
	}
	return nil
}

// runPlugin sends the request to one plugin and writes the files it
// returns.
func runPlugin(ctx context.Context, out, cmdline string, req *pluginpb.CodeGeneratorRequest) error {
	in, err := proto.Marshal(req)
	if err != nil {
		return err
	}
	argv := strings.Fields(cmdline)
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Stdin = bytes.NewReader(in)
	cmd.Stderr = os.Stderr
	data, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("%s: %w", cmdline, err)
	}
	var resp pluginpb.CodeGeneratorResponse
	if err := proto.Unmarshal(data, &resp); err != nil {
		return fmt.Errorf("%s: %w", cmdline, err)
	}
	if resp.Error != nil {
		return fmt.Errorf("%s: %s", cmdline, resp.GetError())
	}
	for _, f := range resp.File {
		if f.GetInsertionPoint() != "" {
			return fmt.Errorf("%s: insertion points are not supported", cmdline)
		}
		path := filepath.Join(out, filepath.FromSlash(f.GetName()))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, []byte(f.GetContent()), 0o644); err != nil {
			return err
		}
	}
	return nil
}
