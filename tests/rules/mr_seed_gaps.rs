//! Rule scenarios for the sentences of seeds 002 and 004 and rulebook 8.9 that
//! `docs/coverage.md` found without a test (issues 4 and 5): the examples printed in 8.4.5
//! and 8.4.9, the weapon turning over on a hit or a miss, the chit left unplayed, and
//! Midnight's alerted Magic chits and the Chapel. Each is built from a scenario (or a melee
//! situation) with forced dice.

use crate::melee_common::{self as melee, THRUST};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat, Seed, Session};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::common::{Side, Size};
use tabletop_rules::magic_realm::catalog::tiles::TileId;
use tabletop_rules::magic_realm::combat::melee::{Lane, MeleeEffect};
use tabletop_rules::magic_realm::combat::{self, CombatStage, CombatTarget, ManeuverPlay};
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{Facing, PieceId, Place};
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::state::{ChitStatus, Step};
use tabletop_rules::magic_realm::MagicRealm;

type Game = Session<MagicRealm>;
const S0: Seat = Seat(0);

fn start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    Session::<MagicRealm>::from_scenario(sc, Seed(5)).expect("the scenario starts")
}

fn here() -> Value {
    json!({"tile": "oak_woods", "clearing": 2})
}

fn wolf_here() -> Value {
    json!({"piece": {"kind": "monster", "id": "wolf-l4", "n": 0},
           "place": {"place": "clearing", "at": here()}})
}

fn wolf() -> PieceId {
    serde_json::from_value(json!({"kind": "monster", "id": "wolf-l4", "n": 0})).unwrap()
}

fn sword() -> PieceId {
    serde_json::from_value(json!({"kind": "weapon", "id": "thrusting-sword", "n": 0})).unwrap()
}

fn details(events: &[Event<E>]) -> Vec<&E> {
    events.iter().map(|e| &e.detail).collect()
}

fn stage(g: &Game) -> Option<CombatStage> {
    combat::current(g.state()).map(|c| c.stage)
}

/// Whoever acts takes his passing action (ending a step, naming no target).
fn pass_once(g: &mut Game) -> Vec<Event<E>> {
    let Some(seat) = g.to_act().seats().first().copied() else {
        return Vec::new();
    };
    let Some(action) = combat::passing(&g.legal_actions(seat)) else {
        return Vec::new();
    };
    g.apply(seat, action).expect("a passing action is legal")
}

fn pass_until(g: &mut Game, wanted: CombatStage) {
    for _ in 0..20 {
        if stage(g) == Some(wanted) {
            return;
        }
        pass_once(g);
    }
    panic!("combat never reached {wanted:?}");
}

/// He lures the wolf, names it at the Melee Step and leaves it in Charge-and-Thrust.
fn lure_target_and_place_the_wolf(g: &mut Game) {
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

fn maneuver(chit: u8, lane: Lane) -> A {
    A::PlayManeuver {
        with: ManeuverPlay::Chit { chit },
        lane,
    }
}

fn attacks_with(g: &Game, chit: u8) -> bool {
    g.legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::PlayAttack { chit: c, .. } if *c == chit))
}

fn maneuvers_with(g: &Game, chit: u8) -> bool {
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

// ---- 8.4.2, seed 004: no target, and the denizens left unassigned --------------------------

#[test]
fn rule_8_4_2_a_hidden_character_who_leaves_his_chit_unplayed_stays_hidden_and_cannot_attack() {
    // Seed 002 8.4.2: "he can leave his chit unplayed ... he cannot attack a target that
    // round. If a hidden character leaves his chit unplayed, he remains hidden."
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "hidden": true, "belongings": [{"piece": sword()}]}],
        "pieces": [wolf_here()], "at": "sunset", "dice": [4, 1, 1]}));
    pass_until(&mut g, CombatStage::Targets);
    let name_wolf = A::SelectTarget {
        target: CombatTarget::Denizen { piece: wolf() },
    };
    assert!(g.legal_actions(S0).contains(&name_wolf));
    assert!(g.legal_actions(S0).contains(&A::NoTarget));
    g.apply(S0, A::NoTarget).unwrap();
    assert!(g.state().seats[0].hidden, "he remains hidden");
    // For the rest of the round he is offered no attack, and he stays hidden.
    for _ in 0..20 {
        if combat::current(g.state()).is_none_or(|c| c.round != 1) {
            break;
        }
        assert!(!g
            .legal_actions(S0)
            .iter()
            .any(|a| matches!(a, A::PlayAttack { .. } | A::PlayGloves { .. })));
        assert!(g.state().seats[0].hidden);
        pass_once(&mut g);
    }
    assert!(g.state().seats[0].hidden);
}

