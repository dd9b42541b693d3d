//! Rule scenarios for the spells that give an extra phase (6.2.2c): See Hidden Signs,
//! Sense Danger and Blend into Background.

use crate::spells_common::{here, start, Game, S0};
use serde_json::{json, Value};

fn with(character: &str, belongings: Value) -> Game {
    start(json!({"seats": [{"character": character, "at": here(), "belongings": belongings}]}))
}

fn spell_on_amazon(spell: &str, until: Value) -> Game {
    let on_her = json!({"caster": 1, "spell": spell, "spellBox": 0, "chit": 7,
        "aims": [{"aim": "character", "seat": 0}], "until": until});
    start(json!({"seats": [
        {"character": "amazon", "at": here()},
        {"character": "druid", "at": here(), "spells": [spell]}],
        "spells": [on_her], "day": 2}))
}

fn may_record(g: &Game, activity: &tabletop_rules::magic_realm::state::Activity) -> bool {
    g.legal_actions(S0).contains(
        &tabletop_rules::magic_realm::actions::MagicRealmAction::RecordActivity {
            activity: activity.clone(),
        },
    )
}

#[test]
fn rule_6_2_2c_see_hidden_signs_sense_danger_and_blend_into_background_give_an_extra_phase() {
    use tabletop_rules::magic_realm::actions::MagicRealmAction as A;
    use tabletop_rules::magic_realm::state::Activity;
    for (spell, until, activity) in [
        (
            "see-hidden-signs",
            json!({"at": "sunset", "day": 2}),
            Activity::Search,
        ),
        ("sense-danger", json!({"at": "never"}), Activity::Alert),
        (
            "blend-into-background",
            json!({"at": "sunset", "day": 2}),
            Activity::Hide,
        ),
    ] {
        let mut g = spell_on_amazon(spell, until);
        // Two Basic and two Sunlight phases, then the spell's extra phase.
        for _ in 0..5 {
            assert!(may_record(&g, &activity), "{spell}");
            g.apply(
                S0,
                A::RecordActivity {
                    activity: activity.clone(),
                },
            )
            .unwrap();
        }
        assert!(!may_record(&g, &activity), "{spell}: one extra phase only");
        // Without the spell, four.
        let mut plain = with("amazon", json!([]));
        for _ in 0..4 {
            plain
                .apply(
                    S0,
                    A::RecordActivity {
                        activity: activity.clone(),
                    },
                )
                .unwrap();
        }
        assert!(!may_record(&plain, &activity), "{spell}");
    }
}
