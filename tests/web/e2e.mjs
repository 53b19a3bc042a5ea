// e2e.mjs: the browser test of the Deepwell web client against a running server. It drives Debian's
// Chromium through playwright-core: opens the page, creates a character with the login form, climbs
// down the well and walks into the dungeon with the exit buttons until the SVG map shows more rooms,
// then brings in a second player over plain telnet (node's net) and checks that chat crosses both
// ways and that he can join the web player's group (the group pane lists both; gtell reaches him), turns screen-reader mode on and off with its toggle, tabs round every control and hides a pane
// from the keyboard, saves screenshots, runs axe-core in the page (failing on serious or critical
// violations), checks the page at phone width, asks for a hot reboot and logs in again once the page
// has reconnected by itself, quits and logs in again by hand to check that the password prompt masks the
// command line, and finally reloads the page and logs in to check that the map comes back whole (Room.Map).
// At phone width a long line must arrive unbroken (the page, not the server, breaks it). Every wait has a
// deadline; nothing sleeps for a fixed time.
//
// Usage: node e2e.mjs [web-url] [telnet-port]
//   or the environment: DW_WEB_URL (http://127.0.0.1:4001/), DW_TELNET_PORT (4000),
//   DW_TELNET_HOST (default: the web URL's host), DW_ARTIFACT_DIR (default: ./artifacts),
//   CHROMIUM (default: /usr/bin/chromium), DW_E2E_STEP_MS (one wait's deadline, default 20000).
// Exit code 0 when every step passed; 1 with the failing step and the reason otherwise.

import { chromium } from 'playwright-core';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));

// ------------------------------------------------------------------ settings

function readSettings() {
  const [argUrl, argPort] = process.argv.slice(2);
  const webUrl = argUrl || process.env.DW_WEB_URL;
  const telnetPort = Number(argPort || process.env.DW_TELNET_PORT);
  if (!webUrl || !Number.isInteger(telnetPort) || telnetPort <= 0) {
    throw new Error('usage: node e2e.mjs <web-url> <telnet-port> (or set DW_WEB_URL and DW_TELNET_PORT)');
  }
  return {
    webUrl,
    telnetHost: process.env.DW_TELNET_HOST || new URL(webUrl).hostname,
    telnetPort,
    artifactDir: process.env.DW_ARTIFACT_DIR || path.join(here, 'artifacts'),
    chromium: process.env.CHROMIUM || '/usr/bin/chromium',
    stepMs: Number(process.env.DW_E2E_STEP_MS) || 20000,
  };
}

let settings;  // read in main(), which explains a bad command line

/** A name the server accepts (3-20 letters) that no earlier run used. */
function freshName(prefix) {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let name = prefix;
  for (let i = 0; i < 8; i++) {
    name += letters[Math.floor(Math.random() * letters.length)];
  }
  return name;
}

const PASSWORD = 'well-deep-42';

// ------------------------------------------------------------------ steps

let currentStep = 'start';

async function step(name, action) {
  currentStep = name;
  const started = Date.now();
  const result = await action();
  console.log(`ok - ${name} (${Date.now() - started} ms)`);
  return result;
}

// ------------------------------------------------------------------ a plain telnet player

const IAC = 255, DONT = 254, DO = 253, WONT = 252, WILL = 251, SB = 250, SE = 240;

/**
 * A minimal telnet client: refuses every option the server offers (so the stream is plain text),
 * skips subnegotiations, and lets the test wait for text with a deadline.
 */
class TelnetPlayer {
  constructor(socket) {
    this.socket = socket;
    this.text = '';      // everything received and not yet consumed by expect()
    this.all = '';       // everything received, for error messages
    this.state = 'data'; // where the telnet parser is: data, iac, option, sb, sb-iac
    this.command = 0;
    this.pending = [];
    this.decoder = new TextDecoder('utf-8');
    this.closed = false;
    socket.on('data', (chunk) => this.received(chunk));
    socket.on('close', () => {
      this.closed = true;
      this.check();
    });
  }

