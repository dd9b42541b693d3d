//! Rule scenarios for the Small Blessing spell and the Wishes Table (rule 4.6.7b): each
//! Wish result, the choices some of them ask for, and a refused choice.

use crate::spells_common::*;
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat, Viewer};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::tables::{Curse, Wish};
use tabletop_rules::magic_realm::combat::melee::{Lane, MeleeStrike};
use tabletop_rules::magic_realm::combat::spells::SpellAim;
use tabletop_rules::magic_realm::combat::spells::{choices, wishes};
use tabletop_rules::magic_realm::combat::{self, CombatStage, CombatTarget};
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::state::ChitStatus;

/// The Pilgrim (seat 0: Magic I chits 6 and 11, chit 11 enchanted White) has recorded
/// Small Blessing; the Swordsman (seat 1) is with him; every die is `die`.
fn blessing(die: u8, swordsman: Value, realm: &str) -> Game {
    let pilgrim = json!({"character": "pilgrim", "at": here(), "spells": ["small-blessing"],
        "hidden": false, "chits": [{"chit": 11, "status": "enchanted"}]});
    start(
        json!({"seats": [pilgrim, swordsman], "at": "sunset", "realm": realm,
        "dice": dice(die, 60)}),
    )
}

fn swordsman() -> Value {
    json!({"character": "swordsman", "at": here(), "hidden": false})
}

/// The Pilgrim casts Small Blessing at `aim`; the Swordsman targets `s1_target` (or
/// nobody); play stops when a Wish choice is owed or the Targets stage is over.
fn bless(g: &mut Game, aim: Seat, s1_target: Option<CombatTarget>) -> Vec<Event<E>> {
    let mut log = Vec::new();
    let cast = A::CastSpell {
        spell_box: 0,
        chit: 6,
        colour_chit: Some(11),
    };
    until(g, S0, &cast, &mut log);
    for _ in 0..40 {
        let Some(c) = combat::current(g.state()) else {
            break;
        };
        if c.stage > CombatStage::Targets || choices::waiting(g.state()).is_some() {
            break;
        }
        let who = g.to_act().seats().first().copied().expect("someone acts");
        let legal = g.legal_actions(who);
        let aim_at = A::AimSpell {
            aim: SpellAim::Character { seat: aim },
        };
        let pick = if legal.contains(&aim_at) {
            aim_at
        } else if let Some(select) = s1_target
            .clone()
            .map(|target| A::SelectTarget { target })
            .filter(|a| who == S1 && legal.contains(a))
        {
            select
        } else {
            combat::passing(&legal).expect("a passing action")
        };
        log.extend(g.apply(who, pick).unwrap());
    }
    log
}

fn wish_of(log: &[Event<E>]) -> Option<(Seat, Wish)> {
    details(log).into_iter().find_map(|d| match d {
        E::WishGranted { seat, wish } => Some((*seat, *wish)),
        _ => None,
    })
}

fn snapshot(g: &Game) -> String {
    serde_json::to_string(g.state()).unwrap()
}

#[test]
fn rule_4_6_8_small_blessing_rolls_on_the_wishes_table_health() {
    // Every die 5: Wish for Health. The Swordsman's wounded and fatigued chits become
    // active; his Wither and Ill Health curses are removed.
    let sw = json!({"character": "swordsman", "at": here(), "hidden": false,
        "curses": [Curse::Wither, Curse::IllHealth],
        "chits": [{"chit": 0, "status": "wounded"}, {"chit": 1, "status": "fatigued"}]});
    let mut g = blessing(5, sw, "empty");
    let log = bless(&mut g, S1, None);
    assert_eq!(wish_of(&log), Some((S1, Wish::Health)));
    assert_eq!(chit(&g, S1, 0), ChitStatus::Fresh);
    assert_eq!(chit(&g, S1, 1), ChitStatus::Fresh);
    assert!(g.state().seats[1].curses.is_empty());
    // Small Blessing is Instant: it expires as soon as it is resolved.
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::SpellExpired { seat: S0, .. })));
    assert!(g.state().spells.is_empty());
}

