import { afterEach, describe, expect, it, vi } from "vitest";
import { dropRemotes, remoteOf } from "./remote";

// An answer the page carried is dated by the page (api/pageReads.ts): here, the one marked so.
const carried = { time_limit: 60_000 };
vi.mock("../../../api/pageReads", () => ({ readAtOf: (answer: unknown) => (answer === carried ? 1_000 : undefined) }));

afterEach(() => {
  vi.useRealTimers();
  dropRemotes(["t"]);
});

describe("the test page's reads (flow/remote.ts)", () => {
  it("reads once for everyone who asks at the same time, and tells its followers", async () => {
    const load = vi.fn(async () => 42);
    const remote = remoteOf(["t", 1], load, 0);
    const seen: string[] = [];
    remote.subscribe(() => seen.push(remote.state.status));
    await Promise.all([remote.fetch(), remote.fetch()]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(remote.state).toMatchObject({ data: 42, status: "success", isFetching: false });
    expect(remote.state.dataUpdatedAt).toBeGreaterThan(0);
    expect(seen).toEqual(["pending", "success"]);
  });

  it("dates an answer the page carried by when the page arrived, any other by when it came", async () => {
    const fromPage = remoteOf(["t", "page"], async () => carried, 0);
    await fromPage.fetch();
    expect(fromPage.state.dataUpdatedAt).toBe(1_000);
    const fromServer = remoteOf(["t", "server"], async () => ({ time_limit: 60_000 }), 0);
    const before = Date.now();
    await fromServer.fetch();
    expect(fromServer.state.dataUpdatedAt).toBeGreaterThanOrEqual(before);
  });

  it("retries as react-query did (1 s, then 2 s) and then says the last failure", async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => Promise.reject(new Error("down")));
    const remote = remoteOf(["t", 2], load, 2);
    const done = remote.fetch();
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    await done;
    expect(load).toHaveBeenCalledTimes(3);
    expect(remote.state).toMatchObject({ status: "error", isFetching: false });
    expect((remote.state.error as Error).message).toBe("down");
  });

  it("keeps data written another way, and a failed read again keeps the data it had", async () => {
    const remote = remoteOf<string>(["t", 3], async () => Promise.reject(new Error("offline")), 0);
    remote.setData("started");
    expect(remote.state).toMatchObject({ status: "success", data: "started" });
    await remote.fetch();
    expect(remote.state).toMatchObject({ status: "error", data: "started" });
  });

  it("forgets the entries under a key: the next use makes a new one", () => {
    const a = remoteOf(["t", 4, "section", 1], async () => 1, 0);
    const b = remoteOf(["t", 4, "show"], async () => 1, 0);
    const other = remoteOf(["t", 44, "section", 1], async () => 1, 0);
    dropRemotes(["t", 4, "section"]);
    expect(remoteOf(["t", 4, "section", 1], async () => 1, 0)).not.toBe(a);
    expect(remoteOf(["t", 4, "show"], async () => 1, 0)).toBe(b);
    expect(remoteOf(["t", 44, "section", 1], async () => 1, 0)).toBe(other);
    dropRemotes(["t", 4]);
    expect(remoteOf(["t", 4, "show"], async () => 1, 0)).not.toBe(b);
  });
});
