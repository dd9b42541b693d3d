//! Rule scenarios for a hired leader following another player's character (rules 7.2.1,
//! 7.2.2, 7.11): as his guide begins each phase, his employer may have him abandon or give
//! what he carries, in the middle of the guide's turn; and for uncontrolled monsters
//! transmorphized (4.6.8a, 4.6.8c): they prowl and block as themselves, and mist does not
//! block. Each from a scenario with forced dice.

use crate::spells_common::{details, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Seat, Viewer};
use tabletop_rules::magic_realm::actions::{
    Gift, MagicRealmAction as A, MagicRealmEvent as E, Receiver,
};
use tabletop_rules::magic_realm::catalog::denizens::NativeId;
use tabletop_rules::magic_realm::day::following::Guide;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::state::{GameState, Step};

fn oak(n: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": "oak_woods", "clearing": n})).unwrap()
}

fn hq_id() -> NativeId {
    NativeId("company-hq".into())
}

fn hq() -> PieceId {
    PieceId::Native { id: hq_id() }
}

fn sword() -> PieceId {
    serde_json::from_value(json!({"kind": "weapon", "id": "thrusting-sword", "n": 0})).unwrap()
}

fn axe() -> PieceId {
    serde_json::from_value(json!({"kind": "weapon", "id": "axe", "n": 0})).unwrap()
}

fn lay(piece: &PieceId, place: &Place) -> Value {
    json!({"piece": piece, "place": place})
}

fn place_of(state: &GameState, piece: &PieceId) -> Option<Place> {
    state.piles.place_of(piece).cloned()
}

fn belongings_of(state: &GameState, seat: Seat) -> Place {
    Place::Belongings {
        character: state.seats[usize::from(seat.0)].character.clone().unwrap(),
    }
}

fn to_act(g: &Game) -> Vec<Seat> {
    g.to_act().seats().to_vec()
}

/// Daylight of day 2 in Oak Woods 2: the Captain (seat 0, nothing recorded) has hired
/// the Company's HQ, who follows the Amazon (seat 1, `amazon` recorded) and carries a
/// Thrusting Sword and an Axe. Dice: the Monster Roll, then the Amazon's Hide rolls.
fn behind_amazon(amazon: Value, dice: Value) -> Game {
    let carried = Place::Carried { by: hq() };
    start(json!({"seats": [
        {"character": "captain", "at": oak(2), "hidden": false, "record": [],
         "hirelings": [{"native": "company-hq", "lastDay": 14,
                        "record": [{"activity": "follow", "guide": 1}]}]},
        {"character": "amazon", "at": oak(2), "hidden": false, "gold": 10, "record": amazon}],
        "pieces": [lay(&hq(), &Place::Clearing { at: oak(2) }),
                   lay(&sword(), &carried), lay(&axe(), &carried)],
        "day": 2, "at": "daylight", "dice": dice}))
}

fn gives(to: Seat, piece: PieceId) -> A {
    A::HirelingGives {
        hireling: hq(),
        to: Receiver::Character { seat: to },
        gift: Gift::Belonging { piece },
    }
}

fn abandons(piece: PieceId) -> A {
    A::HirelingAbandons {
        hireling: hq(),
        piece,
    }
}

fn unchanged(g: &mut Game, seat: Seat, action: A) {
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(seat, action).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

/// Two Hides for the Amazon; Monster Roll 1, her Hide rolls fail (6s).
fn two_hides() -> Game {
    behind_amazon(
        json!([{"activity": "hide"}, {"activity": "hide"}]),
        json!([1, 6, 6, 6, 6, 6, 6, 6, 6]),
    )
}

#[test]
fn rule_7_2_1_a_hired_leader_following_another_players_character_gives_as_she_begins_a_phase() {
    let mut g = two_hides();
    assert_eq!(
        g.state().today.leaders_following.get(&hq_id()),
        Some(&Guide::character(S1))
    );
    // Her turn comes first; as she begins her phase the Captain decides for his HQ.
    assert_eq!(g.state().today.turn, 0);
    assert_eq!(to_act(&g), vec![S0]);
    assert!(g.legal_actions(S1).is_empty(), "the Amazon waits");
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&gives(S1, sword())));
    assert!(legal.contains(&abandons(axe())));
    assert!(legal.contains(&A::Proceed));
    // What the HQ carries is his employer's already: not given to him.
    assert!(!legal.iter().any(|a| matches!(a,
        A::HirelingGives { to: Receiver::Character { seat }, .. } if *seat == S0)));
    let log = g.apply(S0, gives(S1, sword())).unwrap();
    assert!(details(&log).iter().any(|e| matches!(e,
        E::HirelingGave { hireling, to: Receiver::Character { seat }, .. }
            if *hireling == hq() && *seat == S1)));
    assert_eq!(
        place_of(g.state(), &sword()),
        Some(belongings_of(g.state(), S1))
    );
    // He still carries the Axe: the Captain may go on deciding, then the Amazon's turn
    // goes on.
    assert_eq!(to_act(&g), vec![S0]);
    g.apply(S0, A::Proceed).unwrap();
    assert_eq!(to_act(&g), vec![S1]);
    assert!(g.legal_actions(S0).is_empty());
    // 7.2.1: she may give to the leader following her at her phases.
    assert!(g.legal_actions(S1).contains(&A::GiveToHireling {
        hireling: hq(),
        gift: Gift::Belonging { piece: sword() },
    }));
}

