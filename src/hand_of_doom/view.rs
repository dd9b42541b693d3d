//! What a viewer sees: everything on the table (the game is co-operative and has no
//! per-seat secrets), but never the order of a deck: only how many cards are left.

use crate::engine::Viewer;
use crate::hand_of_doom::content::{EncounterId, HodMonsterId, LootId, RegionId, SkillId, SpaceId};
use crate::hand_of_doom::fight::{Fight, FoeCard};
use crate::hand_of_doom::state::{
    Adventurer, HodState, HodStep, LevelEntry, Party, PartyDanger, Pile,
};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// A deck as anyone sees it: the number of cards to draw, and the discard pile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct DeckView {
    pub left: u32,
    pub discard: Vec<String>,
}

fn deck<T: std::fmt::Display>(p: &Pile<T>) -> DeckView {
    DeckView {
        left: u32::try_from(p.draw.len()).unwrap_or(u32::MAX),
        discard: p.discard.iter().map(|c| c.to_string()).collect(),
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct RegionDecks {
    pub region: RegionId,
    pub encounters: DeckView,
    pub monsters: DeckView,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct EpicCounterView {
    pub space: SpaceId,
    pub monster: HodMonsterId,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct HodView {
    pub viewer: Viewer,
    pub content_name: String,
    pub turn: u8,
    pub turn_limit: u8,
    /// The decision owed now, with the chart step it belongs to.
    pub step: HodStep,
    pub adventurers: Vec<Adventurer>,
    pub parties: Vec<Party>,
    pub levels: Vec<LevelEntry>,
    pub bounty: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub hand: Option<SpaceId>,
    pub voidgates: Vec<SpaceId>,
    pub explored: Vec<SpaceId>,
    pub clues: Vec<SpaceId>,
    pub destroyed: Vec<SpaceId>,
    pub epic_counters: Vec<EpicCounterView>,
    pub danger: DeckView,
    pub regions: Vec<RegionDecks>,
    pub law: DeckView,
    pub loot: DeckView,
    pub signs: DeckView,
    pub epics: Vec<HodMonsterId>,
    pub skills: Vec<SkillId>,
    pub market: Vec<LootId>,
    /// Each party's Danger result, by party index. A party without one is `undefined` in
    /// the value the engine returns and `null` once sent as JSON.
    #[tsify(type = "(PartyDanger | null | undefined)[]")]
    pub dangers: Vec<Option<PartyDanger>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub held: Option<EncounterId>,
    pub waiting_foes: Vec<FoeCard>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub fight: Option<Fight>,
}

pub fn view(state: &HodState, viewer: Viewer) -> HodView {
    let d = &state.decks;
    HodView {
        viewer,
        content_name: state.content.name.clone(),
        turn: state.turn,
        turn_limit: state.content.settings.turn_limit,
        step: state.step.clone(),
        adventurers: state.adventurers.clone(),
        parties: state.parties.clone(),
        levels: state.levels.clone(),
        bounty: state.bounty,
        hand: state.hand.clone(),
        voidgates: state.voidgates.clone(),
        explored: state.explored.clone(),
        clues: state.clues.clone(),
        destroyed: state.destroyed.clone(),
        epic_counters: state
            .epic_counters
            .iter()
            .map(|(space, monster)| EpicCounterView {
                space: space.clone(),
                monster: monster.clone(),
            })
            .collect(),
        danger: deck(&d.danger),
        regions: d
            .encounters
            .iter()
            .zip(&d.monsters)
            .map(|((region, e), (_, m))| RegionDecks {
                region: region.clone(),
                encounters: deck(e),
                monsters: deck(m),
            })
            .collect(),
        law: deck(&d.law),
        loot: deck(&d.loot),
        signs: deck(&d.signs),
        epics: d.epics.clone(),
        skills: d.skills.clone(),
        market: state.turn_state.market.clone(),
        dangers: state.turn_state.dangers.clone(),
        held: state.turn_state.held.clone(),
        waiting_foes: state.turn_state.foes.clone(),
        fight: state.fight.clone(),
    }
}
