// panes.js: the side panes that show what GMCP says, each a small function of the latest message:
// vitals (Char.Vitals, Char.Status, Char.Combat), the group (Group), the room and its exit buttons (Room.Info,
// Room.Wanderers, Char.Items for the floor), the map (map.js, from Room.Info and Room.Map), the room's
// interior (Room.Interior), what the player carries (Char.Items for "inv"), the bounties held (Char.Bounty)
// and the chat lines (Comm.Channel.Text). It also makes each pane's heading button show and hide the pane,
// remembering the choice in localStorage. The server's JSON is never trusted to be well formed: missing
// fields show as a dash.

import { MapModel, renderMap } from './map.js';

const $ = (id) => document.getElementById(id);

/** Exit letters in the order the buttons are shown, with the command each one sends. */
const EXIT_NAMES = { n: 'north', e: 'east', s: 'south', w: 'west', u: 'up', d: 'down' };

/** Chat lines kept in the chat pane. */
const MAX_CHAT_LINES = 300;

const PANES_KEY = 'deepwell.panes';

const show = (value) => (value === undefined || value === null || value === '' ? '–' : String(value));
const capitalise = (word) => word.charAt(0).toUpperCase() + word.slice(1);

/** Fills a list with one <li> of text per entry (textContent: nothing from the server becomes HTML). */
function fillList(list, texts) {
  list.replaceChildren(...texts.map((text) => {
    const li = document.createElement('li');
    li.textContent = text;
    return li;
  }));
}

// ------------------------------------------------------------------ showing and hiding panes

function loadPaneState() {
  try {
    return JSON.parse(localStorage.getItem(PANES_KEY) ?? '{}') ?? {};
  } catch {
    return {};  // storage blocked or corrupt: every pane open
  }
}

function setPaneOpen(button, open) {
  button.setAttribute('aria-expanded', String(open));
  $(button.getAttribute('aria-controls')).hidden = !open;
}

/** Wires every pane's heading button; the open/closed choice survives a reload. */
export function setUpPaneToggles() {
  const state = loadPaneState();
  for (const button of document.querySelectorAll('.pane-toggle')) {
    const id = button.getAttribute('aria-controls');
    if (state[id] === false) {
      setPaneOpen(button, false);
    }
    button.addEventListener('click', () => {
      const open = button.getAttribute('aria-expanded') !== 'true';
      setPaneOpen(button, open);
      state[id] = open;
      try {
        localStorage.setItem(PANES_KEY, JSON.stringify(state));
      } catch {
        // storage blocked: the choice lasts for this visit only
      }
    });
  }
}

// ------------------------------------------------------------------ the panes' contents

export class Panes {
  /** @param {(command: string) => void} sendCommand sends a line of input as if typed */
  constructor(sendCommand) {
    this.sendCommand = sendCommand;
    this.map = new MapModel();
    this.mapOwner = null;  // the character the map was drawn for
    this.roomNum = null;
    this.roomItems = [];
    this.inventory = [];
    renderMap($('map'), this.map);
  }

  /**
   * Starts over (a new connection): nothing shown belongs to it yet. The map is kept until another
   * character logs in, so that a player back after a reboot or a lost connection keeps what they drew.
   */
  reset() {
    this.vitals({});
    this.status({});
    this.combat({ fighting: false });
    this.roomItems = [];
    this.inventory = [];
    this.showItems();
    this.wanderers(null);
    this.interior(null);
    this.bounties({});
    this.group(null);
  }

  /** The character playing now (GMCP Char.Name): another one's map is wiped. */
  character(name) {
    if (name !== this.mapOwner) {
      this.mapOwner = name;
      this.map.clear();
      renderMap($('map'), this.map);
    }
  }

  vitals(body) {
    const hp = Number(body?.hp);
    const max = Number(body?.maxhp);
    const known = Number.isFinite(hp) && Number.isFinite(max) && max > 0;
    const share = known ? Math.max(0, Math.min(1, hp / max)) : 0;
    $('hp-text').textContent = known ? `${hp} / ${max} hp` : '–';
    const fill = $('hp-fill');
    fill.style.width = `${Math.round(share * 100)}%`;
    // The bar's colour repeats what the numbers say; it is never the only sign.
    fill.classList.toggle('low', known && share <= 0.3);
  }

