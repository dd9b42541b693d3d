//! The odds of a play (issue 5; rules 8.4.5 to 8.4.9): a character's candidate plays
//! against the denizens on his sheet, asked of a game in the Plays stage. The answer
//! equals the melee kernel's exact odds of the same situation built by hand; a play that
//! kills the attacker first makes him safe; refusals are typed and change nothing; and it
//! reads no other seat's secret plays.

use crate::melee_common::*;
use serde_json::{json, Value};
use tabletop_rules::engine::{ErrorCode, Seat, Seed, Session};
use tabletop_rules::magic_realm::actions::MagicRealmAction as A;
use tabletop_rules::magic_realm::catalog::common::{Side, Size};
use tabletop_rules::magic_realm::combat::melee::odds::odds;
use tabletop_rules::magic_realm::combat::melee::{Lane, MeleeStrike};
use tabletop_rules::magic_realm::combat::odds_query::{play_odds, OddsFighter, PlayOdds};
use tabletop_rules::magic_realm::combat::{self, CombatStage, CombatTarget, ManeuverPlay, Plays};
use tabletop_rules::magic_realm::pieces::PieceId;
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::MagicRealm;

type Game = Session<MagicRealm>;
const S0: Seat = Seat(0);
const S1: Seat = Seat(1);
/// The Swordsman's chits (level 4): Move L4 (0), Move L3* (1), Fight M4* (7), Fight L2** (11).
const MOVE_L4: u8 = 0;
const MOVE_L3: u8 = 1;
const FIGHT_M4: u8 = 7;
const FIGHT_L2: u8 = 11;

fn here() -> Value {
    json!({"tile": "oak_woods", "clearing": 2})
}

fn wolf(n: u8) -> PieceId {
    serde_json::from_value(json!({"kind": "monster", "id": "wolf-l4", "n": n})).unwrap()
}

fn wolf_in_clearing(n: u8) -> Value {
    json!({"piece": {"kind": "monster", "id": "wolf-l4", "n": n},
           "place": {"place": "clearing", "at": here()}})
}

fn start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(5)).expect("the scenario starts");
    crate::daylight_common::take_kept_turns(&mut g);
    g
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

/// In the Targets stage, each seat in attention order picks its target from `targets`.
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

/// The Swordsman (level 4, Thrusting Sword `sword` side up) alone with the L4 Wolf on his
/// sheet, attacking it, at the Plays stage of round 1.
fn swordsman_and_wolf(sword: &str) -> Game {
    let sword = json!({"piece": {"kind": "weapon", "id": "thrusting-sword", "n": 0},
                       "facing": sword});
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "belongings": [sword]}],
        "pieces": [wolf_in_clearing(0)], "at": "sunset"}));
    g.apply(S0, A::Lure { denizen: wolf(0) }).unwrap();
    pass_until(&mut g, CombatStage::Targets);
    pick_targets(&mut g, &[(S0, CombatTarget::Denizen { piece: wolf(0) })]);
    g
}

fn plays(
    attack: Option<(u8, Lane)>,
    maneuver: Option<(u8, Lane)>,
    placed: &[(PieceId, Lane)],
) -> Plays {
    Plays {
        attack,
        maneuver: maneuver.map(|(chit, lane)| (ManeuverPlay::Chit { chit }, lane)),
        placed: placed.iter().cloned().collect(),
        ..Plays::default()
    }
}

