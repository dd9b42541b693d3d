// The seat's Melee Section while the characters make their plays (8.4.5): three Attack
// circles, three red boxes with the denizens on his sheet, three Maneuver squares, his
// armor. The plays offered are exactly the engine's legal actions that go on his own
// sheet; beside each one, the exact odds the engine gives for the plays made so far plus
// that one (`playOdds`). Each offer can be tapped, or dragged onto another box that takes it.
// At a device that joined an online game the host works the odds out (online/session.ts):
// they show when its answers come.
import { useMemo } from 'preact/hooks';
import type {
  Catalog,
  Lane,
  MagicRealm,
  MagicRealmAction,
  MagicRealmView,
  PieceId,
  PlayOdds,
  Plays,
} from '../../../pkg/tabletop_rules.js';
import { OddsPending } from '../online/session';
import { LANES, laneOf, samePiece, sheetOf, targetOf, withPlay } from './combat';
import {
  actionLabel,
  LANE_ATTACK,
  LANE_BOX,
  LANE_MANEUVER,
  maneuverShort,
  oddsLine,
  oddsSentence,
  percent,
} from './labels';
import { type Names, pieceName } from './names';
import { chitText } from './Panels';
import { type Drag, LaneBox, PlayButton } from './PlayBox';

/** Where the odds come from: the engine's game, or a joiner's game that asks the host; that
 * one's `playOdds` throws `OddsPending` until the answer comes, and `oddsAnswers` counts the
 * answers come so far. */
export type OddsSource = Pick<MagicRealm, 'playOdds'> & { readonly oddsAnswers?: number };

export interface MeleeSectionProps {
  game: OddsSource;
  view: MagicRealmView;
  seat: number;
  plays: Plays;
  /** The legal plays that go on his own sheet. */
  offers: MagicRealmAction[];
  /** Whether he still has legal actions (his plays are not made). */
  acting: boolean;
  names: Names;
  catalog: Catalog;
  drag: Drag;
  onAct: (a: MagicRealmAction) => void;
}

interface Offer {
  action: MagicRealmAction;
  odds: PlayOdds | undefined;
}

/** The odds of `plays`, 'asking' while the host works them out, or undefined. */
function ask(game: OddsSource, seat: number, plays: Plays): PlayOdds | 'asking' | undefined {
  try {
    return game.playOdds(seat, plays);
  } catch (e) {
    if (e instanceof OddsPending) return 'asking';
    // Not answerable now (e.g. his plays are made): no odds to show.
    return undefined;
  }
}
const known = (o: PlayOdds | 'asking' | undefined) => (o === 'asking' ? undefined : o);

