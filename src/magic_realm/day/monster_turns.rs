//! Controlled monsters' turns (rules 6.2.5, 7.1, 7.3.1, 7.3.3, 7.4, 7.5, 7.11, 7.12, 7.13):
//! each controlled monster on the map gets a turn of its own. Its controller records it in
//! Birdsong, in secret: two Basic phases and two Sunlight phases (none of the Sunlight ones
//! if it starts the day in a cave or records a Move into one), each a Move along open
//! roadways (a monster that flies must Fly instead, 7.3.3), a Hide or a Search (whose
//! table he picks when it comes, [`super::leader_search`]); or, as its whole turn, a
//! Follow of another character or a hired leader in its clearing ([`super::following`]).
//! A monster with a recorded turn does not follow its controller; one in his clearing with
//! none follows him (see [`super::steeds`]). At Sunrise the attention chit of each
//! controlled monster not following is mixed with the others; when it is picked the
//! monster is unhidden and does its phases at once (stopping only for its controller's
//! decisions). Unhired, uncontrolled monsters in its clearing block it at the end of a
//! phase if it is unhidden, which ends its turn, and the blocking orders of
//! [`super::blocking`] are carried out then; its turn ends with the prowling of 7.13 in its
//! tile.

use super::leader_search::Searcher;
use super::{birdsong, flying, prowling, steeds, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::tables::SearchPick;
use crate::magic_realm::catalog::tiles::TileId;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::spells::lost::{LostMove, LostMover, MinionWay};
use crate::magic_realm::combat::spells::{self, SpellAim, SpellEffect};
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::{Activity, Discoveries, GameState, Turner};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use tsify::Tsify;

type Events = Vec<Event<E>>;

/// 6.2.5: the turn a character records for a controlled monster of his today (its "extra
/// Turn Record"), secret like his own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MonsterTurn {
    pub monster: PieceId,
    /// The character who recorded it (the monster's controller in Birdsong).
    pub controller: Seat,
    pub record: Vec<Activity>,
    /// 7.4: it hid on its turn today (until it is blocked).
    #[serde(default)]
    pub hidden: bool,
    /// Its turn has begun (its attention chit was picked).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[tsify(optional)]
    pub begun: bool,
    /// The phases of its turn done so far.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[tsify(optional)]
    pub done: usize,
    /// 7.2.2, 7.2.1: its controller has finished with the start of the next phase (its
    /// belongings abandoned or given).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[tsify(optional)]
    pub ready: bool,
    /// 7.3.1: a climb into a mountain clearing is under way.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[tsify(optional)]
    pub climbing: bool,
    /// Lost (card rule 2): its Lost Move under way.
    #[serde(default, skip_serializing_if = "LostMove::is_idle")]
    #[tsify(optional)]
    pub lost: LostMove,
    /// 7.5: its Search phase waits for its controller to pick the table.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[tsify(optional)]
    pub searching: bool,
    /// 7.5: the Choice rows its controller may pick from (and where it searched).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub picks: Vec<SearchPick>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub search_at: Option<ClearingRef>,
    /// 7.5: the search of this phase is done.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[tsify(optional)]
    pub searched: bool,
    /// 4.5.4, 7.5.1: what it has discovered by its own Searches today (its control, a Day
    /// spell, ends with the day).
    #[serde(default, skip_serializing_if = "Discoveries::is_empty")]
    #[tsify(optional)]
    pub discoveries: Discoveries,
    /// 7.5.1: it found hidden enemies today.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[tsify(optional)]
    pub found_enemies: bool,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The monster's data.
fn monster<'a>(
    cat: &'a Catalog,
    piece: &PieceId,
) -> Option<&'a crate::magic_realm::catalog::denizens::Monster> {
    match piece {
        PieceId::Monster { id, .. } => cat.denizens.monster(id),
        _ => None,
    }
}

