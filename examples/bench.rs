//! `make bench`, native half: random playouts per second and actions per second for every
//! game, and the Magic Realm melee odds query's time on a typical sheet. Prints one JSON
//! line per figure (read by scripts/bench.mjs); measures, asserts nothing.

use std::time::{Duration, Instant};
use tabletop_rules::bidding_race::BiddingRace;
use tabletop_rules::engine::conformance::Conformance;
use tabletop_rules::engine::dice::Stream;
use tabletop_rules::engine::playout::{random_playout, random_playouts, PLAYOUT_PURPOSE};
use tabletop_rules::engine::{Seed, Session};
use tabletop_rules::magic_realm::catalog::common::{Side, Size};
use tabletop_rules::magic_realm::catalog::denizens::{MonsterId, NativeHorseId, NativeId};
use tabletop_rules::magic_realm::catalog::{self, Catalog};
use tabletop_rules::magic_realm::combat::melee::{
    odds, ArmorPiece, ArmorRow, AttackValues, CharacterAttack, CharacterFighter, Denizen,
    FighterId, Lane, Maneuver, MeleeFighter, MeleeStrike, Sheet, Situation,
};
use tabletop_rules::magic_realm::state::{MagicRealmSetup, MapChoice, SeatSetup};
use tabletop_rules::magic_realm::MagicRealm;

const MAX_ACTIONS: u32 = 100_000;
const MIN_TIME: Duration = Duration::from_secs(2);

