//! The harm a hit inflicts (8.4.9): the harm letter, one level per sharpness star, one
//! star less on armor, one level more for a striking weapon with a stronger Fight chit
//! (and the dagger), and the Missile Table's change for missile weapons.
//!
//! Order (GAPS 2.3, docs/rulings-melee.md): the level changes (excess strength, Missile
//! Table) move the letter first; only when the letter would fall below Negligible do they
//! eat sharpness stars; armor then ignores one of the stars left. Harm above Tremendous
//! counts as Tremendous; harm below Negligible is no harm at all.

use crate::magic_realm::catalog::common::Size;

/// Levels of harm: Negligible 0 to Tremendous 4.
pub fn level(size: Size) -> i16 {
    match size {
        Size::Negligible => 0,
        Size::Light => 1,
        Size::Medium => 2,
        Size::Heavy => 3,
        Size::Tremendous => 4,
    }
}

/// The harm letter of a level: above Tremendous is Tremendous, below Negligible is no
/// harm.
pub fn from_level(level: i16) -> Option<Size> {
    match level {
        i16::MIN..=-1 => None,
        0 => Some(Size::Negligible),
        1 => Some(Size::Light),
        2 => Some(Size::Medium),
        3 => Some(Size::Heavy),
        _ => Some(Size::Tremendous),
    }
}

/// What goes into a hit's harm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HarmInput {
    pub letter: Size,
    pub sharpness: u8,
    /// Striking weapon with a stronger Fight chit, or the dagger (8.4.9).
    pub extra_level: bool,
    /// The Missile Table's level change (0 for striking attacks).
    pub missile_levels: i8,
    /// The hit strikes armor: an armored monster, native or horse, or a character's
    /// armor (8.4.9).
    pub on_armor: bool,
}

/// The final harm of a hit (8.4.9), `None` below Negligible.
///
/// Example (8.4.9): a Medium letter with two stars is Tremendous, Heavy on armor; the
/// dagger (Negligible, one star, always one level more) is Medium, Light on armor.
pub fn final_harm(h: HarmInput) -> Option<Size> {
    let mut letter = level(h.letter) + i16::from(h.extra_level) + i16::from(h.missile_levels);
    let mut stars = i16::from(h.sharpness);
    if letter < 0 {
        // The letter cannot fall below Negligible: the rest of the drop eats stars.
        stars += letter;
        letter = 0;
    }
    if h.on_armor && stars > 0 {
        stars -= 1;
    }
    from_level(letter + stars)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn harm(letter: Size, sharpness: u8, extra: bool, missile: i8, armor: bool) -> Option<Size> {
        final_harm(HarmInput {
            letter,
            sharpness,
            extra_level: extra,
            missile_levels: missile,
            on_armor: armor,
        })
    }

    #[test]
    fn stars_armor_and_levels() {
        assert_eq!(
            harm(Size::Medium, 2, false, 0, false),
            Some(Size::Tremendous)
        );
        assert_eq!(harm(Size::Medium, 2, false, 0, true), Some(Size::Heavy));
        assert_eq!(harm(Size::Heavy, 0, false, 0, true), Some(Size::Heavy));
        assert_eq!(
            harm(Size::Negligible, 1, true, 0, false),
            Some(Size::Medium)
        );
        assert_eq!(harm(Size::Negligible, 1, true, 0, true), Some(Size::Light));
        assert_eq!(
            harm(Size::Heavy, 2, false, 2, false),
            Some(Size::Tremendous)
        );
        assert_eq!(harm(Size::Light, 0, false, -2, false), None);
        assert_eq!(
            harm(Size::Light, 0, false, -1, false),
            Some(Size::Negligible)
        );
        // The drop below Negligible eats the star, so armor has none left to ignore.
        assert_eq!(
            harm(Size::Medium, 1, false, -3, true),
            Some(Size::Negligible)
        );
        assert_eq!(
            harm(Size::Light, 2, false, -3, true),
            Some(Size::Negligible)
        );
    }
}
