pub mod sgf;
