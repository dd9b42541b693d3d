import { describe, expect, it } from 'vitest';
import { type KeyValue, parseSaveFile, SaveStore } from './saves';
import { configFromQuery, queryFromConfig, shareUrl } from './share';

class FakeStorage implements KeyValue {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

describe('save store', () => {
  it('creates, updates, lists newest first and reads back', () => {
    let t = 1000;
    const kv = new FakeStorage();
    const store = new SaveStore(kv, () => t++);
    const a = store.put({ game: 'magic-realm', title: 'A', save: { seed: '1' }, actions: 0 });
    const b = store.put({ game: 'bidding-race', title: 'B', save: { seed: '2' }, actions: 0 });
    expect(store.list().map((m) => m.id)).toEqual([b.id, a.id]);
    store.put({ id: a.id, game: 'magic-realm', title: 'A', save: { seed: '1', more: true }, actions: 3 });
    expect(store.list().map((m) => m.id)).toEqual([a.id, b.id]);
    const got = store.get(a.id);
    expect(got.ok && got.record.save).toEqual({ seed: '1', more: true });
    expect(got.ok && got.record.created).toBe(1000);
    store.remove(b.id);
    expect(store.list()).toHaveLength(1);
  });
  it('reports a broken record and keeps it', () => {
    const kv = new FakeStorage();
    const store = new SaveStore(kv);
    const m = store.put({ game: 'magic-realm', title: 'A', save: {}, actions: 0 });
    kv.setItem(`ttr:save:${m.id}`, '{not json');
    const got = store.get(m.id);
    expect(got.ok).toBe(false);
    expect(!got.ok && got.reason).toMatch(/not valid JSON/);
    expect(store.list()).toHaveLength(1);
    expect(kv.getItem(`ttr:save:${m.id}`)).toBe('{not json');
    expect(store.get('nope')).toEqual({ ok: false, reason: 'the saved game is missing from browser storage' });
  });
  it('survives a broken index', () => {
    const kv = new FakeStorage();
    kv.setItem('ttr:index', 'garbage');
    expect(new SaveStore(kv).list()).toEqual([]);
  });
  it('reads save files and says why one is refused', () => {
    expect(parseSaveFile('{"game":"magic-realm","seed":"1"}')).toMatchObject({ ok: true, game: 'magic-realm' });
    expect(parseSaveFile('[')).toMatchObject({ ok: false });
    expect(parseSaveFile('{"game":"chess"}')).toMatchObject({ ok: false, reason: expect.stringMatching(/chess/) });
  });
});

describe('share links', () => {
  it('round-trips the start choices through the query', () => {
    const c = {
      game: 'magic-realm' as const,
      players: 3,
      characters: ['amazon', '', 'wizard'],
      map: 'random' as const,
      days: 14,
      seed: '2026',
    };
    expect(configFromQuery(queryFromConfig(c))).toEqual(c);
  });
  it('clamps and cleans what a link says', () => {
    const c = configFromQuery('?players=9&seed=abc&days=0');
    expect(c.players).toBe(6);
    expect(c.seed).toBe('');
    expect(c.days).toBe(28);
    expect(c.characters).toHaveLength(6);
  });
  it('builds a link from a save: setup and seed, no moves', () => {
    const url = shareUrl('https://x.test/app/?old=1#h', {
      game: 'magic-realm',
      seed: '5',
      setup: { from: 'setup', setup: { seats: [{ character: 'amazon' }, {}], map: 'default', days: 28 } },
      actions: [{}],
    });
    expect(url).toBe('https://x.test/app/?game=magic-realm&players=2&characters=amazon%2C&map=default&days=28&seed=5');
  });
});