#[test]
fn seed_004_denizens_unassigned_after_deployment_do_not_attack_this_round() {
    // The only character is hidden: the wolf is not assigned to him (8.3.5) and no one
    // lures it; unassigned, it attacks no one. Two quiet rounds end the combat.
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "hidden": true}],
        "pieces": [wolf_here()], "at": "sunset", "dice": [4, 1, 1, 4, 1, 1]}));
    let mut events = Vec::new();
    for _ in 0..60 {
        if let Some(c) = combat::current(g.state()) {
            assert!(c.sheet_of(&wolf()).is_none(), "the wolf stays unassigned");
        } else {
            break;
        }
        events.extend(pass_once(&mut g));
    }
    let d = details(&events);
    assert!(d
        .iter()
        .any(|e| matches!(e, E::CombatEnds { rounds: 2, .. })));
    assert!(!d
        .iter()
        .any(|e| matches!(e, E::Wounded { .. } | E::Killed { .. })));
    assert_eq!(g.state().seats[0].chits, [ChitStatus::Fresh; 12]);
}

// ---- 8.9 Midnight -----------------------------------------------------------------------------

fn to_next_birdsong(g: &mut Game) {
    for _ in 0..200 {
        if matches!(g.state().step, Step::Birdsong { day: 2 }) {
            return;
        }
        let Some(seat) = g.to_act().seats().first().copied() else {
            return;
        };
        let legal = g.legal_actions(seat);
        let action = if legal.contains(&A::Proceed) {
            Some(A::Proceed)
        } else {
            combat::passing(&legal)
        };
        let Some(action) = action else {
            return;
        };
        g.apply(seat, action).expect("the day proceeds");
    }
}

#[test]
fn rule_8_9_alerted_magic_chits_fatigue_at_midnight() {
    // The Druid alerts his Magic II3* (chit 6) in his Alert phase (7.9); at Midnight it
    // fatigues, while his other Magic chits stay fresh.
    let mut g = start(json!({"seats": [{"character": "druid", "at": here(),
        "record": [{"activity": "alert"}]}],
        "at": "daylight", "dice": [1]}));
    assert!(g.legal_actions(S0).contains(&A::AlertChit { chit: 6 }));
    g.apply(S0, A::AlertChit { chit: 6 }).unwrap();
    assert_eq!(g.state().seats[0].chits[6], ChitStatus::Fresh);
    to_next_birdsong(&mut g);
    assert!(matches!(g.state().step, Step::Birdsong { day: 2 }));
    assert_eq!(g.state().seats[0].chits[6], ChitStatus::Fatigued);
    assert_eq!(g.state().seats[0].chits[10], ChitStatus::Fresh);
}

#[test]
fn rule_8_9_curses_are_removed_in_the_chapels_clearing_at_midnight() {
    // Two cursed characters end the day, one with the Chapel, one elsewhere in the tile.
    let chapel = json!({"piece": {"kind": "dwelling", "id": "chapel"},
        "place": {"place": "clearing", "at": here()}});
    let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": here(), "curses": ["eyemist"]},
            {"character": "amazon", "at": {"tile": "oak_woods", "clearing": 4},
             "curses": ["eyemist"]}],
        "pieces": [chapel], "at": "sunset", "dice": [1, 1, 1, 1]}));
    to_next_birdsong(&mut g);
    assert!(matches!(g.state().step, Step::Birdsong { day: 2 }));
    assert!(g.state().seats[0].curses.is_empty(), "cured at the Chapel");
    assert!(
        !g.state().seats[1].curses.is_empty(),
        "still cursed elsewhere"
    );
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

// ---- Seed 000: prowling denizens at the end of a turn ---------------------------------------

fn at(tile: &str, clearing: u8) -> Value {
    json!({"tile": tile, "clearing": clearing})
}

fn day_piece(kind: &str, id: &str, n: Option<u8>) -> Value {
    match n {
        Some(n) => json!({"kind": kind, "id": id, "n": n}),
        None => json!({"kind": kind, "id": id}),
    }
}

