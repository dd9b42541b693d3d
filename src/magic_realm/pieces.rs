//! Where every piece of the game is (rules 2.0, 3.1, 3.5): the identity of each counter,
//! card and chit, the places a piece can lie, and the piles that hold them, bottom to top.
//!
//! Piece conservation: every piece the catalog defines lies in exactly one pile. The piles
//! are the single record of where things are; nothing else in the state repeats it.

use crate::magic_realm::catalog::characters::CharacterId;
use crate::magic_realm::catalog::chits::{DwellingId, MapChitId, SpecialKind};
use crate::magic_realm::catalog::denizens::{
    MonsterId, MonsterPartId, NativeGroup, NativeHorseId, NativeId,
};
use crate::magic_realm::catalog::items::{ArmorId, HorseId, TreasureId, WeaponId};
use crate::magic_realm::catalog::magic::SpellId;
use crate::magic_realm::catalog::setup_card::SetupBox;
use crate::magic_realm::catalog::tiles::TileId;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use tsify::Tsify;

/// A visitor/mission chit (rule 3.4), by its catalog id.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify)]
pub struct VisitorChitId(pub String);

/// One physical piece. Identical counters (two Short Swords, three Giant Bats) are told
/// apart by `n`, counting from 0.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PieceId {
    Character {
        id: CharacterId,
    },
    Treasure {
        id: TreasureId,
    },
    Spell {
        id: SpellId,
    },
    Weapon {
        id: WeaponId,
        n: u8,
    },
    Armor {
        id: ArmorId,
        n: u8,
    },
    Horse {
        id: HorseId,
    },
    Monster {
        id: MonsterId,
        n: u8,
    },
    /// A Dragon's head or a Giant's club, kept with its monster (see [`part_of`]).
    MonsterPart {
        id: MonsterPartId,
        n: u8,
    },
    Native {
        id: NativeId,
    },
    NativeHorse {
        id: NativeHorseId,
    },
    MapChit {
        id: MapChitId,
    },
    Dwelling {
        id: DwellingId,
    },
    VisitorChit {
        id: VisitorChitId,
    },
}

impl PieceId {
    /// The kind of piece, which is all a viewer learns of a face-down one.
    pub fn kind(&self) -> PieceKind {
        match self {
            PieceId::Character { .. } => PieceKind::Character,
            PieceId::Treasure { .. } => PieceKind::Treasure,
            PieceId::Spell { .. } => PieceKind::Spell,
            PieceId::Weapon { .. } => PieceKind::Weapon,
            PieceId::Armor { .. } => PieceKind::Armor,
            PieceId::Horse { .. } => PieceKind::Horse,
            PieceId::Monster { .. } => PieceKind::Monster,
            PieceId::MonsterPart { .. } => PieceKind::MonsterPart,
            PieceId::Native { .. } => PieceKind::Native,
            PieceId::NativeHorse { .. } => PieceKind::NativeHorse,
            PieceId::MapChit { .. } => PieceKind::MapChit,
            PieceId::Dwelling { .. } => PieceKind::Dwelling,
            PieceId::VisitorChit { .. } => PieceKind::VisitorChit,
        }
    }
}

impl fmt::Display for PieceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PieceId::Character { id } => write!(f, "character {}", id.0),
            PieceId::Treasure { id } => write!(f, "treasure {}", id.0),
            PieceId::Spell { id } => write!(f, "spell {}", id.0),
            PieceId::Weapon { id, n } => write!(f, "weapon {} #{}", id.0, u16::from(*n) + 1),
            PieceId::Armor { id, n } => write!(f, "armor {} #{}", id.0, u16::from(*n) + 1),
            PieceId::Horse { id } => write!(f, "horse {}", id.0),
            PieceId::Monster { id, n } => write!(f, "monster {} #{}", id.0, u16::from(*n) + 1),
            PieceId::MonsterPart { id, n } => write!(f, "{} #{}", id.0, u16::from(*n) + 1),
            PieceId::Native { id } => write!(f, "native {}", id.0),
            PieceId::NativeHorse { id } => write!(f, "native horse {}", id.0),
            PieceId::MapChit { id } => write!(f, "map chit {}", id.0),
            PieceId::Dwelling { id } => write!(f, "dwelling {id:?}"),
            PieceId::VisitorChit { id } => write!(f, "visitor/mission chit {}", id.0),
        }
    }
}

