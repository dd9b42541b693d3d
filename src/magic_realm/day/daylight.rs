//! Daylight (rules 7.0 to 7.2, 7.12): turns in attention-chit order, unhiding at the start
//! of a turn, one recorded activity per phase, blocking at the end of each phase, and the
//! end of each turn (7.13, in `prowling`).

use super::{
    alerting, belongings, enchanting, flying, following, hiding, hiring, meeting, moving, prowling,
    resting, search, trading, who,
};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::spells;
use crate::magic_realm::state::{Activity, GameState, Pending, Turner};

type Events = Vec<Event<E>>;

/// The seat taking its turn, if Daylight waits for it.
pub fn turn_of(state: &GameState) -> Option<Seat> {
    state
        .today
        .order
        .get(state.today.turn)
        .and_then(Turner::character)
        .filter(|_| state.today.turn_started)
}

/// The activity of the phase being done.
pub fn activity(state: &GameState, seat: Seat) -> Option<&Activity> {
    state
        .seat(seat)
        .and_then(|s| s.record.activities.get(state.today.phase))
}

/// What the seat taking its turn may do now.
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    // 7.2.2: at the start of a phase of his hired leader's turn.
    if super::leaders::awaiting(state).is_some() {
        return super::leaders::phase_start_options(cat, state, seat);
    }
    // 7.2.2, 7.2.1: at the start of a phase of his controlled monster's turn.
    if super::monster_turns::awaiting(cat, state).is_some() {
        return super::monster_turns::phase_start_options(cat, state, seat);
    }
    if !following::waiting(state).is_empty() {
        return following::options(cat, state, seat);
    }
    // 7.2.1, 7.2.2: another player's carrier following him, as he begins a phase.
    if super::guide_gifts::awaiting(cat, state).is_some() {
        return super::guide_gifts::options(cat, state, seat);
    }
    // A Site card's Wish or Power of the Pit (7.5): its seat chooses.
    if super::twt::choice::decider(state).is_some() {
        return super::twt::choice::options(cat, state, seat);
    }
    // Premonition: before a chit is picked, a character keeping his out decides.
    if super::premonition::decider(state).is_some() {
        return super::premonition::options(state, seat);
    }
    // Phantasm: its turn comes just before his.
    if turn_of(state) == Some(seat) && super::phantasm::in_turn(state, seat) {
        return super::phantasm::options(cat, state, seat);
    }
    if turn_of(state) != Some(seat) {
        return Vec::new();
    }
    if let Some(Pending::SearchChoice { picks, .. }) = &state.today.pending {
        return picks
            .iter()
            .map(|p| A::ChooseSearchResult { pick: *p })
            .collect();
    }
    if let Some(Pending::Meeting { .. }) = &state.today.pending {
        return meeting::answers(state, seat);
    }
    if let Some(Pending::MagicSight { .. }) = &state.today.pending {
        return super::magic_sight::options(state);
    }
    if let Some(Pending::StormLosses { .. }) = &state.today.pending {
        return spells::storm::options(state, seat);
    }
    // The Toadstool Circle Table's 3: he picks the cave clearing.
    if let Some(Pending::TeleportToCave) = &state.today.pending {
        return super::twt::teleport_options(cat, state);
    }
    if let Some(Pending::LostWay { .. } | Pending::LostRedDie { .. }) = &state.today.pending {
        return spells::lost::options(state, seat);
    }
    // 4.4.3: the Poultice of Health's second rest in the phase.
    if let Some(Pending::SecondRest) = &state.today.pending {
        return resting::options(cat, state, seat);
    }
    let Some(act) = activity(state, seat) else {
        // Prophecy: between phases he chooses his next activity.
        return super::prophecy::options(cat, state, seat);
    };
    // 7.2.2: rearranging belongings comes first, at the start of the phase.
    let mut out = belongings::options(cat, state, seat);
    out.extend(spells::protection::day_options(cat, state, seat));
    out.extend(spells::permanent::day_options(cat, state, seat));
    out.extend(super::missions::options(cat, state, seat));
    out.extend(super::gifts::options(cat, state, seat));
    out.extend(super::carried::options(cat, state, seat));
    out.extend(super::carrier_gifts::following_options(cat, state, seat));
    // 7.8: a character with every chit fatigued or wounded can only rest.
    if (who::exhausted(cat, state, seat)
        && *act != Activity::Rest
        && !who::between_clearings(state, seat))
        || super::curses::forbids(state, seat, act).is_some()
        || spells::mist::forbids(cat, state, seat, act)
        || super::creatures::forbids(cat, state, seat, act)
        || off_road(state, seat, act)
        || spells::storm::lost_now(state, seat)
        || super::sleep::forbids(cat, state, seat)
        || super::treasure_phases::cancel_reason(cat, state, seat).is_some()
        || super::remote_enchant::cancel_reason(cat, state, seat).is_some()
    {
        out.push(A::Proceed);
        return out;
    }
    let choices = match act {
        Activity::Search => super::treasure_phases::restrict_search(
            cat,
            state,
            seat,
            search::options(cat, state, seat),
        ),
        Activity::Rest => resting::options(cat, state, seat),
        Activity::Alert => alerting::options(cat, state, seat),
        Activity::Trade => trading::options(cat, state, seat),
        Activity::Hire => hiring::options(cat, state, seat),
        Activity::Enchant => enchanting::options(cat, state, seat),
        Activity::RemoteEnchant { at } => super::remote_enchant::options(cat, state, seat, *at),
        Activity::Move { .. }
        | Activity::Fly { .. }
        | Activity::LeaveMap
        | Activity::Hide
        | Activity::Follow { .. }
        | Activity::FollowLeader { .. } => Vec::new(),
    };
    if choices.is_empty() {
        out.push(A::Proceed);
    } else {
        out.extend(choices);
    }
    out
}

