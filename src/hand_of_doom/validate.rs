//! Content validation (a file that names an unknown space, territory, region or card is
//! refused with a typed [`ContentError`]) and the invariants of a game state (every card
//! in exactly one place, levels 1-6).

use crate::hand_of_doom::content::{Content, DangerTarget, LootKind, MonsterDeck, SpaceId};
use crate::hand_of_doom::fight::FoeCard;
use crate::hand_of_doom::state::{HodState, LevelKey};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use tsify::Tsify;

/// Why a content file is refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ContentError {
    /// Not JSON of the schema (a missing or unknown field, a wrong type).
    Schema { message: String },
    /// Two things of one kind share an id.
    Duplicate { kind: String, id: String },
    /// `at` names a space, territory, region or card of `kind` that does not exist.
    Unknown {
        kind: String,
        id: String,
        at: String,
    },
    /// A number or a combination the rules cannot use.
    Invalid { at: String, message: String },
}

impl fmt::Display for ContentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ContentError::Schema { message } => write!(f, "not a content file: {message}"),
            ContentError::Duplicate { kind, id } => write!(f, "two {kind}s have the id {id:?}"),
            ContentError::Unknown { kind, id, at } => {
                write!(f, "{at} names the unknown {kind} {id:?}")
            }
            ContentError::Invalid { at, message } => write!(f, "{at}: {message}"),
        }
    }
}

impl std::error::Error for ContentError {}

impl Content {
    /// Parse and validate a content file.
    pub fn parse(json: &str) -> Result<Content, ContentError> {
        let content: Content = serde_json::from_str(json).map_err(|e| ContentError::Schema {
            message: e.to_string(),
        })?;
        validate(&content)?;
        Ok(content)
    }
}

fn unique<'a>(kind: &str, ids: impl Iterator<Item = &'a str>) -> Result<(), ContentError> {
    let mut seen = std::collections::BTreeSet::new();
    for id in ids {
        if !seen.insert(id) {
            return Err(ContentError::Duplicate {
                kind: kind.into(),
                id: id.into(),
            });
        }
    }
    Ok(())
}

fn unknown(kind: &str, id: impl fmt::Display, at: impl Into<String>) -> ContentError {
    ContentError::Unknown {
        kind: kind.into(),
        id: id.to_string(),
        at: at.into(),
    }
}

fn invalid(at: impl Into<String>, message: impl Into<String>) -> ContentError {
    ContentError::Invalid {
        at: at.into(),
        message: message.into(),
    }
}

