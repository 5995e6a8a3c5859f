// Package ship sends the decision log to a team's collector as OTLP logs
// over HTTP (protobuf, gzip), for `governance audit ship` and the daemon.
//
// The decision log is the buffer: entries are masked when written, masked
// again here, and read oldest first from the rotated logs and then the
// current one. A cursor (the file, known by the start of its first line
// and its inode, and an offset) is replaced atomically after every batch
// the collector acknowledges, so a shipper killed at any point resumes
// where it stopped, and a collector that is down or slow loses nothing:
// the entries wait in the log. Delivery is at least once (a batch sent
// and not acknowledged is sent again); every record carries the entry's
// decision_id to deduplicate on. At most buffer_max entries wait: past
// that the oldest are skipped unshipped and counted as dropped.
package ship

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/agentgov/governance/internal/decisionlog"
	"github.com/agentgov/governance/internal/filelock"
)

// Shipper ships one decision log to one collector.
type Shipper struct {
	// Log is the decision log (decisions.jsonl); the rotated logs beside
	// it are shipped first.
	Log string
	// State is the state file (default [StatePath] of Log).
	State string
	// Endpoint is the collector's OTLP/HTTP logs URL; Headers go with
	// every request.
	Endpoint string
	Headers  map[string]string
	// Batch is the most entries in one request; BufferMax the most
	// entries left waiting.
	Batch, BufferMax int
	// Client sends the requests (default: one with a 30s timeout).
	Client *http.Client
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// Report is what one run did.
type Report struct {
	// Shipped entries were acknowledged; Dropped were skipped unshipped,
	// past buffer_max; Rejected were refused by the collector; Skipped
	// lines were not entries.
	Shipped, Dropped, Rejected, Skipped int
	// Pending entries are left to ship (after an error).
	Pending int
	// Elapsed is how long the run took.
	Elapsed time.Duration
	// State is the state after the run.
	State *State
}

// Ship sends everything the log holds that was not yet acknowledged, in
// batches, and returns when it has caught up, when a request fails (the
// error; the rest waits for the next run) or when ctx is done. Runs on
// the same log take turns.
func (s *Shipper) Ship(ctx context.Context) (*Report, error) {
	now := s.now()
	start := now()
	statePath := s.statePath()
	unlock, err := filelock.Lock(statePath)
	if err != nil {
		return nil, err
	}
	defer unlock()
	st, err := ReadState(statePath)
	if err != nil {
		return nil, err
	}
	r := &Report{State: st}
	files, err := openLogs(s.Log)
	if err != nil {
		return r, err
	}
	defer closeLogs(files)
	segs := st.plan(files)

	lines := make([]int, len(segs))
	total := 0
	for i, seg := range segs {
		if lines[i], err = countLines(seg); err != nil {
			return r, err
		}
		total += lines[i]
	}
	if over := total - s.bufferMax(); over > 0 {
		if err := s.drop(st, segs, lines, over); err != nil {
			return r, err
		}
		r.Dropped = over
		total -= over
	}

	r.Pending = total
	err = s.shipSegments(ctx, st, segs, r)
	st.LastAttempt = now()
	st.Pending = r.Pending
	st.LastError = ""
	if err != nil {
		st.LastError = err.Error()
	}
	r.Elapsed = now().Sub(start)
	if werr := st.write(statePath); werr != nil && err == nil {
		err = werr
	}
	return r, err
}

// drop moves the cursor past the oldest n waiting entries.
func (s *Shipper) drop(st *State, segs []segment, lines []int, n int) error {
	for i := range segs {
		if n == 0 {
			break
		}
		seg := segs[i]
		skip := min(n, lines[i])
		off, err := skipLines(seg, skip)
		if err != nil {
			return err
		}
		st.finish(seg, off)
		segs[i].from = off
		lines[i] -= skip
		n -= skip
		st.Dropped += int64(skip)
	}
	return st.write(s.statePath())
}

// shipSegments sends the segments in batches, moving the cursor after
// each acknowledged one. Batches are read and encoded by a goroutine one
// or two ahead of the one in flight, so that the shipper's work overlaps
// the collector's; the cursor still moves only in order, and only after
// an acknowledgement.
func (s *Shipper) shipSegments(ctx context.Context, st *State, segs []segment, r *Report) error {
	now := s.now()
	send := &sender{endpoint: s.Endpoint, headers: s.Headers, client: s.client()}
	statePath := s.statePath()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	work := make(chan encoded, 2)
	errc := make(chan error, 1)
	go func() {
		defer close(work)
		errc <- s.encodeSegments(ctx, segs, work)
	}()
	for b := range work {
		if b.body != nil {
			rejected, err := send.send(ctx, b.body)
			var refused *HTTPError
			switch {
			case errors.As(err, &refused) && refused.Status == http.StatusBadRequest:
				// The collector calls this request malformed and will
				// again: OTLP/HTTP clients must not retry a 400. Its
				// entries count as refused and the cursor moves on, so
				// that one bad batch does not hold back those after it.
				// Other refusals (authentication, a wrong path, an
				// overloaded collector) keep everything for the next run.
				r.Rejected += b.n
				st.Rejected += int64(b.n)
				st.LastRefusal = refused.Error()
			case err != nil:
				return err
			default:
				r.Shipped += b.n
				r.Rejected += rejected
				st.Shipped += int64(b.n)
				st.Rejected += int64(rejected)
				st.LastShipped = now()
			}
		}
		r.Pending -= b.lines
		r.Skipped += b.lines - b.n
		st.Skipped += int64(b.lines - b.n)
		st.finish(b.seg, b.end)
		if err := st.write(statePath); err != nil {
			return err
		}
	}
	return <-errc
}

// encoded is one request ready to send: the records of lines entries of
// a segment, up to offset end. A nil body moves the cursor only.
type encoded struct {
	seg      segment
	end      int64
	n, lines int
	body     []byte
}

// encodeSegments reads the segments and sends their batches, encoded, to
// out, ending each segment with a batch (perhaps empty) that takes the
// cursor to its end.
func (s *Shipper) encodeSegments(ctx context.Context, segs []segment, out chan<- encoded) error {
	now := s.now()
	enc := &encoder{}
	for _, seg := range segs {
		b := newBatch()
		lines := 0
		off := seg.from
		flush := func() error {
			e := encoded{seg: seg, end: off, n: b.n, lines: lines}
			if b.n > 0 {
				body, err := enc.encode(b)
				if err != nil {
					return err
				}
				e.body = body
			}
			select {
			case out <- e:
			case <-ctx.Done():
				return ctx.Err()
			}
			b, lines = newBatch(), 0
			return nil
		}
		rd := bufio.NewReaderSize(io.NewSectionReader(seg.file.f, seg.from, seg.file.size-seg.from), 256<<10)
		for {
			line, err := rd.ReadBytes('\n')
			if len(line) > 0 && (err == nil || !seg.file.last) {
				off += int64(len(line))
				lines++
				if e := decisionlog.Parse(line); e != nil {
					b.add(e, e.Remask(), now())
				}
				if lines >= s.batch() {
					if err := flush(); err != nil {
						return err
					}
				}
			}
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return err
			}
		}
		if err := flush(); err != nil {
			return err
		}
	}
	return nil
}