/// 8.3.8 d.1: still between clearings (his first Move failed), he can do nothing but move;
/// 8.3.8 e.2: after flying away, nothing but fly.
fn off_road(state: &GameState, seat: Seat, act: &Activity) -> bool {
    (who::roadway(state, seat).is_some() && !matches!(act, Activity::Move { .. }))
        || (flying::flown_away(state, seat).is_some() && !matches!(act, Activity::Fly { .. }))
}

/// Does the phase as the action says, then the end of the phase and whatever follows
/// until a seat must decide again.
pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
) -> Result<Events, RuleError> {
    let mut events = Vec::new();
    if super::leaders::awaiting(state).is_some() {
        super::leaders::apply_phase_start(cat, state, action, &mut events)?;
        return Ok(events);
    }
    if let Some((controller, _)) = super::monster_turns::awaiting(cat, state) {
        if controller != seat {
            return Err(RuleError::illegal(
                "it is not this seat's controlled monster",
            ));
        }
        super::monster_turns::apply_phase_start(cat, state, action, &mut events)?;
        return Ok(events);
    }
    // 7.2.1, 7.2.2: another player's carrier following the character taking his turn.
    if super::guide_gifts::awaiting(cat, state).is_some() {
        super::guide_gifts::apply(cat, state, seat, action, &mut events)?;
        return Ok(events);
    }
    if !following::waiting(state).is_empty() {
        if following::apply(cat, state, seat, action, &mut events)? {
            if let Some(guide) = turn_of(state) {
                end_phase(cat, state, guide, &mut events)?;
            } else {
                // 7.11f: a hired leader guide's Rest or Alert was shared.
                super::leaders::shared_phase_ends(cat, state, &mut events)?;
            }
        }
        return Ok(events);
    }
    if super::twt::choice::decider(state).is_some() {
        // The Withered Claw's Wish comes before the phase, not at its end.
        let before_phase = matches!(
            state.today.pending,
            Some(Pending::SpellChoice {
                before_phase: true,
                ..
            })
        );
        super::twt::choice::apply(cat, state, seat, action, &mut events)?;
        if state.today.pending.is_none() && !before_phase {
            if let Some(looter) = turn_of(state) {
                end_phase(cat, state, looter, &mut events)?;
            }
        }
        return Ok(events);
    }
    if turn_of(state) == Some(seat) && super::phantasm::in_turn(state, seat) {
        super::phantasm::apply(cat, state, seat, action, &mut events)?;
        return Ok(events);
    }
    if matches!(action, A::ChooseActivity { .. } | A::EndProphecyTurn) {
        super::prophecy::apply(cat, state, seat, action, &mut events)?;
        return Ok(events);
    }
    if matches!(action, A::Preempt | A::PassPreempt) {
        super::premonition::apply(cat, state, seat, action, &mut events)?;
        return Ok(events);
    }
    if let A::ChooseSearchResult { pick } = action {
        let guide = following::Guide::character(seat);
        let before = following::snapshot(state, &guide);
        search::apply_pick(cat, state, seat, *pick, &mut events)?;
        following::share_search(cat, state, &guide, &before);
        end_phase(cat, state, seat, &mut events)?;
        return Ok(events);
    }
    if let A::ChooseMagicSight { pick } = action {
        let guide = following::Guide::character(seat);
        let before = following::snapshot(state, &guide);
        super::magic_sight::choose(cat, state, seat, pick, &mut events)?;
        following::share_search(cat, state, &guide, &before);
        if state.today.pending.is_none() {
            end_phase(cat, state, seat, &mut events)?;
        }
        return Ok(events);
    }
    match action {
        A::Rearrange { piece, change } => {
            belongings::apply(cat, state, seat, piece, *change, &mut events)?;
            return Ok(events);
        }
        A::TakeChit { chit } => {
            super::missions::take(cat, state, seat, chit, &mut events)?;
            return Ok(events);
        }
        A::AbandonCampaign => {
            super::missions::abandon_campaign(cat, state, seat, &mut events);
            return Ok(events);
        }
        A::Give { to, gift } => {
            super::gifts::give(cat, state, seat, *to, gift, &mut events)?;
            return Ok(events);
        }
        A::GiveToHireling { hireling, gift } => {
            super::carried::trade(cat, state, seat, hireling, gift, false, &mut events)?;
            return Ok(events);
        }
        A::TakeFromHireling { hireling, gift } => {
            super::carried::trade(cat, state, seat, hireling, gift, true, &mut events)?;
            return Ok(events);
        }
        // 7.2.1, 7.2.2: a hired leader or controlled monster following him.
        A::HirelingGives { hireling, to, gift } => {
            super::carrier_gifts::carrier_gives(cat, state, hireling, to, gift, &mut events)?;
            return Ok(events);
        }
        A::HirelingAbandons { hireling, piece } => {
            super::carried::abandon(cat, state, hireling, piece, &mut events)?;
            return Ok(events);
        }
        A::ActivatePhaseSpell { caster, spell_box } => {
            spells::protection::activate(cat, state, seat, *caster, *spell_box, &mut events)?;
            return Ok(events);
        }
        // 7.2.3: colour chits energize Permanent spells at the start of a phase.
        A::EnergizeSpell {
            caster,
            spell_box,
            colour_chit,
        } => {
            spells::permanent::energize_with_chit(
                cat,
                state,
                seat,
                *caster,
                *spell_box,
                *colour_chit,
                &mut events,
            )?;
            return Ok(events);
        }
        A::EnergizeItem { item, colour_chit } => {
            spells::permanent::energize_item(cat, state, seat, item, *colour_chit, &mut events)?;
            return Ok(events);
        }
        A::PlayColourChit { colour_chit } => {
            spells::permanent::play_for_nothing(cat, state, seat, *colour_chit, &mut events)?;
            return Ok(events);
        }
        _ => {}
    }
    if let A::Teleport { to } = action {
        super::twt::teleport(cat, state, seat, *to, &mut events)?;
        end_phase(cat, state, seat, &mut events)?;
        return Ok(events);
    }
    if let (A::ChooseRedDie { value }, Some(Activity::Move { to })) =
        (action, activity(state, seat).cloned())
    {
        if let Some(to) = spells::lost::choose_red_die(cat, state, seat, to, *value, &mut events)? {
            move_phase(cat, state, seat, to, &mut events)?;
        }
        if state.today.pending.is_none() {
            end_phase(cat, state, seat, &mut events)?;
        }
        return Ok(events);
    }
    if let A::LostWay { to } = action {
        let to = spells::lost::choose(cat, state, seat, *to)?;
        move_phase(cat, state, seat, to, &mut events)?;
        end_phase(cat, state, seat, &mut events)?;
        return Ok(events);
    }
    if let A::LoseToStorm { phase } = action {
        spells::storm::lose(cat, state, seat, *phase, &mut events)?;
        return Ok(events);
    }
    if let A::AnswerMeeting { answer } = action {
        meeting::answer(cat, state, seat, *answer, &mut events)?;
        end_phase(cat, state, seat, &mut events)?;
        return Ok(events);
    }
    let act = activity(state, seat)
        .cloned()
        .ok_or_else(|| RuleError::internal("no phase to do"))?;
    let phase = state.today.phase + 1;
    let horse_phase = state
        .seat(seat)
        .is_some_and(|s| s.record.horse_phases.contains(&state.today.phase));
    let horse_ready = belongings::active_horse(cat, state, seat).is_some()
        && !state
            .today
            .rearranged
            .iter()
            .any(|p| matches!(p, crate::magic_realm::pieces::PieceId::Horse { .. }));
    let dwelling_phase = state
        .seat(seat)
        .is_some_and(|s| s.record.dwelling_phase == Some(state.today.phase));
    let lit_phase = state
        .seat(seat)
        .is_some_and(|s| s.record.lit_phase == Some(state.today.phase));
    let at_dwelling =
        who::clearing(state, seat).is_some_and(|c| super::birdsong::dwelling_in(state, c));
    if spells::storm::lost_now(state, seat) {
        events.push(Event::public(
            "8.4.4",
            format!(
                "Phase {phase}: {} lost this phase to the Violent Storm; the activity is cancelled.",
                who::who(cat, state, seat)
            ),
            E::PhaseCancelled {
                seat,
                reason: "lost to the Violent Storm".into(),
            },
        ));
    } else if off_road(state, seat, &act) {
        // 8.3.8 d.1: between clearings (his first Move failed), he can only move.
        events.push(Event::public(
            "8.3.8",
            format!(
    "Phase {phase}: {} is still between clearings and can only move (or fly, after flying away); the activity is cancelled.",
                who::who(cat, state, seat)
            ),
            E::PhaseCancelled {
                seat,
                reason: "between clearings, only a Move or Fly (8.3.8)".into(),
            },
        ));
    } else if dwelling_phase && !at_dwelling {
        events.push(Event::public(
            "6.2.4",
            format!(
                "Phase {phase}: {}'s extra phase from his Reputation must begin at a Dwelling; it is cancelled.",
                who::who(cat, state, seat)
            ),
            E::PhaseCancelled {
                seat,
                reason: "the Reputation phase begins away from a Dwelling (6.2.4)".into(),
            },
        ));
    } else if lit_phase && !spells::places::in_light(cat, state, seat) {
        events.push(Event::public(
            "6.2.4",
            format!(
                "Phase {phase}: {}'s extra phase from Blazing Light must begin in the lit clearing; it is cancelled.",
                who::who(cat, state, seat)
            ),
            E::PhaseCancelled {
                seat,
                reason: "the Blazing Light phase begins outside the lit clearing".into(),
            },
        ));
    } else if let Some(cancelled) = super::treasure_phases::cancelled(cat, state, seat) {
        // 6.2.4: a Treasure card's extra phase needs the card active, in its clearings.
        events.push(cancelled);
    } else if let Some(cancelled) = super::remote_enchant::cancelled(cat, state, seat) {
        // 6.2.4: the remote Enchant needs its card active when it starts.
        events.push(cancelled);
    } else if horse_phase && !horse_ready {
        // 7.3.2: a horse's extra Move needs the horse active since the phase began.
        events.push(Event::public(
            "7.3.2",
            format!(
                "Phase {phase}: {}'s extra Move came from his horse, which is not active since the phase began; the phase is cancelled.",
                who::who(cat, state, seat)
            ),
            E::PhaseCancelled {
                seat,
                reason: "the horse giving this Move is not active (7.3.2)".into(),
            },
        ));
    } else if super::sleep::forbids(cat, state, seat) {
        // The Flowers of Rest: asleep, he loses the rest of his turn.
        events.extend(super::sleep::cancel_phase(cat, state, seat, phase));
    } else if let Some(curse) = super::curses::forbids(state, seat, &act) {
        // 4.6.7a: a curse cancels the activity it prohibits.
        events.push(Event::public(
            "4.6.7",
            format!(
                "Phase {phase}: {} is cursed with {curse:?}; the activity is cancelled.",
                who::who(cat, state, seat)
            ),
            E::PhaseCancelled {
                seat,
                reason: format!("the {curse:?} curse (4.6.7)"),
            },
        ));
    } else if spells::mist::forbids(cat, state, seat, &act) {
        // 4.6.8c: mist can only Move, Hide and Follow.
        events.push(Event::public(
            "4.6.8",
            format!(
                "Phase {phase}: {} is mist and can only move, hide or follow; the activity is cancelled.",
                who::who(cat, state, seat)
            ),
            E::PhaseCancelled {
                seat,
                reason: "Melt into Mist (4.6.8)".into(),
            },
        ));
    } else if super::creatures::forbids(cat, state, seat, &act) {
        // 4.6.8c, 7.3.3: what a creature cannot do is cancelled.
        events.push(super::creatures::cancelled(cat, state, seat, phase));
    } else if who::exhausted(cat, state, seat)
        && act != Activity::Rest
        && !who::between_clearings(state, seat)
    {
        events.push(Event::public(
            "7.8",
            format!(
                "Phase {phase}: {} has no chit in play and can only rest; the activity is cancelled.",
                who::who(cat, state, seat)
            ),
            E::PhaseCancelled {
                seat,
                reason: "every chit is fatigued or wounded (7.8)".into(),
            },
        ));
    } else {
        if !matches!(act, Activity::Move { .. }) {
            state.today.climbing = false;
        }
        match (&act, action) {
            (Activity::Move { to }, _) => {
                // The Lost spell: the Lost Table may send him elsewhere.
                if let Some(to) = spells::lost::way(cat, state, seat, *to, &mut events)? {
                    move_phase(cat, state, seat, to, &mut events)?;
                }
            }
            (Activity::Fly { to }, _) => flying::do_fly(cat, state, seat, *to, &mut events)?,
            (Activity::Hide, _) => {
                hiding::do_hide(cat, state, seat, &mut events)?;
                following::share_hide(cat, state, &following::Guide::character(seat), &mut events);
            }
            (Activity::Search, A::Search { search }) => {
                let guide = following::Guide::character(seat);
                let before = following::snapshot(state, &guide);
                search::do_search(cat, state, seat, search, &mut events)?;
                following::share_search(cat, state, &guide, &before);
            }
            (Activity::Rest, A::Rest { chit, change }) => {
                resting::do_rest(cat, state, seat, *chit, *change, &mut events)?;
                if !super::potions::rest_again(cat, state, seat, &mut events) {
                    following::share_rest_or_alert(state, &following::Guide::character(seat));
                }
            }
            (Activity::Alert, A::AlertWeapon { alerted }) => {
                alerting::alert_weapon(cat, state, seat, *alerted, &mut events)?;
                following::share_rest_or_alert(state, &following::Guide::character(seat));
            }
            (Activity::Alert, A::AlertChit { chit }) => {
                alerting::alert_chit(cat, state, seat, *chit, &mut events)?;
                following::share_rest_or_alert(state, &following::Guide::character(seat));
            }
            (Activity::LeaveMap, _) => super::leaving::leave(cat, state, seat, &mut events)?,
            (Activity::Enchant, A::Enchant { chit, tile }) => {
                enchanting::enchant(cat, state, seat, *chit, *tile, &mut events)?
            }
            (Activity::Enchant, A::EnchantTileAt { chit, at }) => {
                enchanting::enchant_tile_at(cat, state, seat, *chit, *at, &mut events)?
            }
            (Activity::Enchant | Activity::RemoteEnchant { .. }, A::Proceed) => {
                enchanting::proceed(cat, state, seat, &mut events)
            }
            (Activity::RemoteEnchant { at }, A::Enchant { chit, tile }) => {
                enchanting::enchant_in(cat, state, seat, *chit, *tile, Some(*at), &mut events)?
            }
            (Activity::Follow { .. } | Activity::FollowLeader { .. }, A::Proceed) => {
                events.push(Event::public(
                    "7.11",
                    format!(
                        "Phase {phase}: {} has no guide to follow; the phase is blank.",
                        who::who(cat, state, seat)
                    ),
                    E::PhaseCancelled {
                        seat,
                        reason: "no guide to follow today (7.11)".into(),
                    },
                ))
            }
            (Activity::Trade, _) => trading::do_trade(cat, state, seat, action, &mut events)?,
            (Activity::Hire, _) => hiring::do_hire(cat, state, seat, action, &mut events)?,
            (_, A::Proceed) => events.push(Event::public(
                "6.2.4",
                format!(
                    "Phase {phase}: {} cannot do the recorded activity; the phase is blank.",
                    who::who(cat, state, seat)
                ),
                E::PhaseCancelled {
                    seat,
                    reason: "the activity is impossible now (6.2.4)".into(),
                },
            )),
            (a, other) => {
                return Err(RuleError::internal(format!(
                    "{other:?} does not do the recorded {a:?}"
                )))
            }
        }
    }
    if state.today.pending.is_none() {
        end_phase(cat, state, seat, &mut events)?;
    }
    Ok(events)
}

