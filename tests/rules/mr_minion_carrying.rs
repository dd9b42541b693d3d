//! Rule scenarios for what a hired leader or controlled monster turned into a creature
//! carries (rule 4.6.8b): what it carries as it becomes the creature is transmorphized with
//! it (frozen, weightless); what it is given later is not: it trades it, abandons it at the
//! start of its phases and carries it with the creature's move strength. Mist carries
//! nothing untransmorphized. Each from a scenario with forced dice.

use crate::spells_common::{details, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat};
use tabletop_rules::magic_realm::actions::{
    Gift, MagicRealmAction as A, MagicRealmEvent as E, Receiver,
};
use tabletop_rules::magic_realm::catalog::Catalog;
use tabletop_rules::magic_realm::combat::spells::carrying;
use tabletop_rules::magic_realm::day::flying;
use tabletop_rules::magic_realm::events::HirelingSpoilsTo;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::state::{GameState, Step};

fn cat() -> &'static Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn oak(n: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": "oak_woods", "clearing": n})).unwrap()
}

fn hq() -> PieceId {
    serde_json::from_value(json!({"kind": "native", "id": "company-hq"})).unwrap()
}

fn spider() -> PieceId {
    serde_json::from_value(json!({"kind": "monster", "id": "h-spider", "n": 0})).unwrap()
}

fn weapon(id: &str) -> PieceId {
    serde_json::from_value(json!({"kind": "weapon", "id": id, "n": 0})).unwrap()
}

/// Heavy.
fn great_axe() -> PieceId {
    weapon("great-axe")
}

/// Medium.
fn axe() -> PieceId {
    weapon("axe")
}

/// Medium.
fn mace() -> PieceId {
    weapon("mace")
}

/// Heavy.
fn great_sword() -> PieceId {
    weapon("great-sword")
}

/// `piece` carried by `by`; `later`: given after `by` was transformed (untransmorphized).
fn carried(piece: &PieceId, by: &PieceId, later: bool) -> Value {
    json!({"piece": piece, "place": {"place": "carried", "by": by}, "untransmorphized": later})
}

fn place_of(g: &Game, piece: &PieceId) -> Option<Place> {
    g.state().piles.place_of(piece).cloned()
}

fn carried_by(by: &PieceId) -> Option<Place> {
    Some(Place::Carried { by: by.clone() })
}

/// The Sorceror's (seat 1) spell on `target`: a Transform to the creature of `roll` (2:
/// Lion, Heavy; 5: Squirrel, Light), or, `roll` 0, a Melt into Mist.
fn spell_on(target: &PieceId, roll: u8) -> Value {
    let aims = json!([{"aim": "denizen", "piece": target}]);
    if roll == 0 {
        json!({"caster": 1, "spell": "melt-into-mist", "spellBox": 0, "chit": 8,
            "aims": aims, "until": {"at": "never"}, "inert": false})
    } else {
        json!({"caster": 1, "spell": "transform", "spellBox": 0, "chit": 8,
            "aims": aims, "until": {"at": "never"}, "value": roll})
    }
}

fn sorceror() -> Value {
    json!({"character": "sorceror", "at": oak(2), "hidden": false, "gold": 20,
        "spells": ["transform", "melt-into-mist"], "record": [{"activity": "hide"}]})
}

/// The Swordsman (seat 0, 12 gold, a Mace) in Oak Woods 2 with the Company's HQ hired
/// there (`hire` adds to his hire: gold, record), the Sorceror (seat 1) there too, her
/// spell on the HQ ([`spell_on`]); the HQ carries `pieces`. Daylight of day 2.
fn company(hire: Value, roll: u8, pieces: Vec<Value>) -> Game {
    company_dice(hire, roll, pieces, 6)
}

