// Command gensite generates a customized WordPress site from a seed (issue 43): a random
// combination drawn from the whole argument space of WordPress's registration functions
// (register_post_type, register_taxonomy, register_meta, register_rest_field,
// register_post_status, add_role, register_setting, register_nav_menus,
// register_rest_route) and of the site's settings, and content that uses all of it. The
// same seed writes the same files byte for byte (math/rand/v2's PCG).
//
//	go run ./ci/gensite -seed 7 -out /tmp/site7
//
// writes into the output directory:
//   - site.json: a wpmock dataset with "version", the "register" section and "options"
//     (docs: the extended register format), which the mock serves directly and the
//     project's must-use plugin (ci/wordpress/site/wpmock-site.php) registers on a real
//     WordPress: the one source of truth of what the site registers;
//   - mu-plugins/: the must-use plugin of that site for any WordPress: a small loader,
//     and beside it wpmock-site/ with the interpreter and a copy of site.json;
//   - content.php: the content script (php content.php, with WPMOCK_WP_ROOT,
//     WPMOCK_WP_CONFIG and WPMOCK_HOST as ci/wordpress/install-site.php takes them);
//   - summary.txt: one line saying what the site registered (also printed).
package main

import (
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/wpmock/wpmock/fixtures"
)

//go:embed content.php
var contentRunner string

func main() {
	seed := flag.Uint64("seed", 1, "the seed: the same seed writes the same site")
	out := flag.String("out", "", "the directory to write into (created)")
	items := flag.Int("items", 0, "at least this many items in the content (more published items of each type; the registrations stay the seed's)")
	interpreter := flag.String("interpreter", "ci/wordpress/site/wpmock-site.php", "the project's must-use plugin, copied into <out>/mu-plugins")
	check := flag.String("check", "", "check the site generated into this directory against the WordPress WPCONTRACT_URL names (it registered site.json and ran content.php)")
	flag.Parse()
	if *check != "" {
		os.Exit(runCheck(*check))
	}
	if *out == "" {
		fmt.Fprintln(os.Stderr, "gensite: -out is required")
		os.Exit(2)
	}
	s := generate(*seed, *items)
	if err := s.write(*out, *interpreter); err != nil {
		fmt.Fprintln(os.Stderr, "gensite:", err)
		os.Exit(1)
	}
	fmt.Println(s.summary)
}

// site is one generated site's files.
type site struct {
	dataset, content []byte
	summary          string
	// slugs are the slugs of the terms and items the content script writes
	slugs map[string]bool
}

// generate draws the site of a seed.
func generate(seed uint64, items int) site {
	g := newGen(seed)
	g.items = items
	g.drawPostTypes()
	g.drawTaxonomies()
	statuses := g.drawStatuses()
	roles := g.drawRoles()
	g.drawMeta()
	g.drawFields()
	g.drawSettings()
	g.drawRoutes()
	g.drawMenus()
	options := g.drawOptions()

	reg := fixtures.Args{}
	add := func(key string, v any, n int) {
		if n > 0 {
			reg = append(reg, fixtures.Arg{Key: key, Value: v})
		}
	}
	var types, taxes []fixtures.Args
	for _, pt := range g.types {
		types = append(types, append(obj("name", pt.name), pt.args...))
	}
	for _, tx := range g.taxes {
		taxes = append(taxes, tx.args)
	}
	add("post_types", types, len(types))
	add("taxonomies", taxes, len(taxes))
	add("meta", g.meta, len(g.meta))
	add("rest_fields", g.fields, len(g.fields))
	add("post_statuses", statuses, len(statuses))
	add("roles", roles, len(roles))
	add("settings", g.settings, len(g.settings))
	add("rest_routes", g.routes, len(g.routes))
	add("nav_menus", g.menus, len(g.menus))
	ds := obj("version", 1, "register", reg, "options", options)
	content := g.content(options)
	slugs := map[string]bool{}
	for _, k := range []string{"terms", "items"} {
		list, _ := content.Get(k)
		for _, x := range list.([]fixtures.Args) {
			slugs[x.String("slug")] = true
		}
	}
	return site{dataset: indent(ds), content: contentScript(seed, indent(content)), summary: g.summarize(options), slugs: slugs}
}

func indent(v any) []byte {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		panic(err)
	}
	return append(b, '\n')
}

// contentScript is the content runner (content.php, embedded) with the seed's plan.
func contentScript(seed uint64, plan []byte) []byte {
	body := strings.TrimPrefix(contentRunner, "<?php\n")
	return []byte(fmt.Sprintf("<?php\n// The content of the site of gensite seed %d (ci/gensite): generated, do not edit.\n"+
		"$wpmock_plan = json_decode(<<<'WPMOCK_PLAN'\n%sWPMOCK_PLAN, true);\n%s", seed, plan, body))
}

// loader is the must-use plugin a site installs: it names the dataset beside it and
// loads the interpreter, which registers what the dataset says.
const loader = `<?php
/**
 * Plugin Name: wpmock generated site (gensite seed %d)
 * Description: Registers what wpmock-site/site.json declares, through the wpmock interpreter beside it (copy this file and wpmock-site/ into wp-content/mu-plugins).
 */
if (!defined('WPMOCK_DECLARATIONS')) {
    define('WPMOCK_DECLARATIONS', __DIR__ . '/wpmock-site/site.json');
}
require_once __DIR__ . '/wpmock-site/wpmock-site.php';
`

func (s site) write(dir, interpreter string) error {
	php, err := os.ReadFile(interpreter)
	// a relative path is the repository's: found from any directory inside it
	for up := ".."; err != nil && !filepath.IsAbs(interpreter) && len(up) < 30; up = filepath.Join(up, "..") {
		php, err = os.ReadFile(filepath.Join(up, interpreter))
	}
	if err != nil {
		return fmt.Errorf("the interpreter: %v (run inside the repository, or give -interpreter)", err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "mu-plugins", "wpmock-site"), 0o755); err != nil {
		return err
	}
	var seed uint64
	fmt.Sscanf(s.summary, "seed %d", &seed)
	files := map[string][]byte{
		"site.json":                              s.dataset,
		"content.php":                            s.content,
		"summary.txt":                            []byte(s.summary + "\n"),
		"mu-plugins/wpmock-gensite.php":          []byte(fmt.Sprintf(loader, seed)),
		"mu-plugins/wpmock-site/wpmock-site.php": php,
		"mu-plugins/wpmock-site/site.json":       s.dataset,
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
