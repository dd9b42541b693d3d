//! Who fights in a clearing and with what values (rules 8.1.4, 8.2, 8.3.1, 8.4.5, 8.4.9,
//! 2.2, 2.3): the denizens taking part with their horses, heads and clubs; a character's
//! weapon, armor, horse and vulnerability, turned into the melee kernel's terms.

use super::melee::{
    ArmorPiece, ArmorRow, AttackValues, Denizen, FighterId, HorsePlay, Lane, Maneuver, MeleeStrike,
    MissileDice,
};
use super::{Combat, ManeuverPlay, Plays};
use crate::engine::Seat;
use crate::magic_realm::catalog::characters::ChitKind;
use crate::magic_realm::catalog::common::{Side, Size};
use crate::magic_realm::catalog::denizens::NativeGroup;
use crate::magic_realm::catalog::items::{ArmorKind, AttackDirection, AttackMethod, Weapon};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::{belongings, hiring, who};
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{part_of, Facing, PieceId, Place};
use crate::magic_realm::state::GameState;

/// The uncontrolled monsters and unhired natives in `at` that take part in combat (8.1.3):
/// not their heads, clubs or horses, not hirelings (hired natives, controlled monsters),
/// not visitors, not those turned into mist.
pub fn denizens_in(cat: &Catalog, state: &GameState, at: ClearingRef) -> Vec<PieceId> {
    state
        .piles
        .pile(&Place::Clearing { at })
        .iter()
        .map(|c| &c.piece)
        .filter(|p| {
            matches!(p, PieceId::Monster { .. } | PieceId::Native { .. })
                && !hiring::is_hired(cat, state, p)
        })
        .filter(|p| !super::spells::mist::misted_piece(cat, state, p))
        .cloned()
        .collect()
}

/// A denizen's head, club or horse that fights with it (8.3.1: no horses in caves).
pub fn companion(cat: &Catalog, state: &GameState, piece: &PieceId) -> Option<PieceId> {
    let at = match state.piles.place_of(piece)? {
        Place::Clearing { at } => *at,
        _ => return None,
    };
    let here = |p: &PieceId| state.piles.place_of(p) == Some(&Place::Clearing { at });
    // 4.6.8b: a transmorphized denizen's head, club or horse is transmorphized with it.
    if super::spells::transform::form_of_piece(cat, state, piece).is_some() {
        return None;
    }
    match piece {
        PieceId::Monster { id, n } => part_of(cat, id, *n).filter(here),
        PieceId::Native { id } => {
            if who::is_cave(cat, state, at) {
                return None;
            }
            let horse = cat.denizens.native(id)?.horse.clone()?;
            Some(PieceId::NativeHorse { id: horse }).filter(here)
        }
        _ => None,
    }
}

/// Every denizen in the combat (hirelings included) with its [`companion`].
pub fn companions(
    cat: &Catalog,
    state: &GameState,
    combat: &super::Combat,
) -> Vec<(PieceId, PieceId)> {
    denizens_in(cat, state, combat.at)
        .into_iter()
        .chain(super::hirelings::in_combat(cat, state, combat))
        .filter_map(|p| companion(cat, state, &p).map(|c| (p, c)))
        .collect()
}

/// 4.1.2, 8.4.9: how the character rolls on the Missile Table: two dice, or one (Archer,
/// Lucky Charm), with his modifications (Aim, Cloven Hoof).
pub fn missile_dice(cat: &Catalog, state: &GameState, seat: Seat) -> MissileDice {
    use crate::magic_realm::day::rolls::{mods, RollFor};
    let m = mods(
        cat,
        state,
        seat,
        RollFor::Table(crate::magic_realm::catalog::tables::TableId::Missile),
    );
    MissileDice::of(m.one_die, m.add)
}

/// The native group of a native counter.
pub fn group_of(cat: &Catalog, piece: &PieceId) -> Option<NativeGroup> {
    match piece {
        PieceId::Native { id } => cat.denizens.native(id).map(|n| n.group),
        _ => None,
    }
}

