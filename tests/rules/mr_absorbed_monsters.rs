//! Rule scenarios for a character who has absorbed a monster's essence (Absorb Essence's
//! card text, 2 to 2.2; seed 002 8.4.7; 2.2.3): the absorbed Demon's, Winged Demon's and
//! Imp's spell attacks (like the monster's, 8.4.7), turning an absorbed Medium or Heavy
//! monster over as he plays his dummy chits, and playing its head or club either side up.
//!
//! The Witch King (seat 0) has absorbed a monster's essence (it lies aside, in the spell's
//! box); the Amazon (seat 1), unarmored, plays no maneuver, so every attack on her hits.

use crate::spells_common::{dice, here, monster, piece, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat, Viewer};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::tables::{Curse, PitResult};
use tabletop_rules::magic_realm::combat::melee::{Lane, MeleeStrike};
use tabletop_rules::magic_realm::combat::odds_query::play_odds;
use tabletop_rules::magic_realm::combat::spells::transform;
use tabletop_rules::magic_realm::combat::{self, CombatStage, CombatTarget, Plays};
use tabletop_rules::magic_realm::pieces::{Facing, PieceId};
use tabletop_rules::magic_realm::state::ChitStatus;

const AMAZON: Seat = S1;

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn amazon_target() -> CombatTarget {
    CombatTarget::Character { seat: AMAZON }
}

fn monster_piece(id: &str) -> Value {
    json!({"kind": "monster", "id": id, "n": 0})
}

/// The Witch King, who has absorbed the essence of `absorbed` (with its head or club
/// `part`, if any), the unarmored Amazon, and the `others` in the clearing, at Sunset, every
/// die forced to `die`.
fn absorbed_with(absorbed: &str, part: Option<&str>, others: &[Value], die: u8) -> Game {
    absorbed_in(absorbed, part, others, die, true)
}

/// As [`absorbed_with`], the Amazon there only if `amazon`.
fn absorbed_in(
    absorbed: &str,
    part: Option<&str>,
    others: &[Value],
    die: u8,
    amazon: bool,
) -> Game {
    let absorb = json!({"caster": 0, "spell": "absorb-essence", "spellBox": 0, "chit": 4,
        "aims": [{"aim": "denizen", "piece": monster_piece(absorbed)}],
        "until": {"at": "never"}});
    let mut pieces = vec![json!({"piece": monster_piece(absorbed), "place": {"place": "aside"}})];
    if let Some(part) = part {
        pieces.push(
            json!({"piece": {"kind": "monster_part", "id": part, "n": 0},
            "place": {"place": "aside"}}),
        );
    }
    pieces.extend(others.iter().cloned());
    let mut seats = vec![
        json!({"character": "witch-king", "at": here(), "hidden": false,
        "spells": ["absorb-essence"], "chits": [{"chit": 4, "status": "enchanted"}]}),
    ];
    if amazon {
        seats.push(json!({"character": "amazon", "at": here(), "hidden": false}));
    }
    start(json!({"seats": seats,
        "pieces": pieces, "spells": [absorb], "day": 2, "at": "sunset",
        "dice": dice(die, 300)}))
}

fn stage(g: &Game) -> Option<CombatStage> {
    combat::current(g.state()).map(|c| c.stage)
}

/// Plays on: seat 0 takes the first of `wanted` that is legal, everyone else passes;
/// until `done`.
fn play(
    g: &mut Game,
    wanted: &[A],
    done: impl Fn(&Game, &[Event<E>]) -> bool,
    log: &mut Vec<Event<E>>,
) {
    for _ in 0..400 {
        if done(g, log) || combat::current(g.state()).is_none() {
            return;
        }
        let Some(who) = g.to_act().seats().first().copied() else {
            return;
        };
        let legal = g.legal_actions(who);
        let pick = wanted
            .iter()
            .find(|a| who == S0 && legal.contains(a))
            .cloned()
            .or_else(|| combat::passing(&legal))
            .expect("an action");
        log.extend(g.apply(who, pick).unwrap());
    }
    panic!("never done");
}

/// Seat 0 names `target` and attacks as his creature in the Thrust circle.
fn attack(target: &CombatTarget) -> Vec<A> {
    vec![
        A::SelectTarget {
            target: target.clone(),
        },
        A::PlayCreatureAttack {
            lane: Lane::ChargeThrust,
        },
    ]
}

