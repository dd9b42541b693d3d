//! The whole game of Hand of Doom: adventurers, parties, levels, counters, decks, and where
//! the turn stands in the chart ([1]-[13]). Deck order is secret from every viewer.

use crate::engine::dice::{DiceBox, Stream};
use crate::engine::{Event, RuleError, Seat};
use crate::hand_of_doom::actions::HodEvent;
use crate::hand_of_doom::attributes::{condition_modifier, Attribute, Attributes, Condition};
use crate::hand_of_doom::content::{
    AdventurerId, Content, DangerId, EncounterId, HodMonsterId, Level, LootId, LootKind, RegionId,
    SignId, SkillId, SpaceId, TerritoryId, Trait,
};
use crate::hand_of_doom::fight::{Fight, FoeCard};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tsify::Tsify;

/// The log a step writes to.
pub type Log = Vec<Event<HodEvent>>;

/// The purpose number of the deck-shuffling stream (see `Stream::new`).
pub const SHUFFLE_PURPOSE: u64 = 31;

/// [1] The Map Stance of a party.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
pub enum MapStance {
    Bold,
    Hunt,
    Stealth,
}

impl MapStance {
    pub const ALL: [MapStance; 3] = [MapStance::Bold, MapStance::Hunt, MapStance::Stealth];
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct LearnedSkill {
    pub skill: SkillId,
    pub mastered: bool,
}

/// One adventurer (one seat).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct Adventurer {
    pub seat: Seat,
    pub card: AdventurerId,
    pub name: String,
    pub attributes: Attributes,
    pub arm: u8,
    pub power_dice: u8,
    pub space: SpaceId,
    pub wounds: u8,
    pub conditions: Vec<Condition>,
    pub gp: u32,
    pub xp: u32,
    pub items: Vec<LootId>,
    pub skills: Vec<LearnedSkill>,
    /// False once killed ([13]); a dead adventurer's seat never acts again.
    pub alive: bool,
}

/// A party: adventurers in one space, in MRL order (its leader first).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct Party {
    pub members: Vec<Seat>,
    pub stance: MapStance,
}

/// Whose Danger Level: a Location's own, or a Territory's shared one.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, Tsify)]
#[serde(tag = "type")]
pub enum LevelKey {
    Space { space: SpaceId },
    Territory { territory: TerritoryId },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct LevelEntry {
    pub key: LevelKey,
    pub level: Level,
}

/// A deck: cards to draw (top first, secret) and its discard pile (public).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pile<T> {
    pub draw: Vec<T>,
    pub discard: Vec<T>,
}

impl<T: Clone> Pile<T> {
    pub fn new(draw: Vec<T>) -> Self {
        Pile {
            draw,
            discard: Vec::new(),
        }
    }

    /// The top card; an empty deck first shuffles its discard pile into a new deck
    /// (docs/rulings.md). `None` when both are empty.
    pub fn draw(&mut self, shuffle: &mut Stream) -> Option<T> {
        if self.draw.is_empty() {
            self.draw = std::mem::take(&mut self.discard);
            shuffle_vec(&mut self.draw, shuffle);
        }
        if self.draw.is_empty() {
            None
        } else {
            Some(self.draw.remove(0))
        }
    }

    /// Shuffle a card back into the deck ([13] surviving monsters).
    pub fn shuffle_in(&mut self, card: T, shuffle: &mut Stream) {
        let at = shuffle.index(self.draw.len() + 1);
        self.draw.insert(at.min(self.draw.len()), card);
    }
}

/// Fisher-Yates with the game's shuffle stream.
pub fn shuffle_vec<T>(v: &mut [T], shuffle: &mut Stream) {
    for i in (1..v.len()).rev() {
        let j = shuffle.index(i + 1);
        v.swap(i, j);
    }
}

/// Every deck of the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decks {
    pub danger: Pile<DangerId>,
    /// Region Encounter decks, in content order.
    pub encounters: Vec<(RegionId, Pile<EncounterId>)>,
    pub monsters: Vec<(RegionId, Pile<HodMonsterId>)>,
    pub law: Pile<HodMonsterId>,
    /// Epic Monsters not in play (public: chosen by Lair).
    pub epics: Vec<HodMonsterId>,
    pub loot: Pile<LootId>,
    pub signs: Pile<SignId>,
    /// Skill cards still to learn (public).
    pub skills: Vec<SkillId>,
    /// Mission encounters resolved (those still waiting are under their Clue counters).
    pub mission_done: Vec<EncounterId>,
    /// Epic Monsters destroyed: out of the game.
    pub vanquished: Vec<HodMonsterId>,
}

/// What a party's Danger card came to ([4]-[6]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct PartyDanger {
    pub card: DangerId,
    pub value: u8,
    /// [5] Safe: skip the Encounter phase (unless a large counter or the Law says not).
    pub safe: bool,
    /// [6] The Hand of Doom left this party's space because of the first card.
    pub hand_left: bool,
}

/// The rules modules' short name for [`HodStep`].
pub type Step = HodStep;