#[test]
fn rule_4_6_7_i_wish_i_were_elsewhere_teleports_the_target_where_he_chooses() {
    // Every die 1: the Swordsman wishes himself elsewhere. He alone decides, among every
    // clearing of the map.
    let mut g = blessing(1, swordsman(), "empty");
    let log = bless(&mut g, S1, None);
    assert_eq!(wish_of(&log), Some((S1, Wish::IWereElsewhere)));
    assert_eq!(g.to_act().seats(), vec![S1]);
    assert!(g.legal_actions(S0).is_empty());
    let legal = g.legal_actions(S1);
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    assert_eq!(legal.len(), g.state().map.clearings(&cat.tiles).len());
    assert!(legal.iter().all(|a| matches!(a, A::WishTeleport { .. })));
    let to = match legal.last() {
        Some(A::WishTeleport { to }) => *to,
        other => panic!("{other:?}"),
    };
    assert_ne!(serde_json::to_value(to).unwrap(), here());
    // Refused: the other seat choosing for him, and a choice this Wish does not offer.
    let before = snapshot(&g);
    assert!(g.apply(S0, A::WishTeleport { to }).is_err());
    assert!(g
        .apply(
            S1,
            A::WishAway {
                target: CombatTarget::Character { seat: S0 }
            }
        )
        .is_err());
    assert_eq!(snapshot(&g), before, "a refused choice changes nothing");
    let ev = g.apply(S1, A::WishTeleport { to }).unwrap();
    assert!(details(&ev).iter().any(|d| matches!(
        d,
        E::Teleported {
            target: CombatTarget::Character { seat: S1 },
            ..
        }
    )));
    let counter = PieceId::Character {
        id: g.state().seats[1].character.clone().unwrap(),
    };
    assert_eq!(
        g.state().piles.place_of(&counter),
        Some(&Place::Clearing { at: to })
    );
    let c = combat::current(g.state()).expect("combat goes on");
    assert!(
        c.gone.contains(&S1),
        "he takes no further part in this combat"
    );
}

#[test]
fn rule_4_6_7_teleporting_to_his_own_clearing_he_does_not_move() {
    let mut g = blessing(1, swordsman(), "empty");
    bless(&mut g, S1, None);
    let here_ref = serde_json::from_value(here()).unwrap();
    g.apply(S1, A::WishTeleport { to: here_ref }).unwrap();
    let counter = PieceId::Character {
        id: g.state().seats[1].character.clone().unwrap(),
    };
    assert_eq!(
        g.state().piles.place_of(&counter),
        Some(&Place::Clearing { at: here_ref })
    );
    assert!(combat::current(g.state()).is_some_and(|c| !c.gone.contains(&S1)));
}

#[test]
fn rule_4_6_7_i_wish_you_were_elsewhere_names_someone_who_then_chooses_where() {
    // Every die 2: the Pilgrim blesses himself and names the Swordsman, who picks where
    // he teleports.
    let mut g = blessing(2, swordsman(), "empty");
    let log = bless(&mut g, S0, None);
    assert_eq!(wish_of(&log), Some((S0, Wish::YouWereElsewhere)));
    let named = A::WishAway {
        target: CombatTarget::Character { seat: S1 },
    };
    assert_eq!(g.legal_actions(S0), vec![named.clone()], "not himself");
    let ev = g.apply(S0, named).unwrap();
    assert!(details(&ev).iter().any(|d| matches!(
        d,
        E::WishedAway {
            seat: S0,
            target: CombatTarget::Character { seat: S1 }
        }
    )));
    assert_eq!(g.to_act().seats(), vec![S1]);
    assert!(g
        .legal_actions(S1)
        .iter()
        .all(|a| matches!(a, A::WishTeleport { .. })));
}

