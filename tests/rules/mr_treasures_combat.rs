//! Rule scenarios for the Treasure cards that fight (rules 4.4.3, 4.4.6, 8.4.5, 8.4.8,
//! 8.4.9, 8.5.3; the List of Treasures): cards that raise the effort limit or set the
//! strength and time of chits, Potions activated in combat (on the character or on his
//! weapon), armor cards, and where a used Potion goes at Midnight. Each is built from a
//! scenario with forced dice.

use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat, Seed, Session};
use tabletop_rules::magic_realm::actions::{
    BelongingChange, MagicRealmAction as A, MagicRealmEvent as E,
};
use tabletop_rules::magic_realm::catalog::common::Size;
use tabletop_rules::magic_realm::catalog::denizens::{Trader, Visitor};
use tabletop_rules::magic_realm::catalog::items::{
    ByEffort, CombatEffect, PotionUse, TreasureId, TreasureKind,
};
use tabletop_rules::magic_realm::catalog::setup_card::SetupBox;
use tabletop_rules::magic_realm::catalog::Catalog;
use tabletop_rules::magic_realm::combat::melee::Lane;
use tabletop_rules::magic_realm::combat::{self, CombatStage, CombatTarget, ManeuverPlay};
use tabletop_rules::magic_realm::pieces::{Facing, PieceId, Place};
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::state::Step;
use tabletop_rules::magic_realm::MagicRealm;

type Game = Session<MagicRealm>;
const S0: Seat = Seat(0);

fn cat() -> &'static Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn here() -> Value {
    json!({"tile": "oak_woods", "clearing": 2})
}

fn card(id: &str) -> PieceId {
    PieceId::Treasure {
        id: TreasureId(id.into()),
    }
}

fn piece(kind: &str, id: &str) -> Value {
    json!({"kind": kind, "id": id, "n": 0})
}

fn monster(id: &str) -> PieceId {
    serde_json::from_value(piece("monster", id)).unwrap()
}

/// Belongings: `(piece, active)`.
fn belongings(items: &[(Value, bool)]) -> Value {
    Value::Array(
        items
            .iter()
            .map(|(p, active)| json!({"piece": p, "active": active}))
            .collect(),
    )
}

fn treasure(id: &str) -> Value {
    json!({"kind": "treasure", "id": id})
}

/// The character at Sunset in a clearing with one monster, with forced dice.
fn fight(character: &str, items: &[(Value, bool)], foe: &str, dice: &[u8]) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(json!({
        "seats": [{"character": character, "at": here(), "belongings": belongings(items)}],
        "pieces": [{"piece": piece("monster", foe), "place": {"place": "clearing", "at": here()}}],
        "at": "sunset", "dice": dice}))
    .expect("a well-formed scenario");
    Session::<MagicRealm>::from_scenario(sc, Seed(5)).expect("the scenario starts")
}

fn stage(g: &Game) -> Option<CombatStage> {
    combat::current(g.state()).map(|c| c.stage)
}

fn details(events: &[Event<E>]) -> Vec<&E> {
    events.iter().map(|e| &e.detail).collect()
}

/// Applies the passing action of whoever acts, `n` times at most, while combat lasts.
fn pass(g: &mut Game, n: usize) -> Vec<Event<E>> {
    let mut events = Vec::new();
    for _ in 0..n {
        let Some(seat) = g.to_act().seats().first().copied() else {
            break;
        };
        let Some(action) = combat::passing(&g.legal_actions(seat)) else {
            break;
        };
        events.extend(g.apply(seat, action).unwrap());
    }
    events
}

fn pass_until(g: &mut Game, wanted: CombatStage) {
    for _ in 0..20 {
        if stage(g) == Some(wanted) {
            return;
        }
        pass(g, 1);
    }
    panic!("combat never reached {wanted:?}");
}

/// Lures the monster, uses his Encounter action to activate `potion` (if any), and names
/// the monster as his target.
fn engage(g: &mut Game, foe: &str, potion: Option<&str>) -> Vec<Event<E>> {
    let mut events = g
        .apply(
            S0,
            A::Lure {
                denizen: monster(foe),
            },
        )
        .unwrap();
    pass_until(g, CombatStage::Actions);
    if let Some(p) = potion {
        events.extend(
            g.apply(
                S0,
                A::EncounterItem {
                    piece: card(p),
                    change: BelongingChange::Activate,
                },
            )
            .unwrap(),
        );
    }
    pass_until(g, CombatStage::Targets);
    events.extend(
        g.apply(
            S0,
            A::SelectTarget {
                target: CombatTarget::Denizen {
                    piece: monster(foe),
                },
            },
        )
        .unwrap(),
    );
    events
}

