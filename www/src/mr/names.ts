// Names for the ids the engine uses, looked up in the catalog (the engine's data), with a
// readable fallback for ids the catalog does not name. Pure: no rule is decided here.
import type { Catalog, ClearingRef, PieceId, Place, SeenPiece, TileId } from '../../../pkg/tabletop_rules.js';

export interface Names {
  tile(id: TileId): string;
  character(id: string): string;
  any(id: string): string;
  /** How many counters (or cards) of this id the game has: 1 when the catalog does not say. */
  copies(id: string): number;
}

/** "black-knight" / "guard_house" / "greatTreasures" → "Black knight" / "Guard house" / "Great treasures". */
export function humanize(id: string): string {
  const spaced = id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function makeNames(catalog: Catalog | undefined): Names {
  const byId = new Map<string, string>();
  const tiles = new Map<string, string>();
  const characters = new Map<string, string>();
  const copies = new Map<string, number>();
  if (catalog) {
    const counted: { id: string; count: number }[][] = [
      catalog.items.weapons,
      catalog.items.armor,
      catalog.denizens.monsters,
      catalog.denizens.parts,
    ];
    for (const list of counted) for (const x of list) copies.set(x.id, x.count);
    for (const t of catalog.tiles.tiles) tiles.set(t.id, t.name);
    for (const c of catalog.characters.characters) characters.set(c.id, c.name);
    const lists: { id: string; name: string }[][] = [
      catalog.items.weapons,
      catalog.items.armor,
      catalog.items.horses,
      catalog.items.treasures,
      catalog.spells.spells,
      catalog.denizens.monsters,
      catalog.denizens.parts,
      catalog.denizens.natives,
      catalog.map_chits.site_chits,
    ];
    for (const list of lists) for (const x of list) if (!byId.has(x.id)) byId.set(x.id, x.name);
    for (const [k, v] of characters) byId.set(k, v);
  }
  return {
    tile: (id) => tiles.get(id) ?? humanize(id),
    character: (id) => characters.get(id) ?? humanize(id),
    any: (id) => byId.get(id) ?? tiles.get(id) ?? humanize(id),
    copies: (id) => copies.get(id) ?? 1,
  };
}

export function clearingName(names: Names, at: ClearingRef): string {
  return `${names.tile(at.tile)} ${at.clearing}`;
}

export function pieceName(names: Names, piece: PieceId): string {
  switch (piece.kind) {
    case 'character':
      return names.character(piece.id);
    case 'dwelling':
      return humanize(piece.id);
    case 'map_chit':
      return `${humanize(piece.id)} chit`;
    case 'visitor_chit':
      return humanize(piece.id);
    case 'monster':
    case 'monster_part':
    case 'weapon':
    case 'armor':
      // The engine tells copies apart by number (its log says "axe-goblin #2"): so does the
      // screen, where there are several (six Axe Goblins on one sheet need six names).
      return names.copies(piece.id) > 1 ? `${names.any(piece.id)} #${piece.n + 1}` : names.any(piece.id);
    default:
      return names.any(piece.id);
  }
}

export function seenName(names: Names, seen: SeenPiece): string {
  if (seen.seen === 'hidden') return `face-down ${humanize(seen.kind).toLowerCase()}`;
  const facing = seen.facing === 'down' ? ' (face down, known)' : '';
  return pieceName(names, seen.piece) + facing;
}

/** Two or three letters for a counter on the board. */
export function pieceShort(names: Names, seen: SeenPiece): string {
  if (seen.seen === 'hidden') return '?';
  const p = seen.piece;
  if (p.kind === 'native') {
    const m = /-(\d+|hq)$/.exec(p.id);
    return (p.id.charAt(0).toUpperCase() + (m ? (m[1] === 'hq' ? 'HQ' : m[1]) : '')).slice(0, 3);
  }
  const name = pieceName(names, p);
  const words = name.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w));
  if (words.length >= 2) return (words[0]?.charAt(0) ?? '') + (words[1]?.charAt(0) ?? '');
  return name.slice(0, 2);
}

/** Where a pile is, in words (for places off the map: chart boxes, the setup card...). */
export function placeLabel(names: Names, place: Place): string {
  switch (place.place) {
    case 'clearing':
      return clearingName(names, place.at);
    case 'tile':
      return names.tile(place.tile);
    case 'roadway':
      return `On the roadway from ${clearingName(names, place.from)} to ${clearingName(names, place.to)}`;
    case 'flying':
      return `Flying over ${names.tile(place.tile)}`;
    case 'flown_away':
      return `In the air between ${names.tile(place.from)} and ${names.tile(place.to)}`;
    case 'chart_box':
      return `Appearance Chart row ${place.row}, box ${place.number}`;
    case 'natives':
      return `${place.group} (native group box)`;
    case 'setup_box': {
      const [kind, value] = Object.entries(place.target)[0] ?? ['box', ''];
      return `Setup card: ${humanize(kind).toLowerCase()} ${typeof value === 'string' ? names.any(value) : ''}`.trim();
    }
    case 'section':
      return `${humanize(place.special)} section`;
    case 'belongings':
      return `${names.character(place.character)}'s belongings`;
    case 'with_item':
      return `With the ${names.any(place.item)} (its awakened spells)`;
    case 'aside':
      return 'Set aside';
    case 'out_of_play':
      return 'Out of play';
    case 'killed':
      return 'Killed (until they regenerate)';
    case 'carried':
      return `Carried by the ${pieceName(names, place.by)}`;
    default:
      return humanize((place as { place: string }).place);
  }
}