fn place_of(g: &Game, p: &Value) -> Place {
    let id: PieceId = serde_json::from_value(p.clone()).unwrap();
    g.state()
        .piles
        .place_of(&id)
        .cloned()
        .expect("the piece is somewhere")
}

fn mountain(n: u8) -> Place {
    Place::Clearing {
        at: ClearingRef::new(TileId::Mountain, n),
    }
}

fn day_start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    Session::<MagicRealm>::from_scenario(sc, Seed(11)).expect("the scenario starts")
}

#[test]
fn seed_000_the_ghosts_are_always_prowling() {
    // Monster Roll 2: no row of the Ghosts (they have none), yet the Ghost in clearing 5
    // moves to the hidden Swordsman's clearing 2 when his turn ends.
    let ghost = day_piece("monster", "ghost", Some(0));
    let mut g = day_start(
        json!({"seats": [{"character": "swordsman", "at": at("mountain", 2),
        "hidden": true, "record": [{"activity": "hide"}]}],
        "pieces": [{"piece": ghost, "place": {"place": "clearing", "at": at("mountain", 5)}}],
        "at": "daylight", "dice": [2, 1, 1]}),
    );
    g.apply(S0, A::Proceed).unwrap();
    assert_eq!(place_of(&g, &ghost), mountain(2));
}

#[test]
fn seed_000_natives_in_the_tile_stay_where_they_are() {
    // Row 4 (the Lancers') prowls; a Lancer in clearing 5 does not move to him: only
    // monsters move once on the map.
    let lancer = day_piece("native", "lancer-1", None);
    let mut g = day_start(
        json!({"seats": [{"character": "swordsman", "at": at("mountain", 2),
        "hidden": true, "record": [{"activity": "hide"}]}],
        "pieces": [{"piece": lancer, "place": {"place": "clearing", "at": at("mountain", 5)}}],
        "at": "daylight", "dice": [4, 1, 1]}),
    );
    g.apply(S0, A::Proceed).unwrap();
    assert_eq!(place_of(&g, &lancer), mountain(5));
}

#[test]
fn seed_000_a_chit_whose_boxes_are_all_empty_summons_nothing() {
    // Row 6 prowls and Flutter 1 turns up, but every Bat box is empty.
    let flutter = day_piece("map_chit", "flutter_1", None);
    let mut g = day_start(
        json!({"seats": [{"character": "swordsman", "at": at("mountain", 2),
        "hidden": true, "record": [{"activity": "hide"}]}],
        "pieces": [{"piece": flutter, "place": {"place": "tile", "tile": "mountain"},
            "facing": "down"}],
        "at": "daylight", "dice": [6, 1, 1]}),
    );
    let ev = g.apply(S0, A::Proceed).unwrap();
    let id: PieceId = serde_json::from_value(flutter).unwrap();
    assert_eq!(
        g.state().piles.find(&id).map(|(_, c)| c.facing),
        Some(Facing::Up),
        "the chit turned up"
    );
    assert!(!details(&ev)
        .iter()
        .any(|d| matches!(d, E::MonstersSummoned { .. })));
}

#[test]
fn seed_000_monsters_that_appear_stay_until_another_individual_ends_his_turn() {
    // Flutter 1 summons the first Bat box to clearing 1 when the first character's turn
    // ends; the Bat stays there (it does not join him), and moves only when the second
    // character ends her turn in the tile.
    let bat = day_piece("monster", "giant-bat", Some(0));
    let pieces = json!([
        {"piece": bat, "place": {"place": "chart_box", "row": 6, "number": 1}},
        {"piece": day_piece("map_chit", "flutter_1", None),
         "place": {"place": "tile", "tile": "mountain"}, "facing": "down"}]);
    let mut g = day_start(json!({"seats": [
            {"character": "swordsman", "at": at("mountain", 2), "hidden": true,
             "record": [{"activity": "hide"}]},
            {"character": "amazon", "at": at("mountain", 4), "hidden": true,
             "record": [{"activity": "hide"}]}],
        "pieces": pieces, "at": "daylight", "dice": [6, 1, 1, 1, 1]}));
    let first = g.state().today.order[0].seat();
    let second = g.state().today.order[1].seat();
    let clearing_of = |seat: Seat| if seat == S0 { 2 } else { 4 };
    let ev = g.apply(first, A::Proceed).unwrap();
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::MonstersSummoned { .. })));
    assert_eq!(
        place_of(&g, &bat),
        mountain(1),
        "it stays where it appeared"
    );
    g.apply(second, A::Proceed).unwrap();
    assert_eq!(place_of(&g, &bat), mountain(clearing_of(second)));
}