/// The kinds of piece.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(rename_all = "snake_case")]
pub enum PieceKind {
    Character,
    Treasure,
    Spell,
    Weapon,
    Armor,
    Horse,
    Monster,
    MonsterPart,
    Native,
    NativeHorse,
    MapChit,
    Dwelling,
    VisitorChit,
}

/// Which way up a piece lies.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(rename_all = "snake_case")]
pub enum Facing {
    /// Cards and map chits face down: secret (3.1.2, 3.5.3).
    Down,
    /// Cards and map chits face up; single-sided counters (character, dwelling).
    Up,
    /// Denizens and horses light side up (3.1.1a, b); Tremendous monsters red side down.
    /// A visitor/mission chit showing its first face.
    Light,
    /// The dark side (Tremendous monsters: red side up). A visitor/mission chit showing
    /// its second face.
    Dark,
    /// Weapons (3.3.2a).
    Unalerted,
    Alerted,
    /// Armor (3.3.2a).
    Intact,
    Damaged,
}

impl Facing {
    /// Whether the piece's identity is hidden from whoever sees the pile.
    pub fn is_secret(self) -> bool {
        self == Facing::Down
    }
}

/// A piece and the way it lies.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub struct Counter {
    pub piece: PieceId,
    pub facing: Facing,
}

/// Every place a piece can be.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify)]
#[serde(tag = "place", rename_all = "snake_case")]
pub enum Place {
    /// In a clearing on the map.
    Clearing { at: ClearingRef },
    /// In a tile's woods, away from the clearings (map chits, 3.5.3).
    Tile { tile: TileId },
    /// 8.3.8: a character who ran away, on the roadway out of `from` toward `to`, between
    /// the two clearings until his next turn.
    Roadway { from: ClearingRef, to: ClearingRef },
    /// 7.3.3: a character flying over a tile (between his Fly phases; he lands at the end
    /// of his last one).
    Flying { tile: TileId },
    /// 8.3.8 e.2: a character who flew away in combat, half in the tile he was in and half
    /// in an adjacent tile, until his next turn's first Fly phase lands him in one.
    FlownAway { from: TileId, to: TileId },
    /// A numbered box of the Appearance Chart row (monsters, visitor/mission chits).
    ChartBox { row: u8, number: u8 },
    /// A native group's square box on the Setup Card (3.1.2d, e).
    Natives { group: NativeGroup },
    /// A box of treasures, spells and counters on the Setup Card (3.1.2).
    SetupBox { target: SetupBox },
    /// The five secret chits of the Lost City or the Lost Castle (3.5.2).
    Section { special: SpecialKind },
    /// A character's belongings.
    Belongings { character: CharacterId },
    /// 4.6.5c: the awakened Spell cards of an Artifact or Spell Book, taken off the Setup
    /// Card and kept with the item wherever it goes.
    WithItem { item: TreasureId },
    /// Set aside until the rules bring it into play (Dwellings, Ghosts, campfires, unused
    /// characters; 3.1).
    Aside,
    /// Out of play for this game (3.1.3 g.2, 3.6.2).
    OutOfPlay,
    /// Monsters, natives and native horses killed in combat, until they regenerate at the
    /// end of a week (8.7, 6.3.4).
    Killed,
    /// 7.2.1, 7.6, 8.7: the belongings a hired leader (or controlled monster) carries for
    /// the character who hired him.
    Carried { by: PieceId },
}