fn spell_rolled(log: &[Event<E>]) -> bool {
    log.iter()
        .any(|e| matches!(e.detail, E::PitRolled { .. } | E::Cursed { .. }))
}

#[test]
fn rule_8_4_7_a_character_who_is_the_demon_strikes_with_power_of_the_pit() {
    // Every die 4: the Power of the Pit's Blight wounds the Amazon's chits with effort.
    let mut g = absorbed_with("demon", None, &[], 4);
    let form = transform::form_of_seat(cat(), g.state(), S0).expect("he is the Demon");
    assert_eq!(
        form.tactic().attack.map(|a| a.strike),
        Some(MeleeStrike::Spell),
        "red side down, its attack is a spell"
    );
    let fresh_before: Vec<ChitStatus> = g.state().seats[1].chits.clone();
    let mut log = Vec::new();
    play(
        &mut g,
        &attack(&amazon_target()),
        |_, log| spell_rolled(log),
        &mut log,
    );
    assert!(log.iter().any(|e| matches!(
        &e.detail,
        E::PitRolled { target, result: PitResult::Blight } if *target == amazon_target()
    )));
    // No harm: the spell hits the character herself and takes the place of harm.
    assert!(!log
        .iter()
        .any(|e| matches!(e.detail, E::Wounded { seat: AMAZON })));
    let card = tabletop_rules::magic_realm::day::who::card(cat(), g.state(), AMAZON).unwrap();
    let mut wounded = 0;
    for (i, c) in card.chits.iter().enumerate() {
        let status = g.state().seats[1].chits[i];
        if c.effort > 0 && fresh_before[i] == ChitStatus::Fresh {
            assert_eq!(status, ChitStatus::Wounded, "chit {i} with effort");
            wounded += 1;
        } else {
            assert_eq!(status, fresh_before[i], "chit {i} without effort");
        }
    }
    assert!(wounded > 0);
}

#[test]
fn rule_8_4_7_a_character_who_is_the_imp_curses_the_character_he_hits() {
    // Every die 4: the Curses Table's 4 is Ill Health.
    let mut g = absorbed_with("imp", None, &[], 4);
    let mut log = Vec::new();
    play(
        &mut g,
        &attack(&amazon_target()),
        |_, log| spell_rolled(log),
        &mut log,
    );
    assert!(log.iter().any(|e| matches!(
        e.detail,
        E::Cursed {
            seat: AMAZON,
            curse: Curse::IllHealth
        }
    )));
    assert!(!log.iter().any(|e| matches!(e.detail, E::PitRolled { .. })));
    assert!(!log
        .iter()
        .any(|e| matches!(e.detail, E::Wounded { seat: AMAZON })));
}

#[test]
fn rule_8_4_7_the_pit_s_kills_by_a_character_who_is_the_demon_are_his() {
    // Every die 2: the Power of the Pit carries the Giant Bat away; the kill and its Fame
    // and Notoriety are the Witch King's (alone with it).
    let mut g = absorbed_in("winged-demon", None, &[monster("giant-bat")], 2, false);
    let bat = CombatTarget::Denizen {
        piece: piece("giant-bat"),
    };
    let mut log = Vec::new();
    // The repositioning roll of 2 puts the Bat in the Duck-and-Smash box: he smashes.
    let smash = [
        A::SelectTarget {
            target: bat.clone(),
        },
        A::PlayCreatureAttack {
            lane: Lane::DuckSmash,
        },
    ];
    play(&mut g, &smash, |_, log| spell_rolled(log), &mut log);
    assert!(log.iter().any(|e| matches!(
        &e.detail,
        E::PitRolled { target, result: PitResult::CarriedAway } if *target == bat
    )));
    let id = serde_json::from_value(json!("giant-bat")).unwrap();
    let bat_monster = cat().denizens.monster(&id).unwrap();
    assert!(log.iter().any(|e| matches!(
        &e.detail,
        E::Killed { victim, by: Some(S0), fame, notoriety, .. }
            if *victim == piece("giant-bat")
                && *fame == bat_monster.fame
                && *notoriety == bat_monster.notoriety
    )));
}

