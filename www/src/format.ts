// Text for what the engine returns. Pure functions: the engine decides, the UI only words it.
import type { RaceAction, RuleErrorInfo, ToAct } from '../../pkg/tabletop_rules.js';

export function seatName(seat: number): string {
  return `Seat ${seat + 1}`;
}

export function actionLabel(action: RaceAction): string {
  switch (action.type) {
    case 'Bid':
      return action.amount === 0 ? 'Bid 0 (rest)' : `Bid ${action.amount}`;
    case 'Roll':
      return 'Sprint: roll a die';
    case 'Stand':
      return 'Sprint: stand';
  }
}

export function toActLine(toAct: ToAct): string {
  if (toAct.type === 'GameOver') {
    const winners = toAct.outcome.winners.map(seatName).join(' and ');
    return `Game over: ${winners} won (${toAct.outcome.summary}).`;
  }
  return `To act: ${toAct.seats.map(seatName).join(', ')}`;
}

export function errorLine(info: RuleErrorInfo): string {
  return `${info.message} [${info.code}]`;
}