/// 7.3.3: whether the monster flies (it must use the Fly activity to move); 4.6.8,
/// 7.3.3: transmorphized, whether its creature flies.
pub fn flies(cat: &Catalog, state: &GameState, piece: &PieceId) -> bool {
    spells::transform::form_of_piece(cat, state, piece).map_or_else(
        || monster(cat, piece).is_some_and(|m| m.flying),
        |f| f.flies,
    )
}

/// The monster's name, for the log.
pub fn name(cat: &Catalog, piece: &PieceId) -> String {
    monster(cat, piece).map_or_else(
        || format!("{piece:?}"),
        |m| format!("the controlled {}", m.name),
    )
}

/// The clearing the monster is in.
pub fn clearing(state: &GameState, piece: &PieceId) -> Option<ClearingRef> {
    match state.piles.place_of(piece)? {
        Place::Clearing { at } => Some(*at),
        _ => None,
    }
}

/// 6.2.5: the monsters `seat` controls that are in clearings of the map, in a
/// deterministic order.
pub fn controlled_by(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<PieceId> {
    let mut out: Vec<PieceId> = state
        .spells
        .iter()
        .filter(|s| s.has(cat, SpellEffect::Control))
        .flat_map(|s| s.aims.iter())
        .filter_map(|a| match a {
            SpellAim::Denizen { piece } if matches!(piece, PieceId::Monster { .. }) => {
                Some(piece.clone())
            }
            _ => None,
        })
        .filter(|p| spells::controller(cat, state, p) == Some(seat))
        .filter(|p| clearing(state, p).is_some())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The turn recorded for the monster today, if any.
pub fn turn<'a>(state: &'a GameState, piece: &PieceId) -> Option<&'a MonsterTurn> {
    state
        .today
        .monster_turns
        .iter()
        .find(|t| &t.monster == piece)
}

pub(super) fn turn_mut<'a>(
    state: &'a mut GameState,
    piece: &PieceId,
) -> Option<&'a mut MonsterTurn> {
    state
        .today
        .monster_turns
        .iter_mut()
        .find(|t| &t.monster == piece)
}

/// 6.2.5: whether `seat` has recorded a turn for the monster today (it then takes its
/// own turn and does not follow him).
pub fn recorded(state: &GameState, seat: Seat, piece: &PieceId) -> bool {
    turn(state, piece).is_some_and(|t| t.controller == seat && !t.record.is_empty())
}

/// 7.4: whether the controlled monster hid on its turn today.
pub fn hidden(state: &GameState, piece: &PieceId) -> bool {
    turn(state, piece).is_some_and(|t| t.hidden)
}

/// 7.4, 8.3.4 c.3: the controlled monster becomes hidden (or unhidden).
pub fn set_hidden(state: &mut GameState, piece: &PieceId, hidden: bool) {
    if let Some(t) = turn_mut(state, piece) {
        t.hidden = hidden;
    }
}

/// 6.2.5, 6.2.2: a controlled monster's phases when it starts the day in `start`: two
/// Basic, two Sunlight unless it starts in a cave; no extra phases (it rides no horse).
fn entitlement(cat: &Catalog, state: &GameState, start: ClearingRef) -> birdsong::Entitlement {
    birdsong::Entitlement {
        basic: 2,
        sunlight: if who::is_cave(cat, state, start) {
            0
        } else {
            2
        },
        extra: Vec::new(),
        pony: false,
        reputation: false,
        lit: false,
        cards: Vec::new(),
    }
}

/// 7.3.1: the clearings one Move away for a controlled monster: along open roadways (it
/// has discovered no hidden path or secret passage of its own); 7.3.4, Melt into Mist
/// card rule 1: as a beast that walks the woods or as mist, more
/// ([`super::creatures::denizen_targets`]; `hoping` as it is recorded).
fn move_targets(
    cat: &Catalog,
    state: &GameState,
    piece: &PieceId,
    from: ClearingRef,
    hoping: bool,
) -> Vec<ClearingRef> {
    super::creatures::denizen_moves(cat, state, piece, from, &BTreeSet::new(), hoping)
}

