package schedule

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// schema is CoDNA's, so that Plain (generated from it) applies.
func schema(t *testing.T) *ast.Schema {
	t.Helper()
	names, err := filepath.Glob("../schema/*.graphqls")
	require.NoError(t, err)
	var sources []*ast.Source
	for _, n := range names {
		data, err := os.ReadFile(n)
		require.NoError(t, err)
		sources = append(sources, &ast.Source{Name: n, Input: string(data)})
	}
	s, err := gqlparser.LoadSchema(sources...)
	require.NoError(t, err)
	return s
}

// field returns the field at path in doc's first operation.
func field(t *testing.T, doc *ast.QueryDocument, path ...string) *ast.Field {
	t.Helper()
	sel := doc.Operations[0].SelectionSet
	var f *ast.Field
	for _, name := range path {
		f = nil
		for _, s := range sel {
			if x, ok := s.(*ast.Field); ok && x.Name == name {
				f = x
			}
		}
		require.NotNil(t, f, name)
		sel = f.SelectionSet
	}
	return f
}

func query(t *testing.T, s *ast.Schema, q string) *ast.QueryDocument {
	t.Helper()
	doc, errs := gqlparser.LoadQuery(s, q)
	require.Empty(t, errs)
	return doc
}

// fieldContexts returns the field contexts of documents and of its edges
// below it, as the executor nests them.
func fieldContexts(doc *ast.QueryDocument) (docs, edges *graphql.FieldContext) {
	docs = &graphql.FieldContext{Field: graphql.CollectedField{Field: doc.Operations[0].SelectionSet[0].(*ast.Field)}}
	edges = &graphql.FieldContext{Parent: docs, Field: graphql.CollectedField{Field: docs.Field.SelectionSet[0].(*ast.Field)}}
	return docs, edges
}

func TestAListOfPlainFieldsCannotWait(t *testing.T) {
	t.Parallel()
	s := schema(t)
	doc := query(t, s, `{ documents { edges { node { id links { state target { title } } } } } }`)
	links := field(t, doc, "documents", "edges", "node", "links")
	require.False(t, (*Op)(nil).canWait(nil, nil, links.SelectionSet), "state, target and its title are struct fields")

	doc = query(t, s, `{ documents { edges { node { links { target { title owner { name } } } } } } }`)
	links = field(t, doc, "documents", "edges", "node", "links")
	require.True(t, (*Op)(nil).canWait(nil, nil, links.SelectionSet), "owner loads through a loader")

	doc = query(t, s, `{ documents { edges { node { links { ...T } } } } } fragment T on DocumentLink { target { ... on Document { owner { name } } } }`)
	links = field(t, doc, "documents", "edges", "node", "links")
	require.True(t, (*Op)(nil).canWait(nil, nil, links.SelectionSet), "fragments are looked into")

	doc = query(t, s, `{ documents { edges { node { __typename id } } } }`)
	edges := field(t, doc, "documents", "edges")
	require.False(t, (*Op)(nil).canWait(nil, nil, edges.SelectionSet))
}

func TestReadyFieldsCannotWaitAndWhatIsBelowThemStillCounts(t *testing.T) {
	t.Parallel()
	s := schema(t)
	op := &Op{}
	doc := query(t, s, `{ documents { edges { node { id links { state target { title } } backlinks { source { title } } } } } }`)
	docsFC, edgesFC := fieldContexts(doc)
	edges := field(t, doc, "documents", "edges")
	require.True(t, op.canWait(edgesFC, nil, edges.SelectionSet), "nothing declared ready")

	ctx := context.WithValue(context.Background(), operationKey{}, op)
	Ready(graphql.WithFieldContext(ctx, docsFC), []string{"edges", "node", "links"})
	require.True(t, op.canWait(edgesFC, nil, edges.SelectionSet), "backlinks are not ready")
	Ready(graphql.WithFieldContext(ctx, docsFC), []string{"edges", "node", "backlinks"})
	require.False(t, op.canWait(edgesFC, nil, edges.SelectionSet))

	// A ready field's own selection can still wait: the targets' links
	// are not the page's.
	doc = query(t, s, `{ documents { edges { node { links { target { links { state } } } } } } }`)
	docsFC2, edgesFC2 := fieldContexts(doc)
	Ready(graphql.WithFieldContext(ctx, docsFC2), []string{"edges", "node", "links"})
	require.True(t, op.canWait(edgesFC2, nil, field(t, doc, "documents", "edges").SelectionSet))

	// Readiness is per field context: another documents field is not ready.
	other := &graphql.FieldContext{Parent: &graphql.FieldContext{Field: docsFC.Field}, Field: edgesFC.Field}
	require.True(t, op.canWait(other, nil, edges.SelectionSet))
}

