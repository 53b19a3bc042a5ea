#!/usr/bin/env python3
"""What `consider` says against how fights then go, measured as a player meets them (BENCHMARKS.md,
"Reading danger").

Logs in to a running Deepwell server over telnet, walks the dungeon depth-first from the well, and in every
room whose monsters block the way (or attack as it walks in) types `consider`, notes its verdict and the
hit points in the prompt, then fights to the end (attacking every round: no flee, no wimpy, no rest, so hit
points only come back by a knock-out or a level). It prints each fight and, per verdict, how many were won
and lost, and the lost fights begun at 15 to 23 hit points (the issue measured 17/40 and 21/40).

    python3 bench/fights/consider_odds.py --port 4703 --name Ann --password secret [--fights 80] [--create]

The account must be an administrator (the first account of a fresh database is one): the walk goes back to
the well with @goto when a branch is done. Fights are the same fights on the same world seed whatever
consider says (it reads no tape), so two servers on the same seed and walk seed can be compared fight by
fight. Wanderers make walks differ: run the server with game.wander_step_ms = 0. Plain Python 3.
"""
import os
import random
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from mud_text import BACK, HEADER, player_arguments, telnet_text, unexplored_ways  # noqa: E402

VERDICT = re.compile(r"(You would win easily|You would likely win|It would be an even fight|You would likely fall"
                     r"|You would surely fall)")
PROMPT_HP = re.compile(r"\[(\d+)/(\d+) hp\] > ")
WON = re.compile(r"The last of them falls|\bfalls! The room is clear")  # (a leader falls by its title)
LOST = re.compile(r"You wake up")
END = re.compile(r"The last of them falls|falls! The room is clear|You wake up|nothing here to fight|You flee")
AMBUSH = re.compile(r"attacks? you!")
ORDER = ["You would win easily", "You would likely win", "It would be an even fight", "You would likely fall",
         "You would surely fall"]


def last_hp(text):
    found = PROMPT_HP.findall(text)
    return (int(found[-1][0]), int(found[-1][1])) if found else (None, None)


def main():
    ap = player_arguments(__doc__)
    ap.add_argument("--fights", type=int, default=80)
    ap.add_argument("--create", action="store_true", help="create the account first")
    ap.add_argument("--log", help="write each fight's text to this file")
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    c = telnet_text(args.port, 120)
    c.until("quit")
    c.command(("create %s %s" if args.create else "connect %s %s") % (args.name, args.password))
    log = open(args.log, "w") if args.log else None
    rows = []
    path = []
    room = c.command("look")
    hp, most = last_hp(room)
    while len(rows) < args.fights:
        head = HEADER.search(room)
        if head is None:  # above the dungeon: into a branch from the well
            c.command("@goto 2")
            path = []
            way = rnd.choice(list(BACK))
            path.append(way)
            room = c.command(way)
            continue
        ambushed = AMBUSH.search(room) is not None
        if "'fight'" in room or ambushed:
            considered = c.command("consider")
            hp, most = last_hp(considered)
            said = " ".join(considered[considered.find("You size up"):].split())  # (unwrapped)
            said = PROMPT_HP.split(said)[0].strip() if PROMPT_HP.search(said) else said
            verdict = VERDICT.search(said)
            words = said
            text = ""
            if not ambushed:
                c.send("fight")
            while not END.search(text):
                text += c.collect(0.5)
            text += c.until(r"\] > ", timeout=30) if not text.rstrip().endswith(">") else ""
            outcome = "won" if WON.search(text) else "lost" if LOST.search(text) else "other"
            rows.append((int(head.group(5)), hp, most, verdict.group(1) if verdict else "?", outcome, words))
            print("fight %3d depth %2s at %s/%s hp: %-26s -> %s" % (len(rows), head.group(5), hp, most,
                                                                   rows[-1][3], outcome), flush=True)
            if log:
                log.write("==== fight %d\n%s\n%s\n%s\n" % (len(rows), room, considered, text))
                log.flush()
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
    print()
    print("| verdict | fights | won | lost |")
    print("|---|---|---|---|")
    for v in ORDER + ["?"]:
        these = [r for r in rows if r[3] == v]
        if these:
            print("| %s | %d | %d | %d |" % (v, len(these), sum(r[4] == "won" for r in these),
                                             sum(r[4] == "lost" for r in these)))
    lost_low = [r for r in rows if r[4] == "lost" and r[1] is not None and 15 <= r[1] <= 23]
    print()
    print("lost fights begun at 15..23 hp:")
    for r in lost_low:
        print("  depth %d, %d/%d hp: %s" % (r[0], r[1], r[2], r[5]))


if __name__ == "__main__":
    main()