pub fn is_tremendous(cat: &Catalog, piece: &PieceId) -> bool {
    match piece {
        PieceId::Monster { id, .. } => cat
            .denizens
            .monster(id)
            .is_some_and(|m| m.size == Size::Tremendous),
        _ => false,
    }
}

/// 8.2: whether the denizen attacks this character: monsters attack everyone; unhired
/// natives only the characters their group is battling.
pub fn attacks(cat: &Catalog, state: &GameState, piece: &PieceId, seat: Seat) -> bool {
    // 8.4.4: pacified denizens do not attack the spellcaster; Pentangle: no Demon or
    // Imp attacks its target.
    if super::spells::pacified_toward(cat, state, piece, seat)
        || !super::spells::may_attack(cat, state, piece, seat)
    {
        return false;
    }
    match group_of(cat, piece) {
        Some(group) => battling(state, seat, group),
        None => matches!(piece, PieceId::Monster { .. }),
    }
}

/// 8.2: whether `group` is battling `seat` in the clearing this evening.
pub fn battling(state: &GameState, seat: Seat, group: NativeGroup) -> bool {
    state
        .today
        .evening
        .battling
        .iter()
        .any(|o| o.seat == seat && o.group == group)
}

/// 8.2.3: `group` starts battling `seat` (no effect if it already is).
pub fn start_battling(state: &mut GameState, seat: Seat, group: NativeGroup) -> bool {
    if battling(state, seat, group) {
        return false;
    }
    state
        .today
        .evening
        .battling
        .push(crate::magic_realm::day::evening::Owed { seat, group });
    true
}

/// 8.2.3: a character (or his hireling) that lures, attacks or casts a spell at an unhired
/// native sets the native's group battling him; logged once.
pub fn provoke(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    piece: &PieceId,
    events: &mut Vec<crate::engine::Event<crate::magic_realm::actions::MagicRealmEvent>>,
) {
    if hiring::is_hired(cat, state, piece) {
        return;
    }
    if let Some(group) = group_of(cat, piece) {
        if start_battling(state, seat, group) {
            events.push(crate::engine::Event::public(
                "8.2.3",
                format!("The {group:?} now battle {}.", who::who(cat, state, seat)),
                crate::magic_realm::actions::MagicRealmEvent::NativesBattle { seat, group },
            ));
        }
    }
}

fn side_of(state: &GameState, piece: &PieceId) -> Side {
    match state.piles.find(piece).map(|(_, c)| c.facing) {
        Some(Facing::Dark) => Side::Dark,
        _ => Side::Light,
    }
}

/// A denizen counter's values for the kernel (built by the kernel's own constructors),
/// on the side it lies. `owner` is the fighter id of the monster a head or club belongs
/// to, or of the rider a native horse carries.
pub fn denizen(
    cat: &Catalog,
    state: &GameState,
    piece: &PieceId,
    owner: Option<FighterId>,
) -> Option<Denizen> {
    let side = side_of(state, piece);
    let mut d = counter(cat, piece, owner, side)?;
    // 4.6.8d: a transmorphized denizen uses the creature's values.
    if let Some(form) = super::spells::transform::form_of_piece(cat, state, piece) {
        d = super::transmorphized::as_denizen(d, &form);
    }
    // Elven Grace: a monster's or native's size is its move time on both sides.
    if matches!(piece, PieceId::Monster { .. } | PieceId::Native { .. })
        && super::spells::graceful(cat, state, &graced(piece))
    {
        let time = super::spells::graceful_time(d.vulnerability);
        d.light.move_time = time;
        d.dark.move_time = time;
    }
    // Poison: one more sharpness star on the counter's attacks.
    if super::spells::poisoned(cat, state, piece) {
        for tactic in [&mut d.light, &mut d.dark] {
            if let Some(AttackValues {
                strike: MeleeStrike::Harm { sharpness, .. },
                ..
            }) = &mut tactic.attack
            {
                *sharpness += 1;
            }
        }
    }
    Some(d)
}

fn graced(piece: &PieceId) -> super::CombatTarget {
    super::CombatTarget::Denizen {
        piece: piece.clone(),
    }
}