#[test]
fn rule_8_4_7_red_side_up_the_absorbed_demon_no_longer_casts() {
    // His spell's hit leaves the Amazon alive, so (the Demon is Tremendous) he turns red
    // side up and holds her: his attack is the red side's, no spell.
    let mut g = absorbed_with("demon", None, &[], 4);
    let mut log = Vec::new();
    play(
        &mut g,
        &attack(&amazon_target()),
        |_, log| {
            log.iter()
                .any(|e| matches!(e.detail, E::CharacterHolding { seat: S0, .. }))
        },
        &mut log,
    );
    assert!(log.iter().any(|e| matches!(e.detail, E::PitRolled { .. })));
    let red = transform::form_of_seat(cat(), g.state(), S0).expect("the Demon");
    assert_eq!(
        red.tactic().attack.map(|a| a.strike),
        Some(MeleeStrike::HoldAndKill)
    );
}

fn imp() -> PieceId {
    piece("imp")
}

fn facing(g: &Game, p: &PieceId) -> Option<Facing> {
    g.state().piles.find(p).map(|(_, c)| c.facing)
}

/// Plays on until seat 0 makes his plays, having named `target`.
fn to_plays(g: &mut Game, target: &CombatTarget, log: &mut Vec<Event<E>>) {
    let name = [A::SelectTarget {
        target: target.clone(),
    }];
    play(
        g,
        &name,
        |g, _| stage(g) == Some(CombatStage::Plays) && g.to_act().seats().contains(&S0),
        log,
    );
    assert_eq!(stage(g), Some(CombatStage::Plays));
}

fn amazon_killed(g: &Game) -> bool {
    combat::current(g.state()).is_some_and(|c| c.gone.contains(&AMAZON))
        || !tabletop_rules::magic_realm::day::who::playing(g.state(), AMAZON)
}

#[test]
fn rule_4_6_8_absorb_essence_2_he_turns_the_absorbed_imp_over_and_strikes_with_its_red_side() {
    // Every die 4. Turned over, the Imp attacks with Medium harm at 4 (no spell), and the
    // unarmored Medium Amazon is killed.
    let mut g = absorbed_with("imp", None, &[], 4);
    let mut log = Vec::new();
    to_plays(&mut g, &amazon_target(), &mut log);
    let turn = A::TurnAbsorbed { piece: imp() };
    assert!(g.legal_actions(S0).contains(&turn));
    let amazon_view =
        |g: &Game| serde_json::to_string(&g.view(Viewer::Seat { seat: AMAZON }).unwrap()).unwrap();
    let before = amazon_view(&g);
    log.extend(g.apply(S0, turn).unwrap());
    // In secret: the counter lies as it did, and the Amazon sees nothing of it.
    assert_eq!(facing(&g, &imp()), Some(Facing::Light));
    assert_eq!(amazon_view(&g), before);
    play(
        &mut g,
        &attack(&amazon_target()),
        |g, _| amazon_killed(g),
        &mut log,
    );
    assert!(amazon_killed(&g), "the red side's Medium harm kills her");
    assert!(
        !spell_rolled(&log),
        "no Curse: its spell is on the other side"
    );
    assert!(log
        .iter()
        .any(|e| matches!(e.detail, E::PlaysRevealed { .. })));
    // Revealed, the Imp lies red side up, and he stays that way in later rounds...
    assert!(combat::current(g.state()).is_some(), "combat goes on");
    assert_eq!(facing(&g, &imp()), Some(Facing::Dark));
    let form = transform::form_of_seat(cat(), g.state(), S0).expect("the Imp");
    assert_eq!(form.tactic().move_time, 3);
    // ...until combat ends: it turns light side up again (2.2.3).
    play(&mut g, &[], |_, _| false, &mut log);
    assert!(combat::current(g.state()).is_none());
    assert_eq!(facing(&g, &imp()), Some(Facing::Light));
}

#[test]
fn rule_4_6_8_absorb_essence_2_turning_the_absorbed_spear_goblin_over_gives_it_an_attack() {
    // Light side up the Spear Goblin does not attack (8.4.7); turned over it attacks with
    // Heavy harm at 5.
    let mut g = absorbed_with("spear-goblin", None, &[], 4);
    let mut log = Vec::new();
    to_plays(&mut g, &amazon_target(), &mut log);
    let thrust = A::PlayCreatureAttack {
        lane: Lane::ChargeThrust,
    };
    assert!(!g.legal_actions(S0).contains(&thrust));
    log.extend(
        g.apply(
            S0,
            A::TurnAbsorbed {
                piece: piece("spear-goblin"),
            },
        )
        .unwrap(),
    );
    assert!(g.legal_actions(S0).contains(&thrust));
    // Turned back, it has no attack again.
    log.extend(
        g.apply(
            S0,
            A::TurnAbsorbed {
                piece: piece("spear-goblin"),
            },
        )
        .unwrap(),
    );
    assert!(!g.legal_actions(S0).contains(&thrust));
}

