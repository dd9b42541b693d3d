//! Spells in combat (rules 4.6.4, 4.6.6, 4.6.9, 8.3.9, 8.4.2 to 8.4.4; the List of Spells):
//! a character casts one of his recorded spells as his Encounter action with a Magic chit
//! of its type, supplied with its colour; he names its targets when his attention chit is
//! picked; the spells come to life in the order of their completion times, faster spells
//! cancelling slower ones cast by their targets; then each has its effect: Attack spells
//! attack like weapons in the melee, Instant spells act and expire, Combat spells bewitch
//! their targets until Midnight, Day spells until Sunset of the next day, Permanent spells
//! until broken (energized or inert, [`permanent`]); the Phase spell waits with its target's
//! items until he activates it ([`protection`]).
//!
//! An active Artifact or Spell Book casts its awakened spells the same way ([`items`]).
//!
//! The spells implemented so far are those [`effect_of`] names; the others cannot be
//! cast yet (they are never offered).

pub mod activation;
pub mod aiming;
pub mod altering;
pub mod amulet;
pub mod ask_demon;
pub mod attacks;
pub mod bewitched;
pub mod breaking;
pub mod carrying;
pub mod casting;
pub mod choices;
pub mod effects;
pub mod enchant_artifact;
pub mod fades;
pub mod hurricane;
pub mod item_monster;
pub mod items;
pub mod lasting;
pub mod lost;
pub mod mist;
pub mod permanent;
pub mod pit;
pub mod places;
pub mod protection;
pub mod storm;
pub mod transform;
pub mod unleash;
pub mod wand_strikes;
pub mod whistle;
pub mod wise_bird;
pub mod wishes;

pub use bewitched::*;
pub use lasting::*;

use super::CombatTarget;
use crate::engine::{Event, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::items::TreasureId;
use crate::magic_realm::catalog::magic::{Spell, SpellId};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::{ChitStatus, GameState};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

type Events = Vec<Event<E>>;

/// A target of a spell (8.4.2): an individual, or the spellcaster's clearing.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify)]
#[serde(tag = "aim", rename_all = "camelCase")]
pub enum SpellAim {
    Character {
        seat: Seat,
    },
    Denizen {
        piece: PieceId,
    },
    Clearing,
    /// The spellcaster's tile (Fog, Violent Storm, Illusion).
    Tile,
    /// A spell in effect, by its caster and his spell box.
    Spell {
        caster: Seat,
        spell_box: u8,
    },
    /// A weapon counter, or a native, Goblin, Ogre or club counter (Poison).
    Weapon {
        piece: PieceId,
    },
    /// A whole native group (Persuade).
    Group {
        group: crate::magic_realm::catalog::denizens::NativeGroup,
    },
    /// All the uncontrolled monsters of a kind in his clearing (Persuade: Giants or Ogres;
    /// Deal with Goblins): named as one choice, recorded as each monster.
    Kind {
        kind: crate::magic_realm::catalog::denizens::MonsterKind,
    },
    /// A character's curse (Remedy).
    Curse {
        seat: Seat,
        curse: crate::magic_realm::catalog::tables::Curse,
    },
    /// One of the spellcaster's own Magic chits (4.6.9c: Witch's Brew, Faerie Lights,
    /// Elemental Spirit), by its index.
    Chit {
        chit: u8,
    },
    /// Whistle for Monsters: a face-up Sound chit anywhere on the map; for one in the
    /// spellcaster's tile, `to`: the other tile he sends it to (none: it stays).
    SoundChit {
        chit: crate::magic_realm::catalog::chits::MapChitId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[tsify(optional)]
        to: Option<crate::magic_realm::catalog::tiles::TileId>,
    },
    /// Enchant Artifact: an Artifact or Spell Book he has active, with the recorded spell
    /// he names to add to it.
    Enchant {
        item: TreasureId,
        spell: SpellId,
    },
}

impl SpellAim {
    /// The character or denizen aimed at, if the aim is an individual.
    pub fn individual(&self) -> Option<CombatTarget> {
        match self {
            SpellAim::Character { seat } => Some(CombatTarget::Character { seat: *seat }),
            SpellAim::Denizen { piece } => Some(CombatTarget::Denizen {
                piece: piece.clone(),
            }),
            SpellAim::Clearing
            | SpellAim::Tile
            | SpellAim::Spell { .. }
            | SpellAim::Curse { .. }
            | SpellAim::Weapon { .. }
            | SpellAim::Group { .. }
            | SpellAim::Kind { .. }
            | SpellAim::Chit { .. }
            | SpellAim::SoundChit { .. }
            | SpellAim::Enchant { .. } => None,
        }
    }

    pub fn of(target: &CombatTarget) -> SpellAim {
        match target {
            CombatTarget::Character { seat } => SpellAim::Character { seat: *seat },
            CombatTarget::Denizen { piece } => SpellAim::Denizen {
                piece: piece.clone(),
            },
        }
    }
}

/// Where a spell cast this round stands (8.4.2, 8.4.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub enum CastStatus {
    /// Cast in the Encounter Step; its targets not yet named.
    Cast,
    /// Its targets named; waiting to come to life.
    Aimed,
    /// Come to life (8.4.3). An Attack spell attacks in this round's melee.
    Working,
    /// Cancelled by a faster spell before it came to life (8.4.3).
    Cancelled,
    /// Broken before it came to life (no proper target named, 8.4.2).
    Broken,
    /// Worked and expired (an Attack spell after the melee).
    Expired,
}

