//! The situation of a Melee Step (rules 8.4.2 to 8.4.5): who fights whom, built from the
//! game for the [`melee`](super::melee) kernel — each character with his plays, each
//! denizen with its side, horse, head or club, every Melee Section and target — either
//! whole (to resolve the step) or as one character may see it (the odds query, 4.5).

use super::fighters::{self, companion};
use super::melee::{self, CharacterAttack, FighterId, Lane, MeleeFighter, Sheet, Situation};
use super::{current, CombatTarget, Plays};
use crate::engine::{RuleError, Seat};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::GameState;
use std::collections::BTreeMap;

/// Who each fighter of the situation is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Who {
    Character(Seat),
    Denizen(PieceId),
}

impl Who {
    pub fn of(target: &CombatTarget) -> Who {
        match target {
            CombatTarget::Character { seat } => Who::Character(*seat),
            CombatTarget::Denizen { piece } => Who::Denizen(piece.clone()),
        }
    }

    pub fn target(&self) -> CombatTarget {
        match self {
            Who::Character(seat) => CombatTarget::Character { seat: *seat },
            Who::Denizen(piece) => CombatTarget::Denizen {
                piece: piece.clone(),
            },
        }
    }

    /// Still in the fight: a character not gone, a counter still in a clearing.
    pub fn alive(&self, state: &GameState) -> bool {
        match self {
            // Out of combat (the Toadstool Circle's Power of the Pit): while he plays.
            Who::Character(seat) => current(state).map_or_else(
                || crate::magic_realm::day::who::playing(state, *seat),
                |c| !c.gone.contains(seat),
            ),
            Who::Denizen(piece) => {
                matches!(state.piles.place_of(piece), Some(Place::Clearing { .. }))
            }
        }
    }
}

/// The situation built from the game, with who each fighter is and each character's armor
/// pieces by token.
pub struct Built {
    pub situation: Situation,
    pub who: Vec<Who>,
    pub armor: BTreeMap<Seat, Vec<PieceId>>,
    /// Indexes of `situation.attacks` made by Attack spells (they turn no weapon over).
    pub spell_attacks: Vec<usize>,
}

impl Built {
    pub fn id_of(&self, w: &Who) -> Option<FighterId> {
        self.who
            .iter()
            .position(|x| x == w)
            .and_then(|i| u16::try_from(i).ok())
            .map(FighterId)
    }
    pub fn who(&self, id: FighterId) -> Option<&Who> {
        self.who.get(usize::from(id.0))
    }

    /// The denizen a fighter is, or for a head or club the monster it belongs to (8.4.7:
    /// its hit counts as the monster's).
    pub(super) fn body_of(&self, id: FighterId) -> Option<PieceId> {
        let id = match self.situation.fighters.get(usize::from(id.0)) {
            Some(MeleeFighter::Denizen(d)) => match d.kind {
                melee::DenizenKind::Part { monster } => monster,
                _ => id,
            },
            _ => id,
        };
        match self.who(id)? {
            Who::Denizen(piece) => Some(piece.clone()),
            Who::Character(_) => None,
        }
    }
}

fn add(built: &mut Built, w: Who, f: MeleeFighter) -> FighterId {
    if let Some(id) = built.id_of(&w) {
        return id;
    }
    let id = FighterId(u16::try_from(built.who.len()).unwrap_or(u16::MAX));
    built.who.push(w);
    built.situation.fighters.push(f);
    id
}

pub(in crate::magic_realm::combat) fn add_denizen(
    cat: &Catalog,
    state: &GameState,
    built: &mut Built,
    piece: &PieceId,
) -> Option<(FighterId, Option<(FighterId, PieceId)>)> {
    let d = fighters::denizen(cat, state, piece, None)?;
    let id = add(built, Who::Denizen(piece.clone()), MeleeFighter::Denizen(d));
    let comp = companion(cat, state, piece).and_then(|c| {
        let d = fighters::denizen(cat, state, &c, Some(id))?;
        Some((
            add(built, Who::Denizen(c.clone()), MeleeFighter::Denizen(d)),
            c,
        ))
    });
    Some((id, comp))
}

/// The fighter a character attacks; an unassigned denizen that is attacked is put on its
/// own sheet, with no target of its own.
pub fn target_fighter(
    cat: &Catalog,
    state: &GameState,
    built: &mut Built,
    target: &CombatTarget,
) -> Option<FighterId> {
    match target {
        CombatTarget::Character { seat: t } => built.id_of(&Who::Character(*t)),
        CombatTarget::Denizen { piece } => match built.id_of(&Who::Denizen(piece.clone())) {
            Some(id) => Some(id),
            None => add_denizen(cat, state, built, piece).map(|(id, comp)| {
                let mut defender = vec![(id, Lane::ChargeThrust)];
                if let Some((cid, _)) = comp {
                    defender.push((cid, Lane::DodgeSwing));
                }
                built.situation.sheets.push(Sheet::Denizen {
                    defender,
                    target: Vec::new(),
                    circles: Vec::new(),
                    holds: None,
                });
                id
            }),
        },
    }
}

/// Whose plays a [`Situation`] is built from.
#[derive(Debug, Clone, Copy)]
pub enum Scope<'a> {
    /// Every character taking part with his revealed plays (8.4.5): the real resolution.
    Revealed,
    /// One character alone with the denizens on his sheet, playing `plays` (his
    /// candidate plays), for the odds query: only what he may know (4.5). No other
    /// character, sheet or secret play is read: other characters' attacks are not counted,
    /// and his attack counts only against a denizen on his sheet or an unassigned one.
    Own { seat: Seat, plays: &'a Plays },
}