/// 6.2.5, 7.3.1, 7.3.3, 7.4: what may come next in the monster's record: a monster that
/// flies Flies to the tile the record leaves it in or an adjacent one; one that does not
/// Moves along open roadways from where the record leaves it; either may Hide. Each must
/// fit its phases.
fn next_activities(
    cat: &Catalog,
    state: &GameState,
    piece: &PieceId,
    start: ClearingRef,
    record: &[Activity],
) -> Vec<Activity> {
    let mut candidates = Vec::new();
    if flies(cat, state, piece) {
        let tile = birdsong::flown_tile(record).unwrap_or(start.tile);
        candidates.extend(
            flying::in_reach(state, tile)
                .into_iter()
                .map(|to| Activity::Fly { to }),
        );
    } else {
        let (at, half) = birdsong::planned_position(cat, state, start, record);
        match half {
            Some(mountain) => candidates.push(Activity::Move { to: mountain }),
            None => candidates.extend(
                move_targets(cat, state, piece, at, true)
                    .into_iter()
                    .map(|to| Activity::Move { to }),
            ),
        }
    }
    candidates.push(Activity::Hide);
    // 6.2.5, 7.5: a Search, whose table its controller picks when it is done (4.6.8c: as
    // mist the phase is blank).
    candidates.push(Activity::Search);
    // 6.2.5, 6.2.7: a Follow of a character or hired leader in its clearing, as its whole
    // turn.
    if record.is_empty() {
        if let Some(controller) = spells::controller(cat, state, piece) {
            candidates.extend(super::monster_follow::candidates(
                cat, state, controller, start,
            ));
        }
    }
    let ent = entitlement(cat, state, start);
    candidates
        .into_iter()
        .filter(|a| {
            let mut longer = record.to_vec();
            longer.push(a.clone());
            birdsong::fits(cat, state, &ent, &longer)
        })
        .collect()
}

/// 6.2.5: what the seat may record for each of his controlled monsters in Birdsong.
pub fn record_options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    let mut out = Vec::new();
    for piece in controlled_by(cat, state, seat) {
        let Some(start) = clearing(state, &piece) else {
            continue;
        };
        let record = turn(state, &piece)
            .filter(|t| t.controller == seat)
            .map(|t| t.record.clone())
            .unwrap_or_default();
        for activity in next_activities(cat, state, &piece, start, &record) {
            out.push(A::RecordMonsterActivity {
                monster: piece.clone(),
                activity,
            });
        }
        if !record.is_empty() {
            out.push(A::TakeBackMonsterActivity { monster: piece });
        }
    }
    out
}

/// The monster's counter, for its controller's private log (no catalog at hand).
fn counter_name(piece: &PieceId) -> String {
    match piece {
        PieceId::Monster { id, n } => format!("{} #{}", id.0, u16::from(*n) + 1),
        other => format!("{other:?}"),
    }
}

/// Applies a legal recording action for a controlled monster (a record is dropped when
/// its last phase is taken back).
pub fn apply_record(state: &mut GameState, seat: Seat, action: &A) -> Result<Events, RuleError> {
    let (piece, text) = match action {
        A::RecordMonsterActivity { monster, activity } => {
            // A record left by an earlier controller is his no longer.
            state
                .today
                .monster_turns
                .retain(|t| &t.monster != monster || t.controller == seat);
            if turn(state, monster).is_none() {
                state.today.monster_turns.push(MonsterTurn {
                    monster: monster.clone(),
                    controller: seat,
                    record: Vec::new(),
                    hidden: false,
                    begun: false,
                    done: 0,
                    ready: false,
                    climbing: false,
                    lost: LostMove::default(),
                    searching: false,
                    picks: Vec::new(),
                    search_at: None,
                    searched: false,
                    discoveries: Discoveries::default(),
                    found_enemies: false,
                });
            }
            let t = turn_mut(state, monster)
                .ok_or_else(|| RuleError::internal("no record for this monster"))?;
            t.record.push(activity.clone());
            (
                monster,
                format!(
                    "Phase {} recorded for {}: {}.",
                    t.record.len(),
                    counter_name(monster),
                    birdsong::describe(activity)
                ),
            )
        }
        A::TakeBackMonsterActivity { monster } => {
            let t = turn_mut(state, monster)
                .filter(|t| t.controller == seat)
                .ok_or_else(|| RuleError::internal("no record for this monster"))?;
            t.record.pop();
            state.today.monster_turns.retain(|t| !t.record.is_empty());
            (
                monster,
                format!(
                    "The last phase recorded for {} is taken back.",
                    counter_name(monster)
                ),
            )
        }
        other => {
            return Err(RuleError::internal(format!(
                "{other:?} is not a controlled monster's recording"
            )))
        }
    };
    Ok(vec![Event::private(
        "6.2.5",
        seat,
        text,
        E::MonsterActivityRecorded {
            monster: piece.clone(),
        },
    )])
}

