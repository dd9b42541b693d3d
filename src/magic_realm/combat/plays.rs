//! Playing attacks and maneuvers (rule 8.4.5, seed 004 ATTACKS/MANEUVERS): every character
//! taking part plays, in secret and all at once, a Fight chit with his weapon in an
//! Attack circle, a Move chit or his horse in a Maneuver square, his shield in a lane, and
//! places the denizens on his sheet in its red boxes, filling as many boxes as possible
//! (a monster and its head or club in different boxes). The plays are revealed together.

use super::encounter::{free_chits, held, within_effort};
use super::fighters::{self, companion, has_shield};
use super::melee::Lane;
use super::{current, current_mut, Combat, CombatStage, CombatTarget, Events, ManeuverPlay, Plays};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::characters::ChitKind;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::{belongings, who};
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::GameState;
use std::collections::BTreeMap;

/// The counters on a character's sheet, each with the counter it may not share a box
/// with (a monster's head or club, 8.4.7).
pub fn counters(
    cat: &Catalog,
    state: &GameState,
    combat: &Combat,
    seat: Seat,
) -> Vec<(PieceId, Option<PieceId>)> {
    let mut out = Vec::new();
    for piece in combat.sheets.get(&seat).into_iter().flatten() {
        match companion(cat, state, piece) {
            Some(part @ PieceId::MonsterPart { .. }) => {
                out.push((piece.clone(), Some(part.clone())));
                out.push((part, Some(piece.clone())));
            }
            Some(horse) => {
                out.push((piece.clone(), None));
                out.push((horse, None));
            }
            None => out.push((piece.clone(), None)),
        }
    }
    out
}

/// Whether the placements can still be completed so that as many boxes as possible are
/// filled and no monster shares a box with its head or club.
fn completable(all: &[(PieceId, Option<PieceId>)], placed: &BTreeMap<PieceId, Lane>) -> bool {
    let clash = all.iter().any(|(p, partner)| {
        partner
            .as_ref()
            .is_some_and(|q| placed.get(p).is_some() && placed.get(p) == placed.get(q))
    });
    let mut lanes: Vec<Lane> = placed.values().copied().collect();
    lanes.sort();
    lanes.dedup();
    let free = all.iter().filter(|(p, _)| !placed.contains_key(p)).count();
    let reachable = lanes.len() + free.min(3 - lanes.len());
    !clash && reachable >= all.len().min(3)
}

/// 8.4.5: the final placement: his own, with the counters he left unplaced put in the
/// empty boxes first, then beside the fewest others (never with their partner).
pub fn completed(
    all: &[(PieceId, Option<PieceId>)],
    placed: &BTreeMap<PieceId, Lane>,
) -> BTreeMap<PieceId, Lane> {
    let mut out = placed.clone();
    for (piece, partner) in all {
        if out.contains_key(piece) {
            continue;
        }
        let avoid = partner.as_ref().and_then(|q| out.get(q)).copied();
        let lane = Lane::ALL
            .iter()
            .copied()
            .filter(|l| Some(*l) != avoid)
            .min_by_key(|l| out.values().filter(|x| *x == l).count())
            .unwrap_or(Lane::ChargeThrust);
        out.insert(piece.clone(), lane);
    }
    out
}

