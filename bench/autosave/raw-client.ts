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
}

const HEADER_END = "\r\n\r\n";

export class RawPool {
  private readonly idle: Conn[] = [];
  /** Connections with a request sent and not yet answered. */
  private readonly busy: Conn[] = [];
  private readonly queue: Waiting[] = [];
  private open = 0;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly size: number,
  ) {}

  /** Sends a POST; answers the status (0: no answer, the connection failed). */
  post(path: string, headers: string, body: string): Promise<number> {
    const text = `POST ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${headers}\r\n${body}`;
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
        // Sent and not answered: closing its socket answers it with 0 (see gone in connect).
        const conn = this.busy.find((c) => c.current === w);
        if (conn) conn.socket.destroy();
        else resolve(0);
      }, ANSWER_TIMEOUT_MS);
      this.queue.push(w);
      this.next();
    });
  }

  /**
   * Opens every connection before a step, 32 at a time: a thousand connects at once overflow the
   * server's listen backlog, and a dropped SYN is sent again only after 1, 3, 7 s — which the step
   * would count as seconds of save latency.
   */
  async warm(): Promise<void> {
    for (let round = 0; this.open < this.size && round < this.size; round++) {
      const batch = Array.from({ length: Math.min(32, this.size - this.open) }, () => this.connect());
      await Promise.all(batch.map((c) => new Promise<void>((resolve) => c.socket.once("connect", resolve).once("close", resolve))));
      for (const c of batch) if (!c.socket.destroyed) this.idle.push(c);
    }
  }

  destroy(): void {
    for (const c of this.idle) c.socket.destroy();
    this.idle.length = 0;
  }

  private next(): void {
    while (this.queue.length) {
      const conn = this.idle.pop() ?? (this.open < this.size ? this.connect() : null);
      if (!conn) return;
      const w = this.queue.shift()!;
      conn.current = w;
      this.busy.push(conn);
      conn.socket.write(w.text);
    }
  }

  private connect(): Conn {
    this.open++;
    const socket = net.connect(this.port, this.host);
    socket.setNoDelay(true);
    socket.setEncoding("latin1");
    const conn: Conn = { socket, current: null, buffer: "" };
    socket.on("data", (chunk: string) => {
      conn.buffer += chunk;
      this.read(conn);
    });
    const gone = () => {
      if (conn.buffer === "\0gone") return;
      conn.buffer = "\0gone";
      this.open--;
      const i = this.idle.indexOf(conn);
      if (i >= 0) this.idle.splice(i, 1);
      this.unbusy(conn);
      conn.current?.resolve(0);
      conn.current = null;
      this.next();
    };
    socket.on("error", gone);
    socket.on("close", gone);
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
    this.unbusy(conn);
    conn.current = null;
    if (/\r\nconnection: *close/i.test(head)) conn.socket.destroy();
    else this.idle.push(conn);
    w?.resolve(status);
    this.next();
  }

  private unbusy(conn: Conn): void {
    const i = this.busy.indexOf(conn);
    if (i >= 0) this.busy.splice(i, 1);
  }
}
