# CoDNA — the two commands that matter are `make run` and `make test`.
GO      ?= go
BIN     := bin/codna
# Every Go package but those npm packages ship in frontend/node_modules.
PKGS    = $(shell $(GO) list ./... | grep -v '/frontend/node_modules/')
# Node.js that builds the web app: 20.19 or later (Vite's floor).
NODE_OK = $(shell node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>20||(a===20&&b>=19)?0:1)' 2>/dev/null && echo yes)

.PHONY: run build frontend test test-frontend generate lint bench check-generated clean

## run: build and serve on the embedded Postgres (./.codna), seeding a demo person on first start
run: build
	CODNA_DEMO=true CODNA_PLAYGROUND=true CODNA_LOG_FORMAT=text ./$(BIN) serve

build: frontend
	$(GO) build -o $(BIN) ./cmd/codna

## frontend: build the web app into frontend/dist/app (embedded by the next go build) when
## Node.js 20.19+ is here; without it the binary serves the API and a page saying how to build
frontend:
	@if [ "$(NODE_OK)" = yes ]; then \
		cd frontend && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npm run build; \
	else echo "frontend: Node.js 20.19 or later not found; building without the web app"; fi

## test: every test, against real Postgres (embedded cluster, or TEST_DATABASE_URL)
test:
	$(GO) test -count=1 -timeout 12m $(PKGS)
	@$(MAKE) --no-print-directory test-frontend

## test-frontend: the web app's Vitest tests, then its end-to-end tests in Debian's chromium
## against a real codna serve (skipped, saying so, where chromium is absent)
test-frontend:
	@if [ "$(NODE_OK)" != yes ]; then echo "test-frontend: Node.js 20.19 or later not found: skipping the web app's tests"; exit 0; fi; \
	cd frontend && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npx vitest run && \
	if [ -x /usr/bin/chromium ]; then npm run e2e; else echo "test-frontend: /usr/bin/chromium not found: skipping the browser tests (CI installs it)"; fi

## generate: sqlc (pinned in internal/tools) and gqlgen (pinned in go.mod's tool block)
generate:
	$(GO) -C internal/tools tool sqlc -f ../../sqlc.yaml generate
	$(GO) run ./graph/gen

## check-generated: fail when generated code is stale (sqlc, gqlgen, the web app's operation
## types, the GraphQL playground's build in frontend/playground/dist, the co-editing engine's
## yjs bundle in internal/crdt/engine.gen.js)
GENERATED = internal/db graph frontend/src/gql frontend/playground/dist internal/crdt/engine.gen.js
check-generated: generate
	@if [ "$(NODE_OK)" = yes ]; then cd frontend && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npm run --silent codegen >/dev/null && npm run --silent build:playground >/dev/null && npm run --silent build:crdt-engine; fi
	@git diff --exit-code -- $(GENERATED) || (echo "generated code is stale: run make generate (and npm run codegen, npm run build:playground and npm run build:crdt-engine in frontend) and commit" && exit 1)
	@test -z "$$(git status --porcelain -- $(GENERATED))" || (git status --porcelain -- $(GENERATED); echo "generated files are untracked: commit them" && exit 1)

# OUTSIDE_REFS matches references to files outside the repository (the product spec's
# data-model.md, linking.md, …, its numbered traces, ADRs): the code and docs point to docs/.
OUTSIDE_REFS := (^|[^/a-z-])(data-model|linking|permissions|inbox|documents|graphql)\.md|DESIGN\.md|spec/[a-z-]+\.md|/work/shared|adr/[0-9]|[Tt]race [0-9]

## lint: gofmt, no references outside the repository, go vet, the sql/queries checks (every
## query called, EntityVerb names, no duplicates), the layer rule (docs/development.md:
## graph, internal/mcpserver and cmd/codna see services only), the composition root
## (only internal/app calls the services' constructors), the permission table (every service
## method and MCP tool checks its actor) and no hand-written Go
## file over 600 lines without its reason
lint:
	@out="$$(gofmt -l $$(git ls-files '*.go'))"; if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	@out="$$(git grep -nIE '$(OUTSIDE_REFS)' -- . ':!Makefile')"; if [ -n "$$out" ]; then echo "references to files outside the repository (point to docs/ instead):"; echo "$$out"; exit 1; fi
	@if [ "$(NODE_OK)" = yes ]; then cd frontend && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npm run --silent check-cycles; else echo "lint: Node.js 20.19 or later not found: skipping the web app's import-cycle check"; fi
	@out="$$(git ls-files '*.go' | xargs wc -l | awk '$$1 > 600 && $$2 != "total" { print $$2 }' | while read -r f; do head -n 20 "$$f" | grep -qE '^// (Code generated .* DO NOT EDIT\.$$|This file is long because )' || echo "$$f"; done)"; \
		if [ -n "$$out" ]; then echo "Go files over 600 lines: split them by idea, or say why at the top (docs/development.md, One idea per file):"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)
	$(GO) test -count=1 -run '^TestQueries' ./internal/db/
	$(GO) test -count=1 -run '^TestEvery' ./internal/permission/
	@out="$$($(GO) list -f '{{.ImportPath}}: {{join .Imports " "}} {{join .TestImports " "}} {{join .XTestImports " "}}' ./graph/... | grep -E ' (codna/internal/db|github.com/jackc/pgx[^ ]*)( |$$)')"; \
		if [ -n "$$out" ]; then echo "graph must reach the database through services, not import internal/db or pgx:"; echo "$$out"; exit 1; fi
	@out="$$($(GO) list -f '{{.ImportPath}}: {{join .Imports " "}} {{join .TestImports " "}} {{join .XTestImports " "}}' ./internal/mcpserver/... ./cmd/codna/... | grep -E ' (codna/internal/db|github.com/jackc/pgx[^ ]*)( |$$)')"; \
		if [ -n "$$out" ]; then echo "internal/mcpserver and cmd/codna must reach the database through internal/app and the services, not import internal/db or pgx:"; echo "$$out"; exit 1; fi
	$(GO) test -count=1 -run '^(TestServiceConstructorsAreCalledOnlyInApp|TestEveryServiceIsInTheConstructorTable)$$' ./internal/app/

## bench: the benchmarks recorded in bench/RESULTS.md
bench:
	$(GO) test -run '^$$' -bench . -benchtime 20x ./internal/pgtest/
	$(GO) test -run '^$$' -bench . -benchtime 500x ./internal/server/
	$(GO) test -run '^$$' -bench . ./internal/link/ ./internal/outbox/
	$(GO) test -run '^$$' -bench Levels -benchtime 500x ./internal/document/
	$(GO) test -run '^$$' -bench Walk -benchtime 500x ./internal/graphwalk/

clean:
	rm -rf bin frontend/dist/app
