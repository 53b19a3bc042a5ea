// client.js: the page's entry point. It connects (connection.js), sends what the player types or
// clicks, routes the server's text to the scrollback (terminal.js) and its GMCP to the panes
// (panes.js), and runs the page's own controls: the login form, the command line with its history
// and password masking, text size, screen-reader mode and the status line. The login form is shown
// until the game says play has started (Char.Name, Char.Vitals or Room.Info) and again after a
// disconnect, with the last name filled in.

import { Connection } from './connection.js';
import { Terminal } from './terminal.js';
import { Panes, setUpPaneToggles } from './panes.js';

const $ = (id) => document.getElementById(id);

/** The GMCP modules the page asks for (the server enables a module's sub-packages with it). */
const SUPPORTS = ['Char 1', 'Char.Items 1', 'Room 1', 'Comm 1', 'Comm.Channel 1', 'Group 1'];
const CLIENT_HELLO = { client: 'Deepwell web', version: '1' };

const HISTORY_LIMIT = 200;
const TEXT_SIZES = [87.5, 100, 112.5, 125, 150, 175, 200];  // percent of the browser's text size
const KEYS = { name: 'deepwell.lastName', textSize: 'deepwell.textSize', screenReader: 'deepwell.screenReader' };

/** localStorage that may be missing or blocked (private windows): the page works without it. */
const store = {
  get(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch {
      // not kept: fine
    }
  },
};

const state = {
  playing: false,
  secretInput: false,  // between IAC WILL ECHO and IAC WONT ECHO: the next line is a password
  history: [],
  historyIndex: 0,  // history.length means "the line being typed"
  draft: '',
  lastName: store.get(KEYS.name) ?? '',
};

const terminal = new Terminal($('output'));
const panes = new Panes((command) => sendCommand(command, { fromButton: true }));
const connection = new Connection({
  onOpen: opened,
  onClose: closed,
  onText: (text) => terminal.write(text),
  onGmcp: gmcpReceived,
  onEcho: (echo) => setSecretInput(echo === 'off'),
  onStatus: setStatus,
});

function setStatus(text) {
  $('status').textContent = text;
}

// ------------------------------------------------------------------ connection life

function opened() {
  setStatus('Connected');
  $('reconnect').hidden = true;
  connection.sendGmcp('Core.Hello', CLIENT_HELLO);
  connection.sendGmcp('Core.Supports.Set', SUPPORTS);
  panes.reset();
  setPlaying(false);
}

function closed({ willRetry, delayMs, wasOpen }) {
  setSecretInput(false);
  setPlaying(false);
  if (willRetry) {
    const seconds = (delayMs / 1000).toLocaleString('en', { maximumFractionDigits: 1 });
    setStatus(wasOpen ? `Connection lost; reconnecting in ${seconds} s…` : `No connection; trying again in ${seconds} s…`);
    if (wasOpen) {
      terminal.notice('Connection lost; reconnecting…');  // once per outage, not once per retry
    }
  } else {
    setStatus('Disconnected');
    terminal.notice('Disconnected. Press Reconnect to play again.');
    $('reconnect').hidden = false;
  }
}

/** Play has started or ended: the login form hides or comes back. */
function setPlaying(playing) {
  if (state.playing === playing) {
    return;
  }
  state.playing = playing;
  $('login').hidden = playing;
  if (playing) {
    setStatus(`Playing as ${state.lastName || 'you'}`);
    if ($('screen-reader').checked) {
      connection.sendLine('screenreader on');  // the page's setting wins over the character's
    }
    focusCommand();
  } else {
    $('login-name').value = state.lastName;
    $('login-password').value = '';
  }
}

// ------------------------------------------------------------------ GMCP

function gmcpReceived(name, body) {
  switch (name) {
    case 'Char.Name':
      if (typeof body?.name === 'string' && body.name) {
        state.lastName = body.name;
        store.set(KEYS.name, body.name);
        panes.character(body.name);
      }
      setPlaying(true);
      break;
    case 'Char.Vitals':
      setPlaying(true);
      panes.vitals(body);
      break;
    case 'Char.Status':
      panes.status(body);
      break;
    case 'Char.Combat':
      panes.combat(body);
      break;
    case 'Char.Bounty':
      panes.bounties(body);
      break;
    case 'Room.Info':
      setPlaying(true);
      panes.roomInfo(body);
      break;
    case 'Room.Map':
      panes.roomMap(body);
      break;
    case 'Room.Interior':
      panes.interior(body);
      break;
    case 'Room.Wanderers':
      panes.wanderers(body);
      break;
    case 'Group':
      panes.group(body);
      break;
    case 'Comm.Channel.List':
      panes.channelList(body);
      break;
    case 'Comm.Channel.Text':
      panes.channelText(body);
      break;
    default:
      if (name.startsWith('Char.Items.')) {
        panes.items(name, body);
      }
  }
}

// ------------------------------------------------------------------ sending

/**
 * What a sent line looks like in the scrollback and whether it may go into the history: a password,
 * or a create/connect line with its password, is never shown nor kept.
 */
function describeSent(line) {
  if (state.secretInput) {
    return { shown: '', keep: false };
  }
  // Any unique start of create/connect works at the login screen ("cr", "conn"), so any such word counts.
  const login = /^\s*(c[a-z]+)\s+(\S+)\s+\S/i.exec(line);
  const word = login?.[1].toLowerCase() ?? '';
  if (login && !state.playing && ('create'.startsWith(word) || 'connect'.startsWith(word))) {
    return { shown: `${login[1]} ${login[2]} ********`, keep: false };
  }
  return { shown: line, keep: line.trim() !== '' };
}

