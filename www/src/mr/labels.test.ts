import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { initSync, MagicRealm, type MagicRealmAction } from '../../../pkg/tabletop_rules.js';
import {
  actionLabel,
  aimLabel,
  clearingsOf,
  curseLabel,
  expiryLabel,
  formatValue,
  genericLabel,
  groupActions,
  type LabelContext,
  labelContext,
  logDays,
  pointsLabel,
  rollLine,
  rollOf,
  spellInEffectLabel,
  subGroups,
} from './labels';
import { clearingName, humanize, makeNames, pieceName, placeLabel } from './names';
import { chitNowText, chitText } from './Panels';

beforeAll(() => {
  initSync({ module: readFileSync(new URL('../../../pkg/tabletop_rules_bg.wasm', import.meta.url)) });
});

describe('words for the engine', () => {
  it('humanizes ids', () => {
    expect(humanize('black-knight')).toBe('Black knight');
    expect(humanize('guard_house')).toBe('Guard house');
    expect(humanize('AssignVictoryPoint')).toBe('Assign victory point');
  });
  it('labels an action type it has never seen from its fields', () => {
    const names = makeNames(undefined);
    expect(genericLabel(names, { type: 'Move', to: { tile: 'borderland', clearing: 4 } })).toBe('Move: Borderland 4');
    expect(genericLabel(names, { type: 'Rest' })).toBe('Rest');
    expect(genericLabel(names, { type: 'Trade', with: 'Company', gold: 3 })).toBe('Trade: with Company; gold 3');
    expect(clearingsOf({ type: 'Move', to: { tile: 'cavern', clearing: 2 } })).toEqual([
      { tile: 'cavern', clearing: 2 },
    ]);
  });
  it('writes recorded Fame and Notoriety as a player does, fractions of shared kills too', () => {
    expect(pointsLabel({ num: 7, den: 1 })).toBe('7');
    expect(pointsLabel({ num: 3, den: 2 })).toBe('1½');
    expect(pointsLabel({ num: -2, den: 3 })).toBe('-⅔');
    expect(pointsLabel({ num: 17, den: 7 })).toBe('2 3/7');
    expect(pointsLabel({ num: 0, den: 1 })).toBe('0');
    const names = makeNames(undefined);
    expect(genericLabel(names, { type: 'Killed', fame: { num: 3, den: 2 } })).toBe('Killed: 1½');
  });
  it('finds a die roll in an entry and words it', () => {
    const roll = rollOf({ type: 'Hid', roll: { table: 'hide', dice: [2, 5], result: 'success' } });
    expect(roll && rollLine(makeNames(undefined), roll)).toBe('Hide table: rolled 2 and 5 → Success');
    const searched = rollOf({
      type: 'Searched',
      seat: 0,
      table: 'locate',
      roll: 4,
      at: { tile: 'cavern', clearing: 2 },
    });
    expect(searched && rollLine(makeNames(undefined), searched)).toBe('Locate table: rolled 4');
  });
  it('gives every legal action of a whole setup a distinct label, grouped by type', () => {
    const catalog = MagicRealm.catalog();
    const names = makeNames(catalog);
    const game = new MagicRealm({ seats: [{}, { character: 'wizard' }], map: 'default', days: 28 }, '2026');
    for (let i = 0; i < 300; i++) {
      const toAct = game.toAct();
      if (toAct.type === 'GameOver' || game.view({ type: 'Spectator' }).step.step === 'birdsong') break;
      const seat = toAct.seats[0] ?? 0;
      const legal: MagicRealmAction[] = game.legalActions(seat);
      const labels = legal.map((a) => actionLabel(names, a));
      expect(new Set(labels).size).toBe(labels.length);
      expect(labels.every((l) => l.length > 0 && !l.includes('undefined'))).toBe(true);
      const groups = groupActions(legal);
      expect(groups.flatMap((g) => g.items).length).toBe(legal.length);
      for (const g of groups) {
        const subs = subGroups(g.items, names);
        if (subs) expect(subs.flatMap((s) => s.items).length).toBe(g.items.length);
      }
      const first = legal[0];
      if (!first) throw new Error('no legal action');
      game.apply(seat, first);
    }
    expect(game.view({ type: 'Spectator' }).step).toEqual({ step: 'birdsong', day: 1 });
    const days = logDays(game.log({ type: 'Spectator' }));
    expect(days.every((d) => d <= 1)).toBe(true);
    expect(actionLabel(names, { type: 'ChooseCharacter', character: 'black-knight' })).toBe('Play the Black Knight');
    expect(actionLabel(names, { type: 'RecordActivity', activity: { activity: 'hide' } })).toBe('Record: Hide');
    expect(actionLabel(names, { type: 'RecordActivity', activity: { activity: 'follow', guide: 1 } })).toBe(
      'Record: Follow seat 2',
    );
    expect(actionLabel(names, { type: 'GiveBlockOrder', order: { block: 'monsters' } })).toBe(
      'Order: block the monsters here whenever I can',
    );
    expect(actionLabel(names, { type: 'BattlingPenalty', pay: false })).toBe('Refuse: they battle me');
    const oak2 = { tile: 'oak_woods', clearing: 2 } as const;
    const oak4 = { tile: 'oak_woods', clearing: 4 } as const;
    expect(actionLabel(names, { type: 'RunAway', with: { with: 'chit', chit: 3 }, to: oak4 })).toBe(
      `Run away with Move chit 4 toward ${clearingName(names, oak4)}`,
    );
    expect(actionLabel(names, { type: 'RunAway', with: { with: 'horse', galloping: true }, to: oak4 })).toBe(
      `Run away on my horse (galloping) toward ${clearingName(names, oak4)}`,
    );
    expect(actionLabel(names, { type: 'EndTrading' })).toBe('Done trading and rearranging');
    expect(
      actionLabel(names, { type: 'RecordLeaderActivity', leader: 'company-hq', activity: { activity: 'hide' } }),
    ).toBe(`Record for my ${names.any('company-hq')}: Hide`);
    expect(
      actionLabel(names, { type: 'FlyAway', with: { source: 'item', item: 'flying-carpet' }, to: 'maple_woods' }),
    ).toBe(`Fly away on the ${names.any('flying-carpet')} toward ${names.tile('maple_woods')}`);
    expect(actionLabel(names, { type: 'RecordActivity', activity: { activity: 'fly', to: 'maple_woods' } })).toContain(
      `Fly to ${names.tile('maple_woods')}`,
    );
    expect(placeLabel(names, { place: 'flown_away', from: 'oak_woods', to: 'maple_woods' })).toBe(
      `In the air between ${names.tile('oak_woods')} and ${names.tile('maple_woods')}`,
    );
    expect(actionLabel(names, { type: 'ChargeInBoots', target: 1 })).toBe('Charge seat 2 in my Boots');
    expect(actionLabel(names, { type: 'ChargeOnHorse', target: 1, galloping: true })).toBe(
      'Charge seat 2 on my horse (galloping)',
    );
    expect(placeLabel(names, { place: 'roadway', from: oak2, to: oak4 })).toBe(
      `On the roadway from ${clearingName(names, oak2)} to ${clearingName(names, oak4)}`,
    );
    expect(actionLabel(names, { type: 'Give', to: 1, gift: { gift: 'gold', gold: 5 } })).toBe('Give 5 gold to seat 2');
    expect(actionLabel(names, { type: 'AnswerMeeting', answer: 'takeBoon' })).toBe('Take it as a boon');
    expect(actionLabel(names, { type: 'Hire', hire: { hire: 'group', group: 'Rogues', drinks: true } })).toBe(
      'Hire the Rogues, buying drinks first',
    );
  });
});

