import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startServer } from "./support/server";

const json = { "content-type": "application/json" };

/** The README's start on its own data folder: demo world on first start, kept across restarts, clean stop. */
describe("server lifecycle", () => {
  it("creates the demo world once, keeps data across a restart, and stops cleanly on SIGTERM", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-lifecycle-"));
    let server = await startServer({ dataDir });
    const signIn = async () => {
      const res = await fetch(`${server.url}/login`, {
        method: "POST",
        headers: { ...json, origin: server.url },
        body: JSON.stringify({ email_address: "admin@northwind.example", password: "Parlance-demo-1" }),
      });
      expect(res.status).toBe(200);
      return (res.headers.get("set-cookie") ?? "").split(";")[0];
    };
    const name = `Lifecycle ${Date.now() % 100000}`;
    let cookie = await signIn();
    const created = await fetch(`${server.url}/api/offices/edit`, {
      method: "POST",
      headers: { ...json, origin: server.url, cookie },
      body: JSON.stringify({ name, is_invoiced: true }),
    });
    expect(created.status).toBe(200);

    const exited = new Promise<number | null>((resolve) => server.process.once("exit", (code) => resolve(code)));
    server.process.kill("SIGTERM");
    expect(await exited).toBe(0);

    server = await startServer({ dataDir });
    cookie = await signIn();
    const list = await fetch(`${server.url}/api/offices/list`, {
      method: "POST",
      headers: { ...json, origin: server.url, cookie },
      body: JSON.stringify({ page: 1 }),
    }).then((r) => r.json());
    const names = list.offices.map((o: { name: string }) => o.name);
    // The office made before the restart is there, and the demo offices were not created twice.
    expect(names).toContain(name);
    expect(names.filter((n: string) => n === "Boston")).toHaveLength(1);
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
