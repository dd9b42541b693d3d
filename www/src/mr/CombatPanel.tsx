// The seat's Melee Section while the characters make their plays (8.4.5): three Attack
// circles, three red boxes with the denizens on his sheet, three Maneuver squares, his
// armor. The plays offered are exactly the engine's legal actions; beside each one, the
// exact odds the engine gives for the plays made so far plus that one (`playOdds`).
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
import { isPlayAction, LANES, laneOf, ownPlays, samePiece, sheetOf, targetOf, withPlay } from './combat';
import { actionLabel, LANE_ATTACK, LANE_BOX, LANE_MANEUVER, oddsLine, oddsSentence, percent } from './labels';
import { type Names, pieceName } from './names';
import { chitText } from './Panels';

export interface CombatPanelProps {
  game: MagicRealm;
  view: MagicRealmView;
  seat: number;
  legal: MagicRealmAction[];
  names: Names;
  catalog: Catalog;
  onAct: (a: MagicRealmAction) => void;
}

interface Offer {
  action: MagicRealmAction;
  odds: PlayOdds | undefined;
}

function ask(game: MagicRealm, seat: number, plays: Plays): PlayOdds | undefined {
  try {
    return game.playOdds(seat, plays);
  } catch {
    // Not answerable now (e.g. his plays are made): no odds to show.
    return undefined;
  }
}

export function CombatPanel({ game, view, seat, legal, names, catalog, onAct }: CombatPanelProps) {
  const plays = ownPlays(view, seat);
  const key = JSON.stringify([plays, legal]);
  // The odds change only with the plays and the legal actions.
  const { now, offers } = useMemo(() => {
    if (!plays) return { now: undefined, offers: [] as Offer[] };
    const offers: Offer[] = legal.filter(isPlayAction).map((action) => {
      const next = withPlay(plays, action);
      return { action, odds: next ? ask(game, seat, next) : undefined };
    });
    return { now: ask(game, seat, plays), offers };
  }, [key, game, seat]);
  if (!plays) return null;

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
  const placedIn = (lane: Lane) => placed.filter(([, l]) => l === lane).map(([p]) => p);
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
    <button
      key={JSON.stringify(action)}
      type="button"
      class="play-option"
      aria-label={`${actionLabel(names, action)}${odds ? ` (${oddsSentence(odds, targetName)})` : ''}`}
      title={odds ? oddsSentence(odds, targetName) : undefined}
      onClick={() => onAct(action)}
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
    </button>
  );
  const inLane = (type: MagicRealmAction['type'], lane: Lane) =>
    offers.filter((o) => o.action.type === type && laneOf(o.action) === lane);
  const maneuverText = (a: MagicRealmAction) =>
    a.type !== 'PlayManeuver'
      ? ''
      : a.with.with === 'horse'
        ? `Horse ${a.with.galloping ? 'galloping' : 'walking'}`
        : a.with.with === 'boots'
          ? 'Boots'
          : chit(a.with.chit);
  const played = plays.maneuver?.[0];
  const rest = offers.filter((o) => o.action.type === 'TakeBackPlays' || o.action.type === 'EndPlays');

  return (
    <section class="melee" aria-label="Melee section">
      <h3>
        Melee, round {view.today.combat?.round ?? ''}
        {targetName ? ` · attacking ${targetName}` : ' · no target'}
      </h3>
      <p class="odds-now" id="odds-now">
        {now
          ? `With the plays made: ${oddsSentence(now, targetName)}.`
          : legal.length === 0
            ? 'Your plays are made; the others are making theirs.'
            : ''}
      </p>
      <p class="muted small">
        Exact odds over every repositioning, change-tactics and missile roll; other characters' attacks are not counted.
      </p>
      <div class="melee-grid">
        {LANES.map((lane) => (
          <div key={lane} class="lane" data-lane={lane}>
            <fieldset class="circle">
              <legend>{LANE_ATTACK[lane]}</legend>
              {plays.attack?.[1] === lane && <p class="played">Attack {chit(plays.attack[0])}</p>}
              {plays.gloves === lane && <p class="played">Attack with gloves</p>}
              {plays.spellAttack === lane && <p class="played">Attack spell</p>}
              {plays.shield === lane && <p class="played">Shield</p>}
              {inLane('PlayAttack', lane).map((o) =>
                button(o, o.action.type === 'PlayAttack' ? chit(o.action.chit) : ''),
              )}
              {inLane('PlayGloves', lane).map((o) => button(o, 'Gloves'))}
              {inLane('PlaySpellAttack', lane).map((o) => button(o, 'Attack spell'))}
              {inLane('PlaceShield', lane).map((o) => button(o, 'Shield'))}
            </fieldset>
            <fieldset class="red-box">
              <legend>{LANE_BOX[lane]}</legend>
              {placedIn(lane).map((p) => (
                <p key={JSON.stringify(p)} class="played denizen">
                  {pieceName(names, p)}
                </p>
              ))}
              {inLane('PlaceDenizen', lane).map((o) =>
                button(o, o.action.type === 'PlaceDenizen' ? pieceName(names, o.action.denizen) : ''),
              )}
            </fieldset>
            <fieldset class="square">
              <legend>{LANE_MANEUVER[lane]}</legend>
              {played && plays.maneuver?.[1] === lane && (
                <p class="played">
                  {played.with === 'horse'
                    ? `Horse ${played.galloping ? 'galloping' : 'walking'}`
                    : played.with === 'boots'
                      ? 'Boots'
                      : chit(played.chit)}
                </p>
              )}
              {inLane('PlayManeuver', lane).map((o) => button(o, maneuverText(o.action)))}
            </fieldset>
          </div>
        ))}
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
      <div class="melee-end">
        {rest.map(({ action }) => (
          <button key={action.type} type="button" onClick={() => onAct(action)}>
            {actionLabel(names, action)}
          </button>
        ))}
      </div>
    </section>
  );
}
