/**
 * Preloaded into a server started by a browser test that needs another "now" (node --import):
 * E2E_FAKE_NOW (ISO 8601) becomes the current time and the clock runs on from there, so
 * scheduling can be tested in a chosen week (a daylight-saving change) whatever today is.
 * E2E_FAKE_NOW_FILE names a file the test writes an ISO time into to move the clock while the
 * server runs (read every 100 ms; absent or empty: the real time), so a test can reach a booked
 * appointment days ahead.
 * The embedded database's own now() is untouched; the server's times all come from JavaScript.
 */
import fs from "node:fs";

const RealDate = Date;
let offset = 0;
const shiftTo = (iso) => {
  const target = Date.parse(iso ?? "");
  offset = Number.isNaN(target) ? 0 : target - RealDate.now();
};

shiftTo(process.env.E2E_FAKE_NOW);
const file = process.env.E2E_FAKE_NOW_FILE;
if (file) {
  let last = "";
  const read = () => {
    let text = "";
    try {
      text = fs.readFileSync(file, "utf8").trim();
    } catch {
      // No file yet: the real time.
    }
    if (text !== last) {
      last = text;
      shiftTo(text);
    }
  };
  read();
  setInterval(read, 100).unref();
}

if (process.env.E2E_FAKE_NOW || file) {
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
