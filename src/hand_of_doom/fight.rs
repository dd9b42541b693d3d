//! [10]-[11] The Fight: establish targets, arrival abilities, adventurers in PER order
//! each choosing a Combat Stance and then a Combat Action or an Attack & Target; defence,
//! attack and power dice; suffering and inflicting wounds. The end of the round ([12])
//! is in `round_end.rs`.

use crate::engine::dice::Roll;
use crate::engine::{Event, RuleError, Seat};
use crate::hand_of_doom::actions::{AttackWith, HodAction, HodEvent};
use crate::hand_of_doom::attributes::{test, Attribute, Condition, TestResult};
use crate::hand_of_doom::content::{
    Ability, HodMonsterId, LootId, LootKind, MonsterDeck, MonsterStats, Targeting,
};
use crate::hand_of_doom::map_phase::gain_condition;
use crate::hand_of_doom::round_end;
use crate::hand_of_doom::state::{HodState, Log, Step};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// A card fighting the party: a Monster card, or a monster from the Loot deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "deck")]
pub enum FoeCard {
    Monster { card: HodMonsterId },
    Loot { card: LootId },
}

/// [10] 4 Combat Stances: Assault may use the highest power die for damage, Guard to
/// reduce wounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
pub enum CombatStance {
    Assault,
    Guard,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct Foe {
    /// Its number in this fight (targets of attacks name it).
    pub slot: u8,
    pub card: FoeCard,
    pub name: String,
    pub stats: MonsterStats,
    pub wounds: u8,
    pub targets: Vec<Seat>,
    /// Entered the fight this round ([10] 2 arrival abilities).
    pub arrived: bool,
    pub wounded_now: bool,
    pub dealt_now: u8,
    pub summoned: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
pub enum FighterStatus {
    Fighting,
    Escaped,
    Defeated,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct Fighter {
    pub seat: Seat,
    pub status: FighterStatus,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub stance: Option<CombatStance>,
    /// Monsters this adventurer destroyed: rewards after a Party Victory ([13]).
    pub trophies: Vec<FoeCard>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct Fight {
    pub party: usize,
    pub round: u8,
    pub foes: Vec<Foe>,
    pub fighters: Vec<Fighter>,
    /// [10] 3 This round's order (PER, highest first) and whose turn it is.
    pub order: Vec<Seat>,
    pub turn: usize,
    pub next_slot: u8,
    /// [13] Monsters from the Law or Loot deck fought: no change of level.
    pub law_or_loot: bool,
    pub epic_destroyed: bool,
    /// [12] 1 Bombs thrown this round, by whom.
    pub bombs: Vec<(Seat, LootId)>,
    /// The dice of the last combat turn, for a board to show.
    pub last_dice: Vec<Roll>,
}

impl Fight {
    pub fn fighter(&self, seat: Seat) -> Option<&Fighter> {
        self.fighters.iter().find(|f| f.seat == seat)
    }
    pub fn fighter_mut(&mut self, seat: Seat) -> Option<&mut Fighter> {
        self.fighters.iter_mut().find(|f| f.seat == seat)
    }
    pub fn fighting(&self) -> Vec<Seat> {
        self.fighters
            .iter()
            .filter(|f| f.status == FighterStatus::Fighting)
            .map(|f| f.seat)
            .collect()
    }
    /// The adventurer whose turn it is.
    pub fn current(&self) -> Option<Seat> {
        self.order.get(self.turn).copied()
    }
}

pub fn monster_card<'a>(
    state: &'a HodState,
    id: &HodMonsterId,
) -> Option<&'a crate::hand_of_doom::content::MonsterCard> {
    state.content.monsters.iter().find(|m| &m.id == id)
}

/// A foe card's name and numbers.
pub fn foe_stats(state: &HodState, card: &FoeCard) -> Option<(String, MonsterStats)> {
    match card {
        FoeCard::Monster { card } => {
            monster_card(state, card).map(|m| (m.name.clone(), m.stats.clone()))
        }
        FoeCard::Loot { card } => state
            .content
            .loot
            .iter()
            .find(|l| &l.id == card)
            .and_then(|l| match &l.kind {
                LootKind::Monster { stats } => Some((l.name.clone(), stats.clone())),
                _ => None,
            }),
    }
}

pub fn is_law(state: &HodState, card: &FoeCard) -> bool {
    matches!(card, FoeCard::Monster { card } if monster_card(state, card).is_some_and(|m| m.deck == MonsterDeck::Law))
}

pub fn is_epic(state: &HodState, card: &FoeCard) -> bool {
    matches!(card, FoeCard::Monster { card } if monster_card(state, card).is_some_and(|m| matches!(m.deck, MonsterDeck::Epic { .. })))
}

/// A foe enters the fight (at the start, or summoned).
pub fn add_foe(state: &mut HodState, card: FoeCard, log: &mut Log) -> Result<(), RuleError> {
    let (name, stats) =
        foe_stats(state, &card).ok_or_else(|| RuleError::internal("an unknown monster"))?;
    let fight = state
        .fight
        .as_mut()
        .ok_or_else(|| RuleError::internal("no fight"))?;
    let slot = fight.next_slot;
    fight.next_slot = fight.next_slot.saturating_add(1);
    log.push(Event::public(
        "[8]",
        format!("{name} (#{slot}) enters the fight."),
        HodEvent::FoeJoined {
            slot,
            card: card.clone(),
        },
    ));
    fight.foes.push(Foe {
        slot,
        card,
        name,
        stats,
        wounds: 0,
        targets: Vec::new(),
        arrived: true,
        wounded_now: false,
        dealt_now: 0,
        summoned: false,
    });
    Ok(())
}

/// [10] Fight! The party of `p` against `foes`.
pub fn start(
    state: &mut HodState,
    p: usize,
    foes: Vec<FoeCard>,
    log: &mut Log,
) -> Result<(), RuleError> {
    let law_or_loot = foes
        .iter()
        .any(|f| is_law(state, f) || matches!(f, FoeCard::Loot { .. }));
    let fighters = state
        .members(p)
        .into_iter()
        .map(|seat| Fighter {
            seat,
            status: FighterStatus::Fighting,
            stance: None,
            trophies: Vec::new(),
        })
        .collect();
    state.fight = Some(Fight {
        party: p,
        round: 1,
        foes: Vec::new(),
        fighters,
        order: Vec::new(),
        turn: 0,
        next_slot: 0,
        law_or_loot,
        epic_destroyed: false,
        bombs: Vec::new(),
        last_dice: Vec::new(),
    });
    for card in foes {
        add_foe(state, card, log)?;
    }
    state.step = Step::Fight { party: p };
    begin_round(state, log)
}

/// [10] 1-3 A combat round: targets, arrival abilities, the PER order.
pub fn begin_round(state: &mut HodState, log: &mut Log) -> Result<(), RuleError> {
    let Some(fight) = state.fight.clone() else {
        return Err(RuleError::internal("no fight"));
    };
    let fighting = state.order_by(&fight.fighting(), Attribute::MRL);
    let mut foes = fight.foes.clone();
    for foe in &mut foes {
        foe.targets = match foe.stats.target {
            Targeting::All => fighting.clone(),
            Targeting::None => Vec::new(),
            Targeting::High { attribute } => {
                let mut v = fighting.clone();
                v.sort_by_key(|s| std::cmp::Reverse(state.attr(*s, attribute)));
                v.into_iter().take(1).collect()
            }
            Targeting::Low { attribute } => {
                let mut v = fighting.clone();
                v.sort_by_key(|s| state.attr(*s, attribute));
                v.into_iter().take(1).collect()
            }
        };
        foe.wounded_now = false;
        foe.dealt_now = 0;
        let names: Vec<String> = foe.targets.iter().map(|s| state.name(*s)).collect();
        log.push(Event::public(
            "[10]",
            format!(
                "Round {}: {} targets {}.",
                fight.round,
                foe.name,
                if names.is_empty() {
                    "no one".to_string()
                } else {
                    names.join(" and ")
                }
            ),
            HodEvent::FoeTargets {
                slot: foe.slot,
                targets: foe.targets.clone(),
            },
        ));
    }
    for foe in foes.iter_mut().filter(|f| f.arrived) {
        foe.arrived = false;
        for seat in foe.targets.clone() {
            if foe.stats.abilities.contains(&Ability::Ambush) {
                suffer_raw(state, seat, 1, &format!("{} ambushes", foe.name), log)?;
            }
            if foe.stats.abilities.contains(&Ability::Terrify) {
                gain_condition(state, seat, Condition::Demoralized, "[10]", log)?;
            }
        }
    }
    // Escaped adventurers keep a place in the order: they may return ([10] Escape).
    let order_from: Vec<Seat> = state
        .fight
        .as_ref()
        .map(|f| {
            f.fighters
                .iter()
                .filter(|x| x.status != FighterStatus::Defeated)
                .map(|x| x.seat)
                .collect()
        })
        .unwrap_or_default();
    let order = state.order_by(&order_from, Attribute::PER);
    if let Some(f) = state.fight.as_mut() {
        f.foes = foes;
        f.order = order;
        f.turn = 0;
        for fighter in &mut f.fighters {
            fighter.stance = None;
        }
    }
    next_turn(state, log)
}

/// Skip to the next adventurer still fighting; after the last, the end of the round.
pub fn next_turn(state: &mut HodState, log: &mut Log) -> Result<(), RuleError> {
    loop {
        let Some(fight) = state.fight.as_mut() else {
            return Ok(());
        };
        let someone_fights = !fight.fighting().is_empty();
        match fight.current() {
            Some(seat)
                if fight.fighter(seat).is_some_and(|f| {
                    f.status == FighterStatus::Fighting
                        || (f.status == FighterStatus::Escaped && someone_fights)
                }) && !fight.foes.is_empty() =>
            {
                return Ok(())
            }
            Some(_) if !fight.foes.is_empty() => fight.turn += 1,
            _ => return round_end::end_round(state, log),
        }
    }
}

/// A Wound dealt straight to an adventurer (no reduction); defeat at health.
pub fn suffer_raw(
    state: &mut HodState,
    seat: Seat,
    wounds: u8,
    why: &str,
    log: &mut Log,
) -> Result<(), RuleError> {
    let health = state.health(seat);
    let name = state.name(seat);
    let adv = state.adv_mut(seat)?;
    adv.wounds = adv.wounds.saturating_add(wounds).min(health);
    let total = adv.wounds;
    log.push(Event::public(
        "[11]",
        format!("{why}: {name} suffers {wounds} Wounds ({total} of {health})."),
        HodEvent::Wounded {
            seat,
            wounds,
            total,
        },
    ));
    if total >= health {
        if let Some(f) = state.fight.as_mut().and_then(|f| f.fighter_mut(seat)) {
            f.status = FighterStatus::Defeated;
        }
        for foe in state.fight.iter_mut().flat_map(|f| f.foes.iter_mut()) {
            foe.targets.retain(|s| *s != seat);
        }
        log.push(Event::public(
            "[11]",
            format!("{name} is Defeated."),
            HodEvent::Defeated { seat },
        ));
    }
    Ok(())
}

/// [10] 4-5 The options of the adventurer whose turn it is.
pub fn fight_actions(state: &HodState, seat: Seat) -> Vec<HodAction> {
    let Some(fight) = &state.fight else {
        return Vec::new();
    };
    if fight.current() != Some(seat) {
        return Vec::new();
    }
    let Some(fighter) = fight.fighter(seat) else {
        return Vec::new();
    };
    if fighter.status == FighterStatus::Escaped {
        return vec![HodAction::ReturnToFight, HodAction::StayOut];
    }
    if fighter.stance.is_none() {
        return [CombatStance::Assault, CombatStance::Guard]
            .into_iter()
            .map(|stance| HodAction::ChooseCombatStance { stance })
            .collect();
    }
    let Ok(adv) = state.adv(seat) else {
        return Vec::new();
    };
    let mut weapons: Vec<AttackWith> = Vec::new();
    let mut usable: Vec<LootId> = Vec::new();
    for item in &adv.items {
        match state.loot_kind(item) {
            Some(LootKind::Weapon { .. }) => {
                let w = AttackWith::Item { item: item.clone() };
                if !weapons.contains(&w) {
                    weapons.push(w);
                }
            }
            Some(LootKind::Bomb { .. } | LootKind::Tonic { .. }) if !usable.contains(item) => {
                usable.push(item.clone())
            }
            _ => {}
        }
    }
    weapons.push(AttackWith::UnarmedAgi);
    weapons.push(AttackWith::UnarmedStr);
    let mut out = Vec::new();
    for with in weapons {
        for foe in &fight.foes {
            out.push(HodAction::Attack {
                with: with.clone(),
                target: foe.slot,
            });
        }
    }
    out.push(HodAction::Escape);
    out.extend(usable.into_iter().map(|item| HodAction::UseItem { item }));
    out
}

pub use crate::hand_of_doom::combat_turn::apply_fight;

/// A test logged as a roll.
pub fn logged_test(
    state: &mut HodState,
    seat: Seat,
    what: &str,
    a: Attribute,
    rule: &str,
    log: &mut Log,
) -> TestResult {
    let target = state.attr(seat, a);
    let result = test(&mut state.dice, what, a, target);
    log.push(Event::roll(
        rule,
        &result.roll.clone(),
        format!(
            "{} tests {a} {target} ({what}): {}",
            state.name(seat),
            if result.passed { "passed" } else { "failed" }
        ),
        HodEvent::Tested {
            seat,
            result: result.clone(),
        },
    ));
    result
}