impl<'a> Scope<'a> {
    pub(in crate::magic_realm::combat) fn includes(self, seat: Seat) -> bool {
        match self {
            Scope::Revealed => true,
            Scope::Own { seat: own, .. } => own == seat,
        }
    }

    pub(in crate::magic_realm::combat) fn plays_of(
        self,
        combat: &'a super::Combat,
        seat: Seat,
    ) -> Option<&'a Plays> {
        match self {
            Scope::Revealed => combat.plays.get(&seat),
            Scope::Own { seat: own, plays } => (own == seat).then_some(plays),
        }
    }

    /// Whether an attacked denizen that is not in the situation yet gets a sheet of its
    /// own. Seen from one character, a denizen on another character's sheet does not: its
    /// box there is that character's secret.
    pub(in crate::magic_realm::combat) fn stands_alone(
        self,
        combat: &super::Combat,
        piece: &PieceId,
    ) -> bool {
        match self {
            Scope::Revealed => true,
            Scope::Own { .. } => combat.sheet_of(piece).is_none(),
        }
    }
}

/// Builds the kernel's situation from the revealed plays.
pub fn build(cat: &Catalog, state: &GameState) -> Result<Built, RuleError> {
    build_scoped(cat, state, Scope::Revealed)
}

/// Builds the kernel's situation for `scope`: every character with his revealed plays, or
/// one character with candidate plays (see [`Scope`]).
pub fn build_scoped(cat: &Catalog, state: &GameState, scope: Scope) -> Result<Built, RuleError> {
    let combat = current(state).ok_or_else(|| RuleError::internal("no combat"))?;
    let mut built = Built {
        situation: Situation {
            first_round: combat.round <= 1,
            fighters: Vec::new(),
            sheets: Vec::new(),
            attacks: Vec::new(),
        },
        who: Vec::new(),
        armor: BTreeMap::new(),
        spell_attacks: Vec::new(),
    };
    let seats: Vec<Seat> = combat.fighting().filter(|s| scope.includes(*s)).collect();
    for &seat in &seats {
        let (fighter, armor) = fighters::character(cat, state, seat, scope.plays_of(combat, seat));
        built
            .armor
            .insert(seat, armor.into_iter().map(|(p, _)| p).collect());
        add(
            &mut built,
            Who::Character(seat),
            MeleeFighter::Character(fighter),
        );
    }
    for &seat in &seats {
        let Some(owner) = built.id_of(&Who::Character(seat)) else {
            continue;
        };
        let all = super::plays::counters(cat, state, combat, seat);
        if all.is_empty() {
            continue;
        }
        let placed = scope
            .plays_of(combat, seat)
            .map(|p| p.placed.clone())
            .unwrap_or_default();
        let lanes = super::plays::completed(&all, &placed);
        let mut boxes = Vec::new();
        for piece in combat.sheets.get(&seat).into_iter().flatten() {
            let Some((id, comp)) = add_denizen(cat, state, &mut built, piece) else {
                continue;
            };
            boxes.push((id, lanes.get(piece).copied().unwrap_or(Lane::ChargeThrust)));
            if let Some((cid, c)) = comp {
                boxes.push((cid, lanes.get(&c).copied().unwrap_or(Lane::DodgeSwing)));
            }
        }
        built
            .situation
            .sheets
            .push(Sheet::Character { owner, boxes });
    }
    // 8.4.2: the denizens fighting on their own sheets (seen from one character, these
    // are left out).
    if matches!(scope, Scope::Revealed) {
        super::hirelings::melee::add_duels(cat, state, combat, &mut built)?;
    }
    for (seat, target) in combat.targets.iter().filter(|(s, _)| scope.includes(**s)) {
        let Some(attacker) = built.id_of(&Who::Character(*seat)) else {
            continue;
        };
        // 8.4.5: a Fight chit, or his active Gloves card (4.4.5), with his weapon.
        let Some((attack, lane)) = scope.plays_of(combat, *seat).and_then(|p| {
            p.attack
                .map(|(chit, lane)| (Some(chit), lane))
                .or(p.gloves.map(|lane| (None, lane)))
        }) else {
            continue;
        };
        // Seen from one character, a denizen on another character's sheet is left out:
        // its box there is that character's secret.
        if let CombatTarget::Denizen { piece } = target {
            if built.id_of(&Who::Denizen(piece.clone())).is_none()
                && !scope.stands_alone(combat, piece)
            {
                continue;
            }
        }
        let Some(target) = target_fighter(cat, state, &mut built, target) else {
            continue;
        };
        let values = match attack {
            Some(chit) => fighters::attack_values(cat, state, *seat, chit),
            None => fighters::gloves_attack_values(cat, state, *seat),
        };
        let Some(values) = values else {
            continue;
        };
        // 4.6.7b: a Tremendous Strength Wish ready.
        let values = super::spells::wishes::with_strength(state, *seat, values);
        // 4.4.3d: Potions on his weapon (or his dagger).
        let weapon = fighters::active_weapon(cat, state, *seat).map(|(p, _)| p);
        let extras = super::treasures::extras(cat, state, *seat, weapon.as_ref());
        built.situation.attacks.push(CharacterAttack {
            attacker,
            target,
            lane,
            values,
            extras,
        });
    }
    // 8.4.4: the Attack spells attack like weapons.
    super::spells::attacks::add_to(cat, state, &mut built, scope);
    // 4.6.8d: transmorphized characters attack with their creatures' values.
    super::transmorphized::add_attacks(cat, state, &mut built, scope);
    Ok(built)
}
