#!/usr/bin/env python3
"""Issue 27, item 4: each defect found in play, measured as a player meets it (BENCHMARKS.md, "The defects
found in play").

Starts the given deepwell binary on fresh data folders with the content and web page of SOURCE (a checkout),
plays over loopback telnet and the web port's WebSocket (gmcp subprotocol), and prints one line per case:

    python3 bench/issue27/defects.py <deepwell binary> <source checkout> [--seed N] [--runes]

Run it once on a build of the commit before and once on the commit after. Plain Python 3.
"""
import itertools
import json
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "support"))
sys.path.insert(0, os.path.join(HERE, "..", "abuse", "issue25"))
from mud_text import HEADER, telnet_text, unexplored_ways  # noqa: E402
import wsclient  # noqa: E402

PROMPT = r"\] > "


class server:
    """A deepwell on a fresh folder (its first account is an administrator)."""

    def __init__(self, binary, source, game):
        self.tmp = tempfile.mkdtemp(prefix="dw-i27-")
        cfg = os.path.join(self.tmp, "c.toml")
        with open(cfg, "w") as f:
            f.write('[storage]\npath = "%s/db"\n[log]\ndir = "%s/logs"\n[content]\ndir = "%s/content"\n'
                    '[web]\nroot = "%s/web"\n[server]\nmax_commands_per_second = 1000\n%s'
                    % (self.tmp, self.tmp, source, source, game))
        pf, wpf = os.path.join(self.tmp, "p"), os.path.join(self.tmp, "w")
        self.proc = subprocess.Popen([binary, "--config", cfg, "--port", "0", "--host", "127.0.0.1", "--port-file", pf,
                                      "--web-port", "0", "--web-port-file", wpf],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 60
        while not (os.path.exists(wpf) and open(wpf).read().endswith("\n")):
            if time.time() > deadline or self.proc.poll() is not None:
                sys.exit("the server did not start")
            time.sleep(0.05)
        self.port, self.web = int(open(pf).read()), int(open(wpf).read())

    def player(self, name):
        c = telnet_text(self.port, 30)
        c.until("quit")
        c.command("create %s %spassword" % (name, name.lower()))
        return c

    def stop(self):
        self.proc.terminate()
        self.proc.wait()


class web_player:
    """A gmcp-subprotocol WebSocket player: game text and GMCP messages, in the order they came."""

    def __init__(self, port):
        self.sock, status, self.rest = wsclient.connect(port)
        assert status == 101, status
        self.text, self.gmcp = "", []
        self.wait("quit")
        wsclient.send(self.sock, b'Core.Supports.Set ["Char 1", "Room 1"]', 1)

    def line(self, text, until=PROMPT, timeout=20):
        self.text = ""
        wsclient.send(self.sock, text.encode())
        return self.wait(until, timeout)

    def wait(self, pattern, timeout=20):
        deadline = time.time() + timeout
        while not re.search(pattern, self.text) and time.time() < deadline:
            for op, payload in wsclient.frames(self.sock, self.rest, max(0.05, deadline - time.time())):
                self.rest = b""
                if op == 2:
                    self.text += payload.decode("utf-8", "replace").replace("\r", "")
                elif op == 1:
                    name, _, body = payload.decode().partition(" ")
                    self.gmcp.append((name, json.loads(body) if body else None, len(self.text)))
                if re.search(pattern, self.text) or op is None:
                    break
            else:
                break
        return self.text

    def last(self, package):
        found = [body for name, body, _ in self.gmcp if name == package]
        return found[-1] if found else None


def report(case, value):
    print("%-58s %s" % (case, value))
    sys.stdout.flush()


def monster_seed(binary, source, first):
    """The first world seed from `first` whose first East room holds monsters that block the way."""
    for seed in range(first, first + 40):
        s = server(binary, source, "[dungeon]\nworld_seed = %d\n[game]\nwander_step_ms = 0\n" % seed)
        try:
            c = s.player("Scout")
            c.command("down")
            if "'fight'" in c.command("east"):
                return seed
        finally:
            s.stop()
    sys.exit("no seed with monsters in the first room")


def fights_and_web(binary, source, seed):
    game = "[dungeon]\nworld_seed = %d\n[game]\nwander_step_ms = 0\nfight_round_ms = 100\n" % seed
    # A knock-out, then a new bout: its first round's number, and the Fighting pane after the knock-out.
    s = server(binary, source, game + "character_max_hp = 1\n")
    try:
        w = web_player(s.web)
        w.line("create Kay kaypassword")
        w.line("down")
        w.line("east")
        seen = ""
        for _ in range(60):
            seen += w.line("fight", r"You wake up|room is clear", 30)
            if "You wake up" in seen:
                break
        combat = w.last("Char.Combat")
        report("Fighting pane after a knock-out (last Char.Combat)", json.dumps(combat))
        w.line("down")
        w.line("east")
        first = re.search(r"Round (\d+):", w.line("fight", r"Round \d+:", 30))
        report("first round told in a new bout after a knock-out", "Round %s:" % (first.group(1) if first else "?"))
    finally:
        s.stop()
    s = server(binary, source, game + "character_max_hp = 100000\n")
    try:
        w = web_player(s.web)
        w.line("create Wren wrenpassword")
        words = "the well is deep and its water is black and very cold, colder than anything you have touched"
        said = w.line("say " + words)
        report("a %d-column line on the web page: broken by the server" % (len("You say, ''") + len(words)),
               "no" if ("You say, '%s'" % words) in said else "yes, at %d columns" % len(said.split("\n")[0]))
        t = s.player("Tom")
        t.command("brief on")
        t.command("down")
        t.command("east")
        t.command("west")
        again = t.command("east")
        report("brief, an uncleared room seen again: what blocks the way said", "yes" if "'fight'" in again else "no")
        report("unknown command 'lok'", t.command("lok").strip().split("\n")[0])
        w.line("down")
        w.line("east")
        won = w.line("fight", r"You find \d+ silver", 30)
        found = int(re.search(r"You find (\d+) silver", won).group(1))
        at = won.index("You find")
        status = [body for name, body, pos in w.gmcp if name == "Char.Status" and pos >= at]
        report("silver shown after 'You find %d silver' (Char.Status)" % found,
               status[0]["silver"] if status else "none sent (still %s)" % w.last("Char.Status")["silver"])
        w.line("quit", r"Goodbye")
        w2 = web_player(s.web)
        w2.line("connect Wren wrenpassword")
        rooms = [body for name, body, _ in w2.gmcp if name == "Room.Map"]
        report("rooms a fresh page can draw after logging in again",
               "%d (Room.Map)" % len(rooms[0]["rooms"]) if rooms else "1 (Room.Info only)")
    finally:
        s.stop()


def merchant(binary, source):
    s = server(binary, source, "")
    try:
        c = s.player("Ann")
        for seed in range(4242, 4252):
            c.command("@spawn scroll %d" % seed)
        c.command("get all.scroll")
        c.command("sell all.scroll")
        report("buy 2 draught", c.command("buy 2 draught").strip().split("\n")[0])
        c.command("buy draught")
        c.command("buy draught")
        inv = c.command("inventory")
        report("inventory with 3 draughts bought",
               "one line: " + re.search(r"\d+ healing draughts", inv).group(0) if re.search(r"\d+ healing draughts", inv)
               else "%d lines of 'a healing draught'" % inv.count("a healing draught"))
        c.command("@spawn scroll 4242")
        c.command("get scroll")
        valued = [l.strip() for l in c.command("value all").strip().split("\n")[:-1]]
        report("value all", valued[0] if len(valued) == 1 else valued[-1])
    finally:
        s.stop()


class explorer:
    """An administrator walking a branch (clearing monster rooms, never a sealed door) to find rune locks."""

    def __init__(self, c):
        self.c, self.rooms, self.locks, self.here = c, {}, {}, None

    def see(self, text):
        head = HEADER.search(text)
        if head is None:
            return text
        self.here = (int(head.group(3)), int(head.group(4)))
        if re.search(r"A door of black stone\s+seals the way on\.", text) and self.here not in self.locks:
            stat = " ".join(self.c.command("@stat room").split())
            m = re.search(r"Rune lock: ([a-z ]+) \(sealed\), hint at \((-?\d+),(-?\d+)\)", stat)
            if m:
                self.locks[self.here] = {"order": m.group(1).split(), "way_on": bool(unexplored_ways(text))}
        elif "'fight'" in text or "is fighting" in text:
            self.c.command("@clear")
        self.rooms.setdefault(self.here, [w for w in unexplored_ways(text)])
        return text

    def find(self, wanted, moves=400):
        self.see(self.c.command("down"))
        self.see(self.c.command("east"))
        for _ in range(moves):
            for at, lock in self.locks.items():
                if wanted(lock) and not lock.get("used"):
                    lock["used"] = True
                    self.see(self.c.command("@goto 1 %d,%d" % at))
                    return lock
            todo = [(at, ways) for at, ways in sorted(self.rooms.items()) if ways and at not in self.locks]
            if not todo:
                return None
            at, ways = todo[0]
            if self.here != at:
                self.see(self.c.command("@goto 1 %d,%d" % at))
            self.see(self.c.command(ways.pop(0)))
        return None


def rune_doors(binary, source, first):
    for seed in range(first, first + 8):
        if rune_door_world(binary, source, seed):
            return
    report("rune doors", "no lock with no way on behind it in seeds %d..%d" % (first, first + 7))


def rune_door_world(binary, source, seed):
    s = server(binary, source, "[dungeon]\nworld_seed = %d\n[game]\nwander_step_ms = 0\ncharacter_max_hp = 100000\n"
               % seed)
    try:
        c = s.player("Ann")
        seeing = None  # the seed of a scroll of seeing: the first one read says what it was
        for n in range(1, 300):
            c.command("@spawn scroll %d" % n)
            c.command("get scroll")
            if "scroll of seeing" in c.command("read scroll"):
                seeing = n
                break
        c.command("@goto 1")
        walk = explorer(c)
        dead_end = walk.find(lambda l: not l["way_on"])
        if dead_end is None:
            return False
        report("world seed of the rune door cases", seed)
        report("look door at a sealed door", c.command("look door").strip().split("\n")[0][:90])
        report("look runes at a sealed door", c.command("look runes").strip().split("\n")[0][:90])
        if seeing is not None:
            c.command("@spawn scroll %d" % seeing)
            c.command("get scroll")
            read = c.command("read scroll")
            plain = c.command("map")
            drawing = plain.split("\n", 1)[-1].split(" @ you")[0].strip()
            report("scroll of seeing, compared with 'map'",
                   ("more: " + re.search(r"H: [^\n]*", read).group(0)[:70]) if "H: " in read
                   else "the same map" if drawing in read else "?")
        hp_before = int(re.search(r"\[(\d+)/", c.command("look")).group(1))
        tries = 0
        for order in itertools.permutations(dead_end["order"]):
            if list(order) == dead_end["order"]:
                continue
            c.command("press " + " ".join(order))
            tries += 1
        hp_after = int(re.search(r"\[(\d+)/", c.command("look")).group(1))
        report("every wrong order of %d runes tried (%d tries): hit points lost" % (len(dead_end["order"]), tries),
               hp_before - hp_after)
        wrong = list(reversed(dead_end["order"]))
        said = c.command("say " + " ".join(wrong))
        report("a wrong order said aloud: answered", "yes" if "runes" in said.split("\n", 1)[-1] else "no")
        opened = c.command("press " + " ".join(dead_end["order"]))
        report("opening a door with no way on: 'the way on is open' said", "yes" if "way on is open" in opened else "no")
        report("the presser reads", re.search(r"(Ann presses|You press)[^.]*", opened).group(0))
        return True
    finally:
        s.stop()


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    binary, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    first = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 1
    if "--runes" in sys.argv:
        rune_doors(binary, source, first)  # (only the rune door cases)
        return
    seed = monster_seed(binary, source, first)
    report("world seed with monsters in the first room", seed)
    fights_and_web(binary, source, seed)
    merchant(binary, source)
    rune_doors(binary, source, first)


if __name__ == "__main__":
    main()
