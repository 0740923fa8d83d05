import pg from "pg";
import type { SqlExecutor } from "../db/client.js";
import { checkChannel, checkPayload, Subscribers, type SignalBus } from "./signal-bus.js";

const RECONNECT_DELAY_MS = 1_000;

/**
 * The signal bus on PostgreSQL: LISTEN on one connection of its own (a pooled connection cannot
 * hold a LISTEN), NOTIFY through any connection. Every process on the database that listens on a
 * channel gets each NOTIFY on it, the sender included. A lost connection is opened again and
 * every channel listened to again; messages sent meanwhile are lost (the bus is at most once).
 */
export class PostgresSignalBus implements SignalBus {
  private readonly subscribers = new Subscribers();
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;

  /** `notify`: the application's pool (else NOTIFY goes through the listening connection). */
  constructor(
    private readonly url: string,
    private readonly notify?: SqlExecutor,
  ) {}

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    if (this.connecting) return this.connecting;
    this.connecting = (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on("notification", (n) => this.subscribers.deliver(n.channel, n.payload ?? ""));
      const lost = () => this.lost(client);
      client.on("error", lost);
      client.on("end", lost);
      try {
        await client.connect();
        for (const channel of this.subscribers.channels()) await client.query(`LISTEN ${checkChannel(channel)}`);
      } catch (err) {
        client.removeAllListeners();
        client.on("error", () => undefined);
        await client.end().catch(() => undefined);
        throw err;
      }
      if (this.closed) {
        await client.end().catch(() => undefined);
        throw new Error("the signal bus is closed");
      }
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners("notification");
    if (this.closed || this.reconnectTimer) return;
    const retry = () => {
      this.reconnectTimer = null;
      if (this.closed || this.subscribers.channels().length === 0) return;
      this.connect().catch(() => {
        if (!this.closed) this.reconnectTimer = setTimeout(retry, RECONNECT_DELAY_MS);
      });
    };
    this.reconnectTimer = setTimeout(retry, RECONNECT_DELAY_MS);
  }

  async subscribe(channel: string, onMessage: (payload: string) => void) {
    checkChannel(channel);
    if (this.closed) throw new Error("the signal bus is closed");
    const { first } = this.subscribers.add(channel, onMessage);
    if (first) {
      try {
        await (await this.connect()).query(`LISTEN ${channel}`);
      } catch (err) {
        this.subscribers.remove(channel, onMessage);
        throw err;
      }
    }
    return async () => {
      const { last } = this.subscribers.remove(channel, onMessage);
      if (last && this.client) await this.client.query(`UNLISTEN ${channel}`).catch(() => undefined);
    };
  }

  async publish(channel: string, payload: string) {
    checkChannel(channel);
    checkPayload(payload);
    if (this.notify) await this.notify.query("SELECT pg_notify($1, $2)", [channel, payload]);
    else await (await this.connect()).query("SELECT pg_notify($1, $2)", [channel, payload]);
  }

  async close() {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.subscribers.clear();
    const client = this.client ?? (await this.connecting?.catch(() => null)) ?? null;
    this.client = null;
    if (client) {
      client.removeAllListeners();
      client.on("error", () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}
