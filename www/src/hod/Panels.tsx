// Hand of Doom's panels: the adventurers' boards, the chart with the current step marked,
// the decks and levels, the fight with its dice, the log and the actions. They show what
// the engine returns (view, log, legal actions); the only input is a legal action.
import { useState } from 'preact/hooks';
import type { HodAction, HodLogEntry, HodView } from '../../../pkg/tabletop_rules.js';
import {
  actionLabel,
  adventurerName,
  CHART_STEPS,
  chartStep,
  dieFace,
  type HodNames,
  levelKeyName,
  levelText,
} from './labels';

const ATTRS = ['agi', 'con', 'mag', 'mrl', 'per', 'str'] as const;

export function AdventurerBoards({ view, names }: { view: HodView; names: HodNames }) {
  return (
    <section class="hod-boards" aria-label="Adventurers">
      {view.adventurers.map((a) => (
        <article key={a.seat} class={`hod-board${a.alive ? '' : ' dead'}`} data-seat={a.seat}>
          <h3>
            {a.name} <small>seat {a.seat + 1}</small>
          </h3>
          <p class="muted">
            {a.alive ? `In ${names.space(a.space)}` : 'Killed'} · ARM {a.arm} · {a.powerDice} power{' '}
            {a.powerDice === 1 ? 'die' : 'dice'}
          </p>
          <table class="attrs">
            <thead>
              <tr>
                {ATTRS.map((k) => (
                  <th key={k}>{k.toUpperCase()}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                {ATTRS.map((k) => (
                  <td key={k}>{a.attributes[k]}</td>
                ))}
              </tr>
            </tbody>
          </table>
          <dl class="hod-stats">
            <div>
              <dt>Wounds</dt>
              <dd class="wounds">
                {a.wounds} (CON {a.attributes.con})
              </dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd class="conditions">{a.conditions.length ? a.conditions.join(', ') : 'none'}</dd>
            </div>
            <div>
              <dt>GP</dt>
              <dd class="gp">{a.gp}</dd>
            </div>
            <div>
              <dt>XP</dt>
              <dd class="xp">{a.xp}</dd>
            </div>
            <div>
              <dt>Items</dt>
              <dd class="items">{a.items.length ? a.items.map((i) => names.loot(i)).join(', ') : 'none'}</dd>
            </div>
            <div>
              <dt>Skills</dt>
              <dd>
                {a.skills.length
                  ? a.skills.map((s) => `${names.skill(s.skill)}${s.mastered ? ' (Mastery)' : ''}`).join(', ')
                  : 'none'}
              </dd>
            </div>
          </dl>
        </article>
      ))}
    </section>
  );
}

/** The thirteen steps in a row, the current one marked (always on screen). */
export function ChartStrip({ view }: { view: HodView }) {
  const current = chartStep(view.step);
  return (
    <ol class="chart-strip" aria-label="Chart steps">
      {CHART_STEPS.map((s) => (
        <li
          key={s.n}
          class={s.n === current ? 'current' : ''}
          aria-current={s.n === current ? 'step' : undefined}
          title={`[${s.n}] ${s.phase}: ${s.title}`}
        >
          {s.n}
        </li>
      ))}
    </ol>
  );
}

export function ChartPanel({ view, names }: { view: HodView; names: HodNames }) {
  const current = chartStep(view.step);
  return (
    <section class="hod-chart" aria-label="Turn-flow chart">
      <ol class="chart-steps">
        {CHART_STEPS.map((s) => (
          <li
            key={s.n}
            class={s.n === current ? 'current' : ''}
            aria-current={s.n === current ? 'step' : undefined}
            data-step={s.n}
          >
            <span class="rule">[{s.n}]</span> {s.phase}: {s.title}
          </li>
        ))}
      </ol>
      <DecksAndLevels view={view} names={names} />
    </section>
  );
}

export function DecksAndLevels({ view, names }: { view: HodView; names: HodNames }) {
  const deck = (label: string, d: { left: number; discard: string[] }) => (
    <tr key={label}>
      <th scope="row">{label}</th>
      <td>{d.left}</td>
      <td>{d.discard.length}</td>
    </tr>
  );
  return (
    <div class="hod-decks">
      <h3>Levels</h3>
      <p id="bounty">
        Bounty Level {view.bounty} · Hand of Doom: {view.hand ? names.space(view.hand) : 'dispelled'}
      </p>
      <ul class="levels">
        {view.levels.map((e) => (
          <li key={JSON.stringify(e.key)}>
            {levelKeyName(names, e.key)}: {levelText(e.level)}
          </li>
        ))}
      </ul>
      <h3>Decks</h3>
      <table class="decks">
        <thead>
          <tr>
            <th>Deck</th>
            <th>to draw</th>
            <th>discarded</th>
          </tr>
        </thead>
        <tbody>
          {deck('Danger', view.danger)}
          {view.regions.flatMap((r) => [
            deck(`${names.region(r.region)} Encounters`, r.encounters),
            deck(`${names.region(r.region)} Monsters`, r.monsters),
          ])}
          {deck('Law', view.law)}
          {deck('Loot', view.loot)}
          {deck('Sign of Power', view.signs)}
        </tbody>
      </table>
      <p class="muted">
        Epic Monsters waiting: {view.epics.map((m) => names.monster(m)).join(', ') || 'none'}. Skills to learn:{' '}
        {view.skills.map((s) => names.skill(s)).join(', ') || 'none'}.
      </p>
      {view.dangers.some((d) => d) && (
        <>
          <h3>Danger cards this turn</h3>
          <ul>
            {view.dangers.map((d, i) =>
              d ? (
                <li key={i}>
                  Party {i + 1}: {names.card(d.card)}, value {d.value}, {d.safe ? 'safe' : 'not safe'}
                </li>
              ) : null,
            )}
          </ul>
        </>
      )}
    </div>
  );
}

export function FightPanel({ view, names }: { view: HodView; names: HodNames }) {
  const f = view.fight;
  if (!f) return null;
  return (
    <section class="hod-fight" aria-label="The fight">
      <h3>
        Fight · round {f.round}
        {f.lawOrLoot ? ' · Law or Loot monsters' : ''}
      </h3>
      <ul class="foes">
        {f.foes.map((foe) => (
          <li key={foe.slot} data-slot={foe.slot}>
            <strong>
              #{foe.slot} {foe.name}
            </strong>{' '}
            wounds {foe.wounds}/{foe.stats.health} · damage {foe.stats.damage} · ARM {foe.stats.arm}
            {foe.stats.abilities?.length ? ` · ${foe.stats.abilities.join(', ')}` : ''} · targets{' '}
            {foe.targets.length ? foe.targets.map((s) => adventurerName(names, view, s)).join(', ') : 'no one'}
          </li>
        ))}
      </ul>
      <ul class="fighters">
        {f.fighters.map((x) => (
          <li key={x.seat}>
            {adventurerName(names, view, x.seat)}: {x.status}
            {x.stance ? `, ${x.stance}` : ''}
            {x.trophies.length ? `, ${x.trophies.length} trophies` : ''}
            {f.order[f.turn] === x.seat ? ' ← acting' : ''}
          </li>
        ))}
      </ul>
      {f.lastDice.length > 0 && (
        <figure class="dice" id="fight-dice">
          <figcaption>The last combat turn's dice:</figcaption>
          {f.lastDice.map((r, i) => (
            <span key={i} class="roll">
              <small>{r.table}</small>{' '}
              {r.dice.map((d, j) => (
                <span key={j} class="die" title={String(d)} data-die={d}>
                  {dieFace(d)}
                </span>
              ))}
            </span>
          ))}
        </figure>
      )}
    </section>
  );
}

/** A roll inside a log entry's detail (an attribute test or other dice). */
function rollText(detail: unknown): string | undefined {
  const d = detail as {
    result?: { roll?: { table: string; dice: number[] }; target?: number; passed?: boolean };
    roll?: { table: string; dice: number[] };
  };
  const roll = d.result?.roll ?? d.roll;
  if (!roll) return undefined;
  const test = d.result?.target !== undefined ? ` vs ${d.result.target}: ${d.result.passed ? 'pass' : 'fail'}` : '';
  return `${roll.table}: ${roll.dice.map(dieFace).join(' ')} (${roll.dice.join('+')})${test}`;
}

/** The turn each entry belongs to (a TurnBegan entry moves the count on). */
export function logTurns(entries: readonly HodLogEntry[]): number[] {
  let turn = 1;
  return entries.map((e) => {
    if (e.detail.type === 'TurnBegan') turn = e.detail.turn;
    return turn;
  });
}

export function HodLogPanel({ entries }: { entries: HodLogEntry[] }) {
  const turns = logTurns(entries);
  const [turn, setTurn] = useState<number | 'all'>('all');
  return (
    <section class="log-panel" aria-label="Log">
      <label>
        Show{' '}
        <select
          aria-label="Filter the log by turn"
          value={String(turn)}
          onChange={(e) => setTurn(e.currentTarget.value === 'all' ? 'all' : Number(e.currentTarget.value))}
        >
          <option value="all">every turn</option>
          {[...new Set(turns)].map((t) => (
            <option key={t} value={String(t)}>
              turn {t}
            </option>
          ))}
        </select>
      </label>
      <ol class="log" id="log">
        {entries.map((e, i) => {
          if (turn !== 'all' && turns[i] !== turn) return null;
          const roll = rollText(e.detail);
          return (
            <li key={i}>
              <span class="rule">{e.rule}</span>
              {e.text}
              {roll && <span class="roll"> 🎲 {roll}</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export function HodActions({
  actions,
  names,
  view,
  onAct,
}: {
  actions: HodAction[];
  names: HodNames;
  view: HodView;
  onAct: (a: HodAction) => void;
}) {
  return (
    <div class="actions hod-actions">
      {actions.map((a) => (
        <button key={JSON.stringify(a)} type="button" data-action={a.type} onClick={() => onAct(a)}>
          {actionLabel(names, view, a)}
        </button>
      ))}
    </div>
  );
}