// ---- 8.4.1, seed 004: native horses turn over -----------------------------------------------

fn pony() -> PieceId {
    serde_json::from_value(json!({"kind": "native_horse", "id": "lancer-pony-1"})).unwrap()
}

fn pony_facing(g: &Game) -> Facing {
    g.state()
        .piles
        .find(&pony())
        .map(|(_, c)| c.facing)
        .expect("the pony is somewhere")
}

/// The pony's facing in the first Encounter Step and at the start of the first
/// Melee Step (Targets), the Lancer `hired` by the Swordsman or not, the pony starting
/// `facing`.
fn pony_through_round_one(hired: bool, facing: &str) -> (Facing, Facing) {
    let lancer = json!({"piece": {"kind": "native", "id": "lancer-1"},
        "place": {"place": "clearing", "at": here()}});
    let horse = json!({"piece": {"kind": "native_horse", "id": "lancer-pony-1"},
        "place": {"place": "clearing", "at": here()}, "facing": facing});
    let hirelings = if hired {
        json!([{"native": "lancer-1", "lastDay": 10}])
    } else {
        json!([])
    };
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "hirelings": hirelings}],
        "pieces": [lancer, horse], "at": "sunset", "dice": [4, 4, 4, 1, 1, 4, 1, 1]}));
    let mut encounter = None;
    for _ in 0..30 {
        match stage(&g) {
            Some(CombatStage::Targets) => {
                return (
                    encounter.expect("the Encounter Step came first"),
                    pony_facing(&g),
                );
            }
            Some(_) if encounter.is_none() => encounter = Some(pony_facing(&g)),
            _ => {}
        }
        pass_once(&mut g);
    }
    panic!("no Melee Step");
}

#[test]
fn rule_8_4_1_an_unhired_natives_horse_walks_in_the_encounter_step_and_gallops_in_the_melee_step() {
    // Seed 004: "All unhired native horses turn 'walking' side up" (Encounter Step), and
    // 8.4.1: at the start of the Melee Step they turn dark (galloping) side up.
    for start_facing in ["light", "dark"] {
        assert_eq!(
            pony_through_round_one(false, start_facing),
            (Facing::Light, Facing::Dark),
            "starting {start_facing}"
        );
    }
}

#[test]
fn rule_8_4_1_a_hired_natives_horse_turns_over_at_the_melee_step() {
    // 8.4.1: "all native horses being ridden by hired natives turn over": walking becomes
    // galloping and galloping walking.
    assert_eq!(
        pony_through_round_one(true, "light"),
        (Facing::Light, Facing::Dark)
    );
    assert_eq!(
        pony_through_round_one(true, "dark"),
        (Facing::Dark, Facing::Light)
    );
}

// ---- Seed 004 Actions: an item change instead of an action ----------------------------------

fn changes_items(g: &Game, seat: Seat) -> bool {
    g.legal_actions(seat)
        .iter()
        .any(|a| matches!(a, A::EncounterItem { .. }))
}

#[test]
fn seed_004_an_item_change_is_instead_of_an_action_and_not_after_a_charge() {
    use tabletop_rules::magic_realm::actions::BelongingChange;
    // Alone with his sword: he may deactivate it; having done so he does no action (no
    // turning his weapon).
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "belongings": [{"piece": sword()}]}], "at": "sunset"}));
    pass_until(&mut g, CombatStage::Actions);
    assert!(g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::TurnWeapon { .. })));
    g.apply(
        S0,
        A::EncounterItem {
            piece: sword(),
            change: BelongingChange::Deactivate,
        },
    )
    .unwrap();
    assert!(!g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::TurnWeapon { .. } | A::RunAway { .. })));
    // Having charged the Amazon (from hiding, as in mr_combat.rs), the Swordsman changes
    // no item.
    let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": here(), "hidden": true,
             "belongings": [{"piece": sword()}]},
            {"character": "amazon", "at": here(), "hidden": false,
             "belongings": [{"piece": {"kind": "weapon", "id": "short-sword", "n": 0}}]}],
        "at": "sunset"}));
    pass_until(&mut g, CombatStage::Deployment);
    g.apply(
        S0,
        A::Charge {
            target: Seat(1),
            chit: 1,
        },
    )
    .unwrap();
    // Through the Actions stage: she is offered an item change, he never is.
    let (mut his, mut hers) = (false, false);
    for _ in 0..10 {
        if stage(&g) == Some(CombatStage::Targets) {
            break;
        }
        if stage(&g) == Some(CombatStage::Actions) {
            his |= changes_items(&g, S0);
            hers |= changes_items(&g, Seat(1));
        }
        pass_once(&mut g);
    }
    assert!(!his, "he charged");
    assert!(hers, "she did not");
}

