import { randomUUID } from "node:crypto";
import type { WebSocket } from "ws";
import { VIDEO_CLOSE, type VideoRole, type VideoServerMessage, type VideoSignal } from "@parlance/contract";
import type { SignalBus } from "../realtime/signal-bus.js";

/**
 * The video rooms of this process. A room is a bus channel (video_room_{assigned test id}); each
 * process keeps only its own sockets and relays through the bus, so a candidate on one server
 * process and an evaluator on another meet as if on one. What goes through the bus:
 * - join {conn, role}: someone entered (the other side is told; an older socket of the same
 *   person's side, in any process, gives way to the newer one);
 * - leave {conn, role}: someone left;
 * - signal {conn, role, signal}: an offer, answer, ICE candidate or ready, for the other side;
 * - part {conn, m, i, n, d}: a piece of a signal too large for one NOTIFY (an SDP offer can be).
 */

interface Member {
  conn: string;
  role: VideoRole;
  socket: WebSocket;
  /** Publishes of this member, one after another, so the other side gets them in order. */
  queue: Promise<void>;
  /** Closed because the same side joined again: it leaves without telling the other side. */
  replaced: boolean;
}

type BusMessage =
  | { t: "join" | "leave"; conn: string; role: VideoRole }
  | { t: "signal"; conn: string; role: VideoRole; signal: VideoSignal }
  | { t: "part"; conn: string; role: VideoRole; m: string; i: number; n: number; d: string };

interface Room {
  members: Set<Member>;
  subscribed: Promise<() => Promise<void>>;
  /** Pieces of large signals being put back together, by sender and message. */
  parts: Map<string, string[]>;
}

/** Under NOTIFY's 8000 bytes with room to spare for the envelope and JSON escaping of the piece. */
const WHOLE_MAX_BYTES = 7_000;
const PART_CHARS = 2_500;

export const roomChannel = (assignedTestId: number) => `video_room_${assignedTestId}`;

export class VideoRooms {
  private readonly rooms = new Map<number, Room>();

  constructor(private readonly bus: SignalBus) {}

  /** Puts a socket into its room; the answer is the member, for `leave` and `relay`. */
  async join(assignedTestId: number, role: VideoRole, socket: WebSocket): Promise<Member> {
    let room = this.rooms.get(assignedTestId);
    if (!room) {
      const fresh: Room = { members: new Set(), parts: new Map(), subscribed: Promise.resolve(async () => undefined) };
      fresh.subscribed = this.bus.subscribe(roomChannel(assignedTestId), (payload) => this.receive(fresh, payload));
      this.rooms.set(assignedTestId, (room = fresh));
    }
    const member: Member = { conn: randomUUID(), role, socket, queue: Promise.resolve(), replaced: false };
    room.members.add(member);
    try {
      await room.subscribed;
    } catch (err) {
      await this.leave(assignedTestId, member);
      throw err;
    }
    send(socket, { type: "joined", role });
    this.publish(assignedTestId, member, { t: "join", conn: member.conn, role });
    return member;
  }

  /** A signal from this member's browser, for the other side wherever it is connected. */
  relay(assignedTestId: number, member: Member, signal: VideoSignal): void {
    const whole = JSON.stringify({ t: "signal", conn: member.conn, role: member.role, signal } satisfies BusMessage);
    if (Buffer.byteLength(whole) <= WHOLE_MAX_BYTES) return this.publish(assignedTestId, member, whole);
    const text = JSON.stringify(signal);
    const m = randomUUID();
    const n = Math.ceil(text.length / PART_CHARS);
    for (let i = 0; i < n; i++) {
      this.publish(assignedTestId, member, { t: "part", conn: member.conn, role: member.role, m, i, n, d: text.slice(i * PART_CHARS, (i + 1) * PART_CHARS) });
    }
  }

  async leave(assignedTestId: number, member: Member): Promise<void> {
    const room = this.rooms.get(assignedTestId);
    if (!room || !room.members.delete(member)) return;
    if (!member.replaced) this.publish(assignedTestId, member, { t: "leave", conn: member.conn, role: member.role });
    await member.queue;
    if (room.members.size === 0 && this.rooms.get(assignedTestId) === room) {
      this.rooms.delete(assignedTestId);
      await (await room.subscribed.catch(() => null))?.();
    }
  }

  /** How many sockets this process holds in a room (tests). */
  size(assignedTestId: number): number {
    return this.rooms.get(assignedTestId)?.members.size ?? 0;
  }

  async close(): Promise<void> {
    for (const [id, room] of this.rooms) {
      for (const member of room.members) member.socket.close(1001, "server going away");
      this.rooms.delete(id);
      await (await room.subscribed.catch(() => null))?.();
    }
  }

  private publish(assignedTestId: number, member: Member, message: BusMessage | string): void {
    const payload = typeof message === "string" ? message : JSON.stringify(message);
    member.queue = member.queue.then(() =>
      this.bus.publish(roomChannel(assignedTestId), payload).catch(() => {
        // The database is unreachable: this socket can no longer reach the other side.
        member.socket.close(1011, "signalling unavailable");
      }),
    );
  }

  private receive(room: Room, payload: string): void {
    let message: BusMessage;
    try {
      message = JSON.parse(payload) as BusMessage;
    } catch {
      return;
    }
    if (message.t === "part") {
      const key = `${message.conn}/${message.m}`;
      const got = room.parts.get(key) ?? new Array<string>(message.n);
      got[message.i] = message.d;
      room.parts.set(key, got);
      if (got.filter((p) => p !== undefined).length < message.n) return;
      room.parts.delete(key);
      try {
        message = { t: "signal", conn: message.conn, role: message.role, signal: JSON.parse(got.join("")) as VideoSignal };
      } catch {
        return;
      }
    }
    for (const member of [...room.members]) {
      if (member.conn === message.conn) continue;
      if (message.role === member.role) {
        // The same side joined again (another tab, a reconnect through another process): the newer socket stays.
        if (message.t === "join") {
          member.replaced = true;
          member.socket.close(VIDEO_CLOSE.replaced, "joined elsewhere");
        }
        continue;
      }
      if (message.t === "join") send(member.socket, { type: "peer-joined", role: message.role });
      else if (message.t === "leave") send(member.socket, { type: "peer-left", role: message.role });
      else if (message.t === "signal") send(member.socket, { type: "signal", from: message.role, signal: message.signal });
    }
  }
}

function send(socket: WebSocket, message: VideoServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}