describe('several counters of one kind', () => {
  it('are told apart by the number the engine gives them, so each combat choice has its own label', () => {
    const names = makeNames(MagicRealm.catalog());
    const goblin = (n: number) => ({ kind: 'monster', id: 'axe-goblin', n }) as const;
    expect(pieceName(names, goblin(2))).toBe('Axe Goblin #3');
    expect(pieceName(names, { kind: 'monster', id: 'demon', n: 0 })).toBe('Demon');
    expect(pieceName(names, { kind: 'weapon', id: 'short-sword', n: 1 })).toBe('Short Sword #2');
    expect(pieceName(names, { kind: 'monster_part', id: 'dragon-head', n: 0 })).toBe('Dragon Head #1');
    expect(pieceName(makeNames(undefined), goblin(0))).toBe('Axe goblin');

    // The Swordsman lures three Axe Goblins at Sunset: every step of the round, up to his
    // plays on the Melee Section, offers choices with distinct labels.
    const here = { tile: 'oak_woods', clearing: 2 } as const;
    const game = MagicRealm.fromScenario(
      {
        seats: [{ character: 'swordsman', at: here }],
        pieces: [0, 1, 2].map((n) => ({ piece: goblin(n), place: { place: 'clearing', at: here } as const })),
        at: 'sunset',
      },
      '5',
    );
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const legal: MagicRealmAction[] = game.legalActions(0);
      const labels = legal.map((a) => actionLabel(names, a));
      expect(new Set(labels).size).toBe(labels.length);
      for (const l of labels) seen.add(l);
      const next =
        legal.find((a) => a.type === 'Lure') ??
        legal.find((a) => a.type === 'SelectTarget') ??
        legal.find((a) => a.type === 'PlaceDenizen') ??
        legal.find((a) => a.type.startsWith('End'));
      if (!next || next.type === 'EndPlays') break;
      game.apply(0, next);
    }
    expect(seen).toContain('Attack Axe Goblin #2');
    expect(seen).toContain('Put Axe Goblin #3 in Dodge and Swing');
  });
});