// ---- 8.4.2: a hidden target only after finding hidden enemies -------------------------------

/// The Swordsman Peers in his clearing while the Amazon hides there; all dice `die`
/// (4: hidden enemies; 5: clues only; both hide her). Their candidates for a target at the
/// Evening's first Melee Step.
fn swordsman_targets_after_peering(die: u8) -> Vec<CombatTarget> {
    use tabletop_rules::magic_realm::actions::SearchChoice;
    let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": here(), "hidden": false,
             "record": [{"activity": "search"}]},
            {"character": "amazon", "at": here(), "hidden": false,
             "record": [{"activity": "hide"}]}],
        "at": "daylight", "dice": vec![die; 40]}));
    let peer = A::Search {
        search: SearchChoice::Peer {
            at: ClearingRef::new(TileId::OakWoods, 2),
        },
    };
    for _ in 0..60 {
        if stage(&g) == Some(CombatStage::Targets) {
            assert!(g.state().seats[1].hidden, "she hid");
            let data = tabletop_rules::magic_realm::game::data().unwrap();
            let c = combat::current(g.state()).unwrap();
            return combat::targets::candidates(data, g.state(), c, S0);
        }
        let Some(seat) = g.to_act().seats().first().copied() else {
            break;
        };
        let legal = g.legal_actions(seat);
        let action = if legal.contains(&peer) {
            peer.clone()
        } else if legal.contains(&A::Proceed) {
            A::Proceed
        } else {
            combat::passing(&legal).expect("an action")
        };
        g.apply(seat, action).unwrap();
    }
    panic!("no Melee Step");
}

#[test]
fn rule_8_4_2_a_hidden_target_only_after_finding_hidden_enemies_that_day() {
    let amazon = CombatTarget::Character { seat: Seat(1) };
    assert!(swordsman_targets_after_peering(4).contains(&amazon));
    assert!(!swordsman_targets_after_peering(5).contains(&amazon));
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

// ---- 8.4.2: a target on another sheet; naming it does not reassign it -----------------------

#[test]
fn rule_8_4_2_he_may_target_a_denizen_on_another_sheet_and_naming_it_does_not_reassign_it() {
    // The Swordsman lures the Ogre, the Amazon the wolf. With the Ogre on his own sheet he
    // may still name the wolf on hers, and it stays hers.
    let ogre: PieceId =
        serde_json::from_value(json!({"kind": "monster", "id": "ogre", "n": 0})).unwrap();
    let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": here(), "hidden": false},
            {"character": "amazon", "at": here(), "hidden": false}],
        "pieces": [wolf_here(), {"piece": {"kind": "monster", "id": "ogre", "n": 0},
            "place": {"place": "clearing", "at": here()}}],
        "at": "sunset", "dice": vec![4u8; 40]}));
    let s1 = Seat(1);
    for _ in 0..10 {
        let Some(seat) = g.to_act().seats().first().copied() else {
            break;
        };
        let lure = A::Lure {
            denizen: if seat == S0 { ogre.clone() } else { wolf() },
        };
        if stage(&g) == Some(CombatStage::Luring) && g.legal_actions(seat).contains(&lure) {
            g.apply(seat, lure).unwrap();
        } else if stage(&g) == Some(CombatStage::Luring) {
            pass_once(&mut g);
        } else {
            break;
        }
    }
    let c = combat::current(g.state()).unwrap();
    assert_eq!(c.sheet_of(&ogre), Some(S0));
    assert_eq!(c.sheet_of(&wolf()), Some(s1));
    let name_wolf = A::SelectTarget {
        target: CombatTarget::Denizen { piece: wolf() },
    };
    for _ in 0..20 {
        if g.legal_actions(S0).contains(&name_wolf) {
            break;
        }
        pass_once(&mut g);
    }
    g.apply(S0, name_wolf).unwrap();
    let c = combat::current(g.state()).unwrap();
    assert_eq!(
        c.sheet_of(&wolf()),
        Some(s1),
        "the wolf still attacks the Amazon"
    );
    assert_eq!(c.sheet_of(&ogre), Some(S0));
}