#[test]
fn rule_4_6_7_a_vision_shows_one_pile_of_treasure_cards_to_him_alone() {
    // Every die 3: the Swordsman looks at one Setup Card pile of Treasure cards.
    let mut g = blessing(3, swordsman(), "setUp");
    let log = bless(&mut g, S1, None);
    assert_eq!(wish_of(&log), Some((S1, Wish::Vision)));
    let legal = g.legal_actions(S1);
    assert!(!legal.is_empty());
    assert!(legal.iter().all(|a| matches!(a, A::WishVision { .. })));
    let pile = match legal.first() {
        Some(A::WishVision { pile }) => pile.clone(),
        other => panic!("{other:?}"),
    };
    let before_pile = g.state().piles.pile(&pile).to_vec();
    let from = g.log_len();
    let ev = g.apply(S1, A::WishVision { pile: pile.clone() }).unwrap();
    let seen = details(&ev)
        .into_iter()
        .find_map(|d| match d {
            E::VisionSeen { cards, .. } => Some(cards.clone()),
            _ => None,
        })
        .expect("he sees the cards");
    assert!(!seen.is_empty());
    assert!(seen.iter().all(|p| matches!(p, PieceId::Treasure { .. })));
    assert_eq!(
        g.state().piles.pile(&pile),
        &before_pile[..],
        "the cards go back as they were"
    );
    // Only he sees them.
    let other = g.log_since(Viewer::Seat { seat: S0 }, from).unwrap();
    assert!(!other
        .iter()
        .any(|e| matches!(e.detail, E::VisionSeen { .. })));
    let own = g.log_since(Viewer::Seat { seat: S1 }, from).unwrap();
    assert!(own.iter().any(|e| matches!(e.detail, E::VisionSeen { .. })));
}

#[test]
fn rule_4_6_7_a_wish_for_peace_ends_combat_in_the_clearing() {
    // Every die 4: the Swordsman had targeted the Pilgrim; Peace: nobody attacks, combat
    // ends after this round.
    let mut g = blessing(4, swordsman(), "empty");
    let mut log = bless(&mut g, S1, Some(CombatTarget::Character { seat: S0 }));
    assert_eq!(wish_of(&log), Some((S1, Wish::Peace)));
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::PeaceWished { .. })));
    for _ in 0..20 {
        if combat::current(g.state()).is_none_or(|c| c.stage == CombatStage::Trading) {
            break;
        }
        assert_ne!(
            combat::current(g.state()).map(|c| c.stage),
            Some(CombatStage::Plays),
            "nobody attacks"
        );
        pass_once(&mut g, &mut log);
    }
    assert!(!details(&log)
        .iter()
        .any(|d| matches!(d, E::PlaysRevealed { .. })));
    let c = combat::current(g.state());
    assert!(
        c.is_none_or(|c| c.stage == CombatStage::Trading && c.round == 1),
        "combat ends after the first round"
    );
}

#[test]
fn rule_4_6_7_tremendous_strength_makes_his_next_fight_chit_inflict_tremendous_harm() {
    // Every die 6: the Swordsman gets Tremendous Strength; he attacks the Pilgrim with his
    // Fight M4* (chit 7) and the dagger: the attack inflicts T harm; the Wish is then used.
    let mut g = blessing(6, swordsman(), "empty");
    let log = bless(&mut g, S1, Some(CombatTarget::Character { seat: S0 }));
    assert_eq!(wish_of(&log), Some((S1, Wish::Strength)));
    assert!(wishes::strength_ready(g.state(), S1));
    g.apply(
        S1,
        A::PlayAttack {
            chit: 7,
            lane: Lane::ChargeThrust,
        },
    )
    .unwrap();
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let built = combat::round::build(cat, g.state()).unwrap();
    let attack = built.situation.attacks.first().expect("his attack");
    assert!(matches!(
        attack.values.strike,
        MeleeStrike::Harm {
            letter: tabletop_rules::magic_realm::catalog::common::Size::Tremendous,
            sharpness: 0,
            missile: None,
            extra_level: false
        }
    ));
    let mut ev = Vec::new();
    for _ in 0..4 {
        if combat::current(g.state()).is_none_or(|c| c.stage != CombatStage::Plays) {
            break;
        }
        pass_once(&mut g, &mut ev);
    }
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::StrengthWishUsed { seat: S1 })));
    assert!(!wishes::strength_ready(g.state(), S1), "one use only");
}

