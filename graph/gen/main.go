// Command gen is `make generate`'s gqlgen step: it runs gqlgen as `gqlgen
// generate` does (gqlgen.yml), then makes the generated executor schedule
// through graph/schedule and writes schedule.Plain, the fields gqlgen
// resolves in place. See graph/schedule for why.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/api"
	"github.com/99designs/gqlgen/codegen"
	"github.com/99designs/gqlgen/codegen/config"
	"golang.org/x/tools/go/ast/astutil"
)

const (
	schedulePkg = "codna/graph/schedule"
	scalarPkg   = "codna/graph/scalar"
	uuidID      = "marshalNID2githubᚗcomᚋgoogleᚋuuidᚐUUID"
	plainFile   = "graph/schedule/plain.generated.go"
)

// rewrites are the generated calls replaced by graph/schedule's. Each must
// occur in the generated code as written (gqlgen.yml's exec.worker_limit
// and omit_panic_handler at their defaults), and gqlgen's own must not
// remain: a change of gqlgen's templates fails generation, not the build.
var rewrites = []struct{ from, to, left string }{
	{
		from: "graphql.MarshalSliceConcurrently(ctx, len(v), 0, false, func(ctx context.Context, i int) graphql.Marshaler {",
		to:   "schedule.MarshalList(ctx, sel, len(v), func(ctx context.Context, i int) graphql.Marshaler {",
		left: "MarshalSliceConcurrently(",
	},
	{
		from: "out.ResolveConcurrently(ec.OperationContext, &deferred, i,",
		to:   "schedule.ResolveConcurrently(ctx, out, field, ec.OperationContext, &deferred, i,",
		left: "out.ResolveConcurrently(",
	},
	{
		from: "\n\treturn out\n}",
		to:   "\n\treturn op.Object(fields, out)\n}",
		left: "\n\treturn out\n}",
	},
	{
		from: "fields := graphql.CollectFields(ec.OperationContext, sel, ",
		to:   "op := schedule.From(ctx)\n\tfields := op.CollectFields(ec.OperationContext, sel, ",
		left: "graphql.CollectFields(",
	},
	{
		from: "var buf bytes.Buffer\n\t\t\tdata.MarshalGQL(&buf)\n",
		to:   "buf := schedule.ResponseBuffer(ctx)\n\t\t\tdata.MarshalGQL(buf)\n",
		left: "\t\t\tvar buf bytes.Buffer\n\t\t\tdata.MarshalGQL(&buf)\n",
	},
	{
		from: "out := graphql.NewFieldSet(fields)",
		to:   "out := op.NewFieldSet(ctx, fields)",
		left: "graphql.NewFieldSet(",
	},
	{
		from: "deferred := graphql.NewDeferredGroup(ctx)",
		to:   "deferred := op.NewDeferredGroup(ctx)",
		left: "graphql.NewDeferredGroup(",
	},
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := config.LoadConfigFromDefaultLocations()
	if err != nil {
		return err
	}
	if err := api.Generate(cfg, api.AddPlugin(plainFields{})); err != nil {
		return err
	}
	files, err := filepath.Glob(filepath.Join(cfg.Exec.Dir(), "*.generated.go"))
	if err != nil {
		return err
	}
	safe := map[string]bool{}
	byAddress := map[string]string{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		for _, m := range safeMarshaler.FindAllStringSubmatch(string(src), -1) {
			safe[m[1]] = true
		}
		for _, m := range valueMarshaler.FindAllStringSubmatch(string(src), -1) {
			byAddress[m[1]] = m[2]
		}
	}
	for _, f := range files {
		if err := rewrite(f, safe, byAddress); err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
	}
	return nil
}