/// The spell a character cast this round (8.3.9b, c).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SpellCast {
    /// The box of his recorded spells (index into his spell list); for a spell cast by an
    /// item, its place on his sheet (from [`items::ITEM_PLACES_FROM`]).
    pub spell_box: u8,
    pub spell: SpellId,
    /// The Magic chit played (none when `item` cast it: see [`SpellCast::magic_chit`]).
    pub chit: u8,
    /// The completion time (8.3.9 b.4: the chit's time, 0 if alerted; c: 0 for an item).
    pub time: u8,
    pub aims: Vec<SpellAim>,
    pub status: CastStatus,
    /// 8.3.9c: the Artifact or Spell Book played to cast it, instead of a Magic chit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub item: Option<TreasureId>,
    /// Hurricane Winds: the adjacent tile the caster chose for its target to fly to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub toward: Option<crate::magic_realm::catalog::tiles::TileId>,
}

impl SpellCast {
    /// This spell, cast by `seat`, as it ends.
    pub fn ended(&self, seat: Seat) -> Ended<'_> {
        Ended {
            seat,
            chit: self.chit,
            spell: &self.spell,
            item: self.item.as_ref(),
        }
    }

    /// The Magic chit that cast it; none for a spell cast by an item (8.3.9c).
    pub fn magic_chit(&self) -> Option<u8> {
        self.item.is_none().then_some(self.chit)
    }
}

/// When a spell that lasts ends by itself (4.6.6g).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "at", rename_all = "camelCase")]
pub enum SpellExpiry {
    /// Combat spells: at Midnight.
    Midnight,
    /// Day spells: at Sunset of the day after the one they were cast (4.6.6g).
    Sunset { day: u8 },
    /// Permanent spells (4.6.6h) never expire; nor does the Phase spell until its target
    /// activates it (4.6.6f).
    Never,
    /// 4.6.6f: a Phase spell activated: it expires at the end of that phase of its
    /// target's turn, or of that round of combat.
    EndOfPhase,
    /// 4.6.6e, 7.3.3: a Fly chit used to fly: it expires as soon as its owner lands.
    OnLanding,
}