/// [`company`] with every die forced to `die`.
fn company_dice(hire: Value, roll: u8, pieces: Vec<Value>, die: u8) -> Game {
    let mut h = json!({"native": "company-hq", "lastDay": 20});
    if let (Some(h), Some(more)) = (h.as_object_mut(), hire.as_object()) {
        for (k, v) in more {
            h.insert(k.clone(), v.clone());
        }
    }
    let mut all = vec![json!({"piece": hq(), "place": {"place": "clearing", "at": oak(2)}})];
    all.extend(pieces);
    start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "hidden": false, "gold": 12,
         "belongings": [{"piece": mace(), "active": false}],
         "record": [{"activity": "hide"}], "hirelings": [h]},
        sorceror()],
        "pieces": all, "spells": [spell_on(&hq(), roll)],
        "day": 2, "at": "daylight", "dice": vec![die; 40]}))
}

/// The Witch (seat 0) in Oak Woods 2 guiding the H Spider there (it follows her), the
/// Sorceror (seat 1) there too, her spell on the spider ([`spell_on`]); the spider carries
/// `pieces`. Daylight of day 2.
fn witch_and_spider(roll: u8, pieces: Vec<Value>) -> Game {
    let mut all = vec![json!({"piece": spider(), "place": {"place": "clearing", "at": oak(2)}})];
    all.extend(pieces);
    start(json!({"seats": [
        {"character": "witch", "at": oak(2), "hidden": false, "gold": 12,
         "spells": ["guide-spider-or-octopus"],
         "chits": [{"chit": 5, "status": "committed"}], "record": [{"activity": "hide"}]},
        sorceror()],
        "pieces": all,
        "spells": [
            {"caster": 0, "spell": "guide-spider-or-octopus", "spellBox": 0, "chit": 5,
             "aims": [{"aim": "denizen", "piece": spider()}],
             "until": {"at": "sunset", "day": 2}},
            spell_on(&spider(), roll)],
        "day": 2, "at": "daylight", "dice": vec![6; 40]}))
}

/// The action whoever acts takes to get on: Proceed, else the first offered.
fn step(g: &mut Game) -> Vec<Event<E>> {
    let who = g.to_act().seats().first().copied().expect("someone acts");
    let legal = g.legal_actions(who);
    let a = if legal.contains(&A::Proceed) {
        A::Proceed
    } else {
        legal.first().cloned().expect("an action")
    };
    g.apply(who, a).unwrap()
}

/// Plays Daylight on until `seat` acts and is offered an action `want` accepts.
fn until_offered(g: &mut Game, seat: Seat, want: impl Fn(&A) -> bool) {
    for _ in 0..30 {
        let who = g.to_act().seats().first().copied();
        if who == Some(seat) && g.legal_actions(seat).iter().any(&want) {
            return;
        }
        step(g);
    }
    panic!("no such action was offered to {seat:?}");
}

/// Plays on while it is Daylight.
fn play_daylight(g: &mut Game) -> Vec<Event<E>> {
    let mut log = Vec::new();
    for _ in 0..60 {
        if !matches!(g.state().step, Step::Daylight { .. }) {
            break;
        }
        log.extend(step(g));
    }
    log
}

fn unchanged(g: &mut Game, seat: Seat, action: A) {
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(seat, action).is_err(), "refused");
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

fn give(hireling: &PieceId, gift: Gift) -> A {
    A::GiveToHireling {
        hireling: hireling.clone(),
        gift,
    }
}

fn take(hireling: &PieceId, gift: Gift) -> A {
    A::TakeFromHireling {
        hireling: hireling.clone(),
        gift,
    }
}

fn belonging(piece: &PieceId) -> Gift {
    Gift::Belonging {
        piece: piece.clone(),
    }
}

fn leader_gold(state: &GameState) -> i32 {
    state.seats[0].hirelings.first().map_or(0, |h| h.gold)
}

