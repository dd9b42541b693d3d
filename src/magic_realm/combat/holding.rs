//! Tremendous monsters holding their targets (rules 8.3.3, 8.3.6 a.8, 8.4.7, 8.6).
//!
//! A Tremendous monster (or its head or club) that hits its target and leaves him alive
//! turns red side up and holds him until one of them is killed (8.4.7). Holding a
//! character, it stays in its red box on his sheet from round to round ([`Combat::holding`]);
//! attacked there by a hireling, it goes onto a Melee Section of its own but picks no target
//! and goes on attacking him as if it were still in the matching red box on his sheet, and
//! it returns to his sheet when every attacker has left its own (8.3.6 a.8). Holding a
//! native (or another denizen, [`Combat::holding_denizens`]), it becomes the defender on its
//! own sheet at the start of each round with the native as its target; other denizens may
//! attack the monster there, but not the native (8.6).
//!
//! A character transmorphized into a Tremendous monster (8.4.7, the item on transmorphized
//! characters; Transform's Dragon, Absorb Essence of a Tremendous monster) holds the same
//! way: his hit on a target he leaves alive turns his monster red side up and he holds that
//! target ([`Combat::character_holds`]); from then on he names only that target, each hit
//! of his kills it outright, and the hold lasts until one of them is killed or gone or his
//! spell stops working. Held by a monster or by such a character, a character cannot run or
//! fly away, charge or play a horse ([`Combat::in_a_hold`]); the holding character cannot
//! run, fly away or charge either: he stays assigned to his target.

use super::hirelings::Duel;
use super::melee::{DenizenKind, MeleeStrike};
use super::spells::transform::{form_of_seat, Form};
use super::{current, current_mut, Combat, CombatTarget, Events};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::common::Side;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::who;
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::state::GameState;

impl Combat {
    /// 8.4.7: whether a red-side-up Tremendous monster, or a character transmorphized into
    /// one, holds the character of `seat`.
    pub fn is_held_character(&self, seat: Seat) -> bool {
        let target = CombatTarget::Character { seat };
        self.holding.values().any(|s| *s == seat)
            || self.character_holds.values().any(|t| *t == target)
    }

    /// 8.4.7: whether the character of `seat` is in a hold, held or (transmorphized into a
    /// Tremendous monster, red side up) holding: he cannot run or fly away, nor charge; a
    /// held character cannot play a horse either.
    pub fn in_a_hold(&self, seat: Seat) -> bool {
        self.is_held_character(seat) || self.character_holds.contains_key(&seat)
    }

    /// Whom the red-side-up Tremendous monster `monster` holds, if it holds anyone.
    pub fn held_by(&self, monster: &PieceId) -> Option<CombatTarget> {
        self.holding
            .get(monster)
            .map(|seat| CombatTarget::Character { seat: *seat })
            .or_else(|| {
                self.holding_denizens
                    .get(monster)
                    .map(|piece| CombatTarget::Denizen {
                        piece: piece.clone(),
                    })
            })
    }

    /// 8.6: whether `piece` is a denizen a Tremendous monster holds: no other denizen may
    /// attack it.
    pub fn is_held(&self, piece: &PieceId) -> bool {
        self.holding_denizens.values().any(|p| p == piece)
    }

    /// 8.3.6 a.8: each of `left` (defenders whose last attacker has left their sheet) that
    /// holds a character returns to his sheet, as the newest monster there; the others are
    /// returned for the caller to settle.
    pub(in crate::magic_realm::combat) fn back_to_held(
        &mut self,
        left: Vec<PieceId>,
    ) -> Vec<PieceId> {
        let mut rest = Vec::new();
        for monster in left {
            match self.holding.get(&monster).copied() {
                Some(seat) if !self.gone.contains(&seat) => {
                    let sheet = self.sheets.entry(seat).or_default();
                    if !sheet.contains(&monster) {
                        sheet.push(monster);
                    }
                }
                _ => rest.push(monster),
            }
        }
        rest
    }

    /// The monster lets go of whomever it holds; true if it held anyone.
    pub(in crate::magic_realm::combat) fn release(&mut self, monster: &PieceId) -> bool {
        let character = self.holding.remove(monster).is_some();
        let denizen = self.holding_denizens.remove(monster).is_some();
        character || denizen
    }