/// A spell bewitching its targets (8.4.3): its Magic chit (or its item's Spell card,
/// 8.3.9 c.3) is with them until it ends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SpellInEffect {
    /// The character who cast it (for a spell cast by an item, who played the item).
    pub caster: Seat,
    pub spell: SpellId,
    pub spell_box: u8,
    /// The Magic chit committed to it (none when `item` cast it).
    pub chit: u8,
    pub aims: Vec<SpellAim>,
    pub until: SpellExpiry,
    /// 4.6.6h: a Permanent spell fallen inert (at Midnight) until it is energized again;
    /// 4.6.6f: the Phase spell while its chit is kept inactive. An inert spell stays in
    /// effect, its chit committed, but does not affect its targets.
    #[serde(default)]
    pub inert: bool,
    /// 8.3.9 c.5: the Artifact or Spell Book that cast it, and so is its spellcaster;
    /// whoever owns the item controls the spell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub item: Option<TreasureId>,
    /// Where the spellcaster was when it went into effect: the clearing of a spell aimed
    /// at his clearing, a clearing of the tile of a spell aimed at his tile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub at: Option<crate::magic_realm::map::ClearingRef>,
    /// A number the spell fixed when it came to life (Violent Storm: the phases lost).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub value: Option<u8>,
    /// Hurricane Winds: the adjacent tile its target flies to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub toward: Option<crate::magic_realm::catalog::tiles::TileId>,
}

/// What a spell does, for the spells implemented (List of Spells).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpellEffect {
    /// Fiery Blast, Stones Fly, Lightning Bolt, Roof Collapses: attack like weapons
    /// (4.6.6d, 8.4.4), with the values in the spell's data.
    Attack,
    /// Make Whole (Instant): fatigued and wounded chits active, damaged armor repaired.
    MakeWhole,
    /// Peace (Combat): the target cannot attack until attacked.
    Peace,
    /// Power of the Pit (Instant): the target rolls on the Power of the Pit Table.
    PowerOfThePit,
    /// Exorcise (Instant): Demons and the Imp in the clearing are killed, every spell
    /// there is broken and every colour chit there fatigues.
    Exorcise,
    /// Pentangle (Combat): no Demon or Imp attacks the target, the spells on him are
    /// nullified and no new spell goes into effect against him.
    Pentangle,
    /// Dissolve Spell, and Remedy against a spell (Instant): the spell is broken.
    DissolveSpell,
    /// Elven Grace (Combat): move times by strength or size (L 1, M 2, H 3, T 4).
    ElvenGrace,
    /// Curse (Instant): the target character rolls on the Curses Table.
    Curse,
    /// Poison (Day): the weapon's damage gains a sharpness star.
    Poison,
    /// Persuade, Deal with Goblins (Day; 8.4.4 pacification): the denizens stop battling,
    /// attacking and blocking the spellcaster; Persuade makes the group meet him as
    /// Friendly.
    Pacify,
    /// Control Bats, Guide Spider or Octopus, Control Dragon (Day): the spellcaster
    /// controls the monsters; they fight like his hired natives (8.3.4 c.1).
    Control,
    /// Melt into Mist (Permanent; 4.6.8): while energized, the target takes no part in
    /// combat and is not affected by spells.
    MeltIntoMist,
    /// Protection from Magic (Phase; 4.6.6f): once activated, the spells and curses on
    /// its target are nullified and no new spell goes into effect against him.
    ProtectionFromMagic,
    /// Witch's Brew, Faerie Lights, Elemental Spirit (Day; 4.6.9c): the caster's chosen
    /// Magic chits change type.
    AlterChits,
    /// Bad Luck (Permanent; 4.1.2): one is added to all of the target's die rolls.
    BadLuck,
    /// See Hidden Signs (Day): an extra Search phase (6.2.2c).
    SeeHiddenSigns,
    /// Sense Danger (Permanent): an extra Alert phase each turn (6.2.2c).
    SenseDanger,
    /// Blend into Background (Day): an extra Hide phase (6.2.2c).
    BlendIntoBackground,
    /// Broomstick (Fly; 4.6.6e, 7.3.3): a Fly chit its target may play to fly, until he
    /// uses it.
    Fly,
    /// Illusion (Permanent; 4.1.2): one is added to its targets' Search table results.
    Illusion,
    /// Blazing Light (Day): an extra phase of any activity in its cave clearing (6.2.2c).
    BlazingLight,
    /// Peace with Nature (Permanent; 7.13): Warning and Sound chits do not summon monsters
    /// when its target ends his turn.
    PeaceWithNature,
    /// Violent Storm (Day): phases lost in the woods and mountain clearings of its tile.
    ViolentStorm,
    /// Fog (Day): nobody uses the Peer table to search a clearing of its tile.
    Fog,
    /// Transform (Permanent; 4.6.8): the target is the creature rolled on the Transform
    /// Table while the spell is energized ([`transform`]).
    Transform,
    /// Absorb Essence (Permanent; 4.6.8): the monster leaves play and the spellcaster is
    /// that monster while the spell is energized ([`transform`]).
    AbsorbEssence,
    /// Unleash Power (Day): the caster's chosen Magic chits are Move/Fight chits
    /// ([`unleash`]).
    UnleashPower,
    /// World Fades (Permanent): its target hides at the end of rounds of combat and
    /// searches on the Magic Sight table ([`fades`]).
    WorldFades,
    /// Whistle for Monsters (Instant): a face-up Sound chit moves to or from the
    /// spellcaster's tile ([`whistle`]).
    WhistleForMonsters,
    /// Hurricane Winds (Fly): its target flies away to the tile the caster chose, just
    /// before the next Encounter Step ([`hurricane`]).
    HurricaneWinds,
    /// Talk to Wise Bird (Instant): the target does a remote Peer in any clearing
    /// ([`wise_bird`]).
    TalkToWiseBird,
    /// Premonition (Day): the target chooses when he takes his turn
    /// ([`crate::magic_realm::day::premonition`]).
    Premonition,
    /// Prophecy (Day): the target chooses each phase's activity as he does it
    /// ([`crate::magic_realm::day::prophecy`]).
    Prophecy,
    /// Phantasm (Day): the target controls a phantasm with a turn of its own
    /// ([`crate::magic_realm::day::phantasm`]).
    Phantasm,
    /// Small Blessing (Instant; 4.6.7b): the target character rolls on the Wishes Table
    /// ([`wishes`]).
    SmallBlessing,
    /// Lost (Permanent): while energized, its targets' Moves out of a clearing go where the
    /// Lost Table says ([`lost`]).
    Lost,
    /// Enchant Artifact (Permanent): while energized, the item holds the spell named and
    /// its Magic type ([`enchant_artifact`]).
    EnchantArtifact,
    /// Ask Demon (Instant): the spellcaster asks one question about another player's
    /// recorded information or pieces, answered to him alone ([`ask_demon`]).
    AskDemon,
}