#[test]
fn rule_7_2_2_a_hired_leader_following_another_players_character_abandons_as_she_begins_each_phase()
{
    let mut g = two_hides();
    // Her first phase: he keeps everything.
    g.apply(S0, A::Proceed).unwrap();
    assert_eq!(to_act(&g), vec![S1]);
    let log = g.apply(S1, A::Proceed).unwrap();
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::HideRolled { .. })));
    // Her second phase begins: he is asked again, and abandons the Axe in her clearing.
    assert_eq!(g.state().today.phase, 1);
    assert_eq!(to_act(&g), vec![S0]);
    let log = g.apply(S0, abandons(axe())).unwrap();
    assert!(details(&log).iter().any(|e| matches!(e,
        E::HirelingAbandoned { hireling, piece: Some(p) } if *hireling == hq() && *p == axe())));
    assert_eq!(
        place_of(g.state(), &axe()),
        Some(Place::Clearing { at: oak(2) })
    );
    g.apply(S0, A::Proceed).unwrap();
    assert_eq!(to_act(&g), vec![S1]);
}

#[test]
fn rule_7_2_1_while_the_employer_decides_the_guide_waits_and_bad_input_changes_nothing() {
    let mut g = two_hides();
    assert_eq!(to_act(&g), vec![S0]);
    // The Amazon cannot go on with her phase yet.
    unchanged(&mut g, S1, A::Proceed);
    // Nor may she decide for another player's leader.
    unchanged(&mut g, S1, gives(S1, sword()));
    // The leader gives his employer nothing (it is his already), nor what he lacks.
    unchanged(&mut g, S0, gives(S0, sword()));
    let hoof: PieceId =
        serde_json::from_value(json!({"kind": "treasure", "id": "cloven-hoof"})).unwrap();
    unchanged(&mut g, S0, gives(S1, hoof.clone()));
    unchanged(&mut g, S0, abandons(hoof));
    // Nor does the Captain take his own turn's actions meanwhile.
    unchanged(&mut g, S0, A::EndProphecyTurn);
}

#[test]
fn rule_4_5_the_employer_deciding_during_her_turn_learns_nothing_of_her_record() {
    let mut g = behind_amazon(
        json!([{"activity": "alert"}, {"activity": "hide"}]),
        json!([1, 6, 6, 6, 6, 6, 6]),
    );
    assert_eq!(to_act(&g), vec![S0]);
    let view = g.view(Viewer::Seat { seat: S0 }).unwrap();
    assert!(
        view.own.iter().all(|o| o.seat == S0),
        "only his own record is shown to him"
    );
    // His options and the log of his decision name only what the leader carries.
    assert!(g.legal_actions(S0).iter().all(|a| matches!(
        a,
        A::HirelingGives { .. } | A::HirelingAbandons { .. } | A::Proceed
    )));
    let log = g.apply(S0, A::Proceed).unwrap();
    assert!(!details(&log)
        .iter()
        .any(|e| matches!(e, E::GuideStarts { .. } | E::WeaponAlerted { .. })));
}

#[test]
fn rule_7_2_1_a_leader_following_another_players_character_with_nothing_to_give_does_not_stop_her()
{
    // He carries nothing (and records no gold): her turn needs nobody else's decision.
    let g = start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "hidden": false, "record": [],
         "hirelings": [{"native": "company-hq", "lastDay": 14,
                        "record": [{"activity": "follow", "guide": 1}]}]},
        {"character": "amazon", "at": oak(2), "hidden": false,
         "record": [{"activity": "hide"}]}],
        "pieces": [lay(&hq(), &Place::Clearing { at: oak(2) })],
        "day": 2, "at": "daylight", "dice": [1, 6, 6]}));
    assert_eq!(to_act(&g), vec![S1]);
    assert!(g.legal_actions(S0).is_empty());
}

