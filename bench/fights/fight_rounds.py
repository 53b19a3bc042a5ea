#!/usr/bin/env python3
"""How fights read and behave, measured as a player meets them (BENCHMARKS.md, "Fights as played").

Logs in to a running Deepwell server over telnet as an administrator, walks the dungeon depth-first,
and in every room whose monsters block the way it fights (FIGHTS fights in all). It counts:
  - blows: each fighter's turn in a round; "empty" turns where neither side did any damage, and how many
    of those the server said as a miss (or a blow turned by armour) rather than as "0 damage";
  - hurry: in HURRY fights it types `fight` ten times, 0.1 s apart, right after the first round, and
    counts the rounds that arrive within the next 1.5 s (the round timer is game.fight_round_ms);
  - flee: in FLEES fights it types `flee` after the first round and records whether the character left
    by the way it came in, by another way, or was cut off.

    python3 bench/fights/fight_rounds.py --port 4000 --name Ann --password secret [--fights 60]

The account must be an administrator (the first account of a fresh database is one). Plain Python 3.
"""
import os
import random
import re
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from mud_text import BACK, HEADER, logged_in, player_arguments, unexplored_ways  # noqa: E402
ROUND = re.compile(r"Round (\d+):")
OLD_TURN = re.compile(r"takes (\d+) damage from .*? and (?:deals (\d+)|falls)")
HIT_ME = re.compile(r"hits you for (\d+)")
MY_HIT = re.compile(r"You hit .*? for (\d+)")
MISS = re.compile(r"You miss|misses you|turns the blow")
END = re.compile(r"room is clear|The last of them falls|Everything goes dark|You wake up|You break away|You flee|nothing here to fight")


def count_turns(text, stats):
    """Adds the fighter turns in `text` to `stats`."""
    for m in OLD_TURN.finditer(text):
        stats["turns"] += 1
        if m.group(1) == "0" and m.group(2) == "0":
            stats["empty"] += 1
    for line in text.split("\n"):
        dealt = MY_HIT.search(line)
        taken = HIT_ME.search(line)
        if dealt or taken or MISS.search(line):
            stats["lines"] += 1
            if (dealt and dealt.group(1) == "0") or (taken and taken.group(1) == "0"):
                stats["zero_said"] += 1
            if MISS.search(line):
                stats["miss_said"] += 1


def main():
    ap = player_arguments(__doc__)
    ap.add_argument("--fights", type=int, default=60)
    ap.add_argument("--hurry", type=int, default=10)
    ap.add_argument("--flees", type=int, default=20)
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    c = logged_in(args)
    stats = {"turns": 0, "empty": 0, "lines": 0, "zero_said": 0, "miss_said": 0, "rounds": 0}
    hurry_rounds = []
    flee_back = flee_other = flee_failed = 0
    fights = 0
    path = []
    room = c.command("look")
    while fights < args.fights:
        head = HEADER.search(room)
        if head is None:  # above the dungeon: into a branch from the well
            c.command("@goto 2")
            path = []
            way = rnd.choice(list(BACK))
            path.append(way)
            room = c.command(way)
            continue
        if "'fight'" in room:
            fights += 1
            came_by = path[-1] if path else None
            c.send("fight")
            text = c.until(r"Round \d+:.*\n(?:.*\n)*?.*\] > |room is clear|Everything goes dark", timeout=30)
            if fights <= args.hurry and not END.search(text):
                for _ in range(10):
                    c.send("fight")
                    time.sleep(0.04)
                burst = c.collect(1.5)
                hurry_rounds.append(len(set(ROUND.findall(burst))))
                text += burst
            elif fights <= args.hurry + args.flees and not END.search(text):
                c.send("flee")
                burst = ""
                deadline = time.time() + 10  # a flee may resolve in the next round
                while not re.search(r"flee (north|east|south|west)|cuts you off|nowhere to flee", burst) \
                        and not END.search(burst) and time.time() < deadline:
                    burst += c.collect(0.5)
                text += burst
                went = re.search(r"flee (north|east|south|west)", burst)
                if went and came_by:
                    if went.group(1) == BACK[came_by]:
                        flee_back += 1
                    else:
                        flee_other += 1
                elif "cuts you off" in burst:
                    flee_failed += 1
            while not END.search(text):
                text += c.collect(0.5)
            stats["rounds"] += len(set(ROUND.findall(text)))
            count_turns(text, stats)
            room = c.command("look")
            if HEADER.search(room) is None or "'fight'" in room:
                c.command("@goto 2")
                path = []
                room = c.command("look")
            continue
        unexplored = unexplored_ways(room)
        if unexplored:
            way = rnd.choice(unexplored)
            path.append(way)
        elif path:
            way = BACK[path.pop()]
        else:
            c.command("@goto 2")
            way = rnd.choice(list(BACK))
            path = [way]
        room = c.command(way)
    print("fights: %d, rounds: %d" % (fights, stats["rounds"]))
    if stats["turns"]:
        print("old-style turns: %d; turns where neither side dealt damage: %d (%.0f%%), said as a miss: 0"
              % (stats["turns"], stats["empty"], 100.0 * stats["empty"] / stats["turns"]))
    if stats["lines"]:
        print("blow lines: %d; saying 0 damage: %d; said as a miss or a turned blow: %d"
              % (stats["lines"], stats["zero_said"], stats["miss_said"]))
    if hurry_rounds:
        print("typing fight 10 times: rounds within 1.5 s: %s (median %d)"
              % (hurry_rounds, sorted(hurry_rounds)[len(hurry_rounds) // 2]))
    print("flee: by the way in %d, another way %d, cut off %d" % (flee_back, flee_other, flee_failed))


if __name__ == "__main__":
    main()
