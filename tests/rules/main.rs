//! Every rule-scenario and data test, in one test binary: each file was once a binary of its
//! own, and each of those linked the whole crate, which filled CI's disk and spent minutes
//! linking. The conformance playouts stay separate (`cargo test --release --test ...`).

mod evening_common;
mod melee_common;
mod spells_common;

mod hod_chart;
mod hod_content;
mod hod_fight;
mod hod_steps;
mod mr_belongings;
mod mr_blocking;
mod mr_colour;
mod mr_combat;
mod mr_combat_end;
mod mr_combat_odds;
mod mr_curses;
mod mr_data_cross;
mod mr_data_map;
mod mr_data_pieces;
mod mr_day;
mod mr_enchant;
mod mr_ending;
mod mr_evening;
mod mr_flying;
mod mr_flying_away;
mod mr_follow;
mod mr_gifts;
mod mr_hirelings_combat;
mod mr_leaders;
mod mr_looting;
mod mr_map;
mod mr_melee;
mod mr_melee_odds;
mod mr_missions;
mod mr_native_golden;
mod mr_quitting;
mod mr_rolls;
mod mr_runes;
mod mr_running;
mod mr_scenario;
mod mr_setup;
mod mr_spell_items;
mod mr_spells_combat;
mod mr_spells_day;
mod mr_spells_instant;
mod mr_spells_permanent;
mod mr_spells_phases;
mod mr_spying;
mod mr_trade_hire;
mod mr_transform;
mod mr_treasures_combat;
mod mr_treasures_day;
mod mr_tremendous_hirelings;
mod mr_turns;
mod session_contract;
