import { describe, expect, it } from "vitest";
import { ParseSlots } from "./parse-slots.js";

describe("the server's slots for reading files", () => {
  it("runs two at once, queues two, refuses the fifth with 503 busy; a freed slot goes to the first in line", async () => {
    const slots = new ParseSlots(2, 2);
    const order: string[] = [];
    const gates: (() => void)[] = [];
    const job = (name: string) =>
      slots.run(async () => {
        order.push(`start ${name}`);
        await new Promise<void>((resolve) => gates.push(resolve));
        order.push(`end ${name}`);
      });
    const running = ["a", "b", "c", "d"].map(job);
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(["start a", "start b"]);
    await expect(job("e")).rejects.toMatchObject({ statusCode: 503, messageKey: "upload.messages.busy" });
    gates.shift()!();
    await running[0];
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(["start a", "start b", "end a", "start c"]);
    while (gates.length) {
      gates.shift()!();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(running);
    expect(order.filter((o) => o.startsWith("start"))).toEqual(["start a", "start b", "start c", "start d"]);
    // All free again; a release given twice frees its slot once: a third waits.
    const held = [await slots.acquire(), await slots.acquire()];
    held.forEach((release) => (release(), release()));
    const again = [await slots.acquire(), await slots.acquire()];
    let third = false;
    void slots.acquire().then(() => (third = true));
    await new Promise((r) => setImmediate(r));
    expect(third).toBe(false);
    again[0]!();
    await new Promise((r) => setImmediate(r));
    expect(third).toBe(true);
  });
});