describe('spells in effect and curses', () => {
  it('words a Peace bewitching an Ogre and the curses on the Pilgrim who cast it', () => {
    const names = makeNames(MagicRealm.catalog());
    const here = { tile: 'oak_woods', clearing: 2 } as const;
    const ogre = { kind: 'monster', id: 'ogre', n: 0 } as const;
    const game = MagicRealm.fromScenario(
      {
        seats: [
          {
            character: 'pilgrim',
            at: here,
            spells: ['peace'],
            hidden: true,
            chits: [{ chit: 6, status: 'enchanted' }],
            curses: ['squeak', 'ill_health'],
          },
        ],
        pieces: [{ piece: ogre, place: { place: 'clearing', at: here } }],
        at: 'sunset',
        dice: Array(40).fill(5),
      },
      '5',
    );
    const steps: MagicRealmAction[] = [
      { type: 'EndLuring' },
      { type: 'CastSpell', spell_box: 0, chit: 11, colour_chit: 6 },
      { type: 'AimSpell', aim: { aim: 'denizen', piece: ogre } },
    ];
    for (const step of steps) {
      expect(game.legalActions(0).map((a) => actionLabel(names, a))).toContain(actionLabel(names, step));
      game.apply(0, step);
    }
    const view = game.view({ type: 'Seat', seat: 0 });
    const [peace] = view.spells;
    if (!peace) throw new Error('no spell in effect');
    expect(spellInEffectLabel(names, peace)).toBe(
      'Peace, cast by seat 1 from spell box 1 with Magic chit 12, on Ogre #1; until Midnight',
    );
    expect(view.seats[0]?.curses.map(curseLabel)).toEqual(['Squeak (cannot Hide)', 'Ill Health (cannot Rest)']);
    expect(expiryLabel({ at: 'sunset', day: 3 })).toBe('until Sunset of day 3');
    expect(aimLabel(names, { aim: 'curse', seat: 1, curse: 'ill_health' })).toBe("seat 2's Ill Health curse");
    expect(actionLabel(names, { type: 'AimSpell', aim: { aim: 'kind', kind: 'Goblin' } })).toBe(
      'Aim my spell at every Goblin here',
    );
  });
  it('words a spell cast with an Artifact, and reading runes', () => {
    const names = makeNames(MagicRealm.catalog());
    const here = { tile: 'oak_woods', clearing: 2 } as const;
    const ogre = { kind: 'monster', id: 'ogre', n: 0 } as const;
    const skull = { kind: 'treasure', id: 'enchanters-skull' } as const;
    const game = MagicRealm.fromScenario(
      {
        seats: [
          {
            character: 'sorceror',
            at: here,
            hidden: false,
            chits: [{ chit: 4, status: 'enchanted' }],
            belongings: [{ piece: skull, active: true, awakened: ['fiery-blast'] }],
          },
        ],
        pieces: [{ piece: ogre, place: { place: 'clearing', at: here } }],
        at: 'sunset',
        dice: Array(40).fill(2),
      },
      '5',
    );
    const cast: MagicRealmAction = {
      type: 'CastFromItem',
      item: 'enchanters-skull',
      spell: 'fiery-blast',
      colour_chit: 4,
    };
    expect(actionLabel(names, cast)).toBe("Cast Fiery Blast with the Enchanter's Skull (colour chit 5)");
    expect(
      actionLabel(names, {
        type: 'Search',
        search: { table: 'readRunesItem', item: 'book-of-lore', spell: 'fiery-blast' },
      }),
    ).toBe('Read the runes of Fiery Blast in the Book of Lore');
    expect(actionLabel(names, { type: 'Search', search: { table: 'readRunesSite', site: 'altar' } })).toBe(
      'Read the runes at the Altar',
    );
    expect(placeLabel(names, { place: 'with_item', item: 'book-of-lore' })).toBe(
      'With the Book of Lore (its awakened spells)',
    );
    for (let i = 0; i < 20 && !game.legalActions(0).some((a) => a.type === 'CastFromItem'); i++) {
      const [first] = game.legalActions(0).filter((a) => a.type.startsWith('End'));
      if (!first) break;
      game.apply(0, first);
    }
    expect(game.legalActions(0).map((a) => actionLabel(names, a))).toContain(actionLabel(names, cast));
  });
});

