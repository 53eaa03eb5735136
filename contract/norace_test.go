//go:build !race

package contract

// raceDetector says the test binary was built with -race.
const raceDetector = false
