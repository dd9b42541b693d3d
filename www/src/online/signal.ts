// Which signaling server online games use (PeerJS's public one, or a self-hosted `peer`
// server) and which ICE servers: this device's setting, a join link's, and PeerJS's options.
import type { PeerOptions } from 'peerjs';
import type { KeyValue } from '../saves';

/** Where the signaling server is, and which ICE servers WebRTC may use. */
export interface SignalConfig {
  /** '' for PeerJS's public server; else a self-hosted `peer` server's address
   * (http(s)://host:port/path). */
  server: string;
  /** 'default': PeerJS's STUN/TURN list; 'none': host candidates only (one network, tests). */
  ice: 'default' | 'none';
}

export const DEFAULT_SIGNAL: SignalConfig = { server: '', ice: 'default' };
const SIGNAL_KEY = 'ttr:signal';

export function loadSignal(kv: KeyValue): SignalConfig {
  try {
    const s = JSON.parse(kv.getItem(SIGNAL_KEY) ?? 'null') as Partial<SignalConfig> | null;
    return {
      server: typeof s?.server === 'string' ? s.server : '',
      ice: s?.ice === 'none' ? 'none' : 'default',
    };
  } catch {
    return DEFAULT_SIGNAL;
  }
}

export function saveSignal(kv: KeyValue, c: SignalConfig): void {
  kv.setItem(SIGNAL_KEY, JSON.stringify(c));
}

/** The signaling settings a link carries (`signal`, `ice`), over this device's own. */
export function signalFromQuery(search: string, fallback: SignalConfig): SignalConfig {
  const q = new URLSearchParams(search);
  const server = q.get('signal');
  const ice = q.get('ice');
  return {
    server: server !== null && validServer(server) ? server : fallback.server,
    ice: ice === 'none' || ice === 'default' ? ice : fallback.ice,
  };
}

/** Whether an address can be a signaling server's ('' is the public default). */
export function validServer(s: string): boolean {
  if (s === '') return true;
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

export function peerOptions(c: SignalConfig): PeerOptions {
  const o: PeerOptions = { debug: 0 };
  if (c.server) {
    const u = new URL(c.server);
    o.host = u.hostname;
    o.secure = u.protocol === 'https:';
    o.port = Number(u.port || (o.secure ? 443 : 80));
    o.path = u.pathname || '/';
  }
  if (c.ice === 'none') o.config = { iceServers: [] };
  return o;
}

/** The join link of a room: this site with `?join=CODE`, and the signaling settings when
 * they are not the defaults. */
export function joinUrl(href: string, room: string, c: SignalConfig): string {
  const url = new URL(href);
  url.hash = '';
  const q = new URLSearchParams({ join: room });
  if (c.server) q.set('signal', c.server);
  if (c.ice !== 'default') q.set('ice', c.ice);
  url.search = `?${q.toString()}`;
  return url.toString();
}
