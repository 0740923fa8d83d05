import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";

/**
 * A small local fake of Twilio's REST API (tests only): the calls the adapter makes — create a
 * call, update it (hang up), fetch a recording's WAV, delete a recording — with Twilio's shapes,
 * its Basic authentication and its error bodies. It keeps what it was asked, for the assertions.
 */
export interface FakeTwilioRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  auth: string | undefined;
}

export interface FakeTwilio {
  url: string;
  requests: FakeTwilioRequest[];
  /** Adds a recording the fake will serve (its WAV bytes); answers its RecordingSid. */
  addRecording(bytes: Buffer): string;
  deletedRecordings: string[];
  close(): Promise<void>;
}

/** A number Twilio refuses (its error 21211), as its test credentials do for +15005550001. */
export const INVALID_TO_NUMBER = "+15005550001";

const hex = (n: number) => randomBytes(n).toString("hex");

export async function startFakeTwilio(accountSid: string, authToken: string): Promise<FakeTwilio> {
  const requests: FakeTwilioRequest[] = [];
  const recordings = new Map<string, Buffer>();
  const deletedRecordings: string[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const params = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      requests.push({ method: req.method ?? "", path: url.pathname, params, auth: req.headers.authorization });
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const error = (status: number, code: number, message: string) => json(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
      if (req.headers.authorization !== expectedAuth) return error(401, 20003, "Authenticate");
      const base = `/2010-04-01/Accounts/${accountSid}`;
      if (!url.pathname.startsWith(`${base}/`)) return error(404, 20404, "The requested resource was not found");
      const rest = url.pathname.slice(base.length);
      if (req.method === "POST" && rest === "/Calls.json") {
        const to = params.get("To") ?? "";
        if (to === INVALID_TO_NUMBER) return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
        if (!params.get("Url")) return error(400, 21205, "Url parameter is required.");
        return json(201, { sid: `CA${hex(16)}`, account_sid: accountSid, to, from: params.get("From"), status: "queued", direction: "outbound-api", uri: `${base}/Calls.json` });
      }
      const callUpdate = /^\/Calls\/(CA[0-9a-f]{32})\.json$/.exec(rest);
      if (req.method === "POST" && callUpdate) return json(200, { sid: callUpdate[1], account_sid: accountSid, status: params.get("Status") ?? "in-progress" });
      const recording = /^\/Recordings\/(RE[0-9a-f]{32})\.(wav|json)$/.exec(rest);
      if (recording) {
        const [, sid, ext] = recording;
        const bytes = recordings.get(sid);
        if (!bytes) return error(404, 20404, `The requested resource ${rest} was not found`);
        if (req.method === "GET" && ext === "wav") {
          res.writeHead(200, { "content-type": "audio/x-wav", "content-length": bytes.length });
          return res.end(bytes);
        }
        if (req.method === "DELETE" && ext === "json") {
          recordings.delete(sid);
          deletedRecordings.push(sid);
          res.writeHead(204);
          return res.end();
        }
      }
      return error(404, 20404, "The requested resource was not found");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    deletedRecordings,
    addRecording(bytes) {
      const sid = `RE${hex(16)}`;
      recordings.set(sid, bytes);
      return sid;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A short valid WAV (silence): what Twilio's recordings are. */
export function tinyWav(ms = 200): Buffer {
  const rate = 8000;
  const samples = Math.round((rate * ms) / 1000);
  const data = Buffer.alloc(samples * 2);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