func TestAListResolvedInTurnRecoversAPanicInOneElement(t *testing.T) {
	t.Parallel()
	ctx := graphql.WithResponseContext(context.Background(), graphql.DefaultErrorPresenter,
		func(ctx context.Context, err any) error { return errors.New("internal") })
	ctx = graphql.WithFieldContext(ctx, &graphql.FieldContext{})
	var indexes []int
	ret := MarshalList(ctx, nil, 3, func(ctx context.Context, i int) graphql.Marshaler {
		indexes = append(indexes, *graphql.GetFieldContext(ctx).Index)
		if i == 1 {
			panic("boom")
		}
		return graphql.MarshalInt(i)
	})
	require.Equal(t, []int{0, 1, 2}, indexes, "in turn, each with its index")
	require.Len(t, ret, 3)
	require.Equal(t, graphql.Null, ret[1])
	require.False(t, ret[2] == graphql.Null)
	errs := graphql.GetErrors(ctx)
	require.Len(t, errs, 1)
	require.Equal(t, "internal", errs[0].Message)
	require.Equal(t, ast.Path{ast.PathIndex(1)}, errs[0].Path)
}

func TestAnOperationWithoutDeferBuildsNoPath(t *testing.T) {
	t.Parallel()
	s := schema(t)
	for q, defers := range map[string]bool{
		`{ documents { edges { node { id } } } }`:                                                false,
		`{ documents { edges { node { id ... @defer { title } } } } }`:                           true,
		`{ documents { edges { node { ...T @defer } } } } fragment T on Document { title }`:      true,
		`{ documents { edges { node { ...T } } } } fragment T on Document { ... @defer { id } }`: true,
	} {
		doc := query(t, s, q)
		ctx := graphql.WithOperationContext(context.Background(), &graphql.OperationContext{Doc: doc, Operation: doc.Operations[0]})
		ctx = WithOperation(ctx)
		ctx = graphql.WithFieldContext(ctx, &graphql.FieldContext{Field: graphql.CollectedField{Field: doc.Operations[0].SelectionSet[0].(*ast.Field)}})
		g := From(ctx).NewDeferredGroup(ctx)
		require.Equal(t, defers, g.FieldSet != nil, q)
		require.Equal(t, defers, g.Path != nil, q)
	}
	// Without WithOperation, gqlgen's group.
	require.NotNil(t, From(context.Background()).NewDeferredGroup(context.Background()).FieldSet)
}

func TestAnObjectWritesEachResponseKeyOnceInOrder(t *testing.T) {
	t.Parallel()
	fields := []graphql.CollectedField{{Field: &ast.Field{Alias: "id"}}, {Field: &ast.Field{Alias: "t"}}, {Field: &ast.Field{Alias: "id"}}}
	out := graphql.NewFieldSet(fields)
	out.Values[0], out.Values[1], out.Values[2] = graphql.MarshalString("a"), graphql.MarshalString(`"x"`), graphql.MarshalString("b")
	var want, got bytes.Buffer
	out.MarshalGQL(&want)
	From(context.Background()).Object(fields, out).MarshalGQL(&got)
	require.Equal(t, `{"id":"a","t":"\"x\""}`, got.String())
	require.Equal(t, want.String(), got.String(), "as gqlgen's FieldSet writes it")
	var other strings.Builder // not a bytes.Buffer: MarshalGQL's general path
	From(context.Background()).Object(fields, out).MarshalGQL(&other)
	require.Equal(t, want.String(), other.String())
	// From an operation's chunks, each object its own.
	op := From(WithOperation(context.Background()))
	var objs []graphql.Marshaler
	for range objectChunk + 2 {
		objs = append(objs, op.Object(fields, out))
	}
	for i, o := range objs {
		got.Reset()
		o.MarshalGQL(&got)
		require.Equal(t, want.String(), got.String(), i)
	}
}