fn bench<R: Conformance>(name: &str, batch_size: u32) -> Result<(), Box<dyn std::error::Error>> {
    let start = Instant::now();
    let (mut playouts, mut actions, mut batch) = (0u64, 0u64, 0u64);
    while start.elapsed() < MIN_TIME {
        let stats = random_playouts::<R>(batch_size, batch, MAX_ACTIONS, |s| R::random_setup(s))?;
        playouts += u64::from(stats.playouts);
        actions += u64::from(stats.actions);
        batch += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{{\"game\":\"{name}\",\"playouts_per_sec\":{:.1},\"actions_per_sec\":{:.1}}}",
        playouts as f64 / secs,
        actions as f64 / secs
    );
    Ok(())
}

/// A typical sheet: a character in a Medium suit, ducking at time 4 and thrusting at an
/// Ogre, with an Ogre, a Wolf and a Giant Bat in his three red boxes (one Repositioning
/// roll and three Change Tactics rolls: 48 roll sequences).
fn typical_sheet(cat: &Catalog) -> Result<Situation, Box<dyn std::error::Error>> {
    let monster = |name: &str| {
        cat.denizens
            .monster(&MonsterId(name.into()))
            .map(|m| MeleeFighter::Denizen(Denizen::monster(m, Side::Light)))
            .ok_or_else(|| format!("no monster {name}"))
    };
    let hero = CharacterFighter {
        vulnerability: Size::Medium,
        maneuver: Some(Maneuver {
            lane: Lane::DuckSmash,
            time: 4,
        }),
        horse: None,
        armor: vec![ArmorPiece {
            token: 0,
            row: ArmorRow::Suit,
            covers: Lane::ALL.to_vec(),
            letter: Size::Medium,
            damaged: false,
            card: false,
        }],
        armored: false,
        woundless: false,
        armor_stops_wounds: false,
        shift_maneuver: None,
    };
    Ok(Situation {
        first_round: true,
        fighters: vec![
            MeleeFighter::Character(hero),
            monster("ogre")?,
            monster("wolf-l4")?,
            monster("giant-bat")?,
        ],
        sheets: vec![Sheet::Character {
            owner: FighterId(0),
            boxes: vec![
                (FighterId(1), Lane::ChargeThrust),
                (FighterId(2), Lane::DodgeSwing),
                (FighterId(3), Lane::DuckSmash),
            ],
        }],
        attacks: vec![CharacterAttack {
            attacker: FighterId(0),
            target: FighterId(1),
            lane: Lane::ChargeThrust,
            values: AttackValues {
                time: 4,
                length: 6,
                strike: MeleeStrike::Harm {
                    letter: Size::Heavy,
                    sharpness: 1,
                    missile: None,
                    extra_level: false,
                },
            },
            extras: Default::default(),
        }],
    })
}

/// A heavier sheet: a Lancer on his pony, a Woodfolk archer and a Company crossbowman
/// (dark sides) against the same character: Missile Table rolls multiply the sequences.
fn bowmen_sheet(cat: &Catalog) -> Result<Situation, Box<dyn std::error::Error>> {
    let native = |name: &str| {
        cat.denizens
            .native(&NativeId(name.into()))
            .map(|n| MeleeFighter::Denizen(Denizen::native(n, Side::Dark)))
            .ok_or_else(|| format!("no native {name}"))
    };
    let pony = cat
        .denizens
        .native_horse(&NativeHorseId("lancer-pony-1".into()))
        .map(|h| MeleeFighter::Denizen(Denizen::native_horse(h, FighterId(1), Side::Dark)))
        .ok_or("no lancer pony")?;
    let mut sit = typical_sheet(cat)?;
    sit.fighters.truncate(1);
    sit.fighters.extend([
        native("lancer-1")?,
        pony,
        native("woodfolk-1")?,
        native("company-6")?,
    ]);
    sit.sheets = vec![Sheet::Character {
        owner: FighterId(0),
        boxes: vec![
            (FighterId(1), Lane::ChargeThrust),
            (FighterId(2), Lane::DodgeSwing),
            (FighterId(3), Lane::DuckSmash),
            (FighterId(4), Lane::DodgeSwing),
        ],
    }];
    Ok(sit)
}

/// The melee odds query (rules 8.4.6 to 8.4.9) on one sheet: microseconds per query.
fn bench_melee_odds(
    cat: &Catalog,
    name: &str,
    sit: &Situation,
) -> Result<(), Box<dyn std::error::Error>> {
    let start = Instant::now();
    let (mut queries, mut outcomes) = (0u64, 0u32);
    while start.elapsed() < MIN_TIME {
        for _ in 0..20 {
            outcomes = odds(cat, sit, FighterId(0))?.outcomes;
            queries += 1;
        }
    }
    let micros = start.elapsed().as_secs_f64() * 1e6 / queries as f64;
    println!(
        "{{\"figure\":\"melee-odds\",\"sheet\":\"{name}\",\"outcomes\":{outcomes},\"us_per_query\":{micros:.1}}}"
    );
    Ok(())
}

/// The size of a whole game's save: the longest of five random 28-day games of four
/// characters (seeds 0 to 4; in some, every character is killed early), saved in the compact
/// form (`save`) and with every action in full (`save_readable`).
fn save_bytes() -> Result<(), Box<dyn std::error::Error>> {
    let mut longest = None;
    for seed in 0..5 {
        let setup = MagicRealmSetup {
            seats: vec![SeatSetup::default(); 4],
            map: MapChoice::Default,
            days: 28,
        };
        let mut session = Session::<MagicRealm>::new(setup, Seed(seed))?;
        let mut chooser = Stream::new(seed, PLAYOUT_PURPOSE);
        let actions = random_playout(&mut session, &mut chooser, MAX_ACTIONS)?;
        if longest.as_ref().is_none_or(|(most, _)| actions > *most) {
            longest = Some((actions, session));
        }
    }
    let Some((actions, session)) = longest else {
        return Ok(());
    };
    let compact = serde_json::to_string(&session.save()?)?.len();
    let readable = serde_json::to_string(&session.save_readable()?)?.len();
    println!(
        "{{\"figure\":\"save-bytes\",\"game\":\"magic-realm\",\"characters\":4,\"days\":28,\"actions\":{actions},\"compact\":{compact},\"readable\":{readable}}}"
    );
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    bench::<BiddingRace>("bidding-race", 200)?;
    bench::<MagicRealm>("magic-realm", 10)?;
    save_bytes()?;
    let cat = catalog::get()?;
    bench_melee_odds(cat, "three denizens", &typical_sheet(cat)?)?;
    bench_melee_odds(
        cat,
        "lancer on a pony, archer, crossbowman",
        &bowmen_sheet(cat)?,
    )
}
