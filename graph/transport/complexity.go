package transport

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"slices"
	"strconv"

	"github.com/99designs/gqlgen/complexity"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// ComplexityLimit is gqlgen's extension.FixedComplexityLimit with its
// figure remembered: an operation's complexity depends only on its text,
// its name and its variables (the arguments the schema's complexity
// functions read), yet gqlgen computes it for every request by walking the
// operation and building every field's argument map (a few percent of a
// documents page's Go CPU). The figure is kept per query text, operation
// name and variables in a bounded cache; variables that are not small and
// plain (see complexityKey) are not cached, and computed as before. What a
// request sees is gqlgen's: the same stats extension and the same error.
type ComplexityLimit struct {
	limit int
	es    graphql.ExecutableSchema
	known *lru.LRU[int]
}

var _ interface {
	graphql.OperationContextMutator
	graphql.HandlerExtension
} = &ComplexityLimit{}

// NewComplexityLimit refuses operations whose complexity exceeds limit.
func NewComplexityLimit(limit int) *ComplexityLimit {
	return &ComplexityLimit{limit: limit, known: lru.New[int](complexityCacheSize)}
}

// complexityCacheSize is how many figures are kept: a page's cursors and
// filters make a few hundred distinct keys of one query.
const complexityCacheSize = 4096

// ExtensionName is gqlgen's ("ComplexityLimit"), so its stats keep their name.
func (c *ComplexityLimit) ExtensionName() string { return "ComplexityLimit" }

// Validate implements graphql.HandlerExtension.
func (c *ComplexityLimit) Validate(schema graphql.ExecutableSchema) error {
	c.es = schema
	return nil
}

// MutateOperationContext is gqlgen's, with the figure from the cache when
// it is there.
func (c *ComplexityLimit) MutateOperationContext(ctx context.Context, opCtx *graphql.OperationContext) *gqlerror.Error {
	key, cacheable := complexityKey(opCtx)
	n, ok := 0, false
	if cacheable {
		n, ok = c.known.Get(ctx, key)
	}
	if !ok {
		n = complexity.Calculate(ctx, c.es, opCtx.Doc.Operations.ForName(opCtx.OperationName), opCtx.Variables)
		if cacheable {
			c.known.Add(ctx, key, n)
		}
	}
	opCtx.Stats.SetExtension(c.ExtensionName(), &extension.ComplexityStats{Complexity: n, ComplexityLimit: c.limit})
	if n > c.limit {
		err := gqlerror.Errorf("operation has complexity %d, which exceeds the limit of %d", n, c.limit)
		errcode.Set(err, "COMPLEXITY_LIMIT_EXCEEDED")
		return err
	}
	return nil
}

// complexityKeyMax bounds a key's variables: larger ones (a saved page's
// content) are computed each time rather than kept.
const complexityKeyMax = 1024

var errNotPlain = errors.New("not a plain value")

// complexityKey is the cache key of opCtx's complexity: its query text's
// SHA-256, its operation name and its variables written in a canonical form (names
// sorted, each value tagged by kind); false when the variables are larger
// than complexityKeyMax or hold anything but JSON's plain values.
func complexityKey(opCtx *graphql.OperationContext) (string, bool) {
	if opCtx.Doc == nil || opCtx.RawQuery == "" {
		return "", false
	}
	// The query text by its digest: a cache of 4,096 texts of up to the
	// token limit each could hold hundreds of megabytes.
	sum := sha256.Sum256([]byte(opCtx.RawQuery))
	b := make([]byte, 0, 128+len(opCtx.OperationName))
	b = append(b, sum[:]...)
	b = strconv.AppendInt(b, int64(len(opCtx.OperationName)), 10)
	b = append(b, ':')
	b = append(b, opCtx.OperationName...)
	start := len(b)
	b, err := appendPlain(b, map[string]any(opCtx.Variables), start)
	if err != nil || len(b)-start > complexityKeyMax {
		return "", false
	}
	return string(b), true
}

// appendPlain writes v to b; errNotPlain for anything else than nil, a
// bool, a string, a number or a map or list of those, or once what it
// wrote since start passes complexityKeyMax.
func appendPlain(b []byte, v any, start int) ([]byte, error) {
	if len(b)-start > complexityKeyMax {
		return b, errNotPlain
	}
	switch v := v.(type) {
	case nil:
		return append(b, 'z'), nil
	case bool:
		return strconv.AppendBool(append(b, 'b'), v), nil
	case string:
		b = strconv.AppendInt(append(b, 's'), int64(len(v)), 10)
		return append(append(b, ':'), v...), nil
	case json.Number:
		b = strconv.AppendInt(append(b, 'n'), int64(len(v)), 10)
		return append(append(b, ':'), v...), nil
	case int:
		return strconv.AppendInt(append(b, 'i'), int64(v), 10), nil
	case int64:
		return strconv.AppendInt(append(b, 'i'), v, 10), nil
	case float64:
		return strconv.AppendFloat(append(b, 'f'), v, 'g', -1, 64), nil
	case []any:
		b = strconv.AppendInt(append(b, '['), int64(len(v)), 10)
		for _, e := range v {
			var err error
			if b, err = appendPlain(append(b, ','), e, start); err != nil {
				return b, err
			}
		}
		return b, nil
	case map[string]any:
		names := make([]string, 0, len(v))
		for k := range v {
			names = append(names, k)
		}
		slices.Sort(names)
		b = strconv.AppendInt(append(b, '{'), int64(len(v)), 10)
		for _, k := range names {
			b = strconv.AppendInt(append(b, ','), int64(len(k)), 10)
			b = append(append(b, ':'), k...)
			var err error
			if b, err = appendPlain(b, v[k], start); err != nil {
				return b, err
			}
		}
		return b, nil
	}
	return b, errNotPlain
}