// rewrite replaces gqlgen's scheduling calls in one generated file.
func rewrite(path string, safe map[string]bool, byAddress map[string]string) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	out := string(src)
	changed := false
	for _, r := range rewrites {
		if strings.Contains(out, r.from) {
			out = strings.ReplaceAll(out, r.from, r.to)
			changed = true
		}
		if strings.Contains(out, r.left) {
			return fmt.Errorf("a call to %s is not in the form graph/gen rewrites (%q)", r.left, r.from)
		}
	}
	if direct := directFields(out, safe); direct != out {
		out, changed = direct, true
	}
	if constant := enumMarshal.ReplaceAllString(out, "res := schedule.Constant($1)\n"); constant != out {
		out, changed = constant, true
	}
	if elements := listElements(out, byAddress); elements != out {
		out, changed = elements, true
	}
	if resolved := resolverFields(out); resolved != out {
		out, changed = resolved, true
	}
	if fields := concurrentField.ReplaceAllString(out, "schedule.ResolveField(ctx, out, field, ec.OperationContext, &deferred, i, $1, $2, ec, obj, (*executionContext).$3)"); fields != out {
		out, changed = fields, true
	}
	if lists := listMarshalers(out); lists != out {
		out, changed = lists, true
	}
	if !changed {
		return nil
	}
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, out, parser.ParseComments)
	if err != nil {
		return err
	}
	astutil.AddImport(fset, file, schedulePkg)
	if strings.Contains(out, "scalar.UUIDAt(") {
		astutil.AddImport(fset, file, scalarPkg)
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, file); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// directField matches the generated resolver of a struct field with no
// directive (a nil middleware chain), naming its field context, the struct
// field and its marshaler.
var directField = regexp.MustCompile(`(?m)^(func \(ec \*executionContext\) _\w+\(ctx context\.Context, field graphql\.CollectedField, obj \S+\) \(ret graphql\.Marshaler\) \{\n)` +
	`(\treturn graphql\.ResolveField\(\n\t\tctx,\n\t\tec\.OperationContext,\n\t\tfield,\n` +
	`\t\tfunc\(ctx context\.Context, field graphql\.CollectedField\) \(\*graphql\.FieldContext, error\) \{\n\t\t\treturn ec\.fieldContext_(\w+)\(ctx, field\)\n\t\t\},\n` +
	`\t\tfunc\(ctx context\.Context\) \(any, error\) \{\n\t\t\treturn obj\.(\w+), nil\n\t\t\},\n` +
	`\t\tnil,\n` +
	`\t\tfunc\(ctx context\.Context, selections ast\.SelectionSet, v \S+\) graphql\.Marshaler \{\n\t\t\treturn ec\.(marshal[NO][^\s(\[]+)\(ctx, selections, v\)\n\t\t\},\n` +
	`\t\ttrue,\n\t\t(?:true|false),\n\t\)\n\})`)

// safeMarshaler matches a generated non-null marshaler that never yields
// null or an error: a String, Int or Boolean, an ID bound to a uuid.UUID,
// or an enum mapped to a Go value (gqlgen.yml enum_values: a map lookup).
var safeMarshaler = regexp.MustCompile(`(?m)^func \(ec \*executionContext\) (marshalN[^\s(\[]+)\(ctx context\.Context, sel ast\.SelectionSet, v [\w.]+\) graphql\.Marshaler \{\n` +
	`\t_ = sel\n\tres := (?:graphql\.Marshal(?:String|Int|Boolean)|scalar\.MarshalUUID)\((?:v|marshalN[^\s(\[]+\[v\])\)\n`)

// fieldObject matches the field context of a field without arguments,
// naming its object type.
var fieldObject = regexp.MustCompile(`(?m)^func \(ec \*executionContext\) fieldContext_(\w+)\(_ context\.Context, field graphql\.CollectedField\) \(fc \*graphql\.FieldContext, err error\) \{\n` +
	`\t(?:return graphql\.NewScalarFieldContext\("(\w+)", field, false, false,|fc = &graphql\.FieldContext\{\n\t\tObject:\s+"(\w+)",\n\t\tField:\s+field,\n\t\tIsMethod:\s+false,\n\t\tIsResolver:\s+false,\n)`)

// enumMarshal matches the call in a generated enum marshaler mapped by
// gqlgen.yml's enum_values: the name looked up for the value.
var enumMarshal = regexp.MustCompile(`res := graphql\.MarshalString\((marshalN[^\s(\[]+\[v\])\)\n`)

// directFields puts a shortcut taken under schedule.Direct in front of
// the resolvers directField matches: the bare marshaler call for those
// whose marshaler is in safe, schedule.Field for the others whose field
// takes no arguments.
func directFields(src string, safe map[string]bool) string {
	objects := map[string]string{}
	for _, m := range fieldObject.FindAllStringSubmatch(src, -1) {
		objects[m[1]] = m[2] + m[3]
	}
	var b strings.Builder
	last := 0
	for _, m := range directField.FindAllStringSubmatchIndex(src, -1) {
		fieldName, marshaler := src[m[8]:m[9]], src[m[10]:m[11]]
		var shortcut string
		switch object, ok := objects[src[m[6]:m[7]]]; {
		case marshaler == "marshalNString2string":
			shortcut = "return schedule.String(&obj." + fieldName + ")"
		case marshaler == "marshalNInt2int" && safe[marshaler]:
			shortcut = "return schedule.Int(&obj." + fieldName + ")"
		case marshaler == "marshalNFloat2float64" && ok:
			// A value that is not finite goes through gqlgen's marshaler,
			// which reports it.
			shortcut = "if schedule.Finite(obj." + fieldName + ") {\n\t\t\treturn schedule.Float(&obj." + fieldName + ")\n\t\t}\n\t\t" +
				"return schedule.Field(ctx, ec.OperationContext, " + strconv.Quote(object) + ", field, obj." + fieldName + ", ec." + marshaler + ")"
		case marshaler == uuidID && safe[marshaler]:
			shortcut = "return scalar.UUIDAt(&obj." + fieldName + ")"
		case safe[marshaler]:
			shortcut = "return ec." + marshaler + "(ctx, field.Selections, obj." + fieldName + ")"
		case ok:
			shortcut = "return schedule.Field(ctx, ec.OperationContext, " + strconv.Quote(object) + ", field, obj." + fieldName + ", ec." + marshaler + ")"
		default:
			continue
		}
		b.WriteString(src[last:m[0]])
		b.WriteString(src[m[2]:m[3]])
		b.WriteString("\tif schedule.Direct(ctx) {\n\t\t" + shortcut + "\n\t}\n")
		b.WriteString(src[m[4]:m[5]])
		last = m[1]
	}
	b.WriteString(src[last:])
	return b.String()
}