// ---- Seed 004 Disengagement -----------------------------------------------------------------

#[test]
fn seed_004_a_denizen_assigned_to_a_character_stays_assigned_and_keeps_its_side() {
    // The wolf on his sheet changes tactics (6 6: dark side up) and misses his Duck; he does
    // not attack. In the next round it is still on his sheet, still dark side up.
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here()}],
        "pieces": [wolf_here()], "at": "sunset", "dice": [4, 6, 6, 4, 1, 1]}));
    g.apply(S0, A::Lure { denizen: wolf() }).unwrap();
    pass_until(&mut g, CombatStage::Targets);
    g.apply(S0, A::NoTarget).unwrap();
    g.apply(
        S0,
        A::PlaceDenizen {
            denizen: wolf(),
            lane: Lane::ChargeThrust,
        },
    )
    .unwrap();
    g.apply(S0, maneuver(0, Lane::DuckSmash)).unwrap();
    let ev = g.apply(S0, A::EndPlays).unwrap();
    assert!(!details(&ev)
        .iter()
        .any(|d| matches!(d, E::Killed { .. } | E::Wounded { .. })));
    for _ in 0..10 {
        if combat::current(g.state()).is_none_or(|c| c.round >= 2) {
            break;
        }
        pass_once(&mut g);
    }
    let c = combat::current(g.state()).expect("a second round");
    assert_eq!(c.round, 2);
    assert_eq!(c.sheet_of(&wolf()), Some(S0));
    assert_eq!(
        g.state().piles.find(&wolf()).map(|(_, p)| p.facing),
        Some(Facing::Dark)
    );
}

// ---- Seed 000: the Lost City ----------------------------------------------------------------

#[test]
fn seed_000_the_lost_city_stays_and_its_five_chits_come_up_and_summon() {
    // Row 6 prowls. The Lost City turns up in the Cavern: it stays in the tile, face up,
    // summoning nothing itself; Flutter 1, one of its chits, comes to clearing 1 face up
    // and summons the first Bat box.
    let lost_city = day_piece("map_chit", "lost_city", None);
    let flutter = day_piece("map_chit", "flutter_1", None);
    let mut g = day_start(
        json!({"seats": [{"character": "swordsman", "at": at("cavern", 2),
        "hidden": true, "record": [{"activity": "hide"}]}],
        "pieces": [
            {"piece": day_piece("monster", "giant-bat", Some(0)),
             "place": {"place": "chart_box", "row": 6, "number": 1}},
            {"piece": lost_city, "place": {"place": "tile", "tile": "cavern"}, "facing": "down"},
            {"piece": flutter, "place": {"place": "section", "special": "lost_city"}}],
        "at": "daylight", "dice": [6, 1, 1]}),
    );
    let ev = g.apply(S0, A::Proceed).unwrap();
    let facing = |p: &Value| {
        let id: PieceId = serde_json::from_value(p.clone()).unwrap();
        g.state().piles.find(&id).map(|(_, c)| c.facing)
    };
    assert_eq!(
        place_of(&g, &lost_city),
        Place::Tile {
            tile: TileId::Cavern
        }
    );
    assert_eq!(facing(&lost_city), Some(Facing::Up));
    assert_eq!(
        place_of(&g, &flutter),
        Place::Clearing {
            at: ClearingRef::new(TileId::Cavern, 1)
        }
    );
    assert_eq!(facing(&flutter), Some(Facing::Up));
    let summoners: Vec<String> = details(&ev)
        .into_iter()
        .filter_map(|d| match d {
            E::MonstersSummoned { chit, .. } => Some(chit.0.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(summoners, vec!["flutter_1".to_string()]);
}