fn counter(
    cat: &Catalog,
    piece: &PieceId,
    owner: Option<FighterId>,
    side: Side,
) -> Option<Denizen> {
    match piece {
        PieceId::Monster { id, .. } => Some(Denizen::monster(cat.denizens.monster(id)?, side)),
        PieceId::MonsterPart { id, .. } => {
            Some(Denizen::monster_part(cat.denizens.part(id)?, owner?, side))
        }
        PieceId::Native { id } => Some(Denizen::native(cat.denizens.native(id)?, side)),
        PieceId::NativeHorse { id } => Some(Denizen::native_horse(
            cat.denizens.native_horse(id)?,
            owner?,
            side,
        )),
        _ => None,
    }
}

/// A denizen's move time on the side it lies (a native horse's for a rider).
fn move_time(cat: &Catalog, state: &GameState, piece: &PieceId) -> Option<u8> {
    if matches!(piece, PieceId::Monster { .. } | PieceId::Native { .. })
        && (super::spells::graceful(cat, state, &graced(piece))
            || super::spells::transform::form_of_piece(cat, state, piece).is_some())
    {
        return denizen(cat, state, piece, None).map(|d| d.light.move_time);
    }
    let dark = side_of(state, piece) == Side::Dark;
    match piece {
        PieceId::Monster { id, .. } => cat.denizens.monster(id).map(|m| {
            if dark {
                m.dark.move_time
            } else {
                m.light.move_time
            }
        }),
        PieceId::Native { id } => cat.denizens.native(id).map(|n| {
            if dark {
                n.dark.move_time
            } else {
                n.light.move_time
            }
        }),
        PieceId::NativeHorse { id } => {
            cat.denizens
                .native_horse(id)
                .map(|h| if dark { h.gallop.time } else { h.trot.time })
        }
        _ => None,
    }
}

/// The character's active weapon counter, if any (8.4.5: one at a time).
pub fn active_weapon<'a>(
    cat: &'a Catalog,
    state: &GameState,
    seat: Seat,
) -> Option<(PieceId, &'a Weapon)> {
    // 4.6.8b: transmorphized belongings have no effect.
    if super::spells::frozen(cat, state, seat) {
        return None;
    }
    belongings::active(state, seat)
        .into_iter()
        .find_map(|p| match &p {
            PieceId::Weapon { id, .. } => cat.items.weapon(id).map(|w| (p.clone(), w)),
            _ => None,
        })
}

/// 4.4.6: his active weapon card (the Alchemist's Mixture), with its attack; it takes the
/// weapon counter's place (4.3.6: one weapon active).
pub fn weapon_card(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
) -> Option<(PieceId, crate::magic_realm::catalog::items::CardAttack)> {
    belongings::active(state, seat)
        .into_iter()
        .find_map(|p| match &p {
            PieceId::Treasure { id } => cat.items.treasure(id)?.attack.map(|a| (p.clone(), a)),
            _ => None,
        })
}

/// The heaviest item the character carries (8.4.5: a Move chit must be at least as
/// strong).
pub fn heaviest_item(cat: &Catalog, state: &GameState, seat: Seat) -> Size {
    belongings::owned(state, seat)
        .iter()
        .filter_map(|p| who::weight(cat, p))
        .max()
        .unwrap_or(Size::Negligible)
}

/// The strength and time of one of the character's action chits in combat (his Treasure
/// cards may set them, [`super::treasures::chit`]), with its effort asterisks.
pub fn chit_values(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    chit: u8,
) -> Option<(ChitKind, u8, u8)> {
    who::chits(cat, state, seat)
        .find(|(i, _, _)| *i == chit)
        .map(|(_, c, _)| {
            let (kind, time) = super::treasures::chit(cat, state, seat, &c);
            (kind, time, c.effort)
        })
}

