//! What one viewer may know (rule 4.5): face-down cards and chits show only their kind,
//! and a seat's secret records (spells, enchantments planned, starting Dwelling, victory
//! requirements) appear in that seat's view alone.

use crate::engine::{Seat, Viewer};
use crate::magic_realm::catalog::characters::CharacterId;
use crate::magic_realm::catalog::denizens::NativeGroup;
use crate::magic_realm::map::{ClearingRef, RealmMap};
use crate::magic_realm::pieces::{Facing, PieceId, PieceKind, Place};
use crate::magic_realm::state::{
    ChitStatus, Discoveries, EquipmentNeed, Fate, GameState, SecretRecord, Step, Task, TurnRecord,
};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// A piece as a viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "seen", rename_all = "camelCase")]
pub enum SeenPiece {
    /// Face up, or known to this viewer.
    Known { piece: PieceId, facing: Facing },
    /// Face down and unknown: only the kind shows.
    Hidden { kind: PieceKind },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct PileView {
    pub place: Place,
    /// Bottom to top.
    pub pieces: Vec<SeenPiece>,
}

/// The public part of a seat's character sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct SeatView {
    pub seat: Seat,
    pub character: Option<CharacterId>,
    pub level: u8,
    pub chits: Vec<ChitStatus>,
    pub hidden: bool,
    /// 4.5.3: his recorded gold is secret: shown to his own seat (and the omniscient
    /// viewer) only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub gold: Option<i32>,
    /// Recorded Fame, exactly (8.7: a shared kill keeps fractions).
    pub fame: crate::magic_realm::points::Points,
    /// Recorded Notoriety, exactly.
    pub notoriety: crate::magic_realm::points::Points,
    pub equipment_pending: Vec<EquipmentNeed>,
    pub fate: Fate,
    /// Belongings the character has deactivated (4.3.1), as far as the viewer can tell
    /// them apart: a face-down Treasure card is not listed to other seats (4.3.5).
    pub inactive: Vec<PieceId>,
    /// 7.2.4: the mission and campaign chits he carries (face up, so public).
    pub tasks: Vec<Task>,
    /// 4.6.7a: his curses.
    pub curses: Vec<crate::magic_realm::catalog::tables::Curse>,
    /// Unleash Power: his Magic chits that are Move/Fight chits now, with their strength.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub move_fight: Vec<(u8, crate::magic_realm::catalog::common::Size)>,
}

/// A seat's own secrets, shown to that seat only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct OwnView {
    pub seat: Seat,
    pub secret: SecretRecord,
    pub discoveries: Discoveries,
    /// Today's turn record (6.2).
    pub record: TurnRecord,
    /// 7.7: the natives the seat has hired, with the last day of each term.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub hirelings: Vec<crate::magic_realm::day::meeting::Hireling>,
    /// 7.6: boons the seat owes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub boons: Vec<crate::magic_realm::day::meeting::Boon>,
    /// 7.6, 7.7: the Meeting Table result waiting for the seat's answer (his own, or his
    /// hired leader's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub meeting: Option<crate::magic_realm::day::meeting::Offer>,
    /// Phantasm: the turn recorded for his phantasm today (secret, like his own).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub phantasm_record: Vec<crate::magic_realm::state::Activity>,
    /// Witch, Familiar: where her familiar is (hers alone to see).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub familiar: Option<crate::magic_realm::map::ClearingRef>,
    /// Witch, Familiar: the turn recorded for her familiar today (secret, like her own).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub familiar_record: Vec<crate::magic_realm::state::Activity>,
    /// 6.2.5: the turns recorded for his controlled monsters today (secret, like his own).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub monster_turns: Vec<crate::magic_realm::day::monster_turns::MonsterTurn>,
    /// 7.2.1: the gold his controlled monsters record for him (his hired leaders' is in
    /// `hirelings`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub carried_gold: Vec<(PieceId, i32)>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct MagicRealmView {
    pub viewer: Viewer,
    pub step: Step,
    pub days: u8,
    pub map: RealmMap,
    pub piles: Vec<PileView>,
    pub seats: Vec<SeatView>,
    /// The viewing seat's secrets; every seat's for the omniscient viewer.
    pub own: Vec<OwnView>,
    pub today: DayView,
    /// 8.4.3: the spells bewitching their targets (their Magic chits are on them).
    pub spells: Vec<crate::magic_realm::combat::spells::SpellInEffect>,
}

