//! Who makes a Search for his master (rules 6.2.5, 7.5, 7.5.1): a hired leader, for his
//! employer, or a controlled monster, for its controller. One type names either, so that
//! [`super::leader_search`] serves both: where each keeps his discoveries, his hidden
//! enemies found and the stage of his Search phase, and the events that name him.

use super::following::Guide;
use super::{leaders, monster_turns};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E, SearchChoice};
use crate::magic_realm::catalog::chits::MapChitId;
use crate::magic_realm::catalog::denizens::NativeId;
use crate::magic_realm::catalog::tables::{SearchPick, TableId};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::{ClearingRef, PathRef};
use crate::magic_realm::pieces::{PieceId, PieceKind};
use crate::magic_realm::state::{Discoveries, GameState};

/// 6.2.5, 7.5: who searches for his master: a hired leader (for his employer) or a
/// controlled monster (for its controller).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Searcher {
    Leader(NativeId),
    Monster(PieceId),
}

/// 7.5: where a Search phase under way stands: waiting for the table, the Choice rows
/// offered (and where he searched), or done.
#[derive(Debug, Clone, Default)]
pub struct SearchStage {
    pub searching: bool,
    pub picks: Vec<SearchPick>,
    pub search_at: Option<ClearingRef>,
    pub searched: bool,
}

impl Searcher {
    /// The same individual, as spied on and followed.
    pub fn guide(&self) -> Guide {
        match self {
            Searcher::Leader(l) => Guide::leader(l),
            Searcher::Monster(m) => Guide::monster(m),
        }
    }

    /// His counter.
    pub(super) fn counter(&self) -> PieceId {
        match self {
            Searcher::Leader(l) => leaders::counter(l),
            Searcher::Monster(m) => m.clone(),
        }
    }

    pub(super) fn clearing(&self, state: &GameState) -> Option<ClearingRef> {
        self.guide().clearing(state)
    }

    pub(super) fn name(&self, cat: &Catalog, state: &GameState) -> String {
        self.guide().name(cat, state)
    }

    /// 4.5.4: what he has discovered (a controlled monster: today, on its turn).
    pub fn discoveries(&self, state: &GameState) -> Discoveries {
        match self {
            Searcher::Leader(l) => super::leader_search::discoveries(state, l),
            Searcher::Monster(m) => monster_turns::turn(state, m)
                .map(|t| t.discoveries.clone())
                .unwrap_or_default(),
        }
    }