/// 7.3.1: the Move phase takes him to `to`, his followers with him (7.11).
fn move_phase(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    to: crate::magic_realm::map::ClearingRef,
    events: &mut Events,
) -> Result<(), RuleError> {
    // 8.3.8: a character between clearings has no followers to take along.
    let from = who::clearing(state, seat);
    moving::do_move(cat, state, seat, to, events)?;
    let now = who::clearing(state, seat);
    if now.is_some() && now != from {
        super::missions::arrived(cat, state, seat, events)?;
    }
    if let (Some(from), Some(now)) = (from, now) {
        if now != from {
            let guide = following::Guide::character(seat);
            following::share_move(cat, state, &guide, from, now, events)?;
        }
    }
    Ok(())
}

/// 7.12: at the end of the phase, an unhidden individual is blocked by the monsters in his
/// clearing; followers who stopped end their turns (7.11); then on to the next phase.
fn end_phase(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    events: &mut Events,
) -> Result<(), RuleError> {
    // 7.3.3: he lands at the end of his last consecutive Fly phase.
    let grounded = who::aloft(state, seat).is_some()
        && !flying::flies_next(state, seat)
        && flying::land(cat, state, seat, events)?;
    prowling::block_character(cat, state, seat, events);
    super::blocking::end_of_phase(cat, state, seat, events);
    let stopped: Vec<Seat> = state.today.stopped_following.iter().copied().collect();
    events.extend(following::end_of_phase(cat, state)?);
    for f in stopped {
        prowling::block_character(cat, state, f, events);
    }
    // 4.6.6f: a Phase spell activated for this phase expires.
    spells::protection::phase_ends(cat, state, events);
    state.today.phase += 1;
    state.today.rearranged.clear();
    if grounded {
        // 7.3.3: landing in a cave after a Sunlight phase ends his turn.
        let left = state.seat(seat).map_or(0, |s| s.record.activities.len());
        if state.today.phase < left {
            events.push(Event::public(
                "7.3.3",
                format!(
                    "{} landed in a cave after using a Sunlight phase: the rest of his turn is cancelled.",
                    who::who(cat, state, seat)
                ),
                E::PhaseCancelled {
                    seat,
                    reason: "landed in a cave after a Sunlight phase (7.3.3)".into(),
                },
            ));
            state.today.phase = left;
        }
    }
    // Violent Storm: ending a phase in a stormy clearing costs phases.
    spells::storm::phase_ended(cat, state, seat, events);
    Ok(())
}

