import { afterEach, describe, expect, it } from "vitest";
import pg from "pg";
import { InProcessSignalBus, SIGNAL_PAYLOAD_MAX_BYTES, type SignalBus } from "./signal-bus.js";
import { PostgresSignalBus } from "./postgres-signal-bus.js";

/**
 * The signal bus: in memory (the embedded database's one process) and on PostgreSQL, where two
 * buses stand for two server processes on one database. The PostgreSQL half needs
 * TEST_DATABASE_URL (LISTEN/NOTIFY need no tables, so it uses that database as it is).
 */

const databaseUrl = process.env.TEST_DATABASE_URL;
const opened: SignalBus[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((b) => b.close()));
});

/** Every payload `bus` delivers on `channel`, as it arrives. */
async function collect(bus: SignalBus, channel: string) {
  const got: string[] = [];
  const stop = await bus.subscribe(channel, (p) => got.push(p));
  return { got, stop };
}

const eventually = (check: () => void) => expect.poll(() => { check(); return true; }, { timeout: 5_000, interval: 20 }).toBe(true);
const quiet = (ms = 300) => new Promise((r) => setTimeout(r, ms));

function sharedBehaviour(name: string, open: () => SignalBus) {
  describe(name, () => {
    const bus = () => {
      const b = open();
      opened.push(b);
      return b;
    };

    it("delivers a message to every subscriber of its channel, the sender's own included, and only them", async () => {
      const a = bus();
      const one = await collect(a, "room_1");
      const two = await collect(a, "room_1");
      const other = await collect(a, "room_2");
      await a.publish("room_1", '{"hello":"é"}');
      await eventually(() => expect(one.got).toEqual(['{"hello":"é"}']));
      await eventually(() => expect(two.got).toEqual(['{"hello":"é"}']));
      await quiet();
      expect(other.got).toEqual([]);
    });

    it("stops delivering once unsubscribed; the channel's other subscribers keep theirs", async () => {
      const a = bus();
      const one = await collect(a, "room_3");
      const two = await collect(a, "room_3");
      await one.stop();
      await a.publish("room_3", "after");
      await eventually(() => expect(two.got).toEqual(["after"]));
      await quiet();
      expect(one.got).toEqual([]);
    });

    it("refuses channel names outside [a-z0-9_] and payloads of 8000 bytes or more, sending nothing", async () => {
      const a = bus();
      const seen = await collect(a, "room_4");
      for (const channel of ["Room", "room-4", "room 4", "", "x".repeat(64), "room_4;drop"]) {
        await expect(a.publish(channel, "x")).rejects.toThrow(/\[a-z0-9_\]/);
        await expect(a.subscribe(channel, () => undefined)).rejects.toThrow(/\[a-z0-9_\]/);
      }
      await expect(a.publish("room_4", "é".repeat(4000))).rejects.toThrow(/bytes/);
      await a.publish("room_4", "x".repeat(SIGNAL_PAYLOAD_MAX_BYTES));
      await eventually(() => expect(seen.got.map((p) => p.length)).toEqual([SIGNAL_PAYLOAD_MAX_BYTES]));
    });

    it("a subscriber that throws does not keep the message from the others", async () => {
      const a = bus();
      await a.subscribe("room_5", () => {
        throw new Error("mine");
      });
      const ok = await collect(a, "room_5");
      await a.publish("room_5", "still");
      await eventually(() => expect(ok.got).toEqual(["still"]));
    });
  });
}

sharedBehaviour("the in-process bus", () => new InProcessSignalBus());

describe.skipIf(!databaseUrl)("the PostgreSQL bus (LISTEN/NOTIFY; needs TEST_DATABASE_URL)", () => {
  sharedBehaviour("one process", () => new PostgresSignalBus(databaseUrl!));

  it("two processes on one database: each one's message reaches the other's subscribers", async () => {
    const a = new PostgresSignalBus(databaseUrl!);
    const b = new PostgresSignalBus(databaseUrl!);
    opened.push(a, b);
    const onA = await collect(a, "video_room_two_processes");
    const onB = await collect(b, "video_room_two_processes");
    await a.publish("video_room_two_processes", "from a");
    await b.publish("video_room_two_processes", "from b");
    await eventually(() => expect(onB.got.sort()).toEqual(["from a", "from b"]));
    await eventually(() => expect(onA.got.sort()).toEqual(["from a", "from b"]));
  });

  it("listens again after its connection is lost", async () => {
    const a = new PostgresSignalBus(databaseUrl!);
    const b = new PostgresSignalBus(databaseUrl!);
    opened.push(a, b);
    const onA = await collect(a, "video_room_reconnect");
    // Cut a's listening connection from the server's side, as a restart or a network fault would.
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND query ILIKE 'LISTEN video_room_reconnect%'",
      );
      expect(rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await expect
      .poll(
        async () => {
          await b.publish("video_room_reconnect", "again");
          return onA.got.length > 0;
        },
        { timeout: 10_000, interval: 300 },
      )
      .toBe(true);
    expect(onA.got[0]).toBe("again");
  });
});
