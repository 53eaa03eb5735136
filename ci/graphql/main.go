// Command graphql captures WPGraphQL's answers to a corpus of operations from a real
// WordPress and compares any site's /graphql with them (ci/graphql/README.md):
//
//	go run ./ci/graphql seed    -url http://127.0.0.1:8643            # give a fresh site the content
//	go run ./ci/graphql capture -url http://127.0.0.1:8643 -version 7.1
//	go run ./ci/graphql compare -url http://127.0.0.1:8080 -version 7.1
//	go run ./ci/graphql dataset CLONE.json ci/graphql/site.json ci/graphql/captures/7.1/site.json
//
// The admin's application password comes from -password or WPCONTRACT_PASSWORD (the
// env file of ci/wordpress/up.sh).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	cmd := os.Args[1]
	fs := flag.NewFlagSet(cmd, flag.ExitOnError)
	base := fs.String("url", os.Getenv("WP_BASE_URL"), "the site's base URL (its /graphql and /wp-json)")
	password := fs.String("password", "", "admin's application password (default: compare: the captures' about.json, else WPCONTRACT_PASSWORD)")
	version := fs.String("version", os.Getenv("WP_VERSION"), "the WordPress version: the captures' folder")
	here := fs.String("dir", "ci/graphql", "the folder of operations/ and captures/")
	set := fs.String("set", "", "a corpus of its own: operations/SET, captured in captures/<version>/SET (settings: WPGraphQL's settings changed)")
	_ = fs.Parse(os.Args[2:])
	if cmd == "dataset" { // dataset CLONE DECLARATIONS SITE.JSON
		if fs.NArg() != 3 {
			usage()
		}
		fail(slimClone(fs.Arg(0), fs.Arg(1), fs.Arg(2)))
		return
	}
	if *base == "" {
		fail(fmt.Errorf("-url is required"))
	}
	s := newSite(*base)
	s.passwords["admin"] = adminPassword(*password, cmd, filepath.Join(*here, "captures", *version, "about.json"))
	// "as": "nobody" sends credentials WordPress does not know: its answer to a wrong password
	s.passwords["nobody"] = "wron gpas swor dwro ngpa sswo"
	if cmd == "seed" {
		fail(seed(s))
		return
	}
	ops, err := loadCorpus(filepath.Join(*here, "operations", *set))
	if err != nil {
		fail(err)
	}
	dir := filepath.Join(*here, "captures", *version, *set)
	switch cmd {
	case "capture":
		if *version == "" {
			fail(fmt.Errorf("-version is required"))
		}
		fail(captureAll(s, ops, dir))
	case "compare":
		if *version == "" {
			fail(fmt.Errorf("-version is required"))
		}
		rs, err := compareAll(s, ops, dir)
		if err != nil {
			fail(err)
		}
		ks, err := loadKnown(filepath.Join(*here, knownFile(*set)))
		if err != nil {
			fail(err)
		}
		if !report(*version, rs, applyKnown(*version, rs, ks)) {
			os.Exit(1)
		}
	default:
		usage()
	}
}

// knownFile is the list of known differences of a corpus: known-differences.json for
// the default one, known-differences-SET.json for operations/SET.
func knownFile(set string) string {
	if set == "" {
		return "known-differences.json"
	}
	return "known-differences-" + set + ".json"
}

// adminPassword is the one given, else for a comparison the one of the captured site
// (its clone, which the mock serves, keeps it), else WPCONTRACT_PASSWORD (ci/wordpress's
// env file).
func adminPassword(given, cmd, about string) string {
	if given != "" {
		return given
	}
	if cmd == "compare" {
		var a struct {
			AdminPassword string `json:"adminPassword"`
		}
		if b, err := os.ReadFile(about); err == nil && json.Unmarshal(b, &a) == nil && a.AdminPassword != "" {
			return a.AdminPassword
		}
	}
	return os.Getenv("WPCONTRACT_PASSWORD")
}

func fail(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "graphql:", err)
		os.Exit(1)
	}
}

func usage() {
	names := []string{"seed", "capture", "compare", "dataset"}
	sort.Strings(names)
	fmt.Fprintf(os.Stderr, "usage: go run ./ci/graphql %v [-url URL] [-password PW] [-version V] [-set SET] [-dir ci/graphql]\n", names)
	os.Exit(2)
}
