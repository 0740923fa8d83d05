import type { FastifyInstance, FastifyRequest } from "fastify";
import websocket from "@fastify/websocket";
import { VIDEO_CLOSE, VIDEO_SIGNAL_MAX_BYTES, VIDEO_SOCKET_PATH, videoSignal, type VideoRole } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { HttpError, unauthorized } from "../http/errors.js";
import { comesFromAnotherSite } from "../http/same-origin.js";
import { createSignalBus } from "../realtime/create-signal-bus.js";
import type { SignalBus } from "../realtime/signal-bus.js";
import { spendVideoToken } from "./access.js";
import { VideoRooms } from "./rooms.js";

/** A socket that answers no ping for this long is gone (a closed laptop, a lost network). */
const PING_INTERVAL_MS = 25_000;

const refused = () => new HttpError(401, "This video link has expired or is not yours. Open the video again.", "video.messages.badToken");

/**
 * The video room's WebSocket, `${VIDEO_SOCKET_PATH}/{assigned test id}?token=…` (docs/video.md).
 * Before the upgrade: the session must be the token's person, the token this room's, unspent and
 * in time (401 otherwise, and no socket), and the page our own. After it, the socket carries the
 * WebRTC signals of the two sides through the rooms of every process (rooms.ts, the signal bus).
 */
export async function installVideoSignalling(app: FastifyInstance, ctx: AppContext, bus: SignalBus = createSignalBus(ctx)): Promise<VideoRooms> {
  const rooms = new VideoRooms(bus);
  const joins = new WeakMap<FastifyRequest, { id: number; role: VideoRole }>();

  await app.register(async (scope) => {
    // JSON around a signal of VIDEO_SIGNAL_MAX_BYTES; a larger message closes the socket (1009).
    await scope.register(websocket, { options: { maxPayload: VIDEO_SIGNAL_MAX_BYTES + 2048 } });
    scope.addHook("onClose", async () => {
      await rooms.close();
      await bus.close();
    });

    scope.get<{ Params: { id: string }; Querystring: { token?: string } }>(
      `${VIDEO_SOCKET_PATH}/:id`,
      {
        websocket: true,
        preValidation: async (req) => {
          if (!/^[1-9]\d{0,9}$/.test(req.params.id) || Number(req.params.id) > 2_147_483_647) throw refused();
          // Cross-site WebSocket hijacking: a socket opened by another site's page is refused.
          if (comesFromAnotherSite(req, ctx.config.publicUrl)) throw refused();
          if (!req.caller) throw unauthorized();
          const id = Number(req.params.id);
          const token = typeof req.query.token === "string" ? req.query.token : "";
          const spent = await spendVideoToken(ctx, token, id, req.caller.userId);
          if (!spent) throw refused();
          joins.set(req, { id, role: spent.role });
        },
      },
      async (socket, req) => {
        const join = joins.get(req);
        if (!join) return socket.close(VIDEO_CLOSE.badToken, "no token");
        // Messages may arrive before the room is joined: hold them until it is.
        const early: string[] = [];
        let onMessage: (raw: string) => void = (raw) => void early.push(raw);
        socket.on("message", (data) => onMessage(data.toString()));

        let alive = true;
        socket.on("pong", () => (alive = true));
        const ping = setInterval(() => {
          if (!alive) return socket.terminate();
          alive = false;
          socket.ping();
        }, PING_INTERVAL_MS);

        const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
        socket.on("error", () => socket.terminate());
        let member: Awaited<ReturnType<VideoRooms["join"]>>;
        try {
          member = await rooms.join(join.id, join.role, socket);
        } catch {
          clearInterval(ping);
          return socket.close(1011, "signalling unavailable");
        }
        onMessage = (raw) => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(raw);
          } catch {
            return socket.close(VIDEO_CLOSE.badMessage, "not a signal");
          }
          const signal = videoSignal.safeParse(parsed);
          if (!signal.success) return socket.close(VIDEO_CLOSE.badMessage, "not a signal");
          rooms.relay(join.id, member, signal.data);
        };
        for (const raw of early.splice(0)) onMessage(raw);
        void closed.then(async () => {
          clearInterval(ping);
          await rooms.leave(join.id, member);
        });
        if (socket.readyState !== socket.OPEN) await rooms.leave(join.id, member);
      },
    );
  });
  return rooms;
}