/// Plays: the monster in `foe_lane`, Fight chit `attack` in `attack_lane`, Move chit
/// `maneuver` in the Duck square; then ends his plays (the melee resolves).
fn play(
    g: &mut Game,
    foe: &str,
    foe_lane: Lane,
    attack: Option<(u8, Lane)>,
    maneuver: Option<u8>,
) -> Vec<Event<E>> {
    g.apply(
        S0,
        A::PlaceDenizen {
            denizen: monster(foe),
            lane: foe_lane,
        },
    )
    .unwrap();
    if let Some((chit, lane)) = attack {
        g.apply(S0, A::PlayAttack { chit, lane }).unwrap();
    }
    if let Some(chit) = maneuver {
        g.apply(
            S0,
            A::PlayManeuver {
                with: ManeuverPlay::Chit { chit },
                lane: Lane::DuckSmash,
            },
        )
        .unwrap();
    }
    g.apply(S0, A::EndPlays).unwrap()
}

fn killed(events: &[Event<E>], foe: &str) -> bool {
    details(events)
        .iter()
        .any(|d| matches!(d, E::Killed { victim, .. } if *victim == monster(foe)))
}

fn wounded(events: &[Event<E>]) -> bool {
    details(events)
        .iter()
        .any(|d| matches!(d, E::Wounded { seat: S0 }))
}

fn character_killed(events: &[Event<E>]) -> bool {
    details(events).iter().any(|d| {
        matches!(
            d,
            E::Killed {
                victim: PieceId::Character { .. },
                ..
            } | E::CharacterDied { seat: S0 }
        )
    })
}

/// Dice for one monster that stays as placed: Repositioning 4, no change of tactics.
const CALM: [u8; 3] = [4, 1, 1];

// The Swordsman's chits (card order): 0 Move L4, 1 Move M3*, 2 Fight M3*, 9 Fight L4,
// 10 Fight L5, 11 Fight L2**.

#[test]
fn list_of_treasures_combat_effects_are_card_data() {
    let t = |id: &str| cat().items.treasure(&TreasureId(id.into())).unwrap();
    assert_eq!(
        t("girtle-of-energy").combat,
        vec![CombatEffect::EffortLimit { asterisks: Some(3) }]
    );
    assert_eq!(
        t("potion-of-energy").combat,
        vec![CombatEffect::EffortLimit { asterisks: None }]
    );
    assert_eq!(
        t("garb-of-speed").combat,
        vec![CombatEffect::ChitTimes {
            times: ByEffort {
                none: 5,
                one: 4,
                two: 3
            }
        }]
    );
    assert_eq!(
        t("draught-of-speed").combat,
        vec![CombatEffect::ChitTimes {
            times: ByEffort {
                none: 4,
                one: 3,
                two: 2
            }
        }]
    );
    assert_eq!(
        t("belt-of-strength").combat,
        vec![CombatEffect::ChitStrengths {
            strengths: ByEffort {
                none: Size::Medium,
                one: Size::Heavy,
                two: Size::Tremendous
            }
        }]
    );
    for (id, effect) in [
        ("gripping-dust", CombatEffect::StaysAlerted),
        ("ointment-of-bite", CombatEffect::HitsOnTie),
        ("oil-of-poison", CombatEffect::AddSharpness { stars: 1 }),
        ("penetrating-grease", CombatEffect::IgnoresArmor),
    ] {
        assert_eq!(t(id).potion, Some(PotionUse::AppliedToWeapon), "{id}");
        assert_eq!(t(id).combat, vec![effect], "{id}");
    }
    for id in [
        "potion-of-energy",
        "draught-of-speed",
        "reflecting-grease",
        "ointment-of-steel",
    ] {
        assert_eq!(t(id).potion, Some(PotionUse::ConsumedByActivation), "{id}");
    }
    // 4.4.3: every Potion that can be used names the box it goes back to, and only
    // Potions are used up.
    for tr in &cat().items.treasures {
        if tr.potion.is_some() {
            assert!(
                tr.is(TreasureKind::Potion) && tr.discard_to.is_some(),
                "{}",
                tr.id.0
            );
        }
    }
}