// ---------------------------------------------------------------------------------------
// 4.6.8a: uncontrolled denizens transmorphized prowl, move and block as themselves

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn mountain(n: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": "mountain", "clearing": n})).unwrap()
}

fn bat() -> PieceId {
    serde_json::from_value(json!({"kind": "monster", "id": "giant-bat", "n": 0})).unwrap()
}

fn lancer() -> PieceId {
    PieceId::Native {
        id: NativeId("lancer-1".into()),
    }
}

/// The Sorceror's (seat 1, away in Oak Woods 4) spell on `piece`: Transform with the
/// Transform Table's `roll` (1 Dragon, 4 Bird, 5 Squirrel), or Melt into Mist (`None`).
fn spell_on(piece: &PieceId, roll: Option<u8>) -> Value {
    let aims = json!([{"aim": "denizen", "piece": piece}]);
    match roll {
        Some(roll) => json!({"caster": 1, "spell": "transform", "spellBox": 0, "chit": 8,
            "aims": aims, "until": {"at": "never"}, "inert": false, "value": roll}),
        None => json!({"caster": 1, "spell": "melt-into-mist", "spellBox": 0, "chit": 8,
            "aims": aims, "until": {"at": "never"}, "inert": false}),
    }
}

/// Daylight of day 2, Monster Roll 6 (the Giant Bats prowl): the Swordsman (seat 0,
/// unhidden in Mountain 2) records a Hide he fails (6s); a Giant Bat waits in Mountain 5;
/// `pieces` more, `spells` in effect. His turn ends when he proceeds.
fn swordsman_ends_his_turn(pieces: Vec<Value>, spells: Value) -> (Game, Vec<E>) {
    let mut all = vec![lay(&bat(), &Place::Clearing { at: mountain(5) })];
    all.extend(pieces);
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": mountain(2), "hidden": false,
         "record": [{"activity": "hide"}]},
        {"character": "sorceror", "at": oak(4), "hidden": true, "record": [],
         "spells": ["transform", "melt-into-mist"]}],
        "pieces": all, "spells": spells, "day": 2, "at": "daylight",
        "dice": vec![6; 20]}));
    let mut log = Vec::new();
    for _ in 0..10 {
        if !matches!(g.state().step, Step::Daylight { .. }) {
            break;
        }
        let Some(seat) = to_act(&g).first().copied() else {
            break;
        };
        if !g.legal_actions(seat).contains(&A::Proceed) {
            break;
        }
        let events = g.apply(seat, A::Proceed).unwrap();
        log.extend(events.into_iter().map(|e| e.detail));
    }
    (g, log)
}

fn bat_moved(log: &[E]) -> bool {
    log.iter().any(|e| {
        matches!(e,
        E::MonstersMoved { pieces, to } if pieces.contains(&bat()) && *to == mountain(2))
    })
}

fn blocked_by_bat(log: &[E]) -> bool {
    log.iter().any(|e| {
        matches!(e,
        E::Blocked { seat, by } if *seat == S0 && by.contains(&bat()))
    })
}

#[test]
fn rule_4_6_8a_a_transmorphized_monster_prowls_and_blocks_as_itself() {
    use tabletop_rules::magic_realm::combat::spells::transform::form_of_piece;
    // Untransformed, a Bird (a flying creature) or a Squirrel (a beast that walks the
    // woods): the Giant Bat prowls to his clearing at the end of his turn and blocks him.
    for roll in [None, Some(4), Some(5)] {
        let spells = roll.map_or(json!([]), |r| json!([spell_on(&bat(), Some(r))]));
        let (g, log) = swordsman_ends_his_turn(vec![], spells);
        assert_eq!(
            form_of_piece(cat(), g.state(), &bat()).is_some(),
            roll.is_some(),
            "roll {roll:?}: the Transform is in effect"
        );
        assert!(bat_moved(&log), "roll {roll:?}: it prowls: {log:#?}");
        assert_eq!(
            place_of(g.state(), &bat()),
            Some(Place::Clearing { at: mountain(2) })
        );
        assert!(blocked_by_bat(&log), "roll {roll:?}: it blocks him");
        assert!(g.state().today.stopped.contains(&bat()));
    }
}