/// Runs Daylight forward until a seat must act; true when every turn is over.
pub fn progress(
    cat: &Catalog,
    state: &mut GameState,
    events: &mut Events,
) -> Result<bool, RuleError> {
    loop {
        if state.today.pending.is_some() || super::premonition::decider(state).is_some() {
            return Ok(false);
        }
        // Hurricane Winds: the denizens it blew away land before the first attention chit.
        if state.today.turn == 0 && !state.today.turn_started {
            spells::hurricane::land_denizens(cat, state, events)?;
        }
        let seat = match state.today.order.get(state.today.turn).cloned() {
            None => return Ok(true),
            Some(Turner::Character(seat)) => seat,
            // 6.2.5: a hired leader's turn needs no decision: it is taken whole.
            // 7.2.2: ... except whether he abandons what he carries.
            Some(Turner::Leader { employer, leader }) => {
                if !super::leaders::take_turn(cat, state, employer, &leader, events)? {
                    return Ok(false);
                }
                next_turn(state);
                continue;
            }
            // 6.2.5: so is a controlled monster's (7.2.2, 7.2.1: but for what it does with
            // what it carries).
            Some(Turner::Monster {
                controller,
                monster,
            }) => {
                if !super::monster_turns::take_turn(cat, state, controller, &monster, events)? {
                    return Ok(false);
                }
                next_turn(state);
                continue;
            }
        };
        if !state.today.turn_started {
            if state.today.blocked.contains(&seat) || !who::playing(state, seat) {
                // 7.12: blocked before his turn, he loses it (and attracts nothing).
                events.push(Event::public(
                    "7.12",
                    format!("{} loses his turn today.", who::who(cat, state, seat)),
                    E::TurnLost { seat },
                ));
                let guide = following::Guide::character(seat);
                events.extend(following::end_of_guide_turn(cat, state, &guide, false)?);
                next_turn(state);
                continue;
            }
            state.today.turn_started = true;
            state.today.phase = 0;
            state.today.climbing = false;
            events.push(Event::reveal(
                "7.1.1",
                format!(
                    "{}'s attention chit is picked: his turn begins.",
                    who::who(cat, state, seat)
                ),
                E::TurnBegins { seat },
            ));
            // 7.1.2: unhidden at the start of his turn.
            hiding::unhide(cat, state, seat, "7.1.2", "becomes unhidden.", events);
            following::unhide_followers(cat, state, &following::Guide::character(seat), events);
            // Phantasm: its turn comes first.
            super::phantasm::turn_begins(cat, state, seat, events);
        }
        if super::phantasm::in_turn(state, seat) {
            return Ok(false);
        }
        let phases = state.seat(seat).map_or(0, |s| s.record.activities.len());
        let blocked = state.today.blocked.contains(&seat);
        // Prophecy: he chooses his next phase (or ends his turn).
        if !blocked && state.today.phase >= phases && super::prophecy::choosing(cat, state, seat) {
            return Ok(false);
        }
        if blocked || state.today.phase >= phases || !who::playing(state, seat) {
            // 7.3.3: nobody stays in the air after his turn.
            if who::aloft(state, seat).is_some() {
                flying::land(cat, state, seat, events)?;
            }
            events.push(Event::public(
                "7.13",
                format!("{}'s turn ends.", who::who(cat, state, seat)),
                E::TurnEnds { seat },
            ));
            events.extend(prowling::end_of_turn(cat, state, seat)?);
            let guide = following::Guide::character(seat);
            events.extend(following::end_of_guide_turn(cat, state, &guide, true)?);
            next_turn(state);
            continue;
        }
        following::ask(cat, state, &following::Guide::character(seat), events);
        return Ok(false);
    }
}

fn next_turn(state: &mut GameState) {
    state.today.turn += 1;
    state.today.leader_turn = None;
    state.today.turn_started = false;
    state.today.passed.clear();
    state.today.phase = 0;
    state.today.climbing = false;
}
