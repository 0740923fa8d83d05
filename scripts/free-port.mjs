// A free TCP port on 127.0.0.1, for a server a test, benchmark or script starts (the port is
// released before it answers, so another process could take it first: callers start at once).
import net from "node:net";

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {net.AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}