/// The public state of the day: the prowling row, whose turn and which phase, and who is
/// blocked (7.12) or has found hidden enemies (7.5.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct DayView {
    /// 0 before Sunrise.
    pub monster_roll: u8,
    pub turn_of: Option<Seat>,
    /// The phase being done (from 0).
    pub phase: usize,
    pub blocked: Vec<Seat>,
    pub found_enemies: Vec<Seat>,
    /// 7.11: who follows whom today (follower, guide), once revealed at Sunrise: the
    /// characters following characters.
    pub following: Vec<(Seat, Seat)>,
    /// 8.1.3: the clearing taking its Evening turn.
    pub evening_at: Option<ClearingRef>,
    /// 8.2: the native groups battling each character there (character's seat, group).
    pub battling: Vec<(Seat, NativeGroup)>,
    /// 8.3 to 8.8: the combat in the clearing, with other seats' secret plays withheld
    /// until they are revealed (8.4.5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub combat: Option<crate::magic_realm::combat::Combat>,
    /// 8.4.5, 8.4.7: in that combat, each denizen with the counter that fights with it (a
    /// native's horse, a monster's head or club), so a sheet can be drawn with them.
    #[serde(default)]
    pub companions: Vec<(PieceId, PieceId)>,
    /// Phantasm: each controlling character's phantasm and the clearing it is in.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub phantasms: Vec<(Seat, ClearingRef)>,
}

/// Unleash Power: the seat's chits that are Move/Fight chits now (public: the spell and
/// its targets are).
fn move_fight_chits(
    state: &GameState,
    seat: Seat,
) -> Vec<(u8, crate::magic_realm::catalog::common::Size)> {
    use crate::magic_realm::catalog::characters::ChitKind;
    let Ok(cat) = crate::magic_realm::game::data() else {
        return Vec::new();
    };
    crate::magic_realm::day::who::chits(cat, state, seat)
        .filter_map(|(i, c, _)| match c.kind {
            ChitKind::MoveFight { strength } => Some((i, strength)),
            _ => None,
        })
        .collect()
}

/// 6.3.2: each follower's counter (a character, hired leader or controlled monster
/// following a guide today), and the pile it is put with: the active belongings of the
/// character or hired leader he follows.
fn followers_with_guides(state: &GameState) -> Vec<(PieceId, Place)> {
    use crate::magic_realm::day::following::Guide;
    let pile_of = |g: &Guide| -> Option<Place> {
        match g {
            Guide::Character { seat } => Some(Place::Belongings {
                character: state.seat(*seat)?.character.clone()?,
            }),
            Guide::Leader { leader } => Some(Place::Carried {
                by: crate::magic_realm::day::leaders::counter(leader),
            }),
            Guide::Monster { .. } => None,
        }
    };
    let mut out = Vec::new();
    for (f, g) in &state.today.following {
        let id = state.seat(*f).and_then(|s| s.character.clone());
        if let (Some(id), Some(place)) = (id, pile_of(g)) {
            out.push((PieceId::Character { id }, place));
        }
    }
    for (leader, g) in &state.today.leaders_following {
        if let Some(place) = pile_of(g) {
            out.push((crate::magic_realm::day::leaders::counter(leader), place));
        }
    }
    for m in &state.today.monsters_following {
        // 6.2.5: one whose controller recorded no Follow for it follows its controller.
        let guide = state.today.monster_guides.get(m).cloned().or_else(|| {
            let cat = crate::magic_realm::game::data().ok()?;
            crate::magic_realm::combat::spells::bewitched::controller(cat, state, m)
                .map(Guide::character)
        });
        if let Some(place) = guide.as_ref().and_then(pile_of) {
            out.push((m.clone(), place));
        }
    }
    out
}

