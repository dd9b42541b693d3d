// Correct use of the package's types: must type-check under `tsc --strict`.
import init, {
  BiddingRace,
  type ErrorCode,
  type RaceAction,
  type RaceLogEntry,
  type RaceSave,
  type RaceSnapshot,
  type RaceView,
  RuleError,
  type RuleErrorInfo,
  type ToAct,
  type Viewer,
} from '../pkg/tabletop_rules.js';

export async function example(): Promise<string> {
  await init();
  const game = new BiddingRace({ players: 2, goal: 10, maxRounds: 5 }, '42');
  const toAct: ToAct = game.toAct();
  if (toAct.type === 'GameOver') return toAct.outcome.summary;
  const seat = toAct.seats[0] ?? 0;
  const actions: RaceAction[] = game.legalActions(seat);
  const bid: RaceAction = { type: 'Bid', amount: 2 };
  const events: RaceLogEntry[] = game.apply(seat, actions[0] ?? bid);
  for (const event of events) {
    if (event.detail.type === 'BidChosen') {
      const amount: number = event.detail.amount;
      console.log(event.rule, event.text, amount);
    }
  }
  const me: Viewer = { type: 'Seat', seat };
  const view: RaceView = game.view(me);
  const saved: RaceSave = game.save();
  const again = BiddingRace.load(saved);
  const cursor: number = game.logLength;
  const newer: RaceLogEntry[] = game.logSince(me, cursor);
  const snap: RaceSnapshot = game.snapshot();
  const version: number = snap.snapshotVersion;
  const copy: BiddingRace = BiddingRace.fromSnapshot(snap).clone();
  console.log(newer.length, version, copy.actionsApplied);
  try {
    again.apply(seat, { type: 'Roll' });
  } catch (e) {
    if (e instanceof RuleError) {
      const code: ErrorCode = e.code;
      const info: RuleErrorInfo = e.info;
      if (info.code === 'not_your_turn') console.log(info.toAct.length);
      const asError: Error = e;
      const wire: { code: ErrorCode; message: string; info: RuleErrorInfo } = e.toJSON();
      console.log(asError.stack, wire.code, e.name === 'RuleError');
      return `${code}: ${e.message}`;
    }
  }
  return `${view.round} ${saved.seed}`;
}

import {
  type Catalog,
  MagicRealm,
  type MagicRealmAction,
  type MagicRealmLogEntry,
  type MagicRealmSave,
  type MagicRealmScenario,
  type MagicRealmView,
  type OddsFighter,
  type PlayOdds,
  type Plays,
} from '../pkg/tabletop_rules.js';

/** Magic Realm setup through the same typed calls. */
export function magicRealm(): string {
  const game = new MagicRealm({ seats: [{ character: 'amazon' }, {}], map: 'random', days: 28 }, '7');
  const toAct = game.toAct();
  if (toAct.type === 'GameOver') return toAct.outcome.summary;
  const seat = toAct.seats[0] ?? 0;
  const actions: MagicRealmAction[] = game.legalActions(seat);
  const pick: MagicRealmAction = actions[0] ?? { type: 'ConfirmChoices' };
  const events: MagicRealmLogEntry[] = game.apply(seat, pick);
  for (const e of events) {
    if (e.detail.type === 'CharacterChosen') console.log(e.rule, e.detail.character);
  }
  const view: MagicRealmView = game.view({ type: 'Seat', seat });
  const saved: MagicRealmSave = game.save();
  const catalog: Catalog = MagicRealm.catalog();
  const tile = catalog.tiles.tiles[0];
  const x: number = tile?.normal.clearings[0]?.at.x ?? 0;
  const scenario: MagicRealmScenario = {
    seats: [{ character: 'swordsman', at: { tile: 'cavern', clearing: 2 } }],
    pieces: [
      {
        piece: { kind: 'monster', id: 'giant', n: 0 },
        place: { place: 'clearing', at: { tile: 'cavern', clearing: 2 } },
      },
    ],
    dice: [6, 1],
  };
  const battle = MagicRealm.fromScenario(scenario, '1');
  return `${view.step.step} ${saved.seed} ${x} ${battle.actionsApplied}`;
}

/** The odds of candidate combat plays (8.4.5 to 8.4.9), as a combat panel asks them. */
export function playOdds(game: MagicRealm, seat: number): string {
  const plays: Plays = {
    attack: [7, 'ChargeThrust'],
    maneuver: [{ with: 'chit', chit: 0 }, 'DodgeSwing'],
    placed: [],
    done: false,
  };
  try {
    const odds: PlayOdds = game.playOdds(seat, plays);
    const killer: number = odds.targetKilled ?? 0;
    const names = odds.fighters.map(({ fighter }: { fighter: OddsFighter }) =>
      fighter.who === 'character' ? `seat ${fighter.seat}` : fighter.piece.kind,
    );
    return `${odds.killed} ${odds.expectedWounds} ${killer} ${names.join(' ')}`;
  } catch (e) {
    if (e instanceof RuleError && e.code === 'not_your_turn') return e.message;
    throw e;
  }
}

import {
  type Content,
  HandOfDoom,
  type HodAction,
  type HodLogEntry,
  type HodSave,
  type HodScenario,
  type HodView,
} from '../pkg/tabletop_rules.js';

/** Hand of Doom through the same typed calls. */
export function handOfDoom(): string {
  const game = new HandOfDoom({ adventurers: ['vesper-quill', 'brom-tallow'] }, '3');
  const toAct = game.toAct();
  if (toAct.type === 'GameOver') return toAct.outcome.summary;
  const seat = toAct.seats[0] ?? 0;
  const actions: HodAction[] = game.legalActions(seat);
  const pick: HodAction = actions[0] ?? { type: 'ChooseStance', stance: 'Bold' };
  const events: HodLogEntry[] = game.apply(seat, pick);
  for (const e of events) {
    if (e.detail.type === 'StanceChosen') console.log(e.rule, e.detail.stance);
  }
  const view: HodView = game.view({ type: 'Seat', seat });
  const saved: HodSave = game.save();
  const content: Content = HandOfDoom.catalog();
  const scenario: HodScenario = {
    adventurers: [{ adventurer: 'nettle-grue', space: 'reedway-1' }],
    start: { type: 'Fight', monsters: ['bog-lurker'] },
    forcedDice: [6, 6, 1, 2, 3],
  };
  const battle = HandOfDoom.fromScenario(scenario, '1');
  const attack: HodAction = { type: 'Attack', with: { kind: 'UnarmedAgi' }, target: 0 };
  return `${view.turn} ${saved.seed} ${content.spaces.length} ${battle.actionsApplied} ${attack.type}`;
}
