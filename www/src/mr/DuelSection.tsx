// A denizen's Melee Section (8.3.4c, 8.3.6a, 8.4.5): a denizen defending on a sheet of its
// own, the attackers on it (the last on top), the one it attacks once picked. Laid out as
// the game's sheet: the defender in a red box, its target in a Maneuver square, the other
// attackers in Attack circles. The seat's offers for this sheet (positioning counters,
// turning his hireling over, picking its target) are the engine's legal actions, drawn in
// the box each one fills.
import type { Duel, Lane, MagicRealmAction, MagicRealmView, PieceId } from '../../../pkg/tabletop_rules.js';
import { boxOf, companionsOf, duelsOf, LANES, placedOnDuel, type Spot, samePiece } from './combat';
import { actionLabel, LANE_ATTACK, LANE_BOX, LANE_MANEUVER } from './labels';
import { type Names, pieceName } from './names';
import { type Drag, LaneBox, PlayButton } from './PlayBox';

export interface DuelSectionProps {
  view: MagicRealmView;
  /** The duel's place in `view.today.combat.duels`. */
  index: number;
  duel: Duel;
  /** The seat's legal actions for this sheet. */
  offers: MagicRealmAction[];
  /** His defending hirelings he has turned over with his plays (secret until revealed). */
  flipped: readonly PieceId[];
  /** Draw the boxes (while positions are made or shown), not only who is on the sheet. */
  boxes: boolean;
  names: Names;
  drag: Drag;
  onAct: (a: MagicRealmAction) => void;
}

const SPOTS: readonly { spot: Spot; cls: string; legend: Record<string, string> }[] = [
  { spot: 'circle', cls: 'circle', legend: LANE_ATTACK },
  { spot: 'redBox', cls: 'red-box', legend: LANE_BOX },
  { spot: 'square', cls: 'square', legend: LANE_MANEUVER },
];

/** Which side of a counter is up, as the view shows it (natives and monsters: light/dark). */
function sideUp(view: MagicRealmView, piece: PieceId): string | undefined {
  for (const pile of view.piles) {
    for (const s of pile.pieces) {
      if (s.seen === 'known' && samePiece(s.piece, piece) && (s.facing === 'light' || s.facing === 'dark')) {
        return `${s.facing} side up`;
      }
    }
  }
  return undefined;
}

export function DuelSection({ view, index, duel, offers, flipped, boxes, names, drag, onAct }: DuelSectionProps) {
  const name = (p: PieceId) => pieceName(names, p);
  const defender = name(duel.defender);
  const mine = view.own.some((o) =>
    o.hirelings?.some((h) => duel.defender.kind === 'native' && h.native === duel.defender.id),
  );
  const side = sideUp(view, duel.defender);
  const duels = duelsOf(view);
  const placed = placedOnDuel(view, index);
  const inBox = (spot: Spot, lane: Lane) =>
    offers.filter((a) => {
      const b = boxOf(companionsOf(view), duels, a);
      return b !== undefined && b.sheet === index && b.spot === spot && b.lane === lane;
    });
  const placedIn = (spot: Spot, lane: Lane) =>
    placed.filter((p) => p.box.spot === spot && p.box.lane === lane).map((p) => p.piece);
  const onSheet = [duel.defender, ...duel.attackers];
  const unplaced = onSheet.filter((p) => !placed.some((q) => samePiece(p, q.piece)));
  const turns = offers.filter((a) => a.type === 'TurnHireling');
  const picks = offers.filter((a) => a.type === 'HirelingTarget');
  const attackers = [...duel.attackers].reverse();

  return (
    <section class="melee duel" aria-label={`Sheet of ${defender}`} data-duel={index}>
      <h4>
        {mine ? 'Your ' : ''}
        {defender}
        {side ? ` (${side})` : ''} defends on its own sheet
      </h4>
      <p class="small">
        Attacked by{' '}
        {attackers.map((p, i) => (
          <span key={JSON.stringify(p)}>
            {i > 0 ? ', ' : ''}
            {name(p)}
            {i === 0 && attackers.length > 1 ? ' (on top)' : ''}
          </span>
        ))}
        {' · '}
        {duel.target ? `${defender} attacks ${name(duel.target)}` : `${defender}'s target is not picked yet`}
      </p>
      {picks.length > 0 && (
        <div class="duel-orders">
          {picks.map((a) => (
            <button key={JSON.stringify(a)} type="button" onClick={() => onAct(a)}>
              {actionLabel(names, a)}
            </button>
          ))}
        </div>
      )}
      {boxes && (
        <div class="melee-grid">
          {LANES.map((lane) => (
            <div key={lane} class="lane" data-lane={lane}>
              {SPOTS.map(({ spot, cls, legend }) => {
                const here = inBox(spot, lane);
                return (
                  <LaneBox key={spot} class={cls} legend={legend[lane] ?? lane} offers={here} drag={drag} onAct={onAct}>
                    {placedIn(spot, lane).map((p) => (
                      <p key={JSON.stringify(p)} class="played denizen">
                        {name(p)}
                      </p>
                    ))}
                    {here.map((a) => (
                      <PlayButton
                        key={JSON.stringify(a)}
                        action={a}
                        drag={drag}
                        onAct={onAct}
                        label={`${actionLabel(names, a)} on ${defender}'s sheet`}
                      >
                        <span class="play-what">{a.type === 'PlaceDenizen' ? name(a.denizen) : ''}</span>
                      </PlayButton>
                    ))}
                  </LaneBox>
                );
              })}
            </div>
          ))}
        </div>
      )}
      {boxes && unplaced.length > 0 && offers.some((a) => a.type === 'PlaceDenizen') && (
        <p class="small">Not positioned yet: {unplaced.map(name).join(', ')}</p>
      )}
      {(turns.length > 0 || flipped.length > 0) && (
        <div class="duel-orders">
          {flipped.map((p) => (
            <p key={JSON.stringify(p)} class="small">
              {name(p)} will be turned over when the plays are revealed.
            </p>
          ))}
          {turns.map((a) => (
            <button key={JSON.stringify(a)} type="button" onClick={() => onAct(a)}>
              {a.type === 'TurnHireling' && flipped.some((p) => samePiece(p, a.hireling))
                ? `Leave my ${name(a.hireling)} as it lies`
                : actionLabel(names, a)}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
