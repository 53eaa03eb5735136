#!/usr/bin/env python3
"""The contract suite's figure on a generated site (issue 44), in one line.

  contractsummary.py SITE_DIR/site.json REPORT_DIR/junit.xml

Reads the rules of a wpcontract run (junit.xml: one test case per rule id) and the
site's declarations, and prints how many rules failed and, for each kind of the site's
own surface (post types, taxonomies, plugin routes), how many it declares, how many the
report names (a rule id under custom/<name>/ or plugins/<namespace><route>/) and how
many were checked (named, at least one check held, none failed). Exit status 1 when a
rule failed or a declared surface is not named and checked: what CI requires.
"""
import json
import re
import sys
import xml.etree.ElementTree as ET


def route_id(pattern):
    """The route in a rule id, as contract/plugin.go's routeID writes it."""
    out, i = [], 0
    while i < len(pattern):
        c = pattern[i]
        if c == "(":
            depth, cls, j = 0, False, i
            while j < len(pattern):
                d = pattern[j]
                if d == "\\":
                    j += 1
                elif cls:
                    cls = d != "]"
                elif d == "[":
                    cls = True
                elif d == "(":
                    depth += 1
                elif d == ")":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            m = re.match(r"\(\?P?<([A-Za-z0-9_]+)>", pattern[i:j + 1])
            out.append("{" + (m.group(1) if m else "") + "}")
            i = j + 1
            continue
        out.append(c if re.match(r"[A-Za-z0-9_./-]", c) else "_")
        i += 1
    return "".join(out).strip("/")


def main():
    site, junit = sys.argv[1], sys.argv[2]
    reg = json.load(open(site)).get("register", {})
    rules = {}  # id -> "pass", "fail" or "skip"
    for case in ET.parse(junit).getroot().iter("testcase"):
        state = "pass"
        if case.find("failure") is not None:
            state = "fail"
        elif case.find("skipped") is not None:
            state = "skip"
        rules[case.get("name")] = state
    failed = sorted(r for r, s in rules.items() if s == "fail")

    def tally(prefixes):
        named = checked = 0
        missing = []
        for name, prefix in prefixes:
            mine = [s for r, s in rules.items() if r.startswith(prefix)]
            named += bool(mine)
            ok = "pass" in mine and "fail" not in mine
            checked += ok
            if not ok:
                missing.append(name)
        return len(prefixes), named, checked, missing

    kinds = [
        ("types", [(t["name"], "custom/%s/" % t["name"]) for t in reg.get("post_types", []) if t.get("show_in_rest")]),
        ("taxonomies", [(t["name"], "custom/%s/" % t["name"]) for t in reg.get("taxonomies", []) if t.get("show_in_rest")]),
        ("plugin routes", [(r["namespace"] + r["route"], "plugins/%s/%s/" % (r["namespace"], route_id(r["route"])))
                           for r in reg.get("rest_routes", []) if not r.get("hidden")]),
    ]
    parts, bad = [], list(failed)
    for kind, prefixes in kinds:
        n, named, checked, missing = tally(prefixes)
        parts.append("%d %s (%d named, %d checked)" % (n, kind, named, checked))
        bad += ["not checked: " + m for m in missing]
    print("contract: %d of %d rules failed; %s" % (len(failed), len(rules), ", ".join(parts)))
    for b in bad[:20]:
        print("  " + b)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
