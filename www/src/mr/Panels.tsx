// The player's sheet, the log and the actions panel. They show what the engine returns:
// the view, the log and the legal actions; the only input is a legal action.
import { useState } from 'preact/hooks';
import type {
  ActionChit,
  Catalog,
  Character,
  MagicRealmAction,
  MagicRealmLogEntry,
  MagicRealmView,
  PileView,
  Step,
} from '../../../pkg/tabletop_rules.js';
import {
  actionLabel,
  activityLabel,
  curseLabel,
  formatValue,
  groupActions,
  type LabelContext,
  logDays,
  pointsLabel,
  rollLine,
  rollOf,
  spellInEffectLabel,
  subGroups,
} from './labels';
import { clearingName, humanize, type Names, pieceName, placeLabel, seenName } from './names';

export function seatLabel(view: MagicRealmView, names: Names, seat: number): string {
  const c = view.seats.find((s) => s.seat === seat)?.character;
  return c ? `Seat ${seat + 1} (${names.character(c)})` : `Seat ${seat + 1}`;
}

export function stepLine(step: Step, days: number): string {
  switch (step.step) {
    case 'chooseCharacter':
      return `Setup: seat ${step.seat + 1} chooses a character`;
    case 'takeEquipment':
      return `Setup: seat ${step.seat + 1} takes starting equipment`;
    case 'placeVisitorChit':
      return `Setup: seat ${step.seat + 1} places a visitor/mission chit`;
    case 'secretChoices':
      return 'Setup: secret choices (spells, enchantments, start, victory points)';
    case 'birdsong':
      return `Day ${step.day} of ${days} · Birdsong`;
    case 'daylight':
      return `Day ${step.day} of ${days} · Daylight`;
    case 'evening':
      return `Day ${step.day} of ${days} · Evening`;
    case 'gameOver':
      return 'Game over';
    default:
      return humanize((step as { step: string }).step);
  }
}

const STRENGTH: Record<string, string> = { Negligible: '-', Light: 'L', Medium: 'M', Heavy: 'H', Tremendous: 'T' };

export function chitText(chit: ActionChit): string {
  const k = chit.kind;
  const stars = '*'.repeat(chit.effort);
  if (k.action === 'Magic') return `Magic ${k.magic_type}${chit.time}${stars}`;
  return `${k.action} ${STRENGTH[k.strength] ?? k.strength}${chit.time}${stars}`;
}

/** A printed chit as the view says it is used now: Unleash Power makes a Magic chit a
 * Move/Fight chit of a strength (the seat view's `moveFight`), keeping its time and effort. */
export function chitNowText(chit: ActionChit, moveFight: string | undefined): string {
  if (moveFight === undefined) return chitText(chit);
  const now = `Move/Fight ${STRENGTH[moveFight] ?? moveFight}${chit.time}${'*'.repeat(chit.effort)}`;
  return `${chitText(chit)} → ${now} (Unleash Power)`;
}