  status(body) {
    $('level').textContent = show(body?.level);
    const next = Number(body?.xp_next);
    $('xp').textContent = Number.isFinite(next) && next > 0 ? `${show(body?.xp)} of ${next}` : show(body?.xp);
    $('silver').textContent = show(body?.silver);
    $('deepest').textContent = show(body?.deepest);
  }

  /** The bounties held and how far along each is (GMCP Char.Bounty). */
  bounties(body) {
    const tasks = Array.isArray(body?.tasks) ? body.tasks : [];
    fillList($('bounty-list'), tasks.map((t) => {
      const progress = t?.done ? 'done: hand it in at the board'
        : t?.kind === 'reach' ? 'not yet' : `${show(t?.progress)} of ${show(t?.count)}`;
      return `${show(t?.n)}. ${show(t?.text)} (${progress})`;
    }));
    $('bounties-empty').hidden = tasks.length > 0;
    const completed = Number(body?.completed);
    $('bounties-completed').textContent = Number.isFinite(completed) ? `Completed: ${completed}` : '';
  }

  /** GMCP Group: the members, the leader first, each with hit points in numbers. */
  group(body) {
    const members = Array.isArray(body?.members) ? body.members : [];
    $('group-empty').hidden = members.length > 0;
    fillList($('group-list'), members.map((m) =>
      `${show(m?.name)}${m?.leader ? ' (leads)' : ''}: ${show(m?.hp)} / ${show(m?.maxhp)} hp`));
  }

  combat(body) {
    const fighting = Boolean(body?.fighting);
    $('combat').hidden = !fighting;
    const monsters = Array.isArray(body?.monsters) ? body.monsters : [];
    fillList($('combat-list'), monsters.map((m) => `${show(m?.name)}: ${show(m?.health)} (${show(m?.hp)}%)`));
  }

  roomInfo(body) {
    if (!body || typeof body !== 'object') {
      return;
    }
    // (Char.Items.List "room", Room.Wanderers and Room.Interior come just before a room's Room.Info,
    // so a new room keeps them only when they name it.)
    this.roomNum = body.num;
    $('room-name').textContent = show(body.name);
    $('room-name').dataset.num = String(body.num);  // lets tests (and styles) tell rooms apart
    $('room-area').textContent = show(body.area);
    $('room-depth').textContent = show(body.depth);
    $('room-coords').textContent = Array.isArray(body.coords) ? `${body.coords[0]}, ${body.coords[1]}` : 'above ground';
    $('room-clear').textContent = body.clear === false ? 'not cleared' : 'clear';
    this.exitButtons(body.exits ?? {});
    if (this.map.update(body)) {
      renderMap($('map'), this.map);
    }
    if (this.interiorNum !== body.num) {
      this.interior(null);
    }
    if (this.wanderersNum !== body.num) {
      this.wanderers(null);
    }
  }

  /** Room.Map: the known rooms around the player as they log in, drawn before the first Room.Info. */
  roomMap(body) {
    if (this.map.addKnown(body)) {
      renderMap($('map'), this.map);
    }
  }

  /** One button per exit; keyboard focus stays on the same direction when the buttons are rebuilt. */
  exitButtons(exits) {
    const box = $('exits');
    const focused = box.contains(document.activeElement) ? document.activeElement.dataset.dir : null;
    const buttons = [];
    for (const [letter, name] of Object.entries(EXIT_NAMES)) {
      if (!(letter in exits)) {
        continue;
      }
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'exit-button';
      button.dataset.dir = name;
      const unexplored = !exits[letter];
      button.textContent = unexplored ? `${capitalise(name)} (unexplored)` : capitalise(name);
      if (unexplored) {
        button.classList.add('unexplored');
      }
      button.addEventListener('click', () => this.sendCommand(name));
      buttons.push(button);
    }
    if (buttons.length === 0) {
      const none = document.createElement('p');
      none.textContent = 'No way out.';
      buttons.push(none);
    }
    box.replaceChildren(...buttons);
    if (focused) {
      const again = box.querySelector(`[data-dir="${focused}"]`);
      (again ?? document.getElementById('command')).focus();
    }
  }

  wanderers(body) {
    this.wanderersNum = body?.num ?? null;
    const list = Array.isArray(body?.wanderers) ? body.wanderers : [];
    $('wanderers-box').hidden = list.length === 0;
    fillList($('wanderers'), list.map((w) => (w?.fighting ? `${show(w?.name)} (fighting)` : show(w?.name))));
  }

