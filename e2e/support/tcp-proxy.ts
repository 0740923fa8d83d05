import net from "node:net";

/**
 * A small TCP proxy in front of a test's server, on an address of its own: the browser's origin,
 * cookie and IndexedDB stay the same while the server behind it is restarted (taking-resilience),
 * or while the proxy plays a network that is down (a browser driven over WebDriver, which has no
 * offline switch of its own: delivery-file-browsers).
 */
export interface TcpProxy {
  url: string;
  /** The port connections are forwarded to; null: every connection is refused. */
  target: number | null;
  /** The network goes down: live connections are cut and new ones refused until `target` is set again. */
  cut(): void;
  close(): Promise<void>;
}

export async function startProxy(target: number | null = null): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (proxy.target === null) return void client.destroy();
    const upstream = net.connect(proxy.target, "127.0.0.1");
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
    }
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  const cutAll = () => {
    for (const s of sockets) s.destroy();
  };
  const proxy: TcpProxy = {
    url: "",
    target,
    cut() {
      proxy.target = null;
      cutAll();
    },
    close: () =>
      new Promise((r) => {
        cutAll();
        server.close(() => r());
      }),
  };
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  proxy.url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return proxy;
}
