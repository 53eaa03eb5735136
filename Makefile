# wpmock: a mock of the WordPress REST API v2 and a contract suite for any implementation.
# `make` lists the targets.

GO        ?= go
ADDR      ?= 127.0.0.1:8080
SEED      ?= 1
WP_PORT   ?= 8081
WP_ENV    := ci/wordpress/.run/env
URL       ?=

SHELL     := /bin/bash
.DEFAULT_GOAL := help
.PHONY: help run build test lint wordpress-up wordpress-down conformance compare contract bench

help: ## list the targets
	@awk 'BEGIN {FS = ":.*## "} /^[a-z-]+:.*## / {printf "  make %-16s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

run: ## serve the seeded mock on $(ADDR) (go run ./cmd/wpmock)
	$(GO) run ./cmd/wpmock -addr $(ADDR) -seed $(SEED)

build: ## build bin/wpmock
	$(GO) build -o bin/wpmock ./cmd/wpmock

test: ## run every Go test with the race detector (the contract suite against the in-process mock included)
	$(GO) test -race -count=1 ./...

# go vet's composites check is off: rest.Object literals list {key, value} members
# unkeyed on purpose, the way the JSON they stand for reads.
lint: ## gofmt check and go vet
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet -composites=false ./...

bench: ## run the benchmarks
	$(GO) test -run '^$$' -bench . -benchmem ./mock/...

wordpress-up: ## start a fresh real WordPress 6.1 on 127.0.0.1:$(WP_PORT) (installs Debian packages as needed)
	WP_PORT=$(WP_PORT) bash ci/wordpress/up.sh

wordpress-down: ## stop the WordPress started by wordpress-up
	bash ci/wordpress/down.sh

compare: ## side by side: the same reads and writes, per role, to real WordPress (must be up) and to the mock
	@test -f $(WP_ENV) || { echo "no $(WP_ENV): run make wordpress-up first"; exit 1; }
	. ./$(WP_ENV) && WPCOMPARE=1 $(GO) test -count=1 -v -run TestCompare ./ci/compare/

contract: ## run the contract suite against URL (WPCONTRACT_USER / WPCONTRACT_PASSWORD for auth)
	@test -n "$(URL)" || { echo "usage: make contract URL=http://host/wp-json"; exit 1; }
	WPCONTRACT_URL=$(URL) $(GO) test -count=1 ./contract/...

conformance: ## bring WordPress up; smoke check, side-by-side comparison, contract suite against it; bring it down
	@if ! WP_PORT=$(WP_PORT) bash ci/wordpress/up.sh; then bash ci/wordpress/down.sh; exit 1; fi; \
	  status=0; \
	  bash ci/wordpress/smoke.sh || status=1; \
	  if [ $$status -eq 0 ]; then $(MAKE) --no-print-directory compare || status=1; fi; \
	  if [ $$status -eq 0 ]; then \
	    . ./$(WP_ENV) && WPCONTRACT_REPORT=$(CURDIR)/ci/wordpress/.run/contract-report \
	      $(GO) test -count=1 -v -run 'TestContract$$' ./contract/ | tee ci/wordpress/.run/contract.log | grep -E '^(=== RUN|--- |    --- |ok|FAIL|PASS)|contract:' ; \
	    test $${PIPESTATUS[0]} -eq 0 || status=1; \
	    cat ci/wordpress/.run/contract-report/summary.md 2>/dev/null; \
	  fi; \
	  bash ci/wordpress/down.sh; \
	  exit $$status
