#!/usr/bin/env python3
"""How different the dungeon's rooms read, measured as a player sees them (BENCHMARKS.md, "Room screens").

Logs in to a running Deepwell server over telnet as an administrator, walks the dungeon depth-first
(taking unexplored exits, clearing each room with @clear, backing up when a branch offers no new way,
and starting another branch from the well when one is walked out) until ROOMS rooms have been seen, and
counts how many room screens (the name and the description, not the coordinates line) differ from every
other one.

    python3 bench/interiors/room_screens.py --port 4000 --name Ann --password secret [--rooms 358] [--seed 1]

Per theme (issue 27): with --content (the server's content folder, to tell which theme a depth is in)
it also counts, for each theme met, the rooms seen, how many descriptions differ once numbers are
ignored (digits removed), and the share of the commonest room name. --max-depth D keeps the walk above
depth D (it takes no unexplored exit into a deeper room, so a branch walked out to D sends it to a new
branch), and --per-theme N stops the walk once every theme that starts above D has N rooms (or ROOMS
rooms were seen):

    python3 bench/interiors/room_screens.py --port 4000 --name Ann --password secret \\
        --content content --max-depth 15 --per-theme 100 --rooms 2000

A room's screen is read after @clear, in a window 1000 columns wide (the client says so by NAWS), so
the description is one line and what the room holds is not part of it. The dark bands (from depth 24)
show their descriptions only to one carrying a lantern: buy one first to measure them.

The account must be an administrator (the first account of a fresh database is one). Plain Python 3
(standard library only; tomllib, Python 3.11); the server's command rate limit is respected by a short
pause per command.
"""
import math
import os
import random
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from mud_text import BACK, HEADER, logged_in, player_arguments, unexplored_ways  # noqa: E402

STEP = {"north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0)}
# IAC WILL NAWS, then IAC SB NAWS 1000 x 24 IAC SE: a window 1000 columns wide, so that a room's
# description arrives as one line, apart from the lines of what the room holds.
WIDE_WINDOW = bytes([255, 251, 31, 255, 250, 31, 0x03, 0xE8, 0, 24, 255, 240])


def themes_of(content):
    """[(min_depth, theme name)] from rooms.toml and themes/*.toml, in depth order."""
    import tomllib

    with open(os.path.join(content, "rooms.toml"), "rb") as f:
        bands = tomllib.load(f)["bands"]
    out = []
    for band in bands:
        name = band.get("name")
        if "theme" in band:
            with open(os.path.join(content, "themes", band["theme"] + ".toml"), "rb") as f:
                name = tomllib.load(f)["name"]
        out.append((band["min_depth"], name))
    return out


def theme_at(themes, depth):
    name = themes[0][1]
    for start, theme in themes:
        if start <= depth:
            name = theme
    return name


def description_of(room, head):
    """The description: the line after the header (the window is too wide for it to wrap)."""
    lines = [line.strip() for line in room[head.end():].split("\n") if line.strip()]
    return lines[0] if lines and not lines[0].startswith("Exits:") else ""


def main():
    ap = player_arguments(__doc__)
    ap.add_argument("--rooms", type=int, default=358)
    ap.add_argument("--content", help="the server's content folder: report per theme")
    ap.add_argument("--max-depth", type=int, default=None, help="walk no deeper than this")
    ap.add_argument("--per-theme", type=int, default=None, help="stop once every theme above --max-depth has this many rooms")
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    themes = themes_of(args.content) if args.content else None
    wanted = []
    if themes and args.per_theme:
        wanted = [t for start, t in themes if args.max_depth is None or start <= args.max_depth]
    c = logged_in(args)
    c.sock.sendall(WIDE_WINDOW)
    screens = {}
    by_theme = {}  # theme -> [(name, description)]
    seen = set()
    path = []
    room = c.command("look")

    def enough():
        if len(seen) >= args.rooms:
            return True
        return bool(wanted) and all(len(by_theme.get(t, [])) >= args.per_theme for t in wanted)

    while not enough():
        head = HEADER.search(room)
        if head is None:  # above the dungeon: into a branch from the well
            c.command("@goto 2")
            room = c.command(rnd.choice(list(BACK)))
            continue
        x, y, depth = int(head.group(3)), int(head.group(4)), int(head.group(5))
        where = (head.group(2), head.group(3), head.group(4))
        if where not in seen:
            seen.add(where)
            c.command("@clear")
            room = c.command("look")  # (its monsters gone, the text is the room's own)
            head = HEADER.search(room)
            name = head.group(1).split("\n")[-1].strip()
            description = description_of(room, head)
            screen = (name, description)
            screens[screen] = screens.get(screen, 0) + 1
            if themes:
                by_theme.setdefault(theme_at(themes, depth), []).append(screen)
        unexplored = unexplored_ways(room)
        if args.max_depth is not None:
            unexplored = [w for w in unexplored
                          if math.isqrt((x + STEP[w][0]) ** 2 + (y + STEP[w][1]) ** 2) <= args.max_depth]
        if unexplored:
            way = rnd.choice(unexplored)
            path.append(way)
        elif path:
            way = BACK[path.pop()]
        else:  # this branch is walked out: another one from the well
            c.command("@goto 2")
            way = rnd.choice(list(BACK))
        room = c.command(way)
    unlike = sum(1 for n in screens.values() if n == 1)
    names = {}
    for (name, _), n in screens.items():
        names[name] = names.get(name, 0) + n
    print("rooms seen: %d; distinct screens: %d; screens unlike every other: %d (%.0f%%); distinct names: %d"
          % (len(seen), len(screens), unlike, 100.0 * unlike / max(1, len(seen)), len(names)))
    for name, n in sorted(names.items(), key=lambda kv: (-kv[1], kv[0]))[:8]:
        print("  %4d  %s" % (n, name))
    if themes:
        print("per theme: rooms, descriptions that differ once numbers are ignored, commonest name")
        for start, theme in themes:
            rooms = by_theme.get(theme, [])
            if not rooms:
                continue
            distinct = len({re.sub(r"\d", "", d) for _, d in rooms})
            counts = {}
            for name, _ in rooms:
                counts[name] = counts.get(name, 0) + 1
            top, top_n = max(counts.items(), key=lambda kv: (kv[1], kv[0]))
            print("  %-24s from %3d: %4d rooms, %4d distinct (%3.0f%%), %3d names, commonest \"%s\" %d (%.0f%%)"
                  % (theme, start, len(rooms), distinct, 100.0 * distinct / len(rooms), len(counts), top, top_n,
                     100.0 * top_n / len(rooms)))


if __name__ == "__main__":
    main()
