#!/usr/bin/env bash
# make fuzz: every fuzz target (func FuzzXxx in a tracked _test.go file) for FUZZTIME;
# an input that finds new code is minimised for at most 3 s of it, a failing one too,
# and a failing input lands in its package's testdata/fuzz.
#
# Go 1.26's fuzzing coordinator can fail a target at the end of its time with a bare
# "context deadline exceeded" when the deadline cancels it between two of its own
# checks (go.dev/issue/75804, fixed in Go 1.27): no input failed, none is written. Such
# a run is run once more; a real failure (one that writes its input, or any other
# error) fails at once.
set -euo pipefail
fuzztime=${FUZZTIME:-10s}
go=${GO:-go}
for dir in $(git ls-files '*_test.go' | xargs grep -l '^func Fuzz' | xargs -n1 dirname | sort -u | sed 's|^|./|'); do
	for name in $(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' "$dir"/*_test.go); do
		for attempt in 1 2; do
			echo "=== fuzz $name in $dir for $fuzztime"
			out=$(mktemp)
			if "$go" test -run '^$' -fuzz "^$name\$" -fuzztime "$fuzztime" -fuzzminimizetime 3s "$dir" 2>&1 | tee "$out"; then
				rm -f "$out"
				break
			fi
			if [ "$attempt" = 1 ] && grep -q '^    context deadline exceeded$' "$out" && ! grep -q 'Failing input written' "$out"; then
				echo "fuzz: $name: the coordinator's deadline race (go.dev/issue/75804), no failing input: once more"
				rm -f "$out"
				continue
			fi
			rm -f "$out"
			exit 1
		done
	done
done