#[test]
fn list_of_treasures_girtle_of_energy_lets_him_play_three_asterisks_a_round() {
    let maneuver = A::PlayManeuver {
        with: ManeuverPlay::Chit { chit: 1 },
        lane: Lane::DuckSmash,
    };
    for girtle in [false, true] {
        let items: Vec<(Value, bool)> = if girtle {
            vec![(treasure("girtle-of-energy"), true)]
        } else {
            vec![]
        };
        let mut g = fight("swordsman", &items, "wolf-l4", &CALM);
        engage(&mut g, "wolf-l4", None);
        g.apply(
            S0,
            A::PlayAttack {
                chit: 11,
                lane: Lane::ChargeThrust,
            },
        )
        .unwrap();
        // Fight L2** and Move M3* make three asterisks.
        assert_eq!(g.legal_actions(S0).contains(&maneuver), girtle);
        if girtle {
            g.apply(S0, maneuver.clone()).unwrap();
            g.apply(
                S0,
                A::PlaceDenizen {
                    denizen: monster("wolf-l4"),
                    lane: Lane::ChargeThrust,
                },
            )
            .unwrap();
            g.apply(S0, A::EndPlays).unwrap();
            // 8.5.1: three asterisks played, two fatigue.
            let owed = combat::current(g.state()).unwrap().owed.get(&S0).cloned();
            assert_eq!(owed.map(|o| o.fatigue), Some(2));
        }
    }
}

#[test]
fn rule_4_4_3_potion_of_energy_lifts_the_effort_limit_for_the_day() {
    let mut g = fight(
        "swordsman",
        &[(treasure("potion-of-energy"), false)],
        "wolf-l4",
        &CALM,
    );
    // 4.4.3: carried inactive; it is the character's Encounter action to use it.
    assert_eq!(
        combat::treasures::effort_limit(cat(), g.state(), S0),
        Some(2)
    );
    let events = engage(&mut g, "wolf-l4", Some("potion-of-energy"));
    assert!(details(&events).iter().any(|d| matches!(
        d,
        E::PotionUsed {
            seat: S0,
            weapon: None,
            ..
        }
    )));
    assert_eq!(combat::treasures::effort_limit(cat(), g.state(), S0), None);
    // Fight L2** and Move M2**: four asterisks.
    g.apply(
        S0,
        A::PlayAttack {
            chit: 11,
            lane: Lane::ChargeThrust,
        },
    )
    .unwrap();
    let maneuver = A::PlayManeuver {
        with: ManeuverPlay::Chit { chit: 5 },
        lane: Lane::DuckSmash,
    };
    assert!(g.legal_actions(S0).contains(&maneuver));
    g.apply(S0, maneuver).unwrap();
    g.apply(
        S0,
        A::PlaceDenizen {
            denizen: monster("wolf-l4"),
            lane: Lane::ChargeThrust,
        },
    )
    .unwrap();
    g.apply(S0, A::EndPlays).unwrap();
    let owed = combat::current(g.state()).unwrap().owed.get(&S0).cloned();
    assert_eq!(
        owed.map(|o| o.fatigue),
        Some(3),
        "8.5.1: one less than four"
    );
}

#[test]
fn rule_4_4_3_an_activated_potion_stays_active_and_goes_to_its_box_at_midnight() {
    let energy = card("potion-of-energy");
    let mut g = fight(
        "swordsman",
        &[(treasure("potion-of-energy"), false)],
        "wolf-l4",
        &[],
    );
    g.apply(
        S0,
        A::Lure {
            denizen: monster("wolf-l4"),
        },
    )
    .unwrap();
    pass_until(&mut g, CombatStage::Actions);
    g.apply(
        S0,
        A::EncounterItem {
            piece: energy.clone(),
            change: BelongingChange::Activate,
        },
    )
    .unwrap();
    // 4.4.1b: an active card is face up.
    assert_eq!(
        g.state().piles.find(&energy).map(|(_, c)| c.facing),
        Some(Facing::Up)
    );
    // It cannot be deactivated before Midnight.
    assert!(!g.legal_actions(S0).iter().any(|a| matches!(
        a,
        A::EncounterItem { piece, change: BelongingChange::Deactivate } if *piece == energy
    )));
    let mut events = Vec::new();
    // Past Midnight: the next Birdsong, or the end of the game if the Wolf killed him (with
    // no Inn on this scenario's map he cannot start afresh, 9.1.2).
    let past_midnight = |g: &Game| {
        matches!(
            g.state().step,
            Step::Birdsong { day: 2 } | Step::GameOver { .. }
        )
    };
    for _ in 0..300 {
        if past_midnight(&g) {
            break;
        }
        events.extend(pass(&mut g, 1));
    }
    assert!(past_midnight(&g));
    let warlock = Place::SetupBox {
        target: SetupBox::Visitor(Visitor::Warlock),
    };
    let (place, counter) = g.state().piles.find(&energy).unwrap();
    assert_eq!((place, counter.facing), (&warlock, Facing::Down));
    assert!(details(&events).iter().any(
        |d| matches!(d, E::PotionDiscarded { potion, to } if *potion == energy && *to == warlock)
    ));
    assert_eq!(
        cat()
            .items
            .treasure(&TreasureId("potion-of-energy".into()))
            .unwrap()
            .discard_to,
        Some(Trader::Visitor(Visitor::Warlock))
    );
    assert_eq!(
        combat::treasures::effort_limit(cat(), g.state(), S0),
        Some(2)
    );
}