/// 8.4.5: the Melee Step's plays begin for every character who attacks, is attacked, or
/// has denizens on his sheet.
pub fn start(cat: &Catalog, state: &mut GameState) -> Result<(), RuleError> {
    let combat = current(state).ok_or_else(|| RuleError::internal("no combat"))?;
    let mut targeted: Vec<Seat> = combat
        .targets
        .values()
        .filter_map(|t| match t {
            CombatTarget::Character { seat } => Some(*seat),
            _ => None,
        })
        .collect();
    // 8.4.4: the characters an Attack spell attacks play too.
    targeted.extend(super::spells::attacks::attacked(cat, state, combat));
    let players: Vec<Seat> = combat
        .directing()
        .filter(|s| {
            !combat.absent.contains(s)
                || !super::hirelings::melee::placeable(cat, state, combat, *s).is_empty()
        })
        .filter(|s| {
            combat.targets.contains_key(s)
                || targeted.contains(s)
                || combat.sheets.get(s).is_some_and(|v| !v.is_empty())
                || !super::hirelings::melee::placeable(cat, state, combat, *s).is_empty()
        })
        .collect();
    let combat = current_mut(state)?;
    combat.stage = CombatStage::Plays;
    combat.plays = players.iter().map(|s| (*s, Plays::default())).collect();
    if players.is_empty() {
        // Nobody attacks or is attacked: nothing to reveal or resolve.
        super::fatigue::begin(cat, state)?;
    }
    Ok(())
}