#[test]
fn rule_4_6_8b_what_a_hired_leader_carries_as_he_becomes_a_creature_is_transmorphized() {
    // The HQ, a Lion, carried the Great Axe and 10 gold as he was transformed: his
    // employer cannot take them back. What he gives him now (the Mace, 5 gold) is
    // untransmorphized: he may take that back, and no more.
    let mut g = company(
        json!({"gold": 10}),
        2,
        vec![carried(&great_axe(), &hq(), false)],
    );
    until_offered(&mut g, S0, |a| matches!(a, A::GiveToHireling { .. }));
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&give(&hq(), belonging(&mace()))));
    assert!(!legal
        .iter()
        .any(|a| matches!(a, A::TakeFromHireling { .. })));
    unchanged(&mut g, S0, take(&hq(), belonging(&great_axe())));
    unchanged(&mut g, S0, take(&hq(), Gift::Gold { gold: 5 }));
    g.apply(S0, give(&hq(), belonging(&mace()))).unwrap();
    g.apply(S0, give(&hq(), Gift::Gold { gold: 5 })).unwrap();
    assert_eq!(place_of(&g, &mace()), carried_by(&hq()));
    assert_eq!(leader_gold(g.state()), 15);
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&take(&hq(), belonging(&mace()))));
    assert!(legal.contains(&take(&hq(), Gift::Gold { gold: 5 })));
    assert!(!legal.contains(&take(&hq(), belonging(&great_axe()))));
    assert!(!legal.contains(&take(&hq(), Gift::Gold { gold: 10 })));
    assert!(carrying::carried_frozen(
        cat(),
        g.state(),
        &hq(),
        &great_axe()
    ));
    assert!(!carrying::carried_frozen(cat(), g.state(), &hq(), &mace()));
    g.apply(S0, take(&hq(), Gift::Gold { gold: 5 })).unwrap();
    assert_eq!(leader_gold(g.state()), 10);
    assert_eq!(g.state().seats[0].gold, 12);
}

#[test]
fn rule_4_6_8b_nobody_gives_a_hired_leader_turned_into_mist_anything() {
    // As mist the HQ is given nothing, by his employer or the Sorceror; as a Lion he is.
    for (roll, given) in [(0, false), (2, true)] {
        let mut g = company(json!({}), roll, vec![]);
        let to_hq = |a: &A| matches!(a, A::GiveToHireling { hireling, .. } if *hireling == hq());
        let mut seen = Vec::new();
        for _ in 0..30 {
            let who = g.to_act().seats().first().copied().expect("someone acts");
            if !seen.contains(&who) && g.legal_actions(who).contains(&A::Proceed) {
                // At the start of his (her) phase: the HQ has no turn of his own.
                assert_eq!(
                    g.legal_actions(who).iter().any(to_hq),
                    given,
                    "roll {roll}, {who:?}"
                );
                if !given {
                    unchanged(&mut g, who, give(&hq(), Gift::Gold { gold: 5 }));
                }
                seen.push(who);
            }
            if seen.len() == 2 {
                break;
            }
            step(&mut g);
        }
        assert_eq!(seen.len(), 2, "both characters took their turns");
    }
}

#[test]
fn rule_4_6_8b_a_hired_leader_creature_abandons_or_gives_only_untransmorphized_belongings() {
    // At the start of his own phase the HQ, a Lion, may abandon or give the Sorceror the
    // Axe he got after he was transformed, never the Great Axe transmorphized with him.
    let mut g = company(
        json!({"record": [{"activity": "hide"}]}),
        2,
        vec![
            carried(&great_axe(), &hq(), false),
            carried(&axe(), &hq(), true),
        ],
    );
    until_offered(&mut g, S0, |a| matches!(a, A::HirelingAbandons { .. }));
    let legal = g.legal_actions(S0);
    let abandon = |piece: &PieceId| A::HirelingAbandons {
        hireling: hq(),
        piece: piece.clone(),
    };
    let gives = |piece: &PieceId| A::HirelingGives {
        hireling: hq(),
        to: Receiver::Character { seat: S1 },
        gift: belonging(piece),
    };
    assert!(legal.contains(&abandon(&axe())));
    assert!(legal.contains(&gives(&axe())));
    assert!(!legal.contains(&abandon(&great_axe())));
    assert!(!legal.contains(&gives(&great_axe())));
    unchanged(&mut g, S0, abandon(&great_axe()));
    let log = g.apply(S0, abandon(&axe())).unwrap();
    assert!(details(&log).iter().any(|e| matches!(e,
        E::HirelingAbandoned { hireling, piece: Some(p) } if *hireling == hq() && *p == axe())));
    assert_eq!(place_of(&g, &axe()), Some(Place::Clearing { at: oak(2) }));
    assert_eq!(place_of(&g, &great_axe()), carried_by(&hq()));
}

