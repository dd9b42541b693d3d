//! What a game tells the conformance harness (`tests/conformance/`) about itself: how to
//! make a random setup, an arbitrary action (legal or not), a state that differs only in one
//! seat's secrets, and the invariants every state keeps (piece conservation).
//!
//! Implement [`Conformance`] next to the game's rules; plugging the game into the harness is
//! then one line in `tests/`. Embedders with their own content can run the same checks.

use crate::engine::dice::Stream;
use crate::engine::rules::Rules;
use crate::engine::seat::Seat;

pub trait Conformance: Rules {
    /// A random setup for a random playout.
    fn random_setup(stream: &mut Stream) -> Self::Setup;

    /// Any action of the game, legal or not, drawn from the whole action space: the harness
    /// uses the ones that are not legal to check that they are refused.
    fn arbitrary_action(state: &Self::State, stream: &mut Stream) -> Self::Action;

    /// A copy of `state` in which only `owner`'s secrets differ (a different secret plan,
    /// face-down chit...), or `None` when `owner` has no secret now. Every other seat's view
    /// must be the same in both.
    fn perturb_secrets(
        state: &Self::State,
        owner: Seat,
        stream: &mut Stream,
    ) -> Option<Self::State>;

    /// True when the decision `seat` owes now is secret: unless it reveals something, which
    /// legal action it takes must not change any other viewer's view or log.
    fn secret_decision(state: &Self::State, seat: Seat) -> bool;

    /// Actions random play should not pick (while others are legal): choices that end a
    /// seat's game at once, such as quitting, which would cut every random game short.
    /// Rule tests cover them instead.
    fn avoided_in_random_play(_action: &Self::Action) -> bool {
        false
    }

    /// The invariants every state keeps (e.g. every piece in exactly one place); `Err`
    /// names the first one broken.
    fn invariants(_state: &Self::State) -> Result<(), String> {
        Ok(())
    }
}