/// The effect of `spell`, if it is implemented.
pub fn effect_of(spell: &Spell) -> Option<SpellEffect> {
    if spell.attack.is_some() {
        return Some(SpellEffect::Attack);
    }
    effect_by_id(&spell.id)
}

/// The effect of the spell `id` other than an Attack spell's, if it is implemented.
pub fn effect_by_id(id: &SpellId) -> Option<SpellEffect> {
    match id.0.as_str() {
        "make-whole" => Some(SpellEffect::MakeWhole),
        "peace" => Some(SpellEffect::Peace),
        "power-of-the-pit" => Some(SpellEffect::PowerOfThePit),
        "exorcise" => Some(SpellEffect::Exorcise),
        "pentangle" => Some(SpellEffect::Pentangle),
        "dissolve-spell" | "remedy" => Some(SpellEffect::DissolveSpell),
        "elven-grace" => Some(SpellEffect::ElvenGrace),
        "curse" => Some(SpellEffect::Curse),
        "poison" => Some(SpellEffect::Poison),
        "persuade" | "deal-with-goblins" => Some(SpellEffect::Pacify),
        "control-bats" | "guide-spider-or-octopus" | "control-dragon" => Some(SpellEffect::Control),
        "melt-into-mist" => Some(SpellEffect::MeltIntoMist),
        "protection-from-magic" => Some(SpellEffect::ProtectionFromMagic),
        "witchs-brew" | "faerie-lights" | "elemental-spirit" => Some(SpellEffect::AlterChits),
        "bad-luck" => Some(SpellEffect::BadLuck),
        "see-hidden-signs" => Some(SpellEffect::SeeHiddenSigns),
        "sense-danger" => Some(SpellEffect::SenseDanger),
        "blend-into-background" => Some(SpellEffect::BlendIntoBackground),
        "broomstick" => Some(SpellEffect::Fly),
        "illusion" => Some(SpellEffect::Illusion),
        "blazing-light" => Some(SpellEffect::BlazingLight),
        "peace-with-nature" => Some(SpellEffect::PeaceWithNature),
        "violent-storm" => Some(SpellEffect::ViolentStorm),
        "fog" => Some(SpellEffect::Fog),
        "transform" => Some(SpellEffect::Transform),
        "absorb-essence" => Some(SpellEffect::AbsorbEssence),
        "unleash-power" => Some(SpellEffect::UnleashPower),
        "world-fades" => Some(SpellEffect::WorldFades),
        "whistle-for-monsters" => Some(SpellEffect::WhistleForMonsters),
        "hurricane-winds" => Some(SpellEffect::HurricaneWinds),
        "talk-to-wise-bird" => Some(SpellEffect::TalkToWiseBird),
        "premonition" => Some(SpellEffect::Premonition),
        "prophecy" => Some(SpellEffect::Prophecy),
        "phantasm" => Some(SpellEffect::Phantasm),
        "small-blessing" => Some(SpellEffect::SmallBlessing),
        "lost" => Some(SpellEffect::Lost),
        "enchant-artifact" => Some(SpellEffect::EnchantArtifact),
        "ask-demon" => Some(SpellEffect::AskDemon),
        _ => None,
    }
}

