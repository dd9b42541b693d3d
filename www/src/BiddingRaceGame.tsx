// The example game Bidding Race: drives it through legalActions/apply only. Every button
// is a legal action the engine listed; every change on screen comes from the engine.
import { useState } from 'preact/hooks';
import { type BiddingRace, type RaceAction, RuleError } from '../../pkg/tabletop_rules.js';
import { actionLabel, errorLine, seatName, toActLine } from './format';

const SPECTATOR = { type: 'Spectator' } as const;

export function BiddingRaceGame({
  game,
  onChange,
  onExit,
}: {
  game: BiddingRace;
  onChange: () => void;
  onExit: () => void;
}) {
  const [, setVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const act = (change: () => void) => {
    try {
      change();
      setError(null);
      onChange();
    } catch (e) {
      setError(e instanceof RuleError ? errorLine(e.info) : String(e));
    }
    setVersion((v) => v + 1);
  };

  const view = game.view(SPECTATOR);
  const toAct = game.toAct();
  const refusal = game.undoRefusal();
  const apply = (seat: number, action: RaceAction) => act(() => game.apply(seat, action));

  return (
    <main>
      <h1>Bidding Race</h1>
      <p>
        Round {view.round} of {view.maxRounds}; goal {view.goal}; seed <code>{game.seed}</code>
      </p>
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
        toAct.seats.map((seat) => (
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
