#!/usr/bin/env python3
"""A newcomer's half hour, played through a real telnet client (inetutils `telnet` in a pseudo-terminal of
40 rows by 100 columns, so the server sees the client's own negotiation, NAWS and the pager), as a careful
new player would play it: read the newbie help, take the day's bounties, go down, `consider` every room that
blocks the way and fight only what is not "likely fall" or worse, set `wimpy` at a third of the hit points,
pick up what falls, walk home when hurt or when the pack holds scrolls worth selling, sell, hand in bounties,
buy the best weapon and armour the merchant will sell, wear them, rest in the square, and go down again.

It prints, every five minutes and at the end, what the character has reached: level, experience, deepest
depth, silver earned (sales, fights, bounties) and spent, bounties completed, fights won and lost, rooms
walked into, gear; and the lines that were new to it (consider's verdicts against the fights' outcomes).
It also lists the monster kinds it met (each room's monsters, considered or fought: how often each kind,
leaders by their titles; names read from content/monsters.toml) and the room themes it walked through
(content/rooms.toml and themes/), with the deepest room's name and theme.

    python3 bench/play/newcomer.py --port 4000 [--minutes 30] [--name Newbie] [--seed 1] [--think 1.5]
        [--transcript newcomer.log]

`--think` is the pause before each command, in seconds (a person reads before typing; 1.5 s is quick for a
newcomer). The walk's choices come from --seed; the dungeon from the server's world seed. Plain Python 3,
standard library only.
"""
import argparse
import fcntl
import math
import os
import pty
import random
import re
import select
import struct
import sys
import termios
import time
import tomllib
from pathlib import Path

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PROMPT = re.compile(r"\[(\d+)/(\d+) hp[^\]]*\] > ")
HEADER = re.compile(r"^(.*)  \[(.*?), (-?\d+),(-?\d+), depth (\d+)\]$", re.M)
EXITS = re.compile(r"^Exits: ([^.]*)\.", re.M | re.S)
BACK = {"north": "south", "south": "north", "east": "west", "west": "east"}
STEP = {"north": (0, 1), "south": (0, -1), "east": (1, 0), "west": (-1, 0)}
CONTENT = Path(__file__).resolve().parents[2] / "content"
WON = re.compile(r"The last of them falls|\bfalls! The room is clear")  # (a leader falls by its title)
COUNTS = ("a", "an", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
VERDICTS = ["You would win easily", "You would likely win", "It would be an even fight", "You would likely fall",
            "You would surely fall"]


def bestiary():
    """Every name a room's monsters go by -> the kind's name: singular, plural and leaders' titles."""
    with open(CONTENT / "monsters.toml", "rb") as f:
        tables = tomllib.load(f)
    names = {}
    for m in tables.get("monsters", []):
        names[m["name"]] = names[m["plural"]] = m["name"]
    for l in tables.get("leaders", []):
        names[l["title"]] = l["title"] + " (leader)"
    adjectives = [s["adjective"] for s in tables.get("sizes", []) if s.get("adjective")]
    return names, adjectives


def themes():
    """[(min_depth, theme name)] from rooms.toml's bands, shallowest first."""
    with open(CONTENT / "rooms.toml", "rb") as f:
        bands = tomllib.load(f)["bands"]
    out = []
    for b in bands:
        name = b.get("name")
        if "theme" in b:
            with open(CONTENT / "themes" / (b["theme"] + ".toml"), "rb") as f:
                name = tomllib.load(f)["name"]
        out.append((b["min_depth"], name or "?"))
    return out


class telnet_client:
    """inetutils telnet in a pseudo-terminal: what it prints, with colour codes removed."""

    def __init__(self, port, rows, cols, transcript):
        pid, fd = pty.fork()
        if pid == 0:
            os.execvp("telnet", ["telnet", "127.0.0.1", str(port)])
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.pid, self.fd = pid, fd
        self.buf = ""
        self.transcript = transcript

    def read_until(self, pattern, timeout):
        deadline = time.time() + timeout
        while True:
            m = re.search(pattern, self.buf)
            if m:
                seen, self.buf = self.buf[: m.end()], self.buf[m.end():]
                return seen
            left = deadline - time.time()
            if left <= 0:
                raise TimeoutError("waiting for %r; last text: %r" % (pattern, self.buf[-400:]))
            r, _, _ = select.select([self.fd], [], [], min(left, 1.0))
            if r:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:
                    raise ConnectionError("the telnet client ended; last text: %r" % self.buf[-400:])
                text = ANSI.sub("", data.decode("utf-8", "replace")).replace("\r", "")
                self.transcript.write(text)
                self.buf += text

    def drain(self, seconds):
        """Whatever arrives within `seconds` (fight rounds, messages) and is not yet read."""
        end = time.time() + seconds
        while time.time() < end:
            r, _, _ = select.select([self.fd], [], [], max(0.0, end - time.time()))
            if r:
                data = os.read(self.fd, 65536)
                text = ANSI.sub("", data.decode("utf-8", "replace")).replace("\r", "")
                self.transcript.write(text)
                self.buf += text
        seen, self.buf = self.buf, ""
        return seen

    def type(self, line):
        self.transcript.write("\n>>> " + line + "\n")
        os.write(self.fd, line.encode() + b"\r")


class newcomer:
    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed)
        self.transcript = open(args.transcript, "w") if args.transcript else open(os.devnull, "w")
        self.c = telnet_client(args.port, 40, 100, self.transcript)
        self.hp, self.max_hp = 40, 40
        self.where = "square"  # "square", "well", or (branch, x, y) below
        self.known = {}  # (branch, x, y) -> {direction: label} from each room's "Exits:" line
        self.depth = 0
        self.deepest = 0
        self.stats = dict(earned_sales=0, earned_fights=0, earned_bounties=0, spent=0, won=0, lost=0, fled=0,
                          avoided=0, rooms=0, bounties=0, doors=0, levels=[], verdicts={})
        self.avoid = set()  # rooms (branch, x, y) judged too strong
        self.sealed = {}  # rooms whose rune door is still shut -> the door's runes (a frozenset)
        self.hints = {}  # branch -> [orders read on its walls, each a list of runes]
        self.exhausted = set()  # well passages whose branch had nothing left to walk into
        self.branch = None
        self.weapon_dmg, self.armour_off = 0, 0
        self.draughts = 0  # healing draughts carried
        self.start = time.time()
        self.next_report = self.start + 300
        self.names, self.adjectives = bestiary()
        self.themes = themes()
        self.met = {}  # kind -> [rooms met, of them considered, of them fought]
        self.themes_seen = {}  # theme name -> deepest depth seen in it
        self.deepest_room = ("?", "?")  # (room name, theme) at the deepest depth

    # --- talking to the server -------------------------------------------------------------------
    def command(self, line, timeout=60):
        time.sleep(self.args.think)
        self.c.type(line)
        out = ""
        while True:
            seen = self.c.read_until(r"\] > $|--More--[^\n]*?stop\) ?$", timeout)
            out += seen
            if "--More--" in seen.splitlines()[-1]:
                time.sleep(0.5)
                self.c.type("")
                continue
            break
        self.notice(out)
        return out

    def notice(self, text):
        found = PROMPT.findall(text)
        if found:
            self.hp, self.max_hp = int(found[-1][0]), int(found[-1][1])
        flat = " ".join(text.split())  # (the server wraps lines to the window)
        for m in re.finditer(r"You sell .*? for (\d+) silver", flat):
            self.stats["earned_sales"] += int(m.group(1))
        for m in re.finditer(r"You find (\d+) silver\.|your share is (\d+) silver", flat):
            self.stats["earned_fights"] += int(m.group(1) or m.group(2))
        for m in re.finditer(r"The merchant counts out (\d+) silver", flat):
            self.stats["earned_bounties"] += int(m.group(1))
            self.stats["bounties"] += 1
        for m in re.finditer(r"You buy (.*?) for (\d+) silver", flat):
            self.stats["spent"] += int(m.group(2))
            self.draughts += 1 if "draught" in m.group(1) else 0
        for m in re.finditer(r"You have reached level (\d+)", text):
            self.stats["levels"].append((int(m.group(1)), round((time.time() - self.start) / 60, 1)))
        # Where the last room shown is: its header, or the two fixed rooms by their names.
        last = None
        for m in HEADER.finditer(text):
            last = m
        places = [(text.rfind("The Village Square"), "square"), (text.rfind("The Bottom of the Well"), "well")]
        at, fixed = max(places)
        if last is not None and last.start() > at:
            self.depth = int(last.group(5))
            theme = self.theme_at(self.depth)
            self.themes_seen[theme] = max(self.themes_seen.get(theme, 0), self.depth)
            if self.depth > self.deepest or self.deepest_room[0] == "?":
                self.deepest_room = (last.group(1).strip(), theme)
            self.deepest = max(self.deepest, self.depth)
            self.branch = last.group(2)
            self.where = (last.group(2), int(last.group(3)), int(last.group(4)))
            exits = EXITS.search(text, last.end())
            if exits:
                self.known[self.where] = exits_of(exits.group(1))
                if "blocked until this room is cleared" not in text[last.start():]:
                    self.sealed.pop(self.where, None)  # (cleared, or opened, since)
        elif at >= 0:
            self.where, self.depth = fixed, 0
        for m in re.finditer(r"Scratched into the wall: (.*?) - the way through", " ".join(text.split())):
            order = [w.strip() for w in m.group(1).replace("then ", "").split(",")]
            if self.branch is not None and order not in self.hints.setdefault(self.branch, []):
                self.hints[self.branch].append(order)
        door = re.search(r"runes are carved in it: (.*?)\. Press", " ".join(text.split()))
        if door and isinstance(self.where, tuple):
            self.sealed[self.where] = frozenset(r.strip() for r in re.split(r",| and ", door.group(1)) if r.strip())
        if re.search(r"The way \w+ is blocked until this room is cleared", text) and isinstance(self.where, tuple):
            self.sealed.setdefault(self.where, frozenset())

    def wait_fight(self):
        """Until the fight in this room ends: won, lost, fled."""
        out = ""
        end = time.time() + 600
        while time.time() < end:
            fresh = self.c.drain(2.0)
            out += fresh
            self.notice(fresh)
            if self.draughts > 0 and 0 < self.hp <= self.max_hp // 3 and not WON.search(out):
                self.c.type("quaff draught")  # (answered between rounds; read with the fight's text)
                self.draughts -= 1
            if WON.search(out):
                self.stats["won"] += 1
                return "won", out
            if "You wake up in the village square" in out:
                self.stats["lost"] += 1
                return "lost", out
            if re.search(r"You flee (north|south|east|west|up)!", out):
                self.stats["fled"] += 1
                self.command("look")
                return "fled", out
        return "stuck", out

    # --- what it met -----------------------------------------------------------------------------
    def theme_at(self, depth):
        return [name for start, name in self.themes if start <= depth][-1]

    def kind_in(self, text):
        """The monster kind a room's text (or consider's) names first: "Two small cave rats block the way"."""
        flat = " ".join(text.split())
        best = None
        for said, kind in self.names.items():
            for m in re.finditer(re.escape(said) + r"\b", flat, re.I):
                # (the longest name at the earliest place: "rat" never hides "cave rat")
                if best is None or m.start() < best[0] or (m.start() == best[0] and len(said) > best[1]):
                    best = (m.start(), len(said), kind)
                break
        return best[2] if best else None

    def meet(self, text, considered, fought):
        kind = self.kind_in(text)
        if kind is not None:
            tally = self.met.setdefault(kind, [0, 0, 0])
            tally[0] += 1
            tally[1] += 1 if considered else 0
            tally[2] += 1 if fought else 0

    # --- a newcomer's choices --------------------------------------------------------------------
    def route(self, goal):
        """The ways from here, through known passable exits, to the nearest room for which goal(room) holds
        (a breadth-first search of the rooms seen); None when none is known."""
        if not isinstance(self.where, tuple):
            return None
        start = self.where
        seen = {start: []}
        queue = [start]
        while queue:
            room = queue.pop(0)
            if goal(room):
                return seen[room]
            branch, x, y = room
            for way, label in self.known.get(room, {}).items():
                if way not in STEP or "unexplored" in label or "well" in label:
                    continue
                dx, dy = STEP[way]
                nxt = (branch, x + dx, y + dy)
                if nxt not in seen and nxt in self.known:
                    seen[nxt] = seen[room] + [way]
                    queue.append(nxt)
        return None

    def order_for(self, room):
        """The order read in this room's branch that uses exactly its door's runes, or None."""
        runes = self.sealed.get(room)
        for order in self.hints.get(room[0], []):
            if runes and frozenset(order) == runes:
                return order
        return None

    def open_doors(self):
        """Walks to a sealed door whose order has been read, and presses it; True when one was tried."""
        for room in list(self.sealed):
            order = self.order_for(room)
            if order is None or room[0] != (self.where[0] if isinstance(self.where, tuple) else None):
                continue
            path = [] if room == self.where else self.route(lambda r: r == room)
            if path is None:
                continue
            for step in path:
                self.command(step)
            out = self.command("press " + " ".join(order))
            if "way on is open" in out or "swings" in out or "opens" in out:
                self.stats["doors"] += 1
            self.sealed.pop(room, None)
            self.command("look")
            return True
        return False

    def home(self):
        for _ in range(300):
            if self.where == "square":
                return
            if self.where == "well":
                self.command("up")
                continue
            if self.where not in self.known:
                self.command("look")
            here = self.known.get(self.where, {})
            to_well = [w for w, label in here.items() if "to the well" in label]
            if to_well:
                self.command(to_well[0])
                continue
            ways = self.route(lambda r: any("to the well" in l for l in self.known.get(r, {}).values()))
            if ways:
                for way in ways:
                    self.command(way)
                continue
            # Lost: any way that is not unexplored.
            choices = [w for w, label in here.items() if "unexplored" not in label] or list(here) or ["up"]
            self.command(self.rng.choice(choices))

    def shop(self):
        out = self.command("sell all.scroll")
        self.command("bounties")
        board = self.command("bounties")
        for n in re.findall(r"^  (\d+)\. ", board, re.M)[:3]:
            self.command("accept " + n)
        wares = self.command("list")
        silver = int(re.findall(r"You have (\d+) silver", wares)[-1]) if "You have" in wares else 0
        buyable = wares.split("  Not yet")[0]
        weapons = [(int(d), int(p), n) for n, d, p in re.findall(r"^  a (.+?), up to (\d+) damage a blow - (\d+) silver",
                                                                buyable, re.M)]
        armour = [(int(o), int(p), n) for n, o, p in re.findall(r"^  an? (.+?), (\d+) off every blow - (\d+) silver",
                                                               buyable, re.M)]
        for kind, items, have in (("weapon", weapons, self.weapon_dmg), ("armour", armour, self.armour_off)):
            better = sorted([i for i in items if i[0] > have and i[1] <= silver - 20], reverse=True)
            if better:
                value, price, name = better[0]
                word = name.split()[-1]
                got = self.command("buy " + word)
                if "You buy" in got:
                    silver -= price
                    self.command(("wield " if kind == "weapon" else "wear ") + word)
                    if kind == "weapon":
                        self.weapon_dmg = value
                    else:
                        self.armour_off = value
        if silver >= 50 and self.draughts == 0:
            self.command("buy draught")

    def rest(self):
        while self.hp < self.max_hp and not self.over():
            time.sleep(5)
            self.command("score")

    def over(self):
        return time.time() - self.start >= self.args.minutes * 60

    def report(self, final=False):
        score = self.command("score")
        s = self.stats
        minutes = (time.time() - self.start) / 60
        lvl = re.search(r"Level: (\d+) \((\d+) experience", score)
        silver = re.search(r"Silver: (\d+)", score)
        print("%s after %.1f min: level %s (%s xp), deepest depth %d, silver held %s; earned %d (sales %d, fights %d,"
              " bounties %d), spent %d; bounties completed %d; fights won %d, lost %d, fled %d, avoided %d;"
              " rooms walked into %d; rune doors opened %d; levels at minutes %s; verdicts (verdict: won/lost/fled) %s" % (
                  "FINAL" if final else "so far", minutes, lvl.group(1) if lvl else "?", lvl.group(2) if lvl else "?",
                  self.deepest, silver.group(1) if silver else "?",
                  s["earned_sales"] + s["earned_fights"] + s["earned_bounties"], s["earned_sales"],
                  s["earned_fights"], s["earned_bounties"], s["spent"], s["bounties"], s["won"], s["lost"],
                  s["fled"], s["avoided"], s["rooms"], s["doors"], s["levels"], s["verdicts"]), flush=True)
        met = sorted(self.met.items(), key=lambda kv: (-kv[1][0], kv[0]))
        print("  monster kinds met %d (kind: rooms met/considered/fought): %s" % (
            len(met), ", ".join("%s %d/%d/%d" % (k, *v) for k, v in met) or "none"), flush=True)
        seen = sorted(self.themes_seen.items(), key=lambda kv: kv[1])
        print("  themes walked through %d (theme: deepest depth): %s; deepest room: %s (%s, depth %d)" % (
            len(seen), ", ".join("%s %d" % kv for kv in seen) or "none", self.deepest_room[0], self.deepest_room[1],
            self.deepest), flush=True)
        if final:
            print(score.strip())

    def expedition(self):
        passages = [w for w in ("north", "east", "south", "west") if w not in self.exhausted] or ["north"]
        self.command("down")
        way = self.rng.choice(passages)
        room = self.command(way)
        self.stats["rooms"] += 1
        while not self.over():
            if time.time() > self.next_report:
                self.report()
                self.next_report += 300
            if "You wake up in the village square" in room:
                return
            if "Type 'fight' to attack" in room or "attacks you" in room or "attack you" in room:
                if "attacks you" in room or "attack you" in room:
                    result = "ambushed"
                    self.meet(room[room.rfind("\n", 0, max(room.find("attack you"), room.find("attacks you"))) + 1:],
                              False, True)
                else:
                    judged = self.command("consider")
                    verdict = next((v for v in VERDICTS if v in judged), "?")
                    too_strong = VERDICTS.index(verdict) >= 3 if verdict in VERDICTS else False
                    self.meet(judged[judged.find("You size up"):] if "You size up" in judged else room, True,
                              not too_strong)
                    if too_strong:
                        if self.hp < self.max_hp:
                            self.home()
                            return
                        self.stats["avoided"] += 1
                        self.avoid.add(self.where)
                        self.home()
                        return
                    self.command("fight")
                    result = verdict
                outcome, text = self.wait_fight()
                tally = self.stats["verdicts"].setdefault(result, [0, 0, 0])
                tally[["won", "lost", "fled"].index(outcome) if outcome in ("won", "lost", "fled") else 2] += 1
                if outcome == "lost":
                    return
                if outcome == "won":
                    self.command("get all")
                if self.hp * 2 < self.max_hp or outcome == "fled":
                    self.home()
                    return
                room = self.command("look")
                continue
            if not isinstance(self.where, tuple):
                return
            if self.open_doors():
                room = self.command("look")
                continue
            here = self.known.get(self.where, {})
            ways = [w for w, label in here.items() if "unexplored" in label and w in STEP]
            if ways and self.where not in self.sealed:
                # Deeper first: a newcomer who wants the better rewards heads away from the well.
                _, x, y = self.where
                depth = {w: math.isqrt((x + STEP[w][0]) ** 2 + (y + STEP[w][1]) ** 2) for w in ways}
                deepest = max(depth.values())
                room = self.command(self.rng.choice([w for w in ways if depth[w] == deepest]))
                self.stats["rooms"] += 1 if HEADER.search(room) else 0
                continue
            # The nearest known room with a way not yet walked, and not one judged too strong.
            path = self.route(lambda r: r not in self.avoid and r not in self.sealed and
                              any("unexplored" in l for l in self.known.get(r, {}).values()))
            if not path:
                self.exhausted.add(way)
                self.home()
                return
            for step in path:
                room = self.command(step)

    def play(self):
        self.c.read_until(r"quit\s+leave", 60)
        self.c.read_until(r"> $", 10)
        name = self.args.name
        out = self.command("create %s %s" % (name, "newcomer-pw-1"))
        if "taken" in out:
            sys.exit("the name %s is taken" % name)
        self.command("help newbie")
        self.command("wimpy %d" % (self.max_hp // 3))
        while not self.over():
            if self.where == "square":
                self.shop()
                self.rest()
            if self.over():
                break
            self.expedition()
            if self.where != "square":
                self.home()
        self.report(final=True)
        self.c.type("quit")


def exits_of(line):
    """{direction: label} from the text of an "Exits:" line: "north (unexplored), west (to the well)"."""
    out = {}
    for part in " ".join(line.split()).split(", "):
        word, _, label = part.partition(" ")
        if word:
            out[word] = label
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--port", type=int, default=4000)
    ap.add_argument("--minutes", type=float, default=30)
    ap.add_argument("--name", default="Newbie")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--think", type=float, default=1.5)
    ap.add_argument("--transcript")
    newcomer(ap.parse_args()).play()


if __name__ == "__main__":
    main()