#[test]
fn list_of_treasures_garb_of_speed_and_draught_of_speed_set_chit_times_by_asterisks() {
    let mut g = fight(
        "swordsman",
        &[
            (treasure("garb-of-speed"), true),
            (treasure("draught-of-speed"), false),
        ],
        "wolf-l4",
        &CALM,
    );
    let time = |g: &Game, chit: u8| combat::fighters::move_chit_time(cat(), g.state(), S0, chit);
    let attack = |g: &Game, chit: u8| {
        combat::fighters::attack_values(cat(), g.state(), S0, chit).map(|a| a.time)
    };
    // Garb of Speed: ** = 3, * = 4, none = 5 (slower or faster than printed).
    assert_eq!(time(&g, 0), Some(5), "Move L4, no asterisk");
    assert_eq!(time(&g, 1), Some(4), "Move M3*");
    assert_eq!(attack(&g, 11), Some(3), "Fight L2**");
    assert_eq!(attack(&g, 10), Some(5), "Fight L5");
    // Draught of Speed (** = 2, * = 3, none = 4): with both, the faster time counts.
    engage(&mut g, "wolf-l4", Some("draught-of-speed"));
    assert_eq!(time(&g, 0), Some(4));
    assert_eq!(time(&g, 1), Some(3));
    assert_eq!(attack(&g, 11), Some(2));
    assert_eq!(attack(&g, 10), Some(4));
}

#[test]
fn list_of_treasures_draught_of_speed_lets_a_slow_fight_chit_undercut() {
    // His Fight L5 (no asterisk) against the Ogre (move time 5) in another lane: a miss;
    // at the Draught's time 4 it undercuts, and the dagger's Medium harm kills it.
    for draught in [false, true] {
        let items = [(treasure("draught-of-speed"), false)];
        let mut g = fight("swordsman", &items, "ogre", &CALM);
        let potion = draught.then_some("draught-of-speed");
        engage(&mut g, "ogre", potion);
        let events = play(
            &mut g,
            "ogre",
            Lane::ChargeThrust,
            Some((10, Lane::DodgeSwing)),
            Some(1),
        );
        // The dagger: Medium harm, the Ogre's vulnerability is Medium.
        assert_eq!(killed(&events, "ogre"), draught);
    }
}

#[test]
fn list_of_treasures_belt_of_strength_sets_chit_strengths_by_asterisks() {
    let sword = piece("weapon", "great-sword");
    let heavy = A::PlayAttack {
        chit: 11,
        lane: Lane::ChargeThrust,
    };
    for belt in [false, true] {
        let mut items = vec![(sword.clone(), true)];
        if belt {
            items.push((treasure("belt-of-strength"), true));
        }
        let mut g = fight("swordsman", &items, "wolf-l4", &CALM);
        engage(&mut g, "wolf-l4", None);
        // The Great Sword is Heavy: his Fight L2** becomes Tremendous with the Belt.
        assert_eq!(g.legal_actions(S0).contains(&heavy), belt);
        // A chit with no asterisk is Medium: still too weak for it.
        assert!(!g.legal_actions(S0).contains(&A::PlayAttack {
            chit: 9,
            lane: Lane::ChargeThrust
        }));
    }
}

