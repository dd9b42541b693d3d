//! Magic Realm setup as play (rules 3.1 to 3.6), through the same `Session` API a host uses.

use std::collections::BTreeSet;
use tabletop_rules::engine::dice::Stream;
use tabletop_rules::engine::{ErrorCode, Seat, Seed, Session, ToAct, Viewer};
use tabletop_rules::magic_realm::actions::MagicRealmAction as A;
use tabletop_rules::magic_realm::catalog::characters::{CharacterId, StartLocation};
use tabletop_rules::magic_realm::catalog::chits::{DwellingId, SpecialKind};
use tabletop_rules::magic_realm::catalog::denizens::NativeGroup;
use tabletop_rules::magic_realm::catalog::setup_card::SetupBox;
use tabletop_rules::magic_realm::catalog::tiles::{TileGroup, TileId};
use tabletop_rules::magic_realm::game::data;
use tabletop_rules::magic_realm::pieces::{all_pieces, Facing, PieceId, PieceKind, Place};
use tabletop_rules::magic_realm::state::{
    ChitStatus, EquipmentNeed, GameState, MagicRealmSetup, MapChoice, SeatSetup, Step,
    VictoryCategory,
};
use tabletop_rules::magic_realm::view::SeenPiece;
use tabletop_rules::magic_realm::MagicRealm;

type Game = Session<MagicRealm>;

fn setup(characters: &[Option<&str>], map: MapChoice) -> MagicRealmSetup {
    MagicRealmSetup {
        seats: characters
            .iter()
            .map(|c| SeatSetup {
                character: c.map(|c| CharacterId(c.to_string())),
            })
            .collect(),
        map,
        days: 28,
    }
}

fn new_game(characters: &[Option<&str>], seed: u64) -> Game {
    Session::<MagicRealm>::new(setup(characters, MapChoice::Default), Seed(seed))
        .expect("a valid setup starts")
}

/// Plays every remaining setup step with the first legal action, except `pick` may choose.
fn play_through(game: &mut Game, pick: &dyn Fn(Seat, &[A]) -> Option<A>) {
    for _ in 0..2_000 {
        if game.state().step.is_day() {
            return;
        }
        let seats = match game.to_act() {
            ToAct::GameOver { .. } => return,
            ToAct::Seats { seats } => seats,
        };
        let seat = seats[0];
        let legal = game.legal_actions(seat);
        let action = pick(seat, &legal).unwrap_or_else(|| legal[0].clone());
        game.apply(seat, action).expect("a legal action applies");
    }
    panic!("setup did not finish");
}

fn first(_: Seat, _: &[A]) -> Option<A> {
    None
}

fn pieces_at(state: &GameState, place: &Place) -> Vec<PieceId> {
    state
        .piles
        .pile(place)
        .iter()
        .map(|c| c.piece.clone())
        .collect()
}

fn conservation(state: &GameState) {
    let expected: BTreeSet<PieceId> = all_pieces(data().unwrap()).into_iter().collect();
    state.piles.check_conservation(&expected).unwrap();
}

#[test]
fn rule_3_1_every_piece_is_in_exactly_one_place_after_the_setup_card_is_filled() {
    let game = new_game(&[None, None], 1);
    conservation(game.state());
    // 3.1: Dwellings, Ghosts and visitor/mission chits wait aside; map chits too (3.5).
    let aside = pieces_at(game.state(), &Place::Aside);
    assert_eq!(
        aside
            .iter()
            .filter(|p| p.kind() == PieceKind::Dwelling)
            .count(),
        6
    );
    assert_eq!(
        aside
            .iter()
            .filter(|p| p.kind() == PieceKind::VisitorChit)
            .count(),
        6
    );
    assert!(aside
        .iter()
        .any(|p| matches!(p, PieceId::Monster { id, .. } if id.0 == "ghost")));
}