fn ask(g: &Game, seat: Seat, p: &Plays) -> Result<PlayOdds, ErrorCode> {
    play_odds(cat(), g.state(), seat, p).map_err(|e| e.code())
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn rule_8_4_6_the_odds_of_a_play_equal_the_kernels_odds_of_the_same_situation() {
    let g = swordsman_and_wolf("unalerted");
    // Thrust at the wolf with Fight M4* (the unalerted sword's own time 4; a Fight chit
    // stronger than the Light sword: one level more), dodge with Move L4, wolf in Charge
    // and Thrust.
    let p = plays(
        Some((FIGHT_M4, Lane::ChargeThrust)),
        Some((MOVE_L4, Lane::DodgeSwing)),
        &[(wolf(0), Lane::ChargeThrust)],
    );
    let got = ask(&g, S0, &p).expect("the odds are given");

    // The same Melee Step by hand: the Swordsman (Light, no armor) and a light-side L4 Wolf.
    let sword = MeleeStrike::Harm {
        letter: Size::Light,
        sharpness: 1,
        missile: None,
        extra_level: true,
    };
    let sit = situation(
        true,
        vec![
            ch(hero(Size::Light, Some((SWING, 4)))),
            monster("wolf-l4", Side::Light),
        ],
        vec![sheet(0, &[(1, THRUST)])],
        vec![attack(0, 1, THRUST, 4, 4, sword)],
    );
    let want = odds(cat(), &sit, id(0)).unwrap();
    assert_eq!(got.seat, S0);
    assert_eq!(got.outcomes, want.outcomes);
    assert!(got.outcomes > 1, "the rolls are enumerated, not sampled");
    for (a, b) in [
        (got.killed, want.killed),
        (got.wounded, want.wounded),
        (got.expected_wounds, want.expected_wounds),
        (got.horse_killed, want.horse_killed),
        (got.spell_struck, want.spell_struck),
    ] {
        assert!(close(a, b), "{a} != {b}");
    }
    assert_eq!(got.fighters.len(), 2);
    assert_eq!(got.fighters[0].fighter, OddsFighter::Character { seat: S0 });
    assert_eq!(
        got.fighters[1].fighter,
        OddsFighter::Denizen { piece: wolf(0) }
    );
    for (f, w) in got.fighters.iter().zip(&want.attackers) {
        assert!(close(f.hits, w.hits) && close(f.cancelled, w.cancelled));
        assert!(close(f.killed, w.killed));
        assert_eq!(
            f.harm.as_array().map(|x| (x * 1e9).round()),
            w.harm.as_array().map(|x| (x * 1e9).round())
        );
    }
    assert!(got.attack_counted);
    assert_eq!(got.target, Some(CombatTarget::Denizen { piece: wolf(0) }));
    assert_eq!(got.target_killed, Some(want.attackers[1].killed));
    assert!(got.armor.is_empty());
    // A real chance either way: the wolf may reposition out of his Thrust, or in his Dodge.
    assert!(got.killed > 0.0 && got.killed < 1.0, "{}", got.killed);
    assert!(got.target_killed.unwrap() > 0.0 && got.target_killed.unwrap() < 1.0);
}

#[test]
fn rule_8_4_9_a_play_that_kills_the_wolf_first_makes_him_safe() {
    // The alerted sword takes the chit's time: Fight L2** (time 2) undercuts the wolf
    // (move 3 light, 4 dark) wherever it goes, and its Medium harm (Light and a star)
    // kills it before its own attack lands: never killed, never wounded.
    let g = swordsman_and_wolf("alerted");
    let safe = plays(
        Some((FIGHT_L2, Lane::DuckSmash)),
        Some((MOVE_L4, Lane::ChargeThrust)),
        &[],
    );
    let got = ask(&g, S0, &safe).unwrap();
    assert_eq!(got.killed, 0.0);
    assert_eq!(got.wounded, 0.0);
    assert_eq!(got.expected_wounds, 0.0);
    assert!(close(got.target_killed.unwrap(), 1.0));
    assert!(close(got.fighters[1].cancelled, got.fighters[1].hits));
    // Without the attack, the same maneuver leaves him open to the wolf.
    let open = plays(None, Some((MOVE_L4, Lane::ChargeThrust)), &[]);
    let exposed = ask(&g, S0, &open).unwrap();
    assert!(exposed.killed > 0.0);
    assert!(!exposed.attack_counted);
    assert_eq!(exposed.target_killed, None);
}

#[test]
fn refusals_are_typed_and_change_nothing() {
    let mut g = swordsman_and_wolf("unalerted");
    let before = g.state().clone();
    let fine = plays(None, Some((MOVE_L4, Lane::DodgeSwing)), &[]);
    assert!(ask(&g, S0, &fine).is_ok());
    // A Move chit is no attack; two chits over the effort limit (2); a piece not on his
    // sheet; a maneuver chit he does not have.
    for bad in [
        plays(Some((MOVE_L4, Lane::ChargeThrust)), None, &[]),
        plays(
            Some((FIGHT_L2, Lane::ChargeThrust)),
            Some((MOVE_L3, Lane::DodgeSwing)),
            &[],
        ),
        plays(None, None, &[(wolf(1), Lane::DodgeSwing)]),
        plays(None, Some((40, Lane::DodgeSwing)), &[]),
    ] {
        assert_eq!(ask(&g, S0, &bad), Err(ErrorCode::IllegalAction), "{bad:?}");
    }
    assert_eq!(ask(&g, Seat(7), &fine), Err(ErrorCode::UnknownSeat));
    assert_eq!(g.state(), &before, "nothing changed");
    // Once his plays are made the round is resolved: no Plays stage, no odds.
    g.apply(S0, A::EndPlays).unwrap();
    assert_ne!(stage(&g), Some(CombatStage::Plays));
    assert_eq!(ask(&g, S0, &fine), Err(ErrorCode::IllegalAction));
}

#[test]
fn the_odds_are_refused_before_the_plays_stage() {
    let sword = json!({"piece": {"kind": "weapon", "id": "thrusting-sword", "n": 0}});
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "belongings": [sword]}],
        "pieces": [wolf_in_clearing(0)], "at": "sunset"}));
    g.apply(S0, A::Lure { denizen: wolf(0) }).unwrap();
    pass_until(&mut g, CombatStage::Targets);
    let p = plays(None, Some((MOVE_L4, Lane::DodgeSwing)), &[]);
    assert_eq!(ask(&g, S0, &p), Err(ErrorCode::IllegalAction));
}

