//! A round's beginning (rule 8.3.1, 8.3.3) and the resolution of its Melee Step: the plays
//! are revealed, the [`melee`](super::melee) kernel repositions the denizens, matches
//! attacks with maneuvers and inflicts harm with the game's dice (8.4.6 to 8.4.9), and the
//! outcome is applied to the game: sides, kills, armor, wounds, weapons, Tremendous
//! monsters holding their targets.

use super::fighters::{self, companion};
use super::melee::chance::SheetPart;
use super::melee::{self, Chance, FighterId, Lane, MeleeEffect, MissileDice};
use super::{current, current_mut, CombatStage, CombatTarget, Events, ManeuverPlay, Owed};
use crate::engine::dice::DiceBox;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::common::Side;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::who;
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::state::GameState;
use std::collections::BTreeMap;

/// 8.3: a new round begins: the round's records are cleared and the horses of unhired
/// natives turn walking side up (8.3.1).
pub fn start_round(
    cat: &Catalog,
    state: &mut GameState,
    events: &mut Events,
) -> Result<(), RuleError> {
    let at = current(state)
        .map(|c| c.at)
        .ok_or_else(|| RuleError::internal("no combat"))?;
    for native in fighters::denizens_in(cat, state, at) {
        if let Some(horse @ PieceId::NativeHorse { .. }) = companion(cat, state, &native) {
            state.piles.set_facing(&horse, Facing::Light);
        }
    }
    // 8.6: denizens fighting denizens, and hirelings attacking characters, are unassigned.
    let hired: Vec<PieceId> = current(state)
        .map(|c| super::hirelings::in_combat(cat, state, c))
        .unwrap_or_default();
    let combat = current_mut(state)?;
    combat.duels.clear();
    combat.assigning = None;
    // (A red-side-up Tremendous hireling stays with the character it holds, 8.6.)
    let holding: Vec<PieceId> = combat.holding.keys().cloned().collect();
    for v in combat.sheets.values_mut() {
        v.retain(|p| !hired.contains(p) || holding.contains(p));
    }
    // 8.3.3, 8.6: red-side-up Tremendous monsters stay assigned to their targets.
    super::holding::hold_on(state, events)?;
    let combat = current_mut(state)?;
    combat.round += 1;
    combat.eventful = false;
    combat.stage = CombatStage::Luring;
    combat.turn = 0;
    combat.charges.clear();
    combat.boots_charges.clear();
    combat.fly_charges.clear();
    combat.horse_charges.clear();
    combat.horse_sides.clear();
    combat.ran.clear();
    combat.acted.clear();
    combat.items.clear();
    combat.used.clear();
    combat.attention.clear();
    combat.targets.clear();
    combat.plays.clear();
    combat.owed.clear();
    combat.casts.clear();
    combat.red_missile.clear();
    combat.red_strikes.clear();
    let round = combat.round;
    events.push(Event::public(
        "5.3",
        format!("Round {round} of combat."),
        E::CombatRound { round },
    ));
    // Hurricane Winds: its targets here fly away just before the Encounter Step.
    super::spells::hurricane::blow(cat, state, events)?;
    // 8.4.7: the holds of transmorphized characters that have ended let go.
    super::holding::release_character_holds(cat, state, events)?;
    Ok(())
}

/// The game's dice as the kernel's [`Chance`], each roll logged with its table and rule.
struct GameDice<'a> {
    dice: &'a mut DiceBox,
    events: &'a mut Events,
    /// The Magic Wand: the red die set for an attacker's Missile Table rolls.
    red_missile: Vec<(FighterId, u8)>,
}

