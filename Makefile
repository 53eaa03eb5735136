# wpmock: a mock of the WordPress REST API v2 and a contract suite for any implementation.
# `make` lists the targets.

GO        ?= go
# make run: ADDR and SEED, when given, become -addr and -seed; left out, wpmock's
# defaults (127.0.0.1:8080, seed 1) or its WPMOCK_* variables apply (WPMOCK_ADDR,
# WPMOCK_SEED, WPMOCK_DATA, ...); ARGS adds flags ("-data site.json -persist").
ADDR      ?=
SEED      ?=
ARGS      ?=
# WP_VERSION picks the reference WordPress (one of ci/wordpress/versions, the one list
# of the versions the project runs: 6.1, 6.8, 7.1; "all" for up/down); WP_PORT
# overrides its port (the list's: 6.1: 8081, 6.8: 8082, 7.1: 8083).
WP_VERSION ?= 6.1
WP_VERSIONS ?= $(shell awk 'NF && $$1 ~ /^[0-9]/ { print $$1 }' ci/wordpress/versions)
COMPARE_VERSIONS ?= $(WP_VERSIONS)
WP_PORT   ?=
WP_ENV     = ci/wordpress/$(if $(filter 6.1,$(WP_VERSION)),.run,.run-$(WP_VERSION))/env
URL       ?=

SHELL     := /bin/bash
.DEFAULT_GOAL := help
.PHONY: help run build test test-race test-suite proof lint fuzz wordpress-up wordpress-down conformance compare catalogue matrix contract bench bench-http bench-scale generators graphql-capture graphql-compare

help: ## list the targets
	@awk 'BEGIN {FS = ":.*## "} /^[a-z-]+:.*## / {printf "  make %-16s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

# make run builds bin/wpmock, quietly, then runs it. go build is incremental: a second
# run only checks, and relinks nothing when no source changed. The first is almost all
# compiling (the standard library about 60% of it on an empty build cache, wpmock's
# packages 20%, kin-openapi and YAML 12%; the link under 1%), so the packages are
# compiled as go build, go test and go vet compile them (no -trimpath, cgo as the
# machine has it: -trimpath or CGO_ENABLED=0 would make every package, the standard
# library's too, a new build beside the ones already in the cache), and the link leaves
# out the symbol table and DWARF (-s -w), which only a debugger reads. exec puts wpmock
# in the shell's place, so Ctrl-C reaches it and make ends with wpmock's exit status.
# What it prints is wpmock's alone (and a note on standard error before the first
# build): the README shows it, and cmd/wpmock/docs_test.go holds the two equal.
run: ## serve the seeded mock on 127.0.0.1:8080 (ADDR=host:port SEED=n ARGS="-data site.json -persist"; WPMOCK_ADDR and the other WPMOCK_* variables apply)
	@test -x bin/wpmock || echo "make run: compiling bin/wpmock the first time (a minute or more; later runs start at once)" >&2
	@$(GO) build -ldflags "-s -w -X main.version=$(VERSION)" -o bin/wpmock ./cmd/wpmock
	@exec bin/wpmock$(if $(ADDR), -addr $(ADDR))$(if $(SEED), -seed $(SEED))$(if $(ARGS), $(ARGS))

# Binaries as released: static (no cgo: they run on any Linux, in a scratch
# container too), no local paths in them, and the version -version prints.
VERSION   ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo devel)
RELEASE_FLAGS := -trimpath -ldflags "-s -w -X main.version=$(VERSION)"
DIST_COMMANDS  := wpmock wpcontract
DIST_PLATFORMS := linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64
.PHONY: wpcontract dist npm-pack npm-local npm-install npm-smoke dashboard-test nextjs-test gensite

build: ## build bin/wpmock (static, version stamped)
	CGO_ENABLED=0 $(GO) build $(RELEASE_FLAGS) -o bin/wpmock ./cmd/wpmock

wpcontract: ## build bin/wpcontract, the contract suite as one binary (runs without Go or this repository)
	CGO_ENABLED=0 $(GO) build $(RELEASE_FLAGS) -o bin/wpcontract ./cmd/wpcontract

