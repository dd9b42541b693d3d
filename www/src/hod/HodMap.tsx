// The Hand of Doom map in SVG (an original drawing from the content's coordinates): the
// regions, roads and paths, the river running downriver, the lake between its ports, the
// spaces with their levels, the counters (Voidgate, Explored, Clue, Destroyed, Epic
// Monster, the Hand of Doom) and the parties. Spaces the engine lets the adventurer on
// screen travel to are highlighted and tappable.
import type { Content, HodView, Space } from '../../../pkg/tabletop_rules.js';
import { type HodNames, levelText } from './labels';

const SCALE = 10;
const PAD = 60;
const REGION_FILL = ['#dfe9d3', '#ecdccb', '#d9dcec', '#eee3c4'];
const SEAT_COLOURS = ['#c0392b', '#2471a3', '#1e8449', '#b9770e'];

const px = (v: number) => PAD + v * SCALE;

export interface HodMapProps {
  content: Content;
  view: HodView;
  names: HodNames;
  /** Spaces the acting adventurer may travel to now (from legalActions). */
  targets: string[];
  onSpace: (space: string) => void;
}

function spaceLevel(view: HodView, s: Space): string | undefined {
  const entry = view.levels.find((e) =>
    s.territory
      ? e.key.type === 'Territory' && e.key.territory === s.territory
      : e.key.type === 'Space' && e.key.space === s.id,
  );
  return entry ? levelText(entry.level) : undefined;
}

function badge(level: string | undefined): string {
  if (!level) return '';
  const n = level.replace(/\D+/g, '');
  return level.startsWith('Town') ? `T${n}` : `D${n}`;
}