pub fn options(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<A> {
    let Some(plays) = combat.plays.get(&seat) else {
        return Vec::new();
    };
    if plays.done {
        return Vec::new();
    }
    if combat.absent.contains(&seat) {
        // 8.1.2: away from the clearing, he only positions his hirelings' sheets.
        let mut out =
            super::hirelings::melee::play_options(cat, state, combat, seat, &plays.placed);
        if !plays.placed.is_empty() || !plays.flipped.is_empty() {
            out.push(A::TakeBackPlays);
        }
        out.push(A::EndPlays);
        return out;
    }
    let mut out = Vec::new();
    let free = free_chits(cat, state, combat, seat);
    let effort_of = |chit: u8| free.iter().find(|c| c.0 == chit).map_or(0, |c| c.3);
    let pending = |other: Option<u8>| other.map_or(0, effort_of);
    let attack_chit = plays.attack.map(|(c, _)| c);
    let maneuver_chit = match plays.maneuver {
        Some((ManeuverPlay::Chit { chit }, _)) => Some(chit),
        _ => None,
    };
    // 8.4.4: his working Attack spell's Attack circle.
    out.extend(super::spells::attacks::options(cat, combat, seat));
    // 4.6.8d: transmorphized, he plays his creature's values.
    out.extend(super::transmorphized::options(cat, state, combat, seat));
    // 8.4.5: an attack, against the target he named (not in a round he cast a spell).
    let may_attack = combat.targets.contains_key(&seat)
        && plays.attack.is_none()
        && plays.gloves.is_none()
        && !super::spells::attacks::cast_successfully(combat, seat);
    // 4.4.5: his active Gloves card, as a Fight chit strong enough for his weapon.
    if may_attack {
        let weapon = fighters::active_weapon(cat, state, seat).map(|(_, w)| w.weight);
        if fighters::card_values(cat, state, seat, false)
            .is_some_and(|g| weapon.is_none_or(|w| g.strength >= w))
        {
            for lane in Lane::ALL {
                out.push(A::PlayGloves { lane });
            }
        }
    }
    if may_attack {
        let weapon = fighters::active_weapon(cat, state, seat).map(|(_, w)| w.weight);
        // Unleash Power: a Move/Fight chit plays as a Fight chit, not as both at once.
        for (chit, kind, _, effort) in free.iter().filter(|c| Some(c.0) != maneuver_chit) {
            let ok = kind
                .fight_strength()
                .is_some_and(|strength| weapon.is_none_or(|w| strength >= w));
            if ok && within_effort(cat, state, combat, seat, effort + pending(maneuver_chit)) {
                for lane in Lane::ALL {
                    out.push(A::PlayAttack { chit: *chit, lane });
                }
            }
        }
    }
    // 8.4.5: a maneuver: a Move chit strong enough for everything he carries (a Duck chit
    // only in the Duck square), or his horse.
    if plays.maneuver.is_none() {
        let heaviest = fighters::heaviest_item(cat, state, seat);
        for (chit, kind, _, effort) in free.iter().filter(|c| Some(c.0) != attack_chit) {
            let lanes: &[Lane] = match kind {
                ChitKind::Move { strength } | ChitKind::MoveFight { strength }
                    if *strength >= heaviest =>
                {
                    &Lane::ALL
                }
                ChitKind::Duck { strength } if *strength >= heaviest => &[Lane::DuckSmash],
                _ => &[],
            };
            if !lanes.is_empty()
                && within_effort(cat, state, combat, seat, effort + pending(attack_chit))
            {
                for lane in lanes {
                    out.push(A::PlayManeuver {
                        with: ManeuverPlay::Chit { chit: *chit },
                        lane: *lane,
                    });
                }
            }
        }
        // 4.4.4: his active Boots card, strong enough for everything he carries.
        if fighters::card_values(cat, state, seat, true).is_some_and(|b| b.strength >= heaviest) {
            for lane in Lane::ALL {
                out.push(A::PlayManeuver {
                    with: ManeuverPlay::Boots,
                    lane,
                });
            }
        }
        // 4.6.6e: a Fly chit, played like a Move chit.
        for f in crate::magic_realm::day::flying::fly_chits(cat, state, seat) {
            let crate::magic_realm::day::flying::FlySource::Chit { caster, spell_box } = f.source
            else {
                continue;
            };
            if f.values.strength >= heaviest {
                for lane in Lane::ALL {
                    out.push(A::PlayManeuver {
                        with: ManeuverPlay::Fly { caster, spell_box },
                        lane,
                    });
                }
            }
        }
        // 8.4.7: not while a red-side-up Tremendous monster holds him.
        if belongings::active_horse(cat, state, seat).is_some() && !held(combat, seat) {
            // 8.4.1 (seed 004): a horse played in the Encounter Step keeps its side up
            // (a galloping one has turned over); otherwise he chooses its side.
            let sides = match combat.horse_sides.get(&seat) {
                Some(galloping) => vec![*galloping],
                None => vec![false, true],
            };
            for galloping in sides {
                for lane in Lane::ALL {
                    out.push(A::PlayManeuver {
                        with: ManeuverPlay::Horse { galloping },
                        lane,
                    });
                }
            }
        }
    }
    if plays.shield.is_none() && has_shield(cat, state, seat) {
        for lane in Lane::ALL {
            out.push(A::PlaceShield { lane });
        }
    }
    let all = counters(cat, state, combat, seat);
    for (piece, _) in &all {
        if plays.placed.contains_key(piece) {
            continue;
        }
        for lane in Lane::ALL {
            let mut trial = plays.placed.clone();
            trial.insert(piece.clone(), lane);
            if completable(&all, &trial) {
                out.push(A::PlaceDenizen {
                    denizen: piece.clone(),
                    lane,
                });
            }
        }
    }
    // 8.4.2, 8.4.5: the denizens' sheets he positions, and his defending hirelings.
    out.extend(super::hirelings::melee::play_options(
        cat,
        state,
        combat,
        seat,
        &plays.placed,
    ));
    if plays.attack.is_some()
        || plays.gloves.is_some()
        || plays.spell_attack.is_some()
        || plays.creature_attack.is_some()
        || plays.maneuver.is_some()
        || plays.shield.is_some()
        || !plays.placed.is_empty()
        || !plays.flipped.is_empty()
    {
        out.push(A::TakeBackPlays);
    }
    // 8.4.5: active armor must be played.
    if plays.shield.is_some() || !has_shield(cat, state, seat) {
        out.push(A::EndPlays);
    }
    out
}

pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
) -> Result<Events, RuleError> {
    let mut events = Vec::new();
    let combat = current_mut(state)?;
    let plays = combat
        .plays
        .get_mut(&seat)
        .ok_or_else(|| RuleError::internal("no plays owed"))?;
    match action {
        A::PlayAttack { chit, lane } => plays.attack = Some((*chit, *lane)),
        A::PlaySpellAttack { lane } => plays.spell_attack = Some(*lane),
        A::PlayCreatureAttack { lane } => plays.creature_attack = Some(*lane),
        A::PlayPartAttack { lane } => plays.part_attack = Some(*lane),
        A::PlayGloves { lane } => plays.gloves = Some(*lane),
        A::PlayManeuver { with, lane } => plays.maneuver = Some((*with, *lane)),
        A::PlaceShield { lane } => plays.shield = Some(*lane),
        A::PlaceDenizen { denizen, lane } => {
            plays.placed.insert(denizen.clone(), *lane);
        }
        A::TurnHireling { hireling } => {
            if !plays.flipped.remove(hireling) {
                plays.flipped.insert(hireling.clone());
            }
        }
        A::TurnAbsorbed { piece } => {
            if !plays.flipped.remove(piece) {
                plays.flipped.insert(piece.clone());
            }
        }
        A::TakeBackPlays => *plays = Plays::default(),
        A::EndPlays => plays.done = true,
        other => return Err(RuleError::internal(format!("{other:?} is not a play"))),
    }
    events.push(Event::private(
        "8.4.5",
        seat,
        format!("{} {}.", who::who(cat, state, seat), play_words(action)),
        E::PlayMade { seat },
    ));
    Ok(events)
}

