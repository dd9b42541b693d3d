// The signaling settings: a device's own, a join link's, and what PeerJS is given.
import { describe, expect, it } from 'vitest';
import { hostPeerId, roomCode } from './protocol';
import { DEFAULT_SIGNAL, joinUrl, peerOptions, signalFromQuery, validServer } from './signal';

describe('signaling settings', () => {
  it("uses PeerJS's public server and its ICE servers by default", () => {
    const o = peerOptions(DEFAULT_SIGNAL);
    expect(o.host).toBeUndefined();
    expect(o.config).toBeUndefined();
  });
  it('points PeerJS at a self-hosted server, with no ICE servers on one network', () => {
    const o = peerOptions({ server: 'https://signal.example.org:9443/peer/', ice: 'none' });
    expect(o).toMatchObject({ host: 'signal.example.org', port: 9443, path: '/peer/', secure: true });
    expect(o.config).toEqual({ iceServers: [] });
    expect(peerOptions({ server: 'http://127.0.0.1/', ice: 'default' })).toMatchObject({ port: 80, secure: false });
  });
  it('puts a non-default server in the join link, and reads it back', () => {
    const c = { server: 'http://127.0.0.1:9000/', ice: 'none' as const };
    const url = joinUrl('https://example.org/app/?game=magic-realm#x', 'ABC234', c);
    expect(url).toBe('https://example.org/app/?join=ABC234&signal=http%3A%2F%2F127.0.0.1%3A9000%2F&ice=none');
    expect(signalFromQuery(new URL(url).search, DEFAULT_SIGNAL)).toEqual(c);
    expect(joinUrl('https://example.org/', 'ABC234', DEFAULT_SIGNAL)).toBe('https://example.org/?join=ABC234');
  });
  it('refuses an address that is not a web server, keeping the setting it had', () => {
    expect(validServer('javascript:alert(1)')).toBe(false);
    expect(validServer('not a url')).toBe(false);
    expect(signalFromQuery('?signal=javascript:alert(1)', DEFAULT_SIGNAL)).toEqual(DEFAULT_SIGNAL);
  });
  it('makes room codes players can read aloud, and a peer id from them', () => {
    const code = roomCode();
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    expect(hostPeerId('AB12CD')).toBe('ttr-room-ab12cd');
  });
});