#[test]
fn rule_4_6_8_absorb_essence_2_he_cannot_turn_it_once_he_has_played_its_chits_nor_a_tremendous_one()
{
    let mut g = absorbed_with("imp", None, &[], 4);
    let mut log = Vec::new();
    to_plays(&mut g, &amazon_target(), &mut log);
    log.extend(
        g.apply(
            S0,
            A::PlayCreatureAttack {
                lane: Lane::ChargeThrust,
            },
        )
        .unwrap(),
    );
    let turn = A::TurnAbsorbed { piece: imp() };
    assert!(!g.legal_actions(S0).contains(&turn));
    let saved = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, turn).is_err(), "too late: he played its attack");
    assert_eq!(serde_json::to_string(g.state()).unwrap(), saved);
    // A Tremendous monster turns red side up only when it hits (8.4.7).
    let mut g = absorbed_with("t-serpent", None, &[], 4);
    let mut log = Vec::new();
    to_plays(&mut g, &amazon_target(), &mut log);
    let turn = A::TurnAbsorbed {
        piece: piece("t-serpent"),
    };
    assert!(!g.legal_actions(S0).contains(&turn));
    let saved = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, turn).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), saved);
}

#[test]
fn rule_4_6_8_absorb_essence_2_the_odds_of_a_play_count_the_side_he_turns_the_monster_to() {
    // Alone with the Wolf (Medium), on his sheet: light side up, the Imp's spell kills
    // nothing; turned over, its Medium harm can kill the Wolf.
    let mut g = absorbed_in("imp", None, &[monster("wolf-l4")], 4, false);
    let wolf = CombatTarget::Denizen {
        piece: piece("wolf-l4"),
    };
    let mut log = Vec::new();
    to_plays(&mut g, &wolf, &mut log);
    let light = Plays {
        creature_attack: Some(Lane::ChargeThrust),
        ..Plays::default()
    };
    let mut turned = light.clone();
    turned.flipped.insert(imp());
    let odds = |p: &Plays| play_odds(cat(), g.state(), S0, p).expect("odds");
    assert_eq!(odds(&light).target_killed, Some(0.0));
    assert!(odds(&turned).target_killed.is_some_and(|k| k > 0.0));
}

#[test]
fn rule_8_4_7_he_plays_the_absorbed_giant_s_club_either_side_up() {
    // The Giant (Tremendous, light side Heavy harm at 5) with its club (light side Heavy
    // harm at 6; dark side Tremendous harm at 4); the Amazon wears T Armor.
    let absorb = json!({"caster": 0, "spell": "absorb-essence", "spellBox": 0, "chit": 4,
        "aims": [{"aim": "denizen", "piece": monster_piece("giant")}],
        "until": {"at": "never"}});
    let armor: Value = json!({"kind": "armor", "id": "t-armor", "n": 0});
    let club_json = json!({"kind": "monster_part", "id": "giant-club", "n": 0});
    let club: PieceId = serde_json::from_value(club_json.clone()).unwrap();
    let mut g = start(json!({"seats": [
            {"character": "witch-king", "at": here(), "hidden": false,
             "spells": ["absorb-essence"], "chits": [{"chit": 4, "status": "enchanted"}]},
            {"character": "amazon", "at": here(), "hidden": false,
             "belongings": [{"piece": armor}]}],
        "pieces": [{"piece": monster_piece("giant"), "place": {"place": "aside"}},
                   {"piece": club_json, "place": {"place": "aside"}}],
        "spells": [absorb], "day": 2, "at": "sunset", "dice": dice(4, 300)}));
    let mut log = Vec::new();
    to_plays(&mut g, &amazon_target(), &mut log);
    let turn_club = A::TurnAbsorbed {
        piece: club.clone(),
    };
    let turn_giant = A::TurnAbsorbed {
        piece: piece("giant"),
    };
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&turn_club));
    assert!(
        !legal.contains(&turn_giant),
        "a Tremendous body is never turned"
    );
    log.extend(g.apply(S0, turn_club.clone()).unwrap());
    let mut plays = attack(&amazon_target());
    plays.push(A::PlayPartAttack {
        lane: Lane::DodgeSwing,
    });
    play(
        &mut g,
        &plays,
        |_, log| {
            log.iter()
                .any(|e| matches!(e.detail, E::PlaysRevealed { .. }))
        },
        &mut log,
    );
    // Revealed: the club lies dark side up and attacks with its dark side's values.
    assert_eq!(facing(&g, &club), Some(Facing::Dark));
    assert_eq!(facing(&g, &piece("giant")), Some(Facing::Light));
    let form = transform::form_of_seat(cat(), g.state(), S0).expect("the Giant");
    let club_attack = form.part_attack.expect("its club");
    assert_eq!(club_attack.time, 4);
    assert!(matches!(
        club_attack.strike,
        MeleeStrike::Harm {
            letter: tabletop_rules::magic_realm::catalog::common::Size::Tremendous,
            ..
        }
    ));
    // Red side up (he holds her), he may still turn his club back.
    play(
        &mut g,
        &attack(&amazon_target()),
        |g, log| {
            stage(g) == Some(CombatStage::Plays)
                && g.to_act().seats().contains(&S0)
                && log
                    .iter()
                    .any(|e| matches!(e.detail, E::CharacterHolding { seat: S0, .. }))
        },
        &mut log,
    );
    assert!(combat::current(g.state()).is_some_and(|c| c.character_holds.contains_key(&S0)));
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&turn_club));
    // (And now he may turn the body red side down.)
    assert!(legal.contains(&turn_giant));
}

