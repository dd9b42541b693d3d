//! Rule scenarios for a face-down Site chit shown to all (rule 4.5.4d): when its location
//! is given, or (GAPS §4) when its site is looted, it is turned face up for everyone to see
//! and put in its clearing, face down.

use serde_json::{json, Value};
use tabletop_rules::engine::{Seat, Seed, Session, ToAct};
use tabletop_rules::magic_realm::actions::{Gift, MagicRealmAction as A, SearchChoice};
use tabletop_rules::magic_realm::catalog::chits::MapChitId;
use tabletop_rules::magic_realm::catalog::tiles::TileId;
use tabletop_rules::magic_realm::game::data;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{Facing, PieceId, Place};
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::MagicRealm;

type Game = Session<MagicRealm>;
const S0: Seat = Seat(0);
const S1: Seat = Seat(1);
const S2: Seat = Seat(2);
/// With this seed the Swordsman's attention chit is picked first (no one has ended a turn
/// in the Ruins and turned its chits up before him); `to_swordsman` checks it.
const SEED: u64 = 1;

fn start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(SEED)).expect("the scenario starts");
    crate::daylight_common::take_kept_turns(&mut g);
    g
}

fn altar() -> PieceId {
    PieceId::MapChit {
        id: MapChitId("altar".into()),
    }
}

/// The Altar's own clearing in the Ruins.
fn altar_clearing() -> ClearingRef {
    let n = data()
        .unwrap()
        .map_chits
        .site_chits
        .iter()
        .find(|s| s.id.0 == "altar")
        .unwrap()
        .clearing;
    ClearingRef {
        tile: TileId::Ruins,
        clearing: n,
    }
}

/// The Swordsman (who knows the Altar) and the Amazon in the Altar's clearing, the Dwarf
/// elsewhere; the Altar chit lies face down in the Ruins' woods with one treasure.
fn scene() -> Game {
    let here = json!({"tile": "ruins", "clearing": altar_clearing().clearing.0});
    let treasure = data().unwrap().items.treasures[0].id.0.clone();
    start(json!({"seats": [
            {"character": "swordsman", "at": here, "discoveries": {"chits": ["altar"]},
             "record": [{"activity": "search"}, {"activity": "hide"}]},
            {"character": "amazon", "at": here, "record": [{"activity": "hide"}]},
            {"character": "dwarf", "at": {"tile": "cavern", "clearing": 1}, "record": [{"activity": "hide"}]}],
        "pieces": [
            {"piece": {"kind": "map_chit", "id": "altar"}, "place": {"place": "tile", "tile": "ruins"}, "facing": "down"},
            {"piece": {"kind": "treasure", "id": treasure}, "place": {"place": "setup_box", "target": {"Site": "altar"}}, "facing": "down"}],
        "at": "daylight", "dice": vec![1; 40]}))
}

/// The Swordsman takes the first turn of the day.
fn to_swordsman(g: &Game) {
    assert!(
        matches!(g.to_act(), ToAct::Seats { seats } if seats == [S0]),
        "the Swordsman goes first with this seed"
    );
}

fn facing(g: &Game) -> (Place, Facing) {
    let (place, counter) = g.state().piles.find(&altar()).unwrap();
    (place.clone(), counter.facing)
}

#[test]
fn rule_4_5_4d_giving_a_face_down_sites_location_shows_it_to_all_and_puts_it_in_its_clearing() {
    let mut g = scene();
    to_swordsman(&g);
    assert!(!g.state().seats[2].known.contains(&altar()));
    let give = A::Give {
        to: S1,
        gift: Gift::Site {
            site: MapChitId("altar".into()),
        },
    };
    assert!(g.legal_actions(S0).contains(&give));
    g.apply(S0, give).unwrap();
    assert_eq!(
        facing(&g),
        (
            Place::Clearing {
                at: altar_clearing()
            },
            Facing::Down
        ),
        "put in its clearing, face down"
    );
    assert!(
        g.state().seats[1]
            .discoveries
            .chits
            .contains(&MapChitId("altar".into())),
        "the Amazon has it"
    );
    assert!(
        g.state().seats[2].known.contains(&altar()),
        "the Dwarf, far away, has seen it too: it was face up for all to see"
    );
    assert!(
        !g.state().seats[2]
            .discoveries
            .chits
            .contains(&MapChitId("altar".into())),
        "seeing the chit is not discovering the site"
    );
}

#[test]
fn rule_4_5_4d_looting_a_face_down_site_shows_its_chit_to_all() {
    let mut g = scene();
    to_swordsman(&g);
    let loot = A::Search {
        search: SearchChoice::LootSite {
            site: MapChitId("altar".into()),
        },
    };
    g.apply(S0, loot).unwrap();
    assert_eq!(
        facing(&g),
        (
            Place::Clearing {
                at: altar_clearing()
            },
            Facing::Down
        ),
        "face down in its clearing, so it still summons when it turns up at his turn's end"
    );
    assert!(g.state().seats[2].known.contains(&altar()));
}

#[test]
fn rule_4_5_4a_a_site_cannot_be_given_to_someone_elsewhere_and_nothing_changes() {
    let mut g = scene();
    to_swordsman(&g);
    // The Dwarf is not in the Altar's clearing: its location cannot be given to him, and
    // the refused gift shows the chit to no one.
    let before = serde_json::to_string(g.state()).unwrap();
    let give = A::Give {
        to: S2,
        gift: Gift::Site {
            site: MapChitId("altar".into()),
        },
    };
    assert!(!g.legal_actions(S0).contains(&give));
    assert!(g.apply(S0, give).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    assert_eq!(facing(&g).1, Facing::Down);
    assert!(matches!(facing(&g).0, Place::Tile { .. }));
}
