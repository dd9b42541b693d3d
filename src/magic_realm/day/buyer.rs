//! Who deals at the Meeting Table in Daylight (rules 7.6, 7.7, 6.2.5): a character, for
//! himself, or a hired leader, for his employer: he trades and hires "on behalf of the
//! hiring character, using the character's trading relationships" (7.6). The buying,
//! selling, hiring and answering steps (`trading`, `hiring`, `meeting`) take a [`Buyer`];
//! this module holds what differs between the two: whose gold pays and gets the price,
//! where a bought item goes, the roll's modifications (4.1.2 Barter for a character; 4.1.4
//! none for a hired leader), how a Block/Battle result blocks him (7.12), where a result
//! waits for its answer, and how the log names him.

use super::meeting::{MeetingFor, Offer};
use super::rolls::{self, RollMods};
use super::{carried, leaders, who};
use crate::engine::{RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::denizens::{NativeGroup, NativeId, Trader};
use crate::magic_realm::catalog::tables::{MeetingColumn, MeetingResult};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::{GameState, Pending};

/// 7.6, 7.7: who makes a deal: a character, or a hired leader for his employer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Buyer {
    Character { seat: Seat },
    Leader { leader: NativeId, employer: Seat },
}

impl Buyer {
    pub fn character(seat: Seat) -> Self {
        Buyer::Character { seat }
    }

    /// 6.2.5: a hired leader dealing for his employer.
    pub fn leader(leader: &NativeId, employer: Seat) -> Self {
        Buyer::Leader {
            leader: leader.clone(),
            employer,
        }
    }

    /// 7.6: the seat whose trading relationships, boons, Fame, Notoriety and hirelings the
    /// deal uses: the character, or the leader's employer.
    pub fn seat(&self) -> Seat {
        match self {
            Buyer::Character { seat } => *seat,
            Buyer::Leader { employer, .. } => *employer,
        }
    }

    /// The clearing he deals in.
    pub fn clearing(&self, state: &GameState) -> Option<ClearingRef> {
        match self {
            Buyer::Character { seat } => who::clearing(state, *seat),
            Buyer::Leader { leader, .. } => leaders::clearing(state, leader),
        }
    }

    pub fn clearing_or_err(&self, state: &GameState) -> Result<ClearingRef, RuleError> {
        match self {
            Buyer::Character { seat } => who::clearing_or_err(state, *seat),
            Buyer::Leader { .. } => self
                .clearing(state)
                .ok_or_else(|| RuleError::internal("the dealing leader is not on the map")),
        }
    }

    /// His name, for the log.
    pub fn name(&self, cat: &Catalog, state: &GameState) -> String {
        match self {
            Buyer::Character { seat } => who::who(cat, state, *seat),
            Buyer::Leader { leader, .. } => leaders::name(cat, leader),
        }
    }

