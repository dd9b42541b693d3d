// The skeleton app: drives the example game through legalActions/apply only. Every button
// is a legal action the engine listed; every change on screen comes from the engine.
import { useState } from 'preact/hooks';
import { BiddingRace, type RaceAction, RuleError } from '../../pkg/tabletop_rules.js';
import { actionLabel, errorLine, seatName, toActLine } from './format';

const SPECTATOR = { type: 'Spectator' } as const;

export function App() {
  const [game, setGame] = useState<BiddingRace | null>(null);
  const [, setVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [players, setPlayers] = useState(2);
  const [seed, setSeed] = useState('');

  const act = (change: () => void) => {
    try {
      change();
      setError(null);
    } catch (e) {
      setError(e instanceof RuleError ? errorLine(e.info) : String(e));
    }
    setVersion((v) => v + 1);
  };

  if (!game) {
    return (
      <main>
        <h1>Bidding Race (engine example)</h1>
        <fieldset>
          <legend>New game</legend>
          <label>
            Players{' '}
            <select value={players} onChange={(e) => setPlayers(Number(e.currentTarget.value))}>
              {[2, 3, 4].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>{' '}
          <label>
            Seed <input value={seed} placeholder="random" onInput={(e) => setSeed(e.currentTarget.value)} />
          </label>{' '}
          <button
            type="button"
            onClick={() => act(() => setGame(new BiddingRace({ players, goal: 12, maxRounds: 8 }, seed || undefined)))}
          >
            Start
          </button>
        </fieldset>
        {error && <p class="error">{error}</p>}
      </main>
    );
  }

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
        <button type="button" onClick={() => act(() => setGame(null))}>
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
