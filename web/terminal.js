// terminal.js: the scrollback of game text. It receives decoded text in pieces (a frame may end in
// the middle of a line; a frame that ends without a newline is a prompt), keeps one "open" line that
// later text continues, renders ANSI colour through ansi.js, caps the scrollback, and scrolls to the
// newest line unless the reader has scrolled up to read older text. The element is an ARIA log, so
// screen readers hear each added line once; nothing already shown is ever rewritten.

import { AnsiParser, runToNode } from './ansi.js';

/** Lines kept in the scrollback; older ones are dropped from the top. */
const MAX_LINES = 2000;

/** How close (in px) to the bottom still counts as "reading the newest text". */
const BOTTOM_SLACK = 48;

export class Terminal {
  /** @param {HTMLElement} element the role="log" container */
  constructor(element) {
    this.element = element;
    this.parser = new AnsiParser();
    this.openLine = null;  // the line the next text continues (a prompt, or a line cut by a frame)
    this.following = true;  // whether the reader is at the newest text (kept from the last scroll)
    element.addEventListener('scroll', () => {
      this.following = this.atBottom();
    });
    // A resize (phone rotation, text size, the login form hiding) must not leave the reader above
    // the newest text they were following.
    if (typeof ResizeObserver === 'function') {
      new ResizeObserver(() => {
        if (this.following) {
          this.element.scrollTop = this.element.scrollHeight;
        }
      }).observe(element);
    }
  }

  /** Whether the view is at (or near) the bottom, so new text should scroll it. */
  atBottom() {
    const el = this.element;
    return el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK;
  }

  /** Runs `change` and keeps the view pinned to the bottom if it was there before. */
  withAutoscroll(change) {
    const follow = this.atBottom();
    change();
    this.trim();
    if (follow) {
      this.element.scrollTop = this.element.scrollHeight;
    }
    this.following = follow;
  }

  /** Adds game text (may hold ANSI codes, partial lines and "\r\n" line ends). */
  write(text) {
    const runs = this.parser.feed(text);
    if (runs.length === 0) {
      return;
    }
    this.withAutoscroll(() => {
      for (const run of runs) {
        this.appendRun(run.text, run.style);
      }
    });
  }

  appendRun(text, style) {
    const doc = this.element.ownerDocument;
    const pieces = text.split('\n');
    pieces.forEach((piece, index) => {
      if (index > 0) {
        this.endLine();
      }
      if (piece) {
        this.currentLine().appendChild(runToNode(doc, piece, style));
      }
    });
  }

  /** The open line, made if there is none. */
  currentLine() {
    if (!this.openLine) {
      this.openLine = this.element.ownerDocument.createElement('div');
      this.openLine.className = 'line';
      this.element.appendChild(this.openLine);
    }
    return this.openLine;
  }

  /** Closes the open line; an empty line still takes its place, as a blank line does in a terminal. */
  endLine() {
    this.currentLine();
    this.openLine = null;
  }

  /**
   * Shows what the player sent after the prompt it answers, as a terminal's local echo does, and
   * ends that line (the server starts its answer on a new line). `shown` is already masked for secrets.
   */
  echoInput(shown) {
    this.withAutoscroll(() => {
      const span = this.element.ownerDocument.createElement('span');
      span.className = 'echo';
      span.textContent = shown;
      this.currentLine().appendChild(span);
      this.endLine();
    });
  }

  /** A message from the page itself (connection state), set apart from the game's text. */
  notice(text) {
    this.withAutoscroll(() => {
      if (this.openLine) {
        this.endLine();
      }
      const line = this.element.ownerDocument.createElement('div');
      line.className = 'line notice';
      line.textContent = text;
      this.element.appendChild(line);
    });
    this.parser.reset();  // a new connection starts with plain colours
  }

  /** Drops the oldest lines past MAX_LINES (the log's removals are not announced). */
  trim() {
    const el = this.element;
    while (el.childElementCount > MAX_LINES) {
      el.firstElementChild.remove();
    }
  }
}
