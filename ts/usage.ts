// Correct use of the package's types: must type-check under `tsc --strict`.
import init, {
  BiddingRace,
  type ErrorCode,
  type RaceAction,
  type RaceLogEntry,
  type RaceSave,
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
  try {
    again.apply(seat, { type: 'Roll' });
  } catch (e) {
    if (e instanceof RuleError) {
      const code: ErrorCode = e.code;
      const info: RuleErrorInfo = e.info;
      if (info.code === 'not_your_turn') console.log(info.toAct.length);
      return `${code}: ${e.message}`;
    }
  }
  return `${view.round} ${saved.seed}`;
}