describe('the later spells and Treasures Within Treasures', () => {
  it('words each of their actions and choices by the spell or card that gives it', () => {
    const names = makeNames(MagicRealm.catalog());
    const valley = { tile: 'bad_valley', clearing: 4 } as const;
    const cave = { tile: 'cavern', clearing: 2 } as const;
    const label = (a: MagicRealmAction, ctx?: LabelContext) => actionLabel(names, a, ctx);
    expect(label({ type: 'Preempt' })).toBe('Take my turn now');
    expect(label({ type: 'PassPreempt' })).toBe('Let the next attention chit be picked');
    expect(label({ type: 'ChooseActivity', activity: { activity: 'hide' } })).toBe('Prophecy: do Hide now');
    expect(label({ type: 'EndProphecyTurn' })).toBe('Prophecy: do no more phases today');
    expect(label({ type: 'RemotePeer', at: valley })).toBe(
      `Talk to Wise Bird: peer into ${clearingName(names, valley)}`,
    );
    expect(clearingName(names, valley)).toBe('Bad Valley 4');
    expect(label({ type: 'RecordActivity', activity: { activity: 'remoteEnchant', at: valley } })).toBe(
      'Record: Remote Enchant at Bad Valley 4 (Crystal Ball)',
    );
    expect(label({ type: 'Teleport', to: cave })).toBe(`Toadstool Circle: teleport to ${clearingName(names, cave)}`);
    expect(label({ type: 'EnchantTileAt', chit: 6, at: valley })).toBe(
      'Toadstool Circle: enchant the tile of Bad Valley 4 with chit 7',
    );
    expect(label({ type: 'RecordPhantasmActivity', activity: { activity: 'move', to: valley } })).toBe(
      'Record for my phantasm: Move to Bad Valley 4',
    );
    expect(label({ type: 'RecordFamiliarActivity', activity: { activity: 'search' } })).toBe(
      'Record for my familiar: Search',
    );
    expect(label({ type: 'TakeBackFamiliarActivity' })).toBe('Take back the last phase recorded for my familiar');
    expect(label({ type: 'Search', search: { table: 'magicSight' } })).toBe('Search: the Magic Sight table');
    expect(label({ type: 'Search', search: { table: 'lootCard', card: 'toadstool-circle' } })).toBe(
      `Loot the ${names.any('toadstool-circle')}`,
    );
    // Whistle for Monsters: a Sound chit comes to his tile, or is sent on from it.
    const whistle = { aiming: 'whistle-for-monsters' };
    expect(label({ type: 'AimSpell', aim: { aim: 'soundChit', chit: 'flutter_1' } }, whistle)).toBe(
      `${names.any('whistle-for-monsters')}: the Flutter 1 chit to my tile`,
    );
    expect(label({ type: 'AimSpell', aim: { aim: 'soundChit', chit: 'flutter_1', to: 'maple_woods' } })).toBe(
      `Whistle for Monsters: the Flutter 1 chit to ${names.tile('maple_woods')}`,
    );
    // Hurricane Winds: the target with the tile it is blown to.
    const blow: MagicRealmAction = { type: 'AimSpellToward', aim: { aim: 'character', seat: 1 }, to: 'maple_woods' };
    expect(label(blow, { aiming: 'hurricane-winds' })).toBe(
      `${names.any('hurricane-winds')}: blow seat 2 to ${names.tile('maple_woods')}`,
    );
    expect(label(blow)).toBe(`Hurricane Winds: blow seat 2 to ${names.tile('maple_woods')}`);
    // An aim at a Magic chit names the spell when the view tells it, and never says
    // "Alter" for a spell that does not alter the chit's colour.
    expect(label({ type: 'AimSpell', aim: { aim: 'chit', chit: 6 } })).toBe('Aim my spell at my Magic chit 7');
    expect(label({ type: 'AimSpell', aim: { aim: 'clearing' } }, { aiming: 'peace' })).toBe(
      `Aim ${names.any('peace')} at the clearing`,
    );
  });

  it('names Unleash Power on the Magic chits the Sorceror may unleash, from the view of his cast', () => {
    const names = makeNames(MagicRealm.catalog());
    const here = { tile: 'oak_woods', clearing: 2 } as const;
    const game = MagicRealm.fromScenario(
      {
        seats: [
          {
            character: 'sorceror',
            at: here,
            spells: ['unleash-power'],
            hidden: false,
            chits: [{ chit: 4, status: 'enchanted' }],
          },
          { character: 'swordsman', at: here, hidden: false },
        ],
        at: 'sunset',
        dice: Array(40).fill(4),
      },
      '5',
    );
    const cast: MagicRealmAction = { type: 'CastSpell', spell_box: 0, chit: 8, colour_chit: 4 };
    for (let i = 0; i < 30 && !game.legalActions(0).some((a) => a.type === 'AimSpell'); i++) {
      const toAct = game.toAct();
      if (toAct.type === 'GameOver') break;
      const seat = toAct.seats[0] ?? 0;
      const legal: MagicRealmAction[] = game.legalActions(seat);
      const next =
        (seat === 0 ? legal.find((a) => JSON.stringify(a) === JSON.stringify(cast)) : undefined) ??
        legal.find((a) => a.type.startsWith('End')) ??
        legal.find((a) => a.type === 'NoTarget') ??
        legal[0];
      if (!next) break;
      game.apply(seat, next);
    }
    const context = labelContext(game.view({ type: 'Seat', seat: 0 }), 0);
    expect(context).toEqual({ aiming: 'unleash-power' });
    expect(labelContext(game.view({ type: 'Seat', seat: 1 }), null)).toEqual({});
    const labels = game
      .legalActions(0)
      .filter((a) => a.type === 'AimSpell')
      .map((a) => actionLabel(names, a, context));
    expect(labels).toContain('Unleash Power: my Magic chit 8');
    expect(labels.every((l) => l.startsWith('Unleash Power: my Magic chit '))).toBe(true);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("shows an unleashed Magic chit as the Move/Fight chit the seat's view says it is", () => {
    const catalog = MagicRealm.catalog();
    const here = { tile: 'oak_woods', clearing: 2 } as const;
    const game = MagicRealm.fromScenario(
      {
        seats: [{ character: 'sorceror', at: here, spells: ['unleash-power'], hidden: false }],
        spells: [
          {
            caster: 0,
            spell: 'unleash-power',
            spellBox: 0,
            chit: 8,
            aims: [
              { aim: 'chit', chit: 7 },
              { aim: 'chit', chit: 11 },
            ],
            until: { at: 'sunset', day: 2 },
          },
        ],
        at: 'daylight',
      },
      '5',
    );
    // Every seat sees it (the spell and its targets are public).
    const seat = game.view({ type: 'Spectator' }).seats[0];
    expect(seat?.moveFight).toEqual([
      [7, 'Tremendous'],
      [11, 'Heavy'],
    ]);
    const printed = catalog.characters.characters.find((c) => c.id === 'sorceror')?.chits;
    const seven = printed?.[7];
    const six = printed?.[6];
    if (!seven || !six) throw new Error('no Sorceror chits');
    expect(chitNowText(seven, 'Tremendous')).toBe(`${chitText(seven)} → Move/Fight T6* (Unleash Power)`);
    expect(chitNowText(six, undefined)).toBe(chitText(six));
  });
});

describe('aims and activities inside other values', () => {
  it('words a spell aim and a recorded activity wherever they appear (group keys, view fields)', () => {
    const names = makeNames(MagicRealm.catalog());
    const ogre = { kind: 'monster', id: 'ogre', n: 0 } as const;
    expect(formatValue(names, { aim: 'denizen', piece: ogre })).toBe('Ogre #1');
    expect(formatValue(names, { aim: 'character', seat: 2 })).toBe('seat 3');
    expect(formatValue(names, { aim: 'somethingNew' })).toBe('Something new');
    expect(
      formatValue(names, [{ activity: 'hide' }, { activity: 'remoteEnchant', at: { tile: 'cavern', clearing: 2 } }]),
    ).toBe(`Hide, Remote Enchant at ${names.tile('cavern')} 2 (Crystal Ball)`);
    // Hurricane Winds' many choices (each target with each tile) fold by target.
    const tiles = ['maple_woods', 'high_pass', 'oak_woods'];
    const aims = [
      { aim: 'character', seat: 1 },
      { aim: 'character', seat: 2 },
      { aim: 'denizen', piece: ogre },
    ] as const;
    const items = aims.flatMap((aim) => tiles.map((to) => ({ type: 'AimSpellToward', aim, to }) as MagicRealmAction));
    const subs = subGroups(
      items.map((action, index) => ({ action, index })),
      names,
    );
    expect(subs?.map((s) => s.key)).toEqual(['seat 2', 'seat 3', 'Ogre #1']);
  });
});

describe('a long list of clearings', () => {
  it("folds Talk to Wise Bird's remote Peer, offered in every clearing, by tile", () => {
    const catalog = MagicRealm.catalog();
    const names = makeNames(catalog);
    const peers = catalog.tiles.tiles
      .slice(0, 3)
      .flatMap((t) =>
        t.normal.clearings.map(
          (c) => ({ type: 'RemotePeer', at: { tile: t.id, clearing: c.number } }) as MagicRealmAction,
        ),
      );
    const subs = subGroups(
      peers.map((action, index) => ({ action, index })),
      names,
    );
    expect(subs?.map((s) => s.key)).toEqual(catalog.tiles.tiles.slice(0, 3).map((t) => t.name));
    expect(subs?.flatMap((s) => s.items).length).toBe(peers.length);
    const first = subs?.[0]?.items[0]?.action;
    expect(first && actionLabel(names, first)).toMatch(/^Talk to Wise Bird: peer into .+ \d$/);
  });
});
