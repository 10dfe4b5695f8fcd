package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"runtime/debug"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"codna/internal/auth"
	"codna/internal/fault"
	"codna/internal/request"
)

// A tool is registered with addTool: its input schema is inferred from In
// (descriptions from `jsonschema` struct tags) and narrowed by the
// constraints given for its properties, its output schema from Out. The
// handler the SDK calls validates the arguments against the input schema
// itself (so a mistake is BAD_USER_INPUT with the field, not the SDK's
// uncoded text), runs the tool, and turns its result into structured
// content or its error into a coded tool error (docs/design.md#agents-over-mcp):
//
//	NOT_FOUND: No document has that id.
//	BAD_USER_INPUT on slug: A slug uses lowercase letters, …
//
// Every call, whatever its end, is counted in usage_daily by tool and
// outcome; nothing of its arguments or result is kept.

// constraint narrows a property's inferred schema.
type constraint func(*jsonschema.Schema)

func enum(values ...string) constraint {
	return func(s *jsonschema.Schema) {
		for _, v := range values {
			s.Enum = append(s.Enum, v)
		}
	}
}

func maxLen(n int) constraint { return func(s *jsonschema.Schema) { s.MaxLength = &n } }

func between(lo, hi float64) constraint {
	return func(s *jsonschema.Schema) { s.Minimum, s.Maximum = &lo, &hi }
}

func maxItems(n int) constraint { return func(s *jsonschema.Schema) { s.MaxItems = &n } }

func minItems(n int) constraint { return func(s *jsonschema.Schema) { s.MinItems = &n } }

func pattern(p string) constraint { return func(s *jsonschema.Schema) { s.Pattern = p } }

// items applies constraints to an array's items.
func items(cs ...constraint) constraint {
	return func(s *jsonschema.Schema) {
		for _, c := range cs {
			c(s.Items)
		}
	}
}

// byDefault documents the value a property takes when it is left out (the
// tool applies it itself).
func byDefault(v any) constraint {
	return func(s *jsonschema.Schema) {
		raw, err := json.Marshal(v)
		if err != nil {
			panic(err)
		}
		s.Default = raw
	}
}

// uuidPattern is the form of every id.
const uuidPattern = `^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`

var isID = pattern(uuidPattern)

// props are the constraints of a tool's input properties, by JSON name.
type props map[string][]constraint

// toolSpec is a tool's name, its description (what a model reads to choose
// it), its annotations and the constraints of its input.
type toolSpec struct {
	name, title, description string
	readOnly, idempotent     bool
	props                    props
}

// addTool registers one tool on s: run gets the decoded, validated input
// and returns the structured output or an error (a *fault.Error for a
// refusal; anything else is INTERNAL).
func addTool[In, Out any](s *Server, spec toolSpec, run func(context.Context, In) (Out, error)) {
	in, err := jsonschema.For[In](nil)
	if err != nil {
		panic(fmt.Sprintf("mcpserver: tool %s: input schema: %v", spec.name, err))
	}
	for name, cs := range spec.props {
		p := in.Properties[name]
		if p == nil {
			panic(fmt.Sprintf("mcpserver: tool %s has no input property %q", spec.name, name))
		}
		for _, c := range cs {
			c(p)
		}
	}
	resolved, err := in.Resolve(nil)
	if err != nil {
		panic(fmt.Sprintf("mcpserver: tool %s: input schema: %v", spec.name, err))
	}
	out, err := jsonschema.For[Out](nil)
	if err != nil {
		panic(fmt.Sprintf("mcpserver: tool %s: output schema: %v", spec.name, err))
	}
	destructive := false
	tool := &mcp.Tool{
		Name: spec.name, Title: spec.title, Description: spec.description, InputSchema: in, OutputSchema: out,
		Annotations: &mcp.ToolAnnotations{
			Title: spec.title, ReadOnlyHint: spec.readOnly, IdempotentHint: spec.idempotent || spec.readOnly,
			DestructiveHint: &destructive, OpenWorldHint: &destructive,
		},
	}
	s.tools = append(s.tools, spec.name)
	s.sdk.AddTool(tool, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := s.call(ctx, spec.name, func() (any, error) {
			input, err := decode[In](resolved, req.Params.Arguments)
			if err != nil {
				return nil, err
			}
			return run(ctx, input)
		})
		return res, nil
	})
}

