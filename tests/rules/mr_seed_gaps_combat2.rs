//! Seed rows `docs/coverage.md` still had as gaps: a Demon's spell neither stops nor is
//! stopped (002 8.4.3 #3); a red-side-up Tremendous monster keeps
//! combat going (002 8.4.7 #7), and at Disengagement every other denizen is unassigned
//! while it keeps its target (004 #21b, rule 8.6). All dice 1: nothing repositions or
//! changes tactics; the T Serpent (light: Light harm, time 4; red: holds at time 4 from the
//! Charge-and-Thrust box) hits in round 1 without killing and turns red side up.

use crate::spells_common::{dice, here, monster, pass_once, piece, start, until, Game, S0};
use serde_json::{json, Value};
use tabletop_rules::engine::Event;
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::combat::{self, melee::Lane, CombatStage, ManeuverPlay};
use tabletop_rules::magic_realm::pieces::{Facing, PieceId, Place};

type Log = Vec<Event<E>>;

fn round(g: &Game) -> u16 {
    combat::current(g.state()).map_or(0, |c| c.round)
}

fn facing(g: &Game, p: &PieceId) -> Option<Facing> {
    g.state().piles.find(p).map(|(_, c)| c.facing)
}

/// Passes until round `n` of combat begins.
fn to_round(g: &mut Game, n: u16, log: &mut Log) {
    for _ in 0..80 {
        if round(g) >= n {
            return;
        }
        pass_once(g, log);
    }
    panic!("round {n} never began");
}

/// The Amazon alone with the T Serpent: in round 1 she plays nothing; it wounds her and
/// holds her (8.4.7).
fn amazon_held(log: &mut Log) -> Game {
    let mut g = start(json!({"seats": [
            {"character": "amazon", "at": here(), "hidden": false}],
        "pieces": [monster("t-serpent")], "at": "sunset", "dice": dice(1, 400)}));
    to_round(&mut g, 2, log);
    assert!(log.iter().any(|e| matches!(&e.detail,
        E::Holding { monster, seat: S0 } if *monster == piece("t-serpent"))));
    assert_eq!(facing(&g, &piece("t-serpent")), Some(Facing::Dark));
    g
}

/// Her Move M3* (one effort asterisk: no fatigue) in the Duck box: the Serpent's time 4 does
/// not undercut it and it attacks from another box, so it misses.
fn dodge_round(g: &mut Game, log: &mut Log) {
    let n = round(g);
    let dodge = A::PlayManeuver {
        with: ManeuverPlay::Chit { chit: 1 },
        lane: Lane::DuckSmash,
    };
    until(g, S0, &dodge, log);
    until(g, S0, &A::EndPlays, log);
    to_round(g, n + 1, log);
}