impl Chance for GameDice<'_> {
    fn reposition(&mut self, sheet: usize, part: SheetPart) -> u8 {
        let roll = self.dice.roll("repositioning_denizens", 1);
        self.events.push(Event::roll(
            "8.4.6",
            &roll,
            format!(
                "Repositioning the denizens {} of Melee Section {}",
                part_words(part),
                sheet + 1
            ),
            E::MeleeRoll {
                table: "repositioning_denizens".into(),
            },
        ));
        roll.higher()
    }

    fn change_tactics(&mut self, sheet: usize, part: SheetPart, lane: Lane) -> [u8; 2] {
        let roll = self.dice.roll("change_tactics", 2);
        self.events.push(Event::roll(
            "8.4.6",
            &roll,
            format!(
                "Change tactics in the {} {} of Melee Section {}",
                lane_words(part, lane),
                match part {
                    SheetPart::RedBoxes | SheetPart::Defender => "box",
                    SheetPart::Target => "square",
                    SheetPart::Circles => "circle",
                },
                sheet + 1
            ),
            E::MeleeRoll {
                table: "change_tactics".into(),
            },
        ));
        [
            roll.dice.first().copied().unwrap_or(1),
            roll.dice.get(1).copied().unwrap_or(1),
        ]
    }

    fn missile(&mut self, attacker: FighterId, dice: MissileDice) -> u8 {
        let (count, modifier) = match dice {
            MissileDice::OneDie => (1, 0),
            MissileDice::OneDiePlus { modifier } => (1, modifier),
            MissileDice::TwoDice { modifier } => (2, modifier),
        };
        let red = self
            .red_missile
            .iter()
            .find(|(f, _)| *f == attacker)
            .map(|(_, v)| *v);
        let roll = match red {
            Some(value) => {
                let rest = self.dice.roll("missile", count - 1);
                let mut dice = vec![value.clamp(1, 6)];
                dice.extend(rest.dice);
                crate::engine::dice::Roll {
                    table: "missile".into(),
                    dice,
                }
            }
            None => self.dice.roll("missile", count),
        };
        let result = (i16::from(roll.higher()) + i16::from(modifier)).clamp(1, 6);
        self.events.push(Event::roll(
            "8.4.9",
            &roll,
            "Missile Table",
            E::MeleeRoll {
                table: "missile".into(),
            },
        ));
        u8::try_from(result).unwrap_or(6)
    }
}

/// Where on a Melee Section a roll moves counters, in words.
fn part_words(part: SheetPart) -> &'static str {
    match part {
        SheetPart::RedBoxes => "in the red boxes",
        SheetPart::Defender => "of the defender",
        SheetPart::Target => "in the Maneuver squares",
        SheetPart::Circles => "in the Attack circles",
    }
}

/// A lane's box, square or circle by its printed name.
pub fn lane_words(part: SheetPart, lane: Lane) -> &'static str {
    match (part, lane) {
        (SheetPart::RedBoxes | SheetPart::Defender, Lane::ChargeThrust) => "Charge-and-Thrust",
        (SheetPart::RedBoxes | SheetPart::Defender, Lane::DodgeSwing) => "Dodge-and-Swing",
        (SheetPart::RedBoxes | SheetPart::Defender, Lane::DuckSmash) => "Duck-and-Smash",
        (SheetPart::Target, Lane::ChargeThrust) => "Charge",
        (SheetPart::Target, Lane::DodgeSwing) => "Dodge",
        (SheetPart::Target, Lane::DuckSmash) => "Duck",
        (SheetPart::Circles, Lane::ChargeThrust) => "Thrust",
        (SheetPart::Circles, Lane::DodgeSwing) => "Swing",
        (SheetPart::Circles, Lane::DuckSmash) => "Smash",
    }
}

pub(in crate::magic_realm::combat) use super::situation::add_denizen;
pub use super::situation::{build, build_scoped, target_fighter, Built, Scope, Who};

/// 8.4.5 to 8.4.9: reveals the plays, resolves the Melee Step and applies its outcome;
/// then the Fatigue Step begins.
pub fn resolve(cat: &Catalog, state: &mut GameState, events: &mut Events) -> Result<(), RuleError> {
    // The plays are revealed (8.4.5) and their chits go to Used This Round.
    let combat = current_mut(state)?;
    let revealed: Vec<(Seat, super::Plays)> =
        combat.plays.iter().map(|(s, p)| (*s, p.clone())).collect();
    for (seat, plays) in &revealed {
        let used = combat.used.entry(*seat).or_default();
        if let Some((chit, _)) = plays.attack {
            used.insert(chit);
        }
        if let Some((ManeuverPlay::Chit { chit }, _)) = plays.maneuver {
            used.insert(chit);
        }
    }
    if !revealed.is_empty() {
        events.push(Event::reveal(
            "8.4.5",
            "The characters reveal their plays.",
            E::PlaysRevealed {
                plays: revealed.clone(),
            },
        ));
    }
    super::hirelings::melee::reveal(state)?;
    super::transmorphized::reveal(cat, state, events)?;
    let built = build(cat, state)?;
    let red_missile: Vec<(FighterId, u8)> = current(state)
        .map(|c| {
            c.red_missile
                .iter()
                .filter_map(|(s, v)| built.id_of(&Who::Character(*s)).map(|f| (f, *v)))
                .collect()
        })
        .unwrap_or_default();
    let outcome = {
        let mut chance = GameDice {
            dice: &mut state.dice,
            events,
            red_missile,
        };
        melee::resolve(cat, &built.situation, &mut chance)?
    };
    apply_outcome(cat, state, &built, &outcome, events)?;
    super::spells::attacks::expire(cat, state, events);
    // 4.6.7b: the Fight chit or Gloves card played used the Tremendous Strength Wish.
    for (seat, plays) in &revealed {
        if plays.attack.is_some() || plays.gloves.is_some() {
            super::spells::wishes::spend_strength(cat, state, *seat, events);
        }
    }
    // 4.6.6e: a Fly chit played to maneuver expires at the end of the Melee Step.
    for (_, plays) in &revealed {
        if let Some((ManeuverPlay::Fly { caster, spell_box }, _)) = plays.maneuver {
            if let Some(i) = super::spells::index_of(state, caster, spell_box) {
                super::spells::end_spell(cat, state, i, true, events);
            }
        }
    }
    super::fatigue::begin(cat, state)
}

