//! Setups and scenarios: a new game from the content (default: the sample content), or a
//! game from any position (test fixtures): party positions, adventurer numbers, decks in a
//! chosen order, levels, counters, forced dice, and where in the chart to begin.

use crate::engine::dice::{DiceBox, Stream};
use crate::engine::{RuleError, Seed};
use crate::hand_of_doom::attributes::{Attributes, Condition};
use crate::hand_of_doom::content::{
    AdventurerId, Content, DangerId, EncounterId, HodMonsterId, Level, LootId, MonsterDeck, SignId,
    SkillId, SpaceId,
};
use crate::hand_of_doom::fight::{self, FoeCard};
use crate::hand_of_doom::state::{
    seat_of, shuffle_vec, Adventurer, Decks, HodState, LearnedSkill, LevelEntry, LevelKey,
    MapStance, Party, Pile, Step, TurnState, SHUFFLE_PURPOSE,
};
use crate::hand_of_doom::{turn, validate};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tsify::Tsify;

/// A new game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HodSetup {
    /// One adventurer per seat (ids of the content's adventurers), each at most once.
    pub adventurers: Vec<AdventurerId>,
    /// A content file (JSON text in the schema of `content.rs`); the sample content if absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub content: Option<String>,
}

/// One adventurer of a scenario; anything left out is as the adventurer card says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ScenarioAdventurer {
    pub adventurer: AdventurerId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub space: Option<SpaceId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub attributes: Option<Attributes>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub arm: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub power_dice: Option<u8>,
    #[serde(default)]
    pub wounds: u8,
    #[serde(default)]
    pub conditions: Vec<Condition>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub gp: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub xp: Option<u32>,
    /// Items carried instead of the card's (taken out of the Loot deck).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub items: Option<Vec<LootId>>,
    #[serde(default)]
    pub skills: Vec<SkillId>,
    /// The stance of this adventurer's party (the leader's counts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub stance: Option<MapStance>,
}

/// Where in the chart a scenario begins.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Tsify)]
#[serde(tag = "type")]
pub enum ScenarioStart {
    /// [1] The start of a game turn.
    #[default]
    Turn,
    /// [4] The Danger phase, parties and stances as given.
    Danger,
    /// [10] The first party fights these monsters (taken out of their decks).
    Fight { monsters: Vec<HodMonsterId> },
}

/// Cards to put on top of their decks, in this order (the rest follow in content order).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ScenarioDecks {
    #[serde(default)]
    pub danger: Vec<DangerId>,
    #[serde(default)]
    pub encounters: Vec<EncounterId>,
    #[serde(default)]
    pub monsters: Vec<HodMonsterId>,
    #[serde(default)]
    pub loot: Vec<LootId>,
    #[serde(default)]
    pub signs: Vec<SignId>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ScenarioLevel {
    /// The space whose level (its territory's, for a road or path space) is set.
    pub space: SpaceId,
    pub level: Level,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EpicCounter {
    pub space: SpaceId,
    pub monster: HodMonsterId,
}

/// A game from any position. Decks are not shuffled: named cards on top, then content order.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HodScenario {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub content: Option<String>,
    pub adventurers: Vec<ScenarioAdventurer>,
    #[serde(default)]
    pub start: ScenarioStart,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub turn: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub bounty: Option<u8>,
    /// The Hand of Doom's space (the mission's start if absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub hand: Option<SpaceId>,
    #[serde(default)]
    pub levels: Vec<ScenarioLevel>,
    /// Voidgate counters besides the content's.
    #[serde(default)]
    pub voidgates: Vec<SpaceId>,
    #[serde(default)]
    pub explored: Vec<SpaceId>,
    #[serde(default)]
    pub epic_counters: Vec<EpicCounter>,
    #[serde(default)]
    pub decks: ScenarioDecks,
    #[serde(default)]
    pub forced_dice: Vec<u8>,
}