  static connect(host, port, timeoutMs) {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host, port });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`telnet: no connection to ${host}:${port} within ${timeoutMs} ms`));
      }, timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve(new TelnetPlayer(socket));
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(new Error(`telnet: ${error.message}`));
      });
    });
  }

  received(chunk) {
    const data = [];
    for (const byte of chunk) {
      this.parseByte(byte, data);
    }
    const text = this.decoder.decode(Uint8Array.from(data), { stream: true }).replace(/\r/g, '');
    this.text += text;
    this.all += text;
    this.check();
  }

  parseByte(byte, data) {
    switch (this.state) {
      case 'data':
        if (byte === IAC) {
          this.state = 'iac';
        } else {
          data.push(byte);
        }
        return;
      case 'iac':
        if (byte === IAC) {
          data.push(byte);
          this.state = 'data';
        } else if (byte >= WILL && byte <= DONT) {
          this.command = byte;
          this.state = 'option';
        } else {
          this.state = byte === SB ? 'sb' : 'data';
        }
        return;
      case 'option':
        this.refuse(this.command, byte);
        this.state = 'data';
        return;
      case 'sb':
        this.state = byte === IAC ? 'sb-iac' : 'sb';
        return;
      case 'sb-iac':
        this.state = byte === SE ? 'data' : 'sb';
        return;
    }
  }

  /** Plain text only: no to every WILL and DO (WONT/DONT need no answer). */
  refuse(command, option) {
    if (command === WILL) {
      this.socket.write(Uint8Array.from([IAC, DONT, option]));
    } else if (command === DO) {
      this.socket.write(Uint8Array.from([IAC, WONT, option]));
    }
  }

  sendLine(line) {
    this.socket.write(Buffer.from(line + '\r\n', 'utf-8'));
  }

  /** Waits until `needle` has arrived; consumes the text through it. */
  expect(needle, timeoutMs) {
    return new Promise((resolve, reject) => {
      const waiter = { needle, resolve, reject };
      waiter.timer = setTimeout(() => {
        this.pending = this.pending.filter((w) => w !== waiter);
        reject(new Error(`telnet: "${needle}" did not arrive within ${timeoutMs} ms; received:\n${this.all.slice(-2000)}`));
      }, timeoutMs);
      this.pending.push(waiter);
      this.check();
    });
  }

  check() {
    for (const waiter of [...this.pending]) {
      const at = this.text.indexOf(waiter.needle);
      if (at >= 0) {
        this.text = this.text.slice(at + waiter.needle.length);
      } else if (!this.closed) {
        continue;
      }
      clearTimeout(waiter.timer);
      this.pending = this.pending.filter((w) => w !== waiter);
      if (at >= 0) {
        waiter.resolve();
      } else {
        waiter.reject(new Error(`telnet: the server closed the connection before "${waiter.needle}"; received:\n${this.all.slice(-2000)}`));
      }
    }
  }

  close() {
    this.socket.destroy();
  }
}

// ------------------------------------------------------------------ page helpers

const roomNumber = (page) => page.evaluate(() => document.getElementById('room-name').dataset.num ?? '');
const mapRoomCount = (page) => page.evaluate(() => document.querySelectorAll('#map svg rect.room').length);

async function waitForRoomName(page, words) {
  await page.waitForFunction(
    (expected) => document.getElementById('room-name').textContent.includes(expected),
    words,
    { timeout: settings.stepMs },
  );
}

/**
 * Clicks an exit button and waits for the room to change. Returns false when the room did not
 * change in time (a room with monsters blocks its unexplored exits until they are beaten).
 */
async function walk(page, direction, timeoutMs) {
  const before = await roomNumber(page);
  await page.click(`#exits button[data-dir="${direction}"]`);
  try {
    await page.waitForFunction(
      (old) => (document.getElementById('room-name').dataset.num ?? '') !== old,
      before,
      { timeout: timeoutMs },
    );
    return true;
  } catch {
    return false;
  }
}

