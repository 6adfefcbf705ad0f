//! Pure rendering (to be written).
