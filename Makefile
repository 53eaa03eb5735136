# wpmock: a mock of the WordPress REST API v2 and a contract suite for any implementation.
# `make` lists the targets.

GO        ?= go
ADDR      ?= 127.0.0.1:8080
SEED      ?= 1
# WP_VERSION picks the reference WordPress (6.1, 6.8 or 7.1; "all" for up/down);
# WP_PORT overrides its port (6.1: 8081, 6.8: 8082, 7.1: 8083).
WP_VERSION ?= 6.1
WP_VERSIONS ?= 6.1 6.8 7.1
COMPARE_VERSIONS ?= 6.1 6.8 7.1
WP_PORT   ?=
WP_ENV     = ci/wordpress/$(if $(filter 6.1,$(WP_VERSION)),.run,.run-$(WP_VERSION))/env
URL       ?=

SHELL     := /bin/bash
.DEFAULT_GOAL := help
.PHONY: help run build test lint fuzz wordpress-up wordpress-down conformance compare catalogue matrix contract bench bench-http

help: ## list the targets
	@awk 'BEGIN {FS = ":.*## "} /^[a-z-]+:.*## / {printf "  make %-16s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

run: ## serve the seeded mock on $(ADDR) (go run ./cmd/wpmock)
	$(GO) run ./cmd/wpmock -addr $(ADDR) -seed $(SEED)

build: ## build bin/wpmock
	$(GO) build -o bin/wpmock ./cmd/wpmock

# wpcontract: the contract suite as one static binary, for CI jobs without Go.
VERSION   ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo devel)
WPC_FLAGS := -trimpath -ldflags "-s -w -X main.version=$(VERSION)"
.PHONY: wpcontract dist

wpcontract: ## build bin/wpcontract, the contract suite as one binary (runs without Go or this repository)
	CGO_ENABLED=0 $(GO) build $(WPC_FLAGS) -o bin/wpcontract ./cmd/wpcontract

dist: ## cross-build wpcontract into bin/dist/ for linux, macOS and Windows, with SHA256SUMS (the release assets)
	@rm -rf bin/dist && mkdir -p bin/dist
	@for p in linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64; do \
	  os=$${p%/*}; arch=$${p#*/}; ext=; if [ $$os = windows ]; then ext=.exe; fi; \
	  echo "bin/dist/wpcontract-$$os-$$arch$$ext"; \
	  CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GO) build $(WPC_FLAGS) -o bin/dist/wpcontract-$$os-$$arch$$ext ./cmd/wpcontract || exit 1; \
	done
	@cd bin/dist && sha256sum wpcontract-* > SHA256SUMS

test: ## run every Go test with the race detector (the contract suite against the in-process mock included)
	$(GO) test -race -count=1 ./...

# go vet's composites check is off: rest.Object literals list {key, value} members
# unkeyed on purpose, the way the JSON they stand for reads.
lint: ## gofmt check and go vet
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet -composites=false ./...

# FUZZTIME bounds each fuzz target's run in make fuzz (CI keeps the default); an input
# that finds new code is minimised for at most 3 s of it, a failing one too.
FUZZTIME ?= 10s

fuzz: ## run every fuzz target (func FuzzXxx in a tracked _test.go file) for $(FUZZTIME); a failing input lands in its package's testdata/fuzz
	@set -e; for dir in $$(git ls-files '*_test.go' | xargs grep -l '^func Fuzz' | xargs -n1 dirname | sort -u | sed 's|^|./|'); do \
	  for name in $$(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' $$dir/*_test.go); do \
	    echo "=== fuzz $$name in $$dir for $(FUZZTIME)"; \
	    $(GO) test -run '^$$' -fuzz "^$$name$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 3s $$dir; \
	  done; \
	done

bench: ## run the Go micro-benchmarks
	$(GO) test -run '^$$' -bench . -benchmem ./mock/...

# BENCH_FLAGS go to ci/bench (-rounds, -duration, -conns, -posts, -only).
BENCH_FLAGS ?=
bench-http: ## the mock against a static Go server writing the same bytes, driven by wrk (installs it); prints req/s, p50, p99 and the ratio per URL
	@command -v wrk >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends wrk >/dev/null
	$(GO) run ./ci/bench $(BENCH_FLAGS)

wordpress-up: ## start a fresh real WordPress $(WP_VERSION) (WP_VERSION=6.1|6.8|7.1|all; installs Debian packages as needed)
	@$(if $(and $(WP_PORT),$(filter all,$(WP_VERSION))),echo "WP_PORT=$(WP_PORT) with WP_VERSION=all: each version needs its own port"; exit 1;) \
	for v in $(if $(filter all,$(WP_VERSION)),$(WP_VERSIONS),$(WP_VERSION)); do \
	  WP_VERSION=$$v WP_PORT=$(WP_PORT) bash ci/wordpress/up.sh || exit 1; done

wordpress-down: ## stop the WordPress started by wordpress-up (WP_VERSION=... or all)
	@for v in $(if $(filter all,$(WP_VERSION)),$(WP_VERSIONS),$(WP_VERSION)); do \
	  WP_VERSION=$$v bash ci/wordpress/down.sh || exit 1; done

compare: ## side by side: the same reads and writes, per role, to real WordPress $(WP_VERSION) (must be up) and to the mock
	@test -f $(WP_ENV) || { echo "no $(WP_ENV): run make wordpress-up WP_VERSION=$(WP_VERSION) first"; exit 1; }
	. ./$(WP_ENV) && WPCOMPARE=1 $(GO) test -count=1 -v -run TestCompare ./ci/compare/

catalogue: ## bad and odd requests side by side with real WordPress $(WP_VERSION) (must be up): same status and code, no 5xx, refusals change nothing
	@test -f $(WP_ENV) || { echo "no $(WP_ENV): run make wordpress-up WP_VERSION=$(WP_VERSION) first"; exit 1; }
	set -o pipefail; . ./$(WP_ENV) && WPCOMPARE=1 $(GO) test -count=1 -v -run 'TestCatalogue$$' ./ci/compare/ | \
	  grep -E '^(--- FAIL|ok|FAIL)|^    --- FAIL|catalogue: '

matrix: ## who may read and write what, anonymous and every role, side by side with real WordPress $(WP_VERSION) (must be up): no cell looser
	@test -f $(WP_ENV) || { echo "no $(WP_ENV): run make wordpress-up WP_VERSION=$(WP_VERSION) first"; exit 1; }
	set -o pipefail; . ./$(WP_ENV) && WPCOMPARE=1 $(GO) test -count=1 -v -run 'TestPermissionMatrix$$' ./ci/compare/ | \
	  grep -E '^(--- FAIL|ok|FAIL)|^    --- FAIL|matrix: '

contract: ## run the contract suite against URL (WPCONTRACT_USER / WPCONTRACT_PASSWORD for auth)
	@test -n "$(URL)" || { echo "usage: make contract URL=http://host/wp-json"; exit 1; }
	WPCONTRACT_URL=$(URL) $(GO) test -count=1 ./contract/...

conformance: ## for each of $(WP_VERSIONS): bring WordPress up; smoke check, comparison (on $(COMPARE_VERSIONS)), contract suite (strict); down
	WP_VERSIONS="$(WP_VERSIONS)" COMPARE_VERSIONS="$(COMPARE_VERSIONS)" GO=$(GO) bash ci/conformance.sh