/// 6.2.5, 6.3.5: at Sunrise (after the controlled monsters in their controllers'
/// clearings with no recorded turn have begun to follow them), every other controlled
/// monster on the map takes a turn of its own: its attention chit is mixed with the others.
pub fn sunrise(cat: &Catalog, state: &GameState) -> Vec<Turner> {
    state
        .all_seats()
        .filter(|s| who::playing(state, *s))
        .flat_map(|controller| {
            controlled_by(cat, state, controller)
                .into_iter()
                .filter(|p| !state.today.monsters_following.contains(p))
                .map(move |monster| Turner::Monster {
                    controller,
                    monster,
                })
        })
        .collect()
}

/// 7.2.2, 7.2.1: the controller and controlled monster waiting at the start of one of the
/// monster's phases: it carries belongings, which it may abandon or give, or gold to give.
/// Lost (card rule 2): or for him to pick where its Lost Move goes.
pub fn awaiting(cat: &Catalog, state: &GameState) -> Option<(Seat, PieceId)> {
    let Some(Turner::Monster {
        controller,
        monster,
    }) = state.today.order.get(state.today.turn)
    else {
        return None;
    };
    let t = turn(state, monster).filter(|t| t.controller == *controller)?;
    let searching = (t.searching || !t.picks.is_empty())
        && spells::controller(cat, state, monster) == Some(*controller);
    (t.lost.choosing()
        || searching
        || t.begun
            && !t.ready
            && t.done < t.record.len()
            && spells::controller(cat, state, monster) == Some(*controller)
            && super::carried::may_decide(cat, state, monster))
    .then(|| (*controller, monster.clone()))
}

/// 7.2.2, 7.2.1: what the controller may do at the start of his monster's phase.
pub fn phase_start_options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    match awaiting(cat, state) {
        Some((controller, monster)) if controller == seat => match turn(state, &monster) {
            Some(t) if t.lost.choosing() => t.lost.options(),
            Some(t) if !t.picks.is_empty() => {
                super::leader_search::pick_options(state, &Searcher::Monster(monster))
            }
            Some(t) if t.searching => {
                super::leader_search::options(cat, state, &Searcher::Monster(monster))
            }
            _ => super::carried::phase_start_options(cat, state, &monster),
        },
        _ => Vec::new(),
    }
}