#[test]
fn rule_3_1_3_forty_one_spells_on_the_card_and_six_out_of_play_unseen() {
    let game = new_game(&[None], 2);
    let out = pieces_at(game.state(), &Place::OutOfPlay);
    let spells_out = out.iter().filter(|p| p.kind() == PieceKind::Spell).count();
    assert_eq!(spells_out, 6, "3.1.3 g.2: six Spell cards are out of play");
    let view = game.view(Viewer::Seat { seat: Seat(0) }).unwrap();
    let out_view = view
        .piles
        .iter()
        .find(|p| p.place == Place::OutOfPlay)
        .expect("the out-of-play pile is shown");
    assert!(
        out_view
            .pieces
            .iter()
            .all(|p| matches!(p, SeenPiece::Hidden { .. })),
        "3.1.3 g.3: no one knows which spells are out of play"
    );
}

#[test]
fn rule_3_1_2_treasure_cards_lie_face_down_and_seats_see_only_their_kind() {
    let game = new_game(&[None, None], 3);
    let state = game.state();
    let scholar = Place::SetupBox {
        target: SetupBox::Visitor(tabletop_rules::magic_realm::catalog::denizens::Visitor::Scholar),
    };
    let pile = state.piles.pile(&scholar);
    assert_eq!(
        pile.len(),
        3,
        "3.1.2f: three Small Treasures with the Scholar"
    );
    assert!(pile.iter().all(|c| c.facing == Facing::Down));
    for viewer in [Viewer::Seat { seat: Seat(1) }, Viewer::Spectator] {
        let view = game.view(viewer).unwrap();
        let seen = view.piles.iter().find(|p| p.place == scholar).unwrap();
        assert!(seen.pieces.iter().all(|p| *p
            == SeenPiece::Hidden {
                kind: PieceKind::Treasure
            }));
    }
    let all = game.view(Viewer::Omniscient).unwrap();
    let seen = all.piles.iter().find(|p| p.place == scholar).unwrap();
    assert!(seen
        .pieces
        .iter()
        .all(|p| matches!(p, SeenPiece::Known { .. })));
}

#[test]
fn rule_3_3_1_a_character_is_taken_once_and_seats_choose_in_order() {
    let mut game = new_game(&[None, None], 4);
    assert_eq!(game.to_act().seats(), &[Seat(0)]);
    // The Witch carries no weapons or armor, so her seat's turn ends at once (3.3.7).
    let witch = A::ChooseCharacter {
        character: CharacterId("witch".into()),
    };
    assert!(game.legal_actions(Seat(0)).contains(&witch));
    assert_eq!(game.legal_actions(Seat(0)).len(), 16);
    game.apply(Seat(0), witch.clone()).unwrap();
    assert_eq!(game.to_act().seats(), &[Seat(1)]);
    assert!(!game.legal_actions(Seat(1)).contains(&witch));
    assert_eq!(game.legal_actions(Seat(1)).len(), 15);
    let err = game.apply(Seat(1), witch).unwrap_err();
    assert_eq!(err.code(), ErrorCode::IllegalAction);
}

