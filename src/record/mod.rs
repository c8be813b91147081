pub mod sgf;
pub mod share;