// call runs one tool call, counts it, and makes its result: structured
// content (and the same JSON as text, for clients that read only text) or
// a coded tool error. A panic is an INTERNAL tool error, not a dead server.
func (s *Server) call(ctx context.Context, tool string, run func() (any, error)) *mcp.CallToolResult {
	out, err := func() (out any, err error) {
		defer func() {
			if p := recover(); p != nil {
				s.log.ErrorContext(ctx, "mcp tool panicked", "tool", tool, "panic", p, "stack", string(debug.Stack()))
				err = fmt.Errorf("mcpserver: tool %s panicked: %v", tool, p)
			}
		}()
		return run()
	}()
	var res *mcp.CallToolResult
	outcome := auth.UsageOK
	if err == nil {
		var raw []byte
		if raw, err = json.Marshal(out); err == nil {
			res = &mcp.CallToolResult{StructuredContent: json.RawMessage(raw), Content: []mcp.Content{&mcp.TextContent{Text: string(raw)}}}
		}
	}
	if err != nil {
		res, outcome = s.refusal(ctx, tool, err)
	}
	s.count(ctx, tool, outcome)
	return res
}

// count records one call in usage_daily. A failure is logged: the call
// itself has been answered.
func (s *Server) count(ctx context.Context, tool, outcome string) {
	if err := s.svc.Auth.NoteToolCall(ctx, tool, outcome); err != nil {
		s.log.WarnContext(ctx, "count an mcp call", "tool", tool, "error", err)
	}
}

// refusal is the tool error for err and the outcome it counts as: a coded
// refusal (refused) shows its code, field and message; anything else
// (error) is logged and shown as INTERNAL with the request id, or as
// UNAVAILABLE when the database is out of reach.
func (s *Server) refusal(ctx context.Context, tool string, err error) (*mcp.CallToolResult, string) {
	fe := fault.As(err)
	outcome := auth.UsageRefused
	if fe == nil {
		fe = fault.As(fault.FromConn(err))
	}
	switch {
	case fe == nil || fe.Code == fault.Internal:
		s.log.ErrorContext(ctx, "mcp tool failed", "tool", tool, "error", err)
		fe = fault.New(fault.Internal, "Something went wrong on our side. Quote request id %s if you report it.", request.ID(ctx))
		outcome = auth.UsageError
	case fe.Code == fault.Unavailable:
		s.log.WarnContext(ctx, "mcp tool: database unavailable", "tool", tool, "error", err)
		outcome = auth.UsageError
	}
	return errorResult(fe), outcome
}

// errorResult is a tool error carrying a coded error: "CODE: message", or
// "CODE on field: message".
func errorResult(fe *fault.Error) *mcp.CallToolResult {
	text := string(fe.Code) + ": " + fe.Message
	if fe.Field != "" {
		text = string(fe.Code) + " on " + fe.Field + ": " + fe.Message
	}
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// decode checks a call's arguments against the tool's input schema and
// decodes them. Missing or null arguments are an empty object. Errors:
// BAD_USER_INPUT, naming the property at fault when there is one.
func decode[In any](schema *jsonschema.Resolved, args json.RawMessage) (In, error) {
	var in In
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	}
	var inst any
	if err := json.Unmarshal(args, &inst); err != nil {
		return in, fault.Input("arguments", "The arguments are not valid JSON.")
	}
	if _, ok := inst.(map[string]any); !ok {
		return in, fault.Input("arguments", "The arguments must be a JSON object.")
	}
	if err := schema.Validate(inst); err != nil {
		return in, schemaError(err)
	}
	if err := json.Unmarshal(args, &in); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return in, fault.Input(te.Field, "The argument %s has the wrong type.", te.Field)
		}
		return in, fault.Input("arguments", "The arguments do not fit the tool's input schema.")
	}
	return in, nil
}

var propertyRE = regexp.MustCompile(`/properties/([A-Za-z]+)`)

// schemaError makes a validation failure BAD_USER_INPUT, naming the
// outermost property it is about.
func schemaError(err error) error {
	msg := err.Error()
	field := "arguments"
	if m := propertyRE.FindStringSubmatch(msg); m != nil {
		field = m[1]
	} else if i := strings.Index(msg, "missing properties: ["); i >= 0 {
		if name := strings.Trim(strings.SplitN(msg[i+len("missing properties: ["):], "]", 2)[0], `"`); name != "" {
			field = strings.Trim(strings.SplitN(name, ",", 2)[0], `" `)
		}
	}
	if len(msg) > 500 {
		msg = msg[:500] + "…"
	}
	return fault.Input(field, "The arguments do not fit the tool's input schema: %s", msg)
}
