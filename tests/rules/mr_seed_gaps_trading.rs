//! Rule scenarios for the start of a phase (rules 7.2.1 to 7.2.3) that `docs/coverage.md`
//! found without a test (issue 4): no trading while flying or on a roadway; flying, only
//! abandoning, the item landing by a die roll; no colour chit played on a roadway. Each is
//! built from a scenario with forced dice.

use crate::spells_common::{start, Game, S0};
use serde_json::{json, Value};
use tabletop_rules::engine::Seat;
use tabletop_rules::magic_realm::actions::MagicRealmAction as A;
use tabletop_rules::magic_realm::pieces::Place;

fn gives(g: &Game, seat: Seat) -> usize {
    g.legal_actions(seat)
        .iter()
        .filter(|a| matches!(a, A::Give { .. }))
        .count()
}

fn oak(n: u8) -> Value {
    json!({"tile": "oak_woods", "clearing": n})
}

#[test]
fn rule_7_2_1_no_trading_while_flying() {
    // The Witch, with Broomstick on her, flies twice over Oak Woods: at the start of her
    // first phase she is in Oak Woods 2 with the Amazon and may give her gold; at the start
    // of her second she is in the air, and may not.
    let broomstick = json!({"caster": 0, "spell": "broomstick", "spellBox": 0, "chit": 4,
        "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"}});
    let fly = json!({"activity": "fly", "to": "oak_woods"});
    let mut g = start(json!({"seats": [
            {"character": "witch", "at": oak(2), "spells": ["broomstick"], "gold": 10,
             "hidden": false, "record": [fly, fly]},
            {"character": "amazon", "at": oak(2), "hidden": false,
             "record": [{"activity": "hide"}]}],
        "spells": [broomstick], "day": 2, "at": "daylight", "dice": [1, 1, 1, 1, 1]}));
    // Her turn (the Amazon's may come first).
    for _ in 0..3 {
        if g.legal_actions(S0).contains(&A::Proceed) {
            break;
        }
        let Some(s) = g.to_act().seats().first().copied() else {
            break;
        };
        g.apply(s, A::Proceed).unwrap();
    }
    assert!(gives(&g, S0) > 0, "on the ground she may trade");
    g.apply(S0, A::Proceed).unwrap();
    let witch: tabletop_rules::magic_realm::pieces::PieceId =
        serde_json::from_value(json!({"kind": "character", "id": "witch"})).unwrap();
    assert!(
        matches!(g.state().piles.place_of(&witch), Some(Place::Flying { .. })),
        "in the air at the start of her second phase"
    );
    assert!(g.legal_actions(S0).contains(&A::Proceed));
    assert_eq!(gives(&g, S0), 0, "no trading while flying");
}

#[test]
fn rule_7_2_1_no_trading_on_a_roadway() {
    // The Swordsman ran out of Oak Woods 2 toward 4 last night and starts his turn on the
    // roadway: he may not give the Amazon in Oak Woods 2 anything. In the clearing he may.
    for (roadway, may) in [(Some(oak(4)), false), (None, true)] {
        let mut me = json!({"character": "swordsman", "at": oak(2), "hidden": false,
            "gold": 10, "record": [{"activity": "move", "to": oak(4)}]});
        if let Some(r) = &roadway {
            me["roadway"] = r.clone();
        }
        let mut g = start(json!({"seats": [me,
                {"character": "amazon", "at": oak(2), "hidden": false,
                 "record": [{"activity": "hide"}]}],
            "day": 2, "at": "daylight", "dice": [1, 1, 1, 1, 1]}));
        for _ in 0..3 {
            if g.legal_actions(S0).contains(&A::Proceed) {
                break;
            }
            let Some(s) = g.to_act().seats().first().copied() else {
                break;
            };
            g.apply(s, A::Proceed).unwrap();
        }
        assert!(g.legal_actions(S0).contains(&A::Proceed), "his turn");
        assert_eq!(gives(&g, S0) > 0, may, "roadway {roadway:?}");
    }
}