// ---- Ask Demon ---------------------------------------------------------------------------

use tabletop_rules::magic_realm::combat::spells::ask_demon::{DemonAnswer, DemonQuestion};

/// The Witch (Magic V chits 4, 6 and 9; chit 4 enchanted Black) has recorded Ask Demon
/// and faces a Demon with the Swordsman (seat 1, 17 gold, the Lucky Charm) and the
/// Amazon (seat 2); she lures the Demon (move time 4) and casts the spell at it with chit 9 (time 4).
fn ask_demon() -> Game {
    let witch = json!({"character": "witch", "at": here(), "spells": ["ask-demon"],
        "hidden": false, "chits": [{"chit": 4, "status": "enchanted"}]});
    let sw = json!({"character": "swordsman", "at": here(), "hidden": false, "gold": 17,
        "belongings": [{"piece": {"kind": "treasure", "id": "lucky-charm"}}]});
    let amazon = json!({"character": "amazon", "at": here(), "hidden": false});
    let mut g = start(json!({"seats": [witch, sw, amazon], "at": "sunset",
        "pieces": [monster("demon")], "dice": dice(4, 60)}));
    let mut log = Vec::new();
    let cast = A::CastSpell {
        spell_box: 0,
        chit: 9,
        colour_chit: Some(4),
    };
    // She lures the Demon onto her sheet: no random assignment.
    let lure = A::Lure {
        denizen: piece("demon"),
    };
    until(&mut g, S0, &lure, &mut log);
    until(&mut g, S0, &cast, &mut log);
    let aim = A::AimSpell {
        aim: SpellAim::Denizen {
            piece: piece("demon"),
        },
    };
    until(&mut g, S0, &aim, &mut log);
    for _ in 0..20 {
        if choices::waiting(g.state()).is_some() {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    g
}

#[test]
fn list_of_spells_ask_demon_asks_one_question_of_another_player_answered_by_the_engine() {
    let mut g = ask_demon();
    assert_eq!(g.to_act().seats(), vec![S0]);
    let legal = g.legal_actions(S0);
    let gold = DemonQuestion::Gold { seat: S1 };
    assert!(legal.contains(&A::AskDemon {
        question: gold.clone()
    }));
    // Only of the other players, and only questions of the closed set.
    assert!(legal.iter().all(|a| matches!(
        a,
        A::AskDemon { question } if question.seat() != S0
    )));
    let charm = DemonQuestion::Holds {
        seat: S1,
        treasure: tabletop_rules::magic_realm::catalog::items::TreasureId("lucky-charm".into()),
    };
    assert_eq!(
        tabletop_rules::magic_realm::combat::spells::ask_demon::answer(g.state(), &charm),
        DemonAnswer::Yes
    );
    // Refused: asking about herself, and another seat asking; nothing changes.
    let before = snapshot(&g);
    assert!(g
        .apply(
            S0,
            A::AskDemon {
                question: DemonQuestion::Gold { seat: S0 }
            }
        )
        .is_err());
    assert!(g
        .apply(
            S1,
            A::AskDemon {
                question: gold.clone()
            }
        )
        .is_err());
    assert_eq!(snapshot(&g), before);
    let from = g.log_len();
    g.apply(
        S0,
        A::AskDemon {
            question: gold.clone(),
        },
    )
    .unwrap();
    let answered = |seat: Seat| -> Option<DemonAnswer> {
        g.log_since(Viewer::Seat { seat }, from)
            .unwrap()
            .iter()
            .find_map(|e| match &e.detail {
                E::DemonAnswered { answer, .. } => Some(*answer),
                _ => None,
            })
    };
    assert_eq!(answered(S0), Some(DemonAnswer::Number { n: 17 }));
    assert_eq!(
        answered(S1),
        Some(DemonAnswer::Number { n: 17 }),
        "the player asked"
    );
    assert_eq!(answered(Seat(2)), None, "kept secret from the others");
    let public = g.log_since(Viewer::Seat { seat: Seat(2) }, from).unwrap();
    assert!(public
        .iter()
        .any(|e| matches!(e.detail, E::DemonAsked { seat: S0 })));
    assert!(
        public.iter().all(|e| !e.text.contains("gold")),
        "the question stays secret"
    );
    assert!(choices::waiting(g.state()).is_none());
}

// ---- The Magic Wand ----------------------------------------------------------------------

#[test]
fn magic_wand_its_owner_chooses_the_red_die_before_rolling_on_the_wishes_table() {
    // Every die 1, but the Swordsman's active Magic Wand lets him set the red die: he sets
    // it to 5, the other die rolls 1: the higher is 5, a Wish for Health.
    let sw = json!({"character": "swordsman", "at": here(), "hidden": false,
        "chits": [{"chit": 0, "status": "wounded"}],
        "belongings": [{"piece": {"kind": "treasure", "id": "magic-wand"}}]});
    let mut g = blessing(1, sw, "empty");
    let log = bless(&mut g, S1, None);
    assert_eq!(wish_of(&log), None, "nothing is rolled before he chooses");
    assert_eq!(g.to_act().seats(), vec![S1]);
    assert_eq!(
        g.legal_actions(S1),
        (1..=6)
            .map(|value| A::ChooseRedDie { value })
            .collect::<Vec<_>>()
    );
    let before = snapshot(&g);
    assert!(g.apply(S1, A::ChooseRedDie { value: 7 }).is_err());
    assert!(g.apply(S0, A::ChooseRedDie { value: 5 }).is_err());
    assert_eq!(snapshot(&g), before);
    let ev = g.apply(S1, A::ChooseRedDie { value: 5 }).unwrap();
    assert_eq!(wish_of(&ev), Some((S1, Wish::Health)));
    assert!(ev
        .iter()
        .any(|e| e.text.contains("[5, 1]") && matches!(e.detail, E::WishGranted { .. })));
    assert_eq!(chit(&g, S1, 0), ChitStatus::Fresh);
}

#[test]
fn magic_wand_controls_the_red_die_only_while_active() {
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    use tabletop_rules::magic_realm::catalog::tables::TableId;
    use tabletop_rules::magic_realm::day::rolls::controls_red_die;
    for (active, expected) in [(true, true), (false, false)] {
        let sw = json!({"character": "swordsman", "at": here(), "hidden": false,
            "belongings": [{"piece": {"kind": "treasure", "id": "magic-wand"},
                            "active": active}]});
        let g = blessing(1, sw, "empty");
        assert_eq!(
            controls_red_die(cat, g.state(), S1, TableId::Wishes),
            expected
        );
        assert!(!controls_red_die(cat, g.state(), S1, TableId::Hide));
    }
}

#[test]
fn rule_4_6_7_a_denizen_wished_elsewhere_goes_back_where_it_started() {
    // Every die 2: the Pilgrim blesses himself and names the Ogre (lured onto the
    // Swordsman's sheet); it goes back to its Appearance Chart box and leaves the combat.
    let pilgrim = json!({"character": "pilgrim", "at": here(), "spells": ["small-blessing"],
        "hidden": false, "chits": [{"chit": 11, "status": "enchanted"}]});
    let mut g = start(json!({"seats": [pilgrim, swordsman()], "at": "sunset",
        "pieces": [monster("ogre")], "dice": dice(2, 60)}));
    let ogre = piece("ogre");
    let mut log = Vec::new();
    until(
        &mut g,
        S1,
        &A::Lure {
            denizen: ogre.clone(),
        },
        &mut log,
    );
    log.extend(bless(&mut g, S0, None));
    assert_eq!(wish_of(&log), Some((S0, Wish::YouWereElsewhere)));
    let named = A::WishAway {
        target: CombatTarget::Denizen {
            piece: ogre.clone(),
        },
    };
    assert!(g.legal_actions(S0).contains(&named));
    let home = g
        .state()
        .homes
        .of(&ogre)
        .cloned()
        .expect("it started somewhere");
    assert!(matches!(home, Place::ChartBox { .. }));
    g.apply(S0, named).unwrap();
    assert_eq!(g.state().piles.place_of(&ogre), Some(&home));
    let c = combat::current(g.state()).expect("combat goes on");
    assert!(c.sheet_of(&ogre).is_none(), "off the Swordsman's sheet");
}

/// The Witch with Curse recorded and her colour chit, and the Swordsman; `witch_has` and
/// `swordsman_has` are their belongings. Every die `die`.
fn curse_scene(die: u8, witch_has: Value, swordsman_has: Value) -> Game {
    let witch = json!({"character": "witch", "at": here(), "spells": ["curse"],
        "hidden": false, "chits": [{"chit": 5, "status": "enchanted"}],
        "belongings": witch_has});
    let sw = json!({"character": "swordsman", "at": here(), "hidden": false,
        "belongings": swordsman_has});
    start(json!({"seats": [witch, sw], "at": "sunset", "dice": dice(die, 40)}))
}

/// The Witch casts Curse on the Swordsman; passes until the spell's choice waits, if any.
fn curse_swordsman(g: &mut Game) -> Vec<Event<E>> {
    let mut log = Vec::new();
    let cast = A::CastSpell {
        spell_box: 0,
        chit: 9,
        colour_chit: Some(5),
    };
    until(g, S0, &cast, &mut log);
    let aim = A::AimSpell {
        aim: SpellAim::Character { seat: S1 },
    };
    until(g, S0, &aim, &mut log);
    for _ in 0..10 {
        if choices::waiting(g.state()).is_some()
            || log.iter().any(|e| matches!(e.detail, E::Cursed { .. }))
        {
            break;
        }
        pass_once(g, &mut log);
    }
    log
}

#[test]
fn rule_4_6_7_a_the_curse_spells_caster_rolls_and_his_magic_wand_sets_the_red_die() {
    // The card: "The spellcaster rolls on the Curses table". Every die 4 (Ill Health),
    // but the Witch's Magic Wand lets her set the red die to 6: Disgust.
    let wand = json!([{"piece": {"kind": "treasure", "id": "magic-wand"}}]);
    let mut g = curse_scene(4, wand.clone(), json!([]));
    curse_swordsman(&mut g);
    assert!(g.state().seats[1].curses.is_empty(), "not rolled yet");
    assert_eq!(g.to_act().seats(), vec![S0], "the caster sets the red die");
    assert!(g.legal_actions(S1).is_empty());
    assert!(g.apply(S1, A::ChooseRedDie { value: 6 }).is_err());
    let ev = g.apply(S0, A::ChooseRedDie { value: 6 }).unwrap();
    assert!(details(&ev).iter().any(|d| matches!(
        d,
        E::Cursed {
            seat: S1,
            curse: Curse::Disgust
        }
    )));
    assert!(g.state().seats[1].curses.contains(&Curse::Disgust));
    assert!(g.state().seats[0].curses.is_empty());
    // The target's Wand is not asked: the Witch rolls at once.
    let mut g = curse_scene(4, json!([]), wand);
    let log = curse_swordsman(&mut g);
    assert!(choices::waiting(g.state()).is_none());
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::Cursed {
            seat: S1,
            curse: Curse::IllHealth
        }
    )));
}

#[test]
fn rule_4_1_2_the_curses_table_roll_takes_the_rollers_modifications() {
    // Every die 4 (Ill Health). The Cloven Hoof ("Add one to all rolls") in the caster's
    // hands makes it 5 (Ashes); in the target's hands it changes nothing, as the caster
    // rolls.
    let hoof = json!([{"piece": {"kind": "treasure", "id": "cloven-hoof"}}]);
    let mut g = curse_scene(4, hoof.clone(), json!([]));
    curse_swordsman(&mut g);
    assert_eq!(
        g.state().seats[1]
            .curses
            .iter()
            .copied()
            .collect::<Vec<_>>(),
        vec![Curse::Ashes]
    );
    let mut g = curse_scene(4, json!([]), hoof);
    curse_swordsman(&mut g);
    assert_eq!(
        g.state().seats[1]
            .curses
            .iter()
            .copied()
            .collect::<Vec<_>>(),
        vec![Curse::IllHealth]
    );
}
