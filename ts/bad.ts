// Malformed uses: every line marked `@bad` must be a type error (scripts/typecheck-bad.mjs
// checks that tsc fails on exactly those lines).
import { BiddingRace, type RaceAction, type Viewer } from '../pkg/tabletop_rules.js';

const game = new BiddingRace({ players: 2, goal: 10, maxRounds: 5 }, '1');
export const a: RaceAction = { type: 'Bid', amonut: 2 }; // @bad misspelt field
export const b: RaceAction = { type: 'Jump' }; // @bad unknown action type
export const c: RaceAction = { type: 'Roll', amount: 2 }; // @bad field on a unit action
export const d: RaceAction = { type: 'Bid', amount: '2' }; // @bad wrong field type
export const e: RaceAction = { type: 'Bid' }; // @bad missing field
game.apply(0, { type: 'Nope' }); // @bad apply with an unknown action
game.apply('0', { type: 'Roll' }); // @bad seat is a number
export const v: Viewer = { type: 'Seat' }; // @bad viewer seat missing
new BiddingRace({ players: 2, goal: 10, maxRounds: 5 }, 42); // @bad seed is a string
new BiddingRace({ players: 2, goal: 10 }, '1'); // @bad setup missing maxRounds

import { MagicRealm, type MagicRealmAction } from '../pkg/tabletop_rules.js';

export const m1: MagicRealmAction = { type: 'ChooseStart', start: 'Castle' }; // @bad unknown Dwelling
export const m2: MagicRealmAction = { type: 'AssignVictoryPoint', category: 'wealth' }; // @bad unknown category
new MagicRealm({ seats: [{ character: 'amazon' }], map: 'hexes' }, '1'); // @bad unknown map choice
MagicRealm.fromScenario({ seats: [{ character: 'amazon' }] }, '1'); // @bad scenario seat without a clearing
const realm = new MagicRealm({ seats: [{ character: 'amazon' }] }, '1');
realm.playOdds(0, { attack: [7, 'Sideways'], placed: [], done: false }); // @bad unknown lane
export const m3: number = realm.playOdds(0, { placed: [], done: false }).targetKilled; // @bad may be undefined

import { HandOfDoom, type HodAction } from '../pkg/tabletop_rules.js';

export const h1: HodAction = { type: 'ChooseStance', stance: 'Sneaky' }; // @bad unknown Map Stance
export const h2: HodAction = { type: 'Attack', with: { kind: 'Item' }, target: 0 }; // @bad weapon without its item
new HandOfDoom({ adventurer: ['nettle-grue'] }, '1'); // @bad setup field misspelt
