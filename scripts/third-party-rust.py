#!/usr/bin/env python3
"""Prints the "Rust crates" section of docs/THIRD-PARTY-NOTICES.md from the lock file.

Every package that is not a workspace member, grouped by its `license` field (the older `A/B`
form read as `A OR B`); ‡ marks a package not used to build the `quire` binary on Linux
(found by following normal and build dependencies from `quire-server` on
x86_64-unknown-linux-gnu). Nothing is built.

    python3 scripts/third-party-rust.py > /tmp/rust-crates.md
"""
import json
import subprocess
import sys
import textwrap
from collections import defaultdict


def metadata(*extra):
    out = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--locked", *extra],
        check=True, capture_output=True, text=True,
    ).stdout
    return json.loads(out)


def built_into_binary():
    meta = metadata("--filter-platform", "x86_64-unknown-linux-gnu")
    nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
    root = next(p["id"] for p in meta["packages"] if p["name"] == "quire-server")
    seen, todo = set(), [root]
    while todo:
        node = nodes[todo.pop()]
        for dep in node["deps"]:
            if any(k["kind"] in (None, "build") for k in dep["dep_kinds"]) and dep["pkg"] not in seen:
                seen.add(dep["pkg"])
                todo.append(dep["pkg"])
    return seen


def main():
    meta = metadata()
    members = set(meta["workspace_members"])
    used = built_into_binary()
    groups = defaultdict(list)
    missing = []
    for p in meta["packages"]:
        if p["id"] in members:
            continue
        license = " ".join((p.get("license") or "").replace("/", " OR ").split())
        if not license:
            missing.append(p["name"])
            license = "(no license field)"
        mark = "" if p["id"] in used else " ‡"
        groups[license].append((p["name"], p["version"], mark))
    total = sum(len(v) for v in groups.values())
    in_binary = sum(1 for v in groups.values() for (_, _, m) in v if not m)
    print(f"## Rust crates ({total} packages; {in_binary} used to build the `quire` binary on Linux)")
    for license, crates in sorted(groups.items(), key=lambda g: (-len(g[1]), g[0])):
        print(f"\n### {license} ({len(crates)})\n")
        line = ", ".join(f"{n} {v}{m}" for n, v, m in sorted(crates))
        print("\n".join(textwrap.wrap(line, 100, break_on_hyphens=False, break_long_words=False)))
    if missing:
        print(f"no license field: {', '.join(missing)}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