/// The Swordsman and the Amazon, each with a wolf on his sheet, both at the Plays stage;
/// the Amazon attacks the Swordsman's wolf.
fn two_characters() -> Game {
    let sword = json!({"piece": {"kind": "weapon", "id": "thrusting-sword", "n": 0}});
    let short_sword = json!({"piece": {"kind": "weapon", "id": "short-sword", "n": 0}});
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": here(), "hidden": false, "belongings": [sword]},
        {"character": "amazon", "at": here(), "hidden": false, "belongings": [short_sword]}],
        "pieces": [wolf_in_clearing(0), wolf_in_clearing(1)], "at": "sunset"}));
    for _ in 0..4 {
        if stage(&g) != Some(CombatStage::Luring) {
            break;
        }
        let seat = g.to_act().seats()[0];
        let mine = wolf(if seat == S0 { 0 } else { 1 });
        let lure = A::Lure { denizen: mine };
        let action = if g.legal_actions(seat).contains(&lure) {
            lure
        } else {
            A::EndLuring
        };
        g.apply(seat, action).unwrap();
    }
    let c = combat::current(g.state()).unwrap();
    assert_eq!(c.sheets.get(&S0), Some(&vec![wolf(0)]));
    assert_eq!(c.sheets.get(&S1), Some(&vec![wolf(1)]));
    pass_until(&mut g, CombatStage::Targets);
    pick_targets(
        &mut g,
        &[
            (S0, CombatTarget::Denizen { piece: wolf(0) }),
            (S1, CombatTarget::Denizen { piece: wolf(0) }),
        ],
    );
    g
}

#[test]
fn rule_4_5_the_odds_read_no_other_seats_secret_plays() {
    let mut g = two_characters();
    let mine = plays(
        Some((FIGHT_M4, Lane::ChargeThrust)),
        Some((MOVE_L4, Lane::DodgeSwing)),
        &[(wolf(0), Lane::ChargeThrust)],
    );
    let baseline = ask(&g, S0, &mine).unwrap();
    // His answer names only him and his own wolf.
    assert_eq!(baseline.fighters.len(), 2);
    // The Amazon makes her secret plays one by one (attacking his wolf, maneuvering,
    // placing hers) and finally ends them: his answer never moves.
    let hers = g
        .legal_actions(S1)
        .into_iter()
        .filter(|a| {
            matches!(
                a,
                A::PlayAttack { .. } | A::PlayManeuver { .. } | A::PlaceDenizen { .. }
            )
        })
        .collect::<Vec<_>>();
    assert!(!hers.is_empty());
    let mut tried = 0;
    for action in hers.iter().take(12) {
        let mut other = g.clone();
        if other.apply(S1, action.clone()).is_ok() {
            tried += 1;
            assert_eq!(
                ask(&other, S0, &mine),
                Ok(baseline.clone()),
                "after {action:?}"
            );
        }
    }
    assert!(tried > 0);
    let attack = hers
        .iter()
        .find(|a| matches!(a, A::PlayAttack { .. }))
        .cloned()
        .unwrap();
    g.apply(S1, attack).unwrap();
    g.apply(S1, A::EndPlays).unwrap();
    assert_eq!(stage(&g), Some(CombatStage::Plays), "he has not ended his");
    assert_eq!(ask(&g, S0, &mine), Ok(baseline));
    // She has finished: she owes no plays and is told so.
    assert_eq!(ask(&g, S1, &Plays::default()), Err(ErrorCode::NotYourTurn));
}
