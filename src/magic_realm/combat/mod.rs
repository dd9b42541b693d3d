//! Combat in a clearing (rules 5.2, 5.3, 8.3 to 8.8; seeds 004 and 002): rounds of an
//! Encounter Step (luring, random assignment, deployment and charging, actions), a Melee
//! Step (targets, secret plays, then the [`melee`] kernel resolves them) and a Fatigue
//! Step, until two consecutive rounds pass without consequence.
//!
//! The Evening (`day::evening`) starts combat in each clearing in turn with [`begin`] and
//! runs it on with [`progress`] until it ends.

pub mod assignment;
pub mod encounter;
pub mod fatigue;
pub mod fighters;
pub mod flying_away;
pub mod hirelings;
pub mod holding;
pub mod melee;
pub mod odds_query;
pub mod plays;
pub mod potions;
pub mod round;
pub mod running;
pub mod situation;
pub mod spells;
pub mod spoils;
pub mod targets;
pub mod trading;
pub mod transmorphized;
pub mod treasures;

use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::who;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::GameState;
use melee::Lane;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use tsify::Tsify;

type Events = Vec<Event<E>>;

/// Maps keyed by pieces travel as lists of pairs (JSON keys must be strings).
mod pairs {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use std::collections::BTreeMap;

    pub fn serialize<S: Serializer, K: Serialize, V: Serialize>(
        map: &BTreeMap<K, V>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.collect_seq(map.iter())
    }

    pub fn deserialize<
        'de,
        D: Deserializer<'de>,
        K: Deserialize<'de> + Ord,
        V: Deserialize<'de>,
    >(
        d: D,
    ) -> Result<BTreeMap<K, V>, D::Error> {
        Vec::<(K, V)>::deserialize(d).map(|v| v.into_iter().collect())
    }
}

/// The steps of a round of combat, in order (5.3).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Serialize, Deserialize, Tsify,
)]
#[serde(rename_all = "camelCase")]
pub enum CombatStage {
    /// 8.3.4: each character in turn lures denizens onto his sheet.
    #[default]
    Luring,
    /// 8.3.6: each character in turn may charge another character.
    Deployment,
    /// 8.3.7: each character in turn does one action.
    Actions,
    /// 8.4.2: attention chits picked at random; each character picks his target.
    Targets,
    /// 8.4.5: every character plays his attack, maneuver and armor in secret.
    Plays,
    /// 8.5: each character pays for his fatigue and wounds.
    Fatigue,
    /// 8.8: after the last round, each character left trades and rearranges.
    Trading,
}

/// Whom a character attacks (8.4.2).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify)]
#[serde(tag = "target", rename_all = "camelCase")]
pub enum CombatTarget {
    Character { seat: Seat },
    Denizen { piece: PieceId },
}

impl CombatTarget {
    /// The character or counter, in words for the log.
    pub fn name(&self, cat: &Catalog, state: &GameState) -> String {
        match self {
            CombatTarget::Character { seat } => who::who(cat, state, *seat),
            CombatTarget::Denizen { piece } => piece.to_string(),
        }
    }
}

/// What a character plays to maneuver (8.4.5, 8.4.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "with", rename_all = "camelCase")]
pub enum ManeuverPlay {
    /// A Move (or Duck) chit.
    Chit { chit: u8 },
    /// His active horse, on the side given.
    Horse { galloping: bool },
    /// His active Boots card, as a Move chit with its strength and time (4.4.4).
    Boots,
    /// 4.6.6e: the Fly chit of the spell `caster` cast from `spell_box`, played like a Move
    /// chit (it expires at the end of the Melee Step).
    Fly { caster: Seat, spell_box: u8 },
    /// 4.6.8d: transmorphized, a dummy chit with his creature's move time.
    Creature,
    /// Melt into Mist (List of Spells, 3): turned into mist, the Move chit he may use only
    /// to run away (its values in the spell's data, `run_away`).
    Mist,
}