/// Applies a legal action at the start of a controlled monster's phase.
pub fn apply_phase_start(
    cat: &Catalog,
    state: &mut GameState,
    action: &A,
    events: &mut Events,
) -> Result<(), RuleError> {
    let (controller, monster) = awaiting(cat, state)
        .ok_or_else(|| RuleError::illegal("no controlled monster is starting a phase"))?;
    if let Some(t) = turn_mut(state, &monster).filter(|t| t.lost.choosing()) {
        return t.lost.apply(action);
    }
    // 7.5: its controller picks the table of its Search, then any Choice row.
    if let Some(t) = turn(state, &monster).filter(|t| t.searching || !t.picks.is_empty()) {
        let who = Searcher::Monster(monster.clone());
        return match action {
            A::MonsterSearch { monster: m, search } if *m == monster && t.searching => {
                super::leader_search::search(cat, state, controller, &who, search, events)
            }
            A::ChooseMonsterSearchResult { monster: m, pick } if *m == monster => {
                super::leader_search::pick(cat, state, controller, &who, *pick, events)
            }
            other => Err(RuleError::illegal(format!(
                "{other:?}: the controlled monster's search waits for its table or result (7.5)"
            ))),
        };
    }
    if let Some(done) = super::carried::apply_decision(cat, state, &monster, action, events) {
        return done;
    }
    match action {
        A::Proceed => {
            if let Some(t) = turn_mut(state, &monster) {
                t.ready = true;
            }
            Ok(())
        }
        other => Err(RuleError::illegal(format!(
            "{other:?}: at the start of its phase a controlled monster may only abandon or give belongings (7.2.1, 7.2.2)"
        ))),
    }
}