    /// The monsters holding `target`, who let go of him.
    pub(in crate::magic_realm::combat) fn release_holders_of(
        &mut self,
        target: &CombatTarget,
    ) -> Vec<PieceId> {
        let holders: Vec<PieceId> = match target {
            CombatTarget::Character { seat } => self
                .holding
                .iter()
                .filter(|(_, s)| *s == seat)
                .map(|(m, _)| m.clone())
                .collect(),
            CombatTarget::Denizen { piece } => self
                .holding_denizens
                .iter()
                .filter(|(_, p)| *p == piece)
                .map(|(m, _)| m.clone())
                .collect(),
        };
        for m in &holders {
            self.release(m);
        }
        holders
    }
}

/// 8.4.7: the monsters, having let go, turn red side down (those still in play).
pub fn let_go(
    state: &mut GameState,
    monsters: &[PieceId],
    rule: &'static str,
    events: &mut Events,
) {
    for monster in monsters {
        if !matches!(state.piles.place_of(monster), Some(Place::Clearing { .. })) {
            continue;
        }
        state.piles.set_facing(monster, Facing::Light);
        events.push(Event::public(
            rule,
            format!("{monster} lets go and turns red side down."),
            E::LetGo {
                monster: monster.clone(),
            },
        ));
    }
}

/// 8.4.7: the Tremendous monster `monster` has hit the denizen `target` without killing
/// him: it turns red side up and holds him until one of them is killed.
pub fn hold_denizen(
    state: &mut GameState,
    monster: &PieceId,
    target: &PieceId,
    events: &mut Events,
) -> Result<(), RuleError> {
    let alive = |p: &PieceId| matches!(state.piles.place_of(p), Some(Place::Clearing { .. }));
    if !alive(monster) || !alive(target) {
        return Ok(());
    }
    if current(state).is_some_and(|c| c.held_by(monster).is_some()) {
        return Ok(());
    }
    state.piles.set_facing(monster, Facing::Dark);
    current_mut(state)?
        .holding_denizens
        .insert(monster.clone(), target.clone());
    events.push(Event::public(
        "8.4.7",
        format!("{monster} turns red side up: it holds {target}."),
        E::HoldingDenizen {
            monster: monster.clone(),
            denizen: target.clone(),
        },
    ));
    Ok(())
}

/// 8.3.3, 8.6: as a new round starts, the red-side-up Tremendous monsters stay assigned to
/// their targets: one holding a character is (back) in a red box on his sheet; one holding
/// a native becomes the defender on its own sheet with the native automatically its target.
/// A hold whose monster or target has left the clearing ends.
pub fn hold_on(state: &mut GameState, events: &mut Events) -> Result<(), RuleError> {
    let Some(combat) = current(state) else {
        return Ok(());
    };
    let here = Place::Clearing { at: combat.at };
    let holds: Vec<(PieceId, PieceId)> = combat
        .holding_denizens
        .iter()
        .map(|(m, d)| (m.clone(), d.clone()))
        .collect();
    let mut ended = Vec::new();
    for (monster, native) in holds {
        let present = |p: &PieceId| state.piles.place_of(p) == Some(&here);
        if !present(&monster) || !present(&native) {
            current_mut(state)?.release(&monster);
            ended.push(monster);
            continue;
        }
        let combat = current_mut(state)?;
        combat.unassign(&native);
        combat.unassign(&monster);
        combat.duels.push(Duel {
            defender: monster.clone(),
            attackers: vec![native.clone()],
            target: Some(native.clone()),
        });
        events.push(Event::public(
            "8.6",
            format!("{monster} still holds {native}: it defends on its own Melee Section with {native} as its target."),
            E::StillHolding {
                monster,
                target: CombatTarget::Denizen { piece: native },
            },
        ));
    }
    let_go(state, &ended, "8.4.7", events);
    let combat = current_mut(state)?;
    let holders: Vec<PieceId> = combat.holding.keys().cloned().collect();
    combat.back_to_held(holders);
    Ok(())
}

