// connection.js: the page's one WebSocket to the server, speaking the gmcp.mudstandards.org
// subprotocol. Binary frames carry game text (UTF-8 with ANSI) both ways; text frames carry one GMCP
// message each. The only telnet bytes that can appear are IAC WILL ECHO / IAC WONT ECHO (255 251 1 /
// 255 252 1), which mean "the next input is a password" and "echo is back"; they are taken out of
// the text and reported instead. When the socket closes the connection tries again by itself, waiting
// 0.5 s, then twice as long each time, up to 8 s.

export const SUBPROTOCOL = 'gmcp.mudstandards.org';

const IAC = 255;
const WILL = 251;
const WONT = 252;
const DO = 253;
const DONT = 254;
const TELOPT_ECHO = 1;

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 8000;

/** The WebSocket address of the page's own server: /ws on the same host, wss under https. */
export function socketUrl(loc = location) {
  return (loc.protocol === 'https:' ? 'wss' : 'ws') + '://' + loc.host + '/ws';
}

/**
 * Splits `Package.Name {json}` into its package and parsed body. The body is null when absent,
 * and the raw text when it is not valid JSON (a broken message should not break the page).
 */
export function parseGmcp(message) {
  const space = message.indexOf(' ');
  const name = space < 0 ? message : message.slice(0, space);
  const raw = space < 0 ? '' : message.slice(space + 1).trim();
  if (!raw) {
    return { name, body: null };
  }
  try {
    return { name, body: JSON.parse(raw) };
  } catch {
    return { name, body: raw };
  }
}

/**
 * Takes telnet commands out of a binary frame. Returns the remaining bytes and the echo changes seen
 * ('off' for WILL ECHO: the server stops echoing and the input is secret; 'on' for WONT ECHO).
 * UTF-8 never contains the byte 255, so any 255 starts a command.
 */
export function stripTelnet(bytes) {
  if (!bytes.includes(IAC)) {
    return { bytes, echo: [] };
  }
  const kept = [];
  const echo = [];
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== IAC) {
      kept.push(bytes[i]);
      continue;
    }
    const command = bytes[i + 1];
    if (command >= WILL && command <= DONT) {
      if (bytes[i + 2] === TELOPT_ECHO && (command === WILL || command === WONT)) {
        echo.push(command === WILL ? 'off' : 'on');
      }
      i += 2;
    } else {
      i += 1;  // IAC IAC, IAC GA, IAC EOR...: nothing to show
    }
  }
  return { bytes: Uint8Array.from(kept), echo };
}

export class Connection {
  /**
   * @param {object} handlers onText(string), onGmcp(name, body), onEcho('on'|'off'),
   *   onOpen(), onClose({willRetry, delayMs, wasOpen}), onStatus(string)
   */
  constructor(handlers) {
    this.handlers = handlers;
    this.socket = null;
    this.retryMs = FIRST_RETRY_MS;
    this.retryTimer = null;
    this.decoder = new TextDecoder('utf-8');
    this.encoder = new TextEncoder();
    this.stopped = false;  // true after the player quit: no automatic reconnect
    this.wasOpen = false;  // whether the current socket ever opened
  }

  get isOpen() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  connect() {
    clearTimeout(this.retryTimer);
    this.stopped = false;
    this.handlers.onStatus('Connecting…');
    const socket = new WebSocket(socketUrl(), [SUBPROTOCOL]);
    socket.binaryType = 'arraybuffer';
    socket.addEventListener('open', () => this.opened(socket));
    socket.addEventListener('message', (event) => this.received(event));
    socket.addEventListener('close', () => this.closed(socket));
    this.socket = socket;
  }

  opened(socket) {
    if (socket !== this.socket) {
      return;
    }
    this.retryMs = FIRST_RETRY_MS;
    this.wasOpen = true;
    this.decoder = new TextDecoder('utf-8');  // a fresh stream: no half character left from before
    this.handlers.onOpen();
  }

  received(event) {
    if (typeof event.data === 'string') {
      const { name, body } = parseGmcp(event.data);
      this.handlers.onGmcp(name, body);
      return;
    }
    const { bytes, echo } = stripTelnet(new Uint8Array(event.data));
    if (bytes.length > 0) {
      // stream: true keeps a UTF-8 character cut between two frames whole.
      this.handlers.onText(this.decoder.decode(bytes, { stream: true }));
    }
    for (const state of echo) {
      this.handlers.onEcho(state);
    }
  }

  closed(socket) {
    if (socket !== this.socket) {
      return;
    }
    this.socket = null;
    // Only the end of a working connection is news; a failed retry just waits longer.
    const wasOpen = this.wasOpen;
    this.wasOpen = false;
    if (this.stopped) {
      this.handlers.onClose({ willRetry: false, delayMs: 0, wasOpen });
      return;
    }
    const delayMs = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
    this.handlers.onClose({ willRetry: true, delayMs, wasOpen });
    this.retryTimer = setTimeout(() => this.connect(), delayMs);
  }

  /** Stops reconnecting after this connection ends (the player typed quit). */
  stopAfterClose() {
    this.stopped = true;
  }

  /** Sends one line of input as a binary frame (the frame's end ends the line). */
  sendLine(line) {
    if (!this.isOpen) {
      return false;
    }
    this.socket.send(this.encoder.encode(line));
    return true;
  }

  /** Sends one GMCP message as a text frame. */
  sendGmcp(name, body) {
    if (!this.isOpen) {
      return false;
    }
    this.socket.send(body === undefined ? name : name + ' ' + JSON.stringify(body));
    return true;
  }
}
