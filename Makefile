# CoDNA — the two commands that matter are `make run` and `make test`.
GO      ?= go
BIN     := bin/codna
PKGS    := ./...

.PHONY: run build test generate lint bench check-generated clean

## run: build and serve on the embedded Postgres (./.codna), seeding a demo person on first start
run: build
	CODNA_DEMO=true CODNA_LOG_FORMAT=text ./$(BIN) serve

build:
	$(GO) build -o $(BIN) ./cmd/codna

## test: every test, against real Postgres (embedded cluster, or TEST_DATABASE_URL)
test:
	$(GO) test -count=1 -timeout 12m $(PKGS)

## generate: sqlc (pinned in internal/tools) and gqlgen (pinned in go.mod's tool block)
generate:
	$(GO) -C internal/tools tool sqlc -f ../../sqlc.yaml generate
	$(GO) run ./graph/gen

## check-generated: fail when generated code is stale
check-generated: generate
	@git diff --exit-code -- internal/db graph || (echo "generated code is stale: run make generate and commit" && exit 1)
	@test -z "$$(git status --porcelain -- internal/db graph)" || (git status --porcelain -- internal/db graph; echo "generated files are untracked: commit them" && exit 1)

# OUTSIDE_REFS matches references to files outside the repository (the product spec's
# data-model.md, linking.md, …, its numbered traces, ADRs): the code and docs point to docs/.
OUTSIDE_REFS := (^|[^/a-z-])(data-model|linking|permissions|inbox|documents|graphql)\.md|DESIGN\.md|spec/[a-z-]+\.md|/work/shared|adr/[0-9]|[Tt]race [0-9]

## lint: gofmt, no references outside the repository, go vet, the sql/queries checks (every
## query called, EntityVerb names, no duplicates) and the layer rule (docs/development.md:
## graph sees services only)
lint:
	@out="$$(gofmt -l $$(git ls-files '*.go'))"; if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	@out="$$(git grep -nIE '$(OUTSIDE_REFS)' -- . ':!Makefile')"; if [ -n "$$out" ]; then echo "references to files outside the repository (point to docs/ instead):"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)
	$(GO) test -count=1 -run '^TestQueries' ./internal/db/
	@out="$$($(GO) list -f '{{.ImportPath}}: {{join .Imports " "}} {{join .TestImports " "}} {{join .XTestImports " "}}' ./graph/... | grep -E ' (codna/internal/db|github.com/jackc/pgx[^ ]*)( |$$)')"; \
		if [ -n "$$out" ]; then echo "graph must reach the database through services, not import internal/db or pgx:"; echo "$$out"; exit 1; fi

## bench: the benchmarks recorded in bench/RESULTS.md
bench:
	$(GO) test -run '^$$' -bench . -benchtime 20x ./internal/pgtest/
	$(GO) test -run '^$$' -bench . -benchtime 500x ./internal/server/
	$(GO) test -run '^$$' -bench . ./internal/link/ ./internal/outbox/
	$(GO) test -run '^$$' -bench Levels -benchtime 500x ./internal/document/
	$(GO) test -run '^$$' -bench Walk -benchtime 500x ./internal/graphwalk/

clean:
	rm -rf bin