fn apply_outcome(
    cat: &Catalog,
    state: &mut GameState,
    built: &Built,
    outcome: &melee::MeleeOutcome,
    events: &mut Events,
) -> Result<(), RuleError> {
    // 8.4.6: denizens keep the side they changed to.
    for (id, _, side) in &outcome.placed {
        if let Some(Who::Denizen(piece)) = built.who(*id) {
            if !matches!(piece, PieceId::NativeHorse { .. }) {
                let facing = if *side == Side::Dark {
                    Facing::Dark
                } else {
                    Facing::Light
                };
                state.piles.set_facing(piece, facing);
            }
        }
    }
    let mut weapon_hit: BTreeMap<Seat, bool> = BTreeMap::new();
    // 8.4.9: each attacker's weapon, taken before any hit: a character killed before his
    // attack lands drops it, and the weapon of his cancelled attack still turns alerted.
    let mut weapons: BTreeMap<Seat, PieceId> = BTreeMap::new();
    for (i, a) in built.situation.attacks.iter().enumerate() {
        if built.spell_attacks.contains(&i) {
            continue;
        }
        if let Some(Who::Character(seat)) = built.who(a.attacker) {
            weapon_hit.insert(*seat, false);
            if let Some((piece, _)) = fighters::active_weapon(cat, state, *seat) {
                weapons.insert(*seat, piece);
            }
        }
    }
    let mut eventful = false;
    let mut tremendous_hits: Vec<(PieceId, Seat)> = Vec::new();
    let mut denizen_holds: Vec<(PieceId, PieceId)> = Vec::new();
    let mut character_hits: Vec<(Seat, CombatTarget)> = Vec::new();
    let mut spell_strikes: Vec<(PieceId, Who, Who)> = Vec::new();
    // Absorb Essence, 2.2: the Demon or Imp a character is, taken before any kill.
    let essences = super::transmorphized::essences(cat, state, built);
    // 8.7: each fighter killed is paid for once, its sharers dividing the bounty.
    let mut paid: Vec<FighterId> = Vec::new();
    // 8.7: the characters' Notoriety as it stood before the harm of the current moment.
    let mut standing: Option<(u16, super::spoils::Standing)> = None;
    let nobody = super::spoils::Standing::new();
    for hit in &outcome.hits {
        let attacker = built.who(hit.attacker).cloned();
        if hit.cancelled {
            continue;
        }
        if standing.as_ref().is_none_or(|(m, _)| *m != hit.moment) {
            let now = state
                .all_seats()
                .filter_map(|s| state.seat(s).map(|x| (s, x.notoriety)))
                .collect();
            standing = Some((hit.moment, now));
        }
        if let Some(Who::Character(seat)) = &attacker {
            if let Some(h) = weapon_hit.get_mut(seat) {
                *h = true;
            }
        }
        for effect in &hit.effects {
            // 8.8: harm that does something is a consequence that keeps combat going.
            eventful |= !matches!(
                effect,
                MeleeEffect::NoEffect | MeleeEffect::SpellStrike { .. }
            );
            match effect {
                MeleeEffect::Killed { fighter } if !paid.contains(fighter) => {
                    paid.push(*fighter);
                    // Shared kills: every hit of the same moment that killed the same
                    // fighter (8.7).
                    let sharers: Vec<Who> = outcome
                        .hits
                        .iter()
                        .filter(|h| h.moment == hit.moment && !h.cancelled)
                        .filter(|h| {
                            h.effects
                                .contains(&MeleeEffect::Killed { fighter: *fighter })
                        })
                        .filter_map(|h| built.who(h.attacker).cloned())
                        .collect();
                    let victim = built.who(*fighter).cloned();
                    let before = standing.as_ref().map_or(&nobody, |(_, s)| s);
                    super::spoils::killed_at(
                        cat,
                        state,
                        victim,
                        attacker.clone(),
                        &sharers,
                        before,
                        events,
                    )?;
                }
                MeleeEffect::Killed { .. } => {}
                MeleeEffect::HorseKilled { fighter } => match built.who(*fighter) {
                    Some(Who::Character(seat)) => {
                        if let Some(horse) =
                            crate::magic_realm::day::belongings::owned(state, *seat)
                                .into_iter()
                                .find(|p| {
                                    matches!(p, PieceId::Horse { .. })
                                        && crate::magic_realm::day::belongings::is_active(
                                            state, *seat, p,
                                        )
                                })
                        {
                            state.piles.move_to(&horse, Place::OutOfPlay, None);
                            events.push(Event::public(
                                "8.4.9",
                                format!("{horse} is killed."),
                                E::HorseKilled { horse },
                            ));
                        }
                    }
                    Some(Who::Denizen(horse)) => {
                        let horse = horse.clone();
                        state.piles.move_to(&horse, Place::Killed, None);
                        events.push(Event::public(
                            "8.4.9",
                            format!("{horse} is killed."),
                            E::HorseKilled { horse },
                        ));
                    }
                    None => {}
                },
                MeleeEffect::ArmorDamaged { fighter, token }
                | MeleeEffect::ArmorDestroyed { fighter, token } => {
                    let Some(Who::Character(seat)) = built.who(*fighter) else {
                        continue;
                    };
                    let Some(piece) = built
                        .armor
                        .get(seat)
                        .and_then(|v| v.get(usize::from(*token)))
                        .cloned()
                    else {
                        continue;
                    };
                    let destroyed = matches!(effect, MeleeEffect::ArmorDestroyed { .. });
                    if destroyed {
                        // 4.4.3: a Potion worn as armor goes back to its box.
                        let to = super::potions::discard_place(cat, &piece);
                        let facing = to.as_ref().map(|_| Facing::Down);
                        state
                            .piles
                            .move_to(&piece, to.unwrap_or(Place::OutOfPlay), facing);
                    } else {
                        state.piles.set_facing(&piece, Facing::Damaged);
                    }
                    events.push(Event::public(
                        "8.4.9",
                        format!(
                            "{piece} is {}.",
                            if destroyed { "destroyed" } else { "damaged" }
                        ),
                        E::ArmorHit { piece, destroyed },
                    ));
                }
                MeleeEffect::Wound { fighter } => {
                    if let Some(Who::Character(seat)) = built.who(*fighter) {
                        current_mut(state)?
                            .owed
                            .entry(*seat)
                            .or_insert(Owed::default())
                            .wounds += 1;
                        events.push(Event::public(
                            "8.5.3",
                            format!("{} takes a wound.", who::who(cat, state, *seat)),
                            E::Wounded { seat: *seat },
                        ));
                    }
                }
                MeleeEffect::SpellStrike { fighter } => {
                    // The Demon itself, or (Absorb Essence, 2.2) the character who is it.
                    let demon = match &attacker {
                        Some(Who::Character(seat)) => essences
                            .get(seat)
                            .map(|m| (m.clone(), Who::Character(*seat))),
                        _ => built
                            .body_of(hit.attacker)
                            .map(|d| (d.clone(), Who::Denizen(d))),
                    };
                    if let (Some((demon, by)), Some(target)) = (demon, built.who(*fighter).cloned())
                    {
                        spell_strikes.push((demon, by, target));
                    }
                }
                MeleeEffect::NoEffect => {}
            }
        }
        // 8.4.7: a character transmorphized into a Tremendous monster that hits.
        if let (Some(Who::Character(seat)), Some(target)) = (&attacker, built.who(hit.target)) {
            character_hits.push((*seat, target.target()));
        }
        // 8.4.7: a Tremendous monster (or its head or club) that hits a character, or a
        // native (or his horse) or another denizen.
        if let Some(Who::Denizen(_)) = &attacker {
            let body = built
                .body_of(hit.attacker)
                .filter(|b| fighters::is_tremendous(cat, b));
            match (body, built.who(hit.target)) {
                (Some(body), Some(Who::Character(seat))) => tremendous_hits.push((body, *seat)),
                (Some(body), Some(Who::Denizen(victim))) => {
                    denizen_holds.push((body, victim.clone()));
                }
                _ => {}
            }
        }
    }
    // 8.4.7: the Demons' and Imp's spell strikes, once the harm is inflicted.
    for (demon, by, target) in spell_strikes {
        spell_strike(cat, state, &demon, &by, &target, events)?;
    }
    // 8.4.5, 8.4.9: weapons that hit turn unalerted; weapons that missed turn alerted.
    for (seat, hit) in weapon_hit {
        // 4.4.3, 4.4.6: a Potion that is a weapon makes one attack and is used up.
        if let Some((card, _)) = fighters::weapon_card(cat, state, seat) {
            super::potions::used_up(cat, state, &card, events);
        }
        if let Some(piece) = weapons.get(&seat) {
            // Gripping Dust: the weapon stays alerted.
            let hit = hit && !super::treasures::stays_alerted(cat, state, seat, piece);
            state.piles.set_facing(
                piece,
                if hit {
                    Facing::Unalerted
                } else {
                    Facing::Alerted
                },
            );
        }
    }
    // 8.4.7: Tremendous monsters that hit a living target turn red side up and hold him.
    for (monster, seat) in tremendous_hits {
        // (A monster already holding a denizen holds nobody else.)
        let alive = current(state)
            .is_some_and(|c| !c.gone.contains(&seat) && !c.holding_denizens.contains_key(&monster));
        let here = state
            .piles
            .place_of(&monster)
            .is_some_and(|p| matches!(p, Place::Clearing { .. }));
        if alive && here {
            state.piles.set_facing(&monster, Facing::Dark);
            current_mut(state)?.holding.insert(monster.clone(), seat);
            events.push(Event::public(
                "8.4.7",
                format!(
                    "{monster} turns red side up: it holds {}.",
                    who::who(cat, state, seat)
                ),
                E::Holding { monster, seat },
            ));
        }
    }
    // 8.4.7: one that hit a native (or another denizen) and left him alive holds him.
    for (monster, victim) in denizen_holds {
        super::holding::hold_denizen(state, &monster, &victim, events)?;
    }
    // 8.4.7: so do characters transmorphized into Tremendous monsters; the holds whose
    // holder or target was killed end.
    for (seat, target) in character_hits {
        super::holding::character_hit(cat, state, seat, &target, events)?;
    }
    super::holding::release_character_holds(cat, state, events)?;
    let combat = current_mut(state)?;
    combat.eventful |= eventful;
    Ok(())
}