/// Takes the controlled monster's turn: unhidden as it starts (7.1.2), each recorded phase
/// in order, blocking at the end of each phase (7.12), and the end of its turn (7.13). A
/// monster blocked before its turn, no longer controlled by the character who recorded
/// it, or off the map, loses it. It needs no decision, except (7.2.2, 7.2.1) what it does
/// with what it carries at the start of a phase, and (Lost, card rule 2) where its Lost
/// Move goes: then it stops, and returns false. True when its turn is over.
pub fn take_turn(
    cat: &Catalog,
    state: &mut GameState,
    controller: Seat,
    piece: &PieceId,
    events: &mut Events,
) -> Result<bool, RuleError> {
    let who = name(cat, piece);
    let begun = turn(state, piece).is_some_and(|t| t.controller == controller && t.begun);
    if !begun {
        if state.today.blocked_monsters.contains(piece)
            || clearing(state, piece).is_none()
            || spells::controller(cat, state, piece) != Some(controller)
        {
            events.push(Event::public(
                "7.12",
                format!("{who} loses its turn today."),
                E::MonsterTurnLost {
                    monster: piece.clone(),
                },
            ));
            return Ok(true);
        }
        events.push(Event::public(
            "7.1.1",
            format!("{who}'s attention chit is picked: its turn begins."),
            E::MonsterTurnBegins {
                seat: controller,
                monster: piece.clone(),
            },
        ));
        if let Some(t) = turn_mut(state, piece).filter(|t| t.controller == controller) {
            t.hidden = false;
            t.begun = true;
        }
    }
    let record = turn(state, piece)
        .filter(|t| t.controller == controller)
        .map(|t| t.record.clone())
        .unwrap_or_default();
    let flier = flies(cat, state, piece);
    while let Some((i, mut climbing, ready, mut lost)) = turn(state, piece)
        .filter(|t| t.controller == controller)
        .map(|t| (t.done, t.climbing, t.ready, t.lost.clone()))
    {
        let Some(activity) = record.get(i) else {
            break;
        };
        // A control spell broken during its turn ends it.
        if state.today.blocked_monsters.contains(piece)
            || spells::controller(cat, state, piece) != Some(controller)
        {
            break;
        }
        // 7.2.2, 7.2.1: at the start of the phase its controller decides what it does
        // with what it carries.
        if !ready && awaiting(cat, state).is_some() {
            return Ok(false);
        }
        let phase = i + 1;
        let mut cave_landing = false;
        match activity {
            Activity::Move { to } if !flier => {
                let way = match clearing(state, piece) {
                    Some(from) => {
                        let targets = move_targets(cat, state, piece, from, false);
                        spells::lost::minion_way(
                            cat,
                            state,
                            &mut lost,
                            &LostMover::Denizen {
                                piece: piece.clone(),
                            },
                            (from, *to),
                            &targets,
                            climbing,
                            events,
                        )?
                    }
                    None => MinionWay::To(*to),
                };
                match way {
                    MinionWay::Choose => {
                        if let Some(x) = turn_mut(state, piece) {
                            x.lost = lost;
                        }
                        return Ok(false);
                    }
                    MinionWay::Nowhere => {
                        climbing = false;
                        events.push(Event::public(
                            "4.6.8",
                            format!(
                                "Phase {phase}: {who} is Lost and goes nowhere; the phase is blank."
                            ),
                            E::MonsterPhaseCancelled {
                                monster: piece.clone(),
                            },
                        ));
                    }
                    MinionWay::To(to) => {
                        climbing = do_move(cat, state, piece, to, climbing, phase, events);
                    }
                }
            }
            Activity::Fly { to } if flier => {
                climbing = false;
                do_fly(cat, state, piece, *to, phase, events);
                let flies_on = matches!(record.get(i + 1), Some(Activity::Fly { .. }));
                if !flies_on {
                    let at = land(cat, state, piece, events)?;
                    // 7.3.3: landing in a cave after a Sunlight phase (more than its two
                    // Basic phases done) cancels the rest of its turn.
                    cave_landing = at.is_some_and(|c| who::is_cave(cat, state, c)) && phase > 2;
                }
            }
            Activity::Hide => {
                climbing = false;
                hide(cat, state, piece, events);
            }
            // 4.6.8c: mist does not search.
            Activity::Search if spells::mist::forbids_piece(cat, state, piece, activity) => {
                climbing = false;
                events.push(Event::public(
                    "4.6.8",
                    format!("Phase {phase}: {who} is mist and cannot search; the phase is blank."),
                    E::MonsterPhaseCancelled {
                        monster: piece.clone(),
                    },
                ));
            }
            // 6.2.5, 7.5: its controller picks the table (and any Choice row) for it.
            Activity::Search if !turn(state, piece).is_some_and(|t| t.searched) => {
                if let Some(t) = turn_mut(state, piece) {
                    t.ready = true;
                    t.climbing = false;
                    t.lost = lost;
                    t.searching = t.picks.is_empty();
                }
                return Ok(false);
            }
            Activity::Search => climbing = false,
            // 6.3.2: a Follow whose guide was not in its clearing at Sunrise (or ran into
            // a ring of followers) is cancelled.
            Activity::Follow { .. } | Activity::FollowLeader { .. } => {
                climbing = false;
                events.push(Event::public(
                    "6.3.2",
                    format!("Phase {phase}: {who} has no guide to follow; the phase is blank."),
                    E::MonsterPhaseCancelled {
                        monster: piece.clone(),
                    },
                ));
            }
            other => {
                climbing = false;
                events.push(Event::public(
                    "6.2.5",
                    format!(
                        "Phase {phase}: {who} cannot do {}; the phase is blank.",
                        birdsong::describe(other)
                    ),
                    E::MonsterPhaseCancelled {
                        monster: piece.clone(),
                    },
                ));
            }
        }
        block(cat, state, piece, events);
        super::blocking::end_of_denizen_phase(cat, state, piece, events);
        if let Some(t) = turn_mut(state, piece) {
            t.done = phase;
            t.ready = false;
            t.searched = false;
            t.climbing = climbing;
            t.lost = lost;
        }
        if cave_landing && phase < record.len() {
            events.push(Event::public(
                "7.3.3",
                format!(
                    "{who} landed in a cave after a Sunlight phase: the rest of its turn is cancelled."
                ),
                E::MonsterPhaseCancelled {
                    monster: piece.clone(),
                },
            ));
            break;
        }
    }
    if let Some(t) = turn_mut(state, piece) {
        t.done = t.record.len();
        t.ready = false;
    }
    // 7.3.3: nobody stays in the air after his turn.
    if matches!(state.piles.place_of(piece), Some(Place::Flying { .. })) {
        land(cat, state, piece, events)?;
    }
    end_of_turn(cat, state, piece, events)?;
    Ok(true)
}