#[test]
fn rule_4_4_3_d_ointment_of_bite_hits_on_a_tied_time() {
    // Fight M3* with the dagger against the light-side wolf (move 3) in another lane:
    // a miss, unless the Ointment makes the tie an undercut.
    for bite in [false, true] {
        let mut g = fight(
            "swordsman",
            &[(treasure("ointment-of-bite"), false)],
            "wolf-l4",
            &CALM,
        );
        engage(&mut g, "wolf-l4", bite.then_some("ointment-of-bite"));
        let events = play(
            &mut g,
            "wolf-l4",
            Lane::ChargeThrust,
            Some((2, Lane::DodgeSwing)),
            Some(1),
        );
        assert_eq!(killed(&events, "wolf-l4"), bite);
    }
}

#[test]
fn rule_4_4_3_d_penetrating_grease_ignores_an_armored_monsters_armor() {
    // The dagger (Medium harm) against the armored Viper (Medium): the armor takes a star
    // and leaves Light harm, unless the Grease lets the weapon ignore it. Fight M3*
    // undercuts the Viper's move time 4.
    for grease in [false, true] {
        let mut g = fight(
            "swordsman",
            &[(treasure("penetrating-grease"), false)],
            "viper",
            &CALM,
        );
        engage(&mut g, "viper", grease.then_some("penetrating-grease"));
        let events = play(
            &mut g,
            "viper",
            Lane::ChargeThrust,
            Some((2, Lane::ChargeThrust)),
            Some(1),
        );
        assert_eq!(killed(&events, "viper"), grease);
    }
}

#[test]
fn rule_4_4_3_d_oil_of_poison_adds_a_star_to_the_weapon_it_is_applied_to() {
    // The dagger is Medium; with one more star Heavy, enough for the Heavy Spider. The
    // Fight M3* intercepts it in the Thrust lane.
    for oil in [false, true] {
        let mut g = fight(
            "swordsman",
            &[(treasure("oil-of-poison"), false)],
            "h-spider",
            &CALM,
        );
        let events = engage(&mut g, "h-spider", oil.then_some("oil-of-poison"));
        if oil {
            assert!(details(&events)
                .iter()
                .any(|d| matches!(d, E::PotionUsed { weapon: None, .. })));
        }
        let events = play(
            &mut g,
            "h-spider",
            Lane::ChargeThrust,
            Some((2, Lane::ChargeThrust)),
            Some(1),
        );
        assert_eq!(killed(&events, "h-spider"), oil);
    }
}

#[test]
fn rule_4_4_3_d_gripping_dust_keeps_the_weapon_alerted_when_it_hits() {
    let sword = serde_json::from_value::<PieceId>(piece("weapon", "thrusting-sword")).unwrap();
    for dust in [false, true] {
        let mut g = fight(
            "swordsman",
            &[
                (piece("weapon", "thrusting-sword"), true),
                (treasure("gripping-dust"), false),
            ],
            "wolf-l4",
            &CALM,
        );
        let events = engage(&mut g, "wolf-l4", dust.then_some("gripping-dust"));
        if dust {
            assert!(details(&events)
                .iter()
                .any(|d| matches!(d, E::PotionUsed { weapon: Some(w), .. } if *w == sword)));
            assert_eq!(
                g.state().piles.find(&sword).map(|(_, c)| c.facing),
                Some(Facing::Alerted),
                "applied, the Dust alerts the weapon"
            );
        }
        // The thrust intercepts the wolf and kills it.
        let events = play(
            &mut g,
            "wolf-l4",
            Lane::ChargeThrust,
            Some((2, Lane::ChargeThrust)),
            Some(1),
        );
        assert!(killed(&events, "wolf-l4"));
        let facing = g.state().piles.find(&sword).map(|(_, c)| c.facing);
        let expected = if dust {
            Facing::Alerted
        } else {
            Facing::Unalerted
        };
        assert_eq!(
            facing,
            Some(expected),
            "8.4.9: a weapon that hits turns unalerted"
        );
    }
}

#[test]
fn rule_4_4_3_c_reflecting_grease_stops_the_wound_of_a_hit_on_armor() {
    // The M5 wolf's Medium hit on his Medium breastplate damages it, and wounds him
    // unless the Grease is on him. He plays no maneuver: the hit lands.
    for grease in [false, true] {
        let mut g = fight(
            "swordsman",
            &[
                (piece("armor", "breastplate"), true),
                (treasure("reflecting-grease"), false),
            ],
            "wolf-m5",
            &CALM,
        );
        engage(&mut g, "wolf-m5", grease.then_some("reflecting-grease"));
        let events = play(&mut g, "wolf-m5", Lane::ChargeThrust, None, None);
        assert!(details(&events).iter().any(|d| matches!(
            d,
            E::ArmorHit {
                destroyed: false,
                ..
            }
        )));
        assert_eq!(wounded(&events), !grease);
    }
}