export function MeleeSection({
  game,
  view,
  seat,
  plays,
  offers: legal,
  acting,
  names,
  catalog,
  drag,
  onAct,
}: MeleeSectionProps) {
  const key = JSON.stringify([plays, legal]);
  const answers = game.oddsAnswers ?? 0;
  // The odds change only with the plays and the legal actions (or when the host's answers come).
  const { now, asking, offers } = useMemo(() => {
    let asking = false;
    const offers: Offer[] = legal.map((action) => {
      const next = withPlay(plays, action);
      const odds = next ? ask(game, seat, next) : undefined;
      asking ||= odds === 'asking';
      return { action, odds: known(odds) };
    });
    const now = ask(game, seat, plays);
    return { now: known(now), asking: asking || now === 'asking', offers };
  }, [key, answers, game, seat]);

  const character = catalog.characters.characters.find(
    (c) => c.id === view.seats.find((s) => s.seat === seat)?.character,
  );
  const chit = (i: number) => {
    const c = character?.chits[i];
    return c ? `${i + 1}: ${chitText(c)}` : `Chit ${i + 1}`;
  };
  const target = targetOf(view, seat);
  const targetName = !target
    ? undefined
    : target.target === 'denizen'
      ? pieceName(names, target.piece)
      : `seat ${target.seat + 1}`;
  const sheet = sheetOf(view, seat);
  const placed = plays.placed ?? [];
  const placedIn = (lane: Lane) =>
    placed.filter(([p, l]) => l === lane && sheet.some((q) => samePiece(p, q))).map(([p]) => p);
  const unplaced = sheet.filter((p) => !placed.some(([q]) => samePiece(p, q)));
  const charId = view.seats.find((s) => s.seat === seat)?.character;
  const inactive = view.seats.find((s) => s.seat === seat)?.inactive ?? [];
  const armor = view.piles
    .filter((p) => p.place.place === 'belongings' && p.place.character === charId)
    .flatMap((p) => p.pieces)
    .flatMap((s) => (s.seen === 'known' && s.piece.kind === 'armor' ? [s] : []))
    .filter((s) => !inactive.some((q) => samePiece(q, s.piece)));
  const armorOdds = (piece: PieceId) => now?.armor.find((a) => samePiece(a.piece, piece));

  const button = ({ action, odds }: Offer, text: string) => (
    <PlayButton
      key={JSON.stringify(action)}
      action={action}
      drag={drag}
      onAct={onAct}
      label={`${actionLabel(names, action)}${odds ? ` (${oddsSentence(odds, targetName)})` : ''}`}
      title={odds ? oddsSentence(odds, targetName) : undefined}
    >
      <span class="play-what">{text}</span>
      {odds && (
        <span class="play-odds">
          {oddsLine(odds)
            .split(' · ')
            .map((part) => (
              <span key={part}>{part}</span>
            ))}
        </span>
      )}
    </PlayButton>
  );
  const inLane = (types: readonly MagicRealmAction['type'][], lane: Lane) =>
    offers.filter((o) => types.includes(o.action.type) && laneOf(o.action) === lane);
  const CIRCLE = [
    'PlayAttack',
    'PlayGloves',
    'PlaySpellAttack',
    'PlayCreatureAttack',
    'PlayPartAttack',
    'PlaceShield',
  ] as const;
  const offerText = (a: MagicRealmAction) => {
    switch (a.type) {
      case 'PlayAttack':
        return chit(a.chit);
      case 'PlayGloves':
        return 'Gloves';
      case 'PlaySpellAttack':
        return 'Attack spell';
      case 'PlayCreatureAttack':
        return 'Creature';
      case 'PlayPartAttack':
        return 'Head or club';
      case 'PlaceShield':
        return 'Shield';
      case 'PlaceDenizen':
        return pieceName(names, a.denizen);
      case 'PlayManeuver':
        return maneuverShort(a.with, chit);
      default:
        return '';
    }
  };
  const played = plays.maneuver?.[0];
  const box = (cls: string, legend: string, types: readonly MagicRealmAction['type'][], lane: Lane) => {
    const here = inLane(types, lane);
    return { cls, legend, here, offers: here.map((o) => o.action) };
  };

  return (
    <section class="melee" aria-label="Melee section">
      <h3>
        Melee, round {view.today.combat?.round ?? ''}
        {targetName ? ` · attacking ${targetName}` : ' · no target'}
      </h3>
      <p class="odds-now" id="odds-now">
        {now
          ? `With the plays made: ${oddsSentence(now, targetName)}.`
          : !acting
            ? 'Your plays are made; the others are making theirs.'
            : asking
              ? 'Working out the odds…'
              : ''}
      </p>
      <p class="muted small">
        Exact odds over every repositioning, change-tactics and missile roll; other characters' attacks are not counted.
        Tap a play, or drag it onto another box that lights up.
      </p>
      <div class="melee-grid">
        {LANES.map((lane) => {
          const circle = box('circle', LANE_ATTACK[lane] ?? lane, CIRCLE, lane);
          const red = box('red-box', LANE_BOX[lane] ?? lane, ['PlaceDenizen'], lane);
          const square = box('square', LANE_MANEUVER[lane] ?? lane, ['PlayManeuver'], lane);
          return (
            <div key={lane} class="lane" data-lane={lane}>
              <LaneBox class={circle.cls} legend={circle.legend} offers={circle.offers} drag={drag} onAct={onAct}>
                {plays.attack?.[1] === lane && <p class="played">Attack {chit(plays.attack[0])}</p>}
                {plays.gloves === lane && <p class="played">Attack with gloves</p>}
                {plays.spellAttack === lane && <p class="played">Attack spell</p>}
                {plays.creatureAttack === lane && <p class="played">Attack as creature</p>}
                {plays.partAttack === lane && <p class="played">Head or club</p>}
                {plays.shield === lane && <p class="played">Shield</p>}
                {circle.here.map((o) => button(o, offerText(o.action)))}
              </LaneBox>
              <LaneBox class={red.cls} legend={red.legend} offers={red.offers} drag={drag} onAct={onAct}>
                {placedIn(lane).map((p) => (
                  <p key={JSON.stringify(p)} class="played denizen">
                    {pieceName(names, p)}
                  </p>
                ))}
                {red.here.map((o) => button(o, offerText(o.action)))}
              </LaneBox>
              <LaneBox class={square.cls} legend={square.legend} offers={square.offers} drag={drag} onAct={onAct}>
                {played && plays.maneuver?.[1] === lane && <p class="played">{maneuverShort(played, chit)}</p>}
                {square.here.map((o) => button(o, offerText(o.action)))}
              </LaneBox>
            </div>
          );
        })}
      </div>
      <p class="small">
        On your sheet: {sheet.length ? sheet.map((p) => pieceName(names, p)).join(', ') : 'nobody'}
        {unplaced.length > 0 && sheet.length > 0
          ? ` · not placed yet: ${unplaced.map((p) => pieceName(names, p)).join(', ')} (placed in the empty boxes when your plays are made)`
          : ''}
      </p>
      <p class="small">
        Armor:{' '}
        {armor.length === 0
          ? 'none'
          : armor.map((s, i) => {
              const o = armorOdds(s.piece);
              return (
                <span key={i}>
                  {i > 0 ? ', ' : ''}
                  {pieceName(names, s.piece)}
                  {s.facing === 'damaged' ? ' (damaged)' : ''}
                  {o ? ` (damaged ${percent(o.damaged)}, destroyed ${percent(o.destroyed)})` : ''}
                </span>
              );
            })}
      </p>
    </section>
  );
}