/// 8.4.7: a Demon's or Winged Demon's hit makes its target roll on the Power of the Pit
/// Table; the Imp's makes a character roll on the Curses Table. `by` is who struck: the
/// monster `demon` itself, or (Absorb Essence, 2.2) the character who is it, whose kills
/// they are.
fn spell_strike(
    cat: &Catalog,
    state: &mut GameState,
    demon: &PieceId,
    by: &Who,
    target: &Who,
    events: &mut Events,
) -> Result<(), RuleError> {
    if !target.alive(state) {
        return Ok(());
    }
    let spell = match demon {
        PieceId::Monster { id, .. } => cat.denizens.monster(id).and_then(|m| {
            [&m.light.attack, &m.dark.attack]
                .into_iter()
                .flatten()
                .find_map(|a| match &a.strike {
                    crate::magic_realm::catalog::denizens::Strike::Spell { spell, .. } => {
                        Some(spell.clone())
                    }
                    _ => None,
                })
        }),
        _ => None,
    };
    let effect = spell
        .as_ref()
        .and_then(|s| super::spells::effect_named(cat, s));
    // The Magic Wand: the red die he set for this table before the Melee Step.
    let red = |roll| match target {
        Who::Character(seat) => super::spells::wand_strikes::red_for(state, *seat, roll),
        Who::Denizen(_) => None,
    };
    // 8.4.7: the strike "causes the target to roll on a spell table": a character struck
    // rolls with his own modifications (a denizen's roll is unmodified, 4.1.4).
    let roller = match target {
        Who::Character(seat) => Some(*seat),
        Who::Denizen(_) => None,
    };
    if effect == Some(super::spells::SpellEffect::PowerOfThePit) {
        let red = red(super::spells::choices::RedDieRoll::PitStrike);
        return super::spells::pit::power_of_the_pit_with_red(
            cat,
            state,
            &target.target(),
            by,
            roller,
            red,
            events,
        );
    }
    // The Imp's Curse: curses affect characters only (4.6.7a).
    if let (Some(super::spells::SpellEffect::Curse), Who::Character(seat)) = (effect, target) {
        let red = red(super::spells::choices::RedDieRoll::CurseStrike);
        return crate::magic_realm::day::curses::inflict_by(cat, state, *seat, *seat, red, events);
    }
    Ok(())
}
