// Package pluginwire is the generated gRPC code of the plugin protocol
// (evaluator.proto). Plugin authors use the plugins package, which wraps
// it; nothing else should import this one.
package pluginwire

//go:generate go run ../gen/protoc -out . -plugin "go tool protoc-gen-go" -plugin "go tool protoc-gen-go-grpc" evaluator.proto