#[test]
fn rule_3_3_2_black_knight_takes_mace_and_armor_and_chooses_where_his_shield_comes_from() {
    let mut game = new_game(&[Some("black-knight")], 5);
    let state = game.state();
    let bk = Place::Belongings {
        character: CharacterId("black-knight".into()),
    };
    let carried = pieces_at(state, &bk);
    assert!(carried
        .iter()
        .any(|p| matches!(p, PieceId::Weapon { id, .. } if id.0 == "mace")));
    assert!(carried
        .iter()
        .any(|p| matches!(p, PieceId::Armor { id, .. } if id.0 == "suit-of-armor")));
    assert_eq!(state.step, Step::TakeEquipment { seat: Seat(0) });
    let shield = EquipmentNeed::Armor {
        id: tabletop_rules::magic_realm::catalog::items::ArmorId("shield".into()),
    };
    let legal = game.legal_actions(Seat(0));
    let groups: Vec<NativeGroup> = legal
        .iter()
        .map(|a| match a {
            A::TakeEquipment { item, from } => {
                assert_eq!(item, &shield);
                *from
            }
            other => panic!("unexpected {other:?}"),
        })
        .collect();
    assert_eq!(
        groups,
        vec![
            NativeGroup::Company,
            NativeGroup::Patrol,
            NativeGroup::Soldiers
        ]
    );
    let patrol_box = Place::SetupBox {
        target: SetupBox::NativeGroup(NativeGroup::Patrol),
    };
    let before = pieces_at(game.state(), &patrol_box).len();
    game.apply(
        Seat(0),
        A::TakeEquipment {
            item: shield,
            from: NativeGroup::Patrol,
        },
    )
    .unwrap();
    assert_eq!(pieces_at(game.state(), &patrol_box).len(), before - 1);
    let carried = game.state().piles.pile(&bk);
    assert_eq!(carried.len(), 3);
    // 3.3.2a: weapons unalerted, armor intact.
    for c in carried {
        match c.piece.kind() {
            PieceKind::Weapon => assert_eq!(c.facing, Facing::Unalerted),
            PieceKind::Armor => assert_eq!(c.facing, Facing::Intact),
            k => panic!("unexpected {k:?}"),
        }
    }
    let sheet = &game.state().seats[0];
    assert_eq!(sheet.gold, 10, "3.3.2b: 10 gold");
    assert_eq!(sheet.chits, vec![ChitStatus::Fresh; 12]);
    conservation(game.state());
}

#[test]
fn rule_3_4_six_visitor_chits_go_one_per_box_either_side_up_in_turn() {
    let mut game = new_game(&[Some("witch"), Some("druid")], 6);
    let mut placers = Vec::new();
    while let Step::PlaceVisitorChit { seat } = game.state().step.clone() {
        placers.push(seat);
        let legal = game.legal_actions(seat);
        // The second face of the last chit offered, in the last box offered.
        let pick = legal
            .iter()
            .rev()
            .find(|a| {
                matches!(
                    a,
                    A::PlaceVisitorChit {
                        facing: Facing::Dark,
                        ..
                    }
                )
            })
            .unwrap()
            .clone();
        game.apply(seat, pick).unwrap();
    }
    assert_eq!(
        placers,
        vec![Seat(0), Seat(1), Seat(0), Seat(1), Seat(0), Seat(1)]
    );
    let state = game.state();
    let mut filled = 0;
    for number in 1..=12 {
        let pile = state.piles.pile(&Place::ChartBox { row: 6, number });
        let chits = pile
            .iter()
            .filter(|c| c.piece.kind() == PieceKind::VisitorChit)
            .count();
        assert!(chits <= 1, "3.4.2: one chit per box");
        filled += chits;
    }
    assert_eq!(filled, 6, "3.4.1: all six chits are used");
}

fn tile_chits(state: &GameState, tile: TileId) -> Vec<PieceId> {
    pieces_at(state, &Place::Tile { tile })
}