/// The effect of the spell `id`, if it is implemented.
pub fn effect_named(cat: &Catalog, id: &SpellId) -> Option<SpellEffect> {
    cat.spells.get(id).and_then(effect_of)
}

impl SpellInEffect {
    /// Whether this spell has `effect`.
    pub fn has(&self, cat: &Catalog, effect: SpellEffect) -> bool {
        effect_named(cat, &self.spell) == Some(effect)
    }

    /// 4.6.6f, 4.6.6h: whether it affects its targets now: not inert, and (8.3.9 c.5) not
    /// nullified for want of an owner of the item that cast it.
    pub fn works(&self, state: &GameState) -> bool {
        !self.inert && items::controller(state, self).is_some()
    }

    /// The Magic chit committed to it; none for a spell cast by an item (8.3.9c).
    pub fn magic_chit(&self) -> Option<u8> {
        self.item.is_none().then_some(self.chit)
    }
}

/// The spell's printed name.
pub fn spell_name(cat: &Catalog, id: &SpellId) -> String {
    cat.spells
        .get(id)
        .map_or_else(|| id.0.clone(), |s| s.name.clone())
}

/// How a spell ends, for the log (4.6.6b, 4.6.9d, 8.4.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// A faster spell stopped it before it came to life (8.4.3).
    Cancelled,
    /// Broken: no proper target, a conflicting spell, or a spellbreaker (4.6.9d).
    Broken,
    /// It did its work (4.6.6).
    Expired,
}

/// A spell that ends: its caster, its Magic chit (or item) and the spell.
#[derive(Debug, Clone, Copy)]
pub struct Ended<'a> {
    pub seat: Seat,
    pub chit: u8,
    pub spell: &'a SpellId,
    /// 8.3.9c: the Artifact or Spell Book that cast it (then `chit` means nothing).
    pub item: Option<&'a TreasureId>,
}

/// 4.6.6b, 4.6.9d, 8.4.3: the spell ends: its Magic chit returns to its caster and
/// fatigues (8.3.9 c.4: a spell cast by an item frees the item, not before the next
/// Evening if it ends during one), and the log says how, with `text` (under `rule`).
pub fn spell_ends(
    state: &mut GameState,
    ended: Ended,
    ending: Ending,
    rule: &'static str,
    text: String,
    events: &mut Events,
) {
    let Ended {
        seat,
        chit,
        spell,
        item,
    } = ended;
    match item {
        Some(item) => items::spell_ended(state, item, spell),
        None => fatigue_chit(state, seat, chit),
    }
    let spell = spell.clone();
    let detail = match ending {
        Ending::Cancelled => E::SpellCancelled { seat, spell },
        Ending::Broken => E::SpellBroken { seat, spell },
        Ending::Expired => E::SpellExpired { seat, spell },
    };
    events.push(Event::public(rule, text, detail));
}

