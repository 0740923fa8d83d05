import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/free-port.mjs";

/**
 * WebKitGTK's MiniBrowser driven over W3C WebDriver (classic, HTTP + JSON) by WebKitWebDriver, on a
 * virtual X display (MiniBrowser has no headless mode): Debian's `webkit2gtk-driver` and `xvfb`.
 * Playwright's WebKit is its own patched build, which cannot be downloaded here; this is the stock
 * WebKitGTK a Linux candidate's GNOME Web (Epiphany) runs. The client is the few commands a test
 * needs, no library: new session, navigate, execute script, element click and send keys.
 */

const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
export type ElementRef = { [ELEMENT]: string };

export function miniBrowserPath(): string | null {
  if (process.env.MINIBROWSER_PATH) return process.env.MINIBROWSER_PATH;
  const lib = "/usr/lib";
  for (const dir of fs.existsSync(lib) ? fs.readdirSync(lib) : []) {
    const candidate = path.join(lib, dir, "webkit2gtk-4.1", "MiniBrowser");
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

export class WebDriverError extends Error {
  constructor(
    readonly error: string,
    message: string,
  ) {
    super(`${error}: ${message}`);
  }
}

export class WebKitSession {
  private constructor(
    private readonly base: string,
    private readonly children: ChildProcess[],
    /** The browser's home: MiniBrowser saves downloads in its Downloads folder. */
    readonly home: string,
  ) {}

  get downloadsDir(): string {
    return path.join(this.home, "Downloads");
  }

  static async start(): Promise<WebKitSession> {
    const binary = miniBrowserPath();
    if (!binary || !fs.existsSync("/usr/bin/WebKitWebDriver")) throw new Error("WebKitGTK's MiniBrowser or WebKitWebDriver is missing: apt-get install webkit2gtk-driver xvfb");
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-webkit-"));
    fs.mkdirSync(path.join(home, ".config"), { recursive: true });
    fs.mkdirSync(path.join(home, "Downloads"));
    fs.writeFileSync(path.join(home, ".config", "user-dirs.dirs"), `XDG_DOWNLOAD_DIR="$HOME/Downloads"\n`);
    const port = await freePort();
    const session = new WebKitSession(`http://127.0.0.1:${port}`, [], home);
    try {
      await session.open(binary, port);
    } catch (err) {
      await session.close();
      throw err;
    }
    return session;
  }

  private async open(binary: string, port: number): Promise<void> {
    const display = await startXvfb(this.children);
    const env = { ...process.env, HOME: this.home, XDG_CONFIG_HOME: path.join(this.home, ".config"), DISPLAY: display };
    this.children.push(spawn("/usr/bin/WebKitWebDriver", [`--port=${port}`, "--host=127.0.0.1"], { env, stdio: "ignore" }));
    for (const until = Date.now() + 20_000; ; await sleep(100)) {
      try {
        await fetch(`http://127.0.0.1:${port}/status`);
        break;
      } catch {
        if (Date.now() > until) throw new Error("WebKitWebDriver did not start");
      }
    }
    const created = await this.command<{ sessionId: string }>("POST", "/session", {
      capabilities: { alwaysMatch: { "webkitgtk:browserOptions": { binary, args: ["--automation"] } } },
    });
    this.sessionPath = `/session/${created.sessionId}`;
    await this.command("POST", `${this.sessionPath}/window/rect`, { width: 1280, height: 900 });
  }

  private sessionPath = "";

  async command<T = unknown>(method: "GET" | "POST" | "DELETE", route: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.base}${route}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { value: T & { error?: string; message?: string } };
    if (!res.ok) throw new WebDriverError(json.value?.error ?? String(res.status), json.value?.message ?? "");
    return json.value;
  }

  private s<T = unknown>(method: "GET" | "POST" | "DELETE", route: string, body?: unknown) {
    return this.command<T>(method, `${this.sessionPath}${route}`, body);
  }

  navigate = (url: string) => this.s("POST", "/url", { url });
  currentUrl = () => this.s<string>("GET", "/url");
  /** The function body runs in the page with `arguments`; an element it returns comes back as a reference. */
  execute = <T>(script: string, args: unknown[] = []) => this.s<T>("POST", "/execute/sync", { script, args });
  /** As execute, for a script that calls `arguments[arguments.length - 1]` with its result. */
  executeAsync = <T>(script: string, args: unknown[] = []) => this.s<T>("POST", "/execute/async", { script, args });
  click = (el: ElementRef) => this.s("POST", `/element/${el[ELEMENT]}/click`, {});
  sendKeys = (el: ElementRef, text: string) => this.s("POST", `/element/${el[ELEMENT]}/value`, { text });

  async close(): Promise<void> {
    if (this.sessionPath) await this.s("DELETE", "").catch(() => undefined);
    for (const child of this.children.reverse()) child.kill("SIGTERM");
    fs.rmSync(this.home, { recursive: true, force: true });
  }
}

/** Xvfb on the first free display (it says which on a pipe: -displayfd). */
async function startXvfb(children: ChildProcess[]): Promise<string> {
  const xvfb = spawn("Xvfb", ["-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"], { stdio: ["ignore", "ignore", "pipe", "pipe"] });
  children.push(xvfb);
  return new Promise((resolve, reject) => {
    let text = "";
    let log = "";
    const timer = setTimeout(() => reject(new Error(`Xvfb did not start: ${log}`)), 20_000);
    xvfb.stderr?.on("data", (d) => (log += d));
    xvfb.stdio[3]!.on("data", (d: Buffer) => {
      text += d.toString();
      if (text.includes("\n")) {
        clearTimeout(timer);
        resolve(`:${text.trim()}`);
      }
    });
    xvfb.on("error", (err) => reject(new Error(`Xvfb: ${err.message} (apt-get install xvfb)`)));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
