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
	$(GO) tool gqlgen generate

## check-generated: fail when generated code is stale
check-generated: generate
	@git diff --exit-code -- internal/db graph || (echo "generated code is stale: run make generate and commit" && exit 1)
	@test -z "$$(git status --porcelain -- internal/db graph)" || (git status --porcelain -- internal/db graph; echo "generated files are untracked: commit them" && exit 1)

## lint: gofmt, go vet, and the sql/queries checks (every query called, EntityVerb names, no duplicates)
lint:
	@out="$$(gofmt -l $$(git ls-files '*.go'))"; if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)
	$(GO) test -count=1 -run '^TestQueries' ./internal/db/

## bench: the benchmarks recorded in bench/RESULTS.md
bench:
	$(GO) test -run '^$$' -bench . -benchtime 20x ./internal/pgtest/
	$(GO) test -run '^$$' -bench . -benchtime 500x ./internal/server/
	$(GO) test -run '^$$' -bench . ./internal/link/ ./internal/outbox/
	$(GO) test -run '^$$' -bench Levels -benchtime 500x ./internal/document/
	$(GO) test -run '^$$' -bench Walk -benchtime 500x ./internal/graphwalk/

clean:
	rm -rf bin