export function CharacterCard({ character, catalog, names }: { character: Character; catalog: Catalog; names: Names }) {
  const stage = (lvl: number) => character.stages.find((s) => s.level === lvl);
  return (
    <div class="card" data-character={character.id}>
      <h3>
        {character.name} <small>({character.weight})</small>
      </h3>
      <p class="muted">Starts at: {character.start.join(', ')}</p>
      <table class="stages">
        <thead>
          <tr>
            <th>Level</th>
            <th>Chits</th>
            <th>Equipment, spells</th>
          </tr>
        </thead>
        <tbody>
          {[1, 2, 3, 4].map((lvl) => {
            const s = stage(lvl);
            return (
              <tr key={lvl}>
                <td>
                  {lvl} {s?.name}
                </td>
                <td>
                  {character.chits
                    .filter((c) => c.level === lvl)
                    .map(chitText)
                    .join(', ')}
                </td>
                <td>
                  {[...(s?.weapons ?? []), ...(s?.armor ?? [])].map((id) => names.any(id)).join(', ')}
                  {s?.spells ? ` · ${s.spells.count} spell(s) of ${s.spells.types.join('/')}` : ''}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ul class="advantages">
        {character.advantages.map((a) => (
          <li key={a.advantage}>
            <strong>{humanize(a.advantage)}</strong> (level {a.gained_at_level}): {a.text}
          </li>
        ))}
      </ul>
      {catalog.characters.characters.length === 0 && null}
    </div>
  );
}

const KNOWN_VIEW = ['viewer', 'step', 'days', 'map', 'piles', 'seats', 'own', 'spells'];
const KNOWN_SEAT = [
  'seat',
  'character',
  'level',
  'chits',
  'hidden',
  'gold',
  'fame',
  'notoriety',
  'equipmentPending',
  'curses',
  'moveFight',
];
const KNOWN_OWN = ['seat', 'secret', 'discoveries', 'phantasmRecord', 'familiar', 'familiarRecord'];

/** Fields of a view this app does not draw yet (the engine grows faster than the UI): shown
 * as words, so nothing the engine tells a player is lost. */
export function ExtraFields({ value, known, names }: { value: object; known: string[]; names: Names }) {
  const extra = Object.entries(value).filter(([k, v]) => !known.includes(k) && v !== undefined);
  if (extra.length === 0) return null;
  return (
    <dl class="extra">
      {extra.map(([k, v]) => (
        <div key={k}>
          <dt>{humanize(k)}</dt>
          <dd>{formatValue(names, v)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The spells in effect the viewer knows of (8.4.3), each with what its card says. */
export function SpellsInEffect({ view, catalog, names }: { view: MagicRealmView; catalog: Catalog; names: Names }) {
  return (
    <section class="spells-in-effect" aria-label="Spells in effect">
      <h4>Spells in effect</h4>
      {view.spells.length === 0 ? (
        <p class="muted">None.</p>
      ) : (
        <ul>
          {view.spells.map((s) => {
            const card = catalog.spells.spells.find((c) => c.id === s.spell);
            return (
              <li key={`${s.caster}-${s.spellBox}`}>
                {spellInEffectLabel(names, s)}
                {card && <small class="muted"> · {card.summary}</small>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function Sheet({
  view,
  catalog,
  names,
  seat,
}: {
  view: MagicRealmView;
  catalog: Catalog;
  names: Names;
  seat: number | null;
}) {
  const chars = new Map(catalog.characters.characters.map((c) => [c.id, c]));
  const seats = seat === null ? view.seats : view.seats.filter((s) => s.seat === seat);
  return (
    <section class="sheet" aria-label="Character sheet">
      <p class="step-line">{stepLine(view.step, view.days)}</p>
      <ExtraFields value={view} known={KNOWN_VIEW} names={names} />
      <SpellsInEffect view={view} catalog={catalog} names={names} />
      {seats.map((s) => {
        const ch = s.character ? chars.get(s.character) : undefined;
        const own = view.own.find((o) => o.seat === s.seat);
        const pile = s.character
          ? view.piles
              .filter((p) => p.place.place === 'belongings' && p.place.character === s.character)
              .flatMap((p) => p.pieces)
          : [];
        // 6.3.2: the view puts a follower's counter with his guide's belongings.
        const follower = (b: (typeof pile)[number]) =>
          b.seen === 'known' &&
          (b.piece.kind === 'character' || b.piece.kind === 'native' || b.piece.kind === 'monster');
        const followers = pile.filter(follower);
        const belongings = pile.filter((b) => !follower(b));
        const stage = ch?.stages.find((st) => st.level === s.level);
        return (
          <article key={s.seat} class="seat-sheet" data-seat={s.seat}>
            <h3>
              {seatLabel(view, names, s.seat)}{' '}
              {ch && (
                <small>
                  level {s.level}
                  {stage ? ` · ${stage.name}` : ''}
                </small>
              )}
            </h3>
            <ExtraFields value={s} known={KNOWN_SEAT} names={names} />
            <p>
              Gold <b>{s.gold ?? 'secret'}</b> · Fame <b>{pointsLabel(s.fame)}</b> · Notoriety{' '}
              <b>{pointsLabel(s.notoriety)}</b> · {s.hidden ? 'hidden' : 'unhidden'}
            </p>
            <p class="curses">Curses: {s.curses.length ? s.curses.map(curseLabel).join(', ') : 'none'}</p>
            {s.equipmentPending.length > 0 && (
              <p>Equipment still to take: {s.equipmentPending.map((e) => names.any(e.id)).join(', ')}</p>
            )}
            {ch && (
              <>
                <h4>Action chits</h4>
                <ul class="chits">
                  {ch.chits.map((c, i) => {
                    const unleashed = s.moveFight?.find(([j]) => j === i)?.[1];
                    return (
                      <li
                        key={i}
                        class={`chit ${s.chits[i] ?? 'fresh'}${c.level > s.level ? ' unreached' : ''}${
                          unleashed ? ' move-fight' : ''
                        }`}
                      >
                        {chitNowText(c, unleashed)} <small>{s.chits[i] ?? ''}</small>
                      </li>
                    );
                  })}
                </ul>
              </>
            )}
            {followers.length > 0 && (
              <p class="followers">
                Following {ch?.name ?? 'him'}:{' '}
                {followers.map((b) => (b.seen === 'known' ? pieceName(names, b.piece) : '')).join(', ')}
              </p>
            )}
            {belongings.length > 0 && (
              <>
                <h4>Belongings</h4>
                <ul>
                  {belongings.map((b, i) => (
                    <li key={i}>
                      {b.seen === 'known' ? pieceName(names, b.piece) : 'an unknown item'}
                      {b.seen === 'known' && b.facing !== 'up' && b.facing !== 'down' ? ` (${b.facing})` : ''}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {own && (
              <section class="secret" aria-label="Secret records">
                <h4>Secret records (only you see these)</h4>
                <p>
                  Spells: {own.secret.spells.length ? own.secret.spells.map((x) => names.any(x)).join(', ') : 'none'}
                </p>
                <p>
                  Enchanted chits:{' '}
                  {own.secret.enchant.length ? own.secret.enchant.map((i) => i + 1).join(', ') : 'none'}
                  {own.secret.enchantingDone ? ' (done)' : ''}
                </p>
                <p>Start: {own.secret.start ?? 'not chosen'}</p>
                <p>
                  Victory points: Great Treasures {own.secret.victory.greatTreasures}, Spells{' '}
                  {own.secret.victory.spells}, Fame {own.secret.victory.fame}, Notoriety {own.secret.victory.notoriety},
                  Gold {own.secret.victory.gold}
                </p>
                <p>
                  Discoveries:{' '}
                  {(own.discoveries.paths?.length ?? 0) + (own.discoveries.chits?.length ?? 0) === 0
                    ? 'none'
                    : [
                        ...(own.discoveries.paths ?? []).map((p) => `${names.tile(p.tile)} path ${p.from}`),
                        ...(own.discoveries.chits ?? []).map((c) => humanize(c)),
                      ].join(', ')}
                </p>
                {own.phantasmRecord && own.phantasmRecord.length > 0 && (
                  <p class="phantasm-record">
                    My phantasm's turn today:{' '}
                    {own.phantasmRecord.map((a, i) => `${i + 1}. ${activityLabel(names, a)}`).join(', ')}
                  </p>
                )}
                {own.familiar && (
                  <p class="familiar">
                    My familiar (unseen by others) is in {clearingName(names, own.familiar)}
                    {own.familiarRecord && own.familiarRecord.length > 0
                      ? `; its turn today: ${own.familiarRecord.map((a, i) => `${i + 1}. ${activityLabel(names, a)}`).join(', ')}`
                      : ''}
                    .
                  </p>
                )}
                <p>{own.secret.done ? 'Choices confirmed.' : ''}</p>
                <ExtraFields value={own} known={KNOWN_OWN} names={names} />
              </section>
            )}
          </article>
        );
      })}
    </section>
  );
}

export function LogPanel({ entries, names }: { entries: MagicRealmLogEntry[]; names: Names }) {
  const days = logDays(entries);
  const [day, setDay] = useState<number | 'all'>('all');
  const choices = [...new Set(days)];
  return (
    <section class="log-panel" aria-label="Log">
      <label>
        Show{' '}
        <select
          aria-label="Filter the log by day"
          value={String(day)}
          onChange={(e) => setDay(e.currentTarget.value === 'all' ? 'all' : Number(e.currentTarget.value))}
        >
          <option value="all">every day</option>
          {choices.map((d) => (
            <option key={d} value={String(d)}>
              {d === 0 ? 'setup' : `day ${d}`}
            </option>
          ))}
        </select>
      </label>
      <ol class="log" id="log">
        {entries.map((e, i) => {
          if (day !== 'all' && days[i] !== day) return null;
          const roll = rollOf(e.detail);
          return (
            <li key={i}>
              <span class="rule">{e.rule}</span>
              {e.text}
              {roll && <span class="roll"> 🎲 {rollLine(names, roll)}</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export function ActionsPanel({
  actions,
  names,
  catalog,
  context = {},
  onAct,
}: {
  actions: MagicRealmAction[];
  names: Names;
  catalog: Catalog;
  /** What the labels may know from the view (the spell being aimed). */
  context?: LabelContext;
  onAct: (a: MagicRealmAction) => void;
}) {
  const groups = groupActions(actions);
  return (
    <div class="actions">
      {groups.map((g) => {
        if (g.type === 'ChooseCharacter') {
          return (
            <fieldset key={g.type} data-type={g.type}>
              <legend>{g.title}</legend>
              <div class="cards">
                {g.items.map(({ action, index }) => {
                  const id = (action as { character: string }).character;
                  const ch = catalog.characters.characters.find((c) => c.id === id);
                  return (
                    <div key={index} class="char-choice">
                      <button type="button" onClick={() => onAct(action)}>
                        {actionLabel(names, action)}
                      </button>
                      {ch && (
                        <details>
                          <summary class="card-toggle">card</summary>
                          <CharacterCard character={ch} catalog={catalog} names={names} />
                        </details>
                      )}
                    </div>
                  );
                })}
              </div>
            </fieldset>
          );
        }
        const subs = subGroups(g.items, names);
        return (
          <fieldset key={g.type} data-type={g.type}>
            <legend>{g.title}</legend>
            {subs
              ? subs.map((s) => (
                  <details key={s.key} class="sub">
                    <summary>
                      {s.key} <small>({s.items.length})</small>
                    </summary>
                    {s.items.map(({ action, index }) => (
                      <button key={index} type="button" onClick={() => onAct(action)}>
                        {actionLabel(names, action, context)}
                      </button>
                    ))}
                  </details>
                ))
              : g.items.map(({ action, index }) => (
                  <button key={index} type="button" onClick={() => onAct(action)}>
                    {actionLabel(names, action, context)}
                  </button>
                ))}
          </fieldset>
        );
      })}
    </div>
  );
}

/** Every pile off the map, as the view lists it: the Appearance Chart's boxes, the native
 * groups' boxes, the setup card, set-aside counters. */
export function ChartPanel({ view, names }: { view: MagicRealmView; names: Names }) {
  const off = view.piles.filter(
    (p) =>
      p.place.place !== 'clearing' && p.place.place !== 'tile' && p.place.place !== 'belongings' && p.pieces.length > 0,
  );
  const chart = off.filter((p) => p.place.place === 'chart_box');
  const rest = off.filter((p) => p.place.place !== 'chart_box');
  const rows = [...new Set(chart.map((p) => (p.place.place === 'chart_box' ? p.place.row : 0)))].sort((a, b) => a - b);
  const line = (p: PileView) => p.pieces.map((s) => seenName(names, s)).join(', ');
  return (
    <section class="chart" aria-label="Appearance Chart and boxes off the map">
      <h3>Appearance Chart</h3>
      <table class="chart-table">
        <tbody>
          {rows.map((row) => (
            <tr key={row}>
              <th>Row {row}</th>
              <td>
                {chart
                  .filter((p) => p.place.place === 'chart_box' && p.place.row === row)
                  .map((p) => (
                    <div key={placeLabel(names, p.place)} class="chart-box">
                      <b>{p.place.place === 'chart_box' ? p.place.number : ''}</b> {line(p)}
                    </div>
                  ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Other boxes</h3>
      <ul class="boxes">
        {rest.map((p) => (
          <li key={placeLabel(names, p.place)}>
            <b>{placeLabel(names, p.place)}</b>: {line(p)}
          </li>
        ))}
      </ul>
    </section>
  );
}
