import { VIDEO_CLOSE, type VideoAccessToken, type VideoRole, type VideoServerMessage, type VideoSignal } from "@parlance/contract";

/**
 * One side of a video room: the WebSocket to our signalling (the token's room) and the WebRTC
 * connection to the other side. The evaluator always makes the offer, so the two never offer at
 * once: the candidate says `ready` when it joins and whenever the evaluator (re)joins, and each
 * `ready` gets a fresh offer. ICE candidates that arrive before the description they belong to
 * wait for it (the two sides may be on different server processes).
 */

export interface VideoCallEvents {
  /** The other side's stream, or null when they left or the connection broke. */
  onRemoteStream(stream: MediaStream | null): void;
  /** The socket closed: ended by us, replaced by a newer window of ours, or failed. */
  onClosed(reason: "ended" | "replaced" | "failed"): void;
}

export class VideoCall {
  private socket: WebSocket | null = null;
  private peer: RTCPeerConnection | null = null;
  private pending: RTCIceCandidateInit[] = [];
  private stopped = false;

  constructor(
    private readonly role: VideoRole,
    private readonly access: VideoAccessToken,
    private readonly local: MediaStream,
    private readonly events: VideoCallEvents,
  ) {}

  /** Opens the socket; resolves once the room is joined, rejects if the socket cannot open or is refused. */
  start(): Promise<void> {
    const url = new URL(this.access.socketPath, window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(url);
    this.socket = socket;
    return new Promise((resolve, reject) => {
      let joined = false;
      socket.onmessage = (e) => {
        const message = JSON.parse(String(e.data)) as VideoServerMessage;
        if (message.type === "joined") {
          joined = true;
          resolve();
        }
        void this.receive(message).catch(() => this.events.onRemoteStream(null));
      };
      socket.onclose = (e) => {
        this.closePeer();
        if (!joined) return reject(new Error(`video socket closed (${e.code})`));
        if (this.stopped) return;
        this.stopped = true;
        this.events.onClosed(e.code === VIDEO_CLOSE.replaced ? "replaced" : "failed");
      };
    });
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.closePeer();
    this.socket?.close(1000, "left");
    this.events.onClosed("ended");
  }

  private send(signal: VideoSignal): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(signal));
  }

  private async receive(message: VideoServerMessage): Promise<void> {
    switch (message.type) {
      case "joined":
      case "peer-joined":
        if (this.role === "candidate") this.send({ kind: "ready" });
        return;
      case "peer-left":
        this.closePeer();
        return;
      case "signal":
        return this.onSignal(message.signal);
    }
  }

  private async onSignal(signal: VideoSignal): Promise<void> {
    if (signal.kind === "ready" && this.role === "evaluator") {
      const peer = this.newPeer();
      await peer.setLocalDescription(await peer.createOffer());
      this.send({ kind: "offer", sdp: peer.localDescription!.sdp });
    } else if (signal.kind === "offer" && this.role === "candidate") {
      const peer = this.newPeer();
      await peer.setRemoteDescription({ type: "offer", sdp: signal.sdp });
      await this.flushCandidates(peer);
      await peer.setLocalDescription(await peer.createAnswer());
      this.send({ kind: "answer", sdp: peer.localDescription!.sdp });
    } else if (signal.kind === "answer" && this.role === "evaluator" && this.peer) {
      await this.peer.setRemoteDescription({ type: "answer", sdp: signal.sdp });
      await this.flushCandidates(this.peer);
    } else if (signal.kind === "candidate") {
      if (this.peer?.remoteDescription) await this.peer.addIceCandidate(signal.candidate);
      else this.pending.push(signal.candidate);
    }
  }

  private async flushCandidates(peer: RTCPeerConnection): Promise<void> {
    for (const c of this.pending.splice(0)) await peer.addIceCandidate(c).catch(() => undefined);
  }

  /** A fresh connection with our camera and microphone; the old one, if any, is closed. */
  private newPeer(): RTCPeerConnection {
    this.closePeer();
    const peer = new RTCPeerConnection({ iceServers: this.access.iceServers });
    for (const track of this.local.getTracks()) peer.addTrack(track, this.local);
    peer.onicecandidate = (e) => {
      if (e.candidate) this.send({ kind: "candidate", candidate: e.candidate.toJSON() as Extract<VideoSignal, { kind: "candidate" }>["candidate"] });
    };
    peer.ontrack = (e) => this.events.onRemoteStream(e.streams[0] ?? new MediaStream([e.track]));
    peer.onconnectionstatechange = () => {
      if (peer.connectionState === "failed") {
        this.events.onRemoteStream(null);
        // The candidate asks for a new offer; the evaluator waits for that ask.
        if (this.role === "candidate") this.send({ kind: "ready" });
      }
    };
    this.peer = peer;
    return peer;
  }

  private closePeer(): void {
    const wasOpen = this.peer !== null;
    this.peer?.close();
    this.peer = null;
    this.pending = [];
    if (wasOpen) this.events.onRemoteStream(null);
  }
}
