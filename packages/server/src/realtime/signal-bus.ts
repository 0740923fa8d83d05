/**
 * Messages between server processes (DESIGN.md §1: "signalling fan-out goes through PostgreSQL").
 * A message published on a channel reaches every subscriber of that channel in every process on
 * the same database, the publishing process included, so a caller never cares where the other
 * side of a video room is connected. Two implementations behind one interface:
 * - PostgreSQL: LISTEN/NOTIFY (postgres-signal-bus.ts), for one or many processes;
 * - in-process: the embedded database is always one process, so an in-memory fan-out suffices.
 * Delivery is at most once and only to subscribers present when the message is sent: callers
 * that need a state (who is in the room) announce it again when someone new arrives.
 */
export interface SignalBus {
  /** Starts delivering the channel's messages to `onMessage`; the answer stops it. */
  subscribe(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  publish(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL's NOTIFY takes payloads shorter than 8000 bytes; every bus keeps that rule. */
export const SIGNAL_PAYLOAD_MAX_BYTES = 7999;
const CHANNEL = /^[a-z0-9_]{1,63}$/;

/** Channel names go into LISTEN unquoted: lower-case letters, digits and underscores, at most 63. */
export function checkChannel(channel: string): string {
  if (!CHANNEL.test(channel)) throw new Error(`signal channel '${channel.slice(0, 80)}' must be 1-63 characters of [a-z0-9_]`);
  return channel;
}

export function checkPayload(payload: string): string {
  const bytes = Buffer.byteLength(payload, "utf8");
  if (bytes > SIGNAL_PAYLOAD_MAX_BYTES) throw new Error(`signal payload of ${bytes} bytes is over ${SIGNAL_PAYLOAD_MAX_BYTES}`);
  return payload;
}

/** Subscribers of each channel, and the fan-out to them (one handler failing does not stop the rest). */
export class Subscribers {
  private readonly byChannel = new Map<string, Set<(payload: string) => void>>();

  add(channel: string, handler: (payload: string) => void): { first: boolean } {
    let set = this.byChannel.get(channel);
    const first = !set;
    if (!set) this.byChannel.set(channel, (set = new Set()));
    set.add(handler);
    return { first };
  }

  remove(channel: string, handler: (payload: string) => void): { last: boolean } {
    const set = this.byChannel.get(channel);
    if (!set?.delete(handler)) return { last: false };
    if (set.size > 0) return { last: false };
    this.byChannel.delete(channel);
    return { last: true };
  }

  channels(): string[] {
    return [...this.byChannel.keys()];
  }

  deliver(channel: string, payload: string): void {
    for (const handler of [...(this.byChannel.get(channel) ?? [])]) {
      try {
        handler(payload);
      } catch {
        // A subscriber's own failure is its own; the others still get the message.
      }
    }
  }

  clear(): void {
    this.byChannel.clear();
  }
}

/** The embedded database's bus: one process, so the fan-out stays in memory (asynchronous, like NOTIFY). */
export class InProcessSignalBus implements SignalBus {
  private readonly subscribers = new Subscribers();

  async subscribe(channel: string, onMessage: (payload: string) => void) {
    checkChannel(channel);
    this.subscribers.add(channel, onMessage);
    return async () => void this.subscribers.remove(channel, onMessage);
  }

  async publish(channel: string, payload: string) {
    checkChannel(channel);
    checkPayload(payload);
    setImmediate(() => this.subscribers.deliver(channel, payload));
  }

  async close() {
    this.subscribers.clear();
  }
}