    pub(super) fn discoveries_mut<'a>(
        &self,
        state: &'a mut GameState,
    ) -> Option<&'a mut Discoveries> {
        match self {
            Searcher::Leader(l) => super::leader_search::discoveries_mut(state, l),
            Searcher::Monster(m) => monster_turns::turn_mut(state, m).map(|t| &mut t.discoveries),
        }
    }

    /// 7.5.1: he finds hidden enemies until Midnight.
    pub(super) fn find_enemies(&self, state: &mut GameState) {
        match self {
            Searcher::Leader(l) => {
                state.today.leaders_found_enemies.insert(l.clone());
            }
            Searcher::Monster(m) => {
                if let Some(t) = monster_turns::turn_mut(state, m) {
                    t.found_enemies = true;
                }
            }
        }
    }

    /// The action choosing how he searches.
    pub(super) fn offer(&self, search: SearchChoice) -> A {
        match self {
            Searcher::Leader(l) => A::LeaderSearch {
                leader: l.clone(),
                search,
            },
            Searcher::Monster(m) => A::MonsterSearch {
                monster: m.clone(),
                search,
            },
        }
    }

    /// The action picking a Choice row for him.
    pub(super) fn offer_pick(&self, pick: SearchPick) -> A {
        match self {
            Searcher::Leader(l) => A::ChooseLeaderSearchResult {
                leader: l.clone(),
                pick,
            },
            Searcher::Monster(m) => A::ChooseMonsterSearchResult {
                monster: m.clone(),
                pick,
            },
        }
    }

    /// Where his Search phase stands (the leader's turn under way, or the monster's).
    pub fn stage(&self, state: &GameState) -> Option<SearchStage> {
        match self {
            Searcher::Leader(_) => state.today.leader_turn.as_ref().map(|t| SearchStage {
                searching: t.searching,
                picks: t.picks.clone(),
                search_at: t.search_at,
                searched: t.searched,
            }),
            Searcher::Monster(m) => monster_turns::turn(state, m).map(|t| SearchStage {
                searching: t.searching,
                picks: t.picks.clone(),
                search_at: t.search_at,
                searched: t.searched,
            }),
        }
    }

    pub(super) fn set_stage(&self, state: &mut GameState, f: impl FnOnce(&mut SearchStage)) {
        let Some(mut stage) = self.stage(state) else {
            return;
        };
        f(&mut stage);
        match self {
            Searcher::Leader(_) => {
                if let Some(t) = state.today.leader_turn.as_mut() {
                    t.searching = stage.searching;
                    t.picks = stage.picks;
                    t.search_at = stage.search_at;
                    t.searched = stage.searched;
                }
            }
            Searcher::Monster(m) => {
                if let Some(t) = monster_turns::turn_mut(state, m) {
                    t.searching = stage.searching;
                    t.picks = stage.picks;
                    t.search_at = stage.search_at;
                    t.searched = stage.searched;
                }
            }
        }
    }

    pub(super) fn searched_event(&self, table: TableId, roll: u8, at: ClearingRef) -> E {
        match self {
            Searcher::Leader(l) => E::LeaderSearched {
                leader: l.clone(),
                table,
                roll,
                at,
            },
            Searcher::Monster(m) => E::MonsterSearched {
                monster: m.clone(),
                table,
                roll,
                at,
            },
        }
    }

    pub(super) fn choice_event(&self) -> E {
        match self {
            Searcher::Leader(l) => E::LeaderSearchChoiceOffered { leader: l.clone() },
            Searcher::Monster(m) => E::MonsterSearchChoiceOffered { monster: m.clone() },
        }
    }

    pub(super) fn nothing_event(&self) -> E {
        match self {
            Searcher::Leader(l) => E::LeaderFoundNothing { leader: l.clone() },
            Searcher::Monster(m) => E::MonsterFoundNothing { monster: m.clone() },
        }
    }

    pub(super) fn paths_event(&self, paths: Vec<PathRef>) -> E {
        match self {
            Searcher::Leader(l) => E::LeaderPathsDiscovered {
                leader: l.clone(),
                paths,
            },
            Searcher::Monster(m) => E::MonsterPathsDiscovered {
                monster: m.clone(),
                paths,
            },
        }
    }

    pub(super) fn chits_event(&self, chits: Vec<MapChitId>) -> E {
        match self {
            Searcher::Leader(l) => E::LeaderChitsDiscovered {
                leader: l.clone(),
                chits,
            },
            Searcher::Monster(m) => E::MonsterChitsDiscovered {
                monster: m.clone(),
                chits,
            },
        }
    }

    pub(super) fn enemies_event(&self) -> E {
        match self {
            Searcher::Leader(l) => E::LeaderFoundHiddenEnemies { leader: l.clone() },
            Searcher::Monster(m) => E::MonsterFoundHiddenEnemies { monster: m.clone() },
        }
    }

    pub(super) fn looted_event(&self, kind: PieceKind) -> E {
        match self {
            Searcher::Leader(l) => E::LeaderLooted {
                leader: l.clone(),
                kind,
            },
            Searcher::Monster(m) => E::MonsterLooted {
                monster: m.clone(),
                kind,
            },
        }
    }

    /// 7.5: the site-opening event.
    pub fn opened_event(&self, site: MapChitId) -> E {
        match self {
            Searcher::Leader(l) => E::LeaderOpenedSite {
                leader: l.clone(),
                site,
            },
            Searcher::Monster(m) => E::MonsterOpenedSite {
                monster: m.clone(),
                site,
            },
        }
    }
}