/// A character's secret plays for the Melee Step (8.4.5).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Plays {
    /// A Fight chit with his active weapon (or the dagger) in an Attack circle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub attack: Option<(u8, Lane)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub maneuver: Option<(ManeuverPlay, Lane)>,
    /// 4.4.5: his active Gloves card played as a Fight chit, in this Attack circle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub gloves: Option<Lane>,
    /// 4.6.8d: transmorphized, his creature's attack (a dummy chit) in this Attack circle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub creature_attack: Option<Lane>,
    /// 8.4.7: transmorphized into a monster with a head or club (Absorb Essence), its
    /// attack (a second dummy chit) in this Attack circle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub part_attack: Option<Lane>,
    /// 8.4.4: the Attack circle his working Attack spell attacks from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub spell_attack: Option<Lane>,
    /// The lane his active shield protects.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub shield: Option<Lane>,
    /// Where he puts the denizens (and their horses, heads and clubs) on his sheet.
    #[serde(default, with = "pairs")]
    #[tsify(type = "[PieceId, Lane][]")]
    pub placed: BTreeMap<PieceId, Lane>,
    /// He has finished his plays.
    #[serde(default)]
    pub done: bool,
    /// 8.3.6 a.4: his hirelings defending on their own sheets that he turns over; Absorb
    /// Essence, 2 and 2.1: the monster he is, or its head or club, that he turns over.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    #[tsify(optional)]
    pub flipped: BTreeSet<PieceId>,
}

/// What a character owes at the Fatigue Step (8.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Owed {
    /// Asterisks to fatigue (played minus one).
    pub fatigue: u8,
    /// Which chit types may pay the fatigue.
    pub fight: bool,
    #[serde(rename = "move")]
    pub moves: bool,
    pub wounds: u8,
}

