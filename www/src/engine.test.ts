// The web app's engine package loads in Node and answers as the UI expects.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { BiddingRace, initSync, RuleError } from '../../pkg/tabletop_rules.js';
import { actionLabel } from './format';

beforeAll(() => {
  initSync({ module: readFileSync(new URL('../../pkg/tabletop_rules_bg.wasm', import.meta.url)) });
});

describe('engine as the UI uses it', () => {
  it('gives a label for every legal action of a new game', () => {
    const game = new BiddingRace({ players: 3, goal: 12, maxRounds: 6 }, '11');
    const labels = game.legalActions(0).map(actionLabel);
    expect(labels).toEqual(['Bid 0 (rest)', 'Bid 1', 'Bid 2', 'Bid 3']);
  });
  it('throws a RuleError the UI can show', () => {
    const game = new BiddingRace({ players: 2, goal: 12, maxRounds: 6 }, '11');
    let thrown: unknown;
    try {
      game.apply(0, { type: 'Stand' });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(RuleError);
    expect((thrown as RuleError).code).toBe('illegal_action');
  });
});
