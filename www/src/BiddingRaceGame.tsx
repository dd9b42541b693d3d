// The example game Bidding Race: drives it through legalActions/apply only. Every button
// is a legal action the engine listed; every change on screen comes from the engine.
import { useEffect, useState } from 'preact/hooks';
import { type BiddingRace, type RaceAction, RuleError } from '../../pkg/tabletop_rules.js';
import { actionLabel, errorLine, seatName, toActLine } from './format';
import { OnlinePanel } from './online/OnlinePanel';
import type { OnlinePlay } from './online/session';

/** What the screen uses of a game: the engine's class at the host, or what the host sent. */
export type BiddingRacePlay = Pick<
  BiddingRace,
  'view' | 'toAct' | 'legalActions' | 'log' | 'apply' | 'undo' | 'undoRefusal' | 'seed'
>;

const SPECTATOR = { type: 'Spectator' } as const;

export function BiddingRaceGame({
  game,
  online,
  onChange,
  onExit,
}: {
  game: BiddingRacePlay;
  /** An online game: the seats played here, presence and chat (absent: hotseat). */
  online?: OnlinePlay;
  onChange: () => void;
  onExit: () => void;
}) {
  const [, setVersion] = useState(0);
  useEffect(() => online?.subscribe(() => setVersion((v) => v + 1)), [online]);
  const [error, setError] = useState<string | null>(null);

  const act = (change: () => void) => {
    try {
      change();
      setError(null);
      onChange();
      online?.changed([]);
    } catch (e) {
      setError(e instanceof RuleError ? errorLine(e.info) : String(e));
    }
    setVersion((v) => v + 1);
  };

  const view = game.view(SPECTATOR);
  const toAct = game.toAct();
  const refusal = game.undoRefusal();
  const here = (seat: number) => !online || online.local.includes(seat);
  const apply = (seat: number, action: RaceAction) => act(() => game.apply(seat, action));

  return (
    <main>
      <h1>Bidding Race</h1>
      <p>
        Round {view.round} of {view.maxRounds}; goal {view.goal}
        {online?.joined ? '' : '; seed '}
        {!online?.joined && <code>{game.seed}</code>}
      </p>
      {online && <OnlinePanel status={online.status()} onSay={(t) => online.say(t)} />}
      <table>
        <thead>
          <tr>
            <th>Racer</th>
            <th>Position</th>
            <th>Energy</th>
            <th>Bid</th>
          </tr>
        </thead>
        <tbody>
          {view.racers.map((r, seat) => (
            <tr key={seatName(seat)}>
              <td>{seatName(seat)}</td>
              <td>{r.position}</td>
              <td>{r.energy}</td>
              <td>{r.hasBid ? 'recorded' : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p id="to-act">{toActLine(toAct)}</p>
      {toAct.type === 'Seats' &&
        toAct.seats.filter(here).map((seat) => (
          <fieldset key={seat} data-seat={seat}>
            <legend>{seatName(seat)}</legend>
            {game.legalActions(seat).map((action) => (
              <button key={actionLabel(action)} type="button" onClick={() => apply(seat, action)}>
                {actionLabel(action)}
              </button>
            ))}
          </fieldset>
        ))}
      <p>
        <button
          type="button"
          disabled={refusal !== undefined}
          title={refusal ?? 'Take back the last action'}
          onClick={() => act(() => game.undo())}
        >
          Undo
        </button>
        <button type="button" onClick={onExit}>
          New game
        </button>
      </p>
      {error && <p class="error">{error}</p>}
      <h2>Log</h2>
      <ol class="log" id="log">
        {game.log(SPECTATOR).map((entry, i) => (
          <li key={`${i}-${entry.rule}`}>
            <span class="rule">{entry.rule}</span>
            {entry.text}
          </li>
        ))}
      </ol>
    </main>
  );
}