/// The first clearing one Move along a roadway from Oak Woods 2.
fn road_from_oak2(g: &Game) -> ClearingRef {
    let mut to: Vec<ClearingRef> = g
        .state()
        .map
        .moves(&cat().tiles, oak(2), &Default::default())
        .into_iter()
        .map(|r| r.to)
        .collect();
    to.sort();
    to[0]
}

#[test]
fn rule_4_6_8b_a_hired_leader_creature_carries_with_the_creatures_move_strength() {
    // The HQ carries the Great Axe (transmorphized with him) and, got later, the Axe
    // (Medium) and the Great Sword (Heavy), and Moves. A Squirrel (Light) leaves both
    // behind; a Lion (Heavy, stronger than the HQ's own Medium) carries both. The Great
    // Axe weighs nothing either way.
    let to = road_from_oak2(&company(json!({}), 2, vec![]));
    for (roll, keeps) in [(5, false), (2, true)] {
        let mut g = company(
            json!({"record": [{"activity": "move", "to": to}]}),
            roll,
            vec![
                carried(&great_axe(), &hq(), false),
                carried(&axe(), &hq(), true),
                carried(&great_sword(), &hq(), true),
            ],
        );
        let log = play_daylight(&mut g);
        assert!(
            details(&log)
                .iter()
                .any(|e| matches!(e, E::LeaderMoved { to: t, .. } if *t == to)),
            "roll {roll}: he moves"
        );
        assert_eq!(place_of(&g, &great_axe()), carried_by(&hq()), "roll {roll}");
        for piece in [axe(), great_sword()] {
            let want = if keeps {
                carried_by(&hq())
            } else {
                Some(Place::Clearing { at: oak(2) })
            };
            assert_eq!(place_of(&g, &piece), want, "roll {roll}: {piece}");
        }
    }
}

#[test]
fn rule_4_6_8b_a_controlled_monster_creature_gives_only_what_it_got_later() {
    // The spider, a Lion, follows the Witch: as she begins a phase it may give the
    // Sorceror or abandon the Axe it got after it was transformed, and she may take it
    // back; the Great Axe transmorphized with it stays.
    let mut g = witch_and_spider(
        2,
        vec![
            carried(&great_axe(), &spider(), false),
            carried(&axe(), &spider(), true),
        ],
    );
    until_offered(&mut g, S0, |a| matches!(a, A::HirelingGives { .. }));
    let legal = g.legal_actions(S0);
    let gives = |piece: &PieceId| A::HirelingGives {
        hireling: spider(),
        to: Receiver::Character { seat: S1 },
        gift: belonging(piece),
    };
    let abandon = |piece: &PieceId| A::HirelingAbandons {
        hireling: spider(),
        piece: piece.clone(),
    };
    assert!(legal.contains(&gives(&axe())));
    assert!(legal.contains(&abandon(&axe())));
    assert!(legal.contains(&take(&spider(), belonging(&axe()))));
    assert!(!legal.contains(&gives(&great_axe())));
    assert!(!legal.contains(&abandon(&great_axe())));
    assert!(!legal.contains(&take(&spider(), belonging(&great_axe()))));
    unchanged(&mut g, S0, gives(&great_axe()));
    g.apply(S0, gives(&axe())).unwrap();
    assert_eq!(
        place_of(&g, &axe()),
        Some(Place::Belongings {
            character: g.state().seats[1].character.clone().unwrap()
        })
    );
}

