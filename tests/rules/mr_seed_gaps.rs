//! Rule scenarios for the sentences of seed 002 (8.4.5 to 8.4.9) that `docs/coverage.md`
//! found without a test (issue 5): the examples printed in 8.4 (the White Knight's and the
//! Druid's effort limit, the Black Knight's strength, excess strength, a Swing intercepting a
//! Dodge), the plays a round allows, and the weapon turning over on a hit or a miss. Each is
//! built from a scenario (or a melee situation) with forced dice. The helpers here serve
//! `mr_seed_gaps_round.rs` and `mr_seed_gaps_day.rs` too.

use crate::melee_common::{self as melee, THRUST};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat, Seed, Session};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::common::{Side, Size};
use tabletop_rules::magic_realm::combat::melee::{Lane, MeleeEffect};
use tabletop_rules::magic_realm::combat::{self, CombatStage, CombatTarget, ManeuverPlay};
use tabletop_rules::magic_realm::pieces::{Facing, PieceId};
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::MagicRealm;

pub(crate) type Game = Session<MagicRealm>;
pub(crate) const S0: Seat = Seat(0);

pub(crate) fn start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(5)).expect("the scenario starts");
    crate::daylight_common::take_kept_turns(&mut g);
    g
}

pub(crate) fn here() -> Value {
    json!({"tile": "oak_woods", "clearing": 2})
}

pub(crate) fn wolf_here() -> Value {
    json!({"piece": {"kind": "monster", "id": "wolf-l4", "n": 0},
           "place": {"place": "clearing", "at": here()}})
}

pub(crate) fn wolf() -> PieceId {
    serde_json::from_value(json!({"kind": "monster", "id": "wolf-l4", "n": 0})).unwrap()
}

pub(crate) fn sword() -> PieceId {
    serde_json::from_value(json!({"kind": "weapon", "id": "thrusting-sword", "n": 0})).unwrap()
}

pub(crate) fn details(events: &[Event<E>]) -> Vec<&E> {
    events.iter().map(|e| &e.detail).collect()
}

pub(crate) fn stage(g: &Game) -> Option<CombatStage> {
    combat::current(g.state()).map(|c| c.stage)
}

/// Whoever acts takes his passing action (ending a step, naming no target).
pub(crate) fn pass_once(g: &mut Game) -> Vec<Event<E>> {
    let Some(seat) = g.to_act().seats().first().copied() else {
        return Vec::new();
    };
    let Some(action) = combat::passing(&g.legal_actions(seat)) else {
        return Vec::new();
    };
    g.apply(seat, action).expect("a passing action is legal")
}

pub(crate) fn pass_until(g: &mut Game, wanted: CombatStage) {
    for _ in 0..20 {
        if stage(g) == Some(wanted) {
            return;
        }
        pass_once(g);
    }
    panic!("combat never reached {wanted:?}");
}

/// He lures the wolf, names it at the Melee Step and leaves it in Charge-and-Thrust.
pub(crate) fn lure_target_and_place_the_wolf(g: &mut Game) {
    g.apply(S0, A::Lure { denizen: wolf() }).unwrap();
    pass_until(g, CombatStage::Targets);
    g.apply(
        S0,
        A::SelectTarget {
            target: CombatTarget::Denizen { piece: wolf() },
        },
    )
    .unwrap();
    assert_eq!(stage(g), Some(CombatStage::Plays));
    g.apply(
        S0,
        A::PlaceDenizen {
            denizen: wolf(),
            lane: Lane::ChargeThrust,
        },
    )
    .unwrap();
}

pub(crate) fn maneuver(chit: u8, lane: Lane) -> A {
    A::PlayManeuver {
        with: ManeuverPlay::Chit { chit },
        lane,
    }
}

pub(crate) fn attacks_with(g: &Game, chit: u8) -> bool {
    g.legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::PlayAttack { chit: c, .. } if *c == chit))
}

pub(crate) fn maneuvers_with(g: &Game, chit: u8) -> bool {
    g.legal_actions(S0).iter().any(
        |a| matches!(a, A::PlayManeuver { with: ManeuverPlay::Chit { chit: c }, .. } if *c == chit),
    )
}

// ---- 8.4.5 Effort limit and strength: the rulebook's examples -------------------------------

/// The White Knight's Move H4** (chit 3), Fight T5* (chit 11) and Move H6 (chit 1).
const WK_MOVE_H4: u8 = 3;
const WK_FIGHT_T5: u8 = 11;
const WK_MOVE_H6: u8 = 1;