/// 8.3.6 a.8: a hireling attacks the red-side-up Tremendous monster `monster` that holds a
/// character: it is on its own Melee Section now, but picks no target there.
pub fn attacked_while_holding(
    cat: &Catalog,
    state: &GameState,
    monster: &PieceId,
    events: &mut Events,
) {
    let Some(CombatTarget::Character { seat }) = current(state).and_then(|c| c.held_by(monster))
    else {
        return;
    };
    events.push(Event::public(
        "8.3.6",
        format!(
            "{monster} is attacked on its own Melee Section but still holds {}: it goes on attacking him.",
            who::who(cat, state, seat)
        ),
        E::StillHolding {
            monster: monster.clone(),
            target: CombatTarget::Character { seat },
        },
    ));
}

/// 8.4.7: whether `form` is a Tremendous monster (a Tremendous Transform creature, or an
/// absorbed Tremendous monster).
pub fn tremendous_form(form: &Form) -> bool {
    matches!(form.body.kind, DenizenKind::Monster { tremendous: true })
}

/// 8.4.7: the Tremendous creature `form` red side up: its red side's values; a Transform
/// creature, which has the same values on both sides, keeps its attack time but its hits
/// kill outright, as a red side's do.
pub fn red_side_up(mut form: Form) -> Form {
    if !tremendous_form(&form) {
        return form;
    }
    form.body.side = Side::Dark;
    if form.monster.is_none() {
        if let Some(attack) = form.body.dark.attack.as_mut() {
            attack.strike = MeleeStrike::HoldAndKill;
        }
    }
    form
}

/// Whether `target` is still in the fight in this combat: a character not gone, a denizen
/// in the clearing and not turned into mist.
fn still_here(cat: &Catalog, state: &GameState, combat: &Combat, target: &CombatTarget) -> bool {
    let here = match target {
        CombatTarget::Character { seat } => !combat.gone.contains(seat),
        CombatTarget::Denizen { piece } => {
            state.piles.place_of(piece) == Some(&Place::Clearing { at: combat.at })
        }
    };
    here && !super::spells::mist::misted(cat, state, target)
}

/// 8.4.7: the character of `seat` hit `target`: if he is transmorphized into a Tremendous
/// monster and left the target alive, his monster turns red side up and he holds him (he
/// already holding someone, nothing changes).
pub fn character_hit(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    target: &CombatTarget,
    events: &mut Events,
) -> Result<(), RuleError> {
    if !form_of_seat(cat, state, seat).is_some_and(|f| tremendous_form(&f)) {
        return Ok(());
    }
    let Some(combat) = current(state) else {
        return Ok(());
    };
    if combat.gone.contains(&seat)
        || combat.character_holds.contains_key(&seat)
        || !still_here(cat, state, combat, target)
    {
        return Ok(());
    }
    current_mut(state)?
        .character_holds
        .insert(seat, target.clone());
    events.push(Event::public(
        "8.4.7",
        format!(
            "{} turns red side up: he holds {}.",
            who::who(cat, state, seat),
            target.name(cat, state)
        ),
        E::CharacterHolding {
            seat,
            target: target.clone(),
        },
    ));
    Ok(())
}

/// 8.4.7: the holds of transmorphized characters that have ended let go: the holder or his
/// target killed or gone from the combat (or turned into mist), or the holder no longer a
/// Tremendous monster (his spell broken or nullified). His monster turns red side down.
pub fn release_character_holds(
    cat: &Catalog,
    state: &mut GameState,
    events: &mut Events,
) -> Result<(), RuleError> {
    let Some(combat) = current(state) else {
        return Ok(());
    };
    let ended: Vec<Seat> = combat
        .character_holds
        .iter()
        .filter(|(seat, target)| {
            combat.gone.contains(seat)
                || !form_of_seat(cat, state, **seat).is_some_and(|f| tremendous_form(&f))
                || !still_here(cat, state, combat, target)
        })
        .map(|(seat, _)| *seat)
        .collect();
    for seat in ended {
        current_mut(state)?.character_holds.remove(&seat);
        events.push(Event::public(
            "8.4.7",
            format!(
                "{} lets go and turns red side down.",
                who::who(cat, state, seat)
            ),
            E::CharacterLetGo { seat },
        ));
    }
    Ok(())
}
