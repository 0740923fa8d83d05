import { describe, expect, it } from "vitest";
import { calendarFile, foldLine, icsText } from "./ics.js";

/** The calendar file of a change: RFC 5545 lines (CRLF, folded at 75 octets), escaped text, the iTIP method. */
const event = (over: Partial<Parameters<typeof calendarFile>[0]> = {}) =>
  calendarFile({
    method: "REQUEST",
    uid: "assigned-test-7@parlance.example",
    sequence: 2,
    start: new Date("2026-12-03T15:00:00Z"),
    end: new Date("2026-12-03T15:30:00Z"),
    summary: "Spanish Listening and Speaking (Live)",
    description: "Spanish; live, with Ana",
    organizer: "no-reply@parlance.example",
    attendee: { email: "ana@example.com", name: 'Ana "A" Pérez' },
    stamp: new Date("2026-11-28T08:00:00Z"),
    ...over,
  });

describe("calendar file", () => {
  it("writes one VEVENT with UTC times, the sequence and the method, lines ending in CRLF", () => {
    const ics = event();
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.split("\r\n").every((l) => !l.includes("\n"))).toBe(true);
    for (const line of ["METHOD:REQUEST", "UID:assigned-test-7@parlance.example", "SEQUENCE:2", "DTSTART:20261203T150000Z", "DTEND:20261203T153000Z", "STATUS:CONFIRMED", "DTSTAMP:20261128T080000Z"])
      expect(ics).toContain(`\r\n${line}\r\n`);
    expect(ics).toContain("DESCRIPTION:Spanish\\; live\\, with Ana\r\n");
    // Quotes cannot stand in a quoted parameter; the long line is folded, so compare it unfolded.
    expect(ics.replace(/\r\n /g, "")).toContain('\r\nATTENDEE;CN="Ana A Pérez";ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:ana@example.com\r\n');
  });

  it("a cancel is METHOD:CANCEL and STATUS:CANCELLED", () => {
    const ics = event({ method: "CANCEL", sequence: 3 });
    expect(ics).toContain("\r\nMETHOD:CANCEL\r\n");
    expect(ics).toContain("\r\nSTATUS:CANCELLED\r\n");
    expect(ics).toContain("\r\nSEQUENCE:3\r\n");
  });

  it("folds long lines at 75 octets without splitting a character, and unfolds to the original", () => {
    const line = `SUMMARY:${"汉语听说测试".repeat(10)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => Buffer.byteLength(p, "utf8") <= 75)).toBe(true);
    expect(parts.slice(1).every((p) => p.startsWith(" "))).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    expect(foldLine("SHORT:x")).toBe("SHORT:x");
  });

  it("escapes backslashes, semicolons, commas and newlines in text", () => {
    expect(icsText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
  });
});