// valueMarshaler matches a generated marshaler of a struct passed by value
// that only hands its address to the object's marshaler, naming both: the
// copy it marshals escapes, so each call allocates one.
var valueMarshaler = regexp.MustCompile(`(?m)^func \(ec \*executionContext\) (marshalN[^\s(\[]+)\(ctx context\.Context, sel ast\.SelectionSet, v [\w.]+\) graphql\.Marshaler \{\n` +
	`\treturn ec\.(_\w+)\(ctx, sel, &v\)\n\}`)

// listElement matches a list marshaler's call of its elements' marshaler
// with a copy of the element.
var listElement = regexp.MustCompile(`(\tfc\.Result = &v\[i\]\n\t\treturn ec\.)(marshalN[^\s(\[]+)\(ctx, sel, v\[i\]\)\n`)

// listElements makes the lists of structs marshal each element in place
// (the address of the slice's element, which fc.Result already holds)
// instead of through a copy that escapes: one allocation per element.
func listElements(src string, byAddress map[string]string) string {
	return listElement.ReplaceAllStringFunc(src, func(m string) string {
		sub := listElement.FindStringSubmatch(m)
		object, ok := byAddress[sub[2]]
		if !ok {
			return m
		}
		return sub[1] + object + "(ctx, sel, &v[i])\n"
	})
}

// resolverField matches the generated resolver of a resolver field with no
// directive (a nil middleware chain), naming its field context, the
// resolver call, the result's type and its marshaler.
var resolverField = regexp.MustCompile(`(?m)^(func \(ec \*executionContext\) _\w+\(ctx context\.Context, field graphql\.CollectedField, obj \S+\) \(ret graphql\.Marshaler\) \{\n)` +
	`(\treturn graphql\.ResolveField\(\n\t\tctx,\n\t\tec\.OperationContext,\n\t\tfield,\n` +
	`\t\tfunc\(ctx context\.Context, field graphql\.CollectedField\) \(\*graphql\.FieldContext, error\) \{\n\t\t\treturn ec\.fieldContext_(\w+)\(ctx, field\)\n\t\t\},\n` +
	`\t\tfunc\(ctx context\.Context\) \(any, error\) \{\n\t\t\treturn (ec\.Resolvers\.\w+\(\)\.\w+\(ctx, obj\))\n\t\t\},\n` +
	`\t\tnil,\n` +
	`\t\tfunc\(ctx context\.Context, selections ast\.SelectionSet, v (\S+)\) graphql\.Marshaler \{\n\t\t\treturn ec\.(marshal[NO][^\s(\[]+)\(ctx, selections, v\)\n\t\t\},\n` +
	`\t\ttrue,\n\t\t(true|false),\n\t\)\n\})`)

// concurrentField matches an object's call of ResolveConcurrently (after
// the rewrites) with the closure gqlgen writes around the field's
// resolver, naming the flags and the resolver.
var concurrentField = regexp.MustCompile(`schedule\.ResolveConcurrently\(ctx, out, field, ec\.OperationContext, &deferred, i,\n\t+(true|false), (true|false),\n` +
	`\t+func\(ctx context\.Context\) graphql\.Marshaler \{\n\t+return ec\.(_[^\s(]+)\(ctx, field, obj\)\n\t+\}\)`)

