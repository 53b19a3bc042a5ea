// map.js: a live map of the explored part of the branch the player is in, built from the Room.Info
// messages this page has received (each remembered by its room number and coordinates) and from the
// Room.Map sent as the player logs in (the known rooms around them), and
// drawn as SVG: rooms are squares, exits are lines, unexplored exits are short dashed stubs, and the
// room the player stands in is highlighted. North is up (the server's y grows northwards, SVG's
// downwards). The map starts again when the player walks into another branch (area); the bottom of
// the well at (0,0) stays on every branch's map, since every branch starts from it.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Distance between two neighbouring rooms, and the size of a room's square, in SVG units. */
const CELL = 24;
const ROOM = 14;

/** Grid step of each direction letter; up and down have none (they are marked on the room instead). */
const STEPS = { n: [0, 1], e: [1, 0], s: [0, -1], w: [-1, 0] };

export class MapModel {
  constructor() {
    this.area = null;        // the branch drawn
    this.placeName = '';     // the area the player is in now (a branch, the well or the village)
    this.rooms = new Map();  // room number -> {num, name, x, y, clear, exits}
    this.here = null;
  }

  /** Takes one Room.Info body; returns true when the map changed. */
  update(info) {
    if (!info || typeof info !== 'object' || info.num === undefined) {
      return false;
    }
    const coords = Array.isArray(info.coords) ? info.coords : null;
    const isWell = coords !== null && Number(coords[0]) === 0 && Number(coords[1]) === 0;
    // The well and the village belong to no branch: walking through them keeps the branch's map, so
    // a player who steps back to the well and down the same passage again still has it.
    if (coords !== null && !isWell && info.area !== this.area) {
      this.startArea(info.area);
    }
    this.placeName = String(info.area ?? '');
    this.here = info.num;
    if (coords) {
      this.rooms.set(info.num, {
        num: info.num,
        name: String(info.name ?? ''),
        x: Number(coords[0]),
        y: Number(coords[1]),
        clear: info.clear !== false,
        exits: info.exits && typeof info.exits === 'object' ? info.exits : {},
      });
    }
    return true;
  }

  /**
   * Takes a Room.Map body (the known rooms around the player, sent as they log in): each room is
   * added as Room.Info would add it, without moving the player. Returns true when the map changed.
   */
  addKnown(body) {
    const rooms = Array.isArray(body?.rooms) ? body.rooms : [];
    if (rooms.length === 0) {
      return false;
    }
    if (body.area !== this.area) {
      this.startArea(body.area);
    }
    for (const room of rooms) {
      const coords = Array.isArray(room?.coords) ? room.coords : null;
      if (!coords || room.num === undefined || this.rooms.has(room.num)) {
        continue;  // (what a Room.Info said is newer)
      }
      this.rooms.set(room.num, {
        num: room.num,
        name: String(room.name ?? ''),
        x: Number(coords[0]),
        y: Number(coords[1]),
        clear: room.clear !== false,
        exits: room.exits && typeof room.exits === 'object' ? room.exits : {},
      });
    }
    return true;
  }

  /** Forgets the old area's rooms, keeping the well (0,0), where every branch begins. */
  startArea(area) {
    this.area = area;
    for (const [num, room] of this.rooms) {
      if (room.x !== 0 || room.y !== 0) {
        this.rooms.delete(num);
      }
    }
  }

  clear() {
    this.area = null;
    this.placeName = '';
    this.rooms.clear();
    this.here = null;
  }

  get current() {
    return this.rooms.get(this.here) ?? null;
  }
}

function svgElement(doc, name, attributes) {
  const el = doc.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) {
    el.setAttribute(key, String(value));
  }
  return el;
}

/** Screen position of a room's centre. */
const centre = (room) => [room.x * CELL, -room.y * CELL];