#[test]
fn rule_8_4_7_combat_cannot_end_while_a_tremendous_monster_is_red_side_up() {
    let mut log = Vec::new();
    let mut g = amazon_held(&mut log);
    let from = log.len();
    // Rounds 2, 3 and 4: she dodges, it misses; nothing is killed, fatigued, wounded,
    // damaged or cast. Two such rounds would end combat (8.8) but for the red side.
    for _ in 0..3 {
        dodge_round(&mut g, &mut log);
    }
    assert_eq!(round(&g), 5, "combat goes on into round 5");
    let quiet = log[from..].iter().all(|e| {
        matches!(
            e.detail,
            E::PlayMade { .. }
                | E::PlaysRevealed { .. }
                | E::MeleeRoll { .. }
                | E::CombatRound { .. }
                | E::AttentionChitsPicked { .. }
        )
    });
    assert!(quiet, "rounds without consequence: {:?}", &log[from..]);
    assert_eq!(facing(&g, &piece("t-serpent")), Some(Facing::Dark));
    let c = combat::current(g.state()).unwrap();
    assert_eq!(c.sheet_of(&piece("t-serpent")), Some(S0));
    assert_eq!(c.quiet, 0, "a red-side-up round is never a quiet one");
    // She stops dodging: it kills her, lets go, and combat ends.
    until(&mut g, S0, &A::EndPlays, &mut log);
    for _ in 0..40 {
        if combat::current(g.state()).is_none() {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    assert!(log
        .iter()
        .any(|e| matches!(e.detail, E::CharacterDied { seat: S0, .. })));
    assert!(log.iter().any(|e| matches!(e.detail, E::CombatEnds { .. })));
}

fn native(id: &str) -> Value {
    json!({"piece": {"kind": "native", "id": id}, "place": {"place": "clearing", "at": here()}})
}

fn hired(id: &str) -> PieceId {
    serde_json::from_value(json!({"kind": "native", "id": id})).unwrap()
}

fn duels(g: &Game) -> Vec<(PieceId, Vec<PieceId>)> {
    combat::current(g.state())
        .map(|c| {
            c.duels
                .iter()
                .map(|d| (d.defender.clone(), d.attackers.clone()))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn seed_004_at_disengagement_all_others_are_unassigned_but_a_red_tremendous_monster_and_its_target()
{
    // The Swordsman's hired soldiers lure the T Serpent and the H Spider (light side:
    // Light harm, which cannot hurt an armored Medium soldier; Heavy, which soldier 1's
    // Light sharp blow cannot kill). Round 1: the Serpent hits soldier 2 and holds him.
    let mut log = Vec::new();
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "hidden": true, "hirelings": [{"native": "company-1", "lastDay": 10},
                                      {"native": "company-2", "lastDay": 10}]}],
        "pieces": [native("company-1"), native("company-2"), monster("t-serpent"),
                   monster("h-spider")],
        "at": "sunset", "dice": dice(1, 300)}));
    for (hireling, denizen) in [("company-2", "t-serpent"), ("company-1", "h-spider")] {
        let lure = A::HirelingLure {
            hireling: hired(hireling),
            denizen: piece(denizen),
        };
        until(&mut g, S0, &lure, &mut log);
    }
    for _ in 0..20 {
        if combat::current(g.state()).is_some_and(|c| c.stage != CombatStage::Luring) {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    let in_round_1 = duels(&g);
    assert!(
        in_round_1
            .iter()
            .any(|(_, attackers)| attackers.contains(&piece("h-spider"))),
        "round 1: the spider attacks soldier 1: {in_round_1:?}"
    );
    to_round(&mut g, 2, &mut log);
    assert!(log.iter().any(|e| matches!(&e.detail,
        E::HoldingDenizen { monster, denizen }
            if *monster == piece("t-serpent") && *denizen == hired("company-2"))));
    for p in [piece("h-spider"), hired("company-1")] {
        assert_eq!(
            g.state().piles.place_of(&p),
            Some(&Place::Clearing {
                at: serde_json::from_value(here()).unwrap()
            }),
            "{p:?} lives on"
        );
    }
    // Disengagement: the spider and soldier 1 are unassigned; the red Serpent keeps the
    // soldier it holds.
    assert_eq!(
        duels(&g),
        vec![(piece("t-serpent"), vec![hired("company-2")])]
    );
    let c = combat::current(g.state()).unwrap();
    assert_eq!(c.sheet_of(&piece("h-spider")), None);
}

/// The Sorceror with a Fiery Blast and the Demon (light side: Power of the Pit at time 2,
/// move 4) on his sheet; every die 5 (the Demon keeps its side; the Pit roll is Forget). If
/// `alert`, he alerts his Magic III3* (chit 9) in the day, so it completes at time 0.
fn sorceror_and_demon(alert: bool) -> (Game, Log) {
    use crate::spells_common as sc;
    use tabletop_rules::magic_realm::combat::spells::SpellAim;
    let mut sorceror = json!({"character": "sorceror", "at": here(), "spells": ["fiery-blast"],
        "hidden": false, "chits": [{"chit": 4, "status": "enchanted"}]});
    if alert {
        sorceror["record"] = json!([{"activity": "alert"}]);
    }
    let at = if alert { "daylight" } else { "sunset" };
    let mut g = start(json!({"seats": [sorceror], "pieces": [monster("demon")],
        "at": at, "dice": dice(5, 80)}));
    let mut log = Vec::new();
    for _ in 0..20 {
        if combat::current(g.state()).is_some() {
            break;
        }
        let legal = g.legal_actions(S0);
        let action = if legal.contains(&A::AlertChit { chit: 9 }) {
            A::AlertChit { chit: 9 }
        } else if legal.contains(&A::Proceed) {
            A::Proceed
        } else {
            combat::passing(&legal).expect("an action")
        };
        log.extend(g.apply(S0, action).unwrap());
    }
    let aim = SpellAim::Denizen {
        piece: piece("demon"),
    };
    sc::cast_at(&mut g, S0, 0, 9, Some(4), aim, &mut log);
    for _ in 0..30 {
        if round(&g) != 1 {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    (g, log)
}

#[test]
fn rule_8_4_3_a_demons_spell_neither_stops_a_spell_nor_is_stopped() {
    use tabletop_rules::magic_realm::combat::CombatTarget;
    let pit = |log: &Log| {
        log.iter().any(|e| {
            matches!(
                e.detail,
                E::PitRolled {
                    target: CombatTarget::Character { seat: S0 },
                    ..
                }
            )
        })
    };
    let works = |log: &Log| {
        log.iter()
            .any(|e| e.rule.0 == "8.4.3" && matches!(e.detail, E::SpellWorks { seat: S0, .. }))
    };
    // His time-3 spell: the Demon's faster time-2 spell hits him, yet his spell works.
    let (_, log) = sorceror_and_demon(false);
    assert!(log.iter().any(|e| matches!(
        e.detail,
        E::SpellCast {
            seat: S0,
            time: 3,
            ..
        }
    )));
    assert!(works(&log), "not stopped by the Demon's spell");
    assert!(pit(&log));
    assert!(!log
        .iter()
        .any(|e| matches!(e.detail, E::SpellCancelled { .. })));
    // His alerted chit (time 0) names the Demon: faster, yet the Demon's spell still goes.
    let (_, log) = sorceror_and_demon(true);
    assert!(log.iter().any(|e| matches!(
        e.detail,
        E::SpellCast {
            seat: S0,
            time: 0,
            ..
        }
    )));
    assert!(works(&log));
    assert!(pit(&log), "the Demon's spell is not stopped");
}