/// 7.3.1: a controlled monster moves along an open roadway (two consecutive Moves into a
/// mountain clearing), with its head or club. Returns whether a climb is under way.
fn do_move(
    cat: &Catalog,
    state: &mut GameState,
    piece: &PieceId,
    to: ClearingRef,
    climbing: bool,
    phase: usize,
    events: &mut Events,
) -> bool {
    let who = name(cat, piece);
    let Some(from) = clearing(state, piece) else {
        return false;
    };
    let targets = move_targets(cat, state, piece, from, false);
    let own = (
        E::MonsterPhaseCancelled {
            monster: piece.clone(),
        },
        E::MonsterClimbBegun {
            monster: piece.clone(),
            to,
        },
    );
    match super::moving::start_move(
        cat,
        state,
        &who,
        (from, to),
        &targets,
        climbing,
        phase,
        own,
        events,
    ) {
        super::moving::MoveStart::Blank => return false,
        super::moving::MoveStart::Climbing => return true,
        super::moving::MoveStart::Moves => {}
    }
    // 7.3.1: what it cannot carry stays behind (4.6.8b: what is transmorphized with it
    // weighs nothing; a creature carries the rest with its move strength).
    super::carried::leave_heavy(cat, state, piece, from, events);
    for p in steeds::with_part(cat, state, piece) {
        state.piles.move_to(&p, Place::Clearing { at: to }, None);
    }
    events.push(Event::public(
        "7.3.1",
        format!(
            "Phase {phase}: {who} moves from {} to {}.",
            who::name(cat, from),
            who::name(cat, to)
        ),
        E::MonsterMoved {
            monster: piece.clone(),
            from,
            to,
        },
    ));
    false
}

/// 7.3.3: a flying controlled monster flies (with its own flying values, its weight) to
/// its tile or an adjacent one, with its head or club; taking off unhides it (7.4).
fn do_fly(
    cat: &Catalog,
    state: &mut GameState,
    piece: &PieceId,
    to: TileId,
    phase: usize,
    events: &mut Events,
) {
    let who = name(cat, piece);
    let from = match state.piles.place_of(piece) {
        Some(Place::Clearing { at }) => Some(at.tile),
        Some(Place::Flying { tile }) => Some(*tile),
        _ => None,
    };
    if !from.is_some_and(|t| flying::in_reach(state, t).contains(&to)) {
        events.push(Event::public(
            "7.3.3",
            format!(
                "Phase {phase}: {who} cannot fly to {to:?}: the tile is neither its own nor adjacent to it; the phase is blank."
            ),
            E::MonsterPhaseCancelled {
                monster: piece.clone(),
            },
        ));
        return;
    }
    if let Some(t) = turn_mut(state, piece) {
        t.hidden = false;
    }
    // 7.3.1: what it cannot carry stays behind as it takes off (4.6.8b: what is
    // transmorphized with it weighs nothing).
    if let Some(at) = clearing(state, piece) {
        super::carried::leave_heavy(cat, state, piece, at, events);
    }
    for p in steeds::with_part(cat, state, piece) {
        state.piles.move_to(&p, Place::Flying { tile: to }, None);
    }
    events.push(Event::public(
        "7.3.3",
        format!("Phase {phase}: {who} flies to {to:?}."),
        E::MonsterFlew {
            monster: piece.clone(),
            to,
        },
    ));
}

/// 7.3.3: a flying controlled monster lands at the end of its last consecutive Fly phase:
/// one die, unmodified, for the clearing of that number in the tile it flew to (rolled
/// again until one matches). Returns where it landed, if it was in the air.
fn land(
    cat: &Catalog,
    state: &mut GameState,
    piece: &PieceId,
    events: &mut Events,
) -> Result<Option<ClearingRef>, RuleError> {
    let Some(Place::Flying { tile }) = state.piles.place_of(piece).cloned() else {
        return Ok(None);
    };
    let who = name(cat, piece);
    let at = flying::roll_landing(
        cat,
        state,
        tile,
        "7.3.3",
        |_, hit| flying::landing_text(&who, "it", tile, hit),
        || E::MonsterLandingRolled {
            monster: piece.clone(),
            tile,
        },
        events,
    )?;
    for p in steeds::with_part(cat, state, piece) {
        state.piles.move_to(&p, Place::Clearing { at }, None);
    }
    events.push(Event::public(
        "7.3.3",
        format!("{who} lands in {}.", who::name(cat, at)),
        E::MonsterLanded {
            monster: piece.clone(),
            at,
        },
    ));
    Ok(Some(at))
}

