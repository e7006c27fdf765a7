// One websocket to a table (the protocol of docs/protocol.md): hello with the seat's token, then
// intents, each with an id of our own so a resend is taken once. When the connection drops, it
// reconnects by itself, says hello again with the last event it saw (the room catches it up) and
// sends again every intent not yet answered.

const RETRY_SECONDS = [0.2, 0.5, 1, 2, 3, 5, 8];
const PING_EVERY = 20000;
// 4409: this seat was opened on another connection, which plays it now; 4410: the table closed
const REFUSED = new Set([1008, 4401, 4404, 4409, 4410]);

export class TableSocket extends EventTarget {
  /** ``owner``: the host's token, where this browser holds it (its states then carry the host's part). */
  constructor(table, token, owner = null) {
    super();
    this.table = table;
    this.token = token || null;
    this.owner = owner || null;
    this.lastSeq = 0;
    this.status = "connecting";
    this.attempt = 0;
    this.unanswered = new Map();
    this.waiting = new Map();
    this.counter = 0;
    this.prefix = Math.random().toString(36).slice(2, 8);
    this.socket = null;
    this.stopped = false;
    this.timer = null;
    window.addEventListener("online", () => this.reconnectNow());
    document.addEventListener("visibilitychange", () => { if (!document.hidden) this.reconnectNow(); });
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws`;
  }

  connect() {
    this.stopped = false;
    clearTimeout(this.timer);
    const socket = new WebSocket(this.url());
    this.socket = socket;
    this.setStatus(this.attempt ? "reconnecting" : "connecting");
    socket.addEventListener("open", () => {
      const hello = { type: "hello", table: this.table, token: this.token, last_seq: this.lastSeq };
      if (this.owner) hello.owner = this.owner;
      socket.send(JSON.stringify(hello));
      for (const message of this.unanswered.values()) socket.send(JSON.stringify(message));
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", (event) => this.closed(socket, event.code));
    clearInterval(this.pinger);
    this.pinger = setInterval(() => this.sendRaw({ type: "ping" }), PING_EVERY);
  }

  receive(text) {
    let frame;
    try {
      frame = JSON.parse(text);
    } catch (error) {
      return;
    }
    if (frame.type === "welcome") {
      this.attempt = 0;
      this.setStatus("connected");
    } else if (frame.type === "state") {
      this.lastSeq = Math.max(this.lastSeq, frame.seq);
    } else if ((frame.type === "ack" || frame.type === "error") && frame.id) {
      this.unanswered.delete(frame.id);
      const done = this.waiting.get(frame.id);
      if (done) {
        this.waiting.delete(frame.id);
        done(frame);
        if (frame.type === "error") return;  // its sender says it where it belongs (the chat's by the chat)
      }
    }
    this.dispatchEvent(new CustomEvent("frame", { detail: frame }));
  }

  closed(socket, code) {
    if (socket !== this.socket) return;
    clearInterval(this.pinger);
    if (this.stopped) return;
    if (REFUSED.has(code)) {
      this.setStatus("refused", code);
      return;
    }
    const delay = RETRY_SECONDS[Math.min(this.attempt, RETRY_SECONDS.length - 1)];
    this.attempt += 1;
    this.setStatus("reconnecting");
    this.timer = setTimeout(() => this.connect(), delay * 1000);
  }

  /** Try again at once (the network came back, the page was shown again). */
  reconnectNow() {
    if (this.stopped || this.status === "refused") return;
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) return;
    this.connect();
  }

  /** Close for good, or to reopen with another token (after taking a seat). */
  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.socket) this.socket.close(1000);
  }

  setStatus(status, code = null) {
    this.status = status;
    this.dispatchEvent(new CustomEvent("status", { detail: { status, attempt: this.attempt, code } }));
  }

  sendRaw(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** Send an intent (an id is added); resolves with the room's ack or error. */
  send(message) {
    this.counter += 1;
    const id = `${this.prefix}-${this.counter}`;
    const intent = { ...message, id };
    this.unanswered.set(id, intent);
    this.sendRaw(intent);
    return new Promise((resolve) => this.waiting.set(id, resolve));
  }
}
