/**
 * The calendar file of an appointment change (RFC 5545 with the iTIP methods of RFC 5546): one
 * VEVENT whose UID names the appointment, so a calendar updates the event it already holds. A move
 * is METHOD:REQUEST with a higher SEQUENCE, a cancel METHOD:CANCEL (STATUS:CANCELLED). Times are
 * UTC (no VTIMEZONE needed); lines end in CRLF and are folded at 75 octets as the RFC asks.
 */

export type CalendarMethod = "REQUEST" | "CANCEL";

export interface CalendarEvent {
  method: CalendarMethod;
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  organizer: string;
  attendee: { email: string; name: string };
  stamp: Date;
}

/** 20261128T093000Z */
export const icsTime = (d: Date): string => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
export const icsText = (s: string): string => s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** A parameter value (a name) in quotes, without the characters a quoted value cannot hold. */
const icsParam = (s: string): string => `"${s.replace(/["\r\n]/g, "")}"`;

/** Folds a content line at 75 octets, never inside a UTF-8 character (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, "utf8");
    // The first line holds 75 octets; continuation lines start with a space, so 74 more.
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

export function calendarFile(e: CalendarEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Parlance//Appointments//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${e.method}`,
    "BEGIN:VEVENT",
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${icsTime(e.stamp)}`,
    `DTSTART:${icsTime(e.start)}`,
    `DTEND:${icsTime(e.end)}`,
    `SUMMARY:${icsText(e.summary)}`,
    `DESCRIPTION:${icsText(e.description)}`,
    `ORGANIZER:mailto:${e.organizer}`,
    `ATTENDEE;CN=${icsParam(e.attendee.name)};ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${e.attendee.email}`,
    `STATUS:${e.method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