/// Every cross-reference and range of a content file.
pub fn validate(c: &Content) -> Result<(), ContentError> {
    unique("region", c.regions.iter().map(|x| x.id.0.as_str()))?;
    unique("territory", c.territories.iter().map(|x| x.id.0.as_str()))?;
    unique("space", c.spaces.iter().map(|x| x.id.0.as_str()))?;
    unique("adventurer", c.adventurers.iter().map(|x| x.id.0.as_str()))?;
    unique("Danger card", c.danger.iter().map(|x| x.id.0.as_str()))?;
    unique(
        "Encounter card",
        c.encounters.iter().map(|x| x.id.0.as_str()),
    )?;
    unique("Monster card", c.monsters.iter().map(|x| x.id.0.as_str()))?;
    unique("Loot card", c.loot.iter().map(|x| x.id.0.as_str()))?;
    unique("Skill card", c.skills.iter().map(|x| x.id.0.as_str()))?;
    unique(
        "Sign of Power card",
        c.signs.iter().map(|x| x.id.0.as_str()),
    )?;
    let space = |id: &SpaceId, at: String| {
        if c.spaces.iter().any(|s| &s.id == id) {
            Ok(())
        } else {
            Err(unknown("space", id, at))
        }
    };
    let region = |id: &crate::hand_of_doom::content::RegionId, at: String| {
        if c.regions.iter().any(|r| &r.id == id) {
            Ok(())
        } else {
            Err(unknown("region", id, at))
        }
    };
    let level_ok = |n: u8, at: String| {
        if (1..=6).contains(&n) {
            Ok(())
        } else {
            Err(invalid(at, format!("a level is 1 to 6, not {n}")))
        }
    };
    if c.adventurers.is_empty() || c.danger.is_empty() {
        return Err(invalid(
            "content",
            "needs at least one adventurer and one Danger card",
        ));
    }
    space(&c.settings.start_space, "settings.startSpace".into())?;
    level_ok(c.settings.start_bounty, "settings.startBounty".into())?;
    if c.settings.turn_limit == 0 {
        return Err(invalid("settings.turnLimit", "at least 1 game turn"));
    }
    for t in &c.territories {
        region(&t.region, format!("territory {}", t.id))?;
        level_ok(t.danger, format!("territory {}", t.id))?;
    }
    for s in &c.spaces {
        let at = format!("space {}", s.id);
        region(&s.region, at.clone())?;
        if let Some(t) = &s.territory {
            if !c.territories.iter().any(|x| &x.id == t) {
                return Err(unknown("territory", t, at));
            }
        } else {
            let maze = s
                .traits
                .contains(&crate::hand_of_doom::content::Trait::Maze);
            match s.level {
                Some(crate::hand_of_doom::content::Level::Danger { level })
                | Some(crate::hand_of_doom::content::Level::Town { level }) => {
                    level_ok(level, at.clone())?
                }
                None if maze => {}
                None => {
                    return Err(invalid(
                        at.clone(),
                        "a Location needs a Danger or Town Level",
                    ))
                }
            }
        }
        if let Some(d) = &s.downriver {
            space(d, format!("{at} (downriver)"))?;
        }
    }
    for l in &c.links {
        space(&l.a, format!("link {}-{}", l.a, l.b))?;
        space(&l.b, format!("link {}-{}", l.a, l.b))?;
    }
    let loot = |id: &crate::hand_of_doom::content::LootId, at: String| {
        if c.loot.iter().any(|l| &l.id == id) {
            Ok(())
        } else {
            Err(unknown("Loot card", id, at))
        }
    };
    for a in &c.adventurers {
        for item in &a.items {
            loot(item, format!("adventurer {}", a.id))?;
        }
        if c.adventurers
            .iter()
            .flat_map(|x| &x.items)
            .filter(|i| a.items.contains(i))
            .count()
            > a.items.len()
        {
            return Err(invalid(
                format!("adventurer {}", a.id),
                "a starting item is another adventurer's too",
            ));
        }
    }
    for d in &c.danger {
        let at = format!("Danger card {}", d.id);
        match &d.target {
            DangerTarget::Space { space: s } => space(s, at.clone())?,
            DangerTarget::Territory { territory } => {
                if !c.territories.iter().any(|t| &t.id == territory) {
                    return Err(unknown("territory", territory, at));
                }
            }
            DangerTarget::Current | DangerTarget::None => {}
        }
        level_ok(d.value, at.clone())?;
        for t in &d.trait_values {
            level_ok(t.value, at.clone())?;
        }
    }
    for e in &c.encounters {
        if let Some(r) = &e.region {
            region(r, format!("Encounter card {}", e.id))?;
        }
    }
    for m in &c.monsters {
        if let MonsterDeck::Region { region: r } = &m.deck {
            region(r, format!("Monster card {}", m.id))?;
        }
        if m.stats.health == 0 {
            return Err(invalid(
                format!("Monster card {}", m.id),
                "health must be at least 1",
            ));
        }
    }
    for l in &c.loot {
        if let LootKind::Monster { stats } = &l.kind {
            if stats.health == 0 {
                return Err(invalid(
                    format!("Loot card {}", l.id),
                    "health must be at least 1",
                ));
            }
        }
    }
    let m = &c.mission;
    space(&m.hand_start, "mission.handStart".into())?;
    for clue in &m.clues {
        space(&clue.space, "mission.clues".into())?;
        if !c
            .encounters
            .iter()
            .any(|e| e.id == clue.encounter && e.region.is_none())
        {
            return Err(unknown(
                "mission Encounter card",
                &clue.encounter,
                "mission.clues",
            ));
        }
    }
    for d in &m.destroyed {
        space(d, "mission.destroyed".into())?;
    }
    Ok(())
}