/// Combat in one clearing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Combat {
    pub at: ClearingRef,
    /// The round being fought, from 1.
    pub round: u16,
    /// Consecutive rounds that passed without consequence (8.8).
    pub quiet: u8,
    /// Something happened this round that keeps combat going (8.8).
    pub eventful: bool,
    pub stage: CombatStage,
    /// 8.3.2: the characters taking part, from the first character to the left.
    pub order: Vec<Seat>,
    /// Index into `order` (or `attention` while picking targets) of the seat to act.
    pub turn: usize,
    /// Characters who take no further part (killed or gone).
    pub gone: BTreeSet<Seat>,
    /// The monsters and natives on each character's sheet (8.3.4, 8.3.5), in the order
    /// they were put there; heads, clubs and horses go with them.
    #[serde(with = "pairs")]
    #[tsify(type = "[Seat, PieceId[]][]")]
    pub sheets: BTreeMap<Seat, Vec<PieceId>>,
    /// Red-side-up Tremendous monsters and the character each holds (8.4.7).
    #[serde(with = "pairs")]
    #[tsify(type = "[PieceId, Seat][]")]
    pub holding: BTreeMap<PieceId, Seat>,
    /// Red-side-up Tremendous monsters and the native (or other denizen) each holds (8.4.7,
    /// 8.6).
    #[serde(default, with = "pairs", skip_serializing_if = "BTreeMap::is_empty")]
    #[tsify(optional, type = "[PieceId, PieceId][]")]
    pub holding_denizens: BTreeMap<PieceId, PieceId>,
    /// Characters transmorphized into Tremendous monsters, red side up, and the target each
    /// holds (8.4.7).
    #[serde(default, with = "pairs", skip_serializing_if = "BTreeMap::is_empty")]
    #[tsify(optional, type = "[Seat, CombatTarget][]")]
    pub character_holds: BTreeMap<Seat, CombatTarget>,
    /// 8.3.6: charges this round: the charger, the character he charged and the Move
    /// chit he played.
    #[serde(with = "pairs")]
    #[tsify(type = "[Seat, [Seat, number]][]")]
    pub charges: BTreeMap<Seat, (Seat, u8)>,
    /// 8.3.6, 4.4.4: charges made with an active Boots card in place of a Move chit: the
    /// charger and the character he charged.
    #[serde(default, with = "pairs")]
    #[tsify(type = "[Seat, Seat][]")]
    pub boots_charges: BTreeMap<Seat, Seat>,
    /// 8.3.6 b.4: charges made with flying values (a Fly chit or the Flying Carpet): the
    /// charger, the character he charged and what he flew with.
    #[serde(default, with = "pairs", skip_serializing_if = "BTreeMap::is_empty")]
    #[tsify(type = "[Seat, [Seat, FlySource]][]", optional)]
    pub fly_charges: BTreeMap<Seat, (Seat, crate::magic_realm::day::flying::FlySource)>,
    /// Characters who have done their Encounter action this round (or charged).
    pub acted: BTreeSet<Seat>,
    /// 8.3.7: what a character did with his belongings instead of an action.
    #[serde(with = "pairs")]
    #[tsify(type = "[Seat, ItemsDone][]")]
    pub items: BTreeMap<Seat, ItemsDone>,
    /// 8.4.5: the action chits each character has played this round.
    #[serde(with = "pairs")]
    #[tsify(type = "[Seat, number[]][]")]
    pub used: BTreeMap<Seat, BTreeSet<u8>>,
    /// 8.4.2: the attention chits in the order they are picked.
    pub attention: Vec<Seat>,
    #[serde(with = "pairs")]
    #[tsify(type = "[Seat, CombatTarget][]")]
    pub targets: BTreeMap<Seat, CombatTarget>,
    /// 8.4.5: the secret plays (hidden from other seats until revealed).
    #[serde(with = "pairs")]
    #[tsify(type = "[Seat, Plays][]")]
    pub plays: BTreeMap<Seat, Plays>,
    /// 8.5: fatigue and wounds owed.
    #[serde(with = "pairs")]
    #[tsify(type = "[Seat, Owed][]")]
    pub owed: BTreeMap<Seat, Owed>,
    /// 8.3.9: the spell each character cast this round.
    #[serde(default, with = "pairs")]
    #[tsify(type = "[Seat, SpellCast][]")]
    pub casts: BTreeMap<Seat, spells::SpellCast>,
    /// 8.3.4c, 8.3.6a: the denizens fighting denizens this round, each defender on a
    /// Melee Section of its own.
    #[serde(default)]
    pub duels: Vec<hirelings::Duel>,
    /// 8.3.5 a.3: a denizen randomly assigned to a character who is hidden: it waits for
    /// him to pick which of his hirelings it attacks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub assigning: Option<(PieceId, Seat)>,
    /// 8.3.8: the characters who ran away this round (also `gone`): they still pay their
    /// fatigue at the end of the round.
    #[serde(default)]
    pub ran: BTreeSet<Seat>,
    /// 8.1.2: characters not in the clearing whose hirelings are: they direct their
    /// hirelings but neither attack nor are attacked (in `order` for their turns).
    #[serde(default)]
    pub absent: BTreeSet<Seat>,
    /// 4.6.7b, Ask Demon: the spell results waiting for their seats' choices (Wishes, the
    /// Demon's question), first first; made once the round's spells have come to life.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub spell_choices: Vec<spells::choices::SpellChoice>,
    /// 4.6.7b: a Wish for Peace ended combat here for the day: nobody attacks, and this
    /// round is the last.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[tsify(optional)]
    pub wished_peace: bool,
    /// The Magic Wand: the red die each caster set for his Attack spell's Missile Table
    /// rolls this round.
    #[serde(default, with = "pairs", skip_serializing_if = "BTreeMap::is_empty")]
    #[tsify(type = "[Seat, number][]", optional)]
    pub red_missile: BTreeMap<Seat, u8>,
    /// 8.3.6: charges made on the charger's active horse in place of a Move chit: the
    /// charger, the character he charged and whether the horse was played galloping.
    #[serde(default, with = "pairs", skip_serializing_if = "BTreeMap::is_empty")]
    #[tsify(type = "[Seat, [Seat, boolean]][]", optional)]
    pub horse_charges: BTreeMap<Seat, (Seat, bool)>,
    /// 8.4.1 (seed 004): the side each character's horse played in the Encounter Step is
    /// turned up (galloping when true). It keeps that side for the round, except that a
    /// galloping one turns over (walking) at the start of the Melee Step.
    #[serde(default, with = "pairs", skip_serializing_if = "BTreeMap::is_empty")]
    #[tsify(type = "[Seat, boolean][]", optional)]
    pub horse_sides: BTreeMap<Seat, bool>,
    /// The Magic Wand: the red die each character set this round for the table a Demon's,
    /// Winged Demon's or Imp's spell strike would make him roll on (8.4.7).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub red_strikes: Vec<(Seat, spells::choices::RedDieRoll, u8)>,
}

/// 8.3.7: belongings rearranged instead of an Encounter action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ItemsDone {
    pub activated: bool,
    pub deactivated: bool,
    pub abandoned: bool,
}