dist: ## cross-build wpmock and wpcontract into bin/dist/ for Linux, macOS and Windows on amd64 and arm64, with SHA256SUMS (the release assets)
	@rm -rf bin/dist && mkdir -p bin/dist
	@for cmd in $(DIST_COMMANDS); do for p in $(DIST_PLATFORMS); do \
	  os=$${p%/*}; arch=$${p#*/}; ext=; if [ $$os = windows ]; then ext=.exe; fi; \
	  out=bin/dist/$$cmd-$$os-$$arch$$ext; echo "$$out"; \
	  CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GO) build $(RELEASE_FLAGS) -o $$out ./cmd/$$cmd || exit 1; \
	done; done
	@cd bin/dist && sha256sum wpmock-* wpcontract-* > SHA256SUMS && cat SHA256SUMS

npm-pack: ## the npm packages into bin/npm/: wpmock (launcher, start() API) and @wpmock/<os>-<cpu> with the static binaries, packed (tarball sizes printed)
	VERSION=$(VERSION) bash cmd/wpmock/npm/pack.sh bin/npm

npm-local: ## this machine's npm packages only into bin/npm/ (the launcher and its one platform package: one build, not six)
	PLATFORMS=host VERSION=$(VERSION) bash cmd/wpmock/npm/pack.sh bin/npm

