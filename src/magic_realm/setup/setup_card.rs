//! Rule 3.1: setting up the Treasure Setup Card. The procedure is data (`treasure_setup.json`,
//! one step per box); this module carries it out with the game's random draws. Cards go in
//! face down and secret; counters light side up, weapons unalerted, armor intact.

use crate::engine::dice::Stream;
use crate::engine::RuleError;
use crate::magic_realm::catalog::denizens::NativeGroup;
use crate::magic_realm::catalog::items::TreasureSize;
use crate::magic_realm::catalog::magic::MagicType;
use crate::magic_realm::catalog::setup_card::{BoxContents, Piece, Section, SetupAction, SetupBox};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::pieces::{part_of, Facing, PieceId, PieceKind, Piles, Place};
use std::collections::{BTreeMap, BTreeSet};

/// Shuffles in place (Fisher-Yates) with the game's draws.
pub fn shuffle<T>(items: &mut [T], draws: &mut Stream) {
    for i in (1..items.len()).rev() {
        let j = draws.index(i + 1);
        items.swap(i, j);
    }
}

/// Takes one item at random from a pool.
fn draw<T>(pool: &mut Vec<T>, draws: &mut Stream) -> Option<T> {
    if pool.is_empty() {
        return None;
    }
    let i = draws.index(pool.len());
    Some(pool.swap_remove(i))
}

/// The piles of cards still to deal (3.1.1e, f).
struct Decks {
    large: Vec<PieceId>,
    small: Vec<PieceId>,
    twt: Vec<PieceId>,
    spells: BTreeMap<MagicType, Vec<PieceId>>,
}

impl Decks {
    fn new(cat: &Catalog) -> Decks {
        let mut d = Decks {
            large: Vec::new(),
            small: Vec::new(),
            twt: Vec::new(),
            spells: BTreeMap::new(),
        };
        for t in &cat.items.treasures {
            let piece = PieceId::Treasure { id: t.id.clone() };
            match (t.twt.is_some(), t.size) {
                (true, _) => d.twt.push(piece),
                (false, TreasureSize::Large) => d.large.push(piece),
                (false, TreasureSize::Small) => d.small.push(piece),
            }
        }
        for s in cat.spells.cards() {
            if let Some(t) = s.magic_type {
                d.spells
                    .entry(t)
                    .or_default()
                    .push(PieceId::Spell { id: s.id.clone() });
            }
        }
        d
    }
}

/// Fills the Treasure Setup Card (3.1.2, 3.1.3) and puts aside what goes on the map later:
/// characters, Dwellings, Ghosts, map chits and visitor/mission chits (3.1).
pub fn fill(cat: &Catalog, piles: &mut Piles, draws: &mut Stream) -> Result<(), RuleError> {
    let mut decks = Decks::new(cat);
    let mut placed: BTreeSet<PieceId> = BTreeSet::new();
    for step in &cat.setup_card.setup.steps {
        match &step.action {
            SetupAction::Place { target, pieces } => {
                let mut stack: Vec<(PieceId, Facing, Place)> = Vec::new();
                for p in pieces {
                    for (piece, place) in expand(
                        cat, target, &p.piece, &mut decks, &placed, draws, &step.rule,
                    )? {
                        placed.insert(piece.clone());
                        let facing = initial_facing(&piece);
                        stack.push((piece, facing, place));
                    }
                }
                shuffle_runs(&mut stack, draws);
                for (piece, facing, place) in stack {
                    piles.put(place, piece, facing);
                }
            }
            SetupAction::ShuffleTwtCardsIntoLargeTreasures => {
                decks.large.append(&mut decks.twt);
            }
            SetupAction::PlaceChartMonsters(section) => {
                fill_chart_section(cat, Some(*section), piles, &mut placed)?;
            }
            SetupAction::SetAsideRemainingSpells => {
                for deck in decks.spells.values_mut() {
                    for piece in deck.drain(..) {
                        placed.insert(piece.clone());
                        piles.put(Place::OutOfPlay, piece, Facing::Down);
                    }
                }
            }
            // 3.4 is played by the players: the chits wait aside until then.
            SetupAction::PlaceVisitorMissionChits => {}
        }
    }
    // 3.1.2c: every remaining monster goes in the box where it is pictured.
    fill_chart_section(cat, None, piles, &mut placed)?;
    put_aside(cat, piles, &placed)
}