/** The grid exits of the current room, unexplored ones first (they grow the map). */
async function gridExits(page) {
  return page.evaluate(() => {
    const buttons = [...document.querySelectorAll('#exits button[data-dir]')]
      .filter((b) => ['north', 'east', 'south', 'west'].includes(b.dataset.dir));
    buttons.sort((a, b) => Number(b.classList.contains('unexplored')) - Number(a.classList.contains('unexplored')));
    return buttons.map((b) => b.dataset.dir);
  });
}

/** Types a line into the command line and presses Enter, as a player would. */
async function typeCommand(page, line) {
  await page.fill('#command', line);
  await page.press('#command', 'Enter');
}

/** Loads axe-core into the page and returns its serious and critical violations. */
async function axeViolations(page) {
  const axePath = require.resolve('axe-core/axe.min.js');
  try {
    await page.addScriptTag({ path: axePath });
  } catch {
    // handled below
  }
  // A strict Content-Security-Policy refuses the inline <script> addScriptTag makes; evaluating
  // the same source through the DevTools protocol is not subject to it.
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) {
    await page.evaluate(fs.readFileSync(axePath, 'utf-8'));
  }
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

function describeViolations(violations) {
  return violations
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n` + v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').join(' ')}`).join('\n'))
    .join('\n');
}

// ------------------------------------------------------------------ the test