#[test]
fn rule_4_4_6_ointment_of_steel_counts_as_tremendous_armor_against_any_blow() {
    // The M5 wolf's Medium hit kills the Light Swordsman on his body; on the Ointment
    // (T armor) it does nothing to the armor but a wound (8.5.3).
    for steel in [false, true] {
        let mut g = fight(
            "swordsman",
            &[(treasure("ointment-of-steel"), false)],
            "wolf-m5",
            &CALM,
        );
        engage(&mut g, "wolf-m5", steel.then_some("ointment-of-steel"));
        let events = play(&mut g, "wolf-m5", Lane::DuckSmash, None, None);
        assert_eq!(character_killed(&events), !steel);
        assert_eq!(wounded(&events), steel);
        assert!(!details(&events)
            .iter()
            .any(|d| matches!(d, E::ArmorHit { .. })));
    }
}

#[test]
fn rule_4_4_6_golden_crown_is_medium_armor_against_smash_only() {
    // The crown takes the wolf's Smash (Medium: an armor card has no damaged side, so it
    // is destroyed, and the hit wounds); a Thrust would have killed him.
    for (lane, covered) in [(Lane::DuckSmash, true), (Lane::ChargeThrust, false)] {
        let mut g = fight(
            "swordsman",
            &[(treasure("golden-crown"), true)],
            "wolf-m5",
            &CALM,
        );
        engage(&mut g, "wolf-m5", None);
        let events = play(&mut g, "wolf-m5", lane, None, None);
        assert_eq!(character_killed(&events), !covered);
        assert_eq!(
            details(&events)
                .iter()
                .any(|d| matches!(d, E::ArmorHit { piece, destroyed: true } if *piece == card("golden-crown"))),
            covered
        );
    }
}

#[test]
fn list_of_treasures_elusive_cloak_moves_his_maneuver_away_from_slow_attacks() {
    // The Ogre (attack T5) in Charge-and-Thrust, his Move M3* in the Charge square: the
    // Ogre's blow kills him, unless the Cloak moves his maneuver (5 is over 4).
    for cloak in [false, true] {
        let items: Vec<(Value, bool)> = if cloak {
            vec![(treasure("elusive-cloak"), true)]
        } else {
            vec![]
        };
        let mut g = fight("swordsman", &items, "ogre", &CALM);
        engage(&mut g, "ogre", None);
        g.apply(
            S0,
            A::PlaceDenizen {
                denizen: monster("ogre"),
                lane: Lane::ChargeThrust,
            },
        )
        .unwrap();
        g.apply(
            S0,
            A::PlayManeuver {
                with: ManeuverPlay::Chit { chit: 1 },
                lane: Lane::ChargeThrust,
            },
        )
        .unwrap();
        let events = g.apply(S0, A::EndPlays).unwrap();
        assert_eq!(character_killed(&events), !cloak);
        assert!(!wounded(&events));
    }
}

#[test]
fn list_of_treasures_elusive_cloak_does_nothing_against_an_attack_of_time_four() {
    // The Viper attacks at time 4 (not over 4): its Medium** bite still kills him.
    let mut g = fight(
        "swordsman",
        &[(treasure("elusive-cloak"), true)],
        "viper",
        &CALM,
    );
    engage(&mut g, "viper", None);
    g.apply(
        S0,
        A::PlaceDenizen {
            denizen: monster("viper"),
            lane: Lane::DuckSmash,
        },
    )
    .unwrap();
    let events = play_rest(&mut g);
    assert!(character_killed(&events));
}

/// Move M3* in the Duck square, then ends the plays.
fn play_rest(g: &mut Game) -> Vec<Event<E>> {
    g.apply(
        S0,
        A::PlayManeuver {
            with: ManeuverPlay::Chit { chit: 1 },
            lane: Lane::DuckSmash,
        },
    )
    .unwrap();
    g.apply(S0, A::EndPlays).unwrap()
}

