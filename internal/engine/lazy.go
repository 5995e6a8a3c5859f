package engine

import "sync"

// lazy is a value made on its first use. A package-level lazy is data
// the linker lays out, where a package-level sync.OnceValue is a call
// every process makes as it starts (the hook starts once per tool call;
// TestHookStartsIdle in cmd/governance-hook keeps this package's start
// free of work).
type lazy[T any] struct {
	once sync.Once
	make func() T
	v    T
}

// get returns the value, making it on first use.
func (l *lazy[T]) get() T {
	l.once.Do(func() { l.v = l.make() })
	return l.v
}
