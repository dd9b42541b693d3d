//! Rule 8.7, shared and mutual kills: simultaneous killers divide a bounty equally,
//! keeping fractions, and each counts one kill; two characters who kill each other at the
//! same moment each take the other's Notoriety as it stood before the moment's harm.

use crate::melee_common::cat;
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat, Seed, Session, Viewer};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::combat::melee::Lane;
use tabletop_rules::magic_realm::combat::round::Who;
use tabletop_rules::magic_realm::combat::{self, spoils, CombatStage, CombatTarget, ManeuverPlay};
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::points::Points;
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::state::GameState;
use tabletop_rules::magic_realm::MagicRealm;

type Game = Session<MagicRealm>;
const S0: Seat = Seat(0);
const S1: Seat = Seat(1);
const S2: Seat = Seat(2);
/// The Swordsman's Fight M4* and Move L4; the Amazon's Fight M4* and Move M4.
const SWORDSMAN_FIGHT_M4: u8 = 7;
const SWORDSMAN_MOVE_L4: u8 = 0;
const AMAZON_FIGHT_M4: u8 = 9;
const AMAZON_MOVE_M4: u8 = 0;

fn here() -> Value {
    json!({"tile": "oak_woods", "clearing": 2})
}

fn piece(kind: &str, id: &str, n: u8) -> PieceId {
    serde_json::from_value(json!({"kind": kind, "id": id, "n": n})).unwrap()
}

fn bat() -> PieceId {
    piece("monster", "giant-bat", 0)
}

fn sword(n: u8) -> Value {
    json!({"piece": {"kind": "weapon", "id": "thrusting-sword", "n": n}})
}

fn start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    Session::<MagicRealm>::from_scenario(sc, Seed(5)).expect("the scenario starts")
}

fn stage(g: &Game) -> Option<CombatStage> {
    combat::current(g.state()).map(|c| c.stage)
}

/// Whoever acts lets the moment pass, until combat reaches `wanted`.
fn pass_until(g: &mut Game, wanted: CombatStage) {
    for _ in 0..20 {
        if stage(g) == Some(wanted) {
            return;
        }
        let seat = g.to_act().seats()[0];
        let action = combat::passing(&g.legal_actions(seat)).unwrap();
        g.apply(seat, action).unwrap();
    }
    panic!("combat did not reach {wanted:?}");
}

/// In the Targets stage, each seat in attention order picks its target.
fn pick_targets(g: &mut Game, targets: &[(Seat, CombatTarget)]) {
    while stage(g) == Some(CombatStage::Targets) {
        let seat = g.to_act().seats()[0];
        let (_, target) = targets.iter().find(|(s, _)| *s == seat).unwrap();
        g.apply(
            seat,
            A::SelectTarget {
                target: target.clone(),
            },
        )
        .unwrap();
    }
    assert_eq!(stage(g), Some(CombatStage::Plays));
}

/// `seat` attacks along `attack` with `fight` and maneuvers along `maneuver` with `mv`.
fn play(
    g: &mut Game,
    seat: Seat,
    fight: u8,
    attack: Lane,
    mv: u8,
    maneuver: Lane,
) -> Vec<Event<E>> {
    g.apply(
        seat,
        A::PlayAttack {
            chit: fight,
            lane: attack,
        },
    )
    .unwrap();
    g.apply(
        seat,
        A::PlayManeuver {
            with: ManeuverPlay::Chit { chit: mv },
            lane: maneuver,
        },
    )
    .unwrap();
    g.apply(seat, A::EndPlays).unwrap()
}

fn half(n: i64) -> Points {
    Points::new(n, 2).unwrap()
}

