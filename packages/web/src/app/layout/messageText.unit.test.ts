import { describe, expect, it } from "vitest";
import { queryMessageText, serverMessageText } from "./messageText";

describe("banner texts", () => {
  const known = new Set(["messages.signedOut"]);
  const exists = (k: string) => known.has(k);
  const t = (k: string) => `T(${k})`;

  it("translates known keys and shows other server text as written", () => {
    expect(serverMessageText("messages.signedOut", exists, t)).toBe("T(messages.signedOut)");
    expect(serverMessageText("Maintenance tonight at 10 p.m.", exists, t)).toBe("Maintenance tonight at 10 p.m.");
  });

  it("shows only known keys from the address bar", () => {
    expect(queryMessageText("messages.signedOut", exists, t)).toBe("T(messages.signedOut)");
    expect(queryMessageText("Call 555-0100 to verify your account", exists, t)).toBeNull();
    expect(queryMessageText("messages.unknown", exists, t)).toBeNull();
    expect(queryMessageText(null, exists, t)).toBeNull();
  });
});