/// The piles, bottom to top. JSON: a list of `{place, pieces}`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Piles {
    piles: BTreeMap<Place, Vec<Counter>>,
}

#[derive(Serialize, Deserialize, Tsify)]
struct PileEntry {
    place: Place,
    pieces: Vec<Counter>,
}

impl Serialize for Piles {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let entries: Vec<PileEntry> = self
            .piles
            .iter()
            .filter(|(_, v)| !v.is_empty())
            .map(|(place, pieces)| PileEntry {
                place: place.clone(),
                pieces: pieces.clone(),
            })
            .collect();
        entries.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Piles {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let entries = Vec::<PileEntry>::deserialize(d)?;
        let mut piles = Piles::default();
        for e in entries {
            piles.piles.entry(e.place).or_default().extend(e.pieces);
        }
        Ok(piles)
    }
}

impl Piles {
    /// Puts a piece on top of the pile at `place`.
    pub fn put(&mut self, place: Place, piece: PieceId, facing: Facing) {
        self.piles
            .entry(place)
            .or_default()
            .push(Counter { piece, facing });
    }

    /// Puts a piece at the bottom of the pile at `place` (4.3.4: abandoned items go under
    /// those already there).
    pub fn put_bottom(&mut self, place: Place, piece: PieceId, facing: Facing) {
        self.piles
            .entry(place)
            .or_default()
            .insert(0, Counter { piece, facing });
    }

    /// The pile at `place`, bottom to top.
    pub fn pile(&self, place: &Place) -> &[Counter] {
        self.piles.get(place).map_or(&[], Vec::as_slice)
    }

    /// Every non-empty pile.
    pub fn iter(&self) -> impl Iterator<Item = (&Place, &[Counter])> {
        self.piles
            .iter()
            .filter(|(_, v)| !v.is_empty())
            .map(|(p, v)| (p, v.as_slice()))
    }

    /// Where a piece is, and how it lies.
    pub fn find(&self, piece: &PieceId) -> Option<(&Place, &Counter)> {
        self.piles
            .iter()
            .find_map(|(place, v)| v.iter().find(|c| &c.piece == piece).map(|c| (place, c)))
    }

    pub fn place_of(&self, piece: &PieceId) -> Option<&Place> {
        self.find(piece).map(|(p, _)| p)
    }

    /// Lifts a piece out of its pile.
    pub fn take(&mut self, piece: &PieceId) -> Option<(Place, Counter)> {
        let (place, index) = self.piles.iter().find_map(|(place, v)| {
            v.iter()
                .position(|c| &c.piece == piece)
                .map(|i| (place.clone(), i))
        })?;
        let pile = self.piles.get_mut(&place)?;
        let counter = pile.remove(index);
        if pile.is_empty() {
            self.piles.remove(&place);
        }
        Some((place, counter))
    }

    /// Moves a piece to the top of the pile at `to`, keeping or changing its facing.
    /// Returns false (and changes nothing) when the piece is nowhere.
    pub fn move_to(&mut self, piece: &PieceId, to: Place, facing: Option<Facing>) -> bool {
        match self.take(piece) {
            Some((_, counter)) => {
                let facing = facing.unwrap_or(counter.facing);
                self.put(to, counter.piece, facing);
                true
            }
            None => false,
        }
    }

    /// Turns a piece over (or to a given facing) where it lies.
    pub fn set_facing(&mut self, piece: &PieceId, facing: Facing) -> bool {
        for pile in self.piles.values_mut() {
            if let Some(c) = pile.iter_mut().find(|c| &c.piece == piece) {
                c.facing = facing;
                return true;
            }
        }
        false
    }