#[test]
fn rule_8_4_5_effort_limit_the_white_knight_maneuvering_with_move_h4_cannot_attack_with_fight_t5() {
    // 8.4.5 example: "If the White Knight plays his Move H4** chit to maneuver, he cannot
    // play his Fight T5* chit to attack" (three asterisks in a round of two). No weapon:
    // the Fight chit attacks as his dagger.
    let mut g = start(
        json!({"seats": [{"character": "white-knight", "at": here()}],
        "pieces": [wolf_here()], "at": "sunset", "dice": [4, 1, 1]}),
    );
    lure_target_and_place_the_wolf(&mut g);
    assert!(attacks_with(&g, WK_FIGHT_T5), "alone, Fight T5* is offered");
    assert!(
        maneuvers_with(&g, WK_MOVE_H4),
        "alone, Move H4** is offered"
    );
    g.apply(S0, maneuver(WK_MOVE_H4, Lane::DuckSmash)).unwrap();
    assert!(!attacks_with(&g, WK_FIGHT_T5), "one asterisk too many");
    // Offered nothing, he is refused it, and the state does not change.
    let before = g.state().clone();
    let over = A::PlayAttack {
        chit: WK_FIGHT_T5,
        lane: Lane::ChargeThrust,
    };
    assert!(g.apply(S0, over.clone()).is_err());
    assert_eq!(g.state(), &before, "a refused play changes nothing");
    // With the effortless Move H6 instead, Fight T5* fits under the limit.
    g.apply(S0, A::TakeBackPlays).unwrap();
    g.apply(
        S0,
        A::PlaceDenizen {
            denizen: wolf(),
            lane: Lane::ChargeThrust,
        },
    )
    .unwrap();
    g.apply(S0, maneuver(WK_MOVE_H6, Lane::DuckSmash)).unwrap();
    assert!(g.legal_actions(S0).contains(&over));
    // The other way round: Fight T5* first leaves no room for Move H4**.
    g.apply(S0, A::TakeBackPlays).unwrap();
    g.apply(
        S0,
        A::PlaceDenizen {
            denizen: wolf(),
            lane: Lane::ChargeThrust,
        },
    )
    .unwrap();
    g.apply(S0, over).unwrap();
    assert!(!maneuvers_with(&g, WK_MOVE_H4));
    assert!(maneuvers_with(&g, WK_MOVE_H6));
}

/// The Black Knight's Move M4* (chit 4) and Move H5* (chit 1).
const BK_MOVE_M4: u8 = 4;
const BK_MOVE_H5: u8 = 1;

#[test]
fn rule_8_4_5_strength_the_black_knight_cannot_maneuver_with_move_m4_while_he_has_heavy_armor() {
    // 8.4.5 example: "The Black Knight cannot use his Move M4 chit to maneuver as long as he
    // has his Heavy armor (even if inactive)."
    for (armor, m4) in [(Some(true), false), (Some(false), false), (None, true)] {
        let belongings = match armor {
            Some(active) => json!([{"piece": {"kind": "armor", "id": "suit-of-armor", "n": 0},
                "active": active}]),
            None => json!([]),
        };
        let mut g = start(json!({"seats": [{"character": "black-knight", "at": here(),
            "belongings": belongings}],
            "pieces": [wolf_here()], "at": "sunset", "dice": [4, 1, 1]}));
        lure_target_and_place_the_wolf(&mut g);
        assert_eq!(maneuvers_with(&g, BK_MOVE_M4), m4, "armor {armor:?}");
        assert!(
            maneuvers_with(&g, BK_MOVE_H5),
            "a Heavy Move chit carries it"
        );
    }
}

// ---- 8.4.9 Order of hits in the first round -------------------------------------------------

#[test]
fn rule_8_4_9_first_round_equal_length_the_faster_attack_hits_first() {
    // 8.4.9: on the first round, equal weapon lengths (0 and 0) are ordered by attack time:
    // the Wolf (time 4) hits before the hero (time 5) even in round one.
    let sit = melee::situation(
        true,
        vec![
            melee::ch(melee::hero(Size::Medium, None)),
            melee::monster("wolf-l4", Side::Light),
        ],
        vec![melee::sheet(0, &[(1, THRUST)])],
        vec![melee::attack(
            0,
            1,
            THRUST,
            5,
            0,
            melee::harm(Size::Medium, 0),
        )],
    );
    let (out, _) = melee::run(&sit, &melee::calm(1));
    let order: Vec<_> = out.hits.iter().map(|h| h.attacker).collect();
    assert_eq!(order, vec![melee::id(1), melee::id(0)]);
    assert_eq!(
        out.hits[0].effects,
        vec![MeleeEffect::Wound {
            fighter: melee::id(0)
        }]
    );
    assert!(out.hits[0].moment < out.hits[1].moment);
    // A longer weapon at the same time 5 would have gone first: length leads in round one.
    let mut longer = sit.clone();
    longer.attacks[0].values.length = 4;
    let (out, _) = melee::run(&longer, &melee::calm(1));
    assert_eq!(out.hits[0].attacker, melee::id(0));
}