# PROJECT is the directory of a package.json; npm records the two tarballs' paths in it
# (file:...), so the project installs the same build again until the next npm-install.
PROJECT ?=
npm-install: ## make npm-local, then npm install -D its two tarballs into PROJECT=../my-app (then: cd ../my-app && npx wpmock)
	@test -n "$(PROJECT)" || { echo "usage: make npm-install PROJECT=path/to/project (a directory with a package.json)"; exit 1; }
	@test -f "$(PROJECT)/package.json" || { echo "npm-install: $(PROJECT)/package.json: not found (npm init -y makes one)"; exit 1; }
	@$(MAKE) --no-print-directory npm-local
	cd "$(PROJECT)" && npm install -D --no-audit --no-fund $(CURDIR)/bin/npm/*.tgz

npm-smoke: ## the npm packages built (this machine's; PLATFORMS=all for the six), installed offline from their tarballs into a scratch project, npx wpmock run and the JavaScript API used (CI runs it; installs node and npm if missing)
	bash ci/npm-smoke.sh

dashboard-test: ## the dashboard clicked through in headless Chromium (screenshots in ci/dashboard/.out/) and a two-worker Playwright run, a named site each, against a frontend page (CI runs it; installs chromium and its npm packages)
	bash ci/dashboard/run.sh

nextjs-test: ## a real Next.js app under next start, Playwright at two workers in headless Chromium, each on its own wpmock site named by a cookie, a revalidation webhook, a page rendered through /graphql, and graphql-codegen types from the mock's and WPGraphQL's introspection compiled by tsc (CI runs it; installs chromium and its npm packages)
	bash ci/nextjs/run.sh

gensite: ## generated customized sites on each of $(WP_VERSIONS): seeds 1..5 and a new one (printed; GENSITE_SEED=n reproduces it), installed on real WordPress, checked, cloned and compared (GENSITE_CLONE=0: installed and checked only; GENSITE_CLONE_SEEDS: the seeds cloned; GENSITE_PARALLEL=1: the versions at once, as CI runs it; GENSITE_COMPARE=1: the mock serving each seed's site.json compared with its real site, GENSITE_COMPARE_SEEDS: on those seeds)
	WP_VERSIONS="$(WP_VERSIONS)" bash ci/gensite/run.sh

# make test is two go test runs side by side: every package under the race detector,
# and package contract's tests of the suite itself without it (suiteOnly in
# contract/mutation_test.go skips them under -race). Those run the suite against the
# mock to check what the suite reports, names, skips or catches, not the mock, and the
# race detector made them five times slower; TestContract and TestContractProfiles,
# the whole suite against the mock as 6.1, 6.8 and 7.1, stay in the -race run, so the
# mock keeps the race detector under the suite's load.
test: ## run every Go test: with the race detector, but for the contract suite's tests of itself (the suite against the in-process mock included)
	@$(MAKE) --no-print-directory -j2 test-race test-suite

# go test starts packages in the order it is given them, two at a time: the longest
# first (about 100, 60, 60, 30, 30 and 25 s under the race detector), so that none of
# them starts last behind the short ones and runs alone on one core at the end.
RACE_FIRST := ./mock/ ./mock/clone/ ./cmd/wpmock/ ./ci/compare/ ./fixtures/ ./mock/store/
# The race detector checks all of the project's code, but not the pixel loops of the
# image codecs it calls, Go's image/... and golang.org/x/image/...: they start no
# goroutines, they are not ours, and instrumented they made every test that uploads,
# seeds or clones an image four times slower (uploading sub-sizes: 19 s -> 4.6 s).
RACE_GCFLAGS := -gcflags='image/...=-race=false' -gcflags='golang.org/x/image/...=-race=false'

test-race:
	$(GO) test -race $(RACE_GCFLAGS) -count=1 $(RACE_FIRST) ./...

test-suite:
	$(GO) test -count=1 -skip '^TestContract(Profiles)?$$' ./contract/

# The slow proofs, outside make test (which they made five times slower); CI runs them.
# TestSuiteCatchesDefects runs the contract suite once per deliberate defect and needs
# each caught by its own rule, and TestCatalogue checks the catalogue's rule ids against
# two runs: they prove the suite, not the mock, so they run without the race detector.
# The soak runs 20s under it (5s in make test).
proof: ## the slow proofs: each deliberate defect caught by exactly its rule, the catalogue, a 20s race soak (CI runs it)
	WPCONTRACT_PROOF=1 $(GO) test -count=1 -run '^(TestSuiteCatchesDefects|TestSiteDefectsOnMock|TestCatalogue)$$' ./contract/
	WPMOCK_SOAK_TIME=20s $(GO) test -race -count=1 -run '^TestSoak$$' ./mock/

# go vet's composites check is off: rest.Object literals list {key, value} members
# unkeyed on purpose, the way the JSON they stand for reads.
lint: ## gofmt check and go vet
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet -composites=false ./...

# FUZZTIME bounds each fuzz target's run in make fuzz (CI keeps the default).
FUZZTIME ?= 10s

fuzz: ## run every fuzz target (func FuzzXxx in a tracked _test.go file) for $(FUZZTIME); a failing input lands in its package's testdata/fuzz
	FUZZTIME=$(FUZZTIME) GO=$(GO) bash ci/fuzz.sh

bench: ## run the Go micro-benchmarks
	$(GO) test -run '^$$' -bench . -benchmem ./mock/...

# BENCH_FLAGS go to ci/bench (-rounds, -duration, -conns, -posts, -only).
BENCH_FLAGS ?=
bench-http: ## the mock against a static Go server writing the same bytes, driven by wrk (installs it); prints req/s, p50, p99 and the ratio per URL
	@command -v wrk >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends wrk >/dev/null
	$(GO) run ./ci/bench $(BENCH_FLAGS)

bench-scale: ## the mock at scale (POSTS=100000,1000000 IDLE=10000): first answer and peak memory, search and orderings, deep pages, export, a 60 MB upload and its delete, idle connections
	$(GO) run ./ci/bench/scale -posts $(or $(POSTS),100000) -idle $(or $(IDLE),10000)

generators: ## the OpenAPI document through openapi-typescript + tsc, Redocly lint, Prism and oapi-codegen (its Go client driven against the mock); installs its npm packages
	bash ci/generators/run.sh static
	bash ci/generators/run.sh mock

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

graphql-capture: ## WPGraphQL's answers to ci/graphql/operations on real WordPress $(WP_VERSION) ("all": each), into ci/graphql/captures/ (needs WPGraphQL's sources, ci/graphql/README.md)
	@for v in $(if $(filter all,$(WP_VERSION)),$(WP_VERSIONS),$(WP_VERSION)); do \
	  WP_VERSION=$$v $(if $(WP_PORT),WP_PORT=$(WP_PORT)) bash ci/graphql/capture.sh || exit 1; done

graphql-compare: ## the mock's /graphql (on each captured site's dataset) against WPGraphQL's captured answers, per version; GRAPHQL_URL=... compares another server
	GO=$(GO) bash ci/graphql/compare.sh

contract: ## run the contract suite against URL (WPCONTRACT_USER / WPCONTRACT_PASSWORD for auth)
	@test -n "$(URL)" || { echo "usage: make contract URL=http://host/wp-json"; exit 1; }
	WPCONTRACT_URL=$(URL) $(GO) test -count=1 ./contract/...

conformance: ## for each of $(WP_VERSIONS): bring WordPress up; smoke check, comparison (on $(COMPARE_VERSIONS)), contract suite (strict); down
	WP_VERSIONS="$(WP_VERSIONS)" COMPARE_VERSIONS="$(COMPARE_VERSIONS)" GO=$(GO) bash ci/conformance.sh