/** Sends one line as typed; the page's own echo shows it after the prompt it answers. */
function sendCommand(line, { fromButton = false } = {}) {
  if (!connection.sendLine(line)) {
    terminal.notice('Not connected: that was not sent.');
    return;
  }
  const { shown, keep } = describeSent(line);
  terminal.echoInput(shown);
  if (keep && !fromButton) {
    remember(line);
  }
  if (/^\s*quit\s*$/i.test(line)) {
    connection.stopAfterClose();
  }
}

function remember(line) {
  if (state.history[state.history.length - 1] !== line) {
    state.history.push(line);
    if (state.history.length > HISTORY_LIMIT) {
      state.history.shift();
    }
  }
  state.historyIndex = state.history.length;
  state.draft = '';
}

// ------------------------------------------------------------------ the command line

function focusCommand() {
  $('command').focus({ preventScroll: true });
}

/** Masks the command line for a password (not kept in history) or unmasks it. */
function setSecretInput(secret) {
  state.secretInput = secret;
  const input = $('command');
  input.type = secret ? 'password' : 'text';
  $('command-label').textContent = secret ? 'Password' : 'Command';
  if (secret) {
    focusCommand();
  }
}

function setUpCommandLine() {
  const input = $('command');
  $('command-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const line = input.value;
    input.value = '';
    sendCommand(line);
    focusCommand();
  });
  input.addEventListener('keydown', (event) => {
    if (state.secretInput || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) {
      return;
    }
    event.preventDefault();
    stepHistory(input, event.key === 'ArrowUp' ? -1 : 1);
  });
}

function stepHistory(input, direction) {
  if (state.historyIndex === state.history.length) {
    state.draft = input.value;  // keep what was being typed, to come back to it
  }
  const next = Math.max(0, Math.min(state.history.length, state.historyIndex + direction));
  state.historyIndex = next;
  input.value = next === state.history.length ? state.draft : state.history[next];
  input.setSelectionRange(input.value.length, input.value.length);
}

// ------------------------------------------------------------------ login form

function setUpLoginForm() {
  $('login-name').value = state.lastName;
  $('login').addEventListener('submit', (event) => {
    event.preventDefault();
    const action = event.submitter?.value === 'create' ? 'create' : 'connect';
    const name = $('login-name').value.trim();
    const password = $('login-password').value;
    const problem = loginProblem(action, name, password);
    $('login-message').textContent = problem ?? '';
    if (problem) {
      return;
    }
    state.lastName = name;
    store.set(KEYS.name, name);
    // create/connect with both words on one line: the server asks nothing more.
    sendCommand(`${action} ${name} ${password}`);
    $('login-password').value = '';
  });
}

/** Checks the server's own rules first, so a typo is explained at once. */
function loginProblem(action, name, password) {
  if (!/^[A-Za-z]{3,20}$/.test(name)) {
    return 'A name is 3 to 20 letters, nothing else.';
  }
  if (/\s/.test(password) || password === '') {
    return 'Type a password without spaces.';
  }
  if (action === 'create' && password.length < 8) {
    return 'A new password needs at least 8 characters.';
  }
  if (!connection.isOpen) {
    return 'Not connected yet; try again in a moment.';
  }
  return null;
}

// ------------------------------------------------------------------ settings

function setUpTextSize() {
  let index = TEXT_SIZES.indexOf(Number(store.get(KEYS.textSize)));
  if (index < 0) {
    index = TEXT_SIZES.indexOf(100);
  }
  const apply = () => {
    document.documentElement.style.fontSize = `${TEXT_SIZES[index]}%`;
    $('text-smaller').disabled = index === 0;
    $('text-larger').disabled = index === TEXT_SIZES.length - 1;
    store.set(KEYS.textSize, String(TEXT_SIZES[index]));
  };
  $('text-smaller').addEventListener('click', () => {
    index = Math.max(0, index - 1);
    apply();
  });
  $('text-larger').addEventListener('click', () => {
    index = Math.min(TEXT_SIZES.length - 1, index + 1);
    apply();
  });
  apply();
}

function setUpScreenReaderMode() {
  const box = $('screen-reader');
  box.checked = store.get(KEYS.screenReader) === 'on';
  box.addEventListener('change', () => {
    store.set(KEYS.screenReader, box.checked ? 'on' : 'off');
    if (state.playing) {
      sendCommand(box.checked ? 'screenreader on' : 'screenreader off', { fromButton: true });
    }
  });
}

function setUpChat() {
  $('chat-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = $('chat-text').value.trim();
    if (!text) {
      return;
    }
    sendCommand(`${$('chat-channel').value} ${text}`, { fromButton: true });
    $('chat-text').value = '';
    $('chat-text').focus();
  });
}

function start() {
  setUpPaneToggles();
  setUpTextSize();
  setUpScreenReaderMode();
  setUpCommandLine();
  setUpLoginForm();
  setUpChat();
  $('reconnect').addEventListener('click', () => connection.connect());
  connection.connect();
  if (state.lastName) {
    $('login-password').focus();
  } else {
    $('login-name').focus();
  }
}

start();
