// For the browser test's walk into the monsters (www/e2e/magic_realm.test.mjs): plays, through
// the built package, the choices that test clicks, and prints, for each seed, the first day a
// seat may attack a monster. Run it when an engine change moves that combat past the test's
// bound, to pick another seed:  node scripts/monster-seeds.mjs [seed ...]   (needs `make pkg`)
//
// The choices, as the test makes them: in setup, the first choice on screen (the first of
// the first group the panel folds into sub-groups, else the first of all) and Confirm when
// offered; day 1, each seat records Hide; from day 2, each seat records the last Move offered,
// phase after phase; in Daylight and the Evening, Proceed, else letting a combat step pass,
// else the first choice.
import engine from '../js-tests/load.mjs';

const { MagicRealm } = engine;
const OMNI = { type: 'Omniscient' };
const PASS = ['EndLuring', 'EndDeployment', 'EndActions', 'NoTarget', 'EndPlays'];

/** The action the test's `firstAction` clicks (the panel's grouping, see labels.ts). */
function firstOnScreen(legal) {
  const groups = new Map();
  for (const a of legal) groups.set(a.type, [...(groups.get(a.type) ?? []), a]);
  for (const [type, items] of groups) {
    if (type === 'ChooseCharacter' || items.length <= 8) continue;
    const fields = Object.keys(items[0]).filter((f) => f !== 'type');
    const splits = fields.some((f) => {
      const n = new Set(items.map((a) => JSON.stringify(a[f]))).size;
      return n > 1 && n < items.length;
    });
    if (splits) return items[0];
  }
  return legal[0];
}

function firstMonsterCombat(seed, lastDay) {
  const game = new MagicRealm({ seats: [{}, {}], map: 'default', days: 28 }, String(seed));
  for (let i = 0; i < 20000; i++) {
    const toAct = game.toAct();
    if (toAct.type !== 'Seats') return 'the game ended first';
    const step = game.view(OMNI).step;
    if (step.day > lastDay) return `none by day ${lastDay}`;
    const seat = toAct.seats[0];
    const legal = game.legalActions(seat);
    const target = legal.find((a) => a.type === 'SelectTarget' && a.target.piece?.kind === 'monster');
    if (target) {
      const at = game.view(OMNI).today.combat?.at;
      return `day ${step.day}: seat ${seat + 1} may attack ${target.target.piece.id} in ${at?.tile} ${at?.clearing}`;
    }
    const record = (activity) => legal.filter((a) => a.type === 'RecordActivity' && a.activity.activity === activity);
    const recorded = game.view(OMNI).own.find((o) => o.seat === seat)?.record.activities.length ?? 0;
    const recording = legal.some((a) => a.type === 'FinishRecording');
    const pick = recording
      ? ((step.day === 1 ? (recorded === 0 ? record('hide')[0] : undefined) : record('move').at(-1)) ?? {
          type: 'FinishRecording',
        })
      : (legal.find((a) => a.type === 'ConfirmChoices') ??
        legal.find((a) => a.type === 'Proceed') ??
        legal.find((a) => PASS.includes(a.type)) ??
        firstOnScreen(legal));
    game.apply(seat, pick);
  }
  return 'no end in sight';
}

const seeds =
  process.argv.length > 2 ? process.argv.slice(2) : ['2026', ...Array.from({ length: 20 }, (_, i) => i + 1)];
for (const seed of seeds) {
  console.log(`seed ${seed}: ${firstMonsterCombat(seed, 10)}`);
}
