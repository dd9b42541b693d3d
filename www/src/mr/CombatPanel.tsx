// The combat in the clearing (8.3 to 8.5), for the seat on screen: while he makes his
// plays, his Melee Section (MeleeSection); in the other steps, who is on whose sheet; and
// in every step each denizen's own Melee Section (DuelSection), with his offers for his
// hirelings' sheets in the boxes they fill. Everything offered is one of the engine's legal
// actions; the actions panel keeps the rest (`inCombatPanel`).
import type { Catalog, MagicRealmAction, MagicRealmView, PieceId } from '../../../pkg/tabletop_rules.js';
import { boxOf, companionsOf, duelIndex, duelsOf, isPlayAction, ownPlays, sheetOf, targetOf } from './combat';
import { DuelSection } from './DuelSection';
import { actionLabel, COMBAT_STAGE } from './labels';
import { MeleeSection, type OddsSource } from './MeleeSection';
import { clearingName, type Names, pieceName } from './names';
import { seatLabel } from './Panels';
import { useDrag } from './PlayBox';

export interface CombatPanelProps {
  game: OddsSource;
  view: MagicRealmView;
  /** The seat on screen; `null` for a spectator (nothing to offer). */
  seat: number | null;
  legal: MagicRealmAction[];
  names: Names;
  catalog: Catalog;
  onAct: (a: MagicRealmAction) => void;
}

export function CombatPanel({ game, view, seat, legal, names, catalog, onAct }: CombatPanelProps) {
  const drag = useDrag();
  const combat = view.today.combat;
  if (!combat) return null;
  const plays = seat === null ? undefined : ownPlays(view, seat);
  const duels = duelsOf(view);
  const pairs = companionsOf(view);
  const sheetOfAction = (a: MagicRealmAction): 'own' | number | undefined => {
    if (a.type === 'TurnHireling' || a.type === 'HirelingTarget') return duelIndex(pairs, duels, a.hireling);
    return plays && isPlayAction(a) ? boxOf(pairs, duels, a)?.sheet : undefined;
  };
  const own = legal.filter((a) => sheetOfAction(a) === 'own');
  const rest = plays ? legal.filter((a) => a.type === 'TakeBackPlays' || a.type === 'EndPlays') : [];
  const flipped: PieceId[] = plays?.flipped ?? [];
  const boxes = combat.stage === 'plays' || combat.stage === 'fatigue';
  const targetName = (s: number) => {
    const t = targetOf(view, s);
    if (!t) return undefined;
    return t.target === 'denizen' ? pieceName(names, t.piece) : seatLabel(view, names, t.seat);
  };

  return (
    <div class="combat">
      {plays && seat !== null ? (
        <MeleeSection
          game={game}
          view={view}
          seat={seat}
          plays={plays}
          offers={own}
          acting={legal.length > 0}
          names={names}
          catalog={catalog}
          drag={drag}
          onAct={onAct}
        />
      ) : (
        <section class="combat-sheets" aria-label="Combat">
          <h3>
            Combat in {clearingName(names, combat.at)}, round {combat.round}: {COMBAT_STAGE[combat.stage]}
          </h3>
          <ul class="small">
            {combat.order.map((s) => {
              const sheet = sheetOf(view, s);
              const target = targetName(s);
              return (
                <li key={s}>
                  {seatLabel(view, names, s)}
                  {combat.gone.includes(s) ? ' (gone)' : ''}:{' '}
                  {sheet.length ? sheet.map((p) => pieceName(names, p)).join(', ') : 'nobody'} on his sheet
                  {target ? ` · attacks ${target}` : ''}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {duels.map((duel, i) => (
        <DuelSection
          key={JSON.stringify(duel.defender)}
          view={view}
          index={i}
          duel={duel}
          offers={legal.filter((a) => sheetOfAction(a) === i)}
          flipped={flipped.filter((p) => duelIndex(pairs, [duel], p) !== undefined)}
          boxes={boxes}
          names={names}
          drag={drag}
          onAct={onAct}
        />
      ))}
      {rest.length > 0 && (
        <div class="melee-end">
          {rest.map((action) => (
            <button key={action.type} type="button" onClick={() => onAct(action)}>
              {actionLabel(names, action)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