/** One line per exit: to the neighbour when it is known, else a stub (dashed when unexplored). */
function drawExits(doc, group, model) {
  const drawn = new Set();
  for (const room of model.rooms.values()) {
    const [cx, cy] = centre(room);
    for (const [letter, target] of Object.entries(room.exits)) {
      const step = STEPS[letter];
      if (!step) {
        continue;
      }
      const other = target ? model.rooms.get(target) : null;
      const key = other ? [Math.min(room.num, other.num), Math.max(room.num, other.num)].join('-') : null;
      if (key && drawn.has(key)) {
        continue;
      }
      const length = other ? CELL : CELL / 2;
      const x2 = cx + step[0] * length;
      const y2 = cy - step[1] * length;
      const line = svgElement(doc, 'line', { x1: cx, y1: cy, x2, y2, class: target ? 'exit' : 'exit unexplored' });
      group.appendChild(line);
      if (key) {
        drawn.add(key);
      }
    }
  }
}

function drawRooms(doc, group, model) {
  for (const room of model.rooms.values()) {
    const [cx, cy] = centre(room);
    const classes = ['room'];
    if (room.num === model.here) {
      classes.push('here');
    }
    if (!room.clear) {
      classes.push('uncleared');
    }
    if (room.x === 0 && room.y === 0) {
      classes.push('well');
    }
    const rect = svgElement(doc, 'rect', {
      x: cx - ROOM / 2,
      y: cy - ROOM / 2,
      width: ROOM,
      height: ROOM,
      rx: 2,
      class: classes.join(' '),
      'data-num': room.num,
    });
    const title = svgElement(doc, 'title', {});
    title.textContent = `${room.name} (${room.x}, ${room.y})${room.clear ? '' : ', not cleared'}`;
    rect.appendChild(title);
    group.appendChild(rect);
    if (room.exits.u || room.exits.d) {
      // A ladder: a small mark, since up and down have no place on a flat grid.
      group.appendChild(svgElement(doc, 'circle', { cx, cy, r: 2.5, class: 'ladder' }));
    }
  }
}

/** A short sentence saying what the map shows, for the SVG's accessible name. */
export function describeMap(model) {
  const here = model.current;
  if (!here) {
    return model.placeName ? `No map of ${model.placeName}: it is above the dungeon.` : 'No map yet.';
  }
  const count = model.rooms.size;
  const what = model.area ?? model.placeName;
  return `Map of ${what}: ${count} room${count === 1 ? '' : 's'} explored; you are at ${here.x}, ${here.y}.`;
}

/** Replaces the contents of `container` with the map as SVG. */
export function renderMap(container, model) {
  const doc = container.ownerDocument;
  container.replaceChildren();
  const label = describeMap(model);
  if (!model.current) {
    // Above ground (no coordinates), or nothing received yet: no drawing, only words.
    const text = doc.createElement('p');
    text.className = 'map-empty';
    text.textContent = label;
    container.appendChild(text);
    return;
  }
  const svg = svgElement(doc, 'svg', { role: 'img', class: 'map-svg', focusable: 'false' });
  svg.setAttribute('aria-label', label);
  const xs = [...model.rooms.values()].map((r) => r.x);
  const ys = [...model.rooms.values()].map((r) => -r.y);
  const pad = CELL;
  const minX = Math.min(...xs) * CELL - pad;
  const minY = Math.min(...ys) * CELL - pad;
  const width = (Math.max(...xs) - Math.min(...xs)) * CELL + 2 * pad;
  const height = (Math.max(...ys) - Math.min(...ys)) * CELL + 2 * pad;
  svg.setAttribute('viewBox', `${minX} ${minY} ${width} ${height}`);
  // A natural size of 2 px a unit: a few rooms stay small; CSS shrinks a big map to fit the pane.
  svg.setAttribute('width', String(width * 2));
  svg.setAttribute('height', String(height * 2));
  const exits = svgElement(doc, 'g', { class: 'exits' });
  const rooms = svgElement(doc, 'g', { class: 'rooms' });
  drawExits(doc, exits, model);
  drawRooms(doc, rooms, model);
  svg.append(exits, rooms);
  container.appendChild(svg);
}