impl Combat {
    /// The characters in the clearing still taking part, in order.
    pub fn fighting(&self) -> impl Iterator<Item = Seat> + '_ {
        self.order
            .iter()
            .copied()
            .filter(|s| !self.gone.contains(s) && !self.absent.contains(s))
    }

    /// The characters who still direct hirelings here, in order: those fighting, and
    /// those away from the clearing with hirelings in it (8.1.2).
    pub fn directing(&self) -> impl Iterator<Item = Seat> + '_ {
        self.order
            .iter()
            .copied()
            .filter(|s| !self.gone.contains(s))
    }

    /// The characters who pay fatigue and wounds this round (8.5): those still fighting,
    /// and those who ran away during it (8.3.8).
    pub fn paying(&self) -> impl Iterator<Item = Seat> + '_ {
        self.order.iter().copied().filter(|s| {
            (!self.gone.contains(s) && !self.absent.contains(s)) || self.ran.contains(s)
        })
    }

    /// 8.3.6 b.2: the character `seat` charged this round, with a Move chit, his Boots,
    /// his flying values or his horse.
    pub fn charged_by(&self, seat: Seat) -> Option<Seat> {
        self.charges
            .get(&seat)
            .map(|(t, _)| *t)
            .or_else(|| self.boots_charges.get(&seat).copied())
            .or_else(|| self.fly_charges.get(&seat).map(|(t, _)| *t))
            .or_else(|| self.horse_charges.get(&seat).map(|(t, _)| *t))
    }

    /// Drops the charges `drop(charger, charged)` says to (a target gone, pacified, mist).
    pub fn drop_charges(&mut self, drop: impl Fn(Seat, Seat) -> bool) {
        self.charges.retain(|s, (t, _)| !drop(*s, *t));
        self.boots_charges.retain(|s, t| !drop(*s, *t));
        self.fly_charges.retain(|s, (t, _)| !drop(*s, *t));
        self.horse_charges.retain(|s, (t, _)| !drop(*s, *t));
    }

    /// The seat whose character has `piece` on his sheet.
    pub fn sheet_of(&self, piece: &PieceId) -> Option<Seat> {
        self.sheets
            .iter()
            .find(|(_, v)| v.contains(piece))
            .map(|(s, _)| *s)
    }

    fn unassign(&mut self, piece: &PieceId) {
        for v in self.sheets.values_mut() {
            v.retain(|p| p != piece);
        }
        self.leave_duels(piece);
    }
}

/// The combat in progress, if any.
pub fn current(state: &GameState) -> Option<&Combat> {
    state.today.evening.combat.as_ref()
}

fn current_mut(state: &mut GameState) -> Result<&mut Combat, RuleError> {
    state
        .today
        .evening
        .combat
        .as_mut()
        .ok_or_else(|| RuleError::internal("no combat is being fought"))
}

/// 8.3.2, 8.1.2: the characters in `at`, and those away with hirelings there, starting with
/// the first character of the day and going to the left.
fn turn_order(cat: &Catalog, state: &GameState, at: ClearingRef) -> Vec<Seat> {
    let n = state.seats.len();
    let first = state
        .today
        .order
        .first()
        .map(|s| usize::from(s.seat().0))
        .unwrap_or(0);
    (0..n)
        .filter_map(|i| u8::try_from((first + i) % n.max(1)).ok().map(Seat))
        .filter(|s| {
            who::playing(state, *s)
                && (who::clearing(state, *s) == Some(at)
                    || !hirelings::of(cat, state, *s, at).is_empty())
        })
        .collect()
}

/// 8.1.3, 8.1.4: combat starts in `at`: denizens light side up (Tremendous monsters red
/// side down), the first round begins.
pub fn begin(cat: &Catalog, state: &mut GameState, at: ClearingRef) -> Result<Events, RuleError> {
    let order = turn_order(cat, state, at);
    let absent: BTreeSet<Seat> = order
        .iter()
        .copied()
        .filter(|s| who::clearing(state, *s) != Some(at))
        .collect();
    let mut events = Vec::new();
    for piece in fighters::denizens_in(cat, state, at) {
        state
            .piles
            .set_facing(&piece, crate::magic_realm::pieces::Facing::Light);
    }
    events.push(Event::public(
        "8.1.3",
        format!(
            "Combat begins in {} with {} character(s).",
            who::name(cat, at),
            order.len()
        ),
        E::CombatBegins {
            at,
            characters: order.clone(),
        },
    ));
    state.today.evening.combat = Some(Combat {
        at,
        round: 0,
        quiet: 0,
        eventful: false,
        stage: CombatStage::Luring,
        order,
        turn: 0,
        gone: BTreeSet::new(),
        sheets: BTreeMap::new(),
        holding: BTreeMap::new(),
        holding_denizens: BTreeMap::new(),
        character_holds: BTreeMap::new(),
        charges: BTreeMap::new(),
        boots_charges: BTreeMap::new(),
        fly_charges: BTreeMap::new(),
        acted: BTreeSet::new(),
        items: BTreeMap::new(),
        used: BTreeMap::new(),
        attention: Vec::new(),
        targets: BTreeMap::new(),
        plays: BTreeMap::new(),
        owed: BTreeMap::new(),
        casts: BTreeMap::new(),
        duels: Vec::new(),
        assigning: None,
        ran: BTreeSet::new(),
        absent,
        spell_choices: Vec::new(),
        wished_peace: false,
        red_missile: BTreeMap::new(),
        horse_charges: BTreeMap::new(),
        horse_sides: BTreeMap::new(),
        red_strikes: Vec::new(),
    });
    round::start_round(cat, state, &mut events)?;
    Ok(events)
}

