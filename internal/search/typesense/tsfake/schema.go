package tsfake

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
)

// Field is a collection schema field as Typesense's API takes it.
type Field struct {
	Name       string  `json:"name"`
	Type       string  `json:"type"`
	Facet      *bool   `json:"facet,omitempty"`
	Optional   *bool   `json:"optional,omitempty"`
	Index      *bool   `json:"index,omitempty"`
	Sort       *bool   `json:"sort,omitempty"`
	Infix      *bool   `json:"infix,omitempty"`
	Locale     *string `json:"locale,omitempty"`
	Stem       *bool   `json:"stem,omitempty"`
	Store      *bool   `json:"store,omitempty"`
	RangeIndex *bool   `json:"range_index,omitempty"`
}

// Schema is a collection's schema as POST /collections takes it.
type Schema struct {
	Name                string   `json:"name"`
	Fields              []Field  `json:"fields"`
	DefaultSortingField string   `json:"default_sorting_field,omitempty"`
	TokenSeparators     []string `json:"token_separators,omitempty"`
	SymbolsToIndex      []string `json:"symbols_to_index,omitempty"`
	EnableNestedFields  bool     `json:"enable_nested_fields,omitempty"`
}

var fieldTypes = map[string]bool{
	"string": true, "string[]": true, "int32": true, "int32[]": true, "int64": true, "int64[]": true,
	"float": true, "float[]": true, "bool": true, "bool[]": true, "geopoint": true, "geopoint[]": true,
	"object": true, "object[]": true, "auto": true, "string*": true, "image": true,
}

func isNumeric(t string) bool {
	switch strings.TrimSuffix(t, "[]") {
	case "int32", "int64", "float":
		return true
	}
	return false
}

func isBool(t string) bool { return strings.TrimSuffix(t, "[]") == "bool" }

func isString(t string) bool { return t == "string" || t == "string[]" || t == "string*" }

func isTrue(b *bool) bool { return b != nil && *b }

// decodeSchema reads a create-collection body strictly: an unknown
// property is a mistake in the client, not something to ignore silently.
func decodeSchema(body []byte) (Schema, error) {
	var s Schema
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return s, fmt.Errorf("Bad JSON.")
	}
	if s.Name == "" {
		return s, fmt.Errorf("Parameter `name` is required.")
	}
	if len(s.Fields) == 0 {
		return s, fmt.Errorf("Parameter `fields` is required.")
	}
	seen := map[string]bool{}
	for _, f := range s.Fields {
		if !fieldTypes[f.Type] {
			return s, fmt.Errorf("Field `%s` has an invalid data type `%s`, see docs for supported data types.", f.Name, f.Type)
		}
		if f.Name == "" || seen[f.Name] {
			return s, fmt.Errorf("There are duplicate field names in the schema.")
		}
		seen[f.Name] = true
		if isTrue(f.Sort) && strings.HasSuffix(f.Type, "[]") {
			return s, fmt.Errorf("Field `%s` cannot be a sortable field.", f.Name)
		}
	}
	if s.DefaultSortingField != "" {
		ok := false
		for _, f := range s.Fields {
			if f.Name == s.DefaultSortingField && isNumeric(f.Type) && !strings.HasSuffix(f.Type, "[]") {
				ok = true
			}
		}
		if !ok {
			return s, fmt.Errorf("Default sorting field is defined as `%s` but is not found in the schema.", s.DefaultSortingField)
		}
	}
	for _, sym := range append(append([]string{}, s.TokenSeparators...), s.SymbolsToIndex...) {
		if len([]rune(sym)) != 1 {
			return s, fmt.Errorf("`token_separators` should be an array of character symbols.")
		}
	}
	return s, nil
}

// validateDocument checks a document against the schema as Typesense does
// on create, upsert and (with partial set) update/emplace: every declared,
// non-optional field is present (unless partial) and every declared field
// present has its type. The error is the message Typesense gives.
func validateDocument(doc map[string]any, s Schema, partial bool) error {
	if id, ok := doc["id"]; ok {
		if _, isStr := id.(string); !isStr {
			return fmt.Errorf("Document's `id` field should be a string.")
		}
	}
	for _, f := range s.Fields {
		v, ok := doc[f.Name]
		if !ok || v == nil {
			if !partial && !isTrue(f.Optional) {
				return fmt.Errorf("Field `%s` has been declared in the schema, but is not found in the document.", f.Name)
			}
			continue
		}
		if err := checkType(f, v); err != nil {
			return err
		}
	}
	return nil
}

func checkType(f Field, v any) error {
	elem := strings.TrimSuffix(f.Type, "[]")
	var vals []any
	if strings.HasSuffix(f.Type, "[]") {
		arr, ok := v.([]any)
		if !ok {
			return fmt.Errorf("Field `%s` must be an array.", f.Name)
		}
		vals = arr
	} else {
		vals = []any{v}
	}
	article := "a"
	if strings.HasSuffix(f.Type, "[]") {
		article = "an array of"
	}
	for _, x := range vals {
		ok := true
		switch elem {
		case "string":
			_, ok = x.(string)
		case "int32", "int64":
			n, isNum := x.(json.Number)
			if !isNum {
				ok = false
				break
			}
			i, err := n.Int64()
			ok = err == nil && (elem == "int64" || (i >= math.MinInt32 && i <= math.MaxInt32))
		case "float":
			_, ok = x.(json.Number)
		case "bool":
			_, ok = x.(bool)
		}
		if !ok {
			return fmt.Errorf("Field `%s` must be %s %s.", f.Name, article, elem)
		}
	}
	return nil
}

func numbers(v any) []float64 {
	var out []float64
	add := func(x any) {
		if n, ok := x.(json.Number); ok {
			if f, err := n.Float64(); err == nil {
				out = append(out, f)
			}
		}
	}
	if arr, ok := v.([]any); ok {
		for _, x := range arr {
			add(x)
		}
	} else {
		add(v)
	}
	return out
}

func bools(v any) []bool {
	var out []bool
	if arr, ok := v.([]any); ok {
		for _, x := range arr {
			if b, ok := x.(bool); ok {
				out = append(out, b)
			}
		}
	} else if b, ok := v.(bool); ok {
		out = append(out, b)
	}
	return out
}

func strs(v any) []string {
	var out []string
	if arr, ok := v.([]any); ok {
		for _, x := range arr {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
	} else if s, ok := v.(string); ok {
		out = append(out, s)
	}
	return out
}