/// The pieces one placement stands for, with where each goes.
fn expand(
    cat: &Catalog,
    target: &SetupBox,
    piece: &Piece,
    decks: &mut Decks,
    placed: &BTreeSet<PieceId>,
    draws: &mut Stream,
    rule: &str,
) -> Result<Vec<(PieceId, Place)>, RuleError> {
    let here = Place::SetupBox {
        target: target.clone(),
    };
    let short = |what: &str| RuleError::internal(format!("rule {rule}: no {what} left to draw"));
    let mut out = Vec::new();
    match piece {
        Piece::LargeTreasures(n) | Piece::SmallTreasures(n) => {
            let deck = match piece {
                Piece::LargeTreasures(_) => &mut decks.large,
                _ => &mut decks.small,
            };
            for _ in 0..*n {
                let card = draw(deck, draws).ok_or_else(|| short("treasure card"))?;
                out.push((card, here.clone()));
            }
        }
        Piece::Spells { magic_type, count } => {
            let deck = decks.spells.entry(*magic_type).or_default();
            for _ in 0..*count {
                let card = draw(deck, draws).ok_or_else(|| short("spell card"))?;
                out.push((card, here.clone()));
            }
        }
        Piece::Weapon { weapon, count } => {
            let total = cat.items.weapon(weapon).map_or(0, |w| w.count);
            let free = (0..total)
                .map(|n| PieceId::Weapon {
                    id: weapon.clone(),
                    n,
                })
                .filter(|p| !placed.contains(p));
            out.extend(free.take(usize::from(*count)).map(|p| (p, here.clone())));
        }
        Piece::Armor { armor, count } => {
            let total = cat.items.armor_piece(armor).map_or(0, |a| a.count);
            let free = (0..total)
                .map(|n| PieceId::Armor {
                    id: armor.clone(),
                    n,
                })
                .filter(|p| !placed.contains(p));
            out.extend(free.take(usize::from(*count)).map(|p| (p, here.clone())));
        }
        Piece::Horse(id) => out.push((PieceId::Horse { id: id.clone() }, here.clone())),
        Piece::Monster { monster, count } => {
            // A treasure location's monster sits in its Appearance Chart box (3.1.2c).
            let total = cat.denizens.monster(monster).map_or(0, |m| m.count);
            let free: Vec<u8> = (0..total)
                .filter(|n| {
                    !placed.contains(&PieceId::Monster {
                        id: monster.clone(),
                        n: *n,
                    })
                })
                .take(usize::from(*count))
                .collect();
            let (row, number) =
                chart_box_of(cat, monster, Section::TreasureLocations).ok_or_else(|| {
                    RuleError::internal(format!("no chart box pictures {}", monster.0))
                })?;
            for n in free {
                let at = Place::ChartBox { row, number };
                out.push((
                    PieceId::Monster {
                        id: monster.clone(),
                        n,
                    },
                    at.clone(),
                ));
                if let Some(part) = part_of(cat, monster, n) {
                    out.push((part, at));
                }
            }
        }
        Piece::Natives(group) => out.extend(natives_of(cat, *group)),
    }
    let wanted = match piece {
        Piece::LargeTreasures(n) | Piece::SmallTreasures(n) => usize::from(*n),
        Piece::Spells { count, .. } | Piece::Weapon { count, .. } | Piece::Armor { count, .. } => {
            usize::from(*count)
        }
        _ => out.len(),
    };
    if out.len() < wanted {
        return Err(short(&format!("{piece:?}")));
    }
    Ok(out)
}

/// A native group with each native's horse kept with him (3.1.1b).
fn natives_of(cat: &Catalog, group: NativeGroup) -> Vec<(PieceId, Place)> {
    let at = Place::Natives { group };
    let mut out = Vec::new();
    for n in cat.denizens.members(group) {
        out.push((PieceId::Native { id: n.id.clone() }, at.clone()));
        if let Some(h) = &n.horse {
            out.push((PieceId::NativeHorse { id: h.clone() }, at.clone()));
        }
    }
    out
}

/// The first box of `section` that pictures `monster`.
fn chart_box_of(
    cat: &Catalog,
    monster: &crate::magic_realm::catalog::denizens::MonsterId,
    section: Section,
) -> Option<(u8, u8)> {
    cat.setup_card.chart.rows.iter().find_map(|row| {
        row.groups
            .iter()
            .filter(|g| g.section == section)
            .flat_map(|g| g.boxes.iter())
            .find(|b| match &b.holds {
                BoxContents::Monsters(ms) => ms.iter().any(|m| &m.monster == monster),
                _ => false,
            })
            .map(|b| (row.row, b.number))
    })
}