#[test]
fn list_of_treasures_battle_bracelets_move_his_attack_onto_a_slow_target() {
    // His Fight L5 in the Swing circle against the Ogre (move 5) in Charge-and-Thrust: a
    // miss, unless the Bracelets move the attack to the Thrust circle (5 is over 4).
    for bracelets in [false, true] {
        let items: Vec<(Value, bool)> = if bracelets {
            vec![(treasure("battle-bracelets"), true)]
        } else {
            vec![]
        };
        let mut g = fight("swordsman", &items, "ogre", &CALM);
        engage(&mut g, "ogre", None);
        let events = play(
            &mut g,
            "ogre",
            Lane::ChargeThrust,
            Some((10, Lane::DodgeSwing)),
            Some(1),
        );
        assert_eq!(killed(&events, "ogre"), bracelets);
    }
}

#[test]
fn list_of_treasures_battle_bracelets_do_nothing_against_a_fast_target() {
    // The light-side wolf maneuvers at 3 (not over 4): the Swing misses it in Thrust.
    let mut g = fight(
        "swordsman",
        &[(treasure("battle-bracelets"), true)],
        "wolf-l4",
        &CALM,
    );
    engage(&mut g, "wolf-l4", None);
    let events = play(
        &mut g,
        "wolf-l4",
        Lane::ChargeThrust,
        Some((10, Lane::DodgeSwing)),
        Some(1),
    );
    assert!(!killed(&events, "wolf-l4"));
}

#[test]
fn rule_4_4_6_alchemists_mixture_makes_one_missile_attack_and_goes_to_the_warlock() {
    // Activated as his weapon, the Mixture (M***, length 11, missile) intercepts the Ogre
    // in the Thrust circle; the Missile Table roll 3 (dice 3, 2) leaves its harm:
    // Tremendous. Then it is used up.
    let mixture = card("alchemists-mixture");
    let mut g = fight(
        "swordsman",
        &[(treasure("alchemists-mixture"), false)],
        "ogre",
        &[4, 1, 1, 3, 2],
    );
    engage(&mut g, "ogre", Some("alchemists-mixture"));
    let attack = combat::fighters::attack_values(cat(), g.state(), S0, 10).unwrap();
    assert_eq!((attack.time, attack.length), (5, 11));
    let events = play(
        &mut g,
        "ogre",
        Lane::ChargeThrust,
        Some((10, Lane::ChargeThrust)),
        Some(1),
    );
    assert!(killed(&events, "ogre"));
    let warlock = Place::SetupBox {
        target: SetupBox::Visitor(Visitor::Warlock),
    };
    assert_eq!(g.state().piles.place_of(&mixture), Some(&warlock));
    assert!(details(&events)
        .iter()
        .any(|d| matches!(d, E::PotionDiscarded { potion, .. } if *potion == mixture)));
}

#[test]
fn rule_4_4_3_a_potion_is_activated_at_the_start_of_a_phase_and_stays_active() {
    // Draught of Speed used in Daylight (7.2.2): face up, never offered for deactivation,
    // and its chit times hold for the Evening's combat.
    let draught = card("draught-of-speed");
    let sc: MagicRealmScenario = serde_json::from_value(json!({
        "seats": [{"character": "swordsman", "at": here(),
            "belongings": belongings(&[(treasure("draught-of-speed"), false)]),
            "record": [{"activity": "hide"}, {"activity": "hide"}]}],
        "at": "daylight", "dice": [1, 6, 1, 6]}))
    .unwrap();
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(11)).unwrap();
    crate::daylight_common::take_kept_turns(&mut g);
    let activate = A::Rearrange {
        piece: draught.clone(),
        change: BelongingChange::Activate,
    };
    assert!(g.legal_actions(S0).contains(&activate));
    let events = g.apply(S0, activate).unwrap();
    assert!(details(&events)
        .iter()
        .any(|d| matches!(d, E::PotionUsed { seat: S0, .. })));
    assert_eq!(
        g.state().piles.find(&draught).map(|(_, c)| c.facing),
        Some(Facing::Up)
    );
    assert!(!g.legal_actions(S0).iter().any(|a| matches!(
        a,
        A::Rearrange { piece, change: BelongingChange::Deactivate } if *piece == draught
    )));
    assert_eq!(
        combat::fighters::attack_values(cat(), g.state(), S0, 10).map(|a| a.time),
        Some(4),
        "Fight L5 with no asterisk: the Draught's 4"
    );
    assert_eq!(
        combat::fighters::attack_values(cat(), g.state(), S0, 11).map(|a| a.time),
        Some(2)
    );
}