/// "<caster>'s <spell>", for the log.
pub fn whose(cat: &Catalog, state: &GameState, seat: Seat, spell: &SpellId) -> String {
    format!(
        "{}'s {}",
        crate::magic_realm::day::who::who(cat, state, seat),
        spell_name(cat, spell)
    )
}

/// 8.4.3, 4.6.9d: the spell `seat` cast this round ends before it comes to life: his cast
/// records how (`Cancelled` or `Broken`), and [`spell_ends`] fatigues its chit and logs
/// `text`.
pub fn end_cast(
    state: &mut GameState,
    seat: Seat,
    cast: &SpellCast,
    ending: Ending,
    rule: &'static str,
    text: String,
    events: &mut Events,
) {
    let status = match ending {
        Ending::Cancelled => CastStatus::Cancelled,
        Ending::Broken => CastStatus::Broken,
        Ending::Expired => CastStatus::Working,
    };
    if let Some(c) = super::current_mut(state)
        .ok()
        .and_then(|c| c.casts.get_mut(&seat))
    {
        c.status = status;
    }
    spell_ends(state, cast.ended(seat), ending, rule, text, events);
}

/// 4.6.6: the spell has done its work and expires: "<caster>'s <spell> expires."
pub fn expires(
    cat: &Catalog,
    state: &mut GameState,
    ended: Ended,
    rule: &'static str,
    events: &mut Events,
) {
    let text = format!(
        "{}'s {} expires.",
        crate::magic_realm::day::who::who(cat, state, ended.seat),
        spell_name(cat, ended.spell)
    );
    spell_ends(state, ended, Ending::Expired, rule, text, events);
}

/// 4.6.6b, 8.4.3: a spell's Magic chit returns to its owner and fatigues.
pub fn fatigue_chit(state: &mut GameState, seat: Seat, chit: u8) {
    if let Some(slot) = state
        .seat_mut(seat)
        .and_then(|s| s.chits.get_mut(usize::from(chit)))
    {
        *slot = ChitStatus::Fatigued;
    }
}

/// 8.3.9a, 4.6.6f: what a character may do with spells on his turn in the Encounter Step
/// besides casting: energize Permanent spells with his colour chits (not his action), and
/// activate a Phase spell's chit (his action).
pub fn encounter_options(
    cat: &Catalog,
    state: &GameState,
    combat: &super::Combat,
    seat: Seat,
) -> Vec<crate::magic_realm::actions::MagicRealmAction> {
    let mut out = permanent::options(cat, state, combat, seat);
    out.extend(protection::combat_options(cat, state, combat, seat));
    out
}

/// Applies a legal `EnergizeSpell`, `ActivatePhaseSpell` or `PlayColourChit` (8.3.9 a.3).
pub fn encounter_apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &crate::magic_realm::actions::MagicRealmAction,
    events: &mut Events,
) -> Result<(), crate::engine::RuleError> {
    use crate::magic_realm::actions::MagicRealmAction as A;
    match action {
        A::EnergizeSpell {
            caster,
            spell_box,
            colour_chit,
        } => permanent::energize_with_chit(
            cat,
            state,
            seat,
            *caster,
            *spell_box,
            *colour_chit,
            events,
        ),
        A::ActivatePhaseSpell { caster, spell_box } => {
            protection::activate(cat, state, seat, *caster, *spell_box, events)
        }
        A::PlayColourChit { colour_chit } => {
            permanent::play_for_nothing(cat, state, seat, *colour_chit, events)
        }
        other => Err(crate::engine::RuleError::internal(format!(
            "{other:?} is not a spell action"
        ))),
    }
}

/// 4.6.8e: whether the character is transmorphized (mist, or a creature): his action chits
/// are frozen (he can only play colour chits to energize Permanent spells), he cannot ride
/// horses, and the belongings transmorphized with him are frozen (which those are:
/// [`carrying::belonging_frozen`]).
pub fn frozen(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    mist::misted_seat(cat, state, seat) || transform::transmorphized_seat(cat, state, seat)
}