#[test]
fn rule_4_6_8c_a_monster_of_mist_prowls_but_does_not_block() {
    use tabletop_rules::magic_realm::combat::spells::mist::misted_piece;
    let (g, log) = swordsman_ends_his_turn(vec![], json!([spell_on(&bat(), None)]));
    assert!(misted_piece(cat(), g.state(), &bat()));
    // 4.6.8a: it moves at the times it normally would ...
    assert!(bat_moved(&log), "{log:#?}");
    // ... 4.6.8c: but mist neither blocks nor is blocked.
    assert!(!blocked_by_bat(&log));
    assert!(!g.state().today.blocked.contains(&S0));
    assert!(!g.state().today.stopped.contains(&bat()));
}

#[test]
fn rule_4_6_8a_a_native_transmorphized_into_a_dragon_does_not_block_as_a_dragon_would() {
    // The rule's example: a Lancer turned into a Dragon "still prowls, blocks and is
    // assigned to targets like a Lancer, not like a Dragon": beside the unhidden Swordsman
    // at the end of his phase it does not block him, as a monster would.
    let (g, log) = swordsman_ends_his_turn(
        vec![lay(&lancer(), &Place::Clearing { at: mountain(2) })],
        json!([spell_on(&lancer(), Some(1))]),
    );
    use tabletop_rules::magic_realm::combat::spells::transform::form_of_piece;
    assert!(form_of_piece(cat(), g.state(), &lancer()).is_some_and(|f| f.flies));
    assert!(!log.iter().any(|e| matches!(e,
        E::Blocked { by, .. } if by.contains(&lancer()))));
    // The Giant Bat, a monster, still blocks him.
    assert!(blocked_by_bat(&log));
}

#[test]
fn rule_4_6_8b_a_following_leader_turned_into_mist_does_not_stop_her_turn() {
    // The HQ, turned into mist by the Sorceror (seat 2, away), still follows the Amazon
    // (4.6.8c: mist may follow) but his belongings are frozen: nothing to decide.
    let carried = Place::Carried { by: hq() };
    let g = start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "hidden": false, "record": [],
         "hirelings": [{"native": "company-hq", "lastDay": 14,
                        "record": [{"activity": "follow", "guide": 1}]}]},
        {"character": "amazon", "at": oak(2), "hidden": false,
         "record": [{"activity": "hide"}]},
        {"character": "sorceror", "at": oak(4), "hidden": true, "record": []}],
        "pieces": [lay(&hq(), &Place::Clearing { at: oak(2) }), lay(&sword(), &carried)],
        "spells": [{"caster": 2, "spell": "melt-into-mist", "spellBox": 0, "chit": 8,
            "aims": [{"aim": "denizen", "piece": hq()}], "until": {"at": "never"},
            "inert": false}],
        "day": 2, "at": "daylight", "dice": [1, 6, 6]}));
    assert_eq!(
        g.state().today.leaders_following.get(&hq_id()),
        Some(&Guide::character(S1))
    );
    assert_eq!(to_act(&g), vec![S1]);
    assert!(g.legal_actions(S0).is_empty());
}

#[test]
fn rule_7_2_1_a_game_saved_after_the_employer_decided_resumes_with_her_phase() {
    let mut g = two_hides();
    g.apply(S0, A::Proceed).unwrap();
    // The state itself round-trips ...
    let text = serde_json::to_string(g.state()).unwrap();
    let state: GameState = serde_json::from_str(&text).unwrap();
    assert_eq!(&state, g.state());
    // ... and the saved game replays to it: he is not asked again in this phase.
    let loaded = Game::load_json(&g.save_json().unwrap()).unwrap();
    assert_eq!(loaded.state(), g.state());
    assert_eq!(to_act(&loaded), vec![S1]);
}