/// The content a setup or scenario names (the sample content by default).
pub fn load_content(json: Option<&str>) -> Result<Arc<Content>, RuleError> {
    let text = json.unwrap_or(crate::hand_of_doom::content::SAMPLE_JSON);
    Content::parse(text)
        .map(Arc::new)
        .map_err(|e| RuleError::bad_setup(format!("the content file is refused: {e}")))
}

/// Named cards on top (each must be in `all`), then the rest in `all`'s order.
fn stack<T: Clone + PartialEq + std::fmt::Display>(
    all: Vec<T>,
    top: &[T],
    what: &str,
) -> Result<Vec<T>, RuleError> {
    let mut rest = all;
    let mut out = Vec::new();
    for card in top {
        let pos = rest.iter().position(|c| c == card).ok_or_else(|| {
            RuleError::bad_scenario(format!("no {what} card {card} is left to stack"))
        })?;
        out.push(rest.remove(pos));
    }
    out.extend(rest);
    Ok(out)
}

fn shuffled<T>(on: bool, stream: &mut Stream, mut v: Vec<T>) -> Vec<T> {
    if on {
        shuffle_vec(&mut v, stream);
    }
    v
}

fn bad(e: impl std::fmt::Display) -> RuleError {
    RuleError::bad_scenario(e.to_string())
}