// ---- 8.4.5, 8.4.9, seed 004: the weapon turns over on a hit or a miss -----------------------

/// The Swordsman with his Thrusting Sword `facing`, the wolf in Charge-and-Thrust; he
/// attacks with Fight M4* (chit 7) in `lane` and ducks with Move L4 (chit 0). Dice: the
/// wolf's box stays (4) and keeps its tactics (1 1).
fn swordsman_attacks(facing: &str, lane: Lane) -> (Game, Vec<Event<E>>) {
    swordsman_attacks_with(facing, 7, lane)
}

/// As [`swordsman_attacks`], with Fight chit `chit`.
fn swordsman_attacks_with(facing: &str, chit: u8, lane: Lane) -> (Game, Vec<Event<E>>) {
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "belongings": [{"piece": sword(), "facing": facing}]}],
        "pieces": [wolf_here()], "at": "sunset", "dice": [4, 1, 1]}));
    lure_target_and_place_the_wolf(&mut g);
    g.apply(S0, A::PlayAttack { chit, lane }).unwrap();
    g.apply(S0, maneuver(0, Lane::DuckSmash)).unwrap();
    let ev = g.apply(S0, A::EndPlays).unwrap();
    (g, ev)
}

fn sword_facing(g: &Game) -> Facing {
    g.state()
        .piles
        .find(&sword())
        .map(|(_, c)| c.facing)
        .expect("the sword is somewhere")
}

#[test]
fn rule_8_4_5_and_8_4_9_a_weapon_that_hits_turns_unalerted() {
    // Alerted, the Thrusting Sword has no time: Fight M4* sets time 4. The Thrust
    // intercepts the wolf in Charge-and-Thrust; Light with a star is Medium: it dies.
    // (8.4.5: the wolf on his sheet, faster than that chit, does not stop him playing it
    // in the Melee Step, as it would in the Encounter Step.)
    let (g, ev) = swordsman_attacks("alerted", Lane::ChargeThrust);
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::Killed { by: Some(S0), .. })));
    assert_eq!(sword_facing(&g), Facing::Unalerted);
}

#[test]
fn rule_8_4_5_and_8_4_8_a_weapon_that_misses_turns_alerted() {
    // Unalerted (time 4), Swinging at the wolf in Charge-and-Thrust (move 3): neither
    // undercut nor intercept, a miss; the wolf lives and the sword turns alerted.
    let (g, ev) = swordsman_attacks("unalerted", Lane::DodgeSwing);
    assert!(!details(&ev).iter().any(|d| matches!(d, E::Killed { .. })));
    assert_eq!(sword_facing(&g), Facing::Alerted);
}

// ---- 8.4.5 Armor must be played; one use of a chit; no attack after a spell -----------------

#[test]
fn rule_8_4_5_attack_and_maneuver_are_optional_but_an_active_shield_must_be_played() {
    let shield = json!({"piece": {"kind": "armor", "id": "shield", "n": 0}});
    for (belongings, free) in [(json!([]), true), (json!([shield]), false)] {
        let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
            "belongings": belongings}],
            "pieces": [wolf_here()], "at": "sunset", "dice": [4, 1, 1]}));
        lure_target_and_place_the_wolf(&mut g);
        // Neither an attack nor a maneuver is needed to end his plays...
        assert_eq!(g.legal_actions(S0).contains(&A::EndPlays), free);
        if !free {
            // ...but his active shield is: refused until he places it, state unchanged.
            let before = g.state().clone();
            assert!(g.apply(S0, A::EndPlays).is_err());
            assert_eq!(g.state(), &before);
            g.apply(
                S0,
                A::PlaceShield {
                    lane: Lane::ChargeThrust,
                },
            )
            .unwrap();
            assert!(g.legal_actions(S0).contains(&A::EndPlays));
        }
    }
}