async function run(browserRef, telnetRef) {
  fs.mkdirSync(settings.artifactDir, { recursive: true });
  const webName = freshName('Web');
  const telnetName = freshName('Tel');
  const token = Math.random().toString(36).slice(2, 8);

  const browser = await step('launch Chromium', () => chromium.launch({
    executablePath: settings.chromium,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  }));
  browserRef.browser = browser;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  browserRef.page = page;
  const pageErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') {
      pageErrors.push(`console: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => pageErrors.push(`page error: ${error.message}`));

  await step('open the page and connect', async () => {
    await page.goto(settings.webUrl, { waitUntil: 'load', timeout: settings.stepMs });
    await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Connected'),
      null, { timeout: settings.stepMs });
    await page.waitForFunction(() => document.getElementById('output').textContent.includes('create'),
      null, { timeout: settings.stepMs });
  });

  await step(`create ${webName} with the login form`, async () => {
    await page.fill('#login-name', webName);
    await page.fill('#login-password', PASSWORD);
    await page.click('#login-create');
    await page.waitForSelector('#login', { state: 'hidden', timeout: settings.stepMs });
    await waitForRoomName(page, 'Village Square');
    await page.waitForFunction(() => /^\d+ \/ \d+ hp$/.test(document.getElementById('hp-text').textContent),
      null, { timeout: settings.stepMs });
    // Char.Status: the level and the experience toward the next one.
    await page.waitForFunction(() => document.getElementById('level').textContent === '1'
      && /^0 of \d+$/.test(document.getElementById('xp').textContent), null, { timeout: settings.stepMs });
    const shown = await page.evaluate(() => document.getElementById('output').textContent);
    if (shown.includes(PASSWORD)) {
      throw new Error('the password shows in the game text');
    }
  });

  await step('a bounty accepted in the square shows in the Bounties pane', async () => {
    await page.waitForFunction(() => !document.getElementById('bounties-empty').hidden,
      null, { timeout: settings.stepMs });
    await typeCommand(page, 'accept 1');
    await page.waitForFunction(() => {
      const items = document.querySelectorAll('#bounty-list li');
      return items.length === 1 && items[0].textContent.startsWith('1. ') &&
        document.getElementById('bounties-empty').hidden;
    }, null, { timeout: settings.stepMs });
  });

  await step('climb down the well with the Down button', async () => {
    if (!(await walk(page, 'down', settings.stepMs))) {
      throw new Error('the Down button did not move the player');
    }
    await waitForRoomName(page, 'Bottom of the Well');
  });

  await step('walk into the dungeon until the map grows', async () => {
    const before = await mapRoomCount(page);
    let moved = false;
    for (const direction of await gridExits(page)) {
      if (await walk(page, direction, settings.stepMs)) {
        moved = true;
        break;
      }
    }
    if (!moved) {
      throw new Error('no exit of the well led anywhere');
    }
    await page.waitForFunction((count) => document.querySelectorAll('#map svg rect.room').length > count,
      before, { timeout: settings.stepMs });
    // A few more steps where the way is open; monsters may block it, which is the game, not a failure.
    for (let i = 0; i < 3; i++) {
      const exits = await gridExits(page);
      if (exits.length === 0 || !(await walk(page, exits[0], 5000))) {
        break;
      }
    }
    console.log(`   the map shows ${await mapRoomCount(page)} rooms`);
  });

  const telnet = await step(`telnet player ${telnetName} logs in`, async () => {
    const player = await TelnetPlayer.connect(settings.telnetHost, settings.telnetPort, settings.stepMs);
    telnetRef.telnet = player;
    await player.expect('create <name> <password>', settings.stepMs);
    player.sendLine(`create ${telnetName} ${PASSWORD}`);
    await player.expect(`Welcome to Deepwell, ${telnetName}`, settings.stepMs);
    return player;
  });

  await step('the web player sees the telnet player\'s chat', async () => {
    telnet.sendLine(`chat hello web ${token}`);
    await page.waitForFunction(
      ([talker, words]) => [...document.querySelectorAll('#chat-log .chat-line')]
        .some((line) => line.dataset.talker === talker && line.textContent.includes(words)),
      [telnetName, `hello web ${token}`],
      { timeout: settings.stepMs },
    );
  });

  await step('the telnet player sees the web player\'s chat', async () => {
    await page.selectOption('#chat-channel', 'chat');
    await page.fill('#chat-text', `hello telnet ${token}`);
    await page.click('#chat-form button[type="submit"]');
    await telnet.expect(`[chat] ${webName}: hello telnet ${token}`, settings.stepMs);
  });

  await step('the telnet player joins the web player\'s group: the group pane lists both, gtell reaches him', async () => {
    await typeCommand(page, `group invite ${telnetName}`);
    await telnet.expect(`${webName} invites you to join a group`, settings.stepMs);
    telnet.sendLine('group accept');
    await telnet.expect(`You join ${webName}'s group`, settings.stepMs);
    await page.waitForFunction(
      ([leader, member]) => {
        const rows = [...document.querySelectorAll('#group-list li')].map((li) => li.textContent);
        return rows.some((row) => row.startsWith(`${leader} (leads)`)) && rows.some((row) => row.startsWith(member));
      },
      [webName, telnetName],
      { timeout: settings.stepMs },
    );
    await page.selectOption('#chat-channel', 'gtell');
    await page.fill('#chat-text', `together ${token}`);
    await page.click('#chat-form button[type="submit"]');
    await telnet.expect(`[group] ${webName}: together ${token}`, settings.stepMs);
  });

  await step('the command line sends typed commands and keeps focus', async () => {
    await page.focus('#command');
    await page.keyboard.type('score');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'command', null, { timeout: settings.stepMs });
    await page.keyboard.press('ArrowUp');
    const recalled = await page.inputValue('#command');
    if (recalled !== 'score') {
      throw new Error(`ArrowUp recalled "${recalled}", not "score"`);
    }
    await page.fill('#command', '');
  });

  await step('the screen-reader toggle turns the server\'s screen-reader mode on and off', async () => {
    await page.check('#screen-reader');
    await page.waitForFunction(() => document.getElementById('output').textContent.includes('Screen-reader mode is on'),
      null, { timeout: settings.stepMs });
    await page.uncheck('#screen-reader');
    await page.waitForFunction(() => document.getElementById('output').textContent.includes('Screen-reader mode is off'),
      null, { timeout: settings.stepMs });
  });

  await step('every control is reachable with Tab, and a pane hides and shows from the keyboard', async () => {
    // Tab round the whole page once, noting each control that takes the focus.
    const seen = new Set();
    for (let i = 0; i < 80; ++i) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const e = document.activeElement;
        if (!e || e === document.body) {
          return '';
        }
        return e.id || e.dataset.dir || e.getAttribute('aria-controls') || `${e.tagName} ${[...document.querySelectorAll('*')].indexOf(e)}`;
      });
      if (seen.has(where)) {
        break;
      }
      seen.add(where);
    }
    const wanted = ['text-smaller', 'text-larger', 'screen-reader', 'command', 'chat-channel', 'chat-text'];
    const exits = await gridExits(page);
    const missing = [...wanted, ...exits].filter((w) => !seen.has(w));
    if (missing.length > 0) {
      throw new Error(`not reachable with Tab: ${missing.join(', ')} (reached: ${[...seen].join(', ')})`);
    }
    // The map pane's toggle, pressed with Enter, hides the map and says so; pressed again it comes back.
    const toggle = page.locator('#map-heading button.pane-toggle');
    await toggle.focus();
    await page.keyboard.press('Enter');
    if ((await toggle.getAttribute('aria-expanded')) !== 'false' || (await page.isVisible('#map'))) {
      throw new Error('Enter on the map pane\'s toggle did not hide the map');
    }
    await page.keyboard.press('Enter');
    await page.waitForSelector('#map', { state: 'visible', timeout: settings.stepMs });
  });

  await step('screenshot', async () => {
    // The panes scroll on their own on a wide screen: show their top (vitals, room, map).
    await page.evaluate(() => {
      document.querySelector('.panes').scrollTop = 0;
    });
    await page.screenshot({ path: path.join(settings.artifactDir, 'web-client.png'), fullPage: true });
  });

  await step('axe-core finds nothing serious or critical', async () => {
    const before = pageErrors.length;
    const violations = await axeViolations(page);
    // The test's own inline injection of axe-core is refused once by the page's Content-Security-Policy
    // (then evaluated another way): that console line is the test's, not the page's.
    for (let i = pageErrors.length - 1; i >= before; --i) {
      if (pageErrors[i].includes('Content Security Policy')) {
        pageErrors.splice(i, 1);
      }
    }
    if (violations.length > 0) {
      throw new Error(`axe-core found ${violations.length} serious or critical violation(s):\n${describeViolations(violations)}`);
    }
  });

  await step('one column at phone width, without sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth + 1,
      null, { timeout: settings.stepMs });
    await page.screenshot({ path: path.join(settings.artifactDir, 'web-client-phone.png'), fullPage: true });
  });

  await step('at phone width a line longer than 80 columns arrives whole, for the page to break once', async () => {
    const words = `${token} ${'the well is deep and its water is black and very cold '.repeat(2).trim()}`;
    await typeCommand(page, `say ${words}`);
    // The server breaks no line for the page: one .line holds it all (the browser wraps it on screen).
    await page.waitForFunction(
      (said) => [...document.querySelectorAll('#output .line')].some((line) => line.textContent.includes(said)),
      `You say, '${words}'`, { timeout: settings.stepMs });
  });

  await step('a hot reboot: the page reconnects by itself and the form logs in again', async () => {
    // The first account is the administrator: the web player asks for the reboot.
    await page.setViewportSize({ width: 1280, height: 900 });
    const room = await page.evaluate(() => document.getElementById('room-name').textContent);
    const drawn = await mapRoomCount(page);
    await typeCommand(page, '@reboot');
    await page.waitForFunction(
      () => document.getElementById('output').textContent.includes('A web connection cannot be carried over a reboot'),
      null, { timeout: settings.stepMs });
    await telnet.expect('Deepwell has rebooted around you', settings.stepMs);
    await page.waitForSelector('#login', { state: 'visible', timeout: settings.stepMs });
    await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Connected'),
      null, { timeout: settings.stepMs });
    await page.fill('#login-password', PASSWORD);
    await page.click('#login-connect');
    await page.waitForSelector('#login', { state: 'hidden', timeout: settings.stepMs });
    await waitForRoomName(page, room);  // saved where they stood
    const kept = await mapRoomCount(page);
    if (kept < drawn) {
      throw new Error(`the map shows ${kept} rooms after the reboot, ${drawn} before: the same character keeps its map`);
    }
  });

  await step('quit shows the login form again with the name filled in', async () => {
    await typeCommand(page, 'quit');
    await page.waitForFunction(() => document.getElementById('status').textContent === 'Disconnected',
      null, { timeout: settings.stepMs });
    await page.waitForSelector('#login', { state: 'visible', timeout: settings.stepMs });
    const name = await page.inputValue('#login-name');
    if (name !== webName) {
      throw new Error(`the login form says "${name}", not "${webName}"`);
    }
  });

  await step('log in again by hand: the password prompt masks the command line', async () => {
    await page.click('#reconnect');
    await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Connected'),
      null, { timeout: settings.stepMs });
    await typeCommand(page, 'connect');
    await page.waitForFunction(() => document.getElementById('output').textContent.includes('Name:'),
      null, { timeout: settings.stepMs });
    await typeCommand(page, webName);
    // IAC WILL ECHO arrives as its own frame: the page must turn it into a password field.
    await page.waitForFunction(() => document.getElementById('command').type === 'password',
      null, { timeout: settings.stepMs });
    await typeCommand(page, PASSWORD);
    await page.waitForFunction(() => document.getElementById('command').type === 'text',
      null, { timeout: settings.stepMs });
    await page.waitForSelector('#login', { state: 'hidden', timeout: settings.stepMs });
    const shown = await page.evaluate(() => document.getElementById('output').textContent);
    if (shown.includes(PASSWORD) || /[\u00ff\ufffd]/.test(shown)) {
      throw new Error('the password or telnet bytes show in the game text');
    }
  });

  await step('a reloaded page logs in and its map shows the rooms explored, not only the one stood in', async () => {
    const drawn = await mapRoomCount(page);
    if (drawn < 2) {
      throw new Error(`the map showed ${drawn} room(s) before the reload; the walk should have drawn more`);
    }
    await page.reload({ waitUntil: 'load', timeout: settings.stepMs });
    await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Connected'),
      null, { timeout: settings.stepMs });
    await page.fill('#login-name', webName);
    await page.fill('#login-password', PASSWORD);
    await page.click('#login-connect');
    await page.waitForSelector('#login', { state: 'hidden', timeout: settings.stepMs });
    await page.waitForFunction((count) => document.querySelectorAll('#map svg rect.room').length >= count,
      drawn, { timeout: settings.stepMs });
  });

  await step('no errors in the browser console', async () => {
    if (pageErrors.length > 0) {
      throw new Error(pageErrors.join('\n'));
    }
  });

  await step('both players quit', async () => {
    await typeCommand(page, 'quit');
    await page.waitForFunction(() => document.getElementById('status').textContent === 'Disconnected',
      null, { timeout: settings.stepMs });
    telnet.sendLine('quit');
    await telnet.expect('Goodbye', settings.stepMs).catch(() => {});  // leaving politely is enough
  });
}