/// The time of a chit played to move or maneuver: Elven Grace makes a Move chit's time its
/// printed strength's (not a Duck chit's), unless a card sets his chits' times.
pub fn move_chit_time(cat: &Catalog, state: &GameState, seat: Seat, chit: u8) -> Option<u8> {
    let (_, time, _) = chit_values(cat, state, seat, chit)?;
    let printed = who::chits(cat, state, seat)
        .find(|(i, _, _)| *i == chit)
        .map(|(_, c, _)| c.kind)?;
    match printed {
        ChitKind::Move { strength } | ChitKind::MoveFight { strength }
            if super::spells::graceful(cat, state, &super::CombatTarget::Character { seat })
                && !super::treasures::sets_times(cat, state, seat) =>
        {
            Some(super::spells::graceful_time(strength))
        }
        _ => Some(time),
    }
}

/// 8.4.5, 8.4.9: the attack a Fight chit makes with the character's active weapon, or
/// with the dagger when he has none.
pub fn attack_values(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    chit: u8,
) -> Option<AttackValues> {
    let (kind, time, _) = chit_values(cat, state, seat, chit)?;
    let strength = kind.fight_strength()?;
    attack_with(cat, state, seat, strength, time)
}

/// 4.4.4, 4.4.5: the values of his active Boots or Gloves card.
pub fn card_values(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    boots: bool,
) -> Option<crate::magic_realm::catalog::items::ChitValues> {
    if super::spells::frozen(cat, state, seat) {
        return None;
    }
    belongings::owned(state, seat)
        .iter()
        .filter(|p| belongings::is_active(state, seat, p))
        .find_map(|p| match p {
            PieceId::Treasure { id } => {
                cat.items
                    .treasure(id)
                    .and_then(|t| if boots { t.boots } else { t.gloves })
            }
            _ => None,
        })
}

/// 4.4.5: the attack his active Gloves card makes, as a Fight chit of its strength and
/// time, with his weapon (or the dagger).
pub fn gloves_attack_values(cat: &Catalog, state: &GameState, seat: Seat) -> Option<AttackValues> {
    let gloves = card_values(cat, state, seat, false)?;
    attack_with(cat, state, seat, gloves.strength, gloves.time)
}

/// The attack made with a fighting strength and time: with the active weapon, or the
/// dagger when he has none.
fn attack_with(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    strength: Size,
    time: u8,
) -> Option<AttackValues> {
    match active_weapon(cat, state, seat) {
        Some((piece, w)) => {
            let alerted = state.piles.find(&piece).map(|(_, c)| c.facing) == Some(Facing::Alerted);
            let side = if alerted { w.alerted } else { w.unalerted };
            Some(AttackValues {
                time: side.time.unwrap_or(time),
                length: w.length,
                strike: MeleeStrike::Harm {
                    letter: side.harm,
                    // Poison: one more sharpness star; Oil of Poison: its stars.
                    sharpness: side.sharpness
                        + u8::from(super::spells::poisoned(cat, state, &piece))
                        + super::treasures::added_sharpness(cat, state, seat, Some(&piece)),
                    missile: (w.attack_method == AttackMethod::Missile)
                        .then(|| missile_dice(cat, state, seat)),
                    extra_level: w.attack_method == AttackMethod::Striking && strength > w.weight,
                },
            })
        }
        // 4.4.6: a weapon card attacks with its printed values at the Fight chit's time.
        None if weapon_card(cat, state, seat).is_some() => {
            let (_, card) = weapon_card(cat, state, seat)?;
            let missile = card.attack_method == AttackMethod::Missile;
            Some(AttackValues {
                time,
                length: card.length,
                strike: MeleeStrike::Harm {
                    letter: card.harm,
                    sharpness: card.sharpness,
                    missile: missile.then(|| missile_dice(cat, state, seat)),
                    extra_level: false,
                },
            })
        }
        // 8.4.5, 8.4.9: the dagger: Negligible, one star, always a level for strength.
        None => Some(AttackValues {
            time,
            length: 0,
            strike: MeleeStrike::Harm {
                letter: Size::Negligible,
                sharpness: 1 + super::treasures::added_sharpness(cat, state, seat, None),
                missile: None,
                extra_level: true,
            },
        }),
    }
}

fn lanes_of(dirs: &[AttackDirection]) -> Vec<Lane> {
    dirs.iter()
        .map(|d| match d {
            AttackDirection::Thrust => Lane::ChargeThrust,
            AttackDirection::Swing => Lane::DodgeSwing,
            AttackDirection::Smash => Lane::DuckSmash,
        })
        .collect()
}