/// Build the state. `shuffle` shuffles every deck (a new game) after stacking.
pub fn build(
    content: Arc<Content>,
    sc: &HodScenario,
    seed: Seed,
    shuffle: bool,
) -> Result<HodState, RuleError> {
    let c = &content;
    if sc.adventurers.is_empty() || sc.adventurers.len() > c.adventurers.len() {
        return Err(bad(format!(
            "a game has 1 to {} adventurers, not {}",
            c.adventurers.len(),
            sc.adventurers.len()
        )));
    }
    let space_ok = |s: &SpaceId| c.spaces.iter().any(|x| &x.id == s);
    let mut stream = Stream::new(seed.0, SHUFFLE_PURPOSE);
    let mut loot: Vec<LootId> = c.loot.iter().map(|l| l.id.clone()).collect();
    let mut skills: Vec<SkillId> = c.skills.iter().map(|s| s.id.clone()).collect();
    let mut adventurers = Vec::new();
    for (i, a) in sc.adventurers.iter().enumerate() {
        let card = c
            .adventurers
            .iter()
            .find(|x| x.id == a.adventurer)
            .ok_or_else(|| bad(format!("no adventurer {}", a.adventurer)))?;
        if sc
            .adventurers
            .iter()
            .filter(|x| x.adventurer == a.adventurer)
            .count()
            > 1
        {
            return Err(bad(format!("{} is chosen twice", a.adventurer)));
        }
        let space = a
            .space
            .clone()
            .unwrap_or_else(|| c.settings.start_space.clone());
        if !space_ok(&space) {
            return Err(bad(format!("no space {space}")));
        }
        let items = a.items.clone().unwrap_or_else(|| card.items.clone());
        for item in &items {
            let pos = loot
                .iter()
                .position(|l| l == item)
                .ok_or_else(|| bad(format!("no Loot card {item} is left to carry")))?;
            loot.remove(pos);
        }
        let mut learned = Vec::new();
        for s in &a.skills {
            let pos = skills
                .iter()
                .position(|x| x == s)
                .ok_or_else(|| bad(format!("no Skill card {s} is left to learn")))?;
            learned.push(LearnedSkill {
                skill: skills.remove(pos),
                mastered: false,
            });
        }
        let attributes = a.attributes.unwrap_or(card.attributes);
        if a.wounds >= attributes.con.max(1) {
            return Err(bad(format!(
                "{} has {} Wounds: at least CON",
                card.name, a.wounds
            )));
        }
        adventurers.push(Adventurer {
            seat: seat_of(i),
            card: card.id.clone(),
            name: card.name.clone(),
            attributes,
            arm: a.arm.unwrap_or(card.arm),
            power_dice: a.power_dice.unwrap_or(card.power_dice),
            space,
            wounds: a.wounds,
            conditions: {
                let mut v = a.conditions.clone();
                v.sort();
                v.dedup();
                v
            },
            gp: a.gp.unwrap_or(card.gp),
            xp: a.xp.unwrap_or(card.xp),
            items,
            skills: learned,
            alive: true,
        });
    }
    let mut levels: Vec<LevelEntry> = c
        .territories
        .iter()
        .map(|t| LevelEntry {
            key: LevelKey::Territory {
                territory: t.id.clone(),
            },
            level: Level::Danger { level: t.danger },
        })
        .collect();
    levels.extend(
        c.spaces
            .iter()
            .filter(|s| s.territory.is_none())
            .filter_map(|s| {
                s.level.map(|level| LevelEntry {
                    key: LevelKey::Space {
                        space: s.id.clone(),
                    },
                    level,
                })
            }),
    );
    // Decks: stacked, then (a new game) shuffled.
    let danger = shuffled(
        shuffle,
        &mut stream,
        stack(
            c.danger.iter().map(|d| d.id.clone()).collect(),
            &sc.decks.danger,
            "Danger",
        )?,
    );
    let mut encounters = Vec::new();
    let mut monsters = Vec::new();
    let fight_monsters: &[HodMonsterId] = match &sc.start {
        ScenarioStart::Fight { monsters } => monsters,
        _ => &[],
    };
    let epic_taken: Vec<&HodMonsterId> = sc.epic_counters.iter().map(|e| &e.monster).collect();
    let taken = |m: &HodMonsterId| fight_monsters.contains(m) || epic_taken.contains(&m);
    for r in &c.regions {
        let enc: Vec<EncounterId> = c
            .encounters
            .iter()
            .filter(|e| e.region.as_ref() == Some(&r.id))
            .map(|e| e.id.clone())
            .collect();
        let top: Vec<EncounterId> = sc
            .decks
            .encounters
            .iter()
            .filter(|e| enc.contains(e))
            .cloned()
            .collect();
        encounters.push((
            r.id.clone(),
            Pile::new(shuffled(
                shuffle,
                &mut stream,
                stack(enc, &top, "Encounter")?,
            )),
        ));
        let mon: Vec<HodMonsterId> = c
            .monsters
            .iter()
            .filter(|m| {
                m.deck
                    == MonsterDeck::Region {
                        region: r.id.clone(),
                    }
                    && !taken(&m.id)
            })
            .map(|m| m.id.clone())
            .collect();
        let top: Vec<HodMonsterId> = sc
            .decks
            .monsters
            .iter()
            .filter(|m| mon.contains(m))
            .cloned()
            .collect();
        monsters.push((
            r.id.clone(),
            Pile::new(shuffled(shuffle, &mut stream, stack(mon, &top, "Monster")?)),
        ));
    }
    let law: Vec<HodMonsterId> = c
        .monsters
        .iter()
        .filter(|m| m.deck == MonsterDeck::Law && !taken(&m.id))
        .map(|m| m.id.clone())
        .collect();
    let law_top: Vec<HodMonsterId> = sc
        .decks
        .monsters
        .iter()
        .filter(|m| law.contains(m))
        .cloned()
        .collect();
    let law = shuffled(shuffle, &mut stream, stack(law, &law_top, "Law")?);
    let epics: Vec<HodMonsterId> = c
        .monsters
        .iter()
        .filter(|m| matches!(m.deck, MonsterDeck::Epic { .. }) && !taken(&m.id))
        .map(|m| m.id.clone())
        .collect();
    for m in sc
        .decks
        .monsters
        .iter()
        .chain(fight_monsters)
        .chain(epic_taken.iter().copied())
    {
        if !c.monsters.iter().any(|x| &x.id == m) {
            return Err(bad(format!("no Monster card {m}")));
        }
    }
    for e in &sc.decks.encounters {
        if !c
            .encounters
            .iter()
            .any(|x| &x.id == e && x.region.is_some())
        {
            return Err(bad(format!("no region Encounter card {e}")));
        }
    }
    let loot = shuffled(shuffle, &mut stream, stack(loot, &sc.decks.loot, "Loot")?);
    let signs = shuffled(
        shuffle,
        &mut stream,
        stack(
            c.signs.iter().map(|s| s.id.clone()).collect(),
            &sc.decks.signs,
            "Sign of Power",
        )?,
    );
    let clues: Vec<SpaceId> = c.mission.clues.iter().map(|cl| cl.space.clone()).collect();
    let mission_done: Vec<EncounterId> = c
        .encounters
        .iter()
        .filter(|e| e.region.is_none() && !c.mission.clues.iter().any(|cl| cl.encounter == e.id))
        .map(|e| e.id.clone())
        .collect();
    let mut dice = DiceBox::new(seed);
    dice.force(&sc.forced_dice)?;
    let mut voidgates: Vec<SpaceId> = c
        .spaces
        .iter()
        .filter(|s| s.voidgate)
        .map(|s| s.id.clone())
        .collect();
    for s in sc
        .voidgates
        .iter()
        .chain(&sc.explored)
        .chain(sc.levels.iter().map(|l| &l.space))
        .chain(sc.hand.iter())
        .chain(sc.epic_counters.iter().map(|e| &e.space))
    {
        if !space_ok(s) {
            return Err(bad(format!("no space {s}")));
        }
    }
    voidgates.extend(sc.voidgates.iter().cloned());
    voidgates.sort();
    voidgates.dedup();
    let mut state = HodState {
        content: content.clone(),
        dice,
        shuffle: stream,
        turn: sc.turn.unwrap_or(1).max(1),
        adventurers,
        parties: Vec::new(),
        levels,
        bounty: sc.bounty.unwrap_or(c.settings.start_bounty).clamp(1, 6),
        hand: Some(
            sc.hand
                .clone()
                .unwrap_or_else(|| c.mission.hand_start.clone()),
        ),
        voidgates,
        explored: sc.explored.clone(),
        clues,
        destroyed: c.mission.destroyed.clone(),
        epic_counters: sc
            .epic_counters
            .iter()
            .map(|e| (e.space.clone(), e.monster.clone()))
            .collect(),
        decks: Decks {
            danger: Pile::new(danger),
            encounters,
            monsters,
            law: Pile::new(law),
            epics,
            loot: Pile::new(loot),
            signs: Pile::new(signs),
            skills,
            mission_done,
            vanquished: Vec::new(),
        },
        step: Step::Stance { party: 0 },
        turn_state: TurnState::default(),
        fight: None,
    };
    for l in &sc.levels {
        let key = state.level_key(&l.space);
        match state.levels.iter_mut().find(|e| e.key == key) {
            Some(e) => e.level = l.level,
            None => state.levels.push(LevelEntry {
                key,
                level: l.level,
            }),
        }
    }
    let mut log = Vec::new();
    state.parties = turn::group_by_space(&state)
        .into_iter()
        .map(|members| {
            let stance = members
                .first()
                .and_then(|s| sc.adventurers.get(s.index()))
                .and_then(|a| a.stance)
                .unwrap_or(MapStance::Bold);
            Party { members, stance }
        })
        .collect();
    match &sc.start {
        ScenarioStart::Turn => {
            turn::begin_turn(&mut state, &mut log);
        }
        ScenarioStart::Danger => {
            state.turn_state.dangers = vec![None; state.parties.len()];
            turn::continue_danger(&mut state, 0, &mut log)?;
        }
        ScenarioStart::Fight { monsters } => {
            state.turn_state.dangers = vec![None; state.parties.len()];
            let foes = monsters
                .iter()
                .map(|m| FoeCard::Monster { card: m.clone() })
                .collect();
            fight::start(&mut state, 0, foes, &mut log)?;
        }
    }
    validate::check_state(&state).map_err(|e| {
        if shuffle {
            RuleError::internal(e)
        } else {
            RuleError::bad_scenario(e)
        }
    })?;
    Ok(state)
}