// countLines counts the entries a segment holds: its complete lines, and
// the unfinished last line of a rotated log, which will not be finished.
func countLines(seg segment) (int, error) {
	rd := io.NewSectionReader(seg.file.f, seg.from, seg.file.size-seg.from)
	buf := make([]byte, 256<<10)
	n, tail := 0, false
	for {
		k, err := rd.Read(buf)
		for _, c := range buf[:k] {
			if c == '\n' {
				n++
			}
		}
		if k > 0 {
			tail = buf[k-1] != '\n'
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return 0, err
		}
	}
	if tail && !seg.file.last {
		n++
	}
	return n, nil
}

// skipLines returns the offset after the first n entries of a segment.
func skipLines(seg segment, n int) (int64, error) {
	rd := bufio.NewReaderSize(io.NewSectionReader(seg.file.f, seg.from, seg.file.size-seg.from), 256<<10)
	off := seg.from
	for range n {
		line, err := rd.ReadSlice('\n')
		for errors.Is(err, bufio.ErrBufferFull) {
			off += int64(len(line))
			line, err = rd.ReadSlice('\n')
		}
		off += int64(len(line))
		if err != nil && !errors.Is(err, io.EOF) {
			return off, err
		}
	}
	return off, nil
}

// Where is the endpoint for messages, without a password it may hold.
func (s *Shipper) Where() string { return Redact(s.Endpoint) }

// Redact returns endpoint without the password of its user information.
func Redact(endpoint string) string {
	u, err := url.Parse(endpoint)
	if err != nil {
		return endpoint
	}
	return u.Redacted()
}

func (s *Shipper) statePath() string {
	if s.State != "" {
		return s.State
	}
	return StatePath(s.Log)
}

func (s *Shipper) now() func() time.Time {
	if s.Now != nil {
		return s.Now
	}
	return time.Now
}

func (s *Shipper) batch() int {
	if s.Batch > 0 {
		return s.Batch
	}
	return 1000
}

func (s *Shipper) bufferMax() int {
	if s.BufferMax > 0 {
		return s.BufferMax
	}
	return 1_000_000
}

func (s *Shipper) client() *http.Client {
	if s.Client != nil {
		return s.Client
	}
	return &http.Client{Timeout: 30 * time.Second}
}