#[test]
fn rule_7_2_1_a_hired_leader_following_another_players_hired_leader_gives_as_he_begins_a_phase() {
    use tabletop_rules::magic_realm::state::Turner;
    // The Amazon's Guard HQ, carrying a Thrusting Sword, follows the Swordsman's Company
    // HQ, who records two Hides.
    let guard = PieceId::Native {
        id: NativeId("guard-hq".into()),
    };
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "hidden": false, "record": [],
         "hirelings": [{"native": "company-hq", "lastDay": 14,
                        "record": [{"activity": "hide"}, {"activity": "hide"}]}]},
        {"character": "amazon", "at": oak(2), "hidden": false, "record": [],
         "hirelings": [{"native": "guard-hq", "lastDay": 14,
                        "record": [{"activity": "followLeader", "leader": "company-hq"}]}]}],
        "pieces": [lay(&hq(), &Place::Clearing { at: oak(2) }),
                   lay(&guard, &Place::Clearing { at: oak(2) }),
                   lay(&sword(), &Place::Carried { by: guard.clone() })],
        "day": 2, "at": "daylight", "dice": vec![6; 20]}));
    assert_eq!(
        g.state()
            .today
            .leaders_following
            .get(&NativeId("guard-hq".into())),
        Some(&Guide::leader(&hq_id()))
    );
    let to_hq = A::HirelingGives {
        hireling: guard.clone(),
        to: Receiver::Hireling { piece: hq() },
        gift: Gift::Belonging { piece: sword() },
    };
    for _ in 0..6 {
        if g.legal_actions(S1).contains(&to_hq) {
            break;
        }
        let who = to_act(&g)[0];
        g.apply(who, A::Proceed).unwrap();
    }
    // The HQ's turn, at the start of his first phase: the Amazon decides for her leader.
    assert!(matches!(
        g.state().today.order.get(g.state().today.turn),
        Some(Turner::Leader { leader, .. }) if *leader == hq_id()
    ));
    assert_eq!(to_act(&g), vec![S1]);
    let legal = g.legal_actions(S1);
    assert!(legal.contains(&abandons_by(&guard, sword())));
    assert!(legal.contains(&A::HirelingGives {
        hireling: guard.clone(),
        to: Receiver::Character { seat: S0 },
        gift: Gift::Belonging { piece: sword() },
    }));
    // The Swordsman does not decide for her leader.
    unchanged(&mut g, S0, to_hq.clone());
    g.apply(S1, to_hq).unwrap();
    assert_eq!(
        place_of(g.state(), &sword()),
        Some(Place::Carried { by: hq() })
    );
    // Nothing left to decide: the Amazon is done; the HQ now carries the Sword, which his
    // employer may have him abandon or give as his phase begins, then he hides.
    assert!(g.legal_actions(S1).is_empty());
    assert_eq!(to_act(&g), vec![S0]);
    assert!(g.legal_actions(S0).contains(&abandons_by(&hq(), sword())));
    let log = g.apply(S0, A::Proceed).unwrap();
    assert!(
        details(&log)
            .iter()
            .any(|e| matches!(e, E::LeaderHideRolled { .. })),
        "{log:#?}"
    );
}

fn abandons_by(hireling: &PieceId, piece: PieceId) -> A {
    A::HirelingAbandons {
        hireling: hireling.clone(),
        piece,
    }
}

#[test]
fn rule_7_2_2_a_hired_leader_following_his_employers_other_leader_abandons_as_that_one_begins_a_phase(
) {
    // The Swordsman's Guard HQ, carrying a Thrusting Sword, follows his Company HQ, who
    // records a Hide: as the Company HQ begins it, the Swordsman may have the Guard HQ
    // abandon the Sword.
    let guard = PieceId::Native {
        id: NativeId("guard-hq".into()),
    };
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "hidden": true, "record": [],
         "hirelings": [{"native": "company-hq", "lastDay": 14,
                        "record": [{"activity": "hide"}]},
                       {"native": "guard-hq", "lastDay": 14,
                        "record": [{"activity": "followLeader", "leader": "company-hq"}]}]}],
        "pieces": [lay(&hq(), &Place::Clearing { at: oak(2) }),
                   lay(&guard, &Place::Clearing { at: oak(2) }),
                   lay(&sword(), &Place::Carried { by: guard.clone() })],
        "day": 2, "at": "daylight", "dice": vec![6; 20]}));
    let drop = abandons_by(&guard, sword());
    for _ in 0..4 {
        if g.legal_actions(S0).contains(&drop) {
            break;
        }
        g.apply(S0, A::Proceed).unwrap();
    }
    assert_eq!(to_act(&g), vec![S0]);
    assert!(matches!(
        g.state().today.order.get(g.state().today.turn),
        Some(tabletop_rules::magic_realm::state::Turner::Leader { leader, .. })
            if *leader == hq_id()
    ));
    g.apply(S0, drop).unwrap();
    assert_eq!(
        place_of(g.state(), &sword()),
        Some(Place::Clearing { at: oak(2) })
    );
}