#[test]
fn rule_4_6_8_absorb_essence_2_red_side_up_he_may_turn_his_tremendous_monster_red_side_down() {
    // Every die 4. As the T Serpent (light side: Light harm at 4; red side: kills
    // outright) he wounds the Amazon and holds her; next round he turns it red side down
    // as he plays: he lets go, and his Light harm only wounds her again.
    let mut g = absorbed_with("t-serpent", None, &[], 4);
    let mut log = Vec::new();
    let holds = |log: &[Event<E>]| {
        log.iter()
            .any(|e| matches!(e.detail, E::CharacterHolding { seat: S0, .. }))
    };
    play(
        &mut g,
        &attack(&amazon_target()),
        |_, log| holds(log),
        &mut log,
    );
    to_plays(&mut g, &amazon_target(), &mut log);
    assert!(combat::current(g.state()).is_some_and(|c| c.character_holds.contains_key(&S0)));
    let turn = A::TurnAbsorbed {
        piece: piece("t-serpent"),
    };
    assert!(g.legal_actions(S0).contains(&turn));
    let from = log.len();
    log.extend(g.apply(S0, turn).unwrap());
    play(
        &mut g,
        &attack(&amazon_target()),
        |_, log| {
            log[from..]
                .iter()
                .any(|e| matches!(e.detail, E::Wounded { .. }))
        },
        &mut log,
    );
    let round2 = &log[from..];
    let let_go = round2
        .iter()
        .position(|e| matches!(e.detail, E::CharacterLetGo { seat: S0 }))
        .expect("he lets go as the plays are revealed");
    let wounded = round2
        .iter()
        .position(|e| matches!(e.detail, E::Wounded { seat: AMAZON }))
        .expect("his light side's harm wounds her");
    assert!(let_go < wounded);
    assert!(
        !amazon_killed(&g),
        "red side down, he no longer kills outright"
    );
}

#[test]
fn rule_4_6_7b_the_fiery_chasm_of_his_demon_s_spell_swallows_him_too() {
    // Every die 1: the Power of the Pit opens a fiery chasm: it kills every unhidden
    // character in the clearing (the Witch King who is the Demon too) and every monster;
    // the Giant Bat is his kill, the Demon killed with him nobody's (Absorb Essence, 1.1).
    let mut g = absorbed_in("demon", None, &[monster("giant-bat")], 1, false);
    let bat = CombatTarget::Denizen {
        piece: piece("giant-bat"),
    };
    let mut log = Vec::new();
    play(&mut g, &attack(&bat), |_, log| spell_rolled(log), &mut log);
    assert!(log.iter().any(|e| matches!(
        e.detail,
        E::PitRolled {
            result: PitResult::FieryChasmOpens,
            ..
        }
    )));
    assert!(log.iter().any(|e| matches!(
        &e.detail,
        E::Killed { victim, by: Some(S0), .. } if *victim == piece("giant-bat")
    )));
    assert!(!tabletop_rules::magic_realm::day::who::playing(
        g.state(),
        S0
    ));
    // The Demon he had absorbed is killed with him: his own kill is nobody's.
    assert!(log.iter().any(|e| matches!(
        &e.detail,
        E::Killed { victim, by: None, fame, .. } if *victim == piece("demon") && *fame == 0
    )));
    assert_eq!(
        g.state().piles.place_of(&piece("demon")),
        Some(&tabletop_rules::magic_realm::pieces::Place::Killed)
    );
}