#[test]
fn rule_8_4_5_each_action_chit_is_played_once_per_round() {
    // Hidden (so the wolf is not assigned to him and does not limit his chits), he turns
    // his weapon with Fight M4* (chit 7) in the Encounter Step. In the Melee Step that chit
    // is used this round, while Fight L3* (chit 2, one asterisk: within the effort limit)
    // and Fight M5 (chit 10) are not.
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "hidden": true, "belongings": [{"piece": sword()}]}],
        "pieces": [wolf_here()], "at": "sunset", "dice": [4, 1, 1]}));
    pass_until(&mut g, CombatStage::Actions);
    g.apply(S0, A::TurnWeapon { chit: 7 }).unwrap();
    pass_until(&mut g, CombatStage::Targets);
    g.apply(
        S0,
        A::SelectTarget {
            target: CombatTarget::Denizen { piece: wolf() },
        },
    )
    .unwrap();
    assert_eq!(stage(&g), Some(CombatStage::Plays));
    assert!(!attacks_with(&g, 7), "Fight M4* was played this round");
    assert!(attacks_with(&g, 2));
    assert!(attacks_with(&g, 10));
}

#[test]
fn rule_8_4_5_a_character_whose_spell_came_to_life_makes_no_attack_but_may_maneuver() {
    // Seed 004: "If a character played a spell that came to life this round, he cannot make
    // a normal attack." The Pilgrim's Peace (Magic I chit 11, White colour chit 6) works on
    // one Ogre; in the Melee Step he may maneuver against the other Ogre on his sheet (move
    // time 5, slower than his time-4 Magic chit), but not attack it.
    use crate::spells_common as sc;
    use tabletop_rules::magic_realm::combat::spells::SpellAim;
    let second_ogre = json!({"piece": {"kind": "monster", "id": "ogre", "n": 1},
        "place": {"place": "clearing", "at": here()}});
    let mut g = sc::start(json!({"seats": [{"character": "pilgrim", "at": here(),
        "spells": ["make-whole", "peace"], "hidden": false,
        "chits": [{"chit": 6, "status": "enchanted"}]}],
        "pieces": [sc::monster("ogre"), second_ogre], "at": "sunset",
        "dice": sc::dice(1, 80)}));
    let mut log = Vec::new();
    let ogre = sc::piece("ogre");
    sc::cast_at(
        &mut g,
        S0,
        1,
        11,
        Some(6),
        SpellAim::Denizen { piece: ogre },
        &mut log,
    );
    for _ in 0..20 {
        if stage(&g) == Some(CombatStage::Plays) {
            break;
        }
        sc::pass_once(&mut g, &mut log);
    }
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::Pacified { .. })));
    assert_eq!(stage(&g), Some(CombatStage::Plays));
    let legal = g.legal_actions(S0);
    assert!(legal.iter().any(|a| matches!(a, A::PlayManeuver { .. })));
    assert!(!legal
        .iter()
        .any(|a| matches!(a, A::PlayAttack { .. } | A::PlayGloves { .. })));
}

// ---- 8.4.5: the Druid's example of the effort limit -----------------------------------------

#[test]
fn rule_8_4_5_effort_limit_counts_magic_chits_the_druid_casting_with_magic_ii3_cannot_maneuver_with_move_l2(
) {
    // 8.4.5 example: "if the Druid plays his Magic II3* chit to cast a spell, he cannot play
    // a Move L2** chit to maneuver." He casts Stones Fly (Grey: his Magic II chit 10 is a
    // Grey colour chit) with Magic II3* (chit 6) at the Ogre on his sheet.
    use crate::spells_common as sc;
    use tabletop_rules::magic_realm::combat::spells::SpellAim;
    let mut g = sc::start(json!({"seats": [{"character": "druid", "at": here(),
        "spells": ["stones-fly"], "hidden": false,
        "chits": [{"chit": 10, "status": "enchanted"}]}],
        "pieces": [sc::monster("ogre")], "at": "sunset", "dice": sc::dice(1, 80)}));
    let mut log = Vec::new();
    sc::cast_at(
        &mut g,
        S0,
        0,
        6,
        Some(10),
        SpellAim::Denizen {
            piece: sc::piece("ogre"),
        },
        &mut log,
    );
    for _ in 0..20 {
        if stage(&g) == Some(CombatStage::Plays) {
            break;
        }
        sc::pass_once(&mut g, &mut log);
    }
    assert_eq!(stage(&g), Some(CombatStage::Plays));
    assert!(
        !maneuvers_with(&g, 4),
        "Move L2** would make three asterisks"
    );
    assert!(maneuvers_with(&g, 0), "Move L3* makes two");
    assert!(maneuvers_with(&g, 1), "Move L4 makes one");
}

