// Words for Hand of Doom's ids, actions and steps, looked up in the content (the engine's
// data). Pure: no rule is decided here; the chart step of a decision is read off the
// engine's `HodStep`.
import type { Content, HodAction, HodStep, HodView, Level, LevelKey } from '../../../pkg/tabletop_rules.js';

/** The turn-flow chart's thirteen steps (seed 003), as the chart panel lists them. */
export const CHART_STEPS: readonly { n: number; phase: string; title: string }[] = [
  { n: 1, phase: 'Map Action', title: 'Each party chooses a Map Stance' },
  { n: 2, phase: 'Map Action', title: 'Each adventurer chooses a Map Action' },
  { n: 3, phase: 'Map Action', title: 'Rest: Recover, then Rest Actions' },
  { n: 4, phase: 'Danger', title: 'A Danger card for each party' },
  { n: 5, phase: 'Danger', title: 'Safe: a Town, or a value above the Danger Level' },
  { n: 6, phase: 'Danger', title: 'Hunt or Stealth; icons and counters' },
  { n: 7, phase: 'Encounter', title: 'Encounters, unless safe' },
  { n: 8, phase: 'Encounter', title: 'Resolve Immediately, then Monster cards' },
  { n: 9, phase: 'Encounter', title: 'The Law: bribe, fight or surrender' },
  { n: 10, phase: 'Encounter', title: 'Fight: targets, stances, actions' },
  { n: 11, phase: 'Encounter', title: 'Combat dice and wounds' },
  { n: 12, phase: 'Encounter', title: 'End of the round' },
  { n: 13, phase: 'Encounter', title: 'Party Victory or Monster Victory' },
];

/** The chart step the engine's decision belongs to. */
export function chartStep(step: HodStep): number {
  switch (step.step) {
    case 'stance':
      return 1;
    case 'mapAction':
    case 'leaverStance':
      return 2;
    case 'rest':
    case 'trading':
      return 3;
    case 'dangerRoll':
      return 6;
    case 'dispel':
      return 7;
    case 'bribe':
    case 'payBribe':
      return 9;
    case 'fight':
      return 10;
    case 'over':
      return 13;
  }
}

export interface HodNames {
  space(id: string): string;
  loot(id: string): string;
  skill(id: string): string;
  monster(id: string): string;
  adventurer(id: string): string;
  region(id: string): string;
  territory(id: string): string;
  card(id: string): string;
}

