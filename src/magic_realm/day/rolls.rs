//! Die-roll modifications (rules 4.1.1, 4.1.2, 4.1.4): a character rolls two dice and uses
//! the higher, unless a Special Advantage, an active Treasure card or a spell lets him
//! roll one die; and modifications add to or subtract from the result. All are cumulative;
//! the result converts into the table's rows (1 to 6); the Bad Luck spell adds one, and
//! the Illusion spell one to the Search tables. They never apply to game rolls (4.1.3), to
//! the tables the rules exempt (`Dice::modifiers`), nor to hirelings' rolls (4.1.4).

use super::{belongings, who};
use crate::engine::dice::Roll;
use crate::engine::Seat;
use crate::magic_realm::catalog::characters::SpecialAdvantage as Adv;
use crate::magic_realm::catalog::items::RollTables;
use crate::magic_realm::catalog::tables::TableId;
use crate::magic_realm::catalog::tiles::TileGroup;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::GameState;

/// What a character's roll on a table is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RollMods {
    /// One die instead of two (4.1.2).
    pub one_die: bool,
    /// Added to the die (or the higher die).
    pub add: i8,
}

impl RollMods {
    pub const NONE: RollMods = RollMods {
        one_die: false,
        add: 0,
    };

    /// How many dice to roll.
    pub fn dice(&self) -> usize {
        if self.one_die {
            1
        } else {
            2
        }
    }

    /// 4.1.2: the result of `roll`: the higher die plus the modifications, converted into
    /// 1 to 6.
    pub fn result(&self, roll: &Roll) -> u8 {
        let n = i16::from(roll.higher()) + i16::from(self.add);
        u8::try_from(n.clamp(1, 6)).unwrap_or(1)
    }

    /// 8.3.5 a.2: the result unconverted (random assignment keeps results above 6).
    pub fn unclamped(&self, roll: &Roll) -> i16 {
        i16::from(roll.higher()) + i16::from(self.add)
    }
}

/// What the character rolls for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RollFor {
    /// A table roll (Hide, Peer, Locate, Loot, Magic Sight, Reading Runes, Missile...).
    Table(TableId),
    /// A Meeting Table roll while trading (7.6) or hiring (7.7), or for battling natives.
    Meeting { trading: bool },
    /// 8.3.5: random assignment.
    Assignment,
}

impl RollFor {
    fn table(self) -> Option<TableId> {
        match self {
            RollFor::Table(t) => Some(t),
            RollFor::Meeting { .. } => Some(TableId::Meeting),
            RollFor::Assignment => None,
        }
    }
}

/// 4.1.2: the modifications to the seat's roll `what`, from his Special Advantages (with
/// where he is), his active Treasure cards and the tables' own rules.
pub fn mods(cat: &Catalog, state: &GameState, seat: Seat, what: RollFor) -> RollMods {
    let table = what.table();
    if let Some(t) = table {
        if cat.tables.get(t).is_some_and(|t| !t.dice.modifiers) {
            return RollMods::NONE;
        }
    }
    let at = who::clearing(state, seat);
    let cave = at.is_some_and(|c| who::is_cave(cat, state, c));
    let woods = at.and_then(|c| who::tile_group(cat, c)) == Some(TileGroup::Woods);
    let has = |a| who::has(cat, state, seat, a);
    let searchlike = matches!(
        table,
        Some(
            TableId::Hide
                | TableId::Peer
                | TableId::Locate
                | TableId::Loot
                | TableId::MagicSight
                | TableId::ReadingRunes
                | TableId::TwtToadstoolCircle
                | TableId::TwtEnchantedMeadow
                | TableId::TwtCryptOfTheKnight
        )
    ) || matches!(what, RollFor::Meeting { .. });
    let mut m = RollMods::NONE;
    m.one_die |= table == Some(TableId::Hide) && has(Adv::Concealment);
    m.one_die |= searchlike && cave && has(Adv::CaveKnowledge);
    m.one_die |= searchlike && woods && has(Adv::TrackingSkills);
    m.one_die |= matches!(what, RollFor::Meeting { .. }) && has(Adv::Fear);
    m.one_die |= matches!(what, RollFor::Meeting { trading: true }) && has(Adv::Barter);
    m.one_die |= table == Some(TableId::ReadingRunes) && (has(Adv::Learning) || has(Adv::Lore));
    m.one_die |= table == Some(TableId::Missile) && has(Adv::Archer);
    if matches!(what, RollFor::Meeting { .. }) && has(Adv::Honor) {
        m.add -= 1;
    }
    if table == Some(TableId::ReadingRunes) && has(Adv::Knowledge) {
        m.add -= 1;
    }
    if table == Some(TableId::Missile) && has(Adv::Aim) {
        m.add -= 1;
    }
    // Bad Luck: one more on every roll.
    if crate::magic_realm::combat::spells::character_bewitched_by(
        cat,
        state,
        seat,
        crate::magic_realm::combat::spells::SpellEffect::BadLuck,
    ) {
        m.add += 1;
    }
    // Illusion: one more on every Search table, on its target or anyone in its tile.
    let search_table = matches!(
        table,
        Some(
            TableId::Peer
                | TableId::Locate
                | TableId::Loot
                | TableId::MagicSight
                | TableId::ReadingRunes
                | TableId::TwtToadstoolCircle
                | TableId::TwtEnchantedMeadow
                | TableId::TwtCryptOfTheKnight
        )
    );
    if search_table && illusion(cat, state, seat) {
        m.add += 1;
    }
    // 4.4, 4.1.2: active Treasure cards (Lucky Charm, Cloven Hoof, Deft Gloves...).
    for piece in belongings::active(state, seat) {
        let PieceId::Treasure { id } = piece else {
            continue;
        };
        let Some(card) = cat.items.treasure(&id) else {
            continue;
        };
        for effect in &card.rolls {
            let applies = match &effect.tables {
                RollTables::All => true,
                RollTables::Only { tables } => table.is_some_and(|t| tables.contains(&t)),
            };
            if applies && rolls_in(cat, state, at, &effect.place) {
                m.one_die |= effect.one_die;
                m.add += effect.add;
            }
        }
    }
    m
}