/// The Swordsman and the Amazon, each with a Thrusting Sword (length 4, time 4), both
/// thrust with a Fight M4* at the Giant Bat (Heavy) on the Swordsman's sheet, which is in
/// his Charge-and-Thrust box while he ducks: their hits land at the same moment and each
/// would kill it. Returns the game and the events of the round.
fn two_thrust_at_the_bat() -> (Game, Vec<Event<E>>) {
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": here(), "hidden": false, "belongings": [sword(0)]},
        {"character": "amazon", "at": here(), "hidden": false, "belongings": [sword(1)]}],
        "pieces": [{"piece": bat(), "place": {"place": "clearing", "at": here()}}],
        "at": "sunset",
        // Repositioning 4 (no move), change tactics 1 1 (no change).
        "dice": [4, 1, 1, 4, 1, 1]}));
    for _ in 0..4 {
        if stage(&g) != Some(CombatStage::Luring) {
            break;
        }
        let seat = g.to_act().seats()[0];
        let lure = A::Lure { denizen: bat() };
        let action = if seat == S0 && g.legal_actions(seat).contains(&lure) {
            lure
        } else {
            A::EndLuring
        };
        g.apply(seat, action).unwrap();
    }
    pass_until(&mut g, CombatStage::Targets);
    let target = CombatTarget::Denizen { piece: bat() };
    pick_targets(&mut g, &[(S0, target.clone()), (S1, target)]);
    g.apply(
        S0,
        A::PlaceDenizen {
            denizen: bat(),
            lane: Lane::ChargeThrust,
        },
    )
    .unwrap();
    let mut events = Vec::new();
    while stage(&g) == Some(CombatStage::Plays) {
        let seat = g.to_act().seats()[0];
        events.extend(if seat == S0 {
            play(
                &mut g,
                S0,
                SWORDSMAN_FIGHT_M4,
                Lane::ChargeThrust,
                SWORDSMAN_MOVE_L4,
                Lane::DuckSmash,
            )
        } else {
            play(
                &mut g,
                S1,
                AMAZON_FIGHT_M4,
                Lane::ChargeThrust,
                AMAZON_MOVE_M4,
                Lane::DuckSmash,
            )
        });
    }
    (g, events)
}

fn kills(g: &Game, seat: Seat) -> u8 {
    g.state().today.kills.get(&seat).copied().unwrap_or(0)
}

#[test]
fn rule_8_7_shared_kill_divides_the_bounty_keeping_fractions_and_counts_one_kill() {
    let (g, events) = two_thrust_at_the_bat();
    assert_eq!(g.state().piles.place_of(&bat()), Some(&Place::Killed));
    for seat in [S0, S1] {
        let s = &g.state().seats[usize::from(seat.0)];
        // The Giant Bat's 3 Fame and 3 Notoriety, halved: 1½ each, not 4.
        assert_eq!((s.fame, s.notoriety), (half(3), half(3)), "{seat:?}");
        assert_eq!(
            kills(&g, seat),
            1,
            "one kill for {seat:?}, however many hits"
        );
    }
    // Each sharer is paid once, and the event says what he got.
    let paid: Vec<(Option<Seat>, Points)> = events
        .iter()
        .filter_map(|e| match &e.detail {
            E::Killed {
                victim, by, fame, ..
            } if *victim == bat() => Some((*by, *fame)),
            _ => None,
        })
        .collect();
    assert_eq!(paid, vec![(Some(S0), half(3)), (Some(S1), half(3))]);
    // The view shows the fraction exactly.
    let view = g.view(Viewer::Spectator).unwrap();
    assert!(view.seats.iter().all(|s| s.fame == half(3)));
}

/// Three characters in one clearing (for calling the spoils directly).
fn three_characters() -> GameState {
    start(json!({"seats": [
        {"character": "swordsman", "at": here()},
        {"character": "amazon", "at": here()},
        {"character": "captain", "at": here()}],
        "pieces": [{"piece": piece("monster", "ogre", 0),
                    "place": {"place": "clearing", "at": here()}},
                   {"piece": bat(), "place": {"place": "clearing", "at": here()}}],
        "at": "birdsong"}))
    .state()
    .clone()
}

#[test]
fn rule_8_7_three_sharers_of_an_ogre_get_two_thirds_each() {
    let mut state = three_characters();
    let sharers = [Who::Character(S0), Who::Character(S1), Who::Character(S2)];
    let mut events = Vec::new();
    spoils::killed(
        cat(),
        &mut state,
        Some(Who::Denizen(piece("monster", "ogre", 0))),
        Some(Who::Character(S0)),
        &sharers,
        &mut events,
    )
    .unwrap();
    // The Ogre: no Fame, 2 Notoriety, divided by three.
    for s in &state.seats {
        assert_eq!(
            (s.fame, s.notoriety),
            (0.into(), Points::new(2, 3).unwrap())
        );
    }
    // Scoring counts the exact sum: three such shares are 2 Notoriety.
    let sum = (0..3).try_fold(Points::ZERO, |acc, _| {
        acc.checked_add(state.seats[0].notoriety)
    });
    assert_eq!(sum, Some(2.into()));
}