/// Every card in exactly one place, levels 1-6, wounds within health.
pub fn check_state(state: &HodState) -> Result<(), String> {
    let c = &state.content;
    let mut expected: BTreeMap<String, i32> = BTreeMap::new();
    let mut add = |k: String, n: i32| *expected.entry(k).or_insert(0) += n;
    c.danger
        .iter()
        .for_each(|x| add(format!("danger:{}", x.id), 1));
    c.encounters
        .iter()
        .for_each(|x| add(format!("encounter:{}", x.id), 1));
    c.monsters
        .iter()
        .for_each(|x| add(format!("monster:{}", x.id), 1));
    c.loot.iter().for_each(|x| add(format!("loot:{}", x.id), 1));
    c.skills
        .iter()
        .for_each(|x| add(format!("skill:{}", x.id), 1));
    c.signs
        .iter()
        .for_each(|x| add(format!("sign:{}", x.id), 1));
    let d = &state.decks;
    let foe = |f: &FoeCard| match f {
        FoeCard::Monster { card } => format!("monster:{card}"),
        FoeCard::Loot { card } => format!("loot:{card}"),
    };
    let mut seen: Vec<String> = Vec::new();
    seen.extend(
        d.danger
            .draw
            .iter()
            .chain(&d.danger.discard)
            .map(|x| format!("danger:{x}")),
    );
    for (_, p) in &d.encounters {
        seen.extend(
            p.draw
                .iter()
                .chain(&p.discard)
                .map(|x| format!("encounter:{x}")),
        );
    }
    seen.extend(d.mission_done.iter().map(|x| format!("encounter:{x}")));
    for space in &state.clues {
        if let Some(cl) = c.mission.clues.iter().find(|cl| &cl.space == space) {
            seen.push(format!("encounter:{}", cl.encounter));
        }
    }
    seen.extend(
        state
            .turn_state
            .held
            .iter()
            .map(|x| format!("encounter:{x}")),
    );
    for (_, p) in &d.monsters {
        seen.extend(
            p.draw
                .iter()
                .chain(&p.discard)
                .map(|x| format!("monster:{x}")),
        );
    }
    seen.extend(
        d.law
            .draw
            .iter()
            .chain(&d.law.discard)
            .map(|x| format!("monster:{x}")),
    );
    seen.extend(
        d.epics
            .iter()
            .chain(&d.vanquished)
            .map(|x| format!("monster:{x}")),
    );
    seen.extend(
        state
            .epic_counters
            .iter()
            .map(|(_, x)| format!("monster:{x}")),
    );
    seen.extend(
        d.loot
            .draw
            .iter()
            .chain(&d.loot.discard)
            .map(|x| format!("loot:{x}")),
    );
    seen.extend(state.turn_state.market.iter().map(|x| format!("loot:{x}")));
    seen.extend(
        state
            .turn_state
            .lurkers
            .iter()
            .map(|(_, x)| format!("loot:{x}")),
    );
    seen.extend(state.turn_state.foes.iter().map(foe));
    seen.extend(d.skills.iter().map(|x| format!("skill:{x}")));
    seen.extend(
        d.signs
            .draw
            .iter()
            .chain(&d.signs.discard)
            .map(|x| format!("sign:{x}")),
    );
    for a in &state.adventurers {
        seen.extend(a.items.iter().map(|x| format!("loot:{x}")));
        seen.extend(a.skills.iter().map(|x| format!("skill:{}", x.skill)));
        if a.wounds > state.health(a.seat) {
            return Err(format!("{} has more Wounds than health", a.name));
        }
    }
    if let Some(f) = &state.fight {
        seen.extend(f.foes.iter().map(|x| foe(&x.card)));
        for fighter in &f.fighters {
            seen.extend(fighter.trophies.iter().map(foe));
        }
        seen.extend(f.bombs.iter().map(|(_, x)| format!("loot:{x}")));
    }
    for k in seen {
        *expected.entry(k).or_insert(0) -= 1;
    }
    if let Some((k, n)) = expected.iter().find(|(_, n)| **n != 0) {
        return Err(format!("card {k} is in {} places", 1 - n));
    }
    for e in &state.levels {
        let (crate::hand_of_doom::content::Level::Danger { level }
        | crate::hand_of_doom::content::Level::Town { level }) = e.level;
        if !(1..=6).contains(&level) {
            let which = match &e.key {
                LevelKey::Space { space } => space.to_string(),
                LevelKey::Territory { territory } => territory.to_string(),
            };
            return Err(format!("the level of {which} is {level}"));
        }
    }
    if !(1..=6).contains(&state.bounty) {
        return Err(format!("the Bounty Level is {}", state.bounty));
    }
    Ok(())
}
