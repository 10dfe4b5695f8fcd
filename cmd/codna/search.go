package main

import (
	"errors"
	"fmt"

	"codna/internal/search"
	pgsearch "codna/internal/search/postgres"
)

// The search backends `codna serve` and `codna reindex` choose between
// (docs/operations.md#search).
const (
	backendPostgres  = pgsearch.Name
	backendTypesense = "typesense"
)

// newTypesense builds the Typesense backend from CODNA_TYPESENSE_URL and
// CODNA_TYPESENSE_API_KEY. It is the hook the typesense package plugs into
// (internal/search/typesense: `newTypesense = typesense.NewBackend`, in a
// file of this package); nil means this binary was built without it.
var newTypesense func(url, apiKey string) (search.Backend, error)

// searchBackendName is the backend the configuration chooses: typesense
// when both CODNA_TYPESENSE_URL and CODNA_TYPESENSE_API_KEY are set,
// postgres when neither is; one without the other is an error.
func searchBackendName(cfg config) (string, error) {
	switch url, key := cfg.TypesenseURL != "", cfg.TypesenseAPIKey != ""; {
	case url && key:
		return backendTypesense, nil
	case url || key:
		return "", errors.New("set both CODNA_TYPESENSE_URL and CODNA_TYPESENSE_API_KEY to search with Typesense, or neither to search with Postgres")
	}
	return backendPostgres, nil
}

// openSearchBackend builds the named backend from the configuration
// (typesense), or returns nil for postgres: the App's default, over its
// pool (app.Config.SearchBackend).
func openSearchBackend(cfg config, name string) (search.Backend, error) {
	switch name {
	case backendPostgres:
		return nil, nil
	case backendTypesense:
		if cfg.TypesenseURL == "" || cfg.TypesenseAPIKey == "" {
			return nil, errors.New("the typesense backend needs CODNA_TYPESENSE_URL and CODNA_TYPESENSE_API_KEY")
		}
		if newTypesense == nil {
			return nil, errors.New("this codna binary was built without the typesense backend")
		}
		b, err := newTypesense(cfg.TypesenseURL, cfg.TypesenseAPIKey)
		if err != nil {
			return nil, fmt.Errorf("typesense: %w", err)
		}
		return b, nil
	}
	return nil, fmt.Errorf("unknown search backend %q: postgres or typesense", name)
}