#[test]
fn rule_8_7_shared_kill_share_is_multiplied_by_each_sharers_kills() {
    // The Swordsman has killed once already today, the Amazon not: the shared Giant Bat
    // is his second kill, so his share of 1½ is doubled to 3; hers stays 1½.
    let mut state = three_characters();
    state.today.kills.insert(S0, 1);
    let mut events = Vec::new();
    spoils::killed(
        cat(),
        &mut state,
        Some(Who::Denizen(bat())),
        Some(Who::Character(S0)),
        &[Who::Character(S0), Who::Character(S1)],
        &mut events,
    )
    .unwrap();
    assert_eq!(
        (state.seats[0].fame, state.seats[0].notoriety),
        (3.into(), 3.into())
    );
    assert_eq!(
        (state.seats[1].fame, state.seats[1].notoriety),
        (half(3), half(3))
    );
    assert_eq!(state.seats[2].fame, 0);
    assert_eq!(state.today.kills.get(&S0), Some(&2));
    assert_eq!(state.today.kills.get(&S1), Some(&1));
}

#[test]
fn rule_8_7_fractions_of_fame_and_notoriety_survive_a_scenario_and_old_whole_numbers_load() {
    let g = start(json!({"seats": [
        {"character": "swordsman", "at": here(), "fame": {"num": 3, "den": 2}, "notoriety": 7}],
        "at": "birdsong"}));
    let s = &g.state().seats[0];
    assert_eq!((s.fame, s.notoriety), (half(3), 7.into()));
    assert_eq!(s.fame.to_string(), "1½");
    let bad: Result<MagicRealmScenario, _> = serde_json::from_value(json!({"seats": [
        {"character": "swordsman", "at": here(), "fame": {"num": 1, "den": 0}}]}));
    assert!(bad.is_err(), "a zero denominator is refused");
}

/// The Swordsman (Notoriety 4) and the Amazon (Notoriety 6), each with a Thrusting Sword,
/// unarmored, attack each other: each thrusts with a Fight M4* (Heavy harm, time 4,
/// length 4) while the other charges, so both hits land at the same moment and both die.
fn mutual_kill() -> (Game, Vec<Event<E>>) {
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": here(), "hidden": false, "belongings": [sword(0)],
         "notoriety": 4},
        {"character": "amazon", "at": here(), "hidden": false, "belongings": [sword(1)],
         "notoriety": 6}],
        "at": "sunset"}));
    pass_until(&mut g, CombatStage::Targets);
    pick_targets(
        &mut g,
        &[
            (S0, CombatTarget::Character { seat: S1 }),
            (S1, CombatTarget::Character { seat: S0 }),
        ],
    );
    let mut events = Vec::new();
    while stage(&g) == Some(CombatStage::Plays) {
        let seat = g.to_act().seats()[0];
        events.extend(if seat == S0 {
            play(
                &mut g,
                S0,
                SWORDSMAN_FIGHT_M4,
                Lane::ChargeThrust,
                SWORDSMAN_MOVE_L4,
                Lane::ChargeThrust,
            )
        } else {
            play(
                &mut g,
                S1,
                AMAZON_FIGHT_M4,
                Lane::ChargeThrust,
                AMAZON_MOVE_M4,
                Lane::ChargeThrust,
            )
        });
    }
    (g, events)
}

#[test]
fn rule_8_7_mutual_simultaneous_kill_takes_notoriety_as_it_stood() {
    let (g, events) = mutual_kill();
    let died: Vec<Seat> = events
        .iter()
        .filter_map(|e| match e.detail {
            E::CharacterDied { seat } => Some(seat),
            _ => None,
        })
        .collect();
    assert_eq!(died.len(), 2, "both die at the same moment");
    // Each takes the other's recorded Notoriety before the round's harm: 4 + 6 and 6 + 4,
    // not 6 + (4 + 6).
    assert_eq!(g.state().seats[0].notoriety, 10);
    assert_eq!(g.state().seats[1].notoriety, 10);
}

#[test]
fn rule_8_7_mutual_simultaneous_kill_leaves_both_belongings_where_they_fell() {
    // A killer who dies at the same moment takes nothing: both swords lie in the clearing.
    let (g, _) = mutual_kill();
    let at = serde_json::from_value(here()).unwrap();
    for n in [0, 1] {
        assert_eq!(
            g.state()
                .piles
                .place_of(&piece("weapon", "thrusting-sword", n)),
            Some(&Place::Clearing { at }),
            "sword {n}"
        );
    }
}