/// 6.3.2: moves each follower's counter, as the viewer sees it, from the map to his
/// guide's pile (piles left empty are dropped; the piles stay sorted by place).
fn put_followers_with_guides(state: &GameState, piles: &mut Vec<PileView>) {
    let moves = followers_with_guides(state);
    if moves.is_empty() {
        return;
    }
    for (piece, to) in moves {
        let mut found = None;
        for pile in piles.iter_mut() {
            let on_map = matches!(
                pile.place,
                Place::Clearing { .. }
                    | Place::Tile { .. }
                    | Place::Roadway { .. }
                    | Place::Flying { .. }
                    | Place::FlownAway { .. }
            );
            if !on_map {
                continue;
            }
            if let Some(i) = pile
                .pieces
                .iter()
                .position(|s| matches!(s, SeenPiece::Known { piece: p, .. } if *p == piece))
            {
                found = Some(pile.pieces.remove(i));
                break;
            }
        }
        let Some(seen) = found else {
            continue;
        };
        match piles.iter_mut().find(|p| p.place == to) {
            Some(pile) => pile.pieces.push(seen),
            None => piles.push(PileView {
                place: to,
                pieces: vec![seen],
            }),
        }
    }
    piles.retain(|p| !p.pieces.is_empty());
    piles.sort_by(|a, b| a.place.cmp(&b.place));
}

