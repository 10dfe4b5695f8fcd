package sandbox

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/fastschema/qjs"
	"github.com/google/uuid"
)

// host is the one Go function the prelude calls: host(op + "\n" +
// argsJSON) → envelope JSON (see prelude.js).
func (r *run) host(this *qjs.This) (*qjs.Value, error) {
	r.eng.mem.host = true
	defer func() { r.eng.mem.host = false }()
	args := this.Args()
	var msg string
	ok := len(args) == 1 && args[0].IsString()
	if ok {
		msg = args[0].String()
	}
	for _, a := range args {
		a.Free()
	}
	op, payload, found := strings.Cut(msg, "\n")
	out := `{"e":{"name":"TypeError","message":"not a host call"}}`
	if ok && found {
		out = r.dispatch(op, payload)
	}
	if len(out) > maxReply {
		out = errEnvelope(rangeErr("the answer has %d bytes; at most %d cross into the script", len(out), maxReply))
	}
	return this.Context().NewString(out), nil
}

func (r *run) dispatch(op, payload string) string {
	r.mu.Lock()
	if r.stopped {
		r.mu.Unlock()
		return stopEnvelope(r.limitOrStop())
	}
	r.mu.Unlock()
	switch op {
	case "pin":
		return `{"u":1}`
	case "init":
		return r.init()
	case "log":
		return r.log(payload)
	case "end":
		return r.end(payload)
	case "find", "get":
		return r.read(op, payload)
	case "share", "notify", "tag", "untag", "write":
		return r.propose(Kind(op), payload)
	}
	return errEnvelope(typeErr("unknown host call %q", truncate(op, 40)))
}

// init answers the prelude's first call: the source, the event's JSON and
// the log room. Only once.
func (r *run) init() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.initialized {
		return errEnvelope(typeErr("init: called twice"))
	}
	r.initialized = true
	src, _ := marshal(r.src)
	return `{"v":{"source":` + string(src) + `,"event":` + r.event + `,"room":` + strconv.Itoa(r.lim.LogBytes) + `}}`
}

func (r *run) limitOrStop() string {
	if r.limit != LimitNone {
		return string(r.limit)
	}
	return "stopped"
}

func value(v any) string {
	b, err := marshal(v)
	if err != nil {
		return errEnvelope(typeErr("the result could not be encoded"))
	}
	return `{"v":` + string(b) + `}`
}

// marshal is json.Marshal without HTML escaping (it would make <, > and &
// six bytes each in what crosses into the script).
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

func errEnvelope(e *argError) string {
	b, _ := json.Marshal(map[string]any{"e": map[string]string{"name": e.name, "message": e.message}})
	return string(b)
}

func stopEnvelope(why string) string { return `{"stop":` + strconv.Quote(why) + `}` }

// propose records one proposal, or stops the run when it would be one more
// than the limit allows.
func (r *run) propose(kind Kind, payload string) string {
	p, aerr := proposal(kind, payload)
	if aerr != nil {
		return errEnvelope(aerr)
	}
	r.mu.Lock()
	if len(r.proposals) >= r.lim.Proposals {
		r.mu.Unlock()
		r.stop(LimitActions, nil)
		return stopEnvelope(string(LimitActions))
	}
	if n := p.size(); r.proposalBytes+n > MaxProposalBytes {
		r.mu.Unlock()
		return errEnvelope(rangeErr("codna.%s: the run's proposals would hold more than %d bytes", kind, MaxProposalBytes))
	} else {
		r.proposalBytes += n
	}
	r.proposals = append(r.proposals, p)
	r.mu.Unlock()
	return `{"u":1}`
}

// read answers codna.find or codna.get through the Capabilities, or stops
// the run when it would be one read more than the limit allows.
func (r *run) read(op, payload string) string {
	fn := "codna." + op
	args, aerr := decodeArgs(fn, payload, 1)
	if aerr != nil {
		return errEnvelope(aerr)
	}
	var q FindQuery
	var id uuid.UUID
	if op == "find" {
		q, aerr = findQuery(args[0], r.sb.cfg.Now())
	} else {
		id, aerr = docID(fn, args[0])
	}
	if aerr != nil {
		return errEnvelope(aerr)
	}
	r.mu.Lock()
	if r.reads >= r.lim.Reads {
		r.mu.Unlock()
		r.stop(LimitReads, nil)
		return stopEnvelope(string(LimitReads))
	}
	r.reads++
	r.mu.Unlock()

	var out any
	var err error
	if op == "find" {
		var docs []Document
		docs, err = r.caps.Find(r.capsCtx, q)
		if len(docs) > q.Limit {
			docs = docs[:q.Limit]
		}
		rows := make([]Document, len(docs))
		for i, d := range docs {
			d.Content = nil
			rows[i] = withTags(d)
		}
		out = rows
	} else {
		var d *Document
		if d, err = r.caps.Get(r.capsCtx, id); d != nil {
			dd := withTags(*d)
			out = &dd
		}
	}
	if err != nil {
		r.mu.Lock()
		stopped := r.stopped
		r.mu.Unlock()
		if !stopped {
			r.stop(LimitNone, fmt.Errorf("%s: %w", fn, err))
		}
		r.mu.Lock()
		defer r.mu.Unlock()
		return stopEnvelope(r.limitOrStop())
	}
	return value(out)
}

// log appends one console line, cut to what is left of Limits.LogBytes,
// and answers how much is left.
func (r *run) log(payload string) string {
	var args [2]string
	var raw []json.RawMessage
	if json.Unmarshal([]byte(payload), &raw) != nil || len(raw) != 2 ||
		json.Unmarshal(raw[0], &args[0]) != nil || json.Unmarshal(raw[1], &args[1]) != nil {
		return errEnvelope(typeErr("console: bad call"))
	}
	level, text := args[0], args[1]
	line := text
	if level != "log" && level != "info" {
		line = level + ": " + text
	}
	line += "\n"
	r.mu.Lock()
	defer r.mu.Unlock()
	room := r.lim.LogBytes - r.logs.Len()
	if len(line) > room {
		line = truncate(line, room)
		r.truncated = true
	}
	r.logs.WriteString(line)
	return value(r.lim.LogBytes - r.logs.Len())
}

// end records how the script ended: 'done', 'thrown' (with the thrown
// value's description) or 'pending' (it returned a promise; a second end
// settles it).
func (r *run) end(payload string) string {
	var raw []json.RawMessage
	var state string
	if json.Unmarshal([]byte(payload), &raw) != nil || len(raw) != 2 || json.Unmarshal(raw[0], &state) != nil {
		return errEnvelope(typeErr("end: bad call"))
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended && !r.pending {
		return `{"u":1}`
	}
	switch state {
	case "pending":
		r.pending = true
		r.ended = true
		return `{"u":1}`
	case "thrown":
		var t thrown
		_ = json.Unmarshal(raw[1], &t)
		r.err = thrownError(t)
		if r.err.Kind == ErrLimit {
			r.limit = LimitMemory
		}
	}
	r.pending = false
	r.ended = true
	return `{"u":1}`
}
