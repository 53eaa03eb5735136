package main

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/wpmock/wpmock/fixtures"
)

// summarize is the one line saying what the site registered, e.g. "seed 7: 3 types (1
// in ns acme/v1, 1 hierarchical), 4 taxonomies (1 on pages), 11 meta (2 array, 1
// object, 1 multi), 5 fields, 2 statuses, 1 role, 2 settings, 3 routes (1 POST-only),
// tz +5:30, /%category%/%postname%/ base 'topics'".
func (g *gen) summarize(options fixtures.Args) string {
	var b strings.Builder
	fmt.Fprintf(&b, "seed %d: ", g.seed)
	ns, hier := 0, 0
	for _, pt := range g.types {
		ns += b2i(pt.ns != "wp/v2")
		hier += b2i(pt.hierarchical)
	}
	fmt.Fprintf(&b, "%s (%d in ns %s, %d hierarchical), ", count(len(g.types), "type"), ns, g.ns, hier)
	var onPages, onMedia, txNS int
	for _, tx := range g.taxes {
		onPages += b2i(slices.Contains(tx.objectTypes, "page"))
		onMedia += b2i(slices.Contains(tx.objectTypes, "attachment"))
		txNS += b2i(tx.ns != "wp/v2")
	}
	fmt.Fprintf(&b, "%s (%d on pages, %d on media, %d in ns), ", count(len(g.taxes), "taxonomy"), onPages, onMedia, txNS)
	kinds := map[string]int{}
	for _, m := range g.meta {
		kinds[typeSummary(g.metaSchema(m))]++
		kinds[m.String("object_type")]++
		if !m.Bool("single", false) {
			kinds["multi"]++
		}
		if strings.HasPrefix(m.String("meta_key"), "_") {
			kinds["protected"]++
		}
	}
	fmt.Fprintf(&b, "%d meta (%d array, %d object, %d multi, %d protected; %d post, %d term, %d user, %d comment), ",
		len(g.meta), kinds["array"], kinds["object"], kinds["multi"], kinds["protected"], kinds["post"], kinds["term"], kinds["user"], kinds["comment"])
	fmt.Fprintf(&b, "%s, %s, %s, %s, ", count(len(g.fields), "field"), count(len(g.statuses), "status"), count(len(g.roles), "role"), count(len(g.settings), "setting"))
	post := 0
	for _, r := range g.routes {
		if m, _ := r.Get("methods"); m == "POST" {
			post++
		}
	}
	fmt.Fprintf(&b, "%s (%d POST-only), %s, ", count(len(g.routes), "route"), post, count(len(g.menus), "menu location"))
	if tz := options.String("timezone_string"); tz != "" {
		fmt.Fprintf(&b, "tz %s, ", tz)
	} else {
		off, _ := options.Get("gmt_offset")
		fmt.Fprintf(&b, "tz %s, ", offset(off.(float64)))
	}
	fmt.Fprintf(&b, "%s", options.String("permalink_structure"))
	if c := options.String("category_base"); c != "" {
		fmt.Fprintf(&b, " base '%s'", c)
	}
	if t := options.String("tag_base"); t != "" {
		fmt.Fprintf(&b, " tag base '%s'", t)
	}
	if options.String("show_on_front") == "page" {
		b.WriteString(", static front page")
	}
	return b.String()
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// count is "1 type", "3 types", "2 statuses", "1 taxonomy".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %s", n, plural(noun))
}

// offset is a manual UTC offset as WordPress lists it: +5:30, -3, +9:45.
func offset(h float64) string {
	sign := "+"
	if h < 0 {
		sign = "-"
	}
	whole, frac := math.Modf(math.Abs(h))
	if frac == 0 {
		return fmt.Sprintf("%s%d", sign, int(whole))
	}
	return fmt.Sprintf("%s%d:%02d", sign, int(whole), int(math.Round(frac*60)))
}
