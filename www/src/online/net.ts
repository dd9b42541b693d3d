// The network under an online game: PeerJS for signaling (a PeerJS server: the public
// cloud one by default, or a self-hosted `peer` server) and for the WebRTC data channels.
// The host listens under its room's peer id; a joiner connects to it and reconnects on its
// own when the host reloads or the connection drops. See docs/online.md.
// Loaded only when a game goes online (PeerJS is most of the online code's size).
import { type DataConnection, Peer, type PeerError } from 'peerjs';
import type { HostCore } from './host';
import { type FromHost, hostPeerId, type Outgoing, parseFromHost } from './protocol';
import { peerOptions, type SignalConfig } from './signal';

export type NetStatus = 'connecting' | 'open' | 'lost' | 'failed';

/** The host's listening side: one PeerJS peer under the room's id, one data channel per joiner. */
export class HostNet {
  private peer: Peer | null = null;
  private readonly conns = new Map<string, DataConnection>();
  private stopped = false;
  private retry: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly room: string,
    private readonly signal: SignalConfig,
    private readonly onStatus: (s: NetStatus, detail?: string) => void,
  ) {}

  core: HostCore | null = null;

  start(): void {
    if (this.stopped) return;
    this.onStatus('connecting');
    const peer = new Peer(hostPeerId(this.room), peerOptions(this.signal));
    this.peer = peer;
    peer.on('open', () => this.onStatus('open'));
    peer.on('connection', (conn) => this.accept(conn));
    peer.on('disconnected', () => {
      // The signaling server dropped us (the data channels stay up): register again.
      if (!this.stopped && !peer.destroyed) peer.reconnect();
    });
    peer.on('error', (e: PeerError<string>) => {
      if (this.stopped) return;
      // After a reload the server may still hold the room's id for a moment: try again.
      const again = e.type === 'unavailable-id' || e.type === 'network' || e.type === 'server-error';
      this.onStatus(again ? 'connecting' : 'failed', e.message);
      if (again) {
        peer.destroy();
        this.retry = setTimeout(() => this.start(), 1000);
      }
    });
  }

  private accept(conn: DataConnection): void {
    const id = conn.connectionId;
    conn.on('open', () => {
      this.conns.set(id, conn);
      this.core?.opened(id);
    });
    conn.on('data', (d) => this.core?.received(id, d));
    const gone = () => {
      if (this.conns.delete(id)) this.core?.closed(id);
    };
    conn.on('close', gone);
    conn.on('error', gone);
  }

  send(id: string, msg: FromHost): void {
    const conn = this.conns.get(id);
    if (conn?.open) void conn.send(JSON.stringify(msg));
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    this.peer?.destroy();
  }
}

/** A joiner's side: connects to the room's host, and again whenever the connection drops. */
export class JoinNet {
  private peer: Peer | null = null;
  private conn: DataConnection | null = null;
  private stopped = false;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private n = 0;

  constructor(
    private readonly room: string,
    private readonly signal: SignalConfig,
    private readonly on: {
      status: (s: NetStatus, detail?: string) => void;
      opened: () => void;
      message: (m: FromHost, raw: string) => void;
    },
  ) {}

  start(): void {
    this.on.status('connecting');
    const peer = new Peer(peerOptions(this.signal));
    this.peer = peer;
    peer.on('open', () => this.connect());
    peer.on('disconnected', () => {
      if (!this.stopped && !peer.destroyed) peer.reconnect();
    });
    peer.on('error', (e: PeerError<string>) => {
      if (this.stopped) return;
      if (e.type === 'peer-unavailable') {
        // The host is not there (yet, or it is reloading): ask again shortly.
        this.on.status('lost', 'The host is not connected; trying again.');
        this.later(() => this.connect());
      } else if (e.type === 'network' || e.type === 'server-error' || e.type === 'socket-error') {
        this.on.status('lost', e.message);
        peer.destroy();
        this.later(() => this.start());
      } else {
        this.on.status('failed', e.message);
      }
    });
  }

  private later(f: () => void): void {
    clearTimeout(this.retry);
    this.retry = setTimeout(() => !this.stopped && f(), 1000);
  }

  private connect(): void {
    if (this.stopped || !this.peer || this.peer.destroyed) return;
    this.conn?.close();
    const conn = this.peer.connect(hostPeerId(this.room), { reliable: true });
    this.conn = conn;
    conn.on('open', () => {
      this.n = 0;
      this.on.status('open');
      this.on.opened();
    });
    conn.on('data', (d) => {
      const m = parseFromHost(d);
      if (m) this.on.message(m, d as string);
    });
    const lost = () => {
      if (this.conn !== conn || this.stopped) return;
      this.conn = null;
      this.on.status('lost', 'The connection to the host dropped; reconnecting.');
      this.later(() => this.connect());
    };
    conn.on('close', lost);
    conn.on('error', lost);
  }

  /** Sends a message; every one but hello gets this connection's next counter, which it
   * returns (0 for hello; null when the host is not connected). */
  send(msg: Outgoing): number | null {
    const conn = this.conn;
    if (!conn?.open) return null;
    const n = msg.t === 'hello' ? 0 : ++this.n;
    void conn.send(JSON.stringify(msg.t === 'hello' ? msg : { ...msg, n }));
    return n;
  }

  /** Sends text as it is (for tests of the host's checks). */
  sendRaw(data: unknown): void {
    if (this.conn?.open) void this.conn.send(data);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    this.peer?.destroy();
  }
}
