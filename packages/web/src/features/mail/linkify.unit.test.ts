import { describe, expect, it } from "vitest";
import { linkify } from "./linkify";

describe("linkify", () => {
  it("turns web addresses into links and keeps the rest as text", () => {
    expect(linkify("Open http://localhost:3000/set_reset_password?key=abc-123. Thanks")).toEqual([
      { kind: "text", text: "Open " },
      { kind: "link", text: "http://localhost:3000/set_reset_password?key=abc-123", href: "http://localhost:3000/set_reset_password?key=abc-123" },
      { kind: "text", text: ". Thanks" },
    ]);
  });

  it("leaves text without addresses, and other schemes, alone", () => {
    expect(linkify("Hello\nno links")).toEqual([{ kind: "text", text: "Hello\nno links" }]);
    expect(linkify("javascript:alert(1)")).toEqual([{ kind: "text", text: "javascript:alert(1)" }]);
    expect(linkify("")).toEqual([]);
  });

  it("finds several links, also inside brackets", () => {
    const parts = linkify("(https://a.example/x) and https://b.example");
    expect(parts.filter((p) => p.kind === "link").map((p) => p.text)).toEqual(["https://a.example/x", "https://b.example"]);
  });
});