#[test]
fn rule_3_5_5_map_chits_follow_the_map_chits_table() {
    let mut game = new_game(&[Some("witch")], 7);
    while matches!(game.state().step, Step::PlaceVisitorChit { .. }) {
        let a = game.legal_actions(Seat(0))[0].clone();
        game.apply(Seat(0), a).unwrap();
    }
    let cat = data().unwrap();
    let state = game.state();
    assert!(state.map_chits_placed);
    let mut lost_city_tile = None;
    let mut lost_castle_tile = None;
    for tile in &cat.tiles.tiles {
        let chits = tile_chits(state, tile.id);
        let expected = match tile.group {
            TileGroup::Caves | TileGroup::Mountain => 2,
            TileGroup::Valley | TileGroup::Woods => 1,
        };
        assert_eq!(chits.len(), expected, "{:?}", tile.id);
        for c in state.piles.pile(&Place::Tile { tile: tile.id }) {
            assert_eq!(c.facing, Facing::Down, "3.5.3: placed face down");
        }
        let warnings = chits
            .iter()
            .filter(|p| match p {
                PieceId::MapChit { id } => cat
                    .map_chits
                    .warning_chit_by_id(id)
                    .is_some_and(|w| w.group == tile.group),
                _ => false,
            })
            .count();
        assert_eq!(warnings, 1, "{:?}: one Warning chit of its letter", tile.id);
        if chits
            .iter()
            .any(|p| matches!(p, PieceId::MapChit { id } if id.0 == "lost_city"))
        {
            lost_city_tile = Some(tile.group);
        }
        if chits
            .iter()
            .any(|p| matches!(p, PieceId::MapChit { id } if id.0 == "lost_castle"))
        {
            lost_castle_tile = Some(tile.group);
        }
    }
    assert_eq!(lost_city_tile, Some(TileGroup::Caves), "3.5.3a");
    assert_eq!(lost_castle_tile, Some(TileGroup::Mountain), "3.5.3b");
    for special in [SpecialKind::LostCity, SpecialKind::LostCastle] {
        let section = pieces_at(state, &Place::Section { special });
        assert_eq!(section.len(), 5, "3.5.2: five chits in the {special:?}");
    }
}

#[test]
fn rule_3_3_3_starting_spells_are_of_the_character_types_only() {
    let mut game = new_game(&[Some("witch-king")], 8);
    play_until_secret(&mut game);
    let cat = data().unwrap();
    let legal = game.legal_actions(Seat(0));
    assert!(!legal.is_empty());
    for a in &legal {
        let A::RecordSpell { spell } = a else {
            panic!("{a:?}")
        };
        let t = cat.spells.get(spell).unwrap().magic_type.unwrap();
        assert!(
            ["IV", "V", "VI"].contains(&format!("{t:?}").as_str()),
            "{t:?}"
        );
    }
    // Four spells, duplicates allowed (3.3.3b).
    for _ in 0..4 {
        game.apply(Seat(0), legal[0].clone()).unwrap();
    }
    let next = game.legal_actions(Seat(0));
    assert!(next.iter().all(|a| !matches!(a, A::RecordSpell { .. })));
    assert_eq!(game.state().seats[0].secret.spells.len(), 4);
}

fn play_until_secret(game: &mut Game) {
    while game.state().step != Step::SecretChoices {
        let seat = game.to_act().seats()[0];
        let a = game.legal_actions(seat)[0].clone();
        game.apply(seat, a).unwrap();
    }
}

#[test]
fn rule_3_3_6_five_victory_points_are_assigned_in_secret() {
    let mut game = new_game(&[Some("amazon"), Some("captain")], 9);
    play_until_secret(&mut game);
    assert_eq!(game.to_act().seats(), &[Seat(0), Seat(1)], "all at once");
    // The Amazon has no spells and no Magic chits: her first choice is where to start.
    assert_eq!(
        game.legal_actions(Seat(0)),
        vec![A::ChooseStart {
            start: StartLocation::Inn
        }]
    );
    game.apply(
        Seat(0),
        A::ChooseStart {
            start: StartLocation::Inn,
        },
    )
    .unwrap();
    for category in [
        VictoryCategory::Fame,
        VictoryCategory::Fame,
        VictoryCategory::Gold,
        VictoryCategory::Notoriety,
        VictoryCategory::GreatTreasures,
    ] {
        game.apply(Seat(0), A::AssignVictoryPoint { category })
            .unwrap();
    }
    assert_eq!(
        game.legal_actions(Seat(0)),
        vec![A::ConfirmChoices, A::ReviseChoices]
    );
    let v = game.state().seats[0].secret.victory;
    assert_eq!(v.needed(VictoryCategory::Fame), 20);
    assert_eq!(v.needed(VictoryCategory::Gold), 30);
    assert_eq!(v.needed(VictoryCategory::Notoriety), 20);
    // Secret: the other seat's view and log show nothing of it (4.5).
    let other = game.view(Viewer::Seat { seat: Seat(1) }).unwrap();
    assert!(other.own.iter().all(|o| o.seat != Seat(0)));
    let own = game.view(Viewer::Seat { seat: Seat(0) }).unwrap();
    assert_eq!(own.own[0].secret.victory, v);
    let others_log = game.log(Viewer::Seat { seat: Seat(1) }).unwrap();
    assert!(others_log.iter().all(|e| !matches!(
        e.detail,
        tabletop_rules::magic_realm::actions::MagicRealmEvent::VictoryPointAssigned { .. }
    )));
    // Revising clears the record (3.3.7: choices may change until the Valley chits turn up).
    game.apply(Seat(0), A::ReviseChoices).unwrap();
    assert_eq!(game.state().seats[0].secret.victory.total(), 0);
}