    /// " for his employer": what a leader's meeting lines add after whom he meets; empty
    /// for a character.
    pub fn for_employer(&self) -> &'static str {
        match self {
            Buyer::Character { .. } => "",
            Buyer::Leader { .. } => " for his employer",
        }
    }

    /// The gold he can pay with: a character's (4.6.7a: none under Ashes), a hired
    /// leader's recorded gold (rulings: he pays only with his own).
    pub fn gold(&self, state: &GameState) -> i32 {
        match self {
            Buyer::Character { seat } => super::curses::spendable_gold(state, *seat),
            Buyer::Leader { leader, .. } => carried::gold(state, leader),
        }
    }

    fn add_gold(&self, state: &mut GameState, gold: i32) {
        match self {
            Buyer::Character { seat } => {
                if let Some(s) = state.seat_mut(*seat) {
                    s.gold = s.gold.saturating_add(gold);
                }
            }
            Buyer::Leader { leader, .. } => carried::gain_gold(state, leader, gold),
        }
    }

    /// Pays `gold` (the options only offer what he can pay).
    pub fn spend(&self, state: &mut GameState, gold: u32) {
        self.add_gold(state, -i32::try_from(gold).unwrap_or(i32::MAX));
    }

    /// Gets `gold` (a sale's price).
    pub fn earn(&self, state: &mut GameState, gold: u32) {
        self.add_gold(state, i32::try_from(gold).unwrap_or(i32::MAX));
    }

    /// Where what he owns lies: a character's belongings, a leader's carried items.
    pub fn belongings(&self, state: &GameState) -> Option<Place> {
        match self {
            Buyer::Character { seat } => who::belongings_place(state, *seat),
            Buyer::Leader { leader, .. } => Some(carried::place(&leaders::counter(leader))),
        }
    }

    /// 6.2.4: a Treasure card the character is committed to keep is not for sale.
    pub fn keeps(&self, state: &GameState, piece: &PieceId) -> bool {
        match self {
            Buyer::Character { seat } => super::treasure_phases::committed(state, *seat, piece),
            Buyer::Leader { .. } => false,
        }
    }

    /// The modifications to his Meeting Table rolls: 4.1.2, Barter applies to a
    /// character's rolls to trade (7.6); 4.1.4, a hired leader rolls two dice unmodified.
    pub fn meeting_mods(&self, cat: &Catalog, state: &GameState, purpose: MeetingFor) -> RollMods {
        match self {
            Buyer::Character { seat } => rolls::mods(
                cat,
                state,
                *seat,
                rolls::RollFor::Meeting {
                    trading: purpose == MeetingFor::Trade,
                },
            ),
            Buyer::Leader { .. } => RollMods::NONE,
        }
    }

    /// The event of his buying drinks for `group`.
    pub fn drinks_bought(&self, group: NativeGroup, gold: u32) -> E {
        match self {
            Buyer::Character { seat } => E::DrinksBought {
                seat: *seat,
                group,
                gold,
            },
            Buyer::Leader { leader, .. } => E::LeaderDrinksBought {
                leader: leader.clone(),
                group,
                gold,
            },
        }
    }

    /// The event of one of his Meeting Table rolls.
    pub fn meeting_rolled(
        &self,
        trader: Trader,
        column: MeetingColumn,
        roll: u8,
        result: MeetingResult,
    ) -> E {
        match self {
            Buyer::Character { seat } => E::MeetingRolled {
                seat: *seat,
                trader,
                column,
                roll,
                result,
            },
            Buyer::Leader { leader, .. } => E::LeaderMeetingRolled {
                leader: leader.clone(),
                trader,
                column,
                roll,
                result,
            },
        }
    }

    /// A result that waits for an answer: the character's pending answer, or the
    /// employer's in his leader's turn.
    pub fn wait_for_answer(&self, state: &mut GameState, offer: Offer) {
        match self {
            Buyer::Character { .. } => state.today.pending = Some(Pending::Meeting { offer }),
            Buyer::Leader { .. } => {
                if let Some(t) = state.today.leader_turn.as_mut() {
                    t.offer = Some(offer);
                }
            }
        }
    }

    /// 7.12: he is blocked and unhidden; his turn ends. A character's block is recorded
    /// in `today.meeting_blocks` too (8.2.2: in Daylight it is a block, not a battle).
    pub fn blocked_by(
        &self,
        state: &mut GameState,
        trader: Trader,
        at: ClearingRef,
        pieces: Vec<PieceId>,
    ) -> E {
        match self {
            Buyer::Character { seat } => {
                let seat = *seat;
                state.today.blocked.insert(seat);
                state
                    .today
                    .meeting_blocks
                    .push(super::meeting::MeetingBlock { seat, trader, at });
                if let Some(s) = state.seat_mut(seat) {
                    s.hidden = false;
                }
                E::BlockedByTrader {
                    seat,
                    by: trader,
                    pieces,
                }
            }
            Buyer::Leader { leader, .. } => {
                state.today.blocked_leaders.insert(leader.clone());
                leaders::set_hidden(state, leader, false);
                E::LeaderBlockedByTrader {
                    leader: leader.clone(),
                    by: trader,
                    pieces,
                }
            }
        }
    }
}
