//! Naming a spell's targets when the spellcaster's attention chit is picked (rule 8.4.2):
//! the sort of target the spell requires, in his clearing; a hidden character only after
//! finding hidden enemies (himself always); naming a character or denizen unhides him and
//! the target, sets an unhired native's group battling him and breaks a Peace on the
//! target. A spell with no proper target is broken before it goes into effect.

use super::{CastStatus, Ending, Events, SpellAim, SpellEffect};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::denizens::MonsterKind;
use crate::magic_realm::catalog::magic::SpellTarget;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::fighters::denizens_in;
use crate::magic_realm::combat::{current, current_mut, Combat, CombatTarget};
use crate::magic_realm::day::{hiding, who};
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::GameState;

/// Whether `seat` has a spell whose targets he must name now.
pub fn aiming(combat: &Combat, seat: Seat) -> bool {
    combat
        .casts
        .get(&seat)
        .is_some_and(|c| c.status == CastStatus::Cast)
}

/// Whether the spell takes any number of targets.
fn multiple(kind: SpellTarget) -> bool {
    matches!(
        kind,
        SpellTarget::AnyNumberOfIndividuals | SpellTarget::OwnMagicChits
    )
}

/// 8.4.2: the targets the spell may still be aimed at.
fn candidates(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<SpellAim> {
    let Some(cast) = combat.casts.get(&seat) else {
        return Vec::new();
    };
    let Some(kind) = cat.spells.get(&cast.spell).map(|s| s.target) else {
        return Vec::new();
    };
    let found = state.today.found_enemies.contains(&seat);
    let characters = || {
        combat
            .fighting()
            .filter(|s| *s == seat || found || !state.seat(*s).is_some_and(|x| x.hidden))
            .map(|s| SpellAim::Character { seat: s })
    };
    let out: Vec<SpellAim> = match kind {
        // A Leader spell may aim at a hired leader too: they take no turns of their own
        // yet, so only characters are offered.
        SpellTarget::Character | SpellTarget::Leader => characters().collect(),
        // Broomstick: a character of Light weight.
        SpellTarget::LightCharacter => characters()
            .filter(|a| match a {
                SpellAim::Character { seat } => {
                    crate::magic_realm::day::who::card(cat, state, *seat).is_some_and(|c| {
                        c.weight == crate::magic_realm::catalog::common::Size::Light
                    })
                }
                _ => false,
            })
            .collect(),
        // Any monster or native there, hirelings included (his own: treachery, 8.4.2g).
        SpellTarget::Individual | SpellTarget::AnyNumberOfIndividuals => characters()
            .chain(
                denizens_in(cat, state, combat.at)
                    .into_iter()
                    .chain(crate::magic_realm::combat::hirelings::in_combat(
                        cat, state, combat,
                    ))
                    .map(|piece| SpellAim::Denizen { piece }),
            )
            .collect(),
        SpellTarget::CastersClearing => vec![SpellAim::Clearing],
        SpellTarget::CastersTile => vec![SpellAim::Tile],
        SpellTarget::CharacterOrCastersTile => characters().chain([SpellAim::Tile]).collect(),
        // 8.4.2: one native group, or all the Giants or all the Ogres in his clearing.
        SpellTarget::HumanGroup => {
            let mut v: Vec<SpellAim> =
                crate::magic_realm::day::meeting::groups_here(cat, state, combat.at)
                    .into_iter()
                    .map(|group| SpellAim::Group { group })
                    .collect();
            for kind in [MonsterKind::Giant, MonsterKind::Ogre] {
                if !of_kind(cat, state, combat, kind).is_empty() {
                    v.push(SpellAim::Kind { kind });
                }
            }
            v
        }
        // Control Bats: all the uncontrolled Bats in his clearing.
        SpellTarget::AllBats => {
            if of_kind(cat, state, combat, MonsterKind::Bat).is_empty() {
                Vec::new()
            } else {
                vec![SpellAim::Kind {
                    kind: MonsterKind::Bat,
                }]
            }
        }
        // Absorb Essence: one monster in his clearing, even a hired or controlled one
        // (a character transmorphized into a monster is a character, not a monster).
        SpellTarget::Monster => denizens_in(cat, state, combat.at)
            .into_iter()
            .chain(crate::magic_realm::combat::hirelings::in_combat(
                cat, state, combat,
            ))
            .filter(|p| matches!(p, PieceId::Monster { .. }))
            .map(|piece| SpellAim::Denizen { piece })
            .collect(),
        // Control Dragon; Guide Spider or Octopus: one such monster in his clearing.
        SpellTarget::Dragon | SpellTarget::SpiderOrOctopus => {
            let kinds: &[MonsterKind] = if kind == SpellTarget::Dragon {
                &[MonsterKind::Dragon]
            } else {
                &[MonsterKind::Spider, MonsterKind::Octopus]
            };
            kinds
                .iter()
                .flat_map(|k| of_kind(cat, state, combat, *k))
                .map(|piece| SpellAim::Denizen { piece })
                .collect()
        }
        SpellTarget::AllGoblins => {
            if of_kind(cat, state, combat, MonsterKind::Goblin).is_empty() {
                Vec::new()
            } else {
                vec![SpellAim::Kind {
                    kind: MonsterKind::Goblin,
                }]
            }
        }
        // 8.4.2: a weapon counter owned by anyone in his clearing, or a native, Goblin,
        // Ogre or club counter there.
        SpellTarget::Weapon => {
            // 4.6.8b: the belongings transmorphized with a character are frozen (mist's,
            // all of them); a creature's untransmorphized weapons are not.
            let mut v: Vec<SpellAim> = combat
                .fighting()
                .flat_map(|s| super::carrying::unfrozen_belongings(cat, state, s))
                .filter(|p| matches!(p, PieceId::Weapon { .. }))
                .map(|piece| SpellAim::Weapon { piece })
                .collect();
            for piece in denizens_in(cat, state, combat.at) {
                if let Some(club) =
                    crate::magic_realm::combat::fighters::companion(cat, state, &piece)
                        .filter(|c| is_club(cat, c))
                {
                    v.push(SpellAim::Weapon { piece: club });
                }
                if armed_counter(cat, &piece) {
                    v.push(SpellAim::Weapon { piece });
                }
            }
            v
        }
        // 8.4.2: a spell already in effect whose caster or target is in his clearing.
        SpellTarget::Spell | SpellTarget::SpellOrCurse => {
            let mut v: Vec<SpellAim> = state
                .spells
                .iter()
                .filter(|s| super::in_clearing(state, combat, s))
                .map(|s| SpellAim::Spell {
                    caster: s.caster,
                    spell_box: s.spell_box,
                })
                .collect();
            // Remedy: a curse of a character in his clearing.
            if kind == SpellTarget::SpellOrCurse {
                for s in combat.fighting() {
                    for curse in state.seat(s).into_iter().flat_map(|x| x.curses.iter()) {
                        v.push(SpellAim::Curse {
                            seat: s,
                            curse: *curse,
                        });
                    }
                }
            }
            v
        }
        // 4.6.9c: his own active Magic chits of a type the spell alters.
        SpellTarget::OwnMagicChits => {
            if super::effect_named(cat, &cast.spell) == Some(SpellEffect::UnleashPower) {
                // Unleash Power: any of his active Magic chits.
                super::unleash::candidates(cat, state, seat, cast.magic_chit())
            } else {
                super::altering::candidates(cat, state, seat, &cast.spell, cast.magic_chit())
            }
        }
        // Whistle for Monsters: a face-up Sound chit anywhere on the map.
        SpellTarget::SoundChit => super::whistle::candidates(cat, state, combat.at.tile),
        // Enchant Artifact: an item he has active, with one of his recorded spells.
        SpellTarget::OwnArtifact => super::enchant_artifact::candidates(cat, state, seat),
        // Ask Demon: a Demon or Winged Demon in his clearing, hirelings included.
        SpellTarget::Demon => denizens_in(cat, state, combat.at)
            .into_iter()
            .chain(crate::magic_realm::combat::hirelings::in_combat(
                cat, state, combat,
            ))
            .filter(|p| match p {
                PieceId::Monster { id, .. } => cat
                    .denizens
                    .monster(id)
                    .is_some_and(|m| m.kind == MonsterKind::Demon),
                _ => false,
            })
            .map(|piece| SpellAim::Denizen { piece })
            .collect(),
        _ => Vec::new(),
    };
    out.into_iter().filter(|a| !cast.aims.contains(a)).collect()
}

pub fn options(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<A> {
    let hurricane = combat
        .casts
        .get(&seat)
        .is_some_and(|c| super::effect_named(cat, &c.spell) == Some(SpellEffect::HurricaneWinds));
    let mut out: Vec<A> = if hurricane {
        // Hurricane Winds: the target with the adjacent tile it flies to.
        let mut tiles = state.map.adjacent_tiles(combat.at.tile);
        tiles.sort();
        candidates(cat, state, combat, seat)
            .into_iter()
            .flat_map(|aim| {
                tiles.iter().map(move |to| A::AimSpellToward {
                    aim: aim.clone(),
                    to: *to,
                })
            })
            .collect()
    } else {
        candidates(cat, state, combat, seat)
            .into_iter()
            .map(|aim| A::AimSpell { aim })
            .collect()
    };
    if combat.casts.get(&seat).is_some_and(|c| !c.aims.is_empty()) {
        out.push(A::EndAim);
    } else {
        // No target: the spell is broken before it goes into effect.
        out.push(A::NoTarget);
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
    let cast = current(state)
        .and_then(|c| c.casts.get(&seat))
        .cloned()
        .ok_or_else(|| RuleError::internal("no spell to aim"))?;
    let kind = cat
        .spells
        .get(&cast.spell)
        .map(|s| s.target)
        .ok_or_else(|| RuleError::internal("unknown spell"))?;
    let name = who::who(cat, state, seat);
    let (action, toward) = match action {
        A::AimSpellToward { aim, to } => (&A::AimSpell { aim: aim.clone() }, Some(*to)),
        other => (other, None),
    };
    match action {
        A::AimSpell { aim } => {
            if let Some(target) = aim.individual() {
                // 8.4.2: naming an individual unhides the spellcaster and his target.
                hiding::unhide(
                    cat,
                    state,
                    seat,
                    "8.4.2",
                    "is no longer hidden.",
                    &mut events,
                );
                if let CombatTarget::Character { seat: other } = &target {
                    hiding::unhide(
                        cat,
                        state,
                        *other,
                        "8.4.2",
                        "is no longer hidden.",
                        &mut events,
                    );
                }
                if let CombatTarget::Denizen { piece } = &target {
                    // 8.4.2g: his own hireling chosen as the target of a spell rebels.
                    if crate::magic_realm::combat::hirelings::employer(cat, state, piece)
                        == Some(seat)
                    {
                        crate::magic_realm::combat::hirelings::rebels::treachery(
                            cat,
                            state,
                            seat,
                            piece,
                            &mut events,
                        )?;
                    }
                    // 8.2.3: a spell on an unhired native sets his group battling.
                    crate::magic_realm::combat::fighters::provoke(
                        cat,
                        state,
                        seat,
                        piece,
                        &mut events,
                    );
                }
                // Peace is broken when its target is named as the target of a spell; his
                // own pacification of it, when he names it.
                super::break_on(cat, state, &target, SpellEffect::Peace, &mut events);
                super::break_pacification(cat, state, seat, &target, &mut events);
            }
            let text = match aim {
                SpellAim::Character { seat: s } => who::who(cat, state, *s),
                SpellAim::Denizen { piece } => piece.to_string(),
                SpellAim::Clearing => "the clearing".to_string(),
                SpellAim::Tile => "the tile".to_string(),
                SpellAim::Spell { caster, .. } => {
                    format!("{}'s spell", who::who(cat, state, *caster))
                }
                SpellAim::Weapon { piece } => piece.to_string(),
                SpellAim::Group { group } => format!("the {group:?}"),
                SpellAim::Kind { kind } => format!("every {kind:?} here"),
                SpellAim::Curse { seat: s, curse } => {
                    format!("{}'s {curse:?} curse", who::who(cat, state, *s))
                }
                SpellAim::Chit { chit } => format!("his Magic chit {}", chit + 1),
                SpellAim::SoundChit { chit, to } => match to {
                    Some(t) => format!("the {} chit, to send it to {t:?}", chit.0),
                    None => format!("the {} chit", chit.0),
                },
                SpellAim::Enchant { item, spell } => format!(
                    "the {}, adding {}",
                    cat.items
                        .treasure(item)
                        .map_or_else(|| item.0.clone(), |t| t.name.clone()),
                    super::spell_name(cat, spell)
                ),
            };
            events.push(Event::public(
                "8.4.2",
                format!("{name} aims his spell at {text}."),
                E::SpellAimed {
                    seat,
                    aim: aim.clone(),
                },
            ));
            // All the monsters of a kind are recorded one by one.
            let aims = match aim {
                SpellAim::Kind { kind } => current(state)
                    .map(|c| of_kind(cat, state, c, *kind))
                    .unwrap_or_default()
                    .into_iter()
                    .map(|piece| SpellAim::Denizen { piece })
                    .collect(),
                other => vec![other.clone()],
            };
            // Melt into Mist: nobody attacks mist, so no attention chit goes on it.
            let mist = aim
                .individual()
                .is_some_and(|t| super::mist::misted(cat, state, &t));
            let combat = current_mut(state)?;
            if let Some(target) = aim.individual().filter(|_| !mist) {
                // His attention chit goes on the first individual named.
                combat.targets.entry(seat).or_insert(target);
            }
            if let Some(c) = combat.casts.get_mut(&seat) {
                c.aims.extend(aims);
                if toward.is_some() {
                    c.toward = toward;
                }
                if !multiple(kind) {
                    c.status = CastStatus::Aimed;
                }
            }
            if !multiple(kind) {
                combat.turn += 1;
            }
        }
        A::EndAim => {
            let combat = current_mut(state)?;
            if let Some(c) = combat.casts.get_mut(&seat) {
                c.status = CastStatus::Aimed;
            }
            combat.turn += 1;
        }
        A::NoTarget => {
            current_mut(state)?.turn += 1;
            let text = format!("{name} names no target: his spell is broken.");
            super::end_cast(
                state,
                seat,
                &cast,
                Ending::Broken,
                "8.4.2",
                text,
                &mut events,
            );
        }
        other => {
            return Err(RuleError::internal(format!(
                "{other:?} is not a spell's target"
            )))
        }
    }
    Ok(events)
}

/// Poison's targets among the denizens: natives, Goblins and Ogres.
fn armed_counter(cat: &Catalog, piece: &PieceId) -> bool {
    use crate::magic_realm::catalog::denizens::MonsterKind;
    match piece {
        PieceId::Native { .. } => true,
        PieceId::Monster { id, .. } => cat
            .denizens
            .monster(id)
            .is_some_and(|m| matches!(m.kind, MonsterKind::Goblin | MonsterKind::Ogre)),
        _ => false,
    }
}

/// Whether a monster part is a club (not a head).
fn is_club(cat: &Catalog, piece: &PieceId) -> bool {
    use crate::magic_realm::catalog::denizens::PartKind;
    match piece {
        PieceId::MonsterPart { id, .. } => cat
            .denizens
            .part(id)
            .is_some_and(|p| p.kind == PartKind::Club),
        _ => false,
    }
}

/// The uncontrolled monsters of `kind` in the combat's clearing.
fn of_kind(cat: &Catalog, state: &GameState, combat: &Combat, kind: MonsterKind) -> Vec<PieceId> {
    denizens_in(cat, state, combat.at)
        .into_iter()
        .filter(|p| match p {
            PieceId::Monster { id, .. } => cat.denizens.monster(id).is_some_and(|m| m.kind == kind),
            _ => false,
        })
        .collect()
}