#[test]
fn rule_3_6_dwellings_garrisons_and_characters_go_on_the_map() {
    let mut game = new_game(&[Some("captain"), Some("wizard")], 10);
    play_through(&mut game, &|seat, legal| {
        // The Captain starts at the Guard house, the Wizard at the House.
        let want = if seat == Seat(0) {
            StartLocation::Guard
        } else {
            StartLocation::House
        };
        legal
            .iter()
            .find(|a| matches!(a, A::ChooseStart { start } if *start == want))
            .cloned()
    });
    assert_eq!(
        game.state().step,
        Step::Birdsong { day: 1 },
        "setup is over"
    );
    let cat = data().unwrap();
    let state = game.state();
    conservation(state);
    // 3.6.1: the five Valley chits leave play face up.
    for w in cat
        .map_chits
        .warning_chits
        .iter()
        .filter(|w| w.group == TileGroup::Valley)
    {
        let (place, c) = state
            .piles
            .find(&PieceId::MapChit { id: w.id.clone() })
            .unwrap();
        assert_eq!((place, c.facing), (&Place::OutOfPlay, Facing::Up));
    }
    let clearing_of = |p: &PieceId| match state.piles.place_of(p) {
        Some(Place::Clearing { at }) => *at,
        other => panic!("{p} is at {other:?}"),
    };
    for d in [
        DwellingId::Chapel,
        DwellingId::House,
        DwellingId::Inn,
        DwellingId::GuardHouse,
    ] {
        let at = clearing_of(&PieceId::Dwelling { id: d });
        assert!(
            cat.tiles.get(at.tile).unwrap().group == TileGroup::Valley,
            "{d:?} in a Valley tile"
        );
        // 3.6.2: clearing 5, or 4 when 5 does not connect to the Borderland.
        let five = tabletop_rules::magic_realm::map::ClearingRef {
            tile: at.tile,
            clearing: tabletop_rules::magic_realm::catalog::tiles::ClearingNumber(5),
        };
        if state.map.connects_to_borderland(&cat.tiles, five) {
            assert_eq!(at.clearing.0, 5);
        } else {
            assert_eq!(at.clearing.0, 4);
        }
    }
    // Campfires stay aside until their W chits turn up (3.6.2b).
    assert_eq!(
        state.piles.place_of(&PieceId::Dwelling {
            id: DwellingId::SmallCampfire
        }),
        Some(&Place::Aside)
    );
    // 3.6.3: the Guard garrison at the Guard house; the Order at the Chapel.
    let guard_house = clearing_of(&PieceId::Dwelling {
        id: DwellingId::GuardHouse,
    });
    for n in cat.denizens.members(NativeGroup::Guard) {
        assert_eq!(
            clearing_of(&PieceId::Native { id: n.id.clone() }),
            guard_house
        );
    }
    // 3.6.4: characters at their Dwellings, hidden.
    assert_eq!(
        clearing_of(&PieceId::Character {
            id: CharacterId("captain".into())
        }),
        guard_house
    );
    assert_eq!(
        clearing_of(&PieceId::Character {
            id: CharacterId("wizard".into())
        }),
        clearing_of(&PieceId::Dwelling {
            id: DwellingId::House
        })
    );
    assert!(state.seats.iter().all(|s| s.hidden));
    // Two Ghosts in the Bones V tile.
    let ghosts: Vec<_> = (0..2)
        .map(|n| {
            clearing_of(&PieceId::Monster {
                id: tabletop_rules::magic_realm::catalog::denizens::MonsterId("ghost".into()),
                n,
            })
        })
        .collect();
    assert_eq!(ghosts[0], ghosts[1]);
    // Undo is refused once the reveal has happened.
    assert!(game.undo_refusal().is_some());
}

