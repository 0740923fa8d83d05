import { describe, expect, it } from "vitest";
import type { Permission } from "@parlance/contract";
import { visibleLinks } from "../../ui/links";
import { ACCOUNT_MENU } from "./links";
import { queryMessageText, serverMessageText } from "./messageText";

const canOnly = (...held: Permission[]) => (p: Permission) => held.includes(p);
const available = new Set(["/overview", "/logout", "/login", "/account/profile", "/training", "/account/payment_methods"]);

describe("visibleLinks (account menu)", () => {
  it("shows an entry only with its permission and only when its screen exists", () => {
    const paths = visibleLinks(ACCOUNT_MENU, { can: canOnly("changePassword"), signedIn: true, available }).map((l) => l.to);
    expect(paths).toEqual(["/overview", "/account/profile", "/logout"]);
    const more = visibleLinks(ACCOUNT_MENU, { can: canOnly("training", "creditCardOnFile"), signedIn: true, available }).map((l) => l.to);
    expect(more).toEqual(["/overview", "/account/payment_methods", "/training", "/logout"]);
  });

  it("offers only Sign in to a visitor", () => {
    const paths = visibleLinks(ACCOUNT_MENU, { can: () => false, signedIn: false, available }).map((l) => l.to);
    expect(paths).toEqual(["/login"]);
  });
});

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