#[test]
fn pentangle_keeps_the_imp_he_is_off_its_target() {
    // The Amazon is protected by a Pentangle: the Imp he is cannot attack her (he may name
    // her, but plays no attack on her).
    let absorb = json!({"caster": 0, "spell": "absorb-essence", "spellBox": 0, "chit": 4,
        "aims": [{"aim": "denizen", "piece": monster_piece("imp")}],
        "until": {"at": "never"}});
    let pentangle = json!({"caster": 0, "spell": "pentangle", "spellBox": 1, "chit": 7,
        "aims": [{"aim": "character", "seat": 1}], "until": {"at": "never"}});
    let mut g = start(json!({"seats": [
            {"character": "witch-king", "at": here(), "hidden": false,
             "spells": ["absorb-essence", "pentangle"],
             "chits": [{"chit": 4, "status": "enchanted"}, {"chit": 7, "status": "enchanted"}]},
            {"character": "amazon", "at": here(), "hidden": false}],
        "pieces": [{"piece": monster_piece("imp"), "place": {"place": "aside"}}],
        "spells": [absorb, pentangle], "day": 2, "at": "sunset", "dice": dice(4, 300)}));
    let mut log = Vec::new();
    to_plays(&mut g, &amazon_target(), &mut log);
    let thrust = A::PlayCreatureAttack {
        lane: Lane::ChargeThrust,
    };
    assert!(!g.legal_actions(S0).contains(&thrust));
    let saved = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, thrust).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), saved);
    // He may still maneuver as the Imp.
    assert!(g.legal_actions(S0).contains(&A::PlayManeuver {
        with: tabletop_rules::magic_realm::combat::ManeuverPlay::Creature,
        lane: Lane::DodgeSwing
    }));
}

#[test]
fn rule_8_4_7_the_magic_wand_sets_the_red_die_of_the_pit_a_character_who_is_the_demon_casts() {
    // The Witch King has absorbed the Demon's essence; the Amazon holds the active Magic
    // Wand. Once he names her as his target she sets the red die of the Power of the Pit
    // before the plays (every die 5 would be Forget); with 6 the roll is 6 and 5, Rust.
    let absorb = json!({"caster": 0, "spell": "absorb-essence", "spellBox": 0, "chit": 4,
        "aims": [{"aim": "denizen", "piece": monster_piece("demon")}],
        "until": {"at": "never"}});
    let mut g = start(json!({"seats": [
        {"character": "witch-king", "at": here(), "hidden": false,
         "spells": ["absorb-essence"], "chits": [{"chit": 4, "status": "enchanted"}]},
        {"character": "amazon", "at": here(), "hidden": false,
         "belongings": [{"piece": {"kind": "treasure", "id": "magic-wand"}}]}],
        "pieces": [{"piece": monster_piece("demon"), "place": {"place": "aside"}}],
        "spells": [absorb], "day": 2, "at": "sunset", "dice": dice(5, 300)}));
    let mut log = Vec::new();
    let offered = |g: &Game, _: &[Event<E>]| {
        g.legal_actions(AMAZON)
            .contains(&A::ChooseRedDie { value: 6 })
    };
    play(&mut g, &attack(&amazon_target()), offered, &mut log);
    assert!(offered(&g, &log), "she is asked for the red die");
    assert_eq!(stage(&g), Some(CombatStage::Targets), "before the plays");
    log.extend(g.apply(AMAZON, A::ChooseRedDie { value: 6 }).unwrap());
    play(
        &mut g,
        &attack(&amazon_target()),
        |_, log| spell_rolled(log),
        &mut log,
    );
    assert!(log.iter().any(|e| matches!(
        &e.detail,
        E::PitRolled { target, result: PitResult::Rust } if *target == amazon_target()
    )));
}