/// 7.4, 4.1.4: a controlled monster hides by a roll on the Hide table with two dice,
/// unmodified (its controller's modifications do not apply to it); hidden, it needs no
/// roll for a later Hide phase.
fn hide(cat: &Catalog, state: &mut GameState, piece: &PieceId, events: &mut Events) {
    if hidden(state, piece) {
        return;
    }
    let (roll, success) = super::hiding::unmodified_roll(cat, state);
    if let Some(t) = turn_mut(state, piece) {
        t.hidden = success;
    }
    events.push(Event::roll(
        "7.4",
        &roll,
        format!(
            "{} tries to hide: {}",
            name(cat, piece),
            if success { "hidden" } else { "not hidden" }
        ),
        E::MonsterHideRolled {
            monster: piece.clone(),
            success,
        },
    ));
}

/// 7.12: the unhired, uncontrolled monsters in the controlled monster's clearing block it
/// if it is unhidden: its turn ends (or is lost), and they stop prowling.
pub fn block(cat: &Catalog, state: &mut GameState, piece: &PieceId, events: &mut Events) {
    let Some(at) = clearing(state, piece) else {
        return;
    };
    // 4.6.8c: mist neither blocks nor is blocked.
    if hidden(state, piece)
        || state.today.blocked_monsters.contains(piece)
        || spells::mist::misted_piece(cat, state, piece)
    {
        return;
    }
    // Itself controlled, it is never among them; 8.4.4: those its controller has pacified
    // do not block it.
    let Some(controller) = spells::controller(cat, state, piece) else {
        return;
    };
    let monsters = prowling::blocking_monsters_toward(cat, state, at, controller);
    if monsters.is_empty() {
        return;
    }
    state.today.blocked_monsters.insert(piece.clone());
    state.today.stopped.extend(monsters);
    events.push(Event::public(
        "7.12",
        format!(
            "{} is blocked by the monsters in {}.",
            name(cat, piece),
            who::name(cat, at)
        ),
        E::MonsterBlocked {
            monster: piece.clone(),
        },
    ));
}

/// 7.13, 7.12: the monsters that move to or appear in `at` block the unhidden controlled
/// monsters there that take turns of their own today (not those following a guide).
pub fn block_in(cat: &Catalog, state: &mut GameState, at: ClearingRef, events: &mut Events) {
    let here: Vec<PieceId> = state
        .piles
        .pile(&Place::Clearing { at })
        .iter()
        .map(|c| c.piece.clone())
        .filter(|p| matches!(p, PieceId::Monster { .. }))
        .filter(|p| spells::controller(cat, state, p).is_some())
        .filter(|p| !state.today.monsters_following.contains(p))
        .collect();
    for piece in &here {
        block(cat, state, piece, events);
    }
}

/// 7.13: the end of the monster's turn: prowling monsters in its tile move to its clearing,
/// the map chits there turn up and summon; the monsters that arrive block it (and the
/// unhidden characters there) as they would a character.
fn end_of_turn(
    cat: &Catalog,
    state: &mut GameState,
    piece: &PieceId,
    events: &mut Events,
) -> Result<(), RuleError> {
    events.push(Event::public(
        "7.13",
        format!("{}'s turn ends.", name(cat, piece)),
        E::MonsterTurnEnds {
            monster: piece.clone(),
        },
    ));
    if let Some(at) = clearing(state, piece) {
        events.extend(prowling::end_of_turn_at(cat, state, at, false)?);
    }
    Ok(())
}