/// 4.1.2: whether a roll made in `at` is in the place a modification names (the Maps:
/// the Lost City's or Lost Castle's tile, the Ruins): a clearing of a tile named, or of a
/// tile holding the named Lost City / Lost Castle chit (it stays there, face up, when its
/// five chits join it) or a Warning chit of the named kind.
fn rolls_in(
    cat: &Catalog,
    state: &GameState,
    at: Option<crate::magic_realm::map::ClearingRef>,
    place: &crate::magic_realm::catalog::items::RollPlace,
) -> bool {
    use crate::magic_realm::pieces::Place;
    if place.is_everywhere() {
        return true;
    }
    let Some(at) = at else {
        return false;
    };
    let chits = || {
        state
            .piles
            .pile(&Place::Tile { tile: at.tile })
            .iter()
            .chain(state.piles.pile(&Place::Clearing { at }))
            .filter_map(|c| match &c.piece {
                PieceId::MapChit { id } => Some(id.clone()),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    let special = place.special.is_some_and(|k| {
        chits().iter().any(|id| {
            cat.map_chits
                .special_chits
                .iter()
                .any(|s| &s.id == id && s.special == k)
        })
    });
    let warning = place.warning.is_some_and(|k| {
        chits().iter().any(|id| {
            cat.map_chits
                .warning_chit_by_id(id)
                .is_some_and(|w| w.warning == k)
        })
    });
    place.tiles.contains(&at.tile) || special || warning
}

/// Illusion: whether it affects `seat`: cast on him, or on the tile he is in.
fn illusion(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    use crate::magic_realm::combat::spells::{bewitched_by, places, SpellEffect};
    let target = crate::magic_realm::combat::CombatTarget::Character { seat };
    bewitched_by(cat, state, &target, SpellEffect::Illusion)
        || places::tile_affects(cat, state, seat, SpellEffect::Illusion)
}

/// The Magic Wand: whether an active Treasure card of `seat` lets him control the red die
/// on `table` (he chooses one die's value before the other is rolled).
pub fn controls_red_die(cat: &Catalog, state: &GameState, seat: Seat, table: TableId) -> bool {
    belongings::active(state, seat).iter().any(|p| match p {
        PieceId::Treasure { id } => cat
            .items
            .treasure(id)
            .is_some_and(|t| t.red_die.contains(&table)),
        _ => false,
    })
}

/// The Magic Wand: logs the value `seat` chose for the red die (4.1.1).
pub fn red_die_chosen(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    value: u8,
) -> crate::engine::Event<crate::magic_realm::actions::MagicRealmEvent> {
    crate::engine::Event::public(
        "4.1.1",
        format!(
            "{} controls the red die with the Magic Wand: {value}.",
            who::who(cat, state, seat)
        ),
        crate::magic_realm::actions::MagicRealmEvent::RedDieChosen { seat, value },
    )
}

/// A roll of `m.dice()` dice on `table` for `seat`, the first die `red` when he controls
/// the red die and chose its value (the others are rolled).
pub fn roll_with_red(state: &mut GameState, table: &str, m: RollMods, red: Option<u8>) -> Roll {
    match red {
        Some(value) => {
            let rest = state.dice.roll(table, m.dice().saturating_sub(1));
            let mut dice = vec![value.clamp(1, 6)];
            dice.extend(rest.dice);
            Roll {
                table: table.to_string(),
                dice,
            }
        }
        None => state.dice.roll(table, m.dice()),
    }
}