pub fn view(state: &GameState, viewer: Viewer) -> MagicRealmView {
    let omniscient = matches!(viewer, Viewer::Omniscient);
    let known = match viewer {
        Viewer::Seat { seat } => {
            let mut known = state
                .seat(seat)
                .map(|s| s.known.clone())
                .unwrap_or_default();
            // 4.6.5c: the owner of an Artifact or Spell Book may look at its awakened cards.
            for piece in crate::magic_realm::day::belongings::owned(state, seat) {
                if let PieceId::Treasure { id } = piece {
                    let with = Place::WithItem { item: id };
                    known.extend(state.piles.pile(&with).iter().map(|c| c.piece.clone()));
                }
            }
            known
        }
        _ => Default::default(),
    };
    let piles = state
        .piles
        .iter()
        .map(|(place, pile)| PileView {
            place: place.clone(),
            pieces: pile
                .iter()
                .map(|c| {
                    if c.facing.is_secret() && !omniscient && !known.contains(&c.piece) {
                        SeenPiece::Hidden {
                            kind: c.piece.kind(),
                        }
                    } else {
                        SeenPiece::Known {
                            piece: c.piece.clone(),
                            facing: c.facing,
                        }
                    }
                })
                .collect(),
        })
        .collect();
    let mut piles = piles;
    put_followers_with_guides(state, &mut piles);
    let seats = state
        .all_seats()
        .filter_map(|seat| {
            let s = state.seat(seat)?;
            Some(SeatView {
                seat,
                character: s.character.clone(),
                level: s.level,
                chits: s.chits.clone(),
                hidden: s.hidden,
                gold: viewer.sees_secrets_of(seat).then_some(s.gold),
                fame: s.fame,
                notoriety: s.notoriety,
                equipment_pending: s.equipment_pending.clone(),
                fate: s.fate,
                inactive: s
                    .inactive
                    .iter()
                    .filter(|p| {
                        omniscient
                            || viewer.sees_secrets_of(seat)
                            || known.contains(*p)
                            || !state
                                .piles
                                .find(p)
                                .is_some_and(|(_, c)| c.facing.is_secret())
                    })
                    .cloned()
                    .collect(),
                tasks: s.tasks.clone(),
                curses: s.curses.iter().copied().collect(),
                move_fight: move_fight_chits(state, seat),
            })
        })
        .collect();
    let own = state
        .all_seats()
        .filter(|seat| viewer.sees_secrets_of(*seat))
        .filter_map(|seat| {
            let s = state.seat(seat)?;
            Some(OwnView {
                seat,
                secret: s.secret.clone(),
                discoveries: s.discoveries.clone(),
                record: s.record.clone(),
                hirelings: s.hirelings.clone(),
                boons: s.boons.clone(),
                meeting: match &state.today.pending {
                    Some(crate::magic_realm::state::Pending::Meeting { offer })
                        if crate::magic_realm::day::daylight::turn_of(state) == Some(seat) =>
                    {
                        Some(offer.clone())
                    }
                    // 7.6, 7.7: or the result his hired leader rolled, which he answers.
                    _ => state
                        .today
                        .leader_turn
                        .as_ref()
                        .and_then(|t| t.offer.clone())
                        .filter(|_| {
                            crate::magic_realm::day::leaders::awaiting(state)
                                .is_some_and(|(e, _)| e == seat)
                        }),
                },
                phantasm_record: state
                    .today
                    .phantasms
                    .get(&seat)
                    .map(|p| p.record.clone())
                    .unwrap_or_default(),
                familiar: crate::magic_realm::day::phantasm::familiar_at(state, seat),
                familiar_record: state
                    .familiars
                    .get(&seat)
                    .map(|p| p.record.clone())
                    .unwrap_or_default(),
                monster_turns: state
                    .today
                    .monster_turns
                    .iter()
                    .filter(|t| t.controller == seat)
                    .cloned()
                    .collect(),
                carried_gold: state
                    .carried_gold
                    .iter()
                    .filter(|(p, _)| {
                        crate::magic_realm::game::data().is_ok_and(|cat| {
                            crate::magic_realm::day::carried::employer(cat, state, p) == Some(seat)
                        })
                    })
                    .cloned()
                    .collect(),
            })
        })
        .collect();
    MagicRealmView {
        viewer,
        step: state.step.clone(),
        days: state.days,
        map: state.map.clone(),
        piles,
        seats,
        own,
        spells: state.spells.clone(),
        today: DayView {
            monster_roll: state.today.monster_roll,
            turn_of: crate::magic_realm::day::daylight::turn_of(state),
            phase: state.today.phase,
            blocked: state.today.blocked.iter().copied().collect(),
            found_enemies: state.today.found_enemies.iter().copied().collect(),
            following: state
                .today
                .following
                .iter()
                .filter_map(|(f, g)| match g {
                    crate::magic_realm::day::following::Guide::Character { seat } => {
                        Some((*f, *seat))
                    }
                    crate::magic_realm::day::following::Guide::Leader { .. }
                    | crate::magic_realm::day::following::Guide::Monster { .. } => None,
                })
                .collect(),
            evening_at: matches!(state.step, Step::Evening { .. })
                .then(|| crate::magic_realm::day::evening::current(state))
                .flatten(),
            battling: state
                .today
                .evening
                .battling
                .iter()
                .map(|o| (o.seat, o.group))
                .collect(),
            combat: crate::magic_realm::combat::current(state).map(|c| {
                let mut c = c.clone();
                if c.stage == crate::magic_realm::combat::CombatStage::Plays && !omniscient {
                    // 8.4.5: plays are secret until revealed; a seat sees its own.
                    c.plays
                        .retain(|s, _| matches!(viewer, Viewer::Seat { seat } if seat == *s));
                }
                c
            }),
            companions: match (
                crate::magic_realm::game::data(),
                crate::magic_realm::combat::current(state),
            ) {
                (Ok(cat), Some(c)) => {
                    crate::magic_realm::combat::fighters::companions(cat, state, c)
                }
                _ => Vec::new(),
            },
            phantasms: crate::magic_realm::day::phantasm::on_map(state),
        },
    }
}