/// Runs combat on until a character must decide; true when combat in the clearing has
/// ended.
pub fn progress(
    cat: &Catalog,
    state: &mut GameState,
    events: &mut Events,
) -> Result<bool, RuleError> {
    loop {
        let Some(combat) = current(state) else {
            return Ok(true);
        };
        // Talk to Wise Bird: combat waits for the remote Peer.
        if spells::wise_bird::waiting(state).is_some() {
            return Ok(false);
        }
        let stage = combat.stage;
        let advanced = match stage {
            CombatStage::Luring | CombatStage::Deployment | CombatStage::Actions => {
                encounter::progress(cat, state, events)?
            }
            CombatStage::Targets => targets::progress(cat, state, events)?,
            CombatStage::Plays => plays::progress(cat, state, events)?,
            CombatStage::Fatigue => fatigue::progress(cat, state, events)?,
            CombatStage::Trading => trading::progress(cat, state, events)?,
        };
        if !advanced {
            return Ok(false);
        }
    }
}

/// The seats owing a combat decision.
pub fn to_act(cat: &Catalog, state: &GameState) -> Vec<Seat> {
    let Some(combat) = current(state) else {
        return Vec::new();
    };
    if let Some(seat) = spells::wise_bird::waiting(state) {
        return vec![seat];
    }
    match combat.stage {
        CombatStage::Plays => combat
            .directing()
            .filter(|s| combat.plays.get(s).is_some_and(|p| !p.done))
            .collect(),
        CombatStage::Fatigue => combat
            .paying()
            .filter(|s| fatigue::owes(cat, state, *s))
            .take(1)
            .collect(),
        CombatStage::Targets if !combat.spell_choices.is_empty() => combat
            .spell_choices
            .first()
            .map(|w| w.seat())
            .into_iter()
            .collect(),
        CombatStage::Targets => combat
            .attention
            .get(combat.turn)
            .copied()
            .into_iter()
            .collect(),
        _ => match &combat.assigning {
            Some((_, seat)) => vec![*seat],
            None => combat.order.get(combat.turn).copied().into_iter().collect(),
        },
    }
}

pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    let Some(combat) = current(state) else {
        return Vec::new();
    };
    if !to_act(cat, state).contains(&seat) {
        return Vec::new();
    }
    if spells::wise_bird::waiting(state).is_some() {
        return spells::wise_bird::options(cat, state, seat);
    }
    match combat.stage {
        CombatStage::Luring | CombatStage::Deployment | CombatStage::Actions => {
            encounter::options(cat, state, combat, seat)
        }
        CombatStage::Targets => targets::options(cat, state, combat, seat),
        CombatStage::Plays => plays::options(cat, state, combat, seat),
        CombatStage::Fatigue => fatigue::options(cat, state, seat),
        CombatStage::Trading => trading::options(cat, state, seat),
    }
}

/// Applies a legal combat action.
pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
) -> Result<Events, RuleError> {
    let stage = current(state)
        .map(|c| c.stage)
        .ok_or_else(|| RuleError::internal("no combat is being fought"))?;
    if spells::wise_bird::waiting(state).is_some() {
        return spells::wise_bird::apply(cat, state, seat, action);
    }
    match stage {
        CombatStage::Luring | CombatStage::Deployment | CombatStage::Actions => {
            encounter::apply(cat, state, seat, action)
        }
        CombatStage::Targets => targets::apply(cat, state, seat, action),
        CombatStage::Plays => plays::apply(cat, state, seat, action),
        CombatStage::Fatigue => fatigue::apply(cat, state, seat, action),
        CombatStage::Trading => trading::apply(cat, state, seat, action),
    }
}

/// Among a seat's legal combat actions, the one that lets the moment pass without doing
/// anything (ending a stage, naming no target, ending plays), or the first legal action
/// when something is owed (fatigue, wounds). For tests and hosts that offer a "pass".
pub fn passing(options: &[A]) -> Option<A> {
    options
        .iter()
        .find(|a| {
            matches!(
                a,
                A::EndLuring
                    | A::EndDeployment
                    | A::EndActions
                    | A::NoTarget
                    | A::EndPlays
                    | A::EndTrading
            )
        })
        .or_else(|| options.first())
        .cloned()
}