/// The character's active armor, as the kernel sees it (GAPS 2.2); `shield` is the lane
/// he played his shield in. Tokens index the returned pieces' `PieceId`s.
pub fn armor(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    shield: Option<Lane>,
) -> Vec<(PieceId, ArmorPiece)> {
    let mut out = Vec::new();
    if super::spells::frozen(cat, state, seat) {
        return out;
    }
    for piece in belongings::active(state, seat) {
        let token = u16::try_from(out.len()).unwrap_or(u16::MAX);
        match &piece {
            PieceId::Armor { id, .. } => {
                let Some(a) = cat.items.armor_piece(id) else {
                    continue;
                };
                let (row, covers) = match a.kind {
                    ArmorKind::Shield => (ArmorRow::Shield, shield.into_iter().collect()),
                    ArmorKind::Helmet => (ArmorRow::Body, vec![Lane::DuckSmash]),
                    ArmorKind::Breastplate => {
                        (ArmorRow::Body, vec![Lane::ChargeThrust, Lane::DodgeSwing])
                    }
                    ArmorKind::SuitOfArmor => (ArmorRow::Suit, Lane::ALL.to_vec()),
                };
                let damaged =
                    state.piles.find(&piece).map(|(_, c)| c.facing) == Some(Facing::Damaged);
                out.push((
                    piece.clone(),
                    ArmorPiece {
                        token,
                        row,
                        covers,
                        letter: a.weight,
                        damaged,
                        card: false,
                    },
                ));
            }
            PieceId::Treasure { id } => {
                let Some(card) = cat.items.treasure(id).and_then(|t| t.armor.as_ref()) else {
                    continue;
                };
                // A card covering every direction is worn like a suit of armor (GAPS 2.2:
                // the Ointment of Steel); the others sit in the shield row.
                let row = if Lane::ALL
                    .iter()
                    .all(|l| lanes_of(&card.protects).contains(l))
                {
                    ArmorRow::Suit
                } else {
                    ArmorRow::Shield
                };
                out.push((
                    piece.clone(),
                    ArmorPiece {
                        token,
                        row,
                        covers: lanes_of(&card.protects),
                        letter: card.vulnerability,
                        damaged: false,
                        card: true,
                    },
                ));
            }
            _ => {}
        }
    }
    out
}

/// Whether the character has an active shield (8.4.5: he must play it).
pub fn has_shield(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    !super::spells::frozen(cat, state, seat)
        && belongings::active(state, seat).iter().any(|p| match p {
            PieceId::Armor { id, .. } => cat
                .items
                .armor_piece(id)
                .is_some_and(|a| a.kind == ArmorKind::Shield),
            _ => false,
        })
}

/// The character in the kernel's terms, with his revealed plays.
pub fn character(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    plays: Option<&Plays>,
) -> (super::melee::CharacterFighter, Vec<(PieceId, ArmorPiece)>) {
    // 4.6.8d: a transmorphized character fights as his creature.
    if let Some(form) = super::spells::transform::form_of_seat(cat, state, seat) {
        let form = super::transmorphized::as_played(cat, form, plays);
        return (super::transmorphized::fighter(&form, plays), Vec::new());
    }
    // BERSERK: Tremendous while he is berserk.
    let vulnerability = crate::magic_realm::day::berserk::vulnerability(cat, state, seat);
    let shield = plays.and_then(|p| p.shield);
    let armor = armor(cat, state, seat, shield);
    let mut maneuver = None;
    let mut horse = None;
    if let Some((play, lane)) = plays.and_then(|p| p.maneuver) {
        match play {
            ManeuverPlay::Chit { chit } => {
                if let Some(time) = move_chit_time(cat, state, seat, chit) {
                    maneuver = Some(Maneuver { lane, time });
                }
            }
            ManeuverPlay::Creature | ManeuverPlay::Mist => {}
            ManeuverPlay::Boots => {
                if let Some(boots) = card_values(cat, state, seat, true) {
                    maneuver = Some(Maneuver {
                        lane,
                        time: boots.time,
                    });
                }
            }
            ManeuverPlay::Fly { caster, spell_box } => {
                let chits = crate::magic_realm::day::flying::fly_chits(cat, state, seat);
                if let Some(f) = chits.iter().find(|f| {
                    f.source
                        == crate::magic_realm::day::flying::FlySource::Chit { caster, spell_box }
                }) {
                    maneuver = Some(Maneuver {
                        lane,
                        time: f.values.time,
                    });
                }
            }
            ManeuverPlay::Horse { galloping } => {
                if let Some(h) = belongings::active_horse(cat, state, seat) {
                    let side = if galloping { h.gallop } else { h.trot };
                    horse = Some(HorsePlay {
                        maneuver: Maneuver {
                            lane,
                            time: side.time,
                        },
                        vulnerability: h.vulnerability,
                        armored: h.armored,
                    });
                }
            }
        }
    }
    (
        super::melee::CharacterFighter {
            vulnerability,
            maneuver,
            horse,
            armor: armor.iter().map(|(_, a)| a.clone()).collect(),
            armored: false,
            woundless: false,
            armor_stops_wounds: super::treasures::armor_stops_wounds(cat, state, seat),
            shift_maneuver: super::treasures::shift_maneuver(cat, state, seat),
        },
        armor,
    )
}