/// A secret play, in words for its player's log.
fn play_words(action: &A) -> String {
    use super::melee::chance::SheetPart;
    use super::round::lane_words;
    let circle = |lane| lane_words(SheetPart::Circles, lane);
    let square = |lane| lane_words(SheetPart::Target, lane);
    let red_box = |lane| lane_words(SheetPart::RedBoxes, lane);
    match action {
        A::PlayAttack { chit, lane } => {
            format!(
                "plays Fight chit {} in the {} circle",
                chit + 1,
                circle(*lane)
            )
        }
        A::PlayGloves { lane } => format!("plays his Gloves in the {} circle", circle(*lane)),
        A::PlayCreatureAttack { lane } => {
            format!("attacks as his creature in the {} circle", circle(*lane))
        }
        A::PlayPartAttack { lane } => {
            format!(
                "attacks with his creature's head or club in the {} circle",
                circle(*lane)
            )
        }
        A::PlaySpellAttack { lane } => {
            format!("directs his spell from the {} circle", circle(*lane))
        }
        A::PlayManeuver { with, lane } => {
            let what = match with {
                ManeuverPlay::Chit { chit } => format!("Move chit {}", chit + 1),
                ManeuverPlay::Horse { galloping: true } => "his horse, galloping".into(),
                ManeuverPlay::Horse { galloping: false } => "his horse, walking".into(),
                ManeuverPlay::Boots => "his Boots".into(),
                ManeuverPlay::Fly { .. } => "his Fly chit".into(),
                ManeuverPlay::Creature => "his creature's move".into(),
                ManeuverPlay::Mist => "the Move chit of his mist".into(),
            };
            format!("plays {what} in the {} square", square(*lane))
        }
        A::PlaceShield { lane } => format!("puts his shield in the {} box", red_box(*lane)),
        A::PlaceDenizen { denizen, lane } => {
            format!(
                "puts {denizen} in lane {} ({} box)",
                lane.number(),
                red_box(*lane)
            )
        }
        A::TurnHireling { hireling } => format!("turns {hireling} over"),
        A::TurnAbsorbed { piece } => format!("turns {piece} over (Absorb Essence)"),
        A::TakeBackPlays => "takes back his plays".into(),
        A::EndPlays => "has made his plays".into(),
        other => format!("{other:?}"),
    }
}

/// Runs the plays on: when every character has finished, they are revealed and resolved.
pub fn progress(
    cat: &Catalog,
    state: &mut GameState,
    events: &mut Events,
) -> Result<bool, RuleError> {
    let Some(combat) = current(state) else {
        return Ok(true);
    };
    if combat
        .plays
        .iter()
        .any(|(s, p)| !p.done && !combat.gone.contains(s))
    {
        return Ok(false);
    }
    super::round::resolve(cat, state, events)?;
    Ok(true)
}