async function main() {
  try {
    settings = readSettings();
  } catch (error) {
    console.error(`e2e: ${error.message}`);
    process.exit(2);
  }
  // The whole run's deadline: a hung browser or server must still end the test.
  const RUN_DEADLINE_MS = Math.max(180000, settings.stepMs * 12);
  const browserRef = {};
  const telnetRef = {};
  const deadline = setTimeout(() => {
    console.error(`e2e FAILED at step "${currentStep}": the whole run took longer than ${RUN_DEADLINE_MS} ms`);
    process.exit(1);
  }, RUN_DEADLINE_MS);
  let failed = false;
  try {
    await run(browserRef, telnetRef);
    console.log('e2e: 1 passed, 0 failed');
  } catch (error) {
    failed = true;
    console.error(`e2e FAILED at step "${currentStep}": ${error.message}`);
    if (browserRef.page) {
      await browserRef.page.screenshot({ path: path.join(settings.artifactDir, 'web-client-failure.png'), fullPage: true })
        .then(() => console.error(`   screenshot: ${path.join(settings.artifactDir, 'web-client-failure.png')}`))
        .catch(() => {});
    }
    console.log('e2e: 0 passed, 1 failed');
  } finally {
    telnetRef.telnet?.close();
    await browserRef.browser?.close().catch(() => {});
    clearTimeout(deadline);
  }
  process.exit(failed ? 1 : 0);
}

main();
