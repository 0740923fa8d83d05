/**
 * The load generator's HTTP client: keep-alive sockets writing pre-built request text and reading
 * only the status line and Content-Length of each answer. node:http's client (an object, a header
 * map and a parser per request) cost this process about as much CPU as the server's own parsing;
 * on two cores shared with the server and PostgreSQL that was a limit of the benchmark, not of the
 * server. One request at a time per socket (no pipelining), as a browser sends.
 */
import net from "node:net";

interface Waiting {
  text: string;
  resolve: (status: number) => void;
  /** The connection it was sent on, once sent. */
  conn?: Conn;
}

/**
 * An answer not come by then counts as none (status 0) and its socket is closed: a step must end
 * even when the server holds a request for ever (a run once waited on one without end).
 */
const ANSWER_TIMEOUT_MS = 30_000;

interface Conn {
  socket: net.Socket;
  current: Waiting | null;
  buffer: string;
  /** Closed (by either side): never handed a request again. */
  closed: boolean;
  /** Forgets the connection and answers its request with 0; once, however often called. */
  gone: () => void;
}

const HEADER_END = "\r\n\r\n";

/**
 * Why a whole run once stopped sending (issue 26): Node's HTTP server answers a connection that has
 * sent no request for `headersTimeout` (60 s) with an unasked 408 — Fastify writes it without
 * `Connection: close` — and closes it. The pool took that answer for a finished request and put the
 * connection among the idle a second time; the close removed one copy, the other stayed, and every
 * request later handed to it was written into a closed socket and never answered (its timeout's
 * destroy() of an already closed socket emitted nothing). Steps start 60–90 s after the connections
 * were opened, so it hit the fourth step. Now an answer nobody asked for closes the connection, a
 * closed connection is never handed a request, a timed-out request is answered whatever its socket's
 * state, and `warm()` before each step sends one request on every connection, so that none sits
 * unused long enough for the server to close it during a step.
 */
export class RawPool {
  private readonly idle: Conn[] = [];
  /** Connections with a request sent and not yet answered. */
  private readonly busy = new Set<Conn>();
  private readonly queue: Waiting[] = [];
  private open = 0;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly size: number,
    /** A cheap GET answered 200 at once (the server's /healthz): what warm() sends on each connection. */
    private readonly touchPath = "/healthz",
  ) {}

  /** Sends a POST; answers the status (0: no answer, the connection failed). */
  post(path: string, headers: string, body: string): Promise<number> {
    return this.send(`POST ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${headers}\r\n${body}`);
  }

  private send(text: string): Promise<number> {
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | null = null;
      const w: Waiting = {
        text,
        resolve: (status) => {
          if (timer) clearTimeout(timer);
          timer = null;
          resolve(status);
        },
      };
      timer = setTimeout(() => {
        timer = null;
        const queued = this.queue.indexOf(w);
        if (queued >= 0) {
          this.queue.splice(queued, 1);
          resolve(0);
          return;
        }
        // Sent and not answered: its connection is closed, which answers it with 0.
        const conn = w.conn;
        if (conn?.current === w) {
          conn.socket.destroy();
          conn.gone();
        } else resolve(0);
      }, ANSWER_TIMEOUT_MS);
      this.queue.push(w);
      this.next();
    });
  }

  /**
   * Before each step: opens the connections missing, 32 at a time (a thousand connects at once
   * overflow the server's listen backlog, and a dropped SYN is sent again only after 1, 3, 7 s —
   * which the step would count as seconds of save latency), then sends one GET on every
   * connection, so that each has just been used: the server keeps a used connection 72 s after
   * its last answer (Fastify's keepAliveTimeout) but closes one never used after 60 s. Answers how
   * many connections are open. `touch: false` only opens them (pool-check.ts: what the pool did
   * before).
   */
  async warm({ touch = true } = {}): Promise<number> {
    for (let round = 0; this.open < this.size && round < this.size; round++) {
      const batch = Array.from({ length: Math.min(32, this.size - this.open) }, () => this.connect());
      await Promise.all(batch.map((c) => new Promise<void>((resolve) => c.socket.once("connect", resolve).once("close", resolve))));
      for (const c of batch) if (!c.closed) this.idle.push(c);
    }
    if (!touch) return this.open;
    // Each request takes an idle connection at once (none is answered before the last is sent): one per connection.
    const get = `GET ${this.touchPath} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n\r\n`;
    await Promise.all(Array.from({ length: this.idle.length }, () => this.send(get)));
    return this.open;
  }

  /** For diagnosis: connections open, idle, waiting for an answer; requests not yet sent. */
  stats() {
    return { open: this.open, idle: this.idle.length, busy: this.busy.size, queued: this.queue.length };
  }

  destroy(): void {
    for (const c of [...this.idle]) {
      c.socket.destroy();
      c.gone();
    }
  }

  private next(): void {
    while (this.queue.length) {
      let conn = this.idle.pop();
      while (conn?.closed) conn = this.idle.pop();
      conn ??= this.open < this.size ? this.connect() : undefined;
      if (!conn) return;
      const w = this.queue.shift()!;
      conn.current = w;
      w.conn = conn;
      this.busy.add(conn);
      conn.socket.write(w.text);
    }
  }

  private connect(): Conn {
    this.open++;
    const socket = net.connect(this.port, this.host);
    socket.setNoDelay(true);
    socket.setEncoding("latin1");
    const conn: Conn = {
      socket,
      current: null,
      buffer: "",
      closed: false,
      gone: () => {
        if (conn.closed) return;
        conn.closed = true;
        this.open--;
        const i = this.idle.indexOf(conn);
        if (i >= 0) this.idle.splice(i, 1);
        this.busy.delete(conn);
        const w = conn.current;
        conn.current = null;
        w?.resolve(0);
        this.next();
      },
    };
    socket.on("data", (chunk: string) => {
      conn.buffer += chunk;
      this.read(conn);
    });
    socket.on("error", conn.gone);
    socket.on("close", conn.gone);
    return conn;
  }

  /** One whole answer in the buffer: its status goes to the request, the socket to the next one. */
  private read(conn: Conn): void {
    const end = conn.buffer.indexOf(HEADER_END);
    if (end < 0) return;
    const head = conn.buffer.slice(0, end);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (conn.buffer.length < end + 4 + length) return;
    conn.buffer = conn.buffer.slice(end + 4 + length);
    const status = Number(head.slice(9, 12));
    const w = conn.current;
    this.busy.delete(conn);
    conn.current = null;
    if (!w || /\r\nconnection: *close/i.test(head)) {
      // The server is closing it: with nothing asked (its 408 to a connection unused too long), or after this answer.
      conn.socket.destroy();
      conn.gone();
    } else this.idle.push(conn);
    w?.resolve(status);
    this.next();
  }
}