export function HodMap({ content, view, names, targets, onSpace }: HodMapProps) {
  const at = new Map(content.spaces.map((s) => [s.id, s]));
  const size = PAD * 2 + 100 * SCALE;
  const lakePorts = content.spaces.filter((s) => s.traits?.includes('LakePort'));
  const lake =
    lakePorts.length > 1
      ? {
          x: lakePorts.reduce((n, s) => n + px(s.x), 0) / lakePorts.length,
          y: lakePorts.reduce((n, s) => n + px(s.y), 0) / lakePorts.length + 20,
        }
      : undefined;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG map is a group of spaces, not a form's fieldset
    <svg
      class="hod-map"
      viewBox={`0 0 ${size} ${size}`}
      role="group"
      aria-label={`Map of ${view.contentName}`}
      preserveAspectRatio="xMidYMid meet"
    >
      <defs>
        <marker id="hod-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" orient="auto">
          <path d="M0,0 L10,5 L0,10 z" fill="#2e86c1" />
        </marker>
      </defs>
      <rect x="0" y="0" width={size} height={size} fill="#f7f3ea" />
      {content.regions.map((r, i) => {
        const mine = content.spaces.filter((s) => s.region === r.id);
        if (mine.length === 0) return null;
        const xs = mine.map((s) => px(s.x));
        const ys = mine.map((s) => px(s.y));
        const x0 = Math.min(...xs) - 55;
        const y0 = Math.min(...ys) - 55;
        return (
          <g key={r.id} class="region">
            <rect
              x={x0}
              y={y0}
              width={Math.max(...xs) - x0 + 55}
              height={Math.max(...ys) - y0 + 70}
              rx="40"
              fill={REGION_FILL[i % REGION_FILL.length]}
              opacity="0.8"
            />
            <text x={x0 + 20} y={y0 + 28} class="region-name">
              {r.name}
            </text>
          </g>
        );
      })}
      {lake && (
        <g class="lake">
          {lakePorts.map((s) => (
            <line key={s.id} x1={px(s.x)} y1={px(s.y)} x2={lake.x} y2={lake.y} stroke="#5dade2" stroke-width="10" />
          ))}
          <ellipse cx={lake.x} cy={lake.y} rx="70" ry="38" fill="#aed6f1" stroke="#5dade2" stroke-width="4" />
          <text x={lake.x} y={lake.y + 6} text-anchor="middle" class="lake-name">
            lake
          </text>
        </g>
      )}
      {content.spaces
        .filter((s) => s.downriver && at.has(s.downriver))
        .map((s) => {
          const to = at.get(s.downriver as string) as Space;
          const mx = (px(s.x) + px(to.x)) / 2 - 80;
          const my = (px(s.y) + px(to.y)) / 2;
          return (
            <path
              key={`river-${s.id}`}
              class="river"
              d={`M${px(s.x)},${px(s.y)} Q${mx},${my} ${px(to.x)},${px(to.y)}`}
              fill="none"
              stroke="#2e86c1"
              stroke-width="7"
              marker-end="url(#hod-arrow)"
            >
              <title>
                River: {s.name} downriver to {to.name}
              </title>
            </path>
          );
        })}
      {content.links.map((l) => {
        const a = at.get(l.a);
        const b = at.get(l.b);
        if (!a || !b) return null;
        return (
          <line
            key={`${l.a}-${l.b}`}
            class={l.kind === 'Road' ? 'road' : 'path'}
            x1={px(a.x)}
            y1={px(a.y)}
            x2={px(b.x)}
            y2={px(b.y)}
            stroke={l.kind === 'Road' ? '#8d6e63' : '#a1887f'}
            stroke-width={l.kind === 'Road' ? 9 : 4}
            stroke-dasharray={l.kind === 'Road' ? undefined : '12 9'}
          />
        );
      })}
      {content.spaces.map((s) => {
        const x = px(s.x);
        const y = px(s.y);
        const level = spaceLevel(view, s);
        const town = level?.startsWith('Town');
        const traits = s.traits ?? [];
        const maze = traits.includes('Maze');
        const target = targets.includes(s.id);
        const here = view.adventurers.filter((a) => a.alive && a.space === s.id);
        const counters: string[] = [];
        if (view.voidgates.includes(s.id)) counters.push('Voidgate');
        if (view.explored.includes(s.id)) counters.push('Explored');
        if (view.clues.includes(s.id)) counters.push('Clue');
        if (view.destroyed.includes(s.id)) counters.push('Destroyed');
        const epics = view.epicCounters.filter((e) => e.space === s.id);
        for (const e of epics) counters.push(`Epic Monster counter: ${names.monster(e.monster)}`);
        const hand = view.hand === s.id;
        if (hand) counters.push('the Hand of Doom');
        const label = [
          s.name,
          level ?? (maze ? 'the Maze' : ''),
          traits.join(', '),
          counters.length ? `counters: ${counters.join(', ')}` : '',
          here.length ? `here: ${here.map((a) => names.adventurer(a.card).split(',')[0]).join(', ')}` : '',
          target ? 'you may travel here' : '',
        ]
          .filter(Boolean)
          .join('; ');
        const open = () => onSpace(s.id);
        const keys = (e: KeyboardEvent) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            open();
          }
        };
        const body = (
          <>
            {target && <circle cx={x} cy={y} r="44" fill="none" stroke="#f1c40f" stroke-width="8" />}
            {s.territory ? (
              <rect
                x={x - 26}
                y={y - 26}
                width="52"
                height="52"
                rx="8"
                fill="#fdfefe"
                stroke="#6d4c41"
                stroke-width="4"
              />
            ) : (
              <circle
                cx={x}
                cy={y}
                r="30"
                fill={maze ? '#6c3483' : town ? '#f9e79f' : '#d5d8dc'}
                stroke={traits.includes('Law') ? '#1a5276' : '#424949'}
                stroke-width={traits.includes('Law') ? 7 : 4}
              />
            )}
            {view.voidgates.includes(s.id) && (
              <circle cx={x} cy={y} r="37" fill="none" stroke="#8e44ad" stroke-width="5" stroke-dasharray="6 4" />
            )}
            <text x={x} y={y + 7} text-anchor="middle" class="space-level" fill={maze ? '#fff' : '#212121'}>
              {maze ? 'Maze' : badge(level)}
            </text>
            <text x={x} y={y + 52} text-anchor="middle" class="space-name">
              {s.name}
            </text>
            {counters
              .filter((c) => c !== 'Voidgate' && c !== 'the Hand of Doom')
              .map((c, i) => (
                <g key={c} class="counter">
                  <rect
                    x={x + 30}
                    y={y - 40 + i * 24}
                    width="22"
                    height="22"
                    rx="3"
                    fill={c.startsWith('Epic') ? '#922b21' : c === 'Destroyed' ? '#515a5a' : '#f5cba7'}
                  />
                  <text x={x + 41} y={y - 23 + i * 24} text-anchor="middle" class="counter-text">
                    {c.startsWith('Epic') ? '★' : c === 'Destroyed' ? '✕' : c === 'Clue' ? '?' : 'E'}
                  </text>
                  <title>{c}</title>
                </g>
              ))}
            {hand && (
              <g class="hand-of-doom">
                <circle cx={x - 38} cy={y - 34} r="17" fill="#17202a" stroke="#c0392b" stroke-width="4" />
                <path
                  d={`M${x - 45},${y - 26} v-12 m4,12 v-16 m4,16 v-16 m4,16 v-13 m-16,13 h16`}
                  stroke="#f5b7b1"
                  stroke-width="3"
                  stroke-linecap="round"
                  fill="none"
                />
                <title>The Hand of Doom</title>
              </g>
            )}
            {here.map((a, i) => (
              <g key={a.seat} class="party-token" data-seat={a.seat}>
                <circle
                  cx={x - 24 + i * 24}
                  cy={y + 78}
                  r="12"
                  fill={SEAT_COLOURS[a.seat % SEAT_COLOURS.length]}
                  stroke="#fff"
                  stroke-width="3"
                />
                <text x={x - 24 + i * 24} y={y + 83} text-anchor="middle" class="token-text">
                  {names.adventurer(a.card).charAt(0)}
                </text>
              </g>
            ))}
          </>
        );
        return target ? (
          // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>
          <g
            key={s.id}
            class="space target"
            data-space={s.id}
            role="button"
            aria-label={label}
            tabIndex={0}
            onClick={open}
            onKeyDown={keys}
          >
            {body}
          </g>
        ) : (
          <g key={s.id} class="space" data-space={s.id}>
            <title>{label}</title>
            {body}
          </g>
        );
      })}
    </svg>
  );
}
