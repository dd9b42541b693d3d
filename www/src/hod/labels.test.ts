import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { HandOfDoom, type HodStep, initSync } from '../../../pkg/tabletop_rules.js';
import { parseSaveFile } from '../saves';
import { configFromQuery, queryFromConfig, shareUrl } from '../share';
import { actionLabel, CHART_STEPS, chartStep, destination, dieFace, makeHodNames, stepLine } from './labels';
import { logTurns } from './Panels';

beforeAll(() => {
  initSync({ module: readFileSync(new URL('../../../pkg/tabletop_rules_bg.wasm', import.meta.url)) });
});

describe('Hand of Doom words', () => {
  it('places every decision of the engine on the chart', () => {
    const steps: [HodStep, number][] = [
      [{ step: 'stance', party: 0 }, 1],
      [{ step: 'mapAction', seat: 0 }, 2],
      [{ step: 'rest', seat: 0 }, 3],
      [{ step: 'dangerRoll', party: 0 }, 6],
      [{ step: 'dispel', party: 0 }, 7],
      [{ step: 'payBribe', party: 0 }, 9],
      [{ step: 'fight', party: 0 }, 10],
      [{ step: 'over', won: true }, 13],
    ];
    for (const [s, n] of steps) expect(chartStep(s)).toBe(n);
    expect(CHART_STEPS.map((s) => s.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('labels every legal action of a new game from the content', () => {
    const content = HandOfDoom.catalog();
    const names = makeHodNames(content);
    const game = new HandOfDoom({ adventurers: ['brom-tallow'] }, '3');
    const view = game.view({ type: 'Spectator' });
    expect(stepLine(names, view, 0)).toBe('Turn 1 of 8 · [1] Each party chooses a Map Stance · Brom Tallow (seat 1)');
    const stance = game.legalActions(0);
    expect(stance.map((a) => actionLabel(names, view, a))).toEqual(['Bold stance', 'Hunt stance', 'Stealth stance']);
    game.apply(0, stance[0] as never);
    const moves = game.legalActions(0);
    const labels = moves.map((a) => actionLabel(names, game.view({ type: 'Spectator' }), a));
    expect(labels).toContain('Foot Travel to Reedway Crossing');
    expect(labels).toContain('River Port Travel to Eelmarket');
    expect(moves.map(destination)).toContain('reedway-1');
    expect(dieFace(6)).toBe('⚅');
  });

  it('counts log entries by turn', () => {
    const game = new HandOfDoom({ adventurers: ['brom-tallow'] }, '3');
    for (let i = 0; i < 6; i++) {
      const toAct = game.toAct();
      if (toAct.type !== 'Seats') break;
      const seat = toAct.seats[0] as number;
      const acts = game.legalActions(seat);
      game.apply(seat, (acts.find((a) => a.type === 'Rest' || a.type === 'EndRest') ?? acts[0]) as never);
    }
    const log = game.log({ type: 'Spectator' });
    const turns = logTurns(log);
    expect(turns[0]).toBe(1);
    expect(turns.at(-1)).toBe(game.view({ type: 'Spectator' }).turn);
  });

  it('saves, shares and imports a Hand of Doom game', () => {
    const game = new HandOfDoom({ adventurers: ['nettle-grue', 'vesper-quill'] }, '42');
    const parsed = parseSaveFile(JSON.stringify(game.save()));
    expect(parsed.ok && parsed.game).toBe('hand-of-doom');
    const url = shareUrl('https://example.org/app/#x', game.save());
    const config = configFromQuery(new URL(url).search);
    expect(config).toMatchObject({ game: 'hand-of-doom', players: 2, seed: '42' });
    expect(config.characters).toEqual(['nettle-grue', 'vesper-quill']);
    expect(queryFromConfig(config)).toContain('game=hand-of-doom');
  });
});