/// 8.3.8 e.1: the move times of the flying monsters on his sheet (the only denizens that
/// can stop him flying away).
pub fn flying_times_on_sheet(
    cat: &Catalog,
    state: &GameState,
    combat: &Combat,
    seat: Seat,
) -> Vec<u8> {
    combat
        .sheets
        .get(&seat)
        .into_iter()
        .flatten()
        .filter(|p| match p {
            PieceId::Monster { id, .. } => cat.denizens.monster(id).is_some_and(|m| m.flying),
            _ => false,
        })
        .filter_map(|p| move_time(cat, state, p))
        .collect()
}

/// 8.3.7: the move times on a character's sheet that limit the chits he can play in the
/// Encounter Step: each denizen's (a rider's horse's, walking side) and each charging
/// character's Move chit.
pub fn move_times_on_sheet(
    cat: &Catalog,
    state: &GameState,
    combat: &Combat,
    seat: Seat,
) -> Vec<u8> {
    let mut times = Vec::new();
    // 8.3.6 a.8: a monster holding him from its own sheet counts as if in his red box.
    let holders = combat
        .holding
        .iter()
        .filter(|(m, s)| **s == seat && combat.sheet_of(m).is_none())
        .map(|(m, _)| m);
    for piece in combat
        .sheets
        .get(&seat)
        .into_iter()
        .flatten()
        .chain(holders)
    {
        // 8.3.7: a rider's time is his horse's.
        let horse =
            companion(cat, state, piece).filter(|p| matches!(p, PieceId::NativeHorse { .. }));
        if let Some(time) = move_time(cat, state, horse.as_ref().unwrap_or(piece)) {
            times.push(time);
        }
    }
    for (charger, (charged, chit)) in &combat.charges {
        if *charged == seat {
            if let Some(time) = move_chit_time(cat, state, *charger, *chit) {
                times.push(time);
            }
        }
    }
    // 8.3.6 b.4: a charge with flying values has their time.
    for (charger, (charged, with)) in &combat.fly_charges {
        if *charged == seat {
            let flights = crate::magic_realm::day::flying::flights(cat, state, *charger);
            if let Some(f) = flights.iter().find(|f| f.source == *with) {
                times.push(f.values.time);
            }
        }
    }
    // 4.4.4: a charge in Boots has the card's time.
    for (charger, charged) in &combat.boots_charges {
        if *charged == seat {
            if let Some(boots) = card_values(cat, state, *charger, true) {
                times.push(boots.time);
            }
        }
    }
    // 8.3.6: a charge on a horse has the time of the side it was played on.
    for (charger, (charged, galloping)) in &combat.horse_charges {
        if *charged == seat {
            if let Some(horse) = belongings::active_horse(cat, state, *charger) {
                times.push(if *galloping { horse.gallop } else { horse.trot }.time);
            }
        }
    }
    times
}