/// Where the turn stands: the decision owed now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "step", rename_all = "camelCase")]
pub enum HodStep {
    /// [1] The party's leader chooses its Map Stance.
    Stance { party: usize },
    /// [2] The adventurer chooses a Map Action.
    MapAction { seat: Seat },
    /// [2] A party that left another may change its stance.
    LeaverStance { party: usize },
    /// [3] The adventurer rests: Recover first, then Rest Actions.
    Rest { seat: Seat },
    /// [3] Trade: buy and sell among the drawn Loot cards.
    Trading { seat: Seat },
    /// [6] Hunt or Stealth: roll PER, or keep the value.
    DangerRoll { party: usize },
    /// [6]/[7] The Hand of Doom or a Voidgate instead of an Encounter: attempt a dispel?
    Dispel { party: usize },
    /// [9] Law monsters: bribe, fight or surrender.
    Bribe { party: usize },
    /// [9] A passed bribe test: pay or fight.
    PayBribe { party: usize },
    /// [10]-[12] A fight (see `fight`).
    Fight { party: usize },
    /// The game has ended.
    Over { won: bool },
}

/// The Rest Actions of [3], each at most once.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
pub enum RestKind {
    Recover,
    Explore,
    Improve,
    Invest,
    Trade,
}

/// Bookkeeping of the current game turn.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct TurnState {
    /// [2] Adventurers still to choose a Map Action, in order.
    pub map_queue: Vec<Seat>,
    /// [2] Each adventurer's party (index) before moving, and that party's stance.
    pub before: Vec<(Seat, usize, MapStance)>,
    /// [2] Parties (indexes) that left another and may change stance.
    pub leavers: Vec<usize>,
    /// [3] Adventurers who chose Rest, still to rest, in MRL order.
    pub rest_queue: Vec<Seat>,
    /// [3] Rest Actions the current rester has taken.
    pub rest_done: Vec<RestKind>,
    /// [3] Loot cards drawn by Trade, on the table.
    pub market: Vec<LootId>,
    /// [5] Loot-deck monsters waiting to attack these adventurers' parties.
    pub lurkers: Vec<(Seat, LootId)>,
    /// [4]-[6] Each party's Danger result, by party index. A party without one is
    /// `undefined` in the value the engine returns and `null` once sent as JSON.
    #[tsify(type = "(PartyDanger | null | undefined)[]")]
    pub dangers: Vec<Option<PartyDanger>>,
    /// [13] Levels lowered by a Party Victory this turn (once per space per turn).
    pub lowered: Vec<LevelKey>,
    /// [8] An encounter set aside until the monsters are beaten.
    pub held: Option<EncounterId>,
    /// [8]/[9] Monsters drawn for the party, waiting for the bribe decision.
    pub foes: Vec<FoeCard>,
    /// [9] The bribe to pay after a passed test.
    pub bribe: u32,
}

/// The game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HodState {
    /// The game's content; not part of the serialized state (a snapshot's state gets it
    /// back from the game's start).
    #[serde(skip, default = "unloaded_content")]
    pub content: Arc<Content>,
    pub dice: DiceBox,
    pub shuffle: Stream,
    pub turn: u8,
    pub adventurers: Vec<Adventurer>,
    pub parties: Vec<Party>,
    pub levels: Vec<LevelEntry>,
    pub bounty: u8,
    /// The Hand of Doom's space; `None` once dispelled.
    pub hand: Option<SpaceId>,
    pub voidgates: Vec<SpaceId>,
    pub explored: Vec<SpaceId>,
    /// Clue counters still on the map.
    pub clues: Vec<SpaceId>,
    pub destroyed: Vec<SpaceId>,
    /// Epic Monster counters: the card set aside and where it waits.
    pub epic_counters: Vec<(SpaceId, HodMonsterId)>,
    pub decks: Decks,
    pub step: Step,
    pub turn_state: TurnState,
    pub fight: Option<Fight>,
}

fn unloaded_content() -> Arc<Content> {
    Arc::new(Content::unloaded())
}

pub fn seat_of(index: usize) -> Seat {
    Seat(u8::try_from(index).unwrap_or(u8::MAX))
}

impl HodState {
    pub fn adv(&self, seat: Seat) -> Result<&Adventurer, RuleError> {
        self.adventurers
            .get(seat.index())
            .ok_or_else(|| RuleError::internal(format!("{seat} has no adventurer")))
    }

    pub fn adv_mut(&mut self, seat: Seat) -> Result<&mut Adventurer, RuleError> {
        self.adventurers
            .get_mut(seat.index())
            .ok_or_else(|| RuleError::internal(format!("{seat} has no adventurer")))
    }

    pub fn name(&self, seat: Seat) -> String {
        self.adventurers
            .get(seat.index())
            .map_or_else(|| seat.to_string(), |a| a.name.clone())
    }

