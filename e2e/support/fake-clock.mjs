/**
 * Preloaded into a server started by a browser test that needs another "now" (node --import):
 * E2E_FAKE_NOW (ISO 8601) becomes the current time and the clock runs on from there, so
 * scheduling can be tested in a chosen week (a daylight-saving change) whatever today is.
 * The embedded database's own now() is untouched; the server's times all come from JavaScript.
 */
const target = Date.parse(process.env.E2E_FAKE_NOW ?? "");
if (!Number.isNaN(target)) {
  const RealDate = Date;
  const offset = target - RealDate.now();
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
