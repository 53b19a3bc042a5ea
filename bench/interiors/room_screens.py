#!/usr/bin/env python3
"""How different the dungeon's rooms read, measured as a player sees them (BENCHMARKS.md, "Room screens").

Logs in to a running Deepwell server over telnet as an administrator, walks the dungeon depth-first
(taking unexplored exits, clearing each room with @clear, backing up when a branch offers no new way,
and starting another branch from the well when one is walked out) until ROOMS rooms have been seen, and
counts how many room screens (the name and the description, not the coordinates line) differ from every
other one.

    python3 bench/interiors/room_screens.py --port 4000 --name Ann --password secret [--rooms 358] [--seed 1]

The account must be an administrator (the first account of a fresh database is one). Plain Python 3
(standard library only); the server's command rate limit is respected by a short pause per command.
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from mud_text import BACK, HEADER, logged_in, player_arguments, unexplored_ways  # noqa: E402


def main():
    ap = player_arguments(__doc__)
    ap.add_argument("--rooms", type=int, default=358)
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    c = logged_in(args)
    screens = {}
    seen = set()
    path = []
    room = c.command("look")
    while len(seen) < args.rooms:
        head = HEADER.search(room)
        if head is None:  # above the dungeon: into a branch from the well
            c.command("@goto 2")
            room = c.command(rnd.choice(list(BACK)))
            continue
        where = (head.group(2), head.group(3), head.group(4))
        description = " ".join(room[head.end():].split("Exits:")[0].split())
        if where not in seen:
            seen.add(where)
            screen = (head.group(1).split("\n")[-1].strip(), description)
            screens[screen] = screens.get(screen, 0) + 1
        c.command("@clear")
        unexplored = unexplored_ways(room)
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


if __name__ == "__main__":
    main()