#[test]
fn rule_7_2_2_flying_he_may_only_abandon_and_the_item_lands_by_a_die_roll() {
    // The Witch flies twice over Oak Woods carrying her staff. On the ground she may
    // deactivate or abandon it; in the air, at the start of her second phase, only abandon
    // it: one die, 3 (no clearing 3 in Oak Woods), then 4: it lands in Oak Woods 4.
    use tabletop_rules::magic_realm::actions::{BelongingChange, MagicRealmEvent as E};
    use tabletop_rules::magic_realm::catalog::tiles::TileId;
    use tabletop_rules::magic_realm::map::ClearingRef;
    use tabletop_rules::magic_realm::pieces::PieceId;
    let staff: PieceId =
        serde_json::from_value(json!({"kind": "weapon", "id": "staff", "n": 0})).unwrap();
    let broomstick = json!({"caster": 0, "spell": "broomstick", "spellBox": 0, "chit": 4,
        "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"}});
    let fly = json!({"activity": "fly", "to": "oak_woods"});
    let mut g = start(json!({"seats": [
            {"character": "witch", "at": oak(2), "spells": ["broomstick"], "hidden": false,
             "belongings": [{"piece": staff}], "record": [fly, fly]}],
        "spells": [broomstick], "day": 2, "at": "daylight", "dice": [1, 3, 4, 1, 1]}));
    let changes = |g: &Game| -> Vec<BelongingChange> {
        g.legal_actions(S0)
            .into_iter()
            .filter_map(|a| match a {
                A::Rearrange { piece, change } if piece == staff => Some(change),
                _ => None,
            })
            .collect()
    };
    assert_eq!(
        changes(&g),
        vec![BelongingChange::Deactivate, BelongingChange::Abandon]
    );
    g.apply(S0, A::Proceed).unwrap();
    assert!(matches!(
        g.state().piles.place_of(&staff),
        Some(Place::Belongings { .. })
    ));
    assert_eq!(changes(&g), vec![BelongingChange::Abandon], "in the air");
    let before = g.state().clone();
    let refused = g.apply(
        S0,
        A::Rearrange {
            piece: staff.clone(),
            change: BelongingChange::Deactivate,
        },
    );
    assert!(refused.is_err());
    assert_eq!(g.state(), &before, "a refused change changes nothing");
    let ev = g
        .apply(
            S0,
            A::Rearrange {
                piece: staff.clone(),
                change: BelongingChange::Abandon,
            },
        )
        .unwrap();
    let rolls = ev
        .iter()
        .filter(|e| matches!(e.detail, E::ItemLandingRolled { .. }))
        .count();
    assert_eq!(rolls, 2, "3 names no clearing of Oak Woods; 4 does");
    assert_eq!(
        g.state().piles.place_of(&staff),
        Some(&Place::Clearing {
            at: ClearingRef::new(TileId::OakWoods, 4)
        })
    );
}

#[test]
fn rule_7_2_3_no_colour_chit_is_played_on_a_roadway() {
    // The Sorceror's Melt into Mist (box 0, chit 8) lies inert on the Ogre in Oak Woods 2,
    // with his Purple colour chit 4 ready. In the clearing at the start of his phase he may
    // energize it; on the roadway toward Oak Woods 4 (he ran last night) he may not.
    let energize = A::EnergizeSpell {
        caster: S0,
        spell_box: 0,
        colour_chit: 4,
    };
    for (roadway, may) in [(None, true), (Some(oak(4)), false)] {
        let mut me = json!({"character": "sorceror", "at": oak(2),
            "spells": ["melt-into-mist"], "hidden": false,
            "chits": [{"chit": 4, "status": "enchanted"}, {"chit": 8, "status": "committed"}],
            "record": [{"activity": "move", "to": oak(4)}]});
        if let Some(r) = &roadway {
            me["roadway"] = r.clone();
        }
        let g = start(json!({"seats": [me],
            "pieces": [{"piece": {"kind": "monster", "id": "ogre", "n": 0},
                "place": {"place": "clearing", "at": oak(2)}}],
            "spells": [{"caster": 0, "spell": "melt-into-mist", "spellBox": 0, "chit": 8,
                "aims": [{"aim": "denizen", "piece": {"kind": "monster", "id": "ogre", "n": 0}}],
                "until": {"at": "never"}, "inert": true}],
            "day": 2, "at": "daylight", "dice": [1, 1, 1]}));
        assert!(g.legal_actions(S0).contains(&A::Proceed), "his phase");
        assert_eq!(
            g.legal_actions(S0).contains(&energize),
            may,
            "roadway {roadway:?}"
        );
    }
}
