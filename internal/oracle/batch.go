package oracle

import (
	"context"
	"runtime"
	"sync"
)

// Result is the outcome of one command of a batch: an Observation, or
// the error that kept the sandbox from running it.
type Result struct {
	Command     string
	Observation *Observation
	Err         error
}

// RunAll runs commands, at most workers at a time (twice the number of
// processors when workers is below one: a run spends much of its time
// waiting on strace), and returns their results in the order of
// commands. Runs are independent: each starts from a pristine copy of
// the decoy world. Once ctx is done, the commands not yet started fail
// with ctx's error.
func (s *Sandbox) RunAll(ctx context.Context, commands []string, workers int) []Result {
	return s.runAll(ctx, commands, workers, s.Run)
}

func (s *Sandbox) runAll(ctx context.Context, commands []string, workers int,
	run func(context.Context, string) (*Observation, error)) []Result {
	if workers < 1 {
		workers = 2 * runtime.NumCPU()
	}
	results := make([]Result, len(commands))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, len(commands)) {
		wg.Go(func() {
			for i := range next {
				r := Result{Command: commands[i]}
				if r.Err = ctx.Err(); r.Err == nil {
					r.Observation, r.Err = run(ctx, commands[i])
				}
				results[i] = r
			}
		})
	}
	for i := range commands {
		next <- i
	}
	close(next)
	wg.Wait()
	return results
}