// listMarshaler matches a list marshaler's call of MarshalList (after the
// rewrites) with the closure gqlgen writes around the element's marshaler,
// naming it and whether it takes the element's address, up to its return of
// the array.
var listMarshaler = regexp.MustCompile(`\tret := schedule\.MarshalList\(ctx, sel, len\(v\), func\(ctx context\.Context, i int\) graphql\.Marshaler \{\n` +
	`\t\tfc := graphql\.GetFieldContext\(ctx\)\n\t\tfc\.Result = &v\[i\]\n\t\treturn ec\.([^\s(]+)\(ctx, sel, (&?)v\[i\]\)\n\t\}\)\n` +
	`((?:\n\tfor _, e := range ret \{\n\t\tif e == graphql\.Null \{\n\t\t\treturn graphql\.Null\n\t\t\}\n\t\}\n)?)` +
	`\n\treturn ret\n\}`)

// listMarshalers makes the list marshalers that listMarshaler matches call
// schedule.MarshalStructs or MarshalElements with the element's marshaler
// (no closure unless the list is marshalled concurrently) and return the
// array through schedule.Box (no allocation for the interface).
func listMarshalers(src string) string {
	return listMarshaler.ReplaceAllStringFunc(src, func(m string) string {
		sub := listMarshaler.FindStringSubmatch(m)
		call := "MarshalElements"
		if sub[2] == "&" {
			call = "MarshalStructs"
		}
		return "\tret := schedule." + call + "(ctx, sel, ec, v, (*executionContext)." + sub[1] + ")\n" + sub[3] + "\n\treturn schedule.Box(ctx, ret)\n}"
	})
}

// resolverObject matches the field context of a resolver field without
// arguments, naming its object type.
var resolverObject = regexp.MustCompile(`(?m)^func \(ec \*executionContext\) fieldContext_(\w+)\(_ context\.Context, field graphql\.CollectedField\) \(fc \*graphql\.FieldContext, err error\) \{\n` +
	`\t(?:return graphql\.NewScalarFieldContext\("(\w+)", field, true, true,|fc = &graphql\.FieldContext\{\n\t\tObject:\s+"(\w+)",\n\t\tField:\s+field,\n\t\tIsMethod:\s+true,\n\t\tIsResolver:\s+true,\n)`)

// resolverFields puts schedule.Resolve, taken under schedule.Direct, in
// front of the resolvers of resolver fields without arguments or
// directives: the resolver and the marshaler called directly, without
// ResolveField's closures, boxing and field context allocation.
func resolverFields(src string) string {
	objects := map[string]string{}
	for _, m := range resolverObject.FindAllStringSubmatch(src, -1) {
		objects[m[1]] = m[2] + m[3]
	}
	var b strings.Builder
	last := 0
	for _, m := range resolverField.FindAllStringSubmatchIndex(src, -1) {
		object, ok := objects[src[m[6]:m[7]]]
		if !ok {
			continue
		}
		call, typ, marshaler, nonNull := src[m[8]:m[9]], src[m[10]:m[11]], src[m[12]:m[13]], src[m[14]:m[15]]
		b.WriteString(src[last:m[0]])
		b.WriteString(src[m[2]:m[3]])
		b.WriteString("\tif schedule.Direct(ctx) {\n\t\treturn schedule.Resolve(ctx, ec.OperationContext, " + strconv.Quote(object) + ", field, " + nonNull +
			", func(ctx context.Context) (" + typ + ", error) {\n\t\t\treturn " + call + "\n\t\t}, ec." + marshaler + ")\n\t}\n")
		b.WriteString(src[m[4]:m[5]])
		last = m[1]
	}
	b.WriteString(src[last:])
	return b.String()
}

// plainFields writes schedule.Plain from gqlgen's own decision of which
// fields it resolves concurrently (codegen.Field.IsConcurrent).
type plainFields struct{}

func (plainFields) Name() string { return "codna-plain-fields" }

func (plainFields) GenerateCode(data *codegen.Data) error {
	plain := map[string][]string{}
	for _, o := range data.Objects {
		for _, f := range o.Fields {
			if !f.IsConcurrent() {
				plain[o.Name] = append(plain[o.Name], f.Name)
			}
		}
	}
	names := make([]string, 0, len(plain))
	for n := range plain {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("// Code generated by graph/gen from gqlgen's field bindings; DO NOT EDIT.\n\npackage schedule\n\n")
	b.WriteString("// Plain lists, per object type, the fields gqlgen resolves in place (a\n")
	b.WriteString("// struct field or a method without a context), which cannot wait on a load.\n")
	b.WriteString("var Plain = map[string]map[string]struct{}{\n")
	for _, n := range names {
		fields := plain[n]
		sort.Strings(fields)
		b.WriteString("\t" + strconv.Quote(n) + ": {")
		for i, f := range fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Quote(f) + ": {}")
		}
		b.WriteString("},\n")
	}
	b.WriteString("}\n")
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		return errors.Join(errors.New("formatting the plain fields"), err)
	}
	return os.WriteFile(plainFile, src, 0o644)
}