#[test]
fn rule_3_3_4_enchanted_chits_are_revealed_when_the_dwellings_are_placed() {
    let mut game = new_game(&[Some("wizard")], 11);
    play_through(&mut game, &|_, legal| {
        legal
            .iter()
            .find(|a| matches!(a, A::EnchantChit { .. }))
            .cloned()
    });
    let sheet = &game.state().seats[0];
    let enchanted = sheet
        .chits
        .iter()
        .filter(|c| **c == ChitStatus::Enchanted)
        .count();
    assert!(enchanted >= 1, "the Wizard enchanted his chits");
    let log = game.log(Viewer::Spectator).unwrap();
    assert!(log.iter().any(|e| matches!(
        &e.detail,
        tabletop_rules::magic_realm::actions::MagicRealmEvent::CharacterPlaced { enchanted: list, .. } if list.len() == enchanted
    )));
}

#[test]
fn a_seed_reproduces_the_whole_setup_and_random_maps_differ_by_seed() {
    let run = |seed: u64, map: MapChoice| {
        let mut g =
            Session::<MagicRealm>::new(setup(&[None, None, None], map), Seed(seed)).unwrap();
        play_through(&mut g, &first);
        serde_json::to_string(g.state()).unwrap()
    };
    assert_eq!(run(12, MapChoice::Default), run(12, MapChoice::Default));
    assert_eq!(run(12, MapChoice::Random), run(12, MapChoice::Random));
    assert_ne!(run(12, MapChoice::Default), run(13, MapChoice::Default));
    let map = |seed| {
        Session::<MagicRealm>::new(setup(&[None], MapChoice::Random), Seed(seed))
            .unwrap()
            .state()
            .map
            .clone()
    };
    assert_ne!(map(1), map(2));
}

#[test]
fn bad_setups_are_refused_with_the_reason() {
    let cases: [(MagicRealmSetup, &str); 4] = [
        (setup(&[], MapChoice::Default), "1 to 6 seats"),
        (setup(&[None; 7], MapChoice::Default), "not 7"),
        (
            setup(&[Some("amazon"), Some("amazon")], MapChoice::Default),
            "named twice",
        ),
        (
            setup(&[Some("gandalf")], MapChoice::Default),
            "unknown character",
        ),
    ];
    for (s, why) in cases {
        let err = Session::<MagicRealm>::new(s, Seed(1)).unwrap_err();
        assert_eq!(err.code(), ErrorCode::BadSetup);
        assert!(err.to_string().contains(why), "{err}");
    }
}

#[test]
fn random_setups_finish_with_every_piece_in_one_place() {
    let mut stream = Stream::new(99, 5);
    for seed in 0..20u64 {
        let n = 1 + stream.index(6);
        let mut g =
            Session::<MagicRealm>::new(setup(&vec![None; n], MapChoice::Default), Seed(seed))
                .unwrap();
        let picks = std::cell::RefCell::new(Stream::new(seed, 9));
        play_through(&mut g, &|_, legal| {
            Some(legal[picks.borrow_mut().index(legal.len())].clone())
        });
        assert_eq!(g.state().step, Step::Birdsong { day: 1 });
        conservation(g.state());
    }
}