    /// The effective attribute: printed value, skills, status conditions (0 to 12).
    pub fn attr(&self, seat: Seat, a: Attribute) -> u8 {
        let Some(adv) = self.adventurers.get(seat.index()) else {
            return 0;
        };
        let skills: i32 = adv
            .skills
            .iter()
            .filter_map(|l| {
                let card = self.content.skills.iter().find(|s| s.id == l.skill)?;
                (card.bonus == a).then_some(if l.mastered { 2 } else { 1 })
            })
            .sum();
        let value = i32::from(adv.attributes.get(a))
            + skills
            + i32::from(condition_modifier(&adv.conditions, a));
        u8::try_from(value.clamp(0, 12)).unwrap_or(0)
    }

    /// Health: the printed CON. Wounds reaching it defeat the adventurer (docs/rulings.md).
    pub fn health(&self, seat: Seat) -> u8 {
        self.adventurers
            .get(seat.index())
            .map_or(0, |a| a.attributes.con.max(1))
    }

    /// ARM: the adventurer's own plus its armour items.
    pub fn arm(&self, seat: Seat) -> u8 {
        let Some(adv) = self.adventurers.get(seat.index()) else {
            return 0;
        };
        let items: u8 = adv
            .items
            .iter()
            .filter_map(
                |id| match self.content.loot.iter().find(|l| &l.id == id)?.kind {
                    LootKind::Armor { arm } => Some(arm),
                    _ => None,
                },
            )
            .sum();
        adv.arm.saturating_add(items)
    }

    pub fn alive(&self) -> impl Iterator<Item = &Adventurer> {
        self.adventurers.iter().filter(|a| a.alive)
    }

    /// Living seats sorted by an attribute, highest first, ties by seat ("MRL order").
    pub fn order_by(&self, seats: &[Seat], a: Attribute) -> Vec<Seat> {
        let mut v: Vec<Seat> = seats.to_vec();
        v.sort_by_key(|s| (std::cmp::Reverse(self.attr(*s, a)), *s));
        v
    }

    pub fn space_has(&self, space: &SpaceId, t: Trait) -> bool {
        self.content
            .spaces
            .iter()
            .any(|s| &s.id == space && s.traits.contains(&t))
    }

    pub fn region_of(&self, space: &SpaceId) -> Option<RegionId> {
        self.content
            .spaces
            .iter()
            .find(|s| &s.id == space)
            .map(|s| s.region.clone())
    }

    /// Whose level a space uses.
    pub fn level_key(&self, space: &SpaceId) -> LevelKey {
        match self
            .content
            .spaces
            .iter()
            .find(|s| &s.id == space)
            .and_then(|s| s.territory.clone())
        {
            Some(territory) => LevelKey::Territory { territory },
            None => LevelKey::Space {
                space: space.clone(),
            },
        }
    }

    pub fn level_of(&self, key: &LevelKey) -> Option<Level> {
        self.levels.iter().find(|e| &e.key == key).map(|e| e.level)
    }

    /// The level of a space (none for the Maze).
    pub fn level(&self, space: &SpaceId) -> Option<Level> {
        self.level_of(&self.level_key(space))
    }

    pub fn set_level(&mut self, key: &LevelKey, level: Level) {
        if let Some(e) = self.levels.iter_mut().find(|e| &e.key == key) {
            e.level = level;
        }
    }

    pub fn is_town(&self, space: &SpaceId) -> bool {
        matches!(self.level(space), Some(Level::Town { .. }))
    }

    /// The party index of a seat.
    pub fn party_of(&self, seat: Seat) -> Option<usize> {
        self.parties.iter().position(|p| p.members.contains(&seat))
    }

    /// The party's living members (in MRL order).
    pub fn members(&self, party: usize) -> Vec<Seat> {
        self.parties
            .get(party)
            .map(|p| {
                p.members
                    .iter()
                    .copied()
                    .filter(|s| self.adventurers.get(s.index()).is_some_and(|a| a.alive))
                    .collect()
            })
            .unwrap_or_default()
    }

    pub fn leader(&self, party: usize) -> Option<Seat> {
        self.members(party).first().copied()
    }

    pub fn party_space(&self, party: usize) -> Option<SpaceId> {
        let seat = self.leader(party)?;
        self.adventurers.get(seat.index()).map(|a| a.space.clone())
    }

    pub fn loot_kind(&self, id: &LootId) -> Option<&LootKind> {
        self.content
            .loot
            .iter()
            .find(|l| &l.id == id)
            .map(|l| &l.kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_4_an_empty_deck_shuffles_its_discard_pile_into_a_new_deck() {
        let mut shuffle = Stream::new(9, SHUFFLE_PURPOSE);
        let mut pile = Pile::new(vec![1u8]);
        assert_eq!(pile.draw(&mut shuffle), Some(1));
        pile.discard = vec![1, 2, 3];
        let next = pile.draw(&mut shuffle);
        assert!(next.is_some_and(|c| (1..=3).contains(&c)));
        assert_eq!(pile.draw.len() + 1, 3, "the discard pile became the deck");
        assert!(pile.discard.is_empty());
        let mut empty: Pile<u8> = Pile::new(Vec::new());
        assert_eq!(empty.draw(&mut shuffle), None, "nothing to draw at all");
    }
}
