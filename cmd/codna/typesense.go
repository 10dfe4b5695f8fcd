package main

import "codna/internal/search/typesense"

// The Typesense backend, chosen by serve and reindex when
// CODNA_TYPESENSE_URL and CODNA_TYPESENSE_API_KEY are set (docs/operations.md).
func init() { newTypesense = typesense.NewBackend }
