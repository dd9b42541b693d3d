// Plain-English words for Magic Realm actions and log entries. Every action type gets a
// label: known types a tailored one, new types (as the engine grows) a generic one built
// from their fields, so a new action appears in the UI the day it lands.
import type {
  Activity,
  BlockOrder,
  ClearingRef,
  CombatStage,
  Curse,
  FlySource,
  Gift,
  Individual,
  MagicRealmAction,
  MagicRealmLogEntry,
  MagicRealmView,
  ManeuverPlay,
  MeetingAnswer,
  PlayOdds,
  Points,
  Roll,
  SearchChoice,
  SpellAim,
  SpellExpiry,
  SpellInEffect,
  TradeChoice,
} from '../../../pkg/tabletop_rules.js';
import { clearingName, humanize, type Names, pieceName } from './names';

/** "ChooseCharacter" → "Choose character". */
export function typeTitle(type: string): string {
  return humanize(type);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isClearingRef(v: unknown): v is ClearingRef {
  return isRecord(v) && typeof v.tile === 'string' && typeof v.clearing === 'number';
}

/** Words for any value found in an action or event. */
const FRACTION_GLYPHS: Record<string, string> = {
  '1/2': '½',
  '1/3': '⅓',
  '2/3': '⅔',
  '1/4': '¼',
  '3/4': '¾',
  '1/5': '⅕',
  '2/5': '⅖',
  '3/5': '⅗',
  '4/5': '⅘',
  '1/6': '⅙',
  '5/6': '⅚',
  '1/8': '⅛',
  '3/8': '⅜',
  '5/8': '⅝',
  '7/8': '⅞',
};

/** Recorded Fame or Notoriety as a player writes it: "3", "1½", "-⅔", "2 3/7" (shared kills
 * keep their fractions, 8.7; the engine sends `{ num, den }` in lowest terms). */
export function pointsLabel(p: Points): string {
  const sign = p.num < 0 ? '-' : '';
  const abs = Math.abs(p.num);
  const whole = Math.floor(abs / p.den);
  const rest = abs % p.den;
  if (rest === 0) return `${sign}${whole}`;
  const glyph = FRACTION_GLYPHS[`${rest}/${p.den}`];
  if (glyph) return `${sign}${whole === 0 ? '' : whole}${glyph}`;
  return `${sign}${whole === 0 ? '' : `${whole} `}${rest}/${p.den}`;
}

export function isPoints(v: unknown): v is Points {
  return (
    isRecord(v) && Object.keys(v).length === 2 && typeof v.num === 'number' && typeof v.den === 'number' && v.den >= 1
  );
}

export function formatValue(names: Names, v: unknown): string {
  if (v === undefined || v === null) return '–';
  if (typeof v === 'string') return names.any(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map((x) => formatValue(names, x)).join(', ');
  if (isClearingRef(v)) return clearingName(names, v);
  if (isPoints(v)) return pointsLabel(v);
  if (isRecord(v)) {
    if (typeof v.kind === 'string' && typeof v.id === 'string') {
      return pieceName(names, v as Parameters<typeof pieceName>[1]);
    }
    if (typeof v.item === 'string' && typeof v.id === 'string') return names.any(v.id);
    // A spell's aim and a recorded activity have their own words.
    if (typeof v.aim === 'string') return aimLabel(names, v as unknown as SpellAim);
    if (typeof v.activity === 'string') return activityLabel(names, v as unknown as Activity);
    if (typeof v.type === 'string') return genericLabel(names, v as { type: string } & Record<string, unknown>);
    const entries = Object.entries(v);
    if (entries.length === 1 && entries[0]) return `${humanize(entries[0][0])} ${formatValue(names, entries[0][1])}`;
    return entries.map(([k, x]) => `${humanize(k).toLowerCase()} ${formatValue(names, x)}`).join(', ');
  }
  return String(v);
}

/** The generic label: the type's title, then each field. */
export function genericLabel(names: Names, action: { type: string } & Record<string, unknown>): string {
  const fields = Object.entries(action).filter(([k]) => k !== 'type');
  const title = typeTitle(action.type);
  if (fields.length === 0) return title;
  return `${title}: ${fields.map(([k, v]) => (fields.length === 1 ? formatValue(names, v) : `${humanize(k).toLowerCase()} ${formatValue(names, v)}`)).join('; ')}`;
}

const VICTORY: Record<string, string> = {
  greatTreasures: 'Great Treasures',
  spells: 'Spells',
  fame: 'Fame',
  notoriety: 'Notoriety',
  gold: 'Gold',
};

/** Words for a recorded activity ("Move to Oak Woods 2", "Follow seat 2"). */
export function activityLabel(names: Names, activity: Activity): string {
  switch (activity.activity) {
    case 'move':
      return `Move to ${clearingName(names, activity.to)}`;
    case 'follow':
      return `Follow seat ${activity.guide + 1}`;
    case 'followLeader':
      return `Follow the ${names.any(activity.leader)}`;
    case 'leaveMap':
      return 'Move off the edge of the map';
    case 'fly':
      return `Fly to ${names.tile(activity.to)}`;
    case 'remoteEnchant':
      return `Remote Enchant at ${clearingName(names, activity.at)} (Crystal Ball)`;
    default:
      return humanize(activity.activity);
  }
}

/** What a maneuver or run is made with: "on my horse (galloping)", "with Move chit 4". */
export function maneuverPhrase(play: ManeuverPlay, chitWord = 'Move chit'): string {
  switch (play.with) {
    case 'horse':
      return `on my horse (${play.galloping ? 'galloping' : 'walking'})`;
    case 'boots':
      return 'in my Boots';
    case 'fly':
      return `with the Fly chit of seat ${play.caster + 1}'s spell ${play.spell_box + 1}`;
    case 'creature':
      return "with my creature's move";
    case 'mist':
      return "with my mist's Move chit";
    default:
      return `with ${chitWord} ${play.chit + 1}`;
  }
}

/** A maneuver's short name for a Melee Section box: "Horse galloping", "Boots", "Fly chit". */
export function maneuverShort(play: ManeuverPlay, chit: (i: number) => string): string {
  switch (play.with) {
    case 'horse':
      return `Horse ${play.galloping ? 'galloping' : 'walking'}`;
    case 'boots':
      return 'Boots';
    case 'fly':
      return 'Fly chit';
    case 'creature':
      return 'Creature';
    case 'mist':
      return 'Mist';
    default:
      return chit(play.chit);
  }
}

/** What a flier flies with, in words. */
export function flySourceLabel(names: Names, source: FlySource): string {
  switch (source.source) {
    case 'creature':
      return 'with my own wings';
    case 'item':
      return `on the ${names.any(source.item)}`;
    case 'steed':
      return `riding ${pieceName(names, source.piece)}`;
    case 'mount':
      return `riding seat ${source.seat + 1}`;
    case 'leader':
      return `riding the ${names.any(source.leader)}`;
    default:
      return `with the Fly chit of seat ${source.caster + 1}'s spell ${source.spell_box + 1}`;
  }
}

const MEETING_ANSWER: Record<MeetingAnswer, string> = {
  pay: 'Pay the price',
  takeBoon: 'Take it as a boon',
  decline: 'Decline',
  payPenalty: 'Pay the penalty (no deal)',
  refusePenalty: 'Refuse the penalty (they block me)',
};

/** What a hired leader's or controlled monster's Search does (its table, or what it loots). */
function minionSearchLabel(search: SearchChoice): string {
  if (search.table === 'peer') return 'the Peer table';
  if (search.table === 'locate') return 'the Locate table';
  if (search.table === 'lootSite') return `loot the ${humanize(search.site)}`;
  return 'loot the abandoned belongings here';
}

function tradeLabel(names: Names, deal: TradeChoice): string {
  switch (deal.deal) {
    case 'buy':
      return `Buy ${pieceName(names, deal.item)} from the ${deal.from}${deal.drinks ? ', buying drinks first' : ''}`;
    case 'sell':
      return `Sell ${pieceName(names, deal.item)} to the ${deal.to}`;
    default:
      return `Repay the boon owed to the ${deal.to}`;
  }
}

function giftLabel(names: Names, gift: Gift): string {
  switch (gift.gift) {
    case 'belonging':
      return pieceName(names, gift.piece);
    case 'gold':
      return `${gift.gold} gold`;
    case 'path':
      return `the way from ${gift.path.tile} ${gift.path.from}`;
    case 'site':
      return `the ${humanize(gift.site)}`;
    case 'siteCard':
      return `the ${names.any(gift.card)} and the site it was found at`;
    default:
      return 'a Treasure card';
  }
}

function individualName(names: Names, who: Individual): string {
  return who.individual === 'character' ? `seat ${who.seat + 1}` : `the ${pieceName(names, who.piece)}`;
}

function seatOrder(names: Names, order: BlockOrder): string {
  switch (order.block) {
    case 'character':
      return `seat ${order.target + 1}`;
    case 'individual':
      return individualName(names, order.target);
    default:
      return 'the monsters here';
  }
}

/** The hired leader or controlled monster an order has block, if not the character himself. */
function orderMinion(names: Names, order: BlockOrder): string | undefined {
  if (order.block === 'minionMonsters') return pieceName(names, order.minion);
  return order.block === 'individual' && order.blocker.individual === 'denizen'
    ? pieceName(names, order.blocker.piece)
    : undefined;
}

/** "block X whenever I can", or, for his hired leader or controlled monster Y, "my Y blocks X whenever it can". */
function blockOrderLabel(names: Names, order: BlockOrder): string {
  const minion = orderMinion(names, order);
  const target = seatOrder(names, order);
  return minion === undefined ? `block ${target} whenever I can` : `my ${minion} blocks ${target} whenever it can`;
}

export const LANE_ATTACK: Record<string, string> = { ChargeThrust: 'Thrust', DodgeSwing: 'Swing', DuckSmash: 'Smash' };
export const LANE_MANEUVER: Record<string, string> = { ChargeThrust: 'Charge', DodgeSwing: 'Dodge', DuckSmash: 'Duck' };
export const LANE_BOX: Record<string, string> = {
  ChargeThrust: 'Charge and Thrust',
  DodgeSwing: 'Dodge and Swing',
  DuckSmash: 'Duck and Smash',
};

/** The steps of a round of combat (8.3 to 8.5), in a few words. */
export const COMBAT_STAGE: Record<CombatStage, string> = {
  luring: 'Luring (8.3.4)',
  deployment: 'Deployment and charges (8.3.6)',
  actions: 'Encounter actions (8.3.7)',
  targets: 'Attention chits and targets (8.4.2)',
  plays: 'Plays (8.4.5)',
  fatigue: 'Fatigue and wounds (8.5)',
  trading: 'Trading and rearranging (8.8)',
};

/** The curses (4.6.7a): each one's name and, in a few words, what it stops, as the Curses
 * Table prints them. Words only: the engine applies them. */
export const CURSES: Record<Curse, { name: string; effect: string }> = {
  eyemist: { name: 'Eyemist', effect: 'cannot Search' },
  squeak: { name: 'Squeak', effect: 'cannot Hide' },
  wither: { name: 'Wither', effect: 'chits with effort asterisks stay fatigued' },
  ill_health: { name: 'Ill Health', effect: 'cannot Rest' },
  ashes: { name: 'Ashes', effect: 'recorded gold does not count' },
  disgust: { name: 'Disgust', effect: 'recorded Fame does not count' },
};

export function curseName(curse: Curse): string {
  return CURSES[curse]?.name ?? humanize(curse);
}

/** "Squeak (cannot Hide)". */
export function curseLabel(curse: Curse): string {
  const effect = CURSES[curse]?.effect;
  return effect ? `${curseName(curse)} (${effect})` : curseName(curse);
}

/** The engine's first place on a sheet for a spell cast by an Artifact or Spell Book
 * (`ITEM_PLACES_FROM` in combat/spells/items.rs, 8.3.9c). */
const ITEM_PLACES_FROM = 100;

/** What a spell is aimed at: "the clearing", "the tile", "seat 2", "Ogre #1", "every Goblin". */
export function aimLabel(names: Names, aim: SpellAim): string {
  switch (aim.aim) {
    case 'clearing':
      return 'the clearing';
    case 'tile':
      return 'the tile';
    case 'character':
      return `seat ${aim.seat + 1}`;
    case 'spell':
      return aim.spell_box >= ITEM_PLACES_FROM
        ? `the spell seat ${aim.caster + 1} cast with an item`
        : `seat ${aim.caster + 1}'s spell ${aim.spell_box + 1}`;
    case 'curse':
      return `seat ${aim.seat + 1}'s ${curseName(aim.curse)} curse`;
    case 'group':
      return `the ${aim.group}`;
    case 'kind':
      return `every ${aim.kind}`;
    case 'chit':
      return `Magic chit ${aim.chit + 1}`;
    case 'soundChit':
      return aim.to === undefined
        ? `the ${names.any(aim.chit)} chit`
        : `the ${names.any(aim.chit)} chit, to send it to ${names.tile(aim.to)}`;
    case 'enchant':
      return `the ${names.any(aim.item)}, adding ${names.any(aim.spell)}`;
    default:
      // A denizen or weapon; an aim this app does not know yet, by its name.
      return isRecord(aim.piece) ? pieceName(names, aim.piece) : humanize(String(aim.aim));
  }
}

/** When a spell in effect ends: "until Midnight", "until Sunset of day 3". */
export function expiryLabel(until: SpellExpiry): string {
  switch (until.at) {
    case 'midnight':
      return 'until Midnight';
    case 'sunset':
      return `until Sunset of day ${until.day}`;
    case 'never':
      return 'until it is broken';
    case 'onLanding':
      return 'until its flier lands';
    default:
      return 'until the end of the phase or round';
  }
}

/** A spell in effect in words: "Peace, cast by seat 1 from spell box 1 with Magic chit 12,
 * on Ogre #1; until Midnight" (the box and chit numbered as the Cast spell button does). */
export function spellInEffectLabel(names: Names, spell: SpellInEffect): string {
  const on = spell.aims.length ? `, on ${spell.aims.map((a) => aimLabel(names, a)).join(' and ')}` : '';
  if (spell.item !== undefined) {
    return `${names.any(spell.spell)}, cast by the ${names.any(spell.item)} (played by seat ${spell.caster + 1})${on}; ${expiryLabel(spell.until)}`;
  }
  return `${names.any(spell.spell)}, cast by seat ${spell.caster + 1} from spell box ${spell.spellBox + 1} with Magic chit ${
    spell.chit + 1
  }${on}; ${expiryLabel(spell.until)}`;
}

/** What a label may know beyond the action itself, from the view: the spell the seat is
 * aiming (8.4.2), so "Unleash Power: my Magic chit 7" can say which spell it is. */
export interface LabelContext {
  /** The id of the spell the seat on screen has cast and is aiming. */
  aiming?: string;
}

/** The label context of a seat: the spell it cast this round, as the view's combat shows. */
export function labelContext(view: MagicRealmView, seat: number | null): LabelContext {
  const cast = seat === null ? undefined : view.today.combat?.casts?.find(([s]) => s === seat)?.[1];
  return cast ? { aiming: cast.spell } : {};
}

function aimSpellLabel(names: Names, aim: SpellAim, ctx: LabelContext): string {
  const spell = ctx.aiming === undefined ? undefined : names.any(ctx.aiming);
  if (aim.aim === 'chit') {
    return spell ? `${spell}: my Magic chit ${aim.chit + 1}` : `Aim my spell at my Magic chit ${aim.chit + 1}`;
  }
  if (aim.aim === 'soundChit') {
    // Whistle for Monsters: the chit comes to his tile, or (one already there) stays or is sent on.
    const chit = `the ${names.any(aim.chit)} chit`;
    return `${spell ?? 'Whistle for Monsters'}: ${chit} to ${aim.to === undefined ? 'my tile' : names.tile(aim.to)}`;
  }
  const what = aim.aim === 'kind' ? `every ${aim.kind} here` : aimLabel(names, aim);
  return spell ? `Aim ${spell} at ${what}` : `Aim my spell at ${what}`;
}

export function actionLabel(names: Names, action: MagicRealmAction, ctx: LabelContext = {}): string {
  switch (action.type) {
    case 'RecordActivity':
      return `Record: ${activityLabel(names, action.activity)}`;
    case 'RecordLeaderActivity':
      return `Record for my ${names.any(action.leader)}: ${activityLabel(names, action.activity)}`;
    case 'AssignUnderling':
      return `My ${names.any(action.underling)} ${
        action.guide.guide === 'stay'
          ? 'stays where he is each day'
          : action.guide.guide === 'character'
            ? `follows seat ${action.guide.seat + 1} each day`
            : `follows the ${names.any(action.guide.leader)} each day`
      }`;
    case 'TakeBackLeaderActivity':
      return `Take back the last phase recorded for my ${names.any(action.leader)}`;
    case 'RecordMonsterActivity':
      return `Record for my ${pieceName(names, action.monster)}: ${activityLabel(names, action.activity)}`;
    case 'TakeBackMonsterActivity':
      return `Take back the last phase recorded for my ${pieceName(names, action.monster)}`;
    case 'GiveBlockOrder':
      return `Order: ${blockOrderLabel(names, action.order)}`;
    case 'WithdrawBlockOrder': {
      const minion = orderMinion(names, action.order);
      const target = seatOrder(names, action.order);
      return minion === undefined
        ? `Withdraw the order to block ${target}`
        : `Withdraw the order that my ${minion} blocks ${target}`;
    }
    case 'VoteToEnd':
      return action.vote ? 'Vote to end the game now' : 'Withdraw my vote to end the game';
    case 'DeclareSuicide':
      return action.declare ? 'Take my own life at Midnight' : 'Think better of it (no suicide)';
    case 'Trade':
      return tradeLabel(names, action.deal);
    case 'Hire': {
      const who = action.hire.hire === 'group' ? `the ${action.hire.group}` : names.any(action.hire.native);
      return `Hire ${who}${action.hire.drinks ? ', buying drinks first' : ''}`;
    }
    case 'AnswerMeeting':
      return MEETING_ANSWER[action.answer];
    case 'LoseToStorm':
      return `Give up phase ${action.phase + 1} to the storm`;
    case 'RemotePeer':
      return `Talk to Wise Bird: peer into ${clearingName(names, action.at)}`;
    case 'Preempt':
      return 'Take my turn now';
    case 'PassPreempt':
      return 'Let the next attention chit be picked';
    case 'ChooseActivity':
      return `Prophecy: do ${activityLabel(names, action.activity)} now`;
    case 'EndProphecyTurn':
      return 'Prophecy: do no more phases today';
    case 'RecordPhantasmActivity':
      return `Record for my phantasm: ${activityLabel(names, action.activity)}`;
    case 'TakeBackPhantasmActivity':
      return 'Take back the last phase recorded for my phantasm';
    case 'RecordFamiliarActivity':
      return `Record for my familiar: ${activityLabel(names, action.activity)}`;
    case 'TakeBackFamiliarActivity':
      return 'Take back the last phase recorded for my familiar';
    case 'TakeChit':
      return `Take the ${humanize(action.chit)} chit`;
    case 'FreshStart':
      return `Start afresh as the ${names.character(action.character)}`;
    case 'StayOut':
      return 'Stay out of the game today';
    case 'Give':
      return `Give ${giftLabel(names, action.gift)} to seat ${action.to + 1}`;
    case 'GiveToHireling':
      return action.gift.gift === 'path' || action.gift.gift === 'site' || action.gift.gift === 'siteCard'
        ? `Show the ${pieceName(names, action.hireling)} ${giftLabel(names, action.gift)}`
        : `Give the ${pieceName(names, action.hireling)} ${giftLabel(names, action.gift)} to carry`;
    case 'TakeFromHireling':
      return action.gift.gift === 'path' || action.gift.gift === 'site' || action.gift.gift === 'siteCard'
        ? `Learn ${giftLabel(names, action.gift)} from my ${pieceName(names, action.hireling)}`
        : `Take ${giftLabel(names, action.gift)} back from my ${pieceName(names, action.hireling)}`;
    case 'LeaderSearch':
      return `My ${names.any(action.leader)} searches: ${minionSearchLabel(action.search)}`;
    case 'ChooseLeaderSearchResult':
      return `For my ${names.any(action.leader)}: ${humanize(action.pick.table)} table, result ${action.pick.roll}`;
    case 'MonsterSearch':
      return `My ${pieceName(names, action.monster)} searches: ${minionSearchLabel(action.search)}`;
    case 'ChooseMonsterSearchResult':
      return `For my ${pieceName(names, action.monster)}: ${humanize(action.pick.table)} table, result ${action.pick.roll}`;
    case 'LeaderTrade':
      return `For my ${names.any(action.leader)}: ${tradeLabel(names, action.deal)}`;
    case 'LeaderHire': {
      const who = action.hire.hire === 'group' ? `the ${action.hire.group}` : names.any(action.hire.native);
      return `My ${names.any(action.leader)} hires ${who}${action.hire.drinks ? ', buying drinks first' : ''}`;
    }
    case 'AnswerLeaderMeeting':
      return `For my ${names.any(action.leader)}: ${MEETING_ANSWER[action.answer]}`;
    case 'HirelingGives':
      return `My ${pieceName(names, action.hireling)} gives ${giftLabel(names, action.gift)} to ${
        action.to.to === 'character' ? `seat ${action.to.seat + 1}` : `the ${pieceName(names, action.to.piece)}`
      }`;
    case 'HirelingAbandons':
      return `My ${pieceName(names, action.hireling)} abandons ${pieceName(names, action.piece)}`;
    case 'KeepFollowing':
      return 'Keep following';
    case 'StopFollowing':
      return 'Stop following (my turn ends here)';
    case 'Rearrange':
      return `${humanize(action.change)} ${pieceName(names, action.piece)}`;
    case 'Enchant':
      return action.tile
        ? `Enchant the tile with chit ${action.chit + 1}`
        : `Enchant chit ${action.chit + 1} into colour`;
    case 'EnchantTileAt':
      return `Toadstool Circle: enchant the tile of ${clearingName(names, action.at)} with chit ${action.chit + 1}`;
    case 'Teleport':
      return `Toadstool Circle: teleport to ${clearingName(names, action.to)}`;
    case 'Lure':
      return `Lure ${pieceName(names, action.denizen)} onto my sheet`;
    case 'EndLuring':
      return 'Lure no more';
    case 'Charge':
      return `Charge seat ${action.target + 1} with chit ${action.chit + 1}`;
    case 'ChargeFlying':
      return `Charge seat ${action.target + 1} ${flySourceLabel(names, action.with)}`;
    case 'ChargeInBoots':
      return `Charge seat ${action.target + 1} in my Boots`;
    case 'ChargeOnHorse':
      return `Charge seat ${action.target + 1} on my horse (${action.galloping ? 'galloping' : 'walking'})`;
    case 'HirelingLure':
      return `My ${pieceName(names, action.hireling)} lures ${pieceName(names, action.denizen)}`;
    case 'AssignToHireling':
      return `${pieceName(names, action.denizen)} attacks my ${pieceName(names, action.hireling)}`;
    case 'Deploy':
      return action.target.target === 'character'
        ? `Deploy my ${pieceName(names, action.hireling)} against seat ${action.target.seat + 1}`
        : `Deploy my ${pieceName(names, action.hireling)} against ${pieceName(names, action.target.piece)}`;
    case 'TurnHireling':
      return `Turn my ${pieceName(names, action.hireling)} over`;
    case 'TurnAbsorbed':
      return `Turn ${pieceName(names, action.piece)} (whose essence I have) over`;
    case 'HirelingTarget':
      return `My ${pieceName(names, action.hireling)} attacks ${pieceName(names, action.target)}`;
    case 'EndDeployment':
      return 'Charge nobody';
    case 'RunAway':
      return `Run away ${maneuverPhrase(action.with)} toward ${clearingName(names, action.to)}`;
    case 'FlyAway':
      return `Fly away ${flySourceLabel(names, action.with)} toward ${names.tile(action.to)}`;
    case 'EnergizeItem':
      return `Energize the ${names.any(action.item)} for the day with colour chit ${action.colour_chit + 1}`;
    case 'PlayColourChit':
      return `Play colour chit ${action.colour_chit + 1} for nothing (it fatigues)`;
    case 'EndTrading':
      return 'Done trading and rearranging';
    case 'TurnWeapon':
      return `Turn my weapon over with chit ${action.chit + 1}`;
    case 'EncounterItem':
      return `${humanize(action.change)} ${pieceName(names, action.piece)}`;
    case 'EndActions':
      return 'No (more) encounter actions';
    case 'CastFromItem':
      return `Cast ${names.any(action.spell)} with the ${names.any(action.item)}${
        action.colour_chit === undefined ? '' : ` (colour chit ${action.colour_chit + 1})`
      }`;
    case 'Search':
      switch (action.search.table) {
        case 'readRunesSite':
          return `Read the runes at the ${names.any(action.search.site)}`;
        case 'lootCard':
          return `Loot the ${names.any(action.search.card)}`;
        case 'openChest':
          return `Open the ${names.any(action.search.chest)} with the Lost Keys`;
        case 'magicSight':
          return 'Search: the Magic Sight table';
        case 'readRunesItem':
          return action.search.spell === undefined
            ? `Read the runes of the ${names.any(action.search.item)}`
            : `Read the runes of ${names.any(action.search.spell)} in the ${names.any(action.search.item)}`;
        default:
          return genericLabel(names, action as { type: string } & Record<string, unknown>);
      }
    case 'CastSpell':
      return `Cast spell ${action.spell_box + 1} with Magic chit ${action.chit + 1}${
        action.colour_chit === undefined ? '' : ` (colour chit ${action.colour_chit + 1})`
      }`;
    case 'AimSpell':
      return aimSpellLabel(names, action.aim, ctx);
    case 'AimSpellToward':
      return `${ctx.aiming === undefined ? 'Hurricane Winds' : names.any(ctx.aiming)}: blow ${aimLabel(names, action.aim)} to ${names.tile(action.to)}`;
    case 'EndAim':
      return 'No more targets for my spell';
    case 'EnergizeSpell':
      return `Energize seat ${action.caster + 1}'s spell ${action.spell_box + 1} with colour chit ${action.colour_chit + 1}`;
    case 'ActivatePhaseSpell':
      return `Activate seat ${action.caster + 1}'s Protection from Magic (spell ${action.spell_box + 1})`;
    case 'PlayGloves':
      return `Attack with my Gloves: ${LANE_ATTACK[action.lane]}`;
    case 'PlaySpellAttack':
      return `Direct my Attack spell: ${LANE_ATTACK[action.lane]}`;
    case 'PlayCreatureAttack':
      return `Attack as my creature: ${LANE_ATTACK[action.lane]}`;
    case 'PlayPartAttack':
      return `Attack with my creature's head or club: ${LANE_ATTACK[action.lane]}`;
    case 'SelectTarget':
      return action.target.target === 'character'
        ? `Attack seat ${action.target.seat + 1}`
        : `Attack ${pieceName(names, action.target.piece)}`;
    case 'NoTarget':
      return 'Attack nobody this round';
    case 'PlayAttack':
      return `Attack with chit ${action.chit + 1}: ${LANE_ATTACK[action.lane]}`;
    case 'PlayManeuver':
      return `Maneuver ${maneuverPhrase(action.with, 'chit')}: ${LANE_MANEUVER[action.lane]}`;
    case 'PlaceShield':
      return `Shield against ${LANE_ATTACK[action.lane]}`;
    case 'PlaceDenizen':
      return `Put ${pieceName(names, action.denizen)} in ${LANE_BOX[action.lane]}`;
    case 'TakeBackPlays':
      return 'Take back my plays';
    case 'EndPlays':
      return 'My plays are made';
    case 'FatigueChit':
      return `Fatigue chit ${action.chit + 1}`;
    case 'WoundChit':
      return `Wound chit ${action.chit + 1}`;
    case 'RollForBattling':
      return `Roll for the ${action.group}${action.drinks ? ', buying drinks first' : ''}`;
    case 'BattlingPenalty':
      return action.pay ? 'Pay the points' : 'Refuse: they battle me';
    case 'ChooseCharacter':
      return `Play the ${names.character(action.character)}`;
    case 'TakeEquipment':
      return `Take a ${names.any(action.item.id)} from the ${action.from}`;
    case 'PlaceVisitorChit':
      return `${humanize(action.chit)}: ${action.facing === 'light' ? 'first' : 'second'} face up, box ${action.box}`;
    case 'RecordSpell':
      return `Record ${names.any(action.spell)}`;
    case 'EnchantChit':
      return `Enchant chit ${action.chit + 1}`;
    case 'FinishEnchanting':
      return 'Enchant no more chits';
    case 'ChooseStart':
      return `Start at the ${action.start === 'Guard' ? 'Guard house' : action.start}`;
    case 'AssignVictoryPoint':
      return `1 victory point to ${VICTORY[action.category] ?? humanize(action.category)}`;
    case 'ReviseChoices':
      return 'Clear my secret choices and start again';
    case 'ConfirmChoices':
      return 'Confirm my secret choices';
    case 'AskDemon':
      return `Ask the Demon (${humanize(action.question.ask)}) of seat ${action.question.seat + 1}`;
    case 'ChooseRedDie':
      return `Set the red die to ${action.value}`;
    case 'AmuletCancels':
      return `Amulet: cancel ${aimLabel(names, action.aim)}`;
    case 'ChooseMagicSight': {
      const pick = action.pick;
      if (pick.from === 'site') return `Magic Sight: the ${names.any(pick.site)}`;
      if (pick.from === 'item') return `Magic Sight: the spells of the ${names.any(pick.item)}`;
      if (pick.from === 'spell') return `Learn ${names.any(pick.spell)}`;
      return 'Magic Sight: the belongings abandoned here';
    }
    case 'LostWay':
      return `Lost: go to ${clearingName(names, action.to)}`;
    case 'WishTeleport':
      return `Teleport to ${clearingName(names, action.to)}`;
    case 'WishAway':
      return action.target.target === 'character'
        ? `Wish seat ${action.target.seat + 1} elsewhere`
        : `Wish ${pieceName(names, action.target.piece)} elsewhere`;
    default:
      return genericLabel(names, action as { type: string } & Record<string, unknown>);
  }
}

/** Every clearing an action names (e.g. a move's destination), depth first. */
export function clearingsOf(v: unknown, out: ClearingRef[] = []): ClearingRef[] {
  if (isClearingRef(v)) {
    out.push(v);
  } else if (Array.isArray(v)) {
    for (const x of v) clearingsOf(x, out);
  } else if (isRecord(v)) {
    for (const x of Object.values(v)) clearingsOf(x, out);
  }
  return out;
}

export function sameClearing(a: ClearingRef, b: ClearingRef): boolean {
  return a.tile === b.tile && a.clearing === b.clearing;
}

export interface ActionGroup<A> {
  type: string;
  title: string;
  items: { action: A; index: number }[];
}

/** Legal actions grouped by type, in the engine's order (first appearance of each type). */
export function groupActions<A extends { type: string }>(actions: readonly A[]): ActionGroup<A>[] {
  const groups = new Map<string, ActionGroup<A>>();
  actions.forEach((action, index) => {
    let g = groups.get(action.type);
    if (!g) {
      g = { type: action.type, title: typeTitle(action.type), items: [] };
      groups.set(action.type, g);
    }
    g.items.push({ action, index });
  });
  return [...groups.values()];
}

/** Splits a long list by the value of its first differing field (e.g. visitor chits by chit). */
export function subGroups<A extends { type: string }>(
  items: { action: A; index: number }[],
  names: Names,
): { key: string; items: { action: A; index: number }[] }[] | undefined {
  if (items.length <= 8) return undefined;
  const first = items[0]?.action as Record<string, unknown> | undefined;
  if (!first) return undefined;
  // Each field by its value; then a field naming a clearing by its tile (a remote Peer
  // may name any clearing on the map).
  const byValue = (x: unknown) => formatValue(names, x);
  const byTile = (x: unknown) => (isClearingRef(x) ? names.tile(x.tile) : formatValue(names, x));
  for (const keyOf of [byValue, byTile]) {
    for (const field of Object.keys(first)) {
      if (field === 'type') continue;
      const keys = new Map<string, { action: A; index: number }[]>();
      for (const it of items) {
        const k = keyOf((it.action as unknown as Record<string, unknown>)[field]);
        keys.set(k, [...(keys.get(k) ?? []), it]);
      }
      if (keys.size > 1 && keys.size < items.length) return [...keys].map(([key, list]) => ({ key, items: list }));
    }
  }
  return undefined;
}

/** A die roll found in a log entry's detail: any object holding `{table, dice: [..]}` or
 * `{table, roll: n}` (the rest of its fields are the result). */
export function rollOf(v: unknown): (Roll & { result?: unknown }) | undefined {
  if (isRecord(v)) {
    if (typeof v.table === 'string' && Array.isArray(v.dice)) return v as unknown as Roll & { result?: unknown };
    if (typeof v.table === 'string' && typeof v.roll === 'number') {
      const { table, roll, result, type: _type, seat: _seat, at: _at, ...rest } = v;
      return {
        table: String(table),
        dice: [roll as number],
        result: result ?? (Object.keys(rest).length ? rest : undefined),
      };
    }
    for (const x of Object.values(v)) {
      const r = rollOf(x);
      if (r) return r;
    }
  }
  if (Array.isArray(v)) {
    for (const x of v) {
      const r = rollOf(x);
      if (r) return r;
    }
  }
  return undefined;
}

export function rollLine(names: Names, roll: Roll & { result?: unknown }): string {
  const result = roll.result === undefined ? '' : ` → ${formatValue(names, roll.result)}`;
  const dice = roll.dice.length === 1 ? `rolled ${roll.dice[0]}` : `rolled ${roll.dice.join(' and ')}`;
  return `${humanize(roll.table)} table: ${dice}${result}`;
}

/** The day each log entry belongs to: 0 for setup; a `day` field in an entry's detail, or
 * the SetupComplete entry (day 1), moves the count on. */
export function logDays(entries: readonly MagicRealmLogEntry[]): number[] {
  let day = 0;
  return entries.map((e) => {
    const d = e.detail as unknown as Record<string, unknown>;
    if (typeof d.day === 'number') day = d.day;
    const here = day;
    if (e.detail.type === 'SetupComplete') day = Math.max(day, 1);
    return here;
  });
}

/** A probability as a whole percentage; never rounds a real chance to 0% or 100%. */
export function percent(p: number): string {
  if (p <= 0) return '0%';
  if (p >= 1) return '100%';
  if (p < 0.005) return '<1%';
  if (p > 0.995) return '>99%';
  return `${Math.round(p * 100)}%`;
}

function wounds(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** The odds of a play in a few words, for a button: his target killed (when the odds
 * follow it), he killed, his expected wounds. */
export function oddsLine(o: PlayOdds): string {
  const kill = o.targetKilled === undefined ? [] : [`Kill ${percent(o.targetKilled)}`];
  return [...kill, `Die ${percent(o.killed)}`, `Wounds ${wounds(o.expectedWounds)}`].join(' · ');
}

/** The same odds as a sentence (a button's title and accessible name). */
export function oddsSentence(o: PlayOdds, target: string | undefined): string {
  const parts = [];
  if (o.targetKilled !== undefined) parts.push(`${percent(o.targetKilled)} chance to kill ${target ?? 'the target'}`);
  else if (target && !o.attackCounted) parts.push(`no attack on ${target} counted`);
  parts.push(`${percent(o.killed)} chance to be killed`);
  parts.push(`${wounds(o.expectedWounds)} wounds expected`);
  if (o.horseKilled > 0) parts.push(`${percent(o.horseKilled)} chance to lose the horse`);
  return parts.join(', ');
}