// ---- 8.4.8, 8.4.9: the examples between characters and of excess strength -------------------

#[test]
fn rule_8_4_8_a_swing_at_a_character_intercepts_his_dodge() {
    // 8.4.8 example: "If he plays a Swing attack ... If the targeted character has played
    // his Move counter ... in the 'Dodge' maneuver box, he is intercepted." A Duck escapes.
    use tabletop_rules::magic_realm::combat::melee::{HitBy, Lane as L};
    for (his_maneuver, hit) in [(L::DodgeSwing, true), (L::DuckSmash, false)] {
        let sit = melee::situation(
            false,
            vec![
                melee::ch(melee::hero(Size::Medium, Some((L::ChargeThrust, 2)))),
                melee::ch(melee::hero(Size::Medium, Some((his_maneuver, 4)))),
            ],
            vec![],
            vec![melee::attack(
                0,
                1,
                L::DodgeSwing,
                5,
                0,
                melee::harm(Size::Light, 0),
            )],
        );
        let (out, _) = melee::run(&sit, &[]);
        assert_eq!(
            out.hits
                .iter()
                .any(|h| h.attacker == melee::id(0) && h.by == HitBy::Intercept),
            hit,
            "{his_maneuver:?}"
        );
        assert_eq!(out.missed.contains(&melee::id(0)), !hit);
    }
}

#[test]
fn rule_8_4_9_a_medium_fight_chit_with_a_light_striking_weapon_adds_one_level() {
    // 8.4.9 example: a stronger Fight chit with a Light striking weapon raises the harm one
    // level "(to Medium, plus any sharpness)". The unalerted Thrusting Sword (Light, one
    // star, time 4) Thrusts at a Heavy Spider in Charge-and-Thrust (move 3): with Fight M4*
    // (chit 7) it is Medium plus a star, Heavy, and kills; with Fight L3* (chit 2), Light
    // plus a star, Medium, it does not.
    let spider = || {
        serde_json::from_value::<PieceId>(json!({"kind": "monster", "id": "h-spider", "n": 0}))
            .unwrap()
    };
    for (chit, kills) in [(7u8, true), (2, false)] {
        let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
            "belongings": [{"piece": sword()}]}],
            "pieces": [{"piece": {"kind": "monster", "id": "h-spider", "n": 0},
                "place": {"place": "clearing", "at": here()}}],
            "at": "sunset", "dice": [4, 1, 1]}));
        g.apply(S0, A::Lure { denizen: spider() }).unwrap();
        pass_until(&mut g, CombatStage::Targets);
        g.apply(
            S0,
            A::SelectTarget {
                target: CombatTarget::Denizen { piece: spider() },
            },
        )
        .unwrap();
        g.apply(
            S0,
            A::PlaceDenizen {
                denizen: spider(),
                lane: Lane::ChargeThrust,
            },
        )
        .unwrap();
        g.apply(
            S0,
            A::PlayAttack {
                chit,
                lane: Lane::ChargeThrust,
            },
        )
        .unwrap();
        g.apply(S0, maneuver(0, Lane::DuckSmash)).unwrap();
        let ev = g.apply(S0, A::EndPlays).unwrap();
        let killed = details(&ev)
            .iter()
            .any(|d| matches!(d, E::Killed { by: Some(S0), .. }));
        assert_eq!(killed, kills, "chit {chit}");
    }
}

#[test]
fn rule_8_4_5_a_weapons_time_number_is_his_attack_time_not_the_fight_chits() {
    // Fight L2** (chit 4, time 2) Swinging at the wolf in Charge-and-Thrust (move 3): with
    // the unalerted Thrusting Sword (time 4) the attack time is 4, which neither undercuts
    // nor intercepts; with the alerted sword (no time) it is the chit's 2, which undercuts
    // and kills (Light and a star: Medium).
    let (g, ev) = swordsman_attacks_with("unalerted", 4, Lane::DodgeSwing);
    assert!(!details(&ev).iter().any(|d| matches!(d, E::Killed { .. })));
    assert_eq!(sword_facing(&g), Facing::Alerted, "a miss");
    let (_, ev) = swordsman_attacks_with("alerted", 4, Lane::DodgeSwing);
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::Killed { by: Some(S0), .. })));
}