    /// Piece conservation: every piece in `expected` lies in exactly one pile, and no pile
    /// holds anything else. `Err` names the first piece at fault.
    pub fn check_conservation(&self, expected: &BTreeSet<PieceId>) -> Result<(), String> {
        let mut seen: BTreeMap<&PieceId, &Place> = BTreeMap::new();
        for (place, pile) in &self.piles {
            for c in pile {
                if !expected.contains(&c.piece) {
                    return Err(format!(
                        "{} in {place:?} is not a piece of the game",
                        c.piece
                    ));
                }
                if let Some(other) = seen.insert(&c.piece, place) {
                    return Err(format!(
                        "{} lies both in {other:?} and in {place:?}",
                        c.piece
                    ));
                }
            }
        }
        if let Some(missing) = expected.iter().find(|p| !seen.contains_key(p)) {
            return Err(format!("{missing} is nowhere"));
        }
        Ok(())
    }
}

/// Every piece of the base game, in a fixed order (rule 2.0's components).
pub fn all_pieces(catalog: &Catalog) -> Vec<PieceId> {
    let mut out = Vec::new();
    for c in &catalog.characters.characters {
        out.push(PieceId::Character { id: c.id.clone() });
    }
    for t in &catalog.items.treasures {
        out.push(PieceId::Treasure { id: t.id.clone() });
    }
    for s in catalog.spells.cards() {
        out.push(PieceId::Spell { id: s.id.clone() });
    }
    for w in &catalog.items.weapons {
        for n in 0..w.count {
            out.push(PieceId::Weapon {
                id: w.id.clone(),
                n,
            });
        }
    }
    for a in &catalog.items.armor {
        for n in 0..a.count {
            out.push(PieceId::Armor {
                id: a.id.clone(),
                n,
            });
        }
    }
    for h in &catalog.items.horses {
        out.push(PieceId::Horse { id: h.id.clone() });
    }
    for m in &catalog.denizens.monsters {
        for n in 0..m.count {
            out.push(PieceId::Monster {
                id: m.id.clone(),
                n,
            });
        }
    }
    for p in &catalog.denizens.parts {
        for n in 0..p.count {
            out.push(PieceId::MonsterPart {
                id: p.id.clone(),
                n,
            });
        }
    }
    for n in &catalog.denizens.natives {
        out.push(PieceId::Native { id: n.id.clone() });
    }
    for h in &catalog.denizens.native_horses {
        out.push(PieceId::NativeHorse { id: h.id.clone() });
    }
    for id in catalog.map_chits.all_ids() {
        out.push(PieceId::MapChit { id: id.clone() });
    }
    for d in &catalog.map_chits.dwellings {
        out.push(PieceId::Dwelling { id: d.id });
    }
    for c in &catalog.denizens.chits {
        out.push(PieceId::VisitorChit {
            id: VisitorChitId(c.id.clone()),
        });
    }
    out
}

/// The monster counter that head or club counter `n` of `part` goes with: the inverse of
/// [`part_of`].
pub fn monster_of_part(catalog: &Catalog, part: &MonsterPartId, n: u8) -> Option<PieceId> {
    let mut k: u8 = 0;
    for m in &catalog.denizens.monsters {
        if m.part.as_ref() != Some(part) {
            continue;
        }
        if n >= k && n - k < m.count {
            return Some(PieceId::Monster {
                id: m.id.clone(),
                n: n - k,
            });
        }
        k = k.saturating_add(m.count);
    }
    None
}

/// The head or club counter that goes with monster counter `n` of `monster` (3.1.1a): the
/// monsters sharing a part type are counted in catalog order, and the k-th of them gets
/// part counter k.
pub fn part_of(catalog: &Catalog, monster: &MonsterId, n: u8) -> Option<PieceId> {
    let part = catalog.denizens.monster(monster)?.part.clone()?;
    let mut k: u8 = 0;
    for m in &catalog.denizens.monsters {
        if m.part.as_ref() != Some(&part) {
            continue;
        }
        if &m.id == monster {
            return (n < m.count).then(|| PieceId::MonsterPart {
                id: part.clone(),
                n: k.saturating_add(n),
            });
        }
        k = k.saturating_add(m.count);
    }
    None
}
