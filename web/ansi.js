// ansi.js: turns the game's text (UTF-8 already decoded, with ANSI SGR escape codes) into styled
// runs that the page renders as <span>s. The parser keeps its colour state and any half-received
// escape sequence between calls, because the server may cut a line (or an escape) across frames.
// Colours are lifted so every one of them stays readable on the page's dark background (WCAG AA,
// 4.5:1): the classic ANSI dark blue on black is unreadable, so the palette here is not the classic one.

/** The page background the colours must stay readable on (keep in step with --bg in client.css). */
export const BACKGROUND = [0x10, 0x12, 0x16];

/** The contrast every foreground colour is lifted to: WCAG AA for normal text, with a little margin. */
const MIN_CONTRAST = 4.8;

// The 16 basic colours, already readable on BACKGROUND. Black is a mid grey: text the server marks
// "black" must still show.
const BASIC_PALETTE = [
  '#9a9a9a', '#ff7070', '#5fd75f', '#e5c07b', '#7aa7ff', '#e08cf0', '#4fd6e0', '#d4d4d4',
  '#b0b0b0', '#ff9b9b', '#8cf08c', '#ffe08a', '#a8c4ff', '#f2b0ff', '#8ceef5', '#ffffff',
];

/** WCAG relative luminance of an sRGB colour given as [r, g, b] in 0..255. */
function luminance([r, g, b]) {
  const channel = (v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio between two colours. */
export function contrast(a, b) {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Mixes a colour toward white until it reads on BACKGROUND; keeps its hue as far as it can. */
export function readable(rgb) {
  let [r, g, b] = rgb;
  for (let i = 0; i < 20 && contrast([r, g, b], BACKGROUND) < MIN_CONTRAST; i++) {
    r = Math.round(r + (255 - r) * 0.15);
    g = Math.round(g + (255 - g) * 0.15);
    b = Math.round(b + (255 - b) * 0.15);
  }
  return [r, g, b];
}

const hex = ([r, g, b]) => '#' + [r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('');

/** The xterm 256-colour table entry n as [r, g, b]. */
function xterm256(n) {
  if (n < 16) {
    return null;  // the basic colours: the caller uses the palette
  }
  if (n < 232) {
    const steps = [0, 95, 135, 175, 215, 255];
    const i = n - 16;
    return [steps[Math.floor(i / 36)], steps[Math.floor(i / 6) % 6], steps[i % 6]];
  }
  const grey = 8 + (n - 232) * 10;
  return [grey, grey, grey];
}

// Colours are cached: a session sees few distinct ones, and lifting costs a loop.
const liftedCache = new Map();
function liftedHex(rgb) {
  const key = rgb.join(',');
  let value = liftedCache.get(key);
  if (value === undefined) {
    value = hex(readable(rgb));
    liftedCache.set(key, value);
  }
  return value;
}

/** The style a run of text is shown in. `color` is a CSS colour or null for the default. */
function plainStyle() {
  return { color: null, bold: false, italic: false, underline: false };
}

/**
 * A stateful ANSI parser. feed(text) returns the runs of that text: {text, style}, where text may
 * contain '\n'. Background colours, blink and reverse video are ignored on purpose: they would let
 * the server pick text/background pairs the page cannot keep readable.
 */
export class AnsiParser {
  constructor() {
    this.style = plainStyle();
    this.pending = '';  // the start of an escape sequence cut off by the end of a frame
  }

  reset() {
    this.style = plainStyle();
    this.pending = '';
  }

  feed(input) {
    const text = this.pending + input;
    this.pending = '';
    const runs = [];
    let plain = '';
    const flush = () => {
      if (plain) {
        runs.push({ text: plain, style: { ...this.style } });
        plain = '';
      }
    };
    let i = 0;
    while (i < text.length) {
      const ch = text[i];
      if (ch === '\x1b') {
        const end = this.escapeEnd(text, i);
        if (end < 0) {
          this.pending = text.slice(i);  // wait for the rest of the sequence
          break;
        }
        flush();
        this.applyEscape(text.slice(i, end + 1));
        i = end + 1;
        continue;
      }
      // Control characters other than newline and tab would show as boxes: drop them (\r too,
      // since the server ends lines with \r\n).
      if (ch === '\n' || ch === '\t' || ch >= ' ') {
        if (ch !== '\x7f') {
          plain += ch;
        }
      }
      i++;
    }
    flush();
    return runs;
  }

  /** Index of the last character of the escape sequence starting at `start`, or -1 if incomplete. */
  escapeEnd(text, start) {
    if (start + 1 >= text.length) {
      return -1;
    }
    if (text[start + 1] !== '[') {
      return start + 1;  // a two-character escape: skipped
    }
    for (let j = start + 2; j < text.length; j++) {
      const code = text.charCodeAt(j);
      if (code >= 0x40 && code <= 0x7e) {
        return j;
      }
      if (j - start > 64) {
        return j;  // a runaway sequence: give up on it rather than swallow the text
      }
    }
    return -1;
  }

  applyEscape(seq) {
    if (!seq.startsWith('\x1b[') || !seq.endsWith('m')) {
      return;  // cursor movement and the like mean nothing in a scrollback
    }
    const body = seq.slice(2, -1);
    const codes = body === '' ? [0] : body.split(/[;:]/).map((p) => (p === '' ? 0 : Number(p)));
    this.applySgr(codes);
  }

  applySgr(codes) {
    for (let i = 0; i < codes.length; i++) {
      const c = codes[i];
      if (c === 0) {
        this.style = plainStyle();
      } else if (c === 1) {
        this.style.bold = true;
      } else if (c === 3) {
        this.style.italic = true;
      } else if (c === 4) {
        this.style.underline = true;
      } else if (c === 22) {
        this.style.bold = false;
      } else if (c === 23) {
        this.style.italic = false;
      } else if (c === 24) {
        this.style.underline = false;
      } else if (c >= 30 && c <= 37) {
        this.style.color = BASIC_PALETTE[c - 30];
      } else if (c >= 90 && c <= 97) {
        this.style.color = BASIC_PALETTE[c - 90 + 8];
      } else if (c === 39) {
        this.style.color = null;
      } else if (c === 38 || c === 48) {
        i = this.extendedColour(codes, i, c === 38);
      }
    }
  }

  /** Reads `38;5;n` or `38;2;r;g;b` at codes[i]; returns the index of its last number. */
  extendedColour(codes, i, isForeground) {
    const mode = codes[i + 1];
    let rgb = null;
    let last = i + 1;
    if (mode === 5) {
      const n = codes[i + 2] ?? 0;
      last = i + 2;
      if (isForeground) {
        this.style.color = n < 16 ? BASIC_PALETTE[n] : liftedHex(xterm256(n));
      }
      return last;
    }
    if (mode === 2) {
      rgb = [codes[i + 2] ?? 0, codes[i + 3] ?? 0, codes[i + 4] ?? 0].map((v) => Math.max(0, Math.min(255, v)));
      last = i + 4;
      if (isForeground) {
        this.style.color = liftedHex(rgb);
      }
    }
    return last;
  }
}

/** Builds the DOM nodes for one styled run (text nodes for unstyled runs, so the DOM stays small). */
export function runToNode(doc, text, style) {
  if (!style.color && !style.bold && !style.italic && !style.underline) {
    return doc.createTextNode(text);
  }
  const span = doc.createElement('span');
  span.textContent = text;  // textContent: the game's text is never parsed as HTML
  if (style.color) {
    // Set through the CSSOM, which a strict Content-Security-Policy allows (a style="" attribute it would not).
    span.style.color = style.color;
  }
  if (style.bold) {
    span.classList.add('ansi-bold');
  }
  if (style.italic) {
    span.classList.add('ansi-italic');
  }
  if (style.underline) {
    span.classList.add('ansi-underline');
  }
  return span;
}