/** "reed-wisp" → "Reed wisp": the fallback for ids the content does not name. */
export function humanize(id: string): string {
  const s = id.replace(/[-_]+/g, ' ').trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function makeHodNames(content: Content): HodNames {
  const map = (list: { id: string; name: string }[]) => new Map(list.map((x) => [x.id, x.name]));
  const spaces = map(content.spaces);
  const loot = map(content.loot);
  const skills = map(content.skills);
  const monsters = map(content.monsters);
  const adventurers = map(content.adventurers);
  const regions = map(content.regions);
  const territories = map(content.territories);
  const cards = new Map([
    ...map(content.danger),
    ...map(content.encounters),
    ...map(content.signs),
    ...loot,
    ...monsters,
    ...skills,
  ]);
  const get = (m: Map<string, string>) => (id: string) => m.get(id) ?? humanize(id);
  return {
    space: get(spaces),
    loot: get(loot),
    skill: get(skills),
    monster: get(monsters),
    adventurer: get(adventurers),
    region: get(regions),
    territory: get(territories),
    card: get(cards),
  };
}

export function levelText(level: Level): string {
  return level.type === 'Town' ? `Town Level ${level.level}` : `Danger Level ${level.level}`;
}

export function levelKeyName(names: HodNames, key: LevelKey): string {
  return key.type === 'Space' ? names.space(key.space) : names.territory(key.territory);
}

function foeName(view: HodView, slot: number): string {
  const foe = view.fight?.foes.find((f) => f.slot === slot);
  return foe ? `${foe.name} (#${slot})` : `#${slot}`;
}

/** A legal action in words (the button's label). */
export function actionLabel(names: HodNames, view: HodView, a: HodAction): string {
  switch (a.type) {
    case 'ChooseStance':
      return `${a.stance} stance`;
    case 'FootTravel':
      return `Foot Travel to ${names.space(a.to)}`;
    case 'ForceMarch':
      return `Force March to ${names.space(a.to)} (CON test)`;
    case 'LakePortTravel':
      return `Lake Port Travel to ${names.space(a.to)}`;
    case 'RiverPortTravel':
      return `River Port Travel to ${names.space(a.to)}`;
    case 'VoidTravel':
      return `Void Travel to ${names.space(a.to)}`;
    case 'Rest':
      return 'Rest (make camp or stay in town)';
    case 'Recover':
      return 'Recover (MRL test)';
    case 'Explore':
      return 'Explore (PER test)';
    case 'Improve':
      return `Improve: learn ${names.skill(a.skill)}`;
    case 'Master':
      return `Improve: master ${names.skill(a.skill)}`;
    case 'Invest':
      return 'Invest';
    case 'Trade':
      return 'Trade (draw Loot)';
    case 'Buy':
      return `Buy ${names.loot(a.item)}`;
    case 'Sell':
      return `Sell ${names.loot(a.item)}`;
    case 'DoneTrading':
      return 'Done trading';
    case 'EndRest':
      return 'End the rest';
    case 'RollForStance':
      return 'Roll PER for the stance';
    case 'KeepDangerValue':
      return 'Keep the Danger value';
    case 'AttemptDispel':
      return `Attempt to dispel (seat ${a.by + 1})`;
    case 'DeclineDispel':
      return 'Do not attempt to dispel';
    case 'AttemptBribe':
      return `Attempt a bribe (seat ${a.by + 1}, MRL test)`;
    case 'FightLaw':
      return 'Fight the Law';
    case 'Surrender':
      return 'Surrender (the mission ends)';
    case 'PayBribe':
      return 'Pay the bribe';
    case 'ChooseCombatStance':
      return `${a.stance} stance`;
    case 'Attack': {
      const w = a.with;
      const weapon =
        w.kind === 'Item'
          ? names.loot(w.item)
          : w.kind === 'UnarmedAgi'
            ? 'an Unarmed Strike (AGI)'
            : 'an Unarmed Strike (STR)';
      return `Attack ${foeName(view, a.target)} with ${weapon}`;
    }
    case 'Escape':
      return 'Escape (AGI test)';
    case 'UseItem':
      return `Use ${names.loot(a.item)}`;
    case 'ReturnToFight':
      return 'Return to the fight';
    case 'StayOut':
      return 'Stay out of the fight';
  }
}

/** Whose decision it is and where in the chart, for the bar at the top. */
export function stepLine(names: HodNames, view: HodView, seat: number | undefined): string {
  const n = chartStep(view.step);
  const title = CHART_STEPS[n - 1]?.title ?? '';
  if (view.step.step === 'over') return `Turn ${view.turn} · the mission is ${view.step.won ? 'won' : 'lost'}`;
  const who = seat === undefined ? '' : ` · ${adventurerName(names, view, seat)}`;
  return `Turn ${view.turn} of ${view.turnLimit} · [${n}] ${title}${who}`;
}

export function adventurerName(names: HodNames, view: HodView, seat: number): string {
  const a = view.adventurers.find((x) => x.seat === seat);
  return a ? `${names.adventurer(a.card).split(',')[0]} (seat ${seat + 1})` : `Seat ${seat + 1}`;
}

/** The spaces an action travels to (for the map's tappable spaces). */
export function destination(a: HodAction): string | undefined {
  switch (a.type) {
    case 'FootTravel':
    case 'ForceMarch':
    case 'LakePortTravel':
    case 'RiverPortTravel':
    case 'VoidTravel':
      return a.to;
    default:
      return undefined;
  }
}

const FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/** A die as a face (1-6), or its number. */
export function dieFace(n: number): string {
  return FACES[n - 1] ?? String(n);
}