#[test]
fn rule_4_6_8b_a_controlled_monster_creature_drops_all_it_carries_when_its_control_ends() {
    // Guide Spider is a Day spell: at Sunset the spider, a Lion, is no longer controlled
    // and abandons what it carries, transmorphized or not, as any controlled monster does;
    // its mark goes with its control.
    let mut g = witch_and_spider(
        2,
        vec![
            carried(&great_axe(), &spider(), false),
            carried(&axe(), &spider(), true),
        ],
    );
    assert!(g
        .state()
        .carriers_transmorphized
        .iter()
        .any(|(p, t)| *p == spider() && t.belongings.contains(&great_axe())));
    let log = play_daylight(&mut g);
    for piece in [great_axe(), axe()] {
        assert_eq!(place_of(&g, &piece), Some(Place::Clearing { at: oak(2) }));
    }
    assert!(details(&log).iter().any(|e| matches!(e,
        E::HirelingSpoils { hireling, to: HirelingSpoilsTo::Abandoned, items: 2, .. }
            if *hireling == spider())));
    assert!(g.state().carriers_transmorphized.is_empty());
}

#[test]
fn rule_4_6_8b_a_save_without_the_mark_counts_all_a_creature_carries_as_transmorphized() {
    // A game saved before the mark was kept: the HQ, a Lion, has none; all he carries is
    // frozen until the next action marks it.
    let g = company(json!({"gold": 10}), 2, vec![carried(&axe(), &hq(), true)]);
    assert!(!carrying::carried_frozen(cat(), g.state(), &hq(), &axe()));
    let mut before = g.state().clone();
    before.carriers_transmorphized.clear();
    let save = serde_json::to_string(&before).unwrap();
    assert!(!save.contains("carriersTransmorphized"));
    let old: GameState = serde_json::from_str(&save).unwrap();
    assert!(old.carriers_transmorphized.is_empty());
    assert!(carrying::carried_frozen(cat(), &old, &hq(), &axe()));
    assert_eq!(carrying::spendable_carrier_gold(cat(), &old, &hq()), 0);
    assert_eq!(carrying::spendable_carrier_gold(cat(), g.state(), &hq()), 0);
}

#[test]
fn rule_4_6_8b_a_creature_following_another_players_character_abandons_what_it_got_later() {
    // The HQ, a Lion, follows the Sorceror: as she begins a phase his employer may have
    // him abandon or give her the Axe he got after he was transformed, not the Great Axe.
    // Carrying only what was transmorphized with him, he has nothing to decide and never
    // stops her turn.
    let follow = json!({"record": [{"activity": "follow", "guide": 1}]});
    let mut g = company(
        follow.clone(),
        2,
        vec![
            carried(&great_axe(), &hq(), false),
            carried(&axe(), &hq(), true),
        ],
    );
    until_offered(&mut g, S0, |a| matches!(a, A::HirelingAbandons { .. }));
    let legal = g.legal_actions(S0);
    let abandon = |piece: &PieceId| A::HirelingAbandons {
        hireling: hq(),
        piece: piece.clone(),
    };
    let gives = |piece: &PieceId| A::HirelingGives {
        hireling: hq(),
        to: Receiver::Character { seat: S1 },
        gift: belonging(piece),
    };
    assert!(legal.contains(&abandon(&axe())));
    assert!(legal.contains(&gives(&axe())));
    assert!(!legal.contains(&abandon(&great_axe())));
    assert!(!legal.contains(&gives(&great_axe())));
    unchanged(&mut g, S0, gives(&great_axe()));
    g.apply(S0, gives(&axe())).unwrap();
    assert_eq!(
        place_of(&g, &axe()),
        Some(Place::Belongings {
            character: g.state().seats[1].character.clone().unwrap()
        })
    );
    let mut g = company(follow, 2, vec![carried(&great_axe(), &hq(), false)]);
    for _ in 0..60 {
        if !matches!(g.state().step, Step::Daylight { .. }) {
            break;
        }
        assert!(!g
            .legal_actions(S0)
            .iter()
            .any(|a| matches!(a, A::HirelingAbandons { .. } | A::HirelingGives { .. })));
        step(&mut g);
    }
    assert!(!matches!(g.state().step, Step::Daylight { .. }));
    assert_eq!(place_of(&g, &great_axe()), carried_by(&hq()));
}