/// Puts the pictured monsters (with heads and clubs) in every chart box of `section` (or of
/// every section), skipping counters already placed.
fn fill_chart_section(
    cat: &Catalog,
    section: Option<Section>,
    piles: &mut Piles,
    placed: &mut BTreeSet<PieceId>,
) -> Result<(), RuleError> {
    for row in &cat.setup_card.chart.rows {
        for group in &row.groups {
            if section.is_some_and(|s| s != group.section) {
                continue;
            }
            for b in &group.boxes {
                let BoxContents::Monsters(ms) = &b.holds else {
                    continue;
                };
                let at = Place::ChartBox {
                    row: row.row,
                    number: b.number,
                };
                for m in ms {
                    let already = piles
                        .pile(&at)
                        .iter()
                        .filter(
                            |c| matches!(&c.piece, PieceId::Monster { id, .. } if id == &m.monster),
                        )
                        .count();
                    let total = cat.denizens.monster(&m.monster).map_or(0, |x| x.count);
                    let mut missing = usize::from(m.count).saturating_sub(already);
                    for n in 0..total {
                        if missing == 0 {
                            break;
                        }
                        let piece = PieceId::Monster {
                            id: m.monster.clone(),
                            n,
                        };
                        if placed.insert(piece.clone()) {
                            piles.put(at.clone(), piece, Facing::Light);
                            if let Some(part) = part_of(cat, &m.monster, n) {
                                placed.insert(part.clone());
                                piles.put(at.clone(), part, Facing::Light);
                            }
                            missing -= 1;
                        }
                    }
                    if missing > 0 {
                        return Err(RuleError::internal(format!(
                            "rule 3.1.2: not enough {} for chart row {} box {}",
                            m.monster.0, row.row, b.number
                        )));
                    }
                }
            }
        }
    }
    Ok(())
}

/// Everything not on the Setup Card waits aside (3.1); anything else left over is a data
/// fault, reported rather than lost.
fn put_aside(
    cat: &Catalog,
    piles: &mut Piles,
    placed: &BTreeSet<PieceId>,
) -> Result<(), RuleError> {
    for piece in crate::magic_realm::pieces::all_pieces(cat) {
        if placed.contains(&piece) {
            continue;
        }
        let facing = match piece.kind() {
            PieceKind::MapChit => Facing::Down,
            PieceKind::Monster | PieceKind::MonsterPart => Facing::Light,
            PieceKind::VisitorChit => Facing::Light,
            PieceKind::Character | PieceKind::Dwelling => Facing::Up,
            _ => {
                return Err(RuleError::internal(format!(
                    "rule 3.1: {piece} has no place on the Setup Card"
                )))
            }
        };
        if matches!(piece.kind(), PieceKind::Monster | PieceKind::MonsterPart)
            && !is_always_prowling(cat, &piece)
        {
            return Err(RuleError::internal(format!(
                "rule 3.1.2: {piece} has no box on the Setup Card"
            )));
        }
        piles.put(Place::Aside, piece, facing);
    }
    Ok(())
}

fn is_always_prowling(cat: &Catalog, piece: &PieceId) -> bool {
    match piece {
        PieceId::Monster { id, .. } => cat
            .setup_card
            .chart
            .always_prowling
            .iter()
            .any(|m| &m.monster == id),
        _ => false,
    }
}

/// How a counter goes onto the Setup Card (3.1.1, 3.3.2a).
pub fn initial_facing(piece: &PieceId) -> Facing {
    match piece.kind() {
        PieceKind::Treasure | PieceKind::Spell | PieceKind::MapChit => Facing::Down,
        PieceKind::Weapon => Facing::Unalerted,
        PieceKind::Armor => Facing::Intact,
        PieceKind::Character | PieceKind::Dwelling => Facing::Up,
        _ => Facing::Light,
    }
}

/// 3.1.2d: treasures, weapons and horses are each stacked randomly within their part of a
/// pile: every run of consecutive pieces of one kind in one place is shuffled.
fn shuffle_runs(stack: &mut [(PieceId, Facing, Place)], draws: &mut Stream) {
    let mut start = 0;
    while start < stack.len() {
        let Some(first) = stack.get(start) else { break };
        let (kind, place) = (first.0.kind(), first.2.clone());
        let len = stack.get(start..).map_or(0, |rest| {
            rest.iter()
                .take_while(|(p, _, at)| p.kind() == kind && *at == place)
                .count()
        });
        if matches!(
            kind,
            PieceKind::Treasure | PieceKind::Weapon | PieceKind::Horse
        ) {
            if let Some(run) = stack.get_mut(start..start + len) {
                shuffle(run, draws);
            }
        }
        start += len.max(1);
    }
}