  interior(body) {
    const rows = Array.isArray(body?.rows) ? body.rows.map(String) : null;
    this.interiorNum = rows ? body.num : null;
    $('interior-figure').hidden = !rows;
    $('interior-empty').hidden = Boolean(rows);
    if (!rows) {
      $('interior').textContent = '';
      fillList($('interior-legend'), []);
      fillList($('interior-things'), []);
      return;
    }
    const grid = rows.map((row) => [...row]);
    const things = Array.isArray(body.things) ? body.things : [];
    // The rows are the bare tiles: the marks for what stands on them are drawn over them here, as
    // the `survey` command draws them.
    const mark = (x, y, glyph) => {
      if (grid[y] && x >= 0 && x < grid[y].length) {
        grid[y][x] = glyph;
      }
    };
    for (const thing of things) {
      mark(thing?.x, thing?.y, thing?.kind === 'monster' ? 'M' : '*');
    }
    if (Array.isArray(body.you)) {
      mark(body.you[0], body.you[1], '@');
    }
    $('interior').textContent = grid.map((row) => row.join('')).join('\n');
    const legend = Object.entries(body.legend && typeof body.legend === 'object' ? body.legend : {})
      .map(([glyph, name]) => `${glyph === ' ' ? 'space' : glyph} ${name}`);
    legend.push('@ you', 'M monster', '* thing on the floor');
    fillList($('interior-legend'), legend);
    fillList($('interior-things'), things.map((t) => `${show(t?.name)} (${t?.kind === 'monster' ? 'monster' : 'item'}) at ${t?.x}, ${t?.y}`));
  }

  // ---------------------------------------------------------------- items

  /** Char.Items.List / Add / Remove / Update for the inventory and the room's floor. */
  items(name, body) {
    const location = body?.location;
    if (location !== 'inv' && location !== 'room') {
      return;
    }
    const key = location === 'inv' ? 'inventory' : 'roomItems';
    const item = body.item;
    if (name === 'Char.Items.List') {
      this[key] = Array.isArray(body.items) ? body.items : [];
    } else if (name === 'Char.Items.Add' && item) {
      this[key] = [...this[key].filter((i) => i?.id !== item.id), item];
    } else if (name === 'Char.Items.Remove' && item) {
      this[key] = this[key].filter((i) => i?.id !== item.id);
    } else if (name === 'Char.Items.Update' && item) {
      this[key] = this[key].map((i) => (i?.id === item.id ? item : i));
    }
    this.showItems();
  }

  showItems() {
    const describe = (item) => {
      const attrib = String(item?.attrib ?? '');
      const notes = [attrib.includes('l') && 'wielded', attrib.includes('W') && 'worn'].filter(Boolean);
      return notes.length ? `${show(item?.name)} (${notes.join(', ')})` : show(item?.name);
    };
    fillList($('inventory'), this.inventory.map(describe));
    $('inventory-empty').hidden = this.inventory.length > 0;
    fillList($('room-items'), this.roomItems.map(describe));
    $('room-items-box').hidden = this.roomItems.length === 0;
  }

  // ---------------------------------------------------------------- chat

  /** Comm.Channel.List: the channels the chat form offers. */
  channelList(body) {
    if (!Array.isArray(body) || body.length === 0) {
      return;
    }
    const select = $('chat-channel');
    const chosen = select.value;
    select.replaceChildren(...body.map((c) => {
      const option = document.createElement('option');
      option.value = String(c?.command ?? c?.name ?? '');
      option.textContent = String(c?.caption ?? c?.name ?? option.value);
      return option;
    }).filter((o) => o.value));
    if ([...select.options].some((o) => o.value === chosen)) {
      select.value = chosen;
    }
  }

  channelText(body) {
    const log = $('chat-log');
    const follow = log.scrollHeight - log.scrollTop - log.clientHeight <= 24;
    const line = document.createElement('p');
    line.className = 'chat-line';
    line.dataset.channel = String(body?.channel ?? '');
    line.dataset.talker = String(body?.talker ?? '');
    // `text` is the line as the game shows it ("[chat] Ann: hello"), so it already names both.
    line.textContent = String(body?.text ?? '');
    log.appendChild(line);
    while (log.childElementCount > MAX_CHAT_LINES) {
      log.firstElementChild.remove();
    }
    if (follow) {
      log.scrollTop = log.scrollHeight;
    }
  }
}