#[test]
fn rule_4_6_8b_a_controlled_monster_creature_carries_with_the_creatures_strength() {
    // The spider (its own weight Heavy), a Squirrel (Light), follows the Witch as she
    // moves: the Axe (Medium) it got after it was transformed stays behind; the Great Axe
    // transmorphized with it weighs nothing and goes along.
    let probe = witch_and_spider(5, vec![]);
    let to = road_from_oak2(&probe);
    let mut all = vec![json!({"piece": spider(), "place": {"place": "clearing", "at": oak(2)}})];
    all.extend([
        carried(&great_axe(), &spider(), false),
        carried(&axe(), &spider(), true),
    ]);
    let mut g = start(json!({"seats": [
        {"character": "witch", "at": oak(2), "hidden": false, "gold": 12,
         "spells": ["guide-spider-or-octopus"],
         "chits": [{"chit": 5, "status": "committed"}],
         "record": [{"activity": "move", "to": to}, {"activity": "hide"},
                    {"activity": "hide"}]},
        sorceror()],
        "pieces": all,
        "spells": [
            {"caster": 0, "spell": "guide-spider-or-octopus", "spellBox": 0, "chit": 5,
             "aims": [{"aim": "denizen", "piece": spider()}],
             "until": {"at": "sunset", "day": 2}},
            spell_on(&spider(), 5)],
        "day": 2, "at": "daylight", "dice": vec![6; 40]}));
    let mut log = Vec::new();
    for _ in 0..30 {
        if place_of(&g, &spider()) == Some(Place::Clearing { at: to }) {
            break;
        }
        log.extend(step(&mut g));
    }
    assert_eq!(place_of(&g, &spider()), Some(Place::Clearing { at: to }));
    assert_eq!(place_of(&g, &axe()), Some(Place::Clearing { at: oak(2) }));
    assert_eq!(place_of(&g, &great_axe()), carried_by(&spider()));
    assert!(
        details(&log).iter().any(|e| matches!(e,
        E::HirelingAbandoned { hireling, piece: Some(p) } if *hireling == spider() && *p == axe()))
    );
}

#[test]
fn rule_4_6_8b_a_hired_leader_eagle_takes_off_without_what_its_flying_strength_cannot_carry() {
    // The HQ, an Eagle (Medium), flies to the next tile: the Great Sword (Heavy) he got
    // after he was transformed stays behind; the Axe (Medium) flies with him, and so does
    // the Great Axe transmorphized with him (weightless).
    let probe = company(json!({}), 3, vec![]);
    let next = probe.state().map.adjacent_tiles(oak(2).tile)[0];
    let n = flying::clearings_of(cat(), probe.state(), next)[0].0;
    let mut g = company_dice(
        json!({"record": [{"activity": "fly", "to": next}]}),
        3,
        vec![
            carried(&great_axe(), &hq(), false),
            carried(&great_sword(), &hq(), true),
            carried(&axe(), &hq(), true),
        ],
        n,
    );
    let log = play_daylight(&mut g);
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::LeaderFlew { to, .. } if *to == next)));
    assert!(details(&log).iter().any(|e| matches!(e,
        E::HirelingAbandoned { hireling, piece: Some(p) } if *hireling == hq() && *p == great_sword())));
    assert_eq!(
        place_of(&g, &great_sword()),
        Some(Place::Clearing { at: oak(2) })
    );
    assert_eq!(place_of(&g, &axe()), carried_by(&hq()));
    assert_eq!(place_of(&g, &great_axe()), carried_by(&hq()));
    assert!(matches!(place_of(&g, &hq()), Some(Place::Clearing { at }) if at.tile == next));
}
